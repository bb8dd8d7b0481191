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

  const download = () => attempt(async () => {
    const file = await fetchFile();
    const a = h('a', { href: URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: 'application/json' })), download: fileName() });
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  });

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
    if (shown) {
      const { proof: p, wrong } = shown;
      lines.push(h('p', { class: wrong.length ? 'deck-bad' : 'deck-ok', 'data-testid': `${prefix}-deck-check`, 'data-ok': String(!wrong.length) },
        wrong.length ? t('deck_differs', { hand: p.hand }) : `✓ ${t('deck_checked', { hand: p.hand, cards: p.dealt.length })}`));
      for (const [k, args] of wrong) lines.push(h('p', { class: 'deck-bad' }, t(k, args)));
      for (const l of p.left_out) lines.push(h('p', { class: 'muted' }, t('deck_left_out', { seat: l.seat, why: t(`deck_why_${l.why}`) })));
    }
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
