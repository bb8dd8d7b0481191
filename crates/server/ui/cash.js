// cash.js: a guest's own page in the cash room (/cash, issues 18 and 36), phone first: register
// with a name (the token is kept in this browser), the seat offered (buy-in, post or wait for the
// big blind), the table as /play draws it (seats round the felt, cards, bets, pots, the legal
// actions with the exact call and a raise control, the time to act and time called by the
// game's profile: TDA-29, HC-1.13.7, DG-14a, WWPLA-11), the guest's seat (sit out and what the
// profile does while away: HC-1.9, JPR-3.0; top up, cash out), the lists with the guest's place,
// and the sessions. A seat offered and the guest's turn are told by a sound, a vibration, the
// tab's title and a browser notification, also while the page is in the background (alerts.js).
// Everything is pushed: the page reads the guest's view again when the room changes, not when
// a hand is played at another table.
// Test ids: cash-register, cash-name, cash-register-go, cash-me, cash-alerts, cash-alerts-on,
// cash-offer (data-table, data-seat), cash-offer-left (data-s), cash-buy-in, cash-wait,
// cash-accept, cash-decline, cash-table, cash-turn-line, cash-turn, cash-timer (data-ms),
// cash-clock-called (data-rule), cash-won, cash-next, cash-seat (data-away, data-chips),
// cash-away, cash-back, cash-back-wait, cash-away-rules (data-rule), cash-top-up-amount,
// cash-top-up, cash-cash-out, cash-confirm, cash-confirm-yes, cash-confirm-no, cash-lists,
// cash-game (data-game), cash-join, cash-leave, cash-place (data-place), cash-why (data-why,
// data-ahead), cash-phone-panel, cash-phone, cash-consent, cash-phone-save, cash-phone-on-file,
// cash-phone-remove, cash-forget, cash-sessions, cash-deck, cash-deck-commitment (data-commitment),
// cash-deck-check (data-ok), cash-deck-download, cash-deck-left (data-table), cash-deck-left-check,
// cash-deck-left-download; the felt's and the action bar's ids from
// table.js and actions.js.

import { get, post, changes } from './api.js';
import { h, $, fmtChips, fmtTime, fmtDayTime, pageHeader, attempt } from './dom.js';
import { t, lang, onLang, variantName } from './i18n.js';
import { renderFelt } from './table.js';
import { actionBar } from './actions.js';
import { alerts } from './alerts.js';
import { deckPanel, leftTablePanel } from './deckpanel.js';

pageHeader('cash');

const KEY = 'croupier.guest_token';
let token = localStorage.getItem(KEY);
let me = null;
let board = null;
// The server's clock less the browser's, from the last read: countdowns tick by it.
let skew = 0;
const serverNow = () => Date.now() + skew;
// What the guest is asked to confirm (a cash-out), until answered.
let confirming = null;

const ask = (request) => attempt(async () => {
  const answer = await post('/api/ring/me', request, token);
  if (request.type === 'forget') return forgotten();
  me = answer;
  skew = me.now_ms - Date.now();
  render();
});

/** This browser no longer knows the guest: forgotten, or the token not known. */
function forgotten() {
  localStorage.removeItem(KEY);
  localStorage.removeItem(LAST_TABLE);
  deckTable = null;
  token = null;
  me = null;
  render();
}

const bar = actionBar({ act: (hand, action) => ask({ type: 'act', hand, action }) });
$('#cash-action-slot').append(bar.root);

const alert = alerts({ root: $('#cash-alerts') });

// Inputs made once, so that a push redraws around what the guest is typing.
const inputs = {
  buyIn: h('input', { type: 'number', inputmode: 'numeric', testid: 'cash-buy-in', class: 'num big' }),
  wait: h('input', { type: 'checkbox', testid: 'cash-wait' }),
  topUp: h('input', { type: 'number', inputmode: 'numeric', testid: 'cash-top-up-amount', class: 'num big', min: 1 }),
  phone: h('input', { type: 'tel', inputmode: 'tel', autocomplete: 'tel', testid: 'cash-phone', placeholder: '+49 170 1234567', maxlength: 24 }),
  consent: h('input', { type: 'checkbox', testid: 'cash-consent' }),
};
let offerKey = null;

$('#cash-register-go').addEventListener('click', () => attempt(async () => {
  const r = await post('/api/ring/guests', { name: $('#cash-name').value });
  token = r.token;
  localStorage.setItem(KEY, token);
  await refresh();
}));

// --- the seat offered --------------------------------------------------------------------

function renderOffer() {
  const box = $('#cash-offer');
  const o = me.offer;
  box.hidden = !o;
  if (!o) {
    offerKey = null;
    return;
  }
  const key = `${o.table}:${o.seat}:${o.expires_ms}`;
  if (key !== offerKey) {
    offerKey = key;
    inputs.buyIn.min = o.min_buy_in;
    inputs.buyIn.max = o.max_buy_in;
    inputs.buyIn.value = o.brings ?? o.min_buy_in;
    inputs.wait.checked = false;
  }
  box.dataset.table = o.table;
  box.dataset.seat = o.seat;
  const left = h('p', { class: 'cash-offer-left', testid: 'cash-offer-left' });
  box.replaceChildren(...[
    h('h2', {}, t('cash_offer', { game: o.game_name, table: o.table + 1, seat: o.seat })),
    left,
    o.brings != null
      ? h('p', {}, t('cash_brings', { chips: fmtChips(o.brings) }))
      : h('label', {}, t('cash_buy_in', { min: fmtChips(o.min_buy_in), max: fmtChips(o.max_buy_in) }), inputs.buyIn),
    h('label', { class: 'check' }, inputs.wait, ' ', t('cash_wait_bb')),
    h('div', { class: 'cash-buttons' },
      h('button', { class: 'btn primary big', testid: 'cash-accept', onclick: () => ask({ type: 'accept', buy_in: Number(inputs.buyIn.value), wait: inputs.wait.checked }) }, t('cash_accept')),
      h('button', { class: 'btn big', testid: 'cash-decline', onclick: () => ask({ type: 'decline' }) }, t('cash_decline'))),
  ].filter(Boolean));
  tickOffer();
}

function tickOffer() {
  const o = me?.offer;
  const el = $('[data-testid="cash-offer-left"]');
  if (!o || !el) return;
  const s = Math.max(0, Math.round((o.expires_ms - serverNow()) / 1000));
  el.textContent = t('cash_offer_until', { s, time: fmtDayTime(o.expires_ms - skew) });
  el.dataset.s = s;
  el.classList.toggle('urgent', s <= 20);
}

// --- the table ---------------------------------------------------------------------------

/** The guest's table as table.js draws a tournament table. */
function feltView(tb) {
  const hand = tb.hand;
  const live = hand && hand.street !== 'over';
  const mySeat = me.seat?.seat ?? null;
  return {
    table: tb.id + 1,
    waiting: hand ? null : t('cash_waiting_for_players'),
    seats: tb.seats.map((s, i) => s && {
      seat: i + 1,
      player: s.guest,
      name: s.name,
      stack: s.chips,
      bet: live ? s.bet : 0,
      cards: s.cards,
      folded: s.in_hand && s.folded,
      all_in: live && s.in_hand && !s.folded && s.chips === 0,
      in_hand: s.in_hand,
      to_act: live && hand.to_act === i + 1,
      away: s.away,
      button: (hand ? hand.button : tb.next?.button) === i + 1,
      big_blind: !live && tb.next?.big_blind === i + 1,
    }),
    hand: hand && {
      number: hand.number,
      street: hand.street,
      board: hand.board,
      pots: hand.pots,
      total_pot: hand.pot,
      announcements: [],
      equities: [],
    },
    you: mySeat != null ? { seat: mySeat, legal: live ? hand.legal : null } : null,
  };
}

let turnKey = null;
let calledKey = null;

function renderTable() {
  const tb = me.table;
  const area = $('#cash-table');
  area.hidden = !tb;
  if (!tb) {
    bar.update(null);
    return;
  }
  const view = feltView(tb);
  renderFelt($('#cash-felt'), view, view.you?.seat ?? null);
  bar.update(view);
  const hand = tb.hand;
  const live = hand && hand.street !== 'over';
  const mine = !!(live && hand.legal);
  const who = live && hand.to_act ? tb.seats[hand.to_act - 1] : null;
  const turn = $('#cash-turn');
  turn.textContent = mine ? t('your_turn') : who ? t('to_act', { who: who.name }) : '';
  turn.dataset.testid = mine ? 'your-turn' : 'cash-turn';
  const called = $('#cash-called');
  called.hidden = !(live && hand.clock_called);
  if (live && hand.clock_called) {
    called.textContent = t(`cash_time_called_${hand.clock_expiry}`, { s: hand.clock_seconds, rule: hand.clock_rule });
    called.dataset.rule = hand.clock_rule;
  }
  const won = $('#cash-won');
  won.hidden = !(hand && !live && hand.won.length);
  won.textContent = hand && !live ? hand.won.map((w) => t('cash_wins', { name: w.name, amount: fmtChips(w.amount) })).join(' · ') : '';
  const next = $('#cash-next');
  next.hidden = !(tb.next && !live);
  if (tb.next && !live) {
    next.replaceChildren(t('cash_next', {
      button: tb.next.button || '–', bb: tb.next.big_blind || '–',
      posts: tb.next.posts.map((p) => `${p.seat}: ${fmtChips(p.live)}${p.dead ? ` + ${fmtChips(p.dead)} ${t('cash_dead')}` : ''}`).join(', ') || '–',
    }), ' ', ...tb.next.rules.map((r) => h('span', { class: 'rule' }, r)));
  }
  // The guest is told when it becomes their turn, and again when time is called on them.
  const tk = mine ? `${hand.number}:${hand.street}:${hand.legal.call ?? ''}:${hand.legal.min_to ?? ''}` : null;
  if (tk && tk !== turnKey) {
    alert.raise('turn', t('alert_turn_title'), t('alert_turn_body', { table: tb.id + 1 }));
    // On a phone the actions come on screen at once.
    bar.root.scrollIntoView({ block: 'nearest' });
  }
  turnKey = tk;
  const ck = mine && hand.clock_called ? `${hand.number}:${hand.act_deadline_ms}` : null;
  if (ck && ck !== calledKey) alert.raise('clock', t('alert_clock_title'), t('alert_clock_body', { s: hand.clock_seconds, rule: hand.clock_rule }));
  calledKey = ck;
  if (!mine && !me.offer) alert.settle();
  renderDeck(tb);
  tickTimer();
}

// Issue 37: decks anyone can check (deckpanel.js).
const deck = deckPanel({
  box: $('#cash-deck'),
  prefix: 'cash',
  sendValue: (hand, value) => post('/api/ring/me', { type: 'deck_value', hand, value }, token),
  fetchFile: () => get(`/api/ring/tables/${me.table.id}/decks`, token),
  fileName: () => `decks-table-${me.table.id + 1}.json`,
  rerender: () => render(),
});

// The table the guest left (stood up, cashed out, moved): its last hand's proof.
const leftDeck = leftTablePanel({ box: $('#cash-deck-left'), prefix: 'cash' });
// The table this device last saw the guest at, kept over a reload (from 0).
const LAST_TABLE = 'croupier.cashLastTable';
let deckTable;

/** The guest's table changed: the one left has its last hand checked. */
function leftTable() {
  const now = me?.table?.id ?? null;
  const kept = localStorage.getItem(LAST_TABLE);
  const was = deckTable === undefined ? (kept == null ? null : Number(kept)) : deckTable;
  deckTable = now;
  if (now != null) localStorage.setItem(LAST_TABLE, String(now));
  if (was == null || was === now || !token) return;
  const tk = token;
  leftDeck.left(was + 1, () => get(`/api/ring/tables/${was}/decks`, tk), `decks-table-${was + 1}.json`);
}

function renderDeck(tb) {
  const mySeat = me.seat && me.seat.table === tb.id ? me.seat.seat : null;
  const hand = tb.hand;
  deck.render({ table: tb.id, hand, c: tb.commitment, mySeat, proof: hand?.proof });
}

function tickTimer() {
  const hand = me?.table?.hand;
  const timer = $('#cash-timer');
  if (hand && hand.street !== 'over' && hand.act_deadline_ms && hand.to_act != null) {
    const ms = Math.max(0, hand.act_deadline_ms - serverNow());
    timer.hidden = false;
    timer.textContent = fmtTime(ms);
    timer.dataset.ms = Math.round(ms);
    timer.classList.toggle('urgent', hand.clock_called || ms < 10_000);
  } else {
    timer.hidden = true;
  }
}

// --- the guest's seat --------------------------------------------------------------------

/** What the game's profile does with a guest away from the table. */
function awayRules(profile) {
  const rule = { hc: 'HC-1.9', jpr: 'JPR-3.0' }[profile] ?? null;
  return h('p', { class: 'muted cash-away-rules', testid: 'cash-away-rules', data: { rule: rule ?? '' } },
    t(rule ? `cash_away_rules_${profile}` : 'cash_away_rules_default'), ' ',
    rule ? h('span', { class: 'rule' }, rule) : null);
}

function confirmBox() {
  if (!confirming) return null;
  return h('div', { class: 'cash-confirm', testid: 'cash-confirm', role: 'alertdialog' },
    h('p', {}, confirming.text),
    h('div', { class: 'cash-buttons' },
      h('button', { class: 'btn primary big', testid: 'cash-confirm-yes', onclick: () => { const c = confirming; confirming = null; ask(c.request); } }, confirming.yes),
      h('button', { class: 'btn big', testid: 'cash-confirm-no', onclick: () => { confirming = null; render(); } }, t('cash_keep_playing'))));
}

function renderSeat() {
  const s = me.seat;
  const box = $('#cash-seat');
  box.hidden = !s;
  if (!s) return;
  box.dataset.away = s.away ? 'yes' : 'no';
  box.dataset.chips = s.chips;
  if (inputs.topUp !== document.activeElement) inputs.topUp.value = Math.max(1, s.max_buy_in - s.chips);
  inputs.topUp.max = Math.max(1, s.max_buy_in - s.chips);
  const owes = s.owes ? ` · ${t('cash_owes_' + s.owes)}` : '';
  box.replaceChildren(...[
    h('h2', {}, t('cash_my_seat', { table: s.table + 1, seat: s.seat })),
    // In a hand: the stack behind, as the table shows it.
    h('p', { class: 'cash-stack' }, `${t('col_chips')}: ${fmtChips(me.table?.seats[s.seat - 1]?.chips ?? s.chips)}${s.away ? ` · ${t('ring_away')}` : ''}${owes}`),
    h('div', { class: 'cash-buttons' },
      s.away
        ? [h('button', { class: 'btn primary big', testid: 'cash-back', onclick: () => ask({ type: 'back', wait: false }) }, t('cash_back_post')),
          h('button', { class: 'btn big', testid: 'cash-back-wait', onclick: () => ask({ type: 'back', wait: true }) }, t('cash_back_wait'))]
        : h('button', { class: 'btn big', testid: 'cash-away', onclick: () => ask({ type: 'away' }) }, t('cash_away'))),
    me.table ? awayRules(me.table.profile) : null,
    h('div', { class: 'cash-buttons cash-money' },
      h('label', {}, t('cash_top_up_by'), inputs.topUp),
      h('button', { class: 'btn big', testid: 'cash-top-up', disabled: s.in_hand, onclick: () => ask({ type: 'top_up', amount: Number(inputs.topUp.value) }) }, t('cash_top_up')),
      h('button', {
        class: 'btn big danger', testid: 'cash-cash-out', disabled: s.in_hand,
        onclick: () => {
          confirming = { text: t('cash_confirm_cash_out', { chips: fmtChips(s.chips) }), yes: t('cash_cash_out'), request: { type: 'cash_out' } };
          render();
        },
      }, t('cash_cash_out'))),
    s.in_hand ? h('p', { class: 'muted' }, t('cash_between_hands')) : null,
    confirming?.request.type === 'cash_out' ? confirmBox() : null,
  ].filter(Boolean));
}

// --- the lists ---------------------------------------------------------------------------

function renderLists() {
  const listed = new Map(me.lists.map((l) => [l.game, l]));
  const seatedGame = me.table ? board?.games.find((g) => g.tables.some((tb) => tb.id === me.table.id))?.id : null;
  const games = (board?.games ?? []).map((g) => {
    const l = listed.get(g.id);
    const open = g.tables.reduce((n, tb) => n + tb.open_seats, 0);
    const place = l ? t(l.wants === 'table_change' ? 'cash_place_change' : 'cash_place', { n: l.place }) : null;
    // Why no offer comes (issue 36 item 4): the reason and how many are served first.
    const why = l?.why ? t(`list_why_${l.why}`, { n: l.ahead }) : null;
    return h('li', { class: 'cash-game', testid: 'cash-game', data: { game: g.id } },
      h('div', { class: 'cash-game-name' }, h('b', {}, g.name), ` · ${variantName(g.variant)} ${g.stakes}`),
      h('div', { class: 'muted' }, `${t('ring_buy_in', { min: fmtChips(g.min_buy_in), max: fmtChips(g.max_buy_in) })}`
        + ` · ${t('ring_open_seats', { n: open })} · ${t('cash_on_list', { n: g.waiting.length })}`),
      l
        ? h('div', { class: 'cash-listed' },
          h('span', { class: 'cash-place', testid: 'cash-place', data: { place: l.place } }, place),
          why ? h('span', { class: 'muted cash-why', testid: 'cash-why', data: { why: l.why, ahead: l.ahead } }, why) : null,
          h('button', { class: 'btn', testid: 'cash-leave', onclick: () => ask({ type: 'leave', game: g.id }) }, t('cash_leave')))
        : h('button', { class: 'btn primary', testid: 'cash-join', onclick: () => ask({ type: 'join', game: g.id }) },
          t(seatedGame === g.id ? 'cash_change_table' : 'cash_join')));
  });
  $('#cash-lists').replaceChildren(h('h2', {}, t('cash_hello', { name: me.name })),
    games.length ? h('ul', { class: 'cash-games', testid: 'cash-games' }, ...games) : h('p', { class: 'muted' }, t('ring_empty')));
}

/** The guest's number for a text when a seat is offered: optional, with consent, shown to the
 * desk only, deleted with the guest (issue 36 item 3). */
function renderPhone() {
  const box = $('#cash-phone');
  const forget = h('button', { class: 'btn danger', testid: 'cash-forget', disabled: !!me.seat, onclick: () => {
    confirming = { text: t('guest_forget_confirm'), yes: t('forget_me'), request: { type: 'forget' } };
    render();
  } }, t('forget_me'));
  if (me.phone_set) {
    box.replaceChildren(...[
      h('p', { testid: 'cash-phone-on-file' }, t('phone_on_file')),
      h('div', { class: 'cash-buttons' },
        h('button', { class: 'btn', testid: 'cash-phone-remove', onclick: () => ask({ type: 'phone', phone: null, consent: false, lang: lang() }) }, t('phone_remove')),
        forget),
      confirming?.request.type === 'forget' ? confirmBox() : null,
    ].filter(Boolean));
    return;
  }
  box.replaceChildren(...[
    h('label', {}, t('phone_label'), inputs.phone),
    h('label', { class: 'check cash-consent' }, inputs.consent, ' ', t('phone_consent')),
    h('div', { class: 'cash-buttons' },
      h('button', { class: 'btn primary', testid: 'cash-phone-save', onclick: () => ask({ type: 'phone', phone: inputs.phone.value.trim(), consent: inputs.consent.checked, lang: lang() }) }, t('phone_save')),
      forget),
    confirming?.request.type === 'forget' ? confirmBox() : null,
  ].filter(Boolean));
}

function renderSessions() {
  const box = $('#cash-sessions');
  box.hidden = !me.sessions.length;
  box.replaceChildren(h('h3', {}, t('cash_sessions')),
    h('ul', {}, ...me.sessions.map((s) => h('li', {},
      `${fmtDayTime(s.start_ms)} · ${t('table')} ${s.table + 1}: ${t('cash_brought')} ${fmtChips(s.brought)}`
      + (s.end_ms != null ? `, ${t('cash_took')} ${fmtChips(s.took)} (${fmtDayTime(s.end_ms)})` : '')))));
}

// --- the page ----------------------------------------------------------------------------

function render() {
  // A push redraws the panels: the field being typed in keeps its focus and its caret.
  const focused = document.activeElement;
  const caret = focused?.type === 'text' ? [focused.selectionStart, focused.selectionEnd] : null;
  draw();
  if (focused && focused !== document.activeElement && Object.values(inputs).includes(focused) && focused.isConnected) {
    focused.focus();
    if (caret) focused.setSelectionRange(...caret);
  }
}

function draw() {
  $('#cash-register').hidden = !!token;
  $('#cash-me').hidden = !me;
  if (!me) return;
  const hadOffer = offerKey;
  renderOffer();
  if (me.offer && offerKey !== hadOffer) {
    const o = me.offer;
    alert.raise('offer', t('alert_offer_title'), t('cash_offer', { game: o.game_name, table: o.table + 1, seat: o.seat }));
  }
  renderTable();
  leftTable();
  leftDeck.render();
  renderSeat();
  renderLists();
  renderPhone();
  renderSessions();
}

/** Reads the guest's view again, and the board (the games, their seats and lists) with it
 * unless only hands changed. */
async function refresh(withBoard = true) {
  if (!token) return render();
  try {
    [me, board] = await Promise.all([get('/api/ring/me', token), withBoard || !board ? get('/api/ring') : board]);
    skew = me.now_ms - Date.now();
  } catch (e) {
    if (e.status === 401 || e.status === 404) forgotten();
  }
  render();
}

onLang(render);
let link = null;
let followed = null;
// The room's changes are pushed; the countdowns tick here, between them.
refresh().then(follow);

/** Follows the room's changes that concern this guest (`?table=`): every change beyond
 * hands' steps, and the steps at the guest's own table, none elsewhere. A guest seated at
 * another table follows that one from then on. */
function follow() {
  const table = me?.table ? String(me.table.id) : 'none';
  if (link && followed === table) return;
  link?.close();
  followed = table;
  link = changes(`/api/ring/ws?table=${table}`, (msg) => {
    refresh(!msg?.tables).then(follow);
  });
}
setInterval(() => {
  tickOffer();
  tickTimer();
}, 250);
