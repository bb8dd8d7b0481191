//! The one place random words become choices: a uniform number below `n`, without bias (a word
//! in the few values that would favour some results is drawn again), and Fisher-Yates shuffles
//! from it. Two widths, because what replays depends on them: a deck draws 32-bit words
//! (`Deck::shuffle`, so a hand's seed deals the same cards forever), the director's draws 64-bit
//! words (`tournament::Draw`, so an event's seed seats and draws the same). Equity sampling and
//! the simulations' random players use the same functions.

use rand_core::Rng;

/// Ranges up to a deck's size are drawn without a division (a deck draws one for every card it
/// shuffles): the zone and the remainder come from a table, the same numbers as below.
const SMALL: u32 = 64;

/// A range `n` up to `SMALL`: its zone, and `ceil(2^64 / n)` by which a word's remainder is a
/// multiplication (Lemire, Kaser and Kurz, "Faster remainder by direct computation": exact for
/// every 32-bit word). `n` rides in what would be padding, so that a deck's draws read it with
/// the rest instead of working it out.
#[derive(Clone, Copy)]
pub(crate) struct SmallRange {
    zone: u32,
    n: u32,
    factor: u64,
}

/// `SmallRange` by `n` (0 unused).
static SMALL_RANGES: [SmallRange; SMALL as usize + 1] = {
    let mut table = [SmallRange {
        zone: 0,
        n: 0,
        factor: 0,
    }; SMALL as usize + 1];
    let mut n = 1;
    while n <= SMALL {
        table[n as usize] = SmallRange {
            zone: u32::MAX - (u32::MAX - n + 1) % n,
            n,
            factor: (u64::MAX / n as u64).wrapping_add(1),
        };
        n += 1;
    }
    table
};

/// `x % n` for `n` up to `SMALL`, by the table.
fn small_remainder(x: u32, n: u32) -> u32 {
    let fraction = SMALL_RANGES[n as usize].factor.wrapping_mul(u64::from(x));
    ((u128::from(fraction) * u128::from(n)) >> 64) as u32
}

/// The ranges `from` to `to` (at most `SMALL`), for a deck's draws from the top: `below_deck`
/// of each, `to` first, is `below_u32` of each.
pub(crate) fn deck_ranges(from: u32, to: u32) -> &'static [SmallRange] {
    &SMALL_RANGES[from as usize..=to as usize]
}

/// `below_u32(rng, range.n)` for a range of the table, a deck's draws: the same words and
/// results, the zone, `n` and the remainder's factor read together (issue 38: 46 draws a
/// stud hand, each reading the table by an index worked out before).
#[inline]
pub(crate) fn below_deck<R: Rng + ?Sized>(rng: &mut R, range: &SmallRange) -> u32 {
    loop {
        let x = rng.next_u32();
        if x <= range.zone {
            return ((u128::from(range.factor.wrapping_mul(u64::from(x))) * u128::from(range.n))
                >> 64) as u32;
        }
    }
}

/// A uniform number below `n` from 32-bit words; 0 when `n` is 0.
pub fn below_u32<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    if n <= SMALL {
        let zone = SMALL_RANGES[n as usize].zone;
        loop {
            let x = rng.next_u32();
            if x <= zone {
                return small_remainder(x, n);
            }
        }
    }
    // The largest multiple of `n`, less one: words above it would favour the low results.
    let zone = u32::MAX - (u32::MAX - n + 1) % n;
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return x % n;
        }
    }
}

/// A uniform number below `n` from 64-bit words; 0 when `n` is 0.
pub fn below_u64<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    // A power of two divides the words evenly: every word is kept and the remainder is a mask,
    // the same draw without two divisions (a fixed-limit raise's one size asks for below 1).
    if n.is_power_of_two() {
        return rng.next_u64() & (n - 1);
    }
    let zone = u64::MAX - (u64::MAX - n + 1) % n;
    loop {
        let x = rng.next_u64();
        if x <= zone {
            return x % n;
        }
    }
}

/// Fisher-Yates from the last item down, by 64-bit words.
pub fn shuffle<T, R: Rng + ?Sized>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below_u64(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// Every result below `n` comes up about equally often, for a range that does not divide
    /// the word (where a modulo alone would favour the low results).
    #[test]
    fn draws_are_uniform_below_n() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let n = 6u32;
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[below_u32(&mut rng, n) as usize] += 1;
            counts[below_u64(&mut rng, u64::from(n)) as usize] += 1;
        }
        for c in counts {
            assert!((19_000..21_000).contains(&c), "{counts:?}");
        }
        assert_eq!(below_u32(&mut rng, 0), 0);
        assert_eq!(below_u64(&mut rng, 1), 0);
    }

    /// The table's zones and remainders are the divisions' for every small range.
    #[test]
    fn small_ranges_match_the_division() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for n in 1..=SMALL {
            assert_eq!(
                SMALL_RANGES[n as usize].zone,
                u32::MAX - (u32::MAX - n + 1) % n
            );
            assert_eq!(SMALL_RANGES[n as usize].n, n);
            let edges = [
                0,
                1,
                n - 1,
                n,
                n + 1,
                u32::MAX,
                u32::MAX - 1,
                u32::MAX / n * n,
            ];
            let words = (0..10_000).map(|_| rng.next_u32());
            for x in edges.into_iter().chain(words) {
                assert_eq!(small_remainder(x, n), x % n, "{x} % {n}");
            }
        }
    }

    /// A deck's draws are `below_u32`'s, word for word.
    #[test]
    fn deck_draws_are_below_u32s() {
        let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(5), ChaCha8Rng::seed_from_u64(5));
        for _ in 0..200 {
            for n in 1..=52 {
                let range = &deck_ranges(n, n)[0];
                assert_eq!(below_deck(&mut a, range), below_u32(&mut b, n));
            }
        }
    }

    /// A word in the zone that would favour the low results is drawn again: with n = 3 and
    /// 32-bit words, u32::MAX (= 1 mod 3, beyond the last whole multiple) is never used.
    #[test]
    fn the_biased_tail_is_drawn_again() {
        struct Words(Vec<u32>);
        impl rand_core::TryRng for Words {
            type Error = core::convert::Infallible;
            fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
                Ok(self.0.remove(0))
            }
            fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
                Ok(u64::from(self.0.remove(0)))
            }
            fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
                Ok(())
            }
        }
        let mut words = Words(vec![u32::MAX, 5]);
        assert_eq!(below_u32(&mut words, 3), 2);
    }
}
