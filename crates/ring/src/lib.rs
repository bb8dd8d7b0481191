//! The list keeper of a room's cash games (HC-1.10's Spielführer/Listenführer, JPR's
//! CoinGame-Modus): the games the room runs, the tables opened for them with their conditions
//! (HC-1.6, HC-1.10), one waiting list per game with seat offers that time out, interest lists
//! that open a table, must-move tables feeding a main game, table changes, HC-1.4's rule on
//! names on lists, and the books: buy-ins within the game's limits, top-ups between hands,
//! cash-outs, chips frozen in a tray (HC-1.9), rake, sessions and a closing statement per table.
//! The books balance at every moment: bought in = at the tables + frozen + cashed out + rake.
//! A game's amounts are at most `Chips::MAX_AMOUNT`, and money enters the books through checked
//! additions: what they could not count is refused (issue 33 item 2).
//!
//! It does not deal or rule on hands (`engine`, `floor`; who is dealt in and who posts what
//! between hands is `engine::ring`), and it does no I/O: time comes in as [`Time`], and every
//! operation validates fully before it changes anything (a refusal leaves the room as it was).

mod books;
mod contact;
mod error;
mod game;
mod lists;
pub mod names;
mod room;
mod tables;
mod wait;

pub use books::{Books, Closing, ClosingLine, Session};
pub use contact::{Contact, Lang, PHONE_DIGITS_MAX, PHONE_DIGITS_MIN, Phone};
pub use engine::ring::{Debt, Entering, NextHand};
pub use error::{Amount, RingError};
pub use game::{BuyInLimits, Game, GameId, Rake, Stakes};
pub use lists::{MissedOffer, Offer, Waiting, WaitingFor};
pub use room::{BoardNames, Guest, GuestId, NoOfferBecause, Room, RoomConfig, RoomEvent, Standing};
pub use shared::Shared;
pub use tables::{CashTable, CashTableId, LastHand, Seated, TableMode};
pub use wait::{MIN_EXPOSURE_PER_SEAT_MS, SeatRate, WINDOW_MS, pace};

/// Milliseconds on the room's clock (the caller's; the list keeper reads no clock).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Time(pub u64);

impl Time {
    pub fn plus_ms(self, ms: u64) -> Time {
        Time(self.0.saturating_add(ms))
    }
}

/// HC-1.9 (ring games): away for more than 30 minutes while someone wants the seat, the list
/// keeper may cash the player out or freeze their chips and give the seat away.
pub const AWAY_LIMIT_MS: u64 = 30 * 60_000;
