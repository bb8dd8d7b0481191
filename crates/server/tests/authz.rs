//! Who may write what: every write route against every kind of caller (nobody, a player of
//! this event, a player of another event, the dealer of this live table, the dealer of another,
//! the TD). An allowed caller gets past the checks of who they are (the answer may still be a
//! 409 or 422 for what was asked); a refused one gets 401 or 403 and nothing is written.

mod common;

use axum::http::Method;
use common::Api;
use common::floor::tda_45_table;
use serde_json::{Value, json};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    Nobody,
    Player,
    OtherEventsPlayer,
    Dealer,
    OtherTablesDealer,
    Td,
}

use Who::*;

const EVERYONE: [Who; 6] = [
    Nobody,
    Player,
    OtherEventsPlayer,
    Dealer,
    OtherTablesDealer,
    Td,
];

#[tokio::test]
async fn every_write_route_by_every_caller() {
    let api = Api::open();
    let td = api.td.clone();
    let post = |uri: &'static str, body: Value| (uri, body);
    // Event 0 lets only the TD register (the template as shipped); Ann is seated at table 1.
    let toml = api.template("turbo").await;
    api.ok(
        Method::POST,
        "/api/events",
        Some(&td),
        Some(&json!({ "toml": toml, "seed": 1 })),
    )
    .await;
    let ann = api
        .ok(
            Method::POST,
            "/api/events/0/register",
            Some(&td),
            Some(&json!({ "name": "Ann" })),
        )
        .await;
    api.register_bot(0, "Robot").await;
    api.start(0).await;
    api.create_event("turbo", 2).await;
    let (_, zed) = api.register_self(1, "Zed").await;
    for _ in 0..2 {
        api.ok(Method::POST, "/api/floor", Some(&td), Some(&tda_45_table()))
            .await;
    }
    let mut dealers = Vec::new();
    for table in 0..2 {
        let made = api
            .ok(
                Method::POST,
                &format!("/api/floor/{table}/dealer-token"),
                Some(&td),
                None,
            )
            .await;
        dealers.push(made["token"].as_str().unwrap().to_string());
    }
    let secret = |who: Who| -> Option<String> {
        match who {
            Nobody => None,
            Player => ann["token"].as_str().map(str::to_string),
            OtherEventsPlayer => Some(zed.clone()),
            Dealer => Some(dealers[0].clone()),
            OtherTablesDealer => Some(dealers[1].clone()),
            Td => Some(td.clone()),
        }
    };

    // Requests for a hand long gone or a player at no table: refused for what they ask once
    // the caller is let through, so that nothing changes while the table is walked.
    let stale = json!({ "hand": 999 });
    let routes: Vec<((&str, Value), &[Who])> = vec![
        (post("/api/events", json!({ "toml": "name = 1" })), &[Td]),
        (post("/api/events/0/register", json!({ "name": "" })), &[Td]),
        (post("/api/events/0/start", json!({})), &[Td]),
        (
            post(
                "/api/events/0/td",
                json!({ "type": "warn", "player": 99, "reason": "x" }),
            ),
            &[Td],
        ),
        (
            post(
                "/api/events/0/act",
                json!({ "hand": 999, "action": { "type": "fold" } }),
            ),
            &[Player],
        ),
        (
            post("/api/events/0/tables/1/clock", stale.clone()),
            &[Player, Td],
        ),
        (post("/api/floor", json!({ "names": [] })), &[Td]),
        (
            post(
                "/api/floor/0/act",
                json!({ "hand": 999, "act": { "player": 0, "say": "fold" } }),
            ),
            &[Dealer, Td],
        ),
        (post("/api/floor/0/notice", stale.clone()), &[Dealer, Td]),
        (
            post(
                "/api/floor/0/irregularity",
                json!({ "hand": 999, "irregularity": { "type": "misdeal" } }),
            ),
            &[Dealer, Td],
        ),
        (post("/api/floor/0/board", stale.clone()), &[Dealer, Td]),
        (
            post(
                "/api/floor/0/show",
                json!({ "hand": 999, "player": 0, "cards": ["As", "Ks"] }),
            ),
            &[Dealer, Td],
        ),
        (
            post("/api/floor/0/muck", json!({ "hand": 999, "player": 0 })),
            &[Dealer, Td],
        ),
        (
            post(
                "/api/floor/0/award",
                json!({ "hand": 999, "pot": 0, "winners": [0] }),
            ),
            &[Dealer, Td],
        ),
        (post("/api/floor/0/next-hand", stale.clone()), &[Dealer, Td]),
        // Last: the TD's call replaces table 1's token.
        (post("/api/floor/1/dealer-token", json!({})), &[Td]),
    ];
    let mut checks = 0;
    for ((uri, body), allowed) in &routes {
        for who in EVERYONE {
            let before = api.log_len();
            let reply = api
                .send(
                    Method::POST,
                    uri,
                    secret(who).as_deref(),
                    Some(&body.to_string()),
                )
                .await;
            let status = reply.status.as_u16();
            let refused = status == 401 || status == 403;
            assert_eq!(
                !refused,
                allowed.contains(&who),
                "{uri} by {who:?}: {status} {}",
                reply.body
            );
            if refused {
                assert_eq!(api.log_len(), before, "{uri} by {who:?} wrote to the log");
            }
            checks += 1;
        }
    }
    assert_eq!(checks, routes.len() * EVERYONE.len());
    // The audit log is the TD's to read.
    for who in EVERYONE {
        let reply = api.get("/api/events/0/audit", secret(who).as_deref()).await;
        assert_eq!(reply.status.is_success(), who == Td, "audit by {who:?}");
    }
}
