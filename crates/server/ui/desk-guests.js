// desk-guests.js: the room's guests found by name: a search that narrows the list as one types,
// where each guest is (seated, on which lists, chips frozen), the number a guest left for texts
// (the desk alone sees it), a guest forgotten on request, a new guest added at the desk (then
// found at once), the texts the gateway could not deliver, and a picker the sheets use to
// choose a guest by name.
// Test ids: desk-guests, desk-guest-search, desk-guest-new, desk-guest-add, desk-guest
// (data-guest), desk-guest-list (data-game), desk-guest-phone, desk-forget (data-guest),
// desk-texts (data-sms on|off), desk-text-failed; desk-pick-search, desk-pick (data-guest).

import { get, tdSecret } from './api.js';
import { h, fmtChips, fmtDayTime, showError } from './dom.js';
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
export function guestsView(getBoard, send, confirm) {
  // The desk's own view: numbers and failed texts (`GET /api/ring/desk`), read with the board.
  let desk = null;
  const texts = h('div', { class: 'desk-texts', testid: 'desk-texts' });
  const readDesk = async () => {
    try {
      desk = await get('/api/ring/desk', tdSecret());
    } catch (e) {
      showError(e);
    }
    drawRows();
  };
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
    drawRows();
    readDesk();
  }

  function drawRows() {
    const board = getBoard();
    const phones = new Map((desk?.phones ?? []).map((p) => [p.guest, p.phone]));
    const names = new Map(board.guests.map((g) => [g.id, g.name]));
    texts.dataset.sms = desk?.sms ? 'on' : 'off';
    texts.replaceChildren(...[
      h('p', { class: 'muted' }, desk ? t(desk.sms ? 'sms_on' : 'sms_off') : ''),
      desk?.sms_failed.length ? h('h3', {}, t('sms_failed')) : null,
      desk?.sms_failed.length ? h('ul', {}, ...desk.sms_failed.map((f) => h('li', { testid: 'desk-text-failed' },
        `${fmtDayTime(f.failed_ms)} · `, t('sms_failed_line', { name: f.name || names.get(f.guest) || '', table: f.table + 1, seat: f.seat, why: f.why, attempts: f.attempts })))) : null,
    ].filter(Boolean));
    const at = whereabouts(board);
    const found = board.guests.filter((g) => matches(g.name, search.value));
    rows.replaceChildren(...found.map((g) => {
      const w = at.get(g.id) ?? { seat: null, lists: [], frozen: [] };
      const phone = phones.get(g.id);
      return h('tr', { testid: 'desk-guest', data: { guest: g.id } },
        h('td', { class: 'desk-guest-name' }, g.name,
          phone ? h('div', { class: 'muted desk-guest-phone', testid: 'desk-guest-phone' }, phone) : null),
        h('td', {}, w.seat ? `${w.seat.game.name} · ${t('table')} ${w.seat.table + 1}, ${t('seat')} ${w.seat.seat} · ${fmtChips(w.seat.chips)}${w.seat.away ? ` · ${t('ring_away')}` : ''}` : '–'),
        h('td', {}, ...w.lists.map((l) => h('span', { class: 'badge', testid: 'desk-guest-list', data: { game: l.game.id } }, t('desk_list_place', { game: l.game.name, n: l.place }))),
          ...w.frozen.map((f) => h('span', { class: 'badge' }, t('desk_frozen_chips', { chips: fmtChips(f.chips) })))),
        h('td', {}, ...board.games.filter((game) => !w.lists.some((l) => l.game.id === game.id) && w.seat?.game.id !== game.id).map((game) =>
          h('button', { class: 'btn small', onclick: () => send({ type: 'join', guest: g.id, game: game.id }) }, t('desk_on_list_of', { game: game.name }))),
          // Forgotten on request (name and number gone), when not seated and no chips in a tray.
          !w.seat && !w.frozen.length ? h('button', { class: 'btn small danger', testid: 'desk-forget', data: { guest: g.id }, onclick: () =>
            confirm(t('desk_forget_title', { name: g.name }), [t('guest_forget_confirm')], t('forget_me'), { type: 'forget_guest', guest: g.id }) }, t('desk_forget')) : null));
    }));
  }

  const root = h('section', { class: 'panel desk-guests', testid: 'desk-guests' },
    h('h2', {}, t('desk_guests')),
    h('div', { class: 'desk-row' }, h('label', { class: 'desk-field grow' }, h('span', {}, t('desk_find_guest')), search),
      h('label', { class: 'desk-field grow' }, h('span', {}, t('desk_new_guest')), name), add),
    h('table', { class: 'desk-guest-table' },
      h('thead', {}, h('tr', {}, h('th', {}, t('col_name')), h('th', {}, t('desk_where')), h('th', {}, t('desk_lists')), h('th', {}, ''))),
      rows),
    h('h2', {}, t('desk_texts')), texts);
  update();
  return { root, update };
}
