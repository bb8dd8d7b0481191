//! The tournament director: pure logic that runs a multi-table tournament over engine tables.
//!
//! It owns the event's configuration (structure, breaks and colour-ups, registration, re-entry,
//! rebuys and add-ons, bounties, payouts, league points) and the director's rules by profile:
//! seating, the clock, balancing and breaking tables, the final table, chip races, eliminations
//! and places, prizes, penalties, and the director's actions as events that can be undone.
//!
//! It does not own the play of a hand (`engine`), live-table rulings (`floor`), I/O or real
//! time: the time comes in as an input, randomness as a seed.

pub mod config;
pub mod profile;

pub use config::{ConfigError, EventConfig, Money};
pub use profile::{DirectorRules, Profile};
