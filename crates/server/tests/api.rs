//! The HTTP API in-process, through the real router: who may do what, and every refusal a 4xx
//! `ApiError` that names the rule where one decided it, with nothing written to the event log.

mod common;

use axum::http::{Method, StatusCode};
use common::Api;
use serde_json::{Value, json};

/// A table of two people and a bot, started, both people at the table (their WebSocket open,
/// TDA-30), and driven until a person is to act.
struct Table {
    api: Api,
    /// (entry, token) of the person to act and of the other.
    to_act: (u32, String),
    waiting: (u32, String),
    /// The legal actions of the person to act.
    legal: Value,
    _connections: Vec<server::outbox::Inbox>,
}

async fn table_with_a_person_to_act() -> Table {
    let api = Api::open();
    api.create_event("turbo", 1).await;
    let ann = api.register_self(0, "Ann").await;
    let bob = api.register_self(0, "Bob").await;
    api.register_bot(0, "Robot").await;
    api.start(0).await;
    let connections = vec![
        api.connect(protocol::EventId(0), &ann.1).await,
        api.connect(protocol::EventId(0), &bob.1).await,
    ];
    for _ in 0..50 {
        api.drive().await;
        for (me, other) in [(&ann, &bob), (&bob, &ann)] {
            let page = api
                .ok(Method::GET, "/api/events/0/me", Some(&me.1), None)
                .await;
            let legal = &page["table"]["you"]["legal"];
            if legal.is_object() {
                return Table {
                    legal: legal.clone(),
                    to_act: me.clone(),
                    waiting: other.clone(),
                    api,
                    _connections: connections,
                };
            }
        }
    }
    panic!("no person came to act");
}

#[tokio::test]
async fn the_td_creates_an_event_from_a_template() {
    let api = Api::open();
    let templates = api.ok(Method::GET, "/api/templates", None, None).await;
    let names: Vec<&str> = templates
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["hc", "deepstack", "turbo", "horse"]);

    let toml = api.template("turbo").await;
    let create = json!({ "toml": toml, "seed": 1 }).to_string();
    // Only the TD creates events.
    let error = api
        .refused(
            Method::POST,
            "/api/events",
            None,
            Some(&create),
            401,
            "unauthorized",
        )
        .await;
    insta::assert_json_snapshot!("create_without_secret", error);
    let bad = json!({ "toml": "name = 1" }).to_string();
    api.refused(
        Method::POST,
        "/api/events",
        Some(&api.td),
        Some(&bad),
        422,
        "bad_config",
    )
    .await;
    assert_eq!(api.log_len(), 0);

    let summary = api.create_event_from(&toml, 1).await;
    assert_eq!(api.log_len(), 1);
    insta::assert_json_snapshot!("turbo_summary", summary, {
        ".server_time_ms" => "[server_time_ms]",
        ".clock.remaining_ms" => "[remaining_ms]",
    });
    let listed = api.ok(Method::GET, "/api/events", None, None).await;
    assert_eq!(listed.as_array().map(Vec::len), Some(1));
    assert_eq!(listed[0]["name"], summary["name"]);
    let again = api.ok(Method::GET, "/api/events/0", None, None).await;
    assert_eq!(again["id"], 0);
    assert_eq!(again["registration_open"], true);
    // The template does not open registration to the players themselves: the TD registers.
    assert_eq!(again["self_registration_open"], false);
}

#[tokio::test]
async fn players_register_themselves_and_get_tokens() {
    let api = Api::open();
    api.create_event("turbo", 1).await;
    let (ann, ann_token) = api.register_self(0, "Ann").await;
    let (bob, bob_token) = api.register_self(0, "Bob").await;
    assert_eq!((ann, bob), (0, 1));
    for token in [&ann_token, &bob_token] {
        assert_eq!(token.len(), 32);
        assert!(token.chars().all(|c| c.is_ascii_hexdigit()));
    }
    assert_ne!(ann_token, bob_token);
    let who = api
        .ok(Method::GET, "/api/whoami", Some(&bob_token), None)
        .await;
    assert_eq!(who, json!({ "role": "player", "event": 0, "player": 1 }));
    let who = api
        .ok(Method::GET, "/api/whoami", Some(&api.td), None)
        .await;
    assert_eq!(who, json!({ "role": "td", "event": null, "player": null }));
    let who = api.ok(Method::GET, "/api/whoami", None, None).await;
    assert_eq!(who["role"], "public");
    api.refused(
        Method::GET,
        "/api/whoami",
        Some("0123"),
        None,
        401,
        "unauthorized",
    )
    .await;

    // A player's own page needs their token.
    let me = api
        .ok(Method::GET, "/api/events/0/me", Some(&ann_token), None)
        .await;
    assert_eq!(me["standing"]["name"], "Ann");
    assert_eq!(me["standing"]["status"], "registered");
    api.refused(
        Method::GET,
        "/api/events/0/me",
        None,
        None,
        401,
        "unauthorized",
    )
    .await;
    api.refused(
        Method::GET,
        "/api/events/0/me",
        Some(&api.td),
        None,
        401,
        "unauthorized",
    )
    .await;

    // A name is 1 to 40 characters.
    let long = json!({ "name": "x".repeat(41) }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/register",
        None,
        Some(&long),
        422,
        "bad_name",
    )
    .await;
    let blank = json!({ "name": "  " }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/register",
        None,
        Some(&blank),
        422,
        "bad_name",
    )
    .await;
    let standings = api
        .ok(Method::GET, "/api/events/0/standings", None, None)
        .await;
    assert_eq!(standings["rows"].as_array().map(Vec::len), Some(2));
}

#[tokio::test]
async fn bots_are_seated_by_the_td_only() {
    let api = Api::open();
    api.create_event("turbo", 1).await;
    let bot = json!({ "name": "Robot", "bot": true }).to_string();
    let error = api
        .refused(
            Method::POST,
            "/api/events/0/register",
            None,
            Some(&bot),
            403,
            "forbidden",
        )
        .await;
    insta::assert_json_snapshot!("public_bot", error);
    let (_, token) = api.register_self(0, "Ann").await;
    api.refused(
        Method::POST,
        "/api/events/0/register",
        Some(&token),
        Some(&bot),
        403,
        "forbidden",
    )
    .await;
    let (entry, _) = api.register_bot(0, "Robot").await;
    let standings = api
        .ok(Method::GET, "/api/events/0/standings", None, None)
        .await;
    let row = standings["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == entry)
        .unwrap();
    assert_eq!(row["bot"], true);
}

#[tokio::test]
async fn start_needs_the_td_secret() {
    let api = Api::open();
    api.create_event("turbo", 1).await;
    let (_, token) = api.register_self(0, "Ann").await;
    api.register_bot(0, "Robot").await;
    let error = api
        .refused(
            Method::POST,
            "/api/events/0/start",
            None,
            None,
            401,
            "unauthorized",
        )
        .await;
    insta::assert_json_snapshot!("start_without_secret", error);
    let error = api
        .refused(
            Method::POST,
            "/api/events/0/start",
            Some("not-the-secret"),
            None,
            401,
            "unauthorized",
        )
        .await;
    insta::assert_json_snapshot!("start_with_a_wrong_secret", error);
    api.refused(
        Method::POST,
        "/api/events/0/start",
        Some(&token),
        None,
        401,
        "unauthorized",
    )
    .await;
    let td = Some(api.td.as_str());
    api.refused(
        Method::POST,
        "/api/events/9/start",
        td,
        None,
        404,
        "not_found",
    )
    .await;

    let summary = api.start(0).await;
    assert_eq!(summary["started"], true);
    api.refused(
        Method::POST,
        "/api/events/0/start",
        td,
        None,
        409,
        "already_started",
    )
    .await;
}

#[tokio::test]
async fn too_few_players_cannot_start() {
    let api = Api::open();
    api.create_event("turbo", 1).await;
    api.register_self(0, "Ann").await;
    let td = Some(api.td.as_str());
    api.refused(
        Method::POST,
        "/api/events/0/start",
        td,
        None,
        409,
        "too_few_players",
    )
    .await;
}

#[tokio::test]
async fn self_registration_closes_at_the_start_tda_8a() {
    // The Hold'em Cologne template has no late registration.
    let api = Api::open();
    api.create_event("hc", 1).await;
    let summary = api.ok(Method::GET, "/api/events/0", None, None).await;
    assert_eq!(summary["self_registration_open"], true, "{summary}");
    api.register_self(0, "Ann").await;
    api.register_self(0, "Bob").await;
    api.start(0).await;
    let summary = api.ok(Method::GET, "/api/events/0", None, None).await;
    assert_eq!(summary["registration_open"], false);
    assert_eq!(summary["self_registration_open"], false);
    let late = json!({ "name": "Cid" }).to_string();
    let error = api
        .refused(
            Method::POST,
            "/api/events/0/register",
            None,
            Some(&late),
            409,
            "closed",
        )
        .await;
    assert_eq!(error["rule"], "TDA-8A");
}

#[tokio::test]
async fn out_of_turn_is_refused_tda_53a() {
    let t = table_with_a_person_to_act().await;
    let api = &t.api;
    let hand = t.legal["hand"].as_u64().unwrap();
    let fold = json!({ "hand": hand, "action": { "type": "fold" } }).to_string();
    // The player waiting for their turn may not act, not even to fold (TDA-53A).
    let error = api
        .refused(
            Method::POST,
            "/api/events/0/act",
            Some(&t.waiting.1),
            Some(&fold),
            422,
            "not_your_turn",
        )
        .await;
    assert_eq!(error["rule"], "TDA-53A");
    insta::assert_json_snapshot!("not_your_turn", error);
    // The public and the TD act for nobody.
    api.refused(
        Method::POST,
        "/api/events/0/act",
        None,
        Some(&fold),
        401,
        "unauthorized",
    )
    .await;
    api.refused(
        Method::POST,
        "/api/events/0/act",
        Some(&api.td),
        Some(&fold),
        401,
        "unauthorized",
    )
    .await;
    // An action for another hand than the one in play lands nowhere.
    let stale = json!({ "hand": hand + 1, "action": { "type": "fold" } }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/act",
        Some(&t.to_act.1),
        Some(&stale),
        409,
        "stale_hand",
    )
    .await;

    // The player in turn acts for their own seat.
    let before = api.log_len();
    let action = if t.legal["check"] == true {
        json!({ "type": "check" })
    } else {
        json!({ "type": "call" })
    };
    let me = api
        .ok(
            Method::POST,
            "/api/events/0/act",
            Some(&t.to_act.1),
            Some(&json!({ "hand": hand, "action": action })),
        )
        .await;
    assert_eq!(me["standing"]["player"], t.to_act.0);
    assert!(me["table"]["you"]["legal"].is_null(), "{me}");
    assert_eq!(api.log_len(), before + 1);
}

#[tokio::test]
async fn a_raise_below_the_minimum_is_refused_tda_43() {
    let t = table_with_a_person_to_act().await;
    let api = &t.api;
    let hand = t.legal["hand"].as_u64().unwrap();
    // Preflop the first person to act faces the big blind: a raise.
    assert_eq!(t.legal["raise_kind"], "raise", "{}", t.legal);
    let min_to = t.legal["min_to"].as_u64().expect("a raise is open");
    let short =
        json!({ "hand": hand, "action": { "type": "bet_or_raise", "to": min_to - 1 } }).to_string();
    let error = api
        .refused(
            Method::POST,
            "/api/events/0/act",
            Some(&t.to_act.1),
            Some(&short),
            422,
            "illegal_action",
        )
        .await;
    assert_eq!(error["rule"], "TDA-43");
    insta::assert_json_snapshot!("raise_below_minimum", error);

    // The least legal raise is taken.
    let before = api.log_len();
    let raise = json!({ "hand": hand, "action": { "type": "bet_or_raise", "to": min_to } });
    let me = api
        .ok(
            Method::POST,
            "/api/events/0/act",
            Some(&t.to_act.1),
            Some(&raise),
        )
        .await;
    assert_eq!(api.log_len(), before + 1);
    let table = &me["table"];
    let seat = table["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == t.to_act.0)
        .unwrap();
    assert_eq!(seat["bet"], min_to);
}

#[tokio::test]
async fn another_events_token_is_forbidden() {
    let t = table_with_a_person_to_act().await;
    let api = &t.api;
    api.create_event("turbo", 2).await;
    let (_, stranger) = api.register_self(1, "Stranger").await;
    let hand = t.legal["hand"].as_u64().unwrap();
    let fold = json!({ "hand": hand, "action": { "type": "fold" } }).to_string();
    let error = api
        .refused(
            Method::POST,
            "/api/events/0/act",
            Some(&stranger),
            Some(&fold),
            403,
            "forbidden",
        )
        .await;
    insta::assert_json_snapshot!("another_events_token", error);
    api.refused(
        Method::GET,
        "/api/events/0/me",
        Some(&stranger),
        None,
        403,
        "forbidden",
    )
    .await;
    // Nor may they call the clock at a table of the other event (TDA-29).
    let clock = json!({ "hand": hand }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/tables/1/clock",
        Some(&stranger),
        Some(&clock),
        403,
        "forbidden",
    )
    .await;
}

#[tokio::test]
async fn the_clock_is_called_after_a_reasonable_time_tda_29() {
    let t = table_with_a_person_to_act().await;
    let api = &t.api;
    let hand = t.legal["hand"].as_u64().unwrap();
    let clock = json!({ "hand": hand }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/tables/1/clock",
        None,
        Some(&clock),
        401,
        "unauthorized",
    )
    .await;
    // A player at the table must give the player to act a reasonable time first.
    let error = api
        .refused(
            Method::POST,
            "/api/events/0/tables/1/clock",
            Some(&t.waiting.1),
            Some(&clock),
            409,
            "too_early",
        )
        .await;
    assert_eq!(error["rule"], "TDA-29");
    // The TD may call it at once, once.
    let table = api
        .ok(
            Method::POST,
            "/api/events/0/tables/1/clock",
            Some(&api.td),
            Some(&json!({ "hand": hand })),
        )
        .await;
    assert_eq!(table["hand"]["clock_called"], true);
    let error = api
        .refused(
            Method::POST,
            "/api/events/0/tables/1/clock",
            Some(&api.td),
            Some(&clock),
            409,
            "clock_running",
        )
        .await;
    assert_eq!(error["rule"], "TDA-29");
}

#[tokio::test]
async fn malformed_json_is_bad_json() {
    let t = table_with_a_person_to_act().await;
    let api = &t.api;
    let error = api
        .refused(
            Method::POST,
            "/api/events/0/act",
            Some(&t.to_act.1),
            Some("{\"hand\": "),
            400,
            "bad_json",
        )
        .await;
    insta::assert_json_snapshot!("bad_json", error);
    let td = Some(api.td.as_str());
    for (uri, secret, body) in [
        ("/api/events", td, "not json"),
        // Unknown fields are refused, not ignored.
        ("/api/events", td, r#"{"toml": "", "colour": "red"}"#),
        ("/api/events/0/register", None, r#"{"nom": "Ann"}"#),
        ("/api/events/0/register", None, ""),
        ("/api/events/0/td", td, r#"{"type": "shuffle_up"}"#),
        (
            "/api/events/0/act",
            Some(t.to_act.1.as_str()),
            r#"{"hand": 1, "action": {"type": "muck"}}"#,
        ),
        (
            "/api/events/0/act",
            Some(t.to_act.1.as_str()),
            r#"{"hand": -1, "action": {"type": "fold"}}"#,
        ),
        ("/api/events/0/tables/1/clock", td, "[]"),
    ] {
        api.refused(Method::POST, uri, secret, Some(body), 400, "bad_json")
            .await;
    }
}

#[tokio::test]
async fn unknown_events_and_tables_are_404() {
    let t = table_with_a_person_to_act().await;
    let api = &t.api;
    let td = Some(api.td.as_str());
    for uri in [
        "/api/events/7",
        "/api/events/7/seating",
        "/api/events/7/standings",
        "/api/events/7/tables/1",
        "/api/events/0/tables/2",
        "/api/events/0/tables/4294967295",
    ] {
        api.refused(Method::GET, uri, None, None, 404, "not_found")
            .await;
    }
    let error = api
        .refused(
            Method::GET,
            "/api/events/7/audit",
            td,
            None,
            404,
            "not_found",
        )
        .await;
    insta::assert_json_snapshot!("no_such_event", error);
    let name = json!({ "name": "Ann" }).to_string();
    api.refused(
        Method::POST,
        "/api/events/7/register",
        None,
        Some(&name),
        404,
        "not_found",
    )
    .await;
    api.refused(
        Method::POST,
        "/api/events/7/td",
        td,
        Some(r#"{"type": "pause"}"#),
        404,
        "not_found",
    )
    .await;
    // The TD's actions on an entry that does not exist.
    let warn = json!({ "type": "warn", "player": 99, "reason": "splashing" }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/td",
        td,
        Some(&warn),
        404,
        "not_found",
    )
    .await;
    // Ids that are not numbers, and table 0, are malformed paths.
    for uri in [
        "/api/events/first",
        "/api/events/-1/seating",
        "/api/events/0/tables/0",
        "/api/events/0/tables/one",
    ] {
        api.refused(Method::GET, uri, None, None, 400, "bad_path")
            .await;
    }
}

#[tokio::test]
async fn an_unknown_api_route_is_404_json() {
    let api = Api::open();
    let error = api
        .refused(
            Method::GET,
            "/api/nothing/here",
            None,
            None,
            404,
            "not_found",
        )
        .await;
    insta::assert_json_snapshot!("no_such_route", error);
    api.refused(Method::GET, "/api", None, None, 404, "not_found")
        .await;
    api.refused(
        Method::POST,
        "/api/events/0/shuffle",
        Some(&api.td),
        Some("{}"),
        404,
        "not_found",
    )
    .await;
    api.refused(
        Method::DELETE,
        "/api/v2/events",
        None,
        None,
        404,
        "not_found",
    )
    .await;
}

#[tokio::test]
async fn the_td_console_and_audit_log() {
    let t = table_with_a_person_to_act().await;
    let api = &t.api;
    let td = Some(api.td.as_str());
    api.refused(
        Method::GET,
        "/api/events/0/audit",
        None,
        None,
        401,
        "unauthorized",
    )
    .await;
    api.refused(
        Method::GET,
        "/api/events/0/audit",
        Some(&t.to_act.1),
        None,
        401,
        "unauthorized",
    )
    .await;
    let pause = json!({ "type": "pause" });
    api.refused(
        Method::POST,
        "/api/events/0/td",
        Some(&t.to_act.1),
        Some(&pause.to_string()),
        401,
        "unauthorized",
    )
    .await;
    let summary = api
        .ok(Method::POST, "/api/events/0/td", td, Some(&pause))
        .await;
    assert_eq!(summary["clock"]["running"], false);
    let warn = json!({ "type": "warn", "player": t.waiting.0, "reason": "acting out of turn" });
    api.ok(Method::POST, "/api/events/0/td", td, Some(&warn))
        .await;
    let standings = api
        .ok(Method::GET, "/api/events/0/standings", None, None)
        .await;
    let row = standings["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == t.waiting.0)
        .unwrap();
    assert_eq!(row["warnings"], 1);

    let audit = api.ok(Method::GET, "/api/events/0/audit", td, None).await;
    let lines = audit.as_array().unwrap();
    let by_what: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| (l["by"].as_str().unwrap(), l["what"].as_str().unwrap()))
        .collect();
    assert_eq!(by_what[0], ("self", "registered Ann"));
    assert_eq!(by_what[1], ("self", "registered Bob"));
    assert_eq!(by_what[2], ("td", "registered Robot (bot)"));
    assert_eq!(by_what[3], ("td", "start"));
    assert!(by_what.contains(&("td", "pause")), "{by_what:?}");
    // Players as the TD console numbers them, from 1: Ann is entry 0.
    assert!(by_what.contains(&("td", "warn player 1, reason \"acting out of turn\"")));
    let seqs: Vec<u64> = lines.iter().map(|l| l["seq"].as_u64().unwrap()).collect();
    assert!(seqs.windows(2).all(|w| w[0] < w[1]), "{seqs:?}");
    assert!(*seqs.last().unwrap() <= api.log_len());
}

#[tokio::test]
async fn the_public_table_hides_hole_cards_tda_16() {
    let t = table_with_a_person_to_act().await;
    let api = &t.api;
    let public = api
        .ok(Method::GET, "/api/events/0/tables/1", None, None)
        .await;
    assert!(public["you"].is_null());
    let seats: Vec<&Value> = public["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| !s.is_null())
        .collect();
    assert_eq!(seats.len(), 3);
    for seat in &seats {
        assert_eq!(seat["in_hand"], true);
        assert!(
            seat["cards"].as_array().unwrap().iter().all(Value::is_null),
            "{seat}"
        );
    }
    let me = api
        .ok(Method::GET, "/api/events/0/me", Some(&t.to_act.1), None)
        .await;
    let own = me["table"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == t.to_act.0)
        .unwrap();
    assert!(
        own["cards"]
            .as_array()
            .unwrap()
            .iter()
            .all(Value::is_string)
    );
    assert_eq!(me["table"]["hand"]["to_act"], own["seat"]);
    let seating = api
        .ok(Method::GET, "/api/events/0/seating", None, None)
        .await;
    assert_eq!(seating["tables"][0]["table"], 1);
    let reply = api.get("/api/events/0/tables/1", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.content_type.as_deref(), Some("application/json"));
}

/// Issue 17 item 5, HC-1.2: the TD shows what a chip chop and an ICM split would pay the
/// players left, and records the deal they agree; the audit log says what was agreed.
#[tokio::test]
async fn a_deal_among_the_players_left_is_shown_and_agreed_hc_1_2() {
    let api = Api::open();
    let td = Some(api.td.as_str());
    api.create_event("hc", 1).await;
    let mut tokens = Vec::new();
    for name in ["Ann", "Bob", "Cid"] {
        tokens.push(api.register_self(0, name).await);
    }
    api.refused(Method::GET, "/api/events/0/deal", td, None, 409, "no_deal")
        .await;
    api.start(0).await;
    api.refused(
        Method::GET,
        "/api/events/0/deal",
        Some(&tokens[0].1),
        None,
        401,
        "unauthorized",
    )
    .await;
    let offer = api.ok(Method::GET, "/api/events/0/deal", td, None).await;
    let players = offer["players"].as_array().unwrap();
    assert_eq!(players.len(), 3, "{offer}");
    let total: u64 = offer["prizes_left"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap())
        .sum();
    for split in ["chip_chop", "icm"] {
        let sum: u64 = players.iter().map(|p| p[split].as_u64().unwrap()).sum();
        assert_eq!(sum, total, "{split}: {offer}");
    }
    let amounts: Vec<Value> = players
        .iter()
        .map(|p| json!({ "player": p["player"], "amount": p["icm"] }))
        .collect();
    // Everyone left takes part.
    let short = json!({ "type": "agree_deal", "amounts": amounts[1..], "play_for": [] });
    api.refused(
        Method::POST,
        "/api/events/0/td",
        td,
        Some(&short.to_string()),
        422,
        "refused",
    )
    .await;
    let deal = json!({ "type": "agree_deal", "amounts": amounts, "play_for": [] });
    api.ok(Method::POST, "/api/events/0/td", td, Some(&deal))
        .await;
    // The results sheet shows the deal.
    let standings = api
        .ok(Method::GET, "/api/events/0/standings", None, None)
        .await;
    let shares = standings["deal"]["amounts"].as_array().unwrap();
    assert_eq!(shares.len(), 3, "{standings}");
    assert_eq!(shares[0]["name"], players[0]["name"]);
    assert_eq!(shares[0]["amount"], players[0]["icm"]);
    let again = api
        .refused(Method::GET, "/api/events/0/deal", td, None, 409, "no_deal")
        .await;
    assert!(again.to_string().contains("agreed already"), "{again}");
    let audit = api.ok(Method::GET, "/api/events/0/audit", td, None).await;
    let last = audit.as_array().unwrap().last().unwrap()["what"].clone();
    let first = &players[0];
    let said = format!(
        "player {} {}",
        first["player"].as_u64().unwrap() + 1,
        first["icm"]
    );
    let last = last.as_str().unwrap();
    assert!(last.starts_with("deal agreed (HC-1.2): "), "{last}");
    assert!(last.contains(&said), "{last}");
}

/// Issue 17 item 6: every entry and the results as CSV files, public as the standings; a name
/// a spreadsheet would take for a formula stays text.
#[tokio::test]
async fn entries_and_results_as_csv() {
    let api = Api::open();
    api.create_event("turbo", 3).await;
    api.register_bot(0, "=HYPERLINK(\"x\")").await;
    api.register_bot(0, "Smith, Jr.").await;
    api.start(0).await;
    let (status, content_type, text) = api.get_text("/api/events/0/entries.csv").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type.as_deref(), Some("text/csv; charset=utf-8"));
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with(r#""player","name","entry","status","table","seat","chips""#)
    );
    assert!(
        text.contains(r#"1,"'=HYPERLINK(""x"")",1,"playing""#),
        "{text}"
    );
    assert!(text.contains(r#"2,"Smith, Jr.",1,"playing""#), "{text}");
    // No place is given yet: the results are the header alone.
    let (status, _, text) = api.get_text("/api/events/0/results.csv").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        text,
        "\"place\",\"name\",\"entry\",\"prize\",\"bounties\",\"knockouts\",\"league_points\"\n"
    );
    let (status, _, _) = api.get_text("/api/events/9/results.csv").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// Issue 17 item 6: the director's moves, newest first, for the move slips, with their rule.
#[tokio::test]
async fn a_move_by_the_td_makes_a_move_slip_tda_11() {
    let api = Api::open();
    let td = Some(api.td.as_str());
    api.create_event("hc", 1).await;
    for name in ["Ann", "Bob", "Cid"] {
        api.register_self(0, name).await;
    }
    api.start(0).await;
    assert_eq!(
        api.ok(Method::GET, "/api/events/0/moves", None, None).await,
        json!([])
    );
    let seating = api
        .ok(Method::GET, "/api/events/0/seating", None, None)
        .await;
    let seats = seating["tables"][0]["seats"].as_array().unwrap();
    let from = seats.iter().position(|s| s["player"] == 0).unwrap() + 1;
    let free = seats.iter().position(Value::is_null).unwrap() + 1;
    let mv = json!({ "type": "move", "player": 0, "table": 1, "seat": free });
    api.ok(Method::POST, "/api/events/0/td", td, Some(&mv))
        .await;
    let moves = api.ok(Method::GET, "/api/events/0/moves", None, None).await;
    let slip = &moves[0];
    assert_eq!(slip["name"], "Ann", "{moves}");
    assert_eq!(slip["from_table"], 1);
    assert_eq!(slip["from_seat"], from);
    assert_eq!(
        (slip["to_table"].clone(), slip["to_seat"].clone()),
        (json!(1), json!(free))
    );
    assert_eq!(slip["rule"], "TDA-11");
}
