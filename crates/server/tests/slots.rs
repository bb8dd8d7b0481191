//! Issue 33 item 1: an anonymous crowd cannot lock out the people the room runs on. Public
//! watchers from many loopback addresses fill every slot they may take; the TD, a tablet and a
//! seated player still connect and act, and a lone watcher (the TV) keeps its connection.

mod common;

use axum::http::Method;
use common::Api;
use common::raw::{Answer, closed_within, send, ws_handshake_from};
use serde_json::{Value, json};
use server::limit::Limits;
use server::outbox::Inbox;
use std::time::Duration;
use tokio::net::TcpStream;

/// Event 0: an online tournament with a person to act (their token and the legal actions).
/// Event 1: a live one of nine players, a tablet bound at its table 1 (its token). The
/// players' connections are kept: they are their presence (TDA-30).
async fn room(api: &Api) -> (String, Value, String, Vec<Inbox>) {
    api.create_event("turbo", 1).await;
    let ann = api.register_self(0, "Ann").await;
    let bob = api.register_self(0, "Bob").await;
    api.register_bot(0, "Robot").await;
    api.start(0).await;
    // At the table: their connections are their presence (TDA-30).
    let present = vec![
        api.connect(protocol::EventId(0), &ann.1).await,
        api.connect(protocol::EventId(0), &bob.1).await,
    ];
    api.create_live_event("deepstack", 7).await;
    for i in 0..9 {
        api.register_desk(1, &format!("Live {i}")).await;
    }
    api.start(1).await;
    let bound = api
        .ok(
            Method::POST,
            "/api/events/1/tables/1/tablet",
            Some(&api.td),
            None,
        )
        .await;
    let tablet = bound["token"].as_str().expect("a token").to_string();
    for _ in 0..50 {
        api.drive().await;
        for me in [&ann, &bob] {
            let page = api
                .ok(Method::GET, "/api/events/0/me", Some(&me.1), None)
                .await;
            let legal = &page["table"]["you"]["legal"];
            if legal.is_object() {
                return (me.1.clone(), legal.clone(), tablet, present);
            }
        }
    }
    panic!("no person came to act");
}

/// A request over the listener from 127.0.0.1 with the caller's secret, `Connection: close`.
async fn request(addr: &str, method: &str, path: &str, secret: &str, body: &Value) -> Answer {
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    send(
        addr,
        &format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {secret}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
    .await
}

/// Public watchers from `clients` loopback addresses (127.0.0.10 on), `each` from every one.
async fn crowd(addr: &str, clients: u8, each: usize) -> Vec<(u16, TcpStream)> {
    let mut crowd = Vec::new();
    for c in 0..clients {
        for _ in 0..each {
            let source = format!("127.0.0.{}", 10 + c);
            crowd.push(ws_handshake_from(&source, addr, "/api/events/0/ws", "").await);
        }
    }
    crowd
}

/// Whether the server still holds a connection open (it was not closed within a moment).
async fn open(stream: &mut TcpStream) -> bool {
    closed_within(stream, Duration::from_millis(150))
        .await
        .is_none()
}

/// The people the room runs on connect and act with every slot taken by watchers: each of
/// their connections closes a crowd's watcher to make room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_of_watchers_filling_the_server_cannot_lock_out_the_td_a_tablet_or_a_player() {
    let limits = Limits {
        max_connections: 24,
        max_per_address: 6,
        max_watchers: 24,
        ..Limits::default()
    };
    let api = Api::open_with(limits);
    let (player, legal, tablet, _present) = room(&api).await;
    let addr = api.listen().await;
    let (status, mut tv) = ws_handshake_from("127.0.0.2", &addr, "/api/events/1/ws", "").await;
    assert_eq!(status, 101, "the TV watches");
    let mut crowd = crowd(&addr, 5, 6).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(api.app.slots().len() <= 24);
    let td = api.td.clone();
    // The TD, the tablet and the player each open a WebSocket and keep it.
    let mut kept = Vec::new();
    for (secret, event) in [(&td, 0), (&tablet, 1), (&player, 0)] {
        let (status, stream) = ws_handshake_from(
            "127.0.0.1",
            &addr,
            &format!("/api/events/{event}/ws"),
            &format!("Authorization: Bearer {secret}\r\n"),
        )
        .await;
        assert_eq!(status, 101, "a WebSocket with a full server");
        kept.push(stream);
    }
    // And act.
    let paused = request(
        &addr,
        "POST",
        "/api/events/1/td",
        &td,
        &json!({ "type": "pause" }),
    )
    .await;
    assert_eq!(paused.status, 200, "the TD pauses the clock: {paused:?}");
    let who = request(&addr, "GET", "/api/whoami", &td, &json!(null)).await;
    assert_eq!(who.json()["role"], "td", "{who:?}");
    let report = request(
        &addr,
        "POST",
        "/api/events/1/tables/1/report",
        &tablet,
        &json!({ "type": "hand_over" }),
    )
    .await;
    assert_eq!(report.status, 200, "the tablet reports: {report:?}");
    let hand = legal["hand"].as_u64().expect("a hand");
    let acted = request(
        &addr,
        "POST",
        "/api/events/0/act",
        &player,
        &json!({ "hand": hand, "action": { "type": "fold" } }),
    )
    .await;
    assert_eq!(acted.status, 200, "the player acts: {acted:?}");
    for stream in &mut kept {
        assert!(open(stream).await, "the people's WebSockets stay");
    }
    assert!(
        open(&mut tv).await,
        "the lone watcher is not the one closed"
    );
    let mut closed = 0;
    for (_, stream) in &mut crowd {
        if !open(stream).await {
            closed += 1;
        }
    }
    assert!(closed >= 7, "the crowd made room: {closed} closed");
}

/// Watchers take at most their share: the crowd's later ones close its earlier ones, and the
/// rest of the server is the people's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watchers_take_at_most_their_share_of_the_slots() {
    let limits = Limits {
        max_connections: 40,
        max_per_address: 8,
        max_watchers: 10,
        ..Limits::default()
    };
    let api = Api::open_with(limits);
    api.create_event("turbo", 1).await;
    let addr = api.listen().await;
    let mut crowd = crowd(&addr, 6, 8).await;
    assert!(crowd.iter().all(|(status, _)| *status == 101));
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(api.app.slots().len(), 10);
    let mut still = 0;
    for (_, stream) in &mut crowd {
        if open(stream).await {
            still += 1;
        }
    }
    assert_eq!(still, 10, "the watchers over the share were closed");
    let who = request(&addr, "GET", "/api/whoami", &api.td, &json!(null)).await;
    assert_eq!(who.json()["role"], "td");
}

/// A client is an IPv6 /64: the per-client cap counts a whole /64 (issue 33 item 1), as the
/// registration limit does.
#[test]
fn a_client_is_an_ipv6_64() {
    let a: std::net::IpAddr = "2001:db8:1:2::1".parse().unwrap();
    let b: std::net::IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
    assert_eq!(server::limit::client(a), server::limit::client(b));
}
