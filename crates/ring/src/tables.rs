//! A cash table: its game, who opened it and on what conditions (HC-1.6, HC-1.10), how it is
//! followed (dealt by the server, a dealer tablet, or the list keeper alone), and its seats.

use crate::{GameId, GuestId, Time};
use engine::Chips;
use engine::Seat;
use engine::ring::{Debt, Entering};

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct CashTableId(pub u32);

impl CashTableId {
    /// The table's number as people count them, from 1 (the id counts from 0).
    pub fn number(self) -> u32 {
        self.0 + 1
    }
}

impl std::fmt::Display for CashTableId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Who follows a table's hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableMode {
    /// The server deals.
    Online,
    /// A dealer's tablet bound to it follows the hands.
    Tablet,
    /// Only the list keeper's console: the table reports stacks between hands.
    ListKeeper,
}

/// A player at a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seated {
    pub guest: GuestId,
    pub chips: Chips,
    /// Away from the table since then (HC-1.9, JPR-3.0).
    pub away_since: Option<Time>,
    /// In the hand in play with chips in the pot: no cash-out until it is over.
    pub in_hand: bool,
    /// When the player sat down here (must-move order).
    pub since: Time,
    /// Dealt in at this table since sitting down (not new any more: "back" after a while away).
    pub played: bool,
    /// Dealt in the last hand at this table.
    pub played_last: bool,
    /// Blinds owed for having been away (JPR-3.0's markers; HC-1.9's "the button passed").
    pub owes: Option<Debt>,
    /// New or back: post what is owed at once, or wait for the big blind (HC-1.9, TDA).
    pub entering: Entering,
}

/// Where the button and blinds were in a table's last hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LastHand {
    pub button: Option<Seat>,
    pub small_blind: Option<Seat>,
    pub big_blind: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CashTable {
    pub id: CashTableId,
    pub game: GameId,
    pub mode: TableMode,
    /// HC-1.10: the member who opened the table and keeps its list.
    pub opened_by: String,
    /// HC-1.6, HC-1.10: the conditions fixed at the opening, as written on the list.
    pub conditions: String,
    pub opened_at: Time,
    pub closed_at: Option<Time>,
    /// A must-move table feeds this main table: its players move there as seats open.
    pub feeds: Option<CashTableId>,
    pub seats: Vec<Option<Seated>>,
    /// A hand is in play: chips come and go only between hands.
    pub hand_running: bool,
    pub hands: u64,
    /// The last half hour a time charge was taken for (Rake::PerHalfHour).
    pub charged_until: Time,
    /// What the house took at this table.
    pub rake: Chips,
    /// The last hand's positions; `None` before the first hand.
    pub last: Option<LastHand>,
    /// The hand in play as the rules dealt it (who is in, who posts what).
    pub dealing: Option<engine::ring::NextHand>,
    /// When the last hand was settled.
    pub settled_at: Option<Time>,
}

impl CashTable {
    pub fn is_open(&self) -> bool {
        self.closed_at.is_none()
    }

    pub fn players(&self) -> usize {
        self.seats.iter().flatten().count()
    }

    pub fn free_seats(&self) -> impl Iterator<Item = u8> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_none())
            .map(|(i, _)| i as u8 + 1)
    }

    pub fn seat_of(&self, guest: GuestId) -> Option<u8> {
        self.seats
            .iter()
            .position(|s| s.is_some_and(|s| s.guest == guest))
            .map(|i| i as u8 + 1)
    }

    pub fn chips(&self) -> Chips {
        self.seats.iter().flatten().map(|s| s.chips).sum()
    }
}
