//! The list keeper's books (HC-1.10: "Abrechnung der Spielliste"): every buy-in, top-up,
//! cash-out, frozen stack and rake, so that at every moment what was bought in equals the chips
//! at the tables, frozen in trays, cashed out and raked. A player's sessions; a table's closing
//! statement.

use crate::{CashTableId, GameId, GuestId, RingError, Shared, Time};
use engine::Chips;
use shared::Chunked;

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
    /// Every session, in the order they opened.
    pub sessions: Chunked<Session>,
    /// Each guest's sessions (places in `sessions`), by guest id: a guest's page reads its
    /// history without a look at everyone's.
    by_guest: Chunked<Vec<u32>>,
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
        let at = self.sessions.len() as u32;
        while self.by_guest.len() <= guest.0 as usize {
            self.by_guest.push(Vec::new());
        }
        if let Some(mine) = self.by_guest.get_mut(guest.0 as usize) {
            mine.push(at);
        }
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

    /// The guest's open session (the last one opened, should there be two).
    pub(crate) fn session_mut(&mut self, guest: GuestId) -> Option<&mut Session> {
        let mine = self.by_guest.get(guest.0 as usize)?;
        let at = *mine
            .iter()
            .rev()
            .find(|&&at| (self.sessions.get(at as usize)).is_some_and(|s| s.end.is_none()))?;
        self.sessions.get_mut(at as usize)
    }

    pub(crate) fn close_session(&mut self, guest: GuestId, now: Time, took: Chips) {
        if let Some(s) = self.session_mut(guest) {
            s.end = Some(now);
            s.took += took;
        }
    }

    /// A guest's sessions, oldest first.
    pub fn history(&self, guest: GuestId) -> impl Iterator<Item = &Session> {
        let mine = self
            .by_guest
            .get(guest.0 as usize)
            .map_or(&[][..], Vec::as_slice);
        mine.iter().filter_map(|&at| self.sessions.get(at as usize))
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

#[cfg(test)]
mod tests {
    use super::*;

    // HC-1.10: the books keep each player's sessions; a guest's page reads its own, in order,
    // and a cash-out closes the session still open, whoever else sat down in between.
    #[test]
    fn a_guest_reads_their_own_sessions_among_everyones() {
        let mut books = Books::default();
        let (a, b) = (GuestId(3), GuestId(0));
        let (g, t) = (GameId(0), CashTableId(1));
        books.open_session(a, g, t, Time(1), Chips(100));
        books.open_session(b, g, t, Time(2), Chips(200));
        books.close_session(a, Time(3), Chips(150));
        books.open_session(a, g, CashTableId(2), Time(4), Chips(50));
        let saved = books.clone();
        books.close_session(a, Time(5), Chips(0));

        let mine: Vec<_> = books.history(a).map(|s| (s.start, s.end, s.took)).collect();
        assert_eq!(
            mine,
            [
                (Time(1), Some(Time(3)), Chips(150)),
                (Time(4), Some(Time(5)), Chips(0))
            ]
        );
        assert_eq!(books.history(b).count(), 1);
        assert!(
            books
                .history(b)
                .all(|s| s.end.is_none() && s.brought == Chips(200))
        );
        assert_eq!(books.history(GuestId(7)).count(), 0);
        // A copy taken before keeps the session open.
        assert!(saved.history(a).last().is_some_and(|s| s.end.is_none()));
    }
}
