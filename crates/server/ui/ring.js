// ring.js: the waiting-list board on the room's TV (/ring, issue 36): per game its stakes and
// buy-in, the tables running and their open seats (and how many are offered now, so a list with
// open seats never reads as "full"), the names on its list with the seat offered and its
// seconds, and the expected wait (the server's estimate from the seats guests left in the last two
// hours). No chips: the room's board carries none. A QR code to /cash lets a guest join from the
// phone. Sized from the screen's width so it reads the same at 1920x1080 and 1280x720.
// Test ids: ring-empty, ring-games, ring-join (the link around the QR code), ring-qr, ring-game
// (data-game), ring-tables (data-tables), ring-open (data-open, data-offered), ring-wait (data-wait: seconds, or "none"), ring-table
// (data-table, data-open), ring-waiting, ring-name (data-guest, data-offer, data-wait),
// ring-more.

import { get, changes } from './api.js';
import { h, $, fmtChips, pageHeader, attempt } from './dom.js';
import { t, onLang, variantName } from './i18n.js';

pageHeader('ring', null, { kiosk: true });

/** Names shown per game at most; fewer when the games would not fit the screen. */
const SHOWN = 9;
let shown = SHOWN;

let board = null;
/** The server's clock minus this screen's, so the offers' seconds agree with the server. */
let skew = 0;

/** A wait in seconds as people say it: "≈ 25 min", "≈ 1 h", "≈ 1 h 10"; rounded up to 5 minutes. */
function waitText(s) {
  if (s == null) return t('ring_no_estimate');
  const m = Math.max(5, Math.ceil(s / 300) * 5);
  if (m < 60) return t('ring_wait_min', { m });
  if (m % 60 === 0) return t('ring_wait_hours', { h: m / 60 });
  return t('ring_wait_h', { h: Math.floor(m / 60), m: String(m % 60).padStart(2, '0') });
}

function stat(label, value, props = {}) {
  return h('div', { class: 'ring-stat', ...props }, h('span', { class: 'ring-stat-label' }, label), h('b', {}, value));
}

function nameLine(w, place, now) {
  // The seat offered goes on a line of its own under the name, its seconds where the wait
  // stands for the others: the name is never cut short.
  const offer = w.offer
    ? h('span', { class: 'ring-offer' }, `→ ${t('ring_offer', { table: w.offer.table + 1, seat: w.offer.seat })}`)
    : null;
  const right = w.offer
    ? h('span', { class: 'ring-seconds' }, `${Math.max(0, Math.round((w.offer.expires_ms - now) / 1000))} s`)
    : h('span', { class: 'ring-eta' }, w.expected_wait_s != null ? waitText(w.expected_wait_s) : '');
  const change = w.wants === 'table_change' ? h('span', { class: 'ring-tag' }, t('ring_table_change')) : null;
  return h('li', { class: w.offer ? 'offered' : '', testid: 'ring-name',
    data: { guest: w.guest, offer: w.offer ? 'yes' : 'no', wait: w.expected_wait_s ?? 'none' } },
  h('span', { class: 'ring-place' }, `${place}.`), h('span', { class: 'ring-who' }, w.name, change), right, offer);
}

function openValue(g) {
  if (!g.tables.length) return '–';
  // Open seats beside a list are offered, not forgotten: say so.
  return [String(g.open_seats), g.offers_running > 0
    ? h('small', {}, ` · ${t('ring_offered_now', { n: g.offers_running })}`) : null];
}

function gameCard(g, now) {
  const waiting = g.waiting.slice(0, shown).map((w, i) => nameLine(w, i + 1, now));
  const more = g.waiting.length - shown;
  const waitValue = !g.tables.length ? t('ring_no_table') : waitText(g.expected_wait_s);
  return h('article', { class: 'ring-game', testid: 'ring-game', data: { game: g.id } },
    h('header', {},
      h('h2', {}, g.name),
      h('div', { class: 'ring-stakes' }, h('b', {}, `${variantName(g.variant)} ${g.stakes}`),
        h('span', {}, t('ring_buy_in', { min: fmtChips(g.min_buy_in), max: fmtChips(g.max_buy_in) })))),
    h('div', { class: 'ring-stats' },
      stat(t('ring_tables'), String(g.tables.length), { testid: 'ring-tables', data: { tables: g.tables.length } }),
      stat(t('ring_open'), openValue(g), { testid: 'ring-open', data: { open: g.open_seats, offered: g.offers_running } }),
      stat(t('ring_next_wait'), waitValue, { testid: 'ring-wait', data: { wait: g.expected_wait_s ?? 'none' } })),
    g.tables.length ? h('div', { class: 'ring-tables' }, ...g.tables.map((tb) => h('span', {
      class: 'ring-table', testid: 'ring-table', data: { table: tb.id, open: tb.open_seats } },
    `${t('table')} ${tb.id + 1}: ${t('ring_open_seats', { n: tb.open_seats })}`,
    tb.feeds != null ? ` · ${t('ring_must_move', { table: tb.feeds + 1 })}` : ''))) : null,
    g.worth_opening && !g.tables.length ? h('div', { class: 'ring-note' }, t('ring_worth_opening')) : null,
    g.waiting.length
      ? h('ol', { class: 'ring-list', testid: 'ring-waiting' }, ...waiting)
      : h('p', { class: 'ring-note', testid: 'ring-waiting' }, t('ring_list_empty')),
    more > 0 ? h('p', { class: 'ring-note', testid: 'ring-more' }, t('ring_more', { n: more })) : null);
}

function render() {
  $('#ring-url').textContent = `${location.host}/cash`;
  if (!board) return;
  const now = Date.now() + skew;
  $('#ring-empty').hidden = board.games.length > 0;
  // A TV does not scroll: fewer names per game (down to three, the rest counted) until it fits.
  const root = document.documentElement;
  for (shown = SHOWN; ; shown--) {
    $('#ring-games').replaceChildren(...board.games.map((g) => gameCard(g, now)));
    if (shown <= 3 || root.scrollHeight <= root.clientHeight) break;
  }
}

async function refresh() {
  board = await get('/api/ring');
  skew = board.now_ms - Date.now();
  render();
}

onLang(render);
render();
// The room's changes are pushed; the offers' seconds tick here, between them.
attempt(refresh);
changes('/api/ring/ws', () => attempt(refresh));
setInterval(render, 1000);
