//! The WebSocket: the current state at once on connect, then every change pushed; a player's
//! actions may come over it too. A player's connections are their presence at the table: when
//! the last one closes they are away, dealt in and blinded off, their hand killed (TDA-30).

use crate::api::extract::EventNo;
use crate::api::extract::secret;
use crate::app::App;
use crate::event::EventState;
use crate::event::{caller_at_table, player_act};
use crate::outbox::{Outbox, outbox};
use crate::refusal::Refusal;
use crate::role::Role;
use crate::role::Topics;
use crate::slots::WatchSlot;
use crate::task::Handle;
use axum::body::Bytes;
use axum::extract::ws::Utf8Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use protocol::{ClientMessage, EventCommand, EventId, ServerMessage};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

#[utoipa::path(
    get,
    path = "/api/events/{event}/ws",
    operation_id = "ws",
    tag = "play",
    summary = r#"WebSocket: pushed views and player actions"#,
    description = r#"A WebSocket (upgrade with `GET`). The secret goes in the `token` query parameter (or the `Authorization: Bearer` header): the TD's secret, a player's token of this event, or none for the public. A player's open connections are their presence at the table: while none is open they are away, dealt in and blinded off, their hand killed (TDA-30).

On connect the server sends the current state of each topic asked for, then every change, as JSON text frames of `ServerMessage` (tagged by `type`):

* `summary` `{"type":"summary","summary":EventSummary,"v":N}` (topic `summary`)
* `seating` `{"type":"seating","seating":Seating,"v":N}` (topic `seating`)
* `standings` `{"type":"standings","standings":Standings,"v":N}` (topic `standings`)
* `me` `{"type":"me","me":Me,"v":N}`: a player's own entry and table, sent on connect and after each change at their table or a move
* `table` `{"type":"table","table":TableView,"v":N}`: a watched table, as the public sees it, after each change
* `patch` `{"type":"patch","stream":"me","v":N,"ops":[...]}`: what changed in a stream (one of the five above) since its version N-1, as RFC 6902 operations on that version's payload; sent instead of the full message when smaller, and nothing at all is sent when nothing changed. Each stream's versions count from 1 on each connection, its first message full
* `error` `{"type":"error","error":ApiError}`: a message from the client was refused

The client may send JSON text frames of `ClientMessage` (tagged by `type`):

* `act` `{"type":"act","hand":N,"action":PlayerAction}`: a player's action, as `POST /act`
* `call_clock` `{"type":"call_clock","hand":N}`: a seated player calls time (TDA-29); the TD uses `POST /tables/{table}/clock`
* `watch` `{"type":"watch","table":N}`: watch a table (from 1) with the public's eyes
* `ping` `{"type":"ping"}`: a keep-alive, answered by nothing
* `resync` `{"type":"resync"}`: after a patch that does not follow the client's version or does not apply, asks for every stream it follows whole again

Only whole messages show that the client is there; pongs to the server's pings do not. A connection that completes no message for the server's idle time (`--ws-idle-ms`, 60 s by default), an unfinished one included, is closed with code 1008; a client that may have nothing else to say sends `{"type":"ping"}` at least every 20 s (the web UI does). A message larger than a command closes it with 1009, and a client too far behind in reading with 1013.

An anonymous watcher (no secret) takes one of the server's watcher slots (`--max-watchers`): when they are all taken, or the server is full, the client holding the most watchers loses its quietest one, closed with 1013; the TD, tablets, players and guests are never closed for room. A player whose last connection closes is away once 3 s pass without a new one: a reload writes nothing.

Refusals before the upgrade are answered as HTTP errors with an `ApiError` body."#,
    security((), ("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0),
        ("token" = Option<String>, Query, description = r#"The caller's secret (TD's or a player's), for clients that cannot set headers."#),
        ("topics" = Option<String>, Query, description = r#"Comma-separated topics to be pushed: `summary`, `seating`, `standings`. By default the public and the TD get all three, a player the summary only (and always their own page)."#, pattern = r#"^((summary|seating|standings)(,(summary|seating|standings))*)?$"#, example = "summary,standings")
    ),
    responses(
        (status = 101, description = r#"Switching protocols; then text frames of `ServerMessage` (server to client) and `ClientMessage` (client to server), as `x-websocket-messages` says."#),
        crate::openapi::SecretReadRefusals
    ),
    extensions(("x-websocket-messages" = json!({"server": {"$ref": "#/components/schemas/ServerMessage"}, "client": {"$ref": "#/components/schemas/ClientMessage"}})))
)]
pub async fn upgrade(
    State(app): State<App>,
    EventNo(event): EventNo,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let checked = async {
        let hub = app.hub();
        hub.event(event)?;
        let role = hub.role(secret(&headers, &query).as_deref())?;
        if let Role::Player { event: e, .. } = role
            && e != event
        {
            return Err(Refusal::forbidden(
                "this secret belongs to a player of another event",
            ));
        }
        Ok((event, role))
    }
    .await;
    let (event, role) = match checked {
        Ok(ok) => ok,
        Err(refusal) => return crate::refusal::Fail(refusal).into_response(),
    };
    let Ok(ws) = ws else {
        return crate::refusal::Fail(crate::api::changes::not_a_websocket()).into_response();
    };
    let topics = match topics(query.get("topics").map(String::as_str), role) {
        Ok(topics) => topics,
        Err(refusal) => return crate::refusal::Fail(refusal).into_response(),
    };
    // An anonymous watcher takes a watcher's slot, which the server may take back.
    let slot = if role == Role::Public {
        let client = crate::limit::client_or_unknown(peer.map(|p| p.0.0.ip()));
        let max = app.limits().max_watchers;
        match app.slots().watch(client, max) {
            Some(slot) => Some(slot),
            None => {
                let refusal = Refusal::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "unavailable",
                    "this server takes no anonymous watchers (max_watchers is 0)",
                );
                return crate::refusal::Fail(refusal).into_response();
            }
        }
    } else {
        None
    };
    let max = app.limits().ws_message_bytes;
    // Clients send little (an action is under 100 bytes): a small read buffer saves zeroing
    // a large one on every poll (tungstenite zeroes up to this much per read; perf), and a
    // message or frame larger than a command closes the connection.
    ws.read_buffer_size(1024)
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| session(app, socket, event, role, topics, slot))
}

/// What a connection asked for; by default the public and the TD get everything, a player
/// their table and the summary.
fn topics(asked: Option<&str>, role: Role) -> Result<Topics, Refusal> {
    Ok(match asked {
        Some(list) => {
            let mut topics = Topics {
                summary: false,
                seating: false,
                standings: false,
            };
            // Empty: no topic; else each one of the three.
            for topic in list.split(',').filter(|_| !list.is_empty()) {
                match topic {
                    "summary" => topics.summary = true,
                    "seating" => topics.seating = true,
                    "standings" => topics.standings = true,
                    other => {
                        return Err(Refusal::new(
                            StatusCode::BAD_REQUEST,
                            "bad_query",
                            format!("topics: {other:?} is not summary, seating or standings"),
                        ));
                    }
                }
            }
            topics
        }
        None => Topics {
            summary: true,
            seating: !matches!(role, Role::Player { .. }),
            standings: !matches!(role, Role::Player { .. }),
        },
    })
}

async fn session(
    app: App,
    socket: WebSocket,
    event: EventId,
    role: Role,
    topics: Topics,
    slot: Option<WatchSlot>,
) {
    let limits = app.limits().clone();
    let (tx, mut inbox) = outbox(limits.queue_messages, limits.queue_bytes);
    let Ok(task) = app.hub().event(event) else {
        return;
    };
    // A refusal of this client's own message goes straight to its queue.
    let errors = tx.clone();
    let subscribed = task
        .run(move |t| {
            let now = t.now;
            let (id, presence) = t.state_mut().subscribe(role, topics, tx, now)?;
            if let Some(command) = presence {
                let _ = t.submit(command);
            }
            Ok(id)
        })
        .await;
    let Ok(id) = subscribed else { return };
    let (mut sink, mut stream) = socket.split();
    // Only a whole message shows the client is there: a client that completes none for
    // `ws_idle` is closed, pongs or not, so that an unfinished message cannot hold the slot for
    // ever. A quiet client sends `{"type":"ping"}` (at least every 20 s). The server's pings
    // find a peer gone without a close.
    let mut ping = tokio::time::interval(limits.ws_idle / 3);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut heard = Instant::now();
    // One timer for the connection, moved when a message comes: a new one per pass was a
    // timer wheel entry per pushed message (perf).
    let idle = tokio::time::sleep_until((heard + limits.ws_idle).into());
    tokio::pin!(idle);
    // A shutdown closes the connection with 1001 "going away" (the pages reconnect).
    let away = app.going_away();
    tokio::pin!(away);
    let close = loop {
        let due = tokio::time::Instant::from_std(heard + limits.ws_idle);
        if idle.deadline() != due {
            idle.as_mut().reset(due);
        }
        tokio::select! {
            out = inbox.recv() => match out {
                _ if inbox.is_behind() => break Some(BEHIND),
                Some(text) => {
                    // What is queued goes out in flushes of about 64 KB (one message alone
                    // when larger), each in time or not at all: a client that does not read
                    // holds one such batch in its write buffer, not its whole queue.
                    let write = async {
                        let mut batch = text.len();
                        sink.feed(shared_text(text)).await?;
                        while batch < BATCH_BYTES
                            && let Some(more) = inbox.try_recv()
                        {
                            batch += more.len();
                            sink.feed(shared_text(more)).await?;
                        }
                        sink.flush().await
                    };
                    match tokio::time::timeout(limits.write_timeout, write).await {
                        Ok(Ok(())) => {}
                        Ok(Err(_)) | Err(_) => break None,
                    }
                }
                None => break None,
            },
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    heard = Instant::now();
                    if let Some(slot) = &slot {
                        slot.heard();
                    }
                    handle(&task, &errors, id, role, text.as_str()).await;
                }
                Some(Ok(Message::Binary(_))) => heard = Instant::now(),
                Some(Ok(Message::Close(_))) | None => break None,
                Some(Err(_)) => break Some(TOO_BIG),
                // Pings and pongs (answered by the library) are no message of the client's.
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                let sent = sink.send(Message::Ping(Default::default()));
                if !matches!(tokio::time::timeout(limits.write_timeout, sent).await, Ok(Ok(()))) {
                    break None;
                }
            },
            () = &mut idle => break Some(IDLE),
            () = taken(&slot) => break Some(MAKE_ROOM),
            () = &mut away => break Some(GOING_AWAY),
        }
    };
    // What is still queued is freed with the inbox, before the close is awaited.
    drop(inbox);
    if let Some(why) = close {
        crate::api::changes::close(&mut sink, why).await;
    }
    let _ = task
        .run(move |t| {
            let now = t.now;
            t.state_mut().unsubscribe(id, now);
            Ok(())
        })
        .await;
}

const BATCH_BYTES: usize = 64 * 1024;

/// A text frame over the queue's shared copy (one copy for every client).
fn shared_text(text: Arc<str>) -> Message {
    struct Shared(Arc<str>);
    impl AsRef<[u8]> for Shared {
        fn as_ref(&self) -> &[u8] {
            self.0.as_bytes()
        }
    }
    let bytes = Bytes::from_owner(Shared(text));
    // Always UTF-8 (it was a str); checked again by the conversion.
    Message::Text(Utf8Bytes::try_from(bytes).unwrap_or_default())
}

/// Close codes and reasons (RFC 6455, 7.4.1): 1013 try again later, 1008 policy violation.
const BEHIND: (u16, &str) = (1013, "too far behind: reconnect for a fresh state");
const IDLE: (u16, &str) = (
    1008,
    "no whole message in time: send {\"type\":\"ping\"} at least every 20 s",
);
const TOO_BIG: (u16, &str) = (1009, "a message too large or malformed");
const GOING_AWAY: (u16, &str) = (1001, "going away: the server is shutting down");
const MAKE_ROOM: (u16, &str) = (
    1013,
    "the server needs this connection for the people at the tables: reconnect later",
);

/// Completes when an anonymous watcher's slot is taken back; never for anyone else.
async fn taken(slot: &Option<WatchSlot>) {
    match slot {
        Some(slot) => slot.closed().await,
        None => std::future::pending().await,
    }
}

async fn handle(task: &Handle<EventState>, errors: &Outbox, id: u64, role: Role, text: &str) {
    let message = protocol::from_json_strict::<ClientMessage>(text.as_bytes());
    let result = match message {
        // A keep-alive is answered by nothing, and does not go to the event's task.
        Ok(ClientMessage::Ping) => return,
        Err(e) => Err(Refusal::new(
            StatusCode::BAD_REQUEST,
            "bad_json",
            format!("not a message: {e}"),
        )),
        Ok(ClientMessage::Act { hand, action }) => {
            task.run(move |tx| player_act(tx, role, hand, action)).await
        }
        Ok(ClientMessage::CallClock { hand }) => {
            task.run(move |tx| {
                let table = match role {
                    Role::Player { .. } => tx.state().entry_of(role).and_then(|e| {
                        tx.state()
                            .room()
                            .table_of(e)
                            .ok_or_else(|| Refusal::conflict("not_seated", "no seat"))
                    })?,
                    _ => {
                        return Err(Refusal::new(
                            StatusCode::BAD_REQUEST,
                            "bad_request",
                            "the TD calls the clock through the HTTP API",
                        ));
                    }
                };
                let by = caller_at_table(tx.state(), role, table)?;
                let event = tx.state().id();
                tx.submit(EventCommand::CallClock {
                    event,
                    table: protocol::TableId(table),
                    hand,
                    by,
                })
                .map(|_| ())
            })
            .await
        }
        Ok(ClientMessage::Watch { table }) => {
            task.run(move |tx| {
                let now = tx.now;
                tx.state_mut().watch(id, table.0, now)
            })
            .await
        }
        Ok(ClientMessage::Resync) => {
            task.run(move |tx| {
                let now = tx.now;
                tx.state_mut().resync(id, now)
            })
            .await
        }
    };
    if let Err(refusal) = result
        && let Ok(text) = serde_json::to_string(&ServerMessage::Error {
            error: refusal.to_api(),
        })
    {
        errors.send(text.into());
    }
}
