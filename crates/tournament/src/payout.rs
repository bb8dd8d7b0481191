//! Prizes from a prize pool (HC-1.2, HC-1.6) and prizes shared by players eliminated in the same
//! hand-for-hand hand (TDA-RP-8A). The money math is integer: the config's percentages are read
//! once into basis points (1/100 of a percent), so prizes always add up to the pool exactly.

use crate::config::{BuyIn, Money, PayoutCurve, PayoutRow, Payouts};

/// 100 % in basis points.
const WHOLE: u64 = 10_000;

/// A percentage as whole basis points, if it has at most two decimals and lies in 0..=100.
pub(crate) fn basis_points(percent: f64) -> Option<u64> {
    if !percent.is_finite() || !(0.0..=100.0).contains(&percent) {
        return None;
    }
    let scaled = percent * 100.0;
    let bp = scaled.round();
    ((scaled - bp).abs() < 1e-6).then_some(bp as u64)
}

/// How many places are paid in a field of `entrants` (at least 1).
pub fn places_paid(payouts: &Payouts, entrants: u32) -> u32 {
    shares(payouts, entrants).len() as u32
}

/// The prizes of a field of `entrants`, 1st place first, summing to `pool` exactly.
///
/// Each place gets its share of the pool rounded down to a multiple of `payouts.unit`; the
/// remainders go to the higher place, i.e. everything left over is added to 1st place.
pub fn prizes(payouts: &Payouts, entrants: u32, pool: Money) -> Vec<Money> {
    let unit = payouts.unit.0.max(1);
    let mut prizes: Vec<Money> = shares(payouts, entrants)
        .iter()
        .map(|&bp| {
            let exact = u128::from(pool.0) * u128::from(bp) / u128::from(WHOLE);
            // Never above the pool, since bp <= 10000.
            Money((exact as u64) / unit * unit)
        })
        .collect();
    let paid: u64 = prizes.iter().map(|m| m.0).sum();
    prizes[0].0 += pool.0 - paid;
    prizes
}

/// TDA-RP-8A: `ranked` players eliminated in the same hand-for-hand hand share the prizes of
/// their places, `total`. Equal shares in multiples of `unit`; leftover units one each to the
/// higher-ranked players first (index 0 is the best-ranked), the sub-unit rest to index 0.
/// No players: nobody to pay, an empty list.
pub fn share(total: Money, ranked: usize, unit: Money) -> Vec<Money> {
    if ranked == 0 {
        return Vec::new();
    }
    let unit = unit.0.max(1);
    let units = total.0 / unit;
    let each = units / ranked as u64;
    let extra = (units % ranked as u64) as usize;
    let mut shares: Vec<Money> = (0..ranked)
        .map(|i| Money((each + u64::from(i < extra)) * unit))
        .collect();
    shares[0].0 += total.0 % unit;
    shares
}

/// The prize pool: each entry's `buy_in.prize`, and rebuys and add-ons wholly (HC-1.1: they
/// are worth the same points as the buy-in; the house fee and bounty come out of the buy-in).
/// Added checked: `None` past what a u64 holds (issue 33 item 2).
pub fn prize_pool(
    buy_in: &BuyIn,
    entries: u32,
    rebuys: u32,
    add_ons: u32,
    rebuy_price: Money,
    add_on_price: Money,
) -> Option<Money> {
    buy_in
        .prize
        .checked_mul(u64::from(entries))?
        .checked_add(rebuy_price.checked_mul(u64::from(rebuys))?)?
        .checked_add(add_on_price.checked_mul(u64::from(add_ons))?)
}

/// The places' shares in basis points, 1st first, never empty, summing to at most 10000.
fn shares(payouts: &Payouts, entrants: u32) -> Vec<u64> {
    if entrants <= 1 {
        return vec![WHOLE];
    }
    let row = |r: &&PayoutRow| r.entrants[0] <= entrants && entrants <= r.entrants[1];
    let mut shares = if let Some(row) = payouts.table.iter().find(row) {
        row_shares(row)
    } else if let Some(curve) = &payouts.curve {
        curve_shares(curve, entrants)
    } else if let Some(row) = payouts.table.iter().rfind(|r| r.entrants[0] <= entrants) {
        // Beyond the table without a curve (refused by `validate`): the largest row.
        row_shares(row)
    } else {
        Vec::new()
    };
    shares.truncate(entrants as usize);
    if shares.is_empty() {
        shares.push(WHOLE);
    }
    shares
}

fn row_shares(row: &PayoutRow) -> Vec<u64> {
    row.percent
        .iter()
        .map(|&p| basis_points(p).unwrap_or(0))
        .collect()
}

/// Pays ceil(entrants * paid_percent / 100) places with weights ratio^i, normalised to 10000
/// basis points by largest remainders so they stay non-increasing. Places whose share rounds to
/// nothing are not paid.
fn curve_shares(curve: &PayoutCurve, entrants: u32) -> Vec<u64> {
    let percent_bp = (curve.paid_percent.clamp(0.0, 100.0) * 100.0).round() as u64;
    let paid = (u64::from(entrants) * percent_bp).div_ceil(WHOLE).max(1) as usize;
    let ratio = if curve.ratio > 0.0 && curve.ratio <= 1.0 {
        curve.ratio
    } else {
        1.0
    };
    let weights: Vec<f64> = (0..paid).map(|i| ratio.powi(i as i32)).collect();
    let sum: f64 = weights.iter().sum();
    let exact: Vec<f64> = weights.iter().map(|w| w * WHOLE as f64 / sum).collect();
    let mut shares: Vec<u64> = exact.iter().map(|e| e.floor() as u64).collect();
    let short = WHOLE.saturating_sub(shares.iter().sum());
    let mut by_remainder: Vec<usize> = (0..paid).collect();
    // Largest remainder first; on a tie the higher place first, which keeps the order.
    by_remainder.sort_by(|&a, &b| {
        let (ra, rb) = (exact[a] - exact[a].floor(), exact[b] - exact[b].floor());
        rb.total_cmp(&ra).then(a.cmp(&b))
    });
    for &i in by_remainder.iter().cycle().take(short as usize) {
        shares[i] += 1;
    }
    while shares.len() > 1 && shares.last() == Some(&0) {
        shares.pop();
    }
    shares
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::EventConfig;

    fn m(amounts: &[u64]) -> Vec<Money> {
        amounts.iter().map(|&a| Money(a)).collect()
    }

    fn hc() -> Payouts {
        EventConfig::template("hc").unwrap().payouts
    }

    fn rows(unit: u64, rows: &[([u32; 2], &[f64])], curve: Option<(f64, f64)>) -> Payouts {
        Payouts {
            unit: Money(unit),
            table: rows
                .iter()
                .map(|(entrants, percent)| PayoutRow {
                    entrants: *entrants,
                    percent: percent.to_vec(),
                })
                .collect(),
            curve: curve.map(|(paid_percent, ratio)| PayoutCurve {
                paid_percent,
                ratio,
            }),
        }
    }

    #[test]
    fn hc_1_6_table_25_entrants() {
        // HC-1.6, players 21-30: 45, 25, 15, 10, 5 %.
        assert_eq!(places_paid(&hc(), 25), 5);
        assert_eq!(
            prizes(&hc(), 25, Money(5000)),
            m(&[2250, 1250, 750, 500, 250])
        );
    }

    #[test]
    fn hc_1_6_table_small_fields() {
        // HC-1.6: players 8-10: 50, 30, 20; 3-7: 70, 30; heads-up: 100.
        assert_eq!(prizes(&hc(), 9, Money(1800)), m(&[900, 540, 360]));
        assert_eq!(prizes(&hc(), 8, Money(1000)), m(&[500, 300, 200]));
        assert_eq!(prizes(&hc(), 3, Money(600)), m(&[420, 180]));
        assert_eq!(prizes(&hc(), 2, Money(400)), m(&[400]));
        assert_eq!(prizes(&hc(), 11, Money(2200)), m(&[880, 660, 440, 220]));
        assert_eq!(places_paid(&hc(), 2), 1);
        assert_eq!(places_paid(&hc(), 7), 2);
        assert_eq!(places_paid(&hc(), 20), 4);
    }

    #[test]
    fn field_of_one_takes_the_pool() {
        assert_eq!(prizes(&hc(), 1, Money(200)), m(&[200]));
        assert_eq!(places_paid(&hc(), 1), 1);
    }

    #[test]
    fn rounding_to_unit_remainder_to_first() {
        // 70/30 of 1234 in units of 10: 863.8 -> 860, 370.2 -> 370, the 4 left to 1st.
        let payouts = rows(10, &[([2, 10], &[70.0, 30.0])], None);
        assert_eq!(prizes(&payouts, 5, Money(1234)), m(&[864, 370]));
        // Two decimals: 33.34/33.33/33.33 of 1000 in units of 1: 333.4, 333.3, 333.3.
        let thirds = rows(1, &[([2, 10], &[33.34, 33.33, 33.33])], None);
        assert_eq!(prizes(&thirds, 5, Money(1000)), m(&[334, 333, 333]));
    }

    #[test]
    fn curve_beyond_the_table() {
        // HC template: beyond 30, 15 % paid: 40 entrants -> 6 places, 100 -> 15.
        assert_eq!(places_paid(&hc(), 40), 6);
        assert_eq!(places_paid(&hc(), 100), 15);
        let shares = shares(&hc(), 40);
        assert_eq!(shares.iter().sum::<u64>(), 10_000);
        // ratio 0.8 over 6 places: weights sum 1 + .8 + .64 + .512 + .4096 + .32768 = 3.68928,
        // 1st = 10000 / 3.68928 = 2710.56.., 2nd 2168.4.., so 2711 or 2710 and 2168 or 2169.
        assert!((2710..=2711).contains(&shares[0]), "{shares:?}");
        assert!((2168..=2169).contains(&shares[1]), "{shares:?}");
    }

    #[test]
    fn curve_flat_ratio_largest_remainder() {
        // ratio 1, 3 places: 3333.33 each; the extra basis point to 1st.
        let flat = rows(1, &[], Some((30.0, 1.0)));
        assert_eq!(shares(&flat, 10), vec![3334, 3333, 3333]);
        assert_eq!(prizes(&flat, 10, Money(10_000)), m(&[3334, 3333, 3333]));
    }

    #[test]
    fn sums_exactly_and_never_increases() {
        let configs = [
            hc(),
            EventConfig::template("deepstack").unwrap().payouts,
            EventConfig::template("turbo").unwrap().payouts,
            rows(7, &[], Some((33.3, 0.93))),
            rows(1, &[], Some((100.0, 0.5))),
        ];
        for payouts in &configs {
            for entrants in (1..=60).chain([99, 250, 1000, 4321]) {
                for pool in [0, 1, 9, 99, 1000, 12_345, 987_654_321, u64::MAX / 3] {
                    let prizes = prizes(payouts, entrants, Money(pool));
                    let sum: u128 = prizes.iter().map(|p| u128::from(p.0)).sum();
                    assert_eq!(sum, u128::from(pool), "{entrants} entrants, pool {pool}");
                    assert_eq!(prizes.len() as u32, places_paid(payouts, entrants));
                    assert!(prizes.len() as u32 <= entrants.max(1));
                    assert!(
                        prizes.windows(2).all(|w| w[0] >= w[1]),
                        "{entrants} entrants, pool {pool}: {prizes:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn tda_rp_8a_three_out_share_place_50() {
        // TDA-RP-8A: 50 paid, 52 left at the announcement, three out in one hand: they take
        // places 50, 51 and 52 and share the prize of place 50. Here 1st gets 51 %, places
        // 2-50 get 1 % each; of 10,000 place 50 is worth 100.
        let mut percent = vec![51.0];
        percent.extend([1.0; 49]);
        let payouts = rows(1, &[([50, 200], &percent)], None);
        let prizes = prizes(&payouts, 180, Money(10_000));
        assert_eq!(prizes.len(), 50);
        assert_eq!(prizes[49], Money(100));
        let places_50_to_52: Money = Money(prizes.iter().skip(49).map(|p| p.0).sum());
        assert_eq!(share(places_50_to_52, 3, Money(1)), m(&[34, 33, 33]));
    }

    #[test]
    fn share_in_units_higher_ranked_first() {
        // TDA-RP-8A split of 1000 among 3 in units of 25: 40 units -> 14, 13, 13.
        assert_eq!(share(Money(1000), 3, Money(25)), m(&[350, 325, 325]));
        // 1010 in units of 25: 40 units and 10 over, which goes to the best-ranked.
        assert_eq!(share(Money(1010), 3, Money(25)), m(&[360, 325, 325]));
        // 5 units among 3: two leftover units, one each to the first two.
        assert_eq!(share(Money(50), 3, Money(10)), m(&[20, 20, 10]));
        assert_eq!(share(Money(7), 1, Money(5)), m(&[7]));
        assert_eq!(share(Money(3), 4, Money(1)), m(&[1, 1, 1, 0]));
        assert!(share(Money(3), 0, Money(1)).is_empty());
    }

    #[test]
    fn pool_counts_prize_rebuys_and_add_ons() {
        // HC-1.2: a 150/50 knockout: only 150 of the 200 buy-in go to the pool.
        let buy_in = BuyIn {
            prize: Money(150),
            fee: Money(0),
            bounty: Money(50),
        };
        assert_eq!(
            prize_pool(&buy_in, 12, 0, 0, Money(0), Money(0)),
            Some(Money(1800))
        );
        // HC-1.1: rebuys and add-ons are worth the buy-in, wholly to the pool.
        let hc = BuyIn {
            prize: Money(200),
            ..BuyIn::default()
        };
        assert_eq!(
            prize_pool(&hc, 8, 3, 5, Money(200), Money(200)),
            Some(Money(200 * 16))
        );
    }

    /// Issue 33 item 2: the pool is added checked, never wrapped or capped silently.
    #[test]
    fn a_pool_past_what_a_u64_holds_is_none() {
        let top = BuyIn {
            prize: Money::MAX_AMOUNT,
            ..BuyIn::default()
        };
        let fits = (u64::MAX / Money::MAX_AMOUNT.0) as u32;
        let m = Money::MAX_AMOUNT;
        assert_eq!(
            prize_pool(&top, fits, 0, 0, m, m),
            Some(Money(u64::from(fits) * m.0))
        );
        assert_eq!(prize_pool(&top, fits + 1, 0, 0, m, m), None);
        assert_eq!(prize_pool(&top, fits, 1, 0, m, m), None);
        assert_eq!(prize_pool(&top, fits, 0, 1, m, m), None);
        let wrap = BuyIn {
            prize: Money(1 << 63),
            ..BuyIn::default()
        };
        assert_eq!(prize_pool(&wrap, 2, 0, 0, m, m), None);
    }

    #[test]
    fn basis_points_two_decimals() {
        assert_eq!(basis_points(45.0), Some(4500));
        assert_eq!(basis_points(33.33), Some(3333));
        assert_eq!(basis_points(0.07), Some(7));
        assert_eq!(basis_points(33.333), None);
        assert_eq!(basis_points(100.01), None);
        assert_eq!(basis_points(f64::NAN), None);
    }
}
