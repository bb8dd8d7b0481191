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
  deck_committed: 'Hand {hand}: deck sealed in advance, fingerprint {c}…', deck_values: 'random values from seat {seats}',
  deck_yours_in: 'yours is in', deck_checked: 'Hand {hand}: deck checked on this device, all {cards} cards as sealed',
  deck_differs: 'Hand {hand}: the deck does NOT check', deck_left_out: 'left out: seat {seat} ({why})',
  deck_why_late: 'late', deck_why_twice: 'twice', deck_why_malformed: 'malformed', deck_why_left: 'left the seat', deck_download: 'Proof file',
  deck_left_table: 'Your last hand at table {table}',
  deck_bad_seed: 'the seed is not 64 hex digits', deck_bad_commitment: 'the seed does not match its commitment',
  deck_bad_value: 'a value is not 64 hex digits', deck_bad_deck_seed: 'the deck seed is not the one the seed and values give',
  deck_bad_card: 'place {at}: dealt {card}, the deck has {deck}', deck_gap: 'no card dealt from place {at}',
  cash_next: 'Next hand: button {button}, big blind {bb}; posts {posts}', cash_sessions: 'My sessions',
  cash_brought: 'brought', cash_took: 'took',
  cash_register_why: 'Put your name down once: this phone keeps your place on the lists.',
  cash_offer_until: 'Held for you {s} s more (until {time})', cash_waiting_for_players: 'Waiting for players',
  cash_time_called_check_or_dead: 'Time called: {s} s, then checked or dead ({rule})',
  cash_time_called_dead: 'Time called: {s} s, then the hand is dead ({rule})',
  cash_wins: '{name} wins {amount}', cash_keep_playing: 'Keep my seat', cash_top_up_by: 'Add chips',
  cash_confirm_cash_out: 'Cash out {chips} chips and give up the seat?',
  cash_between_hands: 'Chips are added and cashed out between hands.',
  cash_away_rules_hc: 'While away you get no cards and post no blinds. If the button passed you, you come back posting a small blind (dead) and a big blind, or wait for your big blind. After 30 minutes away the list keeper may cash you out or freeze your chips for someone waiting.',
  cash_away_rules_jpr: 'While away you get no cards; a blind you miss is marked at your seat and paid into the pot when you come back.',
  cash_away_rules_default: 'While away you get no cards; blinds you miss are marked and posted when you come back (the big blind live, the small blind dead), or you wait for your big blind.',
  alert_offer_title: 'A seat for you', alert_turn_title: 'Your turn', alert_turn_body: 'Table {table}: it is your turn.',
  alert_clock_title: 'Time is called on you', alert_clock_body: '{s} seconds left to act ({rule}).',
  alerts_turn_on: 'Alert me', alerts_turn_off: 'Turn off',
  alerts_off: 'A seat offered or your turn: a sound, a vibration and a notification?', alerts_on: 'Alerts on, also in the background.',
  alerts_blocked: 'This browser blocks notifications: sound, vibration and the tab title still tell you.',
  alerts_test: 'Test', alerts_test_title: 'Croupier', alerts_test_body: 'This is how a seat offer sounds.',
  desk_title: 'List keeper', desk_secret: 'TD secret', desk_login: 'Open the desk',
  desk_tab_tables: 'Tables and lists', desk_tab_guests: 'Guests', desk_tab_game: 'New game', desk_tab_settings: 'Settings', desk_tab_books: 'Books',
  desk_cancel: 'Cancel', desk_back: 'Back', desk_save: 'Save', desk_chips: 'chips', desk_minutes: '{n} min',
  desk_in_hand_wait: 'In the hand now: chips move between hands.', desk_top_up_by: 'Add chips (up to {max})',
  desk_top_up_title: 'Top up for {name}', desk_top_up_line: '{amount} more: {from} → {to} chips.', desk_move_to: 'Move to',
  desk_cash_out_title: 'Cash out {name}', desk_cash_out_line: 'Pay out {chips} chips and free table {table}, seat {seat}.',
  desk_hc19_title: 'Away over 30 minutes (HC-1.9)', desk_hc19_help: 'Someone waits for the seat: cash the player out, or freeze the chips in a tray until a seat is free for them.',
  desk_freeze_title: 'Freeze the chips of {name}', desk_freeze_line: '{chips} chips go into a tray; the seat is free for the next on the list.',
  desk_freeze: 'Freeze the chips', desk_hc19_cash_out: 'Cash out and free the seat',
  desk_free: 'free', desk_from_the_list: 'From the waiting list', desk_frozen_back: 'Back with frozen chips (HC-1.9)', desk_any_guest: 'Any guest',
  desk_put_on_list_of: 'Put a guest on the list: {game}', desk_takes_seat: '{name} takes table {table}, seat {seat}', desk_held_for: 'held for {name}',
  desk_opened_by: 'list: {name}', desk_hands: '{n} hands', desk_hands_one: '1 hand', desk_start_hand: 'Hand begins', desk_settle: 'Hand over: settle',
  desk_time_charge_line: '{amount} per seat for {n} players: {total}.', desk_close_first: 'Table still has {n} players: cash them out or move them first.',
  desk_close_title: 'Close table {table}', desk_close_line: 'Kept by {name}; hands played: {n}. Its statement follows.',
  desk_offered: 'offered: table {table}, seat {seat} ({s} s)', desk_takes_it: 'Takes it',
  desk_rake_line: 'rake {p} %, at most {cap}', desk_time_charge_short: 'time charge {amount} per seat and half hour', desk_no_rake: 'no rake',
  desk_no_table: 'No table open yet.', desk_list_empty: 'Nobody on the list.', desk_no_game: 'No game yet.',
  desk_mode_online: 'Online (the server deals)', desk_mode_tablet: 'Dealer with a tablet', desk_mode_list_keeper: 'Live, I keep it',
  desk_mode_online_hint: 'Guests play from their phones.', desk_mode_tablet_hint: 'A dealer runs the hands on a tablet.', desk_mode_list_keeper_hint: 'The list keeper starts and settles each hand here.',
  desk_settle_title: 'Settle the hand at table {table}', desk_settle_help: 'Enter what each player put in, tick who folded, then choose the winners of each pot.',
  desk_put_in: 'Put in', desk_won_by: 'won by', desk_settle_go: 'Settle the hand', desk_settle_nothing: 'Nothing put in yet.',
  desk_settle_choose: 'Choose the winners of each pot.', desk_settle_ready: 'Pot of {pot}: ready.',
  variant_NT: "No-limit hold'em", variant_PT: "Pot-limit hold'em", variant_ST: "Spread-limit hold'em",
  variant_NO: 'No-limit Omaha', variant_PO: 'Pot-limit Omaha', variant_SO: 'Spread-limit Omaha',
  profile_tda: 'TDA 2019', profile_hc: "Hold'em Cologne", profile_jpr: "Joker's Poker Room", profile_wwpla: 'WWPLA', profile_dg: "Dealer's guide (DG)",
  desk_game_name: 'Name on the board', desk_game_name_example: "e.g. NLHE 1/2", desk_variant: 'Game', desk_small_blind: 'Small blind', desk_big_blind: 'Big blind',
  desk_seats: 'Seats', desk_min_buy_in: 'Smallest buy-in', desk_max_buy_in: 'Largest buy-in', desk_profile: 'Rules',
  desk_profile_hint: 'The rulebook for the clock, absent players and blinds.', desk_charge: "The house's charge",
  desk_charge_none: 'No rake', desk_charge_rake: 'Rake per hand', desk_charge_time: 'Time charge',
  desk_rake_percent: 'Rake in % of the pot', desk_rake_cap: 'At most', desk_time_per_seat: 'Per seat and half hour',
  desk_spread_max: 'Largest bet', desk_spread_hint: 'The smallest is the big blind (HC-3.4.1).',
  desk_open_table_of: 'Open a table: {game}', desk_mode: 'Who deals', desk_keeper: 'List keeper',
  desk_keeper_hint: 'The member who opens the table and keeps its list (HC-1.10).', desk_conditions: 'Conditions',
  desk_feeds: 'Must-move table', desk_feeds_hint: 'Its players move to the main table as seats open there.',
  desk_feeds_none: 'no, a table of its own', desk_feeds_table: 'feeds table {table}',
  desk_settings: 'Waiting lists', desk_offer_seconds: 'A seat offer stands', desk_offer_seconds_hint: 'Then it goes to the next on the list.',
  desk_missed_offer: 'Who declines or lets an offer run out', desk_keep_place: 'keeps their place', desk_lose_place: 'goes to the end of the list',
  desk_interest_min: 'Names that make a table worth opening', desk_interest_hint: 'The board says so when a list is that long.',
  desk_n_seconds: '{n} seconds', desk_n_minutes: '{n} minutes',
  desk_search_name: 'Name…', desk_nobody_found: 'Nobody by that name.', desk_new_guest_name: 'First and last name',
  desk_list_place: '{game}: place {n}', desk_frozen_chips: '{chips} frozen', desk_on_list_of: 'on the list: {game}',
  desk_guests: 'Guests', desk_find_guest: 'Find a guest', desk_new_guest: 'New guest', desk_where: 'Seated', desk_lists: 'Lists',
  desk_print: 'Print', desk_statement_title: 'Statement of table {table}', desk_game: 'Game',
  desk_opened_at: 'Opened', desk_closed_at: 'Closed', desk_still_open: 'still open', desk_hands_played: 'Hands',
  desk_result: 'Result', desk_total: 'Total', desk_statement_sum: 'Brought {brought} = taken {took} + rake {rake}',
  desk_statement_off: 'does not add up', desk_signature: 'List keeper’s signature',
  desk_bought_in: 'Bought in', desk_at_tables: 'At the tables', desk_frozen: 'Frozen in trays (HC-1.9)', desk_cashed_out: 'Cashed out', desk_rake: 'Rake',
  desk_balances: 'The books balance: bought in = at the tables + frozen + cashed out + rake.', desk_does_not_balance: 'The books do not balance.',
  desk_closed_tables: 'Closed tables', desk_closed_line: 'Table {table} · {game} · {name} · closed {time}', desk_no_closed: 'No table closed yet.',
  desk_open_statements: 'Statements of open tables',
  desk_forget: 'Forget', desk_forget_title: 'Forget {name}', desk_texts: 'Texts when a seat is offered',
  desk_board_names: 'Names on the board in the room', desk_board_names_hint: 'The TV shows the lists to everyone in the room.',
  desk_board_full: 'full names', desk_board_initials: 'initials only (E. M.)',
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
  test_event: 'test event: cards from the TD\'s seed',
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
  new_event: 'New event', template: 'Template', seed: 'Seed: a test event only, never real players (optional)', create_event: 'Create event',
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
  live_tables: 'Live tables', you_are_moved: 'You are moved:', live_help: 'Tick who the dealer called out, pick who won their chips, then “Hand over”.',
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
  // issue 36: list reasons and SMS (sms-lists)
  list_why_offer_here: 'A seat is offered to you now.',
  list_why_offer_at_other_game: 'A seat in another game is offered to you: one offer at a time.',
  list_why_seated_elsewhere: 'You sit in another game: cash out there first.',
  list_why_no_table: 'No table of this game is open yet.',
  list_why_no_open_seat: 'Every seat is taken.',
  list_why_seated_at_this_game_waiting_change: 'You sit in this game: waiting for a seat at another of its tables.',
  list_why_ahead_of_you: 'The open seats are offered to those ahead of you ({n} ahead).',
  list_why_seat_passed: 'You let the open seat go and keep your place: the next seat is yours.',
  list_why_held_for_must_move: 'The open seat is held for the must-move table\'s player.',
  list_ahead: '{n} ahead of you',
  phone_label: 'Mobile number for a text when a seat is free (optional)',
  phone_consent: 'I agree to be texted at this number about seats; it is shown only to the desk and deleted with me.',
  phone_save: 'Save number', phone_remove: 'Remove number', phone_on_file: 'We text you when a seat is offered.',
  forget_me: 'Forget me', guest_forget_confirm: 'Delete your name and number? You leave every list.',
  desk_phones: 'Numbers for texts', sms_on: 'Seat offers are texted.', sms_off: 'No SMS gateway configured.',
  sms_failed: 'Texts not delivered', sms_failed_line: '{name}, table {table} seat {seat}: {why} ({attempts} tries)',
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
  deck_committed: 'Hand {hand}: Deck vorab festgelegt, Fingerabdruck {c}…', deck_values: 'Zufallswerte von Platz {seats}',
  deck_yours_in: 'deiner ist dabei', deck_checked: 'Hand {hand}: Deck auf diesem Gerät geprüft, alle {cards} Karten wie festgelegt',
  deck_differs: 'Hand {hand}: Das Deck stimmt NICHT', deck_left_out: 'nicht verwendet: Platz {seat} ({why})',
  deck_why_late: 'zu spät', deck_why_twice: 'doppelt', deck_why_malformed: 'ungültig', deck_why_left: 'Platz verlassen', deck_download: 'Prüfdatei',
  deck_left_table: 'Deine letzte Hand an Tisch {table}',
  deck_bad_seed: 'der Startwert hat keine 64 Hex-Ziffern', deck_bad_commitment: 'der Startwert passt nicht zu seiner Festlegung',
  deck_bad_value: 'ein Wert hat keine 64 Hex-Ziffern', deck_bad_deck_seed: 'der Deck-Startwert ist nicht der aus Startwert und Werten',
  deck_bad_card: 'Platz {at}: gegeben {card}, im Deck liegt {deck}', deck_gap: 'keine Karte von Platz {at} gegeben',
  cash_next: 'Nächste Hand: Button {button}, Big Blind {bb}; setzen {posts}', cash_sessions: 'Meine Sitzungen',
  cash_brought: 'gebracht', cash_took: 'mitgenommen',
  cash_register_why: 'Einmal eintragen: dieses Handy hält deinen Platz auf den Listen.',
  cash_offer_until: 'Noch {s} s für dich reserviert (bis {time})', cash_waiting_for_players: 'Warten auf Spieler',
  cash_time_called_check_or_dead: 'Zeit gefordert: {s} s, dann Check oder tote Hand ({rule})',
  cash_time_called_dead: 'Zeit gefordert: {s} s, dann ist die Hand tot ({rule})',
  cash_wins: '{name} gewinnt {amount}', cash_keep_playing: 'Platz behalten', cash_top_up_by: 'Chips dazu',
  cash_confirm_cash_out: '{chips} Chips auszahlen und den Platz aufgeben?',
  cash_between_hands: 'Nachkaufen und Auszahlen zwischen den Händen.',
  cash_away_rules_hc: 'Solange du weg bist, bekommst du keine Karten und zahlst keine Blinds. Ist der Button an dir vorbeigewandert, steigst du mit Small Blind (tot) und Big Blind wieder ein oder wartest auf deinen Big Blind. Nach 30 Minuten Abwesenheit kann der Listenführer dich auszahlen oder deine Chips für einen Wartenden einfrieren.',
  cash_away_rules_jpr: 'Solange du weg bist, bekommst du keine Karten; ein verpasster Blind wird an deinem Platz markiert und bei Rückkehr in den Pot nachgezahlt.',
  cash_away_rules_default: 'Solange du weg bist, bekommst du keine Karten; verpasste Blinds werden markiert und bei Rückkehr gesetzt (Big Blind live, Small Blind tot), oder du wartest auf deinen Big Blind.',
  alert_offer_title: 'Ein Platz für dich', alert_turn_title: 'Du bist dran', alert_turn_body: 'Tisch {table}: du bist dran.',
  alert_clock_title: 'Zeit gegen dich gefordert', alert_clock_body: 'Noch {s} Sekunden zum Handeln ({rule}).',
  alerts_turn_on: 'Benachrichtigen', alerts_turn_off: 'Ausschalten',
  alerts_off: 'Platzangebot oder dein Zug: mit Ton, Vibration und Mitteilung?', alerts_on: 'Benachrichtigung an, auch im Hintergrund.',
  alerts_blocked: 'Dieser Browser blockiert Mitteilungen: Ton, Vibration und der Tab-Titel melden sich trotzdem.',
  alerts_test: 'Testen', alerts_test_title: 'Croupier', alerts_test_body: 'So klingt ein Platzangebot.',
  desk_title: 'Listenführung', desk_secret: 'TD-Geheimnis', desk_login: 'Listenführung öffnen',
  desk_tab_tables: 'Tische und Listen', desk_tab_guests: 'Gäste', desk_tab_game: 'Neues Spiel', desk_tab_settings: 'Einstellungen', desk_tab_books: 'Abrechnung',
  desk_cancel: 'Abbrechen', desk_back: 'Zurück', desk_save: 'Speichern', desk_chips: 'Chips', desk_minutes: '{n} Min.',
  desk_in_hand_wait: 'Gerade in der Hand: Chips bewegen sich zwischen den Händen.', desk_top_up_by: 'Chips dazu (bis {max})',
  desk_top_up_title: 'Nachkauf für {name}', desk_top_up_line: '{amount} dazu: {from} → {to} Chips.', desk_move_to: 'Umsetzen nach',
  desk_cash_out_title: '{name} auszahlen', desk_cash_out_line: '{chips} Chips auszahlen und Tisch {table}, Platz {seat} freigeben.',
  desk_hc19_title: 'Über 30 Minuten abwesend (HC-1.9)', desk_hc19_help: 'Jemand wartet auf den Platz: den Spieler auszahlen oder seine Chips in einem Chiptray einfrieren, bis ein Platz für ihn frei ist.',
  desk_freeze_title: 'Chips von {name} einfrieren', desk_freeze_line: '{chips} Chips kommen ins Chiptray; der Platz ist frei für den Nächsten auf der Liste.',
  desk_freeze: 'Chips einfrieren', desk_hc19_cash_out: 'Auszahlen und Platz freigeben',
  desk_free: 'frei', desk_from_the_list: 'Von der Warteliste', desk_frozen_back: 'Zurück mit eingefrorenen Chips (HC-1.9)', desk_any_guest: 'Ein anderer Gast',
  desk_put_on_list_of: 'Gast auf die Liste setzen: {game}', desk_takes_seat: '{name} nimmt Tisch {table}, Platz {seat}', desk_held_for: 'reserviert für {name}',
  desk_opened_by: 'Liste: {name}', desk_hands: '{n} Hände', desk_hands_one: '1 Hand', desk_start_hand: 'Hand beginnt', desk_settle: 'Hand vorbei: abrechnen',
  desk_time_charge_line: '{amount} pro Platz für {n} Spieler: {total}.', desk_close_first: 'Am Tisch sitzen noch {n} Spieler: erst auszahlen oder umsetzen.',
  desk_close_title: 'Tisch {table} schließen', desk_close_line: 'Geführt von {name}; gespielte Hände: {n}. Die Abrechnung folgt.',
  desk_offered: 'Angebot: Tisch {table}, Platz {seat} ({s} s)', desk_takes_it: 'Nimmt an',
  desk_rake_line: 'Rake {p} %, höchstens {cap}', desk_time_charge_short: 'Zeitgebühr {amount} pro Platz und halbe Stunde', desk_no_rake: 'kein Rake',
  desk_no_table: 'Noch kein Tisch offen.', desk_list_empty: 'Niemand auf der Liste.', desk_no_game: 'Noch kein Spiel.',
  desk_mode_online: 'Online (der Server dealt)', desk_mode_tablet: 'Dealer mit Tablet', desk_mode_list_keeper: 'Live, ich führe ihn',
  desk_mode_online_hint: 'Gäste spielen vom Handy.', desk_mode_tablet_hint: 'Ein Dealer führt die Hände am Tablet.', desk_mode_list_keeper_hint: 'Der Listenführer beginnt und rechnet jede Hand hier ab.',
  desk_settle_title: 'Hand an Tisch {table} abrechnen', desk_settle_help: 'Trage ein, was jeder Spieler gesetzt hat, hake ab, wer gefoldet hat, und wähle die Gewinner jedes Pots.',
  desk_put_in: 'Gesetzt', desk_won_by: 'gewonnen von', desk_settle_go: 'Hand abrechnen', desk_settle_nothing: 'Noch nichts gesetzt.',
  desk_settle_choose: 'Wähle die Gewinner jedes Pots.', desk_settle_ready: 'Pot von {pot}: bereit.',
  variant_NT: "No-Limit Hold'em", variant_PT: "Pot-Limit Hold'em", variant_ST: "Spread-Limit Hold'em",
  variant_NO: 'No-Limit Omaha', variant_PO: 'Pot-Limit Omaha', variant_SO: 'Spread-Limit Omaha',
  profile_tda: 'TDA 2019', profile_hc: "Hold'em Cologne", profile_jpr: "Joker's Poker Room", profile_wwpla: 'WWPLA', profile_dg: 'Dealer-Leitfaden (DG)',
  desk_game_name: 'Name auf der Tafel', desk_game_name_example: 'z. B. NLHE 1/2', desk_variant: 'Spiel', desk_small_blind: 'Small Blind', desk_big_blind: 'Big Blind',
  desk_seats: 'Plätze', desk_min_buy_in: 'Kleinstes Buy-in', desk_max_buy_in: 'Größtes Buy-in', desk_profile: 'Regelwerk',
  desk_profile_hint: 'Das Regelwerk für die Zeit, abwesende Spieler und Blinds.', desk_charge: 'Gebühr des Hauses',
  desk_charge_none: 'Kein Rake', desk_charge_rake: 'Rake pro Hand', desk_charge_time: 'Zeitgebühr',
  desk_rake_percent: 'Rake in % des Pots', desk_rake_cap: 'Höchstens', desk_time_per_seat: 'Pro Platz und halbe Stunde',
  desk_spread_max: 'Größter Einsatz', desk_spread_hint: 'Der kleinste ist der Big Blind (HC-3.4.1).',
  desk_open_table_of: 'Tisch eröffnen: {game}', desk_mode: 'Wer dealt', desk_keeper: 'Listenführer',
  desk_keeper_hint: 'Das Mitglied, das den Tisch eröffnet und seine Liste führt (HC-1.10).', desk_conditions: 'Bedingungen',
  desk_feeds: 'Must-Move-Tisch', desk_feeds_hint: 'Seine Spieler wechseln an den Haupttisch, sobald dort Plätze frei werden.',
  desk_feeds_none: 'nein, ein eigener Tisch', desk_feeds_table: 'speist Tisch {table}',
  desk_settings: 'Wartelisten', desk_offer_seconds: 'Ein Platzangebot gilt', desk_offer_seconds_hint: 'Danach geht es an den Nächsten auf der Liste.',
  desk_missed_offer: 'Wer ablehnt oder ein Angebot verfallen lässt', desk_keep_place: 'behält seinen Platz', desk_lose_place: 'kommt ans Ende der Liste',
  desk_interest_min: 'Namen, ab denen sich ein Tisch lohnt', desk_interest_hint: 'Die Tafel zeigt es, wenn eine Liste so lang ist.',
  desk_n_seconds: '{n} Sekunden', desk_n_minutes: '{n} Minuten',
  desk_search_name: 'Name…', desk_nobody_found: 'Niemand mit diesem Namen.', desk_new_guest_name: 'Vor- und Nachname',
  desk_list_place: '{game}: Platz {n}', desk_frozen_chips: '{chips} eingefroren', desk_on_list_of: 'auf die Liste: {game}',
  desk_guests: 'Gäste', desk_find_guest: 'Gast suchen', desk_new_guest: 'Neuer Gast', desk_where: 'Sitzt', desk_lists: 'Listen',
  desk_print: 'Drucken', desk_statement_title: 'Abrechnung von Tisch {table}', desk_game: 'Spiel',
  desk_opened_at: 'Eröffnet', desk_closed_at: 'Geschlossen', desk_still_open: 'noch offen', desk_hands_played: 'Hände',
  desk_result: 'Ergebnis', desk_total: 'Summe', desk_statement_sum: 'Gebracht {brought} = mitgenommen {took} + Rake {rake}',
  desk_statement_off: 'geht nicht auf', desk_signature: 'Unterschrift des Listenführers',
  desk_bought_in: 'Eingekauft', desk_at_tables: 'An den Tischen', desk_frozen: 'Eingefroren (HC-1.9)', desk_cashed_out: 'Ausgezahlt', desk_rake: 'Rake',
  desk_balances: 'Die Abrechnung stimmt: eingekauft = an den Tischen + eingefroren + ausgezahlt + Rake.', desk_does_not_balance: 'Die Abrechnung stimmt nicht.',
  desk_closed_tables: 'Geschlossene Tische', desk_closed_line: 'Tisch {table} · {game} · {name} · geschlossen {time}', desk_no_closed: 'Noch kein Tisch geschlossen.',
  desk_open_statements: 'Abrechnungen offener Tische',
  desk_forget: 'Vergessen', desk_forget_title: '{name} vergessen', desk_texts: 'SMS bei Platzangeboten',
  desk_board_names: 'Namen auf der Tafel im Raum', desk_board_names_hint: 'Der Fernseher zeigt die Listen allen im Raum.',
  desk_board_full: 'volle Namen', desk_board_initials: 'nur Initialen (E. M.)',
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
  test_event: 'Testturnier: Karten aus dem Seed des TD',
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
  new_event: 'Neues Turnier', template: 'Vorlage', seed: 'Seed: nur für ein Testturnier, nie mit echten Spielern (optional)', create_event: 'Turnier anlegen',
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
  live_tables: 'Live-Tische', you_are_moved: 'Du wirst umgesetzt:', live_help: 'Ausgeschiedene ankreuzen, wer ihre Chips gewann wählen, dann „Hand beendet“.',
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
  // issue 36: list reasons and SMS (sms-lists)
  list_why_offer_here: 'Dir ist jetzt ein Platz angeboten.',
  list_why_offer_at_other_game: 'Dir ist ein Platz in einem anderen Spiel angeboten: ein Angebot nach dem anderen.',
  list_why_seated_elsewhere: 'Du sitzt in einem anderen Spiel: erst dort auszahlen lassen.',
  list_why_no_table: 'Noch ist kein Tisch dieses Spiels offen.',
  list_why_no_open_seat: 'Alle Plätze sind besetzt.',
  list_why_seated_at_this_game_waiting_change: 'Du sitzt in diesem Spiel und wartest auf einen Platz an einem anderen seiner Tische.',
  list_why_ahead_of_you: 'Die freien Plätze gehen an die vor dir ({n} vor dir).',
  list_why_seat_passed: 'Du hast den freien Platz ausgelassen und behältst deinen Listenplatz: der nächste Platz ist deiner.',
  list_why_held_for_must_move: 'Der freie Platz wird für den Spieler des Must-Move-Tischs gehalten.',
  list_ahead: '{n} vor dir',
  phone_label: 'Handynummer für eine SMS, wenn ein Platz frei ist (freiwillig)',
  phone_consent: 'Ich bin einverstanden, unter dieser Nummer wegen eines Platzes eine SMS zu bekommen; nur die Listenführung sieht sie, und sie wird mit mir gelöscht.',
  phone_save: 'Nummer speichern', phone_remove: 'Nummer löschen', phone_on_file: 'Wir schicken dir eine SMS, wenn dir ein Platz angeboten wird.',
  forget_me: 'Mich vergessen', guest_forget_confirm: 'Name und Nummer löschen? Du wirst von allen Listen genommen.',
  desk_phones: 'Nummern für SMS', sms_on: 'Platzangebote gehen per SMS raus.', sms_off: 'Kein SMS-Gateway eingerichtet.',
  sms_failed: 'Nicht zugestellte SMS', sms_failed_line: '{name}, Tisch {table} Platz {seat}: {why} ({attempts} Versuche)',
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
/** The cash games' variants by PHH code (spread limit: ST, SO). */
export const VARIANTS = ['NT', 'PT', 'ST', 'NO', 'PO', 'SO'];
/** A cash game's variant by name ("No-limit hold'em") in the page's language; its code if unknown. */
export const variantName = (code) => (VARIANTS.includes(code) ? t(`variant_${code}`) : code);

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
