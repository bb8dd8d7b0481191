//! The hub: a map from ids to the tasks that own each event and live table (`task.rs`), the
//! index of secrets (a hash map from a secret's hash to who holds it), and the one log writer
//! (`writer.rs`). Nothing here holds a lock while a command is applied or written.
//!
//! [`Opened`] is the log read back before the tasks start: every room and table rebuilt from
//! its own records, with a few synchronous steps for the process that opens it (a new TD
//! secret, a demo event, everyone away after a restart).

use crate::clock::Clock;
use crate::dealer::DealerTable;
use crate::dealer::task::DealerState;
use crate::driver::Pace;
use crate::event::EventState;
use crate::limit::{Limiter, RegisterRate};
use crate::refusal::Refusal;
use crate::role::{Index, Role};
use crate::room::{Archive, Changes, Room};
use crate::task::{Applied, Handle, Owned, Timers, Tx, local_turn};
use crate::writer::Writer;
use axum::http::StatusCode;
use protocol::{Command, EventId, LiveTableId, LogEntry};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};
use store::Store;

mod opened;
pub use opened::{OpenError, Opened};

/// Server settings.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Seconds to act before the floor calls the clock (TDA-29), for new events.
    pub act_seconds: u32,
    /// How often one address may register itself.
    pub register_rate: RegisterRate,
    /// The key that seals online hands' seeds in the log (issue 37); without one, a key of
    /// this process alone, and a log with sealed seeds does not open again.
    pub seal_key: Option<crate::secret::SealKey>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            act_seconds: 30,
            register_rate: RegisterRate::default(),
            seal_key: None,
        }
    }
}

/// Each event's bots have their own stream, so that one event's play does not change
/// another's.
fn event_rng(seed: u64, event: EventId) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ u64::from(event.0).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Where the TD's secret's hash is kept in the log's meta table.
const TD_SECRET: &str = "td_secret_sha256";

/// Where a live table's dealer token's hash is kept.
fn dealer_key(table: LiveTableId) -> String {
    format!("dealer_token_sha256.{table}")
}

/// Who a secret belongs to; no secret is the public, an unknown one is refused.
fn role(td_hash: &str, index: &Index, secret: Option<&str>) -> Result<Role, Refusal> {
    let Some(secret) = secret.filter(|s| !s.is_empty()) else {
        return Ok(Role::Public);
    };
    let hashed = crate::secret::hash(secret);
    if crate::secret::same(&hashed, td_hash) {
        return Ok(Role::Td);
    }
    index
        .get(&hashed)
        .ok_or_else(|| Refusal::new(StatusCode::UNAUTHORIZED, "unauthorized", "unknown secret"))
}

/// The running server's map of tasks and secrets.
#[derive(Debug)]
pub struct Hub {
    events: RwLock<Vec<Handle<EventState>>>,
    dealers: RwLock<Vec<Handle<DealerState>>>,
    /// The newest tablet that follows each followed table: an older one is retired.
    newest_following: RwLock<HashMap<crate::dealer::Followed, LiveTableId>>,
    /// The room's cash games: one task.
    cash: Handle<crate::cash::CashState>,
    index: Arc<Index>,
    td_hash: String,
    new_td_secret: Option<String>,
    dealer_tokens: RwLock<HashMap<LiveTableId, String>>,
    writer: Writer,
    settings: Settings,
    register_limit: Limiter,
    /// New events and tables are numbered in the order they are written.
    creating: tokio::sync::Mutex<()>,
    timers: Timers,
    pace: Pace,
    seed: u64,
    clock: Clock,
    /// Every event's kept hands, within one budget (`room::Archive`).
    archive: Archive,
    /// The key that seals each online hand's seed in the log (issue 37).
    seal: crate::secret::SealKey,
}

impl Hub {
    /// The server's clock (every task's).
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    fn spawn_event(&self, room: Room) {
        let rng = event_rng(self.seed, room.id);
        self.spawn_state(EventState::new(room, self.index.clone(), rng, self.pace));
    }

    fn spawn_state(&self, state: EventState) {
        let handle = Handle::spawn(state, self.writer.clone(), self.timers, self.clock.clone());
        self.events
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .push(handle);
    }

    fn spawn_dealer(&self, table: DealerTable) {
        // Tables are opened in the order of their ids: the last one in follows newest.
        if let Some(followed) = table.follows_table() {
            let older = self
                .newest_following
                .write()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(followed, table.id);
            // The tablet it replaces learns at once that it is retired (the seeder visits the
            // newest tablets only).
            if let Some(older) = older.and_then(|t| self.dealer(t).ok()) {
                tokio::spawn(async move { crate::dealer::task::poke(&older).await });
            }
            // A cash table's next hands start by the cash task's clock, once its pause is over.
            if let crate::dealer::Followed::Cash { table } = followed {
                let cash = self.cash.clone();
                tokio::spawn(async move {
                    let follows = cash.run(move |tx| {
                        tx.state_mut().tablet_follows(ring::CashTableId(table));
                        tx.look_again();
                        Ok(())
                    });
                    let _ = follows.await;
                });
            }
        }
        let handle = Handle::spawn(
            DealerState::new(table),
            self.writer.clone(),
            Timers::Off,
            self.clock.clone(),
        );
        self.dealers
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .push(handle);
    }

    /// The newest tablet of each followed table, which the seeder gives its hands.
    pub fn following(&self) -> Vec<(LiveTableId, crate::dealer::Followed)> {
        self.newest_following
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .map(|(&followed, &table)| (table, followed))
            .collect()
    }

    /// Whether a newer tablet than `table` follows `followed`: then `table` is retired.
    pub fn retired(&self, table: LiveTableId, followed: crate::dealer::Followed) -> bool {
        self.newest_following
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&followed)
            .is_some_and(|&newest| newest > table)
    }

    /// Records in the event log.
    pub fn log_len(&self) -> u64 {
        self.writer.len()
    }

    /// The count of the log's transactions, changed after each (`seeder`).
    pub fn log_committed(&self) -> tokio::sync::watch::Receiver<u64> {
        self.writer.committed()
    }

    /// Waits until everything queued for the log is written: the last step of a shutdown.
    pub async fn flush_log(&self) {
        self.writer.flush().await;
    }

    /// Transactions the log writer has committed since the start.
    pub fn log_commits(&self) -> u64 {
        self.writer.commits()
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The TD's secret when this process made it, to be shown once.
    pub fn new_td_secret(&self) -> Option<&str> {
        self.new_td_secret.as_deref()
    }

    /// Counts a self-registration from `address`; 429 past the allowance.
    pub fn count_registration(&self, address: Option<std::net::IpAddr>) -> Result<(), Refusal> {
        self.register_limit.check(address)
    }

    /// The task of an event.
    pub fn event(&self, event: EventId) -> Result<Handle<EventState>, Refusal> {
        self.events
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(event.0 as usize)
            .cloned()
            .ok_or_else(|| Refusal::not_found(format!("no event {event}")))
    }

    /// Reads an event in its task.
    pub async fn read_event<T: Send + 'static>(
        &self,
        event: EventId,
        f: impl FnOnce(&EventState, u64) -> Result<T, Refusal> + Send + 'static,
    ) -> Result<T, Refusal> {
        let task = self.event(event)?;
        task.run(move |tx| f(tx.state(), tx.now)).await
    }

    /// Every event's task, in order.
    pub fn events(&self) -> Vec<Handle<EventState>> {
        self.events
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The task of a live table.
    pub fn dealer(&self, table: LiveTableId) -> Result<Handle<DealerState>, Refusal> {
        self.dealers
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(table.0 as usize)
            .cloned()
            .ok_or_else(|| Refusal::not_found(format!("no live table {table}")))
    }

    /// Every live table's task, in order.
    pub fn cash(&self) -> Handle<crate::cash::CashState> {
        self.cash.clone()
    }

    pub fn dealers(&self) -> Vec<Handle<DealerState>> {
        self.dealers
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Who a secret belongs to; no secret is the public, an unknown one is refused.
    pub fn role(&self, secret: Option<&str>) -> Result<Role, Refusal> {
        role(&self.td_hash, &self.index, secret)
    }

    /// Creates an event (a `CreateEvent` command): checked, written, then its task started.
    pub async fn create_event(&self, at_ms: u64, command: Command) -> Result<EventId, Refusal> {
        let _one_at_a_time = self.creating.lock().await;
        let id = EventId(
            self.events
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .len() as u32,
        );
        let room = Room::created(id, &command, self.archive.clone(), self.seal)?;
        self.write_one(at_ms, command).await?;
        self.spawn_event(room);
        Ok(id)
    }

    /// Opens a live table (a `Floor` command opening one): checked, written, then started.
    pub async fn open_table(&self, at_ms: u64, command: Command) -> Result<LiveTableId, Refusal> {
        let Command::Floor {
            command: request, ..
        } = &command
        else {
            return Err(Refusal::internal("not a new live table"));
        };
        let _one_at_a_time = self.creating.lock().await;
        let id = LiveTableId(
            self.dealers
                .read()
                .unwrap_or_else(PoisonError::into_inner)
                .len() as u32,
        );
        let table = DealerTable::new_from(id, request)?;
        self.write_one(at_ms, command).await?;
        self.spawn_dealer(table);
        Ok(id)
    }

    async fn write_one(&self, at_ms: u64, command: Command) -> Result<u64, Refusal> {
        let entry = LogEntry { at_ms, command };
        let body = serde_json::to_string(&entry).map_err(|e| Refusal::internal(e.to_string()))?;
        self.writer.append(vec![(at_ms, body)]).await
    }

    /// Makes a dealer token for a live table, replacing any earlier one (which stops working).
    pub async fn new_dealer_token(&self, table: LiveTableId) -> Result<String, Refusal> {
        // One at a time: the hash kept in memory is the one written last.
        let _one_at_a_time = self.creating.lock().await;
        self.dealer(table)?;
        let token = crate::secret::new_secret()?;
        let hash = crate::secret::hash(&token);
        self.writer
            .set_meta(dealer_key(table), hash.clone())
            .await?;
        let old = self
            .dealer_tokens
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(table, hash.clone());
        if let Some(old) = old {
            self.index.remove(&old);
        }
        self.index.insert_all(vec![(hash, Role::Dealer { table })]);
        Ok(token)
    }
}
