//! Taking a command back: what a command may change is kept before it changes, so that a
//! refusal, or a record the log could not write, leaves the room exactly as it was. The
//! director's books are copied up front only for the commands that work on them; a hand's
//! action copies them only when it ends the hand (`keep_tournament`), so acting stays cheap.

use super::*;

#[derive(Clone, Debug)]
pub(super) struct Undo {
    t: Option<Tournament>,
    /// The table a hand command works on, as it was.
    table: Option<(usize, LiveTable)>,
    tables: usize,
    people: usize,
    entries: usize,
    audit: usize,
}

impl Room {
    pub(super) fn begin(&mut self, command: &Command) {
        let hand_table = match command {
            Command::Deal { table, .. }
            | Command::Act { table, .. }
            | Command::CallClock { table, .. }
            | Command::TimeOut { table, .. } => Some(*table as usize),
            _ => None,
        };
        let t = match command {
            // These keep the books themselves right before changing them.
            Command::Act { .. }
            | Command::CallClock { .. }
            | Command::TimeOut { .. }
            | Command::Deal { .. }
            | Command::Presence { .. }
            | Command::Register { .. } => None,
            _ => Some(self.t.clone()),
        };
        self.undo = Some(Undo {
            t,
            table: hand_table.and_then(|i| Some((i, self.tables.get(i)?.clone()))),
            tables: self.tables.len(),
            people: self.people.len(),
            entries: self.entry_person.len(),
            audit: self.audit.len(),
        });
    }

    /// The director's books are about to change: keep them if they are not kept yet.
    pub(super) fn keep_tournament(&mut self) {
        if let Some(undo) = self.undo.as_mut()
            && undo.t.is_none()
        {
            undo.t = Some(self.t.clone());
        }
    }

    /// Puts back what the command being applied changed.
    pub fn rollback(&mut self) {
        let Some(undo) = self.undo.take() else {
            return;
        };
        if let Some(t) = undo.t {
            self.t = t;
        }
        self.tables.truncate(undo.tables);
        if let Some((i, table)) = undo.table
            && let Some(slot) = self.tables.get_mut(i)
        {
            *slot = table;
        }
        // People and entries are only ever added: what a command added is cut off.
        self.people.truncate(undo.people);
        self.entry_person.truncate(undo.entries);
        let entries = undo.entries;
        for person in &mut self.people {
            person.entries.retain(|&e| (e as usize) < entries);
        }
        self.audit.truncate(undo.audit);
    }

    /// The command is in the log: nothing to take back any more.
    pub fn commit(&mut self) {
        self.undo = None;
    }
}
