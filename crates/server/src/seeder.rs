//! The hands a dealer tablet follows come to it by themselves. After every write to the log (a
//! hand reported over, an instruction confirmed, a break over, a player seated at a cash table)
//! and when a cash table's pause after a hand ends, each tablet waiting for its table's next
//! hand is given it (`FloorCommand::Seed`), and a cash table a tablet follows starts its next
//! hand. Before, a tablet's poll (`GET /api/floor/{table}`) did this, so that a read wrote the
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

/// What the seeder has looked at: the log's transactions and the clock's moves it has seen.
type Seen = (u64, u64);

#[derive(Debug, Default)]
pub struct Seeder {
    done: Arc<watch::Sender<Seen>>,
}

impl Seeder {
    /// Waits until the seeder has looked at every write and clock move made so far (at most
    /// `SETTLE_WAIT`): a tablet reading its table then sees the hand due to it.
    pub async fn settled(&self, hub: &Hub) {
        let target = (hub.log_commits(), *hub.clock().moved().borrow());
        let mut done = self.done.subscribe();
        let caught_up = done.wait_for(|d| d.0 >= target.0 && d.1 >= target.1);
        let _ = tokio::time::timeout(SETTLE_WAIT, caught_up).await;
    }

    /// The seeder's loop, on the current runtime, for as long as the hub lives.
    pub fn spawn(&self, hub: &Arc<Hub>) {
        let done = self.done.clone();
        let weak = Arc::downgrade(hub);
        let commits = hub.log_committed();
        let moved = hub.clock().moved();
        tokio::spawn(run(weak, done, commits, moved));
    }
}

async fn run(
    hub: Weak<Hub>,
    done: Arc<watch::Sender<Seen>>,
    mut commits: watch::Receiver<u64>,
    mut moved: watch::Receiver<u64>,
) {
    loop {
        let seen = (*commits.borrow_and_update(), *moved.borrow_and_update());
        let Some(live) = hub.upgrade() else { return };
        let wake = pass(&live).await;
        let clock = live.clock().clone();
        drop(live);
        done.send_replace(seen);
        let sleep = async {
            match wake {
                Some(at) => {
                    let wait = at.saturating_sub(clock.now());
                    tokio::time::sleep(Duration::from_millis(wait)).await;
                }
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            changed = commits.changed() => if changed.is_err() { return },
            changed = moved.changed() => if changed.is_err() { return },
            () = sleep => {}
        }
    }
}

/// One look at the newest tablet of every followed table: a waiting one gets its next hand.
/// Returns when to look again for a cash table's pause to end. A live table that follows no
/// table is not visited: a write elsewhere costs it nothing.
async fn pass(hub: &Hub) -> Option<u64> {
    let mut wake: Option<u64> = None;
    for (id, follows) in hub.following() {
        let Ok(task) = hub.dealer(id) else {
            continue;
        };
        let waiting = task.run(|tx| Ok(tx.state().table().waiting_for())).await;
        let Ok(Some((_, after, hand))) = waiting else {
            continue;
        };
        if let Ok(Some(at)) = seed(hub, &task, id, follows, after, hand).await {
            wake = Some(wake.map_or(at, |w| w.min(at)));
        }
        // Whatever came (the hand, an instruction for the table, the table broken), the
        // waiting tablet looks again.
        crate::dealer::task::poke(&task).await;
    }
    wake
}

/// The table's next hand to the tablet once its table has dealt it; a cash table first starts
/// it, after its pause. Returns when that pause ends, while it lasts.
async fn seed(
    hub: &Hub,
    task: &Handle<DealerState>,
    table: LiveTableId,
    followed: Followed,
    after: u64,
    hand: u64,
) -> Result<Option<u64>, Refusal> {
    let (deal, pause) = match followed {
        Followed::Event { event, table } => {
            let deal = hub
                .read_event(event, move |s, _| Ok(s.room().linked_deal(table - 1)))
                .await?;
            (deal, None)
        }
        // A cash table's next hand starts as soon as two players can be dealt in.
        Followed::Cash { table } => {
            hub.cash()
                .run(move |tx| {
                    let id = CashTableId(table);
                    let deal = crate::cash::tablet::start_and_deal(tx, id, true)?;
                    let pause = match deal {
                        None => crate::cash::tablet::pause_ends(tx.state().room(), id, tx.now),
                        Some(_) => None,
                    };
                    Ok((deal, pause))
                })
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
    Ok(pause)
}
