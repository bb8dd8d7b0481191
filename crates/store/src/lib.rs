//! The event log for Croupier: a durable, append-only log of records, each a command as JSON
//! text with its sequence number and time, plus a small key-value meta table; on embedded
//! SQLite (a file) or on PostgreSQL (a database of a server).
//!
//! On PostgreSQL it also keeps the leases by which several nodes share one log (`Lease`,
//! `fence_with`, `append_fenced`): a node writes a task's records only while it holds the
//! task's lease.
//!
//! Owns: the file or database (a SQLite file is readable by its owner only: it holds the
//! events' seeds and the hashes of every secret), its schema and version, and the guarantee
//! that an appended record is committed when `append` returns. Does not own: what the records
//! mean (the server writes them and replays them to rebuild its state; the store reads them
//! only to migrate an older file) or the clock (times come in as milliseconds).

mod error;
mod fault;
mod lease;
mod migrate;
mod pg;
mod schema;
mod sqlite;
#[cfg(feature = "testing")]
pub mod testing;

use std::path::Path;

use rusqlite::Connection;

pub use error::StoreError;
pub use fault::Faults;
pub use lease::{Acquired, FencedWrite, Lease, stale_writes};

/// The hash kept of a secret (a player's token, the TD's secret): SHA-256 as 64 hex digits.
/// Secrets are 128 random bits, so a plain hash is enough: there is nothing to guess.
pub fn token_hash(secret: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// An open event log.
#[derive(Debug)]
pub struct Store {
    backend: Backend,
    /// Failures to inject, for tests of what a caller does when the log fails.
    faults: Faults,
    /// The lease every write is made under (`fence_with`): a node's on the room.
    fence: Option<Lease>,
}

#[derive(Debug)]
enum Backend {
    Sqlite(Connection),
    /// Boxed: its configuration and connection are several times a SQLite connection's size.
    Postgres(Box<pg::Pg>),
}

/// The log as other nodes write it: every commit to a PostgreSQL log notifies the channel
/// `croupier_log` with its last seq (LISTEN/NOTIFY), and a follower reads what came after the
/// last record it gave.
#[derive(Debug)]
pub struct Follower {
    pg: pg::Pg,
    last: u64,
    /// Waits ended by a commit's notice (or a connection made again), not by the time.
    wakes: u64,
}

impl Follower {
    /// The records written since the last call (or `follow`'s seq), waiting up to `wait` for a
    /// commit when there are none yet. Reads the log itself, not the notices' payloads: a notice
    /// missed (a connection lost and made again) delays nothing past the next call.
    pub fn next(&mut self, wait: std::time::Duration) -> Result<Vec<Record>, StoreError> {
        let mut records = self.pg.records_after(self.last)?;
        if records.is_empty() && self.pg.wait_for_commit(wait)? {
            self.wakes += 1;
            records = self.pg.records_after(self.last)?;
        }
        if let Some(r) = records.last() {
            self.last = r.seq;
        }
        Ok(records)
    }

    /// How many waits a commit's notice (or a connection made again) ended before their time.
    pub fn wakes(&self) -> u64 {
        self.wakes
    }

    /// The seq of the last record given.
    pub fn last_seq(&self) -> u64 {
        self.last
    }
}

/// One record of the log as it was appended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Position in the log: 1 for the first record, then one more for each.
    pub seq: u64,
    /// When it was appended, in milliseconds, as the caller gave it.
    pub at_ms: u64,
    /// The record itself (a command as JSON text); the store does not read it.
    pub body: String,
}

/// Whether `location` names a PostgreSQL database rather than a SQLite file.
pub fn is_postgres_url(location: &str) -> bool {
    ["postgres://", "postgresql://"]
        .iter()
        .any(|scheme| location.starts_with(scheme))
}

/// `location` as messages may show it: a SQLite path as given, a PostgreSQL URL as its database,
/// host and port, without its password (or anything else of the URL).
pub fn display_location(location: &str) -> String {
    if is_postgres_url(location) {
        pg::display_url(location)
    } else {
        location.to_string()
    }
}

impl Store {
    /// Opens or creates the log at `path` (creating the file and schema when missing).
    ///
    /// The journal is WAL with `synchronous=NORMAL`: a commit survives the process being
    /// killed, but a power loss or OS crash may lose the last commits. With `durable` set,
    /// `synchronous=FULL` syncs the WAL on every commit so they survive that too, at the
    /// cost of one fsync per append. Writes wait up to 5 s for another connection's lock.
    pub fn open(path: &Path, durable: bool) -> Result<Store, StoreError> {
        Ok(Store::with(Backend::Sqlite(sqlite::open(path, durable)?)))
    }

    /// Opens the log at `location`: a `postgres://` or `postgresql://` URL is a PostgreSQL
    /// database (its schema created when it has no tables), anything else a SQLite path as
    /// for `open`.
    ///
    /// On PostgreSQL, `durable` is `synchronous_commit = on`: a commit is acknowledged once
    /// the server's WAL is synced. Without it, `synchronous_commit = off`: a commit survives
    /// the croupier process being killed (the server has it), but a crash of the PostgreSQL
    /// server or its machine may lose the last ones, as with SQLite's NORMAL. A lost connection
    /// (the server restarted, the session ended) fails the call that meets it; the next call
    /// connects again. Records whose commit was in flight when the connection went are taken
    /// out on that reconnection if they were committed after all: the caller was told they
    /// failed. Errors name the database, host and port, never the URL's password.
    pub fn connect(location: &str, durable: bool) -> Result<Store, StoreError> {
        if !is_postgres_url(location) {
            return Store::open(Path::new(location), durable);
        }
        let faults = Faults::default();
        let pg = pg::Pg::connect(location, durable, faults.clone())?;
        Ok(Store {
            backend: Backend::Postgres(Box::new(pg)),
            faults,
            fence: None,
        })
    }

    /// Opens a new, empty log that lives only as long as the `Store` (for tests and sims).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Ok(Store::with(Backend::Sqlite(sqlite::open_in_memory()?)))
    }

    fn with(backend: Backend) -> Store {
        Store {
            backend,
            faults: Faults::default(),
            fence: None,
        }
    }

    /// Appends one record in its own transaction; returns its seq (1, 2, 3...). Returns only
    /// after the commit.
    pub fn append(&mut self, at_ms: u64, body: &str) -> Result<u64, StoreError> {
        self.faults.on_write()?;
        self.write(&[(at_ms, body)])
    }

    /// Appends several records in one transaction (all or nothing); returns the last seq.
    /// With no records nothing is written and the log's current last seq (0 if empty) is
    /// returned.
    pub fn append_all(&mut self, records: &[(u64, String)]) -> Result<u64, StoreError> {
        self.faults.on_write()?;
        let records: Vec<(u64, &str)> = records.iter().map(|(t, b)| (*t, b.as_str())).collect();
        self.write(&records)
    }

    fn write(&mut self, records: &[(u64, &str)]) -> Result<u64, StoreError> {
        match &mut self.backend {
            Backend::Sqlite(conn) => sqlite::append_all(conn, records),
            Backend::Postgres(pg) => pg.append_all(records, self.fence.as_ref()),
        }
    }

    /// Every write from now on (records and meta values) is made only while `lease` is still
    /// current, in the transaction that writes (issue 37 item 1): once another node holds it,
    /// or it ran out, nothing more is written (`StoreError::Fenced`). PostgreSQL only.
    pub fn fence_with(&mut self, lease: Lease) -> Result<(), StoreError> {
        self.postgres()?;
        self.fence = Some(lease);
        Ok(())
    }

    /// Every record in seq order.
    pub fn records(&self) -> Result<Vec<Record>, StoreError> {
        self.faults.on_read()?;
        match &self.backend {
            Backend::Sqlite(conn) => sqlite::records(conn),
            Backend::Postgres(pg) => pg.records(),
        }
    }

    /// How many records the log holds.
    pub fn len(&self) -> Result<u64, StoreError> {
        match &self.backend {
            Backend::Sqlite(conn) => sqlite::len(conn),
            Backend::Postgres(pg) => pg.len(),
        }
    }

    /// Whether the log holds no record.
    pub fn is_empty(&self) -> Result<bool, StoreError> {
        match &self.backend {
            Backend::Sqlite(conn) => sqlite::is_empty(conn),
            Backend::Postgres(pg) => pg.is_empty(),
        }
    }

    /// The meta value under `key`, if set.
    pub fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        match &self.backend {
            Backend::Sqlite(conn) => sqlite::meta(conn, key),
            Backend::Postgres(pg) => pg.meta(key),
        }
    }

    /// Sets the meta value under `key`, replacing any earlier one. The key `schema_version`
    /// belongs to the store: changing it makes the log refused on the next open.
    pub fn set_meta(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        self.faults.on_write()?;
        match &self.backend {
            Backend::Sqlite(conn) => sqlite::set_meta(conn, key, value),
            Backend::Postgres(pg) => pg.set_meta(key, value, self.fence.as_ref()),
        }
    }

    /// Removes the meta value under `key`, if set.
    pub fn remove_meta(&mut self, key: &str) -> Result<(), StoreError> {
        self.faults.on_write()?;
        match &self.backend {
            Backend::Sqlite(conn) => sqlite::remove_meta(conn, key),
            Backend::Postgres(pg) => pg.remove_meta(key, self.fence.as_ref()),
        }
    }

    /// Asks for `task`'s lease for `owner` (a node), for `ttl_ms` of the database's clock
    /// (issue 37 item 1): granted when nobody holds it, its lease ran out, or it is `owner`'s
    /// already (then renewed). PostgreSQL only.
    pub fn acquire(
        &mut self,
        task: &str,
        owner: &str,
        ttl_ms: u64,
    ) -> Result<Acquired, StoreError> {
        self.faults.on_write()?;
        self.postgres()?.acquire(task, owner, ttl_ms)
    }

    /// Renews `lease` for `ttl_ms` from now; `StoreError::Fenced` when it is no longer the
    /// owner's or ran out (the task is then to be replayed, not written on).
    pub fn renew(&mut self, lease: &Lease, ttl_ms: u64) -> Result<Lease, StoreError> {
        self.faults.on_write()?;
        self.postgres()?.renew(lease, ttl_ms)
    }

    /// Gives `lease` up at once, when it is still the owner's (a node shutting down).
    pub fn release(&mut self, lease: &Lease) -> Result<(), StoreError> {
        self.faults.on_write()?;
        self.postgres()?.release(lease)
    }

    /// Every task's lease as it stands.
    pub fn leases(&self) -> Result<Vec<Lease>, StoreError> {
        self.faults.on_read()?;
        self.postgres()?.leases()
    }

    /// Which lease wrote which records, every fenced write in seq order (PostgreSQL only).
    pub fn fenced_writes(&self) -> Result<Vec<FencedWrite>, StoreError> {
        self.faults.on_read()?;
        self.postgres()?.fenced_writes()
    }

    /// Appends `records` in one transaction as `append_all` does, in which `lease` is found
    /// still the writer's and not run out; else nothing is written (`StoreError::Fenced`).
    pub fn append_fenced(
        &mut self,
        lease: &Lease,
        records: &[(u64, String)],
    ) -> Result<u64, StoreError> {
        self.faults.on_write()?;
        let records: Vec<(u64, &str)> = records.iter().map(|(t, b)| (*t, b.as_str())).collect();
        self.postgres()?.append_all(&records, Some(lease))
    }

    /// Follows the log from seq `after` as other nodes write it (issue 37 item 1): on a
    /// connection of its own that LISTENs for the commits' notices. PostgreSQL only.
    pub fn follow(&self, after: u64) -> Result<Follower, StoreError> {
        Ok(Follower {
            pg: self.postgres()?.listen()?,
            last: after,
            wakes: 0,
        })
    }

    fn postgres(&self) -> Result<&pg::Pg, StoreError> {
        match &self.backend {
            Backend::Postgres(pg) => Ok(pg),
            Backend::Sqlite(_) => Err(StoreError::NeedsPostgres),
        }
    }

    /// The switches that make this store fail on demand (for tests).
    pub fn faults(&self) -> Faults {
        self.faults.clone()
    }
}
