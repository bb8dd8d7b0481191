// standings.js: chip counts while playing and results (/standings?event=E), public, live.
// Test ids: event-name, event-facts, standings-table, standing-row (data-player, data-status),
// results-table, results-row (data-player, data-place), chips (data-amount),
// prize (data-amount), bounties, knockouts, deal-line (the deal agreed, HC-1.2).

import { get, connect, param } from './api.js';
import { h, $, fmtChips, dealText, eventName, pageHeader, showError } from './dom.js';
import { t, onLang, translateStatic } from './i18n.js';

const event = param('event');
const header = pageHeader('standings', event);
let summary = null;
let standings = null;

const PLAYING = new Set(['playing', 'registered', 'alternate']);
const name = (r) => `${r.name}${r.entry_number > 1 ? ` #${r.entry_number}` : ''}`;
const head = (table, keys) => table.querySelector('thead').replaceChildren(h('tr', {}, keys.map((k) => h('th', {}, t(k)))));

function render() {
  if (summary) {
    $('#event-name').textContent = eventName(summary);
    $('#event-facts').textContent = [
      `${t('players_left')}: ${summary.players_left}/${summary.entrants}`,
      `${t('average_stack')}: ${fmtChips(summary.average_stack)}`,
      `${t('prize_pool')}: ${fmtChips(summary.prize_pool)}`,
    ].join(' · ');
  }
  if (!standings) return;
  const live = standings.rows.filter((r) => PLAYING.has(r.status)).sort((a, b) => b.chips - a.chips || a.player - b.player);
  head($('#standings-table'), ['col_rank', 'col_name', 'col_seat', 'col_chips', 'col_bounties', 'col_knockouts']);
  $('#standings-table tbody').replaceChildren(...live.map((r, i) =>
    h('tr', { testid: 'standing-row', data: { player: r.player, status: r.status } },
      h('td', {}, `${i + 1}`),
      h('td', {}, name(r)),
      h('td', {}, r.table != null ? `${r.table}/${r.seat ?? '–'}` : t(`status_${r.status}`)),
      h('td', { class: 'num', testid: 'chips', data: { amount: r.chips } }, fmtChips(r.chips)),
      h('td', { class: 'num', testid: 'bounties' }, r.bounties ? fmtChips(r.bounties) : ''),
      h('td', { class: 'num', testid: 'knockouts' }, r.knockouts ? `${r.knockouts}` : ''))));
  const placed = standings.rows.filter((r) => r.place != null || !PLAYING.has(r.status))
    .sort((a, b) => (a.place ?? 1e9) - (b.place ?? 1e9) || a.player - b.player);
  head($('#results-table'), ['col_place', 'col_name', 'col_status', 'col_prize', 'col_bounties', 'col_knockouts']);
  $('#results-table tbody').replaceChildren(...placed.map((r) =>
    h('tr', { testid: 'results-row', class: r.prize ? 'paid' : '', data: { player: r.player, place: r.place ?? '' } },
      h('td', {}, r.place != null ? `${r.place}.` : '–'),
      h('td', {}, name(r)),
      h('td', {}, t(`status_${r.status}`)),
      h('td', { class: 'num', testid: 'prize', data: { amount: r.prize } }, r.prize ? fmtChips(r.prize) : ''),
      h('td', { class: 'num', testid: 'bounties' }, r.bounties ? fmtChips(r.bounties) : ''),
      h('td', { class: 'num', testid: 'knockouts' }, r.knockouts ? `${r.knockouts}` : ''))));
  const deal = standings.deal;
  $('#deal-line').hidden = !deal;
  if (deal) $('#deal-line').textContent = dealText(deal);
}

onLang(render);

async function init() {
  translateStatic();
  if (event == null) {
    $('#no-event').hidden = false;
    return;
  }
  try {
    [summary, standings] = await Promise.all([get(`/api/events/${event}`), get(`/api/events/${event}/standings`)]);
    render();
  } catch (e) {
    showError(e);
  }
  connect(event, null, (msg) => {
    if (msg.type === 'standings') standings = msg.standings;
    else if (msg.type === 'summary') summary = msg.summary;
    else if (msg.type === 'error') return showError(msg.error);
    else return;
    render();
  }, header.setConnection);
}

init();
