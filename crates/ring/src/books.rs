//! The list keeper's books (HC-1.10: "Abrechnung der Spielliste"): every buy-in, top-up,
//! cash-out, frozen stack and rake, so that at every moment what was bought in equals the chips
//! at the tables, frozen in trays, cashed out and raked. A player's sessions; a table's closing
//! statement.

use crate::{CashTableId, GameId, GuestId, RingError, Shared, Time};
use engine::Chips;

/// `total + amount` as the books count it, or their refusal: money entering the books is added
/// checked (issue 33 item 2: two buy-ins of 2^63 wrapped them in a release build).
pub(crate) fn add(total: Chips, amount: Chips) -> Result<Chips, RingError> {
    total
        .checked_add(amount)
        .ok_or(RingError::BooksFull { amount, total })
}

/// One player's stay at one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub guest: GuestId,
    pub game: GameId,
    pub table: CashTableId,
    pub start: Time,
    pub end: Option<Time>,
    /// Chips brought: the buy-in, top-ups, and chips carried in (a table change, a frozen stack).
    pub brought: Chips,
    /// Chips taken away: cashed out, frozen, or carried to another table.
    pub took: Chips,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Books {
    pub bought_in: Chips,
    pub cashed_out: Chips,
    pub rake: Chips,
    /// HC-1.9: stacks frozen in a tray, by guest and game.
    pub frozen: Shared<Vec<(GuestId, GameId, Chips)>>,
    pub sessions: Shared<Vec<Session>>,
}

impl Books {
    pub fn frozen_chips(&self) -> Chips {
        self.frozen.iter().map(|f| f.2).sum()
    }

    pub(crate) fn open_session(
        &mut self,
        guest: GuestId,
        game: GameId,
        table: CashTableId,
        now: Time,
        brought: Chips,
    ) {
        self.sessions.push(Session {
            guest,
            game,
            table,
            start: now,
            end: None,
            brought,
            took: Chips(0),
        });
    }

    pub(crate) fn session_mut(&mut self, guest: GuestId) -> Option<&mut Session> {
        self.sessions
            .iter_mut()
            .rev()
            .find(|s| s.guest == guest && s.end.is_none())
    }

    pub(crate) fn close_session(&mut self, guest: GuestId, now: Time, took: Chips) {
        if let Some(s) = self.session_mut(guest) {
            s.end = Some(now);
            s.took += took;
        }
    }

    /// A guest's sessions, oldest first.
    pub fn history(&self, guest: GuestId) -> impl Iterator<Item = &Session> {
        self.sessions.iter().filter(move |s| s.guest == guest)
    }
}

/// One player's line on a table's closing statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosingLine {
    pub guest: GuestId,
    pub brought: Chips,
    pub took: Chips,
}

/// A table's statement, at its closing (HC-1.10): who opened it on what conditions, its hands, and what
/// each player brought and took; brought = took + the table's rake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closing {
    pub table: CashTableId,
    pub game: GameId,
    pub opened_by: String,
    pub conditions: String,
    pub opened_at: Time,
    /// `None` while the table is open.
    pub closed_at: Option<Time>,
    pub hands: u64,
    pub lines: Vec<ClosingLine>,
    pub brought: Chips,
    pub took: Chips,
    pub rake: Chips,
}
