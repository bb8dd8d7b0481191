//! The dealer tablet's answers and requests against the OpenAPI document: every live-table view
//! of a hand played through, and the procedure of every kind of irregularity on the menu.

mod common;

use axum::http::Method;
use common::Api;
use common::schema::{document, documented, fits};
use serde_json::{Value, json};

fn table() -> Value {
    json!({
        "names": ["Ann", "Bob", "Cy", "Dee"],
        "stacks": [20000, 20000, 20000, 6000],
        "small_blind": 100,
        "big_blind": 200,
        "ante": 25,
        "denominations": [25, 100, 500, 1000, 5000],
    })
}

/// Opens the table of `table()` (live table 0), the answer checked against the document.
async fn open(api: &Api, doc: &Value) -> Value {
    documented(
        api,
        doc,
        Method::POST,
        "/api/floor",
        "/api/floor",
        Some(&api.td),
        Some(table()),
    )
    .await
}

/// A change whose request fits `request` and whose answer fits the document.
async fn change(api: &Api, doc: &Value, path: &str, request: &str, body: Value) -> Value {
    fits(doc, request, &body);
    let uri = format!("/api/floor/0/{path}");
    let route = format!("/api/floor/{{table}}/{path}");
    documented(
        api,
        doc,
        Method::POST,
        &uri,
        &route,
        Some(&api.td),
        Some(body),
    )
    .await
}

#[tokio::test]
async fn a_hand_played_through_fits_the_document() {
    let doc = document();
    let d = &doc;
    let api = Api::open();
    fits(d, "OpenTable", &table());
    open(&api, d).await;
    let acts = [
        json!({ "player": 2, "say": "raise", "chips": [500, 100] }),
        json!({ "player": 3, "say": "all in", "order": "say_first" }),
        json!({ "player": 0, "chips": [5000, 1000], "previous_chips": [100] }),
        json!({ "player": 1, "say": "fold", "unclear": false }),
        json!({ "player": 2, "say": "call" }),
    ];
    for act in acts {
        change(
            &api,
            d,
            "act",
            "FloorActRequest",
            json!({ "hand": 1, "act": act }),
        )
        .await;
    }
    change(&api, d, "notice", "FloorHandRef", json!({ "hand": 1 })).await;
    change(
        &api,
        d,
        "board",
        "BoardRequest",
        json!({ "hand": 1, "cards": ["As", "Kd", "7h"] }),
    )
    .await;
    change(
        &api,
        d,
        "act",
        "FloorActRequest",
        json!({ "hand": 1, "act": { "player": 0, "say": "check" } }),
    )
    .await;
    change(
        &api,
        d,
        "act",
        "FloorActRequest",
        json!({ "hand": 1, "act": { "player": 2, "say": "check" } }),
    )
    .await;
    for _ in 0..2 {
        change(
            &api,
            d,
            "board",
            "BoardRequest",
            json!({ "hand": 1, "cards": null }),
        )
        .await;
        for player in [0, 2] {
            let act = json!({ "player": player, "say": "check" });
            change(
                &api,
                d,
                "act",
                "FloorActRequest",
                json!({ "hand": 1, "act": act }),
            )
            .await;
        }
    }
    let view = api.ok(Method::GET, "/api/floor/0", None, None).await;
    for (p, cards) in [(0, ["Qs", "Qh"]), (2, ["2c", "2d"])] {
        let body = json!({ "hand": 1, "player": p, "cards": cards });
        if view["players"][p]["status"] == "live" {
            change(&api, d, "show", "ShowRequest", body).await;
        }
    }
    let view = api.ok(Method::GET, "/api/floor/0", None, None).await;
    for (pot, p) in view["pots"].as_array().unwrap().iter().enumerate() {
        let winners = json!([p["eligible"][0]]);
        let body = json!({ "hand": 1, "pot": pot, "winners": winners });
        change(&api, d, "award", "AwardRequest", body).await;
    }
    let view = change(&api, d, "next-hand", "FloorHandRef", json!({ "hand": 1 })).await;
    assert_eq!(view["hand"], 2, "{view}");
    fits(d, "MuckRequest", &json!({ "hand": 2, "player": 0 }));
}

/// One of every kind on the menu, with its nested choices.
fn irregularities() -> Vec<Value> {
    let issues = [
        json!({ "one_card_shown": { "refuses": true } }),
        json!({ "ask_to_see_hand": { "asker_holds_cards": true, "asker_called_last_bet": false, "shows_first": false } }),
        json!("muck_at_all_in"),
    ];
    let mut out = vec![
        json!({ "kind": "misdeal", "cause": "seat_skipped" }),
        json!({ "kind": "exposed_hole_card", "position": 2, "count": 1 }),
        json!({ "kind": "wrong_card_count", "player": 1, "has": 3, "needs": 2, "is_button": false, "has_acted": false }),
        json!({ "kind": "four_card_flop", "fourth_identifiable": true, "cards": 4 }),
        json!({ "kind": "premature_board", "street": "flop" }),
        json!({ "kind": "burn_error", "street": "flop", "burned": 0, "board_dealt": false }),
        json!({ "kind": "deck_defect", "defect": "duplicate", "player_knew": null }),
        json!({ "kind": "deck_defect", "defect": { "joker": { "holder": 2, "holder_acted": true } }, "player_knew": 1 }),
        json!({ "kind": "dropped_deck", "seen": true, "mixed_with_muck": false }),
        json!({ "kind": "mess" }),
        json!({ "kind": "player_exposed_cards", "player": 2 }),
        json!({ "kind": "showed_cards_to", "player": 2, "to_live_player": true }),
        json!({ "kind": "hand_seen", "player": 3 }),
        json!({ "kind": "clock_called", "player": 2, "facing_bet": true }),
        json!({ "kind": "penalty", "player": 1, "penalty": "warning", "players_at_table": 4 }),
        json!({ "kind": "penalty", "player": 1, "penalty": { "rounds": 1 }, "players_at_table": 4 }),
        json!({ "kind": "chip_found_later", "player": 0, "amount": 500 }),
        json!({ "kind": "rabbit_hunt", "all_agree": true }),
        json!({ "kind": "dispute", "about": "pot", "next_hand_started": true,
                "substantial_action_since": false, "pot_pushed": true, "at_once": false,
                "at_break": false, "seconds_since_award": 0 }),
        json!({ "kind": "count_asked", "of": "stack", "facing_all_in_in_turn": true, "pot_limit": false }),
        json!({ "kind": "miscalled_hand", "player": 1, "declared_lower": true }),
        json!({ "kind": "chips_out_of_sight", "player": 2 }),
        json!({ "kind": "found_chips" }),
        json!({ "kind": "collusion", "player": 3, "form": "chip_dumping" }),
        json!({ "kind": "left_live_hand", "player": 2 }),
        json!({ "kind": "dodged_blind", "player": 0 }),
        json!({ "kind": "shuffle_fault", "fault": "card_seen" }),
        json!({ "kind": "dropped_card", "player": 1, "face_up_or_seen": true }),
        json!({ "kind": "hand_for_hand_all_in" }),
        json!({ "kind": "extra_board_card", "street": "turn" }),
        json!({ "kind": "dealer_miscall", "prompt_reaction": true }),
        json!({ "kind": "underpaid_calls", "first": 1, "callers": 2, "opening_bet": true }),
    ];
    out.extend(
        issues
            .into_iter()
            .map(|issue| json!({ "kind": "showdown", "player": 1, "issue": issue })),
    );
    out
}

#[tokio::test]
async fn every_irregularity_on_the_menu_fits_the_document() {
    let doc = document();
    let d = &doc;
    let kinds = doc["components"]["schemas"]["Irregularity"]["oneOf"]
        .as_array()
        .unwrap()
        .len();
    let all = irregularities();
    let mut seen: Vec<&str> = all.iter().map(|i| i["kind"].as_str().unwrap()).collect();
    seen.dedup();
    // Stud's own irregularities are not called at this hold'em table; they fit the document.
    let stud = [
        json!({ "kind": "up_cards_taken", "player": 1, "in_turn": true }),
        json!({ "kind": "seventh_street_short_deck", "stub": 3 }),
        json!({ "kind": "absent_at_deal", "player": 1, "penalized": false, "bring_in_card": true }),
    ];
    for irregularity in &stud {
        fits(d, "Irregularity", irregularity);
    }
    assert_eq!(
        seen.len() + stud.len(),
        kinds,
        "one of every kind: {seen:?}"
    );
    for irregularity in all {
        let api = Api::open();
        open(&api, d).await;
        let body = json!({ "hand": 1, "irregularity": irregularity });
        let view = change(&api, d, "irregularity", "IrregularityRequest", body).await;
        let procedure = &view["procedure"];
        assert_eq!(procedure["irregularity"], irregularity);
        assert!(
            procedure["steps"].as_array().is_some_and(|s| !s.is_empty()),
            "{irregularity}: no steps"
        );
    }
}

#[tokio::test]
async fn the_floor_refusals_are_documented() {
    let doc = document();
    let api = Api::open();
    let td = Some(api.td.as_str());
    open(&api, &doc).await;
    let refusals = [
        (
            "/api/floor/{table}",
            Method::GET,
            "/api/floor/4",
            None,
            None,
            "404",
        ),
        (
            "/api/floor/{table}",
            Method::GET,
            "/api/floor/x",
            None,
            None,
            "400",
        ),
        (
            "/api/floor",
            Method::POST,
            "/api/floor",
            None,
            Some("{}"),
            "401",
        ),
        (
            "/api/floor",
            Method::POST,
            "/api/floor",
            td,
            Some("{}"),
            "400",
        ),
        (
            "/api/floor/{table}/act",
            Method::POST,
            "/api/floor/0/act",
            td,
            Some(r#"{"hand":1,"act":{"player":9}}"#),
            "422",
        ),
        (
            "/api/floor/{table}/next-hand",
            Method::POST,
            "/api/floor/0/next-hand",
            td,
            Some(r#"{"hand":1}"#),
            "409",
        ),
        (
            "/api/floor/{table}/muck",
            Method::POST,
            "/api/floor/3/muck",
            td,
            Some(r#"{"hand":1,"player":0}"#),
            "404",
        ),
    ];
    for (path, method, uri, secret, body, status) in refusals {
        let reply = api.send(method.clone(), uri, secret, body).await;
        assert_eq!(
            reply.status.as_str(),
            status,
            "{method} {uri}: {}",
            reply.body
        );
        fits(&doc, "ApiError", &reply.body);
        let documented = &doc["paths"][path][method.as_str().to_lowercase()]["responses"][status];
        assert!(documented.is_object(), "{method} {path} documents {status}");
    }
}
