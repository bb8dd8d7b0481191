//! Walking hands in order (censuses, exact enumerations): every multiset of up to five
//! ranks is a state, and a card's rank moves to the next state by one lookup in the state's
//! row. A five-card state has a block of the values of its seven-card hands, by the ranks
//! of the two cards still to come, so the two innermost loops of an enumeration read one
//! small block that all their hands share.

use super::key::{FLUSH_BITS, RANK_MULTIPLIERS};
use super::{HandKey, HighEvaluator};
use crate::HighValue;
use cards::Card;
use std::collections::HashMap;

/// A hand of up to five cards being walked: its rank state and its key (for flushes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Walk {
    state: u16,
    hand: HandKey,
}

impl Walk {
    pub const EMPTY: Walk = Walk {
        state: 0,
        hand: HandKey::EMPTY,
    };

    pub fn hand(self) -> HandKey {
        self.hand
    }
}

/// The transition rows, `rows[state * 16 + rank]`, and for every five-card state a block of
/// the values of its seven-card hands, `blocks[block][sixth << 4 | seventh]` (512 bytes, so
/// an enumeration's last two loops stay in the first-level cache).
#[derive(Debug)]
pub(crate) struct RankStates {
    rows: Box<[u16]>,
    block_of_state: Box<[u16]>,
    blocks: Box<[[u16; 256]]>,
}

impl RankStates {
    /// Builds the states breadth first, giving each five-card state a block of the values
    /// of its seven-card hands (by `value_of_rank_key`, the non-flush table).
    pub(crate) fn build(value_of_rank_key: impl Fn(u32) -> u16) -> RankStates {
        let mut ids: HashMap<u32, u16> = HashMap::from([(0, 0)]);
        let mut level: Vec<(u32, [u8; 13])> = vec![(0, [0; 13])];
        let mut rows: Vec<u16> = vec![0; 16];
        let mut blocks: Vec<[u16; 256]> = Vec::new();
        let mut block_of_state: Vec<u16> = Vec::new();
        for size in 0..=5 {
            let mut next_level = Vec::new();
            for (key, counts) in level {
                let id = usize::from(ids[&key]);
                if size == 5 {
                    block_of_state.resize(block_of_state.len().max(id + 1), 0);
                    block_of_state[id] = blocks.len() as u16;
                    blocks.push(two_more(key, counts, &value_of_rank_key));
                    continue;
                }
                for rank in 0..13 {
                    if counts[rank] == 4 {
                        continue;
                    }
                    let child = key + RANK_MULTIPLIERS[rank];
                    let fresh = ids.len() as u16;
                    let child_id = *ids.entry(child).or_insert_with(|| {
                        let mut c = counts;
                        c[rank] += 1;
                        next_level.push((child, c));
                        fresh
                    });
                    if child_id == fresh {
                        rows.resize(rows.len() + 16, 0);
                    }
                    rows[id * 16 + rank] = child_id;
                }
            }
            level = next_level;
        }
        RankStates {
            rows: rows.into_boxed_slice(),
            block_of_state: block_of_state.into_boxed_slice(),
            blocks: blocks.into_boxed_slice(),
        }
    }
}

/// The values of a five-rank multiset with every two more ranks (0 where a rank would
/// appear five times).
fn two_more(key: u32, counts: [u8; 13], value_of_rank_key: impl Fn(u32) -> u16) -> [u16; 256] {
    let mut block = [0u16; 256];
    for sixth in 0..13 {
        for seventh in 0..13 {
            let mut c = counts;
            c[sixth] += 1;
            c[seventh] += 1;
            if c[sixth] <= 4 && c[seventh] <= 4 {
                let key = key + RANK_MULTIPLIERS[sixth] + RANK_MULTIPLIERS[seventh];
                block[sixth << 4 | seventh] = value_of_rank_key(key);
            }
        }
    }
    block
}

impl HighEvaluator {
    /// The walk with one more card, up to five (the last two come with
    /// [`HighEvaluator::for_each_two_more`]).
    #[inline(always)]
    pub fn walk_add(&self, walk: Walk, card: Card) -> Walk {
        let row = usize::from(walk.state) * 16 + usize::from(rank_u8(card));
        Walk {
            state: self.states.rows.get(row).copied().unwrap_or(0),
            hand: walk.hand.add(card),
        }
    }

    /// Calls `f` with the value of a five-card walk completed by every two of `rest` (each
    /// pair once, in no promised order): the last two loops of an enumeration. Values come
    /// from the five's block of 256 with no dependent loads; where the five hold three or
    /// more of a suit, the cards of that suit are taken apart so that only the pairs that
    /// make a flush are looked up as one.
    #[inline(always)]
    pub fn for_each_two_more(&self, five: Walk, rest: &[Card], mut f: impl FnMut(HighValue)) {
        let block = self
            .states
            .block_of_state
            .get(usize::from(five.state))
            .and_then(|&b| self.states.blocks.get(usize::from(b)))
            .unwrap_or(&[0; 256]);
        let plain = |a: u8, b: u8| HighValue(block[usize::from(a << 4 | b)]);
        let flush_suits = five.hand.key.wrapping_add(TWO_OF_EACH_SUIT) & FLUSH_BITS;
        if flush_suits == 0 {
            for (i, &sixth) in rest.iter().enumerate() {
                let r6 = rank_u8(sixth);
                for &seventh in &rest[i + 1..] {
                    f(plain(r6, rank_u8(seventh)));
                }
            }
            return;
        }
        let suit = (flush_suits.trailing_zeros() - 35) / 4;
        let suited = (five.hand.cards >> (16 * suit)) as u16 & 0x1fff;
        let flush = |bits: u16| HighValue(self.flush[usize::from(suited | bits) & 0x1fff]);
        // The ranks of the other suits (`off`) and of the flush suit (`on`).
        let (mut off, mut on) = ([0u8; 64], [0u8; 64]);
        let (mut n_off, mut n_on) = (0, 0);
        // Written to both, kept by one: no branch on the suit of each card.
        for &card in rest {
            let is_on = usize::from(u32::from(card.index() & 3) == suit);
            on[n_on & 63] = rank_u8(card);
            off[n_off & 63] = rank_u8(card);
            n_on += is_on;
            n_off += 1 - is_on;
        }
        let (off, on) = (&off[..n_off], &on[..n_on]);
        let bit = |r: u8| 1u16 << r;
        let suited_count = suited.count_ones();
        // Two cards of other suits: a flush only if the five already are one.
        for (i, &a) in off.iter().enumerate() {
            for &b in &off[i + 1..] {
                f(if suited_count >= 5 {
                    flush(0)
                } else {
                    plain(a, b)
                });
            }
        }
        // One of each: a flush once the five hold four of the suit.
        for &a in off {
            for &b in on {
                f(if suited_count >= 4 {
                    flush(bit(b))
                } else {
                    plain(a, b)
                });
            }
        }
        // Two of the suit: always a flush, since the five hold three or more.
        for (i, &a) in on.iter().enumerate() {
            for &b in &on[i + 1..] {
                f(flush(bit(a) | bit(b)));
            }
        }
    }
}

/// Two more cards of every suit.
const TWO_OF_EACH_SUIT: u64 = 0x2222 << 32;

#[inline(always)]
fn rank_u8(card: Card) -> u8 {
    (card.index() >> 2) & 15
}
