//! What only a live dealer does: streets laid unseen, pots awarded to the winners the dealer
//! names, hands killed by a ruling, dead money from a folded player.

mod common;
use common::*;
use engine::rule;
use engine::{Action, Chips, Hand, HandError, Hole, Op, Player, Status, Step, Variant};

fn live_hand(stacks: &[u64]) -> Hand {
    let mut blinds = vec![0; stacks.len()];
    blinds[..2].copy_from_slice(&[50, 100]);
    let mut s = setup(Variant::NO_LIMIT_HOLDEM, stacks, &blinds, 100);
    s.automations = engine::Automations::LIVE_DEALER;
    s.deck = None;
    let mut h = Hand::new(s).unwrap();
    while let Step::DealHole(p) = h.step() {
        let cards = Hole::new(&[None, None]).unwrap();
        h.apply(Op::DealHole { player: p, cards }).unwrap();
    }
    h
}

fn chips_in_play(h: &Hand) -> u64 {
    h.players()
        .iter()
        .map(|p| p.stack.0 + p.bet.0 + p.won.0)
        .sum::<u64>()
        + if h.is_over() { 0 } else { h.pot().0 }
}

#[test]
fn unknown_board_then_the_dealer_names_each_pot_tda_21() {
    let mut h = live_hand(&[1000, 500, 1000]);
    acts(&mut h, &["500", "c", "c"]);
    assert!(matches!(h.step(), Step::DealBoard { .. }));
    h.apply(Op::DealBoardUnknown).unwrap();
    // p1 (all-in 500) and two players with chips behind: they bet on.
    acts(&mut h, &["x", "x"]);
    h.apply(Op::DealBoardUnknown).unwrap();
    acts(&mut h, &["x", "x"]);
    h.apply(Op::DealBoardUnknown).unwrap();
    acts(&mut h, &["300", "c"]);
    // Neither the board nor the hands are known: the showdown waits for the dealer.
    assert!(matches!(h.step(), Step::ShowOrMuck(_)));
    h.apply(Op::AwardPot {
        pot: 1,
        winners: vec![Player(2)],
    })
    .unwrap();
    assert_eq!(h.step(), Step::AwardPot(0));
    let refused = h.apply(Op::PushChips);
    assert!(refused.is_err(), "the main pot has no winner yet");
    // TDA-21: p1 can win only the main pot; a tie splits it.
    h.apply(Op::AwardPot {
        pot: 0,
        winners: vec![Player(0), Player(1)],
    })
    .unwrap();
    assert!(h.is_over());
    assert_eq!(h.winnings(), vec![Chips(750), Chips(750), Chips(600)]);
}

#[test]
fn a_pot_goes_only_to_players_in_it_tda_21() {
    let mut h = live_hand(&[1000, 500, 1000]);
    acts(&mut h, &["500", "c", "c"]);
    for _ in 0..3 {
        h.apply(Op::DealBoardUnknown).unwrap();
        if h.actor().is_some() {
            acts(&mut h, &["x", "x"]);
        }
    }
    let err = h
        .apply(Op::AwardPot {
            pot: 0,
            winners: vec![Player(7)],
        })
        .unwrap_err();
    assert_eq!(err.rule(), Some(rule!("TDA-21")));
}

#[test]
fn killing_the_actor_passes_the_action_tda_29() {
    let mut h = live_hand(&[1000, 1000, 1000]);
    assert_eq!(h.actor(), Some(Player(2)));
    h.apply(Op::KillHand {
        player: Player(2),
        rule: rule!("TDA-29"),
    })
    .unwrap();
    assert_eq!(h.player(Player(2)).status, Status::Folded);
    assert_eq!(h.actor(), Some(Player(0)));
    // Killing another player ends the hand: the last live hand wins without showing.
    h.apply(Op::KillHand {
        player: Player(1),
        rule: rule!("TDA-38"),
    })
    .unwrap();
    assert!(h.is_over());
    assert_eq!(h.winnings()[0], Chips(150));
    let last = h.apply(Op::KillHand {
        player: Player(0),
        rule: rule!("TDA-29"),
    });
    assert!(last.is_err());
}

#[test]
fn dead_money_only_from_a_folded_player_hc_3_4_2() {
    let mut h = live_hand(&[1000, 1000, 1000, 1000]);
    let before = chips_in_play(&h);
    let err = h
        .apply(Op::DeadMoney {
            player: Player(3),
            amount: Chips(300),
        })
        .unwrap_err();
    assert!(matches!(err, HandError::NotFolded { .. }));
    h.apply(Op::Act(Player(2), Action::BetOrRaiseTo(Chips(300))))
        .unwrap();
    h.apply(Op::Act(Player(3), Action::Fold)).unwrap();
    h.apply(Op::DeadMoney {
        player: Player(3),
        amount: Chips(300),
    })
    .unwrap();
    assert_eq!(chips_in_play(&h), before);
    acts(&mut h, &["f", "f"]);
    assert!(h.is_over());
    // The raiser wins the blinds and the dead money; the raise beyond the big blind comes back.
    assert_eq!(h.winnings()[2], Chips(150 + 300 + 100));
    assert_eq!(h.final_stacks()[2], Chips(1000 + 150 + 300));
    assert_eq!(h.final_stacks()[3], Chips(700));
}
