// cash.js: a guest's own page in the cash room (/cash, issue 18): register with a name (the
// token is kept in this browser), join a game's waiting list, answer a seat offer (buy-in within
// the limits, post a big blind or wait for it), sit out and come back, top up, cash out, and
// play the hand at an online table. It asks for the guest's view every second.
// Test ids: cash-register, cash-name, cash-register-go, cash-me, cash-games, cash-game
// (data-game), cash-join, cash-leave, cash-place, cash-offer (data-table, data-seat),
// cash-buy-in, cash-wait, cash-accept, cash-decline, cash-seat (data-away, data-chips),
// cash-away, cash-back, cash-back-wait, cash-top-up-amount, cash-top-up, cash-cash-out,
// cash-table, cash-table-seat (data-seat, data-guest), cash-hand (data-hand, data-street),
// cash-next, cash-fold, cash-check, cash-call, cash-raise-to, cash-raise, cash-sessions.

import { get, post, changes } from './api.js';
import { h, $, fmtChips, cardEl, pageHeader, attempt } from './dom.js';
import { t, onLang } from './i18n.js';

pageHeader('cash');

const KEY = 'croupier.guest_token';
let token = localStorage.getItem(KEY);
let me = null;
let board = null;
// The server's clock less the browser's, from the last read: countdowns tick by it.
let skew = 0;
const serverNow = () => Date.now() + skew;

const ask = (request) => attempt(async () => {
  me = await post('/api/ring/me', request, token);
  render();
});

$('#cash-register-go').addEventListener('click', () => attempt(async () => {
  const r = await post('/api/ring/guests', { name: $('#cash-name').value });
  token = r.token;
  localStorage.setItem(KEY, token);
  await refresh();
}));

function gamesPanel() {
  const listed = new Map(me.lists.map((l) => [l.game, l]));
  const seatedGame = me.table ? board?.games.find((g) => g.tables.some((tb) => tb.id === me.table.id))?.id : null;
  const games = (board?.games ?? []).map((g) => {
    const l = listed.get(g.id);
    const open = g.tables.reduce((n, tb) => n + tb.open_seats, 0);
    return h('li', { testid: 'cash-game', data: { game: g.id } },
      h('b', {}, `${g.name} · ${g.variant} ${g.stakes}`),
      h('span', { class: 'muted' }, ` · ${t('ring_buy_in', { min: fmtChips(g.min_buy_in), max: fmtChips(g.max_buy_in) })}`
        + ` · ${t('ring_open_seats', { n: open })} · ${t('cash_on_list', { n: g.waiting.length })} `),
      l
        ? [h('span', { testid: 'cash-place' }, t(l.wants === 'table_change' ? 'cash_place_change' : 'cash_place', { n: l.place })), ' ',
          h('button', { testid: 'cash-leave', onclick: () => ask({ type: 'leave', game: g.id }) }, t('cash_leave'))]
        : h('button', { testid: 'cash-join', onclick: () => ask({ type: 'join', game: g.id }) },
          t(seatedGame === g.id ? 'cash_change_table' : 'cash_join')));
  });
  return h('section', { class: 'panel' }, h('h2', {}, `${t('cash_hello', { name: me.name })}`),
    h('ul', { class: 'cash-games', testid: 'cash-games' }, ...games));
}

function offerPanel() {
  const o = me.offer;
  if (!o) return null;
  const left = Math.max(0, Math.round((o.expires_ms - serverNow()) / 1000));
  const buyIn = h('input', { type: 'number', testid: 'cash-buy-in', min: o.min_buy_in, max: o.max_buy_in, value: o.brings ?? o.min_buy_in });
  const wait = h('input', { type: 'checkbox', testid: 'cash-wait' });
  return h('section', { class: 'panel cash-offer', testid: 'cash-offer', data: { table: o.table, seat: o.seat } },
    h('h2', {}, t('cash_offer', { game: o.game_name, table: o.table + 1, seat: o.seat })),
    h('p', {}, t('cash_offer_left', { s: left })),
    o.brings != null ? h('p', {}, t('cash_brings', { chips: fmtChips(o.brings) }))
      : h('label', {}, t('cash_buy_in', { min: fmtChips(o.min_buy_in), max: fmtChips(o.max_buy_in) }), ' ', buyIn),
    h('label', {}, wait, ' ', t('cash_wait_bb')),
    h('div', { class: 'actions' },
      h('button', { testid: 'cash-accept', onclick: () => ask({ type: 'accept', buy_in: Number(buyIn.value), wait: wait.checked }) }, t('cash_accept')),
      h('button', { testid: 'cash-decline', onclick: () => ask({ type: 'decline' }) }, t('cash_decline'))));
}

function seatPanel() {
  const s = me.seat;
  if (!s) return null;
  const amount = h('input', { type: 'number', testid: 'cash-top-up-amount', min: 1, value: Math.max(1, s.max_buy_in - s.chips) });
  const owes = s.owes ? ` · ${t('cash_owes_' + s.owes)}` : '';
  return h('section', { class: 'panel', testid: 'cash-seat', data: { away: s.away ? 'yes' : 'no', chips: s.chips } },
    h('h2', {}, t('cash_my_seat', { table: s.table + 1, seat: s.seat })),
    h('p', {}, `${t('col_chips')} ${fmtChips(s.chips)}${s.away ? ` · ${t('ring_away')}` : ''}${owes}`),
    h('div', { class: 'actions' },
      s.away
        ? [h('button', { testid: 'cash-back', onclick: () => ask({ type: 'back', wait: false }) }, t('cash_back_post')),
          h('button', { testid: 'cash-back-wait', onclick: () => ask({ type: 'back', wait: true }) }, t('cash_back_wait'))]
        : h('button', { testid: 'cash-away', onclick: () => ask({ type: 'away' }) }, t('cash_away')),
      amount,
      h('button', { testid: 'cash-top-up', disabled: s.in_hand, onclick: () => ask({ type: 'top_up', amount: Number(amount.value) }) }, t('cash_top_up')),
      h('button', { testid: 'cash-cash-out', disabled: s.in_hand, onclick: () => ask({ type: 'cash_out' }) }, t('cash_cash_out'))));
}

function actions(legal) {
  if (!legal) return null;
  const act = (action) => ask({ type: 'act', hand: legal.hand, action });
  const to = h('input', { type: 'number', testid: 'cash-raise-to', min: legal.min_to ?? 0, max: legal.max_to ?? 0, value: legal.min_to ?? 0 });
  return h('div', { class: 'actions' },
    legal.fold ? h('button', { testid: 'cash-fold', onclick: () => act({ type: 'fold' }) }, t('fold')) : null,
    legal.check ? h('button', { testid: 'cash-check', onclick: () => act({ type: 'check' }) }, t('check')) : null,
    legal.call != null ? h('button', { testid: 'cash-call', onclick: () => act({ type: 'call' }) }, t('call_amount', { amount: fmtChips(legal.call) })) : null,
    legal.min_to != null ? [to, h('button', { testid: 'cash-raise', onclick: () => act({ type: 'bet_or_raise', to: Number(to.value) }) },
      t(legal.raise_kind === 'bet' ? 'cash_bet_to' : 'cash_raise_to'))] : null);
}

function tablePanel() {
  const tb = me.table;
  if (!tb) return null;
  const hand = tb.hand;
  const seats = tb.seats.map((s, i) => h('li', s ? { testid: 'cash-table-seat', data: { seat: i + 1, guest: s.guest } } : {},
    s ? [
      hand && hand.button === i + 1 ? h('span', { class: 'badge' }, 'D') : null,
      hand && hand.to_act === i + 1 ? h('span', { class: 'badge' }, '→') : null,
      ` ${s.name} ${fmtChips(s.chips)}`,
      s.bet ? ` · ${t('cash_bet')} ${fmtChips(s.bet)}` : '',
      s.away ? ` (${t('ring_away')})` : '', s.owes ? ` [${t('cash_owes_' + s.owes)}]` : '',
      s.folded ? ` (${t('cash_folded')})` : '',
      ' ', ...s.cards.map((c) => cardEl(c, 'small')),
    ] : '—'));
  const next = tb.next && !hand?.to_act ? h('p', { class: 'muted', testid: 'cash-next' }, t('cash_next', {
    button: tb.next.button || '–', bb: tb.next.big_blind || '–',
    posts: tb.next.posts.map((p) => `${p.seat}: ${fmtChips(p.live)}${p.dead ? ` + ${fmtChips(p.dead)} ${t('cash_dead')}` : ''}`).join(', '),
  }), ' ', ...tb.next.rules.map((r) => h('span', { class: 'rule' }, r))) : null;
  return h('section', { class: 'panel', testid: 'cash-table' },
    h('h2', {}, `${tb.game_name} · ${t('table')} ${tb.id + 1}`),
    hand ? h('div', { testid: 'cash-hand', data: { hand: hand.number, street: hand.street } },
      h('p', {}, `${t('cash_hand')} ${hand.number} · ${hand.street} · ${t('total_pot')} ${fmtChips(hand.pot)}`),
      h('div', { class: 'board' }, ...hand.board.map((c) => cardEl(c))),
      hand.result.length ? h('p', {}, hand.result.join(' · ')) : null,
      actions(hand.legal)) : null,
    h('ol', { class: 'ring-seats' }, ...seats),
    next);
}

function sessionsPanel() {
  if (!me.sessions.length) return null;
  return h('section', { class: 'panel', testid: 'cash-sessions' }, h('h3', {}, t('cash_sessions')),
    h('ul', {}, ...me.sessions.map((s) => h('li', {},
      `${t('table')} ${s.table + 1}: ${t('cash_brought')} ${fmtChips(s.brought)}${s.end_ms != null ? `, ${t('cash_took')} ${fmtChips(s.took)}` : ''}`))));
}

function render() {
  $('#cash-register').hidden = !!token;
  const box = $('#cash-me');
  box.hidden = !me;
  if (!me) return;
  box.replaceChildren(...[offerPanel(), seatPanel(), tablePanel(), gamesPanel(), sessionsPanel()].filter(Boolean));
}

async function refresh() {
  if (!token) return render();
  try {
    [me, board] = await Promise.all([get('/api/ring/me', token), get('/api/ring')]);
    skew = me.now_ms - Date.now();
  } catch (e) {
    if (e.status === 401) {
      localStorage.removeItem(KEY);
      token = null;
      me = null;
    }
  }
  // Keep what the guest is typing: redraw only while no input has the focus.
  if (!document.activeElement || document.activeElement.tagName !== 'INPUT') render();
}

onLang(render);
// The room's changes are pushed; the offer's countdown ticks here, between them.
refresh();
changes('/api/ring/ws', refresh);
setInterval(() => {
  if (me && (!document.activeElement || document.activeElement.tagName !== 'INPUT')) render();
}, 1000);
