//! The driver: what no person does. It deals the next hand when a table may start, ticks the
//! clock at the end of a level or break, times out players, and acts for bots, each as a command
//! through the hub like anyone else's, so that it is logged and replayed the same way.

use crate::hub::Hub;
use protocol::Command;
use rand_chacha::ChaCha8Rng;
use tournament::sim::Bots;

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
pub fn drive(hub: &mut Hub, now: u64, rng: &mut ChaCha8Rng, pace: Pace) -> Option<u64> {
    let mut next: Option<u64> = None;
    let mut later = |t: u64| next = Some(next.map_or(t, |n| n.min(t)));
    for event in 0..hub.rooms().len() {
        // A command may make another due (a hand ends, the next may be dealt after its pause);
        // a bounded number of passes keeps one busy event from starving the others.
        for _ in 0..4 {
            let room = &hub.rooms()[event];
            let mut due = room.due(now);
            if now < pace.deal_after {
                due.retain(|c| !matches!(c, Command::Deal { .. }));
                later(pace.deal_after);
            }
            for (table, hand, player, since, h) in room.bots_to_act() {
                if since + pace.bot_think_ms > now {
                    later(since + pace.bot_think_ms);
                    continue;
                }
                let Some(legal) = h.legal_actions() else {
                    continue;
                };
                let unit = room
                    .tournament()
                    .denominations()
                    .first()
                    .copied()
                    .unwrap_or(1);
                let action =
                    tournament::sim::bots::decide(Bots::Mixed, player, h, &legal, unit, rng);
                due.push(Command::Act {
                    event: event as u32,
                    table,
                    hand,
                    player,
                    action: crate::room::wire_action(action),
                });
            }
            if due.is_empty() {
                break;
            }
            for command in due {
                // Refused: overtaken by another change (a table already dealt), nothing done.
                let _ = hub.submit(now, command);
            }
        }
        if let Some(t) = hub.rooms()[event].next_due(now) {
            later(t);
        }
    }
    next
}
