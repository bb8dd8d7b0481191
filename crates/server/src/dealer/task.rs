//! A live table's task state: the table, and a copy of it as it was before the turn (a live
//! table is small: copying it once a turn is cheaper than undoing each change).

use super::DealerTable;
use crate::refusal::Refusal;
use crate::room::Changes;
use crate::task::{Handle, Owned, Signed, Tx};
use protocol::{Command, FloorCommand};

#[derive(Debug)]
pub struct DealerState {
    table: DealerTable,
    before: Option<Box<DealerTable>>,
    /// Counts the table's changes, for its tablets' streams (`stream`).
    changed: tokio::sync::watch::Sender<u64>,
}

impl DealerState {
    pub fn new(table: DealerTable) -> DealerState {
        DealerState {
            table,
            before: None,
            changed: tokio::sync::watch::Sender::new(0),
        }
    }

    pub fn table(&self) -> &DealerTable {
        &self.table
    }

    /// The count of the table's changes, changed at each.
    pub fn changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// Tells the tablets to look again: what the table waits for may have come (`seeder`).
    pub fn poke(&self) {
        self.changed.send_modify(|n| *n += 1);
    }
}

/// Tells the table's tablets to look again, from outside its task (a job on it): what the table
/// waits for may have come, or a newer tablet took over.
pub async fn poke(task: &Handle<DealerState>) {
    let _ = task
        .run(|tx| {
            tx.state().poke();
            Ok(())
        })
        .await;
}

impl Owned for DealerState {
    type Command = Signed<FloorCommand>;

    fn record(Signed { by, command }: Signed<FloorCommand>) -> Command {
        Command::Floor { by, command }
    }

    fn apply(&mut self, _at_ms: u64, signed: &Signed<FloorCommand>) -> Result<Changes, Refusal> {
        let command = &signed.command;
        let before = self.before.is_none().then(|| Box::new(self.table.clone()));
        self.table.apply(command)?;
        if before.is_some() {
            self.before = before;
        }
        Ok(Changes::default())
    }

    fn rollback_all(&mut self) {
        if let Some(before) = self.before.take() {
            self.table = *before;
        }
    }

    fn commit(&mut self, _first_seq: u64) {
        self.before = None;
    }

    /// The table's tablets are told, and read it again.
    fn written(&mut self, _changes: Vec<Changes>, _now: u64) {
        self.poke();
    }

    fn due(_tx: &mut Tx<'_, Self>, _scope: Option<&[u32]>) -> Option<u64> {
        None
    }
}
