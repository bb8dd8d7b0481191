// dealer-menu.js: the irregularity menu (each kind with its fields, as the floor's
// `Irregularity` takes them) and the procedure the floor answers with: its steps, each with
// its rule, the outcome and a penalty the TD may give.
// Test ids: irregularity-kind (a <select>), irr-field (data-name) holding the field's input,
// apply-irregularity, procedure (data-outcome), procedure-title, procedure-step (data-rule),
// procedure-outcome, procedure-penalty (data-rule).

import { h, attempt, ruleBadge } from './dom.js';
import { t, lang } from './i18n.js';

const P = { name: 'player', type: 'player' };
const bool = (name) => ({ name, type: 'bool' });
const int = (name, value = 1) => ({ name, type: 'int', value });
const STREETS = ['flop', 'turn', 'river'];

// Nested enums: a unit variant is its name; one with fields is { name: { fields } }.
const ISSUES = {
  one_card_shown: [bool('refuses')], mucked_after_partial_show: [bool('identifiable')],
  thrown_face_down: [bool('identifiable')], mucked_believing_won: [bool('identifiable')],
  hand_killed_by_dealer: [bool('identifiable')],
  ask_to_see_hand: [bool('asker_holds_cards'), bool('asker_called_last_bet'), bool('shows_first')],
  played_the_board: [bool('refuses')], muck_at_all_in: [], show_order: [bool('bet_on_last_round')],
};
const DEFECTS = {
  duplicate: [], foreign_back: [], missing: [],
  joker: [{ name: 'holder', type: 'opt_player' }, bool('holder_acted')],
};
const PENALTIES = {
  warning: null, hands: 'n', rounds: 'n', forced_fold: null, orbit: null, suspension: null,
  minutes: 'n', disqualification: null,
};
const CAUSES = ['cards_face_up_in_deck', 'first_card_wrong_seat', 'cards_to_seat_not_in_hand',
  'seat_skipped', 'dealt_out_of_order', 'button_misplaced', 'card_count_untraceable',
  'card_taken_by_wrong_player', 'two_cards_at_once', 'deal_confused'];

export const KINDS = {
  player_exposed_cards: [P],
  showed_cards_to: [P, bool('to_live_player')],
  hand_seen: [P],
  clock_called: [P, bool('facing_bet')],
  showdown: [P, { name: 'issue', type: 'variant', options: ISSUES }],
  penalty: [P, { name: 'penalty', type: 'penalty' }, { name: 'players_at_table', type: 'int', value: 0 }],
  chip_found_later: [P, int('amount', 100)],
  misdeal: [{ name: 'cause', type: 'enum', options: CAUSES }],
  exposed_hole_card: [int('position'), int('count')],
  wrong_card_count: [P, int('has', 3), int('needs', 2), bool('is_button'), bool('has_acted')],
  four_card_flop: [bool('fourth_identifiable'), int('cards', 4)],
  premature_board: [{ name: 'street', type: 'enum', options: STREETS }],
  burn_error: [{ name: 'street', type: 'enum', options: STREETS }, int('burned', 0), bool('board_dealt')],
  deck_defect: [{ name: 'defect', type: 'variant', options: DEFECTS }, { name: 'player_knew', type: 'opt_player' }],
  dropped_deck: [bool('seen'), bool('mixed_with_muck')],
  mess: [],
  rabbit_hunt: [bool('all_agree')],
  dispute: [{ name: 'about', type: 'enum', options: ['reading', 'pot', 'change'] }, bool('next_hand_started'),
    bool('substantial_action_since'), bool('pot_pushed'), bool('at_once'), bool('at_break'),
    int('seconds_since_award', 0)],
  count_asked: [{ name: 'of', type: 'enum', options: ['pot', 'stack'] }, bool('facing_all_in_in_turn'), bool('pot_limit')],
  miscalled_hand: [P, bool('declared_lower')],
  chips_out_of_sight: [P],
  found_chips: [],
  collusion: [P, { name: 'form', type: 'enum', options: ['soft_play', 'chip_dumping', 'teamwork'] }],
  left_live_hand: [P],
  dodged_blind: [P],
  shuffle_fault: [{ name: 'fault', type: 'enum', options: ['card_seen', 'shuffle_too_short', 'card_slipped', 'bad_cut'] }],
  dropped_card: [P, bool('face_up_or_seen')],
  hand_for_hand_all_in: [],
  extra_board_card: [{ name: 'street', type: 'enum', options: ['turn', 'river'] }],
  dealer_miscall: [bool('prompt_reaction')],
  underpaid_calls: [{ name: 'first', type: 'player' }, int('callers', 2), bool('opening_bet')],
};

/** An input for one field; read() gives its wire value. */
function input(field, view) {
  const players = (none) => [none ? h('option', { value: '' }, '–') : null,
    ...view.players.map((p) => h('option', { value: p.player }, `${p.seat} · ${p.name}`))];
  const label = (el, read, extra = null) => ({
    el: h('label', { class: field.type === 'bool' ? 'check' : '', testid: 'irr-field', data: { name: field.name } },
      field.type === 'bool' ? [el, ' ', t(`irr_${field.name}`)] : [h('span', {}, t(`irr_${field.name}`)), el], extra),
    read,
  });
  switch (field.type) {
    case 'player': case 'opt_player': {
      const el = h('select', {}, players(field.type === 'opt_player'));
      if (field.type === 'player') el.value = view.next_to_act ?? view.players[0]?.player ?? 0;
      return label(el, () => (el.value === '' ? null : Number(el.value)));
    }
    case 'bool': {
      const el = h('input', { type: 'checkbox' });
      return label(el, () => el.checked);
    }
    case 'int': {
      const value = field.name === 'players_at_table' ? view.players.length : field.value;
      const el = h('input', { type: 'number', min: '0', class: 'num', value });
      return label(el, () => Math.max(0, Math.round(Number(el.value) || 0)));
    }
    case 'enum': {
      const el = h('select', {}, field.options.map((o) => h('option', { value: o }, t(`irr_${o}`))));
      return label(el, () => el.value);
    }
    case 'penalty': {
      const el = h('select', {}, Object.keys(PENALTIES).map((o) => h('option', { value: o }, t(`irr_${o}`))));
      const n = h('input', { type: 'number', min: '1', class: 'num', value: 1 });
      return label(el, () => (PENALTIES[el.value] ? { [el.value]: Math.max(1, Number(n.value) || 1) } : el.value), n);
    }
    default: { // a variant with fields of its own
      const box = h('span', { class: 'row' });
      let inner = [];
      const choose = () => {
        inner = field.options[el.value].map((f) => input(f, view));
        box.replaceChildren(...inner.map((f) => f.el));
      };
      const el = h('select', { onchange: choose },
        Object.keys(field.options).map((o) => h('option', { value: o }, t(`irr_${o}`))));
      choose();
      const read = () => {
        if (!field.options[el.value].length) return el.value;
        const body = {};
        field.options[el.value].forEach((f, i) => { body[f.name] = inner[i].read(); });
        return { [el.value]: body };
      };
      return label(el, read, box);
    }
  }
}

function procedureEl(p, view) {
  const o = p.outcome;
  const who = o.player == null ? '' : view.players[o.player]?.name ?? `${o.player + 1}`;
  return h('div', { class: 'procedure', testid: 'procedure', data: { outcome: o.kind } },
    h('h4', { testid: 'procedure-title' }, p.title[lang()] ?? p.title.en),
    h('ol', { class: 'reasons' }, p.steps.map((s) => h('li', { testid: 'procedure-step', data: { rule: s.rule } },
      ruleBadge(s.rule), ' ', s[lang()] ?? s.en))),
    h('p', { testid: 'procedure-outcome' }, t(`out_${o.kind}`, { who, n: o.hands ?? o.minutes ?? '' }),
      o.note ? ` ${o.note[lang()] ?? o.note.en}` : ''),
    p.penalty ? h('p', { testid: 'procedure-penalty', data: { rule: p.penalty } }, t('penalty_possible'), ruleBadge(p.penalty)) : null);
}

/** root: the menu; out: where the procedure shows; apply(irregularity) sends it. */
export function irregularityMenu(root, out, apply) {
  let view = null;
  let shownIn = null;
  let fields = [];
  const kind = h('select', { testid: 'irregularity-kind', onchange: render });
  const box = h('div', { class: 'row irr-fields' });
  const button = h('button', {
    type: 'button', class: 'btn', testid: 'apply-irregularity',
    onclick: () => attempt(() => {
      const body = { kind: kind.value };
      KINDS[kind.value].forEach((f, i) => { body[f.name] = fields[i].read(); });
      return apply(body);
    }),
  });
  root.replaceChildren(h('div', { class: 'row' }, kind, button), box);

  function render() {
    fields = KINDS[kind.value].map((f) => input(f, view));
    box.replaceChildren(...fields.map((f) => f.el));
  }

  function update(v) {
    const first = view == null || view.hand !== v.hand || view.players.length !== v.players.length
      || shownIn !== lang();
    view = v;
    shownIn = lang();
    const chosen = kind.value || 'player_exposed_cards';
    kind.replaceChildren(...Object.keys(KINDS).map((k) => h('option', { value: k }, t(`irr_${k}`))));
    kind.value = chosen;
    button.textContent = t('apply');
    if (first) render();
    out.replaceChildren(v.procedure ? procedureEl(v.procedure, v) : h('p', { class: 'muted' }, t('no_procedure')));
  }

  return { update };
}
