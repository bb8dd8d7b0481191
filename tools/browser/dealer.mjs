// dealer.mjs: the dealer tablet (/dealer) end to end in headless Chromium (see harness.mjs).
//
//   NODE_PATH=<setup.sh's node_modules> node tools/browser/dealer.mjs ADDR TD_SECRET OUT_DIR
//
// The TD opens a live table of four (blinds 250-500, 20,000 each, the button on seat 4) and
// plays TDA-45's example 2 by tapping: UTG raises to 1,100, UTG+1 silently pushes a 1,000 and
// five 100s, which is a raise to 1,700 (TDA-45, TDA-43: 400 over the call is at least half the
// minimum raise of 600). The big blind then calls out of turn (TDA-53A: binding once the small
// blind folds and the action has not changed), a player's exposed cards are picked from the
// irregularity menu and its steps shown (TDA-68), the flop is laid unknown, the big blind moves
// all in and UTG+1 calls, turn and river are laid unknown and the dealer names UTG+1 the
// winner of the pot. The stacks are checked against the hand worked out by hand, then the next
// hand is dealt without the busted player. Screenshots: dealer-*.png in OUT_DIR.

import { harness, q } from './harness.mjs';

const { base, secret, log, newPage, shot, step, launch, checkEnd, finish, idleRequests } = harness('dealer.mjs');
const TOTAL_MS = 90_000;

const browser = await launch();
let failed = null;
const watchdog = setTimeout(() => {
  console.error(`dealer.mjs: FAILED: the whole scenario took longer than ${TOTAL_MS / 1000} s`);
  process.exit(1);
}, TOTAL_MS);

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await newPage(context, 'dealer');
  const el = (testid) => page.locator(q(testid));
  const data = (testid, name) => el(testid).first().getAttribute(`data-${name}`);
  const expect = async (what, got, want) => {
    if (String(got) !== String(want)) throw new Error(`${what}: ${got}, not ${want}`);
  };
  /** The act as the dealer taps it in; waits for the new ruling. */
  const act = async (player, { say = '', chips = [] } = {}) => {
    const before = await el('ruling').count();
    await el('actor').selectOption(String(player));
    await el('say').fill(say);
    for (const chip of chips) await page.locator(`${q('chip')}[data-value="${chip}"]`).click();
    await el('submit-act').click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="ruling"]').length === n + 1, before);
  };
  const newest = () => page.locator(`${q('ruling')}[data-index="0"]`);
  const rules = async () => newest().locator(q('reason')).evaluateAll((rs) => rs.map((r) => r.dataset.rule));

  await step('the TD opens a live table of four on the dealer tablet', 20_000, async () => {
    await page.goto(`${base}/dealer?secret=${encodeURIComponent(secret)}`);
    await page.locator('#console').waitFor({ state: 'visible' });
    if (!(await el('open-panel').evaluate((d) => d.open))) await el('open-toggle').click();
    await el('open-sb').fill('250');
    await el('open-bb').fill('500');
    await el('open-names').fill('Ann 20000\nBob 20000\nCy 20000\nDee 20000');
    await el('open-table').click();
    await page.locator(`${q('hand-summary')}[data-hand="1"]`).waitFor();
    await expect('to call', await data('to-call', 'amount'), 500);
    await expect('the minimum raise (TDA-43A: to twice the big blind)', await data('min-raise', 'to'), 1000);
    await expect('first to act pre-flop: UTG, left of the big blind', await data('next-to-act', 'player'), 2);
    await expect('the pot with the blinds', await data('pot', 'amount'), 750);
    await expect('who acted defaults to the player to act', await el('actor').inputValue(), '2');
  });

  await step('while nothing happens the tablet asks the server nothing (pushed, never polled)', 20_000, async () => {
    const asked = await idleRequests(page, 5_000);
    if (asked.length) throw new Error(`the idle tablet asked: ${asked.join(', ')}`);
  });

  await step('TDA-45 example 2: UTG raises to 1,100; UTG+1 silently pushes 1,000 and five 100s', 20_000, async () => {
    await act(2, { say: 'raise', chips: [1000, 100] });
    await expect('UTG raises to', await newest().locator(q('ruling-action')).getAttribute('data-to'), 1100);
    await expect('who acted now defaults to UTG+1', await el('actor').inputValue(), '3');
    await act(3, { chips: [1000, 100, 100, 100, 100, 100] });
    const action = newest().locator(q('ruling-action'));
    await expect('UTG+1 action', await action.getAttribute('data-action'), 'bet_or_raise');
    await expect('UTG+1 must raise to', await action.getAttribute('data-to'), 1700);
    await expect('UTG+1 still puts in', await data('ruling-owed', 'amount'), 200);
    const cited = await rules();
    if (!cited.some((r) => r.startsWith('TDA-45'))) throw new Error(`TDA-45 is not cited: ${cited}`);
    await expect('the next raise is at least another 600 (TDA-43A)', await data('min-raise', 'to'), 2300);
    await shot(page, 'dealer-tda45', true);
  });

  await step('the ruling reads in German too', 10_000, async () => {
    const english = await newest().locator(q('reason-text')).first().textContent();
    await el('lang-de').click();
    await page.waitForFunction((en) => document.querySelector(
      '[data-testid="ruling"][data-index="0"] [data-testid="reason-text"]').textContent !== en, english);
    await expect('the page language', await page.evaluate(() => document.documentElement.lang), 'de');
    await shot(page, 'dealer-de');
    await el('lang-en').click();
  });

  await step('the big blind calls out of turn; the small blind folds and the call stands (TDA-53A)', 20_000, async () => {
    await act(1, { say: 'call' });
    await expect('in turn', await newest().getAttribute('data-in-turn'), 'false');
    if (!(await rules()).some((r) => r.startsWith('TDA-53'))) throw new Error('TDA-53 is not cited');
    await expect('the action goes back to the small blind', await data('next-to-act', 'player'), 0);
    await act(0, { say: 'fold' });
    const actions = await newest().locator(q('ruling-action')).evaluateAll((as) => as.map((a) => `${a.dataset.player} ${a.dataset.action}`));
    await expect('actions', actions.join(', '), '0 fold, 1 call');
    await act(2, { say: 'call' });
    await page.locator(`${q('waiting')}[data-kind="board"]`).waitFor();
  });

  await step('an irregularity from the menu: a player exposed cards (TDA-68), its steps shown', 15_000, async () => {
    // Each kind has its fields, nested choices included: a joker's holder.
    await el('irregularity-kind').selectOption('deck_defect');
    await page.locator(`${q('irr-field')}[data-name="defect"] select`).selectOption('joker');
    await page.locator(`${q('irr-field')}[data-name="holder"] select`).waitFor();
    await el('irregularity-kind').selectOption('player_exposed_cards');
    await page.locator(`${q('irr-field')}[data-name="player"] select`).selectOption('2');
    await el('apply-irregularity').click();
    await el('procedure').waitFor();
    const steps = await page.locator(q('procedure-step')).evaluateAll((s) => s.map((x) => x.dataset.rule));
    if (!steps.length || !steps.every((r) => /^[A-Z]+-/.test(r))) throw new Error(`procedure steps: ${steps}`);
    if (!steps.includes('TDA-68')) throw new Error(`TDA-68 is not among the steps: ${steps}`);
    await expect('the hand goes on', await data('procedure', 'outcome'), 'continue');
    await shot(page, 'dealer-procedure', true);
  });

  await step('the flop is laid unknown; the big blind moves all in and UTG+1 calls', 20_000, async () => {
    await page.locator(`${q('lay-unknown')}[data-street="flop"]`).click();
    await page.locator(`${q('board')}[data-cards="3"]`).waitFor();
    await act(1, { say: 'all in' });
    await act(2, { say: 'fold' });
    await act(3, { say: 'call' });
  });

  await step('turn and river laid unknown; the dealer names UTG+1 the winner of the pot', 20_000, async () => {
    await page.locator(`${q('lay-unknown')}[data-street="turn"]`).click();
    await page.locator(`${q('lay-unknown')}[data-street="river"]`).click();
    await page.locator(`${q('board')}[data-cards="5"]`).waitFor();
    const pot = page.locator(`${q('award-row')}[data-pot="0"]`);
    // 250 dead from the small blind, 1,700 from UTG, 20,000 from each all-in player.
    await expect('the pot', await data('pot', 'amount'), 41950);
    await pot.locator(`${q('award-winner')}[data-player="3"]`).check();
    await pot.locator(q('award')).click();
    await page.locator(`${q('waiting')}[data-kind="next_hand"]`).waitFor();
  });

  await step('the stacks: 19,750, 0, 18,300 and 41,950', 10_000, async () => {
    const stacks = await el('player-row').evaluateAll((rs) => rs.map((r) => Number(r.dataset.stack)));
    await expect('stacks', stacks.join(' '), '19750 0 18300 41950');
    await shot(page, 'dealer-end', true);
  });

  await step('the next hand: the button moves on, the busted player is out', 10_000, async () => {
    await el('next-hand').click();
    await page.locator(`${q('hand-summary')}[data-hand="2"]`).waitFor();
    await expect('players dealt in', await el('player-row').count(), 3);
    await expect('out', await el('out-row').count(), 1);
    await shot(page, 'dealer-next-hand', true);
  });
  log('the dealer tablet ruled the hand');
  await checkEnd();
} catch (e) {
  failed = e;
} finally {
  clearTimeout(watchdog);
}

const status = await finish(failed);
await browser.close().catch(() => {});
process.exit(status);
