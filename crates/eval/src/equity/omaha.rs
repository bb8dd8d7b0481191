//! Omaha's showdowns: each hand plays exactly two of its cards with exactly three of the
//! board, for the high and for the 8-or-better low, as [`crate::omaha`] values them.

use super::showdown::Showdown;
use super::tally::Tally;
use crate::HandKey;
use crate::omaha::{omaha_high, omaha_low8};
use cards::{Card, Rank, Suit};

/// Each card by its bit in a [`cards::CardSet`] (`suit * 16 + rank`), so that a board's
/// cards come straight from its bits; bits that are no card hold the deuce of clubs.
const CARD_BY_BIT: [Card; 64] = {
    let mut cards = [Card::new(Rank::Two, Suit::Clubs); 64];
    let mut bit = 0;
    while bit < 64 {
        if bit % 16 < 13 {
            cards[bit] = Card::new(Rank::ALL[bit % 16], Suit::from_index((bit / 16) as u8));
        }
        bit += 1;
    }
    cards
};

/// A complete board's cards, lowest card bit first.
#[inline(always)]
fn board_cards(board: HandKey) -> [Card; 5] {
    let mut bits = board.cards().bits();
    let mut cards = [CARD_BY_BIT[0]; 5];
    for card in &mut cards {
        *card = CARD_BY_BIT[bits.trailing_zeros() as usize & 63];
        bits &= bits.wrapping_sub(1);
    }
    cards
}

/// The players' hole cards.
#[derive(Debug, Clone)]
struct OmahaHoles {
    holes: Vec<Vec<Card>>,
}

impl OmahaHoles {
    fn new(hands: &[Vec<Card>]) -> OmahaHoles {
        OmahaHoles {
            holes: hands.to_vec(),
        }
    }

    /// The hands whose `value` on this board is the best, as a bit mask; hands valued
    /// `None` (no qualifying low) never win, so nobody may.
    #[inline(always)]
    fn winners<V: Ord>(&self, value: impl Fn(&[Card]) -> Option<V>) -> u32 {
        let mut best: Option<V> = None;
        let mut winners = 0;
        for (p, hole) in self.holes.iter().enumerate() {
            let Some(v) = value(hole) else { continue };
            match best.as_ref().map(|b| v.cmp(b)) {
                Some(std::cmp::Ordering::Less) => {}
                Some(std::cmp::Ordering::Equal) => winners |= 1 << p,
                _ => {
                    best = Some(v);
                    winners = 1 << p;
                }
            }
        }
        winners
    }

    fn high_winners(&self, board: &[Card; 5]) -> u32 {
        self.winners(|hole| omaha_high(hole, board))
    }

    fn low_winners(&self, board: &[Card; 5]) -> u32 {
        self.winners(|hole| omaha_low8(hole, board))
    }
}

/// Omaha, high only.
#[derive(Debug, Clone)]
pub(super) struct OmahaHigh {
    holes: OmahaHoles,
    tally: Tally,
}

impl OmahaHigh {
    pub(super) fn new(hands: &[Vec<Card>]) -> OmahaHigh {
        OmahaHigh {
            holes: OmahaHoles::new(hands),
            tally: Tally::new(hands.len()),
        }
    }
}

impl Showdown for OmahaHigh {
    fn settle(&mut self, board: HandKey, weight: u64) {
        let winners = self.holes.high_winners(&board_cards(board));
        self.tally.record_high(winners, weight);
    }

    fn into_tally(self) -> Tally {
        self.tally
    }
}

/// Omaha 8-or-better: the pot split between the best high and the best qualifying low.
#[derive(Debug, Clone)]
pub(super) struct OmahaHiLo {
    holes: OmahaHoles,
    tally: Tally,
}

impl OmahaHiLo {
    pub(super) fn new(hands: &[Vec<Card>]) -> OmahaHiLo {
        OmahaHiLo {
            holes: OmahaHoles::new(hands),
            tally: Tally::new(hands.len()),
        }
    }
}

impl Showdown for OmahaHiLo {
    fn settle(&mut self, board: HandKey, weight: u64) {
        let cards = board_cards(board);
        let high = self.holes.high_winners(&cards);
        let low = self.holes.low_winners(&cards);
        self.tally.record_split(high, low, weight);
    }

    fn into_tally(self) -> Tally {
        self.tally
    }
}
