//! The event log for Croupier: a durable, append-only log of records on embedded SQLite, each
//! a command as JSON text with its sequence number and time, plus a small key-value meta table.
//!
//! Owns: the file (readable by its owner only: it holds the events' seeds and the hashes of
//! every secret), its schema and version, and the guarantee that an appended record is on disk
//! when `append` returns. Does not own: what the records mean (the server writes them and
//! replays them to rebuild its state; the store reads them only to migrate an older file) or
//! the clock (times come in as milliseconds).

mod error;
mod fault;
mod migrate;
mod schema;

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior, params};

pub use error::StoreError;
pub use fault::Faults;

/// The hash kept of a secret (a player's token, the TD's secret): SHA-256 as 64 hex digits.
/// Secrets are 128 random bits, so a plain hash is enough: there is nothing to guess.
pub fn token_hash(secret: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// How long a write waits for another connection's lock before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// An open event log.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    /// Failures to inject, for tests of what a caller does when the log fails.
    faults: Faults,
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

impl Store {
    /// Opens or creates the log at `path` (creating the file and schema when missing).
    ///
    /// The journal is WAL with `synchronous=NORMAL`: a commit survives the process being
    /// killed, but a power loss or OS crash may lose the last commits. With `durable` set,
    /// `synchronous=FULL` syncs the WAL on every commit so they survive that too, at the
    /// cost of one fsync per append. Writes wait up to 5 s for another connection's lock.
    pub fn open(path: &Path, durable: bool) -> Result<Store, StoreError> {
        schema::check_path(path)?;
        schema::create_owner_only(path)?;
        let conn = Connection::open(path)?;
        // The first statement that reads the file is where a non-SQLite file shows itself.
        let setup = || -> Result<Connection, rusqlite::Error> {
            conn.busy_timeout(BUSY_TIMEOUT)?;
            // Returns the mode now in force; a file system without WAL support keeps the
            // rollback journal, which gives the same guarantees, only slower.
            conn.query_row("PRAGMA journal_mode = WAL", [], |row| {
                row.get::<_, String>(0)
            })?;
            let sync = if durable { "FULL" } else { "NORMAL" };
            conn.pragma_update(None, "synchronous", sync)?;
            Ok(conn)
        };
        let mut conn = setup().map_err(|e| schema::not_a_log_or(path, e))?;
        schema::init(&mut conn, Some(path))?;
        schema::tighten(path)?;
        Ok(Store {
            conn,
            faults: Faults::default(),
        })
    }

    /// Opens a new, empty log that lives only as long as the `Store` (for tests and sims).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let mut conn = Connection::open_in_memory()?;
        schema::init(&mut conn, None)?;
        Ok(Store {
            conn,
            faults: Faults::default(),
        })
    }

    /// Appends one record in its own transaction; returns its seq (1, 2, 3...). Returns only
    /// after the commit.
    pub fn append(&mut self, at_ms: u64, body: &str) -> Result<u64, StoreError> {
        self.faults.on_write()?;
        let tx = self.write()?;
        let seq = insert(&tx, at_ms, body)?;
        tx.commit()?;
        Ok(seq)
    }

    /// Appends several records in one transaction (all or nothing); returns the last seq.
    /// With no records nothing is written and the log's current last seq (0 if empty) is
    /// returned.
    pub fn append_all(&mut self, records: &[(u64, String)]) -> Result<u64, StoreError> {
        self.faults.on_write()?;
        let tx = self.write()?;
        let mut last = tx.query_row("SELECT coalesce(max(seq), 0) FROM log", [], |r| r.get(0))?;
        for (at_ms, body) in records {
            last = insert(&tx, *at_ms, body)?;
        }
        // Dropping `tx` on an error above rolls every insert back.
        tx.commit()?;
        Ok(last)
    }

    /// Every record in seq order.
    pub fn records(&self) -> Result<Vec<Record>, StoreError> {
        self.faults.on_read()?;
        let mut stmt = self
            .conn
            .prepare_cached("SELECT seq, at_ms, body FROM log ORDER BY seq")?;
        let rows = stmt.query_map([], |row| {
            Ok(Record {
                seq: row.get(0)?,
                at_ms: row.get(1)?,
                body: row.get(2)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// How many records the log holds.
    pub fn len(&self) -> Result<u64, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT count(*) FROM log", [], |r| r.get(0))?)
    }

    /// Whether the log holds no record.
    pub fn is_empty(&self) -> Result<bool, StoreError> {
        let any: bool = self
            .conn
            .query_row("SELECT EXISTS (SELECT 1 FROM log)", [], |r| r.get(0))?;
        Ok(!any)
    }

    /// The meta value under `key`, if set.
    pub fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()?)
    }

    /// Sets the meta value under `key`, replacing any earlier one. The key `schema_version`
    /// belongs to the store: changing it makes the file refused on the next open.
    pub fn set_meta(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        self.faults.on_write()?;
        self.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?1, ?2) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key, value],
        )?;
        Ok(())
    }

    /// Removes the meta value under `key`, if set.
    pub fn remove_meta(&mut self, key: &str) -> Result<(), StoreError> {
        self.faults.on_write()?;
        self.conn
            .execute("DELETE FROM meta WHERE key = ?1", [key])?;
        Ok(())
    }

    /// The switches that make this store fail on demand (for tests).
    pub fn faults(&self) -> Faults {
        self.faults.clone()
    }

    /// A write transaction that takes the lock up front, so it waits on the busy timeout
    /// instead of failing when it would upgrade from a read lock.
    fn write(&mut self) -> Result<Transaction<'_>, StoreError> {
        Ok(self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?)
    }
}

/// Inserts one record and returns the seq SQLite gave it (the next rowid: no record is ever
/// deleted, so seqs run 1, 2, 3 without gaps).
fn insert(tx: &Transaction<'_>, at_ms: u64, body: &str) -> Result<u64, rusqlite::Error> {
    let mut stmt =
        tx.prepare_cached("INSERT INTO log (at_ms, body) VALUES (?1, ?2) RETURNING seq")?;
    stmt.query_row(params![at_ms, body], |r| r.get(0))
}
