//! Walking hands in order (censuses, exact equity): every multiset of up to six ranks is a
//! state, and a card's rank moves to the next state by one lookup in the state's row. The
//! row of a six-card state holds the seven-card values, so the innermost loop of an
//! enumeration reads one small row that all its hands share.

use super::key::{FLUSH_BITS, RANK_MULTIPLIERS};
use super::{HandKey, HighEvaluator};
use crate::HighValue;
use cards::Card;
use std::collections::HashMap;

/// A hand of up to seven cards being walked: its rank state and its key (for flushes).
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

/// The transition rows: `rows[state * 16 + rank]`.
#[derive(Debug)]
pub(crate) struct RankStates {
    rows: Box<[u16]>,
}

impl RankStates {
    /// Builds the states breadth first, giving six-card states' rows the values of their
    /// seven-card hands (by `value_of_rank_key`, the non-flush table).
    pub(crate) fn build(value_of_rank_key: impl Fn(u32) -> u16) -> RankStates {
        let mut ids: HashMap<u32, u16> = HashMap::from([(0, 0)]);
        let mut level: Vec<(u32, [u8; 13])> = vec![(0, [0; 13])];
        let mut rows: Vec<u16> = vec![0; 16];
        for size in 0..7 {
            let mut next_level = Vec::new();
            for (key, counts) in level {
                let id = usize::from(ids[&key]);
                for rank in 0..13 {
                    if counts[rank] == 4 {
                        continue;
                    }
                    let child = key + RANK_MULTIPLIERS[rank];
                    let entry = if size == 6 {
                        value_of_rank_key(child)
                    } else {
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
                        child_id
                    };
                    rows[id * 16 + rank] = entry;
                }
            }
            level = next_level;
        }
        RankStates {
            rows: rows.into_boxed_slice(),
        }
    }
}

impl HighEvaluator {
    /// The walk with one more card; at most six (the seventh is [`HighEvaluator::walk_last`]).
    #[inline(always)]
    pub fn walk_add(&self, walk: Walk, card: Card) -> Walk {
        let row = usize::from(walk.state) * 16 + usize::from(card.rank().index());
        Walk {
            state: self.states.rows.get(row).copied().unwrap_or(0),
            hand: walk.hand.add(card),
        }
    }

    /// The value of a six-card walk with its seventh card.
    #[inline(always)]
    pub fn walk_last(&self, six: Walk, card: Card) -> HighValue {
        let hand = six.hand.add(card);
        if hand.key & FLUSH_BITS != 0 {
            return self.evaluate(hand);
        }
        let row = usize::from(six.state) * 16 + usize::from(card.rank().index());
        HighValue(self.states.rows.get(row).copied().unwrap_or(0))
    }
}
