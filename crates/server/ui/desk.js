// desk.js: the list keeper's tool (/desk, issue 36; HC-1.10's Spielführer/Listenführer). Tabs:
// the tables and lists (each game with its tables as seat maps and its waiting list), the
// guests (found by name), a new game, the room's settings, and the books with the closed
// tables' statements. Every action is one tap on the seat map or the list, then a sheet with
// what it needs (amounts are picked, names searched) and, for money, a confirmation with the
// amounts. Errors stay until dismissed. Pushes redraw the maps and lists, never a form or a
// sheet being filled in. Every action is a `POST /api/ring` with the TD's secret.
// Test ids: desk-login, desk-secret, desk-login-go, desk, desk-tabs, desk-tab (data-tab),
// desk-view, desk-games, desk-game (data-game), desk-table (data-table), desk-seat (data-seat,
// data-guest), desk-seat-free (data-seat), desk-tablet, desk-start-hand, desk-settle-open,
// desk-charge-time, desk-close, desk-open-table, desk-list-add, desk-waiting (data-guest),
// desk-books, desk-sheet, desk-confirm-yes, desk-cancel, plus desk-forms.js, desk-guests.js,
// desk-settle.js and desk-statement.js ids.

import { get, post, tdSecret, setTdSecret, changes } from './api.js';
import { h, $, fmtChips, pageHeader, showError } from './dom.js';
import { t, onLang } from './i18n.js';
import { settleSheet } from './desk-settle.js';
import { gameForm, openTableForm, settingsForm, profileName } from './desk-forms.js';
import { variantName } from './i18n.js';
import { guestsView, guestPicker } from './desk-guests.js';
import { showStatement, booksView } from './desk-statement.js';

pageHeader('desk');

const TABS = ['tables', 'guests', 'game', 'settings', 'books'];
let board = null;
let tab = 'tables';
// Views built once per visit of their tab: a push does not wipe what is typed in them.
const kept = new Map();

/** Sends a list keeper's command; true when it was taken. A refusal stays on screen until
 * dismissed. */
export async function send(command) {
  try {
    board = await post('/api/ring', command, tdSecret());
    redraw();
    return true;
  } catch (e) {
    showError(e);
    if (e.status === 401) login(true);
    return false;
  }
}

// --- the sheet: one action's form or confirmation over the page ---------------------------

const sheet = $('#desk-sheet');
export function openSheet(...content) {
  sheet.replaceChildren(h('div', { class: 'desk-sheet-box', role: 'dialog', 'aria-modal': 'true' },
    h('button', { class: 'close', 'aria-label': t('desk_cancel'), testid: 'desk-cancel', onclick: closeSheet }, '×'),
    ...content));
  sheet.hidden = false;
  sheet.querySelector('input:not([type=checkbox]), select')?.focus();
}
export function closeSheet() {
  sheet.hidden = true;
  sheet.replaceChildren();
}
sheet.addEventListener('click', (ev) => { if (ev.target === sheet) closeSheet(); });
document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape' && !sheet.hidden) closeSheet(); });

/** A confirmation with the amounts: `lines` say what happens; yes sends `command`. */
export function confirm(title, lines, yes, command, after) {
  openSheet(h('h2', {}, title), ...lines.map((l) => h('p', { class: 'desk-confirm-line' }, l)),
    h('div', { class: 'desk-buttons' },
      h('button', { class: 'btn primary big', testid: 'desk-confirm-yes', onclick: async () => {
        if (await send(command)) {
          closeSheet();
          after?.();
        }
      } }, yes),
      h('button', { class: 'btn big', onclick: closeSheet }, t('desk_cancel'))));
}

/** A number field for an amount, with the limits shown. */
export const amountInput = (value, min, max, testid) =>
  h('input', { type: 'number', inputmode: 'numeric', class: 'num big', value, min, max, testid });

// --- the tables and the lists --------------------------------------------------------------

const gameOf = (id) => board.games.find((g) => g.id === id);
const modeName = (mode) => t(`desk_mode_${mode}`);
const minutes = (ms) => Math.max(0, Math.floor((Date.now() - ms) / 60_000));

function seatSheet(g, tb, s, seatNo) {
  const guest = s.guest;
  const topUp = amountInput(Math.max(1, g.max_buy_in - s.chips), 1, Math.max(1, g.max_buy_in - s.chips), 'desk-top-up-amount');
  const open = [];
  for (const other of g.tables) {
    other.seats.forEach((x, i) => {
      if (!x && !(other.id === tb.id && i + 1 === seatNo) && !g.waiting.some((w) => w.offer?.table === other.id && w.offer?.seat === i + 1)) open.push([other.id, i + 1]);
    });
  }
  const hc = g.profile === 'hc';
  openSheet(
    h('h2', {}, `${s.name} · ${t('table')} ${tb.id + 1}, ${t('seat')} ${seatNo}`),
    h('p', { class: 'desk-big-number' }, `${fmtChips(s.chips)} ${t('desk_chips')}`,
      s.away ? h('span', { class: 'badge away' }, `${t('ring_away')} ${t('desk_minutes', { n: minutes(s.away_since_ms) })}`) : null,
      s.owes ? h('span', { class: 'badge' }, t(`cash_owes_${s.owes}`)) : null),
    s.in_hand ? h('p', { class: 'muted' }, t('desk_in_hand_wait')) : null,
    h('div', { class: 'desk-buttons' },
      s.away
        ? [h('button', { class: 'btn primary big', testid: 'desk-back', onclick: () => send({ type: 'away', guest, away: false }).then((ok) => ok && closeSheet()) }, t('cash_back_post')),
          h('button', { class: 'btn big', testid: 'desk-back-wait', onclick: () => send({ type: 'away', guest, away: false, wait: true }).then((ok) => ok && closeSheet()) }, t('cash_back_wait'))]
        : h('button', { class: 'btn big', testid: 'desk-away', onclick: () => send({ type: 'away', guest, away: true }).then((ok) => ok && closeSheet()) }, t('cash_away'))),
    h('div', { class: 'desk-buttons' },
      h('label', {}, t('desk_top_up_by', { max: fmtChips(Math.max(0, g.max_buy_in - s.chips)) }), topUp),
      h('button', { class: 'btn big', testid: 'desk-top-up', onclick: () => {
        const amount = Number(topUp.value);
        confirm(t('desk_top_up_title', { name: s.name }), [t('desk_top_up_line', { amount: fmtChips(amount), from: fmtChips(s.chips), to: fmtChips(s.chips + amount) })],
          t('cash_top_up'), { type: 'top_up', guest, amount });
      } }, t('cash_top_up'))),
    open.length ? h('div', { class: 'desk-move' }, h('h3', {}, t('desk_move_to')),
      h('div', { class: 'desk-chips-row' }, ...open.map(([table, seat]) => h('button', {
        class: 'btn', testid: 'desk-move', data: { table, seat },
        onclick: () => send({ type: 'move', guest, table, seat }).then((ok) => ok && closeSheet()),
      }, `${t('table')} ${table + 1} · ${t('seat')} ${seat}`)))) : null,
    h('div', { class: 'desk-buttons' },
      h('button', { class: 'btn big danger', testid: 'desk-cash-out', onclick: () =>
        confirm(t('desk_cash_out_title', { name: s.name }), [t('desk_cash_out_line', { chips: fmtChips(s.chips), table: tb.id + 1, seat: seatNo })],
          t('cash_cash_out'), { type: 'cash_out', guest }) }, t('cash_cash_out'))),
    hc && s.away ? h('div', { class: 'desk-hc19' }, h('h3', {}, t('desk_hc19_title')), h('p', { class: 'muted' }, t('desk_hc19_help')),
      h('div', { class: 'desk-buttons' },
        h('button', { class: 'btn big', testid: 'desk-freeze', onclick: () =>
          confirm(t('desk_freeze_title', { name: s.name }), [t('desk_freeze_line', { chips: fmtChips(s.chips) })], t('desk_freeze'), { type: 'free_away_seat', guest, freeze: true }) }, t('desk_freeze')),
        h('button', { class: 'btn big', testid: 'desk-free-cash-out', onclick: () =>
          confirm(t('desk_cash_out_title', { name: s.name }), [t('desk_cash_out_line', { chips: fmtChips(s.chips), table: tb.id + 1, seat: seatNo })], t('cash_cash_out'), { type: 'free_away_seat', guest, freeze: false }) }, t('desk_hc19_cash_out')))) : null);
}

function freeSeatSheet(g, tb, seatNo) {
  const buyIn = amountInput(g.min_buy_in, g.min_buy_in, g.max_buy_in, 'desk-buy-in');
  const wait = h('input', { type: 'checkbox', testid: 'desk-wait' });
  const seat = (guest) => send({ type: 'seat_at_desk', guest, table: tb.id, seat: seatNo, buy_in: Number(buyIn.value), wait: wait.checked })
    .then((ok) => ok && closeSheet());
  const frozen = board.frozen.filter((f) => f.game === g.id);
  const listed = g.waiting.filter((w) => !w.offer);
  const seated = new Set(board.games.flatMap((x) => x.tables.flatMap((y) => y.seats.filter(Boolean).map((s) => s.guest))));
  openSheet(
    h('h2', {}, `${t('table')} ${tb.id + 1}, ${t('seat')} ${seatNo} · ${t('desk_free')}`),
    h('div', { class: 'desk-buttons' },
      h('label', {}, t('cash_buy_in', { min: fmtChips(g.min_buy_in), max: fmtChips(g.max_buy_in) }), buyIn),
      h('label', { class: 'check' }, wait, ' ', t('cash_wait_bb'))),
    listed.length ? [h('h3', {}, t('desk_from_the_list')),
      h('div', { class: 'desk-chips-row' }, ...listed.map((w, i) => h('button', {
        class: 'btn', testid: 'desk-seat-listed', data: { guest: w.guest }, onclick: () => seat(w.guest),
      }, `${i + 1}. ${w.name}`)))] : null,
    frozen.length ? [h('h3', {}, t('desk_frozen_back')),
      h('div', { class: 'desk-chips-row' }, ...frozen.map((f) => h('button', {
        class: 'btn', testid: 'desk-unfreeze', data: { guest: f.guest },
        onclick: () => send({ type: 'unfreeze', guest: f.guest, table: tb.id, seat: seatNo }).then((ok) => ok && closeSheet()),
      }, `${f.name} · ${fmtChips(f.chips)}`)))] : null,
    h('h3', {}, t('desk_any_guest')),
    guestPicker(board, (g2) => !seated.has(g2.id), (g2) => seat(g2.id)));
}

function listSheet(g) {
  const inTournament = h('input', { type: 'checkbox', testid: 'desk-in-tournament' });
  const listed = new Set(g.waiting.map((w) => w.guest));
  openSheet(h('h2', {}, t('desk_put_on_list_of', { game: g.name })),
    h('label', { class: 'check' }, inTournament, ' ', t('desk_in_tournament')),
    guestPicker(board, (x) => !listed.has(x.id), (x) => send({ type: 'join', guest: x.id, game: g.id, in_tournament: inTournament.checked })
      .then((ok) => ok && closeSheet())));
}

function acceptSheet(g, w) {
  const buyIn = amountInput(g.min_buy_in, g.min_buy_in, g.max_buy_in, 'desk-buy-in');
  const wait = h('input', { type: 'checkbox', testid: 'desk-wait' });
  openSheet(h('h2', {}, t('desk_takes_seat', { name: w.name, table: w.offer.table + 1, seat: w.offer.seat })),
    h('div', { class: 'desk-buttons' },
      h('label', {}, t('cash_buy_in', { min: fmtChips(g.min_buy_in), max: fmtChips(g.max_buy_in) }), buyIn),
      h('label', { class: 'check' }, wait, ' ', t('cash_wait_bb'))),
    h('div', { class: 'desk-buttons' },
      h('button', { class: 'btn primary big', testid: 'desk-accept-go', onclick: () => send({ type: 'accept', guest: w.guest, buy_in: Number(buyIn.value), wait: wait.checked }).then((ok) => ok && closeSheet()) }, t('cash_accept')),
      h('button', { class: 'btn big', onclick: closeSheet }, t('desk_cancel'))));
}

function seatMap(g, tb) {
  const offered = new Map(g.waiting.filter((w) => w.offer?.table === tb.id).map((w) => [w.offer.seat, w]));
  return h('div', { class: 'desk-seats' }, ...tb.seats.map((s, i) => {
    const seatNo = i + 1;
    if (!s) {
      const w = offered.get(seatNo);
      return h('button', { class: `desk-seat free ${w ? 'held' : ''}`, testid: 'desk-seat-free', data: { seat: seatNo },
        disabled: !!w, onclick: () => freeSeatSheet(g, tb, seatNo) },
        h('span', { class: 'desk-seat-no' }, seatNo),
        h('span', { class: 'desk-seat-name' }, w ? t('desk_held_for', { name: w.name }) : t('desk_free')));
    }
    return h('button', {
      class: `desk-seat ${s.away ? 'away' : ''} ${s.in_hand ? 'in-hand' : ''} ${tb.button === seatNo ? 'button' : ''}`,
      testid: 'desk-seat', data: { seat: seatNo, guest: s.guest }, onclick: () => seatSheet(g, tb, s, seatNo),
    },
    h('span', { class: 'desk-seat-no' }, seatNo, tb.button === seatNo ? h('span', { class: 'marker dealer' }, 'D') : null),
    h('span', { class: 'desk-seat-name' }, s.name),
    h('span', { class: 'desk-seat-chips' }, fmtChips(s.chips)),
    s.away ? h('span', { class: 'badge away' }, `${t('ring_away')} ${t('desk_minutes', { n: minutes(s.away_since_ms) })}`) : null,
    s.owes ? h('span', { class: 'badge' }, t(`ring_marker_${s.owes}`)) : null);
  }));
}

function tableCard(g, tb) {
  const followed = tb.mode === 'list_keeper';
  const next = tb.next && !tb.hand_running ? h('p', { class: 'muted desk-next' }, t('cash_next', {
    button: tb.next.button || '–', bb: tb.next.big_blind || '–',
    posts: tb.next.posts.map((p) => `${p.seat}: ${fmtChips(p.live)}${p.dead ? ` + ${fmtChips(p.dead)} ${t('cash_dead')}` : ''}`).join(', ') || '–',
  }), ' ', ...tb.next.rules.map((r) => h('span', { class: 'rule' }, r))) : null;
  const players = tb.seats.filter(Boolean);
  return h('article', { class: 'desk-table', testid: 'desk-table', data: { table: tb.id } },
    h('header', { class: 'desk-table-head' },
      h('h3', {}, `${t('table')} ${tb.id + 1}`),
      h('span', { class: 'badge' }, modeName(tb.mode)),
      tb.feeds != null ? h('span', { class: 'badge' }, t('ring_must_move', { table: tb.feeds + 1 })) : null,
      h('span', { class: 'muted' }, `${t('desk_opened_by', { name: tb.opened_by })} · ${t(tb.hands === 1 ? 'desk_hands_one' : 'desk_hands', { n: tb.hands })}${tb.conditions ? ` · ${tb.conditions}` : ''}`)),
    seatMap(g, tb),
    next,
    h('div', { class: 'desk-buttons' },
      followed && !tb.hand_running ? h('button', { class: 'btn primary', testid: 'desk-start-hand', onclick: () => send({ type: 'hand_started', table: tb.id }) }, t('desk_start_hand')) : null,
      followed && tb.hand_running ? h('button', { class: 'btn primary', testid: 'desk-settle-open', onclick: () => openSheet(settleSheet(tb, send, closeSheet)) }, t('desk_settle')) : null,
      tb.mode === 'tablet' ? h('button', { class: 'btn', testid: 'desk-tablet', onclick: async () => {
        try {
          const r = await post(`/api/ring/tables/${tb.id}/tablet`, {}, tdSecret());
          window.open(r.url, '_blank');
        } catch (e) {
          showError(e);
        }
      } }, t('desk_tablet')) : null,
      g.time_charge > 0 ? h('button', { class: 'btn', testid: 'desk-charge-time', onclick: () =>
        confirm(t('desk_time_charge'), [t('desk_time_charge_line', { amount: fmtChips(g.time_charge), n: players.length, total: fmtChips(g.time_charge * players.length) })],
          t('desk_time_charge'), { type: 'charge_time', table: tb.id }) }, t('desk_time_charge')) : null,
      h('button', { class: 'btn danger', testid: 'desk-close', onclick: () => {
        if (players.length) {
          showError({ key: 'desk_close_first', args: { n: players.length }, message: t('desk_close_first', { n: players.length }) });
          return;
        }
        confirm(t('desk_close_title', { table: tb.id + 1 }), [t('desk_close_line', { name: tb.opened_by, n: tb.hands })],
          t('desk_close'), { type: 'close_table', table: tb.id }, () => showStatement(tb.id));
      } }, t('desk_close'))));
}

function waitingList(g) {
  const now = Date.now();
  return h('ol', { class: 'desk-waiting' }, ...g.waiting.map((w) => h('li', { testid: 'desk-waiting', data: { guest: w.guest } },
    h('span', { class: 'desk-waiting-name' }, w.name),
    w.wants === 'table_change' ? h('span', { class: 'badge' }, t('ring_table_change')) : null,
    w.offer ? h('span', { class: 'badge offer' }, t('desk_offered', {
      table: w.offer.table + 1, seat: w.offer.seat, s: Math.max(0, Math.round((w.offer.expires_ms - now) / 1000)),
    })) : null,
    w.offer ? [
      h('button', { class: 'btn small', testid: 'desk-accept', onclick: () => acceptSheet(g, w) }, t('desk_takes_it')),
      h('button', { class: 'btn small', testid: 'desk-decline', onclick: () => send({ type: 'decline', guest: w.guest }) }, t('cash_decline'))] : null,
    h('button', { class: 'btn small', testid: 'desk-leave', onclick: () => send({ type: 'leave', guest: w.guest, game: g.id }) }, t('cash_leave')))));
}

function gameCard(g) {
  const charge = g.rake_percent ? t('desk_rake_line', { p: g.rake_percent, cap: fmtChips(g.rake_cap) })
    : g.time_charge ? t('desk_time_charge_short', { amount: fmtChips(g.time_charge) }) : t('desk_no_rake');
  return h('article', { class: 'panel desk-game', testid: 'desk-game', data: { game: g.id } },
    h('header', { class: 'desk-game-head' },
      h('h2', {}, g.name),
      h('span', {}, `${variantName(g.variant)} ${g.stakes}`),
      h('span', { class: 'muted' }, `${profileName(g.profile)} · ${t('ring_buy_in', { min: fmtChips(g.min_buy_in), max: fmtChips(g.max_buy_in) })} · ${charge}`),
      h('button', { class: 'btn', testid: 'desk-open-table', onclick: () => openSheet(openTableForm(board, g, send, closeSheet)) }, t('desk_open_table'))),
    g.tables.length ? h('div', { class: 'desk-tables' }, ...g.tables.map((tb) => tableCard(g, tb))) : h('p', { class: 'muted' }, t('desk_no_table')),
    h('div', { class: 'desk-list-head' },
      h('h3', {}, `${t('ring_waiting')} (${g.waiting.length})`),
      g.worth_opening ? h('span', { class: 'badge' }, t('ring_worth_opening')) : null,
      h('button', { class: 'btn', testid: 'desk-list-add', onclick: () => listSheet(g) }, t('desk_put_on_list'))),
    g.waiting.length ? waitingList(g) : h('p', { class: 'muted' }, t('desk_list_empty')));
}

function tablesView() {
  if (!board.games.length) {
    return h('div', { testid: 'desk-games' }, h('p', { class: 'panel' }, t('desk_no_game'), ' ',
      h('button', { class: 'btn primary', onclick: () => show('game') }, t('desk_add_game'))));
  }
  return h('div', { class: 'desk-games', testid: 'desk-games' }, ...board.games.map(gameCard));
}

// --- the page ------------------------------------------------------------------------------

const VIEWS = {
  tables: { draw: tablesView },
  guests: { build: () => guestsView(() => board, send, confirm) },
  game: { build: () => gameForm(send, () => show('tables')) },
  settings: { build: () => settingsForm(() => board, send) },
  books: { draw: () => booksView(board) },
};

function show(name) {
  tab = name;
  kept.clear();
  redraw();
}

function redraw() {
  $('#desk-tabs').replaceChildren(...TABS.map((name) => h('button', {
    class: `desk-tab ${name === tab ? 'active' : ''}`, testid: 'desk-tab', data: { tab: name },
    'aria-pressed': name === tab ? 'true' : 'false', onclick: () => show(name),
  }, t(`desk_tab_${name}`))));
  if (!board) return;
  const view = VIEWS[tab];
  if (view.build) {
    // Built once; told of a new board so that it redraws its lists, not its fields.
    if (!kept.has(tab)) kept.set(tab, view.build());
    const part = kept.get(tab);
    if ($('#desk-view').firstChild !== part.root) $('#desk-view').replaceChildren(part.root);
    part.update?.();
  } else {
    $('#desk-view').replaceChildren(view.draw());
  }
}

async function refresh() {
  try {
    board = await get('/api/ring', tdSecret());
    redraw();
  } catch (e) {
    showError(e);
  }
}

function login(again) {
  $('#desk-login').hidden = false;
  $('#desk').hidden = true;
  if (again) $('#desk-secret').value = '';
}

$('#desk-login-go').addEventListener('click', () => start($('#desk-secret').value.trim()));
$('#desk-secret').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') start($('#desk-secret').value.trim()); });

let following = false;
async function start(secret) {
  if (!secret) return login();
  setTdSecret(secret);
  $('#desk-login').hidden = true;
  $('#desk').hidden = false;
  await refresh();
  // The room's changes are pushed: the desk reads the board again then, and only then.
  if (!following) {
    following = true;
    changes('/api/ring/ws', () => refresh());
  }
}

onLang(() => {
  kept.clear();
  redraw();
});
// The offers' seconds tick on the list between pushes.
setInterval(() => {
  if (board && tab === 'tables' && sheet.hidden) redraw();
}, 5_000);
start(tdSecret());
