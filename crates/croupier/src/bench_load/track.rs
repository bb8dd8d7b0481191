//! The latency of an action at its whole table: from the action sent to the moment the last
//! player seated there received a state reflecting it (a greater [`Mark`]).
//!
//! The tracker keeps who sits where from the players' own messages (a player is at the table of
//! the last state they received), so that a player moved or knocked out is no longer waited for.
//! An action waits for the players seated at its table when it is sent; each of them ends their
//! part with their first message at that table whose mark is greater than the action's. One lock
//! for everything: it is held for a few comparisons per message.

use super::decode::Mark;
use protocol::EntryId;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

#[derive(Default)]
pub struct Tracker {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    /// The table of each player's last state.
    at: HashMap<EntryId, u32>,
    /// Players at each table.
    seated: HashMap<u32, Vec<EntryId>>,
    /// Actions whose table has not seen them yet, by table.
    pending: HashMap<u32, Vec<Pending>>,
    /// Each finished action: when it was sent, and microseconds to its last player updated.
    done: Vec<(Instant, u64)>,
}

struct Pending {
    actor: EntryId,
    mark: Mark,
    sent: Instant,
    /// The latest arrival so far.
    last: Instant,
    waiting: Vec<EntryId>,
}

impl Tracker {
    /// `actor` is sending an action from the state `mark` at `table`, now (`sent`): called
    /// before the action goes out, so that no answer can come first.
    pub fn sent(&self, actor: EntryId, table: u32, mark: Mark, sent: Instant) {
        let mut inner = self.lock();
        let waiting = inner.seated.get(&table).cloned().unwrap_or_default();
        inner.pending.entry(table).or_default().push(Pending {
            actor,
            mark,
            sent,
            last: sent,
            waiting,
        });
    }

    /// The action `actor` sent from `mark` was refused: nothing will reflect it.
    pub fn refused(&self, actor: EntryId, table: u32, mark: Mark) {
        let mut inner = self.lock();
        if let Some(list) = inner.pending.get_mut(&table) {
            list.retain(|p| p.actor != actor || p.mark != mark);
        }
    }

    /// `player` received, at `arrived`, a state at `table` (`None`: no seat) with `mark`.
    pub fn seen(&self, player: EntryId, table: Option<u32>, mark: Option<Mark>, arrived: Instant) {
        let mut guard = self.lock();
        let inner = &mut *guard;
        let before = inner.at.get(&player).copied();
        if before != table {
            if let Some(old) = before {
                inner.at.remove(&player);
                if let Some(list) = inner.seated.get_mut(&old) {
                    list.retain(|&p| p != player);
                }
                // Gone from there: no longer waited for.
                settle(inner, old, player, None, arrived);
            }
            if let Some(new) = table {
                inner.at.insert(player, new);
                inner.seated.entry(new).or_default().push(player);
            }
        }
        if let (Some(table), Some(mark)) = (table, mark) {
            settle(inner, table, player, Some(mark), arrived);
        }
    }

    /// The actions every player at the table saw (when each was sent, and its latency in
    /// microseconds), and how many actions were still waiting for someone.
    pub fn finish(&self) -> (Vec<(Instant, u64)>, u64) {
        let mut inner = self.lock();
        let unfinished = inner.pending.values().map(|l| l.len() as u64).sum();
        (std::mem::take(&mut inner.done), unfinished)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A player's task that panicked leaves sound data behind: the counts go on.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// `player` at `table` is done with every pending action their `mark` passes (all of them
/// when `mark` is `None`: they left); actions nobody is waited for any more are finished.
fn settle(inner: &mut Inner, table: u32, player: EntryId, mark: Option<Mark>, arrived: Instant) {
    let Some(list) = inner.pending.get_mut(&table) else {
        return;
    };
    let done = &mut inner.done;
    list.retain_mut(|p| {
        if mark.is_none_or(|m| m > p.mark)
            && let Some(i) = p.waiting.iter().position(|&w| w == player)
        {
            p.waiting.swap_remove(i);
            if mark.is_some() {
                p.last = p.last.max(arrived);
            }
        }
        if p.waiting.is_empty() {
            let micros = p.last.saturating_duration_since(p.sent).as_micros() as u64;
            done.push((p.sent, micros));
            return false;
        }
        true
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ms(base: Instant, n: u64) -> Instant {
        base + Duration::from_millis(n)
    }

    fn latencies(t: &Tracker) -> (Vec<u64>, u64) {
        let (done, unfinished) = t.finish();
        (done.into_iter().map(|(_, l)| l).collect(), unfinished)
    }

    /// Issue 19 item 6: the latency is the last of the table's players, not the actor's own;
    /// a state from before the action does not count, a moved player is not waited for.
    #[test]
    fn waits_for_the_last_player_at_the_table() {
        let t = Tracker::default();
        let base = Instant::now();
        let before = Mark { hand: 5, said: 3 };
        let after = Mark { hand: 5, said: 4 };
        for p in [1, 2, 3] {
            t.seen(engine::PlayerId(p), Some(8), Some(before), base);
        }
        t.seen(engine::PlayerId(4), Some(9), Some(before), base);
        t.sent(engine::PlayerId(1), 8, before, ms(base, 10));
        t.seen(engine::PlayerId(1), Some(8), Some(after), ms(base, 12));
        // An older state arriving late is not the answer.
        t.seen(engine::PlayerId(2), Some(8), Some(before), ms(base, 13));
        t.seen(engine::PlayerId(2), Some(8), Some(after), ms(base, 40));
        // Player 4 at another table is not waited for.
        t.seen(
            engine::PlayerId(4),
            Some(9),
            Some(Mark { hand: 9, said: 0 }),
            ms(base, 41),
        );
        assert_eq!(latencies(&t), (vec![], 1));
        // The next hand reflects it too.
        t.seen(
            engine::PlayerId(3),
            Some(8),
            Some(Mark { hand: 6, said: 0 }),
            ms(base, 25),
        );
        assert_eq!(latencies(&t), (vec![30_000], 0));

        t.sent(engine::PlayerId(2), 8, after, ms(base, 100));
        t.seen(
            engine::PlayerId(1),
            Some(8),
            Some(Mark { hand: 5, said: 6 }),
            ms(base, 105),
        );
        t.seen(
            engine::PlayerId(2),
            Some(8),
            Some(Mark { hand: 5, said: 6 }),
            ms(base, 107),
        );
        // Player 3 is moved to table 9 before seeing it: the action is done with the others.
        t.seen(
            engine::PlayerId(3),
            Some(9),
            Some(Mark { hand: 9, said: 1 }),
            ms(base, 300),
        );
        assert_eq!(latencies(&t), (vec![7_000], 0));

        t.sent(
            engine::PlayerId(1),
            8,
            Mark { hand: 5, said: 6 },
            ms(base, 400),
        );
        t.refused(engine::PlayerId(1), 8, Mark { hand: 5, said: 6 });
        assert_eq!(latencies(&t), (vec![], 0));
    }
}
