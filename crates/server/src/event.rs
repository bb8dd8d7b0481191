//! An event's task state: its room, the connections that follow it, and its own driver and
//! timers. Pushes go out after a turn's records are written (`task.rs`); the summary, seating
//! and standings at most every `FLUSH_EVERY`.

use crate::driver::{Driven, Pace, drive_in};
use crate::followers::{Followers, Subscriber};
use crate::outbox::Outbox;
use crate::push::{Batch, Pushed};
use crate::refusal::Refusal;
use crate::role::Index;
use crate::role::Topics;
use crate::role::{PersonId, Role};
use crate::room::{Changes, PublicViews, Room, Viewer};
use crate::task::{Owned, Tx};
use axum::http::StatusCode;
use protocol::{
    Actor, Command, EntryId, EventCommand, EventId, PlayerAction, ServerMessage, Stream,
};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::Arc;

/// Summaries, seating and standings are pushed at most this often while play goes on: they
/// change with every hand somewhere, and each goes to every connection that follows them.
const FLUSH_EVERY: u64 = 500;

/// A player whose last connection closed is away after this long without a new one (TDA-30):
/// a page reloaded or a phone between networks is no change of presence, and writes nothing.
pub const AWAY_AFTER_MS: u64 = 3_000;

#[derive(Debug)]
pub struct EventState {
    room: Room,
    subscribers: Followers,
    /// Players' connections dropped as closed before their session unsubscribed them.
    closing: HashMap<u64, (EventId, PersonId)>,
    next_subscriber: u64,
    /// Open connections of each person, for presence at the table (TDA-30).
    connections: HashMap<PersonId, u32>,
    /// People whose last connection closed, and when: away once `AWAY_AFTER_MS` passed
    /// without a new one, so that a reconnect writes nothing (issue 33 item 5).
    leaving: HashMap<PersonId, u64>,
    /// The summary, seating or standings changed since the last flush.
    dirty: bool,
    flushed_at: u64,
    /// People in the room before the turn: the ones after are new tokens for the index.
    indexed: usize,
    /// The tablets' token hashes in the index, by table (from 1).
    tablets_indexed: HashMap<u32, String>,
    index: Arc<Index>,
    rng: ChaCha8Rng,
    pace: Pace,
}

impl EventState {
    pub fn new(room: Room, index: Arc<Index>, rng: ChaCha8Rng, pace: Pace) -> EventState {
        EventState {
            room,
            subscribers: Followers::default(),
            closing: HashMap::new(),
            next_subscriber: 0,
            connections: HashMap::new(),
            leaving: HashMap::new(),
            dirty: true,
            flushed_at: 0,
            indexed: 0,
            tablets_indexed: HashMap::new(),
            index,
            rng,
            pace,
        }
    }

    pub fn room(&self) -> &Room {
        &self.room
    }

    /// The bots' time to think and the first deal after a start.
    pub fn set_pace(&mut self, pace: Pace) {
        self.pace = pace;
    }

    /// Applies a record read back from the log.
    pub(crate) fn replay(
        &mut self,
        seq: u64,
        at_ms: u64,
        command: &EventCommand,
    ) -> Result<(), Refusal> {
        self.room.replay(seq, at_ms, command).map(drop)
    }

    pub fn id(&self) -> EventId {
        self.room.id
    }

    /// A player's current entry here.
    /// The caller's entry and the table (from 0) it sits at.
    pub fn seated(&self, role: Role) -> Result<(EntryId, u32), Refusal> {
        let entry = self.entry_of(role)?;
        let table = self.room.table_of(entry).ok_or_else(|| {
            Refusal::conflict(
                "not_seated",
                format!("player {} has no seat", entry.number()),
            )
        })?;
        Ok((entry, table))
    }

    pub fn entry_of(&self, role: Role) -> Result<EntryId, Refusal> {
        match role {
            Role::Player { event, person } if event == self.room.id => self
                .room
                .current_entry(person)
                .ok_or_else(|| Refusal::not_found("no entry")),
            Role::Player { .. } => Err(Refusal::forbidden(
                "this secret belongs to a player of another event",
            )),
            _ => Err(Refusal::new(
                StatusCode::UNAUTHORIZED,
                "unauthorized",
                "a player's secret is needed",
            )),
        }
    }

    /// Pushes table views to the players and watchers of the changed tables.
    pub fn notify(&mut self, changes: &Changes, now: u64) {
        self.dirty = true;
        let room = &self.room;
        let mut public = PublicViews::new(now);
        for id in self.subscribers.concerned(room, &changes.tables) {
            self.subscribers.update(id, |sub| {
                if sub.tx.is_closed() {
                    return;
                }
                match sub.role {
                    Role::Player { person, .. } => {
                        let Some(entry) = room.current_entry(person) else {
                            return;
                        };
                        let table = room.table_of(entry);
                        let moved = sub.last_table != Some(table);
                        let changed = table.is_some_and(|t| changes.tables.contains(&t));
                        if moved || changed {
                            sub.last_table = Some(table);
                            let key = table.map(|t| (t, room.history_key(t)));
                            let history = key.is_some() && key != sub.history_sent;
                            if history {
                                sub.history_sent = key;
                            }
                            if let Some(me) = room.me_parts(entry, history, &mut public) {
                                sub.tx.send_me_parts(me);
                            }
                        }
                    }
                    _ => {
                        if let Some(t) = sub.watch
                            && changes.tables.contains(&t)
                        {
                            let key = Some((t, room.history_key(t)));
                            let history = key != sub.history_sent;
                            sub.history_sent = key;
                            let table = room.table_view_with(t, Viewer::Public, now, history);
                            sub.tx.send_table(table);
                        }
                    }
                }
            });
        }
    }

    /// Sends the summary, seating and standings to those who asked, if they changed.
    pub fn flush(&mut self, now: u64) {
        // A session drops its queue before it unsubscribes: its player's connection is
        // counted off then (TDA-30: away once the last one closed).
        for sub in self.subscribers.drop_closed() {
            if let Role::Player { event, person } = sub.role {
                self.closing.insert(sub.id, (event, person));
            }
        }
        if !std::mem::take(&mut self.dirty) || self.subscribers.is_empty() {
            return;
        }
        self.flushed_at = now;
        let wanted = self
            .subscribers
            .iter()
            .fold(Topics::default(), |all, s| all.or(s.topics));
        // Each state is made once, and each patch once for all who had the same before.
        let mut batches = topics(&self.room, wanted, now);
        for sub in self.subscribers.iter_mut() {
            for (wanted, batch) in sub.topics.as_array().into_iter().zip(&mut batches) {
                if let (true, Some(batch)) = (wanted, batch)
                    && let Some(text) = sub.pushed.next_in(batch)
                {
                    sub.tx.send(text);
                }
            }
        }
    }

    /// A new connection, sent the current state at once; its id, and the presence change
    /// when a player came back to the table.
    pub fn subscribe(
        &mut self,
        role: Role,
        topics: Topics,
        tx: Outbox,
        now: u64,
    ) -> Result<(u64, Option<EventCommand>), Refusal> {
        let event = self.room.id;
        if let Role::Player { event: e, .. } = role
            && e != event
        {
            return Err(Refusal::forbidden(
                "this secret belongs to a player of another event",
            ));
        }
        let room = &self.room;
        let mut pushed = Pushed::default();
        send_topics(&mut pushed, &tx, room, topics, now);
        let mut last_table = None;
        let mut history_sent = None;
        let mut presence = None;
        if let Role::Player { person, .. } = role {
            let entry = room.current_entry(person);
            if let Some(me) = entry.and_then(|e| room.me(e, now)) {
                let table = entry.and_then(|e| room.table_of(e));
                last_table = Some(table);
                history_sent = table.map(|t| (t, room.history_key(t)));
                tx.send_me(me);
            }
            *self.connections.entry(person).or_insert(0) += 1;
            self.leaving.remove(&person);
            if let Some(entry) = entry
                && room.tracks_presence()
                && room.is_away(entry)
            {
                presence = Some(EventCommand::Presence {
                    event,
                    player: entry,
                    present: true,
                });
            }
        }
        self.next_subscriber += 1;
        let id = self.next_subscriber;
        self.subscribers.insert(Subscriber {
            id,
            role,
            topics,
            watch: None,
            last_table,
            history_sent,
            pushed,
            tx,
        });
        Ok((id, presence))
    }

    /// A connection closed. When it was a player's last one, they are away after
    /// `AWAY_AFTER_MS` without another (`away_due`).
    pub fn unsubscribe(&mut self, id: u64, now: u64) {
        if let Some(person) = self.last_connection_closed(id) {
            self.leaving.insert(person, now);
        }
    }

    /// The people away now: their last connection closed `AWAY_AFTER_MS` ago and none came
    /// since (TDA-30: away, dealt in and blinded off). When the next is due, `next_flush` says.
    pub fn away_due(&mut self, now: u64) -> Vec<EventCommand> {
        let mut commands = Vec::new();
        let room = &self.room;
        let connections = &self.connections;
        self.leaving.retain(|&person, &mut since| {
            if since + AWAY_AFTER_MS > now {
                return true;
            }
            let connected = connections.get(&person).is_some_and(|&n| n > 0);
            if !connected {
                commands.extend(room.current_entry(person).and_then(|e| goes_away(room, e)));
            }
            false
        });
        commands
    }

    /// The person whose last connection `id` was.
    fn last_connection_closed(&mut self, id: u64) -> Option<PersonId> {
        let (_, person) = match self.subscribers.remove(id) {
            Some(sub) => match sub.role {
                Role::Player { event, person } => (event, person),
                _ => return None,
            },
            None => self.closing.remove(&id)?,
        };
        let count = self.connections.entry(person).or_insert(1);
        *count = count.saturating_sub(1);
        (*count == 0).then_some(person)
    }

    /// Changes one connection, with the room to read.
    fn connection<T>(
        &mut self,
        id: u64,
        f: impl FnOnce(&Room, &mut Subscriber) -> Result<T, Refusal>,
    ) -> Result<T, Refusal> {
        let room = &self.room;
        self.subscribers
            .update(id, |sub| f(room, sub))
            .ok_or_else(|| Refusal::not_found("no such connection"))?
    }

    /// A public or TD connection watches a table (numbered from 1).
    pub fn watch(&mut self, id: u64, table: u32, now: u64) -> Result<(), Refusal> {
        self.connection(id, |room, sub| {
            if table == 0 || table > room.table_count() {
                return Err(Refusal::not_found(format!("no table {table}")));
            }
            sub.watch = Some(table - 1);
            sub.history_sent = Some((table - 1, room.history_key(table - 1)));
            let view = room.table_view(table - 1, Viewer::Public, now);
            sub.tx.send_table(view);
            Ok(())
        })
    }

    /// A client that lost track of a stream is sent every stream it follows whole again.
    pub fn resync(&mut self, id: u64, now: u64) -> Result<(), Refusal> {
        self.connection(id, |room, sub| {
            sub.pushed.reset();
            sub.tx.reset_views();
            send_topics(&mut sub.pushed, &sub.tx, room, sub.topics, now);
            if let Role::Player { person, .. } = sub.role {
                let entry = room.current_entry(person);
                if let Some(me) = entry.and_then(|e| room.me(e, now)) {
                    let table = entry.and_then(|e| room.table_of(e));
                    sub.last_table = Some(table);
                    sub.history_sent = table.map(|t| (t, room.history_key(t)));
                    sub.tx.send_me(me);
                }
            } else if let Some(t) = sub.watch {
                sub.history_sent = Some((t, room.history_key(t)));
                let view = room.table_view(t, Viewer::Public, now);
                sub.tx.send_table(view);
            }
            Ok(())
        })
    }

    /// Every person at a table is away until a connection of theirs comes (TDA-30): after a
    /// start nobody is connected. Bots are always there.
    pub fn all_away(&self) -> Vec<EventCommand> {
        let room = &self.room;
        room.people()
            .iter()
            .filter(|p| !p.bot)
            .filter_map(|p| p.entries.last().and_then(|&e| goes_away(room, e)))
            .collect()
    }

    /// The new people's tokens go into the server's index once they are in the log.
    pub(crate) fn index_new_people(&mut self) {
        let event = self.room.id;
        let new: Vec<(String, Role)> = self
            .room
            .token_hashes()
            .skip(self.indexed)
            .map(|(person, hash)| (hash.to_string(), Role::Player { event, person }))
            .collect();
        self.indexed += new.len();
        if !new.is_empty() {
            self.index.insert_all(new);
        }
        // A tablet bound anew replaces the table's old one, whose token stops working; a
        // finished event's are put away. A broken table's tablet lasts the night: it confirms
        // its players' moves and then shows the table closed (issue 32).
        let mut tablets = Vec::new();
        let t = self.room.tournament();
        for (table, hash) in self.room.tablets() {
            if t.is_finished() {
                if let Some(old) = self.tablets_indexed.remove(table) {
                    self.index.remove(&old);
                }
                continue;
            }
            if self.tablets_indexed.get(table) != Some(hash) {
                if let Some(old) = self.tablets_indexed.insert(*table, hash.clone()) {
                    self.index.remove(&old);
                }
                tablets.push((
                    hash.clone(),
                    Role::Tablet {
                        event,
                        table: protocol::TableNumber(*table),
                    },
                ));
            }
        }
        if !tablets.is_empty() {
            self.index.insert_all(tablets);
        }
    }
}

/// The presence change that makes `entry` away (TDA-30), when the room tracks presence and
/// they are seated and not away already.
fn goes_away(room: &Room, entry: EntryId) -> Option<EventCommand> {
    let seated = room
        .tournament()
        .entry(entry)
        .is_ok_and(|e| e.seat.is_some());
    (room.tracks_presence() && seated && !room.is_away(entry)).then_some(EventCommand::Presence {
        event: room.id,
        player: entry,
        present: false,
    })
}

impl Driven for EventState {
    fn event(&self) -> EventId {
        self.room.id
    }

    fn room(&self) -> &Room {
        &self.room
    }

    fn bots(&mut self) -> (&Room, &mut ChaCha8Rng, Pace) {
        (&self.room, &mut self.rng, self.pace)
    }
}

impl Owned for EventState {
    /// An event's own commands: no other kind reaches its task.
    type Command = EventCommand;

    fn record(command: EventCommand) -> Command {
        Command::Event(command)
    }

    fn is_play(command: &EventCommand) -> bool {
        // A player's value for a deck (issue 37) changes only their table too.
        matches!(
            command,
            EventCommand::Act { .. }
                | EventCommand::CallClock { .. }
                | EventCommand::DeckValue { .. }
        )
    }

    fn apply(&mut self, at_ms: u64, command: &EventCommand) -> Result<Changes, Refusal> {
        self.room.apply(at_ms, command)
    }

    type Saved = Box<Room>;

    fn save(&self) -> Box<Room> {
        Box::new(self.room.clone())
    }

    fn restore(&mut self, saved: Box<Room>) {
        self.room = *saved;
    }

    fn commit(&mut self, first_seq: u64) {
        self.room.commit(first_seq);
        self.index_new_people();
    }

    fn written(&mut self, changes: Vec<Changes>, now: u64) {
        let mut all = Changes::default();
        for c in changes {
            for t in c.tables {
                if !all.tables.contains(&t) {
                    all.tables.push(t);
                }
            }
        }
        self.notify(&all, now);
    }

    fn due(tx: &mut Tx<'_, Self>, scope: Option<&[u32]>) -> Option<u64> {
        let now = tx.now;
        // First, while the state is all in the log: what is pushed is never taken back.
        let state = tx.state_mut();
        if state.dirty && state.flushed_at + FLUSH_EVERY <= now {
            state.flush(now);
        }
        for command in tx.state_mut().away_due(now) {
            // Refused: the player was placed or moved meanwhile, nothing to do.
            let _ = tx.submit(command);
        }
        drive_in(tx, now, scope)
    }

    fn next_flush(&self) -> Option<u64> {
        // A pending away is looked at then too (`due`).
        let away = self
            .leaving
            .values()
            .map(|since| since + AWAY_AFTER_MS)
            .min();
        let flush = self.dirty.then_some(self.flushed_at + FLUSH_EVERY);
        match (flush, away) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

impl EventState {
    /// Sends a refusal to one connection.
    pub fn tell(&self, id: u64, refusal: &Refusal) {
        if let Some(sub) = self.subscribers.get(id) {
            send(
                &sub.tx,
                &ServerMessage::Error {
                    error: refusal.to_api(),
                },
            );
        }
    }
}

fn send(tx: &Outbox, message: &ServerMessage) {
    if let Ok(text) = serde_json::to_string(message) {
        tx.send(text.into());
    }
}

/// The summary, seating and standings of `room` that `wanted` asks for, queued on `tx`.
fn send_topics(pushed: &mut Pushed, tx: &Outbox, room: &Room, wanted: Topics, now: u64) {
    for mut batch in topics(room, wanted, now).into_iter().flatten() {
        if let Some(text) = pushed.next_in(&mut batch) {
            tx.send(text);
        }
    }
}

/// The summary, seating and standings of a room, each only when wanted, in the order of
/// `Topics::as_array`.
fn topics(room: &Room, wanted: Topics, now: u64) -> [Option<Batch>; 3] {
    [
        wanted
            .summary
            .then(|| Batch::of(Stream::Summary, &room.summary(now)))
            .flatten(),
        wanted
            .seating
            .then(|| Batch::of(Stream::Seating, &room.seating()))
            .flatten(),
        wanted
            .standings
            .then(|| Batch::of(Stream::Standings, &room.standings()))
            .flatten(),
    ]
}

/// Who calls the clock: the TD, or a player seated at the table (TDA-29).
pub fn caller_at_table(ev: &EventState, role: Role, table: u32) -> Result<Actor, Refusal> {
    match role {
        Role::Td => Ok(Actor::Td),
        Role::Player { .. } => {
            let entry = ev.entry_of(role)?;
            if ev.room().table_of(entry) == Some(table) {
                Ok(Actor::Player(entry))
            } else {
                Err(Refusal::forbidden(
                    "only a player at the table or the TD may call the clock (TDA-29)",
                ))
            }
        }
        Role::Public | Role::Dealer { .. } | Role::Tablet { .. } | Role::Guest { .. } => {
            Err(Refusal::new(
                StatusCode::UNAUTHORIZED,
                "unauthorized",
                "a secret is needed",
            ))
        }
    }
}

/// A player's action for their own seat, from HTTP or the WebSocket.
pub fn player_act(
    tx: &mut Tx<'_, EventState>,
    role: Role,
    hand: u64,
    action: PlayerAction,
) -> Result<(), Refusal> {
    let (entry, table) = tx.state().seated(role)?;
    let event = tx.state().id();
    tx.submit(EventCommand::Act {
        event,
        table: protocol::TableId(table),
        hand,
        player: entry,
        action,
    })?;
    Ok(())
}
