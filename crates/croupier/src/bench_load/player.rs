//! One simulated player: connects, follows its table and acts on each of its turns, at once
//! (stress) or after a random think time (human-paced).

use super::decode::{Follower, Mark, Update};
use super::report::PlayerStats;
use super::track::Tracker;
use anyhow::{Result, anyhow, bail};
use cards::sample::{below_u32, below_u64};
use futures_util::{Sink, SinkExt, StreamExt};
use protocol::{ClientMessage, EntryId, Legal, PlayerAction};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Semaphore, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// A human's time to act: uniform between the bounds, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Think {
    pub min_ms: u64,
    pub max_ms: u64,
}

impl Think {
    /// `MIN-MAX` in milliseconds, e.g. `1000-5000`; a single number is a fixed time.
    pub fn parse(text: &str) -> Result<Think> {
        let (lo, hi) = text.split_once('-').unwrap_or((text, text));
        let number = |s: &str| {
            s.trim().parse::<u64>().map_err(|_| {
                anyhow!("--think {text:?}: expected MIN-MAX in milliseconds, e.g. 1000-5000")
            })
        };
        let (min_ms, max_ms) = (number(lo)?, number(hi)?);
        if min_ms > max_ms {
            bail!("--think {text:?}: the minimum is above the maximum");
        }
        if max_ms > 60_000 {
            bail!("--think {text:?}: at most 60000 ms (the server's idle time is 60 s)");
        }
        Ok(Think { min_ms, max_ms })
    }

    pub(super) fn draw(self, rng: &mut ChaCha8Rng) -> Duration {
        let span = self.max_ms - self.min_ms + 1;
        Duration::from_millis(self.min_ms + below_u64(rng, span))
    }
}

impl std::fmt::Display for Think {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{} ms", self.min_ms, self.max_ms)
    }
}

/// WebSocket handshakes in flight at once while connecting (the listener's backlog is finite).
pub const CONNECTING_AT_ONCE: usize = 64;

/// What every player shares.
pub struct Shared {
    pub gate: Semaphore,
    pub tracker: Tracker,
    pub think: Option<Think>,
    pub seed: u64,
}

/// A turn waiting for its think time to pass.
struct Turn {
    due: Instant,
    legal: Legal,
    table: u32,
    mark: Mark,
}

/// An action sent and not yet answered: when, and from which state.
struct Sent {
    at: Instant,
    table: u32,
    mark: Mark,
}

pub async fn play(
    index: u64,
    player: EntryId,
    url: String,
    shared: Arc<Shared>,
    ready: tokio::sync::mpsc::Sender<Result<()>>,
    mut stop: watch::Receiver<bool>,
) -> PlayerStats {
    let mut stats = PlayerStats::default();
    // Small buffers: ten thousand connections in one process (they grow for a longer message).
    // Each read zeroes up to this much (tungstenite 0.28) and a patch is under a kilobyte: at
    // 8 KiB, zeroing and growing the buffer took an eighth of the client's CPU (perf).
    let config = WebSocketConfig::default()
        .read_buffer_size(2 * 1024)
        .write_buffer_size(0);
    let connected = {
        let _permit = shared.gate.acquire().await;
        // Nagle off: an action is one small frame, sent at once.
        tokio_tungstenite::connect_async_with_config(url.as_str(), Some(config), true).await
    };
    let mut ws = match connected {
        Ok((ws, _)) => {
            let _ = ready.send(Ok(())).await;
            ws
        }
        Err(e) => {
            let _ = ready.send(Err(anyhow!(e))).await;
            stats.closed = 1;
            return stats;
        }
    };
    drop(ready);
    let mut rng =
        ChaCha8Rng::seed_from_u64(shared.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index);
    let mut follower = Follower::default();
    let mut sent: Option<Sent> = None;
    let mut turn: Option<Turn> = None;
    let mut last_hand: Option<(u32, u64)> = None;
    let (mut alive, ping) = keep_alive();
    loop {
        let due = turn.as_ref().map(|t| t.due);
        let incoming = tokio::select! {
            m = ws.next() => m,
            _ = stop.changed() => break,
            _ = alive.tick() => {
                if ws.send(Message::Text(ping.clone().into())).await.is_err() {
                    stats.closed = 1;
                    break;
                }
                continue;
            }
            _ = tokio::time::sleep_until(due.unwrap_or_else(Instant::now).into()), if due.is_some() => {
                let Some(t) = turn.take() else { continue };
                match act(&mut ws, &shared, player, &t, &mut rng, &mut stats).await {
                    Ok(s) => sent = Some(s),
                    Err(_) => {
                        stats.closed = 1;
                        break;
                    }
                }
                continue;
            }
        };
        let arrived = Instant::now();
        let text = match incoming {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(_))) | Some(Err(_)) | None => {
                stats.closed = 1;
                break;
            }
            Some(Ok(_)) => continue,
        };
        stats.messages += 1;
        stats.bytes += text.len() as u64;
        match follower.read(text.as_str()) {
            Update::Me(seat) => {
                shared.tracker.seen(
                    player,
                    seat.as_ref().map(|s| s.table),
                    seat.as_ref().and_then(|s| s.mark),
                    arrived,
                );
                let now = seat.as_ref().map(|s| (s.table, s.mark));
                if let Some(s) = &sent {
                    if now == Some((s.table, Some(s.mark))) {
                        // The same state sent again (a change elsewhere in the event, e.g. a
                        // table broken): not the answer to the action.
                        stats.resent += 1;
                        continue;
                    }
                    let micros = arrived.saturating_duration_since(s.at).as_micros() as u64;
                    stats.latencies.push(micros);
                    // The hand is over (or the player gone from it): the server told everyone.
                    let ended = seat.as_ref().is_none_or(|x| {
                        x.over || x.table != s.table || x.mark.is_none_or(|m| m.hand != s.mark.hand)
                    });
                    if ended {
                        stats.ending.push(micros);
                    }
                    sent = None;
                }
                let Some(seat) = seat else {
                    turn = None;
                    continue;
                };
                // A hand is counted when first seen (a set insert per message was 1.4% of the
                // client's CPU, perf).
                if let Some(m) = seat.mark
                    && last_hand != Some((seat.table, m.hand))
                {
                    last_hand = Some((seat.table, m.hand));
                    stats.hands.insert((seat.table, m.hand));
                }
                let (Some(legal), Some(mark)) = (seat.legal, seat.mark) else {
                    turn = None;
                    continue;
                };
                let due = match (&turn, shared.think) {
                    // The same turn shown again: its think time runs on.
                    (Some(t), _) if t.table == seat.table && t.mark == mark => t.due,
                    (_, Some(think)) => arrived + think.draw(&mut rng),
                    (_, None) => arrived,
                };
                let next = Turn {
                    due,
                    legal,
                    table: seat.table,
                    mark,
                };
                if shared.think.is_some() {
                    turn = Some(next);
                    continue;
                }
                match act(&mut ws, &shared, player, &next, &mut rng, &mut stats).await {
                    Ok(s) => sent = Some(s),
                    Err(_) => {
                        stats.closed = 1;
                        break;
                    }
                }
            }
            Update::Refused(code) => {
                // A refused action gets no new state: it is not waited for.
                if let Some(s) = sent.take() {
                    shared.tracker.refused(player, s.table, s.mark);
                }
                *stats.refusals.entry(code).or_default() += 1;
            }
            Update::Other => {}
        }
    }
    stats.unanswered += u64::from(sent.is_some());
    stats
}

/// Only whole messages keep a connection open (the server's idle time, 60 s): a player out of
/// the event, or waiting, says it is there every 20 s, with this message.
pub(super) fn keep_alive() -> (tokio::time::Interval, String) {
    let mut alive = tokio::time::interval(Duration::from_secs(20));
    alive.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let ping = serde_json::to_string(&ClientMessage::Ping).unwrap_or_default();
    (alive, ping)
}

/// Sends a random legal action for `turn`, registered with the tracker first.
async fn act<S>(
    ws: &mut S,
    shared: &Shared,
    player: EntryId,
    turn: &Turn,
    rng: &mut ChaCha8Rng,
    stats: &mut PlayerStats,
) -> Result<Sent>
where
    S: Sink<Message> + Unpin,
    S::Error: std::error::Error + Send + Sync + 'static,
{
    let message = ClientMessage::Act {
        hand: turn.legal.hand,
        action: choose(&turn.legal, rng),
    };
    let text = serde_json::to_string(&message)?;
    let at = Instant::now();
    shared.tracker.sent(player, turn.table, turn.mark, at);
    stats.actions += 1;
    ws.send(Message::Text(text.into())).await?;
    Ok(Sent {
        at,
        table: turn.table,
        mark: turn.mark,
    })
}

/// A random legal action, mostly checks and calls so that hands reach the showdown; now and
/// then a bet or raise, rarely all in. A call that costs much of the stack is mostly folded, so
/// that the field does not melt away in a few hands.
pub fn choose(legal: &Legal, rng: &mut ChaCha8Rng) -> PlayerAction {
    let roll = below_u32(rng, 1000);
    let raise = legal.min_to.zip(legal.max_to).filter(|(lo, hi)| lo <= hi);
    let raise_to = |rng: &mut ChaCha8Rng, (lo, hi): (u64, u64)| {
        // Up to three times the minimum.
        let top = hi.min(lo.saturating_mul(3)).max(lo);
        PlayerAction::BetOrRaise {
            to: lo + below_u64(rng, top - lo + 1),
        }
    };
    if legal.check {
        return match raise {
            Some((_, hi)) if roll < 10 => PlayerAction::BetOrRaise { to: hi },
            Some(r) if roll < 110 => raise_to(rng, r),
            _ => PlayerAction::Check,
        };
    }
    let Some(call) = legal.call else {
        return match raise {
            Some(r) if legal.fold && roll < 500 => raise_to(rng, r),
            Some(r) if !legal.fold => raise_to(rng, r),
            _ => PlayerAction::Fold,
        };
    };
    // Calling puts a third of the stack or more at risk (or all of it: no raise is left).
    let dear = raise.is_none_or(|(_, hi)| call.saturating_mul(3) > hi);
    match raise {
        _ if legal.fold && dear && roll < 750 => PlayerAction::Fold,
        _ if legal.fold && roll < 80 => PlayerAction::Fold,
        Some((_, hi)) if !dear && roll < 90 => PlayerAction::BetOrRaise { to: hi },
        Some(r) if !dear && roll < 190 => raise_to(rng, r),
        _ => PlayerAction::Call,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chooses_legal_actions() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let facing = Legal {
            hand: 1,
            fold: true,
            check: false,
            call: Some(100),
            call_to: Some(200),
            min_to: Some(400),
            max_to: Some(40_000),
            raise_kind: "raise".into(),
            bring_in: None,
            big_bet_to: None,
        };
        for _ in 0..1000 {
            match choose(&facing, &mut rng) {
                PlayerAction::BetOrRaise { to } => assert!((400..=40_000).contains(&to)),
                PlayerAction::Check => panic!("no check when facing a bet"),
                _ => {}
            }
        }
        let open = Legal {
            check: true,
            call: None,
            call_to: None,
            min_to: None,
            max_to: None,
            ..facing
        };
        for _ in 0..100 {
            assert_eq!(choose(&open, &mut rng), PlayerAction::Check);
        }
    }

    /// Issue 19 item 6: `--think 1000-5000` waits 1 to 5 s, drawn uniformly from a seeded rng.
    #[test]
    fn think_times_stay_in_their_range() {
        assert_eq!(
            Think::parse("1000-5000").unwrap(),
            Think {
                min_ms: 1000,
                max_ms: 5000
            }
        );
        assert_eq!(
            Think::parse("250").unwrap(),
            Think {
                min_ms: 250,
                max_ms: 250
            }
        );
        assert!(Think::parse("5000-1000").is_err());
        assert!(Think::parse("1s-2s").is_err());
        assert!(Think::parse("0-70000").is_err());
        let think = Think::parse("1000-5000").unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let draws: Vec<u64> = (0..2000)
            .map(|_| think.draw(&mut rng).as_millis() as u64)
            .collect();
        assert!(draws.iter().all(|d| (1000..=5000).contains(d)));
        // Uniform: each quarter of the range gets about a quarter of the draws (500 of 2000).
        for k in 0..4u64 {
            let n = draws
                .iter()
                .filter(|&&d| (1000 + k * 1000..2000 + k * 1000).contains(&d))
                .count();
            assert!((420..=580).contains(&n), "{k}: {n}");
        }
        let mut again = ChaCha8Rng::seed_from_u64(7);
        assert_eq!(think.draw(&mut again).as_millis() as u64, draws[0]);
    }
}
