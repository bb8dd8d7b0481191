use cards::{Card, CardSet};

/// Per-rank multipliers: every multiset of up to seven ranks (at most four of each) has its
/// own sum. Found by a greedy search for the first twelve; the ace's is one more than the
/// largest sum of the other twelve, so it cannot collide.
pub(crate) const RANK_MULTIPLIERS: [u32; 13] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 8107796,
];

const SUIT_SHIFT: u32 = 32;
/// Every suit counter starts at 3, so its bit 3 is set once the suit has five cards.
const SUIT_COUNTERS_START: u64 = 0x3333 << SUIT_SHIFT;
pub(crate) const FLUSH_BITS: u64 = 0x8888 << SUIT_SHIFT;

const fn card_key(index: u8) -> u64 {
    let rank = (index >> 2) as usize;
    let suit = (index & 3) as u32;
    RANK_MULTIPLIERS[rank] as u64 + (1u64 << (SUIT_SHIFT + 4 * suit))
}

/// The key of each card by index (`rank * 4 + suit`), to add up.
pub const CARD_KEYS: [u64; 52] = {
    let mut keys = [0u64; 52];
    let mut i = 0;
    while i < 52 {
        keys[i] = card_key(i as u8);
        i += 1;
    }
    keys
};

/// A hand being built card by card: adding a card is one addition and one or, so that
/// enumerations extend a shared prefix instead of starting again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandKey {
    pub(crate) key: u64,
    pub(crate) cards: u64,
}

impl Default for HandKey {
    fn default() -> Self {
        HandKey::EMPTY
    }
}

impl HandKey {
    pub const EMPTY: HandKey = HandKey {
        key: SUIT_COUNTERS_START,
        cards: 0,
    };

    /// This hand with one more card (the card must not be in it already).
    #[inline(always)]
    pub const fn add(self, card: Card) -> HandKey {
        HandKey {
            key: self.key + CARD_KEYS[card.index() as usize],
            cards: self.cards | card.bit(),
        }
    }

    /// Two disjoint hands together.
    #[inline(always)]
    pub const fn join(self, other: HandKey) -> HandKey {
        HandKey {
            key: self.key + other.key - SUIT_COUNTERS_START,
            cards: self.cards | other.cards,
        }
    }

    pub fn from_cards(cards: &[Card]) -> HandKey {
        cards.iter().fold(HandKey::EMPTY, |h, c| h.add(*c))
    }

    pub fn from_set(set: CardSet) -> HandKey {
        set.iter().fold(HandKey::EMPTY, |h, c| h.add(c))
    }

    pub const fn cards(self) -> CardSet {
        CardSet::from_bits(self.cards)
    }

    #[inline(always)]
    pub(crate) const fn rank_key(self) -> u32 {
        self.key as u32
    }
}
