// seating.js: every table's seats with names and chips (/seating?event=E), public, live.
// Test ids: event-name, seating-search, no-tables, seating, seating-table (data-table),
// seating-seat (data-seat, data-player, data-away), seat-name, seat-chips (data-amount).

import { get, connect, param } from './api.js';
import { h, $, fmtChips, eventName, pageHeader, showError } from './dom.js';
import { t, onLang, translateStatic } from './i18n.js';

const event = param('event');
const header = pageHeader('seating', event);
let seating = null;

function render() {
  if (!seating) return;
  const find = $('#seating-search').value.trim().toLowerCase();
  $('#no-tables').hidden = seating.tables.length > 0;
  $('#seating').replaceChildren(...seating.tables.map((tb) => {
    const seated = tb.seats.filter(Boolean);
    const chips = seated.reduce((a, s) => a + s.chips, 0);
    return h('section', { class: 'panel seating-table', testid: 'seating-table', data: { table: tb.table } },
      h('h3', {}, t('table_n', { n: tb.table }),
        h('span', { class: 'muted' }, ` · ${t('players_n', { n: seated.length })} · ${fmtChips(chips)}`)),
      h('ol', { class: 'seat-list' }, tb.seats.map((s, i) => {
        if (!s) return h('li', { class: 'empty', testid: 'seating-seat', data: { seat: i + 1 } },
          h('span', { class: 'seat-no' }, i + 1), h('span', { class: 'muted' }, t('empty_seat')));
        const hit = find && s.name.toLowerCase().includes(find);
        return h('li', { class: `${s.away ? 'away' : ''} ${hit ? 'hit' : ''}`, testid: 'seating-seat', data: { seat: i + 1, player: s.player, away: s.away } },
          h('span', { class: 'seat-no' }, i + 1),
          h('span', { class: 'seat-name', testid: 'seat-name' }, s.name),
          s.away ? h('span', { class: 'badge away' }, t('away')) : null,
          h('span', { class: 'seat-chips', testid: 'seat-chips', data: { amount: s.chips } }, fmtChips(s.chips)));
      })));
  }));
  if (find) document.querySelector('.seat-list .hit')?.scrollIntoView({ block: 'nearest' });
}

$('#seating-search').addEventListener('input', render);
onLang(render);

async function init() {
  translateStatic();
  if (event == null) {
    $('#no-event').hidden = false;
    return;
  }
  try {
    const [summary, s] = await Promise.all([get(`/api/events/${event}`), get(`/api/events/${event}/seating`)]);
    $('#event-name').textContent = eventName(summary);
    seating = s;
    render();
  } catch (e) {
    showError(e);
  }
  connect(event, null, (msg) => {
    if (msg.type === 'seating') {
      seating = msg.seating;
      render();
    } else if (msg.type === 'summary') $('#event-name').textContent = eventName(msg.summary);
    else if (msg.type === 'error') showError(msg.error);
  }, header.setConnection);
}

init();
