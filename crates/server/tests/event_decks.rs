//! Issue 37 items 3 and 4 at a tournament's online tables: each hand's deck comes from a seed
//! of its own, 256 bits from the system, committed to before the deal (sealed in the log's
//! `commit` record) and mixed with the values the players add until then; the event's seed in
//! the log makes the seating, not the cards. Reading the log during play does not give the hole
//! cards away (the probe's way, replaying the event's seed, deals other cards); the log replays
//! a hand in play exactly with its seal key and not with another; once a hand is over its
//! proof shows the seed, the values and every card dealt. A seed the TD chooses makes a test
//! event, dealt from that seed and marked as such.

mod common;

use axum::http::Method;
use cards::proof::parse_hex;
use cards::{Deck, Seed};
use common::Api;
use serde_json::{Value, json};

fn log_file(name: &str) -> std::path::PathBuf {
    let file = std::env::temp_dir().join(format!("event-decks-{name}-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&file);
    file
}

/// Three players in a started turbo, created with `seed` or without; their entries and tokens,
/// once the first hand is dealt.
async fn first_hand(api: &Api, seed: Option<u64>) -> Vec<(u32, String)> {
    let players = started(api, seed).await;
    // A real event commits to its first hand and gives the players' pages a moment to add
    // their values before the deal.
    api.app.hub().clock().advance(5_000);
    api.drive().await;
    players
}

/// Three players in a turbo just started, created with `seed` or without.
async fn started(api: &Api, seed: Option<u64>) -> Vec<(u32, String)> {
    let mut body = json!({ "toml": common::public(&api.template("turbo").await) });
    if let Some(seed) = seed {
        body["seed"] = json!(seed);
    }
    let summary = api
        .ok(Method::POST, "/api/events", Some(&api.td), Some(&body))
        .await;
    assert_eq!(summary["test"], seed.is_some(), "{summary}");
    let mut players = Vec::new();
    for name in ["Anna", "Ben", "Cem"] {
        players.push(api.register_self(0, name).await);
    }
    api.start(0).await;
    api.drive().await;
    players
}

/// Each player's hole cards in their own view.
async fn holes(api: &Api, players: &[(u32, String)]) -> Vec<Vec<String>> {
    let mut all = Vec::new();
    for (entry, token) in players {
        let me = api
            .ok(Method::GET, "/api/events/0/me", Some(token), None)
            .await;
        let seat = me["table"]["seats"]
            .as_array()
            .expect("seated")
            .iter()
            .find(|s| s["player"] == *entry)
            .cloned()
            .unwrap_or_else(|| panic!("{entry} at the table: {me}"));
        let cards: Vec<String> = seat["cards"]
            .as_array()
            .expect("cards")
            .iter()
            .map(|c| c.as_str().expect("their own cards").to_string())
            .collect();
        assert_eq!(cards.len(), 2, "{seat}");
        all.push(cards);
    }
    all
}

fn records(path: &std::path::Path) -> Vec<(u64, Value)> {
    let store = store::Store::open(path, false).expect("the log read again");
    store
        .records()
        .expect("records")
        .into_iter()
        .map(|r| {
            let body: Value = serde_json::from_str(&r.body).expect("a record");
            (r.at_ms, body)
        })
        .collect()
}

fn hex_in(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) if parse_hex(s).is_some() => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| hex_in(v, out)),
        Value::Object(map) => map.values().for_each(|v| hex_in(v, out)),
        _ => {}
    }
}

// Issue 37 item 4: the probe read the event's seed from the log and dealt the hands again; the
// same log, its hands dealt from that seed, now gives other cards than the players hold.
#[tokio::test]
async fn the_log_of_an_event_does_not_give_its_cards_away() {
    let file = log_file("probe");
    let api = Api::open_at(&file);
    let players = first_hand(&api, None).await;
    let held = holes(&api, &players).await;
    drop(api);
    let log = records(&file);
    let commit = log
        .iter()
        .map(|(_, body)| &body["command"])
        .find(|c| c["type"] == "commit")
        .expect("a commitment in the log");
    assert!(
        commit["seed"]["sealed"].is_string() && commit["seed"]["commitment"].is_string(),
        "{commit}"
    );
    // No string of the log, taken as a deck's seed, deals the players' cards: the six hole
    // cards are not the top six of its deck.
    let mut found = Vec::new();
    log.iter().for_each(|(_, body)| hex_in(body, &mut found));
    let mut all_held: Vec<&String> = held.iter().flatten().collect();
    all_held.sort();
    for text in &found {
        let mut top: Vec<String> = Deck::shuffled(Seed(parse_hex(text).unwrap())).remaining()[..6]
            .iter()
            .map(|c| c.to_string())
            .collect();
        top.sort();
        assert_ne!(
            top.iter().collect::<Vec<_>>(),
            all_held,
            "{text} in the log gives the players' cards"
        );
    }
    // The probe: the log as if its hands were dealt from the event's seed, as before issue 37.
    let probe = log_file("probe-copy");
    {
        let mut store = store::Store::open(&probe, false).expect("a copy");
        let stripped: Vec<(u64, String)> = log
            .iter()
            .filter(|(_, body)| body["command"]["type"] != "commit")
            .map(|(at, body)| {
                let mut body = body.clone();
                if body["command"]["type"] == "create_event" {
                    body["command"]["decks"] = json!("event_seed");
                }
                (*at, body.to_string())
            })
            .collect();
        store.append_all(&stripped).expect("copied");
    }
    let replayed = Api::open_at(&probe);
    let dealt = holes(&replayed, &players).await;
    assert_ne!(
        dealt, held,
        "the event's seed in the log deals the players' cards"
    );
    drop(replayed);
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&probe);
}

// Issue 37 item 4: "replay of a hand in play still exact": the same key deals the same cards
// again; another key does not open the log (the commitment in the deal does not match).
#[tokio::test]
async fn the_log_of_an_event_replays_its_hand_in_play_only_with_its_key() {
    let file = log_file("key");
    let api = Api::open_at(&file);
    let players = first_hand(&api, None).await;
    let held = holes(&api, &players).await;
    drop(api);
    let again = Api::open_at(&file);
    assert_eq!(holes(&again, &players).await, held);
    drop(again);
    let error =
        common::open_with_another_seal_key(&file).expect("another key does not open the log");
    assert!(error.contains("seal key"), "{error}");
    let _ = std::fs::remove_file(&file);
}

// Issue 37 item 4: a seed the TD chooses is for a test event: its decks come from that seed (the
// same seed deals the same cards), its deals carry no seed of their own, and its summary says
// it is a test event.
#[tokio::test]
async fn a_seed_the_td_chooses_makes_a_test_event_dealt_from_it() {
    let mut dealt = Vec::new();
    for run in 0..2 {
        let file = log_file(&format!("test-{run}"));
        let api = Api::open_at(&file);
        let players = first_hand(&api, Some(11)).await;
        dealt.push(holes(&api, &players).await);
        drop(api);
        let log = records(&file);
        assert!(
            log.iter()
                .all(|(_, body)| body["command"]["type"] != "commit"),
            "a test event commits to no seed of its own"
        );
        assert!(
            log.iter()
                .any(|(_, body)| body["command"]["decks"] == "event_seed"),
            "the log says where its decks come from"
        );
        let _ = std::fs::remove_file(&file);
    }
    assert_eq!(dealt[0], dealt[1]);
}

/// A player's page.
async fn me(api: &Api, token: &str) -> Value {
    api.ok(Method::GET, "/api/events/0/me", Some(token), None)
        .await
}

/// The players fold in turn until hand `number` is over.
async fn fold_out(api: &Api, players: &[(u32, String)], number: u64) {
    for _ in 0..20 {
        api.drive().await;
        for (_, token) in players {
            let page = me(api, token).await;
            let hand = &page["table"]["hand"];
            if hand["number"] == number && hand["street"] == "over" {
                return;
            }
            if page["table"]["you"]["legal"].is_object() {
                let act = json!({ "hand": number, "action": { "type": "fold" } });
                api.ok(Method::POST, "/api/events/0/act", Some(token), Some(&act))
                    .await;
            }
        }
    }
    panic!("hand {number} did not end");
}

/// A player's seat number at their table.
fn seat_of(page: &Value, entry: u32) -> u64 {
    page["table"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == entry)
        .and_then(|s| s["seat"].as_u64())
        .expect("seated")
}

// Issue 37 item 3: the commitment to the next hand is shown before its deal, the players add
// their values until then (late, twice or malformed ones left out and listed), and once the
// hand is over its proof checks by the procedure, card by card, against the cards dealt.
#[tokio::test]
async fn a_tournament_hand_dealt_under_a_commitment_proves_its_deck() {
    use cards::proof::{Value as Added, commitment, deck_seed, hex};
    let api = Api::open();
    let players = first_hand(&api, None).await;
    // At the table: a player away is dealt in and their hand killed (TDA-30).
    let mut connections = Vec::new();
    for (_, token) in &players {
        connections.push(api.connect(protocol::EventId(0), token).await);
    }
    let first = me(&api, &players[0].1).await;
    assert!(
        first["table"]["hand"]["commitment"].is_string(),
        "hand 1 is dealt under a commitment: {first}"
    );
    fold_out(&api, &players, 1).await;
    // Hand 1 is over: hand 2's seed is committed to before it is dealt.
    let page = me(&api, &players[0].1).await;
    let committed = page["table"]["commitment"].clone();
    assert_eq!(committed["hand"], 2, "{page}");
    let shown = committed["commitment"].as_str().unwrap().to_string();
    assert!(parse_hex(&shown).is_some(), "{shown}");
    assert_eq!(committed["values_from"], json!([]));
    let seats: Vec<u8> = players
        .iter()
        .map(|(entry, _)| seat_of(&page, *entry) as u8)
        .collect();
    let post = |who: usize, value: Value| {
        let token = players[who].1.clone();
        let api = &api;
        async move {
            api.post(
                "/api/events/0/deck-value",
                Some(&token),
                &json!({ "hand": 2, "value": value }),
            )
            .await
        }
    };
    let anna = Added([0xa7; 32]);
    assert_eq!(post(0, json!(hex(&anna.0))).await.status, 200);
    // Twice and malformed: left out, and said so in the proof.
    assert_eq!(post(0, json!(hex(&[0x11; 32]))).await.status, 200);
    assert_eq!(post(1, json!("not a value")).await.status, 200);
    // Too long to read at all.
    assert_eq!(post(1, json!("f".repeat(200))).await.status, 422);
    let page = me(&api, &players[2].1).await;
    assert_eq!(
        page["table"]["commitment"]["values_from"],
        json!([seats[0]])
    );
    // The public sees the commitment too, and no proof file.
    let public = api.get("/api/events/0/tables/1", None).await;
    assert_eq!(public.body["commitment"]["commitment"], shown);
    assert_eq!(
        api.get("/api/events/0/tables/1/decks", None).await.status,
        401
    );
    // The pause after hand 1, then the deal; Cem's value comes late.
    api.app.hub().clock().advance(10_000);
    api.drive().await;
    let page = me(&api, &players[0].1).await;
    assert_eq!(page["table"]["hand"]["number"], 2, "{page}");
    assert_eq!(page["table"]["hand"]["commitment"], shown);
    assert_eq!(post(2, json!(hex(&[0x33; 32]))).await.status, 200);
    assert_eq!(post(2, json!(hex(&[0x34; 32]))).await.status, 409);
    let held = holes(&api, &players).await;
    fold_out(&api, &players, 2).await;
    // Once the hand is over, a value for it is refused, not noted: its history is written.
    let after = post(0, json!(hex(&[0x44; 32]))).await;
    assert_eq!(after.status, 409, "{}", after.body);
    assert_eq!(after.body["code"], "hand_over");
    let file = api
        .ok(
            Method::GET,
            "/api/events/0/tables/1/decks",
            Some(&players[0].1),
            None,
        )
        .await;
    let proof = file["hands"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["hand"] == 2)
        .cloned()
        .unwrap_or_else(|| panic!("hand 2's proof for Anna: {file}"));
    assert_eq!(proof["event"], 0);
    assert_eq!(proof["table"], 0);
    assert_eq!(proof["commitment"], shown);
    let seed = Seed(parse_hex(proof["seed"].as_str().unwrap()).unwrap());
    assert_eq!(
        commitment(&seed),
        shown,
        "the seed revealed is the one committed to"
    );
    assert_eq!(
        proof["values"],
        json!([{ "seat": seats[0], "value": hex(&anna.0) }])
    );
    let mut left_out: Vec<(u64, String)> = proof["left_out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["seat"].as_u64().unwrap(),
                l["why"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    left_out.sort();
    let mut expected = vec![
        (u64::from(seats[0]), "twice".to_string()),
        (u64::from(seats[1]), "malformed".to_string()),
        (u64::from(seats[2]), "late".to_string()),
    ];
    expected.sort();
    assert_eq!(left_out, expected);
    let mixed = deck_seed(&seed, &[anna]);
    assert_eq!(proof["deck_seed"], hex(&mixed.0));
    let deck = Deck::shuffled(mixed);
    let dealt = proof["dealt"].as_array().unwrap();
    for (place, d) in dealt.iter().enumerate() {
        assert_eq!(d["at"], place, "no place skipped: {proof}");
        assert_eq!(d["card"], deck.remaining()[place].to_string(), "{d}");
    }
    for (who, cards) in held.iter().enumerate() {
        let at_seat: Vec<String> = dealt
            .iter()
            .filter(|d| d["to"] == "seat" && d["seat"] == seats[who])
            .map(|d| d["card"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(&at_seat, cards, "player {who}'s cards are the deck's");
    }
    // Revealed in the hand's history to the players dealt in, not to the public.
    let page = me(&api, &players[1].1).await;
    assert_eq!(page["table"]["history"][0]["proof"], proof, "{page}");
    let public = api.get("/api/events/0/tables/1", None).await.body;
    assert!(
        public["history"]
            .as_array()
            .is_none_or(|h| h.iter().all(|h| h.get("proof").is_none())),
        "{public}"
    );
    // The TD gets every hand kept.
    let td = api
        .ok(
            Method::GET,
            "/api/events/0/tables/1/decks",
            Some(&api.td),
            None,
        )
        .await;
    assert!(td["hands"].as_array().unwrap().len() >= 2, "{td}");
    // Written in the player's own hand history too: the PHH download carries each hand's
    // proof as the user-defined field `_deck_proof`, the same as the proof file's.
    let request = axum::http::Request::builder()
        .uri("/api/events/0/hands/mine?format=phh")
        .header("authorization", format!("Bearer {}", players[0].1))
        .body(axum::body::Body::empty())
        .expect("a request");
    let (status, _, bytes) = api.answer(request).await;
    let text = String::from_utf8_lossy(&bytes);
    assert_eq!(status, 200, "{text}");
    let hands = hh::parse_phhs(&text).expect("the PHH reads back");
    let field = |h: &hh::PhhHand, key: &str| {
        let Some((_, hh::Value::Table(t))) = h.extra.iter().find(|(k, _)| k == "_deck_proof")
        else {
            return None;
        };
        t.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    };
    let written = hands
        .iter()
        .find(|(_, h)| field(h, "hand") == Some(hh::Value::Number("2".parse().unwrap())))
        .unwrap_or_else(|| panic!("hand 2 with its proof: {text}"));
    let seed_written = field(&written.1, "seed");
    assert_eq!(
        seed_written,
        Some(hh::Value::String(proof["seed"].as_str().unwrap().into()))
    );
    assert_eq!(
        field(&written.1, "deck_seed"),
        Some(hh::Value::String(hex(&mixed.0)))
    );
    let Some(hh::Value::Array(cards)) = field(&written.1, "dealt") else {
        panic!("every card dealt: {text}");
    };
    assert_eq!(cards.len(), dealt.len());
}

// Issue 37 item 3: the first hand at a table is committed to at the start and dealt a moment
// later, so that the players' values go into its deck too.
#[tokio::test]
async fn the_first_hand_takes_the_players_values_too() {
    let api = Api::open();
    let players = started(&api, None).await;
    let mut connections = Vec::new();
    for (_, token) in &players {
        connections.push(api.connect(protocol::EventId(0), token).await);
    }
    let page = me(&api, &players[0].1).await;
    assert!(page["table"]["hand"].is_null(), "not dealt yet: {page}");
    assert_eq!(page["table"]["commitment"]["hand"], 1, "{page}");
    let seat = seat_of(&page, players[0].0);
    let value = "5a".repeat(32);
    let sent = api
        .post(
            "/api/events/0/deck-value",
            Some(&players[0].1),
            &json!({ "hand": 1, "value": value }),
        )
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    api.app.hub().clock().advance(5_000);
    api.drive().await;
    fold_out(&api, &players, 1).await;
    let file = api
        .ok(
            Method::GET,
            "/api/events/0/tables/1/decks",
            Some(&players[0].1),
            None,
        )
        .await;
    assert_eq!(file["hands"][0]["hand"], 1, "{file}");
    assert_eq!(
        file["hands"][0]["values"],
        json!([{ "seat": seat, "value": value }])
    );
}

// An event of a log from before issue 37 dealt from a seed drawn at random, not the TD's: its
// hands replay from that seed, and it is not called a test event.
#[tokio::test]
async fn an_event_of_an_older_log_is_no_test_event() {
    let toml = Api::open().template("turbo").await;
    let file = log_file("older");
    {
        let mut store = store::Store::open(&file, false).expect("a log");
        let create = json!({ "at_ms": 1, "command": { "type": "create_event",
            "config_toml": toml, "seed": 5, "act_seconds": 30, "by": "td" } });
        store.append(1, &create.to_string()).expect("written");
    }
    let api = Api::open_at(&file);
    let summary = api.ok(Method::GET, "/api/events/0", None, None).await;
    assert_eq!(summary["test"], false, "{summary}");
    drop(api);
    let _ = std::fs::remove_file(&file);
}
