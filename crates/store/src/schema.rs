//! The schema: created in an empty file, checked in any other, so the store never writes into
//! a database it does not understand.

use std::io;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, ErrorCode, OptionalExtension, Params, TransactionBehavior};

use crate::StoreError;

/// The version this build reads and writes. Version 1 (players' tokens in the clear) is
/// migrated on open; any other is refused.
const VERSION: &str = "2";

const CREATE: &str = "
    CREATE TABLE log (seq INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL, body TEXT NOT NULL);
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
";

/// Refuses paths SQLite would only report as a bare "unable to open database file".
pub(crate) fn check_path(path: &Path) -> Result<(), StoreError> {
    let io = |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    };
    if path.is_dir() {
        return Err(io(io::Error::other("it is a directory")));
    }
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => Err(io(io::Error::new(
            io::ErrorKind::NotFound,
            "its directory does not exist",
        ))),
        _ => Ok(()),
    }
}

/// Creates a missing log readable and writable by its owner only (SQLite gives its journal
/// files the same permissions as the database), or tightens an existing one and its side files
/// (`tighten`) before SQLite reads or writes any of them.
#[cfg(unix)]
pub(crate) fn create_owner_only(path: &Path) -> Result<(), StoreError> {
    use std::os::unix::fs::OpenOptionsExt;
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
    {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => tighten(path),
        Err(e) => Err(StoreError::Io {
            path: path.to_path_buf(),
            source: e,
        }),
        Ok(_) => Ok(()),
    }
}

/// The files SQLite keeps beside a database: the write-ahead log, its shared memory, and the
/// rollback journal. They hold pages of the log (seeds, hashes of secrets) too.
const SIDE_FILES: [&str; 3] = ["-wal", "-shm", "-journal"];

/// Takes the group's and others' permissions off a log made before the store made it 0600, and
/// off its side files where there are any.
#[cfg(unix)]
pub(crate) fn tighten(path: &Path) -> Result<(), StoreError> {
    use std::os::unix::fs::PermissionsExt;
    let side = SIDE_FILES.iter().map(|suffix| {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        PathBuf::from(name)
    });
    for (i, file) in std::iter::once(path.to_path_buf()).chain(side).enumerate() {
        let io = |source| StoreError::Io {
            path: file.clone(),
            source,
        };
        let mode = match std::fs::metadata(&file) {
            Ok(meta) => meta.permissions().mode(),
            // A side file is there only while SQLite needs it.
            Err(e) if i > 0 && e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(io(e)),
        };
        if mode & 0o077 != 0 {
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode & 0o700))
                .map_err(io)?;
        }
    }
    Ok(())
}

#[cfg(not(unix))]
pub(crate) fn create_owner_only(_path: &Path) -> Result<(), StoreError> {
    Ok(())
}

#[cfg(not(unix))]
pub(crate) fn tighten(_path: &Path) -> Result<(), StoreError> {
    Ok(())
}

/// SQLite reports a file that is not a database as an error on its first read; name the path.
pub(crate) fn not_a_log_or(path: &Path, err: rusqlite::Error) -> StoreError {
    match err.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => StoreError::NotALog {
            path: path.to_path_buf(),
            detail: format!("not a SQLite database ({err})"),
        },
        _ => StoreError::Sqlite(err),
    }
}

/// Creates the schema in a database without tables, or checks the one found. One immediate
/// transaction, so two processes opening a new file do not both create it.
/// Returns whether an older file was migrated.
pub(crate) fn init(conn: &mut Connection, path: Option<&Path>) -> Result<bool, StoreError> {
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(|e| match path {
            Some(path) => not_a_log_or(path, e),
            None => StoreError::Sqlite(e),
        })?;
    let mut migrated = false;
    let tables = column(
        &tx,
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         ORDER BY name",
        [],
    )?;
    if tables.is_empty() {
        tx.execute_batch(CREATE)?;
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('schema_version', ?1)",
            [VERSION],
        )?;
    } else {
        let refuse = |detail| {
            let path = path.map_or_else(|| PathBuf::from(":memory:"), Path::to_path_buf);
            StoreError::NotALog { path, detail }
        };
        if let Some(detail) = mismatch(&tx, &tables)? {
            return Err(refuse(detail));
        }
        let version: Option<String> = tx
            .query_row(
                "SELECT value FROM meta WHERE key = 'schema_version'",
                [],
                |r| r.get(0),
            )
            .optional()?;
        match version.as_deref() {
            Some(VERSION) => {}
            Some("1") => {
                crate::migrate::hash_tokens(&tx).map_err(refuse)?;
                crate::migrate::hash_td_secret(&tx)?;
                tx.execute(
                    "UPDATE meta SET value = ?1 WHERE key = 'schema_version'",
                    [VERSION],
                )?;
                migrated = true;
            }
            Some(v) => {
                return Err(refuse(format!(
                    "schema version {v} found, this build reads versions 1 and {VERSION}"
                )));
            }
            None => return Err(refuse("no schema_version in table `meta`".to_string())),
        }
    }
    tx.commit()?;
    if migrated {
        // The secrets replaced are still in the file's free pages and in the write-ahead log:
        // write the log into the file, rebuild the file without them, and empty the WAL.
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        conn.execute_batch("VACUUM")?;
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    }
    Ok(migrated)
}

/// What differs from this store's schema, if anything, said in terms of what was found.
fn mismatch(conn: &Connection, tables: &[String]) -> Result<Option<String>, rusqlite::Error> {
    let info = "SELECT name FROM pragma_table_info(?1) ORDER BY cid";
    for (table, want) in [
        ("log", ["seq", "at_ms", "body"].as_slice()),
        ("meta", &["key", "value"]),
    ] {
        if !tables.iter().any(|t| t == table) {
            return Ok(Some(format!(
                "no table `{table}`; tables found: {}",
                tables.join(", ")
            )));
        }
        let found = column(conn, info, [table])?;
        if found != want {
            return Ok(Some(format!(
                "table `{table}` has columns ({}), expected ({})",
                found.join(", "),
                want.join(", ")
            )));
        }
    }
    Ok(None)
}

/// The first column of every row of `sql`.
fn column(
    conn: &Connection,
    sql: &str,
    params: impl Params,
) -> Result<Vec<String>, rusqlite::Error> {
    conn.prepare(sql)?
        .query_map(params, |r| r.get(0))?
        .collect()
}
