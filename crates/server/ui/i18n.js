// i18n.js: English and German strings, the language switch (stored in localStorage, default
// from navigator.language), and the translation of static text marked data-i18n,
// data-i18n-placeholder or data-i18n-title.
// Test ids: lang-en, lang-de (the switch; the active one has aria-pressed="true").

import { DEALER_EN, DEALER_DE } from './i18n-dealer.js';
import { SERVER_EN, SERVER_DE } from './i18n-server.js';

const EN = {
  // navigation and common
  nav_events: 'Events', nav_play: 'Play', nav_clock: 'Clock', nav_seating: 'Seating',
  nav_standings: 'Standings', nav_td: 'TD console', nav_ring: 'Cash games',
  nav_cash: 'My cash games', nav_desk: 'List keeper',
  cash_title: 'My cash games', cash_your_name: 'Your name', cash_register: 'Put my name down',
  cash_hello: 'Cash games for {name}', cash_on_list: '{n} on the list', cash_place: 'Place {n} on the list',
  cash_place_change: 'Place {n} for a table change', cash_leave: 'Off the list', cash_join: 'Put me on the list',
  cash_change_table: 'Ask for a table change', cash_offer: '{game}: table {table}, seat {seat} is yours',
  cash_offer_left: 'Answer within {s} s', cash_brings: 'Your {chips} chips come along', cash_buy_in: 'Buy-in ({min} to {max})',
  cash_wait_bb: 'Wait for the big blind', cash_accept: 'Take the seat', cash_decline: 'No, thanks',
  cash_owes_small: 'owes the small blind', cash_owes_big: 'owes the big blind', cash_owes_both: 'owes both blinds',
  cash_my_seat: 'Table {table}, seat {seat}', cash_back_post: "I'm back: deal me in", cash_back_wait: "I'm back: wait for the big blind",
  cash_away: 'Sit out', cash_top_up: 'Top up', cash_cash_out: 'Cash out', cash_bet: 'bet', cash_folded: 'folded',
  cash_bet_to: 'Bet to', cash_raise_to: 'Raise to', cash_hand: 'Hand', cash_dead: 'dead',
  cash_next: 'Next hand: button {button}, big blind {bb}; posts {posts}', cash_sessions: 'My sessions',
  cash_brought: 'brought', cash_took: 'took',
  desk_title: 'List keeper', desk_secret: 'TD secret', desk_send: 'Send', desk_command: 'Command (JSON)',
  desk_add_game: 'Add a game', desk_add_guest: 'Add a guest', desk_open_table: 'Open a table',
  desk_books: 'Books', desk_tablet: 'Dealer tablet', desk_configure: 'Offers', desk_time_charge: 'Time charge', desk_close: 'Close the table', desk_put_on_list: 'Put on the list', desk_in_tournament: 'still in a tournament (HC-1.4)',
  ring_title: 'Cash games', ring_empty: 'No cash game yet.', ring_buy_in: 'Buy-in {min} to {max}',
  ring_worth_opening: 'enough names to open a table', ring_must_move: 'must move to table {table}',
  ring_open_seats: '{n} open', ring_marker_small: 'Little Blind', ring_marker_big: 'Big Blind', ring_marker_both: 'Missed Blind', ring_away: 'away', ring_waiting: 'Waiting list', ring_table_change: 'table change',
  connected: 'Connected', disconnected: 'Disconnected, reconnecting…',
  no_event: 'No event chosen: open a page from the list of events.', events: 'Events',
  no_events: 'No events yet.', event: 'Event', td_console: 'Tournament director',
  level: 'Level', level_n: 'Level {n}', break: 'Break', blinds: 'Blinds', ante: 'Ante',
  bb_ante: 'BB ante', time_left: 'Time left', paused: 'Paused', hand_for_hand: 'Hand for hand',
  entrants: 'Entrants', players_left: 'Players left', average_stack: 'Average stack',
  prize_pool: 'Prize pool', table_languages: 'At the tables: {languages} (TDA-6)', rebuys_add_ons: 'Rebuys / add-ons', payouts: 'Payouts',
  tables: 'Tables', table: 'Table', table_n: 'Table {n}', seat: 'Seat', seat_n: 'Seat {n}',
  seats: 'Seats', players: 'Players', players_n: '{n} players', name: 'Name',
  status: 'Status', place: 'Place', prize: 'Prize', bounties: 'Bounties', copy: 'Copy',
  // event states
  event_registering: 'Registration open', event_not_started: 'Not started',
  event_running: 'Running', event_paused: 'Paused', event_finished: 'Finished',
  status_registered: 'Registered', status_reserved: 'Reserved: buy-in at the desk', act_take_buy_in: 'Buy-in taken', status_alternate: 'Alternate', status_playing: 'Playing',
  status_busted: 'Busted', status_removed: 'Removed', status_disqualified: 'Disqualified',
  status_won: 'Winner',
  // clock
  next_level: 'Next level', break_next: 'Break first', next_break: 'Next break',
  enable_sound: '♪ Enable sound', sound_on: '♪ Sound on ✓',
  // the table
  register_title: 'Take a seat', your_name: 'Your name', register: 'Register',
  registration_closed: 'Registration is closed.', watch: 'Watch a table', watch_none: '—',
  forget_token: 'Not you? Forget this seat on this device',
  my_hands: 'My hands:', hands_pokerstars: 'PokerStars text', hands_phh: 'PHH',
  forget_confirm: 'Forget your seat on this device? Without the link you cannot come back to it.',
  waiting_for_start: 'You are registered. Waiting for the tournament to start…',
  reserved_pay_at_desk: 'Your seat is reserved. Pay the buy-in at the desk: then you are in the tournament and get your seat.',
  waiting_for_seat: 'Waiting for a seat…',
  hand_n: 'Hand #{n}', street_preflop: 'Preflop', street_flop: 'Flop', street_turn: 'Turn',
  street_river: 'River', street_showdown: 'Showdown', street_over: 'Hand over',
  street_third: '3rd street', street_fourth: '4th street', street_fifth: '5th street',
  street_sixth: '6th street', street_seventh: '7th street',
  game_holdem: "Hold'em", game_omaha: 'Omaha', game_omaha_hi_lo: 'Omaha Hi/Lo',
  game_stud: 'Seven Card Stud', game_stud_hi_lo: 'Stud Hi/Lo', game_razz: 'Razz',
  bring_in: 'Bring-in', bi: 'BI', down_card: 'down card', bring_in_amount: 'Bring in {amount}',
  complete_to: 'Complete to {amount}', big_bet_amount: 'Bet {amount} (big bet)',
  action_key_bring_in: 'B bring in', stud_ante: 'Stud ante', limit: 'Limit',
  main_pot: 'Main pot', side_pot: 'Side pot {n}', total_pot: 'Total pot',
  button: 'Dealer button', sb: 'SB', bb: 'BB', away: 'Away', all_in: 'All-in',
  your_turn: 'Your turn', to_act: '{who} to act', time_called: 'Time called (TDA-29)',
  call_clock: 'Call the clock', dealer: 'Dealer', last_hands: 'Last hands',
  fold: 'Fold', check: 'Check', call_amount: 'Call {amount}', bet_amount: 'Bet {amount}',
  raise_to: 'Raise to {amount}', preset_min: 'Min', preset_half: '½ pot', preset_pot: 'Pot',
  preset_allin: 'All-in', action_keys: 'Keys: F fold · C check/call · R amount · Enter bet/raise',
  // the dealer's announcements
  ann_posts: '{who} posts {amount}', ann_folds: '{who} folds', ann_checks: '{who} checks',
  ann_calls: '{who} calls {amount}', ann_bets: '{who} bets {amount}',
  ann_raises: '{who} raises to {amount}', ann_all_in: '{who} is all-in',
  ann_killed: "{who}'s hand is killed", ann_returned: '{amount} returned to {who}',
  ann_board: 'Board', ann_tabled: '{who} tables', ann_shows: '{who} shows',
  ann_mucks: '{who} mucks', ann_wins: '{who} wins {amount}', ann_clock: 'Time called on {who}',
  ann_timeout: '{who} ran out of time', ann_brings_in: '{who} brings in {amount}',
  ann_completes: '{who} completes to {amount}', ann_street_fourth: '4th street',
  ann_street_fifth: '5th street', ann_street_sixth: '6th street', ann_street_seventh: '7th street',
  // the TD console
  td_secret: 'TD secret', sign_in: 'Sign in', sign_out: 'Sign out',
  not_td_secret: 'This secret is not the tournament director’s.', choose_event: 'Choose an event…',
  new_event: 'New event', template: 'Template', seed: 'Seed (optional)', create_event: 'Create event',
  draw_seats: 'Draw seats', redraw_seats: 'Draw seats again',
  deal_hold: 'Hold the tables for a deal', deal_release: 'Let the tables play on',
  live_not_dealt: 'not dealt in', no_tablet: 'No tablet: bind one',
  count_spread: '{name} (table {table}): {chips} counted, {books} by the books; {diff} spread over the {n} players not counted at table {table}',
  count_same: '{name} (table {table}): {chips}, as the books say; nothing moves',
  start: 'Start', pause: 'Pause', resume: 'Resume', set_clock: 'Set clock',
  undo: 'Undo last TD action', bad_time: 'Enter the time as minutes:seconds, e.g. 12:30.',
  register_players: 'Register players', bot: 'Bot', add_bots: 'Add bots',
  player_links: 'Player links (hand these out)', audit_log: 'Audit log',
  all_hands: 'Every hand (PHH)',
  col_id: '#', col_time: 'Time', col_name: 'Name', col_status: 'Status', col_seat: 'Table/seat', col_chips: 'Chips',
  col_rebuys: 'Rebuys/add-ons', col_warnings: 'Warnings', col_place: 'Place', col_prize: 'Prize',
  deal: 'Deal (HC-1.2)', deal_show: 'Work out a deal', col_chip_chop: 'Chip chop', col_icm: 'ICM', col_agreed: 'Agreed',
  deal_fill_chop: 'Chip chop', deal_fill_icm: 'ICM', deal_play_for: 'Played on for (1st, 2nd, …)',
  deal_record: 'Record the deal', deal_prizes_left: 'Prizes left', deal_played_for: 'played on for',
  live_tables: 'Live tables (HC-1.8)', live_help: 'Tick who the dealer called out, pick who won their chips, then “Hand over”.',
  live_in_hand: 'hand in play', live_waits: 'waits', live_out: 'Out', live_by: 'Chips to',
  hand_over: 'Hand over', button_set: 'Button here', count_chips: 'Chips counted',
  live_card: 'Tie card', live_card_help: 'Out in the same hand with the same stack: the card drawn (HC-1.3), e.g. Ks',
  instructions: 'Instructions', done: 'Done', seat_cards_enter: 'Enter the seat cards as they fell',
  seat_cards_submit: 'Seats as drawn', software_draws: 'Done: the software draws',
  source_cards_enter: 'Enter the cards dealt for the tables', race_cards_enter: 'Enter the race cards as dealt',
  cards_submit: 'Cards as dealt', undo_bust: 'Undo a bust', tablet_bind: 'Tablet link', tablet_track: 'Dealer tablet for every hand', button_cards: 'Button by cards',
  tablet_no_token: 'This page needs the tablet link the TD made for the table.',
  tablet_no_table: 'This table is not in play any more.',
  hold_push_level: 'Hold the dealer push: the level ends within 90 seconds (TDA-RP-7)',
  hold_push_break: 'Hold the dealer push: the break starts within 90 seconds (TDA-RP-7)', nav_tablet: 'Tablet', tables_mode: 'Tables',
  // the big screen's instructions grouped by kind and table when many
  last_out: 'Out', finishes: '{name} finishes {place}', wins: '{name} wins',
  clock_group_final: 'Final table (table {table}): {n} moves, see the seat cards',
  clock_group_break: 'Table {table} breaks: {n} moves, see the seat cards',
  clock_group_balance: 'Balancing to table {table}: {n} moves',
  clock_group_moves: 'Table {table}: {n} players move here',
  clock_group_other: 'Table {table}: {n} instructions',
  tables_online: 'Online: the server deals', tables_live: 'Live: dealers with real cards',
  print: 'Print', sheet_seats: 'Seat cards', sheet_tables: 'Table sheets', sheet_results: 'Results',
  sheet_payouts: 'Payout slips', payout_date: 'Date', payout_signature: 'Received, signature', no_payouts: 'No paid place yet.',
  sheet_moves: 'Move slips', move_from: 'from', move_to: 'to', move_why: 'Why', move_new: 'new to the tables',
  move_balancing: 'balancing', move_table_broken: 'table broken', move_final_table: 'final table',
  move_new_entry: 'late entry', move_alternate: 'alternate', move_rebuy: 'rebuy', move_director: 'by the TD',
  no_moves: 'No moves yet.',
  col_league_points: 'League points', button: 'Button', export_entries: 'Entries (CSV)', export_results: 'Results (CSV)',
  col_actions: 'Actions', col_rank: '#', col_bounties: 'Bounties', col_knockouts: 'Knockouts',
  act_move: 'Move', act_rebuy: 'Rebuy', act_add_on: 'Add-on', act_re_enter: 'Re-enter',
  act_accommodate: 'Special-needs seat (TDA-9)', act_accommodate_off: 'No special seat',
  act_colour_up: 'Colour up now (TDA-25B)',
  act_warn: 'Warn', act_miss_rounds: 'Miss rounds', act_time_penalty: 'Time penalty',
  act_disqualify: 'Disqualify', reason: 'Reason', rounds: 'Rounds', minutes: 'Minutes',
  penalty_hands: '{n} hands out',
  // seating and standings
  find_player: 'Find a player', no_tables: 'No tables yet.', empty_seat: 'empty',
  chip_counts: 'Chip counts', results: 'Results',
  // issue 36: the board (ring-board)
  ring_join_phone: 'Join the list from your phone', ring_tables: 'Tables', ring_open: 'Open seats',
  ring_next_wait: 'Wait', ring_no_estimate: 'no estimate yet', ring_no_table: 'no table yet',
  ring_wait_min: '≈ {m} min', ring_wait_h: '≈ {h} h {m}', ring_wait_hours: '≈ {h} h', ring_offered_now: '{n} offered',
  ring_offer: 'table {table}, seat {seat}', ring_list_empty: 'Nobody waiting', ring_more: '+ {n} more on the list',
};

const DE = {
  nav_events: 'Turniere', nav_play: 'Spielen', nav_clock: 'Uhr', nav_seating: 'Sitzplan',
  nav_standings: 'Rangliste', nav_td: 'Turnierleitung', nav_ring: 'Cashgames',
  nav_cash: 'Meine Cashgames', nav_desk: 'Listenführung',
  cash_title: 'Meine Cashgames', cash_your_name: 'Dein Name', cash_register: 'Eintragen',
  cash_hello: 'Cashgames für {name}', cash_on_list: '{n} auf der Liste', cash_place: 'Platz {n} auf der Liste',
  cash_place_change: 'Platz {n} für einen Tischwechsel', cash_leave: 'Von der Liste', cash_join: 'Auf die Liste',
  cash_change_table: 'Tischwechsel anfragen', cash_offer: '{game}: Tisch {table}, Platz {seat} ist frei für dich',
  cash_offer_left: 'Antwort binnen {s} s', cash_brings: 'Deine {chips} Chips kommen mit', cash_buy_in: 'Buy-in ({min} bis {max})',
  cash_wait_bb: 'Auf den Big Blind warten', cash_accept: 'Platz nehmen', cash_decline: 'Nein, danke',
  cash_owes_small: 'schuldet den Small Blind', cash_owes_big: 'schuldet den Big Blind', cash_owes_both: 'schuldet beide Blinds',
  cash_my_seat: 'Tisch {table}, Platz {seat}', cash_back_post: 'Zurück: gleich mitspielen', cash_back_wait: 'Zurück: auf den Big Blind warten',
  cash_away: 'Aussetzen', cash_top_up: 'Nachkaufen', cash_cash_out: 'Auszahlen', cash_bet: 'Einsatz', cash_folded: 'gefoldet',
  cash_bet_to: 'Bet auf', cash_raise_to: 'Raise auf', cash_hand: 'Hand', cash_dead: 'tot',
  cash_next: 'Nächste Hand: Button {button}, Big Blind {bb}; setzen {posts}', cash_sessions: 'Meine Sitzungen',
  cash_brought: 'gebracht', cash_took: 'mitgenommen',
  desk_title: 'Listenführung', desk_secret: 'TD-Geheimnis', desk_send: 'Senden', desk_command: 'Befehl (JSON)',
  desk_add_game: 'Spiel anlegen', desk_add_guest: 'Gast anlegen', desk_open_table: 'Tisch eröffnen',
  desk_books: 'Abrechnung', desk_tablet: 'Dealer-Tablet', desk_configure: 'Angebote', desk_time_charge: 'Zeitgebühr', desk_close: 'Tisch schließen', desk_put_on_list: 'Auf die Liste', desk_in_tournament: 'spielt noch ein Turnier (HC-1.4)',
  ring_title: 'Cashgames', ring_empty: 'Noch kein Cashgame.', ring_buy_in: 'Buy-in {min} bis {max}',
  ring_worth_opening: 'genug Namen für einen Tisch', ring_must_move: 'Must-Move an Tisch {table}',
  ring_open_seats: '{n} frei', ring_marker_small: 'Little Blind', ring_marker_big: 'Big Blind', ring_marker_both: 'Missed Blind', ring_away: 'abwesend', ring_waiting: 'Warteliste', ring_table_change: 'Tischwechsel',
  connected: 'Verbunden', disconnected: 'Getrennt, verbinde neu…',
  no_event: 'Kein Turnier gewählt: Öffne eine Seite aus der Liste der Turniere.', events: 'Turniere',
  no_events: 'Noch keine Turniere.', event: 'Turnier', td_console: 'Turnierleitung',
  level: 'Level', level_n: 'Level {n}', break: 'Pause', blinds: 'Blinds', ante: 'Ante',
  bb_ante: 'BB-Ante', time_left: 'Restzeit', paused: 'Angehalten', hand_for_hand: 'Hand für Hand',
  entrants: 'Teilnehmer', players_left: 'Verbleibend', average_stack: 'Durchschnittsstack',
  prize_pool: 'Preisgeld', table_languages: 'An den Tischen: {languages} (TDA-6)', rebuys_add_ons: 'Rebuys / Add-ons', payouts: 'Auszahlungen',
  tables: 'Tische', table: 'Tisch', table_n: 'Tisch {n}', seat: 'Platz', seat_n: 'Platz {n}',
  seats: 'Plätze', players: 'Spieler', players_n: '{n} Spieler', name: 'Name',
  status: 'Status', place: 'Platzierung', prize: 'Preis', bounties: 'Kopfgelder', copy: 'Kopieren',
  event_registering: 'Anmeldung offen', event_not_started: 'Nicht gestartet',
  event_running: 'Läuft', event_paused: 'Angehalten', event_finished: 'Beendet',
  status_registered: 'Angemeldet', status_reserved: 'Reserviert: Buy-in an der Kasse', act_take_buy_in: 'Buy-in erhalten', status_alternate: 'Nachrücker', status_playing: 'Im Spiel',
  status_busted: 'Ausgeschieden', status_removed: 'Entfernt', status_disqualified: 'Disqualifiziert',
  status_won: 'Sieger',
  next_level: 'Nächstes Level', break_next: 'Erst Pause', next_break: 'Nächste Pause',
  enable_sound: '♪ Ton einschalten', sound_on: '♪ Ton an ✓',
  register_title: 'Platz nehmen', your_name: 'Dein Name', register: 'Anmelden',
  registration_closed: 'Die Anmeldung ist geschlossen.', watch: 'Tisch zuschauen', watch_none: '—',
  forget_token: 'Nicht du? Platz auf diesem Gerät vergessen',
  my_hands: 'Meine Hände:', hands_pokerstars: 'PokerStars-Text', hands_phh: 'PHH',
  forget_confirm: 'Platz auf diesem Gerät vergessen? Ohne den Link kommst du nicht zurück.',
  waiting_for_start: 'Du bist angemeldet. Warte auf den Turnierstart…',
  reserved_pay_at_desk: 'Dein Platz ist reserviert. Zahle das Buy-in an der Kasse: dann bist du im Turnier und bekommst deinen Platz.',
  waiting_for_seat: 'Warte auf einen Platz…',
  hand_n: 'Hand #{n}', street_preflop: 'Preflop', street_flop: 'Flop', street_turn: 'Turn',
  street_river: 'River', street_showdown: 'Showdown', street_over: 'Hand beendet',
  street_third: '3. Straße', street_fourth: '4. Straße', street_fifth: '5. Straße',
  street_sixth: '6. Straße', street_seventh: '7. Straße',
  game_holdem: "Hold'em", game_omaha: 'Omaha', game_omaha_hi_lo: 'Omaha Hi/Lo',
  game_stud: 'Seven Card Stud', game_stud_hi_lo: 'Stud Hi/Lo', game_razz: 'Razz',
  bring_in: 'Bring-In', bi: 'BI', down_card: 'verdeckte Karte', bring_in_amount: 'Bring-In {amount}',
  complete_to: 'Komplettieren auf {amount}', big_bet_amount: 'Bet {amount} (Big Bet)',
  action_key_bring_in: 'B Bring-In', stud_ante: 'Stud-Ante', limit: 'Limit',
  main_pot: 'Hauptpot', side_pot: 'Sidepot {n}', total_pot: 'Pot gesamt',
  button: 'Dealer-Button', sb: 'SB', bb: 'BB', away: 'Abwesend', all_in: 'All-in',
  your_turn: 'Du bist dran', to_act: '{who} ist dran', time_called: 'Zeit gefordert (TDA-29)',
  call_clock: 'Zeit fordern', dealer: 'Dealer', last_hands: 'Letzte Hände',
  fold: 'Fold', check: 'Check', call_amount: 'Call {amount}', bet_amount: 'Bet {amount}',
  raise_to: 'Raise auf {amount}', preset_min: 'Min', preset_half: '½ Pot', preset_pot: 'Pot',
  preset_allin: 'All-in', action_keys: 'Tasten: F Fold · C Check/Call · R Betrag · Enter Bet/Raise',
  ann_posts: '{who} zahlt {amount}', ann_folds: '{who} passt', ann_checks: '{who} checkt',
  ann_calls: '{who} geht mit {amount}', ann_bets: '{who} setzt {amount}',
  ann_raises: '{who} erhöht auf {amount}', ann_all_in: '{who} ist all-in',
  ann_killed: 'Die Hand von {who} ist tot', ann_returned: '{amount} zurück an {who}',
  ann_board: 'Board', ann_tabled: '{who} deckt auf', ann_shows: '{who} zeigt',
  ann_mucks: '{who} wirft weg', ann_wins: '{who} gewinnt {amount}',
  ann_clock: 'Zeit gefordert für {who}', ann_timeout: '{who}: Zeit abgelaufen',
  ann_brings_in: '{who} bringt {amount} ein (Bring-In)', ann_completes: '{who} komplettiert auf {amount}',
  ann_street_fourth: '4. Straße', ann_street_fifth: '5. Straße', ann_street_sixth: '6. Straße',
  ann_street_seventh: '7. Straße',
  td_secret: 'TD-Geheimnis', sign_in: 'Anmelden', sign_out: 'Abmelden',
  not_td_secret: 'Dieses Geheimnis gehört nicht der Turnierleitung.', choose_event: 'Turnier wählen…',
  new_event: 'Neues Turnier', template: 'Vorlage', seed: 'Seed (optional)', create_event: 'Turnier anlegen',
  draw_seats: 'Plätze auslosen', redraw_seats: 'Plätze neu auslosen',
  deal_hold: 'Tische für einen Deal anhalten', deal_release: 'Tische weiterspielen lassen',
  live_not_dealt: 'nicht ausgeteilt', no_tablet: 'Kein Tablet: eins verbinden',
  count_spread: '{name} (Tisch {table}): {chips} gezählt, {books} laut Buch; {diff} verteilt auf die {n} nicht gezählten Spieler an Tisch {table}',
  count_same: '{name} (Tisch {table}): {chips}, wie im Buch; nichts wird verschoben',
  start: 'Starten', pause: 'Anhalten', resume: 'Fortsetzen', set_clock: 'Uhr stellen',
  undo: 'Letzte TD-Aktion zurücknehmen', bad_time: 'Zeit als Minuten:Sekunden eingeben, z. B. 12:30.',
  register_players: 'Spieler anmelden', bot: 'Bot', add_bots: 'Bots hinzufügen',
  player_links: 'Spieler-Links (zum Weitergeben)', audit_log: 'Protokoll',
  all_hands: 'Alle Hände (PHH)',
  col_id: '#', col_time: 'Zeit', col_name: 'Name', col_status: 'Status', col_seat: 'Tisch/Platz', col_chips: 'Chips',
  col_rebuys: 'Rebuys/Add-ons', col_warnings: 'Verwarnungen', col_place: 'Platz', col_prize: 'Preis',
  deal: 'Deal (HC-1.2)', deal_show: 'Deal berechnen', col_chip_chop: 'Chip Chop', col_icm: 'ICM', col_agreed: 'Vereinbart',
  deal_fill_chop: 'Chip Chop', deal_fill_icm: 'ICM', deal_play_for: 'Weiter gespielt um (1., 2., …)',
  deal_record: 'Deal eintragen', deal_prizes_left: 'Verbleibende Preise', deal_played_for: 'weiter gespielt um',
  live_tables: 'Live-Tische (HC-1.8)', live_help: 'Ausgeschiedene ankreuzen, wer ihre Chips gewann wählen, dann „Hand beendet“.',
  live_in_hand: 'Hand läuft', live_waits: 'wartet', live_out: 'Aus', live_by: 'Chips an',
  hand_over: 'Hand beendet', button_set: 'Button hierher', count_chips: 'Chips gezählt',
  live_card: 'Stechkarte', live_card_help: 'In derselben Hand mit gleichem Stack ausgeschieden: die gezogene Karte (HC-1.3), z. B. Ks',
  instructions: 'Anweisungen', done: 'Erledigt', seat_cards_enter: 'Gezogene Platzkarten eintragen',
  seat_cards_submit: 'Plätze wie gezogen', software_draws: 'Erledigt: die Software zieht',
  source_cards_enter: 'Die für die Tische gegebenen Karten eintragen', race_cards_enter: 'Die Karten des Chip-Race eintragen',
  cards_submit: 'Karten wie gegeben', undo_bust: 'Ausscheiden zurücknehmen', tablet_bind: 'Tablet-Link', tablet_track: 'Dealer-Tablet für jede Hand', button_cards: 'Button per Karten',
  tablet_no_token: 'Diese Seite braucht den Tablet-Link, den der Turnierleiter für den Tisch erstellt hat.',
  tablet_no_table: 'Dieser Tisch ist nicht mehr im Spiel.',
  hold_push_level: 'Dealer-Wechsel zurückhalten: das Level endet in weniger als 90 Sekunden (TDA-RP-7)',
  hold_push_break: 'Dealer-Wechsel zurückhalten: die Pause beginnt in weniger als 90 Sekunden (TDA-RP-7)', nav_tablet: 'Tablet', tables_mode: 'Tische',
  last_out: 'Ausgeschieden', finishes: '{name} belegt Platz {place}', wins: '{name} gewinnt',
  clock_group_final: 'Finaltisch (Tisch {table}): {n} Umsetzungen, siehe Platzkarten',
  clock_group_break: 'Tisch {table} wird aufgelöst: {n} Umsetzungen, siehe Platzkarten',
  clock_group_balance: 'Ausgleich an Tisch {table}: {n} Umsetzungen',
  clock_group_moves: 'Tisch {table}: {n} Spieler setzen hierher um',
  clock_group_other: 'Tisch {table}: {n} Anweisungen',
  tables_online: 'Online: der Server teilt aus', tables_live: 'Live: Dealer mit echten Karten',
  print: 'Drucken', sheet_seats: 'Platzkarten', sheet_tables: 'Tischblätter', sheet_results: 'Ergebnisse',
  sheet_payouts: 'Auszahlungsbelege', payout_date: 'Datum', payout_signature: 'Erhalten, Unterschrift', no_payouts: 'Noch kein bezahlter Platz.',
  sheet_moves: 'Umsetzzettel', move_from: 'von', move_to: 'nach', move_why: 'Grund', move_new: 'neu an den Tischen',
  move_balancing: 'Ausgleich', move_table_broken: 'Tisch aufgelöst', move_final_table: 'Finaltisch',
  move_new_entry: 'Nachmeldung', move_alternate: 'Nachrücker', move_rebuy: 'Rebuy', move_director: 'vom Turnierleiter',
  no_moves: 'Noch keine Umsetzungen.',
  col_league_points: 'Ligapunkte', button: 'Button', export_entries: 'Teilnehmer (CSV)', export_results: 'Ergebnisse (CSV)',
  col_actions: 'Aktionen', col_rank: '#', col_bounties: 'Kopfgelder', col_knockouts: 'Knockouts',
  act_move: 'Umsetzen', act_rebuy: 'Rebuy', act_add_on: 'Add-on', act_re_enter: 'Re-Entry',
  act_accommodate: 'Platz für besondere Bedürfnisse (TDA-9)', act_accommodate_off: 'Kein besonderer Platz',
  act_colour_up: 'Jetzt Color-Up (TDA-25B)',
  act_warn: 'Verwarnen', act_miss_rounds: 'Runden aussetzen', act_time_penalty: 'Zeitstrafe',
  act_disqualify: 'Disqualifizieren', reason: 'Grund', rounds: 'Runden', minutes: 'Minuten',
  penalty_hands: '{n} Hände Sperre',
  find_player: 'Spieler suchen', no_tables: 'Noch keine Tische.', empty_seat: 'frei',
  chip_counts: 'Chipstände', results: 'Ergebnisse',
  // issue 36: the board (ring-board)
  ring_join_phone: 'Mit dem Handy auf die Liste', ring_tables: 'Tische', ring_open: 'Freie Plätze',
  ring_next_wait: 'Wartezeit', ring_no_estimate: 'noch keine Schätzung', ring_no_table: 'noch kein Tisch',
  ring_wait_min: '≈ {m} Min.', ring_wait_h: '≈ {h} Std. {m}', ring_wait_hours: '≈ {h} Std.', ring_offered_now: '{n} angeboten',
  ring_offer: 'Tisch {table}, Platz {seat}', ring_list_empty: 'Niemand wartet', ring_more: '+ {n} weitere auf der Liste',
};

Object.assign(EN, DEALER_EN);
Object.assign(DE, DEALER_DE);
Object.assign(EN, SERVER_EN);
Object.assign(DE, SERVER_DE);

const STRINGS = { en: EN, de: DE };
const KEY = 'croupier.lang';

function initial() {
  const stored = localStorage.getItem(KEY);
  if (stored === 'en' || stored === 'de') return stored;
  return (navigator.language || 'en').toLowerCase().startsWith('de') ? 'de' : 'en';
}

let current = initial();
const listeners = [];

export const lang = () => current;

/** The string for `key` with {name} placeholders filled; the key itself when unknown. */
export function t(key, vars = {}) {
  const s = STRINGS[current][key] ?? EN[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (vars[k] ?? '').toString()).trim();
}
/**
 * A text the server made ({key, args}: a refusal, an audit line, why a table waits) in the
 * page's language. Its arguments are strings, numbers (in the language's format), messages of
 * their own or lists of these (joined by commas). `fallback` (the server's English) for a key
 * this page does not know.
 */
export function said(m, fallback = '') {
  if (!m?.key || !(m.key in EN)) return fallback;
  // A refusal's bare kind (`code_*`): the server's own English says more.
  if (m.key.startsWith('code_') && current === 'en' && fallback) return fallback;
  return fill(m.key, m.args).trim();
}
function fill(key, args = {}) {
  return (STRINGS[current][key] ?? EN[key]).replace(/\{(\w+)\}/g, (_, k) => argText(args?.[k]));
}
const numbers = {};
function argText(v) {
  if (v == null) return '';
  if (typeof v === 'number') {
    numbers[current] ??= new Intl.NumberFormat(current === 'de' ? 'de-DE' : 'en-US');
    return numbers[current].format(v);
  }
  if (Array.isArray(v)) return v.map(argText).join(', ');
  if (typeof v === 'object') return v.key in EN ? fill(v.key, v.args) : '';
  return String(v);
}

/** Who gave a command, from the audit log's `by` ("td", "player 3", "tablet of table 2"). */
export function actorText(by) {
  const m = String(by).match(/^(player|guest|tablet of table|tablet) (\d+)$/);
  if (m) return t({ player: 'actor_player', guest: 'actor_guest', 'tablet of table': 'actor_tablet_of_table', tablet: 'actor_tablet_n' }[m[1]], { n: m[2] });
  const key = `actor_${String(by).replace(/ /g, '_')}`;
  return key in EN ? t(key) : String(by);
}

/** The template itself, unfilled. */
t.raw = (key) => STRINGS[current][key] ?? EN[key] ?? key;

export function onLang(cb) {
  listeners.push(cb);
}

export function translateStatic(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
}

export function setLang(l) {
  if (!STRINGS[l] || l === current) return;
  current = l;
  localStorage.setItem(KEY, l);
  translateStatic();
  for (const b of document.querySelectorAll('.lang button')) b.setAttribute('aria-pressed', String(b.dataset.lang === l));
  for (const cb of listeners) cb(l);
}

/** The EN/DE switch. */
export function langSwitch() {
  const box = document.createElement('div');
  box.className = 'lang';
  for (const l of ['en', 'de']) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = l.toUpperCase();
    b.dataset.lang = l;
    b.dataset.testid = `lang-${l}`;
    b.setAttribute('aria-pressed', String(l === current));
    b.addEventListener('click', () => setLang(l));
    box.append(b);
  }
  return box;
}

/** For tests of the strings: both languages' keys. */
export const KEYS = { en: Object.keys(EN), de: Object.keys(DE) };
