// cash.mjs: a guest's evening at an online cash table in headless Chromium (set up as e2e.mjs is).
//
//   NODE_PATH=<setup.sh's node_modules> node tools/browser/cash.mjs ADDR TD_SECRET OUT_DIR
//
// The scenario (issue 18 item 6): the list keeper adds a hold'em game under Hold'em Cologne's
// rules, opens an online table and seats two guests at the desk. A third guest opens /cash,
// puts their name down, joins the game's list and is offered the third seat; a buy-in above
// the maximum is refused and changes nothing; a buy-in within the limits takes the seat, and
// the server deals the guest in. The guest sits out (no cards while away: HC-1.9) and comes
// back, and is dealt in again. The list keeper's console (/desk) shows the table and the books.
// Screenshots: cash-offer, cash-seated, cash-away, cash-back, cash-desk.
// Every step is bounded (harness.mjs).

import { harness, q, sleep } from './harness.mjs';

const { base, secret, log, newPage, shot, step, launch, checkEnd, finish, expectError, idleRequests } = harness('cash.mjs');
const TOTAL_MS = 150_000;

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

try {
  const viewport = { width: 1280, height: 900 };
  await step('while nothing happens the board and the desk ask the server nothing (pushed, never polled)', 30_000, async () => {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const board = await newPage(context, 'board');
    await board.goto(`${base}/ring`);
    const desk = await newPage(context, 'idle-desk');
    await desk.goto(`${base}/desk`);
    await desk.locator(q('desk-secret')).fill(secret);
    await sleep(1_000);
    const asked = [...await Promise.all([idleRequests(board, 5_000), idleRequests(desk, 5_000)])].flat();
    if (asked.length) throw new Error(`the idle pages asked: ${asked.join(', ')}`);
    await context.close();
  });
  const others = await step('the list keeper adds a game, two guests and an online table', 20_000, async () => {
    await keep({ type: 'add_game', name: 'NLHE 1/2', variant: 'NT', small_blind: 1, big_blind: 2, seats: 3,
      min_buy_in: 40, max_buy_in: 200, profile: 'hc' });
    const tokens = [];
    for (const name of ['Ben', 'Cem']) {
      const g = await api('POST', '/api/ring/guests', { name });
      tokens.push(g);
    }
    await keep({ type: 'open_table', game: 0, mode: 'online', opened_by: 'Anna', conditions: '1/2 NL, 40-200' });
    for (const [k, g] of tokens.entries()) {
      await keep({ type: 'seat_at_desk', guest: g.guest, table: 0, seat: k + 1, buy_in: 100 });
    }
    return tokens;
  });

  // The two at the desk play along over the API: they check or call whatever comes.
  let playing = true;
  const bots = (async () => {
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

  const page = await step('a guest opens /cash, puts their name down and joins the list', 20_000, async () => {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const page = await newPage(context, 'guest');
    await page.goto(`${base}/cash`);
    await page.locator(q('cash-name')).fill('Dora');
    await page.locator(q('cash-register-go')).click();
    await page.locator(`${q('cash-game')}[data-game="0"] ${q('cash-join')}`).click();
    return page;
  });

  await step('the seat offered: a buy-in over the maximum is refused, one within it taken', 30_000, async () => {
    await page.locator(`${q('cash-offer')}[data-table="0"][data-seat="3"]`).waitFor();
    await shot(page, 'cash-offer');
    expectError(/status of 422/);
    await page.locator(q('cash-buy-in')).fill('500');
    await page.locator(q('cash-accept')).click();
    await page.locator(q('error-message')).filter({ hasText: 'outside the game' }).waitFor();
    await page.locator(q('error-close')).click();
    await page.locator(q('cash-buy-in')).fill('150');
    await page.locator(q('cash-accept')).click();
    await page.locator(`${q('cash-seat')}[data-away="no"]`).waitFor();
  });

  const dealtIn = async () => {
    // Dealt in: the guest's own cards face up at seat 3 of a hand in play.
    await page.waitForFunction(() => {
      const seat = document.querySelector('[data-testid="cash-table-seat"][data-seat="3"]');
      return seat && seat.querySelectorAll('.card:not(.back)').length === 2
        && document.querySelector('[data-testid="cash-hand"]')?.dataset.street !== 'over';
    }, null, { timeout: 30_000 });
  };

  await step('the server deals the guest in', 40_000, async () => {
    await dealtIn();
    await shot(page, 'cash-seated');
  });

  await step('sitting out: no cards in the next hands (HC-1.9)', 60_000, async () => {
    await page.locator(q('cash-away')).click();
    await page.locator(`${q('cash-seat')}[data-away="yes"]`).waitFor();
    // Play the hand out: the guest checks or calls while still in it.
    const seen = new Set();
    for (let i = 0; i < 400; i++) {
      const hand = await page.locator(q('cash-hand')).getAttribute('data-hand').catch(() => null);
      const mine = await page.locator(`${q('cash-table-seat')}[data-seat="3"] .card`).count();
      if (await page.locator(q('cash-check')).isVisible()) await page.locator(q('cash-check')).click().catch(() => {});
      else if (await page.locator(q('cash-call')).isVisible()) await page.locator(q('cash-call')).click().catch(() => {});
      if (hand) seen.add(`${hand}:${mine}`);
      // A later hand in play without cards for the guest.
      const later = [...seen].some((s) => s.endsWith(':0'));
      if (later) break;
      await sleep(100);
    }
    if (![...seen].some((s) => s.endsWith(':0'))) throw new Error(`dealt in while away: ${[...seen]}`);
    await shot(page, 'cash-away');
  });

  await step("back: dealt in again", 60_000, async () => {
    await page.locator(q('cash-back')).click();
    await page.locator(`${q('cash-seat')}[data-away="no"]`).waitFor();
    await dealtIn();
    await shot(page, 'cash-back');
  });

  await step('the list keeper console shows the table and the books', 20_000, async () => {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const desk = await newPage(context, 'desk');
    await desk.goto(`${base}/desk`);
    await desk.locator(q('desk-secret')).fill(secret);
    await desk.locator(`${q('desk-table')}[data-table="0"]`).waitFor();
    await desk.locator(q('desk-seat')).first().waitFor();
    await desk.locator(q('desk-books')).filter({ hasText: 'HC-1.10' }).waitFor();
    await shot(desk, 'cash-desk', true);
  });

  playing = false;
  await bots;
  await checkEnd();
} catch (e) {
  failed = e;
} finally {
  clearTimeout(watchdog);
}

const status = await finish(failed);
await browser.close().catch(() => {});
process.exit(status);
