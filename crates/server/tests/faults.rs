//! State and log never part: a command whose record the log cannot write is answered 503 and
//! leaves the room or live table exactly as it was, down to the director's books; the server
//! runs on with every event (it no longer replays the log, which may fail to read as well).
//! The log fails on demand (`store::Faults`).

mod common;

use axum::http::Method;
use common::floor::tda_45_table;
use common::{Api, Log, new_log};
use serde_json::{Value, json};

/// Everything the server holds of the events and live tables, as debug text.
async fn state(api: &Api) -> String {
    api.state_text().await
}

/// Heads-up, both people at the table, driven until one is to act: (token to act, hand).
async fn heads_up(api: &mut Api) -> (String, u64, Vec<server::outbox::Inbox>) {
    api.create_event("turbo", 3).await;
    let ann = api.register_self(0, "Ann").await;
    let bob = api.register_self(0, "Bob").await;
    api.start(0).await;
    let connections = vec![
        api.connect(protocol::EventId(0), &ann.1).await,
        api.connect(protocol::EventId(0), &bob.1).await,
    ];
    for _ in 0..50 {
        api.drive().await;
        for me in [&ann, &bob] {
            let page = api
                .ok(Method::GET, "/api/events/0/me", Some(&me.1), None)
                .await;
            let legal = &page["table"]["you"]["legal"];
            if legal.is_object() {
                return (me.1.clone(), legal["hand"].as_u64().unwrap(), connections);
            }
        }
    }
    panic!("nobody came to act");
}

crate::on_both_logs!(a_fold_that_ends_the_hand_is_taken_back_when_the_log_fails);
async fn a_fold_that_ends_the_hand_is_taken_back_when_the_log_fails(log: Log) {
    let (mut api, faults) = Api::open_log(&new_log(log));
    let (token, hand, _connections) = heads_up(&mut api).await;
    let fold = json!({ "hand": hand, "action": { "type": "fold" } }).to_string();
    let before = state(&api).await;
    let len = api.log_len();
    faults.fail_writes(true);
    // Reads fail too: the server must not count on reading the log back.
    faults.fail_reads(true);
    api.refused(
        Method::POST,
        "/api/events/0/act",
        Some(&token),
        Some(&fold),
        503,
        "storage",
    )
    .await;
    assert_eq!(state(&api).await, before, "the fold left the room changed");
    assert_eq!(api.log_len(), len);
    let listed = api.ok(Method::GET, "/api/events", None, None).await;
    assert_eq!(
        listed.as_array().map(Vec::len),
        Some(1),
        "the event is still there"
    );
    // Once the log works again the same fold ends the hand (heads-up) and is written.
    faults.fail_writes(false);
    faults.fail_reads(false);
    let me = api
        .ok(
            Method::POST,
            "/api/events/0/act",
            Some(&token),
            Some(&serde_json::from_str::<Value>(&fold).unwrap()),
        )
        .await;
    assert!(me["table"]["you"]["legal"].is_null(), "{me}");
    assert_eq!(api.log_len(), len + 1);
    assert_ne!(state(&api).await, before);
}

crate::on_both_logs!(td_commands_registrations_and_new_events_are_taken_back_too);
async fn td_commands_registrations_and_new_events_are_taken_back_too(log: Log) {
    let (api, faults) = Api::open_log(&new_log(log));
    api.create_event("turbo", 1).await;
    api.register_self(0, "Ann").await;
    api.register_self(0, "Bob").await;
    let td = Some(api.td.as_str());
    let before = state(&api).await;
    faults.fail_writes(true);
    let cases: [(&str, Option<&str>, Value); 4] = [
        ("/api/events/0/register", None, json!({ "name": "Cid" })),
        (
            "/api/events/0/register",
            td,
            json!({ "name": "Dot", "bot": true }),
        ),
        ("/api/events/0/start", td, json!({})),
        (
            "/api/events",
            td,
            json!({ "toml": api.template("turbo").await, "seed": 2 }),
        ),
    ];
    for (uri, secret, body) in cases {
        api.refused(
            Method::POST,
            uri,
            secret,
            Some(&body.to_string()),
            503,
            "storage",
        )
        .await;
        assert_eq!(
            state(&api).await,
            before,
            "{uri} {body} left the hub changed"
        );
    }
    faults.fail_writes(false);
    api.start(0).await;
    let before = state(&api).await;
    faults.fail_writes(true);
    let disqualify = json!({ "type": "disqualify", "player": 0, "reason": "test" });
    api.refused(
        Method::POST,
        "/api/events/0/td",
        td,
        Some(&disqualify.to_string()),
        503,
        "storage",
    )
    .await;
    assert_eq!(
        state(&api).await,
        before,
        "the disqualification left the room changed"
    );
    faults.fail_writes(false);
    api.ok(Method::POST, "/api/events/0/td", td, Some(&disqualify))
        .await;
}

crate::on_both_logs!(a_live_table_is_taken_back_when_the_log_fails);
async fn a_live_table_is_taken_back_when_the_log_fails(log: Log) {
    let (api, faults) = Api::open_log(&new_log(log));
    let td = Some(api.td.as_str());
    faults.fail_writes(true);
    let open = tda_45_table().to_string();
    api.refused(Method::POST, "/api/floor", td, Some(&open), 503, "storage")
        .await;
    assert!(api.app.hub().dealers().is_empty());
    faults.fail_writes(false);
    api.ok(Method::POST, "/api/floor", td, Some(&tda_45_table()))
        .await;
    let before = state(&api).await;
    faults.fail_writes(true);
    let act = json!({ "hand": 1, "act": { "player": 2, "say": "raise 1100" } }).to_string();
    api.refused(
        Method::POST,
        "/api/floor/0/act",
        td,
        Some(&act),
        503,
        "storage",
    )
    .await;
    assert_eq!(state(&api).await, before);
    // A dealer token is kept in the log's meta table: not made when that cannot be written.
    api.refused(
        Method::POST,
        "/api/floor/0/dealer-token",
        td,
        None,
        503,
        "storage",
    )
    .await;
    faults.fail_writes(false);
    let view = api
        .ok(
            Method::POST,
            "/api/floor/0/act",
            td,
            Some(&serde_json::from_str::<Value>(&act).unwrap()),
        )
        .await;
    assert_eq!(view["hand"], 1);
    assert_ne!(state(&api).await, before);
}
