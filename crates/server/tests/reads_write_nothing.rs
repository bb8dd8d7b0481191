//! Issue 35 item 2: a GET never changes state or writes the log. Every GET route of the API
//! document is called as every role (nobody, the TD, a player, a guest, a table's dealer) on a
//! room with an online event, a live event whose tables tablets follow, and cash tables (one
//! online, one a tablet follows): the log is the same before and after each. A tablet's next
//! hand comes to it by itself (`seeder`), not from its reads.

mod common;

use axum::http::Method;
use common::Api;
use serde_json::{Value, json};

async fn ring(api: &Api, command: Value) -> Value {
    api.ok(Method::POST, "/api/ring", Some(&api.td), Some(&command))
        .await
}

#[tokio::test]
async fn no_get_writes_the_log() {
    let api = Api::open();
    // An online event (event 0), started with a person and bots.
    api.create_event("turbo", 1).await;
    let (_, player) = api.register_desk(0, "Ann").await;
    for i in 0..5 {
        api.register_bot(0, &format!("Bot {i}")).await;
    }
    api.start(0).await;
    api.drive().await;
    // A live event (event 1), its two tables followed by tablets.
    api.create_live_event("deepstack", 7).await;
    for i in 0..18 {
        api.register_desk(1, &format!("Player {i}")).await;
    }
    api.start(1).await;
    api.drive().await;
    let (mut dealer, mut live) = (String::new(), 0);
    for table in [1, 2] {
        let bound = api
            .ok(
                Method::POST,
                &format!("/api/events/1/tables/{table}/tablet"),
                Some(&api.td),
                Some(&json!({ "track": true })),
            )
            .await;
        dealer = bound["token"].as_str().expect("a dealer token").to_string();
        live = bound["live_table"].as_u64().expect("a live table");
    }
    // Table 2's hand folded round on its tablet and reported over: the director deals the
    // next, which is then due to the tablet. A read used to be what gave it.
    let path = |p: &str| format!("/api/floor/{live}{p}");
    loop {
        let view = api.ok(Method::GET, &path(""), None, None).await;
        let waiting = &view["waiting"];
        if waiting["kind"] != "act" {
            break;
        }
        let act =
            json!({ "hand": view["hand"], "act": { "player": waiting["player"], "say": "fold" } });
        api.ok(Method::POST, &path("/act"), Some(&dealer), Some(&act))
            .await;
    }
    let after = api
        .ok(
            Method::POST,
            &path("/next-hand"),
            Some(&dealer),
            Some(&json!({ "hand": 1 })),
        )
        .await;
    assert_eq!(after["tracking"]["waiting"], true, "{after}");
    // Cash: an online table and a tablet's table with guests seated.
    ring(
        &api,
        json!({ "type": "add_game", "name": "NLHE 1/2", "variant": "NT", "small_blind": 1,
                "big_blind": 2, "seats": 6, "min_buy_in": 40, "max_buy_in": 200,
                "profile": "hc" }),
    )
    .await;
    ring(
        &api,
        json!({ "type": "open_table", "game": 0, "mode": "online", "opened_by": "Anna" }),
    )
    .await;
    ring(
        &api,
        json!({ "type": "open_table", "game": 0, "mode": "tablet", "opened_by": "Anna" }),
    )
    .await;
    for (k, name) in ["Anna", "Ben", "Cem"].into_iter().enumerate() {
        ring(&api, json!({ "type": "add_guest", "name": name })).await;
        ring(
            &api,
            json!({ "type": "seat_at_desk", "guest": k, "table": 1, "seat": k + 1, "buy_in": 100 }),
        )
        .await;
    }
    api.ok(
        Method::POST,
        "/api/ring/tables/1/tablet",
        Some(&api.td),
        None,
    )
    .await;
    let guest = api
        .ok(
            Method::POST,
            "/api/ring/guests",
            None,
            Some(&json!({ "name": "eve" })),
        )
        .await["token"]
        .as_str()
        .expect("a guest token")
        .to_string();
    api.drive().await;
    api.app.seeded().await;
    let next = api.ok(Method::GET, &path(""), None, None).await;
    assert_eq!(next["hand"], 2, "the next hand came to the tablet: {next}");

    let doc = api.ok(Method::GET, "/api/openapi.json", None, None).await;
    let paths = doc["paths"].as_object().expect("paths");
    let gets: Vec<&String> = paths
        .iter()
        .filter(|(_, item)| item.get("get").is_some())
        .map(|(path, _)| path)
        .collect();
    assert!(gets.len() > 20, "{} GET routes", gets.len());
    let roles = [
        None,
        Some(api.td.as_str()),
        Some(player.as_str()),
        Some(guest.as_str()),
        Some(dealer.as_str()),
    ];
    let mut calls = 0;
    for path in gets {
        for value in ["0", "1"] {
            let uri = fill(path, value);
            for role in roles {
                let before = api.log_len();
                let status = api.get_status(&uri, role).await;
                api.app.seeded().await;
                assert_eq!(
                    api.log_len(),
                    before,
                    "GET {uri} as {role:?} ({status}) wrote to the log"
                );
                calls += 1;
            }
        }
    }
    assert!(calls > 200, "{calls} calls");
}

/// The path with every `{parameter}` set to `value`.
fn fill(path: &str, value: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c + 1);
        out.push_str(value);
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}
