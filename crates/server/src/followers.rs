//! An event's connections, found by the table they follow. Why: a turn of actions changes a
//! table or two, and looking at every connection of a 5,000-player event after each turn cost
//! the event's one task more than the actions did (perf, `croupier bench load` in stress mode).

use crate::outbox::Outbox;
use crate::push::Pushed;
use crate::role::Topics;
use crate::role::{PersonId, Role};
use crate::room::Room;
use std::collections::{BTreeMap, BTreeSet, HashMap};

#[derive(Debug)]
pub(crate) struct Subscriber {
    pub id: u64,
    pub role: Role,
    pub topics: Topics,
    /// A table watched with the public's eyes (0-based).
    pub watch: Option<u32>,
    /// The table last sent to a player, to notice a move; `None` before their first page.
    pub last_table: Option<Option<u32>>,
    /// The table and newest finished hand whose history this client has.
    pub history_sent: Option<(u32, Option<u64>)>,
    /// What this connection was last sent of the summary, seating and standings, to send
    /// only what changed (its own view and a watched table are followed by its `Inbox`).
    pub pushed: Pushed,
    pub tx: Outbox,
}

impl Subscriber {
    /// The table whose changes this connection is sent.
    fn follows(&self) -> Option<u32> {
        match self.role {
            Role::Player { .. } => self.last_table.flatten(),
            _ => self.watch,
        }
    }
}

#[derive(Debug, Default)]
pub(crate) struct Followers {
    subs: BTreeMap<u64, Subscriber>,
    /// Connections by the table they follow (`Subscriber::follows`).
    at_table: HashMap<u32, Vec<u64>>,
    /// Players' connections by person.
    by_person: HashMap<PersonId, Vec<u64>>,
    /// Players' connections not sent a page yet: any change may give them one.
    unsent: BTreeSet<u64>,
}

impl Followers {
    pub fn is_empty(&self) -> bool {
        self.subs.is_empty()
    }

    pub fn get(&self, id: u64) -> Option<&Subscriber> {
        self.subs.get(&id)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Subscriber> {
        self.subs.values()
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Subscriber> {
        self.subs.values_mut()
    }

    pub fn insert(&mut self, sub: Subscriber) {
        let id = sub.id;
        if let Role::Player { person, .. } = sub.role {
            self.by_person.entry(person).or_default().push(id);
            if sub.last_table.is_none() {
                self.unsent.insert(id);
            }
        }
        if let Some(t) = sub.follows() {
            self.at_table.entry(t).or_default().push(id);
        }
        self.subs.insert(id, sub);
    }

    pub fn remove(&mut self, id: u64) -> Option<Subscriber> {
        let sub = self.subs.remove(&id)?;
        if let Role::Player { person, .. } = sub.role {
            forget(&mut self.by_person, person, id);
        }
        if let Some(t) = sub.follows() {
            forget(&mut self.at_table, t, id);
        }
        self.unsent.remove(&id);
        Some(sub)
    }

    /// Changes one connection; what it follows afterwards is indexed again.
    pub fn update<T>(&mut self, id: u64, f: impl FnOnce(&mut Subscriber) -> T) -> Option<T> {
        let sub = self.subs.get_mut(&id)?;
        let before = (sub.follows(), sub.last_table.is_none());
        let out = f(sub);
        let after = (sub.follows(), sub.last_table.is_none());
        if before.0 != after.0 {
            if let Some(t) = before.0 {
                forget(&mut self.at_table, t, id);
            }
            if let Some(t) = after.0 {
                self.at_table.entry(t).or_default().push(id);
            }
        }
        if matches!(sub.role, Role::Player { .. }) && before.1 != after.1 {
            if after.1 {
                self.unsent.insert(id);
            } else {
                self.unsent.remove(&id);
            }
        }
        Some(out)
    }

    /// Drops the connections whose session is gone; the ones dropped.
    pub fn drop_closed(&mut self) -> Vec<Subscriber> {
        let closed: Vec<u64> = self
            .subs
            .values()
            .filter(|s| s.tx.is_closed())
            .map(|s| s.id)
            .collect();
        closed
            .into_iter()
            .filter_map(|id| self.remove(id))
            .collect()
    }

    /// The connections a change at `tables` may concern, in order: those following one of
    /// them, the players seated at one now (moved or seated there), and players not sent a
    /// page yet.
    pub fn concerned(&self, room: &Room, tables: &[u32]) -> Vec<u64> {
        let mut ids: Vec<u64> = self.unsent.iter().copied().collect();
        for &t in tables {
            ids.extend(self.at_table.get(&t).into_iter().flatten());
            for person in room.people_at(t) {
                ids.extend(self.by_person.get(&person).into_iter().flatten());
            }
        }
        ids.sort_unstable();
        ids.dedup();
        ids
    }
}

fn forget<K: std::hash::Hash + Eq>(index: &mut HashMap<K, Vec<u64>>, key: K, id: u64) {
    if let Some(ids) = index.get_mut(&key) {
        ids.retain(|&i| i != id);
        if ids.is_empty() {
            index.remove(&key);
        }
    }
}
