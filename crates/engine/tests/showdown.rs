//! Showdown: all hands tabled at an all-in (TDA-16 and its three illustrations), the showing
//! order (TDA-17A), no showdown when one hand is left (TDA-17B), and showing all hole cards to
//! win (TDA-13A, TDA-19).

mod common;
use cards::parse_cards;
use common::*;
use engine::{
    Automations, Chips, Event, Hand, HandError, HandSetup, Hole, Op, Player, Step, Street, Variant,
};

const MANUAL_SHOWDOWN: Automations = Automations {
    showdown: false,
    ..Automations::ALL
};

const LIVE_MANUAL_SHOWDOWN: Automations = Automations {
    showdown: false,
    ..Automations::LIVE_DEALER
};

fn nlhe(stacks: &[u64], blinds: &[u64]) -> HandSetup {
    let bb = blinds.iter().copied().max().unwrap();
    setup(Variant::NO_LIMIT_HOLDEM, stacks, blinds, bb)
}

fn position(h: &Hand, f: impl Fn(&Event) -> bool) -> Option<usize> {
    h.events().iter().position(f)
}

fn shown(h: &Hand) -> Vec<Player> {
    h.events()
        .iter()
        .filter_map(|e| match e {
            Event::Shown { player, .. } => Some(*player),
            _ => None,
        })
        .collect()
}

fn river_dealt(e: &Event) -> bool {
    matches!(
        e,
        Event::BoardDealt {
            street: Street::River,
            ..
        }
    )
}

fn show(h: &mut Hand, p: u8) {
    h.apply(Op::Show {
        player: Player(p),
        cards: None,
    })
    .unwrap_or_else(|e| panic!("p{} shows: {e}", p + 1));
}

// --- TDA-16 -------------------------------------------------------------------------------

/// TDA-16 example 1: heads-up, A (player 0, the smaller stack) all-in on the turn, B calls.
fn example_16_1(automations: Automations) -> Hand {
    // Heads-up player 0 is the big blind, player 1 the button.
    let mut h = dealt_with(
        nlhe(&[1000, 3000], &[100, 50]),
        automations,
        &["7c 2d", "As Ah"],
    );
    acts(&mut h, &["c", "x"]);
    board(&mut h, "Ks 8d 3h");
    acts(&mut h, &["x", "x"]);
    board(&mut h, "9c");
    acts(&mut h, &["900", "c"]); // A all-in, B calls
    h
}

#[test]
fn tda_16_example_1_turn_all_in_and_call_tables_both_hands_before_the_river() {
    let mut h = example_16_1(Automations::LIVE_DEALER);
    // Betting is over: both hands face up now, then burn and river.
    assert_eq!(
        h.step(),
        Step::DealBoard {
            street: Street::River,
            cards: 1
        }
    );
    assert!(h.events().contains(&Event::HandsTabled), "TDA-16");
    assert_eq!(shown(&h), [Player(0), Player(1)]);
    assert_eq!(position(&h, river_dealt), None);
    board(&mut h, "4d");
    let tabled = position(&h, |e| *e == Event::HandsTabled).unwrap();
    let last_show = h
        .events()
        .iter()
        .rposition(|e| matches!(e, Event::Shown { .. }))
        .unwrap();
    let river = position(&h, river_dealt).unwrap();
    assert!(tabled < last_show && last_show < river);
    assert_eq!(won(&h), [0, 2000]);
    assert_eq!(finals(&h), [0, 4000]);
    assert_conserved(&h, &[1000, 3000]);
}

#[test]
fn tda_16_example_1_engine_dealt_hands_are_tabled_before_the_river() {
    let mut h = nl(&[1000, 3000], &[100, 50]);
    acts(&mut h, &["c", "x", "x", "x", "900", "c"]);
    assert!(h.is_over(), "everything automated: the hand runs out");
    let tabled = position(&h, |e| *e == Event::HandsTabled).expect("TDA-16: hands tabled");
    let turn = position(&h, |e| {
        matches!(
            e,
            Event::BoardDealt {
                street: Street::Turn,
                ..
            }
        )
    })
    .unwrap();
    let river = position(&h, river_dealt).unwrap();
    assert!(turn < tabled && tabled < river);
    for p in [0, 1] {
        let s = position(
            &h,
            |e| matches!(e, Event::Shown { player, .. } if *player == Player(p)),
        )
        .expect("every hand shown");
        assert!(tabled < s && s < river, "p{} shown before the river", p + 1);
    }
    assert_conserved(&h, &[1000, 3000]);
}

#[test]
fn tda_16_example_1_no_player_all_in_or_calling_may_muck() {
    let mut h = example_16_1(LIVE_MANUAL_SHOWDOWN);
    assert_eq!(h.step(), Step::ShowOrMuck(Player(0)));
    let before = format!("{h:?}");
    assert_eq!(
        h.apply(Op::Muck(Player(0))),
        Err(HandError::MustShow { player: Player(0) }),
        "TDA-16: the all-in player must show"
    );
    assert_eq!(
        h.apply(Op::Muck(Player(1))),
        Err(HandError::MustShow { player: Player(1) }),
        "TDA-16: the caller of all bets must show"
    );
    assert_eq!(format!("{h:?}"), before, "refusals change nothing");
    let err = h.apply(Op::Muck(Player(1))).unwrap_err();
    assert!(err.to_string().contains("TDA-16"), "{err}");
    show(&mut h, 0);
    show(&mut h, 1);
    assert_eq!(
        h.step(),
        Step::DealBoard {
            street: Street::River,
            cards: 1
        }
    );
    board(&mut h, "4d");
    assert_eq!(finals(&h), [0, 4000]);
    assert_conserved(&h, &[1000, 3000]);
}

/// TDA-16 examples 2 and 3 start alike: A (the button, smallest stack) all-in before the flop,
/// called by B (small blind, player 0) and C (big blind, player 1). A has aces, C kings, B
/// queens.
fn three_way(stacks: &[u64], a_all_in: &str) -> Hand {
    let mut h = dealt_with(
        nlhe(stacks, &[50, 100, 0]),
        Automations::LIVE_DEALER,
        &["Qs Qh", "Ks Kh", "As Ah"],
    );
    acts(&mut h, &[a_all_in, "c", "c"]);
    h
}

#[test]
fn tda_16_example_2_no_tabling_until_the_second_all_in_is_called() {
    // A 500, B 2000, C 5000.
    let stacks = [2000, 5000, 500];
    let mut h = three_way(&stacks, "500");
    assert!(
        !h.events().contains(&Event::HandsTabled),
        "B and C can still bet"
    );
    assert!(shown(&h).is_empty());
    board(&mut h, "2c 7d 9h");
    acts(&mut h, &["x", "x"]);
    assert!(shown(&h).is_empty(), "betting still possible on the turn");
    board(&mut h, "Jc");
    act(&mut h, "1500"); // B all-in
    assert!(shown(&h).is_empty(), "C has not acted yet");
    act(&mut h, "c");
    // Now no more betting is possible: all three hands face up, then the river.
    assert!(h.events().contains(&Event::HandsTabled), "TDA-16");
    let mut s = shown(&h);
    s.sort();
    assert_eq!(s, [Player(0), Player(1), Player(2)]);
    assert_eq!(
        h.step(),
        Step::DealBoard {
            street: Street::River,
            cards: 1
        }
    );
    // Main pot 3 x 500 = 1500; side pot between B and C 2 x 1500 = 3000.
    let pots: Vec<u64> = h.pots().iter().map(|p| p.amount.0).collect();
    assert_eq!(pots, [1500, 3000]);
    board(&mut h, "4s");
    // A's aces win the main pot, B's queens lose the side pot to C's kings.
    assert_eq!(won(&h), [0, 3000, 1500]);
    assert_eq!(finals(&h), [0, 6000, 1500]);
    assert_conserved(&h, &stacks);
}

#[test]
fn tda_16_example_3_hands_tabled_only_after_the_river_betting() {
    // A 700, B and C several thousand.
    let stacks = [5000, 5000, 700];
    let mut h = three_way(&stacks, "700");
    board(&mut h, "2c 7d 9h");
    acts(&mut h, &["x", "x"]);
    board(&mut h, "Jc");
    acts(&mut h, &["1000", "c"]); // B bets 1000, C calls
    assert!(
        shown(&h).is_empty(),
        "B and C have chips: the river is to be bet"
    );
    assert!(!h.events().contains(&Event::HandsTabled));
    board(&mut h, "4s");
    act(&mut h, "x");
    assert!(shown(&h).is_empty(), "C still to act on the river");
    assert!(!h.events().contains(&Event::HandsTabled));
    act(&mut h, "x");
    // Now all three hands are face up; nobody mucks.
    let mut s = shown(&h);
    s.sort();
    assert_eq!(s, [Player(0), Player(1), Player(2)], "TDA-16: A, B and C");
    assert!(!h.events().iter().any(|e| matches!(e, Event::Mucked { .. })));
    // Side pot 2000 between B and C (C's kings), main pot 3 x 700 = 2100 (A's aces).
    let mut by_pot: Vec<(usize, u64)> = h
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::PotAwarded { pot, amount, .. } => Some((*pot, amount.0)),
            _ => None,
        })
        .collect();
    by_pot.sort();
    assert_eq!(by_pot, [(0, 2100), (1, 2000)]);
    assert_eq!(won(&h), [0, 2000, 2100]);
    assert_eq!(finals(&h), [3300, 5300, 2100]);
    assert_conserved(&h, &stacks);
}

#[test]
fn tda_16_all_in_called_before_the_flop_tables_before_the_flop() {
    // A all-in, B calls, C folds: nobody is left to bet, so the hands are tabled at once.
    let stacks = [2000, 5000, 500];
    let mut h = dealt_with(
        nlhe(&stacks, &[50, 100, 0]),
        Automations::LIVE_DEALER,
        &["Qs Qh", "Ks Kh", "As Ah"],
    );
    act(&mut h, "500");
    assert!(shown(&h).is_empty(), "B and C still to act");
    act(&mut h, "c");
    assert!(shown(&h).is_empty(), "C still to act");
    act(&mut h, "f");
    assert!(h.events().contains(&Event::HandsTabled), "TDA-16");
    assert_eq!(
        shown(&h),
        [Player(0), Player(2)],
        "the folded hand is not shown"
    );
    assert_eq!(
        h.step(),
        Step::DealBoard {
            street: Street::Flop,
            cards: 3
        }
    );
    play_out(&mut h);
    assert_conserved(&h, &stacks);
}

#[test]
fn tda_16_a_fold_that_ends_the_betting_tables_the_hands_at_once() {
    // Example 3's start; on the flop B bets and C folds. With A all-in and nobody left to bet,
    // B's uncalled bet goes back and A's and B's hands are tabled before the turn.
    let stacks = [5000, 5000, 700];
    let mut h = three_way(&stacks, "700");
    board(&mut h, "2c 7d 9h");
    acts(&mut h, &["1000", "f"]);
    assert!(h.events().contains(&Event::BetReturned {
        player: Player(0),
        amount: Chips(1000)
    }));
    assert!(h.events().contains(&Event::HandsTabled), "TDA-16");
    assert_eq!(shown(&h), [Player(0), Player(2)]);
    assert_eq!(
        h.step(),
        Step::DealBoard {
            street: Street::Turn,
            cards: 1
        }
    );
    board(&mut h, "Jc");
    board(&mut h, "4s");
    assert_eq!(finals(&h), [4300, 4300, 2100]);
    assert_conserved(&h, &stacks);
}

#[test]
fn tda_16_example_3_the_river_callers_may_not_muck_with_a_player_all_in() {
    let stacks = [5000, 5000, 700];
    let mut h = dealt_with(
        nlhe(&stacks, &[50, 100, 0]),
        LIVE_MANUAL_SHOWDOWN,
        &["Qs Qh", "Ks Kh", "As Ah"],
    );
    acts(&mut h, &["700", "c", "c"]);
    board(&mut h, "2c 7d 9h");
    acts(&mut h, &["x", "x"]);
    board(&mut h, "Jc");
    acts(&mut h, &["1000", "c"]);
    board(&mut h, "4s");
    acts(&mut h, &["x", "x"]);
    assert!(matches!(h.step(), Step::ShowOrMuck(_)));
    for p in 0..3 {
        assert_eq!(
            h.apply(Op::Muck(Player(p))),
            Err(HandError::MustShow { player: Player(p) }),
            "TDA-16: p{} must show",
            p + 1
        );
    }
    play_out(&mut h);
    assert_eq!(finals(&h), [3300, 5300, 2100]);
    assert_conserved(&h, &stacks);
}

// --- TDA-17 -------------------------------------------------------------------------------

/// No-limit hold'em dealt by the engine, shows and mucks driven from outside.
fn manual_showdown(stacks: &[u64], blinds: &[u64]) -> Hand {
    let mut s = nlhe(stacks, blinds);
    s.automations = MANUAL_SHOWDOWN;
    Hand::new(s).unwrap()
}

/// Four players, blinds 50-100, everybody in to the river: the flop and turn are checked.
fn to_the_river() -> Hand {
    let mut h = manual_showdown(&[10_000; 4], &[50, 100, 0, 0]);
    acts(&mut h, &["c", "c", "c", "x"]);
    acts(&mut h, &["x", "x", "x", "x"]);
    acts(&mut h, &["x", "x", "x", "x"]);
    assert_eq!(h.street(), Street::River);
    h
}

#[test]
fn tda_17a_the_river_bettor_shows_first_then_clockwise() {
    let mut h = to_the_river();
    acts(&mut h, &["x", "200", "c", "c", "c"]); // player 1 bets, all call
    assert_eq!(h.step(), Step::ShowOrMuck(Player(1)), "TDA-17A");
    show(&mut h, 1);
    assert_eq!(h.step(), Step::ShowOrMuck(Player(2)), "then clockwise");
    play_out(&mut h);
    assert_conserved(&h, &[10_000; 4]);
}

#[test]
fn tda_17a_the_last_raiser_shows_first() {
    let mut h = to_the_river();
    acts(&mut h, &["200", "600", "f", "c", "c"]); // p1 bets, p2 raises, p3 folds
    assert_eq!(
        h.step(),
        Step::ShowOrMuck(Player(1)),
        "TDA-17A: the last aggressive action"
    );
    play_out(&mut h);
    assert_conserved(&h, &[10_000; 4]);
}

#[test]
fn tda_17a_no_river_bet_first_live_player_left_of_the_button_shows_first() {
    let mut h = manual_showdown(&[10_000; 4], &[50, 100, 0, 0]);
    acts(&mut h, &["c", "c", "f", "x"]); // the small blind (player 0) folds
    acts(&mut h, &["x", "x", "x"]); // flop
    acts(&mut h, &["x", "300", "c", "c"]); // turn: player 2 bets
    acts(&mut h, &["x", "x", "x"]); // river checked
    // Not the turn's bettor: the last round had no bet, so the first live player left of the
    // button, player 1.
    assert_eq!(h.step(), Step::ShowOrMuck(Player(1)), "TDA-17A");
    play_out(&mut h);
    assert_conserved(&h, &[10_000; 4]);
}

/// The issue-16 hand: p3 folds, checked to the river, p1 bets 6000 and p2 calls all-in for
/// 5000 less; the shows come in the order a hand history records them.
fn river_call_all_in(automations: Automations) -> Hand {
    let mut h = dealt_with(
        nlhe(&[10_000, 5000, 10_000], &[50, 100, 0]),
        automations,
        &["AsKs", "QhQd", "7c2d"],
    );
    acts(&mut h, &["f", "c", "x"]);
    board(&mut h, "2c7d9h");
    acts(&mut h, &["x", "x"]);
    board(&mut h, "3s");
    acts(&mut h, &["x", "x"]);
    board(&mut h, "4d");
    acts(&mut h, &["6000", "c"]);
    h
}

#[test]
fn tda_17a_a_hand_shown_unasked_leaves_the_first_to_show_still_to_decide() {
    // TDA-16: p2 is all-in, both hands go face up; p2 tables first, out of turn.
    let mut h = river_call_all_in(LIVE_MANUAL_SHOWDOWN);
    assert_eq!(h.step(), Step::ShowOrMuck(Player(0)), "TDA-17A");
    show(&mut h, 1);
    assert_eq!(
        h.step(),
        Step::ShowOrMuck(Player(0)),
        "p1 has still to show: TDA-16"
    );
    assert!(!h.is_over());
    assert_eq!(
        h.apply(Op::Muck(Player(0))),
        Err(HandError::MustShow { player: Player(0) }),
        "TDA-16"
    );
    show(&mut h, 0);
    assert!(h.is_over());
    // p2's queens beat ace-king on 2c7d9h3s4d: the 5000 main pot, 1000 back to p1.
    assert_eq!(finals(&h), [5000, 10_000, 10_000]);
}

#[test]
fn tda_17a_a_muck_out_of_turn_leaves_the_bettor_to_show() {
    // No all-in: p1 bet the river and shows first; p2 mucks first, unasked.
    let mut h = dealt_with(
        nlhe(&[10_000; 3], &[50, 100, 0]),
        LIVE_MANUAL_SHOWDOWN,
        &["AsKs", "QhQd", "7c2d"],
    );
    acts(&mut h, &["f", "c", "x"]);
    board(&mut h, "2c7d9h");
    acts(&mut h, &["x", "x"]);
    board(&mut h, "3s");
    acts(&mut h, &["x", "x"]);
    board(&mut h, "4d");
    acts(&mut h, &["500", "c"]);
    assert_eq!(h.step(), Step::ShowOrMuck(Player(0)), "TDA-17A");
    h.apply(Op::Muck(Player(1))).expect("p2 mucks");
    // One hand left: it wins without being shown (TDA-17B).
    assert!(h.is_over());
    assert_eq!(finals(&h), [10_600, 9400, 10_000]);
}

#[test]
fn tda_17b_everybody_folds_to_one_player_no_showdown() {
    let mut h = nl(&[10_000; 4], &[50, 100, 0, 0]);
    acts(&mut h, &["f", "f", "f"]);
    assert!(h.is_over());
    assert!(shown(&h).is_empty(), "TDA-17B: no cards shown");
    assert!(h.events().contains(&Event::BetReturned {
        player: Player(1),
        amount: Chips(50)
    }));
    assert_eq!(won(&h), [0, 100, 0, 0]);
    assert_eq!(finals(&h), [9950, 10_050, 10_000, 10_000]);
    assert_conserved(&h, &[10_000; 4]);
}

#[test]
fn tda_17b_a_bet_nobody_calls_wins_without_showing_and_is_returned() {
    let mut h = nl(&[10_000; 3], &[50, 100, 0]);
    acts(&mut h, &["c", "c", "x"]); // pot 300
    acts(&mut h, &["x", "500", "f", "f"]); // flop: player 1 bets 500, nobody calls
    assert!(h.is_over());
    assert!(shown(&h).is_empty(), "TDA-17B");
    assert!(h.events().contains(&Event::BetReturned {
        player: Player(1),
        amount: Chips(500)
    }));
    assert_eq!(won(&h), [0, 300, 0]);
    assert_eq!(finals(&h), [9900, 10_200, 9900]);
    assert_conserved(&h, &[10_000; 3]);
}

#[test]
fn tda_17b_the_last_hand_after_the_others_muck_wins_unshown() {
    let mut h = to_the_river();
    acts(&mut h, &["x", "200", "f", "f", "c"]); // p1 bets, p0 calls
    assert_eq!(h.step(), Step::ShowOrMuck(Player(1)));
    h.apply(Op::Muck(Player(1))).unwrap();
    assert!(h.is_over(), "no showdown with one hand left");
    assert!(shown(&h).is_empty(), "TDA-17B: the winner need not show");
    assert_eq!(won(&h), [800, 0, 0, 0]);
    assert_conserved(&h, &[10_000; 4]);
}

#[test]
fn tda_16_13a_unknown_cards_at_an_all_in_are_entered_whole_and_not_mucked() {
    // A live table: nobody entered the hole cards. All-in and call before the flop: the
    // dealer enters each hand as it is tabled, all of it (TDA-13A).
    let mut h = dealt_with(
        nlhe(&[1000, 1000], &[100, 50]),
        Automations::LIVE_DEALER,
        &["????", "????"],
    );
    acts(&mut h, &["1000", "c"]);
    assert_eq!(h.step(), Step::ShowOrMuck(Player(0)), "TDA-16: tabled now");
    assert_eq!(
        h.apply(Op::Muck(Player(0))),
        Err(HandError::MustShow { player: Player(0) })
    );
    assert_eq!(
        h.apply(Op::Show {
            player: Player(0),
            cards: Some(hole("Ac"))
        }),
        Err(HandError::ShowAllCards {
            player: Player(0),
            needed: 2
        })
    );
    assert_eq!(
        h.apply(Op::Show {
            player: Player(0),
            cards: None
        }),
        Err(HandError::UnknownCards { player: Player(0) })
    );
    for (p, cards) in [(0, "Ac Ad"), (1, "Kc Kd")] {
        h.apply(Op::Show {
            player: Player(p),
            cards: Some(hole(cards)),
        })
        .unwrap();
    }
    assert_eq!(
        h.step(),
        Step::DealBoard {
            street: Street::Flop,
            cards: 3
        }
    );
    for cards in ["2s 7h 9d", "Jh", "4s"] {
        board(&mut h, cards);
    }
    assert_eq!(finals(&h), [2000, 0]);
    assert_conserved(&h, &[1000, 1000]);
}

// --- TDA-13, TDA-19 -----------------------------------------------------------------------

/// Heads-up on a live table whose hole cards nobody entered; the board is a royal flush, so
/// both hands play the board. Checked down to the showdown.
fn unknown_cards_royal_board(automations: Automations) -> Hand {
    let mut h = dealt_with(
        nlhe(&[1000, 1000], &[100, 50]),
        automations,
        &["????", "????"],
    );
    acts(&mut h, &["c", "x"]);
    board(&mut h, "As Ks Qs");
    acts(&mut h, &["x", "x"]);
    board(&mut h, "Js");
    acts(&mut h, &["x", "x"]);
    board(&mut h, "Ts");
    acts(&mut h, &["x", "x"]);
    h
}

fn hole(text: &str) -> Hole {
    Hole::new(&cards::parse_cards_or_unknown(text).unwrap()).unwrap()
}

#[test]
fn tda_13a_19_a_show_of_fewer_than_all_hole_cards_is_refused() {
    let mut h = unknown_cards_royal_board(Automations::LIVE_DEALER);
    // The cards are unknown: the engine waits for them, first left of the button first.
    assert_eq!(h.step(), Step::ShowOrMuck(Player(0)));
    let before = format!("{h:?}");
    let one = Op::Show {
        player: Player(0),
        cards: Some(hole("2c")),
    };
    assert_eq!(
        h.apply(one),
        Err(HandError::ShowAllCards {
            player: Player(0),
            needed: 2
        }),
        "TDA-13A: both hole cards in hold'em"
    );
    let half = Op::Show {
        player: Player(0),
        cards: Some(hole("2c??")),
    };
    let err = h.apply(half).unwrap_err();
    assert_eq!(
        err,
        HandError::ShowAllCards {
            player: Player(0),
            needed: 2
        }
    );
    // TDA-13A: a proper show is all cards face up; the message names that rule only.
    assert_eq!(err.rule(), Some(engine::rule!("TDA-13A")));
    assert!(err.to_string().ends_with("(TDA-13A)"), "{err}");
    assert_eq!(format!("{h:?}"), before, "refusals change nothing");
    // Both cards shown: the board plays, and both get their half (TDA-19).
    h.apply(Op::Show {
        player: Player(0),
        cards: Some(hole("2c 3d")),
    })
    .unwrap();
    assert_eq!(h.step(), Step::ShowOrMuck(Player(1)));
    h.apply(Op::Show {
        player: Player(1),
        cards: Some(hole("4h 5d")),
    })
    .unwrap();
    assert_eq!(won(&h), [100, 100]);
    assert_eq!(finals(&h), [1000, 1000]);
    assert_conserved(&h, &[1000, 1000]);
}

#[test]
fn tda_13a_omaha_shows_all_four_hole_cards() {
    let s = setup(Variant::POT_LIMIT_OMAHA, &[1000, 1000], &[100, 50], 100);
    let mut h = dealt_with(s, Automations::LIVE_DEALER, &["????????", "????????"]);
    play_out_to_showdown(&mut h);
    assert_eq!(h.step(), Step::ShowOrMuck(Player(0)));
    let two = Op::Show {
        player: Player(0),
        cards: Some(hole("2c 3d")),
    };
    assert_eq!(
        h.apply(two),
        Err(HandError::ShowAllCards {
            player: Player(0),
            needed: 4
        }),
        "TDA-13A: all 4 hole cards in Omaha"
    );
    h.apply(Op::Show {
        player: Player(0),
        cards: Some(hole("2c 3d 4h 5h")),
    })
    .unwrap();
    h.apply(Op::Show {
        player: Player(1),
        cards: Some(hole("6c 7d 8h 9c")),
    })
    .unwrap();
    assert!(h.is_over());
    assert_conserved(&h, &[1000, 1000]);
}

/// Checks and calls to the showdown, dealing a fixed board with no low cards.
fn play_out_to_showdown(h: &mut Hand) {
    acts(h, &["c", "x"]);
    for street in ["Ks Qs Jd", "Tc", "2s"] {
        h.apply(Op::DealBoard(parse_cards(street).unwrap()))
            .unwrap();
        acts(h, &["x", "x"]);
    }
}

#[test]
fn tda_16_with_showdown_driven_by_hand_hands_are_tabled_before_the_runout() {
    let mut s = setup(Variant::NO_LIMIT_HOLDEM, &[1000, 1000], &[100, 50], 100);
    s.automations.showdown = false;
    let mut h = Hand::new(s).unwrap();
    acts(&mut h, &["1000", "c"]);
    assert_eq!(h.step(), Step::ShowOrMuck(Player(0)));
    assert!(
        !h.events()
            .iter()
            .any(|e| matches!(e, Event::BoardDealt { .. })),
        "no board before the hands are turned up"
    );
    for p in [0, 1] {
        h.apply(Op::Show {
            player: Player(p),
            cards: None,
        })
        .unwrap();
    }
    assert!(h.is_over());
}
