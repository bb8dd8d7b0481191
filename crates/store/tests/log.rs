//! The log on real files and databases: what is appended comes back in order after a reopen,
//! and a file or database that is not this store's log is refused, never written into. Each
//! test of both stores runs twice, on SQLite (`sqlite::`) and PostgreSQL (`postgres::`, issue
//! 19 item 4).

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

/// Where a test's log lives: a SQLite file, or a new PostgreSQL database.
enum Place {
    Sqlite(TempDir),
    Postgres(String),
}

impl Place {
    fn location(&self) -> String {
        match self {
            Place::Sqlite(dir) => dir.file("log.db").display().to_string(),
            Place::Postgres(url) => url.clone(),
        }
    }

    fn open(&self, durable: bool) -> Store {
        Store::connect(&self.location(), durable).unwrap()
    }

    /// Runs SQL on the log's database behind the store's back.
    fn raw(&self, sql: &str) {
        match self {
            Place::Sqlite(dir) => rusqlite::Connection::open(dir.file("log.db"))
                .unwrap()
                .execute_batch(sql)
                .unwrap(),
            Place::Postgres(url) => ::postgres::Client::connect(url, ::postgres::NoTls)
                .unwrap()
                .batch_execute(sql)
                .unwrap(),
        }
    }
}

/// Each test body below, as `sqlite::name` and `postgres::name`.
macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[test]
            fn $name() {
                super::$name(&super::Place::Sqlite(super::TempDir::new(stringify!($name))));
            })*
        }
        mod postgres {
            $(#[test]
            fn $name() {
                let url = store::testing::fresh_postgres().unwrap_or_else(|e| panic!("{e}"));
                super::$name(&super::Place::Postgres(url));
            })*
        }
    };
}

on_both_stores!(
    appended_records_come_back_in_order_after_reopen,
    append_all_writes_all_or_nothing,
    meta_round_trips_and_survives_reopen,
    another_schema_version_is_refused,
    another_programs_database_is_refused,
    a_thousand_appends_survive_reopen,
    injected_failures_write_nothing_until_turned_off,
    two_writers_take_seqs_without_gaps_or_twins,
);

fn rec(seq: u64, at_ms: u64, body: &str) -> Record {
    Record {
        seq,
        at_ms,
        body: body.to_string(),
    }
}

fn appended_records_come_back_in_order_after_reopen(place: &Place) {
    {
        let mut log = place.open(false);
        assert!(log.is_empty().unwrap());
        assert_eq!(log.append(1_000, r#"{"cmd":"register"}"#).unwrap(), 1);
        assert_eq!(log.append(2_000, r#"{"cmd":"start"}"#).unwrap(), 2);
        // Time is the caller's: an earlier time after a later one is kept as given.
        assert_eq!(log.append(1_500, "{}").unwrap(), 3);
    }
    let log = place.open(false);
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

fn append_all_writes_all_or_nothing(place: &Place) {
    {
        let mut log = place.open(false);
        log.append(1, "first").unwrap();
        let batch = vec![
            (2, "a".to_string()),
            (3, "b".to_string()),
            (4, "c".to_string()),
        ];
        assert_eq!(log.append_all(&batch).unwrap(), 4);
        // An empty batch writes nothing and reports where the log stands.
        assert_eq!(log.append_all(&[]).unwrap(), 4);
        // u64::MAX does not fit either database's signed integers: the third record fails
        // and the first two must not be written without it.
        let bad = vec![
            (5, "x".to_string()),
            (6, "y".to_string()),
            (u64::MAX, "z".to_string()),
        ];
        let err = log.append_all(&bad).unwrap_err();
        assert!(!matches!(err, StoreError::Injected(_)), "{err:?}");
        assert_eq!(log.len().unwrap(), 4);
    }
    let mut log = place.open(false);
    let bodies: Vec<String> = log.records().unwrap().into_iter().map(|r| r.body).collect();
    assert_eq!(bodies, ["first", "a", "b", "c"]);
    // Seqs go on without a gap after the rolled-back batch.
    assert_eq!(log.append(7, "d").unwrap(), 5);
}

fn meta_round_trips_and_survives_reopen(place: &Place) {
    {
        let mut log = place.open(false);
        assert_eq!(log.meta("event").unwrap(), None);
        log.set_meta("event", "sunday-deepstack").unwrap();
        log.set_meta("event", "monday-turbo").unwrap();
        log.set_meta("seed", "42").unwrap();
        log.set_meta("gone", "soon").unwrap();
        log.remove_meta("gone").unwrap();
    }
    let log = place.open(false);
    assert_eq!(log.meta("event").unwrap().as_deref(), Some("monday-turbo"));
    assert_eq!(log.meta("seed").unwrap().as_deref(), Some("42"));
    assert_eq!(log.meta("gone").unwrap(), None);
    assert_eq!(log.meta("schema_version").unwrap().as_deref(), Some("2"));
}

fn another_schema_version_is_refused(place: &Place) {
    place.open(false).set_meta("schema_version", "3").unwrap();
    let err = Store::connect(&place.location(), false).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::NotALog { .. } | StoreError::NotALogDatabase { .. }
        ),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(text.contains("is not a Croupier event log"), "{text}");
    assert!(text.contains("schema version 3 found"), "{text}");
}

fn another_programs_database_is_refused(place: &Place) {
    place.raw("CREATE TABLE players (name TEXT)");
    let err = Store::connect(&place.location(), false).unwrap_err();
    assert!(err.to_string().contains("tables found: players"), "{err}");
    // Nothing was created beside it.
    place.raw("SELECT name FROM players");
    match place {
        Place::Sqlite(dir) => {
            let conn = rusqlite::Connection::open(dir.file("log.db")).unwrap();
            let n: u32 = conn
                .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
                .unwrap();
            assert_eq!(n, 1);
        }
        Place::Postgres(url) => {
            let mut client = ::postgres::Client::connect(url, ::postgres::NoTls).unwrap();
            let n: i64 = client
                .query_one(
                    "SELECT count(*) FROM information_schema.tables \
                     WHERE table_schema = current_schema()",
                    &[],
                )
                .unwrap()
                .get(0);
            assert_eq!(n, 1);
        }
    }
}

/// Without a subprocess to kill, this checks the other half: each append is committed on its
/// own, and a reopened log holds every one of them.
fn a_thousand_appends_survive_reopen(place: &Place) {
    {
        let mut log = place.open(true);
        for i in 1..=1000u64 {
            assert_eq!(log.append(i * 10, &format!(r#"{{"n":{i}}}"#)).unwrap(), i);
        }
    }
    let log = place.open(false);
    assert_eq!(log.len().unwrap(), 1000);
    let records = log.records().unwrap();
    assert_eq!(records[999], rec(1000, 10_000, r#"{"n":1000}"#));
}

fn injected_failures_write_nothing_until_turned_off(place: &Place) {
    let mut log = place.open(false);
    let faults = log.faults();
    log.append(1, "a").unwrap();
    faults.fail_writes(true);
    assert!(matches!(log.append(2, "b"), Err(StoreError::Injected(_))));
    assert!(matches!(
        log.append_all(&[(2, "b".into())]),
        Err(StoreError::Injected(_))
    ));
    assert!(log.set_meta("k", "v").is_err());
    faults.fail_writes(false);
    faults.fail_reads(true);
    assert!(log.records().is_err());
    faults.fail_reads(false);
    assert_eq!(log.records().unwrap(), vec![rec(1, 1, "a")]);
    assert_eq!(log.meta("k").unwrap(), None);
    assert_eq!(log.append(3, "c").unwrap(), 2);
}

/// The store is meant to be the one writer, but two at once must still not share a seq or
/// leave a hole (issue 19 item 4: seqs from max + 1 under a lock).
fn two_writers_take_seqs_without_gaps_or_twins(place: &Place) {
    drop(place.open(false));
    let seqs: Vec<u64> = std::thread::scope(|s| {
        let writers: Vec<_> = (0..2)
            .map(|w| {
                let mut log = place.open(false);
                s.spawn(move || {
                    (0..100)
                        .map(|i| log.append(i, &format!("w{w}-{i}")).unwrap())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        writers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    let mut sorted = seqs.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (1..=200).collect::<Vec<u64>>());
    let records = place.open(false).records().unwrap();
    assert_eq!(records.len(), 200);
    assert!(
        records
            .iter()
            .enumerate()
            .all(|(i, r)| r.seq == i as u64 + 1)
    );
}

#[test]
fn the_store_can_move_to_another_thread() {
    fn send<T: Send>() {}
    send::<Store>();
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
fn a_sqlite_schema_version_is_refused_with_its_path() {
    let dir = TempDir::new("version-path");
    let path = dir.file("log.db");
    Store::open(&path, false)
        .unwrap()
        .set_meta("schema_version", "3")
        .unwrap();
    match Store::open(&path, false) {
        Err(StoreError::NotALog { path: p, detail }) => {
            assert_eq!(p, path);
            assert!(detail.contains("schema version 3"), "{detail}");
        }
        other => panic!("expected NotALog, got {other:?}"),
    }
}

#[test]
fn a_missing_directory_is_an_io_error() {
    let dir = TempDir::new("nodir");
    let err = Store::open(&dir.file("absent/log.db"), false).unwrap_err();
    assert!(matches!(err, StoreError::Io { .. }), "{err:?}");
    let err = Store::open(&dir.0, false).unwrap_err();
    assert!(matches!(err, StoreError::Io { .. }), "{err:?}");
}

#[test]
fn connect_takes_anything_but_a_postgres_url_as_a_sqlite_path() {
    let dir = TempDir::new("connect-path");
    let path = dir.file("postgres.db");
    Store::connect(path.to_str().unwrap(), false)
        .unwrap()
        .append(1, "a")
        .unwrap();
    assert_eq!(
        Store::open(Path::new(&path), false).unwrap().len().unwrap(),
        1
    );
}
