//! Who is asking (a role), who holds each secret (the index), and what a connection follows.

use protocol::{EventId, LiveTableId, TableNumber};
use ring::GuestId;
use std::collections::HashMap;
use std::sync::{PoisonError, RwLock};

/// Who is asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Td,
    /// A person of an event; they act for their current entry.
    Player {
        event: EventId,
        person: PersonId,
    },
    /// The dealer of one live table, by the token the TD made for it.
    Dealer {
        table: LiveTableId,
    },
    /// The tablet bound to one table of a live event.
    Tablet {
        event: EventId,
        table: TableNumber,
    },
    /// A guest of the cash room, by the token they registered with.
    Guest {
        guest: GuestId,
    },
    Public,
}

/// A person of an event: the one behind their entries (a re-entry is the same person), in the
/// order they first registered, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PersonId(pub usize);

/// What a connection is sent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Topics {
    pub summary: bool,
    pub seating: bool,
    pub standings: bool,
}

impl Topics {
    pub(crate) fn or(self, other: Topics) -> Topics {
        Topics {
            summary: self.summary || other.summary,
            seating: self.seating || other.seating,
            standings: self.standings || other.standings,
        }
    }

    /// In the order of `event::topic_texts`.
    pub(crate) fn as_array(self) -> [bool; 3] {
        [self.summary, self.seating, self.standings]
    }
}

/// Who holds each secret, by its hash (players' tokens and dealers' tokens; the TD's is
/// compared on its own). Held only for a lookup or an insert.
#[derive(Debug, Default)]
pub struct Index {
    map: RwLock<HashMap<String, Role>>,
}

impl Index {
    pub fn get(&self, hash: &str) -> Option<Role> {
        self.map
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(hash)
            .copied()
    }

    pub fn insert_all(&self, entries: Vec<(String, Role)>) {
        let mut map = self.map.write().unwrap_or_else(PoisonError::into_inner);
        map.extend(entries);
    }

    pub(crate) fn remove(&self, hash: &str) {
        self.map
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(hash);
    }
}
