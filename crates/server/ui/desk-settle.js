// desk-settle.js: settling a hand at a table the list keeper follows (HC-1.10), on the seat
// map: what each dealt player put in, who folded, and the winners of each pot; the page builds
// the main and side pots from what was put in (TDA-21: each pot is split on its own) and sends
// the stacks and what each winner won (the room takes the rake from the winners).
// Test ids: desk-settle, desk-put-in (data-guest), desk-all-in (data-guest), desk-folded
// (data-guest), desk-pot (data-pot, data-amount), desk-winner (data-pot, data-guest),
// desk-settle-go.

import { h, fmtChips } from './dom.js';
import { t } from './i18n.js';

/** Main and side pots from each player's contribution: [{ amount, eligible: [guest] }]. A pot
 * ends where a player still in the hand stopped putting in (all in, or a bet not called: then
 * the last pot is theirs alone and comes back to them); folded players' chips fill the pots
 * up to what they put in (TDA-21). */
export function potsOf(players) {
  const live = players.filter((p) => !p.folded);
  const levels = [...new Set(live.map((p) => p.putIn).filter((x) => x > 0))].sort((a, b) => a - b);
  const pots = [];
  let below = 0;
  for (const level of levels) {
    const amount = players.reduce((n, p) => n + Math.max(0, Math.min(p.putIn, level) - below), 0);
    const eligible = live.filter((p) => p.putIn >= level).map((p) => p.guest);
    if (amount > 0) pots.push({ amount, eligible });
    below = level;
  }
  // Folded chips above every live player's: into the last pot.
  const over = players.reduce((n, p) => n + Math.max(0, p.putIn - below), 0);
  if (over > 0 && pots.length) pots[pots.length - 1].amount += over;
  return pots;
}

/** What each guest wins: each pot split evenly among its winners; the odd chips go one by one
 * to the winners from the button's left (TDA-20). */
export function winnings(pots, winners, seatOf, button, seats) {
  const won = new Map();
  pots.forEach((pot, i) => {
    const ws = (winners[i] ?? []).filter((g) => pot.eligible.includes(g));
    if (!ws.length) return;
    const order = [...ws].sort((a, b) => ((seatOf(a) - button - 1 + seats) % seats) - ((seatOf(b) - button - 1 + seats) % seats));
    const share = Math.floor(pot.amount / ws.length);
    let odd = pot.amount - share * ws.length;
    for (const g of order) {
      won.set(g, (won.get(g) ?? 0) + share + (odd > 0 ? 1 : 0));
      odd -= 1;
    }
  });
  return won;
}

/** The settle sheet's content for table `tb`; `send(command)` settles. */
export function settleSheet(tb, send, close) {
  const dealt = tb.seats.map((s, i) => s && s.in_hand ? { ...s, seat: i + 1 } : null).filter(Boolean);
  const players = dealt.map((s) => ({ guest: s.guest, name: s.name, seat: s.seat, chips: s.chips, putIn: 0, folded: false }));
  const winners = [];
  // Pots with one player in them are theirs by themselves; a choice made so is undone when
  // more players come into that pot.
  const auto = [];
  const seatOf = (g) => players.find((p) => p.guest === g)?.seat ?? 0;
  const potsBox = h('div', { class: 'desk-pots' });
  const go = h('button', { class: 'btn primary big', testid: 'desk-settle-go' }, t('desk_settle_go'));
  const summary = h('p', { class: 'desk-settle-summary' });

  const rows = players.map((p) => {
    const input = h('input', { type: 'number', inputmode: 'numeric', min: 0, max: p.chips, value: 0, class: 'num', testid: 'desk-put-in', data: { guest: p.guest } });
    input.addEventListener('input', () => {
      p.putIn = Math.max(0, Math.min(p.chips, Math.round(Number(input.value) || 0)));
      draw();
    });
    const allIn = h('button', { class: 'btn', testid: 'desk-all-in', data: { guest: p.guest }, onclick: () => { input.value = p.chips; p.putIn = p.chips; draw(); } }, t('all_in'));
    const folded = h('input', { type: 'checkbox', testid: 'desk-folded', data: { guest: p.guest } });
    folded.addEventListener('change', () => { p.folded = folded.checked; draw(); });
    return h('tr', {},
      h('td', {}, `${p.seat}. ${p.name}`),
      h('td', { class: 'num' }, fmtChips(p.chips)),
      h('td', {}, input, ' ', allIn),
      h('td', {}, h('label', { class: 'check' }, folded, ' ', t('cash_folded'))));
  });

  function draw() {
    const pots = potsOf(players);
    potsBox.replaceChildren(...pots.map((pot, i) => {
      // A pot only one player can win is theirs (an uncalled bet comes back, TDA-21).
      if (pot.eligible.length === 1) {
        winners[i] = [...pot.eligible];
        auto[i] = true;
      } else if (auto[i]) {
        winners[i] = [];
        auto[i] = false;
      }
      winners[i] = (winners[i] ?? []).filter((g) => pot.eligible.includes(g));
      return h('div', { class: 'desk-pot', testid: 'desk-pot', data: { pot: i, amount: pot.amount } },
        h('b', {}, `${i === 0 ? t('main_pot') : t('side_pot', { n: i })}: ${fmtChips(pot.amount)}`), ' ',
        h('span', { class: 'muted' }, t('desk_won_by')), ' ',
        ...pot.eligible.map((g) => h('button', {
          class: `btn winner ${winners[i].includes(g) ? 'on' : ''}`, testid: 'desk-winner', data: { pot: i, guest: g },
          'aria-pressed': winners[i].includes(g) ? 'true' : 'false',
          onclick: () => {
            winners[i] = winners[i].includes(g) ? winners[i].filter((x) => x !== g) : [...winners[i], g];
            auto[i] = false;
            draw();
          },
        }, `${seatOf(g)}. ${players.find((p) => p.guest === g).name}`)));
    }));
    const total = players.reduce((n, p) => n + p.putIn, 0);
    const open = pots.some((pot, i) => !winners[i]?.length);
    go.disabled = total === 0 || open;
    summary.textContent = total === 0 ? t('desk_settle_nothing') : open ? t('desk_settle_choose') : t('desk_settle_ready', { pot: fmtChips(total) });
  }

  go.addEventListener('click', () => {
    const pots = potsOf(players);
    const won = winnings(pots, winners, seatOf, tb.button || 0, tb.seats.length);
    send({
      type: 'hand_settled', table: tb.id, pot: players.reduce((n, p) => n + p.putIn, 0),
      stacks: players.map((p) => ({ guest: p.guest, chips: p.chips - p.putIn + (won.get(p.guest) ?? 0) })),
      won: [...won].map(([guest, chips]) => ({ guest, chips })),
    }).then((ok) => ok && close());
  });
  draw();
  return h('div', { class: 'desk-settle', testid: 'desk-settle' },
    h('h2', {}, t('desk_settle_title', { table: tb.id + 1 })),
    h('p', { class: 'muted' }, t('desk_settle_help')),
    h('table', { class: 'desk-settle-table' },
      h('thead', {}, h('tr', {}, h('th', {}, t('col_name')), h('th', {}, t('col_chips')), h('th', {}, t('desk_put_in')), h('th', {}, ''))),
      h('tbody', {}, ...rows)),
    potsBox, summary,
    h('div', { class: 'desk-buttons' }, go, h('button', { class: 'btn big', onclick: close }, t('desk_cancel'))));
}
