//! Taking a command back: what a command may change is kept before it changes, so that a
//! refusal, or a record the log could not write, leaves the room exactly as it was. The
//! director's books are copied up front only for the commands that work on them; a hand's
//! action copies them, and the table's finished hands, only when it ends the hand
//! (`keep_tournament`, `keep_history`), so acting stays cheap.

use super::*;

/// A live table but for its finished hands, which only the end of a hand changes (see
/// `keep_history`): an action copies one hand, not six.
#[derive(Clone, Debug)]
struct TableSnap {
    hand: Option<LiveHand>,
    hands_dealt: u64,
    ready_at: u64,
    history: Option<VecDeque<LiveHand>>,
}

#[derive(Clone, Debug)]
pub(super) struct Undo {
    t: Option<Tournament>,
    /// The tables hand commands work on, as they were (one per table: the earliest).
    tables_before: Vec<(usize, TableSnap)>,
    tables: usize,
    /// The tablets as they were, when the command binds one.
    tablets: Option<Vec<(u32, String)>>,
    people: usize,
    entries: usize,
    audit: usize,
    /// Hands archived before the command, and the ones the archive let go of meanwhile.
    archived: u64,
    evicted: Vec<archive::Evicted>,
}

impl Room {
    pub(super) fn begin(&mut self, command: &Command) {
        let hand_table = match command {
            Command::Deal { table, .. }
            | Command::Act { table, .. }
            | Command::CallClock { table, .. }
            | Command::TimeOut { table, .. } => Some(table.0 as usize),
            _ => None,
        };
        let t = match command {
            // These keep the books themselves right before changing them.
            Command::Act { .. }
            | Command::CallClock { .. }
            | Command::TimeOut { .. }
            | Command::Deal { .. }
            | Command::Presence { .. }
            | Command::BindTablet { .. }
            | Command::Register { .. } => None,
            _ => Some(self.t.clone()),
        };
        self.undo.push(Undo {
            t,
            tables_before: hand_table
                .and_then(|i| {
                    let live = self.tables.get(i)?;
                    let snap = TableSnap {
                        hand: live.hand.clone(),
                        hands_dealt: live.hands_dealt,
                        ready_at: live.ready_at,
                        history: None,
                    };
                    Some((i, snap))
                })
                .into_iter()
                .collect(),
            tables: self.tables.len(),
            tablets: matches!(command, Command::BindTablet { .. }).then(|| self.tablets.clone()),
            people: self.people.len(),
            entries: self.entry_person.len(),
            audit: self.audit.len(),
            archived: self.archived,
            evicted: Vec::new(),
        });
    }

    /// The director's books are about to change: keep them if they are not kept yet.
    pub(super) fn keep_tournament(&mut self) {
        if let Some(undo) = self.undo.last_mut()
            && undo.t.is_none()
        {
            undo.t = Some(self.t.clone());
        }
    }

    /// A table's finished hands are about to change: keep them if they are not kept yet.
    pub(super) fn keep_history(&mut self, table: usize) {
        if let Some(undo) = self.undo.last_mut()
            && let Some((_, snap)) = undo.tables_before.iter_mut().find(|(i, _)| *i == table)
            && snap.history.is_none()
        {
            snap.history = self.tables.get(table).map(|t| t.history.clone());
        }
    }

    /// Puts back everything applied since the last write, newest first (the batch's records
    /// could not be written).
    pub fn rollback_all(&mut self) {
        while !self.undo.is_empty() {
            self.rollback();
        }
        self.unsealed.clear();
        self.applied = 0;
    }

    /// Puts back what the command applied last changed.
    pub(super) fn rollback(&mut self) {
        let Some(undo) = self.undo.pop() else {
            return;
        };
        if let Some(t) = undo.t {
            self.t = t;
        }
        self.tables.truncate(undo.tables);
        if let Some(tablets) = undo.tablets {
            self.tablets = tablets;
        }
        for (i, snap) in undo.tables_before.into_iter().rev() {
            if let Some(live) = self.tables.get_mut(i) {
                live.hand = snap.hand;
                live.hands_dealt = snap.hands_dealt;
                live.ready_at = snap.ready_at;
                if let Some(history) = snap.history {
                    live.history = history;
                }
            }
        }
        // People and entries are only ever added: what a command added is cut off.
        self.people.truncate(undo.people);
        self.entry_person.truncate(undo.entries);
        let entries = undo.entries;
        for person in &mut self.people {
            person.entries.retain(|&e| (e.0 as usize) < entries);
        }
        self.audit.truncate(undo.audit);
        self.undo_archive(undo.archived, undo.evicted);
    }

    /// The archive let go of a hand (this event's oldest, or any event's past the budget):
    /// kept to be put back on a rollback.
    pub(super) fn keep_evicted(&mut self, evicted: archive::Evicted) {
        if let Some(undo) = self.undo.last_mut() {
            undo.evicted.push(evicted);
        }
    }

    /// The command applied last was accepted: what it kept is folded into what the turn kept
    /// before it, so that a turn of a thousand deals holds one copy of the director's books,
    /// not a thousand (a refusal needs only the last command's; a failed write, the turn's
    /// earliest).
    pub(super) fn fold_last(&mut self) {
        if self.undo.len() < 2 {
            return;
        }
        let Some(last) = self.undo.pop() else {
            return;
        };
        let Some(first) = self.undo.last_mut() else {
            return;
        };
        if first.t.is_none() {
            first.t = last.t;
        }
        if first.tablets.is_none() {
            first.tablets = last.tablets;
        }
        for (i, snap) in last.tables_before {
            match first.tables_before.iter_mut().find(|(j, _)| *j == i) {
                // The table as it was first is kept; its history only if not kept then.
                Some((_, kept)) => {
                    if kept.history.is_none() {
                        kept.history = snap.history;
                    }
                }
                None => first.tables_before.push((i, snap)),
            }
        }
        first.evicted.extend(last.evicted);
    }

    /// The commands applied since the last write are in the log, the first of them at
    /// `first_seq` and the others after it in order: nothing to take back any more, and their
    /// audit lines get their seqs.
    pub fn commit(&mut self, first_seq: u64) {
        for (line, k) in self.unsealed.drain(..) {
            if let Some(line) = self.audit.get_mut(line) {
                line.seq = first_seq + k as u64;
            }
        }
        self.undo.clear();
        self.applied = 0;
    }
}
