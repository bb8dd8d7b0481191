// german.mjs: no English from the server on a German page (issue 32 item 8), in headless
// Chromium (set up as e2e.mjs is).
//
//   NODE_PATH=<setup.sh's node_modules> node tools/browser/german.mjs ADDR TD_SECRET OUT_DIR
//
// A live HC night is brought to where the server says most (over the API): 30 guests on three
// tables, busts with tie cards (HC-1.3) and a winner named, a warning, the hands over, so that
// HC-1.8's balancing move is an instruction, every table waits for it and the audit log has its
// lines. Then the pages open in German (a de-DE browser): the TD console (with the audit log, the
// live tables' statuses, the instructions, and a refusal in the error box: "Undo a bust" for a
// player who is not out), table 3's tablet, the big screen, the standings, the seating; the move
// is confirmed and the print sheets (seat cards, table sheets, move slips, results) open too.
// Each page's visible text, without the guests' and the event's names, may hold none of the
// English words of english.mjs, which the server's English texts use and German never does. First the
// same check runs on the English console and must find them there: it can fail.
// Screenshots: german-td, german-tablet, german-clock.

import { harness, q } from './harness.mjs';
import { WORD, englishLines } from './english.mjs';

const { base, secret, log, newPage, shot, step, launch, checkEnd, finish, expectError } = harness('german.mjs');
const TOTAL_MS = 150_000;

async function api(method, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const browser = await launch();
let failed = null;
const watchdog = setTimeout(() => {
  console.error(`german: FAILED: the whole scenario took longer than ${TOTAL_MS / 1000} s`);
  process.exit(1);
}, TOTAL_MS);

try {
  const viewport = { width: 1400, height: 1000 };
  const { event, names } = await step('a live HC night over the API: busts, a warning, the hands over', 40_000, async () => {
    const templates = await api('GET', '/api/templates');
    const toml = templates.find((t) => t.name === 'hc').toml.replace('\nprofile', '\ntables = "live"\nprofile');
    const summary = await api('POST', '/api/events', { toml, seed: 17 }, secret);
    const e = summary.id;
    for (let i = 1; i <= 30; i++) await api('POST', `/api/events/${e}/register`, { name: `Guest ${i}` }, secret);
    await api('POST', `/api/events/${e}/start`, null, secret);
    const seating = await api('GET', `/api/events/${e}/seating`);
    const at = (t) => seating.tables.find((x) => x.table === t).seats.filter(Boolean);
    const [a, b, c] = at(1);
    // Both started with the starting stack: the tie cards they drew decide (HC-1.3).
    await api('POST', `/api/events/${e}/tables/1/report`, { type: 'hand_over', busts: [
      { player: a.player, by: [c.player], card: '2c' }, { player: b.player, by: [c.player], card: 'As' }] }, secret);
    const [d, f] = at(2);
    await api('POST', `/api/events/${e}/tables/2/report`, { type: 'hand_over', busts: [{ player: d.player, by: [f.player] }] }, secret);
    await api('POST', `/api/events/${e}/td`, { type: 'warn', player: f.player, reason: 'Karten vom Tisch' }, secret);
    await api('POST', `/api/events/${e}/tables/3/report`, { type: 'hand_over', busts: [] }, secret);
    const s = await api('GET', `/api/events/${e}`);
    if (!s.instructions.some((i) => i.kind === 'move')) throw new Error(`no balancing move: ${JSON.stringify(s.instructions)}`);
    const all = seating.tables.flatMap((x) => x.seats.filter(Boolean).map((p) => p.name));
    return { event: e, names: [s.name, ...all.sort((x, y) => y.length - x.length)] };
  });

  const tdUrl = `${base}/td?secret=${encodeURIComponent(secret)}&event=${event}`;
  const openTd = async (context, label) => {
    const page = await newPage(context, label);
    await page.goto(tdUrl);
    await page.locator(q('live-panel')).waitFor();
    await page.locator(`${q('instruction')}[data-kind="move"]`).first().waitFor();
    await page.locator(q('audit-line')).nth(6).waitFor();
    return page;
  };
  const refuse = async (page) => {
    expectError(/status of 4\d\d/);
    await page.locator(q('undo-bust-player')).fill('5');
    await page.locator(q('undo-bust')).click();
    await page.locator(q('error')).waitFor();
  };

  await step('control: the English console shows the server\'s English words', 30_000, async () => {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const td = await openTd(context, 'td-en');
    await refuse(td);
    const lines = await englishLines(td, names);
    const box = await td.locator(q('error-message')).textContent();
    const audit = await td.locator(q('audit-log')).innerText();
    if (!WORD.test(box) || !WORD.test(audit) || lines.length < 10) {
      throw new Error(`the check finds no English on the English console: ${lines.length} lines; "${box}"`);
    }
    await td.locator(q('error-close')).click();
  });

  const de = await browser.newContext({ viewport, locale: 'de-DE' });
  const pages = [];
  const check = async (page, label) => {
    const lines = await englishLines(page, names);
    if (lines.length) throw new Error(`English on the German ${label}:\n    ${lines.join('\n    ')}`);
    pages.push(label);
  };

  const td = await step('the German TD console: audit log, table statuses, instructions, a refusal', 30_000, async () => {
    const page = await openTd(de, 'td');
    await refuse(page);
    await shot(page, 'german-td', true);
    await check(page, 'TD console');
    const key = await page.locator(q('error-message')).getAttribute('data-key');
    if (!key) throw new Error('the refusal came without its key');
    // Every English text of the pages has its German one.
    const untranslated = await page.evaluate(async () => {
      const { KEYS } = await import('/ui/i18n.js');
      return KEYS.en.filter((k) => !KEYS.de.includes(k));
    });
    if (untranslated.length) throw new Error(`no German for: ${untranslated.join(', ')}`);
    await page.locator(q('error-close')).click();
    return page;
  });

  await step('the German tablet of table 3, the big screen, standings and seating', 40_000, async () => {
    const bound = await api('POST', `/api/events/${event}/tables/3/tablet`, {}, secret);
    const tablet = await newPage(de, 'tablet');
    await tablet.goto(`${base}/tablet?event=${event}&table=3&token=${encodeURIComponent(bound.token)}`);
    await tablet.locator(q('instruction')).first().waitFor();
    await shot(tablet, 'german-tablet');
    await check(tablet, 'tablet');
    const clock = await newPage(de, 'clock');
    await clock.goto(`${base}/clock?event=${event}`);
    await clock.locator(q('level')).waitFor();
    await clock.locator(`${q('instruction')}[data-kind="move"]`).first().waitFor();
    await shot(clock, 'german-clock');
    await check(clock, 'big screen');
    for (const [path, ready] of [['standings', 'standing-row'], ['seating', 'seating-table']]) {
      const page = await newPage(de, path);
      await page.goto(`${base}/${path}?event=${event}`);
      await page.locator(q(ready)).first().waitFor();
      await check(page, path);
    }
  });

  await step('the move confirmed; the German print sheets', 40_000, async () => {
    const s = await api('GET', `/api/events/${event}`);
    for (const i of s.instructions) {
      await api('POST', `/api/events/${event}/td`, { type: 'confirm', instruction: i.id }, secret);
    }
    for (const sheet of ['seats', 'tables', 'moves', 'results']) {
      const page = await newPage(de, `print-${sheet}`);
      await page.goto(`${base}/print?event=${event}&sheet=${sheet}`);
      await page.locator(q('sheet')).first().waitFor();
      if (sheet === 'moves') await page.locator(q('move-line')).first().waitFor();
      await check(page, `print sheet ${sheet}`);
    }
    await td.locator(`${q('instruction')}[data-kind="move"]`).waitFor({ state: 'detached' });
    await check(td, 'TD console after the move');
  });
  log(`no English from the server on: ${pages.join(', ')}`);
  await checkEnd();
} catch (e) {
  failed = e;
}
clearTimeout(watchdog);
const code = await finish(failed);
await browser.close();
process.exit(code);
