//! Issue 17 item 1: a live event (`tables = "live"`). The server deals nothing: the TD reports
//! each hand's end with its busts as the dealer calls them (HC-1.8), the button and chip counts,
//! and the director places, pays, balances and breaks from the reports.

mod common;

use axum::http::{Method, StatusCode};
use common::Api;
use serde_json::{Value, json};

/// A live event from a template, `players` registered at the desk, started and dealt.
async fn live_event(api: &Api, template: &str, players: usize) {
    api.create_live_event(template, 7).await;
    for i in 0..players {
        api.register_desk(0, &format!("Player {}", i + 1)).await;
    }
    api.start(0).await;
    api.drive().await;
}

async fn seating(api: &Api) -> Vec<Value> {
    let s = api
        .ok(Method::GET, "/api/events/0/seating", None, None)
        .await;
    s["tables"].as_array().unwrap().clone()
}

fn players_at(table: &Value) -> Vec<u64> {
    table["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["player"].as_u64())
        .collect()
}

fn chips_at(tables: &[Value]) -> u64 {
    tables
        .iter()
        .flat_map(|t| t["seats"].as_array().unwrap().iter())
        .filter_map(|s| s["chips"].as_u64())
        .sum()
}

async fn td(api: &Api, body: Value) -> Value {
    api.ok(Method::POST, "/api/events/0/td", Some(&api.td), Some(&body))
        .await
}

/// A dealer tablet that follows table `table` (from 1) of event 0, bound by the TD.
async fn follow(api: &Api, table: u32) -> Value {
    api.ok(
        Method::POST,
        &format!("/api/events/0/tables/{table}/tablet"),
        Some(&api.td),
        Some(&json!({ "track": true })),
    )
    .await
}

async fn summary(api: &Api) -> Value {
    api.ok(Method::GET, "/api/events/0", None, None).await
}

/// HC-1.8, TDA-11A, TDA-11D: the dealer calls three busts at table 1; it waits three short
/// until table 2's hand is over and gives it a player; the chips in play stay at the tables.
#[tokio::test]
async fn busts_called_from_a_table_are_placed_and_balanced_hc_1_8_tda_11() {
    let api = Api::open();
    live_event(&api, "deepstack", 18).await;
    assert_eq!(summary(&api).await["live"], json!(true));
    let tables = seating(&api).await;
    assert_eq!(tables.len(), 2);
    assert!(
        tables.iter().all(|t| t["in_hand"] == json!(true)),
        "{tables:?}"
    );
    let in_play = summary(&api).await["chips_in_play"].as_u64().unwrap();
    assert_eq!(chips_at(&tables), in_play);
    let first = players_at(&tables[0]);
    let busts: Vec<Value> = first[..3]
        .iter()
        .map(|p| json!({ "player": p, "by": [first[3]] }))
        .collect();
    td(
        &api,
        json!({ "type": "hand_over", "table": 1, "busts": busts }),
    )
    .await;
    api.drive().await;
    let tables = seating(&api).await;
    assert_eq!(players_at(&tables[0]).len(), 6);
    let wait = tables[0]["wait"].as_str().unwrap_or_default();
    assert!(wait.contains("TDA-11D"), "{tables:?}");
    let notices = summary(&api).await["notices"].clone();
    assert_eq!(notices[0]["kind"], json!("short"), "{notices}");
    assert_eq!(notices[0]["tables"], json!([1]));
    assert_eq!(
        notices[0]["en"],
        json!("Table 1 waits: 3 short of table 2 (TDA-11D)")
    );
    assert_eq!(chips_at(&tables), in_play);
    // The button lies on a player's seat, not the seats the busted left.
    let seats = tables[0]["seats"].as_array().unwrap();
    let empty = seats.iter().position(Value::is_null).unwrap() + 1;
    let body = json!({ "type": "button", "table": 1, "seat": empty }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/td",
        Some(&api.td),
        Some(&body),
        422,
        "bad_report",
    )
    .await;
    let audit = api
        .ok(Method::GET, "/api/events/0/audit", Some(&api.td), None)
        .await;
    let last = audit.as_array().unwrap().last().unwrap()["what"].clone();
    assert!(
        last.as_str().unwrap().starts_with(&format!(
            "hand over at table 1 (HC-1.8): player {} out by player {}",
            first[0] + 1,
            first[3] + 1
        )),
        "{last}"
    );
    td(&api, json!({ "type": "hand_over", "table": 2 })).await;
    api.drive().await;
    let tables = seating(&api).await;
    let counts: Vec<usize> = tables.iter().map(|t| players_at(t).len()).collect();
    assert!(
        counts.iter().max().unwrap() - counts.iter().min().unwrap() <= 1,
        "{counts:?}"
    );
    // The move is an instruction for the floor: both tables wait until it is done.
    let instructions = summary(&api).await["instructions"].clone();
    let move_ = &instructions[0];
    assert_eq!(instructions.as_array().unwrap().len(), 1, "{instructions}");
    assert_eq!(move_["kind"], json!("move"));
    assert_eq!(move_["rules"], json!(["TDA-11A"]));
    assert_eq!(move_["holds"], json!([1, 2]));
    assert!(
        move_["en"].as_str().unwrap().starts_with("Move Player"),
        "{move_}"
    );
    assert!(move_["de"].as_str().unwrap().contains("setzen"), "{move_}");
    assert!(
        tables.iter().all(|t| t["in_hand"] == json!(false)),
        "{tables:?}"
    );
    assert!(tables[0]["wait"].as_str().unwrap().contains("instructions"));
    let id = move_["id"].as_u64().unwrap();
    td(&api, json!({ "type": "confirm", "instruction": id })).await;
    let again = json!({ "type": "confirm", "instruction": id }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/td",
        Some(&api.td),
        Some(&again),
        422,
        "refused",
    )
    .await;
    let unknown = json!({ "type": "confirm", "instruction": 77 }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/td",
        Some(&api.td),
        Some(&unknown),
        404,
        "not_found",
    )
    .await;
    assert_eq!(summary(&api).await["instructions"], json!([]));
    api.drive().await;
    let tables = seating(&api).await;
    assert!(
        tables.iter().all(|t| t["in_hand"] == json!(true)),
        "{tables:?}"
    );
    let moves = api
        .ok(Method::GET, "/api/events/0/moves", Some(&api.td), None)
        .await;
    assert!(moves.to_string().contains("TDA-11"), "{moves}");
    assert_eq!(chips_at(&tables), in_play);
}

/// Reports that cannot be true are refused with what was wrong, and nothing is logged.
#[tokio::test]
async fn impossible_reports_are_refused_and_logged_nowhere() {
    let api = Api::open();
    live_event(&api, "deepstack", 18).await;
    let tables = seating(&api).await;
    let (here, there) = (players_at(&tables[0]), players_at(&tables[1]));
    let td_secret = Some(api.td.as_str());
    let refused = |body: Value, status: u16, code: &'static str| {
        let api = &api;
        async move {
            api.refused(
                Method::POST,
                "/api/events/0/td",
                td_secret,
                Some(&body.to_string()),
                status,
                code,
            )
            .await
        }
    };
    // A player of another table, a player out by their own hand, everyone out.
    let other = json!({ "type": "hand_over", "table": 1, "busts": [{ "player": there[0] }] });
    let e = refused(other, 422, "bad_report").await;
    assert!(e["message"].as_str().unwrap().contains("not dealt"), "{e}");
    let own = json!({ "type": "hand_over", "table": 1,
        "busts": [{ "player": here[0], "by": [here[0]] }] });
    refused(own, 422, "bad_report").await;
    let all: Vec<Value> = here.iter().map(|p| json!({ "player": p })).collect();
    refused(
        json!({ "type": "hand_over", "table": 1, "busts": all }),
        422,
        "bad_report",
    )
    .await;
    // A tie card that is not in the deck (HC-1.3).
    let card = json!({ "type": "hand_over", "table": 1,
        "busts": [{ "player": here[0], "card": "Xx" }] });
    let e = refused(card, 422, "bad_report").await;
    assert!(e["message"].as_str().unwrap().contains("not a card"), "{e}");
    refused(json!({ "type": "hand_over", "table": 9 }), 404, "not_found").await;
    refused(
        json!({ "type": "hand_over", "table": 0 }),
        422,
        "bad_request",
    )
    .await;
    // A hand reported over twice: the second finds no hand in play until the next is dealt.
    td(&api, json!({ "type": "hand_over", "table": 1 })).await;
    refused(json!({ "type": "hand_over", "table": 1 }), 409, "wait").await;
    // A nine-handed table has no seat 10; a count of nothing is a bust.
    refused(
        json!({ "type": "button", "table": 2, "seat": 10 }),
        422,
        "bad_report",
    )
    .await;
    refused(
        json!({ "type": "chip_count", "counts": [{ "player": here[1], "chips": 0 }] }),
        422,
        "refused",
    )
    .await;
}

/// An event the server deals takes no reports: its hands report themselves.
#[tokio::test]
async fn an_online_event_takes_no_reports() {
    let api = Api::open();
    api.create_event("deepstack", 1).await;
    for name in ["Ann", "Bob"] {
        api.register_self(0, name).await;
    }
    api.start(0).await;
    api.drive().await;
    assert_eq!(summary(&api).await["live"], json!(false));
    let body = json!({ "type": "hand_over", "table": 1 }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/td",
        Some(&api.td),
        Some(&body),
        409,
        "wrong_mode",
    )
    .await;
}

/// Chip counts set the counted stacks and keep the chips in play; a reported button stands for
/// the hand in play (TDA-32).
#[tokio::test]
async fn counts_and_the_button_come_from_the_table() {
    let api = Api::open();
    live_event(&api, "deepstack", 18).await;
    let in_play = summary(&api).await["chips_in_play"].as_u64().unwrap();
    let tables = seating(&api).await;
    let here = players_at(&tables[0]);
    td(
        &api,
        json!({ "type": "chip_count", "counts": [{ "player": here[0], "chips": 52_000 }] }),
    )
    .await;
    let tables = seating(&api).await;
    let counted = tables[0]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == json!(here[0]))
        .unwrap()["chips"]
        .clone();
    assert_eq!(counted, json!(52_000));
    assert_eq!(chips_at(&tables), in_play);
    let seat = tables[1]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .rposition(|s| !s.is_null())
        .unwrap()
        + 1;
    td(&api, json!({ "type": "button", "table": 2, "seat": seat })).await;
    assert_eq!(seating(&api).await[1]["button"], json!(seat));
}

/// A whole live night through the HTTP API: busts called at random tables until a winner; the
/// places are 1 to n, every point paid in is paid out (HC-1.2), the chips stay at the tables.
#[tokio::test]
async fn a_live_event_runs_to_its_winner_hc_1_2() {
    let api = Api::open();
    let players = 27;
    live_event(&api, "hc", players).await;
    let in_play = summary(&api).await["chips_in_play"].as_u64().unwrap();
    let mut turn = 0usize;
    for _ in 0..2_000 {
        if summary(&api).await["finished"] == json!(true) {
            break;
        }
        // The floor does what the director says, and confirms it.
        let pending = summary(&api).await["instructions"].clone();
        for i in pending.as_array().unwrap() {
            td(&api, json!({ "type": "confirm", "instruction": i["id"] })).await;
        }
        api.drive().await;
        let tables = seating(&api).await;
        assert_eq!(chips_at(&tables), in_play);
        let Some(table) = tables.iter().find(|t| t["in_hand"] == json!(true)) else {
            continue;
        };
        let number = table["table"].as_u64().unwrap();
        let seated = players_at(table);
        turn += 1;
        // Every third hand busts someone; a player who sat out the hand cannot be called out.
        let mut reported = false;
        if turn.is_multiple_of(3) {
            for (k, &p) in seated.iter().enumerate() {
                let by = seated[(k + 1) % seated.len()];
                let body = json!({ "type": "hand_over", "table": number,
                    "busts": [{ "player": p, "by": [by] }] });
                let reply = api.post("/api/events/0/td", Some(&api.td), &body).await;
                if reply.status == StatusCode::OK {
                    reported = true;
                    break;
                }
                assert_eq!(reply.body["code"], json!("bad_report"), "{}", reply.body);
            }
        }
        if !reported {
            td(&api, json!({ "type": "hand_over", "table": number })).await;
        }
    }
    let summary = summary(&api).await;
    assert_eq!(summary["finished"], json!(true), "{summary}");
    let standings = api
        .ok(Method::GET, "/api/events/0/standings", None, None)
        .await;
    let rows = standings["rows"].as_array().unwrap();
    let mut places: Vec<u64> = rows.iter().filter_map(|r| r["place"].as_u64()).collect();
    places.sort();
    assert_eq!(places, (1..=players as u64).collect::<Vec<_>>());
    let paid: u64 = rows.iter().filter_map(|r| r["prize"].as_u64()).sum();
    assert_eq!(paid, summary["prize_pool"].as_u64().unwrap());
}

/// A tablet bound to a table reports that table's hands and confirms its instructions; its
/// token is valid for its own table only, and a new tablet for the table replaces it.
#[tokio::test]
async fn a_tablet_reports_for_its_own_table_only() {
    let api = Api::open();
    live_event(&api, "deepstack", 18).await;
    let td_secret = Some(api.td.as_str());
    let bound = api
        .ok(
            Method::POST,
            "/api/events/0/tables/1/tablet",
            td_secret,
            None,
        )
        .await;
    let token = bound["token"].as_str().unwrap().to_string();
    assert!(
        bound["url"]
            .as_str()
            .unwrap()
            .starts_with("/tablet?event=0&table=1&token=")
    );
    let who = api.ok(Method::GET, "/api/whoami", Some(&token), None).await;
    assert_eq!(who["role"], json!("tablet"));
    let tablet = Some(token.as_str());
    let over = json!({ "type": "hand_over" }).to_string();
    let report = |table: u32| format!("/api/events/0/tables/{table}/report");
    // Another table, the TD console, binding tablets: not a tablet's business.
    api.refused(
        Method::POST,
        &report(2),
        tablet,
        Some(&over),
        403,
        "forbidden",
    )
    .await;
    let td_over = json!({ "type": "hand_over", "table": 1 }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/td",
        tablet,
        Some(&td_over),
        401,
        "unauthorized",
    )
    .await;
    api.refused(
        Method::POST,
        "/api/events/0/tables/2/tablet",
        tablet,
        None,
        401,
        "unauthorized",
    )
    .await;
    api.refused(
        Method::POST,
        &report(1),
        None,
        Some(&over),
        401,
        "unauthorized",
    )
    .await;
    // Its own table: three busts called, the move instruction confirmed from the tablets.
    let tables = seating(&api).await;
    let first = players_at(&tables[0]);
    let busts: Vec<Value> = first[..3]
        .iter()
        .map(|p| json!({ "player": p, "by": [first[3]] }))
        .collect();
    let body = json!({ "type": "hand_over", "busts": busts });
    api.ok(Method::POST, &report(1), tablet, Some(&body)).await;
    let second = api
        .ok(
            Method::POST,
            "/api/events/0/tables/2/tablet",
            td_secret,
            None,
        )
        .await;
    let second = second["token"].as_str().unwrap().to_string();
    api.ok(
        Method::POST,
        &report(2),
        Some(&second),
        Some(&json!({ "type": "hand_over" })),
    )
    .await;
    let instruction = summary(&api).await["instructions"][0].clone();
    assert_eq!(instruction["tables"], json!([2, 1]), "{instruction}");
    let confirm = json!({ "type": "confirm", "instruction": instruction["id"] });
    api.ok(Method::POST, &report(1), tablet, Some(&confirm))
        .await;
    let audit = api
        .ok(Method::GET, "/api/events/0/audit", td_secret, None)
        .await;
    let by: Vec<&str> = audit
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["by"].as_str())
        .collect();
    assert!(
        by.contains(&"tablet of table 1") && by.contains(&"tablet of table 2"),
        "{by:?}"
    );
    // A new tablet for table 1: the old token no longer works.
    api.ok(
        Method::POST,
        "/api/events/0/tables/1/tablet",
        td_secret,
        None,
    )
    .await;
    api.refused(
        Method::POST,
        &report(1),
        tablet,
        Some(&over),
        401,
        "unauthorized",
    )
    .await;
    // An online event has no tablets to bind.
    api.create_event("deepstack", 2).await;
    api.refused(
        Method::POST,
        "/api/events/1/tables/1/tablet",
        td_secret,
        None,
        409,
        "wrong_mode",
    )
    .await;
}

/// Issue 17 item 4: the TD takes back a bust called by mistake; the player is seated again
/// with their chips, and the audit log says so. A second undo finds nobody out.
#[tokio::test]
async fn a_bust_reported_by_mistake_is_undone() {
    let api = Api::open();
    live_event(&api, "deepstack", 18).await;
    let tables = seating(&api).await;
    let here = players_at(&tables[0]);
    let in_play = summary(&api).await["chips_in_play"].as_u64().unwrap();
    let body = json!({ "type": "hand_over", "table": 1,
        "busts": [{ "player": here[0], "by": [here[1]] }] });
    td(&api, body).await;
    assert_eq!(summary(&api).await["players_left"], json!(17));
    td(&api, json!({ "type": "undo_bust", "player": here[0] })).await;
    assert_eq!(summary(&api).await["players_left"], json!(18));
    let tables = seating(&api).await;
    assert_eq!(players_at(&tables[0]), here, "back in the same seat");
    assert_eq!(chips_at(&tables), in_play);
    let again = json!({ "type": "undo_bust", "player": here[0] }).to_string();
    let e = api
        .refused(
            Method::POST,
            "/api/events/0/td",
            Some(&api.td),
            Some(&again),
            422,
            "refused",
        )
        .await;
    assert!(e["message"].as_str().unwrap().contains("is not out"), "{e}");
    let audit = api
        .ok(Method::GET, "/api/events/0/audit", Some(&api.td), None)
        .await;
    let last = audit.as_array().unwrap().last().unwrap()["what"].clone();
    assert_eq!(last, json!(format!("undo bust player {}", here[0] + 1)));
}

/// HC-1.7, TDA-RP-9: the seat cards that fell at the final table's draw are entered (on its
/// tablet); the seating follows them. A draw that leaves a player out is refused.
#[tokio::test]
async fn the_final_tables_seat_cards_are_entered_as_they_fell() {
    let api = Api::open();
    live_event(&api, "deepstack", 12).await;
    let tables = seating(&api).await;
    let first = players_at(&tables[0]);
    let busts: Vec<Value> = first[..3]
        .iter()
        .map(|p| json!({ "player": p, "by": [first[3]] }))
        .collect();
    td(
        &api,
        json!({ "type": "hand_over", "table": 1, "busts": busts }),
    )
    .await;
    td(&api, json!({ "type": "hand_over", "table": 2 })).await;
    let instructions = summary(&api).await["instructions"].clone();
    let draw = instructions
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["kind"] == json!("final_table"))
        .expect("the final table's draw")
        .clone();
    let table = draw["tables"][0].as_u64().unwrap();
    let at = seating(&api).await;
    let final_table = at.iter().find(|t| t["table"] == json!(table)).unwrap();
    let players = players_at(final_table);
    let seats: Vec<Value> = players
        .iter()
        .enumerate()
        .map(|(i, p)| json!({ "player": p, "seat": players.len() - i }))
        .collect();
    let short = json!({ "type": "seat_cards", "table": table, "seats": seats[1..] }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/td",
        Some(&api.td),
        Some(&short),
        422,
        "bad_report",
    )
    .await;
    // Entered on the final table's own tablet, where the cards fell (issue 32 item 6).
    let bound = api
        .ok(
            Method::POST,
            &format!("/api/events/0/tables/{table}/tablet"),
            Some(&api.td),
            None,
        )
        .await;
    let token = bound["token"].as_str().unwrap();
    let reply = api
        .post(
            &format!("/api/events/0/tables/{table}/report"),
            Some(token),
            &json!({ "type": "seat_cards", "seats": seats }),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    let at = seating(&api).await;
    let final_table = at.iter().find(|t| t["table"] == json!(table)).unwrap();
    let mut expected = players.clone();
    expected.reverse();
    assert_eq!(
        players_at(final_table),
        expected,
        "seated as the cards fell"
    );
}

/// HC-1.8 at a live event: after two busts at table 1, tables 2 and 3 are equally full; the
/// instruction calls a card for each, the short table's tablet enters the cards dealt and the
/// lowest table gives the player. A card dealt twice is refused.
#[tokio::test]
async fn hc_1_8_the_cards_dealt_for_equally_full_tables_are_entered() {
    let api = Api::open();
    live_event(&api, "hc", 30).await;
    let tables = seating(&api).await;
    let first = players_at(&tables[0]);
    let busts: Vec<Value> = first[..2]
        .iter()
        .map(|p| json!({ "player": p, "by": [first[2]] }))
        .collect();
    td(
        &api,
        json!({ "type": "hand_over", "table": 1, "busts": busts }),
    )
    .await;
    for table in [2, 3] {
        td(&api, json!({ "type": "hand_over", "table": table })).await;
    }
    let instructions = summary(&api).await["instructions"].clone();
    let draw = &instructions[0];
    assert_eq!(draw["kind"], json!("source_cards"), "{instructions}");
    assert_eq!(draw["tables"], json!([1, 2, 3]));
    assert_eq!(draw["holds"], json!([1, 2, 3]));
    assert_eq!(draw["rules"], json!(["HC-1.8"]));
    let twice = json!({ "type": "source_cards", "cards": [
        { "table": 2, "card": "Kh" }, { "table": 3, "card": "Kh" }] })
    .to_string();
    api.refused(
        Method::POST,
        "/api/events/0/td",
        Some(&api.td),
        Some(&twice),
        422,
        "bad_report",
    )
    .await;
    // Issue 32 item 6: the cards are entered on the short table's tablet, where they fell;
    // another table's tablet deals none.
    let mut tokens = Vec::new();
    for table in [1, 2] {
        let bound = api
            .ok(
                Method::POST,
                &format!("/api/events/0/tables/{table}/tablet"),
                Some(&api.td),
                None,
            )
            .await;
        tokens.push(bound["token"].as_str().unwrap().to_string());
    }
    let cards = json!({ "type": "source_cards", "cards": [
        { "table": 2, "card": "Kh" }, { "table": 3, "card": "4c" }] });
    let from_two = api
        .post("/api/events/0/tables/2/report", Some(&tokens[1]), &cards)
        .await;
    assert_eq!(from_two.status.as_u16(), 403, "{}", from_two.body);
    let from_short = api
        .post("/api/events/0/tables/1/report", Some(&tokens[0]), &cards)
        .await;
    assert_eq!(from_short.status.as_u16(), 200, "{}", from_short.body);
    let instructions = summary(&api).await["instructions"].clone();
    let moves = instructions.as_array().unwrap();
    assert_eq!(moves.len(), 1, "{instructions}");
    assert_eq!(moves[0]["kind"], json!("move"));
    assert_eq!(
        moves[0]["tables"],
        json!([3, 1]),
        "the 4 is the lowest: table 3 gives"
    );
    assert_eq!(moves[0]["rules"], json!(["HC-1.8"]));
}

/// Issue 17 item 1: a dealer tablet follows table 1 of a live event from the hand in play. It
/// deals the director's hand (its button, its players), the dealer enters it as at any live
/// table, and its end is reported from the hand itself: the player left without chips is out,
/// with who won the chips (HC-1.2) and the stack at the start (HC-1.3), and every other stack
/// is counted. Then the tablet waits for the director's next hand there, and deals it.
#[tokio::test]
async fn a_dealer_tablet_follows_a_live_table_and_reports_its_hands() {
    let file = std::env::temp_dir().join(format!("tracked-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let api = Api::open_at(&file);
    live_event(&api, "deepstack", 18).await;
    let bound = follow(&api, 1).await;
    let live = bound["live_table"].as_u64().expect("a live table");
    let token = bound["token"].as_str().unwrap().to_string();
    assert!(
        bound["url"]
            .as_str()
            .unwrap()
            .starts_with(&format!("/dealer?table={live}&token="))
    );
    let path = |p: &str| format!("/api/floor/{live}{p}");
    let view = api.ok(Method::GET, &path(""), None, None).await;
    let tables = seating(&api).await;
    assert_eq!(
        view["button_seat"], tables[0]["button"],
        "the director's button"
    );
    assert_eq!(
        view["tracking"],
        json!({ "event": 0, "table": 1, "waiting": false, "broken": false })
    );
    let dealt = view["players"].as_array().unwrap().len();
    assert_eq!(dealt, players_at(&tables[0]).len());
    let (shover, caller) = all_in_and_call(&api, live, &token).await;
    let view = api.ok(Method::GET, &path(""), None, None).await;
    assert_eq!(view["over"], true, "{view}");
    let entry = |v: &Value, p: Option<u64>| {
        let seat = v["players"][p.unwrap() as usize]["seat"].as_u64().unwrap();
        let at = tables[0]["seats"][seat as usize - 1].clone();
        (
            at["player"].as_u64().unwrap(),
            at["chips"].as_u64().unwrap(),
        )
    };
    let (out, out_chips) = entry(&view, shover);
    let (winner, winner_chips) = entry(&view, caller);
    let after = api
        .ok(
            Method::POST,
            &path("/next-hand"),
            Some(&token),
            Some(&json!({ "hand": 1 })),
        )
        .await;
    assert_eq!(after["tracking"]["waiting"], json!(true), "{after}");
    assert_eq!(after["waiting"]["kind"], "director");
    // The event knows: the shover is out, the caller has both stacks, the books add up.
    let standings = api
        .ok(Method::GET, "/api/events/0/standings", None, None)
        .await;
    let line = |e: u64| {
        standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["player"] == json!(e))
            .cloned()
            .unwrap()
    };
    assert_eq!(line(out)["status"], "busted", "{standings}");
    assert_eq!(
        line(winner)["knockouts"],
        1,
        "the caller won the chips (HC-1.2)"
    );
    let tables = seating(&api).await;
    let chips_of = |e: u64| {
        tables
            .iter()
            .flat_map(|t| t["seats"].as_array().unwrap().iter())
            .find(|s| s["player"] == json!(e))
            .map(|s| s["chips"].as_u64().unwrap())
    };
    // Every stack as the hand left it, the blinds and antes won with the pot.
    let won = view["players"][caller.unwrap() as usize]["stack"]
        .as_u64()
        .unwrap();
    assert_eq!(
        won,
        winner_chips + out_chips + 500,
        "both stacks, blinds and antes"
    );
    for p in view["players"].as_array().unwrap() {
        let seat = p["seat"].as_u64().unwrap() as usize;
        let e = tables[0]["seats"][seat - 1]["player"].as_u64();
        if p["stack"].as_u64() != Some(0) {
            assert_eq!(e.and_then(chips_of), p["stack"].as_u64(), "seat {seat}");
        }
    }
    assert_eq!(
        chips_at(&tables),
        summary(&api).await["chips_in_play"].as_u64().unwrap()
    );
    let audit = api
        .ok(Method::GET, "/api/events/0/audit", Some(&api.td), None)
        .await;
    assert!(audit.to_string().contains("tablet of table 1"), "{audit}");
    // A retried hand end is refused by the tablet, and nothing is reported twice.
    api.refused(
        Method::POST,
        &path("/next-hand"),
        Some(&token),
        Some(&json!({ "hand": 1 }).to_string()),
        409,
        "waiting",
    )
    .await;
    // The director deals table 1's next hand; the tablet takes it.
    api.drive().await;
    let next = api.ok(Method::GET, &path(""), None, None).await;
    assert_eq!(next["hand"], 2, "{next}");
    assert_eq!(next["tracking"]["waiting"], json!(false));
    let tables = seating(&api).await;
    assert_eq!(next["button_seat"], tables[0]["button"]);
    assert_eq!(
        next["players"].as_array().unwrap().len(),
        players_at(&tables[0]).len()
    );
    // A restart replays the followed table and the event as they were.
    drop(api);
    let again = Api::open_at(&file);
    assert_eq!(again.ok(Method::GET, &path(""), None, None).await, next);
    assert_eq!(seating(&again).await, tables);
    drop(again);
    let _ = std::fs::remove_file(&file);
}

/// TDA-RP-14 through the API: the cards dealt for table 1's button, entered from its report
/// route; the highest card's seat has the button. A card that is not in the deck is refused.
#[tokio::test]
async fn the_button_cards_are_entered_as_they_fell() {
    let api = Api::open();
    live_event(&api, "deepstack", 18).await;
    let tables = seating(&api).await;
    let seats: Vec<u64> = tables[0]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.is_null())
        .map(|(i, _)| i as u64 + 1)
        .collect();
    let ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "T"];
    let mut cards: Vec<Value> = seats
        .iter()
        .zip(ranks)
        .map(|(s, r)| json!({ "seat": s, "card": format!("{r}d") }))
        .collect();
    cards[3]["card"] = json!("Kc");
    let bad = {
        let mut c = cards.clone();
        c[0]["card"] = json!("1x");
        json!({ "type": "button_cards", "cards": c }).to_string()
    };
    api.refused(
        Method::POST,
        "/api/events/0/tables/1/report",
        Some(&api.td),
        Some(&bad),
        422,
        "bad_report",
    )
    .await;
    api.ok(
        Method::POST,
        "/api/events/0/tables/1/report",
        Some(&api.td),
        Some(&json!({ "type": "button_cards", "cards": cards })),
    )
    .await;
    let tables = seating(&api).await;
    assert_eq!(
        tables[0]["button"],
        json!(seats[3]),
        "the king is the highest"
    );
    // A tablet bound now follows the hand as the button has remade it.
    let bound = follow(&api, 1).await;
    let view = api
        .ok(
            Method::GET,
            &format!("/api/floor/{}", bound["live_table"]),
            None,
            None,
        )
        .await;
    assert_eq!(view["button_seat"], json!(seats[3]));
}

/// At a followed table: the first to act moves all in, the next calls, everyone else folds;
/// the board is laid unknown and the dealer gives the pot to the caller. Returns the two.
async fn all_in_and_call(api: &Api, live: u64, token: &str) -> (Option<u64>, Option<u64>) {
    let path = |p: &str| format!("/api/floor/{live}{p}");
    let hand = api.ok(Method::GET, &path(""), None, None).await["hand"].clone();
    // The first to act moves all in, the next calls, everyone else folds; the caller wins.
    let (mut shover, mut caller) = (None, None);
    for _ in 0..60 {
        let view = api.ok(Method::GET, &path(""), None, None).await;
        let waiting = &view["waiting"];
        let body = match waiting["kind"].as_str().unwrap() {
            "act" => {
                let p = waiting["player"].as_u64().unwrap();
                let say = if shover.is_none() {
                    shover = Some(p);
                    "all in"
                } else if caller.is_none() {
                    caller = Some(p);
                    "call"
                } else {
                    "fold"
                };
                (
                    "/act",
                    json!({ "hand": hand, "act": { "player": p, "say": say } }),
                )
            }
            "board" => ("/board", json!({ "hand": hand, "cards": null })),
            // The all-ins table their cards (TDA-16); the board is laid unknown, so the dealer
            // names the pot's winner.
            "show_or_muck" => {
                let p = waiting["player"].as_u64().unwrap();
                let cards = if Some(p) == caller {
                    ["As", "Ad"]
                } else {
                    ["7c", "2d"]
                };
                (
                    "/show",
                    json!({ "hand": hand, "player": p, "cards": cards }),
                )
            }
            "award_pot" => (
                "/award",
                json!({ "hand": hand, "pot": waiting["pot"], "winners": [caller.unwrap()] }),
            ),
            _ => break,
        };
        api.ok(Method::POST, &path(body.0), Some(token), Some(&body.1))
            .await;
    }
    (shover, caller)
}

/// A followed hand whose end brings the final table (TDA-RP-9): the stacks the hand left are
/// counted for the players still in, at the final table (table 1, where the followed dealer
/// stays) where the draw has put them.
#[tokio::test]
async fn a_followed_hand_that_brings_the_final_table_keeps_its_stacks() {
    let api = Api::open();
    live_event(&api, "deepstack", 12).await;
    let tables = seating(&api).await;
    let second = players_at(&tables[1]);
    let busts: Vec<Value> = second[..2]
        .iter()
        .map(|p| json!({ "player": p, "by": [second[2]] }))
        .collect();
    td(
        &api,
        json!({ "type": "hand_over", "table": 2, "busts": busts }),
    )
    .await;
    let bound = follow(&api, 1).await;
    let live = bound["live_table"].as_u64().unwrap();
    let token = bound["token"].as_str().unwrap().to_string();
    all_in_and_call(&api, live, &token).await;
    let path = format!("/api/floor/{live}");
    let view = api.ok(Method::GET, &path, None, None).await;
    let after = api
        .ok(
            Method::POST,
            &format!("{path}/next-hand"),
            Some(&token),
            Some(&json!({ "hand": 1 })),
        )
        .await;
    // The final table is drawn at table 1, the lowest in play: its dealer and tablet stay.
    assert_eq!(
        after["tracking"]["broken"],
        json!(false),
        "table 1 goes on as the final table"
    );
    let finals = seating(&api).await;
    assert_eq!(finals.len(), 1, "the final table");
    assert_eq!(finals[0]["table"], json!(1));
    let chips_of = |name: &str| {
        finals[0]["seats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == json!(name))
            .map(|s| s["chips"].as_u64().unwrap())
    };
    for p in view["players"].as_array().unwrap() {
        let stack = p["stack"].as_u64().unwrap();
        let name = p["name"].as_str().unwrap();
        if stack > 0 {
            assert_eq!(
                chips_of(name),
                Some(stack),
                "{name}: the stack the hand left"
            );
        } else {
            assert_eq!(chips_of(name), None, "{name} is out");
        }
    }
    assert_eq!(
        chips_at(&finals),
        summary(&api).await["chips_in_play"].as_u64().unwrap()
    );
}

/// A second tablet bound to follow a table replaces the first, as a new pad does: the first
/// can do nothing more (issue 33 item 6: not an act, not a report; nothing is logged) and says
/// it is done.
#[tokio::test]
async fn a_new_following_tablet_retires_the_old_one() {
    let api = Api::open();
    live_event(&api, "deepstack", 18).await;
    let old = follow(&api, 1).await;
    let (old_live, old_token) = (
        old["live_table"].as_u64().unwrap(),
        old["token"].as_str().unwrap().to_string(),
    );
    let view = api
        .ok(Method::GET, &format!("/api/floor/{old_live}"), None, None)
        .await;
    let first = view["waiting"]["player"].as_u64().expect("a player to act");
    let new = follow(&api, 1).await;
    assert_ne!(new["live_table"], old["live_table"]);
    let logged = api.log_len();
    let act = json!({ "hand": view["hand"], "act": { "player": first, "say": "fold" } });
    api.refused(
        Method::POST,
        &format!("/api/floor/{old_live}/act"),
        Some(&old_token),
        Some(&act.to_string()),
        409,
        "retired",
    )
    .await;
    assert_eq!(api.log_len(), logged, "the retired token wrote nothing");
    let new_live = new["live_table"].as_u64().unwrap();
    all_in_and_call(&api, new_live, new["token"].as_str().unwrap()).await;
    let next = json!({ "hand": 1 }).to_string();
    api.refused(
        Method::POST,
        &format!("/api/floor/{old_live}/next-hand"),
        Some(&old_token),
        Some(&next),
        409,
        "retired",
    )
    .await;
    let view = api
        .ok(Method::GET, &format!("/api/floor/{old_live}"), None, None)
        .await;
    assert_eq!(view["tracking"]["broken"], json!(true));
    assert_eq!(
        summary(&api).await["chips_in_play"],
        json!(chips_at(&seating(&api).await)),
        "nothing was reported"
    );
}

/// Issue 33 item 7 (TDA-8A): in a public live event a player's own registration is a seat
/// reserved until the desk takes the buy-in. Sixty of them leave the prize pool as it was; the
/// desk's one tap puts a player in the field and the pool.
#[tokio::test]
async fn a_self_registration_for_a_live_event_is_a_seat_reserved_until_the_buy_in() {
    let api = Api::open();
    api.create_live_event("deepstack", 7).await;
    for i in 0..6 {
        let body = json!({ "name": format!("Paid {i}") });
        let paid = api
            .ok(
                Method::POST,
                "/api/events/0/register",
                Some(&api.td),
                Some(&body),
            )
            .await;
        assert_eq!(
            paid["reserved"],
            json!(false),
            "the desk's registration is paid"
        );
    }
    let pool = summary(&api).await["prize_pool"].clone();
    let mut guests = Vec::new();
    for i in 0..60 {
        let body = json!({ "name": format!("Guest {i}") });
        let reply = api
            .ok(Method::POST, "/api/events/0/register", None, Some(&body))
            .await;
        assert_eq!(reply["reserved"], json!(true));
        guests.push(reply["player"].as_u64().unwrap());
    }
    assert_eq!(
        summary(&api).await["prize_pool"],
        pool,
        "no pool from reservations"
    );
    let standings = api
        .ok(Method::GET, "/api/events/0/standings", None, None)
        .await;
    let status = |standings: &Value, p: u64| {
        standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player"] == json!(p))
            .map(|r| r["status"].clone())
    };
    assert_eq!(status(&standings, guests[0]), Some(json!("reserved")));
    td(&api, json!({ "type": "take_buy_in", "player": guests[0] })).await;
    let after = summary(&api).await["prize_pool"].as_u64().unwrap();
    assert!(after > pool.as_u64().unwrap(), "a paid entry counts");
    let standings = api
        .ok(Method::GET, "/api/events/0/standings", None, None)
        .await;
    assert_eq!(status(&standings, guests[0]), Some(json!("registered")));
    let again = json!({ "type": "take_buy_in", "player": guests[0] }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/td",
        Some(&api.td),
        Some(&again),
        422,
        "refused",
    )
    .await;
}

/// TDA-6: the languages the organiser announces for the tables come with the event's summary,
/// for the big screen.
#[tokio::test]
async fn tda_6_the_table_languages_are_announced_on_the_summary() {
    let api = Api::open();
    let toml = api.template("hc").await.replacen(
        "\nprofile",
        "\ntable_languages = [\"Deutsch\", \"English\"]\nprofile",
        1,
    );
    assert!(toml.contains("table_languages"));
    let summary = api.create_event_from(&toml, 1).await;
    assert_eq!(summary["table_languages"], json!(["Deutsch", "English"]));
    let other = api.create_event("hc", 2).await;
    assert_eq!(other["table_languages"], json!([]));
}

/// TDA-25B: the TD colours up a player at any time: the stacks keep their value, the table gets
/// the instruction to announce it, without being held, and the audit log says so; a player at
/// another table is refused.
#[tokio::test]
async fn tda_25b_the_td_colours_up_a_player_at_any_time() {
    let api = Api::open();
    live_event(&api, "deepstack", 18).await;
    let tables = seating(&api).await;
    let before = chips_at(&tables);
    let player = players_at(&tables[1])[0];
    td(
        &api,
        json!({ "type": "colour_up", "table": 2, "players": [player] }),
    )
    .await;
    assert_eq!(chips_at(&seating(&api).await), before, "equal value");
    let instructions = summary(&api).await["instructions"].clone();
    let line = instructions
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["kind"] == json!("colour_up"))
        .unwrap_or_else(|| panic!("an instruction: {instructions}"))
        .clone();
    assert_eq!(line["tables"], json!([2]));
    assert_eq!(line["holds"], json!([]), "TDA-25B: the table plays on");
    assert_eq!(line["rules"], json!(["TDA-25B"]));
    assert!(line["en"].as_str().unwrap().contains("announce"), "{line}");
    let elsewhere = players_at(&tables[0])[0];
    let body = json!({ "type": "colour_up", "table": 2, "players": [elsewhere] }).to_string();
    let error = api
        .refused(
            Method::POST,
            "/api/events/0/td",
            Some(&api.td),
            Some(&body),
            422,
            "refused",
        )
        .await;
    assert!(
        error["message"].as_str().unwrap().contains("table 2"),
        "{error}"
    );
}
