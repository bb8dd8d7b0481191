//! The log on embedded SQLite: one file, written by this process.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior, params};

use crate::{Record, StoreError, schema};

/// How long a write waits for another connection's lock before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Opens or creates the log at `path`; see `Store::open`.
pub(crate) fn open(path: &Path, durable: bool) -> Result<Connection, StoreError> {
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
    Ok(conn)
}

pub(crate) fn open_in_memory() -> Result<Connection, StoreError> {
    let mut conn = Connection::open_in_memory()?;
    schema::init(&mut conn, None)?;
    Ok(conn)
}

pub(crate) fn append_all(
    conn: &mut Connection,
    records: &[(u64, &str)],
) -> Result<u64, StoreError> {
    // Takes the lock up front, so it waits on the busy timeout instead of failing when it
    // would upgrade from a read lock.
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    // Cached, as the insert is: preparing it each turn was a sixth of the writer's SQLite time
    // (perf, `bench load`).
    let mut last = tx
        .prepare_cached("SELECT coalesce(max(seq), 0) FROM log")?
        .query_row([], |r| r.get(0))?;
    for (at_ms, body) in records {
        last = insert(&tx, *at_ms, body)?;
    }
    // Dropping `tx` on an error above rolls every insert back.
    tx.commit()?;
    Ok(last)
}

/// Inserts one record and returns the seq SQLite gave it (the next rowid: no record is ever
/// deleted, so seqs run 1, 2, 3 without gaps).
fn insert(tx: &Transaction<'_>, at_ms: u64, body: &str) -> Result<u64, rusqlite::Error> {
    let mut stmt =
        tx.prepare_cached("INSERT INTO log (at_ms, body) VALUES (?1, ?2) RETURNING seq")?;
    stmt.query_row(params![at_ms, body], |r| r.get(0))
}

pub(crate) fn records(conn: &Connection) -> Result<Vec<Record>, StoreError> {
    let mut stmt = conn.prepare_cached("SELECT seq, at_ms, body FROM log ORDER BY seq")?;
    let rows = stmt.query_map([], |row| {
        Ok(Record {
            seq: row.get(0)?,
            at_ms: row.get(1)?,
            body: row.get(2)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub(crate) fn len(conn: &Connection) -> Result<u64, StoreError> {
    Ok(conn.query_row("SELECT count(*) FROM log", [], |r| r.get(0))?)
}

pub(crate) fn is_empty(conn: &Connection) -> Result<bool, StoreError> {
    let any: bool = conn.query_row("SELECT EXISTS (SELECT 1 FROM log)", [], |r| r.get(0))?;
    Ok(!any)
}

pub(crate) fn meta(conn: &Connection, key: &str) -> Result<Option<String>, StoreError> {
    Ok(conn
        .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
        .optional()?)
}

pub(crate) fn set_meta(conn: &Connection, key: &str, value: &str) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [key, value],
    )?;
    Ok(())
}

pub(crate) fn remove_meta(conn: &Connection, key: &str) -> Result<(), StoreError> {
    conn.execute("DELETE FROM meta WHERE key = ?1", [key])?;
    Ok(())
}
