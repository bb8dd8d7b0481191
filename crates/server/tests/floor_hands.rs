//! The dealer tablet's hands: streets laid without their cards, hands shown or pots named by
//! the dealer, the next hand with the button moved on; refusals as `ApiError`s writing nothing,
//! and a restart that replays every live table exactly.

mod common;

use axum::http::Method;
use common::Api;
use common::floor::{all_in_on_the_flop, post, tda_45_table};
use serde_json::{Value, json};

#[tokio::test]
async fn streets_laid_unknown_and_the_pot_named_by_the_dealer() {
    let api = Api::open();
    all_in_on_the_flop(&api).await;
    for street in ["turn", "river"] {
        let view = api.ok(Method::GET, "/api/floor/0", None, None).await;
        assert_eq!(view["waiting"]["street"], street);
        post(&api, "/api/floor/0/board", json!({ "hand": 1 })).await;
    }
    let view = api.ok(Method::GET, "/api/floor/0", None, None).await;
    assert_eq!(view["street"], "showdown");
    assert_eq!(view["board"], json!([null, null, null, null, null]));
    // The small blind's 250, UTG's 1,700 and the two all-ins of 20,000.
    assert_eq!(
        view["pots"],
        json!([{ "amount": 41950, "eligible": [1, 3], "names": ["Bob", "Dee"] }])
    );
    // Only a player who can win the pot may be named (TDA-21).
    let refused = api
        .refused(
            Method::POST,
            "/api/floor/0/award",
            Some(&api.td),
            Some(&json!({ "hand": 1, "pot": 0, "winners": [2] }).to_string()),
            422,
            "illegal_action",
        )
        .await;
    insta::assert_json_snapshot!("award_not_eligible", refused);
    let view = post(
        &api,
        "/api/floor/0/award",
        json!({ "hand": 1, "pot": 0, "winners": [3] }),
    )
    .await;
    assert_eq!(view["over"], true);
    assert_eq!(view["waiting"]["kind"], "next_hand");
    let stacks: Vec<u64> = view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["stack"].as_u64().unwrap())
        .collect();
    assert_eq!(stacks, [19750, 0, 18300, 41950]);
}

#[tokio::test]
async fn cards_entered_at_the_showdown_and_a_pot_split_by_the_dealer_tda_20() {
    let api = Api::open();
    all_in_on_the_flop(&api).await;
    post(
        &api,
        "/api/floor/0/board",
        json!({ "hand": 1, "cards": ["2c"] }),
    )
    .await;
    post(
        &api,
        "/api/floor/0/board",
        json!({ "hand": 1, "cards": ["3d"] }),
    )
    .await;
    // The flop was laid unknown: the pot cannot be read from the cards; the dealer names it.
    post(
        &api,
        "/api/floor/0/show",
        json!({ "hand": 1, "player": 1, "cards": ["As", "Ah"] }),
    )
    .await;
    let view = api.ok(Method::GET, "/api/floor/0", None, None).await;
    assert_eq!(view["players"][1]["cards"], json!(["As", "Ah"]));
    assert_eq!(view["board"], json!([null, null, null, "2c", "3d"]));
    post(
        &api,
        "/api/floor/0/award",
        json!({ "hand": 1, "pot": 0, "winners": [1, 3] }),
    )
    .await;
    let view = api.ok(Method::GET, "/api/floor/0", None, None).await;
    // A split pot of 41,950: 20,975 each (TDA-20: the odd chip is not needed here).
    assert_eq!(view["players"][1]["stack"], 20975);
    assert_eq!(view["players"][3]["stack"], 20975);
}

#[tokio::test]
async fn the_next_hand_moves_the_button_past_the_busted_seat_tda_32() {
    let api = Api::open();
    all_in_on_the_flop(&api).await;
    post(&api, "/api/floor/0/board", json!({ "hand": 1 })).await;
    post(&api, "/api/floor/0/board", json!({ "hand": 1 })).await;
    post(
        &api,
        "/api/floor/0/award",
        json!({ "hand": 1, "pot": 0, "winners": [3] }),
    )
    .await;
    let view = post(&api, "/api/floor/0/next-hand", json!({ "hand": 1 })).await;
    assert_eq!(view["hand"], 2);
    assert!(view["rulings"].as_array().unwrap().is_empty());
    assert_eq!(view["out"], json!([{ "seat": 2, "name": "Bob" }]));
    // TDA-32, dead button: the big blind moves on to seat 3, the small blind's seat 2 is
    // empty and nobody posts it, the button goes to seat 1.
    assert_eq!(view["button_seat"], 1);
    let seats: Vec<(u64, bool, bool)> = view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let seat = p["seat"].as_u64().unwrap();
            (seat, p["small_blind"] == true, p["big_blind"] == true)
        })
        .collect();
    assert_eq!(
        seats,
        [(3, false, true), (4, false, false), (1, false, false)]
    );
    assert_eq!(view["total_pot"], 500);
    assert_eq!(view["next_to_act"], 1);
}

#[tokio::test]
async fn refusals_say_what_was_wrong_and_write_nothing() {
    let api = Api::open();
    let td = Some(api.td.as_str());
    let open = tda_45_table().to_string();
    let error = api
        .refused(
            Method::POST,
            "/api/floor",
            None,
            Some(&open),
            401,
            "unauthorized",
        )
        .await;
    insta::assert_json_snapshot!("open_without_secret", error);
    let mut bad = tda_45_table();
    bad["profile"] = json!("wsop");
    api.refused(
        Method::POST,
        "/api/floor",
        td,
        Some(&bad.to_string()),
        422,
        "bad_table",
    )
    .await;
    let mut bad = tda_45_table();
    bad["stacks"] = json!([20000]);
    api.refused(
        Method::POST,
        "/api/floor",
        td,
        Some(&bad.to_string()),
        422,
        "bad_table",
    )
    .await;
    api.refused(Method::POST, "/api/floor", td, Some("{"), 400, "bad_json")
        .await;
    api.refused(Method::GET, "/api/floor/0", None, None, 404, "not_found")
        .await;
    api.refused(Method::GET, "/api/floor/x", None, None, 400, "bad_path")
        .await;
    post(&api, "/api/floor", tda_45_table()).await;

    let send = |path: &'static str, body: Value| (path, body.to_string());
    let cases = [
        (
            send("act", json!({ "hand": 1, "act": { "player": 2 } })),
            None,
            401,
            "unauthorized",
        ),
        (
            send("act", json!({ "hand": 2, "act": { "player": 2 } })),
            td,
            409,
            "stale_hand",
        ),
        (
            send("act", json!({ "hand": 1, "act": { "player": 7 } })),
            td,
            422,
            "no_such_player",
        ),
        (
            send(
                "act",
                json!({ "hand": 1, "act": { "player": 2, "chips": [50] } }),
            ),
            td,
            422,
            "chip_not_in_play",
        ),
        (
            send("board", json!({ "hand": 1, "cards": ["Xx"] })),
            td,
            422,
            "bad_cards",
        ),
        (
            send("next-hand", json!({ "hand": 1 })),
            td,
            409,
            "hand_not_over",
        ),
        (send("muck", json!({ "hand": 1 })), td, 400, "bad_json"),
    ];
    for ((path, body), secret, status, code) in cases {
        let uri = format!("/api/floor/0/{path}");
        let error = api
            .refused(Method::POST, &uri, secret, Some(&body), status, code)
            .await;
        if code == "chip_not_in_play" || code == "stale_hand" {
            insta::assert_json_snapshot!(code, error);
        }
    }
    // The engine's refusals cite their rule: no street is laid while a round is open.
    let body = json!({ "hand": 1 }).to_string();
    let error = api
        .refused(
            Method::POST,
            "/api/floor/0/board",
            td,
            Some(&body),
            422,
            "illegal_action",
        )
        .await;
    assert!(error["rule"].is_string(), "{error}");
    assert_eq!(api.log_len(), 1);
}

#[tokio::test]
async fn a_restart_replays_every_live_table_exactly() {
    let path = std::env::temp_dir().join(format!("floor-replay-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let api = Api::open_at(&path);
    all_in_on_the_flop(&api).await;
    let body = json!({ "hand": 1, "irregularity": { "kind": "clock_called", "player": 1, "facing_bet": false } });
    post(&api, "/api/floor/0/irregularity", body).await;
    post(&api, "/api/floor", tda_45_table()).await;
    let before = api.ok(Method::GET, "/api/floor", None, None).await;
    drop(api);
    let again = Api::open_at(&path);
    let after = again.ok(Method::GET, "/api/floor", None, None).await;
    assert_eq!(after, before);
    assert_eq!(after.as_array().map(Vec::len), Some(2));
    drop(again);
    let _ = std::fs::remove_file(&path);
}

/// TDA-RP-1: the tablet puts an all-in marker in front of each player all in.
#[tokio::test]
async fn tda_rp_1_players_all_in_are_marked() {
    let api = Api::open();
    all_in_on_the_flop(&api).await;
    let view = api.ok(Method::GET, "/api/floor/0", None, None).await;
    let marked: Vec<bool> = view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["all_in"].as_bool().unwrap())
        .collect();
    assert_eq!(marked, [false, true, false, true], "{view}");
}

/// TDA-RP-12, TDA-RP-2: while the betting is open the tablet reminds the dealer to announce
/// bets and leave them in front; TDA-26 before the next deal.
#[tokio::test]
async fn the_tablet_shows_the_dealers_reminders() {
    let api = Api::open();
    post(&api, "/api/floor", tda_45_table()).await;
    let view = api.ok(Method::GET, "/api/floor/0", None, None).await;
    let rules: Vec<&str> = view["reminders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule"].as_str().unwrap())
        .collect();
    assert!(
        rules.contains(&"TDA-RP-12") && rules.contains(&"TDA-RP-2"),
        "{rules:?}"
    );
    assert!(
        view["reminders"][0]["de"]
            .as_str()
            .is_some_and(|d| !d.is_empty())
    );
}
