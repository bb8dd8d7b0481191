use std::path::PathBuf;

/// Why the event log could not be opened, read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused an operation (a full disk, a lock held past the busy timeout, a time
    /// beyond the range of SQLite's integers...).
    #[error("the event log's SQLite database failed: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL refused an operation or could not be reached. After a lost connection the
    /// next call connects again.
    #[error("the event log's PostgreSQL database ({database}) failed: {}", explain(.source))]
    Postgres {
        /// Which database, without the URL's password.
        database: String,
        #[source]
        source: postgres::Error,
    },
    /// The file is not a SQLite database, or is one without this store's schema.
    #[error("{} is not a Croupier event log: {detail}", .path.display())]
    NotALog { path: PathBuf, detail: String },
    /// The PostgreSQL database holds tables that are not this store's schema, or another
    /// version of it.
    #[error("PostgreSQL {database} is not a Croupier event log: {detail}")]
    NotALogDatabase { database: String, detail: String },
    /// A number the log cannot hold (PostgreSQL's integers are signed 64-bit).
    #[error(
        "{what} {value} is out of the event log's range (at most {})",
        i64::MAX
    )]
    OutOfRange { what: &'static str, value: u64 },
    /// The path cannot hold the log (a missing directory, a directory in its place...).
    #[error("cannot open the event log at {}: {source}", .path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A write under a lease that is no longer the writer's (issue 37): nothing was written.
    #[error(
        "{task}: the lease with token {token} is no longer this node's ({now}); nothing was written"
    )]
    Fenced {
        task: String,
        token: u64,
        /// Who holds it now, or that it ran out.
        now: String,
    },
    /// Leases are kept in a PostgreSQL log only: a SQLite log serves one node.
    #[error("leases need a PostgreSQL log; a SQLite log is served by one node")]
    NeedsPostgres,
    /// A failure a test asked for (`Faults`).
    #[error("injected {0} failure")]
    Injected(String),
}

/// The postgres crate's own text is only "db error" for what the server reported: the
/// server's severity, SQLSTATE and message say what happened, as the cause of any other error.
fn explain(e: &postgres::Error) -> String {
    match (e.as_db_error(), std::error::Error::source(e)) {
        (Some(db), _) => format!("{} {}: {}", db.severity(), db.code().code(), db.message()),
        (None, Some(cause)) if !e.to_string().contains(&cause.to_string()) => {
            format!("{e}: {cause}")
        }
        _ => e.to_string(),
    }
}
