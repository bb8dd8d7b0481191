//! Issue 35, measured: 100 dealer tablets open on 100 live tables cost the server nothing while
//! nothing happens (no poll reaches a table's task), and a change at one table is work for that
//! table's task alone. Counted in task turns (`Handle::turns`), not in time.

mod common;

use common::Api;
use common::floor::{post, tda_45_table};
use futures_util::StreamExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

const TABLES: usize = 100;

/// Every live table's task's turns so far.
fn turns(api: &Api) -> Vec<u64> {
    api.app.hub().dealers().iter().map(|d| d.turns()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_idle_tablets_cost_their_tables_no_work() {
    // The tablets come from one address here: no cap per address (a room's come from many).
    let api = Api::open_with(server::limit::Limits {
        max_per_address: 0,
        ..server::limit::Limits::default()
    });
    for _ in 0..TABLES {
        post(&api, "/api/floor", tda_45_table()).await;
    }
    let addr = api.listen().await;
    // Each tablet follows its table's changes, as the page does.
    let mut sockets = Vec::new();
    for table in 0..TABLES {
        let (mut socket, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/floor/{table}/ws"))
                .await
                .expect("a WebSocket");
        // The first `changed` comes on connect: the tablet then reads its table once.
        loop {
            if let Message::Text(_) = socket.next().await.expect("open").expect("a frame") {
                break;
            }
        }
        api.ok(
            axum::http::Method::GET,
            &format!("/api/floor/{table}"),
            None,
            None,
        )
        .await;
        sockets.push(socket);
    }
    let settled = turns(&api);
    // A second of nothing: no table's task takes a turn.
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    assert_eq!(turns(&api), settled, "idle tablets made their tables work");
    // One dealer acts at table 0: the other 99 tables' tasks take no turn for it.
    post(
        &api,
        "/api/floor/0/act",
        json!({ "hand": 1, "act": { "player": 2, "say": "call", "chips": [500] } }),
    )
    .await;
    api.app.seeded().await;
    let after = turns(&api);
    assert!(after[0] > settled[0], "table 0 did the act");
    assert_eq!(
        after[1..],
        settled[1..],
        "a change at table 0 made other tables work"
    );
    drop(sockets);
}
