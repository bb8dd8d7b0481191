// desk-forms.js: the list keeper's forms, labelled and with choices (HC-1.6: the conditions
// fixed when a game opens): a new game (the variant and its limit, the blinds, seats, buy-in,
// the rulebook by name, no rake, a rake per hand or a time charge), a table opened (its mode,
// who keeps its list, its conditions, a must-move table), and the room's settings for offers.
// Test ids: desk-game-form, desk-game-name, desk-game-variant, desk-game-sb, desk-game-bb,
// desk-game-seats, desk-game-min, desk-game-max, desk-game-profile, desk-game-charge
// (data-charge), desk-game-rake, desk-game-cap, desk-game-time, desk-game-spread,
// desk-game-go; desk-table-form, desk-table-mode, desk-table-keeper, desk-table-conditions,
// desk-table-feeds, desk-table-go; desk-settings, desk-offer-seconds, desk-lose-place,
// desk-interest-min, desk-board-names, desk-settings-go.

import { h, fmtChips } from './dom.js';
import { t, variantName, VARIANTS } from './i18n.js';

const PROFILES = ['tda', 'hc', 'jpr', 'wwpla', 'dg'];
const MODES = ['online', 'tablet', 'list_keeper'];

export const profileName = (id) => (PROFILES.includes(id) ? t(`profile_${id}`) : id);

const field = (label, input, hint) => h('label', { class: 'desk-field' }, h('span', {}, label), input, hint ? h('small', { class: 'muted' }, hint) : null);
const num = (testid, value, min, max) => h('input', { type: 'number', inputmode: 'numeric', class: 'num', testid, value, min, max });
const select = (testid, options, value) => h('select', { testid }, ...options.map(([v, label]) => h('option', { value: v, selected: v === value }, label)));

/** The new game's form: { root }. */
export function gameForm(send, done) {
  const name = h('input', { testid: 'desk-game-name', maxlength: 60, placeholder: t('desk_game_name_example') });
  const variant = select('desk-game-variant', VARIANTS.map((v) => [v, variantName(v)]), 'NT');
  const sb = num('desk-game-sb', 1, 1);
  const bb = num('desk-game-bb', 2, 1);
  const seats = select('desk-game-seats', [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => [String(n), String(n)]), '9');
  const min = num('desk-game-min', 40, 1);
  const max = num('desk-game-max', 200, 1);
  const profile = select('desk-game-profile', PROFILES.map((p) => [p, profileName(p)]), 'tda');
  const spread = num('desk-game-spread', 0, 0);
  const rake = num('desk-game-rake', 5, 1, 100);
  const cap = num('desk-game-cap', 4, 0);
  const time = num('desk-game-time', 5, 1);
  let charge = 'none';
  const chargeBox = h('div', { class: 'desk-choice', testid: 'desk-game-charge', data: { charge } });
  const rakeFields = h('div', { class: 'desk-row' }, field(t('desk_rake_percent'), rake), field(t('desk_rake_cap'), cap));
  const timeFields = h('div', { class: 'desk-row' }, field(t('desk_time_per_seat'), time));
  const spreadField = field(t('desk_spread_max'), spread, t('desk_spread_hint'));
  const sync = () => {
    chargeBox.dataset.charge = charge;
    for (const b of chargeBox.children) b.setAttribute('aria-pressed', b.dataset.value === charge ? 'true' : 'false');
    rakeFields.hidden = charge !== 'rake';
    timeFields.hidden = charge !== 'time';
    spreadField.hidden = !variant.value.startsWith('S');
  };
  chargeBox.append(...['none', 'rake', 'time'].map((c) => h('button', { type: 'button', class: 'btn', data: { value: c }, onclick: () => { charge = c; sync(); } }, t(`desk_charge_${c}`))));
  variant.addEventListener('change', sync);
  const go = h('button', { class: 'btn primary big', testid: 'desk-game-go', onclick: async () => {
    const ok = await send({
      type: 'add_game', name: name.value.trim() || `${variantName(variant.value)} ${sb.value}/${bb.value}`, variant: variant.value,
      small_blind: Number(sb.value), big_blind: Number(bb.value), seats: Number(seats.value),
      min_buy_in: Number(min.value), max_buy_in: Number(max.value), profile: profile.value,
      rake_percent: charge === 'rake' ? Number(rake.value) : 0, rake_cap: charge === 'rake' ? Number(cap.value) : 0,
      time_charge: charge === 'time' ? Number(time.value) : 0,
      spread_max: variant.value.startsWith('S') ? Number(spread.value) : 0,
    });
    if (ok) done();
  } }, t('desk_add_game'));
  sync();
  const root = h('section', { class: 'panel desk-form-panel', testid: 'desk-game-form' },
    h('h2', {}, t('desk_add_game')),
    h('div', { class: 'desk-row' }, field(t('desk_game_name'), name), field(t('desk_variant'), variant), spreadField),
    h('div', { class: 'desk-row' }, field(t('desk_small_blind'), sb), field(t('desk_big_blind'), bb), field(t('desk_seats'), seats)),
    h('div', { class: 'desk-row' }, field(t('desk_min_buy_in'), min), field(t('desk_max_buy_in'), max)),
    h('div', { class: 'desk-row' }, field(t('desk_profile'), profile, t('desk_profile_hint'))),
    h('h3', {}, t('desk_charge')), chargeBox, rakeFields, timeFields,
    h('div', { class: 'desk-buttons' }, go));
  return { root };
}

/** The form that opens a table of game `g`. */
export function openTableForm(board, g, send, close) {
  const mode = h('div', { class: 'desk-choice', testid: 'desk-table-mode' });
  let chosen = 'online';
  const sync = () => {
    mode.dataset.mode = chosen;
    for (const b of mode.children) b.setAttribute('aria-pressed', b.dataset.value === chosen ? 'true' : 'false');
  };
  mode.append(...MODES.map((m) => h('button', { type: 'button', class: 'btn', data: { value: m }, title: t(`desk_mode_${m}_hint`), onclick: () => { chosen = m; sync(); } }, t(`desk_mode_${m}`))));
  sync();
  // Who keeps the list: a guest of the room picked by name, or any name typed.
  const names = h('datalist', { id: `keepers-${g.id}` }, ...board.guests.map((x) => h('option', { value: x.name })));
  const keeper = h('input', { testid: 'desk-table-keeper', list: `keepers-${g.id}`, maxlength: 60 });
  const conditions = h('input', { testid: 'desk-table-conditions', maxlength: 200, value: `${g.stakes} ${variantName(g.variant)}, ${t('ring_buy_in', { min: fmtChips(g.min_buy_in), max: fmtChips(g.max_buy_in) })}` });
  const feeds = select('desk-table-feeds', [['', t('desk_feeds_none')], ...g.tables.map((tb) => [String(tb.id), t('desk_feeds_table', { table: tb.id + 1 })])], '');
  return h('div', { class: 'desk-table-form', testid: 'desk-table-form' },
    h('h2', {}, t('desk_open_table_of', { game: g.name })),
    field(t('desk_mode'), mode), names,
    field(t('desk_keeper'), keeper, t('desk_keeper_hint')),
    field(t('desk_conditions'), conditions),
    g.tables.length ? field(t('desk_feeds'), feeds, t('desk_feeds_hint')) : null,
    h('div', { class: 'desk-buttons' },
      h('button', { class: 'btn primary big', testid: 'desk-table-go', onclick: async () => {
        const ok = await send({ type: 'open_table', game: g.id, mode: chosen, opened_by: keeper.value.trim(), conditions: conditions.value.trim(),
          feeds: feeds.value === '' ? null : Number(feeds.value) });
        if (ok) close();
      } }, t('desk_open_table')),
      h('button', { class: 'btn big', onclick: close }, t('desk_cancel'))));
}

/** The room's settings: how long an offer stands, whether missing one loses the place, how
 * many names make a table worth opening, and whether the board shows names or initials. */
export function settingsForm(getBoard, send) {
  const b = getBoard();
  const seconds = select('desk-offer-seconds', [30, 60, 90, 120, 180, 300, 600, 900, 1800, 3600].map((s) => [String(s), s % 60 ? t('desk_n_seconds', { n: s }) : t('desk_n_minutes', { n: s / 60 })]), String(b.offer_seconds));
  if (![...seconds.options].some((o) => o.value === String(b.offer_seconds))) {
    seconds.append(h('option', { value: String(b.offer_seconds), selected: true }, `${b.offer_seconds} s`));
  }
  const lose = select('desk-lose-place', [['no', t('desk_keep_place')], ['yes', t('desk_lose_place')]], b.lose_place ? 'yes' : 'no');
  const interest = num('desk-interest-min', b.interest_min, 2, 10);
  const names = select('desk-board-names', [['full', t('desk_board_full')], ['initials', t('desk_board_initials')]], b.board_names ?? 'full');
  const root = h('section', { class: 'panel desk-form-panel', testid: 'desk-settings' },
    h('h2', {}, t('desk_settings')),
    field(t('desk_offer_seconds'), seconds, t('desk_offer_seconds_hint')),
    field(t('desk_missed_offer'), lose),
    field(t('desk_interest_min'), interest, t('desk_interest_hint')),
    field(t('desk_board_names'), names, t('desk_board_names_hint')),
    h('div', { class: 'desk-buttons' }, h('button', { class: 'btn primary big', testid: 'desk-settings-go', onclick: () => send({
      type: 'configure', offer_seconds: Number(seconds.value), lose_place: lose.value === 'yes', interest_min: Number(interest.value),
      board_names: names.value,
    }) }, t('desk_save'))));
  return { root };
}
