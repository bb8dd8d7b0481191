//! Hand histories for Croupier: reading and writing PHH (Poker Hand History) files, one
//! hand per `.phh` or many per `.phhs`; PokerStars text is to come.
//!
//! Owns: the PHH text format, a reader for the TOML subset it uses, exact decimal
//! amounts (never floating point), and the typed hand with every action parsed.
//! Does not own: playing a hand. Whether an action is legal and what the stacks end up
//! as is the `engine` crate's job; replaying PHH hands through it lives elsewhere, so
//! this crate depends on nothing but `cards`.

mod amount;
mod error;
mod phh;
mod toml_lite;

pub use amount::{Amount, AmountError, MAX_SCALE, common_scale};
pub use error::{ActionError, PhhError};
pub use phh::{
    ActionLine, PhhAction, PhhHand, PhhKind, parse_phh, parse_phhs, parse_text, to_phhs,
};
pub use toml_lite::{SyntaxError, Value};
