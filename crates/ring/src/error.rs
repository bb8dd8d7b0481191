//! Why the list keeper refuses: what was wrong, and for rules, which rule.

use crate::{CashTableId, GameId, GuestId};
use engine::{Chips, Rule};
use std::fmt;
use thiserror::Error;

/// An amount a game is set up with, named in [`RingError::AmountTooLarge`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    SmallBlind,
    BigBlind,
    MinBuyIn,
    MaxBuyIn,
    RakeCap,
    TimeCharge,
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Amount::SmallBlind => "the small blind",
            Amount::BigBlind => "the big blind",
            Amount::MinBuyIn => "the minimum buy-in",
            Amount::MaxBuyIn => "the maximum buy-in",
            Amount::RakeCap => "the rake cap",
            Amount::TimeCharge => "the time charge",
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RingError {
    #[error("no game {0:?}")]
    NoSuchGame(GameId),
    #[error("no table {0:?}")]
    NoSuchTable(CashTableId),
    #[error("no guest {0:?}")]
    NoSuchGuest(GuestId),
    #[error("the game is not valid: {0}")]
    BadGame(String),
    #[error("table {0:?} is closed")]
    TableClosed(CashTableId),
    #[error("seat {seat} of table {table:?} is not free")]
    SeatTaken { table: CashTableId, seat: u8 },
    #[error("table {table:?} has no seat {seat}")]
    NoSuchSeat { table: CashTableId, seat: u8 },
    #[error("{0:?} is not seated at a cash table")]
    NotSeated(GuestId),
    #[error("{0:?} is seated already")]
    Seated(GuestId),
    #[error("a buy-in of {amount} is outside the game's limits {min} to {max}")]
    BuyInOutsideLimits {
        amount: Chips,
        min: Chips,
        max: Chips,
    },
    #[error("a top-up to {to} is above the game's maximum buy-in {max}, the table's condition")]
    TopUpAboveMaximum { to: Chips, max: Chips },
    #[error("chips are added between hands only: a hand is in play at table {0:?}")]
    HandInPlay(CashTableId),
    #[error("{0:?} has chips in the pot: they cash out when the hand is over")]
    ChipsInThePot(GuestId),
    #[error("{guest:?} is on the list for this game already")]
    ListedTwice { guest: GuestId },
    #[error("{guest:?} still plays a tournament: no name on a list until out ({rule})")]
    InTournament { guest: GuestId, rule: Rule },
    #[error("{0:?} is not on the list")]
    NotListed(GuestId),
    #[error("the offer to {guest:?} ran out at {expired_at_ms} ms")]
    OfferExpired { guest: GuestId, expired_at_ms: u64 },
    #[error("{0:?} has no seat offered")]
    NoOffer(GuestId),
    #[error(
        "{guest:?} has been away {away_ms} ms; the seat may be given away after 30 minutes, and only when someone wants it ({rule})"
    )]
    NotAwayLongEnough {
        guest: GuestId,
        away_ms: u64,
        rule: Rule,
    },
    #[error("nobody wants the seat of {guest:?}: it stays theirs ({rule})")]
    NobodyWaiting { guest: GuestId, rule: Rule },
    #[error("{0:?} has no chips frozen")]
    NothingFrozen(GuestId),
    #[error("table {0:?} still has players: every one cashes out or is frozen first")]
    TableNotEmpty(CashTableId),
    #[error("the hand's stacks add up to {after}, the table had {before} less the rake {rake}")]
    ChipsDoNotAddUp {
        before: Chips,
        after: Chips,
        rake: Chips,
    },
    /// Issue 33 item 2: a game's amounts are at most [`Chips::MAX_AMOUNT`].
    #[error("{what} of {amount} is above {max}, the most a game's amounts may be")]
    AmountTooLarge {
        what: Amount,
        amount: Chips,
        max: Chips,
    },
    /// Issue 33 item 2: chips the books cannot add to what they hold without overflowing.
    #[error("the books cannot count {amount} more chips on top of {total}: more than they hold")]
    BooksFull { amount: Chips, total: Chips },
    #[error("a guest's name is 1 to {max} characters")]
    NameLength { max: usize },
    #[error("a guest's name is printable: U+{code:04X} is a control or invisible character")]
    NameNotPrintable { code: u32 },
    #[error("a guest of this room is already called {0:?}")]
    NameTaken(String),
    #[error("{0}")]
    Refused(String),
}
