//! One event as the server runs it: the director's tournament, the hand in play at each table,
//! the people behind the entries with their secrets, and the audit log. Every change is a
//! [`EventCommand`] applied at its time; the same commands in the same order rebuild the same room,
//! because the director and the engine are deterministic given the event's seed and each hand's
//! sealed seed (issue 37). No I/O here.

mod announce;
mod archive;
mod decks;
pub use archive::{Archive, HandFormat, HandsText, Selection};
pub(crate) mod hand_view;
mod hands;
pub(crate) use hands::wire_action;
mod people;
mod views;

pub use views::{EntryRow, PublicViews, Viewer};

use crate::refusal::Refusal;
use crate::role::PersonId;
use axum::http::StatusCode;

use crate::said;
use engine::{Hand, PlayerId};
use protocol::{Actor, AuditLine, EntryId, EventCommand, EventId, Said};
use ring::Shared;
use shared::Chunked;
use std::collections::VecDeque;
use tournament::director::HandStart;
use tournament::{EventConfig, Tournament};

/// How many finished hands each table keeps for the players' hand histories.
const HISTORY: usize = 5;
/// The pause after a hand before the next is dealt, to see the showdown.
const PAUSE_MS: u64 = 3_000;
/// A longer pause after hands were tabled at an all-in, to see the run-out and equities.
const ALL_IN_PAUSE_MS: u64 = 6_000;

/// A person behind one or more entries (a re-entry is a new entry of the same person, TDA-8).
#[derive(Clone, Debug)]
pub struct Person {
    pub name: String,
    /// The hash of the person's token (the token itself is given to them once and not kept).
    pub token: String,
    pub bot: bool,
    /// The person's entries, the current one last.
    pub entries: Vec<EntryId>,
}

/// A hand in play or just finished at a table.
#[derive(Clone, Debug)]
pub(crate) struct LiveHand {
    /// The table's hand number, from 1.
    pub number: u64,
    pub start: HandStart,
    pub hand: Hand,
    pub turn: Option<Turn>,
    /// Announcements that are not engine events (time called, timeouts), each with the number
    /// of engine events before it.
    pub notes: Vec<(usize, protocol::Announcement)>,
    /// Each tabled hand's equity when the hands were turned up (TDA-16), by hand player.
    pub equities: Vec<(usize, f64)>,
    /// When it was dealt (ms since 1970), for the hand histories' date.
    pub dealt_at: u64,
    /// What its deck came from, when the event deals from a seed per hand (issue 37).
    pub proof: Option<crate::deck::Proof>,
}

/// Whose turn it is, since when, and when their time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Turn {
    pub player: engine::Player,
    pub since: u64,
    pub deadline: u64,
    /// Time has been called (TDA-29): the deadline is the called time's end.
    pub clock_called: bool,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct LiveTable {
    /// The hand in play, or the last one during the pause after it.
    pub hand: Option<LiveHand>,
    pub history: Shared<VecDeque<LiveHand>>,
    pub hands_dealt: u64,
    /// No new hand before this time (ms).
    pub ready_at: u64,
    /// The commitment to the next hand's seed and the players' values so far (issue 37).
    pub deck: Option<crate::deck::Pending<EntryId>>,
}

impl LiveTable {
    pub(crate) fn in_play(&self) -> Option<&LiveHand> {
        self.hand.as_ref().filter(|h| !h.hand.is_over())
    }
}

/// What a command changed, for the server to tell whoever watches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// Tables (0-based) whose view changed.
    pub tables: Vec<u32>,
    /// A player's entry, when a registration made one.
    pub registered: Option<(EntryId, String)>,
}

impl Changes {
    /// Only `table`'s view changed.
    pub fn at(table: u32) -> Changes {
        Changes {
            tables: vec![table],
            ..Changes::default()
        }
    }
}

#[derive(Clone, Debug)]
pub struct Room {
    pub id: EventId,
    pub toml: std::sync::Arc<str>,
    pub(crate) t: Tournament,
    // The large parts are shared with the room's copies until written (`Chunked`, `Shared`):
    // the task saves the room before each command (`task.rs`).
    people: Chunked<Person>,
    /// Entry id to person index.
    entry_person: Chunked<usize>,
    tables: Chunked<Shared<LiveTable>>,
    /// The tablet bound to each table of a live event: table (from 1) and its token's hash.
    tablets: Shared<Vec<(u32, String)>>,
    audit: Chunked<AuditLine>,
    /// Time to act before the floor calls the clock (TDA-29).
    act_ms: u64,
    /// Finished hands for the hand-history downloads (`archive.rs`), and how many ever were.
    archive: Shared<VecDeque<archive::Played>>,
    archived: u64,
    /// Hands finished since the last write, for the archive once they are in the log.
    finished: Vec<std::sync::Arc<archive::Kept>>,
    /// The server's kept hands, which this event's hands are in (`archive.rs`).
    ledger: Archive,
    /// Audit lines made since the last write, whose seq the log gives on the write, with the
    /// place of their command among the ones applied since (`applied`).
    unsealed: Vec<(usize, usize)>,
    applied: usize,
    /// Where its online hands' decks come from, and the key that seals their seeds in the log
    /// (issue 37, `decks.rs`).
    decks: Option<protocol::DeckSource>,
    seal: crate::secret::SealKey,
}

impl Room {
    pub fn new(
        id: EventId,
        toml: &str,
        seed: u64,
        act_seconds: u32,
        ledger: Archive,
        (decks, seal): (Option<protocol::DeckSource>, crate::secret::SealKey),
    ) -> Result<Room, Refusal> {
        let config =
            EventConfig::from_toml(toml).map_err(|e| Refusal::bad_config(e.to_string()))?;
        let t = Tournament::new(config, seed).map_err(|e| Refusal::bad_config(e.to_string()))?;
        Ok(Room {
            id,
            toml: toml.into(),
            t,
            people: Chunked::new(),
            entry_person: Chunked::new(),
            tables: Chunked::new(),
            tablets: Shared::default(),
            audit: Chunked::new(),
            act_ms: u64::from(act_seconds.max(1)) * 1000,
            archive: Shared::default(),
            archived: 0,
            finished: Vec::new(),
            ledger,
            unsealed: Vec::new(),
            applied: 0,
            decks,
            seal,
        })
    }

    /// The room a `CreateEvent` command makes, as event `id`.
    pub fn created(
        id: EventId,
        command: &protocol::Command,
        ledger: Archive,
        seal: crate::secret::SealKey,
    ) -> Result<Room, Refusal> {
        let protocol::Command::CreateEvent {
            config_toml,
            seed,
            act_seconds,
            decks,
            ..
        } = command
        else {
            return Err(Refusal::internal("not a new event"));
        };
        Room::new(id, config_toml, *seed, *act_seconds, ledger, (*decks, seal))
    }

    pub fn tournament(&self) -> &Tournament {
        &self.t
    }

    /// The tablets bound to tables: table (from 1) and the hash of its token.
    pub fn tablets(&self) -> &[(u32, String)] {
        &self.tablets
    }

    /// A dealer tablet for one table of a live event; a new one replaces the table's old one.
    fn bind_tablet(&mut self, table: u32, token: &str) -> Result<Changes, Refusal> {
        if !self.t.is_live() {
            return Err(Refusal::keyed(
                StatusCode::CONFLICT,
                "wrong_mode",
                &said::RoomRefused::TabletsForLiveEvents,
            ));
        }
        let t = table
            .checked_sub(1)
            .and_then(|i| self.t.tables().get(i as usize))
            .ok_or_else(|| {
                Refusal::keyed(
                    StatusCode::NOT_FOUND,
                    "not_found",
                    &said::RoomRefused::NoTable { table },
                )
            })?;
        if t.broken {
            return Err(Refusal::keyed(
                StatusCode::CONFLICT,
                "broken",
                &said::RoomRefused::TableBroken { table },
            ));
        }
        self.tablets.retain(|(t, _)| *t != table);
        self.tablets.push((table, token.to_string()));
        Ok(Changes::default())
    }

    pub fn people(&self) -> &Chunked<Person> {
        &self.people
    }

    pub fn audit(&self) -> &Chunked<AuditLine> {
        &self.audit
    }

    pub fn table_count(&self) -> u32 {
        self.t.tables().len() as u32
    }

    /// The person behind an entry.
    pub fn person_of(&self, entry: EntryId) -> Option<&Person> {
        self.entry_person
            .get(entry.0 as usize)
            .map(|&i| &self.people[i])
    }

    /// The person's current entry.
    pub fn current_entry(&self, person: PersonId) -> Option<EntryId> {
        self.people
            .get(person.0)
            .and_then(|p| p.entries.last().copied())
    }

    /// Every entry of a person, the first one first (a re-entry is a new entry, TDA-8).
    pub fn entries_of(&self, person: PersonId) -> &[EntryId] {
        self.people.get(person.0).map_or(&[], |p| &p.entries)
    }

    /// Every person and the hash of their token, for the server's index of secrets.
    pub fn token_hashes(&self) -> impl Iterator<Item = (PersonId, &str)> {
        self.people
            .iter()
            .enumerate()
            .map(|(i, p)| (PersonId(i), p.token.as_str()))
    }

    /// The person whose token hashes to `hashed`.
    pub fn person_by_token_hash(&self, hashed: &str) -> Option<PersonId> {
        self.people
            .iter()
            .position(|p| crate::secret::same(&p.token, hashed))
            .map(PersonId)
    }

    /// Whether a person of this event goes by `name` already (names are compared without
    /// regard to case, so that nobody passes for another at the table).
    pub fn has_name(&self, name: &str) -> bool {
        let name = name.trim().to_lowercase();
        self.people.iter().any(|p| p.name.to_lowercase() == name)
    }

    /// The people (by index) seated at a table (0-based).
    pub fn people_at(&self, table: u32) -> impl Iterator<Item = PersonId> + '_ {
        let seats = self
            .t
            .table(tournament::TableId(table))
            .map(|t| t.table.seats());
        seats
            .unwrap_or(&[])
            .iter()
            .flatten()
            .filter_map(|p| self.entry_person.get(p.id.0 as usize).copied())
            .filter(|&person| person < self.people.len())
            .map(PersonId)
    }

    /// The table (0-based) an entry sits at.
    pub fn table_of(&self, entry: EntryId) -> Option<u32> {
        let e = self.t.entry(entry).ok()?;
        e.seat.map(|(t, _)| t.0)
    }

    /// Applies a command at `at_ms`. A refusal may leave it half applied: whoever applies it
    /// saved the room before (a clone, cheap: `Room: Clone` shares its large parts) and puts
    /// it back (the task does, `task.rs`).
    /// A new TD action is held to the director's bounds here, not in `replay`: a log written
    /// before the bounds replays as it was.
    /// Several commands may be applied before one write: their audit lines get their seqs,
    /// and their finished hands go to the archive, from [`Room::commit`].
    pub fn apply(&mut self, at_ms: u64, command: &EventCommand) -> Result<Changes, Refusal> {
        if let EventCommand::Td { action, .. } = command {
            people::td_within_bounds(action)?;
        }
        if let EventCommand::DeckValue { table, hand, .. } = command {
            self.value_in_time(table.0, *hand)?;
        }
        let lines = self.audit.len();
        let changes = self.apply_inner(0, at_ms, command)?;
        if self.audit.len() > lines {
            self.unsealed.push((lines, self.applied));
        }
        self.applied += 1;
        Ok(changes)
    }

    /// The commands applied since the last write are in the log, the first of them at
    /// `first_seq` and the others after it in order: their audit lines get their seqs, and
    /// the hands they finished go to the archive.
    pub fn commit(&mut self, first_seq: u64) {
        for (line, k) in self.unsealed.drain(..) {
            if let Some(line) = self.audit.get_mut(line) {
                line.seq = first_seq + k as u64;
            }
        }
        self.applied = 0;
        self.admit_finished();
    }

    /// Applies a command read back from the log (it is in the log already).
    pub fn replay(
        &mut self,
        seq: u64,
        at_ms: u64,
        command: &EventCommand,
    ) -> Result<Changes, Refusal> {
        let changes = self.apply_inner(seq, at_ms, command)?;
        self.admit_finished();
        Ok(changes)
    }

    fn apply_inner(
        &mut self,
        seq: u64,
        at_ms: u64,
        command: &EventCommand,
    ) -> Result<Changes, Refusal> {
        let changes = self.dispatch(at_ms, command)?;
        self.sync_tables();
        // Hands speak for themselves in their histories; the audit log is everything else.
        if !matches!(
            command,
            EventCommand::Act { .. }
                | EventCommand::Deal { .. }
                | EventCommand::Tick { .. }
                | EventCommand::Commit { .. }
                | EventCommand::DeckValue { .. }
        ) {
            let line = said::audit(command);
            let Said { key, args } = said::said("audit_", &line);
            self.audit.push(AuditLine {
                seq,
                at_ms,
                by: who(command),
                what: line.to_string(),
                key,
                args,
            });
        }
        Ok(changes)
    }

    fn dispatch(&mut self, at_ms: u64, command: &EventCommand) -> Result<Changes, Refusal> {
        Ok(match command {
            EventCommand::Register {
                name,
                token,
                bot,
                by,
                reserved,
                ..
            } => self.register(name, token, *bot, *by, *reserved, at_ms)?,
            EventCommand::Start { .. } => self.start(at_ms)?,
            EventCommand::Deal { table, .. } => self.deal(table.0, at_ms)?,
            EventCommand::Commit {
                table,
                hand,
                seed,
                values_by_holder,
                ..
            } => self.commit_deck((table.0, *hand), seed, at_ms, *values_by_holder)?,
            EventCommand::DeckValue {
                table,
                hand,
                player,
                value,
                ..
            } => self.deck_value(table.0, *hand, *player, value)?,
            EventCommand::Act {
                table,
                hand,
                player,
                action,
                ..
            } => self.act(table.0, *hand, *player, *action, at_ms)?,
            EventCommand::CallClock {
                table, hand, by, ..
            } => self.call_clock(table.0, *hand, *by, at_ms)?,
            EventCommand::TimeOut {
                table,
                hand,
                player,
                ..
            } => self.time_out(table.0, *hand, *player, at_ms)?,
            EventCommand::Presence {
                player, present, ..
            } => self.presence(*player, *present, at_ms)?,
            EventCommand::Tick { .. } => self.tick(at_ms)?,
            EventCommand::BindTablet { table, token, .. } => self.bind_tablet(table.0, token)?,
            EventCommand::Td { by, action, .. } => self.td(*by, action, at_ms)?,
        })
    }

    /// Every table that changed: balancing and breaking move players between tables.
    fn all_tables(&self) -> Vec<u32> {
        (0..self.t.tables().len() as u32).collect()
    }
}

fn who(command: &EventCommand) -> Actor {
    match command {
        EventCommand::Register { by, .. }
        | EventCommand::Start { by, .. }
        | EventCommand::CallClock { by, .. }
        | EventCommand::Td { by, .. }
        | EventCommand::BindTablet { by, .. } => *by,
        EventCommand::Act { player, .. }
        | EventCommand::Presence { player, .. }
        | EventCommand::DeckValue { player, .. } => Actor::Player(*player),
        EventCommand::Deal { .. }
        | EventCommand::Commit { .. }
        | EventCommand::TimeOut { .. }
        | EventCommand::Tick { .. } => Actor::System,
    }
}
