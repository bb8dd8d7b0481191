// print.js: print-ready pages of an event (/print?event=E&sheet=S), one click from the TD
// console (issue 17 item 6). Sheets: `seats` (a seat card per player, for the initial draw),
// `tables` (a sheet per table for its dealer: seats, players, chips, the button), `results`
// (places, prizes, bounties, knockouts, league points, HC-4; the deal, HC-1.2), `moves` (a slip per
// move the director made, newest first, with its rule).
// Test ids: print, sheet-title, sheet, seat-card (data-table, data-seat), table-sheet
// (data-table), table-button, results-row (data-place), deal-line, move-slip (data-player).

import { get, param } from './api.js';
import { h, $, fmtChips, dealText, showError } from './dom.js';
import { t, translateStatic } from './i18n.js';

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
  async moves() {
    const moves = await get(`/api/events/${event}/moves`);
    const time = (ms) => new Date(ms).toLocaleTimeString();
    return moves.map((m) => h('div', { class: 'seat-card move-slip', testid: 'move-slip', data: { player: m.player } },
      h('div', { class: 'seat-card-name' }, m.name),
      h('div', { class: 'seat-card-where' }, `${t('table')} ${m.to_table} · ${t('seat')} ${m.to_seat}`),
      h('div', { class: 'muted' }, `${t('move_from')} ${t('table')} ${m.from_table} · ${t('seat')} ${m.from_seat} · ${m.rule} · ${time(m.at_ms)}`)));
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
          h('td', { class: 'num' }, r.league_points != null ? `${r.league_points}` : ''))))),
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
