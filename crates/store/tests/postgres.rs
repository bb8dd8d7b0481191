//! What only PostgreSQL does (issue 19 items 4 and 7): its connection can be lost. The call
//! that meets a lost connection fails, the next one connects again, and nothing is left
//! half-written; a commit whose answer was lost is taken out again. Also: versions it refuses,
//! and URLs whose password no message shows.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use postgres::{Client, NoTls};
use store::{Record, Store, StoreError};

fn fresh() -> String {
    store::testing::fresh_postgres().unwrap_or_else(|e| panic!("{e}"))
}

fn client(url: &str) -> Client {
    Client::connect(url, NoTls).unwrap()
}

fn bodies(log: &Store) -> Vec<String> {
    log.records().unwrap().into_iter().map(|r| r.body).collect()
}

/// Ends every other session on the log's database, as a server restart or an operator would,
/// and waits until they are gone.
fn terminate_others(url: &str) {
    let mut admin = client(url);
    // Listed first: in one WHERE, the server may call pg_terminate_backend before the filter.
    let pids: Vec<i32> = admin
        .query(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() \
             AND pid <> pg_backend_pid()",
            &[],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert_eq!(pids.len(), 1, "the store's session was not found");
    for pid in pids {
        let ended: bool = admin
            .query_one("SELECT pg_terminate_backend($1, 5000)", &[&pid])
            .unwrap()
            .get(0);
        assert!(ended);
    }
}

#[test]
fn a_terminated_session_fails_one_call_and_the_next_connects_again() {
    let url = fresh();
    let mut log = Store::connect(&url, false).unwrap();
    assert_eq!(log.append(1, "a").unwrap(), 1);
    assert_eq!(log.append(2, "b").unwrap(), 2);

    terminate_others(&url);
    let err = log.append(3, "lost").unwrap_err();
    assert!(matches!(err, StoreError::Postgres { .. }), "{err:?}");
    // What the server said, with the database named.
    let text = err.to_string();
    assert!(text.contains("57P01"), "{text}");
    assert!(text.contains(" on 127.0.0.1:"), "{text}");
    // The next call connects again and writes where the log stands: no gap, no "lost".
    assert_eq!(log.append(4, "c").unwrap(), 3);
    assert_eq!(bodies(&log), ["a", "b", "c"]);

    // A read meets it the same way.
    terminate_others(&url);
    assert!(log.records().is_err());
    assert_eq!(bodies(&log), ["a", "b", "c"]);

    // And a batch: none of it is written, all of it is on the next try.
    terminate_others(&url);
    let batch = [(5, "d".to_string()), (6, "e".to_string())];
    assert!(log.append_all(&batch).is_err());
    assert_eq!(log.append_all(&batch).unwrap(), 5);
    assert_eq!(bodies(&log), ["a", "b", "c", "d", "e"]);
}

#[test]
fn a_connection_cut_by_faults_fails_one_call_then_reconnects() {
    let url = fresh();
    let mut log = Store::connect(&url, false).unwrap();
    let faults = log.faults();
    log.append(1, "a").unwrap();
    faults.cut_connection();
    let err = log.append(2, "lost").unwrap_err();
    assert!(matches!(err, StoreError::Postgres { .. }), "{err:?}");
    assert_eq!(log.append(3, "b").unwrap(), 2);
    faults.cut_connection();
    assert!(log.meta("schema_version").is_err());
    assert_eq!(log.meta("schema_version").unwrap().as_deref(), Some("2"));
    assert_eq!(bodies(&log), ["a", "b"]);
}

/// A statement the server refuses in the middle of a batch (PostgreSQL's text holds no NUL
/// byte) rolls the whole batch back, and the seqs go on from the last one kept.
#[test]
fn a_batch_the_server_refuses_leaves_no_record_and_no_gap() {
    let url = fresh();
    let mut log = Store::connect(&url, false).unwrap();
    log.append(1, "a").unwrap();
    let bad = [
        (2, "b".to_string()),
        (3, "c\0".to_string()),
        (4, "d".to_string()),
    ];
    let err = log.append_all(&bad).unwrap_err();
    assert!(matches!(err, StoreError::Postgres { .. }), "{err:?}");
    assert_eq!(log.len().unwrap(), 1);
    assert_eq!(log.append(5, "e").unwrap(), 2);
    assert_eq!(
        log.records().unwrap(),
        [(1, 1, "a"), (2, 5, "e")]
            .map(|(seq, at_ms, body)| Record {
                seq,
                at_ms,
                body: body.to_string()
            })
            .to_vec()
    );
}

/// A commit the server made but whose answer never came back (the connection went in
/// between): the caller was told it failed and takes the command back, so the store takes
/// the records out when it connects again.
#[test]
fn a_commit_whose_answer_was_lost_is_taken_out_on_reconnect() {
    let url = fresh();
    let proxy = CommitCutter::start(&url);
    let mut log = Store::connect(&proxy.url, false).unwrap();
    assert_eq!(log.append(1, "a").unwrap(), 1);

    proxy.armed.store(true, Ordering::SeqCst);
    let err = log.append(2, "in doubt").unwrap_err();
    assert!(matches!(err, StoreError::Postgres { .. }), "{err:?}");
    // Behind the store's back: the server did commit it.
    let mut direct = client(&url);
    // A guard against a hang only: the commit comes in milliseconds.
    let deadline = Instant::now() + Duration::from_secs(120);
    let count = || -> i64 {
        client(&url)
            .query_one("SELECT count(*) FROM log", &[])
            .unwrap()
            .get(0)
    };
    while count() < 2 {
        assert!(
            Instant::now() < deadline,
            "the server never made the commit"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // The next call connects again and takes it out before writing.
    assert_eq!(log.append(3, "b").unwrap(), 2);
    assert_eq!(bodies(&log), ["a", "b"]);
    let n: i64 = direct
        .query_one("SELECT count(*) FROM log", &[])
        .unwrap()
        .get(0);
    assert_eq!(n, 2);
}

#[test]
fn a_database_of_another_version_is_refused() {
    for version in ["1", "3"] {
        let url = fresh();
        Store::connect(&url, false)
            .unwrap()
            .set_meta("schema_version", version)
            .unwrap();
        let err = Store::connect(&url, false).unwrap_err();
        assert!(matches!(err, StoreError::NotALogDatabase { .. }), "{err:?}");
        let text = err.to_string();
        assert!(
            text.contains(&format!("schema version {version} found")),
            "{text}"
        );
        assert!(text.contains("reads version 2"), "{text}");
    }
}

#[test]
fn messages_never_show_the_password() {
    // Port 1: nothing listens there, so connecting fails at once.
    let url = "postgresql://croupier:hunter2-secret@127.0.0.1:1/poker";
    let err = Store::connect(url, false).unwrap_err();
    let text = format!("{err} {err:?}");
    assert!(!text.contains("hunter2"), "{text}");
    assert!(text.contains("poker on 127.0.0.1:1"), "{text}");
    let shown = store::display_location(url);
    assert_eq!(shown, "PostgreSQL database poker on 127.0.0.1:1");
    let err = Store::connect("postgres://u:hunter2@127.0.0.1:notaport/x", false).unwrap_err();
    assert!(!format!("{err} {err:?}").contains("hunter2"), "{err}");
}

/// A TCP proxy in front of the test server that, once armed, ends the client's side as the
/// client sends COMMIT, then passes the COMMIT on: the server commits, the client never hears.
struct CommitCutter {
    url: String,
    armed: Arc<AtomicBool>,
}

impl CommitCutter {
    fn start(url: &str) -> CommitCutter {
        let config: postgres::Config = url.parse().unwrap();
        let target = format!("127.0.0.1:{}", config.get_ports()[0]);
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let armed = Arc::new(AtomicBool::new(false));
        let armed_at_accept = armed.clone();
        std::thread::spawn(move || {
            for front in listener.incoming() {
                let Ok(front) = front else { return };
                let back = TcpStream::connect(&target).unwrap();
                let (mut front_r, mut back_w) =
                    (front.try_clone().unwrap(), back.try_clone().unwrap());
                let armed = armed_at_accept.clone();
                std::thread::spawn(move || {
                    let mut buf = [0u8; 64 * 1024];
                    while let Ok(n) = front_r.read(&mut buf) {
                        if n == 0 {
                            break;
                        }
                        let chunk = &buf[..n];
                        if chunk.windows(7).any(|w| w == b"COMMIT\0")
                            && armed.swap(false, Ordering::SeqCst)
                        {
                            let _ = front_r.shutdown(Shutdown::Both);
                            let _ = back_w.write_all(chunk);
                            let _ = back_w.shutdown(Shutdown::Write);
                            return;
                        }
                        if back_w.write_all(chunk).is_err() {
                            break;
                        }
                    }
                    let _ = back_w.shutdown(Shutdown::Write);
                });
                let (mut back_r, mut front_w) = (back, front);
                std::thread::spawn(move || {
                    let _ = std::io::copy(&mut back_r, &mut front_w);
                    let _ = front_w.shutdown(Shutdown::Both);
                });
            }
        });
        let (base, database) = url.rsplit_once('/').unwrap();
        let base = base.replace(&format!(":{}", config.get_ports()[0]), &format!(":{port}"));
        CommitCutter {
            url: format!("{base}/{database}"),
            armed,
        }
    }
}

/// A write waits a while for a lock another session holds on the log (5 s, as SQLite's busy
/// timeout), then fails on the lock timeout (55P03) without writing rather than waiting for
/// ever; the connection stays usable.
#[test]
fn a_write_gives_up_on_a_lock_held_elsewhere() {
    let url = fresh();
    let mut log = Store::connect(&url, false).unwrap();
    log.append(1, "a").unwrap();
    let mut other = client(&url);
    let mut tx = other.transaction().unwrap();
    tx.batch_execute("LOCK TABLE log IN EXCLUSIVE MODE")
        .unwrap();
    let err = log.append(2, "b").unwrap_err();
    assert!(err.to_string().contains("55P03"), "{err}");
    tx.rollback().unwrap();
    assert_eq!(log.append(3, "c").unwrap(), 2);
    assert_eq!(bodies(&log), ["a", "c"]);
}
