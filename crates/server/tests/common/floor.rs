//! The dealer tablet's tables and requests shared by the floor tests.

use super::Api;
use axum::http::Method;
use serde_json::{Value, json};

/// TDA-45's illustration: NLHE 250-500, four players of 20,000, the button on seat 4.
pub fn tda_45_table() -> Value {
    json!({
        "names": ["Ann", "Bob", "Cy", "Dee"],
        "stacks": [20000, 20000, 20000, 20000],
        "small_blind": 250,
        "big_blind": 500,
        "denominations": [25, 100, 500, 1000, 5000, 25000],
    })
}

pub async fn post(api: &Api, path: &str, body: Value) -> Value {
    api.ok(Method::POST, path, Some(&api.td), Some(&body)).await
}

pub async fn act(api: &Api, hand: u64, act: Value) -> Value {
    post(api, "/api/floor/0/act", json!({ "hand": hand, "act": act })).await
}

pub fn rules(ruling: &Value) -> Vec<String> {
    ruling["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule"].as_str().unwrap().to_string())
        .collect()
}

pub fn actions(ruling: &Value) -> Vec<String> {
    ruling["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| match a["action"]["to"].as_u64() {
            Some(to) => format!(
                "p{} {} {to}",
                a["player"],
                a["action"]["type"].as_str().unwrap()
            ),
            None => format!("p{} {}", a["player"], a["action"]["type"].as_str().unwrap()),
        })
        .collect()
}

/// TDA-45's hand played to the end: the big blind all in on the flop and called by UTG+1.
pub async fn all_in_on_the_flop(api: &Api) {
    post(api, "/api/floor", tda_45_table()).await;
    act(api, 1, json!({ "player": 2, "say": "raise 1100" })).await;
    act(
        api,
        1,
        json!({ "player": 3, "chips": [1000, 100, 100, 100, 100, 100] }),
    )
    .await;
    act(api, 1, json!({ "player": 0, "say": "fold" })).await;
    act(api, 1, json!({ "player": 1, "say": "call" })).await;
    act(api, 1, json!({ "player": 2, "say": "call" })).await;
    post(
        api,
        "/api/floor/0/board",
        json!({ "hand": 1, "cards": null }),
    )
    .await;
    act(api, 1, json!({ "player": 1, "say": "all in" })).await;
    act(api, 1, json!({ "player": 2, "say": "fold" })).await;
    act(api, 1, json!({ "player": 3, "say": "call" })).await;
}
