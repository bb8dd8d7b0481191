//! The hub: every event's room, the log, the secrets and the connections. A command is applied,
//! then appended to the log in its own transaction, and only then acknowledged or pushed to
//! anyone; a log that cannot be written takes the command back from the one room or table it
//! changed, and the caller is answered 503. Secrets are kept as hashes only.

use crate::dealer::DealerTable;
use crate::limit::{Limiter, RegisterRate};
use crate::outbox::Outbox;
use crate::push::Pushed;
use crate::room::{Changes, Refusal, Room, Viewer};
use protocol::{
    Command, EntryId, EventId, FloorCommand, LiveTableId, LogEntry, ServerMessage, Stream,
};
use std::collections::HashMap;
use store::Store;

/// Who is asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Td,
    /// A person of an event, by index; they act for their current entry.
    Player {
        event: EventId,
        person: usize,
    },
    /// The dealer of one live table, by the token the TD made for it.
    Dealer {
        table: LiveTableId,
    },
    Public,
}

/// What a connection is sent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Topics {
    pub summary: bool,
    pub seating: bool,
    pub standings: bool,
}

#[derive(Debug)]
struct Subscriber {
    id: u64,
    event: EventId,
    role: Role,
    topics: Topics,
    /// A table watched with the public's eyes (0-based).
    watch: Option<u32>,
    /// The table last sent to a player, to notice a move.
    last_table: Option<Option<u32>>,
    /// The table and newest finished hand whose history this client has.
    history_sent: Option<(u32, Option<u64>)>,
    /// What this connection was last sent of each stream, to send only what changed.
    pushed: Pushed,
    tx: Outbox,
}

/// Server settings.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Seconds to act before the floor calls the clock (TDA-29), for new events.
    pub act_seconds: u32,
    /// How often one address may register itself.
    pub register_rate: RegisterRate,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            act_seconds: 30,
            register_rate: RegisterRate::default(),
        }
    }
}

/// Where the TD's secret's hash is kept in the log's meta table.
const TD_SECRET: &str = "td_secret_sha256";

/// Where a live table's dealer token's hash is kept.
fn dealer_key(table: LiveTableId) -> String {
    format!("dealer_token_sha256.{table}")
}

#[derive(Debug)]
pub struct Hub {
    store: Store,
    rooms: Vec<Room>,
    /// Live tables run from a dealer's tablet.
    dealers: Vec<DealerTable>,
    /// The hash of the TD's secret.
    td_hash: String,
    /// The TD's secret itself, only when made by this process (a new log, or a rotation), to
    /// be shown once.
    new_td_secret: Option<String>,
    /// The hash of each live table's dealer token.
    dealer_tokens: HashMap<LiveTableId, String>,
    settings: Settings,
    register_limit: Limiter,
    subscribers: Vec<Subscriber>,
    next_subscriber: u64,
    /// Open connections of each person, for presence at the table (TDA-30).
    connections: HashMap<(EventId, usize), u32>,
    /// Events whose summary, seating or standings changed since the last flush.
    dirty: Vec<bool>,
    /// Records in the log, counted once at the start and then as appended.
    log_len: u64,
    /// A live table as it was before the command being applied.
    undo: Option<Undo>,
}

#[derive(Debug)]
enum Undo {
    Dealer(LiveTableId, Box<DealerTable>),
}

#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error("record {seq} of the log is not a command this server reads: {detail}")]
    BadRecord { seq: u64, detail: String },
    #[error("record {seq} of the log could not be replayed: {detail}")]
    Replay { seq: u64, detail: String },
    #[error("{0}")]
    Secret(String),
}

impl Hub {
    /// Opens the hub over a log, replaying every record; the hash of the TD's secret is kept
    /// in the log's meta table, the secret made on first use (see [`Hub::new_td_secret`]).
    pub fn open(mut store: Store, settings: Settings) -> Result<Hub, OpenError> {
        let (td_hash, new_td_secret) = match store.meta(TD_SECRET)? {
            Some(hash) => (hash, None),
            None => {
                let secret =
                    crate::secret::new_secret().map_err(|r| OpenError::Secret(r.message))?;
                let hash = crate::secret::hash(&secret);
                store.set_meta(TD_SECRET, &hash)?;
                (hash, Some(secret))
            }
        };
        let mut hub = Hub {
            store,
            rooms: Vec::new(),
            dealers: Vec::new(),
            td_hash,
            new_td_secret,
            dealer_tokens: HashMap::new(),
            register_limit: Limiter::new(settings.register_rate),
            settings,
            subscribers: Vec::new(),
            next_subscriber: 0,
            connections: HashMap::new(),
            dirty: Vec::new(),
            log_len: 0,
            undo: None,
        };
        hub.replay()?;
        for table in 0..hub.dealers.len() as LiveTableId {
            if let Some(hash) = hub.store.meta(&dealer_key(table))? {
                hub.dealer_tokens.insert(table, hash);
            }
        }
        Ok(hub)
    }

    /// Rebuilds every room and table from the log; only when the hub opens.
    fn replay(&mut self) -> Result<(), OpenError> {
        for record in self.store.records()? {
            self.log_len = record.seq;
            let entry: LogEntry =
                serde_json::from_str(&record.body).map_err(|e| OpenError::BadRecord {
                    seq: record.seq,
                    detail: e.to_string(),
                })?;
            self.apply(record.seq, entry.at_ms, &entry.command, false)
                .map_err(|r| OpenError::Replay {
                    seq: record.seq,
                    detail: r.message,
                })?;
        }
        self.dirty = vec![true; self.rooms.len()];
        Ok(())
    }

    /// After a start nobody is connected: every person at a table is away until their browser
    /// connects again (TDA-30). Bots are always there.
    pub fn all_away(&mut self, now: u64) {
        let mut commands = Vec::new();
        for room in &self.rooms {
            for person in room.people().iter().filter(|p| !p.bot) {
                let Some(&entry) = person.entries.last() else {
                    continue;
                };
                let seated = room
                    .tournament()
                    .entry(engine::PlayerId(entry))
                    .is_ok_and(|e| e.seat.is_some());
                if seated && !room.is_away(entry) {
                    commands.push(Command::Presence {
                        event: room.id,
                        player: entry,
                        present: false,
                    });
                }
            }
        }
        for command in commands {
            let _ = self.submit(now, command);
        }
    }

    /// Records in the event log.
    pub fn log_len(&self) -> u64 {
        self.log_len
    }

    /// The TD's secret when this hub made it (a log without one, or a rotation): the only
    /// time it is known, to be shown to the TD once. Only its hash is kept.
    pub fn new_td_secret(&self) -> Option<&str> {
        self.new_td_secret.as_deref()
    }

    /// Makes a new TD secret; the old one stops working at once.
    pub fn rotate_td_secret(&mut self) -> Result<String, Refusal> {
        let secret = crate::secret::new_secret()?;
        let hash = crate::secret::hash(&secret);
        self.store.set_meta(TD_SECRET, &hash).map_err(storage)?;
        self.td_hash = hash;
        self.new_td_secret = Some(secret.clone());
        Ok(secret)
    }

    /// Makes a dealer token for a live table, replacing any earlier one (which stops working).
    pub fn new_dealer_token(&mut self, table: LiveTableId) -> Result<String, Refusal> {
        self.dealer_table(table)?;
        let token = crate::secret::new_secret()?;
        let hash = crate::secret::hash(&token);
        self.store
            .set_meta(&dealer_key(table), &hash)
            .map_err(storage)?;
        self.dealer_tokens.insert(table, hash);
        Ok(token)
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Counts a self-registration from `address`; 429 past the allowance.
    pub fn count_registration(&self, address: Option<std::net::IpAddr>) -> Result<(), Refusal> {
        self.register_limit.check(address)
    }

    pub fn rooms(&self) -> &[Room] {
        &self.rooms
    }

    pub fn dealer_tables(&self) -> &[DealerTable] {
        &self.dealers
    }

    pub fn dealer_table(&self, table: LiveTableId) -> Result<&DealerTable, Refusal> {
        self.dealers
            .get(table as usize)
            .ok_or_else(|| Refusal::not_found(format!("no live table {table}")))
    }

    pub fn room(&self, event: EventId) -> Result<&Room, Refusal> {
        self.rooms
            .get(event as usize)
            .ok_or_else(|| Refusal::not_found(format!("no event {event}")))
    }

    /// Who a secret belongs to; no secret is the public, an unknown one is refused.
    pub fn role(&self, secret: Option<&str>) -> Result<Role, Refusal> {
        let Some(secret) = secret.filter(|s| !s.is_empty()) else {
            return Ok(Role::Public);
        };
        let hashed = crate::secret::hash(secret);
        if crate::secret::same(&hashed, &self.td_hash) {
            return Ok(Role::Td);
        }
        for (&table, token) in &self.dealer_tokens {
            if crate::secret::same(&hashed, token) {
                return Ok(Role::Dealer { table });
            }
        }
        for room in &self.rooms {
            if let Some(person) = room.person_by_token_hash(&hashed) {
                return Ok(Role::Player {
                    event: room.id,
                    person,
                });
            }
        }
        Err(Refusal::new(401, "unauthorized", "unknown secret"))
    }

    /// A player's current entry in an event.
    pub fn entry_of(&self, role: Role, event: EventId) -> Result<EntryId, Refusal> {
        match role {
            Role::Player { event: e, person } if e == event => self
                .room(event)?
                .current_entry(person)
                .ok_or_else(|| Refusal::not_found("no entry")),
            Role::Player { .. } => Err(Refusal::forbidden(
                "this secret belongs to a player of another event",
            )),
            _ => Err(Refusal::new(
                401,
                "unauthorized",
                "a player's secret is needed",
            )),
        }
    }

    /// Applies a command; `undoable` keeps what it changed until [`Hub::commit`] or
    /// [`Hub::rollback`] (not needed when replaying the log).
    fn apply(
        &mut self,
        seq: u64,
        at_ms: u64,
        command: &Command,
        undoable: bool,
    ) -> Result<Changes, Refusal> {
        match command {
            Command::CreateEvent {
                config_toml,
                seed,
                act_seconds,
                ..
            } => {
                let id = self.rooms.len() as EventId;
                let room = Room::new(id, config_toml, *seed, *act_seconds)?;
                self.rooms.push(room);
                self.dirty.push(true);
                Ok(Changes::default())
            }
            Command::Floor { command, .. } => {
                match command.table() {
                    None => {
                        let id = self.dealers.len() as LiveTableId;
                        let FloorCommand::Open(request) = command else {
                            return Err(Refusal::internal("a live table's command without one"));
                        };
                        self.dealers.push(DealerTable::open(id, request)?);
                    }
                    Some(table) => {
                        let dealer = self
                            .dealers
                            .get_mut(table as usize)
                            .ok_or_else(|| Refusal::not_found(format!("no live table {table}")))?;
                        let saved = undoable.then(|| Box::new(dealer.clone()));
                        dealer.apply(command)?;
                        self.undo = saved.map(|saved| Undo::Dealer(table, saved));
                    }
                }
                Ok(Changes::default())
            }
            other => {
                let event = other.event().unwrap_or(u32::MAX);
                let room = self
                    .rooms
                    .get_mut(event as usize)
                    .ok_or_else(|| Refusal::not_found(format!("no event {event}")))?;
                if undoable {
                    room.apply(seq, at_ms, other)
                } else {
                    room.replay(seq, at_ms, other)
                }
            }
        }
    }

    /// Takes back the command last applied (its record could not be written).
    fn rollback(&mut self, command: &Command) {
        match command {
            Command::CreateEvent { .. } => {
                self.rooms.pop();
                self.dirty.truncate(self.rooms.len());
            }
            Command::Floor { command, .. } => match (command.table(), self.undo.take()) {
                (None, _) => {
                    self.dealers.pop();
                }
                (Some(_), Some(Undo::Dealer(table, saved))) => {
                    if let Some(slot) = self.dealers.get_mut(table as usize) {
                        *slot = *saved;
                    }
                }
                (Some(_), None) => {}
            },
            other => {
                if let Some(room) = other.event().and_then(|e| self.rooms.get_mut(e as usize)) {
                    room.rollback();
                }
            }
        }
        self.undo = None;
    }

    /// The command last applied is in the log.
    fn commit(&mut self, command: &Command) {
        if let Some(room) = command.event().and_then(|e| self.rooms.get_mut(e as usize)) {
            room.commit();
        }
        self.undo = None;
    }

    /// Applies a command, writes it to the log, then tells whoever watches. Only a written
    /// command is acknowledged.
    pub fn submit(&mut self, at_ms: u64, command: Command) -> Result<Changes, Refusal> {
        let seq = self.log_len + 1;
        let command_event = command.event();
        let command_kind = match command {
            Command::Floor { .. } => Kind::Floor,
            _ => Kind::Event,
        };
        let changes = self.apply(seq, at_ms, &command, true)?;
        let entry = LogEntry { at_ms, command };
        let written = serde_json::to_string(&entry)
            .map_err(|e| Refusal::internal(e.to_string()))
            .and_then(|body| self.store.append(at_ms, &body).map_err(storage));
        match written {
            Ok(seq) => {
                self.log_len = seq;
                self.commit(&entry.command);
            }
            Err(refusal) => {
                // The room moved on but the log did not: put the room back as the log has it.
                self.rollback(&entry.command);
                return Err(refusal);
            }
        }
        let event = match (&command_event, &command_kind) {
            (Some(e), _) => *e,
            // Live tables have no watchers to push to: the tablet asks.
            (None, Kind::Floor) => return Ok(changes),
            (None, Kind::Event) => self.rooms.len() as EventId - 1,
        };
        self.notify(event, &changes, at_ms);
        Ok(changes)
    }

    /// Pushes table views to the players and watchers of the changed tables of `event`.
    pub fn notify(&mut self, event: EventId, changes: &Changes, now: u64) {
        if let Some(d) = self.dirty.get_mut(event as usize) {
            *d = true;
        }
        let Some(room) = self.rooms.get(event as usize) else {
            return;
        };
        self.subscribers.retain(|s| !s.tx.is_closed());
        for sub in self.subscribers.iter_mut().filter(|s| s.event == event) {
            match sub.role {
                Role::Player { person, .. } => {
                    let Some(entry) = room.current_entry(person) else {
                        continue;
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
                        if let Some(me) = room.me_with(entry, now, history) {
                            sub.pushed.send(&sub.tx, Stream::Me, &me);
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
                        sub.pushed.send(&sub.tx, Stream::Table, &table);
                    }
                }
            }
        }
    }

    /// Sends the summary, seating and standings of every changed event to those who asked.
    pub fn flush(&mut self, now: u64) {
        self.subscribers.retain(|s| !s.tx.is_closed());
        for (i, room) in self.rooms.iter().enumerate() {
            if !std::mem::take(&mut self.dirty[i]) {
                continue;
            }
            let event = i as EventId;
            let mut subs: Vec<&mut Subscriber> = self
                .subscribers
                .iter_mut()
                .filter(|s| s.event == event)
                .collect();
            if subs.is_empty() {
                continue;
            }
            let wanted = subs
                .iter()
                .fold(Topics::default(), |all, s| all.or(s.topics));
            // Each state is made once, and each patch once for all who had the same before.
            let mut batches = crate::push::topics(room, wanted, now);
            for sub in &mut subs {
                for (wanted, batch) in sub.topics.as_array().into_iter().zip(&mut batches) {
                    if let (true, Some(batch)) = (wanted, batch)
                        && let Some(text) = sub.pushed.next_in(batch)
                    {
                        sub.tx.send(text);
                    }
                }
            }
        }
    }

    /// A new connection; it is sent the current state at once. Returns its id and whether a
    /// player came back to the table.
    pub fn subscribe(
        &mut self,
        event: EventId,
        role: Role,
        topics: Topics,
        tx: Outbox,
        now: u64,
    ) -> Result<(u64, Option<Command>), Refusal> {
        let room = self
            .rooms
            .get(event as usize)
            .ok_or_else(|| Refusal::not_found(format!("no event {event}")))?;
        if let Role::Player { event: e, .. } = role
            && e != event
        {
            return Err(Refusal::forbidden(
                "this secret belongs to a player of another event",
            ));
        }
        let mut pushed = Pushed::default();
        pushed.send_topics(&tx, room, topics, now);
        let mut last_table = None;
        let mut history_sent = None;
        let mut presence = None;
        if let Role::Player { person, .. } = role {
            let entry = room.current_entry(person);
            if let Some(me) = entry.and_then(|e| room.me(e, now)) {
                let table = entry.and_then(|e| room.table_of(e));
                last_table = Some(table);
                history_sent = table.map(|t| (t, room.history_key(t)));
                pushed.send(&tx, Stream::Me, &me);
            }
            *self.connections.entry((event, person)).or_insert(0) += 1;
            if let Some(entry) = entry
                && room.is_away(entry)
            {
                presence = Some(Command::Presence {
                    event,
                    player: entry,
                    present: true,
                });
            }
        }
        self.next_subscriber += 1;
        let id = self.next_subscriber;
        self.subscribers.push(Subscriber {
            id,
            event,
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

    /// A connection closed; returns the presence change when a player's last one closed.
    pub fn unsubscribe(&mut self, id: u64) -> Option<Command> {
        let i = self.subscribers.iter().position(|s| s.id == id)?;
        let sub = self.subscribers.swap_remove(i);
        let Role::Player { event, person } = sub.role else {
            return None;
        };
        let count = self.connections.entry((event, person)).or_insert(1);
        *count = count.saturating_sub(1);
        if *count > 0 {
            return None;
        }
        let room = self.rooms.get(event as usize)?;
        let entry = room.current_entry(person)?;
        let playing = room
            .tournament()
            .entry(engine::PlayerId(entry))
            .is_ok_and(|e| e.seat.is_some());
        (playing && !room.is_away(entry)).then_some(Command::Presence {
            event,
            player: entry,
            present: false,
        })
    }

    /// A public or TD connection watches a table (numbered from 1).
    pub fn watch(&mut self, id: u64, table: u32, now: u64) -> Result<(), Refusal> {
        let sub = self
            .subscribers
            .iter_mut()
            .find(|s| s.id == id)
            .ok_or_else(|| Refusal::not_found("no such connection"))?;
        let room = self
            .rooms
            .get(sub.event as usize)
            .ok_or_else(|| Refusal::not_found("no event"))?;
        if table == 0 || table > room.table_count() {
            return Err(Refusal::not_found(format!("no table {table}")));
        }
        sub.watch = Some(table - 1);
        sub.history_sent = Some((table - 1, room.history_key(table - 1)));
        let view = room.table_view(table - 1, Viewer::Public, now);
        sub.pushed.send(&sub.tx, Stream::Table, &view);
        Ok(())
    }

    /// A client that lost track of a stream is sent every stream it follows whole again.
    pub fn resync(&mut self, id: u64, now: u64) -> Result<(), Refusal> {
        let sub = self
            .subscribers
            .iter_mut()
            .find(|s| s.id == id)
            .ok_or_else(|| Refusal::not_found("no such connection"))?;
        let room = self
            .rooms
            .get(sub.event as usize)
            .ok_or_else(|| Refusal::not_found("no event"))?;
        sub.pushed.reset();
        sub.pushed.send_topics(&sub.tx, room, sub.topics, now);
        if let Role::Player { person, .. } = sub.role {
            let entry = room.current_entry(person);
            if let Some(me) = entry.and_then(|e| room.me(e, now)) {
                let table = entry.and_then(|e| room.table_of(e));
                sub.last_table = Some(table);
                sub.history_sent = table.map(|t| (t, room.history_key(t)));
                sub.pushed.send(&sub.tx, Stream::Me, &me);
            }
        } else if let Some(t) = sub.watch {
            sub.history_sent = Some((t, room.history_key(t)));
            let view = room.table_view(t, Viewer::Public, now);
            sub.pushed.send(&sub.tx, Stream::Table, &view);
        }
        Ok(())
    }

    /// Sends a refusal to one connection.
    pub fn tell(&self, id: u64, refusal: &Refusal) {
        if let Some(sub) = self.subscribers.iter().find(|s| s.id == id) {
            send(
                &sub.tx,
                &ServerMessage::Error {
                    error: refusal.to_api(),
                },
            );
        }
    }
}

/// Whether a command is an event's or a live table's.
enum Kind {
    Event,
    Floor,
}

impl Topics {
    fn or(self, other: Topics) -> Topics {
        Topics {
            summary: self.summary || other.summary,
            seating: self.seating || other.seating,
            standings: self.standings || other.standings,
        }
    }

    /// In the order of `topic_texts`.
    fn as_array(self) -> [bool; 3] {
        [self.summary, self.seating, self.standings]
    }
}

fn send(tx: &Outbox, message: &ServerMessage) {
    if let Ok(text) = serde_json::to_string(message) {
        tx.send(text.into());
    }
}

fn storage(e: store::StoreError) -> Refusal {
    Refusal::new(
        503,
        "storage",
        format!("the event log could not be written: {e}"),
    )
}
