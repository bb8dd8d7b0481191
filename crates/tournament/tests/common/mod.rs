//! Test harness for the director: tournaments from the shipped templates, and hands played by
//! script on stacked decks, so that a test decides who busts and who wins.
#![allow(dead_code)]

use cards::{Card, Deck, Rank};
use engine::{Action, Hand, Op, PlayerId, Seat, Step};
use tournament::config::EventConfig;
use tournament::director::{DirectorError, HandReport, HandStart};
use tournament::{Actor, TableId, Time, Tournament};

pub const MINUTE: u64 = 60_000;

pub fn at_minute(m: u64) -> Time {
    Time(m * MINUTE)
}

/// A shipped template under `profile`.
pub fn config(template: &str, profile: &str) -> EventConfig {
    let mut c = EventConfig::template(template).expect("template");
    c.profile = profile.parse().expect("a profile");
    c
}

/// A shipped template under `profile`, as a live event (`tables = "live"`): dealers deal
/// real cards and report each hand's end and its busts (HC-1.8).
pub fn live(template: &str, profile: &str) -> EventConfig {
    let mut c = config(template, profile);
    c.tables = tournament::config::TableMode::Live;
    c
}

/// Starts the hand of every table that may start, as the server does for a live event.
pub fn deal_all(t: &mut Tournament, now: Time) {
    let ids: Vec<TableId> = t.active_tables().collect();
    for id in ids {
        if t.may_start(id).is_ok() {
            let _ = t.next_hand(id, now);
        }
    }
}

/// `players` registered as "P1".."Pn", all at their seats, and the tournament started at 0.
pub fn started(config: EventConfig, players: usize, seed: u64) -> Tournament {
    let mut t = Tournament::new(config, seed).expect("a valid configuration");
    for i in 0..players {
        t.register(&format!("P{}", i + 1), true, Some(Actor::System), Time(0))
            .expect("registration");
    }
    t.start(Time(0)).expect("start");
    t
}

/// How a scripted hand is played.
#[derive(Clone, Copy, Debug)]
pub enum Script<'a> {
    /// Everyone folds to the big blind, who checks if it comes to that.
    Walk,
    /// These players go all in (each bets or raises the most, or calls, or checks); everyone
    /// else folds. At most two `winners`, who split when two.
    AllIn {
        players: &'a [PlayerId],
        winners: &'a [PlayerId],
    },
}

/// Starts the next hand at `table` and plays it by `script`; returns the start and the report.
pub fn play(
    t: &mut Tournament,
    table: TableId,
    now: Time,
    script: Script,
) -> Result<(HandStart, HandReport), DirectorError> {
    let mut start = t.next_hand(table, now)?;
    let hand = play_start(&mut start, script);
    let report = t.finish_hand(table, &hand, now)?;
    Ok((start, report))
}

/// Plays a started hand to its end on a deck stacked for `script`. Stud hands are walks on the
/// director's deck: the bring-in (TDA-RP-10) wins when everyone folds to it.
pub fn play_start(start: &mut HandStart, script: Script) -> Hand {
    let (all_in, winners): (&[PlayerId], &[PlayerId]) = match script {
        Script::Walk => (&[], &[]),
        Script::AllIn { players, winners } => (players, winners),
    };
    if start.setup.variant.game.is_stud() {
        assert!(all_in.is_empty(), "stud hands are walks here");
    } else {
        start.setup.deck = Some(stacked_deck(
            &start.players,
            winners,
            start.setup.variant.game.hole_cards(),
        ));
    }
    let mut hand = Hand::new(start.setup.clone()).expect("a valid hand");
    while let Step::Act(p) = hand.step() {
        let legal = hand.legal_actions().expect("the player to act has actions");
        let id = start.players[p.index()];
        let action = if legal.bring_in.is_some() {
            Action::BringIn
        } else if all_in.contains(&id) {
            match (legal.bet_or_raise, legal.call) {
                (Some(r), _) => Action::BetOrRaiseTo(r.max_to),
                (None, Some(_)) => Action::Call,
                (None, None) => Action::Check,
            }
        } else if legal.check {
            Action::Check
        } else {
            Action::Fold
        };
        hand.apply(Op::Act(p, action)).expect("a legal action");
    }
    assert!(hand.is_over(), "the hand stopped at {}", hand.step());
    hand
}

/// Winners hold aces (As Ah, then Ad Ac) and the board is Kc Kd Ks 2h 7c: aces full beats
/// every other hand, no low qualifies, and two winners tie.
fn stacked_deck(players: &[PlayerId], winners: &[PlayerId], hole: usize) -> Deck {
    assert!(winners.len() <= 2, "at most two scripted winners");
    let aces = ["As", "Ah", "Ad", "Ac"].map(card);
    let board = ["Kc", "Kd", "Ks", "2h", "7c"].map(card);
    let mut rest = Card::all()
        .filter(|c| c.rank() != Rank::Ace && c.rank() != Rank::King && !board.contains(c));
    let mut holes: Vec<Vec<Card>> = players
        .iter()
        .map(|p| match winners.iter().position(|w| w == p) {
            Some(k) => {
                let mut h = vec![aces[2 * k], aces[2 * k + 1]];
                h.extend(rest.by_ref().take(hole - 2));
                h
            }
            None => rest.by_ref().take(hole).collect(),
        })
        .collect();
    let mut cards = Vec::with_capacity(52);
    for round in 0..hole {
        for h in &mut holes {
            cards.push(h[round]);
        }
    }
    let mut burn = || rest.next().expect("a burn card");
    cards.push(burn());
    cards.extend_from_slice(&board[..3]);
    cards.push(burn());
    cards.push(board[3]);
    cards.push(burn());
    cards.push(board[4]);
    Deck::from_cards(cards)
}

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

/// Where a player sits now.
pub fn seat_of(t: &Tournament, player: PlayerId) -> (TableId, Seat) {
    t.entry(player).expect("an entry").seat.expect("seated")
}

/// Players at a table, by seat.
pub fn players_at(t: &Tournament, table: TableId) -> Vec<(Seat, PlayerId, u64)> {
    t.table(table)
        .expect("a table")
        .table
        .seats()
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|p| (Seat(i as u8), p.id, p.stack.0)))
        .collect()
}

/// Player counts of the tables in play, by table number.
pub fn counts(t: &Tournament) -> Vec<(TableId, usize)> {
    t.active_tables()
        .map(|id| (id, t.table(id).expect("a table").players()))
        .collect()
}

/// Plays a hand already started with `next_hand` by `script` and reports it, for tests that keep
/// several tables in a hand at once.
pub fn finish(
    t: &mut Tournament,
    start: &mut HandStart,
    now: Time,
    script: Script,
) -> Result<HandReport, DirectorError> {
    let hand = play_start(start, script);
    t.finish_hand(start.table, &hand, now)
}

/// Who sits at `seat` of `table`.
pub fn player_in(t: &Tournament, table: TableId, seat: Seat) -> Option<PlayerId> {
    t.table(table).expect("a table").table.seats()[seat.index()].map(|p| p.id)
}

/// The player dealt in at `seat` in a started hand.
pub fn dealt_at(start: &HandStart, seat: Seat) -> Option<PlayerId> {
    let i = start.positions.dealt.iter().position(|&s| s == seat)?;
    Some(start.players[i])
}

/// A logged move: player, from, to, rule.
pub type Move = (PlayerId, (TableId, Seat), (TableId, Seat), &'static str);

/// The balancing moves logged from event `since` on.
pub fn moves_since(t: &Tournament, since: usize) -> Vec<Move> {
    t.events()
        .iter_from(since)
        .filter_map(|e| match e.what {
            tournament::director::Happening::Moved {
                player,
                from,
                to,
                rule,
            } => Some((player, from, to, rule.id())),
            _ => None,
        })
        .collect()
}

/// The seat `k` seats clockwise (to the left) of `seat` at a table of `n` seats.
pub fn left_of(seat: Seat, k: usize, n: usize) -> Seat {
    Seat(((seat.index() + k) % n) as u8)
}

/// Whether `seat` lies strictly between `from` and `to`, going clockwise at `n` seats.
pub fn strictly_between(n: usize, from: Seat, seat: Seat, to: Seat) -> bool {
    let d = |a: Seat, b: Seat| (b.index() + n - a.index()) % n;
    d(from, seat) > 0 && d(from, seat) < d(from, to)
}

/// The player acting first after the big blind in a started hand (under the gun).
pub fn under_the_gun(start: &HandStart) -> PlayerId {
    let dealt = &start.positions.dealt;
    let bb = dealt
        .iter()
        .position(|&s| s == start.positions.big_blind)
        .expect("the big blind is dealt in");
    start.players[(bb + 1) % dealt.len()]
}

/// Two 6-handed tables of TDA deep stacks (levels 1-2 at 100/200, level 3 at 200/300, 40
/// minutes each, no antes), no late entries, 6 of up to 12 entrants paid (35, 25, 15, 10, 8, 7 %) and
/// hand-for-hand from `players_over_paid` over the money (TDA-RP-8). The final table is 7
/// (TDA-RP-9 for 6-handed events).
pub fn bubble_config(players_over_paid: u32) -> EventConfig {
    let mut c = config("deepstack", "tda");
    c.table_size = 6;
    c.re_entry = None;
    c.registration.late_until_level = 0;
    c.hand_for_hand.players_over_paid = players_over_paid;
    // No big-blind ante, so that equal stacks all in bust every loser.
    for level in &mut c.levels {
        level.big_blind_ante = 0;
    }
    c.payouts.table = vec![
        tournament::config::PayoutRow {
            entrants: [2, 7],
            percent: vec![70.0, 30.0],
        },
        tournament::config::PayoutRow {
            entrants: [8, 12],
            percent: vec![35.0, 25.0, 15.0, 10.0, 8.0, 7.0],
        },
    ];
    c
}

/// Plays a hand at `table` where `winner` goes all in against `losers`, who all bust if the
/// winner covers them.
pub fn knock_out(
    t: &mut Tournament,
    table: TableId,
    now: Time,
    winner: PlayerId,
    losers: &[PlayerId],
) -> HandReport {
    let mut players = vec![winner];
    players.extend_from_slice(losers);
    let script = Script::AllIn {
        players: &players,
        winners: &[winner],
    };
    play(t, table, now, script).expect("the hand").1
}

/// A player's stack at their table now.
pub fn stack_of(t: &Tournament, player: PlayerId) -> u64 {
    let (table, seat) = seat_of(t, player);
    players_at(t, table)
        .into_iter()
        .find(|&(s, _, _)| s == seat)
        .map(|(_, _, stack)| stack)
        .expect("a stack")
}

/// Milliseconds from minutes and seconds.
pub fn ms(minutes: u64, seconds: u64) -> u64 {
    minutes * MINUTE + seconds * 1000
}

/// Busts `losers` at `table` in one hand, won by the player with the most live chips (the
/// stack less any ante) who covers them; returns the hand's start.
pub fn bust_at(
    t: &mut Tournament,
    table: TableId,
    now: Time,
    losers: impl Fn(&HandStart) -> Vec<PlayerId>,
) -> HandStart {
    let mut start = t.next_hand(table, now).unwrap();
    let out = losers(&start);
    let live = |i: usize| start.setup.stacks[i].0 - start.setup.antes[i].0;
    let w = (0..start.players.len())
        .filter(|&i| !out.contains(&start.players[i]))
        .max_by_key(|&i| live(i))
        .map(|i| start.players[i])
        .unwrap();
    let mut all_in = out.clone();
    all_in.push(w);
    let report = finish(
        t,
        &mut start,
        now,
        Script::AllIn {
            players: &all_in,
            winners: &[w],
        },
    )
    .unwrap();
    let (mut busted, mut out) = (report.busted, out);
    busted.sort_by_key(|p| p.0);
    out.sort_by_key(|p| p.0);
    assert_eq!(busted, out, "the losers bust");
    start
}

/// The big blind's player in a started hand.
pub fn big_blind(s: &HandStart) -> PlayerId {
    dealt_at(s, s.positions.big_blind).unwrap()
}
