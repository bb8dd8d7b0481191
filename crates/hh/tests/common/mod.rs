//! Helpers shared by the hand-history tests.
#![allow(dead_code)]

use cards::{Card, Deck, Seed};
use engine::{Automations, Blinds, Chips, Hand, Op, Positions, Table, random_action};
use hh::Timestamp;
use rand_chacha::ChaCha8Rng;
use rand_core::Rng;

pub fn noon() -> Timestamp {
    Timestamp {
        year: 2026,
        month: 11,
        day: 22,
        hour: 12,
        minute: 0,
        second: 0,
        zone: "ET".to_owned(),
        time_zone: None,
    }
}

pub fn level(small: u64, big: u64, ante: u64, big_blind_ante: u64) -> Blinds {
    Blinds {
        small_blind: Chips(small),
        big_blind: Chips(big),
        ante: Chips(ante),
        big_blind_ante: Chips(big_blind_ante),
    }
}

/// A deck whose top cards are `top` in this order, the rest of the 52 after them.
pub fn deck(top: &str) -> Deck {
    let mut cards: Vec<Card> = top
        .split_whitespace()
        .map(|c| c.parse().expect("test card"))
        .collect();
    cards.extend(
        Card::all()
            .filter(|c| !cards.contains(c))
            .collect::<Vec<_>>(),
    );
    Deck::from_cards(cards)
}

pub fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    rng.next_u64() % n
}

/// The table's next hand played to the end with random legal actions; `None` once fewer than
/// two players are left.
pub fn play_next(
    table: &Table,
    blinds: Blinds,
    seed: u64,
    rng: &mut ChaCha8Rng,
) -> Option<(Positions, Hand)> {
    let deck = Deck::shuffled(Seed::from_u64(seed));
    let (positions, setup) = table
        .next_hand(blinds, false, Automations::ALL, Some(deck))
        .ok()?;
    let mut hand = Hand::new(setup).expect("hand");
    while let Some(legal) = hand.legal_actions() {
        let action = random_action(&legal, rng);
        hand.apply(Op::Act(legal.player, action)).expect("legal");
    }
    assert!(hand.is_over(), "waiting for {}", hand.step());
    Some((positions, hand))
}
