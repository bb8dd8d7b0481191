// clock.js: the big-screen tournament clock (/clock?event=E), public.
// Test ids: event-name, level (data-level, data-state level|break), time-left (data-ms),
// blinds, ante, next-blinds, break-next, next-break, entrants, players-left, average-stack,
// prize-pool, rebuys, payouts, payout (data-place, data-amount), paused, hand-for-hand,
// finished, enable-sound (data-state off|on), instructions, instruction (data-kind): a live
// event's moves, broken tables, final-table draw and chip races still to do; notices, notice
// (data-kind): why its tables wait.

import { get, connect, param } from './api.js';
import { h, $, fmtChips, fmtTime, blindsText, Clock, pageHeader, showError } from './dom.js';
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

function render() {
  const s = clock.summary;
  if (!s) return;
  const c = s.clock;
  $('#clock-main').hidden = false;
  $('#clock-main').classList.toggle('on-break', c.on_break);
  set('event-name', s.name);
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
  $('#paused').hidden = c.running || s.finished || !s.started;
  $('#hand-for-hand').hidden = !c.hand_for_hand;
  $('#finished').hidden = !s.finished;
  const notices = s.notices ?? [];
  $('#notices').hidden = notices.length === 0;
  $('#notices').replaceChildren(...notices.map((n) =>
    h('li', { testid: 'notice', data: { kind: n.kind } }, lang() === 'de' ? n.de : n.en)));
  const todo = s.instructions ?? [];
  $('#instructions').hidden = todo.length === 0;
  $('#instructions').replaceChildren(...todo.map((i) =>
    h('li', { testid: 'instruction', data: { kind: i.kind } }, lang() === 'de' ? i.de : i.en)));
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

function frame() {
  tick();
  requestAnimationFrame(frame);
}

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
  requestAnimationFrame(frame);
}

onLang(() => {
  labelSound();
  render();
});

init();
