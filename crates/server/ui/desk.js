// desk.js: the list keeper's console (/desk, issue 18; HC-1.10's Spielführer): games, guests
// and tables opened with their conditions; each game's list with its offers answered at the
// desk; each table's seats (away and back, top-up, cash-out, HC-1.9's seat given away or
// chips frozen), a guest seated at the desk, hands started and settled at a table the list
// keeper follows, the time charge, closing with the statement; the books (they balance:
// HC-1.10); and any command as JSON. Every action is a `POST /api/ring` with the TD's secret.
// Test ids: desk-secret, desk-forms, desk-games, desk-game (data-game), desk-table
// (data-table), desk-seat (data-guest), desk-tablet, desk-json, desk-send, desk-books,
// desk-statement.

import { get, post, tdSecret, setTdSecret, changes } from './api.js';
import { h, $, fmtChips, pageHeader, attempt } from './dom.js';
import { t, onLang } from './i18n.js';

pageHeader('desk');

let board = null;
let statement = null;
const secret = $('#desk-secret');
secret.value = tdSecret() ?? '';
secret.addEventListener('change', () => setTdSecret(secret.value.trim()));

const send = (command) => attempt(async () => {
  board = await post('/api/ring', command, tdSecret());
  render();
});

/** A small form: labelled inputs and a button that sends what `make` builds from their values. */
function form(title, fields, make) {
  const inputs = fields.map(([name, value, type]) => [name, h('input', { name, value, type: type ?? 'text', size: 8 })]);
  const values = () => Object.fromEntries(inputs.map(([n, el]) => [n, el.type === 'number' ? Number(el.value) : el.value]));
  return h('div', { class: 'desk-form' }, h('b', {}, title), ' ',
    ...inputs.map(([n, el]) => h('label', {}, `${n} `, el, ' ')),
    h('button', { onclick: () => send(make(values())) }, t('desk_send')));
}

function forms() {
  return [
    form(t('desk_add_game'), [['name', 'NLHE 1/2'], ['variant', 'NT'], ['small_blind', 1, 'number'], ['big_blind', 2, 'number'],
      ['seats', 9, 'number'], ['min_buy_in', 40, 'number'], ['max_buy_in', 200, 'number'], ['profile', 'tda'],
      ['rake_percent', 0, 'number'], ['rake_cap', 0, 'number'], ['time_charge', 0, 'number'], ['spread_max', 0, 'number']],
    (v) => ({ type: 'add_game', ...v })),
    form(t('desk_add_guest'), [['name', '']], (v) => ({ type: 'add_guest', name: v.name })),
    form(t('desk_configure'), [['offer_seconds', board?.offer_seconds ?? 120, 'number'], ['lose_place', board?.lose_place ? 'yes' : 'no'],
      ['interest_min', board?.interest_min ?? 4, 'number']],
    (v) => ({ type: 'configure', offer_seconds: v.offer_seconds, lose_place: v.lose_place === 'yes', interest_min: v.interest_min })),
    form(t('desk_open_table'), [['game', 0, 'number'], ['mode', 'online'], ['opened_by', ''], ['conditions', ''], ['feeds', '']],
      (v) => ({ type: 'open_table', game: v.game, mode: v.mode, opened_by: v.opened_by, conditions: v.conditions,
        feeds: v.feeds === '' ? null : Number(v.feeds) })),
  ];
}

function seatLine(tb, s, i, profile) {
  if (!s) return h('li', {}, '—');
  const g = s.guest;
  return h('li', { testid: 'desk-seat', data: { guest: g } },
    `${i + 1}. ${s.name} (#${g}) ${fmtChips(s.chips)}${s.away ? ` · ${t('ring_away')}` : ''}${s.owes ? ` · ${t('cash_owes_' + s.owes)}` : ''} `,
    s.away
      ? [h('button', { onclick: () => send({ type: 'away', guest: g, away: false }) }, t('cash_back_post')),
        h('button', { onclick: () => send({ type: 'away', guest: g, away: false, wait: true }) }, t('cash_back_wait'))]
      : h('button', { onclick: () => send({ type: 'away', guest: g, away: true }) }, t('cash_away')),
    h('button', { onclick: () => send({ type: 'top_up', guest: g, amount: Number(prompt(t('cash_top_up'), '50') || 0) }) }, t('cash_top_up')),
    h('button', { onclick: () => send({ type: 'cash_out', guest: g }) }, t('cash_cash_out')),
    profile === 'hc' && s.away ? [
      h('button', { onclick: () => send({ type: 'free_away_seat', guest: g, freeze: true }) }, 'HC-1.9 ❄'),
      h('button', { onclick: () => send({ type: 'free_away_seat', guest: g, freeze: false }) }, 'HC-1.9 $'),
    ] : null);
}

function tableCard(g, tb) {
  // A tablet's table is settled by its tablet; the desk follows a list keeper's table only.
  const followed = tb.mode === 'list_keeper';
  const stacks = h('input', { size: 24, placeholder: 'guest:chips, …' });
  const pot = h('input', { size: 5, type: 'number', placeholder: 'pot' });
  const settle = () => send({
    type: 'hand_settled', table: tb.id, pot: Number(pot.value || 0),
    stacks: stacks.value.split(',').filter((x) => x.trim()).map((x) => {
      const [guest, chips] = x.split(':').map((y) => Number(y.trim()));
      return { guest, chips };
    }),
  });
  const next = tb.next ? h('p', { class: 'muted' }, t('cash_next', {
    button: tb.next.button || '–', bb: tb.next.big_blind || '–',
    posts: tb.next.posts.map((p) => `${p.seat}: ${p.live}${p.dead ? ` + ${p.dead} ${t('cash_dead')}` : ''}`).join(', '),
  }), ' ', ...tb.next.rules.map((r) => h('span', { class: 'rule' }, r))) : null;
  return h('div', { class: 'ring-table', testid: 'desk-table', data: { table: tb.id } },
    h('b', {}, `${t('table')} ${tb.id + 1} · ${tb.mode} · ${tb.opened_by}`), h('span', { class: 'muted' }, ` ${tb.conditions} · ${tb.hands} hands`),
    h('ol', { class: 'ring-seats' }, ...tb.seats.map((s, i) => seatLine(tb, s, i, g.profile))),
    next,
    form(t('seat'), [['guest', 0, 'number'], ['seat', 1, 'number'], ['buy_in', g.min_buy_in, 'number']],
      (v) => ({ type: 'seat_at_desk', table: tb.id, ...v })),
    followed ? h('div', {},
      h('button', { disabled: tb.hand_running, onclick: () => send({ type: 'hand_started', table: tb.id }) }, t('cash_hand') + ' ▶'),
      ' ', stacks, pot, h('button', { disabled: !tb.hand_running, onclick: settle }, t('hand_over'))) : null,
    tb.mode === 'tablet' ? h('button', { testid: 'desk-tablet', onclick: () => attempt(async () => {
      const r = await post(`/api/ring/tables/${tb.id}/tablet`, {}, tdSecret());
      window.open(r.url, '_blank');
    }) }, t('desk_tablet')) : null,
    h('button', { onclick: () => send({ type: 'charge_time', table: tb.id }) }, t('desk_time_charge')),
    h('button', { onclick: () => attempt(async () => {
      await post('/api/ring', { type: 'close_table', table: tb.id }, tdSecret());
      statement = await get(`/api/ring/tables/${tb.id}/statement`, tdSecret());
      await refresh();
    }) }, t('desk_close')));
}

function gameCard(g) {
  const guest = h('input', { type: 'number', size: 4, value: 0 });
  const inTournament = h('input', { type: 'checkbox' });
  const waiting = g.waiting.map((w) => {
    const buyIn = h('input', { type: 'number', size: 5, value: g.min_buy_in });
    return h('li', {}, `${w.name} (#${w.guest})${w.wants === 'table_change' ? ` · ${t('ring_table_change')}` : ''}`,
      w.offer ? [` → ${t('table')} ${w.offer.table + 1}, ${t('seat')} ${w.offer.seat} `, buyIn,
        h('button', { onclick: () => send({ type: 'accept', guest: w.guest, buy_in: Number(buyIn.value) }) }, t('cash_accept')),
        h('button', { onclick: () => send({ type: 'decline', guest: w.guest }) }, t('cash_decline'))] : null,
      h('button', { onclick: () => send({ type: 'leave', guest: w.guest, game: g.id }) }, t('cash_leave')));
  });
  return h('article', { class: 'panel ring-game', testid: 'desk-game', data: { game: g.id } },
    h('h3', {}, `#${g.id} ${g.name} · ${g.variant} ${g.stakes} · ${g.profile}`),
    h('div', { class: 'ring-tables' }, ...g.tables.map((tb) => tableCard(g, tb))),
    h('h4', {}, t('ring_waiting')),
    h('ol', {}, ...waiting),
    h('div', { class: 'desk-form' }, h('label', {}, '#', guest), h('label', { class: 'inline' }, inTournament, t('desk_in_tournament')),
      h('button', { onclick: () => send({ type: 'join', guest: Number(guest.value), game: g.id, in_tournament: inTournament.checked }) },
        t('desk_put_on_list'))));
}

function render() {
  $('#desk-forms').replaceChildren(...forms());
  if (!board) return;
  $('#desk-games').replaceChildren(...board.games.map(gameCard));
  const b = board.books;
  $('#desk-books').replaceChildren(h('h3', {}, t('desk_books')),
    h('p', {}, `bought in ${fmtChips(b.bought_in)} = at the tables ${fmtChips(b.at_tables)} + frozen ${fmtChips(b.frozen)}`
      + ` + cashed out ${fmtChips(b.cashed_out)} + rake ${fmtChips(b.rake)} (HC-1.10)`),
    ...(statement ? [h('pre', { testid: 'desk-statement' }, JSON.stringify(statement, null, 2))] : []));
}

$('#desk-send').addEventListener('click', () => attempt(async () => {
  board = await post('/api/ring', JSON.parse($('#desk-json').value), tdSecret());
  render();
}));

async function refresh() {
  await attempt(async () => {
    board = await get('/api/ring');
  });
  if (!document.activeElement || !['INPUT', 'TEXTAREA'].includes(document.activeElement.tagName)) render();
}

onLang(render);
render();
// The room's changes are pushed: the desk reads it again then, and only then.
refresh();
changes('/api/ring/ws', refresh);
