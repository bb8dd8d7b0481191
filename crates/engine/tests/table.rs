//! The table across hands: dead button (HC-3.6, its three elimination cases; WWPLA-9), heads-up
//! (TDA-34), new players (TDA-10), absent players (TDA-30, DG-8a), antes (TDA-RP-11) and the
//! short big blind (WWPLA-11, HC-1.13.2).

mod common;
use cards::{Deck, Seed};
use common::*;
use engine::rule;
use engine::{
    Automations, Blinds, Chips, Event, Hand, PlayerId, Positions, Ruleset, Seat, Table, Variant,
};

const LEVEL: Blinds = Blinds {
    small_blind: Chips(50),
    big_blind: Chips(100),
    ante: Chips(0),
    big_blind_ante: Chips(0),
};

fn table(occupied: &[u8], first_button: u8) -> Table {
    table_with(occupied, first_button, Ruleset::tda())
}

fn table_with(occupied: &[u8], first_button: u8, ruleset: Ruleset) -> Table {
    let mut t = Table::new(6, Variant::NO_LIMIT_HOLDEM, ruleset, true).unwrap();
    for &s in occupied {
        t.sit(Seat(s), PlayerId(s.into()), Chips(10_000)).unwrap();
    }
    t.set_first_button(Seat(first_button)).unwrap();
    t
}

/// Plays the next hand with everybody folding to the big blind.
fn play_fold_around(t: &mut Table) -> Positions {
    let deck = Deck::shuffled(Seed::from_u64(3));
    let (positions, setup) = t
        .next_hand(LEVEL, false, Automations::ALL, Some(deck))
        .unwrap();
    let mut hand = Hand::new(setup).unwrap();
    while hand.legal_actions().is_some() {
        act(&mut hand, "f");
    }
    assert!(hand.is_over());
    t.finish_hand(&positions, &hand.final_stacks());
    positions
}

fn seats(v: &[u8]) -> Vec<Seat> {
    v.iter().map(|&s| Seat(s)).collect()
}

#[test]
fn first_hand_blinds_follow_the_button() {
    let mut t = table(&[0, 1, 2, 3, 4, 5], 0);
    let p = play_fold_around(&mut t);
    assert_eq!(
        (p.button, p.small_blind, p.big_blind),
        (Seat(0), Some(Seat(1)), Seat(2))
    );
    assert_eq!(
        p.dealt,
        seats(&[1, 2, 3, 4, 5, 0]),
        "HC-1.12: the button is dealt last"
    );
    let p = play_fold_around(&mut t);
    assert_eq!(
        (p.button, p.small_blind, p.big_blind),
        (Seat(1), Some(Seat(2)), Seat(3))
    );
}

#[test]
fn hc_3_6_small_blind_eliminated_button_moves_to_the_empty_seat() {
    let mut t = table(&[0, 1, 2, 3, 4, 5], 0);
    play_fold_around(&mut t);
    t.leave(Seat(1)).unwrap();
    let p = play_fold_around(&mut t);
    assert_eq!(p.button, Seat(1), "dead button on the empty seat");
    assert_eq!((p.small_blind, p.big_blind), (Some(Seat(2)), Seat(3)));
    assert_eq!(
        p.dealt.last(),
        Some(&Seat(0)),
        "last hand's button acts last again"
    );
}

#[test]
fn hc_3_6_big_blind_eliminated_no_small_blind_then_dead_button() {
    let mut t = table(&[0, 1, 2, 3, 4, 5], 0);
    play_fold_around(&mut t);
    t.leave(Seat(2)).unwrap();
    let p = play_fold_around(&mut t);
    assert_eq!(
        p.button,
        Seat(1),
        "the button moves to the last small blind"
    );
    assert_eq!(
        (p.small_blind, p.big_blind),
        (None, Seat(3)),
        "no small blind"
    );
    let p = play_fold_around(&mut t);
    assert_eq!(
        p.button,
        Seat(2),
        "next hand the button is on the empty seat"
    );
    assert_eq!((p.small_blind, p.big_blind), (Some(Seat(3)), Seat(4)));
}

#[test]
fn hc_3_6_both_blinds_eliminated_button_last_three_hands() {
    let mut t = table(&[0, 1, 2, 3, 4, 5], 0);
    play_fold_around(&mut t);
    t.leave(Seat(1)).unwrap();
    t.leave(Seat(2)).unwrap();
    let p = play_fold_around(&mut t);
    assert_eq!(p.button, Seat(1));
    assert_eq!((p.small_blind, p.big_blind), (None, Seat(3)));
    assert_eq!(p.dealt.last(), Some(&Seat(0)));
    let p = play_fold_around(&mut t);
    assert_eq!(p.button, Seat(2));
    assert_eq!((p.small_blind, p.big_blind), (Some(Seat(3)), Seat(4)));
    assert_eq!(p.dealt.last(), Some(&Seat(0)), "three hands in a row last");
}

#[test]
fn tda_34_heads_up_the_next_big_blind_posts_it_and_the_button_is_small_blind() {
    let mut t = table(&[0, 2, 4], 0);
    let p = play_fold_around(&mut t);
    assert_eq!((p.button, p.big_blind), (Seat(0), Seat(4)));
    t.leave(Seat(2)).unwrap(); // three to two
    let p = play_fold_around(&mut t);
    // Seat 0 would have been big blind next: it posts it; seat 4 is button and small blind.
    assert_eq!(p.big_blind, Seat(0));
    assert_eq!(p.button, Seat(4));
    assert_eq!(p.dealt, seats(&[0, 4]), "the big blind gets the first card");
    let p = play_fold_around(&mut t);
    assert_eq!((p.button, p.big_blind), (Seat(0), Seat(4)), "alternating");
}

#[test]
fn tda_34_heads_up_button_acts_first_before_the_flop_and_last_after() {
    let mut h = nl(&[1000, 1000], &[100, 50]); // player 0 big blind, player 1 button
    assert_eq!(actor(&h), engine::Player(1));
    act(&mut h, "c");
    act(&mut h, "x");
    assert_eq!(
        actor(&h),
        engine::Player(0),
        "after the flop the big blind acts first"
    );
}

#[test]
fn tda_10_a_new_player_between_small_blind_and_button_waits() {
    let mut t = table(&[0, 1, 3, 4, 5], 0);
    let p = play_fold_around(&mut t);
    assert_eq!((p.small_blind, p.big_blind), (Some(Seat(1)), Seat(3)));
    t.sit(Seat(2), PlayerId(99), Chips(10_000)).unwrap();
    let p = play_fold_around(&mut t);
    assert_eq!((p.button, p.small_blind_position), (Seat(1), Seat(3)));
    assert!(
        !p.dealt.contains(&Seat(2)),
        "TDA-10: not dealt between SB and button"
    );
    let p = play_fold_around(&mut t);
    assert!(
        p.dealt.contains(&Seat(2)),
        "dealt in once the button has passed"
    );
}

#[test]
fn tda_10_a_new_player_may_take_the_big_blind_at_once() {
    let mut t = table(&[0, 1, 2, 4, 5], 0);
    play_fold_around(&mut t);
    t.sit(Seat(3), PlayerId(99), Chips(10_000)).unwrap();
    let p = play_fold_around(&mut t);
    assert_eq!(p.big_blind, Seat(3));
    assert!(p.dealt.contains(&Seat(3)));
}

#[test]
fn tda_30_absent_player_is_dealt_in_blinds_posted_hand_killed_after_the_deal() {
    let mut t = table(&[0, 1, 2, 3], 0);
    t.set_absent(Seat(1), true).unwrap(); // small blind
    let deck = Deck::shuffled(Seed::from_u64(3));
    let (p, setup) = t
        .next_hand(LEVEL, false, Automations::ALL, Some(deck))
        .unwrap();
    assert!(p.dealt.contains(&Seat(1)));
    let mut hand = Hand::new(setup).unwrap();
    assert!(hand.events().contains(&Event::BlindPosted {
        player: engine::Player(0),
        amount: Chips(50)
    }));
    act(&mut hand, "c"); // seat 3
    act(&mut hand, "c"); // seat 0, the button
    assert!(hand.events().contains(&Event::HandKilled {
        player: engine::Player(0),
        rule: rule!("TDA-30")
    }));
    assert_eq!(actor(&hand), engine::Player(1), "the big blind acts next");
}

#[test]
fn tda_30_a_walk_to_an_absent_big_blind_goes_to_the_last_live_hand() {
    let mut t = table(&[0, 1, 2, 3], 0);
    t.set_absent(Seat(2), true).unwrap(); // big blind
    let deck = Deck::shuffled(Seed::from_u64(5));
    let (_, setup) = t
        .next_hand(LEVEL, false, Automations::ALL, Some(deck))
        .unwrap();
    let start: Vec<Chips> = setup.stacks.clone();
    let mut hand = Hand::new(setup).unwrap();
    act(&mut hand, "f"); // seat 3
    act(&mut hand, "f"); // seat 0, the button
    assert!(hand.is_over(), "the small blind is the last live hand");
    let end = hand.final_stacks();
    // The dead big blind loses its blind to the small blind, the only live hand left.
    assert_eq!(end[1], start[1] - LEVEL.big_blind);
    assert_eq!(end[0], start[0] + LEVEL.big_blind);
}

#[test]
fn tda_30_a_killed_big_blind_nobody_matched_is_dead_money_for_the_live_hand() {
    // Small blind all in for 30, the absent big blind's hand killed after the deal, the button
    // folds: the whole blind stays in the pot (TDA-30) and the only live hand takes it.
    let mut s = setup(
        Variant::NO_LIMIT_HOLDEM,
        &[30, 10_000, 10_000],
        &[50, 100, 0],
        100,
    );
    s.absent = vec![false, true, false];
    s.deck = Some(Deck::shuffled(Seed::from_u64(7)));
    let mut hand = Hand::new(s).unwrap();
    act(&mut hand, "f"); // the button
    assert!(hand.is_over());
    assert_eq!(hand.final_stacks(), chips(&[130, 9_900, 10_000]));
}

#[test]
fn dg_8a_pausing_player_is_skipped_entirely() {
    let mut t = table_with(&[0, 1, 2, 3], 0, Ruleset::profile("dg").unwrap());
    t.set_absent(Seat(1), true).unwrap();
    let p = play_fold_around(&mut t);
    assert!(!p.dealt.contains(&Seat(1)));
    assert_eq!((p.small_blind, p.big_blind), (Some(Seat(2)), Seat(3)));
}

#[test]
fn tda_rp_11_big_blind_ante_is_taken_before_the_blind() {
    let mut s = setup(
        Variant::NO_LIMIT_HOLDEM,
        &[10_000, 150, 10_000],
        &[50, 100, 0],
        100,
    );
    s.antes = chips(&[0, 100, 0]);
    let h = Hand::new(s).unwrap();
    let posts: Vec<&Event> = h
        .events()
        .iter()
        .filter(|e| matches!(e, Event::AntePosted { .. } | Event::BlindPosted { .. }))
        .collect();
    assert_eq!(
        posts,
        [
            &Event::AntePosted {
                player: engine::Player(1),
                amount: Chips(100)
            },
            &Event::BlindPosted {
                player: engine::Player(0),
                amount: Chips(50)
            },
            &Event::BlindPosted {
                player: engine::Player(1),
                amount: Chips(50)
            },
        ]
    );
}

#[test]
fn wwpla_11_short_big_blind_all_in_the_others_still_owe_the_full_blind() {
    let mut h = nl(&[10_000, 30, 10_000, 10_000], &[50, 100, 0, 0]);
    let l = legal(&h);
    assert_eq!(l.call, Some(Chips(100)), "WWPLA-11, HC-1.13.2");
    assert_eq!(
        min_max(&h).unwrap().0,
        200,
        "a raise is at least a big blind"
    );
    acts(&mut h, &["c", "f", "c"]);
    // Main pot 3 x 30, side pot between the two callers.
    let pots = h.pots();
    assert_eq!(pots[0].amount, Chips(90));
    assert_eq!(pots[1].amount, Chips(140));
}

#[test]
fn posted_amount_profile_lets_the_others_call_the_short_blind_only() {
    let mut s = setup(
        Variant::NO_LIMIT_HOLDEM,
        &[10_000, 30, 10_000],
        &[50, 100, 0],
        100,
    );
    s.ruleset = Ruleset::from_profile_text("short_big_blind = \"posted-amount\"").unwrap();
    let h = Hand::new(s).unwrap();
    assert_eq!(legal(&h).call, Some(Chips(50)));
}

#[test]
fn tda_34_from_heads_up_to_three_handed_the_big_blind_never_lands_on_the_button() {
    let mut t = Table::new(3, Variant::NO_LIMIT_HOLDEM, Ruleset::tda(), true).unwrap();
    t.sit(Seat(0), PlayerId(0), Chips(10_000)).unwrap();
    t.sit(Seat(2), PlayerId(2), Chips(10_000)).unwrap();
    t.set_first_button(Seat(0)).unwrap();
    let p = play_fold_around(&mut t);
    assert_eq!((p.button, p.big_blind), (Seat(0), Seat(2)));
    t.sit(Seat(1), PlayerId(1), Chips(10_000)).unwrap();
    let p = play_fold_around(&mut t);
    assert_ne!(p.button, p.big_blind);
    assert_eq!(
        p.small_blind,
        Some(Seat(2)),
        "last hand's big blind moves to the small blind"
    );
    assert_eq!(p.big_blind, Seat(0));
    assert_eq!(p.button, Seat(1));
    assert_eq!(p.dealt, seats(&[2, 0, 1]));
}

#[test]
fn tda_30_an_absent_player_all_in_on_the_blind_cannot_win() {
    let mut s = setup(
        Variant::NO_LIMIT_HOLDEM,
        &[1000, 100, 1000],
        &[50, 100, 0],
        100,
    );
    s.absent = vec![false, true, false];
    let mut h = Hand::new(s).unwrap();
    acts(&mut h, &["c", "c"]); // the button calls, the small blind completes
    assert!(h.events().contains(&Event::HandKilled {
        player: engine::Player(1),
        rule: rule!("TDA-30")
    }));
    while h.legal_actions().is_some() {
        act(&mut h, "x");
    }
    assert!(h.is_over());
    assert_eq!(
        h.final_stacks()[1],
        Chips(0),
        "WWPLA-9: no pot for an absent player"
    );
}

#[test]
fn wwpla_11_heads_up_small_blind_need_not_call_a_big_blind_all_in_for_less() {
    // The big blind is all-in for 30 and the small blind's 50 already covers it: the betting
    // is over (TDA-16; WWPLA-11 "unless a player is all-in for less").
    let h = nl(&[30, 1000], &[100, 50]);
    assert_eq!(h.legal_actions(), None);
    assert!(h.is_over(), "the board is run out and the pot pushed");
    let total: u64 = h.final_stacks().iter().map(|c| c.0).sum();
    assert_eq!(total, 1030);
}

#[test]
fn tda_55a_a_call_with_nothing_to_call_is_a_check() {
    let mut h = nl(&[1000, 1000, 1000], &[50, 100, 0]);
    acts(&mut h, &["c", "c", "x"]);
    act(&mut h, "c"); // on the flop the small blind says "call": a check
    assert!(h.events().contains(&Event::Checked {
        player: engine::Player(0)
    }));
    act(&mut h, "200");
    let p = actor(&h);
    let err = h
        .apply(engine::Op::Act(p, engine::Action::Check))
        .unwrap_err();
    assert!(err.to_string().contains("TDA-55"), "{err}");
}

/// DG-10: one card at a time, face down, from the small blind round to the button, twice; each
/// present player is dealt in (DG-10.1), a pausing one is not (DG-10.2, DG-8a).
#[test]
fn dg_10_hole_cards_one_at_a_time_from_the_small_blind_to_each_seat_in_play() {
    let mut t = table_with(&[0, 1, 2, 3], 0, Ruleset::profile("dg").unwrap());
    t.set_absent(Seat(2), true).unwrap();
    let order: Vec<cards::Card> = cards::Card::all().collect();
    let deck = Deck::from_cards(order.clone());
    let (positions, setup) = t
        .next_hand(LEVEL, false, Automations::ALL, Some(deck))
        .unwrap();
    assert_eq!(positions.dealt, seats(&[1, 3, 0]), "seat 2 pauses");
    let hand = Hand::new(setup).unwrap();
    for (i, player) in hand.players().iter().enumerate() {
        let hole: Vec<cards::Card> = player.hole.cards().iter().flatten().copied().collect();
        assert_eq!(
            hole,
            [order[i], order[i + 3]],
            "player {i}: one card a round"
        );
    }
}

/// DG-35: the next hand's button and blinds are known before it starts, so that a pause is not
/// begun there.
#[test]
fn dg_35_the_button_and_blinds_of_the_next_hand() {
    let t = table_with(&[0, 1, 2, 3], 0, Ruleset::profile("dg").unwrap());
    let on: Vec<u8> = (0..6).filter(|&s| t.on_button_or_blinds(Seat(s))).collect();
    assert_eq!(on, [0, 1, 2]);
}

/// DG-8b: the seat due the small blind (last hand's big blind) has just busted: there is only a
/// big blind.
#[test]
fn dg_8b_the_small_blinds_seat_busted_leaves_a_lone_big_blind() {
    let mut t = table_with(&[0, 1, 2, 3, 4, 5], 0, Ruleset::profile("dg").unwrap());
    let p = play_fold_around(&mut t);
    assert_eq!(p.big_blind, Seat(2));
    t.leave(Seat(2)).unwrap();
    let p = play_fold_around(&mut t);
    assert_eq!((p.small_blind, p.big_blind), (None, Seat(3)));
}
