// td.js: the tournament director's console (/td[?secret=S][&event=E]).
// Test ids: td-secret, td-secret-submit, td-logout, event-select, create-panel (a <details>,
// open while there is no event), new-event-toggle (opens it),
// template-select, tables-mode (online | live: sets `tables` in the TOML), template-toml, seed,
// create-event, event-summary (data-event), event-status,
// start, pause, resume, set-clock-input, set-clock, undo, td-register-name, td-register-bot,
// td-register-submit, add-bots-count, add-bots, player-links, player-link (data-player),
// audit-log, audit-line (data-seq), all-hands (the event's hands as PHH), deal-show, deal, deal-table,
// deal-amount (data-player), deal-fill-chop, deal-fill-icm, deal-play-for, deal-record, deal-prizes-left;
// print-seats, print-tables, print-moves, print-results, export-entries, export-results;
// live events: live-panel, live-tables, notices, notice (data-kind), instructions, instruction
// (data-id, data-kind), instruction-done, seat-cards, seat-card (data-player), seat-cards-submit
// (the final table's draw entered as it fell), break-cards, break-card (data-player: "table/seat"),
// break-cards-submit (TDA-10), source-cards, source-card (data-table), source-cards-submit
// (HC-1.8), race-cards, race-card (data-player), race-cards-submit (chip race), count-player, count-chips, count-submit,
// undo-bust-player, undo-bust (the tables' ids are in live.js);
// the players table's ids are in td-players.js.

import { get, post, connect, param, takeParam, tdSecret, setTdSecret, ApiError, download, timeZone } from './api.js';
import { h, $, fmtChips, fmtTime, fmtDayTime, blindsText, eventName, parseClock, Clock, pageHeader, showError, attempt } from './dom.js';
import { t, lang, onLang, translateStatic, said, actorText } from './i18n.js';
import { playersTable } from './td-players.js';
import { showCards, drawFirst } from './live.js';

const urlSecret = takeParam('secret');
if (urlSecret) setTdSecret(urlSecret);

const state = {
  secret: tdSecret(),
  events: [],
  event: param('event') != null ? Number(param('event')) : null,
  summary: null,
  standings: null,
  socket: null,
  auditTimer: null,
  /** What a deal would pay, while the TD works one out. */
  offer: null,
  /** Every table's seats, for a live event's reports. */
  seating: null,
};
let header = pageHeader('td', state.event);
const clock = new Clock();
const players = playersTable($('#standings-table'), td);

// --- signing in ---------------------------------------------------------------------------

async function signIn(secret) {
  const who = await get('/api/whoami', secret);
  if (who?.role !== 'td') throw new ApiError({ status: 403, code: 'not_td', message: t('not_td_secret') });
  setTdSecret(secret);
  state.secret = secret;
  $('#login').hidden = true;
  $('#console').hidden = false;
  await Promise.all([loadTemplates(), loadEvents()]);
}

$('#login-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  attempt(() => signIn($('#td-secret').value.trim()));
});

$('#td-logout').addEventListener('click', () => {
  setTdSecret(null);
  location.reload();
});

// --- events and templates -----------------------------------------------------------------

async function loadTemplates() {
  const templates = (await get('/api/templates')) || [];
  const select = $('#template-select');
  select.replaceChildren(...templates.map((tp, i) => h('option', { value: i }, tp.name)));
  select.onchange = () => {
    $('#template-toml').value = templates[Number(select.value)]?.toml ?? '';
    setTablesMode($('#tables-mode').value);
  };
  select.onchange();
}

/** Who deals: the top-level `tables` key of the TOML, written before its first table. */
function setTablesMode(mode) {
  const area = $('#template-toml');
  const lines = area.value.split('\n').filter((l) => !/^tables\s*=/.test(l));
  if (mode === 'live') {
    const at = lines.findIndex((l) => /^\s*\[/.test(l));
    lines.splice(at < 0 ? lines.length : at, 0, 'tables = "live"');
  }
  area.value = lines.join('\n');
}
$('#tables-mode').addEventListener('change', (ev) => setTablesMode(ev.target.value));

async function loadEvents() {
  state.events = (await get('/api/events', state.secret)) || [];
  const select = $('#event-select');
  select.replaceChildren(h('option', { value: '' }, t('choose_event')),
    ...state.events.map((e) => h('option', { value: e.id }, `${e.id} · ${e.name}`)));
  if (state.event != null && !state.events.some((e) => e.id === state.event)) state.event = null;
  select.value = state.event ?? '';
  $('#create-panel').open = state.events.length === 0;
  selectEvent(state.event);
}

$('#event-select').addEventListener('change', (ev) => {
  selectEvent(ev.target.value === '' ? null : Number(ev.target.value));
});

$('#create-event').addEventListener('click', () => attempt(async () => {
  const body = { toml: $('#template-toml').value };
  const seed = $('#seed').value.trim();
  if (seed !== '') body.seed = Number(seed);
  const created = await post('/api/events', body, state.secret);
  state.event = created.id;
  $('#create-panel').open = false;
  await loadEvents();
}));

function selectEvent(id) {
  state.event = id;
  state.summary = null;
  state.standings = null;
  players.clear();
  $('#player-links').replaceChildren();
  $('#audit-log').replaceChildren();
  const url = new URL(location.href);
  if (id == null) url.searchParams.delete('event');
  else url.searchParams.set('event', id);
  history.replaceState(history.state, '', url.pathname + url.search);
  header = pageHeader('td', id);
  state.socket?.close();
  state.socket = null;
  $('#event-panel').hidden = id == null;
  $('#event-body').hidden = id == null;
  state.offer = null;
  state.seating = null;
  renderDeal();
  renderLive();
  if (id == null) return;
  renderLinks();
  attempt(async () => {
    const [summary, standings] = await Promise.all([
      get(`/api/events/${id}`, state.secret), get(`/api/events/${id}/standings`, state.secret)]);
    onSummary(summary);
    if (id === state.event && !state.standings) {
      state.standings = standings;
      players.update(standings);
    }
  });
  refreshAudit();
  state.socket = connect(id, state.secret, (msg) => id === state.event && onMessage(msg), header.setConnection);
}

// --- live state ---------------------------------------------------------------------------

function onMessage(msg) {
  if (msg.type === 'summary') onSummary(msg.summary);
  else if (msg.type === 'seating') {
    state.seating = msg.seating;
    renderLive();
    renderInstructions(state.summary?.instructions ?? []);
  } else if (msg.type === 'standings') {
    state.standings = msg.standings;
    players.update(msg.standings);
  } else if (msg.type === 'error') showError(msg.error);
  if (msg.type !== 'error') scheduleAudit();
}

function onSummary(s) {
  if (!s || s.id !== state.event) return;
  state.summary = s;
  clock.update(s);
  renderSummary();
}

function statusOf(s) {
  if (s.finished) return 'finished';
  if (!s.started) return s.registration_open ? 'registering' : 'not_started';
  return s.clock.running ? 'running' : 'paused';
}

function renderSummary() {
  const s = state.summary;
  if (!s) return;
  const c = s.clock;
  const status = statusOf(s);
  const kv = (label, value, testid) => h('div', { class: 'kv' }, h('span', {}, label), h('b', { testid }, value));
  const q = `?event=${s.id}`;
  $('#event-summary').dataset.event = s.id;
  $('#event-summary').replaceChildren(
    h('h2', {}, eventName(s), ' ', h('span', { class: `badge status-${status}`, testid: 'event-status', data: { status } }, t(`event_${status}`))),
    h('div', { class: 'muted' }, `${s.game} · ${s.profile}`),
    h('div', { class: 'kvs' },
      kv(c.on_break ? t('break') : t('level'), c.on_break ? '–' : `${c.level}`, 'level'),
      kv(t('blinds'), blindsText(c.blinds), 'blinds'),
      kv(t('time_left'), fmtTime(clock.remaining()), 'time-left'),
      kv(t('entrants'), `${s.entrants}`, 'entrants'),
      kv(t('players_left'), `${s.players_left}`, 'players-left'),
      kv(t('tables'), `${s.tables}`, 'tables'),
      kv(t('average_stack'), fmtChips(s.average_stack), 'average-stack'),
      kv(t('prize_pool'), fmtChips(s.prize_pool), 'prize-pool'),
      kv(t('rebuys_add_ons'), `${s.rebuys}/${s.add_ons}`, 'rebuys'),
      c.hand_for_hand ? h('span', { class: 'badge h4h', testid: 'hand-for-hand' }, t('hand_for_hand')) : null),
    h('div', { class: 'page-links' },
      ['play', 'clock', 'seating', 'standings'].map((p) => h('a', { href: `/${p}${q}`, target: '_blank', testid: `link-${p}` }, t(`nav_${p}`)))),
    h('div', { class: 'page-links' },
      ['seats', 'tables', 'moves', 'results', 'payouts'].map((sheet) => h('a', { href: `/print${q}&sheet=${sheet}`, target: '_blank', testid: `print-${sheet}` }, t(`sheet_${sheet}`))),
      ['entries', 'results'].map((file) => h('a', { href: `/api/events/${s.id}/${file}.csv`, download: '', testid: `export-${file}` }, t(`export_${file}`)))));
  $('#live-panel').hidden = !s.live;
  $('#notices').replaceChildren(...(s.notices ?? []).map((n) =>
    h('li', { testid: 'notice', data: { kind: n.kind } }, lang() === 'de' ? n.de : n.en)));
  renderInstructions(s.instructions ?? []);
  $('#start').hidden = s.started;
  // At a live table a hand is always in play: the tables are held after it for a deal.
  $('#deal-hold').textContent = t(s.held_for_deal ? 'deal_release' : 'deal_hold');
  $('#deal-hold').dataset.state = s.held_for_deal ? 'held' : 'playing';
  // The draw before the start (seat cards and table sheets print then), drawn again until it.
  $('#draw-seats').hidden = s.started || s.finished;
  $('#draw-seats').textContent = t(s.tables > 0 ? 'redraw_seats' : 'draw_seats');
  $('#pause').hidden = !s.started || s.finished || !c.running;
  $('#resume').hidden = !s.started || s.finished || c.running;
}

/** The instructions, made anew only when they change (a seat-card form keeps what is typed). */
function renderInstructions(list) {
  // The seat-card form lists the final table's players, who come with the seating.
  const finals = list.filter((i) => i.kind === 'final_table' || i.kind === 'break').map((i) =>
    state.seating?.tables.map((x) => x.seats.map((s) => s?.player ?? null)));
  const key = JSON.stringify([list, lang(), finals]);
  const box = $('#instructions');
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(...drawFirst(list).map((i) =>
    h('li', { testid: 'instruction', data: { id: i.id, kind: i.kind } },
      h('span', {}, `${i.id}. ${lang() === 'de' ? i.de : i.en} `),
      h('button', { type: 'button', class: 'btn small primary', testid: 'instruction-done',
        onclick: () => td({ type: 'confirm', instruction: i.id }) },
        // Done without the cards: the software draws them, and the log says so.
        i.kind === 'source_cards' || i.kind === 'chip_race' ? t('software_draws') : t('done')),
      i.kind === 'final_table' ? seatCardsForm(i.tables[0]) : null,
      i.kind === 'break' ? breakCardsForm(i.tables[0], list) : null,
      i.kind === 'source_cards' ? sourceCardsForm(i) : null,
      i.kind === 'chip_race' ? raceCardsForm(i) : null)));
}

/** A form of rows and a submit button that sends what `command` makes of the inputs. */
function cardsForm(id, title, rows, command) {
  const form = h('details', { testid: id }, h('summary', {}, title), ...rows,
    h('button', { type: 'button', class: 'btn small', testid: `${id}-submit`, onclick: () => {
      td(command([...form.querySelectorAll('input')]));
    } }, t('cards_submit')));
  return form;
}

/** TDA-10: the seat card ("table/seat") each player of a broken table drew. */
function breakCardsForm(table, list) {
  const rows = list.filter((m) => m.kind === 'move' && m.tables[0] === table && m.player != null).map((m) => {
    const [to, seat] = seatOf(m.player) ?? [m.tables[1], 1];
    return h('label', { class: 'row field-row' }, h('span', {}, `${m.player + 1} · ${playerName(m.player)}`),
      h('input', { class: 'card-field', value: `${to}/${seat}`, testid: 'break-card', data: { player: m.player } }));
  });
  if (!rows.length) return null;
  return cardsForm('break-cards', t('seat_cards_enter'), rows, (inputs) => ({
    type: 'seat_cards', table, seats: inputs.map((x) => {
      const [to, seat] = x.value.split('/').map(Number);
      return { player: Number(x.dataset.player), table: to, seat };
    }) }));
}

/** HC-1.8: the card dealt at the short table for each equally full table. */
function sourceCardsForm(i) {
  const rows = i.tables.slice(1).map((table) => h('label', { class: 'row field-row' },
    h('span', {}, `${t('table')} ${table}`),
    h('input', { class: 'card-field', placeholder: 'Kh', testid: 'source-card', data: { table } })));
  return cardsForm('source-cards', t('source_cards_enter'), rows, (inputs) => ({
    type: 'source_cards', cards: inputs.map((x) => ({ table: Number(x.dataset.table), card: x.value.trim() })) }));
}

/** A chip race's cards as the dealer dealt them, one per odd chip. */
function raceCardsForm(i) {
  if (!i.race?.length) return null;
  const rows = i.race.map((r) => h('label', { class: 'row field-row' },
    h('span', {}, `${r.player + 1} · ${r.name} (${r.cards})`),
    h('input', { class: 'card-field', placeholder: Array(r.cards).fill('Kh').join(' '), testid: 'race-card', data: { player: r.player } })));
  return cardsForm('race-cards', t('race_cards_enter'), rows, (inputs) => ({
    type: 'race_cards', table: i.tables[0], cards: inputs.map((x) => ({
      player: Number(x.dataset.player), cards: x.value.split(/[\s,]+/).filter(Boolean) })) }));
}

/** Where a player sits now, as [table, seat] from 1. */
function seatOf(player) {
  for (const tb of state.seating?.tables ?? []) {
    const k = tb.seats.findIndex((s) => s?.player === player);
    if (k >= 0) return [tb.table, k + 1];
  }
  return null;
}

function playerName(player) {
  for (const tb of state.seating?.tables ?? []) {
    const s = tb.seats.find((x) => x?.player === player);
    if (s) return s.name;
  }
  return '';
}

/** HC-1.7, TDA-RP-9: the seat each player's card named at the final table's draw. */
function seatCardsForm(table) {
  const tb = state.seating?.tables.find((x) => x.table === table);
  if (!tb) return null;
  const rows = tb.seats.map((s, i) => s && h('label', { class: 'row field-row' },
    h('span', {}, `${s.player + 1} · ${s.name}`),
    h('input', { class: 'num', type: 'number', min: 1, max: tb.seats.length, value: i + 1,
      testid: 'seat-card', data: { player: s.player } }))).filter(Boolean);
  const form = h('details', { testid: 'seat-cards' }, h('summary', {}, t('seat_cards_enter')), ...rows,
    h('button', { type: 'button', class: 'btn small', testid: 'seat-cards-submit', onclick: () => {
      const seats = [...form.querySelectorAll('[data-testid="seat-card"]')].map((x) => ({
        player: Number(x.dataset.player), seat: Number(x.value) }));
      td({ type: 'seat_cards', table, seats });
    } }, t('seat_cards_submit')));
  return form;
}

setInterval(() => {
  const el = document.querySelector('[data-testid="time-left"]');
  if (el && state.summary) el.textContent = fmtTime(clock.remaining());
}, 250);

function scheduleAudit() {
  clearTimeout(state.auditTimer);
  state.auditTimer = setTimeout(refreshAudit, 400);
}

async function refreshAudit() {
  if (state.event == null) return;
  const id = state.event;
  let lines;
  try {
    lines = (await get(`/api/events/${id}/audit`, state.secret)) || [];
  } catch {
    return; // shown on the next change; not worth an error box
  }
  if (id !== state.event) return;
  $('#audit-log').replaceChildren(...lines.slice(-300).reverse().map((l) =>
    h('li', { testid: 'audit-line', data: { seq: l.seq } },
      h('span', { class: 'muted' }, `#${l.seq} ${fmtDayTime(l.at_ms)} `), h('b', {}, actorText(l.by)), ' ',
      h('span', { testid: 'audit-what', data: { key: l.key || '' } }, said(l, l.what)))));
}

// --- commands -----------------------------------------------------------------------------

/** Sends a TdCommand for the selected event; shows the new summary or the refusal. */
function td(command) {
  return attempt(async () => {
    onSummary(await post(`/api/events/${state.event}/td`, command, state.secret));
    scheduleAudit();
  });
}

$('#start').addEventListener('click', () => attempt(async () => {
  const r = await post(`/api/events/${state.event}/start`, {}, state.secret);
  if (r?.clock) onSummary(r);
  else onSummary(await get(`/api/events/${state.event}`, state.secret));
  scheduleAudit();
}));
$('#draw-seats').addEventListener('click', () => td({ type: 'draw_seats' }));
$('#deal-hold').addEventListener('click', () => td({ type: 'hold_for_deal', on: !state.summary?.held_for_deal }));
$('#pause').addEventListener('click', () => td({ type: 'pause' }));
$('#resume').addEventListener('click', () => td({ type: 'resume' }));
$('#undo').addEventListener('click', () => td({ type: 'undo' }));
$('#set-clock').addEventListener('click', () => {
  const ms = parseClock($('#set-clock-input').value);
  if (ms == null) {
    showError({ code: 'bad_time', message: t('bad_time') });
    return;
  }
  td({ type: 'set_clock', remaining_ms: ms });
});

// --- a live event's tables: reports from the dealers (HC-1.8) ------------------------------

function renderLive(fresh = false) {
  const box = $('#live-tables');
  if (fresh) box.liveCards = null;
  if (!state.summary?.live || !state.seating) {
    box.replaceChildren();
    box.liveCards = null;
    return;
  }
  showCards(box, state.seating.tables, (tb) => ({
    report: (body) => td({ ...body, table: tb.table }),
    tablet: () => attempt(async () => {
      const bound = await post(`/api/events/${state.event}/tables/${tb.table}/tablet`, {}, state.secret);
      tabletLinks.set(tb.table, `${location.origin}${bound.url}`);
      renderLive();
    }),
    // The dealer tablet that follows every hand from the one in play (busts from the hand).
    track: () => attempt(async () => {
      const bound = await post(`/api/events/${state.event}/tables/${tb.table}/tablet`, { track: true }, state.secret);
      tabletLinks.set(tb.table, `${location.origin}${bound.url}`);
      renderLive();
    }),
    tabletUrl: tabletLinks.get(tb.table),
  }));
}

/** Tablet links made in this session, by table: shown once, as the server keeps only a hash. */
const tabletLinks = new Map();

$('#undo-bust-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const player = Number($('#undo-bust-player').value) - 1;
  if (player >= 0) td({ type: 'undo_bust', player });
});

/** What a count will do, said before it is applied: the counted stack is set and the
 * difference is spread over the players not counted at the same table (issue 32 item 7). */
function countPreview() {
  const player = Number($('#count-player').value) - 1;
  const chips = Number($('#count-chips').value);
  const el = $('#count-preview');
  const tables = state.seating?.tables ?? [];
  const tb = tables.find((x) => x.seats.some((s) => s && s.player === player));
  const seat = tb?.seats.find((s) => s && s.player === player);
  el.hidden = !(seat && chips > 0);
  if (el.hidden) return;
  const others = tb.seats.filter((s) => s && s.player !== player).length;
  const diff = seat.chips - chips;
  el.textContent = t(diff === 0 ? 'count_same' : 'count_spread', {
    name: seat.name, table: tb.table, chips: fmtChips(chips), books: fmtChips(seat.chips),
    diff: `${diff > 0 ? '+' : '−'}${fmtChips(Math.abs(diff))}`, n: others,
  });
}
$('#count-player').addEventListener('input', countPreview);
$('#count-chips').addEventListener('input', countPreview);

$('#count-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const player = Number($('#count-player').value) - 1;
  const chips = Number($('#count-chips').value);
  if (player < 0 || !(chips > 0)) return;
  td({ type: 'chip_count', counts: [{ player, chips }] });
});

// --- a deal among the players left (HC-1.2) ----------------------------------------------

$('#deal-show').addEventListener('click', () => attempt(async () => {
  state.offer = await get(`/api/events/${state.event}/deal`, state.secret);
  renderDeal();
}));

function renderDeal() {
  const table = $('[data-testid="deal-table"]');
  $('#deal').hidden = !state.offer;
  if (!state.offer) return;
  const cols = ['col_name', 'col_chips', 'col_chip_chop', 'col_icm', 'col_agreed'];
  table.tHead.replaceChildren(h('tr', {}, ...cols.map((c) => h('th', {}, t(c)))));
  table.tBodies[0].replaceChildren(...state.offer.players.map((p) => h('tr', {},
    h('td', {}, `${p.player + 1} · ${p.name}`), h('td', { class: 'num' }, fmtChips(p.chips)),
    h('td', { class: 'num' }, fmtChips(p.chip_chop)), h('td', { class: 'num' }, fmtChips(p.icm)),
    h('td', {}, h('input', { class: 'num', inputmode: 'numeric', value: p.icm, testid: 'deal-amount', data: { player: p.player } })))));
  $('[data-testid="deal-prizes-left"]').textContent =
    `${t('deal_prizes_left')}: ${state.offer.prizes_left.map(fmtChips).join(' · ')}`;
}

function fillDeal(split) {
  for (const input of document.querySelectorAll('[data-testid="deal-amount"]')) {
    const p = state.offer?.players.find((x) => x.player === Number(input.dataset.player));
    if (p) input.value = p[split];
  }
}

$('#deal-fill-chop').addEventListener('click', () => fillDeal('chip_chop'));
$('#deal-fill-icm').addEventListener('click', () => fillDeal('icm'));
$('#deal-record').addEventListener('click', () => {
  const amounts = [...document.querySelectorAll('[data-testid="deal-amount"]')].map((input) => ({
    player: Number(input.dataset.player), amount: Number(input.value) || 0 }));
  const play_for = $('#deal-play-for').value.split(',').map((x) => x.trim()).filter(Boolean).map(Number);
  attempt(async () => {
    onSummary(await post(`/api/events/${state.event}/td`, { type: 'agree_deal', amounts, play_for }, state.secret));
    scheduleAudit();
    state.offer = null;
    renderDeal();
  });
});

// --- registration -------------------------------------------------------------------------

const linksKey = () => `croupier.td_links.${state.event}`;
const savedLinks = () => JSON.parse(localStorage.getItem(linksKey()) || '[]');

function renderLinks() {
  $('#player-links').replaceChildren(...savedLinks().reverse().map((l) =>
    h('li', { testid: 'player-link', data: { player: l.player } },
      h('span', {}, `${l.player + 1} · ${l.name} `),
      h('a', { href: l.url, target: '_blank' }, l.url),
      h('button', { type: 'button', class: 'btn small', onclick: () => navigator.clipboard?.writeText(l.url) }, t('copy')))));
}

async function register(name, bot) {
  const reg = await post(`/api/events/${state.event}/register`, { name, bot }, state.secret);
  if (!bot) {
    const url = `${location.origin}/play?event=${reg.event}&token=${encodeURIComponent(reg.token)}`;
    localStorage.setItem(linksKey(), JSON.stringify([...savedLinks(), { player: reg.player, name, url }]));
    renderLinks();
  }
  return reg;
}

$('#td-register-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const name = $('#td-register-name').value.trim();
  if (!name) return;
  attempt(async () => {
    await register(name, $('#td-register-bot').checked);
    $('#td-register-name').value = '';
  });
});

$('#add-bots-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const count = Math.min(500, Math.max(1, Number($('#add-bots-count').value) || 0));
  const first = (state.standings?.rows.filter((r) => r.bot).length ?? 0) + 1;
  attempt(async () => {
    for (let i = 0; i < count; i++) await register(`Bot ${first + i}`, true);
  });
});

// --- start --------------------------------------------------------------------------------

onLang(() => {
  renderSummary();
  renderLive(true);
  renderLinks();
  players.relabel(state.standings);
  scheduleAudit();
  const first = $('#event-select').options[0];
  if (first) first.textContent = t('choose_event');
});

async function init() {
  translateStatic();
  if (state.secret) {
    try {
      await signIn(state.secret);
      return;
    } catch (e) {
      showError(e);
      if (e.status === 401 || e.status === 403) {
        setTdSecret(null);
        state.secret = null;
      }
    }
  }
  $('#login').hidden = false;
  $('#td-secret').focus();
}

init();

// Every hand of the event with every card, as PHH: the TD's record.
$('#all-hands').addEventListener('click', () => state.event != null && attempt(() => download(
  `/api/events/${state.event}/hands?tz=${encodeURIComponent(timeZone())}`, state.secret)));
