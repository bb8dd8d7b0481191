//! The tournament director: pure logic that runs a multi-table tournament over engine tables.
//!
//! It owns the event's configuration (structure, breaks and colour-ups, registration, re-entry,
//! rebuys and add-ons, bounties, payouts, league points) and the director's rules by profile:
//! seating, the clock, balancing and breaking tables, the final table, chip races, eliminations
//! and places, prizes, penalties, and the director's actions as events that can be undone. A
//! simulation (`sim`) plays whole tournaments with bots and checks the rules before every hand.
//!
//! It does not own the play of a hand (`engine`), live-table rulings (`floor`), I/O or real
//! time: the time comes in as an input, randomness as a seed.

pub mod balance;
pub mod bounty;
pub mod chip_race;
mod cites;
pub mod clock;
pub mod config;
pub mod deal;
pub mod director;
pub mod draw;
pub mod league;
pub mod payout;
pub mod places;
pub mod profile;
pub mod scenario;
pub mod seating;
pub mod sim;

pub use clock::Time;
pub use config::{ConfigError, EventConfig, Money};
pub use director::{
    Actor, ClosedBy, DirectorError, Entry, Refused, Status, TableId, TdAction, Tournament,
};
pub use profile::{DirectorRules, Profile, TimeExpiry};
