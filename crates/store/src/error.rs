use std::path::PathBuf;

/// Why the event log could not be opened, read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused an operation (a full disk, a lock held past the busy timeout, a time
    /// beyond the range of SQLite's integers...).
    #[error("the event log's SQLite database failed: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The file is not a SQLite database, or is one without this store's schema.
    #[error("{} is not a Croupier event log: {detail}", .path.display())]
    NotALog { path: PathBuf, detail: String },
    /// The path cannot hold the log (a missing directory, a directory in its place...).
    #[error("cannot open the event log at {}: {source}", .path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A failure a test asked for (`Faults`).
    #[error("injected {0} failure")]
    Injected(String),
}
