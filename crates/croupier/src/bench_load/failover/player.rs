//! One player of `bench failover`: a WebSocket to a node of its own (any node serves every
//! page: a standby pipes it to the serving one), a random legal action after a think time on
//! each turn, and, when the connection drops, a new one, to the next node if its own refuses,
//! as the pages reconnect.
//!
//! An action is acknowledged when, on the connection it was sent on, the next other state of
//! the player's table shows the same hand with more said: in a player's turn nobody else acts,
//! so the server applied it and wrote it to the log first. An action whose
//! connection dropped before that is not counted, acknowledged or lost.

use super::super::decode::{Follower, Mark, Update};
use super::super::player::{Think, choose, keep_alive};
use futures_util::{SinkExt, StreamExt};
use protocol::{ClientMessage, Legal, PlayerAction};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

/// What every player shares.
pub struct Shared {
    pub addrs: Vec<String>,
    pub think: Think,
    pub seed: u64,
}

/// What one player saw.
#[derive(Default)]
pub struct Seen {
    /// Acknowledged actions by (table number, hand number), in the order they were made.
    pub acknowledged: HashMap<(u32, u64), Vec<PlayerAction>>,
    pub connections: u64,
    /// The server's refusals of the player's actions, by code.
    pub refusals: HashMap<String, u64>,
    /// The longest time this player, in a hand in play, received no state of their table:
    /// when it began and ended.
    pub longest_silence: Option<(Instant, Instant)>,
}

/// A turn waiting for its think time.
struct Turn {
    due: Instant,
    legal: Legal,
    table: u32,
    mark: Mark,
}

/// What a connection ended with.
enum Ended {
    Dropped,
    Stopped,
}

/// Plays until told to stop; says on `ready` when its first connection is open.
pub async fn play(
    index: usize,
    token: String,
    shared: Arc<Shared>,
    ready: tokio::sync::mpsc::Sender<()>,
    mut stop: watch::Receiver<bool>,
) -> Seen {
    let mut seen = Seen::default();
    let mut rng =
        ChaCha8Rng::seed_from_u64(shared.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index as u64);
    let mut node = index % shared.addrs.len();
    // When the player last received a state of their table with a hand in play.
    let mut last_state: Option<Instant> = None;
    // A turn outlives a dropped connection: shown again on the next, it is played when its
    // think time is up, as by a person who was about to act.
    let mut turn: Option<Turn> = None;
    let mut ready = Some(ready);
    while !*stop.borrow() {
        let url = format!(
            "ws://{}/api/events/0/ws?token={token}&topics=",
            shared.addrs[node]
        );
        let connect = tokio_tungstenite::connect_async(url.as_str());
        let ws = match tokio::time::timeout(Duration::from_secs(10), connect).await {
            Ok(Ok((ws, _))) => ws,
            _ => {
                // This node is down (or not yet up again): the next one.
                node = (node + 1) % shared.addrs.len();
                let wait = Duration::from_millis(200 + index as u64 % 300);
                tokio::select! {
                    () = tokio::time::sleep(wait) => continue,
                    _ = stop.changed() => break,
                }
            }
        };
        seen.connections += 1;
        if let Some(ready) = ready.take() {
            let _ = ready.send(()).await;
        }
        let kept = (&mut seen, &mut last_state, &mut turn);
        let ended = connection(ws, &shared, &mut rng, &mut stop, kept).await;
        if matches!(ended, Ended::Stopped) {
            break;
        }
    }
    seen
}

/// What a player keeps from one connection to the next.
type Kept<'a> = (&'a mut Seen, &'a mut Option<Instant>, &'a mut Option<Turn>);

async fn connection<S>(
    mut ws: tokio_tungstenite::WebSocketStream<S>,
    shared: &Shared,
    rng: &mut ChaCha8Rng,
    stop: &mut watch::Receiver<bool>,
    (seen, last_state, turn): Kept<'_>,
) -> Ended
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    let mut follower = Follower::default();
    // The action sent and not yet answered: its table, hand and the mark it was sent from.
    let mut sent: Option<(Turn, PlayerAction)> = None;
    let (mut alive, ping) = keep_alive();
    loop {
        let due = turn.as_ref().map(|t| t.due);
        let incoming = tokio::select! {
            m = ws.next() => m,
            _ = stop.changed() => return Ended::Stopped,
            _ = alive.tick() => {
                if ws.send(Message::Text(ping.clone().into())).await.is_err() {
                    return Ended::Dropped;
                }
                continue;
            }
            () = tokio::time::sleep_until(due.unwrap_or_else(Instant::now).into()), if due.is_some() => {
                let Some(t) = turn.take() else { continue };
                let action = choose(&t.legal, rng);
                let message = ClientMessage::Act {
                    hand: t.legal.hand,
                    action,
                };
                let Ok(text) = serde_json::to_string(&message) else { continue };
                if ws.send(Message::Text(text.into())).await.is_err() {
                    return Ended::Dropped;
                }
                sent = Some((t, action));
                continue;
            }
        };
        let arrived = Instant::now();
        let text = match incoming {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return Ended::Dropped,
            Some(Ok(_)) => continue,
        };
        match follower.read(text.as_str()) {
            Update::Me(seat) => {
                // Silence counts from a state of a hand in play: between hands a table may hold
                // by rule (TDA-11D, until balanced; hand for hand), a hand in play goes on.
                let in_play = seat.as_ref().is_some_and(|s| !s.over);
                if let Some(before) = std::mem::replace(last_state, in_play.then_some(arrived))
                    && seen
                        .longest_silence
                        .is_none_or(|(from, to)| to - from < arrived - before)
                {
                    seen.longest_silence = Some((before, arrived));
                }
                let now = seat.as_ref().map(|s| (s.table, s.mark));
                if let Some((t, action)) = &sent {
                    if now == Some((t.table, Some(t.mark))) {
                        // The same state again (a change elsewhere): not the answer.
                        continue;
                    }
                    // The answer: the same hand with more said (in the player's turn nobody
                    // else acts). Anything else (the player moved, the hand gone) leaves the
                    // action unknown, counted neither way.
                    let answered = now.is_some_and(|(table, mark)| {
                        table == t.table
                            && mark.is_some_and(|m| m.hand == t.mark.hand && m.said > t.mark.said)
                    });
                    if answered {
                        let made = seen.acknowledged.entry((t.table, t.mark.hand));
                        made.or_default().push(*action);
                    }
                    sent = None;
                }
                let Some(seat) = seat else {
                    *turn = None;
                    continue;
                };
                let (Some(legal), Some(mark)) = (seat.legal, seat.mark) else {
                    *turn = None;
                    continue;
                };
                let due = match &*turn {
                    // The same turn shown again: its think time runs on.
                    Some(t) if t.table == seat.table && t.mark == mark => t.due,
                    _ => arrived + shared.think.draw(rng),
                };
                *turn = Some(Turn {
                    due,
                    legal,
                    table: seat.table,
                    mark,
                });
            }
            // A refused action changed nothing: the player acts again, as a person would who
            // read the refusal.
            Update::Refused(code) => {
                *seen.refusals.entry(code).or_default() += 1;
                if let Some((t, _)) = sent.take() {
                    let due = arrived + shared.think.draw(rng);
                    *turn = Some(Turn { due, ..t });
                }
            }
            Update::Other => {}
        }
    }
}
