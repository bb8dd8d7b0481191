//! A live table's task state: the table, saved whole before each command (a live table is
//! small).

use super::DealerTable;
use crate::refusal::Refusal;
use crate::room::Changes;
use crate::task::{Handle, Owned, Signed, Tx};
use protocol::{Command, FloorCommand};

#[derive(Debug)]
pub struct DealerState {
    table: DealerTable,
    /// Counts the table's changes, for its tablets' streams (`stream`).
    changed: tokio::sync::watch::Sender<u64>,
}

impl DealerState {
    pub fn new(table: DealerTable) -> DealerState {
        DealerState {
            table,
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

    type Saved = Box<DealerTable>;

    fn save(&self) -> Box<DealerTable> {
        Box::new(self.table.clone())
    }

    fn restore(&mut self, saved: Box<DealerTable>) {
        self.table = *saved;
    }

    fn apply(&mut self, _at_ms: u64, signed: &Signed<FloorCommand>) -> Result<Changes, Refusal> {
        self.table.apply(&signed.command)?;
        Ok(Changes::default())
    }

    fn commit(&mut self, _first_seq: u64) {}

    /// The table's tablets are told, and read it again.
    fn written(&mut self, _changes: Vec<Changes>, _now: u64) {
        self.poke();
    }

    fn due(_tx: &mut Tx<'_, Self>, _scope: Option<&[u32]>) -> Option<u64> {
        None
    }
}
