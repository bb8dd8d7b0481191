// print.js: print-ready pages of an event (/print?event=E&sheet=S), one click from the TD
// console (issue 17 item 6). Sheets: `seats` (a seat card per player, for the initial draw),
// `tables` (a sheet per table for its dealer: seats, players, chips, the button), `results`
// (places, prizes, bounties, knockouts, league points, HC-4; the deal, HC-1.2), `moves` (every
// seat the director gave after the start, newest first: one list, then a page per table with a
// slip per player coming to or leaving it; `&table=N` for one table's page).
// Test ids: print, sheet-title, sheet, seat-card (data-table, data-seat), table-sheet
// (data-table), table-button, results-row (data-place), deal-line, move-list, move-line
// (data-player, data-reason), move-table (data-table), move-slip (data-player, data-table,
// data-reason), no-moves, payout-slip (data-place, data-prize: `payouts`, a slip per paid place
// with a signature line), no-payouts.

import { get, param } from './api.js';
import { h, $, fmtChips, fmtDayTime, dealText, showError } from './dom.js';
import { t, lang, translateStatic } from './i18n.js';

const event = param('event');
const sheet = param('sheet') || 'results';

const SHEETS = {
  async seats() {
    const seating = await get(`/api/events/${event}/seating`);
    return seating.tables.flatMap((tb) => tb.seats.map((s, i) => s && h('div',
      { class: 'seat-card', testid: 'seat-card', data: { table: tb.table, seat: i + 1 } },
      h('div', { class: 'seat-card-where' }, `${t('table')} ${tb.table} · ${t('seat')} ${i + 1}`),
      h('div', { class: 'seat-card-name' }, s.name))).filter(Boolean));
  },
  async tables() {
    const seating = await get(`/api/events/${event}/seating`);
    return seating.tables.map((tb) => h('section', { class: 'table-sheet', testid: 'table-sheet', data: { table: tb.table } },
      h('h2', {}, `${t('table')} ${tb.table}`),
      h('p', { testid: 'table-button' }, `${t('button')}: ${tb.button != null ? `${t('seat')} ${tb.button}` : '–'}`),
      h('table', { class: 'grid' },
        h('thead', {}, h('tr', {}, h('th', {}, t('seat')), h('th', {}, t('col_name')), h('th', {}, t('col_chips')))),
        h('tbody', {}, tb.seats.map((s, i) => h('tr', {},
          h('td', {}, `${i + 1}${tb.button === i + 1 ? ' (D)' : ''}`),
          h('td', {}, s ? s.name : '—'),
          h('td', { class: 'num' }, s ? fmtChips(s.chips) : '')))))));
  },
  // One list of every move, then a page per table for its dealer: the slips of the players
  // who come to it, each to hand to the player (`&table=N`: that table's page alone).
  async moves() {
    const only = param('table');
    const moves = await get(`/api/events/${event}/moves${only ? `?table=${only}` : ''}`);
    const from = (m) => (m.from_table != null
      ? `${t('table')} ${m.from_table} · ${t('seat')} ${m.from_seat}` : t('move_new'));
    const to = (m) => `${t('table')} ${m.to_table} · ${t('seat')} ${m.to_seat}`;
    const why = (m) => `${t(`move_${m.reason}`)} · ${m.rule}`;
    const list = h('table', { class: 'grid move-list', testid: 'move-list' },
      h('thead', {}, h('tr', {}, ['col_time', 'col_name', 'move_from', 'move_to', 'move_why'].map((c) => h('th', {}, t(c))))),
      h('tbody', {}, moves.map((m) => h('tr', { testid: 'move-line', data: { player: m.player, reason: m.reason } },
        h('td', {}, fmtDayTime(m.at_ms)), h('td', {}, m.name), h('td', {}, from(m)), h('td', {}, to(m)), h('td', {}, why(m))))));
    const tables = [...new Set(moves.flatMap((m) => [m.to_table, m.from_table]).filter((n) => n != null))]
      .filter((n) => !only || `${n}` === only).sort((a, b) => a - b);
    const pages = tables.map((n) => h('section', { class: 'table-sheet move-table', testid: 'move-table', data: { table: n } },
      h('h2', {}, `${t('table')} ${n}`),
      moves.filter((m) => m.to_table === n || m.from_table === n).map((m) => h('div',
        { class: 'seat-card move-slip', testid: 'move-slip', data: { player: m.player, table: n, reason: m.reason } },
        h('div', { class: 'seat-card-name' }, m.name),
        h('div', { class: 'seat-card-where' }, `${t('move_to')} ${to(m)}`),
        h('div', { class: 'move-from' }, `${t('move_from')} ${from(m)}`),
        h('div', { class: 'muted' }, `${why(m)} · ${fmtDayTime(m.at_ms)}`)))));
    if (!moves.length) return [h('p', { class: 'muted', testid: 'no-moves' }, t('no_moves'))];
    return only ? pages : [list, ...pages];
  },
  // A slip per paid place, from the bust on (the prize of the place is known then): the
  // player signs for the money.
  async payouts() {
    const standings = await get(`/api/events/${event}/standings`);
    const paid = standings.rows.filter((r) => r.place != null && r.prize > 0).sort((a, b) => a.place - b.place);
    const date = new Date().toLocaleDateString(lang() === 'de' ? 'de-DE' : 'en-GB');
    if (!paid.length) return [h('p', { class: 'muted', testid: 'no-payouts' }, t('no_payouts'))];
    return paid.map((r) => h('div', { class: 'seat-card payout-slip', testid: 'payout-slip', data: { place: r.place, prize: r.prize } },
      h('div', { class: 'seat-card-where' }, `${t('col_place')} ${r.place}`),
      h('div', { class: 'seat-card-name' }, `${r.name}${r.entry_number > 1 ? ` #${r.entry_number}` : ''}`),
      h('div', { class: 'payout-amount' }, `${t('col_prize')}: ${fmtChips(r.prize)}`),
      h('div', { class: 'muted' }, `${t('payout_date')}: ${date}`),
      h('div', { class: 'signature' }, t('payout_signature'))));
  },
  async results() {
    const standings = await get(`/api/events/${event}/standings`);
    const placed = standings.rows.filter((r) => r.place != null).sort((a, b) => a.place - b.place);
    const cols = ['col_place', 'col_name', 'col_prize', 'col_bounties', 'col_knockouts', 'col_league_points'];
    const deal = standings.deal;
    return [
      h('table', { class: 'grid' },
        h('thead', {}, h('tr', {}, cols.map((c) => h('th', {}, t(c))))),
        h('tbody', {}, placed.map((r) => h('tr', { testid: 'results-row', data: { place: r.place } },
          h('td', {}, `${r.place}.`),
          h('td', {}, `${r.name}${r.entry_number > 1 ? ` #${r.entry_number}` : ''}`),
          h('td', { class: 'num' }, r.prize ? fmtChips(r.prize) : ''),
          h('td', { class: 'num' }, r.bounties ? fmtChips(r.bounties) : ''),
          h('td', { class: 'num' }, r.knockouts ? `${r.knockouts}` : ''),
          h('td', { class: 'num' }, r.league_points != null ? fmtChips(r.league_points) : ''))))),
      deal ? h('p', { testid: 'deal-line' }, dealText(deal)) : null,
    ];
  },
};

async function init() {
  translateStatic();
  if (event == null || !SHEETS[sheet]) {
    $('#no-event').hidden = false;
    return;
  }
  try {
    const summary = await get(`/api/events/${event}`);
    $('#sheet-title').textContent = `${summary.name} · ${t(`sheet_${sheet}`)}`;
    document.title = `Croupier · ${summary.name} · ${t(`sheet_${sheet}`)}`;
    $('#sheet').className = `sheet sheet-${sheet}`;
    $('#sheet').replaceChildren(...await SHEETS[sheet]());
  } catch (e) {
    showError(e);
  }
}

$('#print').addEventListener('click', () => window.print());
init();
