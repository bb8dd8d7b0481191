// ring.js: the waiting-list board for the big screen (/ring): every cash game with its stakes,
// its tables and their open seats, and the names on its list, the first ones with the seat they
// are offered and how long it stands (issue 18). It asks for the board every two seconds.
// Test ids: ring-empty, ring-games, ring-game (data-game), ring-table (data-table,
// data-open), ring-seat (data-guest), ring-marker (data-owes), ring-waiting, ring-name
// (data-guest, data-offer).

import { get, changes } from './api.js';
import { h, $, fmtChips, pageHeader, attempt } from './dom.js';
import { t, onLang } from './i18n.js';

pageHeader('ring');

let board = null;

function tableCard(tb) {
  const seats = tb.seats.map((s) => h('li', s ? { testid: 'ring-seat', data: { guest: s.guest } } : {},
    s ? [`${s.name} ${fmtChips(s.chips)}${s.away ? ` (${t('ring_away')})` : ''}`,
      // JPR-3.0's marker at the seat: the blind missed while away, paid on return.
      s.owes ? h('span', { class: 'badge', testid: 'ring-marker', data: { owes: s.owes } }, t(`ring_marker_${s.owes}`)) : null] : '—'));
  return h('div', { class: 'ring-table', testid: 'ring-table', data: { table: tb.id, open: tb.open_seats } },
    h('b', {}, `${t('table')} ${tb.id + 1}`),
    tb.feeds != null ? h('span', { class: 'badge' }, t('ring_must_move', { table: tb.feeds + 1 })) : null,
    h('span', { class: 'muted' }, ` · ${t('ring_open_seats', { n: tb.open_seats })} · ${tb.opened_by}`),
    h('ol', { class: 'ring-seats' }, ...seats));
}

function waitingLine(w, now) {
  const offer = w.offer
    ? ` → ${t('table')} ${w.offer.table + 1}, ${t('seat')} ${w.offer.seat} (${Math.max(0, Math.round((w.offer.expires_ms - now) / 1000))} s)`
    : '';
  const change = w.wants === 'table_change' ? ` (${t('ring_table_change')})` : '';
  return h('li', { testid: 'ring-name', data: { guest: w.guest, offer: w.offer ? 'yes' : 'no' } }, `${w.name}${change}${offer}`);
}

function gameCard(g, now) {
  const buyIn = t('ring_buy_in', { min: fmtChips(g.min_buy_in), max: fmtChips(g.max_buy_in) });
  return h('article', { class: 'panel ring-game', testid: 'ring-game', data: { game: g.id } },
    h('h3', {}, `${g.name} · ${g.variant} ${g.stakes}`),
    h('div', { class: 'muted' }, buyIn, g.worth_opening ? ` · ${t('ring_worth_opening')}` : ''),
    h('div', { class: 'ring-tables' }, ...g.tables.map(tableCard)),
    h('h4', {}, t('ring_waiting')),
    h('ol', { class: 'ring-waiting', testid: 'ring-waiting' }, ...g.waiting.map((w) => waitingLine(w, now))));
}

function render() {
  if (!board) return;
  const now = Date.now();
  $('#ring-empty').hidden = board.games.length > 0;
  $('#ring-games').replaceChildren(...board.games.map((g) => gameCard(g, now)));
}

async function refresh() {
  board = await get('/api/ring');
  render();
}

onLang(render);
// The room's changes are pushed; the offers' seconds tick here, between them.
attempt(refresh);
changes('/api/ring/ws', () => attempt(refresh));
setInterval(render, 1000);
