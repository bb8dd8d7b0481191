//! A live table's changes pushed to its tablets (`GET /api/floor/{table}/ws`): each change of
//! the table, and each look of the seeder at a tablet waiting for its table's next hand, sends
//! `{"type":"changed","v":N}`; the tablet then reads the table (`GET /api/floor/{table}`),
//! which writes nothing. While nothing happens nothing is sent, and the server does nothing
//! for the tablet but a ping now and then.

use crate::app::App;
use crate::extract::LiveTableNo;
use crate::room::Refusal;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;

/// Close codes (RFC 6455, 7.4.1): the server goes, or the table is gone.
const GOING_AWAY: (u16, &str) = (1001, "going away: the server is shutting down");

#[utoipa::path(
    get,
    path = "/api/floor/{table}/ws",
    operation_id = "live_table_ws",
    tag = "floor",
    summary = r#"WebSocket: a live table's changes"#,
    description = r#"A WebSocket (upgrade with `GET`), open to anyone who may read the table. The server sends `{"type":"changed","v":N}` (N counting up) after every change of the table, and while a tablet waits for its followed table's next hand whenever that may have come; the client then reads `GET /api/floor/{table}`. One `changed` comes at once on connect. Nothing the client sends is read but its close; the server pings every 20 s and closes with 1001 when it shuts down."#,
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 101, description = r#"Switching protocols; then `changed` text frames."#),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 404, response = crate::openapi::NotFound)
    )
)]
pub async fn upgrade(
    State(app): State<App>,
    LiveTableNo(table): LiveTableNo,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let changes = match app.hub().dealer(table) {
        Ok(task) => task.run(|tx| Ok(tx.state().changes())).await,
        Err(refusal) => Err(refusal),
    };
    let changes = match changes {
        Ok(changes) => changes,
        Err(refusal) => return crate::http::Fail(refusal).into_response(),
    };
    let Ok(ws) = ws else {
        let refusal = Refusal::new(
            400,
            "not_a_websocket",
            "this route is a WebSocket: connect with an upgrade request",
        );
        return crate::http::Fail(refusal).into_response();
    };
    ws.read_buffer_size(1024)
        .max_message_size(1024)
        .max_frame_size(1024)
        .on_upgrade(move |socket| session(app, socket, changes))
}

async fn session(app: App, socket: WebSocket, mut changes: tokio::sync::watch::Receiver<u64>) {
    let limits = app.limits().clone();
    let (mut sink, mut stream) = socket.split();
    let mut ping = tokio::time::interval(Duration::from_secs(20));
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let away = app.going_away();
    tokio::pin!(away);
    // The first look comes at once: the tablet reads the table as it is now.
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
