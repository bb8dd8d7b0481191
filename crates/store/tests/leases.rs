//! Issue 37 item 1: several nodes over one PostgreSQL log. A task is owned by one node at a time
//! through a lease (owner, expiry by the database's clock, fencing token); a record is written
//! only in a transaction that finds the writer's lease current, so a node that lost its lease
//! writes nothing, and two nodes never both hold one task.

use std::sync::{Arc, Barrier};

use postgres::{Client, NoTls};
use store::{Acquired, Lease, Store, StoreError};

fn fresh() -> String {
    store::testing::fresh_postgres().unwrap_or_else(|e| panic!("{e}"))
}

fn granted(a: Acquired) -> Lease {
    match a {
        Acquired::Granted(lease) => lease,
        Acquired::HeldBy(held) => panic!("held by {held:?}"),
    }
}

/// Runs the lease of `task` out now, as the passing of its time would.
fn run_out(url: &str, task: &str) {
    let mut admin = Client::connect(url, NoTls).unwrap();
    admin
        .execute("UPDATE leases SET expires_ms = 0 WHERE task = $1", &[&task])
        .unwrap();
}

fn records(n: usize) -> Vec<(u64, String)> {
    (0..n).map(|i| (i as u64, format!("r{i}"))).collect()
}

#[test]
fn a_task_is_one_nodes_while_its_lease_runs() {
    let url = fresh();
    let mut a = Store::connect(&url, false).unwrap();
    let mut b = Store::connect(&url, false).unwrap();
    let lease = granted(a.acquire("event 0", "node-a", 60_000).unwrap());
    assert_eq!((lease.owner.as_str(), lease.token), ("node-a", 1));
    match b.acquire("event 0", "node-b", 60_000).unwrap() {
        Acquired::HeldBy(held) => assert_eq!(held, lease),
        Acquired::Granted(l) => panic!("two owners: {l:?}"),
    }
    // Its owner asking again renews it, with the same token.
    let again = granted(a.acquire("event 0", "node-a", 60_000).unwrap());
    assert_eq!(again.token, 1);
    assert!(again.expires_ms >= lease.expires_ms);
    assert_eq!(a.append_fenced(&again, &records(2)).unwrap(), 2);
    // Another task is another lease.
    let other = granted(b.acquire("cash table 3", "node-b", 60_000).unwrap());
    assert_eq!(other.token, 1);
    assert_eq!(b.append_fenced(&other, &records(1)).unwrap(), 3);
    assert_eq!(a.leases().unwrap().len(), 2);
}

#[test]
fn a_node_that_lost_its_lease_writes_nothing() {
    let url = fresh();
    let mut a = Store::connect(&url, false).unwrap();
    let mut b = Store::connect(&url, false).unwrap();
    let old = granted(a.acquire("event 0", "node-a", 60_000).unwrap());
    a.append_fenced(&old, &records(1)).unwrap();
    // Node a stops answering; its lease runs out and node b takes the task over.
    run_out(&url, "event 0");
    let new = granted(b.acquire("event 0", "node-b", 60_000).unwrap());
    assert_eq!(new.token, old.token + 1, "a new owner, a new token");
    // Node a comes back not knowing: its write, its renewal, its release are all refused.
    let err = a.append_fenced(&old, &records(3)).unwrap_err();
    assert!(
        matches!(&err, StoreError::Fenced { task, token: 1, now } if task == "event 0" && now.contains("node-b")),
        "{err}"
    );
    assert!(err.to_string().contains("nothing was written"), "{err}");
    assert!(matches!(
        a.renew(&old, 60_000),
        Err(StoreError::Fenced { .. })
    ));
    a.release(&old).unwrap();
    assert_eq!(a.len().unwrap(), 1, "the fenced records are not in the log");
    // A store fenced by the old lease writes no record and no meta value (a secret's hash)
    // either; one fenced by the new lease does.
    a.fence_with(old.clone()).unwrap();
    assert!(matches!(a.append(5, "x"), Err(StoreError::Fenced { .. })));
    assert!(matches!(
        a.set_meta("td_secret", "x"),
        Err(StoreError::Fenced { .. })
    ));
    assert!(matches!(
        a.remove_meta("td_secret"),
        Err(StoreError::Fenced { .. })
    ));
    assert_eq!(a.meta("td_secret").unwrap(), None);
    b.fence_with(new.clone()).unwrap();
    b.set_meta("td_secret", "y").unwrap();
    assert_eq!(a.meta("td_secret").unwrap().as_deref(), Some("y"));
    assert_eq!(a.len().unwrap(), 1);
    b.append_fenced(&new, &records(1)).unwrap();
    assert_eq!(b.len().unwrap(), 2);
    let now = b.leases().unwrap();
    assert_eq!(now.len(), 1);
    assert_eq!((now[0].owner.as_str(), now[0].token), ("node-b", new.token));
    // Which lease wrote which records is kept with them: a's one record under token 1, b's
    // under token 2, and no write under an older token after a newer one.
    let writes = b.fenced_writes().unwrap();
    let by: Vec<(u64, u64, &str, u64)> = writes
        .iter()
        .map(|w| (w.first, w.last, w.owner.as_str(), w.token))
        .collect();
    assert_eq!(by, [(1, 1, "node-a", 1), (2, 2, "node-b", 2)]);
    assert!(store::stale_writes(&writes).is_empty());
    // An unfenced write (one node, no lease) is not among them.
    let mut alone = Store::connect(&url, false).unwrap();
    alone.append(7, "z").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(alone.fenced_writes().unwrap(), writes);
}

#[test]
fn a_lease_run_out_is_not_written_on_even_by_its_owner() {
    let url = fresh();
    let mut a = Store::connect(&url, false).unwrap();
    let lease = granted(a.acquire("live table 1", "node-a", 60_000).unwrap());
    run_out(&url, "live table 1");
    let err = a.append_fenced(&lease, &records(1)).unwrap_err();
    assert!(
        matches!(&err, StoreError::Fenced { now, .. } if now.contains("ran out")),
        "{err}"
    );
    // Taken again, by its owner too, it has a new token: what it held may be stale.
    let again = granted(a.acquire("live table 1", "node-a", 60_000).unwrap());
    assert_eq!(again.token, lease.token + 1);
    assert!(a.append_fenced(&lease, &records(1)).is_err());
    a.append_fenced(&again, &records(1)).unwrap();
    // Released, the next node has it at once.
    a.release(&again).unwrap();
    let mut b = Store::connect(&url, false).unwrap();
    assert_eq!(
        granted(b.acquire("live table 1", "node-b", 60_000).unwrap()).token,
        again.token + 1
    );
}

#[test]
fn nodes_racing_for_a_task_give_it_one_owner() {
    let url = fresh();
    // The log's tables made: the first round races for a task nobody ever held.
    drop(Store::connect(&url, false).unwrap());
    let nodes = 4;
    let mut last_token = 0;
    for round in 0..15 {
        if round > 0 {
            run_out(&url, "event 7");
        }
        let barrier = Arc::new(Barrier::new(nodes));
        let handles: Vec<_> = (0..nodes)
            .map(|n| {
                let (url, barrier) = (url.clone(), barrier.clone());
                std::thread::spawn(move || {
                    let mut node = Store::connect(&url, false).unwrap();
                    barrier.wait();
                    node.acquire("event 7", &format!("node-{n}"), 60_000)
                        .unwrap()
                })
            })
            .collect();
        let got: Vec<Acquired> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let owners: Vec<&Lease> = got
            .iter()
            .filter_map(|a| match a {
                Acquired::Granted(l) => Some(l),
                Acquired::HeldBy(_) => None,
            })
            .collect();
        assert_eq!(owners.len(), 1, "round {round}: {got:?}");
        assert!(owners[0].token > last_token, "tokens only grow");
        last_token = owners[0].token;
        for a in &got {
            if let Acquired::HeldBy(held) = a {
                assert_eq!(
                    held, owners[0],
                    "round {round}: everyone sees the one owner"
                );
            }
        }
    }
}

#[test]
fn a_sqlite_log_has_no_leases() {
    let mut log = Store::open_in_memory().unwrap();
    assert!(matches!(
        log.acquire("event 0", "node-a", 1_000),
        Err(StoreError::NeedsPostgres)
    ));
}

// Issue 37 item 1: changes reach the other nodes through PostgreSQL's LISTEN/NOTIFY. A node
// following the log is woken by another's commit and reads what came after what it had.
#[test]
fn another_node_follows_the_log_as_it_is_written() {
    let url = fresh();
    let mut a = Store::connect(&url, false).unwrap();
    a.append(1, "before").unwrap();
    let b = Store::connect(&url, false).unwrap();
    let mut follower = b.follow(1).unwrap();
    let waiting = std::thread::spawn(move || {
        let got = follower.next(std::time::Duration::from_secs(30)).unwrap();
        (follower, got)
    });
    std::thread::sleep(std::time::Duration::from_millis(100));
    let lease = granted(a.acquire("event 0", "node-a", 60_000).unwrap());
    a.append_fenced(&lease, &records(2)).unwrap();
    let (mut follower, got) = waiting.join().unwrap();
    let bodies: Vec<&str> = got.iter().map(|r| r.body.as_str()).collect();
    assert_eq!(
        bodies,
        ["r0", "r1"],
        "the commit's records, not the one before"
    );
    assert_eq!(follower.last_seq(), 3);
    // Nothing new: nothing given.
    assert!(
        follower
            .next(std::time::Duration::from_millis(50))
            .unwrap()
            .is_empty()
    );
    // The follower's session ended (a restart of the database's server): the next call
    // connects again and misses nothing written meanwhile.
    let mut admin = Client::connect(&url, NoTls).unwrap();
    // Its last statement was a read of the log after a seq: no other session's is.
    let pids: Vec<i32> = admin
        .query(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() \
             AND pid <> pg_backend_pid() AND query LIKE '%WHERE seq > $1%'",
            &[],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(pids.len(), 1, "the follower's session");
    let ended: bool = admin
        .query_one("SELECT pg_terminate_backend($1, 5000)", &[&pids[0]])
        .unwrap()
        .get(0);
    assert!(ended);
    a.append(9, "while away").unwrap();
    let mut seen = Vec::new();
    for _ in 0..3 {
        match follower.next(std::time::Duration::from_millis(200)) {
            Ok(records) => seen.extend(records.into_iter().map(|r| r.body)),
            // The call that meets the lost connection fails; the next connects again.
            Err(e) => assert!(matches!(e, StoreError::Postgres { .. }), "{e}"),
        }
    }
    assert_eq!(seen, ["while away"]);
    // The connection made again listens too: a commit ends the next wait, not its time.
    let wakes = follower.wakes();
    let waiting = std::thread::spawn(move || {
        let got = follower.next(std::time::Duration::from_secs(120)).unwrap();
        (follower, got)
    });
    std::thread::sleep(std::time::Duration::from_millis(100));
    a.append(10, "heard").unwrap();
    let (follower, got) = waiting.join().unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!(follower.wakes(), wakes + 1, "woken by the commit");
}

/// Issue 37: a node that hangs (or is paused) inside a write, its lease's row locked, does not
/// keep the others from taking the task over: PostgreSQL ends its session once it has held the
/// transaction open without a word for 3 s, and with it the lock. The hung write is refused
/// when the node goes on; the new owner writes.
#[test]
fn a_node_that_hangs_in_a_write_keeps_no_lock_from_the_next_owner() {
    let url = fresh();
    let mut a = Store::connect(&url, false).unwrap();
    let mut b = Store::connect(&url, false).unwrap();
    let old = granted(a.acquire("room", "node-a", 60_000).unwrap());
    a.append_fenced(&old, &records(1)).unwrap();
    a.faults()
        .hang_in_next_write(std::time::Duration::from_secs(8));
    let hung = std::thread::spawn(move || a.append_fenced(&old, &records(2)));
    // The lease runs out while node a stands still holding its row.
    std::thread::sleep(std::time::Duration::from_millis(300));
    run_out(&url, "room");
    // A lock timeout (5 s) would be the hung session's lock kept.
    let new = granted(
        b.acquire("room", "node-b", 60_000)
            .unwrap_or_else(|e| panic!("the lease could not be taken: {e}")),
    );
    assert!(!hung.is_finished(), "taken while node a still stands still");
    assert_eq!(new.owner, "node-b");
    b.append_fenced(&new, &records(1)).unwrap();
    let refused = hung.join().unwrap();
    assert!(refused.is_err(), "the hung write was refused: {refused:?}");
    assert_eq!(b.len().unwrap(), 2, "node a's first record and node b's");
}
