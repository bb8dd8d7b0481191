//! Omaha's fives without a flush, by rank: every three board ranks (455 multisets) with
//! every two hole ranks (91) in one table, so that each of Omaha's sixty fives is one add
//! and one load, and the fives of one board triple share a row.

use super::multisets::rank_multisets;
use cards::Card;

const PAIRS: usize = 91;
const SLOTS: usize = 1 << 16;

#[derive(Debug)]
pub(crate) struct OmahaFives {
    /// By `r1 << 4 | r2` (either order): the pair's id.
    pair_ids: [u16; 256],
    /// By `r1 << 8 | r2 << 4 | r3` (any order): the triple's id times [`PAIRS`].
    triple_ids: Box<[u16; 4096]>,
    values: Box<[u16; SLOTS]>,
}

impl OmahaFives {
    /// `value_of` gives the non-flush value of five ranks, `None` for five of a kind.
    pub(crate) fn build(value_of: impl Fn(&[u8]) -> Option<u16>) -> OmahaFives {
        let pairs = rank_multisets(2);
        let triples = rank_multisets(3);
        let mut pair_ids = [0u16; 256];
        for (id, p) in pairs.iter().enumerate() {
            let (a, b) = (usize::from(p[0]), usize::from(p[1]));
            pair_ids[a << 4 | b] = id as u16;
            pair_ids[b << 4 | a] = id as u16;
        }
        let mut triple_ids = Box::new([0u16; 4096]);
        let mut values = Box::new([0u16; SLOTS]);
        for (id, t) in triples.iter().enumerate() {
            let row = (id * PAIRS) as u16;
            let [a, b, c] = [t[0], t[1], t[2]].map(usize::from);
            for [x, y, z] in [
                [a, b, c],
                [a, c, b],
                [b, a, c],
                [b, c, a],
                [c, a, b],
                [c, b, a],
            ] {
                triple_ids[x << 8 | y << 4 | z] = row;
            }
            for (pair_id, p) in pairs.iter().enumerate() {
                let five = [t[0], t[1], t[2], p[0], p[1]];
                values[usize::from(row) + pair_id] = value_of(&five).unwrap_or(0);
            }
        }
        OmahaFives {
            pair_ids,
            triple_ids,
            values,
        }
    }

    #[inline(always)]
    pub(crate) fn pair(&self, a: Card, b: Card) -> u16 {
        let (a, b) = (rank(a), rank(b));
        self.pair_ids[(a << 4 | b) & 0xff]
    }

    #[inline(always)]
    pub(crate) fn triple(&self, a: Card, b: Card, c: Card) -> u16 {
        let [a, b, c] = [a, b, c].map(rank);
        self.triple_ids[(a << 8 | b << 4 | c) & 0xfff]
    }

    /// The raw value of a triple and a pair by their ids.
    #[inline(always)]
    pub(crate) fn value(&self, triple: u16, pair: u16) -> u16 {
        self.values[usize::from(triple.wrapping_add(pair))]
    }
}

#[inline(always)]
fn rank(card: Card) -> usize {
    usize::from(card.index() >> 2)
}
