//! Lows, ace to five: straights and flushes do not count and the ace is the lowest card.
//! Razz plays any five cards, pairs being bad; 8-or-better (Omaha/8, Stud/8) needs five
//! different ranks of eight or lower.

use cards::{Card, CardSet, Suit};
use std::fmt;

/// The value of a low hand: a larger value is the better low (as with [`crate::HighValue`]),
/// equal values split. The inner number is the bitwise complement of the hand's "height":
/// the category (no pair, one pair, ... as in high hands, aces low) then the ranks.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LowValue(u32);

/// Height of a hand with no pair: below every paired hand.
const PAIRED: u32 = 1 << 20;

impl LowValue {
    fn from_height(height: u32) -> LowValue {
        LowValue(!height)
    }

    fn height(self) -> u32 {
        !self.0
    }

    /// The raw value, for storage and tables; its order is the order of lows.
    pub const fn get(self) -> u32 {
        self.0
    }

    /// Whether the five cards are all different ranks.
    pub fn is_unpaired(self) -> bool {
        self.height() < PAIRED
    }

    /// The five ranks, highest first, aces as 1, when the low has no pair ("8-6-4-2-A").
    pub fn unpaired_ranks(self) -> Option<[u8; 5]> {
        if !self.is_unpaired() {
            return None;
        }
        let mask = self.height();
        let mut out = [0u8; 5];
        let mut i = 0;
        for bit in (0..13).rev() {
            if mask & (1 << bit) != 0 && i < 5 {
                out[i] = bit as u8 + 1;
                i += 1;
            }
        }
        Some(out)
    }
}

impl LowValue {
    /// The five ranks as the dealer reads a low, highest first with pairs together and the
    /// ace low: "8-6-4-2-A", "A-A-K-3-2".
    fn ranks_read(self) -> [char; 5] {
        const CHARS: [char; 13] = [
            'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
        ];
        if let Some(r) = self.unpaired_ranks() {
            return r.map(|x| CHARS[usize::from(x - 1) % 13]);
        }
        let h = self.height();
        let nib = |i: u32| CHARS[((h >> (16 - 4 * i)) & 0xf) as usize % 13];
        match h / PAIRED {
            1 => [nib(0), nib(0), nib(1), nib(2), nib(3)],
            2 => [nib(0), nib(0), nib(1), nib(1), nib(2)],
            3 => [nib(0), nib(0), nib(0), nib(1), nib(2)],
            4 => [nib(0), nib(0), nib(0), nib(1), nib(1)],
            _ => [nib(0), nib(0), nib(0), nib(0), nib(1)],
        }
    }
}

impl fmt::Display for LowValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.ranks_read();
        write!(f, "{}-{}-{}-{}-{}", r[0], r[1], r[2], r[3], r[4])
    }
}

impl fmt::Debug for LowValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LowValue({self})")
    }
}

/// The 13 ranks of a set as a mask with the ace at bit 0, the deuce at bit 1 .. king at 12.
#[inline(always)]
pub fn ace_low_ranks(cards: CardSet) -> u16 {
    ace_low(cards.rank_mask())
}

/// The lowest five set bits of each 13-bit mask (0 where fewer than five are set).
static LOWEST_FIVE: [u16; 8192] = {
    let mut table = [0u16; 8192];
    let mut m = 0;
    while m < 8192 {
        let mut rest = m as u16;
        let mut low = 0u16;
        let mut n = 0;
        while n < 5 && rest != 0 {
            low |= rest & rest.wrapping_neg();
            rest &= rest - 1;
            n += 1;
        }
        table[m] = if n == 5 { low } else { 0 };
        m += 1;
    }
    table
};

/// The 8-or-better low of any number of cards (the best five), or `None` if there are not
/// five different ranks from ace to eight.
#[inline(always)]
pub fn low8(cards: CardSet) -> Option<LowValue> {
    low8_of_mask(ace_low_ranks(cards))
}

#[inline(always)]
pub(crate) fn low8_of_mask(ace_low: u16) -> Option<LowValue> {
    let five = LOWEST_FIVE[usize::from(ace_low & 0xff)];
    (five != 0).then(|| LowValue::from_height(u32::from(five)))
}

/// The ace-to-five low of five or more cards (razz): the best five, pairs allowed when
/// they must be. `None` for fewer than five cards.
#[inline(always)]
pub fn ace_to_five(cards: CardSet) -> Option<LowValue> {
    let five = LOWEST_FIVE[usize::from(ace_low_ranks(cards))];
    if five != 0 {
        Some(LowValue::from_height(u32::from(five)))
    } else if cards.len() < 5 {
        None
    } else {
        Some(paired_ace_to_five(cards))
    }
}

/// Fewer than five ranks among five or more cards, so the five must pair: the fewest and
/// lowest repeats win (one pair before two pair before trips, a full house before quads).
/// Works on rank masks (ace low, bit 0) of the ranks held once, twice, three and four times.
fn paired_ace_to_five(cards: CardSet) -> LowValue {
    let m = Suit::ALL.map(|s| ace_low(cards.suit_ranks(s)));
    let any = m[0] | m[1] | m[2] | m[3];
    let two = (m[0] & m[1])
        | (m[0] & m[2])
        | (m[0] & m[3])
        | (m[1] & m[2])
        | (m[1] & m[3])
        | (m[2] & m[3]);
    let three = (m[0] & m[1] & (m[2] | m[3])) | (m[2] & m[3] & (m[0] | m[1]));
    let four = m[0] & m[1] & m[2] & m[3];
    let lowest = |mask: u16| mask & mask.wrapping_neg();
    let rank = |bit: u16| u32::from(bit.trailing_zeros() as u16);
    // Nibbles as `height5` packs them: by count, then by rank, highest first.
    let pack = |category: u32, ranks: &[u32]| {
        ranks
            .iter()
            .enumerate()
            .fold(category * PAIRED, |h, (i, &r)| h | r << (16 - 4 * i))
    };
    // `first`, then the ranks of a mask of two or three bits, highest first.
    let with_desc = |first: u32, mask: u16| {
        let mut ranks = [first, 0, 0, 0];
        let mut rest = mask;
        for slot in ranks[1..].iter_mut().take(mask.count_ones() as usize).rev() {
            *slot = rank(lowest(rest));
            rest &= rest - 1;
        }
        ranks
    };
    let height = match any.count_ones() {
        4 => {
            let pair = lowest(two);
            pack(1, &with_desc(rank(pair), any & !pair))
        }
        3 if two.count_ones() >= 2 => {
            let low_pair = lowest(two);
            let high_pair = lowest(two & !low_pair);
            let kicker = any & !low_pair & !high_pair;
            pack(2, &[rank(high_pair), rank(low_pair), rank(kicker)])
        }
        3 => pack(3, &with_desc(rank(three), any & !three)[..3]),
        _ => {
            let (lo, hi) = (lowest(any), any & !lowest(any));
            if three & lo != 0 && two & hi != 0 {
                pack(4, &[rank(lo), rank(hi)])
            } else if three & hi != 0 && two & lo != 0 {
                pack(4, &[rank(hi), rank(lo)])
            } else if four & lo != 0 {
                pack(5, &[rank(lo), rank(hi)])
            } else {
                pack(5, &[rank(hi), rank(lo)])
            }
        }
    };
    LowValue::from_height(height)
}

/// A 13-bit rank mask (deuce at bit 0) with the ace moved to bit 0 and the rest up one.
#[inline(always)]
fn ace_low(m: u16) -> u16 {
    ((m << 1) | (m >> 12)) & 0x1fff
}

/// The height of five ranks (0 deuce .. 12 ace) played ace-to-five.
pub(crate) fn height5(ranks: [u8; 5]) -> u32 {
    let low = ranks.map(|r| (r + 1) % 13); // ace 0, deuce 1 .. king 12
    let mut counts = [0u8; 13];
    for r in low {
        counts[usize::from(r)] += 1;
    }
    if counts.iter().all(|&c| c <= 1) {
        return low.iter().fold(0, |m, &r| m | 1 << r);
    }
    let mut order: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[usize::from(r)] > 0)
        .map(|r| (counts[usize::from(r)], r))
        .collect();
    order.sort_unstable_by(|a, b| b.cmp(a));
    let category: u32 = match (order[0].0, order.get(1).map(|x| x.0)) {
        (4, _) => 5,
        (3, Some(2)) => 4,
        (3, _) => 3,
        (2, Some(2)) => 2,
        _ => 1,
    };
    order
        .iter()
        .enumerate()
        .fold(category * PAIRED, |h, (i, &(_, r))| {
            h | u32::from(r) << (16 - 4 * i)
        })
}

/// The ace-to-five value of exactly five cards, straight from [`height5`]; for tests and
/// tables.
pub fn ace_to_five_of_five(five: [Card; 5]) -> LowValue {
    LowValue::from_height(height5(five.map(|c| c.rank().index())))
}
