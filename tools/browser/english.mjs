// english.mjs: the check that a German page shows no English word from the server (issue 32
// item 8), shared by german.mjs and night.mjs: the words the server's English texts use
// (statuses, refusals, audit lines, instructions, slips) and German never does.

import { sleep } from './harness.mjs';

// Words of the server's English texts that no German text has; whole words, any case.
export const ENGLISH = ['the', 'and', 'of', 'is', 'has', 'are', 'was', 'been', 'at', 'by', 'to', 'from', 'for',
  'with', 'not', 'no', 'its', 'their', 'it', 'table', 'tables', 'seat', 'seats', 'player', 'players',
  'move', 'moves', 'moved', 'broken', 'waiting', 'refused', 'balancing', 'balanced', 'instruction',
  'instructions', 'director', "director's", 'carried', 'out', 'over', 'drew', 'warn', 'reason',
  'registered', 'counted', 'undo', 'bust', 'cannot', 'already', 'nothing', 'late', 'break', 'breaks',
  'final', 'draw', 'cards', 'card', 'clock', 'stopped', 'paused', 'prize', 'place', 'places', 'finishes',
  'wins', 'new', 'alternate', 'when', 'one', 'each', 'every'];
// Not listed, as German says them too: hand, start, level, chips, entry (Re-Entry), deal, button.
export const WORD = new RegExp(`(^|[^\\p{L}'’])(${ENGLISH.map((w) => w.replace(/'/g, "['’]")).join('|')})(?=$|[^\\p{L}'’])`, 'iu');

/** The lines of a page's visible text with an English word, `names` (longest first) and
 * addresses left out, after `settle` ms for the page's last pushes. */
export async function englishLines(page, names, settle = 300) {
  if (settle) await sleep(settle);
  const text = await page.evaluate(() => document.body.innerText);
  return text.split('\n').map((line) => {
    // An address (a tablet link) is no text of either language.
    let rest = line.replace(/https?:\/\/\S+/g, ' ');
    for (const n of names) rest = rest.split(n).join(' ');
    const m = rest.match(WORD);
    return m ? `"${m[2]}" in: ${line.trim()}` : null;
  }).filter(Boolean);
}
