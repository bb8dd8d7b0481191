//! The ids that cross the wire: one type per kind of thing, shared with the logic crates where
//! they have one (an entry is the engine's and director's `PlayerId`, an event's table the
//! director's `TableId`, the room's guests, games and cash tables `ring`'s ids). On the wire each
//! is the plain number it always was (`#[serde(transparent)]`), so old logs read unchanged.

use serde::{Deserialize, Serialize};
use std::fmt;

pub use engine::PlayerId as EntryId;
pub use ring::{CashTableId, GameId, GuestId};
pub use tournament::TableId;

/// An event (tournament) on this server, numbered from 0 in order of creation.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(transparent)]
pub struct EventId(pub u32);

impl fmt::Display for EventId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A live table opened by the TD for a dealer tablet, numbered from 0 in order of opening.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(transparent)]
pub struct LiveTableId(pub u32);

impl fmt::Display for LiveTableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An event's table as floor staff count it, from 1: the number in paths, on the TD console and
/// in a tablet's reports. `id()` is the director's table (from 0).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(transparent)]
pub struct TableNumber(pub u32);

impl TableNumber {
    /// The table's place from 0, as the room counts its tables (0 for the number 0, which
    /// counts no table: a path never gives it, `TableNo` refuses it).
    pub fn index(self) -> u32 {
        self.0.saturating_sub(1)
    }

    /// The director's table; `None` for 0, which counts no table.
    pub fn id(self) -> Option<TableId> {
        self.0.checked_sub(1).map(TableId)
    }
}

impl From<TableId> for TableNumber {
    fn from(id: TableId) -> Self {
        TableNumber(id.0 + 1)
    }
}

impl fmt::Display for TableNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for EventId {
    type Err = std::num::ParseIntError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(EventId)
    }
}

impl std::str::FromStr for LiveTableId {
    type Err = std::num::ParseIntError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(LiveTableId)
    }
}
