// desk-guests.js: the room's guests found by name: a search that narrows the list as one types,
// where each guest is (seated, on which lists, chips frozen), a new guest added at the desk
// (then found at once), and a picker the sheets use to choose a guest by name.
// Test ids: desk-guests, desk-guest-search, desk-guest-new, desk-guest-add, desk-guest
// (data-guest), desk-guest-list (data-game); desk-pick-search, desk-pick (data-guest).

import { h, fmtChips } from './dom.js';
import { t } from './i18n.js';

/** Lower case without accents: "Öz" finds "Öztürk" and "oz" finds it too. */
const fold = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const matches = (name, q) => !q || fold(name).includes(fold(q.trim()));

/** Where each guest is: seat, lists, frozen chips. */
function whereabouts(board) {
  const at = new Map();
  const entry = (id) => at.get(id) ?? at.set(id, { seat: null, lists: [], frozen: [] }).get(id);
  for (const g of board.games) {
    for (const tb of g.tables) tb.seats.forEach((s, i) => { if (s) entry(s.guest).seat = { game: g, table: tb.id, seat: i + 1, chips: s.chips, away: s.away }; });
    g.waiting.forEach((w, i) => entry(w.guest).lists.push({ game: g, place: i + 1 }));
  }
  for (const f of board.frozen) entry(f.guest).frozen.push(f);
  return at;
}

/** A search field and the matching guests as buttons; `pick(guest)` chooses one. */
export function guestPicker(board, allowed, pick) {
  const search = h('input', { type: 'search', testid: 'desk-pick-search', placeholder: t('desk_search_name'), autocomplete: 'off' });
  const list = h('div', { class: 'desk-chips-row desk-pick-list' });
  const draw = () => {
    const found = board.guests.filter((g) => allowed(g) && matches(g.name, search.value));
    list.replaceChildren(...found.slice(0, 40).map((g) => h('button', { class: 'btn', testid: 'desk-pick', data: { guest: g.id }, onclick: () => pick(g) }, g.name)),
      found.length ? null : h('p', { class: 'muted' }, t('desk_nobody_found')));
  };
  search.addEventListener('input', draw);
  draw();
  return h('div', { class: 'desk-picker' }, search, list);
}

/** The guests tab: { root, update }. */
export function guestsView(getBoard, send) {
  const search = h('input', { type: 'search', testid: 'desk-guest-search', placeholder: t('desk_search_name'), autocomplete: 'off' });
  const name = h('input', { testid: 'desk-guest-new', maxlength: 40, placeholder: t('desk_new_guest_name') });
  const rows = h('tbody', {});
  const add = h('button', { class: 'btn primary', testid: 'desk-guest-add', onclick: async () => {
    const n = name.value.trim();
    if (await send({ type: 'add_guest', name: n })) {
      // The new guest is found at once by the name just given.
      search.value = n;
      name.value = '';
      update();
    }
  } }, t('desk_add_guest'));
  name.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') add.click(); });
  search.addEventListener('input', () => update());

  function update() {
    const board = getBoard();
    const at = whereabouts(board);
    const found = board.guests.filter((g) => matches(g.name, search.value));
    rows.replaceChildren(...found.map((g) => {
      const w = at.get(g.id) ?? { seat: null, lists: [], frozen: [] };
      return h('tr', { testid: 'desk-guest', data: { guest: g.id } },
        h('td', { class: 'desk-guest-name' }, g.name),
        h('td', {}, w.seat ? `${w.seat.game.name} · ${t('table')} ${w.seat.table + 1}, ${t('seat')} ${w.seat.seat} · ${fmtChips(w.seat.chips)}${w.seat.away ? ` · ${t('ring_away')}` : ''}` : '–'),
        h('td', {}, ...w.lists.map((l) => h('span', { class: 'badge', testid: 'desk-guest-list', data: { game: l.game.id } }, t('desk_list_place', { game: l.game.name, n: l.place }))),
          ...w.frozen.map((f) => h('span', { class: 'badge' }, t('desk_frozen_chips', { chips: fmtChips(f.chips) })))),
        h('td', {}, ...board.games.filter((game) => !w.lists.some((l) => l.game.id === game.id) && w.seat?.game.id !== game.id).map((game) =>
          h('button', { class: 'btn small', onclick: () => send({ type: 'join', guest: g.id, game: game.id }) }, t('desk_on_list_of', { game: game.name })))));
    }));
  }

  const root = h('section', { class: 'panel desk-guests', testid: 'desk-guests' },
    h('h2', {}, t('desk_guests')),
    h('div', { class: 'desk-row' }, h('label', { class: 'desk-field grow' }, h('span', {}, t('desk_find_guest')), search),
      h('label', { class: 'desk-field grow' }, h('span', {}, t('desk_new_guest')), name), add),
    h('table', { class: 'desk-guest-table' },
      h('thead', {}, h('tr', {}, h('th', {}, t('col_name')), h('th', {}, t('desk_where')), h('th', {}, t('desk_lists')), h('th', {}, ''))),
      rows));
  update();
  return { root, update };
}
