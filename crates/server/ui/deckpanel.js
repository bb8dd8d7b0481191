// Issue 37: decks anyone can check, on a player's page (the cash guest's, the tournament
// player's). The next hand's commitment is shown before its deal and this browser adds its
// own random value to it; once a hand is over, its proof is checked here (docs/decks.md) and
// the table's proof file can be taken away for `croupier verify`.
// Test ids (with the page's prefix): {p}-deck-commitment (data-commitment), {p}-deck-check
// (data-ok), {p}-deck-download.

import { h, attempt } from './dom.js';
import { t } from './i18n.js';
import { check, hex } from './deckcheck.js';

/**
 * A panel in `box`. `sendValue(hand, value)` posts this browser's value; `fetchFile()` gets the
 * table's proof file; `fileName` names it when saved; `rerender()` draws the page again once a
 * fetched proof is checked.
 */
export function deckPanel({ box, prefix, sendValue, fetchFile, fileName, rerender }) {
  const valuesSent = new Set();
  const checks = new Map();
  const fetched = new Set();

  const download = () => attempt(async () => save(await fetchFile(), fileName()));

  /**
   * `table`: the table's key; `hand`: the hand on screen (number, street, commitment);
   * `c`: the next hand's commitment; `mySeat`: the viewer's seat; `proof`: the proof of the
   * hand on screen once it is over, when the view carries it.
   */
  function render({ table, hand, c, mySeat, proof }) {
    const live = hand && hand.street !== 'over';
    const sendKey = c ? `${table}:${c.hand}` : null;
    // One value a seat: none when the table shows ours in already (a page loaded again), and
    // a refusal is not tried again (only a network failure is).
    if (c && mySeat && !valuesSent.has(sendKey) && !c.values_from.includes(mySeat)) {
      valuesSent.add(sendKey);
      sendValue(c.hand, hex(crypto.getRandomValues(new Uint8Array(32))))
        .catch((e) => { if (!e?.status) valuesSent.delete(sendKey); });
    }
    const lines = [];
    if (hand && !live && proof) {
      const key = `${table}:${hand.number}`;
      if (!checks.has(key)) {
        if (checks.size > 20) checks.clear();
        checks.set(key, { proof, wrong: check(proof) });
      }
    }
    // A page that came after the last hand was over fetches its proof to check it.
    const before = hand && live ? `${table}:${hand.number - 1}` : null;
    if (before && mySeat && hand.number > 1 && !checks.has(before) && !fetched.has(before)) {
      fetched.add(before);
      fetchFile().then((file) => {
        const found = file.hands.find((p) => p.hand === hand.number - 1);
        if (found) {
          checks.set(before, { proof: found, wrong: check(found) });
          rerender();
        }
      }).catch(() => {});
    }
    // The last hand checked stays in sight while the next is played.
    const shown = hand && checks.get(`${table}:${live ? hand.number - 1 : hand.number}`);
    if (shown) lines.push(...checkLines(shown, `${prefix}-deck-check`));
    if (hand && live && hand.commitment) {
      lines.push(h('p', { class: 'muted' }, t('deck_committed', { hand: hand.number, c: hand.commitment.slice(0, 12) })));
    }
    if (shown) lines.push(h('button', { class: 'btn', 'data-testid': `${prefix}-deck-download`, onclick: download }, t('deck_download')));
    if (c && !live) {
      const yours = mySeat && c.values_from.includes(mySeat) ? ` · ${t('deck_yours_in')}` : '';
      const from = c.values_from.length ? ` · ${t('deck_values', { seats: c.values_from.join(', ') })}` : '';
      lines.push(h('p', { class: 'muted', 'data-testid': `${prefix}-deck-commitment`, 'data-commitment': c.commitment },
        t('deck_committed', { hand: c.hand, c: c.commitment.slice(0, 12) }) + from + yours));
    }
    box.hidden = !lines.length;
    box.replaceChildren(...lines);
  }

  return { render };
}

/** Saves a proof file on this device, for `croupier verify`. */
function save(file, name) {
  const a = h('a', { href: URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: 'application/json' })), download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** The lines that say how a hand's proof checked: `wrong` as `check` gives it. */
function checkLines({ proof: p, wrong }, testid) {
  const lines = [h('p', { class: wrong.length ? 'deck-bad' : 'deck-ok', 'data-testid': testid, 'data-ok': String(!wrong.length) },
    wrong.length ? t('deck_differs', { hand: p.hand }) : `✓ ${t('deck_checked', { hand: p.hand, cards: p.dealt.length })}`)];
  for (const [k, args] of wrong) lines.push(h('p', { class: 'deck-bad' }, t(k, args)));
  for (const l of p.left_out) lines.push(h('p', { class: 'muted' }, t('deck_left_out', { seat: l.seat, why: t(`deck_why_${l.why}`) })));
  return lines;
}

/**
 * The last hand at a table the player left (busted, moved, stood up): the hand that ended their
 * stay is over only as they leave, so its proof is fetched then and checked here, in `box`,
 * outside the table's own panel. Test ids: {p}-deck-left (data-table), {p}-deck-left-check
 * (data-ok), {p}-deck-left-download.
 */
export function leftTablePanel({ box, prefix }) {
  let shown = null;
  let asked = 0;

  /** `table` as the player knows it (its number); `fetchFile()` gets its proof file. */
  function left(table, fetchFile, fileName) {
    const ask = ++asked;
    fetchFile().then((file) => {
      const newest = file.hands.reduce((a, p) => (!a || p.hand > a.hand ? p : a), null);
      if (!newest || ask !== asked) return;
      shown = { table, proof: newest, wrong: check(newest), file, fileName };
      render();
    }).catch(() => {});
  }

  function render() {
    box.hidden = !shown;
    if (!shown) return;
    const { file, fileName } = shown;
    box.dataset.table = String(shown.table);
    box.replaceChildren(
      h('h3', {}, t('deck_left_table', { table: shown.table })),
      ...checkLines(shown, `${prefix}-deck-left-check`),
      h('button', { class: 'btn', 'data-testid': `${prefix}-deck-left-download`, onclick: () => save(file, fileName) }, t('deck_download')),
    );
  }

  return { left, render };
}
