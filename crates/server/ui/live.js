// live.js: one table of a live event as the TD console and its tablet show it: its players,
// whether it plays or waits and why, the button, and the reports a dealer makes (HC-1.8).
// Test ids: live-table (data-table, data-in-hand), live-wait, live-out (data-player),
// live-by (data-player), live-card (data-player: a tie card, HC-1.3), hand-over, button-seat,
// button-set, button-cards (the cards dealt for the button, "1 Kh, 2 7c"), button-cards-set,
// tablet-bind, tablet-track (a dealer tablet following every hand), tablet-url, no-tablet (a
// table without a tablet bound), live-name (data-dealt yes|no: dealt into the hand in play). Labels are made in the language of the moment: after a
// switch, drop `box.liveCards` to make all anew.

import { h, fmtChips } from './dom.js';
import { t, said } from './i18n.js';

/**
 * The instructions with each seat draw (the final table's, a broken table's) before the moves:
 * its seat cards are entered before the players take the seats, which a move done first makes
 * too late (HC-1.7, TDA-RP-9, TDA-10).
 */
export function drawFirst(list) {
  const draw = (i) => (i.kind === 'final_table' || i.kind === 'break' ? 0 : 1);
  return [...list].sort((a, b) => draw(a) - draw(b));
}

/**
 * Shows the cards of `tables` in `box`, making a card anew only for a table whose seating (or
 * tablet link) changed: a dealer's ticks on another table's card are kept. `options(tb)` gives
 * liveTableCard's options for a table.
 */
export function showCards(box, tables, options) {
  const kept = box.liveCards ?? new Map();
  const next = new Map();
  const cards = tables.map((tb) => {
    const opts = options(tb);
    // Who sits where and whether a hand is in play decide the form; chips, the button and why
    // it waits are written into the card in place.
    const key = JSON.stringify([tb.seats.map((s) => s && [s.player, s.dealt]), tb.in_hand, tb.tablet, opts.tabletUrl ?? null]);
    const old = kept.get(tb.table);
    let card;
    if (old && old.key === key) {
      card = old.card;
      refresh(card, tb);
    } else {
      card = liveTableCard(tb, opts);
    }
    next.set(tb.table, { key, card });
    return card;
  });
  box.liveCards = next;
  if (cards.length !== box.children.length || cards.some((c, i) => box.children[i] !== c)) {
    box.replaceChildren(...cards);
  }
}

const title = (tb) => `${t('table')} ${tb.table} · ${t('button')}: ${t('seat')} ${tb.button ?? '–'}`;
const status = (tb) => (tb.in_hand ? t('live_in_hand') : said({ key: tb.wait_key }, tb.wait ?? t('live_waits')));

/** Writes a card's chips, button and status anew, keeping what the dealer ticked. */
function refresh(card, tb) {
  card.querySelector('h3').textContent = title(tb);
  const wait = card.querySelector('[data-testid="live-wait"]');
  wait.textContent = status(tb);
  wait.className = tb.in_hand ? 'muted' : 'warn';
  for (const s of tb.seats) {
    const cell = s && card.querySelector(`[data-chips="${s.player}"]`);
    if (cell) cell.textContent = fmtChips(s.chips);
  }
}

/**
 * The card of table `tb` (a TableSeating). `report(body)` sends a report without its table:
 * { type: 'hand_over', busts } or { type: 'button', seat }. With `tablet`, a button makes the
 * table's tablet link, shown as `tabletUrl`.
 */
export function liveTableCard(tb, { report, tablet, track, tabletUrl }) {
  const seated = tb.seats.map((s, i) => s && { ...s, seat: i + 1 }).filter(Boolean);
  const out = (s) => tb.in_hand && !s.dealt;
  const rows = seated.map((s) => h('tr', {},
    h('td', {}, `${s.seat}`), h('td', { class: tb.in_hand && !s.dealt ? 'muted' : null, testid: 'live-name', data: { dealt: s.dealt ? 'yes' : 'no' } },
      `${s.player + 1} · ${s.name}`, tb.in_hand && !s.dealt ? h('small', {}, ` (${t('live_not_dealt')})`) : null),
    h('td', { class: 'num', data: { chips: s.player } }, fmtChips(s.chips)),
    // A player not dealt into the hand in play cannot go out in it, nor win anyone's chips.
    h('td', {}, h('input', { type: 'checkbox', testid: 'live-out', data: { player: s.player }, disabled: out(s) })),
    h('td', {}, h('select', { testid: 'live-by', data: { player: s.player }, disabled: out(s) },
      h('option', { value: '' }, '–'),
      ...seated.filter((o) => o.player !== s.player && !out(o)).map((o) => h('option', { value: o.player }, `${o.player + 1} · ${o.name}`)))),
    // HC-1.3: the card drawn for a tie on the stack, as it fell ("Ks"); empty, the software draws.
    h('td', {}, h('input', { class: 'card-input', size: 3, maxlength: 2, testid: 'live-card', data: { player: s.player },
      placeholder: 'Ks', title: t('live_card_help') }))));
  const card = h('div', { class: 'live-table', testid: 'live-table', data: { table: tb.table, inHand: tb.in_hand } },
    h('h3', {}, title(tb)),
    h('p', { class: tb.in_hand ? 'muted' : 'warn', testid: 'live-wait' }, status(tb)),
    h('table', { class: 'grid' },
      h('thead', {}, h('tr', {}, ...['seat', 'col_name', 'col_chips', 'live_out', 'live_by', 'live_card'].map((c) => h('th', {}, t(c))))),
      h('tbody', {}, ...rows)));
  const handOver = () => {
    const busts = [...card.querySelectorAll('[data-testid="live-out"]')].filter((c) => c.checked).map((c) => {
      const player = Number(c.dataset.player);
      const by = card.querySelector(`[data-testid="live-by"][data-player="${player}"]`).value;
      const drawn = card.querySelector(`[data-testid="live-card"][data-player="${player}"]`).value.trim();
      const bust = by === '' ? { player } : { player, by: [Number(by)] };
      return drawn ? { ...bust, card: drawn } : bust;
    });
    report({ type: 'hand_over', busts });
  };
  const seatInput = h('input', { class: 'num', type: 'number', min: 1, testid: 'button-seat', placeholder: t('seat') });
  // TDA-RP-14: the cards dealt for the button, seat by seat, as they fell.
  const drawInput = h('input', { class: 'wide', testid: 'button-cards', placeholder: '1 Kh, 2 7c, …' });
  // A button pressed with its field empty or unreadable marks the field and puts the cursor
  // there, rather than doing nothing.
  const missing = (input) => {
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  };
  for (const input of [seatInput, drawInput]) input.addEventListener('input', () => input.removeAttribute('aria-invalid'));
  const drawButton = () => {
    const cards = [...drawInput.value.matchAll(/(\d+)\s*[:\s]\s*([2-9tjqka][cdhs])/gi)]
      .map((m) => ({ seat: Number(m[1]), card: m[2][0].toUpperCase() + m[2][1].toLowerCase() }));
    if (cards.length) report({ type: 'button_cards', cards });
    else missing(drawInput);
  };
  card.append(h('div', { class: 'row' },
    h('button', { type: 'button', class: 'btn primary', testid: 'hand-over', disabled: !tb.in_hand, onclick: handOver }, t('hand_over')),
    seatInput,
    h('button', { type: 'button', class: 'btn', testid: 'button-set',
      onclick: () => (Number(seatInput.value) > 0 ? report({ type: 'button', seat: Number(seatInput.value) }) : missing(seatInput)) }, t('button_set')),
    drawInput,
    h('button', { type: 'button', class: 'btn', testid: 'button-cards-set', onclick: drawButton }, t('button_cards')),
    tablet ? h('button', { type: 'button', class: 'btn small', testid: 'tablet-bind', onclick: tablet }, t('tablet_bind')) : null,
    track && tb.in_hand ? h('button', { type: 'button', class: 'btn small', testid: 'tablet-track', onclick: track }, t('tablet_track')) : null));
  if (tabletUrl) card.append(h('p', {}, h('a', { href: tabletUrl, target: '_blank', testid: 'tablet-url' }, tabletUrl)));
  // The console asks for a tablet where a table has none (a table opened for new players).
  else if (tablet && !tb.tablet) card.append(h('p', { class: 'warn', testid: 'no-tablet' }, t('no_tablet')));
  return card;
}
