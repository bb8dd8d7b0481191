// live.mjs: the TD's flow at a live tournament night in headless Chromium (set up as e2e.mjs is).
//
//   NODE_PATH=<setup.sh's node_modules> node tools/browser/live.mjs ADDR TD_SECRET OUT_DIR
//
// The scenario (issue 17 item 8): the TD creates a live event under the HC profile (the `hc`
// template with `tables = "live"`) over the API and registers 30 players at the desk: three
// tables of ten. The TD console shows the live tables; the TD makes table 2's tablet link from
// its card and the tablet page opens with it; the big screen opens too. On the console the TD
// ticks two players of table 1 out with the tie cards they drew (HC-1.3) and reports the hand
// over; the audit log shows the cards, and every screen says that each table finishes its hand
// for the balancing (HC-1.8). Table 2's dealer calls one out on the tablet with who won the
// chips (the entries survive the clock's ticks and other tables' reports) and reports the hand
// over; table 3's is reported over from the console. The tables now differ by two: HC-1.8
// moves a player while every table waits and the timer stands, so the move shows on the
// console, on the big screen (with "Paused") and on table 2's tablet. The TD confirms it on the
// console; the big screen's clock runs again and the board is clear everywhere. Then a second
// event (TDA, twelve players) reaches its final table, and the TD enters the seat cards as they
// fell in the form under the draw's instruction (TDA-RP-9): the seating follows them. Last, the
// TD sets the first event's clock to a minute: table 2's tablet says to hold the dealer push
// (TDA-RP-7).
// Screenshots: live-td, live-clock, live-tablet, live-done. Every step is bounded (harness.mjs).

import { harness, q, sleep } from './harness.mjs';

const { base, secret, log, newPage, shot, step, launch, checkEnd, finish } = harness('live.mjs');
const TOTAL_MS = 150_000;

async function api(method, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const card = (table) => `${q('live-table')}[data-table="${table}"]`;
// Each player's token, by entry id: the moved player's own page.
const tokens = new Map();
let movedPlay = null;

const browser = await launch();
let failed = null;
const watchdog = setTimeout(() => {
  console.error(`live: FAILED: the whole scenario took longer than ${TOTAL_MS / 1000} s`);
  process.exit(1);
}, TOTAL_MS);

try {
  const viewport = { width: 1400, height: 1000 };
  const locale = 'en-US';
  const event = await step('TD creates a live HC event; the desk registers 30 players; start', 30_000, async () => {
    const templates = await api('GET', '/api/templates');
    const hc = templates.find((t) => t.name === 'hc').toml;
    const toml = hc.replace('\nprofile', '\ntables = "live"\nprofile');
    if (!toml.includes('tables = "live"')) throw new Error('the hc template has no profile line');
    const summary = await api('POST', '/api/events', { toml, seed: 17 }, secret);
    for (let i = 1; i <= 30; i++) {
      const reg = await api('POST', `/api/events/${summary.id}/register`, { name: `Guest ${i}` }, secret);
      tokens.set(reg.player, reg.token);
    }
    await api('POST', `/api/events/${summary.id}/start`, null, secret);
    return summary.id;
  });

  const td = await step('the TD console shows three live tables in play', 30_000, async () => {
    const context = await browser.newContext({ viewport, locale });
    const page = await newPage(context, 'td');
    await page.goto(`${base}/td?secret=${encodeURIComponent(secret)}&event=${event}`);
    await page.locator(q('live-panel')).waitFor();
    for (const t of [1, 2, 3]) await page.locator(`${card(t)}[data-in-hand="true"]`).waitFor();
    return page;
  });

  const tablet = await step('table 2\'s tablet link is made on the console and opened', 30_000, async () => {
    await td.locator(`${card(2)} ${q('tablet-bind')}`).click();
    const link = td.locator(`${card(2)} ${q('tablet-url')}`);
    await link.waitFor();
    const url = await link.getAttribute('href');
    if (!/\/tablet\?event=\d+&table=2&token=/.test(url)) throw new Error(`tablet link ${url}`);
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 }, locale });
    const page = await newPage(context, 'tablet');
    await page.goto(url);
    await page.locator(`${card(2)}[data-in-hand="true"]`).waitFor();
    const title = await page.locator(q('tablet-title')).textContent();
    if (!/Table 2/.test(title)) throw new Error(`tablet title "${title}"`);
    return page;
  });

  const clock = await step('the big screen opens', 20_000, async () => {
    const context = await browser.newContext({ viewport, locale });
    const page = await newPage(context, 'clock');
    await page.goto(`${base}/clock?event=${event}`);
    await page.locator(q('level')).waitFor();
    return page;
  });

  await step('table 1: two out, hand over (console); table 2: one out (tablet); table 3 over (console)', 30_000, async () => {
    const outs = td.locator(`${card(1)} ${q('live-out')}`);
    await outs.nth(0).check();
    await outs.nth(1).check();
    // Both started the hand with 300: the tie cards they drew at the table decide (HC-1.3).
    const cards = td.locator(`${card(1)} ${q('live-card')}`);
    await cards.nth(0).fill('2c');
    await cards.nth(1).fill('As');
    await td.locator(`${card(1)} ${q('hand-over')}`).click();
    await td.locator(`${card(1)}[data-in-hand="false"]`).waitFor();
    await td.locator(q('audit-line')).filter({ hasText: 'drew As, HC-1.3' }).waitFor();
    // HC-1.8: every table is told to finish its hand, the buttons stay, balancing comes.
    const balancing = `${q('notice')}[data-kind="balancing"]`;
    for (const page of [td, clock, tablet]) await page.locator(balancing).waitFor();
    // Table 2's dealer calls one out on the tablet, and who won the chips; the entries stay
    // while the clock ticks and other tables report.
    await tablet.locator(`${card(2)} ${q('live-out')}`).first().check();
    const by = tablet.locator(`${card(2)} ${q('live-by')}`).first();
    const winner = await by.locator('option').nth(1).getAttribute('value');
    await by.selectOption(winner);
    await sleep(1500);
    if (!(await tablet.locator(`${card(2)} ${q('live-out')}`).first().isChecked())) {
      throw new Error('the tablet lost the tick');
    }
    if ((await by.inputValue()) !== winner) throw new Error('the tablet lost who won the chips');
    await tablet.locator(`${card(2)} ${q('hand-over')}`).click();
    await td.locator(`${card(2)}[data-in-hand="false"]`).waitFor();
    await td.locator(`${card(3)} ${q('hand-over')}`).click();
  });

  await step('HC-1.8: the move shows on the console, the big screen and the tablet; the clock stands', 30_000, async () => {
    const move = `${q('instruction')}[data-kind="move"]`;
    await td.locator(move).first().waitFor();
    const text = await td.locator(move).first().textContent();
    if (!/^\d+\. Move .+ from table \d seat \d+ to table 1 seat \d+: .*\(HC-1\.8\)/.test(text)) {
      throw new Error(`console instruction "${text}"`);
    }
    await clock.locator(move).first().waitFor();
    await clock.locator(q('paused')).waitFor();
    await tablet.locator(q('instruction')).first().waitFor();
    for (const t of [1, 2, 3]) {
      const wait = await td.locator(`${card(t)} ${q('live-wait')}`).textContent();
      if (!/waiting for the director/.test(wait)) throw new Error(`table ${t}: "${wait}"`);
    }
    await td.evaluate(() => {
      const panel = document.querySelector('[data-testid="live-panel"]');
      window.scrollTo(0, panel.getBoundingClientRect().top + window.scrollY - 56);
    });
    await shot(td, 'live-td');
    await shot(clock, 'live-clock');
    await shot(tablet, 'live-tablet');
    // The moved player's phone says where to go until the move is done.
    const summary = await api('GET', `/api/events/${event}`);
    const moved = summary.instructions.find((i) => i.kind === 'move');
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale, isMobile: true, hasTouch: true });
    const play = await newPage(phone, 'play');
    await play.goto(`${base}/play?event=${event}&token=${tokens.get(moved.player)}`);
    const notice = play.locator(q('my-move'));
    await notice.waitFor();
    const said = await notice.textContent();
    if (!said.startsWith('You are moved:') || !said.includes('to table 1 seat')) throw new Error(`the phone says "${said}"`);
    await shot(play, 'live-play-moved');
    movedPlay = play;
  });

  await step('the TD confirms it: the clock runs again, the tables play, the board is clear', 30_000, async () => {
    for (let i = 0; i < 20; i++) {
      const done = td.locator(q('instruction-done'));
      if ((await done.count()) === 0) break;
      await done.first().click();
      await sleep(300);
    }
    await clock.locator(q('paused')).waitFor({ state: 'hidden' });
    await clock.locator(q('instructions')).waitFor({ state: 'hidden' });
    await clock.locator(q('notices')).waitFor({ state: 'hidden' });
    if (await tablet.locator(q('instruction')).count()) throw new Error('the tablet still shows an instruction');
    await movedPlay.locator(q('my-move')).waitFor({ state: 'hidden' });
    for (const t of [1, 2, 3]) await td.locator(`${card(t)}[data-in-hand="true"]`).waitFor();
    await shot(td, 'live-done');
  });

  await step('table 3 gets a dealer tablet that follows every hand: it deals the director\'s hand', 30_000, async () => {
    await td.locator(`${card(3)} ${q('tablet-track')}`).click();
    const link = td.locator(`${card(3)} ${q('tablet-url')}`);
    await link.waitFor();
    const url = await link.getAttribute('href');
    if (!/\/dealer\?table=\d+&token=/.test(url)) throw new Error(`dealer link ${url}`);
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 }, locale });
    const page = await newPage(context, 'dealer');
    await page.goto(url);
    await page.locator(`${q('waiting')}[data-kind="act"]`).waitFor();
    const seating = await api('GET', `/api/events/${event}/seating`);
    const three = seating.tables.find((t) => t.table === 3);
    const rows = await page.locator(q('player-row')).count();
    if (rows !== three.seats.filter(Boolean).length) throw new Error(`${rows} players dealt at table 3`);
    const view = await api('GET', `/api/floor/${new URL(url).searchParams.get('table')}`);
    if (view.button_seat !== three.button || view.tracking?.table !== 3) {
      throw new Error(`the tablet's button ${view.button_seat}, the director's ${three.button}`);
    }
    await shot(page, 'live-dealer-tablet');
  });

  await step('TDA-RP-9: a second event reaches its final table; the seat cards are entered as they fell', 40_000, async () => {
    const templates = await api('GET', '/api/templates');
    const toml = templates.find((t) => t.name === 'deepstack').toml.replace('\nprofile', '\ntables = "live"\nprofile');
    const second = await api('POST', '/api/events', { toml, seed: 9 }, secret);
    for (let i = 1; i <= 12; i++) {
      await api('POST', `/api/events/${second.id}/register`, { name: `Late ${i}` }, secret);
    }
    await api('POST', `/api/events/${second.id}/start`, null, secret);
    await td.goto(`${base}/td?event=${second.id}`);
    await td.locator(`${card(1)}[data-in-hand="true"]`).waitFor();
    await td.locator(`${card(2)}[data-in-hand="true"]`).waitFor();
    const seating = await api('GET', `/api/events/${second.id}/seating`);
    const first = seating.tables[0].seats.filter(Boolean).map((s) => s.player);
    const busts = first.slice(0, 3).map((player) => ({ player, by: [first[3]] }));
    await api('POST', `/api/events/${second.id}/td`, { type: 'hand_over', table: 1, busts }, secret);
    await api('POST', `/api/events/${second.id}/td`, { type: 'hand_over', table: 2 }, secret);
    const draw = td.locator(`${q('instruction')}[data-kind="final_table"]`);
    await draw.waitFor();
    await draw.locator(`${q('seat-cards')} summary`).click();
    const inputs = draw.locator(q('seat-card'));
    const n = await inputs.count();
    if (n !== 9) throw new Error(`${n} seat cards for a final table of nine`);
    const players = [];
    for (let i = 0; i < n; i++) {
      players.push(Number(await inputs.nth(i).getAttribute('data-player')));
      await inputs.nth(i).fill(String(n - i));
    }
    await draw.locator(q('seat-cards-submit')).click();
    const finalTable = (await api('GET', `/api/events/${second.id}`)).instructions
      .find((i) => i.kind === 'final_table').tables[0];
    for (let k = 0; k < 50; k++) {
      const now = await api('GET', `/api/events/${second.id}/seating`);
      const seats = now.tables.find((t) => t.table === finalTable).seats.map((s) => s?.player ?? null);
      if (players.every((p, i) => seats[n - i - 1] === p)) return;
      await sleep(100);
    }
    throw new Error('the final table is not seated as the cards fell');
  });

  await step('TDA-RP-7: a minute before the level ends the tablet tells the dealer to hold the push', 20_000, async () => {
    const line = tablet.locator(q('hold-push'));
    if (await line.isVisible()) throw new Error('the hold-push line shows with the level far from its end');
    await api('POST', `/api/events/${event}/td`, { type: 'set_clock', remaining_ms: 60_000 }, secret);
    await line.waitFor({ state: 'visible' });
    const text = await line.textContent();
    if (!/TDA-RP-7/.test(text)) throw new Error(`hold-push line "${text}"`);
  });

  await checkEnd();
} catch (e) {
  failed = e;
} finally {
  clearTimeout(watchdog);
}

const status = await finish(failed);
await browser.close().catch(() => {});
process.exit(status);
