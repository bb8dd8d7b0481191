//! Who gave a command. Rules depend on it (a player may call the clock only after a reasonable
//! time, TDA-29; a player's own registration is theirs, not the director's), so it is a type, not
//! a word. In the log and on the wire it stays the text it always was ("td", "player 3",
//! "tablet of table 2"), so logs written before read unchanged.

use crate::ids::{EntryId, GuestId, LiveTableId, TableNumber};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// The tournament director or floor person at the console (the TD's secret).
    Td,
    /// A player of an event, for their own seat.
    Player(EntryId),
    /// Someone registering themselves: a player or guest who has no entry yet.
    Entrant,
    /// A cash-game guest, for their own seat.
    Guest(GuestId),
    /// A dealer's tablet.
    Dealer(Tablet),
    /// The floor: a ruling the rules make without anyone asking (TDA-29's clock when the time
    /// to act runs out).
    Floor,
    /// The list keeper of the cash games (HC-1.10).
    ListKeeper,
    /// The program itself: the clock, the deals, the director's own steps.
    System,
}

/// Which tablet a dealer acts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tablet {
    /// The tablet bound to a live event's table.
    EventTable(TableNumber),
    /// A live table's own tablet, for the table the command names.
    Own,
    /// A live table's tablet, named, for a command about something else (a cash hand it dealt).
    Live(LiveTableId),
    /// The tablet following a cash table; the command names the table.
    Cash,
}

impl Actor {
    /// A player at an event's table: held to TDA-29's reasonable time before calling the clock.
    pub fn is_player(self) -> bool {
        matches!(self, Actor::Player(_))
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Td => f.write_str("td"),
            Actor::Player(entry) => write!(f, "player {}", u64::from(entry.0) + 1),
            Actor::Entrant => f.write_str("self"),
            Actor::Guest(guest) => write!(f, "guest {}", guest.0),
            Actor::Dealer(Tablet::EventTable(table)) => write!(f, "tablet of table {table}"),
            Actor::Dealer(Tablet::Own) => f.write_str("dealer"),
            Actor::Dealer(Tablet::Live(id)) => write!(f, "tablet {id}"),
            Actor::Dealer(Tablet::Cash) => f.write_str("tablet"),
            Actor::Floor => f.write_str("floor"),
            Actor::ListKeeper => f.write_str("list keeper"),
            Actor::System => f.write_str("system"),
        }
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
#[error("{0:?} names nobody who gives commands (td, player N, self, guest N, tablet, floor, ...)")]
pub struct UnknownActor(pub String);

impl FromStr for Actor {
    type Err = UnknownActor;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let number = |rest: &str| rest.parse::<u32>().ok();
        let actor = match text {
            "td" => Some(Actor::Td),
            "self" => Some(Actor::Entrant),
            "tablet" => Some(Actor::Dealer(Tablet::Cash)),
            "dealer" => Some(Actor::Dealer(Tablet::Own)),
            "floor" => Some(Actor::Floor),
            "list keeper" => Some(Actor::ListKeeper),
            "system" => Some(Actor::System),
            // Written by earlier servers: the demo's setup acted as a TD; "director" seeded a
            // followed table's hand and "clock" ran the cash games' timers, both the program.
            "demo" => Some(Actor::Td),
            "director" | "clock" => Some(Actor::System),
            _ => {
                if let Some(rest) = text.strip_prefix("player ") {
                    // Written from the entry's u32 plus one: the last entry's text is above u32.
                    rest.parse::<u64>()
                        .ok()
                        .and_then(|n| u32::try_from(n.checked_sub(1)?).ok())
                        .map(|e| Actor::Player(EntryId(e)))
                } else if let Some(rest) = text.strip_prefix("guest ") {
                    number(rest).map(|g| Actor::Guest(GuestId(g)))
                } else if let Some(rest) = text.strip_prefix("tablet of table ") {
                    number(rest).map(|t| Actor::Dealer(Tablet::EventTable(TableNumber(t))))
                } else if let Some(rest) = text.strip_prefix("tablet ") {
                    number(rest).map(|t| Actor::Dealer(Tablet::Live(LiveTableId(t))))
                } else {
                    None
                }
            }
        };
        actor.ok_or_else(|| UnknownActor(text.to_string()))
    }
}

/// In the API's document: the text the log keeps.
impl utoipa::PartialSchema for Actor {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some(
                "Who gave the command: td, player N (from 1), self, guest N, tablet of table N, \
                 tablet N, tablet, dealer, floor, list keeper or system",
            ))
            .examples(["td", "player 3"])
            .into()
    }
}

impl utoipa::ToSchema for Actor {}

impl Serialize for Actor {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Actor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every actor reads back as itself from the text the log keeps.
    #[test]
    fn every_actor_reads_back_from_its_text() {
        let all = [
            Actor::Td,
            Actor::Player(EntryId(0)),
            Actor::Player(EntryId(41)),
            Actor::Player(EntryId(u32::MAX)),
            Actor::Entrant,
            Actor::Guest(GuestId(7)),
            Actor::Dealer(Tablet::EventTable(TableNumber(3))),
            Actor::Dealer(Tablet::Own),
            Actor::Dealer(Tablet::Live(LiveTableId(0))),
            Actor::Dealer(Tablet::Cash),
            Actor::Floor,
            Actor::ListKeeper,
            Actor::System,
        ];
        for actor in all {
            let json = serde_json::to_string(&actor).unwrap();
            assert_eq!(
                serde_json::from_str::<Actor>(&json).unwrap(),
                actor,
                "{json}"
            );
        }
    }

    /// The texts earlier servers wrote still read: players count from 1 on the wire.
    #[test]
    fn old_logs_texts_are_migrated() {
        let read = |t: &str| t.parse::<Actor>().unwrap();
        assert_eq!(read("player 1"), Actor::Player(EntryId(0)));
        assert_eq!(read("demo"), Actor::Td);
        assert_eq!(read("director"), Actor::System);
        assert_eq!(read("clock"), Actor::System);
        assert_eq!(
            read("tablet of table 2"),
            Actor::Dealer(Tablet::EventTable(TableNumber(2)))
        );
        assert_eq!(
            read("tablet 4"),
            Actor::Dealer(Tablet::Live(LiveTableId(4)))
        );
    }

    /// A text naming nobody is refused with what it was, not taken as somebody.
    #[test]
    fn unknown_text_is_refused() {
        for bad in ["player 0", "player x", "Anna", "", "tablet of table"] {
            let err = bad.parse::<Actor>().unwrap_err();
            assert_eq!(err, UnknownActor(bad.to_string()));
        }
    }
}
