// cash.mjs: a guest's evening at an online cash table in headless Chromium, on a phone
// (390x844, German), as issues 18 and 36 have it.
//
//   NODE_PATH=<setup.sh's node_modules> node tools/browser/cash.mjs ADDR TD_SECRET OUT_DIR
//
// The list keeper adds a hold'em game under TDA rules and opens an online table with two guests
// who play along over the API. While nothing happens the board and the guest's page ask the
// server nothing (pushed, never polled). A third guest comes from the board's QR code and link
// to /cash, puts their name down, turns
// the alerts on, leaves a number for texts (refused without consent; then shown to the desk
// only) and joins the list; with the page in the background the seat is offered: the
// notification, the vibration and the tab's title tell them (issue 36 item 3). A buy-in above
// the maximum is refused and changes nothing; one within it takes the seat. The guest plays a
// hand from the action bar with the time to act counting down, then lets the time run out: time
// is called for the profile's 30 s (TDA-29), the hand is checked or folded and the guest sat
// out (no cards while away). They top up while away, come back, are dealt in, and cash out with
// the amount confirmed. Every page is German with no English from the server.
// Screenshots: cash-offer, cash-turn, cash-time-called, cash-away, cash-back.
// Every step is bounded (harness.mjs).

import { harness, q, sleep } from './harness.mjs';

const { base, secret, newPage, shot, step, launch, checkEnd, finish, expectError, idleRequests } = harness('cash.mjs');
const TOTAL_MS = 240_000;

async function api(method, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const keep = (command) => api('POST', '/api/ring', command, secret);

const browser = await launch();
let failed = null;
const watchdog = setTimeout(() => {
  console.error(`cash: FAILED: the whole scenario took longer than ${TOTAL_MS / 1000} s`);
  process.exit(1);
}, TOTAL_MS);

let playing = true;
let bots = Promise.resolve();
try {
  await keep({ type: 'add_game', name: 'NLHE 1/2', variant: 'NT', small_blind: 1, big_blind: 2, seats: 3,
    min_buy_in: 40, max_buy_in: 200, profile: 'tda' });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE', hasTouch: true, isMobile: true });
  await context.grantPermissions(['notifications'], { origin: base.startsWith('http') ? base : `http://${base}` });
  await context.addInitScript(() => {
    localStorage.setItem('croupier.lang', 'de');
    // What the page tells a guest in the background, observed: notifications and vibrations.
    window.__notes = [];
    window.__buzz = 0;
    const Real = window.Notification;
    window.Notification = class extends Real {
      constructor(title, options) {
        super(title, options);
        window.__notes.push({ title, body: options?.body ?? '' });
      }
    };
    navigator.vibrate = () => { window.__buzz += 1; return true; };
  });
  const page = await newPage(context, 'guest');

  await step('a guest opens /cash, puts their name down, turns alerts on; idle, the pages ask nothing', 30_000, async () => {
    // From the board in the room: its QR code (drawn) and its link lead to /cash.
    await page.goto(`${base}/ring`);
    await page.waitForFunction(() => document.querySelector('[data-testid="ring-qr"] img')?.naturalWidth > 0);
    await page.locator(q('ring-join')).click();
    await page.waitForURL(/\/cash$/);
    await page.locator(q('cash-name')).fill('Dora');
    await page.locator(q('cash-register-go')).click();
    await page.locator(q('cash-alerts-on')).click();
    await page.locator(`${q('cash-alerts-on')}[data-state="on"]`).waitFor();
    // A number for a text when a seat is offered: kept only with consent, seen by the desk alone.
    expectError(/status of 422/);
    await page.locator(q('cash-phone')).fill('+49 170 1234567');
    await page.locator(q('cash-phone-save')).click();
    await page.locator(`${q('error')}[data-code="consent_needed"]`).waitFor();
    await page.locator(q('error-close')).click();
    await page.locator(q('cash-consent')).check();
    await page.locator(q('cash-phone-save')).click();
    await page.locator(q('cash-phone-on-file')).waitFor();
    const desk = await api('GET', '/api/ring/desk', null, secret);
    const shown = JSON.stringify(await api('GET', '/api/ring'));
    if (desk.phones[0]?.phone !== '+491701234567' || shown.includes('491701234567')) {
      throw new Error(`the number: desk ${JSON.stringify(desk.phones)}, board ${shown}`);
    }
    const board = await newPage(context, 'board');
    await board.goto(`${base}/ring`);
    await sleep(500);
    const asked = [...await Promise.all([idleRequests(page, 4_000), idleRequests(board, 4_000)])].flat();
    if (asked.length) throw new Error(`the idle pages asked: ${asked.join(', ')}`);
    await board.close();
  });

  const others = await step('the list keeper opens an online table with two guests', 20_000, async () => {
    const tokens = [];
    for (const name of ['Ben', 'Cem']) tokens.push(await api('POST', '/api/ring/guests', { name }));
    await keep({ type: 'open_table', game: 0, mode: 'online', opened_by: 'Anna', conditions: '1/2 NL, 40-200' });
    for (const [k, g] of tokens.entries()) {
      await keep({ type: 'seat_at_desk', guest: g.guest, table: 0, seat: k + 1, buy_in: 100 });
    }
    return tokens;
  });

  // The two at the desk play along over the API: they check or call whatever comes.
  bots = (async () => {
    while (playing) {
      for (const g of others) {
        const me = await api('GET', '/api/ring/me', null, g.token).catch(() => null);
        const legal = me?.table?.hand?.legal;
        if (legal) {
          const action = legal.check ? { type: 'check' } : { type: 'call' };
          await api('POST', '/api/ring/me', { type: 'act', hand: legal.hand, action }, g.token).catch(() => {});
        }
      }
      await sleep(150);
    }
  })();

  await step('the page goes to the background, as a phone in a pocket; the guest joins the list', 20_000, async () => {
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.hasFocus = () => false;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.locator(`${q('cash-game')}[data-game="0"] ${q('cash-join')}`).click();
  });

  await step('in the background the seat offered is told: a notification, a vibration, the title', 30_000, async () => {
    await page.locator(`${q('cash-offer')}[data-table="0"][data-seat="3"]`).waitFor();
    await page.waitForFunction(() => window.__notes.length > 0);
    const told = await page.evaluate(() => ({ notes: window.__notes, buzz: window.__buzz, title: document.title }));
    if (!told.notes[0].title.includes('Platz') || told.buzz < 1 || !told.title.includes('●')) {
      throw new Error(`the guest was told: ${JSON.stringify(told)}`);
    }
    await page.evaluate(() => {
      delete document.hidden;
      delete document.visibilityState;
    });
    await shot(page, 'cash-offer');
  });

  await step('a buy-in over the maximum is refused and changes nothing; one within it is taken', 30_000, async () => {
    expectError(/status of 422/);
    await page.locator(q('cash-buy-in')).fill('500');
    await page.locator(q('cash-accept')).click();
    await page.locator(q('error-message')).waitFor();
    const said = await page.locator(q('error-message')).textContent();
    if (!said.includes('200')) throw new Error(`the refusal says: ${said}`);
    await page.locator(q('error-close')).click();
    await page.locator(q('cash-buy-in')).fill('150');
    await page.locator(q('cash-accept')).click();
    await page.locator(`${q('cash-seat')}[data-away="no"]`).waitFor();
  });

  await step('the guest plays from the action bar with the time to act counting down', 60_000, async () => {
    await page.locator(q('your-turn')).waitFor({ timeout: 45_000 });
    const ms = Number(await page.locator(q('cash-timer')).getAttribute('data-ms'));
    if (!(ms > 0 && ms <= 20_000)) throw new Error(`the timer shows ${ms} ms`);
    // Every action is on screen on the guest's turn.
    for (const id of ['action-bar', 'fold']) {
      const box = await page.locator(q(id)).boundingBox();
      if (!box || box.y < 0 || box.y + box.height > 844) throw new Error(`${id} is off screen: ${JSON.stringify(box)}`);
    }
    await shot(page, 'cash-turn');
    const check = page.locator(q('check'));
    await ((await check.isVisible()) ? check : page.locator(q('call'))).click();
  });

  await step('the time runs out: time is called for 30 s (TDA-29), then the guest is sat out', 90_000, async () => {
    await page.locator(q('your-turn')).waitFor({ timeout: 45_000 });
    await page.locator(`${q('cash-clock-called')}[data-rule="TDA-29"]`).waitFor({ timeout: 30_000 });
    await shot(page, 'cash-time-called');
    await page.locator(`${q('cash-seat')}[data-away="yes"]`).waitFor({ timeout: 40_000 });
    await shot(page, 'cash-away');
  });

  await step('away: a top-up; back: dealt in again', 60_000, async () => {
    await page.waitForFunction(() => !document.querySelector('[data-testid="cash-top-up"]')?.disabled);
    const chips = Number(await page.locator(q('cash-seat')).getAttribute('data-chips'));
    await page.locator(q('cash-top-up-amount')).fill('10');
    await page.locator(q('cash-top-up')).click();
    await page.locator(`${q('cash-seat')}[data-chips="${chips + 10}"]`).waitFor();
    await page.locator(q('cash-back')).click();
    await page.locator(`${q('cash-seat')}[data-away="no"]`).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="hole-cards"] .card:not(.back)').length === 2, null, { timeout: 40_000 });
    await shot(page, 'cash-back');
  });

  await step('the guest cashes out between hands, the amount confirmed', 60_000, async () => {
    await page.locator(q('cash-away')).click();
    await page.waitForFunction(() => {
      const b = document.querySelector('[data-testid="cash-cash-out"]');
      return b && !b.disabled;
    }, null, { timeout: 45_000 });
    await page.locator(q('cash-cash-out')).click();
    await page.locator(q('cash-confirm')).waitFor();
    await page.locator(q('cash-confirm-yes')).click();
    await page.locator(q('cash-seat')).waitFor({ state: 'hidden' });
    await page.locator(q('cash-sessions')).waitFor();
  });

  await step('the German page shows no English from the server', 10_000, async () => {
    const text = await page.locator('main').innerText();
    for (const english of ['wins', 'preflop', 'Hand over', 'outside the game', 'seat ', 'table ']) {
      if (text.includes(english)) throw new Error(`English on the German page: "${english}" in ${text}`);
    }
  });
  await context.close();
  await checkEnd();
} catch (e) {
  failed = e;
} finally {
  playing = false;
  await bots;
  clearTimeout(watchdog);
}

const status = await finish(failed);
await browser.close().catch(() => {});
process.exit(status);
