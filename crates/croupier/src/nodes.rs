//! Several `croupier serve` over one PostgreSQL log (issue 37 item 1, as far as it goes): the
//! room is served by the node that holds its lease (`store::Lease`, task `room`); another
//! waits as a standby, piping its clients' connections to the serving node (`forward`), until
//! that lease runs out, then replays the log and serves. Every write
//! of the serving node is fenced by its lease (`Store::fence_with`), and a node that can no
//! longer renew it stops serving: two nodes never both write the room.

use anyhow::Context;
use std::time::{Duration, Instant};
use store::{Acquired, Lease, Store};

/// The task whose lease is the room's: every event, cash table and live table.
const ROOM: &str = "room";

/// Waits until this node holds the room's lease: at once when nobody does (or its holder's
/// lease ran out), else as a standby, asking again a few times a lease, meanwhile piping every
/// connection made to `listener` to the serving node (`forward`), `most` at once. `address` is
/// where the other nodes reach this one; the lease's owner names it.
pub fn take_room(
    store: &mut Store,
    node: &str,
    lease_ms: u64,
    (address, listener, pipes): (&str, &std::net::TcpListener, crate::forward::Pipes),
) -> anyhow::Result<Lease> {
    anyhow::ensure!(lease_ms >= 300, "--lease-ms {lease_ms}: at least 300");
    anyhow::ensure!(
        !node.is_empty() && !node.contains('/'),
        "--node {node:?}: a name without `/`"
    );
    // The owner is this process, not only the node's name: a second process started under the
    // same name (the old one paused, not dead) is another owner, never a renewal of its lease.
    let tag = server::secret::new_secret().map_err(|r| anyhow::anyhow!("{}", r.message))?;
    let owner = format!("{node}/{}-{}/{address}", std::process::id(), &tag[..8]);
    let target = crate::forward::Target::default();
    let mut forwarding = None;
    let mut told = None;
    let mut failed: Option<String> = None;
    loop {
        let asked = store
            .acquire(ROOM, &owner, lease_ms)
            .context("taking the room's lease (several nodes need a PostgreSQL log)");
        // The first answer decides whether this log takes leases at all; a standby then
        // rides out what fails later (the database restarting, a lock held by a node that
        // hangs) and asks again, saying so once.
        let asked = match asked {
            Err(e) if forwarding.is_some() => {
                let why = format!("{e:#}");
                if failed.as_ref() != Some(&why) {
                    println!(
                        "standby: node {node} could not ask for the lease ({why}); asks again"
                    );
                    failed = Some(why);
                }
                std::thread::sleep(Duration::from_millis(lease_ms / 4));
                continue;
            }
            asked => asked?,
        };
        failed = None;
        match asked {
            Acquired::Granted(lease) => {
                // The forwarding stops first (and is waited for): the listener is this node's.
                drop(forwarding.take());
                println!(
                    "node {node} serves the room (lease token {}, {lease_ms} ms, renewed every {} ms)",
                    lease.token,
                    lease_ms / 3
                );
                return Ok(lease);
            }
            Acquired::HeldBy(held) => {
                let (serving, at) = owner_parts(&held.owner);
                // Never to itself: an earlier process at this address held the lease (killed,
                // it has not run out yet). The clients try another node meanwhile.
                let to = at.filter(|&a| a != address);
                target.set(to.map(str::to_string));
                if forwarding.is_none() {
                    forwarding = Some(crate::forward::start(listener, target.clone(), pipes)?);
                }
                if told != Some(held.token) {
                    told = Some(held.token);
                    let forwards = match to {
                        Some(to) => format!("forwards its connections to {to}"),
                        None => "closes its connections (the lease names no other node's \
                                 address)"
                            .to_string(),
                    };
                    println!(
                        "standby: node {serving} serves the room (lease token {}); node {node} \
                         {forwards} and takes over when that lease runs out",
                        held.token,
                    );
                }
            }
        }
        std::thread::sleep(Duration::from_millis(lease_ms / 4));
    }
}

/// An owner's node name and the address it is reached at (`node/process/address`; an owner
/// written by an older build names no address).
fn owner_parts(owner: &str) -> (&str, Option<&str>) {
    let mut parts = owner.splitn(3, '/');
    let node = parts.next().unwrap_or_default();
    let address = parts.nth(1).filter(|a| !a.is_empty());
    (node, address)
}

/// Renews `lease` a third of its time apart on a connection of its own, on a thread (the
/// PostgreSQL client is not used inside the runtime). The receiver hears why, once the lease
/// is lost: another node holds it, or it could not be renewed before it ran out.
pub fn keep_renewing(
    database: &str,
    lease: Lease,
    lease_ms: u64,
) -> tokio::sync::oneshot::Receiver<String> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let database = database.to_string();
    let spawned = std::thread::Builder::new()
        .name("croupier-lease".into())
        .spawn(move || {
            let why = renew_until_lost(&database, lease, lease_ms);
            let _ = tx.send(why);
        });
    if let Err(e) = spawned {
        // Without renewal the lease runs out: stop now rather than write until then.
        let (tx, rx) = tokio::sync::oneshot::channel();
        let _ = tx.send(format!("no thread to renew the lease: {e}"));
        return rx;
    }
    rx
}

fn renew_until_lost(database: &str, mut lease: Lease, lease_ms: u64) -> String {
    let mut store = None;
    let mut renewed = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(lease_ms / 3));
        if store.is_none() {
            store = Store::connect(database, false).ok();
        }
        // Whether another node holds it now, and what went wrong.
        let result = match store.as_mut() {
            Some(s) => s.renew(&lease, lease_ms).map_err(|e| {
                let fenced = matches!(e, store::StoreError::Fenced { .. });
                (fenced, e.to_string())
            }),
            None => Err((false, "no connection to the log".to_string())),
        };
        match result {
            Ok(next) => {
                lease = next;
                renewed = Instant::now();
            }
            Err((true, why)) => return why,
            // The database unreachable: tried again until the lease would have run out.
            Err((false, why)) if renewed.elapsed() >= Duration::from_millis(lease_ms) => {
                return format!("not renewed within {lease_ms} ms ({why})");
            }
            Err(_) => store = None,
        }
    }
}

/// Gives the room's lease up after a clean stop, so that a standby takes over at once instead
/// of waiting for it to run out; a failure only costs that wait.
pub fn give_up(database: &str, lease: &Lease) {
    // On a thread of its own: the PostgreSQL client runs no runtime inside another.
    let (database, lease) = (database.to_string(), lease.clone());
    let released = std::thread::spawn(move || {
        if let Ok(mut store) = Store::connect(&database, false) {
            let _ = store.release(&lease);
        }
    });
    let _ = released.join();
}

#[cfg(test)]
mod tests {
    use super::owner_parts;

    #[test]
    fn an_owner_names_its_node_and_address() {
        assert_eq!(
            owner_parts("a/4242-0123abcd/127.0.0.1:8081"),
            ("a", Some("127.0.0.1:8081"))
        );
        // Written by a build before the forwarding: no address to forward to.
        assert_eq!(owner_parts("a/4242-0123abcd"), ("a", None));
    }
}
