// dealer-steps.js: the dealer's own steps: laying the due street (cards entered or not), at the
// showdown each hand shown (cards entered) or mucked, or each pot's winner named when the cards
// are not entered, and the next hand.
// Test ids: lay-unknown (data-street), board-input, lay-cards, showdown-row (data-player),
// show-input, show, muck, award-row (data-pot), award-winner (a checkbox, data-player),
// award, next-hand.

import { h, fmtChips, attempt } from './dom.js';
import { t } from './i18n.js';

/** send(path, body) posts a change for the current hand. */
export function stepsView(root, send) {
  const cardList = (text) => text.split(/[\s,;]+/).filter(Boolean);

  function board(v) {
    const w = v.waiting;
    if (!w.street) return null;
    const street = t(`street_${w.street}`);
    const input = h('input', { testid: 'board-input', type: 'text', autocomplete: 'off', placeholder: t('cards_ph', { n: w.cards }) });
    return h('div', { class: 'step' },
      h('h4', {}, t('lay_street', { street })),
      h('div', { class: 'row' },
        h('button', {
          type: 'button', class: 'btn primary', testid: 'lay-unknown', data: { street: w.street },
          onclick: () => attempt(() => send('board', { cards: null })),
        }, t('lay_unknown', { street })),
        input,
        h('button', {
          type: 'button', class: 'btn', testid: 'lay-cards',
          onclick: () => attempt(() => send('board', { cards: cardList(input.value) })),
        }, t('lay_cards'))));
  }

  function showdown(v) {
    if (v.street !== 'showdown') return null;
    const live = v.players.filter((p) => p.status === 'live');
    const rows = live.map((p) => {
      const input = h('input', { testid: 'show-input', type: 'text', autocomplete: 'off', placeholder: t('cards_ph', { n: '' }) });
      return h('div', { class: 'row', testid: 'showdown-row', data: { player: p.player } },
        h('span', { class: 'grow' }, `${p.seat} · ${p.name}`),
        p.cards.length ? null : [input,
          h('button', {
            type: 'button', class: 'btn small', testid: 'show',
            onclick: () => attempt(() => send('show', { player: p.player, cards: cardList(input.value) })),
          }, t('show')),
          h('button', {
            type: 'button', class: 'btn small', testid: 'muck',
            onclick: () => attempt(() => send('muck', { player: p.player })),
          }, t('muck'))]);
    });
    const pots = v.pots.map((pot, i) => {
      const boxes = pot.eligible.map((p, k) => h('label', { class: 'check' },
        h('input', { type: 'checkbox', testid: 'award-winner', data: { player: p } }), ' ', pot.names[k]));
      return h('div', { class: 'row', testid: 'award-row', data: { pot: i } },
        h('span', { class: 'grow' }, t('award_to', { pot: i === 0 ? t('main_pot') : t('side_pot', { n: i }) }),
          ` (${fmtChips(pot.amount)})`),
        boxes,
        h('button', {
          type: 'button', class: 'btn primary', testid: 'award',
          onclick: (ev) => attempt(() => {
            const row = ev.target.closest('[data-testid="award-row"]');
            const winners = [...row.querySelectorAll('[data-testid="award-winner"]')]
              .filter((b) => b.checked).map((b) => Number(b.dataset.player));
            return send('award', { pot: i, winners });
          }),
        }, t('award')));
    });
    return h('div', { class: 'step' }, h('h4', {}, t('showdown')), rows, pots);
  }

  function update(v) {
    const next = h('button', {
      type: 'button', class: 'btn primary', testid: 'next-hand', disabled: !v.over || v.waiting.kind === 'director',
      onclick: () => attempt(() => send('next-hand', {})),
    }, t('next_hand'));
    const parts = [board(v), showdown(v), h('div', { class: 'row' }, next)].filter(Boolean);
    root.replaceChildren(...parts);
  }

  return { update };
}
