// dealer-ruling.js: this hand's rulings, newest first: the act as entered, the actions it came
// to, chips returned or still owed, a possible penalty, and each reason with its rule id in the
// chosen language.
// Test ids: ruling (data-kind, data-player, data-in-turn, data-index: 0 is the newest),
// ruling-act, ruling-action (data-player, data-action, data-to), ruling-returned
// (data-amount), ruling-owed (data-amount), ruling-penalty (data-rule), reason (data-rule),
// reason-text, no-rulings.

import { h, fmtChips, ruleBadge } from './dom.js';
import { t, lang } from './i18n.js';

function actionText(a) {
  const who = a.name;
  switch (a.action.type) {
    case 'fold': return t('ann_folds', { who });
    case 'check': return t('ann_checks', { who });
    case 'call': return t('ruled_call', { who });
    default: return t('ruled_bet_or_raise', { who, amount: fmtChips(a.action.to) });
  }
}

/** How the act was entered: words and chips, e.g. "„raise“ · 1,000 + 100". */
function actText(r) {
  if (!r.act) return t('error_noticed');
  const parts = [];
  if (r.act.say) parts.push(`“${r.act.say}”`);
  if (r.act.chips.length) parts.push(r.act.chips.map(fmtChips).join(' + '));
  if (!parts.length) parts.push(t('nothing'));
  return `${r.name}: ${parts.join(' · ')}`;
}

function rulingEl(r, index) {
  return h('article', {
    class: `ruling ${index === 0 ? 'newest' : ''}`,
    testid: 'ruling',
    data: { kind: r.kind, player: r.player, inTurn: String(r.in_turn), index },
  },
  h('div', { class: 'ruling-head' },
    h('span', { testid: 'ruling-act' }, actText(r)),
    r.kind === 'act' ? h('span', { class: `badge ${r.in_turn ? '' : 'allin'}` }, t(r.in_turn ? 'in_turn' : 'out_of_turn')) : null),
  h('ul', { class: 'ruling-actions' },
    r.actions.length
      ? r.actions.map((a) => h('li', {
        testid: 'ruling-action',
        data: { player: a.player, action: a.action.type, to: a.action.to ?? '' },
      }, actionText(a)))
      : h('li', { class: 'muted' }, t('no_action'))),
  r.returned ? h('div', { testid: 'ruling-returned', data: { amount: r.returned } },
    t('returned', { amount: fmtChips(r.returned) })) : null,
  r.owed ? h('div', { testid: 'ruling-owed', data: { amount: r.owed } },
    t('owed', { amount: fmtChips(r.owed) })) : null,
  r.penalty ? h('div', { class: 'penalty', testid: 'ruling-penalty', data: { rule: r.penalty } },
    t('penalty_possible'), ruleBadge(r.penalty)) : null,
  h('ul', { class: 'reasons' }, r.reasons.map((reason) => h('li', { testid: 'reason', data: { rule: reason.rule } },
    ruleBadge(reason.rule), ' ', h('span', { testid: 'reason-text' }, reason[lang()] ?? reason.en)))));
}

export function rulingsView(root) {
  function update(v) {
    if (!v.rulings.length) {
      root.replaceChildren(h('p', { class: 'muted', testid: 'no-rulings' }, t('no_rulings')));
      return;
    }
    root.replaceChildren(...v.rulings.map(rulingEl));
  }
  return { update };
}
