//! The log on real files: what is appended comes back in order after a reopen, and a file that
//! is not this store's log is refused with the path, never written into.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use store::{Record, Store, StoreError};

/// A fresh directory under the system temp dir, removed when dropped (even on a failed test).
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("croupier-store-{}-{name}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn open(path: &Path) -> Store {
    Store::open(path, false).unwrap()
}

fn rec(seq: u64, at_ms: u64, body: &str) -> Record {
    Record {
        seq,
        at_ms,
        body: body.to_string(),
    }
}

#[test]
fn appended_records_come_back_in_order_after_reopen() {
    let dir = TempDir::new("order");
    let path = dir.file("log.db");
    {
        let mut log = open(&path);
        assert!(log.is_empty().unwrap());
        assert_eq!(log.append(1_000, r#"{"cmd":"register"}"#).unwrap(), 1);
        assert_eq!(log.append(2_000, r#"{"cmd":"start"}"#).unwrap(), 2);
        // Time is the caller's: an earlier time after a later one is kept as given.
        assert_eq!(log.append(1_500, "{}").unwrap(), 3);
    }
    let log = open(&path);
    assert_eq!(log.len().unwrap(), 3);
    assert!(!log.is_empty().unwrap());
    assert_eq!(
        log.records().unwrap(),
        vec![
            rec(1, 1_000, r#"{"cmd":"register"}"#),
            rec(2, 2_000, r#"{"cmd":"start"}"#),
            rec(3, 1_500, "{}"),
        ]
    );
}

#[test]
fn append_all_writes_all_or_nothing() {
    let dir = TempDir::new("all");
    let path = dir.file("log.db");
    {
        let mut log = open(&path);
        log.append(1, "first").unwrap();
        let batch = vec![
            (2, "a".to_string()),
            (3, "b".to_string()),
            (4, "c".to_string()),
        ];
        assert_eq!(log.append_all(&batch).unwrap(), 4);
        // An empty batch writes nothing and reports where the log stands.
        assert_eq!(log.append_all(&[]).unwrap(), 4);
        // u64::MAX does not fit SQLite's signed integers, so the third insert fails and the
        // first two must be rolled back with it.
        let bad = vec![
            (5, "x".to_string()),
            (6, "y".to_string()),
            (u64::MAX, "z".to_string()),
        ];
        assert!(matches!(log.append_all(&bad), Err(StoreError::Sqlite(_))));
        assert_eq!(log.len().unwrap(), 4);
    }
    let mut log = open(&path);
    let bodies: Vec<String> = log.records().unwrap().into_iter().map(|r| r.body).collect();
    assert_eq!(bodies, ["first", "a", "b", "c"]);
    // Seqs go on without a gap after the rolled-back batch.
    assert_eq!(log.append(7, "d").unwrap(), 5);
}

#[test]
fn meta_round_trips_and_survives_reopen() {
    let dir = TempDir::new("meta");
    let path = dir.file("log.db");
    {
        let mut log = open(&path);
        assert_eq!(log.meta("event").unwrap(), None);
        log.set_meta("event", "sunday-deepstack").unwrap();
        log.set_meta("event", "monday-turbo").unwrap();
        log.set_meta("seed", "42").unwrap();
    }
    let log = open(&path);
    assert_eq!(log.meta("event").unwrap().as_deref(), Some("monday-turbo"));
    assert_eq!(log.meta("seed").unwrap().as_deref(), Some("42"));
    assert_eq!(log.meta("schema_version").unwrap().as_deref(), Some("2"));
}

#[test]
fn in_memory_log_works_like_a_file() {
    let mut log = Store::open_in_memory().unwrap();
    assert_eq!(
        log.append_all(&[(5, "a".into()), (6, "b".into())]).unwrap(),
        2
    );
    assert_eq!(log.records().unwrap(), vec![rec(1, 5, "a"), rec(2, 6, "b")]);
}

#[test]
fn a_text_file_is_not_a_log() {
    let dir = TempDir::new("text");
    let path = dir.file("notes.txt");
    let text = "Seat 1: Alice (1500 in chips)\n".repeat(100);
    std::fs::write(&path, &text).unwrap();
    match Store::open(&path, false) {
        Err(StoreError::NotALog { path: p, detail }) => {
            assert_eq!(p, path);
            assert!(detail.contains("not a SQLite database"), "{detail}");
        }
        other => panic!("expected NotALog, got {other:?}"),
    }
    // The file is left as it was.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn another_schema_version_is_refused() {
    let dir = TempDir::new("version");
    let path = dir.file("log.db");
    open(&path).set_meta("schema_version", "3").unwrap();
    match Store::open(&path, false) {
        Err(StoreError::NotALog { path: p, detail }) => {
            assert_eq!(p, path);
            assert!(detail.contains("schema version 3"), "{detail}");
        }
        other => panic!("expected NotALog, got {other:?}"),
    }
}

#[test]
fn another_programs_database_is_refused() {
    let dir = TempDir::new("foreign");
    let path = dir.file("other.db");
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch("CREATE TABLE players (name TEXT)")
        .unwrap();
    drop(conn);
    let err = Store::open(&path, false).unwrap_err();
    assert!(matches!(err, StoreError::NotALog { .. }), "{err:?}");
    assert!(err.to_string().contains("tables found: players"), "{err}");
}

#[test]
fn a_missing_directory_is_an_io_error() {
    let dir = TempDir::new("nodir");
    let err = Store::open(&dir.file("absent/log.db"), false).unwrap_err();
    assert!(matches!(err, StoreError::Io { .. }), "{err:?}");
    let err = Store::open(&dir.0, false).unwrap_err();
    assert!(matches!(err, StoreError::Io { .. }), "{err:?}");
}

/// Without a subprocess to kill, this checks the other half: each append is committed on its
/// own, and a reopened file holds every one of them.
#[test]
fn a_thousand_appends_survive_reopen() {
    let dir = TempDir::new("thousand");
    let path = dir.file("log.db");
    {
        let mut log = Store::open(&path, true).unwrap();
        for i in 1..=1000u64 {
            assert_eq!(log.append(i * 10, &format!(r#"{{"n":{i}}}"#)).unwrap(), i);
        }
    }
    let log = open(&path);
    assert_eq!(log.len().unwrap(), 1000);
    let records = log.records().unwrap();
    assert_eq!(records[999], rec(1000, 10_000, r#"{"n":1000}"#));
}
