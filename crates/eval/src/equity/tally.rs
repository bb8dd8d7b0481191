//! Counting showdowns: who took the pot on each board, and the totals handed back.

use super::MAX_PLAYERS;

/// A pot in whole units: 2520 is the least common multiple of 1 to 10, so an even split
/// among any number of winners, of the whole pot or of a half, is a whole number.
pub const POT_UNITS: u64 = 5040;
const HALF_POT: u64 = POT_UNITS / 2;

/// One hand's results over every board counted.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerEquity {
    /// Boards on which this hand alone takes the whole pot (in hi/lo: scoops).
    pub wins: u64,
    /// Boards on which this hand takes part of the pot: a tie, or in hi/lo one half.
    pub ties: u64,
    /// The pot this hand takes, summed over the boards, in [`POT_UNITS`] per pot: exact.
    pub pot_units: u64,
    /// The hand's average share of the pot, `pot_units / (boards * POT_UNITS)`.
    pub equity: f64,
}

/// Results for every hand, in the order the hands were given.
#[derive(Debug, Clone, PartialEq)]
pub struct Equity {
    /// Boards counted: all of them for an exact answer, the samples for Monte Carlo.
    pub boards: u64,
    pub players: Vec<PlayerEquity>,
}

/// Running counts for one thread. High-only games count boards by the set of winners
/// (one addition per board); hi/lo games share out each board as it comes.
#[derive(Debug, Clone)]
pub(super) struct Tally {
    players: usize,
    /// Boards by winners: index bit `p` set when hand `p` shares the best value. Room
    /// for every mask, so that any `u32` masked to ten bits is an index.
    by_winners: Box<[u64; 1 << MAX_PLAYERS]>,
    wins: Vec<u64>,
    ties: Vec<u64>,
    units: Vec<u64>,
    boards: u64,
}

impl Tally {
    pub(super) fn new(players: usize) -> Tally {
        Tally {
            players,
            by_winners: Box::new([0; 1 << MAX_PLAYERS]),
            wins: vec![0; players],
            ties: vec![0; players],
            units: vec![0; players],
            boards: 0,
        }
    }

    /// `weight` boards on which the hands in `winners` (a bit mask, never empty) split
    /// the whole pot.
    #[inline(always)]
    pub(super) fn record_high(&mut self, winners: u32, weight: u64) {
        self.by_winners[winners as usize & ((1 << MAX_PLAYERS) - 1)] += weight;
    }

    /// `weight` boards whose high half goes to `high` and low half to `low`; an empty
    /// `low` (nobody qualifies) gives the whole pot to `high`.
    pub(super) fn record_split(&mut self, high: u32, low: u32, weight: u64) {
        self.boards += weight;
        let (high_units, low_units) = if low == 0 {
            (POT_UNITS / u64::from(high.count_ones()), 0)
        } else {
            (
                HALF_POT / u64::from(high.count_ones()),
                HALF_POT / u64::from(low.count_ones()),
            )
        };
        let scoop = high.count_ones() == 1 && (low == 0 || low == high);
        for p in 0..self.players {
            let bit = 1 << p;
            if (high | low) & bit == 0 {
                continue;
            }
            let mut units = 0;
            if high & bit != 0 {
                units += high_units;
            }
            if low & bit != 0 {
                units += low_units;
            }
            self.units[p] += units * weight;
            if scoop {
                self.wins[p] += weight;
            } else {
                self.ties[p] += weight;
            }
        }
    }

    /// Adds another thread's counts.
    pub(super) fn merge(&mut self, other: &Tally) {
        let add = |a: &mut [u64], b: &[u64]| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        add(&mut self.by_winners[..], &other.by_winners[..]);
        add(&mut self.wins, &other.wins);
        add(&mut self.ties, &other.ties);
        add(&mut self.units, &other.units);
        self.boards += other.boards;
    }

    pub(super) fn finish(mut self) -> Equity {
        let by_winners = *self.by_winners;
        for (winners, &count) in by_winners.iter().enumerate() {
            if count != 0 {
                self.record_split(winners as u32, 0, count);
            }
        }
        let pot = self.boards * POT_UNITS;
        let players = (0..self.players)
            .map(|p| PlayerEquity {
                wins: self.wins[p],
                ties: self.ties[p],
                pot_units: self.units[p],
                equity: if pot == 0 {
                    0.0
                } else {
                    self.units[p] as f64 / pot as f64
                },
            })
            .collect();
        Equity {
            boards: self.boards,
            players,
        }
    }
}
