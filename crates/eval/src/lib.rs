//! Hand values for Croupier: high hands of five to seven cards (HC-1.11), Omaha's exactly
//! two plus three, the 8-or-better and ace-to-five lows, and equity by enumeration and
//! Monte Carlo.
//!
//! Owns: what a hand is worth and who wins how often. Does not own: who is in the hand,
//! pots or splitting chips (`engine`). Pure computation: no I/O; randomness comes in as a
//! seed.

pub mod census;
mod combos;
pub mod equity;
pub mod high;
pub mod low;
pub mod omaha;
pub mod reference;
mod value;

pub use high::{HandKey, HighEvaluator, MadeHand};
pub use low::LowValue;
pub use value::{HandCategory, HighValue};
