//! Where a guest stands on a list and, while no seat is offered to them there, why (issue 36
//! item 4): the order is the one `fill` offers seats in, so the page says what the room does.

use super::Room;
use crate::lists::WaitingFor;
use crate::{GameId, GuestId, RingError};

/// Why no seat of a game is offered to a guest on its list now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoOfferBecause {
    /// Not so: a seat of this game is offered to them now.
    OfferHere,
    /// A seat of another game is offered to them: one offer at a time.
    OfferAtOtherGame,
    /// They sit at a table of another game: no seat here until they cash out there.
    SeatedElsewhere,
    /// No table of the game is open: the list is one of interest.
    NoTable,
    /// Every seat of the game's tables is taken.
    NoOpenSeat,
    /// They sit in this game and wait for a seat at another of its tables.
    WaitingForChange,
    /// The open seats are offered to those ahead of them.
    AheadOfYou,
    /// They let the open seats go (declined or let run out) and keep their place: the next
    /// seat to open is theirs to be offered.
    SeatPassed,
    /// An open seat of a main table is held for its must-move table's player.
    HeldForMustMove,
}

/// A guest's place on a game's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// From 1, by arrival.
    pub place: u32,
    /// Names the room serves before them (chips in a tray, then table changes, then arrival).
    pub ahead: u32,
    pub why: NoOfferBecause,
}

impl Room {
    /// Where `guest` stands on `game`'s list, and why no seat is offered to them there.
    pub fn standing(&self, guest: GuestId, game: GameId) -> Result<Standing, RingError> {
        let list = self.list(game)?;
        let at = list
            .iter()
            .position(|w| w.guest == guest)
            .ok_or(RingError::NotListed(guest))?;
        let frozen = |g: GuestId| self.books.frozen.iter().any(|f| f.0 == g && f.1 == game);
        // The serving order of `lists::next_in_line`: a rank, then arrival.
        let rank = |k: usize| {
            let w = &list[k];
            if frozen(w.guest) {
                0
            } else if matches!(w.wants, WaitingFor::TableChange { .. }) {
                1
            } else {
                2
            }
        };
        let mine = (rank(at), at);
        let ahead = (0..list.len())
            .filter(|&k| k != at && (rank(k), k) < mine)
            .count() as u32;
        let standing = |why| Standing {
            place: at as u32 + 1,
            ahead,
            why,
        };
        let game_of = |t: crate::CashTableId| self.tables[t.0 as usize].game;
        let mut offers = self.offers.iter().filter(|o| o.guest == guest);
        if let Some(o) = offers.next() {
            return Ok(standing(if game_of(o.table) == game {
                NoOfferBecause::OfferHere
            } else {
                NoOfferBecause::OfferAtOtherGame
            }));
        }
        let own_table = self.seat_of(guest).map(|(t, _)| t);
        if own_table.is_some_and(|t| game_of(t) != game) {
            return Ok(standing(NoOfferBecause::SeatedElsewhere));
        }
        let tables: Vec<_> = self
            .tables
            .iter()
            .filter(|t| t.is_open() && t.game == game)
            .collect();
        if tables.is_empty() {
            return Ok(standing(NoOfferBecause::NoTable));
        }
        let open: Vec<_> = tables
            .iter()
            .filter(|t| Some(t.id) != own_table)
            .flat_map(|t| t.free_seats().map(move |s| (t.id, s)))
            .collect();
        let why = if open.is_empty() {
            match list[at].wants {
                WaitingFor::TableChange { .. } => NoOfferBecause::WaitingForChange,
                WaitingFor::Seat => NoOfferBecause::NoOpenSeat,
            }
        } else if open
            .iter()
            .any(|&(t, s)| self.offers.iter().any(|o| o.table == t && o.seat == s))
        {
            NoOfferBecause::AheadOfYou
        } else if open.iter().any(|p| list[at].passed.contains(p)) {
            NoOfferBecause::SeatPassed
        } else {
            NoOfferBecause::HeldForMustMove
        };
        Ok(standing(why))
    }
}
