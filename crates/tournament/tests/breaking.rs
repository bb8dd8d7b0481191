//! Breaking tables (TDA-10, TDA-11C), buttons at tables that take in new players (WWPLA-12),
//! the final table (TDA-RP-9, HC-1.7) and players coming in after the start (TDA-8A).

mod common;

use common::*;
use engine::Seat;
use tournament::director::{HandStart, Happening, Wait};
use tournament::{Status, TableId, Tournament};

const A: TableId = TableId(0);
const B: TableId = TableId(1);
const C: TableId = TableId(2);

/// 19 players at tables of 9: A 7, B 6, C 6. A plays walks until an empty seat lies between
/// its last small blind and big blind; then B's player under the gun busts, 18 are left and
/// fit on two tables. Returns the tournament, the event count before the bust, C's players
/// with their stacks, A's last hand and B's busting hand.
fn break_by_bust_at_b(
    profile: &str,
    seed: u64,
) -> (
    Tournament,
    usize,
    Vec<(engine::PlayerId, u64)>,
    HandStart,
    HandStart,
) {
    let mut t = started(config("deepstack", profile), 19, seed);
    assert_eq!(counts(&t), vec![(A, 7), (B, 6), (C, 6)]);
    let mut last_a = None;
    for _ in 0..9 {
        let (s, _) = play(&mut t, A, at_minute(0), Script::Walk).unwrap();
        let p = &s.positions;
        let straddled = (0..9).map(Seat).any(|e| {
            player_in(&t, A, e).is_none()
                && strictly_between(9, p.small_blind_position, e, p.big_blind)
        });
        last_a = Some(s);
        if straddled {
            break;
        }
    }
    let from_c: Vec<_> = players_at(&t, C).iter().map(|p| (p.1, p.2)).collect();
    let since = t.events().len();
    let sb = bust_at(&mut t, B, at_minute(1), |s| vec![under_the_gun(s)]);
    (t, since, from_c, last_a.expect("a hand at A"), sb)
}

#[test]
fn tda_11c_the_highest_table_breaks_and_tda_10_its_players_draw_new_seats() {
    for seed in 1..=4 {
        let (t, since, from_c, _, _) = break_by_bust_at_b("tda", seed);
        // The bust was at B, but C, the highest number, breaks (the predetermined order).
        let broken: Vec<TableId> = t
            .events()
            .iter_from(since)
            .filter_map(|e| match e.what {
                Happening::TableBroken { table } => Some(table),
                _ => None,
            })
            .collect();
        assert_eq!(broken, vec![C], "seed {seed}");
        assert_eq!(counts(&t), vec![(A, 9), (B, 9)]);
        // Every player of C has exactly one new seat, drawn by TDA-10, with the same stack.
        for (player, stack) in from_c {
            let seated: Vec<_> = t
                .events()
                .iter_from(since)
                .filter_map(|e| match e.what {
                    Happening::Seated {
                        player: p,
                        table,
                        seat,
                        rule,
                    } if p == player => Some((table, seat, rule)),
                    _ => None,
                })
                .collect();
            let (table, seat) = seat_of(&t, player);
            assert_eq!(
                seated,
                vec![(table, seat, engine::rule!("TDA-10"))],
                "seed {seed}"
            );
            let at = players_at(&t, table);
            assert!(
                at.contains(&(seat, player, stack)),
                "seed {seed}: {player:?}"
            );
        }
    }
}

#[test]
fn tda_10_new_players_play_on_the_blinds_but_not_between_small_blind_and_button() {
    for seed in 1..=4 {
        let (mut t, _, from_c, last_a, sb) = break_by_bust_at_b("tda", seed);
        let newcomer = |p| from_c.iter().any(|&(id, _)| id == p);
        // TDA-32: the button moves to the last small blind's position, the small blind to the
        // last big blind's seat.
        let next = t.next_hand(A, at_minute(2)).unwrap();
        let (button, small) = (
            last_a.positions.small_blind_position,
            last_a.positions.big_blind,
        );
        assert_eq!(next.positions.button, button);
        assert_eq!(next.positions.small_blind_position, small);
        let mut sat_out = 0;
        for (seat, player, _) in players_at(&t, A) {
            let between = strictly_between(9, button, seat, small);
            let waits = newcomer(player) && between;
            sat_out += usize::from(waits);
            assert_eq!(
                dealt_at(&next, seat).is_none(),
                waits,
                "seed {seed}: {seat}"
            );
        }
        // A was full after the break, so the empty seat between its blinds was taken.
        assert!(sat_out >= 1, "seed {seed}");
        // B is full after the break: the seat after its last big blind, emptied by the bust or
        // empty before, has a new player, who posts the next big blind.
        let next_b = t.next_hand(B, at_minute(2)).unwrap();
        let utg = left_of(sb.positions.big_blind, 1, 9);
        assert_eq!(next_b.positions.big_blind, utg, "seed {seed}");
        let player = player_in(&t, B, utg).unwrap();
        assert!(
            newcomer(player),
            "seed {seed}: the big blind is a new player"
        );
        assert_eq!(dealt_at(&next_b, utg), Some(player));
    }
}

#[test]
fn wwpla_12_more_than_two_new_players_redraw_the_button() {
    for seed in 1..=4 {
        // A gets two of C's players, B four.
        let (mut t, since, from_c, last_a, _) = break_by_bust_at_b("wwpla", seed);
        let new_at = |t: &Tournament, table| {
            players_at(t, table)
                .iter()
                .filter(|p| from_c.iter().any(|c| c.0 == p.1))
                .count()
        };
        assert_eq!((new_at(&t, A), new_at(&t, B)), (2, 4), "seed {seed}");
        let drawn = |t: &Tournament, table| {
            t.events()
                .iter_from(since)
                .filter_map(|e| match e.what {
                    Happening::ButtonDrawn { table: d, seat, .. } if d == table => Some(seat),
                    _ => None,
                })
                .collect::<Vec<Seat>>()
        };
        let next_b = t.next_hand(B, at_minute(2)).unwrap();
        assert_eq!(drawn(&t, B), vec![next_b.positions.button], "seed {seed}");
        // Two new players only: A's button moves on as usual.
        let next_a = t.next_hand(A, at_minute(2)).unwrap();
        assert!(drawn(&t, A).is_empty(), "seed {seed}");
        assert_eq!(
            next_a.positions.button,
            last_a.positions.small_blind_position
        );
    }
}

#[test]
fn tda_rp_9_two_short_tables_merge_into_the_final_table() {
    // RP-9: 9- and 8-handed events go from two tables of five to a final table of 9; 7- and
    // 6-handed from two tables of four to a final table of 7.
    for (size, per_table, final_size) in [(9, 5, 9), (8, 5, 9), (7, 4, 7), (6, 4, 7)] {
        let mut c = config("deepstack", "tda");
        c.table_size = size;
        let mut t = started(c, 2 * per_table, 2);
        assert_eq!(
            counts(&t),
            vec![(A, per_table), (B, per_table)],
            "{size}-handed"
        );
        let mut other = t.next_hand(B, at_minute(0)).unwrap();
        bust_at(&mut t, A, at_minute(0), |s| vec![under_the_gun(s)]);
        // One fewer than two full short tables: the final table, once B's hand is over.
        assert_eq!(t.may_start(A), Err(Wait::FinalTable), "{size}-handed");
        finish(&mut t, &mut other, at_minute(0), Script::Walk).unwrap();
        // At the lowest-numbered table in play, set for the final's size (issue 32: its
        // dealer and tablet stay); the other table is broken.
        assert_eq!(counts(&t), vec![(A, final_size)], "{size}-handed");
        let table = t.table(A).unwrap();
        assert_eq!(table.table.seats().len(), final_size, "{size}-handed");
        assert!(t.table(B).unwrap().broken);
        let chips: u64 = players_at(&t, A).iter().map(|p| p.2).sum();
        assert_eq!(chips, 2 * per_table as u64 * t.config().starting_stack);
        assert!(
            t.events()
                .iter()
                .any(|e| e.what == Happening::FinalTable { table: A })
        );
    }
}

#[test]
fn hc_1_7_the_final_table_forms_at_ten_players_seated_by_the_card_draw() {
    let mut t = started(config("hc", "hc"), 11, 6);
    assert_eq!(counts(&t), vec![(A, 6), (B, 5)]);
    let mut other = t.next_hand(A, at_minute(0)).unwrap();
    bust_at(&mut t, B, at_minute(0), |s| vec![under_the_gun(s)]);
    assert_eq!(t.may_start(B), Err(Wait::FinalTable));
    finish(&mut t, &mut other, at_minute(0), Script::Walk).unwrap();
    // Ten players at one table of ten, seats ace to ten, the ace on the button; at table 1,
    // the lowest in play.
    assert_eq!(counts(&t), vec![(A, 10)]);
    let seats: Vec<Seat> = players_at(&t, A).iter().map(|p| p.0).collect();
    assert_eq!(seats, (0..10).map(Seat).collect::<Vec<_>>());
    let first = t.next_hand(A, at_minute(1)).unwrap();
    assert_eq!(first.positions.button, Seat(0));
    assert_eq!(first.positions.small_blind, Some(Seat(1)));
    assert_eq!(first.positions.big_blind, Seat(2));
}

#[test]
fn tda_8a_an_alternate_takes_the_open_seat_with_a_full_stack() {
    let mut c = config("deepstack", "tda");
    c.registration.max_entrants = 18;
    let mut t = Tournament::new(c, 3).unwrap();
    for i in 0..19 {
        t.register(
            &format!("P{}", i + 1),
            true,
            Some(tournament::Actor::System),
            at_minute(0),
        )
        .unwrap();
    }
    let alternate = engine::PlayerId(18);
    assert_eq!(t.entry(alternate).unwrap().status, Status::Alternate);
    t.start(at_minute(0)).unwrap();
    assert_eq!(counts(&t), vec![(A, 9), (B, 9)]);
    let hand = bust_at(&mut t, A, at_minute(1), |s| vec![under_the_gun(s)]);
    let open = left_of(hand.positions.big_blind, 1, 9);
    assert_eq!(seat_of(&t, alternate), (A, open));
    assert_eq!(t.entry(alternate).unwrap().status, Status::Playing);
    assert!(players_at(&t, A).contains(&(open, alternate, 40_000)));
    // Dealt in at once: the seat after the last big blind posts the next one.
    let next = t.next_hand(A, at_minute(2)).unwrap();
    assert_eq!(dealt_at(&next, open), Some(alternate));
    assert_eq!(next.positions.big_blind, open);
}

#[test]
fn tda_8a_late_entries_and_re_entries_draw_from_the_open_seats_with_a_full_stack() {
    // A late registrant: B has the only open seat.
    let mut t = started(config("deepstack", "tda"), 17, 8);
    assert_eq!(counts(&t), vec![(A, 9), (B, 8)]);
    let open = (0..9)
        .map(Seat)
        .find(|&s| player_in(&t, B, s).is_none())
        .unwrap();
    let late = t
        .register("Late", true, Some(tournament::Actor::System), at_minute(5))
        .unwrap();
    assert_eq!(seat_of(&t, late), (B, open));
    assert!(players_at(&t, B).contains(&(open, late, 40_000)));
    // A re-entry: the busted player's seat is the only open one.
    let hand = bust_at(&mut t, A, at_minute(6), |s| vec![under_the_gun(s)]);
    let gone = under_the_gun(&hand);
    let open = left_of(hand.positions.big_blind, 1, 9);
    let again = t
        .re_enter(gone, tournament::Actor::System, at_minute(7))
        .unwrap();
    assert_eq!(t.entry(again).unwrap().entry_number, 2);
    assert_eq!(seat_of(&t, again), (A, open));
    assert!(players_at(&t, A).contains(&(open, again, 40_000)));
    let rules: Vec<&str> = t
        .events()
        .iter()
        .filter_map(|e| match e.what {
            Happening::Seated { player, rule, .. } if player == late || player == again => {
                Some(rule.id())
            }
            _ => None,
        })
        .collect();
    assert_eq!(rules, vec!["TDA-8A", "TDA-8A"]);
}
