//! Deals among the players left (issue 17 item 5): what a chip chop and an ICM split would
//! pay them, for them to agree on; an agreed payout replaces the table's (HC-1.2: "wird keine
//! abweichende Auszahlung vereinbart, gilt die Tabelle"). Money is integer: amounts are
//! multiples of the payout unit and add up to the prizes left exactly.

use crate::config::Money;

/// At most this many players in an ICM split: 2^n finishing sets are walked (20 players are a
/// million sets, a fraction of a second; a final table is ten).
pub const MAX_ICM_PLAYERS: usize = 20;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("a deal needs at least two players left")]
    TooFew,
    #[error("an ICM split is worked out for at most {MAX_ICM_PLAYERS} players, not {0}")]
    TooMany(usize),
    #[error("stack {0} (counted from 1) is 0: every player in a deal has chips")]
    NoChips(usize),
    /// The chips or the prizes add up past what is dealt exactly (and past any real table).
    #[error("the {what} add up to more than {MAX_TOTAL}")]
    TooLarge { what: &'static str },
}

/// The most the stacks, and the prizes, may add up to: amounts in whole units are worked out
/// exactly far below 2^64 (the split is in floating point, exact to 2^53).
pub const MAX_TOTAL: u64 = 1_000_000_000_000_000;

/// The prizes still to be won by `players` players: places 1 to `players` of `prizes` (1st
/// first), nothing for a place the table does not pay.
pub fn prizes_left(prizes: &[Money], players: usize) -> Vec<Money> {
    (0..players)
        .map(|i| prizes.get(i).copied().unwrap_or(Money(0)))
        .collect()
}

/// The Independent Chip Model (Malmuth-Harville): a player finishes first with the share of the
/// chips they hold, and each next place the same way among the players not placed yet. Exact:
/// every set of players that can hold the top places is walked once (2^n sets, n each), not
/// sampled. `prizes` are places 1 to n.
pub fn icm(stacks: &[u64], prizes: &[Money], unit: Money) -> Result<Vec<Money>, DealError> {
    check(stacks, prizes)?;
    let n = stacks.len();
    if n > MAX_ICM_PLAYERS {
        return Err(DealError::TooMany(n));
    }
    let prizes = prizes_left(prizes, n);
    let total_chips: u64 = stacks.iter().sum();
    let full = (1usize << n) - 1;
    // reach[set]: the chance that exactly the players of `set` took the top |set| places.
    let mut reach = vec![0.0f64; 1 << n];
    reach[0] = 1.0;
    let mut equity = vec![0.0f64; n];
    for set in 0..full {
        let p = reach[set];
        if p == 0.0 {
            continue;
        }
        let placed = set.count_ones() as usize;
        let chips_left: u64 = total_chips
            - (0..n)
                .filter(|&i| set & (1 << i) != 0)
                .map(|i| stacks[i])
                .sum::<u64>();
        let prize = prizes[placed].0 as f64;
        for i in (0..n).filter(|&i| set & (1 << i) == 0) {
            let next = p * stacks[i] as f64 / chips_left as f64;
            equity[i] += next * prize;
            reach[set | (1 << i)] += next;
        }
    }
    Ok(in_units(&equity, total(&prizes), unit, stacks))
}

/// A chip chop: each player gets the lowest prize left (what busting next would pay), and the
/// rest goes by chips. Without that floor a short stack's share can fall below what it has
/// already won, which no player agrees to.
pub fn chip_chop(stacks: &[u64], prizes: &[Money], unit: Money) -> Result<Vec<Money>, DealError> {
    check(stacks, prizes)?;
    let n = stacks.len();
    let prizes = prizes_left(prizes, n);
    let floor = prizes[n - 1].0;
    let rest = total(&prizes) - floor * n as u64;
    let total_chips: u64 = stacks.iter().sum();
    let exact: Vec<f64> = stacks
        .iter()
        .map(|&s| floor as f64 + rest as f64 * s as f64 / total_chips as f64)
        .collect();
    Ok(in_units(&exact, total(&prizes), unit, stacks))
}

fn check(stacks: &[u64], prizes: &[Money]) -> Result<(), DealError> {
    if stacks.len() < 2 {
        return Err(DealError::TooFew);
    }
    if !within(stacks.iter().copied()) {
        return Err(DealError::TooLarge { what: "stacks" });
    }
    if !within(prizes.iter().map(|m| m.0)) {
        return Err(DealError::TooLarge { what: "prizes" });
    }
    match stacks.iter().position(|&s| s == 0) {
        Some(i) => Err(DealError::NoChips(i + 1)),
        None => Ok(()),
    }
}

/// Whether `amounts` add up to at most `MAX_TOTAL`, without overflowing on the way.
fn within(mut amounts: impl Iterator<Item = u64>) -> bool {
    amounts
        .try_fold(0u64, u64::checked_add)
        .is_some_and(|sum| sum <= MAX_TOTAL)
}

fn total(prizes: &[Money]) -> u64 {
    prizes.iter().map(|m| m.0).sum()
}

/// Exact amounts as whole units summing to `total`: each rounded down, the units left one each
/// to the largest remainders (the bigger stack first on a tie), the part of a unit left to the
/// biggest stack.
fn in_units(exact: &[f64], total: u64, unit: Money, stacks: &[u64]) -> Vec<Money> {
    let unit = unit.0.max(1);
    let mut units: Vec<u64> = exact
        .iter()
        .map(|&x| (x.max(0.0) / unit as f64).floor() as u64)
        .collect();
    let mut given: u64 = units.iter().sum::<u64>() * unit;
    // Rounding of a float sum can overshoot by a unit; take it back from the smallest remainder.
    let remainder = |i: usize| exact[i] / unit as f64 - units[i] as f64;
    let mut order: Vec<usize> = (0..exact.len()).collect();
    order.sort_by(|&a, &b| {
        remainder(b)
            .total_cmp(&remainder(a))
            .then(stacks[b].cmp(&stacks[a]))
            .then(a.cmp(&b))
    });
    for &i in order.iter().cycle().take(exact.len() * 2) {
        if given + unit > total {
            break;
        }
        units[i] += 1;
        given += unit;
    }
    while given > total {
        let Some(i) = order.iter().rev().copied().find(|&i| units[i] > 0) else {
            break;
        };
        units[i] -= 1;
        given -= unit;
    }
    let mut amounts: Vec<Money> = units.iter().map(|&u| Money(u * unit)).collect();
    let biggest = (0..stacks.len()).max_by_key(|&i| (stacks[i], std::cmp::Reverse(i)));
    if let Some(i) = biggest {
        amounts[i].0 += total - given;
    }
    amounts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(v: &[u64]) -> Vec<Money> {
        v.iter().copied().map(Money).collect()
    }

    fn sum(v: &[Money]) -> u64 {
        v.iter().map(|m| m.0).sum()
    }

    /// Malmuth-Harville by hand, stacks 50/30/20 for 50/30/20: A is first 0.5, second
    /// 0.3*50/70 + 0.2*50/80, third the rest: 25 + 10.18 + 3.21 = 38.39.
    /// Amounts near 2^64 were added with wrapping and the units handed out one by one for
    /// ever (the probe of `croupier deal`): they are refused, at once.
    #[test]
    fn stacks_or_prizes_past_the_most_are_refused() {
        let huge = money(&[u64::MAX, 1]);
        for (stacks, prizes) in [([100, 200], huge.clone()), ([u64::MAX, 1], money(&[10, 5]))] {
            let e = icm(&stacks, &prizes, Money(1)).unwrap_err();
            assert!(matches!(e, DealError::TooLarge { .. }), "{e}");
            assert_eq!(chip_chop(&stacks, &prizes, Money(1)), Err(e));
        }
        let most = money(&[MAX_TOTAL - 1, 1]);
        let split = chip_chop(&[1, 1], &most, Money(1)).unwrap();
        assert_eq!(sum(&split), MAX_TOTAL);
    }

    #[test]
    fn icm_of_three_players_is_the_harville_sum() {
        let split = icm(&[50, 30, 20], &money(&[5000, 3000, 2000]), Money(1)).unwrap();
        assert_eq!(sum(&split), 10_000);
        assert!((split[0].0 as i64 - 3839).abs() <= 1, "{split:?}");
    }

    /// Heads-up, ICM is the second prize each plus the difference by chips: the chip chop.
    #[test]
    fn heads_up_icm_is_the_chip_chop() {
        for stacks in [[1, 1], [7, 3], [999, 1], [2, 5]] {
            let prizes = money(&[7000, 3000]);
            assert_eq!(
                icm(&stacks, &prizes, Money(1)),
                chip_chop(&stacks, &prizes, Money(1)),
                "{stacks:?}"
            );
        }
    }

    #[test]
    fn equal_stacks_split_equally_and_amounts_add_up_in_units() {
        let prizes = money(&[5000, 3000, 1500, 500]);
        let split = icm(&[100; 4], &prizes, Money(100)).unwrap();
        assert_eq!(split, money(&[2500; 4]));
        let uneven = icm(&[4000, 2500, 2000, 1500], &prizes, Money(100)).unwrap();
        assert_eq!(sum(&uneven), 10_000);
        assert!(uneven.iter().all(|m| m.0 % 100 == 0));
        assert!(
            uneven.windows(2).all(|w| w[0] >= w[1]),
            "more chips, more money"
        );
    }

    /// A chip chop never pays less than the lowest prize left; ICM gives a short stack more
    /// than its share of the chips would.
    #[test]
    fn chip_chop_has_a_floor_and_icm_favours_short_stacks() {
        let prizes = money(&[6000, 3000, 1000]);
        let chop = chip_chop(&[9000, 900, 100], &prizes, Money(1)).unwrap();
        assert!(chop.iter().all(|m| m.0 >= 1000), "{chop:?}");
        assert_eq!(sum(&chop), 10_000);
        let split = icm(&[9000, 900, 100], &prizes, Money(1)).unwrap();
        assert!(split[2] > chop[2], "{split:?} vs {chop:?}");
    }

    #[test]
    fn places_the_table_does_not_pay_count_as_nothing() {
        // Four left, three paid: the fourth place is worth nothing to anyone.
        assert_eq!(
            prizes_left(&money(&[500, 300, 200]), 4),
            money(&[500, 300, 200, 0])
        );
        let split = icm(&[10, 10, 10, 10], &money(&[500, 300, 200]), Money(1)).unwrap();
        assert_eq!(sum(&split), 1000);
        assert_eq!(split, money(&[250; 4]));
    }

    #[test]
    fn a_deal_needs_players_with_chips() {
        let prizes = money(&[100, 50]);
        assert_eq!(icm(&[10], &prizes, Money(1)), Err(DealError::TooFew));
        assert_eq!(
            chip_chop(&[10, 0], &prizes, Money(1)),
            Err(DealError::NoChips(2))
        );
        let many = vec![1; MAX_ICM_PLAYERS + 1];
        assert_eq!(icm(&many, &prizes, Money(1)), Err(DealError::TooMany(21)));
    }
}
