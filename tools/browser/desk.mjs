// desk.mjs: the list keeper's desk in headless Chromium on a tablet (issue 36 item 1).
//
//   NODE_PATH=<setup.sh's node_modules> node tools/browser/desk.mjs ADDR TD_SECRET OUT_DIR
//
// The list keeper opens /desk with the TD secret; while nothing happens the desk asks the
// server nothing (pushed, never polled). A game is created from the form (labelled fields,
// the rules picked by name), guests are added and found by name, a live table the list keeper
// follows is opened (HC-1.10), a guest put on its list is offered a seat and takes it at the
// desk, two more are seated by tapping free seats. A hand begins and is settled on the seat
// map: what each put in, who folded, the winner of the pot; the books balance (HC-1.10). A
// refusal stays on screen until dismissed. Every player is cashed out with a confirmation that
// shows the amount, the table is closed and its statement shown and printed. The pages are
// German: no English word from the server.
// Screenshots: desk-game-form, desk-tables, desk-settle, desk-statement.
// Every step is bounded (harness.mjs).

import { harness, q, sleep } from './harness.mjs';

const { base, secret, newPage, shot, step, launch, checkEnd, finish, expectError, idleRequests } = harness('desk.mjs');
const TOTAL_MS = 150_000;

async function board() {
  const res = await fetch(`${base}/api/ring`, { headers: { authorization: `Bearer ${secret}` } });
  return res.json();
}

const browser = await launch();
let failed = null;
const watchdog = setTimeout(() => {
  console.error(`desk: FAILED: the whole scenario took longer than ${TOTAL_MS / 1000} s`);
  process.exit(1);
}, TOTAL_MS);

try {
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, locale: 'de-DE', hasTouch: true });
  await context.addInitScript(() => {
    localStorage.setItem('croupier.lang', 'de');
    // Printing is observed, not done.
    window.print = () => { window.__printed = (window.__printed ?? 0) + 1; };
  });
  const desk = await newPage(context, 'desk');

  await step('the list keeper opens the desk with the secret; idle, it asks nothing', 30_000, async () => {
    await desk.goto(`${base}/desk`);
    await desk.locator(q('desk-secret')).fill(secret);
    await desk.locator(q('desk-login-go')).click();
    await desk.locator(q('desk-tabs')).waitFor();
    // The stream's first message (one comes at once on connect) is read before the quiet.
    await sleep(1_500);
    const asked = await idleRequests(desk, 4_000);
    if (asked.length) throw new Error(`the idle desk asked: ${asked.join(', ')}`);
  });

  await step('a game from the form: the rules chosen by name, no field typed that could be picked', 20_000, async () => {
    await desk.locator(`${q('desk-tab')}[data-tab="game"]`).click();
    await desk.locator(q('desk-game-name')).fill('NLHE 1/2 live');
    await desk.locator(q('desk-game-variant')).selectOption('NT');
    await desk.locator(q('desk-game-seats')).selectOption('6');
    await desk.locator(q('desk-game-profile')).selectOption('hc');
    await shot(desk, 'desk-game-form');
    await desk.locator(q('desk-game-go')).click();
    await desk.locator(`${q('desk-game')}[data-game="0"]`).waitFor();
    const b = await board();
    if (b.games[0].profile !== 'hc' || b.games[0].stakes !== '1/2') throw new Error(`the game: ${JSON.stringify(b.games[0])}`);
  });

  await step('guests added at the desk are found by name', 20_000, async () => {
    await desk.locator(`${q('desk-tab')}[data-tab="guests"]`).click();
    for (const name of ['Egon Müller', 'Anna Schmidt', 'Frank Becker']) {
      await desk.locator(q('desk-guest-new')).fill(name);
      await desk.locator(q('desk-guest-add')).click();
      await desk.locator(q('desk-guest')).filter({ hasText: name }).waitFor();
    }
    await desk.locator(q('desk-guest-search')).fill('egon');
    await desk.waitForFunction(() => document.querySelectorAll('[data-testid="desk-guest"]').length === 1);
    // A name given twice is refused, and the refusal stays until dismissed.
    expectError(/status of 409/);
    await desk.locator(q('desk-guest-new')).fill('Egon Müller');
    await desk.locator(q('desk-guest-add')).click();
    await desk.locator(q('error-message')).waitFor();
    await sleep(1_500);
    if (!(await desk.locator(q('error')).isVisible())) throw new Error('the error went away by itself');
    await desk.locator(q('error-close')).click();
  });

  await step('a live table the list keeper follows (HC-1.10); a guest from the list takes a seat', 30_000, async () => {
    await desk.locator(`${q('desk-tab')}[data-tab="tables"]`).click();
    await desk.locator(q('desk-open-table')).click();
    await desk.locator(`${q('desk-table-mode')} [data-value="list_keeper"]`).click();
    await desk.locator(q('desk-table-keeper')).fill('Anna Schmidt');
    await desk.locator(q('desk-table-go')).click();
    await desk.locator(`${q('desk-table')}[data-table="0"]`).waitFor();
    await desk.locator(q('desk-list-add')).click();
    await desk.locator(q('desk-pick-search')).fill('Müll');
    await desk.locator(q('desk-pick')).filter({ hasText: 'Egon Müller' }).click();
    // The first free seat is offered to him at once; he takes it at the desk.
    await desk.locator(`${q('desk-waiting')} ${q('desk-accept')}`).click();
    await desk.locator(q('desk-buy-in')).fill('100');
    await desk.locator(q('desk-accept-go')).click();
    await desk.locator(q('desk-seat')).filter({ hasText: 'Egon Müller' }).waitFor();
    for (const [name, search] of [['Anna Schmidt', 'anna'], ['Frank Becker', 'beck']]) {
      await desk.locator(q('desk-seat-free')).first().click();
      await desk.locator(q('desk-buy-in')).fill('100');
      await desk.locator(q('desk-pick-search')).fill(search);
      await desk.locator(q('desk-pick')).filter({ hasText: name }).click();
      await desk.locator(q('desk-seat')).filter({ hasText: name }).waitFor();
    }
    await shot(desk, 'desk-tables');
  });

  await step('a hand is settled on the seat map: put in, folded, the winner of the pot', 30_000, async () => {
    await desk.locator(q('desk-start-hand')).click();
    await desk.locator(q('desk-settle-open')).click();
    const b = await board();
    const seats = b.games[0].tables[0].seats.filter(Boolean);
    const id = (name) => seats.find((s) => s.name === name).guest;
    const [egon, anna, frank] = [id('Egon Müller'), id('Anna Schmidt'), id('Frank Becker')];
    await desk.locator(`${q('desk-put-in')}[data-guest="${egon}"]`).fill('20');
    await desk.locator(`${q('desk-put-in')}[data-guest="${anna}"]`).fill('20');
    await desk.locator(`${q('desk-put-in')}[data-guest="${frank}"]`).fill('2');
    await desk.locator(`${q('desk-folded')}[data-guest="${frank}"]`).check();
    await desk.locator(`${q('desk-pot')}[data-amount="42"]`).waitFor();
    await desk.locator(`${q('desk-winner')}[data-pot="0"][data-guest="${anna}"]`).click();
    await shot(desk, 'desk-settle');
    await desk.locator(q('desk-settle-go')).click();
    await desk.locator(q('desk-sheet')).waitFor({ state: 'hidden' });
    const after = await board();
    const chips = Object.fromEntries(after.games[0].tables[0].seats.filter(Boolean).map((s) => [s.name, s.chips]));
    if (chips['Anna Schmidt'] !== 122 || chips['Egon Müller'] !== 80 || chips['Frank Becker'] !== 98) {
      throw new Error(`after the hand: ${JSON.stringify(chips)}`);
    }
    const k = after.books;
    if (k.bought_in !== k.at_tables + k.frozen + k.cashed_out + k.rake) throw new Error(`the books: ${JSON.stringify(k)}`);
  });

  await step('everyone cashed out with the amount confirmed; the table closed, its statement printed', 40_000, async () => {
    for (const name of ['Egon Müller', 'Anna Schmidt', 'Frank Becker']) {
      await desk.locator(q('desk-seat')).filter({ hasText: name }).click();
      await desk.locator(q('desk-cash-out')).click();
      await desk.locator(q('desk-sheet')).filter({ hasText: name }).waitFor();
      await desk.locator(q('desk-confirm-yes')).click();
      await desk.locator(q('desk-seat')).filter({ hasText: name }).waitFor({ state: 'detached' });
    }
    await desk.locator(q('desk-close')).click();
    await desk.locator(q('desk-confirm-yes')).click();
    await desk.locator(q('desk-statement-line')).first().waitFor();
    const lines = await desk.locator(q('desk-statement-line')).count();
    if (lines !== 3) throw new Error(`${lines} lines on the statement`);
    const text = await desk.locator(q('desk-statement')).textContent();
    if (!text.includes('Abrechnung von Tisch 1') || !text.includes('Anna Schmidt')) throw new Error(`the statement: ${text}`);
    await shot(desk, 'desk-statement', true);
    await desk.locator(q('desk-print')).click();
    if ((await desk.evaluate(() => window.__printed)) !== 1) throw new Error('not printed');
    await desk.locator(q('desk-statement-close')).click();
    await desk.locator(`${q('desk-tab')}[data-tab="books"]`).click();
    await desk.locator(`${q('desk-balance')}[data-ok="yes"]`).waitFor();
    await desk.locator(`${q('desk-closed')}[data-table="0"]`).waitFor();
  });
  await context.close();
  await checkEnd();
} catch (e) {
  failed = e;
} finally {
  clearTimeout(watchdog);
}

const status = await finish(failed);
await browser.close().catch(() => {});
process.exit(status);
