use cards::{Card, CardSet};

/// Per-rank multipliers: every multiset of up to seven ranks (at most four of each) has its
/// own sum, below 2^25. OMPEval's (Henri Koskinen's evaluator): its keys spread so that the
/// table needs no hashing beyond a row's displacement (`PerfectHash`); the greedy ones used
/// before (1, 5, 24, ...) needed a multiplied key, or a table four times as large.
pub(crate) const RANK_MULTIPLIERS: [u32; 13] = [
    8192, 32769, 69632, 237568, 593920, 1531909, 3563520, 4300819, 4685870, 4690024, 4767972,
    4780561, 4801683,
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

/// `CARD_KEYS` by any byte (entries 52 and up unused), so that a card's index needs neither a
/// bounds check nor a mask. Row 1 has the suit counters' start added, for a hand's first card
/// (an addition less a hand). Rows 0 and 2 are the keys plus and minus 2^31, taken in turn so
/// that each pair of cards adds its keys exactly: the loads of one hand then come from two
/// tables, and LLVM no longer turns them into one AVX-512 gather under `-C target-cpu=native`,
/// which was slower on the development machine than the scalar loads (issue 38: 0.85x of
/// OMPEval with the gather, 1.00x without, `tools/bench/ompeval/run.sh`).
pub(crate) const BYTE_KEYS: [[u64; 256]; 3] = {
    let mut keys = [[0u64; 256]; 3];
    let mut i = 0;
    while i < 52 {
        keys[0][i] = CARD_KEYS[i].wrapping_add(1 << 31);
        keys[1][i] = CARD_KEYS[i] + SUIT_COUNTERS_START;
        keys[2][i] = CARD_KEYS[i].wrapping_sub(1 << 31);
        i += 1;
    }
    keys
};

/// The sum of the cards' keys, counters started: a hand's key without its card set.
#[inline(always)]
pub(crate) fn key_of(cards: &[Card]) -> u64 {
    match cards.split_first() {
        Some((first, rest)) => {
            let mut k = BYTE_KEYS[1][usize::from(first.index())];
            let mut pairs = rest.chunks_exact(2);
            for p in &mut pairs {
                k = k.wrapping_add(BYTE_KEYS[0][usize::from(p[0].index())]);
                k = k.wrapping_add(BYTE_KEYS[2][usize::from(p[1].index())]);
            }
            // A card left over (an even number of cards) adds its plain key.
            for c in pairs.remainder() {
                k += CARD_KEYS[usize::from(c.index()) % 52];
            }
            k
        }
        None => SUIT_COUNTERS_START,
    }
}

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
