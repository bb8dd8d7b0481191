//! Betting limits: the pot-limit maximum (TDA-54, 54B), the fixed-limit cap of one bet and three
//! raises (HC-3.4.1 a, TDA-48) and when it ends heads-up (TDA-48, HC-3.4.1 c), and reopening
//! the betting in limit at half a bet (TDA-47B). Every hand is played out and conserves chips.

mod common;
use common::*;
use engine::rule;
use engine::{Action, Chips, Game, Hand, HandError, HandSetup, Op, Player, Ruleset, Variant};

fn plo(stacks: &[u64], blinds: &[u64]) -> Hand {
    let bb = blinds.iter().copied().max().unwrap();
    Hand::new(setup(Variant::POT_LIMIT_OMAHA, stacks, blinds, bb)).unwrap()
}

fn limit_setup(small: u64, big: u64, stacks: &[u64], blinds: &[u64]) -> HandSetup {
    let v = Variant::fixed_limit(Game::Holdem, Chips(small), Chips(big));
    setup(v, stacks, blinds, small)
}

/// Fixed-limit hold'em 2/4, blinds 1-2, under TDA 2019 in a tournament.
fn limit(stacks: &[u64], blinds: &[u64]) -> Hand {
    Hand::new(limit_setup(2, 4, stacks, blinds)).unwrap()
}

/// Fixed-limit hold'em 2/4 under the Hold'em Cologne rulebook.
fn limit_hc(stacks: &[u64], blinds: &[u64], tournament: bool, event_heads_up: bool) -> Hand {
    let mut s = limit_setup(2, 4, stacks, blinds);
    s.ruleset = Ruleset::profile("hc").unwrap();
    s.tournament = tournament;
    s.tournament_heads_up = event_heads_up;
    Hand::new(s).unwrap()
}

fn finish(mut h: Hand, stacks: &[u64]) {
    play_out(&mut h);
    assert_conserved(&h, stacks);
}

fn try_raise(h: &mut Hand, to: u64) -> Result<(), HandError> {
    let p = actor(h);
    h.apply(Op::Act(p, Action::BetOrRaiseTo(Chips(to))))
}

/// Raises in turn to each amount, checking first that it is the only raise allowed.
fn raise_through(h: &mut Hand, tos: &[u64]) {
    for &to in tos {
        assert_eq!(min_max(h), Some((to, to)), "{} may raise to {to}", actor(h));
        act(h, &to.to_string());
    }
}

// --- Pot limit (TDA-54) -------------------------------------------------------------------

#[test]
fn tda_54_first_raise_before_the_flop_is_at_most_to_7_with_blinds_1_2() {
    // Pot 1 + 2 = 3, plus the call of 2 = 5: a raise of 5, to 7.
    let stacks = [1000; 4];
    let mut h = plo(&stacks, &[1, 2, 0, 0]);
    assert_eq!(min_max(&h), Some((4, 7)));
    let before = format!("{h:?}");
    assert_eq!(
        try_raise(&mut h, 8),
        Err(HandError::AbovePotLimit {
            to: Chips(8),
            max_to: Chips(7)
        })
    );
    assert_eq!(format!("{h:?}"), before);
    act(&mut h, "7");
    // Pot 1 + 2 + 7 = 10, plus the call of 7 = 17: to 7 + 17 = 24.
    assert_eq!(min_max(&h), Some((12, 24)));
    act(&mut h, "24");
    finish(h, &stacks);
}

#[test]
fn tda_54_after_a_call_the_maximum_is_to_9() {
    // Pot 1 + 2 + 2 = 5, plus the call of 2 = 7: to 2 + 7 = 9.
    let stacks = [1000; 4];
    let mut h = plo(&stacks, &[1, 2, 0, 0]);
    act(&mut h, "c");
    assert_eq!(min_max(&h), Some((4, 9)));
    act(&mut h, "c");
    // The small blind: pot 1 + 2 + 2 + 2 = 7, plus its call of 1 = 8: to 2 + 8 = 10.
    assert_eq!(min_max(&h), Some((4, 10)));
    act(&mut h, "10");
    finish(h, &stacks);
}

#[test]
fn tda_54_after_the_flop_the_pot_is_the_maximum_bet() {
    let stacks = [1000; 4];
    let mut h = plo(&stacks, &[1, 2, 0, 0]);
    acts(&mut h, &["c", "c", "c", "x"]); // pot 8
    assert_eq!(min_max(&h), Some((2, 8)), "a bet of the pot, 8");
    act(&mut h, "8");
    // Pot 8 + 8 = 16, plus the call of 8 = 24: to 8 + 24 = 32.
    assert_eq!(min_max(&h), Some((16, 32)));
    act(&mut h, "32");
    finish(h, &stacks);
}

#[test]
fn tda_54b_short_all_in_big_blind_does_not_lower_the_pre_flop_maximum() {
    // Blinds 50-100, the big blind all-in for 60. As if 100 were posted: pot 50 + 100 = 150,
    // plus the call of 100 = 250: to 100 + 250 = 350 (not 310 from the 60 actually posted).
    let stacks = [10_000, 60, 10_000, 10_000];
    let mut h = plo(&stacks, &[50, 100, 0, 0]);
    assert_eq!(legal(&h).call, Some(Chips(100)));
    assert_eq!(min_max(&h), Some((200, 350)), "TDA-54B");
    act(&mut h, "c");
    // Pot 50 + 100 + 100 = 250, plus the call of 100 = 350: to 100 + 350 = 450.
    assert_eq!(min_max(&h), Some((200, 450)), "TDA-54B");
    acts(&mut h, &["f", "c"]);
    // After the flop the actual pot counts: 100 + 60 + 100 = 260.
    assert_eq!(min_max(&h), Some((100, 260)), "TDA-54B: the current pot");
    finish(h, &stacks);
}

#[test]
fn tda_54b_big_blind_all_in_for_less_than_the_small_blind() {
    // Blinds 50-100, the big blind all-in for 30, less than the small blind. TDA-54B: as if the
    // full blinds were in: pot 50 + 100 = 150, plus the call of 100 = 250: to 100 + 250 = 350
    // (not 330, counting only 50 of the 70 missing).
    let stacks = [10_000, 30, 10_000, 10_000];
    let h = plo(&stacks, &[50, 100, 0, 0]);
    assert_eq!(legal(&h).call, Some(Chips(100)));
    assert_eq!(min_max(&h), Some((200, 350)), "TDA-54B");
    finish(h, &stacks);
}

#[test]
fn tda_54b_short_all_in_small_blind_does_not_lower_the_pre_flop_maximum() {
    // Blinds 50-100, the small blind all-in for 30. TDA-54B speaks of any short all-in blind:
    // pot 50 + 100 = 150, plus the call of 100 = 250: to 100 + 250 = 350 (not 330).
    let stacks = [30, 10_000, 10_000, 10_000];
    let h = plo(&stacks, &[50, 100, 0, 0]);
    assert_eq!(legal(&h).call, Some(Chips(100)));
    assert_eq!(min_max(&h), Some((200, 350)), "TDA-54B");
    finish(h, &stacks);
}

// --- Fixed-limit cap ----------------------------------------------------------------------

#[test]
fn hc_3_4_1a_tda_48_one_bet_and_three_raises_multiway() {
    let stacks = [1000; 4];
    let mut h = limit(&stacks, &[1, 2, 0, 0]);
    // Before the flop the big blind is the bet: three raises, to 4, 6 and 8.
    raise_through(&mut h, &[4, 6, 8]);
    let l = legal(&h);
    assert_eq!((l.call, l.bet_or_raise), (Some(Chips(6)), None), "capped");
    let before = format!("{h:?}");
    let err = try_raise(&mut h, 10).unwrap_err();
    assert_eq!(
        err,
        HandError::RaiseCapReached {
            cap: 4,
            rule: rule!("TDA-48")
        }
    );
    assert!(err.to_string().contains("one bet and 3 raises"), "{err}");
    assert_eq!(format!("{h:?}"), before);
    acts(&mut h, &["c", "c", "c"]);
    // Flop: a bet and three raises.
    raise_through(&mut h, &[2, 4, 6, 8]);
    assert_eq!(legal(&h).bet_or_raise, None, "capped on the flop");
    acts(&mut h, &["c", "c", "c"]);
    // Turn, big bets: 4, 8, 12, 16.
    raise_through(&mut h, &[4, 8, 12, 16]);
    assert_eq!(legal(&h).bet_or_raise, None, "capped on the turn");
    finish(h, &stacks);
}

#[test]
fn tda_48_the_cap_holds_heads_up_until_the_event_is_down_to_two() {
    let stacks = [1000, 1000];
    // Heads-up: player 0 the big blind (2), player 1 the button and small blind (1).
    let mut h = limit(&stacks, &[2, 1]);
    raise_through(&mut h, &[4, 6, 8]);
    assert_eq!(legal(&h).bet_or_raise, None, "TDA-48: capped heads-up");
    assert_eq!(
        try_raise(&mut h, 10),
        Err(HandError::RaiseCapReached {
            cap: 4,
            rule: rule!("TDA-48")
        })
    );
    finish(h, &stacks);
}

#[test]
fn tda_48_no_cap_once_the_event_is_down_to_two_players() {
    let stacks = [1000, 1000];
    let mut s = limit_setup(2, 4, &stacks, &[2, 1]);
    s.tournament_heads_up = true;
    let mut h = Hand::new(s).unwrap();
    raise_through(&mut h, &[4, 6, 8, 10, 12, 14]);
    assert_eq!(min_max(&h), Some((16, 16)), "TDA-48: no cap");
    finish(h, &stacks);
}

#[test]
fn tda_48_a_hand_down_to_two_of_several_stays_capped_in_a_tournament() {
    let stacks = [1000; 3];
    let mut h = limit(&stacks, &[1, 2, 0]);
    acts(&mut h, &["c", "c", "x"]);
    acts(&mut h, &["2", "f"]); // flop: heads-up now, but the event is not
    raise_through(&mut h, &[4, 6, 8]);
    assert_eq!(legal(&h).bet_or_raise, None, "TDA-48");
    finish(h, &stacks);
}

#[test]
fn hc_3_4_1c_ring_game_heads_up_raises_are_unlimited() {
    let stacks = [1000, 1000];
    let mut h = limit_hc(&stacks, &[2, 1], false, false);
    raise_through(&mut h, &[4, 6, 8, 10, 12, 14]);
    assert_eq!(min_max(&h), Some((16, 16)), "HC-3.4.1 c");
    finish(h, &stacks);
}

#[test]
fn hc_3_4_1c_ring_game_heads_up_after_a_fold_before_the_cap_is_unlimited() {
    let stacks = [1000; 3];
    let mut h = limit_hc(&stacks, &[1, 2, 0], false, false);
    acts(&mut h, &["c", "c", "x"]);
    acts(&mut h, &["2", "4", "f"]); // flop: bet, raise, the third player folds
    raise_through(&mut h, &[6, 8, 10, 12]);
    assert_eq!(
        min_max(&h),
        Some((14, 14)),
        "heads-up before the cap: HC-3.4.1 c"
    );
    finish(h, &stacks);
}

#[test]
fn hc_3_4_1c_capped_multiway_stays_capped_after_a_fold_to_heads_up() {
    let stacks = [1000; 3];
    let mut h = limit_hc(&stacks, &[1, 2, 0], false, false);
    acts(&mut h, &["c", "c", "x"]);
    // Flop: bet and three raises with three players, then player 1 folds.
    raise_through(&mut h, &[2, 4, 6, 8]);
    act(&mut h, "f");
    assert_eq!(actor(&h), Player(2));
    assert_eq!(legal(&h).bet_or_raise, None, "HC-3.4.1 c: not uncapped");
    let err = try_raise(&mut h, 10).unwrap_err();
    assert_eq!(
        err,
        HandError::RaiseCapReached {
            cap: 4,
            rule: rule!("HC-3.4.1")
        }
    );
    act(&mut h, "c");
    // Turn: heads-up from the start of the round, so raising is unlimited again.
    raise_through(&mut h, &[4, 8, 12, 16, 20]);
    assert_eq!(min_max(&h), Some((24, 24)), "HC-3.4.1 c");
    finish(h, &stacks);
}

#[test]
fn hc_3_4_1c_tournament_heads_up_is_capped() {
    // "außer in Turnieren": in a tournament the cap holds heads-up, at the final two as well.
    for event_heads_up in [false, true] {
        let stacks = [1000, 1000];
        let mut h = limit_hc(&stacks, &[2, 1], true, event_heads_up);
        raise_through(&mut h, &[4, 6, 8]);
        assert_eq!(
            legal(&h).bet_or_raise,
            None,
            "HC-3.4.1 c, event heads-up: {event_heads_up}"
        );
        finish(h, &stacks);
    }
}

// --- TDA-47B ------------------------------------------------------------------------------

/// Limit 10/20, blinds 5-10, four players limp; on the flop player 0 bets 10, player 1 moves in
/// with what is left of `p1_stack`, player 2 calls, the button folds: back to player 0.
fn limit_all_in_raise(p1_stack: u64) -> (Hand, [u64; 4]) {
    let stacks = [1000, p1_stack, 1000, 1000];
    let mut h = Hand::new(limit_setup(10, 20, &stacks, &[5, 10, 0, 0])).unwrap();
    acts(&mut h, &["c", "c", "c", "x"]);
    act(&mut h, "10");
    let all_in_to = p1_stack - 10;
    assert_eq!(min_max(&h), Some((all_in_to, all_in_to)), "all-in raise");
    act(&mut h, &all_in_to.to_string());
    acts(&mut h, &["c", "f"]);
    assert_eq!(actor(&h), Player(0));
    (h, stacks)
}

#[test]
fn tda_47b_an_all_in_of_half_a_bet_reopens_the_betting_in_limit() {
    // All-in to 15: a raise of 5, 50% of the 10 bet.
    let (h, stacks) = limit_all_in_raise(25);
    let l = legal(&h);
    assert_eq!(l.call, Some(Chips(5)));
    assert!(l.bet_or_raise.is_some(), "TDA-47B: at least 50% reopens");
    finish(h, &stacks);
}

#[test]
fn tda_47b_an_all_in_of_less_than_half_a_bet_does_not_reopen() {
    // All-in to 14: a raise of 4, less than 50% of the 10 bet.
    let (mut h, stacks) = limit_all_in_raise(24);
    let l = legal(&h);
    assert_eq!(l.call, Some(Chips(4)));
    assert_eq!(l.bet_or_raise, None, "TDA-47B");
    let err = try_raise(&mut h, 24).unwrap_err();
    assert!(
        matches!(
            err,
            HandError::NotReopened { rule, .. } if rule == rule!("TDA-47B")
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("TDA-47B"), "{err}");
    finish(h, &stacks);
}

// --- Spread limit (HC-1, HC-3.4.1) ------------------------------------------------------------

/// Spread-limit hold'em 2-10, blinds 1-2, under the Hold'em Cologne rulebook (HC-1 lists it
/// among the limits played).
fn spread(stacks: &[u64], blinds: &[u64]) -> Hand {
    let v = Variant {
        game: Game::Holdem,
        structure: engine::Structure::SpreadLimit {
            min_bet: Chips(2),
            max_bet: Chips(10),
        },
    };
    let mut s = setup(v, stacks, blinds, 2);
    s.ruleset = Ruleset::profile("hc").unwrap();
    Hand::new(s).unwrap()
}

#[test]
fn hc_3_4_1_spread_limit_bets_within_the_spread_and_refuses_beyond_it() {
    let stacks = [1000; 4];
    let mut h = spread(&stacks, &[1, 2, 0, 0]);
    // Before the flop: by at least the big blind, by at most 10 over the 2 to call.
    assert_eq!(min_max(&h), Some((4, 12)));
    let before = format!("{h:?}");
    let err = try_raise(&mut h, 13).unwrap_err();
    assert_eq!(
        err,
        HandError::AboveSpread {
            to: Chips(13),
            max_to: Chips(12),
            max_bet: Chips(10)
        }
    );
    assert_eq!(err.rule(), Some(rule!("HC-3.4.1")));
    assert!(err.to_string().contains("HC-3.4.1"), "{err}");
    assert_eq!(format!("{h:?}"), before, "a refusal changes nothing");
    // A raise of 6, to 8: the next raise is by at least 6 (HC-3.4.1), at most 10.
    act(&mut h, "8");
    assert_eq!(min_max(&h), Some((14, 18)));
    acts(&mut h, &["c", "c", "c"]);
    // After the flop a bet is 2 to 10.
    acts(&mut h, &["x", "x", "x"]);
    assert_eq!(min_max(&h), Some((2, 10)));
    assert!(matches!(
        try_raise(&mut h, 1),
        Err(HandError::BetBelowMinimum { .. })
    ));
    finish(h, &stacks);
}

#[test]
fn hc_3_4_1_a_spread_limit_caps_at_one_bet_and_three_raises() {
    let stacks = [1000; 4];
    let mut h = spread(&stacks, &[1, 2, 0, 0]);
    acts(&mut h, &["c", "c", "c", "x"]);
    // The flop: a bet and three raises, then only calls.
    acts(&mut h, &["2", "4", "6", "8"]);
    assert!(legal(&h).bet_or_raise.is_none(), "capped");
    assert!(matches!(
        try_raise(&mut h, 10),
        Err(HandError::RaiseCapReached { .. })
    ));
    finish(h, &stacks);
}
