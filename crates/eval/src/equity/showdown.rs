//! One complete board: every hand's value, the winners, and the count that follows; and
//! Texas Hold'em's showdown.

use super::tally::Tally;
use crate::{HandKey, HighEvaluator};
use cards::Card;

/// Settles complete boards into a tally. One per thread: settling must not allocate.
pub(super) trait Showdown: Clone + Send + Sync {
    /// `weight` boards that play exactly like `board` (five cards).
    fn settle(&mut self, board: HandKey, weight: u64);

    fn into_tally(self) -> Tally;
}

/// Texas Hold'em, high only, for `N` hands: each hand's two cards joined to the board.
/// The hand count is a constant so that the loop over hands unrolls.
#[derive(Debug, Clone)]
pub(super) struct HoldemHigh<const N: usize> {
    ev: &'static HighEvaluator,
    holes: [HandKey; N],
    tally: Tally,
}

impl<const N: usize> HoldemHigh<N> {
    /// `hands` are checked already: `N` of them.
    pub(super) fn new(hands: &[Vec<Card>]) -> HoldemHigh<N> {
        let mut holes = [HandKey::EMPTY; N];
        for (key, hand) in holes.iter_mut().zip(hands) {
            *key = HandKey::from_cards(hand);
        }
        HoldemHigh {
            ev: HighEvaluator::get(),
            holes,
            tally: Tally::new(N),
        }
    }
}

impl<const N: usize> Showdown for HoldemHigh<N> {
    #[inline(always)]
    fn settle(&mut self, board: HandKey, weight: u64) {
        let mut best = 0;
        let mut winners = 0u32;
        for (p, hole) in self.holes.iter().enumerate() {
            let value = self.ev.evaluate(board.join(*hole)).get();
            if value > best {
                best = value;
                winners = 1 << p;
            } else if value == best {
                winners |= 1 << p;
            }
        }
        self.tally.record_high(winners, weight);
    }

    fn into_tally(self) -> Tally {
        self.tally
    }
}
