// dom.js: shared helpers: element building, number/time formats, cards, the error box, the page
// header and the clock arithmetic.
// Test ids: error, error-message, error-rule, error-close, connection (data-state open|closed),
// lang-en, lang-de, nav-events, nav-play, nav-clock, nav-seating, nav-standings, nav-td,
// nav-dealer, nav-ring, nav-cash, nav-desk.

import { t, lang, langSwitch, onLang, translateStatic, said } from './i18n.js';

/** h('div', {class, testid, text, data: {..}, onclick, ...attrs}, ...children) */
export function h(tag, props, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'testid') el.dataset.testid = v;
    else if (k === 'text') el.textContent = v;
    else if (k === 'data') for (const [dk, dv] of Object.entries(v)) el.dataset[dk] = dv;
    else if (k === 'value') el.value = v;
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of kids.flat(Infinity)) {
    if (c != null && c !== false) el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

export const $ = (sel, root = document) => root.querySelector(sel);

const formats = {};
/** Chips with the language's digit grouping (1,200 or 1.200). */
export function fmtChips(n) {
  const l = lang();
  formats[l] ??= new Intl.NumberFormat(l === 'de' ? 'de-DE' : 'en-US');
  return formats[l].format(n ?? 0);
}

/** A time of day (ms since the epoch) on the 24-hour clock, as rooms in Germany read it. */
export function fmtDayTime(ms) {
  return new Date(ms).toLocaleTimeString(lang() === 'de' ? 'de-DE' : 'en-GB',
    { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** ms as m:ss, or h:mm:ss from an hour; rounds up so that 0:00 means time is out. */
export function fmtTime(ms) {
  const total = Math.max(0, Math.ceil((ms ?? 0) / 1000));
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const hrs = Math.floor(total / 3600);
  const pad = (x) => String(x).padStart(2, '0');
  return hrs > 0 ? `${hrs}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** "12:30" or "12" (minutes) to ms; null when unreadable. */
export function parseClock(text) {
  const m = String(text).trim().match(/^(\d{1,3})(?::([0-5]?\d))?$/);
  if (!m) return null;
  return (Number(m[1]) * 60 + Number(m[2] || 0)) * 1000;
}

const SUITS = { s: '♠', h: '♥', d: '♦', c: '♣' };
/** A card such as "Td"; null is a face-down card. */
export function cardEl(card, size = '') {
  if (!card) return h('span', { class: `card back ${size}`, data: { card: '' }, title: '??' });
  const rank = card[0] === 'T' ? '10' : card[0];
  const suit = card[1];
  return h(
    'span',
    { class: `card suit-${suit} ${size}`, data: { card }, title: card },
    h('span', { class: 'rank' }, rank),
    h('span', { class: 'suit' }, SUITS[suit] || suit),
  );
}

/** "100/200", with the ante and big-blind ante when there are; stud's ante and bring-in, and
 * fixed limit's bets, where the level deals them. */
/** An event's name, marked when it is a test event (its decks from the TD's seed, issue 37). */
export function eventName(s) {
  return s.test ? `${s.name} · ${t('test_event')}` : s.name;
}

export function blindsText(b) {
  if (!b) return '';
  const parts = [];
  if (b.big_blind) parts.push(`${fmtChips(b.small_blind)}/${fmtChips(b.big_blind)}`);
  if (b.ante) parts.push(`${t('ante')} ${fmtChips(b.ante)}`);
  if (b.big_blind_ante) parts.push(`${t('bb_ante')} ${fmtChips(b.big_blind_ante)}`);
  if (b.stud_ante) parts.push(`${t(b.big_blind ? 'stud_ante' : 'ante')} ${fmtChips(b.stud_ante)}`);
  if (b.bring_in) parts.push(`${t('bring_in')} ${fmtChips(b.bring_in)}`);
  if (b.small_bet) parts.push(`${t('limit')} ${fmtChips(b.small_bet)}/${fmtChips(b.big_bet)}`);
  return parts.join(' · ');
}

/** The clock of a summary, counting down from when it was received. */
export class Clock {
  constructor() {
    this.summary = null;
    this.at = 0;
  }
  update(summary) {
    this.summary = summary;
    this.at = performance.now();
  }
  elapsed() {
    return this.summary?.clock.running ? performance.now() - this.at : 0;
  }
  remaining() {
    if (!this.summary) return 0;
    return Math.max(0, this.summary.clock.remaining_ms - this.elapsed());
  }
  nextBreak() {
    const nb = this.summary?.clock.next_break_in_ms;
    return nb == null ? null : Math.max(0, nb - this.elapsed());
  }
}

// The error box: every refusal's message and its rule, in the page's language (again when it
// changes).
let shownError = null;
onLang(() => {
  const box = document.getElementById('error');
  if (shownError && box && !box.hidden) showError(shownError);
});
export function showError(err) {
  shownError = err;
  let box = document.getElementById('error');
  if (!box) box = document.body.appendChild(h('div', { id: 'error' }));
  box.dataset.testid = 'error';
  box.dataset.code = err?.code || '';
  box.className = 'error-box';
  const parts = [
    h('span', { class: 'error-message', testid: 'error-message', data: { key: err?.key || '' } },
      said(err?.key ? err : { key: `code_${err?.code}` }, err?.message || String(err))),
    err?.rule ? h('span', { class: 'rule', testid: 'error-rule' }, err.rule) : null,
    h('button', { class: 'close', testid: 'error-close', 'aria-label': 'close', onclick: clearError }, '×'),
  ];
  box.replaceChildren(...parts.filter(Boolean));
  box.hidden = false;
}
export function clearError() {
  const box = document.getElementById('error');
  if (box) box.hidden = true;
}
/** Runs an async action, showing its refusal; returns its result or undefined. */
export async function attempt(fn) {
  try {
    const r = await fn();
    clearError();
    return r;
  } catch (e) {
    showError(e);
    return undefined;
  }
}

/** A rule id as a small badge. */
export const ruleBadge = (rule) => (rule ? h('span', { class: 'rule', testid: 'rule' }, rule) : null);

/**
 * Fills <header id="top">: brand, links (for the event when known), a slot for the page's own
 * items, the language switch and the connection dot. Returns { slot, setConnection }. A kiosk
 * (a table's tablet) gets the slot, the language switch and the dot only: no way to the rest
 * of the site, the TD console least of all.
 */
export function pageHeader(active, event, { kiosk = false } = {}) {
  let top = document.getElementById('top');
  if (!top) document.body.prepend((top = h('header', { id: 'top' })));
  top.classList.toggle('kiosk', kiosk);
  const q = event != null ? `?event=${event}` : '';
  const link = (key, href, testid) =>
    h('a', { href, testid, class: key === active ? 'active' : '', 'data-i18n': `nav_${key}` }, t(`nav_${key}`));
  const nav = h(
    'nav',
    {},
    link('events', '/', 'nav-events'),
    event != null ? [
      link('play', `/play${q}`, 'nav-play'),
      link('clock', `/clock${q}`, 'nav-clock'),
      link('seating', `/seating${q}`, 'nav-seating'),
      link('standings', `/standings${q}`, 'nav-standings'),
    ] : null,
    link('td', '/td', 'nav-td'),
    link('dealer', '/dealer', 'nav-dealer'),
    link('ring', '/ring', 'nav-ring'),
    link('cash', '/cash', 'nav-cash'),
    link('desk', '/desk', 'nav-desk'),
  );
  const slot = h('div', { class: 'header-slot' });
  const dot = h('span', { class: 'conn', testid: 'connection', data: { state: 'none' }, title: '' });
  if (kiosk) top.replaceChildren(slot, langSwitch(), dot);
  else top.replaceChildren(h('a', { class: 'brand', href: '/' }, '♠ Croupier'), nav, slot, langSwitch(), dot);
  translateStatic();
  document.documentElement.lang = lang();
  const setConnection = (state) => {
    dot.dataset.state = state;
    dot.title = state === 'none' ? '' : t(state === 'open' ? 'connected' : 'disconnected');
  };
  currentConnection = setConnection;
  if (!hooked) onLang(() => currentConnection?.(document.querySelector('.conn')?.dataset.state ?? 'none'));
  hooked = true;
  return { slot, setConnection };
}
let hooked = false;
let currentConnection = null;

/** The deal the players left agreed (HC-1.2), as one line: who takes what, what they play on for. */
export function dealText(deal) {
  const shares = deal.amounts.map((s) => `${s.name} ${fmtChips(s.amount)}`).join(' · ');
  const played = deal.play_for.length ? `; ${t('deal_played_for')} ${deal.play_for.map(fmtChips).join(' / ')}` : '';
  return `${t('deal')}: ${shares}${played}`;
}
