// alerts.js: telling a guest that something wants them, also while the page is in the
// background (issue 36 item 3): a sound, a vibration, the tab's title and a browser
// notification. A browser plays sound and shows notifications only after the person allowed
// them, so the bar offers one button that does both; the choice is kept in this browser.
// Test ids: cash-alerts-on (data-state off|on|blocked), cash-alerts-test.

import { h } from './dom.js';
import { t, onLang } from './i18n.js';

const KEY = 'croupier.alerts';
const TITLE = document.title;

/** The alerts bar in `root`; `raise(kind, title, body)` tells the guest, `settle()` ends it. */
export function alerts({ root }) {
  let audio = null;
  let flashing = null;
  let wanted = localStorage.getItem(KEY) === 'on';

  const permission = () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  const state = () => (!wanted ? 'off' : permission() === 'denied' ? 'blocked' : 'on');

  function unlockAudio() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!audio && Ctx) audio = new Ctx();
    audio?.resume?.();
  }

  // Two rising tones, loud enough across a room's noise, short enough not to annoy.
  function beep() {
    if (!audio) return;
    const now = audio.currentTime;
    for (const [at, freq] of [[0, 660], [0.22, 880]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.4, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.2);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + at);
      osc.stop(now + at + 0.21);
    }
  }

  async function turnOn() {
    wanted = true;
    localStorage.setItem(KEY, 'on');
    unlockAudio();
    if (permission() === 'default') await Notification.requestPermission().catch(() => {});
    draw();
  }

  function turnOff() {
    wanted = false;
    localStorage.setItem(KEY, 'off');
    draw();
  }

  function draw() {
    const s = state();
    const button = s === 'off'
      ? h('button', { class: 'btn primary', testid: 'cash-alerts-on', data: { state: s }, onclick: turnOn }, t('alerts_turn_on'))
      : h('button', { class: 'btn', testid: 'cash-alerts-on', data: { state: s }, onclick: turnOff }, t('alerts_turn_off'));
    root.replaceChildren(...[
      h('span', { class: `alerts-state alerts-${s}` }, t(`alerts_${s}`)),
      button,
      s === 'on' ? h('button', { class: 'btn', testid: 'cash-alerts-test', onclick: () => raise('test', t('alerts_test_title'), t('alerts_test_body')) }, t('alerts_test')) : null,
    ].filter(Boolean));
  }

  function flashTitle(text) {
    clearInterval(flashing);
    let on = false;
    flashing = setInterval(() => {
      on = !on;
      document.title = on ? `● ${text}` : TITLE;
    }, 1000);
    document.title = `● ${text}`;
  }

  /** Tells the guest: always the title; with alerts on also sound, vibration and a notification. */
  function raise(kind, title, body) {
    flashTitle(title);
    if (!wanted) return;
    beep();
    navigator.vibrate?.([250, 120, 250, 120, 400]);
    const away = document.hidden || !document.hasFocus();
    if (permission() === 'granted' && (away || kind === 'test')) {
      try {
        const n = new Notification(title, { body, tag: `croupier-${kind}`, renotify: true, requireInteraction: kind === 'offer' });
        n.onclick = () => {
          window.focus();
          n.close();
        };
      } catch {
        // A phone's browser may show notifications only from a service worker: the title,
        // the sound and the vibration still tell the guest.
      }
    }
  }

  /** Nothing wants the guest any more: the title is the page's again. */
  function settle() {
    clearInterval(flashing);
    flashing = null;
    document.title = TITLE;
  }

  // A tap anywhere unlocks the sound for this visit, as browsers ask.
  document.addEventListener('pointerdown', () => wanted && unlockAudio(), { once: true });
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && !flashing) document.title = TITLE;
  });
  onLang(draw);
  draw();
  return { raise, settle };
}
