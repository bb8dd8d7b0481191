// td-players.js: the TD console's players table (from Standings) with each row's actions.
// Rows are kept by entry id and updated in place, so that typing in a row's fields survives
// the live updates.
// Test ids: standings-table, player-row (data-player, data-status), row-actions,
// player-actions (data-player), move-table, move-seat, move, rebuy, add-on, re-enter,
// warn-reason, warn, miss-rounds-input, miss-rounds, time-penalty-input, time-penalty,
// dq-reason, disqualify, take-buy-in, accommodate, accommodate-off, colour-up.

import { h, fmtChips } from './dom.js';
import { t } from './i18n.js';

const COLUMNS = ['col_id', 'col_name', 'col_status', 'col_seat', 'col_chips', 'col_rebuys',
  'col_warnings', 'col_place', 'col_prize', 'col_actions'];

/** tableEl: the <table>; td(command) sends a TdCommand and returns a promise. */
export function playersTable(tableEl, td) {
  const thead = tableEl.querySelector('thead');
  const tbody = tableEl.querySelector('tbody');
  const rows = new Map(); // player -> { row, panel, cells }
  const tableOf = new Map(); // player -> the table they sit at (from 1)

  function header() {
    thead.replaceChildren(h('tr', {}, COLUMNS.map((k) => h('th', {}, t(k)))));
  }

  function panelFor(player) {
    const num = (testid, value, label) =>
      h('input', { type: 'number', min: '1', class: 'num', testid, value, placeholder: label, 'aria-label': label, title: label });
    const text = (testid, label) => h('input', { type: 'text', testid, placeholder: label, 'aria-label': label, class: 'reason' });
    const button = (testid, key, command, cls = '') =>
      h('button', { type: 'button', class: `btn small ${cls}`, testid, 'data-i18n': key, onclick: () => td(command()) }, t(key));
    const moveTable = num('move-table', '', t('table'));
    const moveSeat = num('move-seat', '', t('seat'));
    const warnReason = text('warn-reason', t('reason'));
    const missRounds = num('miss-rounds-input', '1', t('rounds'));
    const minutes = num('time-penalty-input', '5', t('minutes'));
    const dqReason = text('dq-reason', t('reason'));
    const int = (input) => Math.max(0, Math.round(Number(input.value) || 0));
    const group = (...kids) => h('span', { class: 'act-group' }, kids);
    const cell = h('td', { colspan: COLUMNS.length },
      group(moveTable, moveSeat, button('move', 'act_move',
        () => ({ type: 'move', player, table: int(moveTable), seat: int(moveSeat) }))),
      group(button('rebuy', 'act_rebuy', () => ({ type: 'rebuy', player })),
        button('add-on', 'act_add_on', () => ({ type: 'add_on', player })),
        button('re-enter', 'act_re_enter', () => ({ type: 're_enter', player }))),
      group(button('accommodate', 'act_accommodate', () => ({ type: 'accommodate', player, on: true })),
        button('accommodate-off', 'act_accommodate_off', () => ({ type: 'accommodate', player, on: false })),
        // TDA-25B: the TD colours up a player at any time; the table announces it.
        button('colour-up', 'act_colour_up', () => ({ type: 'colour_up', table: tableOf.get(player) ?? 0, players: [player] }))),
      group(warnReason, button('warn', 'act_warn', () => ({ type: 'warn', player, reason: warnReason.value.trim() }))),
      group(missRounds, button('miss-rounds', 'act_miss_rounds',
        () => ({ type: 'miss_rounds', player, rounds: int(missRounds) }))),
      group(minutes, button('time-penalty', 'act_time_penalty',
        () => ({ type: 'time_penalty', player, minutes: int(minutes) }))),
      group(dqReason, h('button', {
        type: 'button', class: 'btn small danger', testid: 'disqualify', 'data-i18n': 'act_disqualify',
        onclick: () => {
          const reason = dqReason.value.trim();
          if (!reason) {
            dqReason.focus();
            dqReason.classList.add('invalid');
            return;
          }
          dqReason.classList.remove('invalid');
          td({ type: 'disqualify', player, reason });
        },
      }, t('act_disqualify'))));
    return h('tr', { class: 'actions-row', testid: 'player-actions', data: { player }, hidden: true }, cell);
  }

  function rowFor(player) {
    const cells = COLUMNS.slice(0, -1).map(() => h('td'));
    let panel = null;
    const toggle = h('button', {
      type: 'button', class: 'btn small', testid: 'row-actions', title: t('col_actions'),
      onclick: () => {
        panel.hidden = !panel.hidden;
        toggle.classList.toggle('active', !panel.hidden);
      },
    }, '⋯');
    // A reserved seat (a player's own registration for a live event): the desk takes the
    // buy-in with one tap, and the player is in the field.
    const take = h('button', {
      type: 'button', class: 'btn small primary', testid: 'take-buy-in', 'data-i18n': 'act_take_buy_in', hidden: true,
      onclick: () => td({ type: 'take_buy_in', player }),
    }, t('act_take_buy_in'));
    const row = h('tr', { testid: 'player-row', data: { player } }, cells, h('td', {}, take, ' ', toggle));
    panel = panelFor(player);
    return { row, panel, cells, take };
  }

  function fill(r, st) {
    const seat = st.table != null ? `${st.table}/${st.seat ?? '–'}` : '–';
    tableOf.set(st.player, st.table);
    const values = [
      `${st.player + 1}`,
      [st.name, st.entry_number > 1 ? ` #${st.entry_number}` : '', st.bot ? ` (${t('bot')})` : ''].join(''),
      t(`status_${st.status}`),
      seat,
      fmtChips(st.chips),
      `${st.rebuys}/${st.add_ons}`,
      `${st.warnings}${st.penalty_hands ? ` · ${t('penalty_hands', { n: st.penalty_hands })}` : ''}`,
      st.place != null ? `${st.place}.` : '',
      st.prize ? fmtChips(st.prize) : '',
    ];
    values.forEach((v, i) => {
      if (r.cells[i].textContent !== v) r.cells[i].textContent = v;
    });
    r.cells[4].dataset.amount = st.chips;
    r.take.hidden = st.status !== 'reserved';
    r.row.dataset.status = st.status;
    r.row.className = `status-${st.status}`;
  }

  /** Shows a Standings; keeps open panels and what is typed in them. */
  function update(standings) {
    const list = [...standings.rows].sort((a, b) => a.player - b.player);
    for (const st of list) {
      let r = rows.get(st.player);
      if (!r) {
        r = rowFor(st.player);
        rows.set(st.player, r);
        tbody.append(r.row, r.panel);
      }
      fill(r, st);
    }
  }

  function clear() {
    rows.clear();
    tbody.replaceChildren();
  }

  function relabel(standings) {
    header();
    for (const b of tbody.querySelectorAll('[data-i18n]')) b.textContent = t(b.dataset.i18n);
    if (standings) update(standings);
  }

  header();
  return { update, clear, relabel };
}
