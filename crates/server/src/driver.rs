//! The driver: what no person does. It deals the next hand when a table may start, ticks the
//! clock at the end of a level or break, times out players, and acts for bots, each as a command
//! submitted in the event's task like anyone else's, so that it is logged and replayed the same
//! way. Each event has its own (`event.rs`): a busy event never delays another's clock.

use crate::room::Room;
use crate::task::{Owned, Tx};
use protocol::{EventCommand, EventId};
use rand_chacha::ChaCha8Rng;
use tournament::sim::Bots;

/// What the driver needs of an event's task state (`event.rs`).
pub trait Driven: Owned<Command = EventCommand> {
    fn event(&self) -> EventId;
    fn room(&self) -> &Room;
    /// The room, the bots' randomness and the driver's pace.
    fn bots(&mut self) -> (&Room, &mut ChaCha8Rng, Pace);
}

/// The driver's pace.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pace {
    /// Time a bot takes to act, so that people can follow.
    pub bot_think_ms: u64,
    /// No new hand is dealt before this time: after a restart, people get a moment to
    /// reconnect before they would be dealt in as absent (TDA-30). Hands in play resume at once.
    pub deal_after: u64,
}

/// Submits everything due at `now`; returns when to look again (`None`: at the next change).
pub fn drive<S: Driven>(tx: &mut Tx<'_, S>, now: u64) -> Option<u64> {
    drive_in(tx, now, None)
}

/// Submits what is due at the tables of `scope` (0-based: the ones the turn changed), or at all
/// of them; returns when to look again at them. A turn of actions changes a table or two: its
/// pass need not look at the other thousand. A hand that ended may free other tables (the
/// director balances, hand-for-hand goes on, TDA-RP-8), so then every table is looked at.
pub fn drive_in<S: Driven>(tx: &mut Tx<'_, S>, now: u64, scope: Option<&[u32]>) -> Option<u64> {
    let mut next: Option<u64> = None;
    let mut later = |t: u64| next = Some(next.map_or(t, |n| n.min(t)));
    let widen = |tx: &Tx<'_, S>, scope: Option<Vec<u32>>| {
        scope.filter(|s| s.iter().all(|&t| tx.state().room().hand_in_play(t)))
    };
    let mut scope = widen(tx, scope.map(<[u32]>::to_vec));
    let looked_at = scope.clone();
    // A command may make another due (a hand ends, the next may be dealt after its pause); a
    // bounded number of passes keeps one turn short.
    for pass in 0..4 {
        let event = tx.state().event();
        commit_decks(tx, event, scope.as_deref());
        let (room, rng, pace) = tx.state_mut().bots();
        let mut due = room.due_in(now, scope.as_deref());
        if now < pace.deal_after {
            due.retain(|c| !matches!(c, EventCommand::Deal { .. }));
            later(pace.deal_after);
        }
        let unit = room
            .tournament()
            .denominations()
            .first()
            .copied()
            .unwrap_or(1);
        for (table, hand, player, since, h) in room.bots_to_act_in(scope.as_deref()) {
            if since + pace.bot_think_ms > now {
                later(since + pace.bot_think_ms);
                continue;
            }
            let Some(legal) = h.legal_actions() else {
                continue;
            };
            let action = tournament::sim::bots::decide(Bots::Mixed, player.0, h, &legal, unit, rng);
            due.push(EventCommand::Act {
                event,
                table: protocol::TableId(table),
                hand,
                player,
                action: crate::room::wire_action(action),
            });
        }
        if due.is_empty() {
            break;
        }
        let before = tx.applied();
        for command in due {
            // Refused: overtaken by another change (a table already dealt), nothing done.
            let _ = tx.submit(command);
        }
        if pass == 3 && tx.applied() > before {
            // Still busy: the next turn comes at once (not when all was refused: no busy loop).
            later(now);
        }
        let changed = tx.changed_tables_since(before);
        scope = widen(tx, scope.map(|_| changed));
    }
    if let Some(t) = tx.state().room().next_due_in(now, looked_at.as_deref()) {
        later(t);
    }
    next
}

/// Issue 37: the server commits to the seed of each table's next hand as soon as it may, so
/// that the players have until the deal to add their values. Without the system's randomness
/// there is no commitment, and no hand is dealt (never a deck from the clock).
fn commit_decks<S: Driven>(tx: &mut Tx<'_, S>, event: EventId, scope: Option<&[u32]>) {
    for (table, hand) in tx.state().room().to_commit(scope) {
        let Ok(seed) = crate::secret::new_deck_seed() else {
            return;
        };
        let seed = tx.state().room().seal_commit(table, hand, &seed);
        // Refused only when overtaken; nothing done then.
        let _ = tx.submit(EventCommand::Commit {
            event,
            table: protocol::TableId(table),
            hand,
            seed,
            values_by_holder: true,
        });
    }
}
