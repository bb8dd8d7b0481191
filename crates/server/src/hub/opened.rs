//! The log read back before the tasks start: every room and table rebuilt from its own
//! records, with a few synchronous steps for the process that opens it (a new TD secret, a demo
//! event, everyone away after a restart).

use super::*;

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

/// The log read back, before the tasks start.
#[derive(Debug)]
pub struct Opened {
    store: Store,
    events: Vec<EventState>,
    index: Arc<Index>,
    seed: u64,
    dealers: Vec<DealerTable>,
    /// Every event's kept hands, within one budget.
    archive: Archive,
    /// The room's cash games (issue 18).
    cash: crate::cash::CashState,
    td_hash: String,
    /// The TD's secret itself, only when made by this process (a new log, or a rotation), to
    /// be shown once.
    new_td_secret: Option<String>,
    dealer_tokens: HashMap<LiveTableId, String>,
    settings: Settings,
    log_len: u64,
    /// The house's SMS gateway, started with the tasks (after the replay).
    sms: Option<crate::sms::SmsConfig>,
    /// The key that seals each online hand's seed in the log (issue 37).
    seal: crate::secret::SealKey,
}

impl Opened {
    /// Opens a log, replaying every record; the hash of the TD's secret is kept in the log's
    /// meta table, the secret made on first use (see [`Opened::new_td_secret`]).
    pub fn open(mut store: Store, settings: Settings) -> Result<Opened, OpenError> {
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
        let index: Arc<Index> = Arc::default();
        let seal = match settings.seal_key {
            Some(key) => key,
            None => crate::secret::SealKey::new().map_err(|r| OpenError::Secret(r.message))?,
        };
        let mut opened = Opened {
            store,
            events: Vec::new(),
            index: index.clone(),
            // The bots' choices are no secret: the clock will do if the system has no
            // randomness.
            seed: crate::secret::new_seed().unwrap_or_else(|_| crate::clock::now_ms()),
            dealers: Vec::new(),
            archive: Archive::default(),
            cash: crate::cash::CashState::new(index.clone(), settings.act_seconds, seal),
            seal,
            td_hash,
            new_td_secret,
            dealer_tokens: HashMap::new(),
            settings,
            log_len: 0,
            sms: None,
        };
        opened.replay()?;
        for event in &mut opened.events {
            event.index_new_people();
        }
        opened.cash.index_new_guests();
        for table in (0..opened.dealers.len() as u32).map(LiveTableId) {
            if let Some(hash) = opened.store.meta(&dealer_key(table))? {
                opened.dealer_tokens.insert(table, hash.clone());
                opened
                    .index
                    .insert_all(vec![(hash, Role::Dealer { table })]);
            }
        }
        Ok(opened)
    }

    /// Rebuilds every room and table from its own records.
    fn replay(&mut self) -> Result<(), OpenError> {
        for record in self.store.records()? {
            self.log_len = record.seq;
            let entry = LogEntry::from_json(&record.body).map_err(|e| OpenError::BadRecord {
                seq: record.seq,
                detail: e.to_string(),
            })?;
            self.replay_one(record.seq, entry.at_ms, &entry.command)
                .map_err(|r| OpenError::Replay {
                    seq: record.seq,
                    detail: r.message,
                })?;
        }
        Ok(())
    }

    fn replay_one(&mut self, seq: u64, at_ms: u64, command: &Command) -> Result<(), Refusal> {
        match command {
            Command::CreateEvent { .. } => {
                let id = EventId(self.events.len() as u32);
                let room = Room::created(id, command, self.archive.clone(), self.seal)?;
                let rng = event_rng(self.seed, id);
                self.events.push(EventState::new(
                    room,
                    self.index.clone(),
                    rng,
                    Pace::default(),
                ));
            }
            Command::Ring { command, .. } => {
                self.cash.apply_to(at_ms, command)?;
            }
            Command::Floor { command, .. } => match command.table() {
                None => {
                    let id = LiveTableId(self.dealers.len() as u32);
                    self.dealers.push(DealerTable::new_from(id, command)?);
                }
                Some(table) => self
                    .dealers
                    .get_mut(table.0 as usize)
                    .ok_or_else(|| Refusal::not_found(format!("no live table {table}")))?
                    .apply(command)?,
            },
            Command::Event(command) => {
                let event = command.event();
                self.events
                    .get_mut(event.0 as usize)
                    .ok_or_else(|| Refusal::not_found(format!("no event {event}")))?
                    .replay(seq, at_ms, command)?;
            }
        }
        Ok(())
    }

    /// Applies and writes one command before the tasks start (a demo event at start-up), or
    /// in a simulation with its own clock.
    pub fn submit(&mut self, at_ms: u64, command: impl Into<Command>) -> Result<Changes, Refusal> {
        match command.into() {
            command @ (Command::CreateEvent { .. } | Command::Floor { .. }) => {
                // Checked on a copy, kept once written.
                self.check_new(&command)?;
                let entry = LogEntry { at_ms, command };
                let body =
                    serde_json::to_string(&entry).map_err(|e| Refusal::internal(e.to_string()))?;
                let seq = self
                    .store
                    .append(at_ms, &body)
                    .map_err(|e| crate::writer::storage(e.to_string()))?;
                self.log_len = seq;
                self.replay_one(seq, at_ms, &entry.command)?;
                Ok(Changes::default())
            }
            Command::Event(command) => self.turn(command.event(), at_ms, |tx| tx.submit(command)),
            Command::Ring { .. } => Err(Refusal::internal(
                "the cash room's commands are its task's, not the start-up's",
            )),
        }
    }

    /// Runs `f` as one turn of an event here and now (as its task would): what it submitted is
    /// written, then committed, and the connections told; or all taken back if the log fails.
    pub fn turn<T>(
        &mut self,
        event: EventId,
        now: u64,
        f: impl FnOnce(&mut Tx<'_, EventState>) -> Result<T, Refusal>,
    ) -> Result<T, Refusal> {
        let state = self
            .events
            .get_mut(event.0 as usize)
            .ok_or_else(|| Refusal::not_found(format!("no event {event}")))?;
        let (
            out,
            Applied {
                records,
                changes,
                before,
            },
        ) = local_turn(state, now, f);
        if !records.is_empty() {
            match self.store.append_all(&records) {
                Ok(last) => {
                    self.log_len = last;
                    drop(before);
                    state.commit(last + 1 - records.len() as u64);
                }
                Err(e) => {
                    if let Some(before) = before {
                        state.restore(before);
                    }
                    return Err(crate::writer::storage(e.to_string()));
                }
            }
        }
        if !changes.is_empty() {
            state.written(changes, now);
        }
        out
    }

    /// An event's state, for what is not logged (connections, pushes).
    pub fn event_mut(&mut self, event: EventId) -> Result<&mut EventState, Refusal> {
        self.events
            .get_mut(event.0 as usize)
            .ok_or_else(|| Refusal::not_found(format!("no event {event}")))
    }

    /// Who a secret belongs to (see [`Hub::role`]).
    pub fn role(&self, secret: Option<&str>) -> Result<Role, Refusal> {
        role(&self.td_hash, &self.index, secret)
    }

    /// Records in the log.
    pub fn log_len(&self) -> u64 {
        self.log_len
    }

    /// The seed of the bots' choices in events created from now on (reproducible tests).
    pub fn set_bot_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Online cash tables deal from a generator seeded here rather than the system's randomness:
    /// tests that play an evening the same way every run. Never in a room: the cards would be
    /// known in advance.
    #[doc(hidden)]
    pub fn seed_cash_deals(&mut self, seed: u64) {
        self.cash.seed_deals(seed);
    }

    /// Checks a new event's or a live table's command on a copy, before it is written.
    fn check_new(&self, command: &Command) -> Result<(), Refusal> {
        match command {
            Command::CreateEvent { .. } => Room::created(
                EventId(self.events.len() as u32),
                command,
                // A copy to check on: its hands are never kept.
                Archive::with_budget(0),
                self.seal,
            )
            .map(drop),
            Command::Floor { command, .. } if command.table().is_none() => {
                DealerTable::new_from(LiveTableId(self.dealers.len() as u32), command).map(drop)
            }
            Command::Floor { command, .. } => {
                let table = command.table().unwrap_or(LiveTableId(u32::MAX));
                let mut copy = self
                    .dealers
                    .get(table.0 as usize)
                    .ok_or_else(|| Refusal::not_found(format!("no live table {table}")))?
                    .clone();
                copy.apply(command)
            }
            _ => Ok(()),
        }
    }

    /// After a start nobody is connected: every person at a table is away until their browser
    /// connects again (TDA-30). Bots are always there.
    pub fn all_away(&mut self, now: u64) {
        for event in (0..self.events.len() as u32).map(EventId) {
            let commands = self.events[event.0 as usize].all_away();
            for command in commands {
                let _ = self.turn(event, now, |tx| tx.submit(command));
            }
        }
    }

    pub fn rooms(&self) -> Vec<&Room> {
        self.events.iter().map(EventState::room).collect()
    }

    pub fn room(&self, event: EventId) -> Result<&Room, Refusal> {
        self.events
            .get(event.0 as usize)
            .map(EventState::room)
            .ok_or_else(|| Refusal::not_found(format!("no event {event}")))
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The TD's secret when this process made it (a log without one, or a rotation): the
    /// only time it is known, to be shown to the TD once. Only its hash is kept.
    pub fn new_td_secret(&self) -> Option<&str> {
        self.new_td_secret.as_deref()
    }

    /// Makes a new TD secret; the old one stops working at once.
    pub fn rotate_td_secret(&mut self) -> Result<String, Refusal> {
        let secret = crate::secret::new_secret()?;
        let hash = crate::secret::hash(&secret);
        self.store
            .set_meta(TD_SECRET, &hash)
            .map_err(|e| crate::writer::storage(e.to_string()))?;
        self.td_hash = hash;
        self.new_td_secret = Some(secret.clone());
        Ok(secret)
    }

    /// Seat offers are texted through the house's SMS gateway once the tasks start (issue 36
    /// item 3); the offers of the log, replayed, are not.
    pub fn text_offers(&mut self, config: crate::sms::SmsConfig) {
        self.sms = Some(config);
    }

    /// Starts the writer and one task per event and live table, on the current runtime.
    /// `pace`: the tasks' own timers run the driver; `None`: only when asked (tests).
    pub fn start(mut self, pace: Option<Pace>) -> Hub {
        let writer = Writer::start(self.store, self.log_len);
        let timers = if pace.is_some() {
            Timers::On
        } else {
            Timers::Off
        };
        let pace = pace.unwrap_or_default();
        let clock = Clock::default();
        if let Some(config) = self.sms.take() {
            self.cash.start_sms(config, clock.clone());
        }
        let cash = Handle::spawn(self.cash, writer.clone(), timers, clock.clone());
        let hub = Hub {
            events: RwLock::default(),
            dealers: RwLock::default(),
            newest_following: RwLock::default(),
            cash,
            index: self.index,
            td_hash: self.td_hash,
            new_td_secret: self.new_td_secret,
            dealer_tokens: RwLock::new(self.dealer_tokens),
            writer,
            register_limit: Limiter::new(self.settings.register_rate),
            settings: self.settings,
            creating: tokio::sync::Mutex::new(()),
            timers,
            pace,
            seed: self.seed,
            clock,
            archive: self.archive,
            seal: self.seal,
        };
        for mut state in self.events {
            state.set_pace(pace);
            hub.spawn_state(state);
        }
        for table in self.dealers {
            hub.spawn_dealer(table);
        }
        hub
    }
}
