//! Five- to seven-card high hands (HC-1.11) by table lookup: a hand is a running key (the
//! sum of per-rank multipliers plus per-suit counters) and its card set; a flush is looked
//! up by the flush suit's ranks, anything else by a perfect hash of the rank key.

mod hash;
mod key;
mod made;
mod multisets;
mod omaha;
mod tables;
mod walk;

pub use key::{CARD_KEYS, HandKey};
pub use made::MadeHand;
pub(crate) use omaha::OmahaFives;
pub use tables::HighEvaluator;
pub use walk::Walk;

use crate::HighValue;
use cards::{Card, CardSet};

/// The value of the best five cards among 5 to 7 cards.
pub fn evaluate(cards: CardSet) -> HighValue {
    HighEvaluator::get().evaluate_set(cards)
}

/// The value of the best five of the given 5 to 7 cards.
pub fn evaluate_cards(cards: &[Card]) -> HighValue {
    HighEvaluator::get().evaluate_cards(cards)
}
