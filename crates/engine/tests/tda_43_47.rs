//! Every worked example of the TDA illustrations for rules 43 (raise amounts) and 47 (reopening
//! the betting), as tests.

mod common;
use common::*;
use engine::{Action, Chips, HandError, Op};

/// Six players, blinds `sb`-`bb`, everybody calls before the flop; the flop is dealt and the
/// small and big blind check, so that the player after them (A) acts next.
fn on_the_flop(sb: u64, bb: u64, stack: u64) -> engine::Hand {
    let mut h = nl(&[stack; 6], &[sb, bb, 0, 0, 0, 0]);
    acts(&mut h, &["c", "c", "c", "c", "c", "x"]);
    acts(&mut h, &["x", "x"]);
    h
}

#[test]
fn tda_43_example_1_min_raise_is_the_last_raise_not_the_total() {
    let mut h = on_the_flop(100, 200, 100_000);
    acts(&mut h, &["600", "1600", "3600"]);
    assert_eq!(min_max(&h).unwrap().0, 5600);
}

#[test]
fn tda_43_example_2_short_all_in_does_not_change_the_minimum_raise() {
    // Blinds 50-100; UTG all-in for 150 (a raise of 50): the next raise is at least to 250.
    let mut h = nl(&[10_000, 10_000, 150, 10_000], &[50, 100, 0, 0]);
    act(&mut h, "150");
    assert_eq!(min_max(&h).unwrap().0, 250);
}

#[test]
fn tda_43_example_3_raise_of_700_sets_the_minimum() {
    // Turn, blinds 100-200: A bets 300, B makes it 1000; C's minimum raise is to 1700.
    let mut h = on_the_flop(100, 200, 100_000);
    acts(&mut h, &["x", "x", "x", "x"]); // flop checked around
    acts(&mut h, &["x", "x", "300", "1000"]);
    assert_eq!(min_max(&h).unwrap().0, 1700);
}

#[test]
fn tda_43_example_4a_largest_raise_of_the_round() {
    // Blinds 25-50: A to 125, B to 200, C to 500: D's minimum is 800.
    let mut h = nl(&[10_000; 6], &[25, 50, 0, 0, 0, 0]);
    acts(&mut h, &["125", "200", "500"]);
    assert_eq!(min_max(&h).unwrap().0, 800);
}

#[test]
fn tda_43_example_4b_one_raise_of_450() {
    // Blinds 25-50: A to 500, B and C call: D calls 500 or raises to at least 950.
    let mut h = nl(&[10_000; 7], &[25, 50, 0, 0, 0, 0, 0]);
    acts(&mut h, &["500", "c", "c"]);
    assert_eq!(legal(&h).call, Some(Chips(500)));
    assert_eq!(min_max(&h).unwrap().0, 950);
}

#[test]
fn tda_43_raise_below_minimum_is_refused_and_changes_nothing() {
    let mut h = nl(&[10_000; 4], &[100, 200, 0, 0]);
    act(&mut h, "600");
    let before = format!("{h:?}");
    let p = actor(&h);
    let err = h
        .apply(Op::Act(p, Action::BetOrRaiseTo(Chips(900))))
        .unwrap_err();
    assert_eq!(
        err,
        HandError::RaiseBelowMinimum {
            to: Chips(900),
            min_to: Chips(1000)
        }
    );
    assert_eq!(
        err.to_string(),
        "raise to 900 is below the minimum raise to 1000 (TDA-43)"
    );
    assert_eq!(format!("{h:?}"), before);
}

/// TDA-47 example 1: flop, blinds 50-100. A bets 100, B all-in 125, C calls, D all-in 200, E
/// calls. A..E are players 2..6 of seven; everybody calls before the flop, where the blinds check.
fn example_47_1() -> engine::Hand {
    // SB, BB, A, B(125 total: 100 pre-flop + 25), C, D(200: 100 + 100), E
    let mut h = nl(
        &[10_000, 10_000, 10_000, 225, 10_000, 300, 10_000],
        &[50, 100, 0, 0, 0, 0, 0],
    );
    acts(&mut h, &["c", "c", "c", "c", "c", "c", "x"]);
    h
}

#[test]
fn tda_47_example_1_small_all_ins_add_up_to_a_full_raise() {
    let mut h = example_47_1();
    // Flop: SB and BB check; A bets 100, B all-in 125, C calls, D all-in 200, E calls.
    acts(&mut h, &["x", "x", "100", "125", "c", "200", "c", "f", "f"]);
    // A faces 100 more, a full raise: A may raise.
    assert_eq!(actor(&h), engine::Player(2));
    assert!(legal(&h).bet_or_raise.is_some(), "TDA-47A: reopened for A");
}

#[test]
fn tda_47_example_1a_c_faces_only_75_and_cannot_raise() {
    let mut h = example_47_1();
    // The blinds checked and fold to the bet; A calls the 200.
    acts(&mut h, &["x", "x", "100", "125", "c", "200", "c", "f", "f"]);
    assert_eq!(actor(&h), engine::Player(2));
    act(&mut h, "c");
    assert_eq!(actor(&h), engine::Player(4), "C is to act");
    let l = legal(&h);
    assert_eq!(l.call, Some(Chips(75)));
    assert_eq!(
        l.bet_or_raise, None,
        "TDA-47A: 75 is not a full raise for C"
    );
    let err = h
        .apply(Op::Act(engine::Player(4), Action::BetOrRaiseTo(Chips(300))))
        .unwrap_err();
    assert!(err.to_string().contains("TDA-47A"), "{err}");
}

#[test]
fn tda_47_example_1b_a_min_raise_reopens_for_c() {
    let mut h = example_47_1();
    acts(&mut h, &["x", "x", "100", "125", "c", "200", "c", "f", "f"]);
    assert_eq!(actor(&h), engine::Player(2));
    act(&mut h, "300"); // A raises by the minimum, 100
    assert_eq!(actor(&h), engine::Player(4));
    let l = legal(&h);
    assert_eq!(l.call, Some(Chips(175)));
    assert!(
        l.bet_or_raise.is_some(),
        "TDA-47A: 175 more is a full raise for C"
    );
}

#[test]
fn tda_47_example_2_minimum_stays_the_last_full_bet() {
    // Read as a post-flop bet of 300 (erratum in ../shared/rules/README.md). Blinds 50-100.
    let mut h = nl(
        &[10_000, 10_000, 10_000, 600, 750, 900, 10_000, 10_000],
        &[50, 100, 0, 0, 0, 0, 0, 0],
    );
    acts(&mut h, &["c", "c", "c", "c", "c", "c", "c", "x"]);
    acts(&mut h, &["x", "x"]); // blinds check the flop
    acts(&mut h, &["300", "500", "650", "800", "c"]); // A bets, B C D all-in, E calls
    let l = legal(&h);
    assert_eq!(l.call, Some(Chips(800)));
    assert_eq!(min_max(&h).unwrap().0, 1100);
}

/// TDA-47 example 3: blinds 2000-4000; A calls 4000, B folds, C all-in for 7500, all fold to
/// the big blind.
fn example_47_3() -> engine::Hand {
    let mut h = nl(
        &[100_000, 100_000, 100_000, 100_000, 7_500],
        &[2000, 4000, 0, 0, 0],
    );
    acts(&mut h, &["c", "f", "7500", "f"]);
    h
}

#[test]
fn tda_47_example_3a_the_caller_cannot_reraise_a_short_all_in() {
    let mut h = example_47_3();
    // BB has not acted: may raise by at least 4000, to 11500.
    assert_eq!(legal(&h).call, Some(Chips(3500)));
    assert_eq!(min_max(&h).unwrap().0, 11_500);
    act(&mut h, "c");
    // A called 4000 and faces 3500 more, not a full raise.
    assert_eq!(actor(&h), engine::Player(2));
    assert_eq!(legal(&h).call, Some(Chips(3500)));
    assert_eq!(legal(&h).bet_or_raise, None, "TDA-47A");
}

#[test]
fn tda_47_example_3b_a_full_raise_by_the_big_blind_reopens() {
    let mut h = example_47_3();
    act(&mut h, "11500");
    assert_eq!(actor(&h), engine::Player(2));
    assert_eq!(legal(&h).call, Some(Chips(7500)));
    assert!(legal(&h).bet_or_raise.is_some(), "TDA-47A: reopened");
}
