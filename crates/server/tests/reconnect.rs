//! Reconnects over a real WebSocket: a player who closes the browser is away at once (dealt in
//! and blinded off, the hand killed, TDA-30), and one who comes back gets the current state at
//! once and is at the table again.

mod common;

use common::Api;
use futures_util::{SinkExt, StreamExt};
use protocol::ServerMessage;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(addr: &str, token: &str) -> Socket {
    let url = format!("ws://{addr}/api/events/0/ws?token={token}");
    let (socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("a WebSocket");
    socket
}

/// The first `me` message, within a second.
async fn first_me(socket: &mut Socket) -> protocol::Me {
    let wait = async {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(text) = message
                && let Ok(ServerMessage::Me { me, .. }) = serde_json::from_str(text.as_str())
            {
                return Some(*me);
            }
        }
        None
    };
    tokio::time::timeout(Duration::from_secs(1), wait)
        .await
        .expect("the state at once")
        .expect("a me message")
}

async fn is_away(api: &Api, entry: u32) -> bool {
    api.room(protocol::EventId(0), move |room| {
        room.is_away(protocol::EntryId(entry))
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_comes_back_gets_the_state_at_once_tda_30() {
    let api = Api::open();
    api.create_event("turbo", 8).await;
    let (entry, token) = api.register_self(0, "Ann").await;
    for i in 0..5 {
        api.register_bot(0, &format!("Bot {i}")).await;
    }
    api.start(0).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address").to_string();
    tokio::spawn(api.app.clone().serve(listener));
    assert!(
        is_away(&api, entry).await,
        "not at the table before connecting (TDA-30)"
    );

    let mut socket = open(&addr, &token).await;
    let me = first_me(&mut socket).await;
    assert_eq!(me.standing.player, protocol::EntryId(entry));
    assert!(me.table.is_some(), "seated at a table");
    assert!(!is_away(&api, entry).await, "at the table once connected");

    socket.send(Message::Close(None)).await.expect("closed");
    drop(socket);
    let mut away = false;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        // Away once the grace for a reconnect passed (issue 33 item 5).
        api.app.hub().clock().advance(server::event::AWAY_AFTER_MS);
        api.drive().await;
        away = is_away(&api, entry).await;
        if away {
            break;
        }
    }
    assert!(away, "away once the browser closed (TDA-30)");

    let mut socket = open(&addr, &token).await;
    let me = first_me(&mut socket).await;
    assert_eq!(me.standing.player, protocol::EntryId(entry));
    assert!(!is_away(&api, entry).await, "back at the table");
    let log = api
        .room(protocol::EventId(0), |room| room.audit().to_vec())
        .await;
    let presences = log.iter().filter(|l| l.what.contains("presence")).count();
    assert!(
        presences >= 3,
        "arrive, leave and return are logged: {log:?}"
    );
}

/// Issue 33 item 5: a player's connection flapping (a page reloaded a hundred times) is no change
/// of presence: nothing is written to the log, and the player stays at the table (TDA-30). Away
/// comes when the grace for a reconnect passed without one, as one record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnects_within_the_grace_write_no_presence_records_tda_30() {
    let api = Api::open();
    api.create_event("turbo", 8).await;
    let (entry, token) = api.register_self(0, "Ann").await;
    for i in 0..5 {
        api.register_bot(0, &format!("Bot {i}")).await;
    }
    api.start(0).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address").to_string();
    tokio::spawn(api.app.clone().serve(listener));
    let mut socket = open(&addr, &token).await;
    first_me(&mut socket).await;
    let before = presences(&api).await;
    for _ in 0..100 {
        socket.send(Message::Close(None)).await.expect("closed");
        drop(socket);
        socket = open(&addr, &token).await;
        first_me(&mut socket).await;
    }
    api.drive().await;
    assert_eq!(
        presences(&api).await,
        before,
        "a hundred reconnects wrote nothing"
    );
    assert!(!is_away(&api, entry).await, "still at the table");
    socket.send(Message::Close(None)).await.expect("closed");
    drop(socket);
    let mut away = false;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        api.app.hub().clock().advance(server::event::AWAY_AFTER_MS);
        api.drive().await;
        away = is_away(&api, entry).await;
        if away {
            break;
        }
    }
    assert!(away, "away once the grace passed");
    assert_eq!(presences(&api).await, before + 1, "one record: away");
}

/// The presence records in the event's audit log.
async fn presences(api: &Api) -> usize {
    let log = api
        .room(protocol::EventId(0), |room| room.audit().to_vec())
        .await;
    log.iter().filter(|l| l.what.contains("presence")).count()
}
