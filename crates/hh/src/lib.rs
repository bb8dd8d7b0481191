//! Hand histories for Croupier: reading and writing PHH (Poker Hand History) files, one
//! hand per `.phh` or many per `.phhs`, replaying them through the engine, and writing the
//! PokerStars text format that tracking tools import.
//!
//! Owns: the PHH text format (its TOML read with toml_edit, numbers from their own text), exact
//! decimal amounts (never floating point), the typed hand with every action parsed, the mapping of
//! a PHH hand onto engine operations, hand-history text out of engine events, PHH hands
//! converted to PokerStars text, and times as PokerStars prints them (the ET time in brackets).
//! Does not own: the rules. Whether an action is legal and what the stacks end up as is
//! the `engine` crate's job; files and folders are read by the binary.

mod amount;
mod convert;
mod error;
mod phh;
mod pokerstars;
mod record;
mod replay;
mod time;
mod value;

pub use amount::{Amount, AmountError, MAX_SCALE, common_scale};
pub use convert::{ConvertError, Converted, phh_to_pokerstars};
pub use error::{ActionError, PhhError, SyntaxError};
pub use phh::{
    ActionLine, PhhAction, PhhHand, PhhKind, parse_phh, parse_phhs, parse_text, to_phhs,
};
pub use pokerstars::{pokerstars, pokerstars_hand_name, pokerstars_low_name};
pub use record::{Currency, GameKind, HandContext, RecordError, View, record};
pub use replay::{Outcome, hand_setup, phh_op, replay};
pub use time::{TimeError, Timestamp};
pub use value::Value;
