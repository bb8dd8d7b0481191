//! The dealer's guide's betting (DG-15a with its points, DG-15.7, DG-15.8, DG-16, DG-19, DG-22,
//! DG-25, DG-28.5) under the DG profile: the sizes, who acts first after the flop, side pots and
//! the odd chip, each as the guide states it.

mod common;
use common::*;
use engine::{Action, Automations, Chips, HandError, HandSetup, Op, Player, RulebookId, Street};

/// No-limit hold'em under the dealer's guide.
fn dg(stacks: &[u64], blinds: &[u64]) -> HandSetup {
    let bb = blinds.iter().copied().max().unwrap_or(1);
    let mut s = setup(engine::Variant::NO_LIMIT_HOLDEM, stacks, blinds, bb);
    s.ruleset = RulebookId::Dg.ruleset();
    s
}

fn hand(stacks: &[u64], blinds: &[u64]) -> engine::Hand {
    engine::Hand::new(dg(stacks, blinds)).expect("valid setup")
}

/// Four players, blinds 25-50, everyone calls or checks before the flop: on the flop the small
/// blind (player 0, first left of the button) acts first.
fn on_the_flop(stacks: &[u64]) -> engine::Hand {
    let mut h = hand(stacks, &[25, 50, 0, 0]);
    acts(&mut h, &["c", "c", "c", "x"]);
    assert_eq!(h.street(), Street::Flop);
    h
}

fn try_to(h: &mut engine::Hand, to: u64) -> Result<(), HandError> {
    let p = actor(h);
    h.apply(Op::Act(p, Action::BetOrRaiseTo(Chips(to))))
        .map(|_| ())
}

/// DG-15a.1, DG-15b.
#[test]
fn dg_15a_1_a_bet_is_at_least_the_big_blind() {
    let mut h = on_the_flop(&[5_000; 4]);
    assert_eq!(min_max(&h).unwrap().0, 50);
    let before = format!("{h:?}");
    // DG-15b: refused at once, with the reason, and nothing changes.
    let err = try_to(&mut h, 40).unwrap_err();
    assert!(matches!(err, HandError::BetBelowMinimum { .. }), "{err}");
    assert_eq!(format!("{h:?}"), before);
    try_to(&mut h, 50).unwrap();
}

/// DG-15a.2.
#[test]
fn dg_15a_2_a_raise_at_least_doubles_the_bet() {
    // "Bet 50, raise to 100 or more."
    let mut h = on_the_flop(&[5_000; 4]);
    act(&mut h, "50");
    assert_eq!(min_max(&h).unwrap().0, 100);
    assert!(matches!(
        try_to(&mut h, 99),
        Err(HandError::RaiseBelowMinimum { .. })
    ));
}

/// DG-15a.3.
#[test]
fn dg_15a_3_a_re_raise_by_at_least_the_previous_raise() {
    // Bet 50, raise to 150 (by 100): a re-raise is at least to 250.
    let mut h = on_the_flop(&[5_000; 4]);
    acts(&mut h, &["50", "150"]);
    assert_eq!(min_max(&h).unwrap().0, 250);
}

/// DG-15a.4.
#[test]
fn dg_15a_4_before_the_flop_the_first_raise_is_by_at_least_the_big_blind() {
    let h = hand(&[5_000; 4], &[25, 50, 0, 0]);
    assert_eq!(min_max(&h).unwrap().0, 100);
}

/// DG-15a.6.
#[test]
fn dg_15a_6_who_acted_may_only_call_an_incomplete_raise() {
    // On the flop: player 0 bets 100, player 1 goes all-in for 150 (short of the raise to 200),
    // players 2 and 3 call. Back to player 0: call or fold, no raise.
    let mut h = on_the_flop(&[5_000, 200, 5_000, 5_000]);
    acts(&mut h, &["100", "150", "c", "c"]);
    assert_eq!(actor(&h), Player(0));
    let legal = legal(&h);
    assert_eq!(legal.call, Some(Chips(50)));
    assert!(legal.bet_or_raise.is_none(), "{legal:?}");
}

/// DG-15.7.
#[test]
fn dg_15_7_an_all_in_below_the_minimum_raise_is_no_short_raise() {
    // Bet 100; player 1 has 150 behind: all-in to 150 stands, nothing to make up.
    let mut h = on_the_flop(&[5_000, 200, 5_000, 5_000]);
    act(&mut h, "100");
    assert_eq!(min_max(&h).unwrap(), (150, 150));
    try_to(&mut h, 150).unwrap();
    assert_eq!(h.players()[1].stack, Chips::ZERO);
}

/// DG-15a.7, DG-15.8.
#[test]
fn dg_15a_7_a_short_call_is_all_in_and_the_rest_makes_a_side_pot() {
    // DG-15.8: the side pot is kept apart from the main pot.
    let mut h = on_the_flop(&[5_000, 450, 5_000, 5_000]);
    acts(&mut h, &["1000", "c", "c", "f"]);
    let pots = h.pots();
    assert_eq!(pots.len(), 2, "{pots:?}");
    // Main: 4 x 50 before the flop + 3 x 400 on the flop; side: 2 x 600.
    assert_eq!(pots[0].amount, Chips(1_400));
    assert_eq!(pots[1].amount, Chips(1_200));
    assert!(!pots[1].eligible.contains(&Player(1)));
}

/// DG-16.
#[test]
fn dg_16_the_round_ends_when_nobody_raises() {
    let mut h = on_the_flop(&[5_000; 4]);
    acts(&mut h, &["50", "150", "c", "c"]);
    assert_eq!(h.street(), Street::Flop, "player 0 still owes the raise");
    act(&mut h, "c");
    assert_ne!(h.street(), Street::Flop);
}

/// DG-19, DG-22, DG-25.
#[test]
fn dg_19_22_25_the_first_player_still_in_left_of_the_button_acts_first() {
    // The small blind folds before the flop: on every later street the big blind acts first.
    let mut h = hand(&[5_000; 4], &[25, 50, 0, 0]);
    acts(&mut h, &["c", "c", "f", "x"]);
    for street in [Street::Flop, Street::Turn, Street::River] {
        assert_eq!(h.street(), street);
        assert_eq!(actor(&h), Player(1), "{street:?}");
        acts(&mut h, &["x", "x", "x"]);
    }
}

/// DG-28.5.
#[test]
fn dg_28_5_the_odd_chip_goes_to_the_worst_position() {
    // Blinds 1-2: the button calls, the small blind folds, the big blind checks: pot 5. The
    // board plays for the big blind and the button; the big blind, first left of the button,
    // is the worse position and gets the odd chip.
    let stacks = [100, 100, 100];
    let mut h = dealt_with(
        dg(&stacks, &[1, 2, 0]),
        Automations::LIVE_DEALER,
        &["2c 3c", "4d 5d", "6h 7h"],
    );
    acts(&mut h, &["c", "f", "x"]);
    for cards in ["As Ks Qs", "Js", "Ts"] {
        board(&mut h, cards);
        while h.legal_actions().is_some() {
            act(&mut h, "x");
        }
    }
    assert_eq!(won(&h), [0, 3, 2]);
    assert_conserved(&h, &stacks);
}

/// DG-15.10: a check is allowed after the flop while nobody has bet; before the flop only the
/// big blind, with nothing to call, may check.
#[test]
fn dg_15_10_a_check_only_while_nobody_bet() {
    let mut h = hand(&[5_000; 4], &[25, 50, 0, 0]);
    let p = actor(&h);
    assert!(matches!(
        h.apply(Op::Act(p, Action::Check)),
        Err(HandError::CheckFacingBet { .. })
    ));
    acts(&mut h, &["c", "c", "c"]);
    act(&mut h, "x"); // the big blind's option
    act(&mut h, "x"); // the flop, nobody has bet
    act(&mut h, "50");
    let p = actor(&h);
    assert!(matches!(
        h.apply(Op::Act(p, Action::Check)),
        Err(HandError::CheckFacingBet { .. })
    ));
}
