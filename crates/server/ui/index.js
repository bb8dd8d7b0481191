// index.js: the list of events (/), with links to each event's pages and the TD console.
// Test ids: td-console, no-events, events, event-row (data-event, data-status), event-status,
// link-play, link-clock, link-seating, link-standings.

import { get } from './api.js';
import { h, $, fmtChips, blindsText, eventName, pageHeader, showError, clearError } from './dom.js';
import { t, onLang, translateStatic } from './i18n.js';

pageHeader('events', null);
let events = null;

function statusOf(s) {
  if (s.finished) return 'finished';
  if (!s.started) return s.registration_open ? 'registering' : 'not_started';
  return s.clock.running ? 'running' : 'paused';
}

function render() {
  if (!events) return;
  $('#no-events').hidden = events.length > 0;
  $('#events').replaceChildren(...events.map((s) => {
    const status = statusOf(s);
    const q = `?event=${s.id}`;
    const link = (page) => h('a', { class: 'btn small', href: `/${page}${q}`, testid: `link-${page}` }, t(`nav_${page}`));
    return h('section', { class: 'panel event-row', testid: 'event-row', data: { event: s.id, status } },
      h('div', { class: 'event-head' },
        h('h2', {}, eventName(s)),
        h('span', { class: `badge status-${status}`, testid: 'event-status' }, t(`event_${status}`))),
      h('div', { class: 'muted' }, [
        `${s.game} · ${s.profile}`,
        `${t('entrants')}: ${s.entrants}`,
        s.started ? `${t('players_left')}: ${s.players_left}` : null,
        s.started && !s.finished ? `${t('level_n', { n: s.clock.level })}: ${blindsText(s.clock.blinds)}` : null,
        s.prize_pool ? `${t('prize_pool')}: ${fmtChips(s.prize_pool)}` : null,
      ].filter(Boolean).join(' · ')),
      h('div', { class: 'page-links' },
        link('play'), link('clock'), link('seating'), link('standings')));
  }));
}

async function load() {
  try {
    events = (await get('/api/events')) || [];
    clearError();
    render();
  } catch (e) {
    showError(e);
  }
}

onLang(render);
translateStatic();
load();
// The list of events changes seldom: it is read again when the page is looked at again, not on
// a timer (issue 35: no page polls).
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') load();
});
window.addEventListener('focus', load);
