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

#[test]
fn a_standby_takes_the_room_over_when_the_serving_node_dies() {
    let url = store::testing::fresh_postgres().unwrap_or_else(|e| panic!("{e}"));
    let a = node(&url, "a");
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
    let b = std::thread::spawn(move || {
        let b = node(&url_b, "b");
        let _ = tx.send(());
        b
    });
    assert!(
        standby.recv_timeout(Duration::from_secs(4)).is_err(),
        "b served while a held the room's lease"
    );
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
