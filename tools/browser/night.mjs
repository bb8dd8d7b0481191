// night.mjs: a whole live tournament night through the pages alone (issue 32, "Tests and
// proof"), in headless Chromium (set up as e2e.mjs is).
//
//   NODE_PATH=<setup.sh's node_modules> node tools/browser/night.mjs ADDR TD_SECRET OUT_DIR [hc|tda ...]
//
// Twice, under HC in German and under TDA in English (a de-DE and an en-US browser): the TD
// creates a live event on the console ("New event", the template, "Live"; TDA's deep stack made
// ten-handed in the TOML field) and registers 30 players at the desk, draws the seats (the seat
// cards print before the start), starts, and makes a tablet link for each of the three tables
// from its card. The dealers then play the night on their tablets (768x1024): they tick who
// went out, pick who won the chips, enter the tie cards of players out in the same hand (HC-1.3)
// and press "Hand over"; every instruction the director gives is confirmed with "Done" on the
// tablet of a table it names (HC-1.8's card per table and a chip race's cards entered there as
// they fell; the seat cards of the final table's draw, and of a broken table's, on the console
// first, where their form is: the tablet has none). Busts: three at table 1 first
// (balancing), then until a table breaks, then down to the final table (drawn at the lowest
// table in play, which keeps its tablet; the broken tables' tablets show the table closed),
// then at the final table through the money to three players, who are held for a deal
// ("Hold the tables for a deal", "Work out a deal", chip chop, "Record the deal") and play on to
// the winner. The API is only read, for the figures the pages are compared with.
//
// After every step: each busted player's place on the standings page (results-row data-place)
// is the one the standings give (outside a pending hand-for-hand round), no instruction is left
// that no tablet of its tables could confirm, the move slips (/print?sheet=moves, printed to
// PDF) list every line of GET /moves, the big screen's level, time and blinds are inside the
// viewport at 1920x1080 and 1280x720, the tablets (768 wide, the lowest table's at 390 too),
// the standings and the seating on a phone (390x844) have no horizontal scroll, and the German pages show no English word from the
// server (english.mjs). At the end the payout slips list every paid place.
//
// Screenshots (viewport only): night-<page>-<lang>-<size> of the console, a tablet, the big
// screen, the standings, the seating and the move slips: German at 1920x1080, 768x1024 and
// 390x844, English at 1920x1080 (the clock at 1280x720 too), taken while the final table's
// draw and moves wait;
// `UPDATE_DOCS=1 cargo test -p croupier --test browser a_whole_live_night` copies them into
// docs/live/. Every step is bounded (harness.mjs).

import { join } from 'node:path';
import { statSync, readFileSync } from 'node:fs';
import { harness, q, sleep } from './harness.mjs';
import { englishLines } from './english.mjs';

const { base, secret, outDir, log, newPage, shot, step, launch, checkEnd, finish } = harness('night.mjs');
const PROFILES = process.argv.slice(5).length ? process.argv.slice(5) : ['hc', 'tda'];
const TOTAL_MS = 170_000 * PROFILES.length;
const PLAYERS = 30;

const SIZES = { tv: { width: 1920, height: 1080 }, tv720: { width: 1280, height: 720 },
  tablet: { width: 768, height: 1024 }, phone: { width: 390, height: 844 } };

/** Reads a figure to compare the pages with: GET only. */
async function read(path) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${secret}` } });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Polls `fn` until it returns a truthy value (returned) or `ms` pass (throws `what`). */
async function until(what, fn, ms = 10_000) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    last = await fn();
    if (last) return last;
    await sleep(100);
  }
  throw new Error(`${what} (after ${ms / 1000} s)`);
}

const card = (table) => `${q('live-table')}[data-table="${table}"]`;
const CARDS = ['As', 'Kd', 'Qh', 'Jc', 'Ts', '9d', '8h', '7c', '6s', '5d', '4h', '3c', '2s'];

const browser = await launch();
let failed = null;
const watchdog = setTimeout(() => {
  console.error(`night: FAILED: the whole scenario took longer than ${TOTAL_MS / 1000} s`);
  process.exit(1);
}, TOTAL_MS);

/** One night under `profile`, its pages in `lang`. */
async function night(profile, lang) {
  const de = lang === 'de';
  const locale = de ? 'de-DE' : 'en-US';
  const prefix = `${profile}`;
  const label = (x) => `${prefix}-${x}`;
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale });
  const tabletContext = await browser.newContext({ viewport: SIZES.tablet, locale, hasTouch: true });
  const stats = { byTable: new Map(), busts: 0, onTablet: 0, kinds: new Set(), tabletClosed: 0, slips: 0, pdfs: 0 };

  // --- the desk: the event, 30 players, the draw, the start --------------------------------

  const td = await step(`${profile}: the TD creates a live event on the console`, 30_000, async () => {
    const page = await newPage(context, label('td'));
    await page.goto(`${base}/td?secret=${encodeURIComponent(secret)}`);
    await page.locator(q('event-select')).waitFor();
    const panel = page.locator(q('create-panel'));
    if (!(await panel.evaluate((d) => d.open))) await page.locator(q('new-event-toggle')).click();
    const template = profile === 'hc' ? 'hc' : 'deepstack';
    await page.locator(q('template-select')).selectOption({ label: template });
    await page.locator(q('tables-mode')).selectOption('live');
    const toml = page.locator(q('template-toml'));
    let text = await toml.inputValue();
    if (!text.includes('tables = "live"')) throw new Error('"Live" did not set tables = "live"');
    // Three tables of ten: TDA's deep stack is nine-handed.
    // No late entries and no re-entry: a deal waits until they close (HC-1.1).
    text = text.replace(/^late_until_level = \d+/m, 'late_until_level = 0').replace(/\[re_entry\][^[]*/, '')
      .replace(/^table_size = \d+/m, 'table_size = 10').replace(/^name = ".*"/m,
      `name = "${de ? 'Freitagsturnier' : 'Friday night'} ${profile.toUpperCase()}"`);
    await toml.fill(text);
    await page.locator(q('seed')).fill(profile === 'hc' ? '32' : '33');
    await page.locator(q('create-event')).click();
    await page.locator(`${q('event-summary')}[data-event]`).waitFor();
    return page;
  });
  const event = Number(await td.locator(q('event-summary')).getAttribute('data-event'));
  const summary = () => read(`/api/events/${event}`);
  const eventName = (await summary()).name;
  const prefixName = de ? 'Spieler' : 'Guest';
  const names = [eventName, ...Array.from({ length: PLAYERS }, (_, i) => `${prefixName} ${PLAYERS - i}`)];

  await step(`${profile}: the desk registers ${PLAYERS} players`, 40_000, async () => {
    for (let i = 1; i <= PLAYERS; i++) {
      await td.locator(q('td-register-name')).fill(`${prefixName} ${i}`);
      await td.locator(q('td-register-submit')).click();
      await td.locator(q('player-link')).nth(i - 1).waitFor();
    }
    await until('30 entrants on the console', async () => (await td.locator(q('entrants')).textContent()) === `${PLAYERS}`);
  });

  await step(`${profile}: seats drawn before the start; the seat cards print; start`, 30_000, async () => {
    await td.locator(q('draw-seats')).click();
    await td.locator(card(3)).waitFor();
    await td.locator(q('draw-seats')).click(); // drawn again: the start keeps the last draw
    await sleep(300);
    const drawn = await read(`/api/events/${event}/seating`);
    const seats = await newPage(context, label('print-seats'));
    await seats.goto(`${base}/print?event=${event}&sheet=seats`);
    await until('a seat card per player before the start', async () => (await seats.locator(q('seat-card')).count()) === PLAYERS);
    await seats.close();
    await td.locator(q('start')).click();
    for (const t of [1, 2, 3]) await td.locator(`${card(t)}[data-in-hand="true"]`).waitFor();
    const kept = await read(`/api/events/${event}/seating`);
    const who = (s) => JSON.stringify(s.tables.map((x) => x.seats.map((p) => p?.player ?? null)));
    if (who(kept) !== who(drawn)) throw new Error('the start did not keep the draw');
    if (kept.tables.length !== 3) throw new Error(`${kept.tables.length} tables`);
  });

  // --- the tablets, the big screen, the standings --------------------------------------------

  const tablets = new Map(); // table -> page
  const bindTablet = async (table) => {
    await td.locator(`${card(table)} ${q('tablet-bind')}`).click();
    const link = td.locator(`${card(table)} ${q('tablet-url')}`);
    await link.waitFor();
    const url = await link.getAttribute('href');
    if (!new RegExp(`/tablet\\?event=${event}&table=${table}&token=`).test(url)) throw new Error(`tablet link ${url}`);
    const page = await newPage(tabletContext, label(`tablet-${table}`));
    await page.goto(url);
    await page.locator(card(table)).waitFor();
    if (await page.locator('nav').count()) throw new Error('a tablet shows the site menu');
    tablets.set(table, page);
    return page;
  };
  const { clock, standings, seating } = await step(`${profile}: a tablet per table; the big screens, standings, seating`, 40_000, async () => {
    for (const t of [1, 2, 3]) await bindTablet(t);
    const tvContext = await browser.newContext({ viewport: SIZES.tv, locale });
    const clockPage = await newPage(tvContext, label('clock'));
    await clockPage.goto(`${base}/clock?event=${event}`);
    const phoneContext = await browser.newContext({ viewport: SIZES.phone, locale, hasTouch: true, isMobile: true });
    const st = await newPage(phoneContext, label('standings'));
    await st.goto(`${base}/standings?event=${event}`);
    const se = await newPage(phoneContext, label('seating'));
    await se.goto(`${base}/seating?event=${event}`);
    await clockPage.locator(q('level')).waitFor();
    await st.locator(q('standing-row')).first().waitFor();
    await se.locator(q('seating-table')).first().waitFor();
    return { clock: clockPage, standings: st, seating: se };
  });
  const moveSlips = await newPage(context, label('print-moves'));

  // --- the checks after every step -----------------------------------------------------------

  const inside = async (page, size) => page.evaluate((ids) => ids.map((id) => {
    const r = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth ? null
      : `${id} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)} of ${innerWidth}x${innerHeight}`;
  }).filter(Boolean), ['level', 'time-left', 'blinds']).then((out) => {
    if (out.length) throw new Error(`the big screen at ${size.width}x${size.height}: ${out.join('; ')}`);
  });
  const noSideScroll = async (page, what) => {
    const [w, inner] = await page.evaluate(() => [document.scrollingElement.scrollWidth, innerWidth]);
    if (w > inner) throw new Error(`${what} scrolls sideways: ${w} px wide at ${inner}`);
  };
  let movesSeen = -1;
  const checkSlips = async () => {
    const moves = await read(`/api/events/${event}/moves`);
    if (moves.length === movesSeen) return;
    movesSeen = moves.length;
    await moveSlips.goto(`${base}/print?event=${event}&sheet=moves`);
    await moveSlips.locator(q('sheet')).waitFor();
    if (moves.length) await moveSlips.locator(q('move-line')).first().waitFor();
    const lines = await moveSlips.locator(q('move-line')).evaluateAll((rows) => rows.map((r) => ({
      player: Number(r.dataset.player), reason: r.dataset.reason, text: r.innerText })));
    const missing = moves.filter((m) => !lines.some((l) => l.player === m.player && l.reason === m.reason
      && l.text.includes(m.name) && l.text.includes(`${m.to_table}`) && l.text.includes(m.rule)));
    if (missing.length || lines.length !== moves.length) {
      throw new Error(`the move slips list ${lines.length} of ${moves.length} moves; missing ${JSON.stringify(missing)}`);
    }
    // A slip for each move on the page of the table it goes to, for its dealer.
    for (const m of moves) {
      const slip = moveSlips.locator(`${q('move-table')}[data-table="${m.to_table}"] ${q('move-slip')}[data-player="${m.player}"]`);
      if (!(await slip.count())) throw new Error(`no slip for ${m.name} at table ${m.to_table}`);
    }
    // Printed: the lines show in print, and the PDF is made.
    await moveSlips.emulateMedia({ media: 'print' });
    const hidden = await moveSlips.locator(q('move-line')).evaluateAll((rows) => rows.filter((r) => !r.offsetParent).length);
    await moveSlips.emulateMedia({ media: 'screen' });
    if (hidden) throw new Error(`${hidden} move lines hidden in print`);
    if (moves.length) {
      const file = join(outDir, `night-${profile}-moves.pdf`);
      await moveSlips.pdf({ path: file, format: 'A4' });
      const pdf = readFileSync(file);
      if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-')) || statSync(file).size < 2000) throw new Error('the move slips did not print');
      stats.pdfs += 1;
    }
    stats.slips = moves.length;
  };
  const checkPlaces = async (busted) => {
    const s = await summary();
    const h4h = s.clock.hand_for_hand;
    const rows = (await read(`/api/events/${event}/standings`)).rows;
    for (const p of busted) {
      const r = rows.find((x) => x.player === p);
      if (r.status !== 'busted') throw new Error(`player ${p + 1} is ${r.status} after the bust`);
      if (r.place == null) {
        if (h4h) continue;
        throw new Error(`${r.name} is out without a place outside hand-for-hand`);
      }
      if (r.place <= s.players_left) throw new Error(`${r.name} placed ${r.place} with ${s.players_left} left`);
      const row = standings.locator(`${q('results-row')}[data-player="${p}"][data-place="${r.place}"]`);
      await row.waitFor({ timeout: 5000 }).catch(() => {
        throw new Error(`the standings page does not show ${r.name} in place ${r.place}`);
      });
      if (r.prize && !(await row.locator(`${q('prize')}[data-amount="${r.prize}"]`).count())) {
        throw new Error(`the standings page does not show ${r.name}'s prize ${r.prize}`);
      }
    }
  };
  const german = async () => {
    if (!de) return;
    const pages = [['console', td], ['big screen', clock], ['standings', standings], ['seating', seating],
      ['move slips', moveSlips], ...[...tablets].map(([t, p]) => [`tablet ${t}`, p])];
    for (const [what, page] of pages) {
      const lines = await englishLines(page, names, 0);
      if (lines.length) throw new Error(`English on the German ${what}:\n    ${lines.join('\n    ')}`);
    }
  };
  const checks = async (busted = []) => {
    await checkPlaces(busted);
    await checkSlips();
    await inside(clock, SIZES.tv);
    await clock.setViewportSize(SIZES.tv720);
    await inside(clock, SIZES.tv720);
    await clock.setViewportSize(SIZES.tv);
    for (const [t, page] of tablets) await noSideScroll(page, `table ${t}'s tablet`);
    // The lowest table's tablet on a phone too.
    const [low, small] = [...tablets].sort((a, b) => a[0] - b[0])[0];
    await small.setViewportSize(SIZES.phone);
    await noSideScroll(small, `table ${low}'s tablet on a phone`);
    await small.setViewportSize(SIZES.tablet);
    await noSideScroll(standings, 'the standings on a phone');
    await noSideScroll(seating, 'the seating on a phone');
    await german();
  };

  // --- the dealers' reports and the director's instructions --------------------------------

  /** Reports the hand over at `table` on its tablet with `n` players out (dealt in, chips to
   * another dealt player, tie cards entered when more than one); the players out. */
  let cardAt = 0;
  const handOver = async (table, n) => {
    const page = tablets.get(table);
    // In front: Chromium runs a page behind others of its window slowly (timers, frames).
    await page.bringToFront();
    const box = page.locator(`${card(table)}[data-in-hand="true"]`);
    await box.waitFor();
    const dealt = await box.locator(`${q('live-name')}[data-dealt="yes"]`).count();
    const players = await box.locator(q('live-out')).evaluateAll((xs) => xs.map((x) => Number(x.dataset.player)));
    const dealtIn = [];
    for (let k = 0; k < players.length; k++) {
      if ((await box.locator(q('live-name')).nth(k).getAttribute('data-dealt')) === 'yes') dealtIn.push(players[k]);
    }
    if (dealtIn.length !== dealt) throw new Error('the dealt players changed');
    const out = dealtIn.slice(0, Math.min(n, dealtIn.length - 1));
    const winner = dealtIn[out.length];
    for (const p of out) {
      await box.locator(`${q('live-out')}[data-player="${p}"]`).check();
      await box.locator(`${q('live-by')}[data-player="${p}"]`).selectOption(`${winner}`);
      if (out.length > 1) {
        await box.locator(`${q('live-card')}[data-player="${p}"]`).fill(CARDS[cardAt++ % CARDS.length]);
      }
    }
    await box.locator(q('hand-over')).click();
    await until(`table ${table}'s report taken`, async () => {
      const rows = (await read(`/api/events/${event}/standings`)).rows;
      return out.every((p) => rows.find((r) => r.player === p).status === 'busted');
    });
    stats.busts += out.length;
    return out;
  };

  /** Every instruction done where it is done: on a tablet of a table it names ("Done", or the
   * cards dealt there), the seat cards of a draw on the console first. */
  const drawn = new Set(); // the draws whose seat cards were entered
  const confirmAll = async () => {
    for (let round = 0; round < 80; round++) {
      const s = await summary();
      if (!s.instructions.length) return;
      // A draw's seat cards first, before its moves are carried out.
      const i = s.instructions.find((x) => (x.kind === 'final_table' || x.kind === 'break') && !drawn.has(x.id))
        ?? s.instructions[0];
      stats.kinds.add(i.kind);
      if (i.kind === 'open_table' && !tablets.has(i.tables[0])) await bindTablet(i.tables[0]);
      // The seat cards as they fell (TDA-RP-9, HC-1.7; TDA-10), once per draw, on the console.
      if (i.kind === 'final_table' && !drawn.has(i.id)) {
        await td.bringToFront();
        const form = td.locator(`${q('instruction')}[data-id="${i.id}"] ${q('seat-cards')}`);
        if (await form.count()) {
          await form.locator('summary').click();
          const inputs = form.locator(q('seat-card'));
          const n = await inputs.count();
          for (let k = 0; k < n; k++) await inputs.nth(k).fill(`${n - k}`);
          const before = JSON.stringify((await inPlay()).map((x) => x.seats.map((p) => p?.player ?? null)));
          await form.locator(q('seat-cards-submit')).click();
          await until('the final table seated by the cards', async () =>
            JSON.stringify((await inPlay()).map((x) => x.seats.map((p) => p?.player ?? null))) !== before);
          drawn.add(i.id);
          continue;
        }
      }
      if (i.kind === 'break' && !drawn.has(i.id)) {
        drawn.add(i.id);
        await td.bringToFront();
        const form = td.locator(`${q('instruction')}[data-id="${i.id}"] ${q('break-cards')}`);
        if (await form.count()) {
          // The cards as they fell: the first two players drew each other's seats.
          await form.locator('summary').click();
          const inputs = form.locator(q('break-card'));
          if ((await inputs.count()) >= 2) {
            const [a, b] = [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()];
            await inputs.nth(0).fill(b);
            await inputs.nth(1).fill(a);
          }
          const before = JSON.stringify(s.instructions);
          await form.locator(q('break-cards-submit')).click();
          await until('the broken table\'s seat cards taken', async () => JSON.stringify((await summary()).instructions) !== before);
          continue;
        }
      }
      const tableList = i.tables.filter((t) => tablets.has(t));
      if (!tableList.length) throw new Error(`no tablet for instruction ${i.id} "${i.en}" (tables ${i.tables})`);
      let page = null;
      for (const t of tableList) {
        const item = tablets.get(t).locator(`${q('instruction')}[data-id="${i.id}"]`);
        if (await item.locator(q('instruction-done')).count()) {
          page = tablets.get(t);
          break;
        }
      }
      if (!page) {
        // Shown a moment later: the pushes are on their way.
        await sleep(200);
        const again = await summary();
        if (again.instructions.some((x) => x.id === i.id)) {
          const t = tableList[0];
          await tablets.get(t).locator(`${q('instruction')}[data-id="${i.id}"] ${q('instruction-done')}`).waitFor({ timeout: 3000 })
            .catch(() => { throw new Error(`instruction ${i.id} "${i.en}" has no "Done" on the tablets of tables ${tableList}`); });
        }
        continue;
      }
      await page.bringToFront();
      const at = [...tablets].find(([, p]) => p === page)[0];
      stats.byTable.set(at, (stats.byTable.get(at) ?? 0) + 1);
      const item = page.locator(`${q('instruction')}[data-id="${i.id}"]`);
      const sources = item.locator(q('source-card'));
      const races = item.locator(q('race-card'));
      if (await sources.count()) {
        const n = await sources.count();
        for (let k = 0; k < n; k++) await sources.nth(k).fill(CARDS[(cardAt++) % CARDS.length]);
        await item.locator(q('source-cards-submit')).click();
      } else if (await races.count()) {
        const n = await races.count();
        for (let k = 0; k < n; k++) {
          const want = Number((await races.nth(k).getAttribute('placeholder')).split(' ').length);
          await races.nth(k).fill(Array.from({ length: want }, () => CARDS[(cardAt++) % CARDS.length]).join(' '));
        }
        await item.locator(q('race-cards-submit')).click();
      } else {
        await item.locator(q('instruction-done')).click();
      }
      await until(`instruction ${i.id} done`, async () => !(await summary()).instructions.some((x) => x.id === i.id));
            stats.onTablet += 1;
    }
    throw new Error('the instructions never end');
  };

  /** The tablets of tables no longer in play show the table closed, and are set aside. */
  const closedTablets = async () => {
    const standing = new Set((await read(`/api/events/${event}/seating`)).tables.map((x) => x.table));
    for (const [t, page] of [...tablets]) {
      if (standing.has(t)) continue;
      await page.locator(card(t)).waitFor({ state: 'detached' });
      const text = await page.locator(q('table')).innerText();
      if (!/nicht mehr im Spiel|not in play/.test(text)) throw new Error(`table ${t}'s tablet after the break: "${text}"`);
      if (!stats.byTable.get(t)) throw new Error(`table ${t}'s tablet confirmed nothing before it closed`);
      tablets.delete(t);
      stats.tabletClosed += 1;
    }
  };

  // --- screenshots of every page, while the final table's draw is pending -----------------------

  const screenshots = async () => {
    const sizes = de ? ['tv', 'tablet', 'phone'] : ['tv'];
    const tablet = tablets.get(Math.min(...tablets.keys()));
    const pages = [['console', td, SIZES.tv], ['tablet', tablet, SIZES.tablet], ['clock', clock, SIZES.tv],
      ['standings', standings, SIZES.phone], ['seating', seating, SIZES.phone], ['moves', moveSlips, { width: 1400, height: 1000 }]];
    for (const [what, page, back] of pages) {
      for (const size of sizes) {
        await page.setViewportSize(SIZES[size]);
        await sleep(150);
        if (what === 'console') {
          await page.evaluate(() => {
            const panel = document.querySelector('[data-testid="live-panel"]');
            window.scrollTo(0, panel.getBoundingClientRect().top + window.scrollY - 8);
          });
        } else {
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        if (size !== 'tv' && what !== 'console' && what !== 'moves') await noSideScroll(page, `the ${what} at ${SIZES[size].width}`);
        if (what === 'console') {
          // The console on a tablet or a phone: no sideways scrolling either.
          const [w, inner, what] = await page.evaluate(() => [document.scrollingElement.scrollWidth, innerWidth,
            [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1
              && !e.closest('.table-scroll')).slice(-3).map((e) => e.dataset.testid || e.tagName.toLowerCase()).join(', ')]);
          if (w > inner) throw new Error(`the console is ${w} px wide at ${inner} (${what})`);
        }
        await shot(page, `night-${what}-${lang}-${SIZES[size].width}x${SIZES[size].height}`);
      }
      await page.setViewportSize(back);
    }
    await clock.setViewportSize(SIZES.tv720);
    await sleep(150);
    await shot(clock, `night-clock-${lang}-1280x720`);
    await clock.setViewportSize(SIZES.tv);
  };

  const inPlay = async () => (await read(`/api/events/${event}/seating`)).tables;

  /** One round: each table in play reports its hand over, `outs(tables)` players out at each. */
  let shotTaken = false;
  const round = async (name, outs) => step(`${profile}: ${name}`, 60_000, async () => {
    const tables = await inPlay();
    const counts = outs(tables);
    const busted = [];
    for (const [k, tb] of tables.entries()) {
      if (!tb.in_hand) continue;
      busted.push(...await handOver(tb.table, counts[k] ?? 0));
      await checkPlaces(busted);
    }
    if (!shotTaken && (await inPlay()).length === 1) {
      await until('the final table\'s draw on the big screen', async () => clock.locator(q('clock-side')).isVisible());
      await screenshots();
      shotTaken = true;
    }
    await confirmAll();
    await closedTablets();
    await checks(busted);
    const s = await summary();
    log(`  ${s.players_left} left at ${s.tables} tables; ${stats.onTablet} instructions confirmed on tablets; ${stats.slips} moves`);
    return s;
  });

  // Table 1 loses three: balancing (HC-1.8 / TDA-11).
  await round('three out at table 1; the balancing moves confirmed on the tablets', () => [3]);
  // Then two at each table until a table breaks (TDA-10 / HC-1.8).
  for (let r = 0; r < 8; r++) {
    const tables = (await inPlay()).length;
    if (tables < 3) break;
    await round(`two out at each table (${r + 1})`, (tbs) => tbs.map(() => 2));
  }
  if ((await inPlay()).length !== 2) throw new Error('no table broke');
  // Down to the final table.
  for (let r = 0; r < 8; r++) {
    const s = await summary();
    if ((await inPlay()).length < 2) break;
    const over = s.players_left - 10;
    await round(`to the final table (${r + 1})`, (tbs) => tbs.map((tb, k) => Math.max(1, Math.floor(over / tbs.length) + (k === 0 ? over % tbs.length : 0))));
  }
  const finalTable = await step(`${profile}: the final table at a table in play, with its tablet`, 20_000, async () => {
    const tables = await inPlay();
    if (tables.length !== 1) throw new Error(`${tables.length} tables after the final table`);
    const t = tables[0].table;
    if (!tablets.has(t)) throw new Error(`the final table ${t} has no tablet`);
    await tablets.get(t).locator(card(t)).waitFor();
    return t;
  });

  // --- the final table, the deal, the winner -------------------------------------------------

  for (let r = 0; r < 10; r++) {
    const s = await summary();
    if (s.players_left <= 3) break;
    await round(`the final table: ${s.players_left > 5 ? 'to the money' : 'one out'} (${r + 1})`,
      () => [Math.max(1, Math.min(3, s.players_left - 5))]);
  }
  await step(`${profile}: three left hold for a deal, work it out and record it`, 40_000, async () => {
    await td.bringToFront();
    await td.locator(q('deal-hold')).click();
    await td.locator(`${q('deal-hold')}[data-state="held"]`).waitFor();
    // The hand in play ends; the table waits for the deal.
    await handOver(finalTable, 0);
    await until('the final table held', async () => !(await inPlay())[0].in_hand);
    await td.locator(q('deal-show')).click();
    await td.locator(q('deal-amount')).nth(2).waitFor();
    await td.locator(q('deal-fill-chop')).click();
    // The winner plays on for a part of the first prize: nothing here, every prize shared.
    await td.locator(q('deal-record')).click();
    await td.locator(q('deal')).waitFor({ state: 'hidden' });
    await standings.locator(q('deal-line')).waitFor();
    await until('the final table plays on after the deal', async () => (await inPlay())[0].in_hand);
    await checks();
  });
  for (let r = 0; r < 4; r++) {
    if ((await summary()).finished) break;
    await round(`after the deal: one out (${r + 1})`, () => [1]);
  }
  await step(`${profile}: the winner; every place and prize; the payout slips`, 30_000, async () => {
    const s = await summary();
    if (!s.finished) throw new Error('no winner');
    const rows = (await read(`/api/events/${event}/standings`)).rows;
    const places = rows.map((r) => r.place).sort((a, b) => a - b);
    if (places.join() !== Array.from({ length: PLAYERS }, (_, i) => i + 1).join()) throw new Error(`places ${places}`);
    for (const r of rows) await standings.locator(`${q('results-row')}[data-player="${r.player}"][data-place="${r.place}"]`).waitFor();
    const winner = rows.find((r) => r.place === 1);
    await clock.locator(`${q('last-out-line')}[data-place="1"]`).filter({ hasText: winner.name }).waitFor();
    await clock.locator(q('finished')).waitFor();
    const slips = await newPage(context, label('print-payouts'));
    await slips.goto(`${base}/print?event=${event}&sheet=payouts`);
    await slips.locator(q('payout-slip')).first().waitFor();
    const paid = rows.filter((r) => r.prize > 0).map((r) => `${r.place}:${r.prize}`).sort().join();
    const shown = (await slips.locator(q('payout-slip')).evaluateAll((xs) => xs.map((x) => `${x.dataset.place}:${x.dataset.prize}`))).sort().join();
    if (paid !== shown) throw new Error(`payout slips ${shown}, paid ${paid}`);
    await slips.pdf({ path: join(outDir, `night-${profile}-payouts.pdf`), format: 'A4' });
    await checks();
    if (de) await german();
    await slips.close();
  });
  const kinds = [...stats.kinds].sort().join(', ');
  log(`${profile}: ${stats.busts} busts, ${stats.onTablet} instructions confirmed on tablets (${kinds}), `
    + `${stats.tabletClosed} tablets closed, ${stats.slips} moves on the slips (${stats.pdfs} PDFs)`);
  for (const kind of ['move', 'final_table']) if (!stats.kinds.has(kind)) throw new Error(`${profile}: no ${kind} instruction`);
  if (!stats.tabletClosed) throw new Error(`${profile}: no broken table's tablet closed`);
  for (const c of [context, tabletContext]) await c.close();
}

try {
  for (const profile of PROFILES) await night(profile, profile === 'hc' ? 'de' : 'en');
  await checkEnd();
} catch (e) {
  failed = e;
} finally {
  clearTimeout(watchdog);
}

const status = await finish(failed);
await browser.close().catch(() => {});
process.exit(status);
