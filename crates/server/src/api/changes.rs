//! A stream of "something changed" for the pages that read what they show (a live table, the
//! cash room): `{"type":"changed","v":N}` after each change, one at once on connect, then the
//! page reads what it shows. While nothing happens nothing is sent and the server does nothing
//! for the connection but a ping every 20 s; a shutdown closes it with 1001 "going away".

use crate::app::App;
use crate::push::Told;
use crate::refusal::Refusal;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::sync::watch;

/// The answer to a request for a stream of `changes` (or its refusal): the upgrade, then the
/// connection's life (`session`). Clients send nothing but a close: small frames only.
pub fn answer<T: Told>(
    app: App,
    changes: Result<watch::Receiver<T>, Refusal>,
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

/// The connection's life: a `changed` for each change counted by `changes`.
pub async fn session<T: Told>(app: App, socket: WebSocket, mut changes: watch::Receiver<T>) {
    let limits = app.limits().clone();
    let (mut sink, mut stream) = socket.split();
    let mut ping = tokio::time::interval(Duration::from_secs(20));
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let away = app.going_away();
    tokio::pin!(away);
    // The first comes at once: the page reads what it shows as it is now.
    changes.mark_changed();
    // Nothing told yet: the first message says everything changed.
    let mut last: Option<u64> = None;
    let close = loop {
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    break None;
                }
                let told = changes.borrow_and_update().clone();
                let text = told.text(last);
                last = Some(told.version());
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
