// table.js: draws a TableView: the oval felt with its seats, the board and pots; the dealer's
// announcements; the last hands.
// Stud: a seat's cards lie in a row in dealing order, up cards face up for everyone, down cards
// as backs (the owner sees them, marked as down); a folded hand's cards are gone (TDA-66); no
// board unless a community card was dealt (TDA-RP-10H).
// Test ids: felt, hand-info (data-game, data-street), waiting, seat (data-seat, data-player,
// data-state), seat-name, seat-stack (data-amount), seat-cards, hole-cards (the viewer's own;
// each card with data-card and data-face up/down), seat-bet (data-amount), button-marker,
// sb-marker, bb-marker, bring-in-marker, away-marker, all-in-marker, equity (data-equity), board,
// pots, pot (data-amount), total-pot (data-amount), announcements, announcement (data-kind),
// history, history-hand (data-hand).

import { h, fmtChips, cardEl, ruleBadge } from './dom.js';
import { t, lang } from './i18n.js';

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const STUD = new Set(['stud', 'stud_hi_lo', 'razz']);
/** Whether a hand (or a history entry) is a stud game. */
export const isStud = (hand) => STUD.has(hand?.game);

/** Hole cards in dealing order, each with its face: an owner's down card is marked down. */
function holeCards(cards, up, size) {
  return cards.map((c, i) => {
    const face = up?.[i] ? 'up' : 'down';
    const el = cardEl(c, size);
    el.dataset.face = face;
    if (c && face === 'down' && up?.length) {
      el.classList.add('down');
      el.title = `${c} · ${t('down_card')}`;
    }
    return el;
  });
}
// Radii of the seats' and the bets' ovals, in percent of the felt; a phone's felt is upright.
const narrow = () => window.matchMedia('(max-width: 600px)').matches;
// On a phone the seats sit out on the rail, clear of the board.
const seatRadius = () => (narrow() ? { x: 46, y: 44 } : { x: 45, y: 41 });
const betRadius = () => ({ x: 28, y: 22 });

/** Seat n's place on the oval (percent of the felt), the viewer's seat at the bottom. */
function place(seatNo, bottom, n, radius) {
  const k = (seatNo - bottom + n) % n;
  const a = Math.PI / 2 + (k * 2 * Math.PI) / n;
  return { x: 50 + radius.x * Math.cos(a), y: 50 + radius.y * Math.sin(a) };
}

function seatEl(s, seatNo, table, mySeat, equity) {
  const n = table.seats.length;
  const bottom = mySeat || 1;
  const pos = place(seatNo, bottom, n, seatRadius());
  const style = `left:${pos.x}%;top:${pos.y}%`;
  if (!s) {
    return h('div', { class: 'seat empty', style, testid: 'seat', data: { seat: seatNo, state: 'empty' } },
      h('div', { class: 'plate' }, h('span', { class: 'seat-no' }, t('seat_n', { n: seatNo }))));
  }
  const me = s.seat === mySeat;
  const state = s.folded ? 'folded' : s.all_in ? 'all_in' : s.in_hand ? 'in_hand' : 'out';
  const cls = ['seat', state, s.to_act && 'to-act', s.away && 'away', me && 'me'].filter(Boolean).join(' ');
  const stud = isStud(table.hand);
  const cards = s.cards.length
    ? h('div', { class: stud ? 'seat-cards stud' : 'seat-cards', testid: me ? 'hole-cards' : 'seat-cards' },
        holeCards(s.cards, stud ? s.up : null, me && !stud ? 'big' : 'small'))
    : null;
  const markers = h('div', { class: 'markers' },
    s.button ? h('span', { class: 'marker dealer', testid: 'button-marker', title: t('button') }, 'D') : null,
    s.small_blind ? h('span', { class: 'marker sb', testid: 'sb-marker' }, t('sb')) : null,
    s.big_blind ? h('span', { class: 'marker bb', testid: 'bb-marker' }, t('bb')) : null,
    s.bring_in ? h('span', { class: 'marker bi', testid: 'bring-in-marker', title: t('bring_in') }, t('bi')) : null);
  return h('div', { class: cls, style, testid: 'seat', data: { seat: s.seat, player: s.player, state } },
    cards,
    h('div', { class: 'plate' },
      h('div', { class: 'seat-name', testid: 'seat-name', title: s.name }, s.name),
      h('div', { class: 'seat-stack', testid: 'seat-stack', data: { amount: s.stack } }, fmtChips(s.stack)),
      markers,
      s.away ? h('span', { class: 'badge away', testid: 'away-marker' }, t('away')) : null,
      s.all_in ? h('span', { class: 'badge allin', testid: 'all-in-marker' }, t('all_in')) : null,
      equity != null ? h('span', { class: 'badge equity', testid: 'equity', data: { equity } }, pct(equity)) : null,
      narrow() && s.bet > 0 ? betEl(s, table, mySeat, true) : null));
}

// A bet in front of a seat; on a phone, inside the seat's plate (no room on the felt).
function betEl(s, table, mySeat, inPlate = false) {
  const pos = place(s.seat, mySeat || 1, table.seats.length, betRadius());
  const style = inPlate ? null : `left:${pos.x}%;top:${pos.y}%`;
  return h('div', { class: inPlate ? 'bet in-plate' : 'bet', style, testid: 'seat-bet', data: { seat: s.seat, amount: s.bet } },
    h('span', { class: 'chip' }), fmtChips(s.bet));
}

/** Replaces root's content with the felt of `table`; mySeat is the viewer's seat or null. */
export function renderFelt(root, table, mySeat) {
  const hand = table.hand;
  const equities = new Map((hand?.equities || []).map((e) => [e.seat, e.equity]));
  const seats = table.seats.map((s, i) => seatEl(s, s?.seat ?? i + 1, table, mySeat, s ? equities.get(s.seat) : null));
  const bets = narrow() ? [] : table.seats.filter((s) => s && s.bet > 0).map((s) => betEl(s, table, mySeat));
  // Stud has no board but a short deck's community card (TDA-RP-10H).
  const board = isStud(hand)
    ? hand.board.length ? h('div', { class: 'board', testid: 'board' }, hand.board.map((c) => cardEl(c, 'big'))) : null
    : h('div', { class: 'board', testid: 'board' },
      [0, 1, 2, 3, 4].map((i) => (hand?.board[i] ? cardEl(hand.board[i], 'big') : h('span', { class: 'card slot' }))));
  const pots = hand && hand.pots.length
    ? h('div', { class: 'pots', testid: 'pots' }, hand.pots.map((p, i) =>
        h('span', { class: 'pot', testid: 'pot', data: { amount: p.amount, index: i }, title: `${t('seats')}: ${p.eligible.join(', ')}` },
          `${i === 0 ? t('main_pot') : t('side_pot', { n: i })}: ${fmtChips(p.amount)}`)))
    : null;
  const total = hand
    ? h('div', { class: 'total-pot', testid: 'total-pot', data: { amount: hand.total_pot } }, `${t('total_pot')}: ${fmtChips(hand.total_pot)}`)
    : null;
  // The game is named unless it is hold'em (a mixed event changes games, TDA-11B).
  const game = hand?.game && hand.game !== 'holdem' ? ` · ${t(`game_${hand.game}`)}` : '';
  const info = hand
    ? `${t('table_n', { n: table.table })} · ${t('hand_n', { n: hand.number })}${game} · ${t(`street_${hand.street}`)}`
    : t('table_n', { n: table.table });
  const center = h('div', { class: 'center' },
    table.waiting && !hand ? h('div', { class: 'waiting', testid: 'waiting' }, table.waiting) : null,
    board, pots, total);
  root.replaceChildren(
    h('div', { class: 'hand-info', testid: 'hand-info', data: { hand: hand?.number ?? '', game: hand?.game ?? '', street: hand?.street ?? '' } }, info),
    h('div', { class: 'felt', testid: 'felt', data: { seats: table.seats.length } }, center, bets, seats));
}

/** Who sits in `seat`, by name, from a table's seats or a history's seats. */
export function namer(seats) {
  const names = new Map();
  for (const s of seats || []) if (s) names.set(s.seat, s.name);
  return (seat) => names.get(seat) || t('seat_n', { n: seat });
}

/** One announcement as a list item, in the viewer's language. */
export function announcementEl(a, nameOf) {
  const who = a.seat != null ? nameOf(a.seat) : '';
  // A clock's amount is the seconds given to act (TDA-29).
  const amount = a.amount == null ? '' : a.kind === 'clock' ? `${a.amount} s` : fmtChips(a.amount);
  const key = `ann_${a.kind}`;
  let text = t(key, { who, amount });
  if (text === key) text = [who, a.kind.replace(/_/g, ' '), amount].filter(Boolean).join(' ');
  else if (amount && !t.raw(key).includes('{amount}')) text += ` (${amount})`;
  const handName = lang() === 'de' ? a.hand_de ?? a.hand_en : a.hand_en ?? a.hand_de;
  return h('li', { class: `ann ann-${a.kind}`, testid: 'announcement', data: { kind: a.kind } },
    h('span', { class: 'ann-text' }, text),
    a.cards.length ? h('span', { class: 'ann-cards' }, a.cards.map((c) => cardEl(c, 'tiny'))) : null,
    handName ? h('span', { class: 'hand-name', testid: 'hand-name' }, handName) : null,
    ruleBadge(a.rule));
}

/** The announcements of the current hand, newest last. */
export function renderAnnouncements(root, table) {
  const list = table.hand?.announcements || [];
  const nameOf = namer(table.seats);
  root.replaceChildren(...list.map((a) => announcementEl(a, nameOf)));
  root.scrollTop = root.scrollHeight;
}

/** The last hands as collapsible entries, newest first. */
export function renderHistory(root, table) {
  // A pushed view leaves the history out when it has not changed.
  if (table.history == null) return;
  const open = new Set([...root.querySelectorAll('details[open]')].map((d) => d.dataset.hand));
  root.replaceChildren(...(table.history || []).map((hh) => {
    const nameOf = namer(hh.seats);
    return h('details', { class: 'history-hand', testid: 'history-hand', data: { hand: hh.number }, open: open.has(String(hh.number)) },
      h('summary', {}, t('hand_n', { n: hh.number }), ' ',
        h('span', { class: 'ann-cards' }, hh.board.map((c) => cardEl(c, 'tiny')))),
      h('ul', { class: 'history-seats' }, hh.seats.map((s) =>
        h('li', {}, h('span', { class: 'hs-name' }, `${s.seat}. ${s.name}`),
          h('span', { class: 'ann-cards' }, holeCards(s.cards, isStud(hh) ? s.up : null, 'tiny')),
          s.won ? h('span', { class: 'won' }, `+${fmtChips(s.won)}`) : null))),
      h('ol', { class: 'announcements' }, hh.announcements.map((a) => announcementEl(a, nameOf))));
  }));
}
