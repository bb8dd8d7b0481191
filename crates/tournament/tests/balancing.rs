//! Seating and balancing: the first seats (HC-1.7, WWPLA-12), who moves to which seat when
//! tables differ by two (TDA-11A, HC-1.8, WWPLA-12) and when play holds (TDA-11D, HC-1.8).

mod common;

use common::*;
use engine::Seat;
use tournament::director::{DirectorError, HandStart, Wait};
use tournament::{TableId, Tournament};

const A: TableId = TableId(0);
const B: TableId = TableId(1);
const C: TableId = TableId(2);

#[test]
fn hc_1_7_worked_example_seventeen_players_ace_on_the_button() {
    // HC-1.7: 17 players are table A with 9 (spades A-9) and table B with 8 (hearts A-8); the
    // ace is the button, the two the small blind, the three the big blind.
    let mut t = started(config("hc", "hc"), 17, 4);
    assert_eq!(counts(&t), vec![(A, 9), (B, 8)]);
    for (table, n) in [(A, 9u8), (B, 8)] {
        let seats: Vec<Seat> = players_at(&t, table).iter().map(|p| p.0).collect();
        assert_eq!(seats, (0..n).map(Seat).collect::<Vec<_>>());
        let start = t.next_hand(table, at_minute(0)).unwrap();
        assert_eq!(start.positions.button, Seat(0));
        assert_eq!(start.positions.small_blind, Some(Seat(1)));
        assert_eq!(start.positions.big_blind, Seat(2));
    }
    // HC-1.7: at most 10 a table, differing by one at most: 23 players are 8, 8 and 7.
    let t = started(config("hc", "hc"), 23, 4);
    assert_eq!(counts(&t), vec![(A, 8), (B, 8), (C, 7)]);
}

#[test]
fn wwpla_12_the_button_starts_at_seat_one() {
    for seed in 1..=3 {
        let mut t = started(config("deepstack", "wwpla"), 18, seed);
        for table in [A, B] {
            let start = t.next_hand(table, at_minute(0)).unwrap();
            assert_eq!(start.positions.button, Seat(0), "seed {seed}, {table}");
        }
    }
}

#[test]
fn tda_11a_big_blind_next_moves_to_the_worst_position() {
    for seed in 1..=4 {
        let mut t = started(config("deepstack", "tda"), 18, seed);
        // B loses the players one and four seats after its big blind. A newcomer in seat bb+1
        // posts B's next big blind, in seat bb+4 the third: bb+1 is the worst position.
        let sb = bust_at(&mut t, B, at_minute(1), |s| {
            vec![
                under_the_gun(s),
                dealt_at(s, left_of(s.positions.big_blind, 4, 9)).unwrap(),
            ]
        });
        let worst = left_of(sb.positions.big_blind, 1, 9);
        // A (9) is two more than B (7): A gives a player when its hand is over (TDA-11C).
        let since = t.events().len();
        let (sa, _) = play(&mut t, A, at_minute(1), Script::Walk).unwrap();
        // A is full: the big blind goes to the next seat.
        let next_bb = left_of(sa.positions.big_blind, 1, 9);
        let mover = dealt_at(&sa, next_bb).unwrap();
        let moves = moves_since(&t, since);
        assert_eq!(moves.len(), 1, "seed {seed}: {moves:?}");
        let (player, from, to, rule) = moves[0];
        assert_eq!((player, from, rule), (mover, (A, next_bb), "TDA-11A"));
        assert_eq!(to, (B, worst), "seed {seed}");
        assert_eq!(counts(&t), vec![(A, 8), (B, 8)]);
        let next = t.next_hand(B, at_minute(2)).unwrap();
        assert_eq!(next.positions.big_blind, to.1, "seed {seed}");
        assert_eq!(dealt_at(&next, to.1), Some(mover));
    }
}

#[test]
fn tda_11a_the_worst_position_counts_from_the_hand_in_progress() {
    for seed in 1..=4 {
        let mut t = started(config("deepstack", "tda"), 18, seed);
        // B loses the players one and four seats after its big blind (bb+1, bb+4), then deals
        // its next hand: big blind bb+2, small blind position bb.
        let sb = bust_at(&mut t, B, at_minute(1), |s| {
            let bb = s.positions.big_blind;
            vec![under_the_gun(s), dealt_at(s, left_of(bb, 4, 9)).unwrap()]
        });
        let seat = |k| left_of(sb.positions.big_blind, k, 9);
        let mut in_progress = t.next_hand(B, at_minute(1)).unwrap();
        assert_eq!(in_progress.positions.big_blind, seat(2));
        // Meanwhile A gives B a player. After B's hand the big blind goes to bb+3, then to
        // bb+4; a newcomer at bb+1 would sit between the button (bb) and the small blind
        // (bb+2) and wait a round. So bb+4 is the worst position.
        let since = t.events().len();
        play(&mut t, A, at_minute(1), Script::Walk).unwrap();
        let moves = moves_since(&t, since);
        assert_eq!(moves.len(), 1, "seed {seed}: {moves:?}");
        assert_eq!(moves[0].2, (B, seat(4)), "seed {seed}");
        finish(&mut t, &mut in_progress, at_minute(2), Script::Walk).unwrap();
        play(&mut t, B, at_minute(2), Script::Walk).unwrap();
        let fourth = t.next_hand(B, at_minute(2)).unwrap();
        assert_eq!(fourth.positions.big_blind, seat(4), "seed {seed}");
        assert_eq!(dealt_at(&fourth, seat(4)), Some(moves[0].0));
    }
}

#[test]
fn tda_11a_the_worst_position_is_never_the_small_blind() {
    for seed in 1..=4 {
        let mut t = started(config("deepstack", "tda"), 18, seed);
        // B's big blind and the player after it bust. B's next small
        // blind is the empty big-blind seat, its next big blind the seat after it.
        let sb = bust_at(&mut t, B, at_minute(1), |s| {
            vec![big_blind(s), under_the_gun(s)]
        });
        let small_blind_seat = sb.positions.big_blind;
        let worst = left_of(small_blind_seat, 1, 9);
        let since = t.events().len();
        play(&mut t, A, at_minute(1), Script::Walk).unwrap();
        let moves = moves_since(&t, since);
        assert_eq!(moves.len(), 1, "seed {seed}: {moves:?}");
        assert_eq!(
            moves[0].2,
            (B, worst),
            "seed {seed}: not the small blind's seat"
        );
        let next = t.next_hand(B, at_minute(2)).unwrap();
        assert_eq!(next.positions.small_blind_position, small_blind_seat);
        assert_eq!(next.positions.big_blind, worst);
        assert_eq!(dealt_at(&next, worst), Some(moves[0].0));
    }
}

#[test]
fn tda_11d_a_table_three_short_holds_until_balanced() {
    let mut t = started(config("deepstack", "tda"), 18, 5);
    // Two short of the fullest: B plays on.
    bust_at(&mut t, B, at_minute(1), |s| {
        vec![under_the_gun(s), dealt_at(s, s.positions.button).unwrap()]
    });
    assert_eq!(counts(&t), vec![(A, 9), (B, 7)]);
    assert_eq!(t.may_start(B), Ok(()));
    // Three short: B holds; A, the fullest, plays.
    bust_at(&mut t, B, at_minute(1), |s| vec![under_the_gun(s)]);
    assert_eq!(counts(&t), vec![(A, 9), (B, 6)]);
    assert_eq!(t.may_start(B), Err(Wait::Short));
    assert!(matches!(
        t.next_hand(B, at_minute(2)),
        Err(DirectorError::Wait(B, Wait::Short))
    ));
    assert_eq!(t.may_start(A), Ok(()));
    // A's hand over, A gives B a player (TDA-11A): 8 and 7, and B may play again.
    play(&mut t, A, at_minute(2), Script::Walk).unwrap();
    assert_eq!(counts(&t), vec![(A, 8), (B, 7)]);
    assert_eq!(t.may_start(B), Ok(()));
}

/// HC-1.8's example: A 8, B 8, C 7 (HC-1.7 seats 0.., the button on seat 0). A has played one
/// hand and B two, so their buttons are on seats 1 and 2; then a hand starts everywhere.
fn hc_example(seed: u64) -> (Tournament, [HandStart; 3]) {
    let mut t = started(config("hc", "hc"), 23, seed);
    assert_eq!(counts(&t), vec![(A, 8), (B, 8), (C, 7)]);
    for table in [A, B, B] {
        play(&mut t, table, at_minute(0), Script::Walk).unwrap();
    }
    let starts = [A, B, C].map(|table| t.next_hand(table, at_minute(1)).unwrap());
    let buttons = starts.each_ref().map(|s| s.positions.button);
    assert_eq!(buttons, [Seat(1), Seat(2), Seat(0)]);
    (t, starts)
}

#[test]
fn hc_1_8_worked_example_the_player_at_the_same_position_takes_the_seat() {
    let mut sources = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let (mut t, [mut sa, mut sb, mut sc]) = hc_example(seed);
        finish(&mut t, &mut sa, at_minute(1), Script::Walk).unwrap();
        // At C the player three seats left of the button (seat 3) busts.
        let gone = dealt_at(&sc, Seat(3)).unwrap();
        let winner = big_blind(&sc);
        let report = finish(
            &mut t,
            &mut sc,
            at_minute(1),
            Script::AllIn {
                players: &[gone, winner],
                winners: &[winner],
            },
        )
        .unwrap();
        assert_eq!(report.busted, vec![gone]);
        // Balancing waits for B's hand; no new hand starts anywhere before it.
        assert_eq!(t.may_start(A), Err(Wait::Balancing), "seed {seed}");
        assert_eq!(t.may_start(C), Err(Wait::Balancing), "seed {seed}");
        assert!(moves_since(&t, 0).is_empty());
        let since = t.events().len();
        finish(&mut t, &mut sb, at_minute(1), Script::Walk).unwrap();
        // A card picks A or B; there the player three seats left of its button moves into
        // seat 3 of C.
        let moves = moves_since(&t, since);
        assert_eq!(moves.len(), 1, "seed {seed}: {moves:?}");
        let (player, from, to, rule) = moves[0];
        let source = if from.0 == A { &sa } else { &sb };
        assert!([A, B].contains(&from.0));
        assert_eq!(
            from.1,
            left_of(source.positions.button, 3, 10),
            "seed {seed}"
        );
        assert_eq!(Some(player), dealt_at(source, from.1));
        assert_eq!((to, rule), ((C, Seat(3)), "HC-1.8"));
        sources.insert(from.0);
        for table in [A, B, C] {
            assert_eq!(t.may_start(table), Ok(()), "seed {seed}, {table}");
        }
        // The button moves on one seat: the newcomer posts the big blind at once, as they would
        // have at their old table.
        let next = t.next_hand(C, at_minute(2)).unwrap();
        assert_eq!(next.positions.button, Seat(1));
        assert_eq!(next.positions.big_blind, Seat(3));
        assert_eq!(dealt_at(&next, Seat(3)), Some(player));
    }
    // The card decides between equally full tables, so both give a player over the seeds.
    assert_eq!(sources.len(), 2, "{sources:?}");
}

#[test]
fn hc_1_8_several_moves_begin_nearest_the_buttons_left() {
    for seed in 1..=4 {
        let (mut t, [mut sa, mut sb, mut sc]) = hc_example(seed);
        finish(&mut t, &mut sa, at_minute(1), Script::Walk).unwrap();
        finish(&mut t, &mut sb, at_minute(1), Script::Walk).unwrap();
        // C loses the players three and five seats left of its button: C 5, A 8, B 8.
        let out = [Seat(3), Seat(5)].map(|s| dealt_at(&sc, s).unwrap());
        let winner = big_blind(&sc);
        let since = t.events().len();
        finish(
            &mut t,
            &mut sc,
            at_minute(1),
            Script::AllIn {
                players: &[out[0], out[1], winner],
                winners: &[winner],
            },
        )
        .unwrap();
        // Seat 3 first (nearest the button's left), then seat 5, each from the position
        // relative to the source table's button; the second comes from the table still at 8.
        let moves = moves_since(&t, since);
        assert_eq!(moves.len(), 2, "seed {seed}: {moves:?}");
        for ((_, from, to, rule), k) in moves.iter().zip([3, 5]) {
            let source = if from.0 == A { &sa } else { &sb };
            assert_eq!(
                from.1,
                left_of(source.positions.button, k, 10),
                "seed {seed}"
            );
            assert_eq!((*to, *rule), ((C, Seat(k as u8)), "HC-1.8"));
        }
        assert_ne!(moves[0].1.0, moves[1].1.0, "seed {seed}");
        assert_eq!(counts(&t), vec![(A, 7), (B, 7), (C, 7)]);
    }
}

#[test]
fn wwpla_12_button_next_moves_to_where_it_gets_the_button_soonest() {
    for seed in 1..=4 {
        let mut t = started(config("deepstack", "wwpla"), 18, seed);
        // B loses the players one and four seats after its big blind; its small blind lives, so
        // the next button is the small blind's seat and seat bb+1 is the first empty one it
        // reaches.
        let sb = bust_at(&mut t, B, at_minute(1), |s| {
            let bb = s.positions.big_blind;
            vec![under_the_gun(s), dealt_at(s, left_of(bb, 4, 9)).unwrap()]
        });
        let soonest = left_of(sb.positions.big_blind, 1, 9);
        let since = t.events().len();
        let (sa, _) = play(&mut t, A, at_minute(1), Script::Walk).unwrap();
        // A is full: its small blind has the button next.
        let from = sa.positions.small_blind.unwrap();
        let moves = moves_since(&t, since);
        assert_eq!(moves.len(), 1, "seed {seed}: {moves:?}");
        let (player, moved_from, to, rule) = moves[0];
        assert_eq!(
            (player, moved_from, to, rule),
            (
                dealt_at(&sa, from).unwrap(),
                (A, from),
                (B, soonest),
                "WWPLA-12"
            )
        );
        // Big blind, small blind, then the button in B's third hand.
        for _ in 0..2 {
            play(&mut t, B, at_minute(2), Script::Walk).unwrap();
        }
        let third = t.next_hand(B, at_minute(2)).unwrap();
        assert_eq!(third.positions.button, soonest, "seed {seed}");
    }
}

#[test]
fn wwpla_12_a_seat_between_the_blinds_is_not_where_the_button_comes_soonest() {
    for seed in 1..=4 {
        let mut t = started(config("deepstack", "wwpla"), 18, seed);
        // B loses bb+1 and bb+4, then plays a hand: small blind position bb, big blind bb+2.
        let sb = bust_at(&mut t, B, at_minute(1), |s| {
            let bb = s.positions.big_blind;
            vec![under_the_gun(s), dealt_at(s, left_of(bb, 4, 9)).unwrap()]
        });
        let seat = |k| left_of(sb.positions.big_blind, k, 9);
        play(&mut t, B, at_minute(1), Script::Walk).unwrap();
        // Next hands at B: buttons bb, bb+2, bb+3, then bb+4 if someone sits there. A
        // newcomer at bb+1 sits between button and small blind and gets the button last.
        let since = t.events().len();
        play(&mut t, A, at_minute(1), Script::Walk).unwrap();
        let moves = moves_since(&t, since);
        assert_eq!(moves.len(), 1, "seed {seed}: {moves:?}");
        assert_eq!(moves[0].2, (B, seat(4)), "seed {seed}");
        for _ in 0..3 {
            play(&mut t, B, at_minute(2), Script::Walk).unwrap();
        }
        let fourth = t.next_hand(B, at_minute(2)).unwrap();
        assert_eq!(fourth.positions.button, seat(4), "seed {seed}");
    }
}

#[test]
fn wwpla_12_the_empty_seat_the_button_moves_to_next_is_the_soonest() {
    for seed in 1..=4 {
        let mut t = started(config("deepstack", "wwpla"), 18, seed);
        // B's small blind busts (with bb+3): B's next button lies on the small blind's empty
        // seat, so a player sitting there has it at once, as at the old table.
        let sb = bust_at(&mut t, B, at_minute(1), |s| {
            let small = s.positions.small_blind.unwrap();
            let third = left_of(s.positions.big_blind, 3, 9);
            vec![dealt_at(s, small).unwrap(), dealt_at(s, third).unwrap()]
        });
        let small = sb.positions.small_blind.unwrap();
        let since = t.events().len();
        play(&mut t, A, at_minute(1), Script::Walk).unwrap();
        let moves = moves_since(&t, since);
        assert_eq!(moves.len(), 1, "seed {seed}: {moves:?}");
        assert_eq!(moves[0].2, (B, small), "seed {seed}");
        let next = t.next_hand(B, at_minute(2)).unwrap();
        assert_eq!(next.positions.button, small, "seed {seed}");
        assert_eq!(dealt_at(&next, small), Some(moves[0].0));
    }
}
