use super::hash::PerfectHash;
use super::key::{BYTE_KEYS, CARD_KEYS, FLUSH_BITS, HandKey, RANK_MULTIPLIERS, key_of};
use super::multisets::rank_multisets;
use super::omaha::OmahaFives;
use super::walk::RankStates;
use crate::{HighValue, reference};
use cards::{Card, CardSet};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The lookup tables for high hands, built once from [`reference`] on first use.
#[derive(Debug)]
pub struct HighEvaluator {
    /// By the 13-bit rank mask of the flush suit.
    pub(super) flush: Box<[u16; 8192]>,
    /// Rank keys of five, six and seven cards without a flush.
    seven: PerfectHash<25, 8192, 131_072>,
    /// Omaha's fives without a flush, by the ids of their three board ranks and two
    /// hole ranks: `omaha[three_id + two_id]`.
    omaha: OmahaFives,
    pub(super) states: RankStates,
    /// Two cards' keys summed, by the two cards' indexes as one little-endian `u16`
    /// (`first + 256 * second`; only indexes below 52 are used): seven cards are read as
    /// three pairs and one card, four loads and four additions instead of seven and seven.
    pairs: Box<[u64; 65_536]>,
}

static TABLES: OnceLock<HighEvaluator> = OnceLock::new();

impl HighEvaluator {
    /// The shared tables (built on the first call, a few milliseconds).
    pub fn get() -> &'static HighEvaluator {
        TABLES.get_or_init(HighEvaluator::build)
    }

    /// The value of 5 to 7 cards.
    #[inline(always)]
    pub fn evaluate(&self, hand: HandKey) -> HighValue {
        let flush = hand.key & FLUSH_BITS;
        HighValue(if flush != 0 {
            let suit = (flush.trailing_zeros() - 35) / 4;
            self.flush[(hand.cards >> (16 * suit)) as usize & 0x1fff]
        } else {
            self.seven.get(hand.rank_key())
        })
    }

    /// The value of 5 to 7 cards given one by one. Only the key is summed: the flush suit's
    /// ranks are gathered when the counters show a flush (about 3% of random seven-card
    /// hands), so most hands skip `HandKey`'s card set, seven shifts and ors (issue 38:
    /// 1.4x on random seven-card arrays, `benches/hands.rs`).
    #[inline(always)]
    pub fn evaluate_cards(&self, cards: &[Card]) -> HighValue {
        let key = match <&[u8; 7]>::try_from(Card::indexes(cards)) {
            Ok(hand) => {
                let (ab, rest) = hand.split_first_chunk::<2>().unwrap_or((&[0; 2], &[]));
                let (cd, rest) = rest.split_first_chunk::<2>().unwrap_or((&[0; 2], &[]));
                let (ef, g) = rest.split_first_chunk::<2>().unwrap_or((&[0; 2], &[0]));
                let pair = |p: &[u8; 2]| self.pairs[usize::from(u16::from_le_bytes(*p))];
                BYTE_KEYS[1][usize::from(g.first().copied().unwrap_or(0))]
                    .wrapping_add(pair(ab))
                    .wrapping_add(pair(cd))
                    .wrapping_add(pair(ef))
            }
            Err(_) => key_of(cards),
        };
        HighValue(if key & FLUSH_BITS != 0 {
            self.flush_of(cards, key)
        } else {
            self.seven.get(key as u32)
        })
    }

    /// Out of the loop that calls `evaluate_cards`, so that the loop keeps its tables'
    /// addresses in registers (issue 38: inlined, they were reloaded from the stack).
    #[cold]
    #[inline(never)]
    fn flush_of(&self, cards: &[Card], key: u64) -> u16 {
        let suit = (((key & FLUSH_BITS).trailing_zeros() - 35) / 4) as u8;
        let ranks = cards
            .iter()
            .filter(|c| c.index() & 3 == suit)
            .fold(0usize, |m, c| m | 1 << (c.index() >> 2));
        self.flush[ranks & 0x1fff]
    }

    pub(crate) fn omaha_fives(&self) -> &OmahaFives {
        &self.omaha
    }

    /// Five cards of one suit, by their 13-bit rank mask.
    #[inline(always)]
    pub(crate) fn five_suited(&self, ranks: u16) -> HighValue {
        HighValue(self.flush[usize::from(ranks) & 0x1fff])
    }

    pub fn evaluate_set(&self, cards: CardSet) -> HighValue {
        self.evaluate(HandKey::from_set(cards))
    }

    fn build() -> HighEvaluator {
        let fives = rank_multisets(5);
        let flush_fives: Vec<u16> = (0u16..8192).filter(|m| m.count_ones() == 5).collect();

        // Compact values: category in the top bits, then the rank among that category's
        // distinct five-card values (1 = lowest).
        let mut strengths: Vec<u32> = fives
            .iter()
            .map(|ranks| reference::high5_ranks(ranks, false))
            .chain(
                flush_fives
                    .iter()
                    .map(|&m| reference::high5_ranks(&mask_ranks(m), true)),
            )
            .collect();
        strengths.sort_unstable();
        strengths.dedup();
        let mut compact = HashMap::with_capacity(strengths.len());
        let mut prev_category = u32::MAX;
        let mut within = 0u16;
        for s in strengths {
            let category = s >> 20;
            within = if category == prev_category {
                within + 1
            } else {
                1
            };
            prev_category = category;
            compact.insert(s, ((category as u16) << 12) | within);
        }

        let mut flush = Box::new([0u16; 8192]);
        for mask in 0u16..8192 {
            flush[usize::from(mask)] = match mask.count_ones() {
                0..=4 => 0,
                5 => compact[&reference::high5_ranks(&mask_ranks(mask), true)],
                _ => (0..13)
                    .filter(|b| mask & (1 << b) != 0)
                    .map(|b| flush[usize::from(mask & !(1 << b))])
                    .max()
                    .unwrap_or(0),
            };
        }

        let mut by_key: HashMap<u32, u16> = HashMap::new();
        for ranks in &fives {
            let value = compact[&reference::high5_ranks(ranks, false)];
            by_key.insert(rank_key(ranks), value);
        }
        let omaha = OmahaFives::build(|ranks| by_key.get(&rank_key(ranks)).copied());
        for size in 6..=7 {
            for ranks in rank_multisets(size) {
                let key = rank_key(&ranks);
                let best = ranks
                    .iter()
                    .map(|&r| by_key[&(key - RANK_MULTIPLIERS[usize::from(r)])])
                    .max()
                    .unwrap_or(0);
                by_key.insert(key, best);
            }
        }
        let states = RankStates::build(|key| by_key.get(&key).copied().unwrap_or(0));
        let seven_entries: Vec<(u32, u16)> = by_key.into_iter().collect();
        let mut pairs: Box<[u64; 65_536]> = vec![0u64; 65_536]
            .into_boxed_slice()
            .try_into()
            .expect("65,536 pairs");
        for (a, ka) in CARD_KEYS.iter().enumerate() {
            for (b, kb) in CARD_KEYS.iter().enumerate() {
                pairs[a + 256 * b] = ka + kb;
            }
        }
        HighEvaluator {
            flush,
            states,
            pairs,
            seven: PerfectHash::build(&seven_entries).expect("seven-card keys fit their table"),
            omaha,
        }
    }
}

fn rank_key(ranks: &[u8]) -> u32 {
    ranks
        .iter()
        .map(|&r| RANK_MULTIPLIERS[usize::from(r)])
        .sum()
}

fn mask_ranks(mask: u16) -> Vec<u8> {
    (0..13u8).filter(|b| mask & (1 << b) != 0).collect()
}
