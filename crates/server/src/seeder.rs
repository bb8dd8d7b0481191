//! The hands a dealer tablet follows come to it by themselves. After every write to the log (a
//! hand reported over, an instruction confirmed, a break over, a player seated at a cash table,
//! a cash table's next hand started by the cash task once its pause ended), each tablet waiting
//! for its table's next hand is given it (`FloorCommand::Seed`); a cash table it follows whose
//! pause is over starts that hand here too. The seeder keeps no timer: the pause is the cash
//! task's (`CashState::tablet_follows`).
//! Before, a tablet's poll (`GET /api/floor/{table}`) did this, so that a read wrote the
//! log; now a read only waits until what is due is done (`Seeder::settled`), and a waiting
//! tablet is told to look again after each look of the seeder (`dealer::stream`).

use crate::dealer::Followed;
use crate::dealer::task::DealerState;
use crate::hub::Hub;
use crate::refusal::Refusal;
use crate::task::{Handle, Signed};
use protocol::{Actor, FloorCommand, LiveTableId};
use ring::CashTableId;
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::watch;

/// The longest a read waits for the seeder before it answers with what is there.
const SETTLE_WAIT: Duration = Duration::from_secs(5);

/// What the seeder has looked at: the log's transactions it has seen.
type Seen = u64;

#[derive(Debug, Default)]
pub struct Seeder {
    done: Arc<watch::Sender<Seen>>,
}

impl Seeder {
    /// Waits until the seeder has looked at every write made so far (at most `SETTLE_WAIT`): a
    /// tablet reading its table then sees the hand due to it.
    pub async fn settled(&self, hub: &Hub) {
        let target = hub.log_commits();
        let mut done = self.done.subscribe();
        let caught_up = done.wait_for(|d| *d >= target);
        let _ = tokio::time::timeout(SETTLE_WAIT, caught_up).await;
    }

    /// The seeder's loop, on the current runtime, for as long as the hub lives.
    pub fn spawn(&self, hub: &Arc<Hub>) {
        let done = self.done.clone();
        let weak = Arc::downgrade(hub);
        let commits = hub.log_committed();
        tokio::spawn(run(weak, done, commits));
    }
}

async fn run(hub: Weak<Hub>, done: Arc<watch::Sender<Seen>>, mut commits: watch::Receiver<u64>) {
    loop {
        let seen = *commits.borrow_and_update();
        let Some(live) = hub.upgrade() else { return };
        pass(&live).await;
        drop(live);
        done.send_replace(seen);
        if commits.changed().await.is_err() {
            return;
        }
    }
}

/// One look at the newest tablet of every followed table: a waiting one gets its next hand.
/// A live table that follows no table is not visited: a write elsewhere costs it nothing.
async fn pass(hub: &Hub) {
    for (id, follows) in hub.following() {
        let Ok(task) = hub.dealer(id) else {
            continue;
        };
        let waiting = task.run(|tx| Ok(tx.state().table().waiting_for())).await;
        let Ok(Some((_, after, hand))) = waiting else {
            continue;
        };
        let _ = seed(hub, &task, id, follows, after, hand).await;
        // Whatever came (the hand, an instruction for the table, the table broken), the
        // waiting tablet looks again.
        crate::dealer::task::poke(&task).await;
    }
}

/// The table's next hand to the tablet once its table has dealt it; a cash table first starts
/// it, if its pause is over.
async fn seed(
    hub: &Hub,
    task: &Handle<DealerState>,
    table: LiveTableId,
    followed: Followed,
    after: u64,
    hand: u64,
) -> Result<(), Refusal> {
    let deal = match followed {
        Followed::Event { event, table } => {
            hub.read_event(event, move |s, _| Ok(s.room().linked_deal(table - 1)))
                .await?
        }
        // A cash table's next hand starts as soon as two players can be dealt in.
        Followed::Cash { table } => {
            hub.cash()
                .run(move |tx| crate::cash::tablet::start_and_deal(tx, CashTableId(table), true))
                .await?
        }
    };
    if let Some(deal) = deal.filter(|d| d.event_hand > after) {
        let command = Signed {
            by: Actor::System,
            command: FloorCommand::Seed {
                table,
                hand,
                deal: Box::new(deal),
            },
        };
        task.run(move |tx| tx.submit(command).map(drop)).await?;
    }
    Ok(())
}
