//! Shared helpers: hands built from short descriptions, actions by the player in turn.
#![allow(dead_code)]

use cards::{Deck, Seed, parse_cards};
use engine::{
    Action, Automations, Chips, Game, Hand, HandSetup, Hole, LegalActions, Op, Player, Step,
    Variant,
};

pub fn chips(v: &[u64]) -> Vec<Chips> {
    v.iter().map(|&c| Chips(c)).collect()
}

pub fn setup(variant: Variant, stacks: &[u64], blinds: &[u64], min_bet: u64) -> HandSetup {
    let mut s = HandSetup::new(variant, &chips(stacks), &chips(blinds), Chips(min_bet));
    s.deck = Some(Deck::shuffled(Seed::from_u64(7)));
    s
}

/// No-limit hold'em, engine dealing from a seeded deck.
pub fn nl(stacks: &[u64], blinds: &[u64]) -> Hand {
    let bb = blinds.iter().copied().max().unwrap_or(1);
    Hand::new(setup(Variant::NO_LIMIT_HOLDEM, stacks, blinds, bb)).expect("valid setup")
}

/// A hand where the dealer's cards are entered: `holes` per player, `board` in order.
pub fn dealt(s: HandSetup, holes: &[&str]) -> Hand {
    dealt_with(s, Automations::LIVE_DEALER, holes)
}

pub fn board(hand: &mut Hand, cards: &str) {
    hand.apply(Op::DealBoard(parse_cards(cards).unwrap()))
        .expect("board");
}

pub fn actor(hand: &Hand) -> Player {
    match hand.step() {
        Step::Act(p) => p,
        other => panic!("no player to act: waiting for {other}"),
    }
}

pub fn legal(hand: &Hand) -> LegalActions {
    hand.legal_actions().expect("a player to act")
}

/// The player in turn: "f" fold, "x" check, "c" call, "b" bring in, a number: bet or raise
/// (or complete) to it.
pub fn act(hand: &mut Hand, what: &str) {
    let p = actor(hand);
    let action = match what {
        "f" => Action::Fold,
        "x" => Action::Check,
        "c" => Action::Call,
        "b" => Action::BringIn,
        n => Action::BetOrRaiseTo(Chips(n.parse().expect("amount"))),
    };
    if let Err(e) = hand.apply(Op::Act(p, action)) {
        panic!("{p} {what}: {e}");
    }
}

pub fn acts(hand: &mut Hand, seq: &[&str]) {
    for what in seq {
        act(hand, what);
    }
}

pub fn min_max(hand: &Hand) -> Option<(u64, u64)> {
    legal(hand).bet_or_raise.map(|r| (r.min_to.0, r.max_to.0))
}

pub fn omaha_hilo_limit(small: u64, big: u64) -> Variant {
    Variant::fixed_limit(Game::OmahaHiLo, Chips(small), Chips(big))
}

/// A hand with the given automations where the dealer's cards are entered: `holes` per player,
/// `??` for a card dealt face down and not known until shown.
pub fn dealt_with(mut s: HandSetup, automations: Automations, holes: &[&str]) -> Hand {
    s.automations = automations;
    s.deck = None;
    let mut hand = Hand::new(s).expect("valid setup");
    for (i, hole) in holes.iter().enumerate() {
        let cards = cards::parse_cards_or_unknown(hole).unwrap();
        hand.apply(Op::DealHole {
            player: Player(i as u8),
            cards: Hole::new(&cards).unwrap(),
        })
        .expect("deal");
    }
    hand
}

/// Plays a hand to its end: checks or calls, shows every hand, deals unused cards when the
/// dealer's cards are entered, collects and pushes when those steps are not automated.
pub fn play_out(hand: &mut Hand) {
    for _ in 0..200 {
        let op = match hand.step() {
            Step::Done => return,
            Step::Act(p) => {
                let l = legal(hand);
                Op::Act(p, if l.check { Action::Check } else { Action::Call })
            }
            Step::ShowOrMuck(p) => Op::Show {
                player: p,
                cards: None,
            },
            Step::DealBoard { cards: n, .. } => {
                let mut used: cards::CardSet = hand.board().collect();
                for p in hand.players() {
                    for card in p.hole.cards().iter().flatten() {
                        used.insert(*card);
                    }
                }
                let mut fresh = Vec::new();
                for card in cards::Card::all() {
                    if fresh.len() < n && used.insert(card) {
                        fresh.push(card);
                    }
                }
                Op::DealBoard(fresh)
            }
            Step::CollectBets => Op::CollectBets,
            Step::PushChips => Op::PushChips,
            other => panic!("play_out cannot do {other}"),
        };
        if let Err(e) = hand.apply(op.clone()) {
            panic!("play_out: {op:?}: {e}");
        }
    }
    panic!("play_out: the hand does not end");
}

/// The hand is over and no chip was made or lost: the final stacks add up to the starting ones.
pub fn assert_conserved(hand: &Hand, stacks: &[u64]) {
    assert!(
        hand.is_over(),
        "the hand is over, waiting for {}",
        hand.step()
    );
    let end: u64 = hand.final_stacks().iter().map(|c| c.0).sum();
    assert_eq!(end, stacks.iter().sum::<u64>(), "chips conserved");
}

/// Chips each player won, from the `PotAwarded` events.
pub fn won(hand: &Hand) -> Vec<u64> {
    let mut out = vec![0; hand.players().len()];
    for e in hand.events() {
        if let engine::Event::PotAwarded { player, amount, .. } = e {
            out[player.index()] += amount.0;
        }
    }
    out
}

/// The final stacks as plain numbers.
pub fn finals(hand: &Hand) -> Vec<u64> {
    hand.final_stacks().iter().map(|c| c.0).collect()
}
