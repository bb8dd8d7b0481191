//! A stream of "something changed" for the pages that read what they show (a live table, the
//! cash room): `{"type":"changed","v":N}` after each change, one at once on connect, then the
//! page reads what it shows. While nothing happens nothing is sent and the server does nothing
//! for the connection but a ping every 20 s; a shutdown closes it with 1001 "going away".

use crate::app::App;
use crate::push::Follow;
use crate::refusal::Refusal;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;

/// The answer to a request for a stream of `changes` (or its refusal): the upgrade, then the
/// connection's life (`session`). Clients send nothing but a close: small frames only.
pub fn answer<F: Follow>(
    app: App,
    changes: Result<F, Refusal>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let changes = match changes {
        Ok(changes) => changes,
        Err(refusal) => return crate::refusal::Fail(refusal).into_response(),
    };
    let Ok(ws) = ws else {
        return crate::refusal::Fail(not_a_websocket()).into_response();
    };
    ws.read_buffer_size(1024)
        .max_message_size(1024)
        .max_frame_size(1024)
        .on_upgrade(move |socket| session(app, socket, changes))
}

/// A WebSocket route asked without an upgrade.
pub fn not_a_websocket() -> Refusal {
    Refusal::new(
        StatusCode::BAD_REQUEST,
        "not_a_websocket",
        "this route is a WebSocket: connect with an upgrade request",
    )
}

/// Closes with `code` and `reason`, waiting a second at most for the client to take it.
pub async fn close(sink: &mut SplitSink<WebSocket, Message>, (code, reason): (u16, &str)) {
    let frame = CloseFrame {
        code,
        reason: reason.to_string().into(),
    };
    let sent = sink.send(Message::Close(Some(frame)));
    let _ = tokio::time::timeout(Duration::from_secs(1), sent).await;
}

/// Close codes (RFC 6455, 7.4.1): the server goes.
const GOING_AWAY: (u16, &str) = (1001, "going away: the server is shutting down");

/// How often a quiet connection is pinged.
const PING: Duration = Duration::from_secs(20);

/// When a connection's first ping comes: connections spread evenly over the ping's period,
/// so that ten thousand pages opened together are not pinged in one burst.
fn spread() -> Duration {
    static OPENED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = OPENED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // The golden ratio's fraction of the period per connection: any run of them is spread.
    let period = PING.as_millis() as u64;
    Duration::from_millis(n.wrapping_mul(period * 618 / 1000) % period)
}

/// The connection's life: a `changed` for each change it follows.
pub async fn session<F: Follow>(app: App, socket: WebSocket, mut changes: F) {
    let limits = app.limits().clone();
    let (mut sink, mut stream) = socket.split();
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + spread(), PING);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let away = app.going_away();
    tokio::pin!(away);
    let close = loop {
        tokio::select! {
            text = changes.next() => {
                let Some(text) = text else {
                    break None;
                };
                let sent = sink.send(Message::Text(text.into()));
                if !matches!(tokio::time::timeout(limits.write_timeout, sent).await, Ok(Ok(()))) {
                    break None;
                }
            }
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break None,
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                let sent = sink.send(Message::Ping(Default::default()));
                if !matches!(tokio::time::timeout(limits.write_timeout, sent).await, Ok(Ok(()))) {
                    break None;
                }
            }
            () = &mut away => break Some(GOING_AWAY),
        }
    };
    if let Some(why) = close {
        self::close(&mut sink, why).await;
    }
}
