// actions.js: the action bar from `you.legal`: fold, check or call the exact amount, bet or raise
// to an amount within min_to..max_to (slider and number, presets), and the keyboard. Stud: the
// bring-in, "complete to" on the bet button while the bring-in stands, a ring game's big bet on
// fourth street with an open pair (TDA-RP-10).
// Test ids: action-bar, bring-in (data-amount), fold, check, call (data-amount), raise (data-to,
// data-kind), raise-to, raise-slider, preset-min, preset-half, preset-pot, preset-allin, big-bet
// (data-to), action-keys.

import { h, fmtChips } from './dom.js';
import { t } from './i18n.js';

const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const POTS_INCLUDE_BETS = true;

/** act(hand, action) sends an action and returns a promise; the bar is disabled meanwhile. */
export function actionBar({ act }) {
  let table = null;
  let legal = null;
  let key = '';
  let busy = false;

  const btn = (cls, testid, onclick) => h('button', { type: 'button', class: `btn ${cls}`, testid, onclick });
  const fold = btn('fold', 'fold', () => send({ type: 'fold' }));
  const check = btn('check', 'check', () => send({ type: 'check' }));
  const call = btn('call', 'call', () => send({ type: 'call' }));
  const raise = btn('raise', 'raise', () => doRaise());
  const bringIn = btn('bring-in', 'bring-in', () => send({ type: 'bring_in' }));
  const bigBet = btn('raise big-bet', 'big-bet', () => send({ type: 'bet_or_raise', to: legal.big_bet_to }));
  const input = h('input', { type: 'number', class: 'raise-input', testid: 'raise-to', inputmode: 'numeric', step: '1' });
  const slider = h('input', { type: 'range', class: 'raise-slider', testid: 'raise-slider', step: '1' });
  const preset = (name, to) => btn('preset', `preset-${name}`, () => setTo(to()));
  const presets = h('div', { class: 'presets' },
    preset('min', () => legal.min_to),
    preset('half', () => potTo(0.5)),
    preset('pot', () => potTo(1)),
    preset('allin', () => legal.max_to));
  const amountRow = h('div', { class: 'raise-row' }, slider, input);
  const raiseBox = h('div', { class: 'raise-box' }, presets, amountRow, raise, bigBet);
  const keys = h('div', { class: 'keys muted', testid: 'action-keys' });
  const root = h('div', { class: 'action-bar', testid: 'action-bar', hidden: true },
    h('div', { class: 'main-actions' }, bringIn, fold, check, call), raiseBox, keys);

  const clamp = (v) => {
    const n = Math.round(Number(v));
    if (!Number.isFinite(n)) return legal.min_to;
    return Math.min(legal.max_to, Math.max(legal.min_to, n));
  };

  // A pot-sized raise: call, then raise by the pot as it then is (everything in the middle and
  // in front, and the call). The server's pots already hold the bets in front (the engine's
  // side pots are built from all contributions).
  function potTo(fraction) {
    const seats = table.seats.filter(Boolean);
    const inFront = POTS_INCLUDE_BETS ? 0 : sum(seats.map((s) => s.bet));
    const pot = sum((table.hand?.pots || []).map((p) => p.amount)) + inFront + (legal.call ?? 0);
    const base = legal.call_to ?? Math.max(0, ...seats.map((s) => s.bet));
    return clamp(base + Math.floor(pot * fraction));
  }

  function label() {
    if (legal?.min_to == null) return;
    const to = clamp(input.value);
    const k = { bet: 'bet_amount', complete: 'complete_to' }[legal.raise_kind] ?? 'raise_to';
    const mine = table?.seats.find((s) => s && s.seat === table.you?.seat);
    const allIn = mine ? to === mine.bet + mine.stack : to === legal.max_to;
    raise.textContent = t(k, { amount: fmtChips(to) }) + (allIn ? ` · ${t('all_in')}` : '');
    raise.dataset.to = to;
    raise.dataset.kind = legal.raise_kind;
  }

  function setTo(v) {
    const to = clamp(v);
    input.value = to;
    slider.value = to;
    label();
  }

  function setDisabled(d) {
    for (const b of root.querySelectorAll('button, input')) b.disabled = d;
  }

  function send(action) {
    if (busy || !legal) return;
    busy = true;
    setDisabled(true);
    Promise.resolve(act(legal.hand, action)).finally(() => {
      busy = false;
      setDisabled(false);
    });
  }

  function doRaise() {
    if (!legal || legal.min_to == null) return;
    setTo(input.value);
    send({ type: 'bet_or_raise', to: clamp(input.value) });
  }

  slider.addEventListener('input', () => setTo(slider.value));
  input.addEventListener('input', () => {
    if (input.value !== '') slider.value = clamp(input.value);
    label();
  });
  input.addEventListener('change', () => setTo(input.value));

  document.addEventListener('keydown', (ev) => {
    if (root.hidden || busy || !legal || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const target = ev.target;
    if ((target === input || target === slider) && ev.key === 'Enter') {
      ev.preventDefault();
      doRaise();
      return;
    }
    const typing = target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
      || (target instanceof HTMLInputElement && target !== slider);
    if (typing) return;
    const k = ev.key.toLowerCase();
    if (k === 'b' && legal.bring_in != null) send({ type: 'bring_in' });
    else if (k === 'f' && legal.fold) send({ type: 'fold' });
    else if (k === 'c' && legal.check) send({ type: 'check' });
    else if (k === 'c' && legal.call != null) send({ type: 'call' });
    else if (k === 'r' && legal.min_to != null) {
      ev.preventDefault();
      input.focus();
      input.select();
    } else return;
  });

  /** Shows the bar for a TableView whose `you.legal` is set, hides it otherwise. */
  function update(tv) {
    table = tv;
    legal = tv?.you?.legal ?? null;
    root.hidden = !legal;
    if (!legal) {
      key = '';
      return;
    }
    const mine = tv.seats.find((s) => s && s.seat === tv.you.seat);
    bringIn.hidden = legal.bring_in == null;
    if (legal.bring_in != null) {
      const allIn = mine && legal.bring_in >= mine.stack;
      bringIn.textContent = t('bring_in_amount', { amount: fmtChips(legal.bring_in) }) + (allIn ? ` · ${t('all_in')}` : '');
      bringIn.dataset.amount = legal.bring_in;
    }
    bigBet.hidden = legal.big_bet_to == null;
    if (legal.big_bet_to != null) {
      bigBet.textContent = t('big_bet_amount', { amount: fmtChips(legal.big_bet_to) });
      bigBet.dataset.to = legal.big_bet_to;
    }
    fold.hidden = !legal.fold;
    fold.textContent = t('fold');
    check.hidden = !legal.check;
    check.textContent = t('check');
    call.hidden = legal.check || legal.call == null;
    if (legal.call != null) {
      const allIn = mine && legal.call >= mine.stack;
      call.textContent = t('call_amount', { amount: fmtChips(legal.call) }) + (allIn ? ` · ${t('all_in')}` : '');
      call.dataset.amount = legal.call;
    }
    const canRaise = legal.min_to != null && legal.max_to != null;
    raiseBox.hidden = !canRaise;
    if (canRaise) {
      for (const el of [slider, input]) {
        el.min = legal.min_to;
        el.max = legal.max_to;
      }
      const only = legal.min_to === legal.max_to;
      presets.hidden = only;
      amountRow.hidden = only;
      const k = `${legal.hand}|${legal.min_to}|${legal.max_to}|${legal.call}`;
      if (k !== key) {
        key = k;
        setTo(legal.min_to);
      } else label();
      for (const b of presets.children) b.textContent = t(b.dataset.testid.replace('-', '_'));
    }
    keys.textContent = legal.bring_in != null ? `${t('action_keys')} · ${t('action_key_bring_in')}` : t('action_keys');
    if (!busy) setDisabled(false);
  }

  return { root, update };
}
