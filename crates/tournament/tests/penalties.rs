//! The director's actions: missed hands (TDA-71A, C), time penalties (HC-1.10),
//! disqualification (TDA-71D), warnings, the clock and moves; each logged with the director's
//! name and undone by `undo`.

mod common;

use common::*;
use engine::{PlayerId, Seat};
use tournament::director::{HandStart, Happening, Status, TdAction};
use tournament::{Actor, TableId, Tournament};

/// Whether `player` is dealt in (`Some`) and away, their hand to be killed (TDA-30).
fn dealt_absent(start: &HandStart, player: PlayerId) -> Option<bool> {
    let i = start.players.iter().position(|&p| p == player)?;
    Some(start.setup.absent[i])
}

fn logged_by_td(t: &Tournament, what: &Happening) -> bool {
    t.events()
        .iter()
        .any(|e| e.by == Actor::Td && &e.what == what)
}

/// Five deep stacks at one table; the player at the lowest seat.
fn five() -> (Tournament, TableId, PlayerId) {
    let t = started(config("deepstack", "tda"), 5, 11);
    let table = counts(&t)[0].0;
    let player = players_at(&t, table)[0].1;
    (t, table, player)
}

#[test]
fn tda_71a_c_missed_rounds_are_a_hand_per_player_at_the_table_times_rounds() {
    let (mut t, table, p) = five();
    let action = TdAction::MissRounds {
        player: p,
        rounds: 2,
    };
    let id = t.act(Actor::Td, action.clone(), at_minute(1)).unwrap();
    assert!(logged_by_td(&t, &Happening::Action { id, action }));
    // 5 players at the table, the player included, times 2 rounds: 10 hands.
    assert_eq!(t.entry(p).unwrap().penalty_hands, 10);
    let mut stack = stack_of(&t, p);
    let mut posted = 0;
    for hand in 0..10 {
        let (start, _) = play(&mut t, table, at_minute(2), Script::Walk).unwrap();
        // TDA-71C: dealt in, blinds and antes posted, the hand killed.
        assert_eq!(dealt_absent(&start, p), Some(true), "hand {hand}");
        let now = stack_of(&t, p);
        assert!(now <= stack, "hand {hand}: a penalised player wins nothing");
        posted += stack - now;
        stack = now;
    }
    // Two rounds at 100/200 with a big-blind ante of 200: 2 x (100 + 200 + 200) blinded off.
    assert_eq!(posted, 1000);
    let (start, _) = play(&mut t, table, at_minute(3), Script::Walk).unwrap();
    assert_eq!(dealt_absent(&start, p), Some(false));
}

#[test]
fn tda_71a_undo_of_missed_hands_puts_the_player_back_in() {
    let (mut t, table, p) = five();
    let id = t
        .act(
            Actor::Td,
            TdAction::MissRounds {
                player: p,
                rounds: 1,
            },
            at_minute(1),
        )
        .unwrap();
    let (start, _) = play(&mut t, table, at_minute(1), Script::Walk).unwrap();
    assert_eq!(dealt_absent(&start, p), Some(true));
    assert_eq!(t.entry(p).unwrap().penalty_hands, 4);
    t.undo(Actor::Td, id, at_minute(2)).unwrap();
    assert!(logged_by_td(&t, &Happening::Undone { id }));
    assert_eq!(t.entry(p).unwrap().penalty_hands, 0);
    let (start, _) = play(&mut t, table, at_minute(2), Script::Walk).unwrap();
    assert_eq!(dealt_absent(&start, p), Some(false));
    // An action is undone once.
    assert!(t.undo(Actor::Td, id, at_minute(3)).is_err());
}

#[test]
fn hc_1_10_a_time_penalty_keeps_the_player_away_for_its_minutes() {
    let mut t = started(config("hc", "hc"), 4, 12);
    let table = counts(&t)[0].0;
    let p = players_at(&t, table)[0].1;
    let action = TdAction::TimePenalty {
        player: p,
        minutes: 5,
    };
    let id = t.act(Actor::Td, action.clone(), at_minute(1)).unwrap();
    assert!(logged_by_td(&t, &Happening::Action { id, action }));
    // Away from 1:00 to 6:00: dealt in and blinded (TDA-30), back at 6:00.
    for m in [1, 3, 5] {
        let (start, _) = play(&mut t, table, at_minute(m), Script::Walk).unwrap();
        assert_eq!(dealt_absent(&start, p), Some(true), "at {m}:00");
    }
    let (start, _) = play(&mut t, table, at_minute(6), Script::Walk).unwrap();
    assert_eq!(dealt_absent(&start, p), Some(false));
    // Undone, a second penalty ends at once.
    let id = t
        .act(
            Actor::Td,
            TdAction::TimePenalty {
                player: p,
                minutes: 10,
            },
            at_minute(7),
        )
        .unwrap();
    t.undo(Actor::Td, id, at_minute(8)).unwrap();
    assert_eq!(t.entry(p).unwrap().away_until, Some(at_minute(6)));
    let (start, _) = play(&mut t, table, at_minute(8), Script::Walk).unwrap();
    assert_eq!(dealt_absent(&start, p), Some(false));
}

#[test]
fn tda_71d_disqualification_takes_the_chips_out_of_play_and_undo_returns_them() {
    let (mut t, table, p) = five();
    play(&mut t, table, at_minute(1), Script::Walk).unwrap();
    let stack = stack_of(&t, p);
    let seat = seat_of(&t, p);
    let before = t.chips_in_play();
    let action = TdAction::Disqualify {
        player: p,
        reason: "cheating".into(),
    };
    let id = t.act(Actor::Td, action.clone(), at_minute(2)).unwrap();
    assert!(logged_by_td(&t, &Happening::Action { id, action }));
    assert_eq!(t.entry(p).unwrap().status, Status::Disqualified);
    assert_eq!(t.chips_in_play(), before - stack);
    assert_eq!(t.alive(), 4);
    let at_table: u64 = players_at(&t, table).iter().map(|s| s.2).sum();
    assert_eq!(at_table, before - stack);
    // The game goes on without the chips.
    assert!(play(&mut t, table, at_minute(3), Script::Walk).is_ok());
    t.undo(Actor::Td, id, at_minute(4)).unwrap();
    assert_eq!(t.entry(p).unwrap().status, Status::Playing);
    assert_eq!(seat_of(&t, p), seat);
    // Every stack here is in 100s, the smallest chip: the stack comes back whole.
    assert_eq!(stack_of(&t, p), stack);
    assert_eq!(t.chips_in_play(), before);
    assert!(play(&mut t, table, at_minute(5), Script::Walk).is_ok());
}

#[test]
fn a_warning_counts_and_its_undo_takes_it_back() {
    let (mut t, _, p) = five();
    let action = TdAction::Warn {
        player: p,
        reason: "language (TDA-70)".into(),
    };
    let id = t.act(Actor::Td, action.clone(), at_minute(1)).unwrap();
    assert!(logged_by_td(&t, &Happening::Action { id, action }));
    assert_eq!(t.entry(p).unwrap().warnings, 1);
    t.undo(Actor::Td, id, at_minute(1)).unwrap();
    assert_eq!(t.entry(p).unwrap().warnings, 0);
}

#[test]
fn setting_the_clock_and_its_undo() {
    let (mut t, _, _) = five();
    // Level 1 runs 40 minutes: at 10:00, 30:00 are left; set to 5:00.
    let action = TdAction::SetClock {
        remaining_ms: 5 * MINUTE,
    };
    let id = t.act(Actor::Td, action.clone(), at_minute(10)).unwrap();
    assert!(logged_by_td(&t, &Happening::Action { id, action }));
    assert_eq!(t.clock().remaining(at_minute(12)), 3 * MINUTE);
    // Undone at 12:00, the clock shows what it would have without the action: 28:00.
    t.undo(Actor::Td, id, at_minute(12)).unwrap();
    assert_eq!(t.clock().remaining(at_minute(12)), 28 * MINUTE);
}

#[test]
fn a_resume_undone_stops_the_clock_again() {
    let (mut t, table, _) = five();
    t.act(Actor::Td, TdAction::Pause, at_minute(1)).unwrap();
    let id = t.act(Actor::Td, TdAction::Resume, at_minute(2)).unwrap();
    assert!(t.clock().is_running());
    t.undo(Actor::Td, id, at_minute(3)).unwrap();
    assert!(!t.clock().is_running());
    assert_eq!(t.clock().remaining(at_minute(9)), 38 * MINUTE);
    assert!(t.next_hand(table, at_minute(9)).is_err());
}

#[test]
fn a_move_by_the_director_and_its_undo() {
    let (mut t, table, p) = five();
    let from = seat_of(&t, p);
    let free = t
        .table(table)
        .unwrap()
        .table
        .seats()
        .iter()
        .position(|s| s.is_none());
    let to = Seat(free.expect("a free seat") as u8);
    let stack = stack_of(&t, p);
    let action = TdAction::Move {
        player: p,
        to: table,
        seat: to,
    };
    let id = t.act(Actor::Td, action.clone(), at_minute(1)).unwrap();
    assert!(logged_by_td(&t, &Happening::Action { id, action }));
    assert_eq!(seat_of(&t, p), (table, to));
    assert_eq!(stack_of(&t, p), stack);
    t.undo(Actor::Td, id, at_minute(2)).unwrap();
    assert_eq!(seat_of(&t, p), from);
    assert_eq!(stack_of(&t, p), stack);
    assert!(play(&mut t, table, at_minute(3), Script::Walk).is_ok());
}

#[test]
fn tda_71a_a_penalised_player_can_be_blinded_out() {
    // HC template at level 1 (1/2): a player down to 3 chips misses 3 hands of 3 players.
    let mut t = started(config("hc", "hc"), 3, 13);
    let table = counts(&t)[0].0;
    let ids: Vec<PlayerId> = players_at(&t, table).iter().map(|s| s.1).collect();
    // Walks until someone is 2 short of a double-up, then doubles through them.
    play(&mut t, table, at_minute(1), Script::Walk).unwrap();
    let by_stack = |t: &Tournament, n: u64| ids.iter().copied().find(|&p| stack_of(t, p) == n);
    let (small, big) = (by_stack(&t, 299).unwrap(), by_stack(&t, 301).unwrap());
    knock_out(&mut t, table, at_minute(1), small, &[big]);
    let short = stack_of(&t, big);
    assert!(short <= 4, "{short}");
    t.act(
        Actor::Td,
        TdAction::MissRounds {
            player: big,
            rounds: 1,
        },
        at_minute(1),
    )
    .unwrap();
    for _ in 0..3 {
        if t.entry(big).unwrap().status != Status::Playing {
            break;
        }
        play(&mut t, table, at_minute(2), Script::Walk).unwrap();
    }
    assert_eq!(t.entry(big).unwrap().status, Status::Busted);
}

#[test]
fn tda_71c_a_penalised_big_blind_does_not_win_a_walk() {
    // TDA-71C: the hand is killed after the deal, so it cannot win the blinds.
    let (mut t, table, p) = five();
    t.act(
        Actor::Td,
        TdAction::MissRounds {
            player: p,
            rounds: 1,
        },
        at_minute(1),
    )
    .unwrap();
    for _ in 0..5 {
        let before = stack_of(&t, p);
        play(&mut t, table, at_minute(2), Script::Walk).unwrap();
        assert!(stack_of(&t, p) <= before);
    }
}

/// TDA-71A, HC-1.10: a penalty is some rounds or minutes, a clock at most a day, a reason a note;
/// what lies past the bounds (u32::MAX rounds, a clock of u64::MAX ms, a 1.5 MB reason) is
/// refused naming the field, and nothing changes.
#[test]
fn tda_71a_hc_1_10_penalties_clock_and_reasons_past_their_bounds_are_refused() {
    let (mut t, _, p) = five();
    let events = t.events().len();
    let remaining = t.clock().remaining(at_minute(1));
    let refused = [
        (
            TdAction::MissRounds {
                player: p,
                rounds: u32::MAX,
            },
            "rounds",
        ),
        (
            TdAction::MissRounds {
                player: p,
                rounds: 0,
            },
            "rounds",
        ),
        (
            TdAction::MissRounds {
                player: p,
                rounds: 5,
            },
            "rounds",
        ),
        (
            TdAction::TimePenalty {
                player: p,
                minutes: u32::MAX,
            },
            "minutes",
        ),
        (
            TdAction::TimePenalty {
                player: p,
                minutes: 61,
            },
            "minutes",
        ),
        (
            TdAction::SetClock {
                remaining_ms: u64::MAX,
            },
            "remaining_ms",
        ),
        (
            TdAction::SetClock {
                remaining_ms: 24 * 60 * MINUTE + 1,
            },
            "remaining_ms",
        ),
        (
            TdAction::Warn {
                player: p,
                reason: "x".repeat(1_500_000),
            },
            "reason",
        ),
        (
            TdAction::Disqualify {
                player: p,
                reason: "é".repeat(501),
            },
            "reason",
        ),
    ];
    for (action, field) in refused {
        let error = t
            .act(Actor::Td, action, at_minute(1))
            .unwrap_err()
            .to_string();
        assert!(error.starts_with(&format!("{field}: ")), "{error}");
    }
    assert_eq!(t.events().len(), events, "nothing logged");
    assert_eq!(t.entry(p).unwrap().penalty_hands, 0);
    assert_eq!(t.entry(p).unwrap().warnings, 0);
    assert_eq!(t.clock().remaining(at_minute(1)), remaining);
    // The bounds themselves are taken.
    let taken = [
        TdAction::MissRounds {
            player: p,
            rounds: 4,
        },
        TdAction::TimePenalty {
            player: p,
            minutes: 60,
        },
        TdAction::SetClock {
            remaining_ms: 24 * 60 * MINUTE,
        },
        TdAction::Warn {
            player: p,
            reason: "é".repeat(500),
        },
    ];
    for action in taken {
        t.act(Actor::Td, action, at_minute(1)).unwrap();
    }
}
