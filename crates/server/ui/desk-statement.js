// desk-statement.js: the books (HC-1.10: they balance) and a table's statement as a page to read
// and print: the game, who opened the table on what conditions, when it opened and closed in
// local time, its hands, and what each player brought and took, with the rake.
// Test ids: desk-books, desk-balance (data-ok), desk-closed (data-table), desk-statement,
// desk-statement-line (data-guest), desk-statement-total, desk-print, desk-statement-close.

import { get, tdSecret } from './api.js';
import { h, $, fmtChips, showError } from './dom.js';
import { t, lang } from './i18n.js';

const when = (ms) => (ms == null ? '–' : new Date(ms).toLocaleString(lang() === 'de' ? 'de-DE' : 'en-GB',
  { weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }));

/** Shows table `id`'s statement over the page, ready to print. */
export async function showStatement(id) {
  let s;
  let board;
  try {
    [s, board] = await Promise.all([get(`/api/ring/tables/${id}/statement`, tdSecret()), get('/api/ring', tdSecret())]);
  } catch (e) {
    showError(e);
    return;
  }
  const game = board.games.find((g) => g.id === s.game);
  const box = $('#desk-statement');
  const result = (l) => l.took - l.brought;
  const signed = (n) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${fmtChips(Math.abs(n))}`;
  box.replaceChildren(
    h('div', { class: 'desk-statement-page' },
      h('div', { class: 'desk-buttons no-print' },
        h('button', { class: 'btn primary', testid: 'desk-print', onclick: () => window.print() }, t('desk_print')),
        h('button', { class: 'btn', testid: 'desk-statement-close', onclick: () => { box.hidden = true; document.body.classList.remove('printing-statement'); } }, t('desk_back'))),
      h('h1', {}, t('desk_statement_title', { table: s.table + 1 })),
      h('p', { class: 'desk-statement-rule' }, 'HC-1.10'),
      h('dl', { class: 'desk-statement-facts' },
        h('dt', {}, t('desk_game')), h('dd', {}, game ? `${game.name} · ${game.stakes}` : `#${s.game + 1}`),
        h('dt', {}, t('desk_keeper')), h('dd', {}, s.opened_by || '–'),
        h('dt', {}, t('desk_conditions')), h('dd', {}, s.conditions || '–'),
        h('dt', {}, t('desk_opened_at')), h('dd', {}, when(s.opened_ms)),
        h('dt', {}, t('desk_closed_at')), h('dd', {}, s.closed_ms == null ? t('desk_still_open') : when(s.closed_ms)),
        h('dt', {}, t('desk_hands_played')), h('dd', {}, fmtChips(s.hands))),
      h('table', { class: 'desk-statement-table' },
        h('thead', {}, h('tr', {}, h('th', {}, t('col_name')), h('th', { class: 'num' }, t('cash_brought')), h('th', { class: 'num' }, t('cash_took')), h('th', { class: 'num' }, t('desk_result')))),
        h('tbody', {}, ...s.lines.map((l) => h('tr', { testid: 'desk-statement-line', data: { guest: l.guest } },
          h('td', {}, l.name), h('td', { class: 'num' }, fmtChips(l.brought)), h('td', { class: 'num' }, fmtChips(l.took)), h('td', { class: 'num' }, signed(result(l)))))),
        h('tfoot', {}, h('tr', { testid: 'desk-statement-total' },
          h('th', {}, t('desk_total')), h('th', { class: 'num' }, fmtChips(s.brought)), h('th', { class: 'num' }, fmtChips(s.took)), h('th', { class: 'num' }, '')))),
      h('p', { class: 'desk-statement-sum' }, t('desk_statement_sum', { brought: fmtChips(s.brought), took: fmtChips(s.took), rake: fmtChips(s.rake) }),
        s.closed_ms != null ? (s.brought === s.took + s.rake ? ' ✓' : ` ✗ ${t('desk_statement_off')}`) : ''),
      h('p', { class: 'desk-signature' }, t('desk_signature'))));
  box.hidden = false;
  document.body.classList.add('printing-statement');
  box.scrollIntoView();
}

/** The books and the closed tables' statements. */
export function booksView(board) {
  const b = board.books;
  const ok = b.bought_in === b.at_tables + b.frozen + b.cashed_out + b.rake;
  const line = (key, n) => h('tr', {}, h('td', {}, t(key)), h('td', { class: 'num' }, fmtChips(n)));
  const games = new Map(board.games.map((g) => [g.id, g.name]));
  return h('div', { class: 'desk-books-view' },
    h('section', { class: 'panel', testid: 'desk-books' },
      h('h2', {}, t('desk_books'), ' ', h('span', { class: 'rule' }, 'HC-1.10')),
      h('table', { class: 'desk-books-table' },
        line('desk_bought_in', b.bought_in),
        line('desk_at_tables', b.at_tables),
        line('desk_frozen', b.frozen),
        line('desk_cashed_out', b.cashed_out),
        line('desk_rake', b.rake)),
      h('p', { class: `desk-balance ${ok ? 'ok' : 'off'}`, testid: 'desk-balance', data: { ok: ok ? 'yes' : 'no' } },
        t(ok ? 'desk_balances' : 'desk_does_not_balance'))),
    h('section', { class: 'panel' },
      h('h2', {}, t('desk_closed_tables')),
      board.closed_tables.length
        ? h('ul', { class: 'desk-closed' }, ...board.closed_tables.map((c) => h('li', {},
          h('button', { class: 'btn', testid: 'desk-closed', data: { table: c.id }, onclick: () => showStatement(c.id) },
            t('desk_closed_line', { table: c.id + 1, game: games.get(c.game) ?? '', name: c.opened_by, time: when(c.closed_ms) })))))
        : h('p', { class: 'muted' }, t('desk_no_closed'))),
    h('section', { class: 'panel' },
      h('h2', {}, t('desk_open_statements')),
      h('div', { class: 'desk-chips-row' }, ...board.games.flatMap((g) => g.tables.map((tb) =>
        h('button', { class: 'btn', onclick: () => showStatement(tb.id) }, `${g.name} · ${t('table')} ${tb.id + 1}`))))));
}
