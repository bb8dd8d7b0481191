// tablet.js: the tablet bound to one table of a live event (/tablet?event=E&table=T&token=S):
// its dealer calls the busts and the end of each hand (HC-1.8), corrects the button, sees what
// the director wants done at this table ("send seat 8 to table 3 seat 6", "wait") and confirms
// it. The token works for this table only.
// Test ids: tablet-title, tablet-clock, hold-push, notices, notice (data-kind), instructions, instruction
// (data-id, data-kind), instruction-done, source-cards, source-card (data-table),
// source-cards-submit, race-cards, race-card (data-player), race-cards-submit, seat-cards,
// seat-card (data-player), seat-cards-submit (the final table's draw here); the table's ids
// are in live.js.

import { get, post, connect, param, takeParam } from './api.js';
import { h, $, fmtTime, blindsText, Clock, pageHeader, attempt } from './dom.js';
import { t, lang, onLang, translateStatic } from './i18n.js';
import { showCards, drawFirst } from './live.js';

const event = param('event');
const table = Number(param('table'));
const key = `croupier.tablet.${event}.${table}`;
const fresh = takeParam('token');
if (fresh) localStorage.setItem(key, fresh);
const token = localStorage.getItem(key);
// A kiosk: the header holds the table's name and the language switch, no site menu.
const header = pageHeader('tablet', event, { kiosk: true });
header.slot.append($('#tablet-title'));
const clock = new Clock();
const state = { summary: null, seating: null };

function report(body) {
  return attempt(async () => {
    onSummary(await post(`/api/events/${event}/tables/${table}/report`, body, token));
  });
}

function onSummary(s) {
  if (!s) return;
  state.summary = s;
  clock.update(s);
  render();
}

/** The level and the time left: the only thing that changes every second. */
function renderClock() {
  const c = state.summary?.clock;
  if (!c) return;
  $('#tablet-clock').textContent = `${t('level')} ${c.level} · ${blindsText(c.blinds)} · ${fmtTime(clock.remaining())}${c.running ? '' : ` · ${t('paused')}`}`;
  // TDA-RP-7: in the last 90 seconds before a level change or a break the dealer holds the push.
  const left = clock.remaining();
  const hold = c.running && !c.on_break && !c.hand_for_hand && left > 0 && left <= 90_000;
  const line = $('#hold-push');
  line.hidden = !hold;
  if (hold) line.textContent = t(c.break_next ? 'hold_push_break' : 'hold_push_level');
}

function render(fresh = false) {
  const s = state.summary;
  $('#tablet-title').textContent = `${s?.name ?? ''} · ${t('table')} ${table}`;
  renderClock();
  $('#notices').replaceChildren(...(s?.notices ?? []).filter((n) => n.tables.includes(table)).map((n) =>
    h('li', { testid: 'notice', data: { kind: n.kind } }, lang() === 'de' ? n.de : n.en)));
  const mine = drawFirst((s?.instructions ?? []).filter((i) => i.tables.includes(table) || i.holds.includes(table)));
  const key = JSON.stringify([mine, lang()]);
  if ($('#instructions').dataset.key !== key) {
    $('#instructions').dataset.key = key;
    $('#instructions').replaceChildren(...mine.map(instructionItem));
  }
  const tb = state.seating?.tables.find((x) => x.table === table);
  const box = $('#table');
  if (fresh || !tb) box.liveCards = null;
  if (tb) showCards(box, [tb], () => ({ report }));
  else box.replaceChildren(h('p', { class: 'muted' }, t('tablet_no_table')));
}

/** An instruction for this table: "Done", or for cards dealt here (HC-1.8's card per table,
 * a chip race) the cards as they fell, with "let the software draw" its own choice. */
function instructionItem(i) {
  const here = i.tables.includes(table);
  const dealsHere = here && i.tables[0] === table && (i.kind === 'source_cards' || (i.kind === 'chip_race' && i.race?.length));
  return h('li', { testid: 'instruction', data: { id: i.id, kind: i.kind } },
    h('span', {}, `${lang() === 'de' ? i.de : i.en} `),
    dealsHere ? cardsForm(i) : null,
    i.kind === 'final_table' && i.tables[0] === table ? seatCardsForm() : null,
    here
      ? h('button', { type: 'button', class: `btn small ${dealsHere ? '' : 'primary'}`, testid: 'instruction-done',
        onclick: () => report({ type: 'confirm', instruction: i.id }) }, t(dealsHere ? 'software_draws' : 'done'))
      : h('b', {}, t('live_waits')));
}

/** HC-1.7, TDA-RP-9: the final table's draw at this table, each player's seat card as it fell
 * (the software's draw filled in), sent before anyone takes a seat. */
function seatCardsForm() {
  const tb = state.seating?.tables.find((x) => x.table === table);
  if (!tb) return null;
  const rows = tb.seats.map((s, k) => s && h('label', { class: 'row field-row' },
    h('span', {}, s.name),
    h('input', { class: 'card-field', type: 'number', min: 1, max: tb.seats.length, value: k + 1,
      testid: 'seat-card', data: { player: s.player } }))).filter(Boolean);
  const form = h('div', { class: 'tablet-cards', testid: 'seat-cards' }, ...rows,
    h('button', { type: 'button', class: 'btn small primary', testid: 'seat-cards-submit', onclick: () => {
      const seats = [...form.querySelectorAll('input')].map((x) => ({ player: Number(x.dataset.player), seat: Number(x.value) }));
      report({ type: 'seat_cards', seats });
    } }, t('seat_cards_submit')));
  return form;
}

/** The cards dealt at this table for a draw, one field each, entered as they fell. */
function cardsForm(i) {
  const race = i.kind === 'chip_race';
  const rows = race
    ? i.race.map((r) => h('label', { class: 'row field-row' }, h('span', {}, `${r.name} (${r.cards})`),
      h('input', { class: 'card-field', placeholder: Array(r.cards).fill('Kh').join(' '), autocomplete: 'off',
        testid: 'race-card', data: { player: r.player } })))
    : i.tables.slice(1).map((n) => h('label', { class: 'row field-row' }, h('span', {}, `${t('table')} ${n}`),
      h('input', { class: 'card-field', placeholder: 'Kh', maxlength: 3, autocomplete: 'off', testid: 'source-card', data: { table: n } })));
  const form = h('div', { class: 'tablet-cards', testid: race ? 'race-cards' : 'source-cards' }, ...rows,
    h('button', { type: 'button', class: 'btn small primary', testid: race ? 'race-cards-submit' : 'source-cards-submit', onclick: () => {
      const inputs = [...form.querySelectorAll('input')];
      report(race
        ? { type: 'race_cards', cards: inputs.map((x) => ({ player: Number(x.dataset.player), cards: x.value.split(/[\s,]+/).filter(Boolean) })) }
        : { type: 'source_cards', cards: inputs.map((x) => ({ table: Number(x.dataset.table), card: x.value.trim() })) });
    } }, t('cards_submit')));
  return form;
}

onLang(() => render(true));
translateStatic();
if (!token || event == null || !(table > 0)) {
  $('#no-token').hidden = false;
} else {
  attempt(async () => {
    onSummary(await get(`/api/events/${event}`));
    state.seating = await get(`/api/events/${event}/seating`);
    render();
  });
  connect(event, token, (msg) => {
    if (msg.type === 'summary') onSummary(msg.summary);
    else if (msg.type === 'seating') {
      state.seating = msg.seating;
      render();
    }
  }, header.setConnection);
  setInterval(renderClock, 1000);
}
