//! Walks every hand of five or seven cards and counts them by category: the proof that
//! the tables are right over everything, not a sample.

use crate::high::Walk;
use crate::{HandCategory, HandKey, HighEvaluator};
use cards::Card;

/// Counts by category and the number of distinct values seen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Census {
    pub hands: u64,
    /// Indexed by [`HandCategory`] as `usize`.
    pub by_category: [u64; 9],
    pub distinct_values: usize,
}

impl Census {
    pub fn count(&self, category: HandCategory) -> u64 {
        self.by_category[category as usize]
    }
}

const DECK: [Card; 52] = {
    let mut cards = [Card::new(cards::Rank::Two, cards::Suit::Clubs); 52];
    let mut i = 0;
    while i < 52 {
        cards[i] = match Card::from_index(i as u8) {
            Some(c) => c,
            None => cards[0],
        };
        i += 1;
    }
    cards
};

/// Every one of the 2,598,960 five-card hands.
pub fn five_card() -> Census {
    let ev = HighEvaluator::get();
    let mut tally = Tally::default();
    for a in 0..52 {
        let ha = HandKey::EMPTY.add(DECK[a]);
        for b in a + 1..52 {
            let hb = ha.add(DECK[b]);
            for c in b + 1..52 {
                let hc = hb.add(DECK[c]);
                for d in c + 1..52 {
                    let hd = hc.add(DECK[d]);
                    for card in &DECK[d + 1..] {
                        tally.add(ev.evaluate(hd.add(*card)).get());
                    }
                }
            }
        }
    }
    tally.finish()
}

/// Every one of the 133,784,560 seven-card hands, walked in order so that the innermost
/// loop reads one row of rank states.
pub fn seven_card() -> Census {
    let ev = HighEvaluator::get();
    let mut tally = Tally::default();
    for a in 0..52 {
        let wa = ev.walk_add(Walk::EMPTY, DECK[a]);
        for b in a + 1..52 {
            let wb = ev.walk_add(wa, DECK[b]);
            for c in b + 1..52 {
                let wc = ev.walk_add(wb, DECK[c]);
                for d in c + 1..52 {
                    let wd = ev.walk_add(wc, DECK[d]);
                    for e in d + 1..52 {
                        let we = ev.walk_add(wd, DECK[e]);
                        ev.for_each_two_more(we, &DECK[e + 1..], |v| tally.add(v.get()));
                    }
                }
            }
        }
    }
    tally.finish()
}

struct Tally {
    by_value: Box<[u64; 1 << 16]>,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            by_value: Box::new([0; 1 << 16]),
        }
    }
}

impl Tally {
    #[inline(always)]
    fn add(&mut self, value: u16) {
        self.by_value[usize::from(value)] += 1;
    }

    fn finish(self) -> Census {
        let mut by_category = [0u64; 9];
        let mut distinct_values = 0;
        for (value, &n) in self.by_value.iter().enumerate() {
            if n > 0 {
                by_category[(value >> 12).min(8)] += n;
                distinct_values += 1;
            }
        }
        Census {
            hands: by_category.iter().sum(),
            by_category,
            distinct_values,
        }
    }
}
