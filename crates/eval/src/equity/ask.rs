//! The questions asked of a deal: every board (`enumerate`) or a sample (`monte_carlo`), each
//! run with the showdown of the deal's game.

use super::deal::Deal;
use super::omaha::{OmahaHiLo, OmahaHigh};
use super::showdown::{HoldemHigh, Showdown};
use super::{Equity, EquityError, Game, MAX_PLAYERS, MAX_SAMPLES, enumerate, monte_carlo};
use cards::{Card, Seed};

impl Deal {
    /// Every board, on `threads` threads (at least one). The counts do not depend on the
    /// thread count.
    pub fn exact(&self, threads: usize) -> Equity {
        struct Exact<'a>(&'a Deal, usize);
        impl WithShowdown for Exact<'_> {
            type Output = Equity;
            fn run<S: Showdown>(self, showdown: S) -> Equity {
                enumerate::exact(self.0, showdown, self.1)
            }
        }
        with_showdown(self.game, &self.hands, Exact(self, clamp_threads(threads)))
    }

    /// `samples` random boards (1 to [`MAX_SAMPLES`]) drawn by ChaCha20 from `seed`, on
    /// `threads` threads; the same seed and thread count give the same counts.
    pub fn monte_carlo(
        &self,
        samples: u64,
        seed: Seed,
        threads: usize,
    ) -> Result<Equity, EquityError> {
        if !(1..=MAX_SAMPLES).contains(&samples) {
            return Err(EquityError::Samples(samples));
        }
        struct Sample<'a>(&'a Deal, u64, Seed, usize);
        impl WithShowdown for Sample<'_> {
            type Output = Equity;
            fn run<S: Showdown>(self, showdown: S) -> Equity {
                monte_carlo::run(self.0, showdown, self.1, self.2, self.3)
            }
        }
        let work = Sample(self, samples, seed, clamp_threads(threads));
        Ok(with_showdown(self.game, &self.hands, work))
    }
}

/// At least one thread, and not so many that spawning them costs more than the work.
fn clamp_threads(threads: usize) -> usize {
    threads.clamp(1, 256)
}

/// Something to do with the showdown that suits a deal, whatever its type.
pub(super) trait WithShowdown {
    type Output;
    fn run<S: Showdown>(self, showdown: S) -> Self::Output;
}

/// Runs `work` with the showdown for `game` and `hands` (checked already).
pub(super) fn with_showdown<W: WithShowdown>(
    game: Game,
    hands: &[Vec<Card>],
    work: W,
) -> W::Output {
    match game {
        Game::Holdem => match hands.len() {
            2 => work.run(HoldemHigh::<2>::new(hands)),
            3 => work.run(HoldemHigh::<3>::new(hands)),
            4 => work.run(HoldemHigh::<4>::new(hands)),
            5 => work.run(HoldemHigh::<5>::new(hands)),
            6 => work.run(HoldemHigh::<6>::new(hands)),
            7 => work.run(HoldemHigh::<7>::new(hands)),
            8 => work.run(HoldemHigh::<8>::new(hands)),
            9 => work.run(HoldemHigh::<9>::new(hands)),
            // Ten, the most a deal holds.
            _ => work.run(HoldemHigh::<MAX_PLAYERS>::new(hands)),
        },
        Game::Omaha => work.run(OmahaHigh::new(hands)),
        Game::OmahaHiLo => work.run(OmahaHiLo::new(hands)),
    }
}
