//! Pots: odd chips (TDA-20 with its illustration, HC-3.5), each pot split on its own (TDA-21),
//! Omaha hi/lo halves, uncalled bets returned; chips are conserved in every hand.

mod common;
use common::*;
use engine::{Automations, Chips, Event, Game, Half, Hand, HandSetup, Player, Structure, Variant};

fn holdem(stacks: &[u64], blinds: &[u64]) -> HandSetup {
    let bb = blinds.iter().copied().max().unwrap();
    setup(Variant::NO_LIMIT_HOLDEM, stacks, blinds, bb)
}

fn omaha8_no_limit(stacks: &[u64], blinds: &[u64]) -> HandSetup {
    let v = Variant {
        game: Game::OmahaHiLo,
        structure: Structure::NoLimit,
    };
    let bb = blinds.iter().copied().max().unwrap();
    setup(v, stacks, blinds, bb)
}

/// Every `PotAwarded` as (pot, half, player, amount).
fn awards(h: &Hand) -> Vec<(usize, Half, u8, u64)> {
    h.events()
        .iter()
        .filter_map(|e| match e {
            Event::PotAwarded {
                pot,
                half,
                player,
                amount,
            } => Some((*pot, *half, player.0, amount.0)),
            _ => None,
        })
        .collect()
}

/// Checks every street down; the board is dealt from `streets`.
fn check_down(h: &mut Hand, streets: [&str; 3]) {
    for cards in streets {
        board(h, cards);
        while h.legal_actions().is_some() {
            act(h, "x");
        }
    }
}

// --- TDA-20 -------------------------------------------------------------------------------

#[test]
fn tda_20a_odd_chip_to_the_first_winner_left_of_the_button() {
    // Blinds 1-2: the button calls, the small blind folds, the big blind checks: pot 5. The
    // board (a royal flush) plays for the big blind and the button.
    let stacks = [100, 100, 100];
    let mut h = dealt_with(
        holdem(&stacks, &[1, 2, 0]),
        Automations::LIVE_DEALER,
        &["2c 3c", "4d 5d", "6h 7h"],
    );
    acts(&mut h, &["c", "f", "x"]);
    check_down(&mut h, ["As Ks Qs", "Js", "Ts"]);
    // 5 = 2 + 2 + the odd chip to the big blind, first left of the button (TDA-20A, HC-3.5).
    assert_eq!(won(&h), [0, 3, 2]);
    assert_eq!(finals(&h), [99, 101, 100]);
    assert_conserved(&h, &stacks);
}

#[test]
fn tda_20a_two_odd_chips_one_each_from_the_button_left_never_the_button() {
    // Four players limp in for 2: pot 8. Three ace-high straights tie; player 0 has nothing.
    // 8 = 3 x 2 + 2 odd chips: one each to players 1 and 2; not the button (JPR-10), and
    // nobody gets more than one (HC-3.5).
    let stacks = [100; 4];
    let mut h = dealt_with(
        holdem(&stacks, &[1, 2, 0, 0]),
        Automations::LIVE_DEALER,
        &["5c 6c", "Ts 2d", "Td 3s", "Tc 4s"],
    );
    acts(&mut h, &["c", "c", "c", "x"]);
    check_down(&mut h, ["Ah Kd Qc", "Js", "9h"]);
    assert_eq!(won(&h), [0, 3, 3, 2]);
    assert_conserved(&h, &stacks);
}

#[test]
fn tda_20c_hi_lo_odd_chip_goes_to_the_high_half() {
    // Fixed-limit Omaha/8, blinds 1-2: the button calls, the small blind folds, the big blind
    // checks: pot 5. The button has quad kings (high, no low); the big blind has the only low,
    // 8-5-3-2-A. 5 = high 3 (with the odd chip) + low 2 (TDA-20C) although the big blind sits
    // first left of the button.
    let stacks = [100, 100, 100];
    let mut h = dealt_with(
        setup(omaha_hilo_limit(2, 4), &stacks, &[1, 2, 0], 2),
        Automations::LIVE_DEALER,
        &["6s 7s 9s Js", "As 3d 9c Tc", "Kh Kd Qh Qd"],
    );
    acts(&mut h, &["c", "f", "x"]);
    check_down(&mut h, ["2c 5d 8h", "Kc", "Ks"]);
    let mut a = awards(&h);
    a.sort_by_key(|&(pot, _, player, _)| (pot, player));
    assert_eq!(a, [(0, Half::Low, 1, 2), (0, Half::High, 2, 3)]);
    assert_eq!(finals(&h), [99, 100, 101]);
    assert_conserved(&h, &stacks);
}

#[test]
fn tda_20a_c_a_split_low_half_gives_its_odd_chip_left_of_the_button() {
    // No-limit Omaha/8, three players all-in for 5: pot 15. The button has quad kings; players
    // 0 and 1 tie for low with 8-5-3-2-A. High half 8 (the odd chip of the pot, TDA-20C), low
    // half 7 split 4 + 3, its odd chip to player 0, first left of the button (TDA-20A).
    let stacks = [5, 5, 5];
    let mut h = dealt_with(
        omaha8_no_limit(&stacks, &[1, 2, 0]),
        Automations::LIVE_DEALER,
        &["As 3d 9c Tc", "Ac 3h 9d Ts", "Kh Kd Qh Qd"],
    );
    acts(&mut h, &["5", "c", "c"]);
    play_board(&mut h, ["2c 5d 8h", "Kc", "Ks"]);
    assert_eq!(won(&h), [4, 3, 8]);
    assert_conserved(&h, &stacks);
}

/// Deals the remaining streets of an all-in hand.
fn play_board(h: &mut Hand, streets: [&str; 3]) {
    for cards in streets {
        board(h, cards);
    }
    assert!(h.is_over());
}

#[test]
fn tda_20d_illustration_example_1_identical_hands_win_both_halves_33_each() {
    // Omaha/8: A (player 1, with the 6s) and B (player 0, the 6c) both make 2-3-4-5-6 for high
    // and low. The pot is 66: 33 each, not 33 high and 33 low with both odd chips to A (34, 32).
    let stacks = [33, 33];
    let mut h = dealt_with(
        omaha8_no_limit(&stacks, &[2, 1]),
        Automations::LIVE_DEALER,
        &["5c 6c 9h Td", "5s 6s 9d Tc"],
    );
    acts(&mut h, &["33", "c"]); // the button all-in, the big blind calls: pot 66
    assert_eq!(h.pots()[0].amount, Chips(66));
    play_board(&mut h, ["2h 3d 4c", "Kh", "Qs"]);
    assert_eq!(won(&h), [33, 33], "TDA-20D: as evenly as possible");
    assert_eq!(finals(&h), [33, 33]);
    assert_conserved(&h, &stacks);
}

// --- TDA-21 -------------------------------------------------------------------------------

#[test]
fn tda_21_three_pots_each_split_on_its_own() {
    // Blinds 1-2. Player 2 all-in for 600, the button calls, the blinds call all-in for 100 and
    // 301. Main pot 4 x 100 = 400 (all four), side pot 1: 3 x 201 = 603 (players 1-3), side
    // pot 2: 2 x 299 = 598 (players 2 and 3); the button keeps 400.
    let stacks = [100, 301, 600, 1000];
    let mut h = dealt_with(
        holdem(&stacks, &[1, 2, 0, 0]),
        Automations::LIVE_DEALER,
        // aces; K-Q; K-Q; Q-8
        &["As Ad", "Kh Qc", "Kd Qs", "Qh 8s"],
    );
    acts(&mut h, &["600", "c", "c", "c"]);
    let pots: Vec<(u64, Vec<Player>)> = h
        .pots()
        .into_iter()
        .map(|p| (p.amount.0, p.eligible))
        .collect();
    let players = |v: &[u8]| v.iter().map(|&i| Player(i)).collect::<Vec<_>>();
    assert_eq!(
        pots,
        [
            (400, players(&[0, 1, 2, 3])),
            (603, players(&[1, 2, 3])),
            (598, players(&[2, 3])),
        ]
    );
    play_board(&mut h, ["2c 7d 9h", "Js", "4c"]);
    // Main pot to the aces; side pot 1 split between the two K-Q, 302 + 301 with the odd chip
    // to player 1; side pot 2 to player 2's K-Q over Q-8.
    let mut a = awards(&h);
    a.sort_by_key(|&(pot, _, player, _)| (pot, player));
    assert_eq!(
        a,
        [
            (0, Half::Whole, 0, 400),
            (1, Half::Whole, 1, 302),
            (1, Half::Whole, 2, 301),
            (2, Half::Whole, 2, 598),
        ]
    );
    assert_eq!(finals(&h), [400, 302, 899, 400]);
    assert_conserved(&h, &stacks);
}

// --- Omaha hi/lo --------------------------------------------------------------------------

#[test]
fn hc_1_omaha_hi_lo_without_a_qualifying_low_the_high_hand_scoops() {
    // Board K-Q-9-8-3: only two cards of 8 or lower, no low is possible.
    let stacks = [100, 100];
    let mut h = dealt_with(
        setup(omaha_hilo_limit(2, 4), &stacks, &[2, 1], 2),
        Automations::LIVE_DEALER,
        &["Ah 2c 4d 5h", "Ks Kd 7c 6d"],
    );
    acts(&mut h, &["c", "x"]); // pot 4
    check_down(&mut h, ["Kc Qd 9h", "8s", "3c"]);
    assert_eq!(
        awards(&h),
        [(0, Half::Whole, 1, 4)],
        "trip kings take it all"
    );
    assert_eq!(finals(&h), [98, 102]);
    assert_conserved(&h, &stacks);
}

#[test]
fn hc_1_omaha_hi_lo_high_and_low_split_with_the_odd_chip_high() {
    // No-limit Omaha/8, blinds 1-2: the button moves in for 20, the small blind folds, the big
    // blind calls: pot 41 with the small blind's dead chip. The button has quad kings and no
    // low, the big blind the only low, 8-5-3-2-A: high 21, low 20 (TDA-20C), although the big
    // blind sits first left of the button.
    let stacks = [100, 100, 20];
    let mut h = dealt_with(
        omaha8_no_limit(&stacks, &[1, 2, 0]),
        Automations::LIVE_DEALER,
        &["6s 7s 9s Js", "As 3d 9c Tc", "Kh Kd Qh Qd"],
    );
    acts(&mut h, &["20", "f", "c"]);
    play_board(&mut h, ["2c 5d 8h", "Kc", "Ks"]);
    let mut a = awards(&h);
    a.sort_by_key(|&(pot, _, player, _)| (pot, player));
    assert_eq!(a, [(0, Half::Low, 1, 20), (0, Half::High, 2, 21)]);
    assert_eq!(finals(&h), [99, 100, 21]);
    assert_conserved(&h, &stacks);
}

// --- Uncalled bets ------------------------------------------------------------------------

#[test]
fn uncalled_part_of_an_all_in_bet_is_returned() {
    // Heads-up, blinds 50-100: the button moves in for 1000, the big blind calls for 400.
    let stacks = [400, 1000];
    let mut h = dealt_with(
        holdem(&stacks, &[100, 50]),
        Automations::LIVE_DEALER,
        &["As Ad", "Kh Kc"],
    );
    acts(&mut h, &["1000", "c"]);
    assert!(h.events().contains(&Event::BetReturned {
        player: Player(1),
        amount: Chips(600)
    }));
    assert_eq!(h.pots()[0].amount, Chips(800));
    play_board(&mut h, ["2c 7d 9h", "Js", "4c"]);
    assert_eq!(finals(&h), [800, 600]);
    assert_conserved(&h, &stacks);
}

#[test]
fn uncalled_river_bet_is_returned_and_wins_without_a_showdown() {
    let stacks = [1000, 1000, 1000];
    let mut h = dealt_with(
        holdem(&stacks, &[50, 100, 0]),
        Automations::LIVE_DEALER,
        &["As Ad", "Kh Kc", "7s 2d"],
    );
    acts(&mut h, &["c", "c", "x"]); // pot 300
    for cards in ["2c 7d 9h", "Js"] {
        board(&mut h, cards);
        acts(&mut h, &["x", "x", "x"]);
    }
    board(&mut h, "4c");
    acts(&mut h, &["400", "f", "f"]);
    assert!(h.events().contains(&Event::BetReturned {
        player: Player(0),
        amount: Chips(400)
    }));
    assert_eq!(won(&h), [300, 0, 0]);
    assert_eq!(finals(&h), [1200, 900, 900]);
    assert_conserved(&h, &stacks);
}
