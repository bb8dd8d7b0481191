// clock.js: the big-screen tournament clock (/clock?event=E), public.
// Test ids: event-name, level (data-level, data-state level|break), time-left (data-ms),
// blinds, ante, next-blinds, break-next, next-break, entrants, players-left, average-stack,
// prize-pool, rebuys, payouts, payout (data-place, data-amount), table-languages, paused, hand-for-hand,
// finished, enable-sound (data-state off|on), instructions, instruction (data-kind): a live
// event's moves, broken tables, final-table draw and chip races still to do; notices, notice
// (data-kind): why its tables wait. Both sit in clock-side, beside the clock (below it on a
// portrait screen), so that the level, time and blinds stay on screen whatever is pending.
// With more than GROUP_ABOVE instructions, those of one kind for one table are one line,
// instruction-group (data-kind, data-table, data-count: "Final table (table 4): 9 moves, see
// the seat cards"), each instruction kept in it, hidden. last-out, last-out-line (data-place,
// data-prize): the players placed last, at the bust ("Guest 7 finishes 12th"), the winner first.

import { get, connect, param } from './api.js';
import { h, $, fmtChips, fmtTime, blindsText, eventName, Clock, pageHeader, showError } from './dom.js';
import { t, lang, onLang, translateStatic } from './i18n.js';

const event = param('event');
const header = pageHeader('clock', event);
const clock = new Clock();
let lastPhase = null; // "level|on_break" of the last summary, to hear a change
let breakTotal = 0; // the longest remaining time seen in this break, for the progress bar

// --- sound: a beep made with WebAudio, after a click allows it -----------------------------

let audio = null;
function beep(times = 3) {
  if (!audio) return;
  const start = audio.currentTime + 0.05;
  for (let i = 0; i < times; i++) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = 'sine';
    osc.frequency.value = 880;
    const at = start + i * 0.35;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.3);
  }
}

const soundButton = $('#enable-sound');
function labelSound() {
  soundButton.dataset.state = audio ? 'on' : 'off';
  soundButton.textContent = t(audio ? 'sound_on' : 'enable_sound');
  soundButton.classList.toggle('active', !!audio);
}
soundButton.addEventListener('click', async () => {
  if (audio) {
    await audio.close();
    audio = null;
  } else {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    audio = new Ctx();
    await audio.resume();
    beep(1);
  }
  labelSound();
});
labelSound();

// --- drawing ------------------------------------------------------------------------------

function set(id, text) {
  const el = document.getElementById(id);
  if (el.textContent !== text) el.textContent = text;
  return el;
}

// --- what is pending: beside the clock, grouped when many ------------------------------------

const GROUP_ABOVE = 4;
const text = (x) => (lang() === 'de' ? x.de : x.en);

/** An instruction's group: its kind (a move's by its rule) and the table it names. */
function groupOf(i) {
  if (i.kind !== 'move') return { key: `${i.kind}|${i.tables[0]}`, label: 'clock_group_other', table: i.tables[0] };
  const rule = i.rules[0] ?? '';
  const [from, to] = i.tables;
  if (rule === 'TDA-RP-9' || rule === 'HC-1.7') return { key: `final-moves|${to}`, label: 'clock_group_final', table: to };
  if (rule === 'TDA-10') return { key: `break-moves|${from}`, label: 'clock_group_break', table: from };
  if (rule === 'HC-1.8' || rule.startsWith('TDA-11')) return { key: `balance|${to}`, label: 'clock_group_balance', table: to };
  return { key: `move|${to}`, label: 'clock_group_moves', table: to };
}

const instructionEl = (i, hidden = false) =>
  h('li', { testid: 'instruction', class: 'clock-instruction', hidden, data: { kind: i.kind } }, text(i));

/** The pending instructions, each its own line when few; grouped by kind and table when many. */
function instructionEls(todo) {
  if (todo.length <= GROUP_ABOVE) return todo.map((i) => instructionEl(i));
  const groups = new Map();
  for (const i of todo) {
    const g = groupOf(i);
    if (!groups.has(g.key)) groups.set(g.key, { ...g, items: [] });
    groups.get(g.key).items.push(i);
  }
  return [...groups.values()].map((g) => (g.items.length === 1 ? instructionEl(g.items[0])
    : h('li', { testid: 'instruction-group', class: 'clock-group', data: { kind: g.items[0].kind, table: g.table, count: g.items.length } },
      h('span', {}, t(g.label, { n: g.items.length, table: g.table })),
      h('ul', { class: 'clock-group-detail' }, g.items.map((i) => instructionEl(i, true))))));
}

/** 12th, 1st, 22nd; in German "12." as the place is written. */
function placeText(n) {
  if (lang() === 'de') return `${n}.`;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' })[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

function renderSide(s) {
  const notices = s.notices ?? [];
  const todo = s.instructions ?? [];
  $('#notices').hidden = notices.length === 0;
  $('#notices').replaceChildren(...notices.map((n) =>
    h('li', { testid: 'notice', data: { kind: n.kind } }, text(n))));
  $('#instructions').hidden = todo.length === 0;
  $('#instructions-title').hidden = todo.length === 0;
  $('#instructions').replaceChildren(...instructionEls(todo));
  // The last three placed, newest first: a place is given at the bust (HC-1.3, TDA-RP-8).
  const out = (s.last_out ?? []).slice(0, 3);
  $('#last-out').hidden = out.length === 0;
  $('#last-out-title').hidden = out.length === 0;
  $('#last-out').replaceChildren(...out.map((o) => h('li',
    { testid: 'last-out-line', data: { place: o.place, prize: o.prize } },
    o.place === 1 ? t('wins', { name: o.name }) : t('finishes', { name: o.name, place: placeText(o.place) }),
    o.prize ? h('b', {}, ` · ${fmtChips(o.prize)}`) : null)));
  const side = notices.length + todo.length + out.length > 0;
  $('#clock-side').hidden = !side;
  $('#clock-main').classList.toggle('has-side', side);
  fitSide();
}

/** On a TV the panel has the screen's height: a smaller type step when it holds more, and a
 * fade at its foot when even that does not fit (the TD console lists everything). */
function fitSide() {
  const side = $('#clock-side');
  side.classList.remove('dense', 'denser', 'clipped');
  if (side.hidden) return;
  const over = () => side.scrollHeight > side.clientHeight + 1;
  for (const step of ['dense', 'denser']) if (over()) side.classList.add(step);
  side.classList.toggle('clipped', over());
}
window.addEventListener('resize', fitSide);

function render() {
  const s = clock.summary;
  if (!s) return;
  const c = s.clock;
  $('#clock-main').hidden = false;
  $('#clock-main').classList.toggle('on-break', c.on_break);
  set('event-name', eventName(s));
  const level = set('level', c.on_break ? t('break') : t('level_n', { n: c.level }));
  level.dataset.level = c.level;
  level.dataset.state = c.on_break ? 'break' : 'level';
  const b = c.blinds;
  // A level dealing only stud has no blinds: its bring-in instead (TDA-RP-10).
  set('blinds', b.big_blind ? `${fmtChips(b.small_blind)} / ${fmtChips(b.big_blind)}`
    : `${t('bring_in')} ${fmtChips(b.bring_in)}`);
  const ante = b.big_blind_ante || b.ante || b.stud_ante;
  $('#ante-box').hidden = !ante;
  $('#ante-box .label').textContent = b.big_blind_ante ? t('bb_ante')
    : b.ante || !b.big_blind ? t('ante') : t('stud_ante');
  set('ante', fmtChips(ante));
  const n = c.next;
  const nextAnte = n.big_blind_ante ? ` · ${t('bb_ante')} ${fmtChips(n.big_blind_ante)}`
    : n.ante ? ` · ${t('ante')} ${fmtChips(n.ante)}` : '';
  const mixed = n.bring_in || n.small_bet;
  set('next-blinds', mixed || !n.big_blind ? blindsText(n)
    : `${fmtChips(n.small_blind)} / ${fmtChips(n.big_blind)}${nextAnte}`);
  $('#break-next').hidden = !c.break_next || c.on_break;
  set('entrants', `${s.entrants}`);
  set('players-left', `${s.players_left}`);
  set('average-stack', fmtChips(s.average_stack));
  set('prize-pool', fmtChips(s.prize_pool));
  set('rebuys', `${s.rebuys} / ${s.add_ons}`);
  $('#payouts').replaceChildren(...s.payouts.map((p) =>
    h('li', { testid: 'payout', data: { place: p.place, amount: p.amount } },
      h('span', {}, `${p.place}.`), h('b', {}, fmtChips(p.amount)))));
  // TDA-6: the languages the organiser announced for the tables.
  const languages = s.table_languages ?? [];
  $('#table-languages').hidden = languages.length === 0;
  $('#table-languages').textContent = t('table_languages', { languages: languages.join(', ') });
  $('#paused').hidden = c.running || s.finished || !s.started;
  $('#hand-for-hand').hidden = !c.hand_for_hand;
  $('#finished').hidden = !s.finished;
  renderSide(s);
  tick();
}

function tick() {
  const s = clock.summary;
  if (!s) return;
  const c = s.clock;
  const left = clock.remaining();
  const el = set('time-left', s.started ? fmtTime(left) : fmtTime(c.remaining_ms));
  el.dataset.ms = Math.round(left);
  el.classList.toggle('low', c.running && left < 60000);
  el.classList.toggle('stopped', !c.running);
  const nb = clock.nextBreak();
  $('#next-break-box').hidden = nb == null || c.on_break;
  if (nb != null) set('next-break', fmtTime(nb));
  const total = c.on_break ? breakTotal : c.blinds.minutes * 60000;
  $('#progress').style.width = total > 0 ? `${Math.min(100, (100 * (total - left)) / total)}%` : '0%';
}

// Four times a second is enough for a clock showing seconds: a TV's small computer (and a
// browser test's) is not kept busy repainting 60 times a second.
const TICK_MS = 250;

function onSummary(s) {
  const phase = `${s.clock.level}|${s.clock.on_break}`;
  if (lastPhase !== null && phase !== lastPhase) beep();
  if (phase !== lastPhase) breakTotal = 0;
  lastPhase = phase;
  if (s.clock.on_break) breakTotal = Math.max(breakTotal, s.clock.remaining_ms);
  clock.update(s);
  render();
}

async function init() {
  translateStatic();
  if (event == null) {
    $('#no-event').hidden = false;
    return;
  }
  try {
    onSummary(await get(`/api/events/${event}`));
  } catch (e) {
    showError(e);
  }
  connect(event, null, (msg) => {
    if (msg.type === 'summary') onSummary(msg.summary);
    else if (msg.type === 'error') showError(msg.error);
  }, header.setConnection);
  setInterval(tick, TICK_MS);
}

onLang(() => {
  labelSound();
  render();
});

init();
