//! A stream of "something changed" for the pages that read what they show (a live table, the
//! cash room): `{"type":"changed","v":N}` after each change, one at once on connect, then the
//! page reads what it shows. While nothing happens nothing is sent and the server does nothing
//! for the connection but a ping every 20 s; a shutdown closes it with 1001 "going away".

use crate::app::App;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::sync::watch;

/// Close codes (RFC 6455, 7.4.1): the server goes.
const GOING_AWAY: (u16, &str) = (1001, "going away: the server is shutting down");

/// The connection's life: a `changed` for each change counted by `changes`.
pub async fn session(app: App, socket: WebSocket, mut changes: watch::Receiver<u64>) {
    let limits = app.limits().clone();
    let (mut sink, mut stream) = socket.split();
    let mut ping = tokio::time::interval(Duration::from_secs(20));
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let away = app.going_away();
    tokio::pin!(away);
    // The first comes at once: the page reads what it shows as it is now.
    changes.mark_changed();
    let close = loop {
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    break None;
                }
                let v = *changes.borrow_and_update();
                let text = format!(r#"{{"type":"changed","v":{v}}}"#);
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
    if let Some((code, reason)) = close {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let sent = sink.send(Message::Close(Some(frame)));
        let _ = tokio::time::timeout(Duration::from_secs(1), sent).await;
    }
}
