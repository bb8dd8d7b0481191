//! Omaha's showdowns: each hand plays exactly two of its cards with exactly three of the
//! board, for the high and for the 8-or-better low.

use super::MAX_PLAYERS;
use super::showdown::Showdown;
use super::tally::Tally;
use crate::HandKey;
use crate::low::{LowValue, low8_of_mask};
use crate::omaha::omaha_high;
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

/// By card bit: the card's rank as an ace-low bit (ace 0, deuce 1 .. eight 7) if it can
/// play in an 8-or-better low, else 0.
const LOW_BY_BIT: [u16; 64] = {
    let mut lows = [0u16; 64];
    let mut bit = 0;
    while bit < 64 {
        let rank = bit % 16;
        lows[bit] = if rank == 12 {
            1
        } else if rank <= 6 {
            1 << (rank + 1)
        } else {
            0
        };
        bit += 1;
    }
    lows
};

/// The ten ways to take three of five board cards.
const TRIPLES: [[usize; 3]; 10] = [
    [0, 1, 2],
    [0, 1, 3],
    [0, 1, 4],
    [0, 2, 3],
    [0, 2, 4],
    [0, 3, 4],
    [1, 2, 3],
    [1, 2, 4],
    [1, 3, 4],
    [2, 3, 4],
];

/// A complete board's cards and their low bits, lowest card bit first.
#[inline(always)]
fn board_cards(board: HandKey) -> ([Card; 5], [u16; 5]) {
    let mut bits = board.cards().bits();
    let mut cards = [CARD_BY_BIT[0]; 5];
    let mut lows = [0; 5];
    for (card, low) in cards.iter_mut().zip(&mut lows) {
        let bit = bits.trailing_zeros() as usize & 63;
        *card = CARD_BY_BIT[bit];
        *low = LOW_BY_BIT[bit];
        bits &= bits.wrapping_sub(1);
    }
    (cards, lows)
}

/// The players' hole cards; the high of each is [`crate::omaha::omaha_high`].
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

    fn players(&self) -> usize {
        self.holes.len()
    }

    /// The hands holding the best high on this board, as a bit mask.
    #[inline(always)]
    fn high_winners(&self, board: &[Card; 5]) -> u32 {
        let mut best = 0;
        let mut winners = 0;
        for (p, hole) in self.holes.iter().enumerate() {
            let value = omaha_high(hole, board).map_or(0, |v| v.get());
            if value > best {
                best = value;
                winners = 1 << p;
            } else if value == best {
                winners |= 1 << p;
            }
        }
        winners
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
        let (keys, _) = board_cards(board);
        let winners = self.holes.high_winners(&keys);
        self.tally.record_high(winners, weight);
    }

    fn into_tally(self) -> Tally {
        self.tally
    }
}

/// Omaha 8-or-better: the high as in [`OmahaHigh`], the low from the ranks alone.
#[derive(Debug, Clone)]
pub(super) struct OmahaHiLo {
    holes: OmahaHoles,
    /// Per hand: the ace-low rank bits of each pair of two different low ranks.
    low_pairs: [[u16; 15]; MAX_PLAYERS],
    low_pair_count: [usize; MAX_PLAYERS],
    tally: Tally,
}

impl OmahaHiLo {
    pub(super) fn new(hands: &[Vec<Card>]) -> OmahaHiLo {
        let mut low_pairs = [[0; 15]; MAX_PLAYERS];
        let mut low_pair_count = [0; MAX_PLAYERS];
        for ((pairs, count), hand) in low_pairs.iter_mut().zip(&mut low_pair_count).zip(hands) {
            let lows: Vec<u16> = hand.iter().map(|c| LOW_BY_BIT[bit_of(*c)]).collect();
            for (i, &a) in lows.iter().enumerate() {
                for &b in &lows[i + 1..] {
                    let pair = a | b;
                    // Both low, different ranks, and not a pair already listed.
                    if pair.count_ones() == 2 && !pairs[..*count].contains(&pair) {
                        pairs[*count] = pair;
                        *count += 1;
                    }
                }
            }
        }
        OmahaHiLo {
            holes: OmahaHoles::new(hands),
            low_pairs,
            low_pair_count,
            tally: Tally::new(hands.len()),
        }
    }

    /// The hands holding the best qualifying low, as a bit mask (0 if nobody has one).
    #[inline(always)]
    fn low_winners(&self, board: &[u16; 5]) -> u32 {
        let mut triples = [0u16; 10];
        let mut n = 0;
        for [a, b, c] in TRIPLES {
            let triple = board[a] | board[b] | board[c];
            // Three different low ranks (a high card's bits are 0).
            if triple.count_ones() == 3 {
                triples[n] = triple;
                n += 1;
            }
        }
        if n == 0 {
            return 0;
        }
        let mut best: Option<LowValue> = None;
        let mut winners = 0;
        for p in 0..self.holes.players() {
            let mut low: Option<LowValue> = None;
            for &triple in &triples[..n] {
                for &pair in &self.low_pairs[p][..self.low_pair_count[p]] {
                    if pair & triple == 0 {
                        low = low.max(low8_of_mask(pair | triple));
                    }
                }
            }
            if low.is_some() {
                if low > best {
                    best = low;
                    winners = 1 << p;
                } else if low == best {
                    winners |= 1 << p;
                }
            }
        }
        winners
    }
}

impl Showdown for OmahaHiLo {
    fn settle(&mut self, board: HandKey, weight: u64) {
        let (keys, lows) = board_cards(board);
        let high = self.holes.high_winners(&keys);
        let low = self.low_winners(&lows);
        self.tally.record_split(high, low, weight);
    }

    fn into_tally(self) -> Tally {
        self.tally
    }
}

/// A card's bit position in a [`cards::CardSet`].
fn bit_of(card: Card) -> usize {
    card.bit().trailing_zeros() as usize & 63
}
