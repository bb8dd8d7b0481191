//! Waiting lists, one per game (an interest list while no table of the game is open), and the
//! seat offers made from them.

use crate::{CashTableId, GuestId, Time};

/// What a guest on a list waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitingFor {
    /// A seat in the game.
    Seat,
    /// A seated player asks to change to another table of the same game (ahead of new players).
    TableChange { from: CashTableId },
}

/// A name on a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    pub guest: GuestId,
    pub since: Time,
    pub wants: WaitingFor,
    /// Seats the guest let go (declined or let run out) while keeping their place: not offered
    /// to them again while they stay open; the next seat to open is.
    pub passed: Vec<(CashTableId, u8)>,
}

/// A seat offered to the first in line, answered until `expires`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    pub guest: GuestId,
    pub table: CashTableId,
    pub seat: u8,
    pub made: Time,
    pub expires: Time,
}

/// What a guest who declines an offer or lets it run out keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MissedOffer {
    /// Their place on the list, for a seat at another table.
    #[default]
    KeepPlace,
    /// Nothing: their name comes off the list.
    LosePlace,
}

/// The order seats are offered in: a player whose chips wait in a tray first (HC-1.9: they take
/// a seat as soon as one is free), then table changes, then the list by arrival. `can` says
/// who may take a seat now (not seated in another game).
pub(crate) fn next_in_line<'a>(
    list: &'a [Waiting],
    table: CashTableId,
    seat: u8,
    offered: &[Offer],
    frozen: &[GuestId],
    can: impl Fn(GuestId) -> bool,
) -> Option<&'a Waiting> {
    let free = |w: &&Waiting| {
        !w.passed.contains(&(table, seat))
            && !offered.iter().any(|o| o.guest == w.guest)
            && can(w.guest)
    };
    list.iter()
        .filter(free)
        .find(|w| frozen.contains(&w.guest))
        .or_else(|| {
            list.iter()
                .filter(free)
                .find(|w| matches!(w.wants, WaitingFor::TableChange { from } if from != table))
        })
        .or_else(|| {
            list.iter()
                .filter(free)
                .find(|w| w.wants == WaitingFor::Seat)
        })
}
