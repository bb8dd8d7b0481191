//! The OpenAPI document served at `/api/openapi.json`, made from the router, against the wire:
//! every documented route is routed, declares its path parameters, every `$ref` resolves, and
//! real answers of a played event fit their schemas (every required property there, every
//! property declared, the JSON types and the enumerations as documented).

mod common;

use axum::http::{Method, StatusCode};
use common::Api;
use common::schema::{document, documented, fits, resolve};
use serde_json::{Value, json};
use std::collections::BTreeSet;

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

#[tokio::test]
async fn the_served_document_is_openapi_3_1() {
    let api = Api::open();
    let reply = api.get("/api/openapi.json", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.content_type.as_deref(), Some("application/json"));
    let version = reply.body["openapi"].as_str().expect("an openapi version");
    assert!(version.starts_with("3.1."), "openapi {version}");
    assert_eq!(reply.body, document());
    assert!(reply.body["info"]["title"].is_string());
    assert!(
        reply.body["paths"]
            .as_object()
            .is_some_and(|p| !p.is_empty())
    );
}

/// The router and the document are one list (`http::api`); each route's path parameters are
/// declared with the names axum extracts, and it says what it answers.
#[test]
fn every_route_declares_its_path_parameters_and_answers() {
    let doc = document();
    let paths = doc["paths"].as_object().expect("paths");
    assert!(paths.len() >= 40, "only {} paths", paths.len());
    // Every path parameter is declared, with the name axum extracts.
    for (path, item) in paths {
        let names: BTreeSet<String> = path
            .split('/')
            .filter_map(|s| s.strip_prefix('{')?.strip_suffix('}'))
            .map(str::to_string)
            .collect();
        for method in METHODS {
            let Some(op) = item.get(method) else { continue };
            let declared: BTreeSet<String> = op["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| resolve(&doc, p))
                .filter(|p| p["in"] == "path")
                .map(|p| p["name"].as_str().unwrap().to_string())
                .collect();
            assert_eq!(declared, names, "{method} {path}: path parameters");
            assert!(op["responses"].is_object(), "{method} {path}: responses");
        }
    }
}

/// Each documented method of each path reaches its handler: not the 404 for unknown routes,
/// not a 405.
#[tokio::test]
async fn every_documented_route_is_routed() {
    let doc = document();
    let api = Api::open();
    for (path, item) in doc["paths"].as_object().unwrap() {
        let uri = path.replace("{event}", "0").replace("{table}", "1");
        for method in METHODS.iter().filter(|m| item.get(**m).is_some()) {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let reply = api.send(method.clone(), &uri, None, None).await;
            let message = reply.body["message"].as_str().unwrap_or("");
            assert!(
                !message.contains("no such API route") && reply.status.as_u16() != 405,
                "{method} {uri}: {}",
                reply.body
            );
        }
    }
}

#[test]
fn the_websocket_route_takes_token_and_topics() {
    let doc = document();
    let ws = &doc["paths"]["/api/events/{event}/ws"]["get"];
    let query: BTreeSet<&str> = ws["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| resolve(&doc, p))
        .filter(|p| p["in"] == "query")
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(query, BTreeSet::from(["token", "topics"]));
    let description = ws["description"].as_str().unwrap();
    for kind in [
        "summary",
        "seating",
        "standings",
        "me",
        "table",
        "error",
        "act",
        "call_clock",
        "watch",
    ] {
        assert!(
            description.contains(&format!("`{kind}`")),
            "the ws description names {kind}"
        );
    }
}

fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                if key == "$ref" {
                    out.push(v.as_str().expect("$ref is a string"));
                } else {
                    refs(v, out);
                }
            }
            if let Some(mapping) = map
                .get("discriminator")
                .and_then(|d| d.get("mapping"))
                .and_then(Value::as_object)
            {
                out.extend(mapping.values().filter_map(Value::as_str));
            }
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

#[test]
fn every_reference_resolves() {
    let doc = document();
    let mut found = Vec::new();
    refs(&doc, &mut found);
    assert!(found.len() > 50, "only {} references", found.len());
    for target in &found {
        let pointer = target.strip_prefix('#').expect("a local $ref");
        assert!(doc.pointer(pointer).is_some(), "$ref {target} resolves");
    }
    // Every schema is used, and the protocol's types are all there.
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for name in schemas.keys() {
        let target = format!("#/components/schemas/{name}");
        assert!(found.contains(&target.as_str()), "schema {name} is used");
    }
    for name in [
        "EventSummary",
        "ClockView",
        "Blinds",
        "PayoutLine",
        "Seating",
        "TableSeating",
        "SeatLine",
        "Standings",
        "Standing",
        "TableView",
        "SeatView",
        "HandView",
        "PotView",
        "SeatEquity",
        "Announcement",
        "You",
        "Legal",
        "HandHistory",
        "HistorySeat",
        "AuditLine",
        "Registered",
        "Template",
        "Me",
        "WhoAmI",
        "ApiError",
        "PlayerAction",
        "TdCommand",
        "ServerMessage",
        "ClientMessage",
    ] {
        assert!(schemas.contains_key(name), "schema {name}");
    }
    // Each refusal answer is an ApiError.
    for (name, response) in doc["components"]["responses"].as_object().unwrap() {
        assert_eq!(
            response["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/ApiError",
            "response {name}"
        );
    }
    assert_eq!(
        doc["components"]["securitySchemes"]["bearerAuth"],
        json!({
            "type": "http",
            "scheme": "bearer",
            "description": doc["components"]["securitySchemes"]["bearerAuth"]["description"],
        })
    );
}

#[tokio::test]
async fn real_answers_fit_their_schemas() {
    let doc = document();
    let api = Api::open();
    let td = api.td.clone();
    let td = Some(td.as_str());
    let d = &doc;

    documented(
        &api,
        d,
        Method::GET,
        "/api/templates",
        "/api/templates",
        None,
        None,
    )
    .await;
    let toml = common::public(&api.template("turbo").await);
    documented(
        &api,
        d,
        Method::POST,
        "/api/events",
        "/api/events",
        td,
        Some(json!({ "toml": toml, "seed": 1 })),
    )
    .await;
    let register = "/api/events/{event}/register";
    let mut bots = Vec::new();
    for name in ["Ada", "Bea", "Cy"] {
        let registered = documented(
            &api,
            d,
            Method::POST,
            "/api/events/0/register",
            register,
            td,
            Some(json!({ "name": name, "bot": true })),
        )
        .await;
        bots.push(registered["token"].as_str().unwrap().to_string());
    }
    let person = documented(
        &api,
        d,
        Method::POST,
        "/api/events/0/register",
        register,
        None,
        Some(json!({ "name": "Dee" })),
    )
    .await;
    let token = person["token"].as_str().unwrap().to_string();
    for secret in [None, td, Some(token.as_str()), Some(bots[0].as_str())] {
        documented(
            &api,
            d,
            Method::GET,
            "/api/whoami",
            "/api/whoami",
            secret,
            None,
        )
        .await;
    }
    documented(
        &api,
        d,
        Method::POST,
        "/api/events/0/start",
        "/api/events/{event}/start",
        td,
        None,
    )
    .await;
    let mut pushed = api.connect(protocol::EventId(0), &token).await;

    // Play until a hand has finished, checking the views on the way; the person plays along.
    let mut views = 0;
    let mut finished = false;
    for _ in 0..200 {
        api.drive().await;
        let table = documented(
            &api,
            d,
            Method::GET,
            "/api/events/0/tables/1",
            "/api/events/{event}/tables/{table}",
            None,
            None,
        )
        .await;
        let me = documented(
            &api,
            d,
            Method::GET,
            "/api/events/0/me",
            "/api/events/{event}/me",
            Some(&token),
            None,
        )
        .await;
        views += 1;
        let legal = &me["table"]["you"]["legal"];
        if legal.is_object() {
            let action = if legal["check"] == true {
                "check"
            } else {
                "call"
            };
            documented(
                &api,
                d,
                Method::POST,
                "/api/events/0/act",
                "/api/events/{event}/act",
                Some(&token),
                Some(json!({ "hand": legal["hand"], "action": { "type": action } })),
            )
            .await;
        }
        if table["history"].as_array().is_some_and(|h| !h.is_empty()) {
            finished = true;
            break;
        }
    }
    assert!(finished, "no hand finished in {views} rounds");
    for bot in &bots {
        documented(
            &api,
            d,
            Method::GET,
            "/api/events/0/me",
            "/api/events/{event}/me",
            Some(bot),
            None,
        )
        .await;
    }
    for (uri, path) in [
        ("/api/events", "/api/events"),
        ("/api/events/0", "/api/events/{event}"),
        ("/api/events/0/seating", "/api/events/{event}/seating"),
        ("/api/events/0/standings", "/api/events/{event}/standings"),
        (
            "/api/events/0/tables/1",
            "/api/events/{event}/tables/{table}",
        ),
    ] {
        documented(&api, d, Method::GET, uri, path, None, None).await;
    }
    let audit = documented(
        &api,
        d,
        Method::GET,
        "/api/events/0/audit",
        "/api/events/{event}/audit",
        td,
        None,
    )
    .await;
    assert!(audit.as_array().is_some_and(|a| a.len() >= 5), "{audit}");
    let console = "/api/events/{event}/td";
    for command in [
        json!({ "type": "pause" }),
        json!({ "type": "set_clock", "remaining_ms": 60_000 }),
        json!({ "type": "warn", "player": 3, "reason": "slow play" }),
        json!({ "type": "resume" }),
    ] {
        documented(
            &api,
            d,
            Method::POST,
            "/api/events/0/td",
            console,
            td,
            Some(command),
        )
        .await;
    }

    // The refusals fit ApiError, and the document lists their statuses.
    let refusals = [
        (
            Method::GET,
            "/api/events/9",
            "/api/events/{event}",
            None,
            None,
            "404",
        ),
        (
            Method::GET,
            "/api/events/x/seating",
            "/api/events/{event}/seating",
            None,
            None,
            "400",
        ),
        (
            Method::POST,
            "/api/events/0/start",
            "/api/events/{event}/start",
            None,
            None,
            "401",
        ),
        (
            Method::POST,
            "/api/events/0/start",
            "/api/events/{event}/start",
            td,
            None,
            "409",
        ),
        (
            Method::POST,
            "/api/events/0/register",
            register,
            None,
            Some("{\"name\":\"E\",\"bot\":true}"),
            "403",
        ),
        (
            Method::POST,
            "/api/events/0/act",
            "/api/events/{event}/act",
            Some(token.as_str()),
            Some("{"),
            "400",
        ),
    ];
    for (method, uri, path, secret, body, status) in refusals {
        let reply = api.send(method.clone(), uri, secret, body).await;
        assert_eq!(
            reply.status.as_str(),
            status,
            "{method} {uri}: {}",
            reply.body
        );
        fits(d, "ApiError", &reply.body);
        let documented = &doc["paths"][path][method.as_str().to_lowercase()]["responses"][status];
        assert!(documented.is_object(), "{method} {path} documents {status}");
    }

    // What the WebSocket pushed fits ServerMessage, patches (issue 19 item 5) included, and so
    // does each full message a patch makes.
    let mut follower = protocol::Follower::new();
    let mut messages = 0;
    let mut patches = 0;
    let mut check = |text: &str| {
        let message: Value = serde_json::from_str(text).expect("a pushed message is JSON");
        fits(d, "ServerMessage", &message);
        let followed = follower.take(text).expect("every patch follows");
        fits(d, "ServerMessage", &followed);
        patches += usize::from(message["type"] == "patch");
        messages += 1;
    };
    while let Some(text) = pushed.try_recv() {
        check(&text);
    }
    api.app
        .hub()
        .event(protocol::EventId(0))
        .expect("the event")
        .run(|t| {
            let now = t.now;
            t.state_mut().flush(now);
            Ok(())
        })
        .await
        .expect("flushed");
    while let Some(text) = pushed.try_recv() {
        check(&text);
    }
    assert!(messages >= 3, "only {messages} messages pushed");
    assert!(patches >= 1, "no patch among {messages} messages");
}

#[test]
fn client_messages_fit_their_schemas() {
    let doc = document();
    for message in [
        protocol::ClientMessage::Act {
            hand: 3,
            action: protocol::PlayerAction::BetOrRaise { to: 400 },
        },
        protocol::ClientMessage::Act {
            hand: 3,
            action: protocol::PlayerAction::Fold,
        },
        protocol::ClientMessage::CallClock { hand: 3 },
        protocol::ClientMessage::Watch {
            table: protocol::TableNumber(1),
        },
        protocol::ClientMessage::Ping,
        protocol::ClientMessage::Resync,
    ] {
        fits(
            &doc,
            "ClientMessage",
            &serde_json::to_value(&message).unwrap(),
        );
    }
    let td = [
        protocol::TdCommand::Pause,
        protocol::TdCommand::Resume,
        protocol::TdCommand::SetClock { remaining_ms: 1 },
        protocol::TdCommand::Move {
            player: protocol::EntryId(1),
            table: protocol::TableNumber(2),
            seat: 3,
        },
        protocol::TdCommand::Rebuy {
            player: protocol::EntryId(1),
        },
        protocol::TdCommand::AddOn {
            player: protocol::EntryId(1),
        },
        protocol::TdCommand::ReEnter {
            player: protocol::EntryId(1),
        },
        protocol::TdCommand::Warn {
            player: protocol::EntryId(1),
            reason: "r".into(),
        },
        protocol::TdCommand::MissRounds {
            player: protocol::EntryId(1),
            rounds: 2,
        },
        protocol::TdCommand::TimePenalty {
            player: protocol::EntryId(1),
            minutes: 2,
        },
        protocol::TdCommand::Disqualify {
            player: protocol::EntryId(1),
            reason: "r".into(),
        },
        protocol::TdCommand::Undo,
        protocol::TdCommand::AgreeDeal {
            amounts: vec![protocol::DealShare {
                player: protocol::EntryId(1),
                amount: 500,
            }],
            play_for: vec![100],
        },
        protocol::TdCommand::HandOver {
            table: protocol::TableNumber(1),
            busts: vec![protocol::BustCall {
                player: protocol::EntryId(2),
                by: vec![protocol::EntryId(3)],
                stack_at_start: Some(1_200),
                card: Some("Ks".into()),
            }],
        },
        protocol::TdCommand::Button {
            table: protocol::TableNumber(1),
            seat: 4,
        },
        protocol::TdCommand::Confirm { instruction: 1 },
        protocol::TdCommand::UndoBust {
            player: protocol::EntryId(2),
        },
        protocol::TdCommand::SeatCards {
            table: protocol::TableNumber(3),
            seats: vec![
                protocol::SeatCard {
                    player: protocol::EntryId(2),
                    table: None,
                    seat: 1,
                },
                protocol::SeatCard {
                    player: protocol::EntryId(3),
                    table: Some(protocol::TableNumber(2)),
                    seat: 4,
                },
            ],
        },
        protocol::TdCommand::ButtonCards {
            table: protocol::TableNumber(1),
            cards: vec![protocol::SeatDraw {
                seat: 2,
                card: "As".into(),
            }],
        },
        protocol::TdCommand::SourceCards {
            cards: vec![protocol::TableCard {
                table: protocol::TableNumber(2),
                card: "Kh".into(),
            }],
        },
        protocol::TdCommand::RaceCards {
            table: protocol::TableNumber(1),
            cards: vec![protocol::PlayerCards {
                player: protocol::EntryId(2),
                cards: vec!["2c".into(), "Ah".into()],
            }],
        },
        protocol::TdCommand::ChipCount {
            counts: vec![protocol::CountedStack {
                player: protocol::EntryId(2),
                chips: 5_000,
            }],
        },
        protocol::TdCommand::DrawSeats,
        protocol::TdCommand::TakeBuyIn {
            player: protocol::EntryId(1),
        },
        protocol::TdCommand::Accommodate {
            player: protocol::EntryId(1),
            on: true,
        },
        protocol::TdCommand::HoldForDeal { on: true },
        protocol::TdCommand::ColourUp {
            table: protocol::TableNumber(2),
            players: vec![protocol::EntryId(1)],
        },
    ];
    let kinds = doc["components"]["schemas"]["TdCommand"]["oneOf"]
        .as_array()
        .unwrap();
    assert_eq!(kinds.len(), td.len(), "every TdCommand is documented");
    for command in td {
        fits(&doc, "TdCommand", &serde_json::to_value(&command).unwrap());
    }
    for action in [
        protocol::PlayerAction::Fold,
        protocol::PlayerAction::Check,
        protocol::PlayerAction::Call,
        protocol::PlayerAction::BetOrRaise { to: 10 },
        protocol::PlayerAction::BringIn,
    ] {
        fits(&doc, "PlayerAction", &serde_json::to_value(action).unwrap());
    }
}

/// A live event's answers: the TD's reports, an instruction pending in the summary, the tables
/// waiting for it in the seating (issue 17 items 1 and 2).
#[tokio::test]
async fn live_answers_fit_their_schemas() {
    let doc = document();
    let api = Api::open();
    let td = Some(api.td.as_str());
    let toml = common::public(&api.template("deepstack").await);
    let toml = toml.replacen("\nprofile", "\ntables = \"live\"\nprofile", 1);
    let body = json!({ "toml": toml, "seed": 1 });
    documented(
        &api,
        &doc,
        Method::POST,
        "/api/events",
        "/api/events",
        td,
        Some(body),
    )
    .await;
    for i in 0..18 {
        api.register_desk(0, &format!("P{i}")).await;
    }
    api.start(0).await;
    api.drive().await;
    let seating = api
        .ok(Method::GET, "/api/events/0/seating", None, None)
        .await;
    // A dealer tablet following a table's hand in play, and its view (issue 17 item 1).
    let tables = api
        .ok(Method::GET, "/api/events/0/seating", None, None)
        .await;
    let playing = tables["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["in_hand"] == json!(true))
        .expect("a table in a hand")["table"]
        .clone();
    let tracked = documented(
        &api,
        &doc,
        Method::POST,
        &format!("/api/events/0/tables/{playing}/tablet"),
        "/api/events/{event}/tables/{table}/tablet",
        td,
        Some(json!({ "track": true })),
    )
    .await;
    let live = tracked["live_table"].as_u64().expect("a live table");
    let view = documented(
        &api,
        &doc,
        Method::GET,
        &format!("/api/floor/{live}"),
        "/api/floor/{table}",
        None,
        None,
    )
    .await;
    assert_eq!(view["tracking"]["table"], playing);

    let first: Vec<u64> = seating["tables"][0]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["player"].as_u64())
        .collect();
    let busts: Vec<Value> = first[..3]
        .iter()
        .map(|p| json!({ "player": p, "by": [first[3]], "stack_at_start": 40000 }))
        .collect();
    let console = "/api/events/{event}/td";
    for report in [
        json!({ "type": "hand_over", "table": 1, "busts": busts }),
        json!({ "type": "hand_over", "table": 2 }),
    ] {
        documented(
            &api,
            &doc,
            Method::POST,
            "/api/events/0/td",
            console,
            td,
            Some(report),
        )
        .await;
    }
    let summary = documented(
        &api,
        &doc,
        Method::GET,
        "/api/events/0",
        "/api/events/{event}",
        None,
        None,
    )
    .await;
    assert_eq!(
        summary["instructions"].as_array().map(Vec::len),
        Some(1),
        "{summary}"
    );
    let seating = "/api/events/{event}/seating";
    documented(
        &api,
        &doc,
        Method::GET,
        "/api/events/0/seating",
        seating,
        None,
        None,
    )
    .await;
    let tablet = documented(
        &api,
        &doc,
        Method::POST,
        "/api/events/0/tables/1/tablet",
        "/api/events/{event}/tables/{table}/tablet",
        td,
        None,
    )
    .await;
    let token = tablet["token"].as_str().unwrap().to_string();
    let button = json!({ "type": "button", "seat": 1 });
    let report = "/api/events/{event}/tables/{table}/report";
    let uri = "/api/events/0/tables/2/report";
    documented(&api, &doc, Method::POST, uri, report, td, Some(button)).await;
    let whoami = documented(
        &api,
        &doc,
        Method::GET,
        "/api/whoami",
        "/api/whoami",
        Some(&token),
        None,
    )
    .await;
    assert_eq!(whoami["role"], json!("tablet"));
    let confirm = json!({ "type": "confirm", "instruction": 1 });
    documented(
        &api,
        &doc,
        Method::POST,
        "/api/events/0/td",
        console,
        td,
        Some(confirm),
    )
    .await;
}

/// The list keeper's answers (issue 18): every command's board fits the document.
#[tokio::test]
async fn ring_answers_fit_their_schemas() {
    let doc = document();
    let api = Api::open();
    let td = Some(api.td.as_str());
    let commands = [
        json!({ "type": "add_game", "name": "PLO 1/1", "variant": "PO", "small_blind": 1,
                "big_blind": 1, "seats": 6, "min_buy_in": 50, "max_buy_in": 100,
                "profile": "jpr", "time_charge": 2 }),
        json!({ "type": "add_guest", "name": "Anna" }),
        json!({ "type": "add_guest", "name": "Ben" }),
        json!({ "type": "join", "guest": 0, "game": 0 }),
        json!({ "type": "open_table", "game": 0, "mode": "tablet", "opened_by": "Anna" }),
        json!({ "type": "seat_at_desk", "guest": 1, "table": 0, "seat": 2, "buy_in": 60 }),
        json!({ "type": "away", "guest": 1, "away": true }),
        json!({ "type": "tick" }),
        json!({ "type": "configure", "offer_seconds": 60, "lose_place": true, "interest_min": 3 }),
        // Issue 36: a number with consent, a guest forgotten.
        json!({ "type": "set_phone", "guest": 0, "phone": "+491701234567", "consent": true,
                "lang": "en" }),
        json!({ "type": "add_guest", "name": "Cem" }),
        json!({ "type": "forget_guest", "guest": 2 }),
    ];
    for body in commands {
        documented(
            &api,
            &doc,
            Method::POST,
            "/api/ring",
            "/api/ring",
            td,
            Some(body),
        )
        .await;
    }
    let board = documented(
        &api,
        &doc,
        Method::GET,
        "/api/ring",
        "/api/ring",
        None,
        None,
    )
    .await;
    assert_eq!(
        board["games"][0]["tables"][0]["seats"][1]["away"],
        json!(true)
    );
    let desk = documented(
        &api,
        &doc,
        Method::GET,
        "/api/ring/desk",
        "/api/ring/desk",
        td,
        None,
    )
    .await;
    assert_eq!(desk["phones"][0]["phone"], "+491701234567");
}
