// dealer-act.js: what a player did, as the dealer enters it: who acted (the player to act unless
// another is picked), the words, the chips pushed by denomination from the tray, the order,
// earlier chips in front and whether they were pulled back.
// Test ids: actor (a <select>, data-default), say, unclear, blind, chip-tray, chip (data-value),
// pushed (data-total, data-count), clear-chips, order (a <select>: say_first, chips_first,
// together), previous-chips, pulled-back (a <select>: none, some, all), pulled-chips, told,
// submit-act, notice.

import { h, fmtChips, attempt } from './dom.js';
import { t } from './i18n.js';

const chipList = (text) => text.split(/[\s,;+]+/).filter(Boolean).map(Number).filter((n) => n > 0);

/** root: the form's box; act(a) sends a FloorAct; notice() the error noticed. */
export function actForm(root, act, notice) {
  let view = null;
  let picked = false; // the dealer chose who acted; else it follows the player to act
  let pushed = [];
  const actor = h('select', { testid: 'actor', onchange: () => { picked = true; } });
  const say = h('input', { testid: 'say', type: 'text', autocomplete: 'off' });
  const unclear = h('input', { type: 'checkbox', testid: 'unclear' });
  const blind = h('input', { type: 'checkbox', testid: 'blind' });
  const tray = h('div', { class: 'chip-tray', testid: 'chip-tray' });
  const pile = h('div', { class: 'pushed', testid: 'pushed' });
  const order = h('select', { testid: 'order' });
  const previous = h('input', { testid: 'previous-chips', type: 'text', autocomplete: 'off' });
  const pulled = h('select', { testid: 'pulled-back' });
  const pulledChips = h('input', { testid: 'pulled-chips', type: 'text', autocomplete: 'off' });
  const told = h('input', { testid: 'told', type: 'number', min: '0', class: 'num' });
  const labels = {};
  const lab = (key) => (labels[key] = h('span', {}));
  const field = (key, input, cls) => h('label', { class: cls }, lab(key), input);
  const buttons = {
    clear: h('button', { type: 'button', class: 'btn small', testid: 'clear-chips', onclick: () => setPushed([]) }),
    submit: h('button', { type: 'button', class: 'btn primary', testid: 'submit-act', onclick: submit }),
    notice: h('button', { type: 'button', class: 'btn', testid: 'notice', onclick: () => attempt(notice) }),
  };

  root.replaceChildren(
    h('div', { class: 'row' }, field('who_acted', actor), field('say', say, 'grow'),
      h('label', { class: 'check' }, unclear, ' ', lab('unclear')),
      h('label', { class: 'check' }, blind, ' ', lab('acted_blind'))),
    h('div', { class: 'row' }, tray),
    h('div', { class: 'row' }, pile, buttons.clear),
    h('details', { class: 'more' }, h('summary', {}, lab('more_details')),
      h('div', { class: 'row' }, field('order', order), field('previous_chips', previous),
        field('pulled_back', pulled), field('pulled_chips', pulledChips), field('told', told))),
    h('div', { class: 'row' }, buttons.submit, buttons.notice),
  );

  function setPushed(chips) {
    pushed = chips;
    const total = pushed.reduce((a, b) => a + b, 0);
    pile.dataset.total = total;
    pile.dataset.count = pushed.length;
    pile.textContent = pushed.length ? `${pushed.map(fmtChips).join(' + ')} = ${fmtChips(total)}` : t('no_chips');
  }

  async function submit() {
    if (!view) return;
    const a = {
      player: Number(actor.value),
      say: say.value.trim(),
      chips: pushed,
      order: order.value,
      previous_chips: chipList(previous.value),
      previous_pulled_back: pulled.value,
      pulled_back: chipList(pulledChips.value),
      unclear: unclear.checked,
      blind: blind.checked,
    };
    if (told.value.trim() !== '') a.told = Number(told.value);
    if ((await attempt(() => act(a))) === undefined) return;
    picked = false;
    say.value = '';
    unclear.checked = false;
    blind.checked = false;
    previous.value = '';
    pulledChips.value = '';
    told.value = '';
    pulled.value = 'none';
    order.value = 'together';
    setPushed([]);
    update(view);
  }

  function texts() {
    for (const [key, el] of Object.entries(labels)) el.textContent = t(key);
    say.placeholder = t('say_ph');
    buttons.clear.textContent = t('clear');
    buttons.submit.textContent = t('enter');
    buttons.notice.textContent = t('notice');
    order.replaceChildren(...['together', 'say_first', 'chips_first'].map((o) =>
      h('option', { value: o, selected: order.value === o }, t(`order_${o}`))));
    pulled.replaceChildren(...['none', 'some', 'all'].map((o) =>
      h('option', { value: o, selected: pulled.value === o }, t(`pulled_${o}`))));
    setPushed(pushed);
  }

  function update(v) {
    view = v;
    texts();
    const current = actor.value;
    actor.replaceChildren(...v.players.map((p) => h('option', { value: p.player }, `${p.seat} · ${p.name}`)));
    const fallback = v.next_to_act ?? v.players.find((p) => p.status === 'live')?.player ?? 0;
    actor.dataset.default = fallback;
    actor.value = picked && current !== '' ? current : fallback;
    tray.replaceChildren(...v.denominations.map((d) => h('button', {
      type: 'button', class: `btn chip-btn chip-${d}`, testid: 'chip', data: { value: d },
      onclick: () => setPushed([...pushed, d]),
    }, fmtChips(d))));
    buttons.submit.disabled = v.over;
    buttons.notice.disabled = v.over;
  }

  return { update };
}
