use crate::{Card, ParseCardError, Rank, Suit};
use std::fmt;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not, Sub};
use std::str::FromStr;

/// A set of cards in one 64-bit word: bit `suit * 16 + rank`, so each suit's ranks are a
/// 13-bit group (52 bits used). Order of insertion is not kept.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

const RANKS_13: u64 = 0x1fff;
const ALL_BITS: u64 = RANKS_13 | RANKS_13 << 16 | RANKS_13 << 32 | RANKS_13 << 48;

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet(ALL_BITS);

    /// The set with these bits; bits that are no card are dropped.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ALL_BITS)
    }

    pub const fn bits(self) -> u64 {
        self.0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// Adds a card; says whether it was new.
    pub fn insert(&mut self, card: Card) -> bool {
        let new = !self.contains(card);
        self.0 |= card.bit();
        new
    }

    /// Removes a card; says whether it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !card.bit();
        had
    }

    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | card.bit())
    }

    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The ranks held in one suit, as a 13-bit mask (bit 0 the deuce).
    pub const fn suit_ranks(self, suit: Suit) -> u16 {
        ((self.0 >> (suit as u32 * 16)) & RANKS_13) as u16
    }

    /// The ranks held in any suit, as a 13-bit mask (bit 0 the deuce).
    pub const fn rank_mask(self) -> u16 {
        let b = self.0;
        ((b | b >> 16 | b >> 32 | b >> 48) & RANKS_13) as u16
    }

    /// How many cards of this rank the set holds.
    pub const fn count_rank(self, rank: Rank) -> u32 {
        (self.0 & (0x0001_0001_0001_0001 << rank as u32)).count_ones()
    }

    /// The cards, lowest first (by rank, then suit).
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let bits = self.0;
        // Rank by rank, visiting only the ranks held: each rank's suits as four bits.
        let mut ranks = self.rank_mask();
        let mut rank = 0;
        let mut suits = 0u64;
        std::iter::from_fn(move || {
            while suits == 0 {
                if ranks == 0 {
                    return None;
                }
                rank = ranks.trailing_zeros();
                ranks &= ranks - 1;
                let column = bits >> rank;
                suits = column & 1 | column >> 15 & 2 | column >> 30 & 4 | column >> 45 & 8;
            }
            let suit = suits.trailing_zeros();
            suits &= suits - 1;
            Card::from_index((rank * 4 + suit) as u8)
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        CardSet(iter.into_iter().fold(0, |bits, c| bits | c.bit()))
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet(card.bit())
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl Not for CardSet {
    type Output = CardSet;
    fn not(self) -> CardSet {
        CardSet(!self.0 & ALL_BITS)
    }
}

/// Highest card first, as a run: `AsKd7c`.
impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cards: Vec<Card> = self.iter().collect();
        cards.reverse();
        cards.iter().try_for_each(|c| write!(f, "{c}"))
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

impl FromStr for CardSet {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<CardSet, ParseCardError> {
        Ok(crate::parse_cards(s)?.into_iter().collect())
    }
}
