// e2e.mjs: the web UI end to end in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core; installed by setup.sh, found through NODE_PATH). Playwright's launch gives
// Chromium a fresh temporary user-data dir of its own and removes it at the end.
//
//   NODE_PATH=<setup.sh's node_modules> node tools/browser/e2e.mjs ADDR TD_SECRET OUT_DIR
//
// ADDR is host:port of a fresh `croupier serve` (best with --bot-think-ms 50 --act-seconds 20).
// The scenario: the TD creates a turbo in /td, three people register on /play in browsers of
// their own, the TD adds nine bots and starts; the people play by clicking (check or call,
// folding to big bets; one of them all in whenever a raise is possible) while the TD sets the
// clock to five seconds and the clock page shows level 2; until somebody busts and shows in
// the results on /standings, and for 25 s at least; the seat cards, table sheets and results print
// (/print); then each person downloads their own hands
// as PokerStars text and the TD every hand as PHH. Every page is saved as a PNG in OUT_DIR
// (failure-*.png: every page when the run fails). Every step is bounded; a step's timeout, a
// page error, a console error or an error box left showing fails the run (exit status 1) with
// a message naming the step (harness.mjs).

import { readFileSync } from 'node:fs';
import { harness, q, sleep } from './harness.mjs';

const { base, secret, log, newPage, shot, step, launch, checkEnd, finish } = harness('e2e.mjs');
const TOTAL_MS = 200_000; // the whole scenario, whatever happens
const PLAYERS = ['Alice', 'Bob', 'Carol']; // Alice goes all in whenever she can
const CALL_UP_TO = 600; // the others check or call up to this much, and fold to more
const BOTS = 9; // 3 + 9 = 12 entrants: two tables of six in the turbo
const PLAY_MS = 25_000; // the people play at least this long
const MIN_ACTIONS = 5; // and each one still seated clicks at least this often

// --- a person at the table ----------------------------------------------------------------

/** What the action bar offers now, read in one go: null unless it is this player's turn. */
function readBar(page) {
  return page.evaluate(() => {
    const el = (id) => document.querySelector(`[data-testid="${id}"]`);
    const shown = (id) => {
      const e = el(id);
      return !!e && e.checkVisibility() && !e.disabled;
    };
    if (!el('your-turn') || !shown('action-bar')) return null;
    return {
      check: shown('check'), call: shown('call'), raise: shown('raise'), allin: shown('preset-allin'),
      fold: shown('fold'),
      callAmount: Number(el('call')?.dataset.amount ?? 0),
      max: Number(el('raise-slider')?.max ?? 0),
    };
  });
}

/** Clicks one action if it is this player's turn; returns what it did or null. */
async function actOnce(p) {
  const bar = await readBar(p.page);
  if (!bar) return null;
  const click = (id) => p.page.locator(q(id)).click({ timeout: 3000 });
  if (p.aggressive && bar.raise) {
    if (bar.allin) await click('preset-allin');
    const to = Number(await p.page.locator(q('raise')).getAttribute('data-to'));
    if (bar.allin && to !== bar.max) {
      throw new Error(`${p.name}: preset-allin set the raise to ${to}, not the maximum ${bar.max}`);
    }
    await click('raise');
    return 'all-in';
  }
  if (bar.check) {
    await click('check');
    return 'check';
  }
  if (bar.call && (p.aggressive || bar.callAmount <= CALL_UP_TO || !bar.fold)) {
    await click('call');
    return 'call';
  }
  if (bar.fold) {
    await click('fold');
    return 'fold';
  }
  return null;
}

/** Plays until `until.stop`; counts the actions. A click that raced a change is retried. */
async function play(p, until) {
  while (!until.stop) {
    let did = null;
    try {
      did = await actOnce(p);
    } catch (e) {
      if (until.stop) break;
      if (!/Timeout|detached|not visible|not enabled/i.test(e.message)) throw e;
    }
    if (did) {
      p.actions[did] = (p.actions[did] ?? 0) + 1;
      p.total += 1;
      await sleep(150);
    } else {
      await sleep(120);
    }
  }
}

// --- the scenario -------------------------------------------------------------------------

const browser = await launch();
let failed = null;
const watchdog = setTimeout(() => {
  console.error(`e2e: FAILED: the whole scenario took longer than ${TOTAL_MS / 1000} s`);
  process.exit(1);
}, TOTAL_MS);

const until = { stop: false };
const loops = [];
try {
  const viewport = { width: 1280, height: 860 };
  const locale = 'en-US';
  const tdContext = await browser.newContext({ viewport, locale });
  const publicContext = await browser.newContext({ viewport, locale });
  const td = await newPage(tdContext, 'td');

  const event = await step('TD signs in and creates an event from the turbo template', 20_000, async () => {
    await td.goto(`${base}/td?secret=${encodeURIComponent(secret)}`);
    await td.locator('#console').waitFor({ state: 'visible' });
    const panel = td.locator(q('create-panel'));
    if (!(await panel.evaluate((d) => d.open))) await td.locator(q('new-event-toggle')).click();
    await td.locator(q('template-select')).selectOption({ label: 'turbo' });
    await td.waitForFunction(() => document.querySelector('[data-testid="template-toml"]').value.includes('name = "Turbo"'));
    // People register themselves on /play: the event must allow it (registration.public).
    const toml = td.locator(q('template-toml'));
    await toml.fill((await toml.inputValue()).replace('[registration]', '[registration]\npublic = true'));
    await td.locator(q('create-event')).click();
    const summary = td.locator(`${q('event-summary')}[data-event]`);
    await summary.waitFor();
    await td.locator(`${q('event-status')}[data-status="registering"]`).waitFor();
    return Number(await summary.getAttribute('data-event'));
  });
  log(`event ${event}`);

  const people = [];
  await step('three people register on /play, each in a browser of their own', 30_000, async () => {
    for (const [i, name] of PLAYERS.entries()) {
      const context = await browser.newContext({ viewport, locale });
      const page = await newPage(context, `player-${i + 1} (${name})`);
      await page.goto(`${base}/play?event=${event}`);
      await page.locator(q('register-name')).fill(name);
      await page.locator(q('register-submit')).click();
      await page.locator(q('my-status')).waitFor();
      await page.locator(q('register-form')).waitFor({ state: 'hidden' });
      people.push({ name, page, aggressive: i === 0, actions: {}, total: 0 });
    }
    await td.locator(q('entrants')).filter({ hasText: /^3$/ }).waitFor();
  });

  await step(`TD adds ${BOTS} bots and starts the event`, 40_000, async () => {
    await td.locator(q('add-bots-count')).fill(String(BOTS));
    await td.locator(q('add-bots')).click();
    await td.locator(q('entrants')).filter({ hasText: new RegExp(`^${PLAYERS.length + BOTS}$`) }).waitFor();
    await td.locator(q('player-row')).nth(PLAYERS.length + BOTS - 1).waitFor();
    await td.locator(q('start')).click();
    await td.locator(`${q('event-status')}[data-status="running"]`).waitFor();
    await td.locator(q('tables')).filter({ hasText: /^2$/ }).waitFor();
  });

  await step('each person sees their table and is dealt cards', 30_000, async () => {
    await Promise.all(people.map(async (p) => {
      await p.page.locator(q('felt')).waitFor();
      await p.page.locator(q('hole-cards')).waitFor();
    }));
    // Let the deal settle on screen before the pictures.
    await sleep(300);
    for (const [i, p] of people.entries()) await shot(p.page, `player-${i + 1}-table`);
  });

  const playStart = Date.now();
  for (const p of people) loops.push(play(p, until).catch((e) => { until.error ??= `${p.name}: ${e.message}`; }));

  const clock = await newPage(publicContext, 'clock');
  await step('the clock page shows level 1', 15_000, async () => {
    await clock.goto(`${base}/clock?event=${event}`);
    await clock.locator(`${q('level')}[data-level="1"]`).waitFor();
  });

  await step('TD sets the clock to 0:05; the clock page shows level 2 after it runs out', 30_000, async () => {
    await td.locator(q('set-clock-input')).fill('0:05');
    await td.locator(q('set-clock')).click();
    await clock.waitForFunction(() => Number(document.querySelector('[data-testid="time-left"]').dataset.ms) <= 5000);
    await clock.locator(`${q('level')}[data-level="2"]`).waitFor({ timeout: 25_000 });
    await clock.locator(q('blinds')).filter({ hasText: /50\s*\/\s*100/ }).waitFor();
    await shot(clock, 'clock');
  });

  const standings = await newPage(publicContext, 'standings');
  const busted = await step('people play by clicking until somebody busts and shows in the results', 100_000, async () => {
    await standings.goto(`${base}/standings?event=${event}`);
    const row = standings.locator(`${q('results-table')} ${q('results-row')}`).first();
    while (!(await row.isVisible())) {
      if (until.error) throw new Error(until.error);
      await sleep(250);
    }
    return row.evaluate((r) => [...r.cells].map((c) => c.textContent.trim()).join(' | '));
  });
  log(`in the results: ${busted}`);

  await step('a player\'s page checks the deck of a hand it was dealt in (issue 37)', 40_000, async () => {
    await Promise.any(people.map((p) => p.page.locator(`${q('play-deck-check')}[data-ok="true"]`).waitFor({ timeout: 40_000 })));
    const bad = await Promise.all(people.map((p) => p.page.locator(`${q('play-deck-check')}[data-ok="false"]`).count()));
    if (bad.some((n) => n > 0)) throw new Error('a deck did not check in a player\'s browser');
  });

  const playing = `people keep playing for ${PLAY_MS / 1000} s in all, each seated one acting at least ${MIN_ACTIONS} times`;
  await step(playing, PLAY_MS + 40_000, async () => {
    for (;;) {
      if (until.error) throw new Error(until.error);
      const seated = await Promise.all(people.map((p) => p.page.locator(q('felt')).isVisible()));
      const enough = people.every((p, i) => p.total >= MIN_ACTIONS || !seated[i]);
      const allIn = people.some((p) => p.actions['all-in']);
      // The one who goes all in may bust calling before a raise is ever possible: the next
      // person seated takes the part.
      const lead = people.findIndex((p) => p.aggressive);
      const next = people.findIndex((_, i) => seated[i]);
      if (!allIn && lead >= 0 && !seated[lead] && next >= 0) {
        people[lead].aggressive = false;
        people[next].aggressive = true;
      }
      if (enough && allIn && Date.now() - playStart >= PLAY_MS) break;
      await sleep(250);
    }
    for (const p of people) log(`  ${p.name}: ${JSON.stringify(p.actions)}`);
    if (!people.some((p) => p.actions['all-in'])) throw new Error('nobody went all in with the raise control');
  });

  until.stop = true;
  await Promise.all(loops);

  await step('a person no longer seated (busted) has their last hand\'s deck checked (issue 37)', 20_000, async () => {
    const seated = await Promise.all(people.map((p) => p.page.locator(q('felt')).isVisible()));
    const gone = people.filter((_, i) => !seated[i]);
    for (const p of gone) await p.page.locator(`${q('play-deck-left-check')}[data-ok="true"]`).waitFor({ timeout: 15_000 });
    log(`  last hand checked after leaving the table: ${gone.map((p) => p.name).join(', ') || 'nobody left'}`);
  });

  await step('the standings show the bust in the results', 15_000, async () => {
    // Places are given when the field is final (rebuys and re-entries close); until then a
    // busted entry is listed with its status and no place yet.
    const rows = standings.locator(`${q('results-table')} ${q('results-row')}`);
    const row = rows.filter({ hasText: /Busted/ }).first();
    await row.waitFor();
    await standings.locator(`${q('standings-table')} ${q('standing-row')}`).first().waitFor();
    await shot(standings, 'standings', true);
  });

  await step('the TD prints seat cards, a sheet per table with its button, and the results', 20_000, async () => {
    const print = await newPage(publicContext, 'print');
    await print.goto(`${base}/print?event=${event}&sheet=seats`);
    await print.locator(q('seat-card')).first().waitFor();
    await print.goto(`${base}/print?event=${event}&sheet=tables`);
    await print.locator(`${q('table-sheet')} ${q('table-button')}`).filter({ hasText: /\d/ }).first().waitFor();
    await shot(print, 'print-tables', true);
    await print.goto(`${base}/print?event=${event}&sheet=results`);
    await print.locator(q('sheet-title')).filter({ hasText: /\S/ }).waitFor();
  });

  await step('each person downloads their hands as PokerStars text, the TD every hand as PHH', 30_000, async () => {
    const fetched = async (page, testid) => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.locator(q(testid)).click()]);
      return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
    };
    for (const p of people) {
      const { name, text } = await fetched(p.page, 'my-hands-stars');
      if (name !== `croupier-event-${event}-my-hands.txt`) throw new Error(`${p.name}: file ${name}`);
      if (!text.startsWith('PokerStars Hand #') || !text.includes(`Dealt to ${p.name} [`)) {
        throw new Error(`${p.name}'s hands: ${text.slice(0, 200)}`);
      }
    }
    const { name, text } = await fetched(td, 'all-hands');
    if (name !== `croupier-event-${event}-hands.phhs` || !text.startsWith('[1]')) {
      throw new Error(`the TD's hands: ${name}: ${text.slice(0, 200)}`);
    }
  });

  await step('pictures of the seating, the index, the TD console and every person', 30_000, async () => {
    const seating = await newPage(publicContext, 'seating');
    await seating.goto(`${base}/seating?event=${event}`);
    await seating.locator(q('seating-table')).first().waitFor();
    await seating.locator(q('seat-name')).first().waitFor();
    await shot(seating, 'seating', true);

    const index = await newPage(publicContext, 'index');
    await index.goto(`${base}/`);
    await index.locator(`${q('event-row')}[data-event="${event}"]`).waitFor();
    await shot(index, 'index');

    await td.locator(`${q('player-row')}[data-status="busted"]`).first().waitFor();
    await shot(td, 'td', true);

    for (const [i, p] of people.entries()) await shot(p.page, `player-${i + 1}-end`);
  });

  await step('every page followed the pushed patches without a resync (issue 19 item 5)', 10_000, async () => {
    for (const [page, name] of [[td, 'td'], ...people.map((p) => [p.page, p.name])]) {
      const { patches, failed } = await page.evaluate(() => globalThis.croupierPushes);
      log(`${name}: ${patches} patches applied, ${failed} not`);
      if (patches === 0 || failed !== 0) {
        throw new Error(`${name}: ${patches} patches applied, ${failed} not followed`);
      }
    }
  });

  await checkEnd();
} catch (e) {
  failed = e;
} finally {
  until.stop = true;
  clearTimeout(watchdog);
}

const status = await finish(failed);
await Promise.race([Promise.all(loops), sleep(5000)]);
await browser.close().catch(() => {});
process.exit(status);
