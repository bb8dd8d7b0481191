// play.js: a player's page (/play?event=E[&token=T]): registration, the table, the action bar.
// Test ids: level, blinds, time-left, paused (header clock); register-form, register-name,
// register-submit, registration-closed, watch-table (select, spectators), forget-token,
// my-standing, my-status, my-place, my-prize; turn-line, your-turn, act-timer (data-ms),
// clock-called, call-clock; action-bar, fold, check, call (data-amount), raise (data-to),
// raise-to (number input), raise-slider, preset-min, preset-half, preset-pot, preset-allin;
// history-toggle (opens the last hands); my-hands-stars, my-hands-phh (downloads of the
// player's own hands); test-event (header badge); play-deck, play-deck-commitment,
// play-deck-check, play-deck-download, play-deck-left (data-table), play-deck-left-check,
// play-deck-left-download (deckpanel.js); table ids from table.js.
// Keys: F fold, C check or call, R focus the raise amount, Enter in it bets or raises.

import { get, post, connect, param, takeParam, playerToken, setPlayerToken, download, timeZone } from './api.js';
import { deckPanel, leftTablePanel } from './deckpanel.js';
import { h, $, fmtChips, fmtTime, blindsText, Clock, pageHeader, showError, attempt } from './dom.js';
import { t, lang, onLang, translateStatic } from './i18n.js';
import { renderFelt, renderAnnouncements, renderHistory } from './table.js';
import { actionBar } from './actions.js';

const event = param('event');
const urlToken = takeParam('token');
if (urlToken && event != null) setPlayerToken(event, urlToken);

const header = pageHeader('play', event);
const clock = new Clock();
const els = {
  level: h('span', { class: 'hc-level', testid: 'level' }),
  blinds: h('span', { class: 'hc-blinds', testid: 'blinds' }),
  time: h('span', { class: 'hc-time', testid: 'time-left' }),
  paused: h('span', { class: 'badge paused', testid: 'paused', hidden: true }),
  // Issue 37: a test event's cards come from the TD's seed; its players are told so.
  test: h('span', { class: 'badge paused', testid: 'test-event', hidden: true }),
};
header.slot.append(h('div', { class: 'clock-strip' }, els.level, els.blinds, els.time, els.paused, els.test));

const state = {
  token: event != null ? playerToken(event) : null,
  socket: null,
  summary: null,
  me: null,
  table: null, // the TableView on screen
  watching: null, // the table a spectator watches
  skew: 0, // server time minus local time
};

const bar = actionBar({
  act: (hand, action) => attempt(async () => onMe(await post(`/api/events/${event}/act`, { hand, action }, state.token))),
});
$('#action-slot').append(bar.root);

// The player's own hands, as the server writes them: only the cards they may see (TDA-16).
const myHands = (format) => attempt(() => download(
  `/api/events/${event}/hands/mine?format=${format}&tz=${encodeURIComponent(timeZone())}`, state.token));
$('#my-hands-stars').addEventListener('click', () => myHands('pokerstars'));
$('#my-hands-phh').addEventListener('click', () => myHands('phh'));

// --- the header clock, the turn timer ----------------------------------------------------

function tick() {
  const s = state.summary;
  if (s) {
    const c = s.clock;
    els.level.textContent = c.on_break ? t('break') : t('level_n', { n: c.level });
    els.blinds.textContent = blindsText(c.blinds);
    els.time.textContent = fmtTime(clock.remaining());
    els.paused.hidden = c.running || !s.started || s.finished;
    els.paused.textContent = t('paused');
    els.test.hidden = !s.test;
    els.test.textContent = t('test_event');
  }
  const hand = state.table?.hand;
  const timer = $('#act-timer');
  if (hand?.act_deadline_ms && hand.to_act != null) {
    const ms = Math.max(0, hand.act_deadline_ms - (Date.now() + state.skew));
    timer.hidden = false;
    timer.textContent = fmtTime(ms);
    timer.dataset.ms = Math.round(ms);
    timer.classList.toggle('urgent', ms < 10000);
  } else {
    timer.hidden = true;
  }
}
setInterval(tick, 250);

function renderTurnLine(table) {
  const hand = table?.hand;
  const mySeat = table?.you?.seat ?? null;
  const toAct = hand?.to_act ?? null;
  const mine = toAct != null && toAct === mySeat;
  const who = table?.seats.find((s) => s && s.seat === toAct);
  $('#turn-text').textContent = toAct == null ? '' : mine ? t('your_turn') : t('to_act', { who: who?.name ?? toAct });
  $('#turn-text').dataset.testid = mine ? 'your-turn' : 'turn-text';
  $('#clock-called').hidden = !hand?.clock_called;
  $('#call-clock').hidden = !(state.token && mySeat != null && toAct != null && !mine && !hand.clock_called);
  document.title = mine ? `▶ ${t('your_turn')} · Croupier` : 'Croupier';
}

$('#call-clock').addEventListener('click', () => {
  const table = state.table;
  if (!table?.hand) return;
  attempt(async () => {
    showTable(await post(`/api/events/${event}/tables/${table.table}/clock`, { hand: table.hand.number }, state.token));
  });
});

// --- what is shown ------------------------------------------------------------------------

function showTable(table) {
  state.table = table;
  if (!table) {
    $('#table-area').hidden = true;
    bar.update(null);
    return;
  }
  state.skew = table.server_time_ms - Date.now();
  $('#table-area').hidden = false;
  const mySeat = table.you?.seat ?? null;
  renderFelt($('#felt-root'), table, mySeat);
  renderAnnouncements($('#announcements'), table);
  renderHistory($('#history'), table);
  renderTurnLine(table);
  bar.update(table);
  renderDeck(table, mySeat);
  tick();
}

// Issue 37: decks anyone can check at an event's online tables (deckpanel.js); the hand just
// over carries its proof in the history of the players dealt in.
const deck = deckPanel({
  box: $('#play-deck'),
  prefix: 'play',
  sendValue: (hand, value) => post(`/api/events/${event}/deck-value`, { hand, value }, state.token),
  fetchFile: () => get(`/api/events/${event}/tables/${state.table.table}/decks`, state.token),
  fileName: () => `decks-event-${event}-table-${state.table.table}.json`,
  rerender: () => state.table && renderDeck(state.table, state.table.you?.seat ?? null),
});

function renderDeck(table, mySeat) {
  const hand = table.hand;
  const last = table.history?.[0];
  const proof = last && hand && last.number === hand.number ? last.proof : null;
  // Only a player sends values and fetches proofs; a spectator sees the commitments.
  deck.render({ table: table.table, hand, c: table.commitment, mySeat: state.token ? mySeat : null, proof });
}

function showStanding(me) {
  const box = $('#standing');
  const st = me?.standing;
  box.hidden = !st || !!me.table;
  if (box.hidden) return;
  const row = (label, value, testid) => h('div', { class: 'kv' }, h('span', {}, label), h('b', { testid }, value));
  box.replaceChildren(...[
    h('h2', {}, st.name),
    row(t('status'), t(`status_${st.status}`), 'my-status'),
    st.place != null ? row(t('place'), `${st.place}.`, 'my-place') : null,
    row(t('prize'), fmtChips(st.prize), 'my-prize'),
    st.bounties ? row(t('bounties'), fmtChips(st.bounties), 'my-bounties') : null,
    st.status === 'reserved' ? h('p', { class: 'notice', testid: 'pay-at-desk' }, t('reserved_pay_at_desk')) : null,
    st.status === 'playing' || st.status === 'registered' || st.status === 'alternate'
      ? h('p', { class: 'muted' }, t(st.status === 'playing' ? 'waiting_for_seat' : 'waiting_for_start'))
      : null,
  ].filter(Boolean));
  box.dataset.testid = 'my-standing';
}

// The director's move of this player not yet carried out (balancing, a broken table, the final
// table): what to do, in the page's language, until the dealers confirm it.
function showMove() {
  const box = $('#my-move');
  const me = state.me?.standing?.player;
  const move = me == null ? null : state.summary?.instructions?.find((i) => i.kind === 'move' && i.player === me);
  box.hidden = !move;
  if (move) box.replaceChildren(h('b', {}, t('you_are_moved')), ' ', lang() === 'de' ? move.de : move.en);
}

// The table a player was moved from or busted at: its last hand's proof (issue 37).
const leftDeck = leftTablePanel({ box: $('#play-deck-left'), prefix: 'play' });

// The table this device last saw the player at, kept over a reload: a page opened after the
// bust still checks the last hand.
const lastTableKey = () => `croupier.lastTable.${event}`;

function onMe(me) {
  if (!me) return;
  const was = state.me ? state.me.table?.table : Number(localStorage.getItem(lastTableKey())) || null;
  state.me = me;
  showStanding(me);
  showMove();
  showTable(me.table ?? null);
  if (me.table) localStorage.setItem(lastTableKey(), String(me.table.table));
  if (was != null && was !== me.table?.table && state.token) {
    const token = state.token;
    leftDeck.left(was, () => get(`/api/events/${event}/tables/${was}/decks`, token), `decks-event-${event}-table-${was}.json`);
  }
}

function showSpectator(relabel = false) {
  const s = state.summary;
  const box = $('#register');
  const open = s?.self_registration_open && !state.token;
  $('#register-form').hidden = !open;
  $('#registration-closed').hidden = open || !s;
  $('#registration-closed').textContent = s?.finished ? t('event_finished') : t('registration_closed');
  box.hidden = !!state.token;
  const select = $('#watch-table');
  const n = s?.tables ?? 0;
  if (relabel || select.options.length !== n + 1) {
    select.replaceChildren(h('option', { value: '' }, t('watch_none')),
      ...Array.from({ length: n }, (_, i) => h('option', { value: i + 1 }, t('table_n', { n: i + 1 }))));
    if (state.watching) select.value = String(state.watching);
  }
}

// --- the connection -----------------------------------------------------------------------

function onMessage(msg) {
  switch (msg.type) {
    case 'summary':
      state.summary = msg.summary;
      clock.update(msg.summary);
      showMove();
      if (!state.token) showSpectator();
      tick();
      break;
    case 'me':
      onMe(msg.me);
      break;
    case 'table':
      if (!state.token && msg.table.table === state.watching) showTable(msg.table);
      break;
    case 'error':
      showError(msg.error);
      if (msg.error.code === 'unauthorized' && state.token) forget();
      break;
    default:
      break; // seating and standings: not shown here
  }
}

function startSocket() {
  state.socket?.close();
  state.socket = connect(event, state.token, onMessage, header.setConnection);
}

function forget() {
  setPlayerToken(event, null);
  localStorage.removeItem(lastTableKey());
  state.token = null;
  state.me = null;
  showTable(null);
  $('#standing').hidden = true;
  $('#forget-token').hidden = true;
  $('#my-hands').hidden = true;
  startSocket();
  showSpectator();
}

$('#forget-token').addEventListener('click', () => {
  if (confirm(t('forget_confirm'))) forget();
});

$('#register-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const name = $('#register-name').value.trim();
  if (!name) return;
  attempt(async () => {
    const reg = await post(`/api/events/${event}/register`, { name, bot: false });
    setPlayerToken(event, reg.token);
    state.token = reg.token;
    state.watching = null;
    $('#register').hidden = true;
    $('#forget-token').hidden = false;
    $('#my-hands').hidden = false;
    onMe(await get(`/api/events/${event}/me`, state.token));
    startSocket();
  });
});

$('#watch-table').addEventListener('change', (ev) => {
  const table = Number(ev.target.value) || null;
  state.watching = table;
  if (table) state.socket?.watch(table);
  else showTable(null);
});

async function init() {
  translateStatic();
  if (event == null) {
    $('#no-event').hidden = false;
    return;
  }
  if (state.token) {
    try {
      onMe(await get(`/api/events/${event}/me`, state.token));
    } catch (e) {
      showError(e);
      if (e.status === 401 || e.status === 403 || e.status === 404) {
        setPlayerToken(event, null);
        state.token = null;
      }
    }
  }
  $('#forget-token').hidden = !state.token;
  $('#my-hands').hidden = !state.token;
  try {
    state.summary = await get(`/api/events/${event}`);
    clock.update(state.summary);
  } catch (e) {
    showError(e);
  }
  if (!state.token) {
    $('#register').hidden = false;
    showSpectator();
  }
  startSocket();
  tick();
}

window.matchMedia('(max-width: 600px)').addEventListener('change', () => state.table && showTable(state.table));

onLang(() => {
  if (state.table) showTable(state.table);
  if (state.me) showStanding(state.me);
  showMove();
  leftDeck.render();
  if (!state.token) showSpectator(true);
  tick();
});

init();
