// dealer.js: the dealer tablet for a live table (/dealer[?secret=S][&table=N], or
// /dealer?table=N&token=T with the table's dealer token, which runs that table only). The TD
// opens a table; the dealer enters what happens and sees the pots, the amount to call, the minimum
// raise, who acts next and every ruling with its rules.
// Test ids: td-secret, td-secret-submit, table-select, dealer-link, dealer-link-out, open-panel, open-toggle, open-profile,
// open-variant, open-sb, open-bb, open-ante, open-bb-ante, open-button, open-denominations,
// open-names, open-table, hand-summary (data-hand, data-street), board (data-cards),
// board-card (data-card: '' when not entered), pot (data-pot, data-amount), total-pot, to-call
// (data-amount), call-amount, min-raise (data-to), max-raise (data-to), next-to-act
// (data-player), waiting (data-kind), reminders, reminder (data-rule), players, player-row (data-player, data-seat, data-stack,
// data-bet, data-status), passive-only (data-rule), out-row, event-notes, event-note
// (data-kind), event-instruction (data-id, data-kind) at a table that follows an event's;
// the act form's, ruling's, steps'
// and menu's ids are in dealer-act.js, dealer-ruling.js, dealer-steps.js and dealer-menu.js.

import { get, post, param, takeParam, tdSecret, setTdSecret, ApiError, changes } from './api.js';
import { h, $, fmtChips, cardEl, pageHeader, attempt, ruleBadge } from './dom.js';
import { t, lang, onLang } from './i18n.js';
import { actForm } from './dealer-act.js';
import { rulingsView } from './dealer-ruling.js';
import { stepsView } from './dealer-steps.js';
import { irregularityMenu } from './dealer-menu.js';

const urlSecret = takeParam('secret');
if (urlSecret) setTdSecret(urlSecret);
// A dealer's token is for this tablet's session only, never kept as the TD's secret.
const DEALER_KEY = 'croupier.dealer_token';
const urlToken = takeParam('token');
if (urlToken) sessionStorage.setItem(DEALER_KEY, urlToken);

const state = {
  secret: sessionStorage.getItem(DEALER_KEY) || tdSecret(),
  dealer: false,
  tables: [],
  id: param('table') != null ? Number(param('table')) : null,
  view: null,
};
pageHeader('dealer');

/** Sends a change to the current table; the answer is its new view. */
async function send(path, body) {
  const view = await post(`/api/floor/${state.id}/${path}`, { hand: state.view.hand, ...body }, state.secret);
  show(view);
  return view;
}

const act = actForm($('#act-form'), (a) => send('act', { act: a }), () => send('notice', {}));
const rulings = rulingsView($('#rulings'));
const steps = stepsView($('#steps'), send);
const menu = irregularityMenu($('#menu'), $('#procedure'), (irregularity) => send('irregularity', { irregularity }));

// --- signing in and choosing a table ------------------------------------------------------

async function signIn(secret) {
  const who = await get('/api/whoami', secret);
  state.dealer = who?.role === 'dealer';
  if (!state.dealer && who?.role !== 'td') {
    throw new ApiError({ status: 403, code: 'not_td', message: t('not_td_secret') });
  }
  if (!state.dealer) setTdSecret(secret);
  state.secret = secret;
  // A dealer runs the table of their token: no opening of tables.
  $('#open-panel').hidden = state.dealer;
  $('#login').hidden = true;
  $('#console').hidden = false;
  await loadTables();
}

$('#login-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  attempt(() => signIn($('#td-secret').value.trim()));
});

async function loadTables() {
  state.tables = (await get('/api/floor', state.secret)) || [];
  if (state.dealer) state.tables = state.tables.filter((v) => v.id === state.id);
  const select = $('#table-select');
  select.replaceChildren(h('option', { value: '' }, t('choose_table')),
    ...state.tables.map((v) => h('option', { value: v.id }, tableLabel(v))));
  if (state.id != null && !state.tables.some((v) => v.id === state.id)) state.id = null;
  select.value = state.id ?? '';
  $('#open-panel').open = !state.dealer && state.tables.length === 0;
  choose(state.id, state.tables.find((v) => v.id === state.id));
}

const tableLabel = (v) => `${v.id + 1} · ${v.players.map((p) => p.name).join(', ')}`;

$('#table-select').addEventListener('change', (ev) => {
  const id = ev.target.value === '' ? null : Number(ev.target.value);
  choose(id, state.tables.find((v) => v.id === id));
});

function choose(id, view) {
  state.id = id;
  state.view = null;
  const url = new URL(location.href);
  if (id == null) url.searchParams.delete('table');
  else url.searchParams.set('table', id);
  history.replaceState(history.state, '', url.pathname + url.search);
  $('#table-body').hidden = id == null;
  // The TD hands a tablet a link that runs this table only.
  $('#dealer-link').hidden = state.dealer || id == null;
  $('#dealer-link-out').hidden = true;
  if (view) show(view);
}

$('#dealer-link').addEventListener('click', () => attempt(async () => {
  const made = await post(`/api/floor/${state.id}/dealer-token`, undefined, state.secret);
  const url = new URL(made.url, location.href).href;
  const out = $('#dealer-link-out');
  out.replaceChildren(t('dealer_link_note'), ' ', h('a', { href: url }, url));
  out.hidden = false;
}));

$('#open-table').addEventListener('click', () => attempt(async () => {
  const num = (sel) => Math.max(0, Math.round(Number($(sel).value) || 0));
  const lines = $('#open-names').value.split('\n').map((l) => l.trim()).filter(Boolean);
  const names = [];
  const stacks = [];
  for (const line of lines) {
    const m = line.match(/^(.*?)[\s,;:]+(\d+)$/);
    names.push(m ? m[1].trim() : line);
    stacks.push(m ? Number(m[2]) : 0);
  }
  const body = {
    profile: $('#open-profile').value,
    variant: $('#open-variant').value,
    names,
    stacks,
    small_blind: num('#open-sb'),
    big_blind: num('#open-bb'),
    ante: num('#open-ante'),
    big_blind_ante: num('#open-bb-ante'),
    denominations: $('#open-denominations').value.split(/[\s,;]+/).filter(Boolean).map(Number),
  };
  if ($('#open-button').value.trim() !== '') body.button = num('#open-button');
  const view = await post('/api/floor', body, state.secret);
  state.id = view.id;
  $('#open-panel').open = false;
  await loadTables();
}));

// --- the table ----------------------------------------------------------------------------

// The table's changes are pushed (`/api/floor/{table}/ws`: "changed"), and the tablet reads
// the table then: a hand entered on another tablet, the next hand of a followed table as the
// director deals it, an instruction for it, the table broken. Nothing is polled; a dropped
// connection comes back by itself, with a growing delay.
let stream = null;
function follow(view) {
  if (stream?.table === view.id) return;
  stream?.close();
  const table = view.id;
  stream = changes(`/api/floor/${table}/ws`, () => attempt(async () => show(await get(`/api/floor/${table}`))));
  stream.table = table;
}

/** A followed table shows what the event's director says for it: why it waits, and the
 *  instructions for it (confirmed on the console or the pad). */
async function eventNotes(view) {
  const box = $('#event-notes');
  const tr = view.tracking;
  box.hidden = !tr || tr.cash;
  if (!tr || tr.cash) return;
  const s = await get(`/api/events/${tr.event}`);
  const text = (x) => (lang() === 'de' ? x.de : x.en);
  const notes = (s.notices ?? []).filter((n) => n.tables.includes(tr.table))
    .map((n) => h('li', { testid: 'event-note', data: { kind: n.kind } }, text(n)));
  const mine = (s.instructions ?? []).filter((i) => i.tables.includes(tr.table) || i.holds.includes(tr.table))
    .map((i) => h('li', { testid: 'event-instruction', data: { id: i.id, kind: i.kind } }, text(i)));
  box.replaceChildren(...notes, ...mine);
}

function show(view) {
  if (!view || view.id !== state.id) return;
  state.view = view;
  follow(view);
  attempt(() => eventNotes(view));
  const i = state.tables.findIndex((v) => v.id === view.id);
  if (i >= 0) state.tables[i] = view;
  renderSummary(view);
  renderPlayers(view);
  act.update(view);
  rulings.update(view);
  steps.update(view);
  menu.update(view);
}

const nameOf = (v, p) => v.players[p]?.name ?? '';

function waitingText(v) {
  const w = v.waiting;
  if (v.tracking?.broken) return t(v.tracking.cash ? 'tracking_closed' : 'tracking_broken', { table: v.tracking.table });
  if (w.kind === 'director' && v.tracking?.cash) return t('waiting_cash', { table: v.tracking.table });
  if (w.kind === 'director') return t('waiting_director', { table: v.tracking?.table ?? '' });
  const who = nameOf(v, w.player);
  if (w.kind === 'board') return t('waiting_board', { street: t(`street_${w.street}`) });
  if (w.kind === 'award_pot') return t('waiting_award_pot', { pot: potName(w.pot) });
  return t(`waiting_${w.kind}`, { who });
}

// The reminders stay open or closed across the view's updates, as the dealer left them.
let remindersOpen = false;

const potName = (i) => (i === 0 ? t('main_pot') : t('side_pot', { n: i }));

function renderSummary(v) {
  const kv = (label, value, testid, data) => h('div', { class: 'kv' }, h('span', {}, label), h('b', { testid, data }, value));
  const box = $('#hand-summary');
  box.dataset.hand = v.hand;
  box.dataset.street = v.street;
  const blinds = `${fmtChips(v.small_blind)}/${fmtChips(v.big_blind)}${v.ante ? ` · ${t('ante')} ${fmtChips(v.ante)}` : ''}`
    + `${v.big_blind_ante ? ` · ${t('bb_ante')} ${fmtChips(v.big_blind_ante)}` : ''}`;
  box.replaceChildren(
    h('h2', {}, t('hand_n', { n: v.hand }), ' · ', t(`street_${v.street}`)),
    h('div', { class: 'muted' }, `${v.variant_name} · ${v.profile_name} · ${t('blinds')} ${blinds}`),
    h('div', { class: 'board dealer-board', testid: 'board', data: { cards: v.board.length } },
      v.board.map((c) => h('span', { testid: 'board-card', data: { card: c ?? '' } }, cardEl(c, 'small')))),
    h('div', { class: 'pots dealer-pots' }, v.pots.map((p, i) => h('span', {
      class: 'pot', testid: 'pot', data: { pot: i, amount: p.amount },
    }, `${potName(i)}: ${fmtChips(p.amount)} (${p.names.join(', ')})`))),
    h('div', { class: 'kvs' },
      kv(t('total_pot'), fmtChips(v.total_pot), 'total-pot'),
      kv(t('to_call'), fmtChips(v.to_call), 'to-call', { amount: v.to_call }),
      kv(t('call_adds'), v.call_amount == null ? '–' : fmtChips(v.call_amount), 'call-amount'),
      kv(t('min_raise'), v.min_raise_to == null ? '–' : fmtChips(v.min_raise_to), 'min-raise', { to: v.min_raise_to ?? '' }),
      kv(t('max_raise'), v.max_raise_to == null ? '–' : fmtChips(v.max_raise_to), 'max-raise', { to: v.max_raise_to ?? '' }),
      kv(t('next_to_act'), v.next_to_act == null ? '–' : nameOf(v, v.next_to_act), 'next-to-act',
        { player: v.next_to_act ?? '' })),
    h('p', { class: 'waiting-line', testid: 'waiting', data: { kind: v.waiting.kind } }, waitingText(v)),
    v.reminders.length ? h('details', {
      class: 'reminders', testid: 'reminders', open: remindersOpen,
      ontoggle: (e) => { remindersOpen = e.target.open; },
    },
      h('summary', {}, `${t('reminders')} (${v.reminders.length})`),
      h('ul', { class: 'reasons' }, v.reminders.map((r) => h('li', { testid: 'reminder', data: { rule: r.rule } },
        ruleBadge(r.rule), ' ', r[lang()] ?? r.en)))) : null,
  );
}

function renderPlayers(v) {
  const table = $('#players');
  table.querySelector('thead').replaceChildren(h('tr', {},
    ['seat', 'name', 'col_chips', 'bet', 'status', 'cards'].map((k) => h('th', {}, t(k)))));
  const marker = (on, cls, text) => (on ? h('span', { class: `marker ${cls}` }, text) : null);
  const rows = v.players.map((p) => h('tr', {
    testid: 'player-row',
    class: `${p.player === v.next_to_act ? 'to-act' : ''} ${p.status !== 'live' ? 'out' : ''}`,
    data: { player: p.player, seat: p.seat, stack: p.stack, bet: p.bet, status: p.status },
  },
  h('td', {}, `${p.seat}`),
  h('td', {}, p.name, ' ', marker(p.button, 'dealer', 'D'), marker(p.small_blind, 'sb', 'SB'),
    marker(p.big_blind, 'bb', 'BB')),
  h('td', { class: 'num' }, fmtChips(p.stack)),
  h('td', { class: 'num' }, p.bet ? fmtChips(p.bet) : ''),
  h('td', {}, t(`player_${p.status}`), p.all_in ? h('span', { class: 'badge allin' }, t('all_in')) : null,
    p.passive_only ? h('span', { class: 'badge', testid: 'passive-only', data: { rule: p.passive_only } },
      t('passive'), ruleBadge(p.passive_only)) : null),
  h('td', {}, p.cards.map((c) => cardEl(c, 'tiny')))));
  const out = v.out.map((s) => h('tr', { testid: 'out-row', class: 'out' },
    h('td', {}, `${s.seat}`), h('td', {}, s.name), h('td', { class: 'num' }, '0'), h('td', {}),
    h('td', {}, t('player_out')), h('td', {})));
  table.querySelector('tbody').replaceChildren(...rows, ...out);
}

onLang(() => state.view && show(state.view));

if (state.secret) {
  attempt(() => signIn(state.secret)).then(() => {
    if ($('#console').hidden) $('#login').hidden = false;
  });
} else {
  $('#login').hidden = false;
}
