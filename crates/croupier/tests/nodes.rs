//! Issue 37 item 1, as far as it goes: two `croupier serve` nodes on one PostgreSQL log. The
//! one that holds the room's lease serves; the other waits as a standby. Killed with SIGKILL,
//! the serving node's lease runs out and the standby replays the log and serves the room, with
//! everything the first acknowledged; the first, started again, waits as the standby.

mod server;

use serde_json::json;
use server::Server;
use std::sync::mpsc;
use std::time::Duration;

const LEASE: &[&str] = &["--lease-ms", "3000"];

fn node(url: &str, name: &str) -> Server {
    let flags = [&["--node", name][..], LEASE, &["--bot-think-ms", "200"]].concat();
    Server::start_with(url, &flags)
}

/// A node at `listen` that takes requests made to any of `origins` (each node's).
fn node_at(url: &str, name: &str, listen: &str, origins: &str) -> Server {
    let at = ["--listen", listen, "--public-origin", origins];
    let flags = [
        &["--node", name][..],
        LEASE,
        &["--bot-think-ms", "200"],
        &at,
    ]
    .concat();
    Server::start_with(url, &flags)
}

fn free_address() -> String {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    probe.local_addr().expect("its address").to_string()
}

#[test]
fn a_standby_takes_the_room_over_when_the_serving_node_dies() {
    let url = store::testing::fresh_postgres().unwrap_or_else(|e| panic!("{e}"));
    let (at_a, at_b) = (free_address(), free_address());
    let origins = format!("http://{at_a},http://{at_b}");
    let a = node_at(&url, "a", &at_a, &origins);
    a.create_turbo(3);
    let (status, reg) = a.post(
        "/api/events/0/register",
        Some(&a.secret),
        &json!({ "name": "Anna", "bot": false }),
    );
    assert_eq!(status, 200, "{reg}");
    // Node b waits while a holds the room: it serves nothing yet.
    let (tx, standby) = mpsc::channel();
    let url_b = url.clone();
    let (listen_b, origins_b) = (at_b.clone(), origins.clone());
    let b = std::thread::spawn(move || {
        let b = node_at(&url_b, "b", &listen_b, &origins_b);
        let _ = tx.send(());
        b
    });
    assert!(
        standby.recv_timeout(Duration::from_secs(4)).is_err(),
        "b served while a held the room's lease"
    );
    // A client of the standby is served all the same: b pipes its connection to a.
    let (status, summary) = server::http(&at_b, "GET", "/api/events/0", None, None);
    assert_eq!(status, 200, "through the standby: {summary}");
    assert_eq!(summary["entrants"], 1, "{summary}");
    a.kill();
    // a's lease runs out; b takes over and has what a acknowledged.
    let b = b.join().expect("node b");
    let (status, summary) = b.get("/api/events/0", None);
    assert_eq!(status, 200, "{summary}");
    assert_eq!(summary["entrants"], 1, "{summary}");
    let (status, me) = b.get(
        "/api/events/0/me",
        Some(reg["token"].as_str().expect("a token")),
    );
    assert_eq!(status, 200, "Anna's token works on b: {me}");
    // a, started again, is the standby now.
    let (tx, standby) = mpsc::channel();
    let again = std::thread::spawn(move || {
        let a = node(&url, "a");
        let _ = tx.send(());
        a
    });
    assert!(
        standby.recv_timeout(Duration::from_secs(4)).is_err(),
        "a served again while b held the room"
    );
    drop(b);
    drop(again.join().expect("node a again"));
}

// A node whose lease another node took (here: the database says so) writes nothing more: the
// write is refused, and the node stops serving within a renewal.
#[test]
fn a_node_that_lost_the_room_writes_nothing_and_stops() {
    let url = store::testing::fresh_postgres().unwrap_or_else(|e| panic!("{e}"));
    let mut a = node(&url, "a");
    a.create_turbo(4);
    let log = store::Store::connect(&url, false).expect("the log");
    let before = log.len().expect("its length");
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).expect("admin");
    admin
        .execute(
            "UPDATE leases SET owner = 'c', token = token + 1 WHERE task = 'room'",
            &[],
        )
        .expect("the lease taken");
    let (status, body) = a.post(
        "/api/events/0/register",
        Some(&a.secret),
        &json!({ "name": "Late", "bot": false }),
    );
    assert_eq!(status, 503, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or("")
            .contains("nothing was written"),
        "{body}"
    );
    assert_eq!(log.len().expect("its length"), before, "nothing written");
    // Within a renewal (a second) and the shutdown, the process ends, not successfully.
    let mut status = None;
    for _ in 0..300 {
        status = a.child.try_wait().expect("the child");
        if status.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let status = status.expect("node a stopped");
    assert!(!status.success(), "{status}");
}

// Issue 37 item 2, in short: `croupier bench failover` kills the serving node of three, three
// times, and pauses it once past its lease (SIGSTOP until another serves, then SIGCONT), under
// thirty human-paced players spread over the nodes. Its last line, exactly as the issue gives
// it: no acknowledged action lost, the chips conserved, never two owners (no write under an
// older lease after a newer one's, read from the log); the paused node found its lease gone.
#[test]
fn bench_failover_loses_nothing_and_conserves_the_chips() {
    let url = store::testing::fresh_postgres().unwrap_or_else(|e| panic!("{e}"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["bench", "failover", "--database", &url, "--players", "30"])
        .args([
            "--kills", "3", "--pauses", "1", "--every", "1", "--target", "serving",
        ])
        .args(["--lease-ms", "1000", "--think", "200-800"])
        .output()
        .expect("croupier bench failover");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let last = stdout.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split(' ').collect();
    let acknowledged: u64 = words.get(3).and_then(|a| a.parse().ok()).unwrap_or(0);
    assert!(acknowledged > 0, "actions were acknowledged: {last}");
    let expected = format!(
        "failover: 3 kills, {acknowledged} acknowledged, 0 lost, chips conserved, 0 double \
         owners, takeover p50 "
    );
    assert!(last.starts_with(&expected), "{last}\n{stdout}");
    assert!(
        stdout.contains("found their lease gone and stopped: 1 of 1"),
        "{stdout}"
    );
    let p99: f64 = words
        .get(words.len().wrapping_sub(2))
        .and_then(|p| p.parse().ok())
        .unwrap_or(f64::NAN);
    assert!(words[words.len() - 3] == "p99" && p99 > 0.0, "{last}");
}
