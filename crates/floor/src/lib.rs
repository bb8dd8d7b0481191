//! The floor: rulings on a live table, as a dealer and a floor person give them.
//!
//! It owns turning what physically happened at a table (words said in German or English, chips
//! pushed forward by denomination, chips left from an earlier bet, who acted and whether in turn)
//! into a ruling: the resulting action with exact amounts, the change to hand back, whether a
//! penalty may be given, and the rule ids applied under the event's profile. It also owns
//! out-of-turn action (TDA-53), irregularities as guided step-by-step procedures, the dealer's
//! reminders at each moment of a hand (`reminders`), and the scenario file format that asks
//! "what happens if ...".
//!
//! It does not own the rules of betting themselves (legal actions, pots, showdown are the
//! `engine`'s, driven here with dealing switched off as a live dealer does), hand-history
//! formats (`hh`), tournaments, I/O or clocks.

mod act;
mod error;
mod held;
mod irregular;
mod judge;
mod numbers;
mod oot;
pub mod procedure;
mod profile;
pub mod reminders;
pub mod ring_scenario;
mod ruling;
pub mod scenario;
mod table;
mod text;
mod words;

pub use act::{Act, Order, PulledBack};
pub use error::FloorError;
pub use profile::Profile;
pub use ruling::{Reason, Ruling};
pub use table::FloorHand;
pub use text::{Line, Piece, Text};
pub use words::Declaration;
