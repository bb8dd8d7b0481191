// harness.mjs: what the browser scenarios share: Chromium through playwright-core (found through
// NODE_PATH), pages whose errors are collected, bounded named steps, screenshots, and the end of
// a run (failure-*.png of every page, screenshots.txt). Every step is bounded; a step's
// timeout, a page error, a console error or an error box left showing fails the run.

import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // A container's /dev/shm may be 64 MiB: Chromium then fails loads with ERR_INSUFFICIENT_RESOURCES
  // and its pages crash (seen in CI). /tmp holds what it would put there.
  '--disable-dev-shm-usage'];

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const q = (testid) => `[data-testid="${testid}"]`;

/** The command line (ADDR TD_SECRET OUT_DIR) and a harness writing into OUT_DIR. */
export function harness(script) {
  const [addr, secret, outDir] = process.argv.slice(2);
  if (!addr || !secret || !outDir) {
    console.error(`usage: node ${script} HOST:PORT TD_SECRET OUT_DIR`);
    process.exit(2);
  }
  mkdirSync(outDir, { recursive: true });
  const started = Date.now();
  const secs = (t0 = started) => ((Date.now() - t0) / 1000).toFixed(1);
  const log = (msg) => console.log(`[${secs().padStart(6)}s] ${msg}`);
  const pages = []; // { label, page }
  const errors = []; // "label: what"
  const shots = [];
  // Console errors a step expects once (a refusal the page shows: its 4xx answer).
  const expected = [];
  const expectError = (re) => expected.push(re);

  function watch(label, page) {
    pages.push({ label, page });
    page.on('pageerror', (e) => errors.push(`${label}: uncaught page error: ${e.message}`));
    page.on('console', (m) => {
      const allowed = expected.findIndex((re) => re.test(m.text()));
      if (m.type() === 'error' && allowed >= 0) {
        expected.splice(allowed, 1);
      } else if (m.type() === 'error') {
        const at = m.location()?.url ? ` (${m.location().url})` : '';
        errors.push(`${label}: console error: ${m.text()}${at}`);
      }
    });
    page.on('crash', () => errors.push(`${label}: the page crashed`));
    // A page closed by its scenario is no longer checked at the end.
    page.on('close', () => pages.splice(pages.findIndex((p) => p.page === page), 1));
    return page;
  }

  async function newPage(context, label) {
    const page = watch(label, await context.newPage());
    page.setDefaultTimeout(20_000);
    return page;
  }

  function checkErrors(where) {
    if (errors.length) throw new Error(`errors in the browser (at "${where}"):\n  ${errors.join('\n  ')}`);
  }

  async function shot(page, name, fullPage = false) {
    const file = join(outDir, `${name}.png`);
    await page.screenshot({ path: file, fullPage });
    shots.push(file);
    log(`  screenshot ${file}`);
  }

  /** Runs fn as a named step bounded by ms; a browser error ends it at once. */
  async function step(name, ms, fn) {
    const t0 = Date.now();
    log(`${name} ...`);
    let timer;
    let poll;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s`)), ms);
      poll = setInterval(() => {
        try {
          checkErrors(name);
        } catch (e) {
          reject(e);
        }
      }, 200);
    });
    try {
      const result = await Promise.race([fn(), timeout]);
      checkErrors(name);
      log(`${name}: ok (${secs(t0)} s)`);
      return result;
    } catch (e) {
      throw new Error(`step "${name}" failed after ${secs(t0)} s: ${e.message}`);
    } finally {
      clearTimeout(timer);
      clearInterval(poll);
    }
  }

  /** The HTTP requests `page` makes in `ms` while nothing happens (its WebSocket frames are no
   *  requests): a page that polls makes some (issue 35: pushed, never polled). */
  async function idleRequests(page, ms) {
    const made = [];
    const seen = (r) => { if (r.resourceType() !== 'websocket') made.push(r.url()); };
    page.on('request', seen);
    await sleep(ms);
    page.off('request', seen);
    return made;
  }

  /** The text of the error box when it shows (a refusal from the server), else null. */
  async function errorBox(page) {
    const box = page.locator(q('error'));
    if (!(await box.isVisible())) return null;
    const code = await box.getAttribute('data-code');
    const message = await box.locator(q('error-message')).textContent();
    return `${message}${code ? ` (${code})` : ''}`;
  }

  async function launch() {
    let chromium;
    try {
      ({ chromium } = require('playwright-core'));
    } catch (e) {
      console.error(`${script}: playwright-core not found (${e.message}); run tools/browser/setup.sh and `
        + 'set NODE_PATH to the node_modules folder it prints');
      process.exit(2);
    }
    try {
      return await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    } catch (e) {
      console.error(`${script}: FAILED: cannot launch ${CHROMIUM} (run tools/browser/setup.sh): ${e.message}`);
      process.exit(1);
    }
  }

  /** After the scenario: no error box may be left showing. */
  async function checkEnd() {
    for (const { label, page } of pages) {
      const box = await errorBox(page);
      if (box) throw new Error(`${label} shows an error box at the end: ${box}`);
    }
    checkErrors('the end');
  }

  /** Reports a failure with every page's picture, lists the screenshots; the exit status. */
  async function finish(failed) {
    if (failed) {
      console.error(`${script}: FAILED: ${failed.message}`);
      if (errors.length && !failed.message.includes('errors in the browser')) {
        console.error(`errors in the browser:\n  ${errors.join('\n  ')}`);
      }
      for (const { label, page } of pages) {
        const name = `failure-${label.replace(/[^a-z0-9-]+/gi, '_')}`;
        try {
          const box = await errorBox(page);
          if (box) console.error(`  ${label} error box: ${box}`);
          await shot(page, name, true);
        } catch {
          // the page is gone; nothing to show
        }
      }
    }
    const list = join(outDir, 'screenshots.txt');
    writeFileSync(list, `${shots.join('\n')}\n`, { flag: 'a' });
    log(failed ? `${script}: failed` : `${script}: passed, ${shots.length} screenshots in ${outDir}`);
    return failed ? 1 : 0;
  }

  return {
    base: `http://${addr}`, secret, outDir, log, secs, newPage, checkErrors, shot, step, errorBox, launch, expectError,
    checkEnd, finish, idleRequests,
  };
}
