//! Lows, ace to five: straights and flushes do not count and the ace is the lowest card.
//! Razz plays any five cards, pairs being bad; 8-or-better (Omaha/8, Stud/8) needs five
//! different ranks of eight or lower.

use cards::{Card, CardSet, Rank};
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
    let m = cards.rank_mask();
    ((m << 1) | (m >> 12)) & 0x1fff
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

/// Fewer than five ranks among five or more cards, so the five must pair: the fewest and lowest
/// repeats win (one pair before two pair before trips, a full house before quads).
#[cold]
fn paired_ace_to_five(cards: CardSet) -> LowValue {
    // Ranks held, lowest first as aces-low, with their counts (at most four ranks here).
    let mut held = [(0u8, 0u32); 4];
    let mut k = 0;
    for low in 0..13u8 {
        let rank = Rank::ALL[usize::from((low + 12) % 13)];
        let n = cards.count_rank(rank);
        if n > 0 && k < 4 {
            held[k] = (rank.index(), n);
            k += 1;
        }
    }
    let held = &held[..k];
    let pairable = |min: u32| {
        held.iter()
            .filter(move |&&(_, n)| n >= min)
            .map(|&(r, _)| r)
    };
    let mut five = [0u8; 5];
    match held.len() {
        4 => {
            // One pair: every rank once, the lowest rank that can pair twice.
            let pair = pairable(2).next().unwrap_or(held[0].0);
            for (slot, &(r, _)) in five.iter_mut().zip(held) {
                *slot = r;
            }
            five[4] = pair;
        }
        3 => {
            let ranks = [held[0].0, held[1].0, held[2].0];
            let mut pairs = pairable(2);
            five[..3].copy_from_slice(&ranks);
            match (pairs.next(), pairs.next()) {
                // Two pair: the two lowest pairs.
                (Some(a), Some(b)) => five[3..].copy_from_slice(&[a, b]),
                // Only one rank repeats, so it has three: trips.
                (Some(a), None) => five[3..].copy_from_slice(&[a, a]),
                _ => {}
            }
        }
        _ => {
            let ((lo, n_lo), (hi, n_hi)) = (held[0], held[held.len() - 1]);
            five = if n_lo >= 3 && n_hi >= 2 {
                [lo, lo, lo, hi, hi]
            } else if n_hi >= 3 && n_lo >= 2 {
                [hi, hi, hi, lo, lo]
            } else if n_lo == 4 {
                [lo, lo, lo, lo, hi]
            } else {
                [hi, hi, hi, hi, lo]
            };
        }
    }
    LowValue::from_height(height5(five))
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
