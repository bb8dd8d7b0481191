//! Random taps on the dealer tablet: acts by anyone with any words and chips, streets, notices,
//! irregularities, pots named, mucks and next hands, until three players are out. Never a 5xx;
//! a refusal writes nothing, an answer writes one record; the chips at the table stay what
//! they were; a restart replays the same tables.

mod common;

use axum::http::Method;
use common::Api;
use common::floor::tda_45_table;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};

const WORDS: [&str; 13] = [
    "",
    "call",
    "fold",
    "check",
    "raise",
    "all in",
    "pot",
    "raise 3000",
    "bet 800",
    "five",
    "I call",
    "passe",
    "Erhöhe auf 3000",
];
const CHIPS: [u64; 6] = [25, 100, 500, 1000, 5000, 25000];
const ORDERS: [&str; 3] = ["say_first", "chips_first", "together"];

fn pick<T: Clone>(rng: &mut ChaCha8Rng, items: &[T]) -> T {
    items[rng.next_u32() as usize % items.len()].clone()
}

/// One random request for the table as it is: the route and its body.
fn tap(rng: &mut ChaCha8Rng, view: &Value) -> (&'static str, Value) {
    let hand = &view["hand"];
    let n = view["players"].as_array().map_or(1, Vec::len) as u32;
    let anyone = rng.next_u32() % n;
    match rng.next_u32() % 100 {
        0..60 => {
            let chips: Vec<u64> = (0..rng.next_u32() % 4).map(|_| pick(rng, &CHIPS)).collect();
            let player = match rng.next_u32() % 3 {
                0 => anyone,
                _ => view["next_to_act"].as_u64().unwrap_or(0) as u32,
            };
            let act = json!({
                "player": player,
                "say": pick(rng, &WORDS),
                "chips": chips,
                "order": pick(rng, &ORDERS),
            });
            ("act", json!({ "hand": hand, "act": act }))
        }
        60..75 => ("board", json!({ "hand": hand })),
        75..80 => ("notice", json!({ "hand": hand })),
        80..85 => {
            let irregularity = pick(
                rng,
                &[
                    json!({ "kind": "mess" }),
                    json!({ "kind": "misdeal", "cause": "seat_skipped" }),
                    json!({ "kind": "player_exposed_cards", "player": anyone }),
                    json!({ "kind": "clock_called", "player": anyone, "facing_bet": true }),
                    json!({ "kind": "deck_defect", "defect": "duplicate", "player_knew": null }),
                ],
            );
            (
                "irregularity",
                json!({ "hand": hand, "irregularity": irregularity }),
            )
        }
        85..92 => {
            let pot = rng.next_u32() % 2;
            (
                "award",
                json!({ "hand": hand, "pot": pot, "winners": [anyone] }),
            )
        }
        92..95 => ("muck", json!({ "hand": hand, "player": anyone })),
        _ => ("next-hand", json!({ "hand": hand })),
    }
}

/// Chips behind and in the pots (the pots count the bets in front).
fn chips(view: &Value) -> u64 {
    let sum = |list: &Value, field: &str| -> u64 {
        list.as_array()
            .into_iter()
            .flatten()
            .map(|x| x[field].as_u64().unwrap_or(0))
            .sum()
    };
    sum(&view["players"], "stack") + sum(&view["pots"], "amount")
}

#[tokio::test]
async fn random_taps_never_break_the_table() {
    let path = std::env::temp_dir().join(format!("floor-fuzz-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let api = Api::open_at(&path);
    let td = Some(api.td.as_str());
    let opened = api
        .ok(Method::POST, "/api/floor", td, Some(&tda_45_table()))
        .await;
    let total = chips(&opened);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut hands = 1;
    for _ in 0..2500 {
        let view = api.ok(Method::GET, "/api/floor/0", None, None).await;
        if view["out"].as_array().is_some_and(|o| o.len() >= 3) {
            break;
        }
        let (route, body) = tap(&mut rng, &view);
        let before = api.log_len();
        let uri = format!("/api/floor/0/{route}");
        let reply = api
            .send(Method::POST, &uri, td, Some(&body.to_string()))
            .await;
        let status = reply.status.as_u16();
        assert!(status < 500, "{route} {body}: {}", reply.body);
        let written = if status == 200 { 1 } else { 0 };
        assert_eq!(api.log_len(), before + written, "{route} {body}");
        if status == 200 {
            assert_eq!(chips(&reply.body), total, "{route} {body}: {}", reply.body);
            hands = reply.body["hand"].as_u64().unwrap_or(hands);
        }
    }
    assert!(hands >= 10, "only {hands} hands were played");
    let tables = api.ok(Method::GET, "/api/floor", None, None).await;
    drop(api);
    let again = Api::open_at(&path);
    assert_eq!(
        again.ok(Method::GET, "/api/floor", None, None).await,
        tables
    );
    drop(again);
    let _ = std::fs::remove_file(&path);
}
