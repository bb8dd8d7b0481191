//! Who may hold the connection slots. Anonymous watchers (public WebSockets) take at most
//! `Limits::max_watchers` of them, so that the people the room runs on (the TD, the tablets,
//! seated players and guests) always find one; when the watchers' share or the whole server is
//! full, a watcher of the client holding the most watchers is closed, the one quiet longest
//! first (issue 33 item 1). A client is an IPv4 address or an IPv6 /64 (`limit::client`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;
use tokio::sync::Notify;

/// The open anonymous watchers.
#[derive(Debug, Default)]
pub struct Slots {
    watchers: Mutex<Watchers>,
}

#[derive(Debug, Default)]
struct Watchers {
    next: u64,
    open: HashMap<u64, Watcher>,
    per_client: HashMap<IpAddr, usize>,
}

#[derive(Debug)]
struct Watcher {
    client: IpAddr,
    heard: Instant,
    close: Arc<Notify>,
}

/// A watcher's slot, given back when dropped; `closed` completes when the server needs it.
#[derive(Debug)]
pub struct WatchSlot {
    slots: Arc<Slots>,
    id: u64,
    close: Arc<Notify>,
}

impl Slots {
    fn lock(&self) -> MutexGuard<'_, Watchers> {
        self.watchers.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A slot for a watcher from `client`; with `max` watchers open already, one of them is
    /// closed to make room (none is taken when `max` is 0: `None`).
    pub fn watch(self: &Arc<Self>, client: IpAddr, max: usize) -> Option<WatchSlot> {
        if max == 0 {
            return None;
        }
        let mut w = self.lock();
        while w.open.len() >= max {
            if !w.evict() {
                break;
            }
        }
        w.next += 1;
        let id = w.next;
        let close = Arc::new(Notify::new());
        w.open.insert(
            id,
            Watcher {
                client,
                heard: Instant::now(),
                close: close.clone(),
            },
        );
        *w.per_client.entry(client).or_insert(0) += 1;
        Some(WatchSlot {
            slots: self.clone(),
            id,
            close,
        })
    }

    /// Closes one watcher to make room for a connection; false when there is none.
    pub fn make_room(&self) -> bool {
        self.lock().evict()
    }

    /// Watchers open.
    pub fn len(&self) -> usize {
        self.lock().open.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Watchers {
    /// Takes the slot of the watcher quiet longest among those of the client with the most,
    /// and tells it to close.
    fn evict(&mut self) -> bool {
        let Some(crowd) = self
            .per_client
            .iter()
            .max_by_key(|(_, n)| **n)
            .map(|(client, _)| *client)
        else {
            return false;
        };
        let victim = self
            .open
            .iter()
            .filter(|(_, w)| w.client == crowd)
            .min_by_key(|(id, w)| (w.heard, **id))
            .map(|(id, _)| *id);
        match victim.and_then(|id| self.remove(id)) {
            Some(watcher) => {
                watcher.close.notify_one();
                true
            }
            None => false,
        }
    }

    fn remove(&mut self, id: u64) -> Option<Watcher> {
        let watcher = self.open.remove(&id)?;
        if let Some(n) = self.per_client.get_mut(&watcher.client) {
            *n -= 1;
            if *n == 0 {
                self.per_client.remove(&watcher.client);
            }
        }
        Some(watcher)
    }
}

impl WatchSlot {
    /// The watcher said something (a whole message): it is not idle.
    pub fn heard(&self) {
        if let Some(w) = self.slots.lock().open.get_mut(&self.id) {
            w.heard = Instant::now();
        }
    }

    /// Completes when the server takes this slot back for someone else.
    pub async fn closed(&self) {
        self.close.notified().await;
    }
}

impl Drop for WatchSlot {
    fn drop(&mut self) {
        self.slots.lock().remove(self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    /// Issue 33 item 1: the crowd loses its quietest watcher, the lone one stays.
    #[test]
    fn the_client_with_most_watchers_gives_up_its_quietest() {
        let slots = Arc::new(Slots::default());
        let tv = slots.watch(ip("192.0.2.1"), 3).expect("a slot");
        let first = slots.watch(ip("192.0.2.9"), 3).expect("a slot");
        let second = slots.watch(ip("192.0.2.9"), 3).expect("a slot");
        first.heard();
        let third = slots.watch(ip("192.0.2.9"), 3).expect("a slot");
        assert_eq!(slots.len(), 3);
        assert!(
            slots.lock().open.contains_key(&tv.id),
            "the TV's one watcher stays"
        );
        assert!(!slots.lock().open.contains_key(&second.id), "quiet longest");
        assert!(slots.lock().open.contains_key(&first.id));
        drop(third);
        assert_eq!(slots.len(), 2);
        assert!(slots.make_room());
        assert!(slots.make_room());
        assert!(!slots.make_room());
        assert!(slots.watch(ip("192.0.2.1"), 0).is_none());
    }
}
