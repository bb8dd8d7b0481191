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
    /// A hand's pot as the list keeper or a tablet reports it.
    Pot,
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
            Amount::Pot => "the pot",
        })
    }
}

/// Why the list keeper refuses. Tables, games and guests are named as the pages number them,
/// from 1 (`table 2` is `CashTableId(1)`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RingError {
    #[error("no game {}", .0.0 + 1)]
    NoSuchGame(GameId),
    #[error("no table {}", .0.0 + 1)]
    NoSuchTable(CashTableId),
    #[error("no guest {}", .0.0 + 1)]
    NoSuchGuest(GuestId),
    #[error("the game is not valid: {0}")]
    BadGame(String),
    #[error("table {} is closed", .0.0 + 1)]
    TableClosed(CashTableId),
    #[error("seat {seat} of table {} is not free", .table.0 + 1)]
    SeatTaken { table: CashTableId, seat: u8 },
    #[error("table {} has no seat {seat}", .table.0 + 1)]
    NoSuchSeat { table: CashTableId, seat: u8 },
    #[error("guest {} is not seated at a cash table", .0.0 + 1)]
    NotSeated(GuestId),
    #[error("guest {} is seated already", .0.0 + 1)]
    Seated(GuestId),
    #[error("a buy-in of {amount} is outside the game's limits {min} to {max}")]
    BuyInOutsideLimits {
        amount: Chips,
        min: Chips,
        max: Chips,
    },
    #[error("a top-up to {to} is above the game's maximum buy-in {max}, the table's condition")]
    TopUpAboveMaximum { to: Chips, max: Chips },
    #[error("a top-up adds chips: {to} is not more than the stack")]
    TopUpAddsChips { to: Chips },
    /// A new hand, chips added or time charged while a hand is in play: between hands only.
    #[error("a hand is in play at table {}: that waits until it is over", .0.0 + 1)]
    HandInPlay(CashTableId),
    #[error("no hand is in play at table {}", .0.0 + 1)]
    NoHandInPlay(CashTableId),
    /// Cashed out, moved or unseated while dealt into the hand in play, folded or not.
    #[error("guest {} is dealt into the hand in play: that waits until it is over", .0.0 + 1)]
    ChipsInThePot(GuestId),
    #[error("guest {} is on the list for this game already", .guest.0 + 1)]
    ListedTwice { guest: GuestId },
    #[error("guest {} still plays a tournament: no name on a list until out ({rule})", .guest.0 + 1)]
    InTournament { guest: GuestId, rule: Rule },
    #[error("guest {} is not on the list", .0.0 + 1)]
    NotListed(GuestId),
    #[error("the offer to guest {} ran out at {expired_at_ms} ms", .guest.0 + 1)]
    OfferExpired { guest: GuestId, expired_at_ms: u64 },
    #[error("guest {} has no seat offered", .0.0 + 1)]
    NoOffer(GuestId),
    #[error(
        "guest {} has been away {away_ms} ms; the seat may be given away after 30 minutes, and only when someone wants it ({rule})",
        .guest.0 + 1
    )]
    NotAwayLongEnough {
        guest: GuestId,
        away_ms: u64,
        rule: Rule,
    },
    #[error("nobody wants the seat of guest {}: it stays theirs ({rule})", .guest.0 + 1)]
    NobodyWaiting { guest: GuestId, rule: Rule },
    #[error(
        "giving an away player's seat away is Hold'em Cologne's rule ({rule}); under {profile} the seat stays theirs"
    )]
    SeatStaysUnder { profile: String, rule: Rule },
    #[error("guest {} has no chips frozen", .0.0 + 1)]
    NothingFrozen(GuestId),
    #[error(
        "guest {} has chips frozen in a tray for this game: they sit down with them ({rule})",
        .guest.0 + 1
    )]
    FrozenForGame { guest: GuestId, rule: Rule },
    #[error(
        "guest {} still sits at table {} of another game: cash out there first",
        .guest.0 + 1,
        .table.0 + 1
    )]
    SeatedElsewhere { guest: GuestId, table: CashTableId },
    #[error("table {} still has players: every one cashes out or is frozen first", .0.0 + 1)]
    TableNotEmpty(CashTableId),
    #[error("guest {} was not dealt in, or is named twice", .guest.0 + 1)]
    NotDealtIn { guest: GuestId },
    #[error("the hand's stacks add up to {after}, the table had {before} less the rake {rake}")]
    ChipsDoNotAddUp {
        before: Chips,
        after: Chips,
        rake: Chips,
    },
    #[error("the winners won less than the rake of {rake}")]
    RakeAboveWinnings { rake: Chips },
    #[error("fewer than two players to deal in: no hand ({rule})")]
    TooFewToDeal { rule: Rule },
    #[error("the button is drawn for a player at the table, not seat {seat} ({rule})")]
    ButtonNotAtPlayer { seat: u8, rule: Rule },
    #[error("the list does not balance: {bought_in} bought in, {accounted} accounted for ({rule})")]
    BooksDoNotBalance {
        bought_in: u128,
        accounted: u128,
        rule: Rule,
    },
    #[error("a must-move table feeds an open main table of the same game")]
    FeedsNoMainTable,
    #[error(
        "the member who opens the table and keeps its list is named, in 1 to {max} characters ({rule})"
    )]
    OpenerName { max: usize, rule: Rule },
    #[error("a table's conditions are {max} characters at most")]
    ConditionsTooLong { max: usize },
    #[error("a seat offer stands {min_s} seconds to an hour")]
    OfferTime { min_s: u64 },
    #[error("{min} to {max} names make a table worth opening")]
    InterestMin { min: usize, max: usize },
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
    /// Issue 36 item 3: a number the room may text, in international form.
    #[error(
        "a phone number is written internationally: + and the country code, {min} to {max} digits"
    )]
    BadPhone { min: usize, max: usize },
    #[error("a phone number is kept only with the guest's consent to be texted at it")]
    PhoneWithoutConsent,
    #[error(
        "guest {} still has chips in a tray: they are paid out before the guest is forgotten",
        .0.0 + 1
    )]
    ForgetWithChips(GuestId),
}

impl RingError {
    /// The rule the refusal applies, where one does.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            RingError::InTournament { rule, .. }
            | RingError::NotAwayLongEnough { rule, .. }
            | RingError::NobodyWaiting { rule, .. }
            | RingError::SeatStaysUnder { rule, .. }
            | RingError::FrozenForGame { rule, .. }
            | RingError::TooFewToDeal { rule }
            | RingError::ButtonNotAtPlayer { rule, .. }
            | RingError::BooksDoNotBalance { rule, .. }
            | RingError::OpenerName { rule, .. } => Some(*rule),
            _ => None,
        }
    }
}
