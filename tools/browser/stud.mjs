// stud.mjs: a seven card stud table in headless Chromium (set up as e2e.mjs is).
//
//   NODE_PATH=<setup.sh's node_modules> node tools/browser/stud.mjs ADDR TD_SECRET OUT_DIR
//
// The scenario: the TD creates a stud event over the API (the server tests' fixture
// crates/server/tests/fixtures/stud.toml), three people open /play with their tokens and the
// event starts. On third street each page shows the other seats' cards in a row, two backs and
// the up card (TDA-RP-10), and the viewer's own down cards face up but marked down; the page of
// the lowest up card (by suit, clubs lowest) offers "Bring in 10" and "Complete to 20" and no
// check, call or fold; the bring-in is clicked and every page marks that seat; the next person
// completes, the others call, and fourth street adds an up card to every seat. No board is drawn.
// The names in German are checked too. Screenshots: stud-bring-in, stud-opponent, stud-fourth,
// stud-de. Every step is bounded (harness.mjs).

import { readFileSync } from 'node:fs';
import { harness, q, sleep } from './harness.mjs';

const { base, secret, log, newPage, shot, step, launch, checkEnd, finish } = harness('stud.mjs');
const TOTAL_MS = 120_000;
const PEOPLE = ['Ann', 'Bob', 'Cy'];
const TOML = readFileSync(new URL('../../crates/server/tests/fixtures/stud.toml', import.meta.url), 'utf8');
const CARD = /^[2-9TJQKA][cdhs]$/;

async function api(method, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Each seat's cards on a page: { seat: [{ card, face, down }] }, the viewer's own included. */
function seatCards(page) {
  return page.evaluate(() => {
    const out = {};
    for (const seat of document.querySelectorAll('[data-testid="seat"][data-player]')) {
      const row = seat.querySelector('[data-testid="seat-cards"], [data-testid="hole-cards"]');
      out[seat.dataset.seat] = row
        ? [...row.querySelectorAll('.card')].map((c) => ({
          card: c.dataset.card, face: c.dataset.face, down: c.classList.contains('down'),
        }))
        : [];
    }
    return out;
  });
}

/** Order for the bring-in: rank, then suit, clubs lowest (TDA-RP-10). */
const lowOrder = (card) => '23456789TJQKA'.indexOf(card[0]) * 4 + 'cdhs'.indexOf(card[1]);

/** Checks one page's seats on a street where each hand holds `n` cards, `up` of them up. */
async function checkSeats(p, n, upCount) {
  const seats = await seatCards(p.page);
  for (const [seat, cards] of Object.entries(seats)) {
    if (cards.length !== n) throw new Error(`${p.name}: seat ${seat} shows ${cards.length} cards, not ${n}`);
    const up = cards.filter((c) => c.face === 'up');
    if (up.length !== upCount || !up.every((c) => CARD.test(c.card))) {
      throw new Error(`${p.name}: seat ${seat}'s up cards ${JSON.stringify(cards)}`);
    }
    if (Number(seat) === p.seat) {
      if (!cards.every((c) => CARD.test(c.card))) throw new Error(`${p.name}: own cards ${JSON.stringify(cards)}`);
      if (!cards.filter((c) => c.face === 'down').every((c) => c.down)) {
        throw new Error(`${p.name}: own down cards not marked down ${JSON.stringify(cards)}`);
      }
    } else if (cards.some((c) => c.face === 'down' && c.card)) {
      throw new Error(`${p.name} sees seat ${seat}'s down card: ${JSON.stringify(cards)}`);
    }
  }
  if (await p.page.locator(q('board')).count()) throw new Error(`${p.name}: a board is drawn in stud`);
  return seats;
}

const browser = await launch();
let failed = null;
const watchdog = setTimeout(() => {
  console.error(`stud: FAILED: the whole scenario took longer than ${TOTAL_MS / 1000} s`);
  process.exit(1);
}, TOTAL_MS);

try {
  const viewport = { width: 1280, height: 860 };
  const locale = 'en-US';
  const { event, people } = await step('TD creates a stud event; three people register', 20_000, async () => {
    const summary = await api('POST', '/api/events', { toml: TOML, seed: 5 }, secret);
    const people = [];
    for (const name of PEOPLE) {
      // The fixture's registration is not public: the TD registers them.
      const reg = await api('POST', `/api/events/${summary.id}/register`, { name }, secret);
      people.push({ name, token: reg.token, player: reg.player });
    }
    return { event: summary.id, people };
  });
  log(`event ${event}`);

  await step('each person opens /play; the TD starts; third street is dealt', 40_000, async () => {
    for (const p of people) {
      const context = await browser.newContext({ viewport, locale });
      p.page = await newPage(context, `stud-${p.name}`);
      await p.page.goto(`${base}/play?event=${event}&token=${encodeURIComponent(p.token)}`);
      await p.page.locator(q('my-status')).waitFor();
    }
    // Everyone's page is open (present, TDA-30) before the first hand.
    await sleep(300);
    await api('POST', `/api/events/${event}/start`, null, secret);
    for (const p of people) {
      await p.page.locator(`${q('hand-info')}[data-street="third"][data-game="stud"]`).waitFor();
      await p.page.locator(q('hole-cards')).waitFor();
      const me = await api('GET', `/api/events/${event}/me`, null, p.token);
      p.seat = me.table.you.seat;
    }
  });

  const low = await step('every page: other seats two backs and the up card, own down cards marked', 20_000, async () => {
    let seats = null;
    for (const p of people) seats = await checkSeats(p, 3, 1);
    const info = await people[0].page.locator(q('hand-info')).textContent();
    if (!/3rd street/.test(info) || !/Seven Card Stud/.test(info)) throw new Error(`hand info "${info}"`);
    const upCard = (seat) => seats[seat].find((c) => c.face === 'up').card;
    const lowSeat = Object.keys(seats).map(Number).sort((a, b) => lowOrder(upCard(a)) - lowOrder(upCard(b)))[0];
    log(`  up cards ${Object.keys(seats).map((s) => `${s}:${upCard(s)}`).join(' ')}; seat ${lowSeat} brings in`);
    return people.find((p) => p.seat === lowSeat);
  });

  await step('the low card is offered "Bring in 10" and "Complete to 20", nothing else', 20_000, async () => {
    const page = low.page;
    await page.locator(q('your-turn')).waitFor();
    const bringIn = page.locator(q('bring-in'));
    await bringIn.waitFor();
    if ((await bringIn.getAttribute('data-amount')) !== '10') throw new Error('the bring-in is not 10');
    if (!/Bring in 10/.test(await bringIn.textContent())) throw new Error(`bring-in says "${await bringIn.textContent()}"`);
    const raise = page.locator(q('raise'));
    if ((await raise.getAttribute('data-kind')) !== 'complete' || !/Complete to 20/.test(await raise.textContent())) {
      throw new Error(`the bet button says "${await raise.textContent()}"`);
    }
    for (const id of ['check', 'call', 'fold']) {
      if (await page.locator(q(id)).isVisible()) throw new Error(`${id} is offered while the bring-in is due (TDA-RP-10E)`);
    }
    await shot(page, 'stud-bring-in');
  });

  await step('German: "3. Straße", "Bring-In 10", "Komplettieren auf 20"', 15_000, async () => {
    const page = low.page;
    await page.locator(q('lang-de')).click();
    await page.locator(q('hand-info')).filter({ hasText: '3. Straße' }).waitFor();
    await page.locator(q('bring-in')).filter({ hasText: 'Bring-In 10' }).waitFor();
    await page.locator(q('raise')).filter({ hasText: 'Komplettieren auf 20' }).waitFor();
    await shot(page, 'stud-de');
    await page.locator(q('lang-en')).click();
    await page.locator(q('hand-info')).filter({ hasText: '3rd street' }).waitFor();
  });

  await step('the bring-in is clicked; every page marks the seat and says it', 15_000, async () => {
    await low.page.locator(q('bring-in')).click();
    for (const p of people) {
      await p.page.locator(`${q('seat')}[data-seat="${low.seat}"] ${q('bring-in-marker')}`).waitFor();
      await p.page.locator(`${q('announcement')}[data-kind="brings_in"]`).waitFor();
    }
    const other = people.find((p) => p !== low);
    await shot(other.page, 'stud-opponent');
  });

  await step('the next completes to 20, the others call: fourth street, two up cards a seat', 40_000, async () => {
    const turn = async () => {
      for (let i = 0; i < 100; i++) {
        for (const p of people) if (await p.page.locator(q('your-turn')).isVisible()) return p;
        await sleep(100);
      }
      return null;
    };
    const next = await turn();
    const raise = next.page.locator(q('raise'));
    if ((await raise.getAttribute('data-kind')) !== 'complete') throw new Error('no completion offered');
    await raise.click();
    await next.page.locator(q('your-turn')).waitFor({ state: 'detached' });
    // The third player, then the bring-in facing the completion, call.
    for (let calls = 0; calls < 2; calls++) {
      const p = await turn();
      if (!p) throw new Error('nobody is to act');
      await p.page.locator(q('call')).click();
      // Done when the turn passes, or fourth street opens (it may open with this player).
      await p.page.waitForFunction(() => !document.querySelector('[data-testid="your-turn"]')
        || document.querySelector('[data-testid="hand-info"]').dataset.street === 'fourth');
    }
    for (const p of people) {
      await p.page.locator(`${q('hand-info')}[data-street="fourth"]`).waitFor();
      await p.page.locator(`${q('announcement')}[data-kind="completes"]`).waitFor();
      await p.page.locator(`${q('announcement')}[data-kind="street_fourth"]`).waitFor();
      await checkSeats(p, 4, 2);
    }
    await shot(people[0].page, 'stud-fourth');
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
