//! Equity: how often each of 2 to 10 known hands wins, ties and what share of the pot it
//! takes on average, for Texas Hold'em, Omaha (four to six hole cards) and Omaha
//! 8-or-better, from any partial board and with dead cards removed.
//!
//! [`Deal::exact`] walks every board. Cards whose suit can no longer make anyone a flush
//! are dealt by rank only, weighted by how many suits could have been dealt, so heads-up
//! preflop Hold'em settles far fewer than its 1,712,304 boards. [`Deal::monte_carlo`]
//! samples boards with ChaCha20 from a [`cards::Seed`]. Both split the work across
//! `std::thread::scope` threads and count in integers, so an exact answer is the same for
//! any thread count and a sample is the same for the same seed and thread count.

mod ask;
mod deal;
mod enumerate;
mod error;
mod monte_carlo;
mod omaha;
mod parallel;
mod ranks;
mod showdown;
mod tally;

pub use deal::Deal;
pub use error::EquityError;
pub use tally::{Equity, POT_UNITS, PlayerEquity};

use std::fmt;

/// The most hands one question may hold.
pub const MAX_PLAYERS: usize = 10;

/// The most boards one Monte Carlo run may sample (keeps the pot counts far from overflow).
pub const MAX_SAMPLES: u64 = 1 << 40;

/// The game being played: how many hole cards and how a hand is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    /// Two hole cards, the best five of seven.
    Holdem,
    /// Four to six hole cards, exactly two of them with exactly three of the board.
    Omaha,
    /// Omaha with the pot split between the best high and the best 8-or-better low; with
    /// no qualifying low the high takes it all.
    OmahaHiLo,
}

impl Game {
    /// The hole-card counts the game allows.
    pub const fn hole_cards(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Game::Holdem => 2..=2,
            Game::Omaha | Game::OmahaHiLo => 4..=6,
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Game::Holdem => "Texas Hold'em",
            Game::Omaha => "Omaha",
            Game::OmahaHiLo => "Omaha 8-or-better",
        })
    }
}
