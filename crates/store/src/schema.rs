//! The schema: created in an empty file, checked in any other, so the store never writes into
//! a database it does not understand.

use std::io;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, ErrorCode, OptionalExtension, Params, TransactionBehavior};

use crate::StoreError;

/// The version this build reads and writes; a file of any other is refused, not migrated.
const VERSION: &str = "1";

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
pub(crate) fn init(conn: &mut Connection, path: Option<&Path>) -> Result<(), StoreError> {
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(|e| match path {
            Some(path) => not_a_log_or(path, e),
            None => StoreError::Sqlite(e),
        })?;
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
    } else if let Some(detail) = mismatch(&tx, &tables)? {
        let path = path.map_or_else(|| PathBuf::from(":memory:"), Path::to_path_buf);
        return Err(StoreError::NotALog { path, detail });
    }
    tx.commit()?;
    Ok(())
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
    let version: Option<String> = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .optional()?;
    Ok(match version {
        Some(v) if v == VERSION => None,
        Some(v) => Some(format!(
            "schema version {v} found, this build reads version {VERSION}"
        )),
        None => Some("no schema_version in table `meta`".to_string()),
    })
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
