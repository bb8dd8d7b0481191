//! Issue 37 items 3 and 4 at an online cash table: the server commits to each hand's seed
//! before the deal, seated guests add their own values until then (one that comes late,
//! twice or malformed is left out, and the proof says so), the deck is shuffled from the seed
//! and the values by docs/decks.md's procedure, and once the hand is over its proof shows the
//! seed, the values and every card dealt. The seed is sealed in the log: reading the log during
//! play does not give the hole cards away, the log replays a hand in play only with its key.

mod common;

use axum::http::Method;
use cards::proof::{Value as Added, commitment, deck_seed, hex, parse_hex};
use cards::{Deck, Seed};
use common::Api;
use serde_json::{Value, json};

struct Room {
    api: Api,
    tokens: Vec<String>,
}

impl Room {
    /// A six-seat online table with three guests on its list; none seated yet.
    async fn new(api: Api) -> Room {
        let game = json!({ "type": "add_game", "name": "NLHE 1/2", "variant": "NT",
            "small_blind": 1, "big_blind": 2, "seats": 6, "min_buy_in": 40, "max_buy_in": 200 });
        api.ok(Method::POST, "/api/ring", Some(&api.td), Some(&game))
            .await;
        let mut tokens = Vec::new();
        for name in ["Anna", "Ben", "Cem"] {
            let reply = api
                .post("/api/ring/guests", None, &json!({ "name": name }))
                .await;
            assert_eq!(reply.status, 200, "{}", reply.body);
            tokens.push(reply.body["token"].as_str().unwrap().to_string());
        }
        let room = Room { api, tokens };
        for g in 0..3 {
            room.ask(g, json!({ "type": "join", "game": 0 })).await;
        }
        let open = json!({ "type": "open_table", "game": 0, "mode": "online",
            "opened_by": "Anna", "conditions": "" });
        room.api
            .ok(Method::POST, "/api/ring", Some(&room.api.td), Some(&open))
            .await;
        room
    }

    async fn me(&self, g: usize) -> Value {
        self.api
            .ok(Method::GET, "/api/ring/me", Some(&self.tokens[g]), None)
            .await
    }

    async fn ask(&self, g: usize, request: Value) -> Value {
        let reply = self
            .api
            .post("/api/ring/me", Some(&self.tokens[g]), &request)
            .await;
        assert_eq!(reply.status, 200, "{request}: {}", reply.body);
        reply.body
    }

    /// Guest `g` takes the seat offered, and the table's clock looks at what is due: the next
    /// hand's commitment at once, its deal once the players' values had their moment.
    async fn sit(&self, g: usize) {
        self.ask(g, json!({ "type": "accept", "buy_in": 100 }))
            .await;
        let cash = self.api.app.hub().cash();
        cash.drive().await.expect("driven");
        self.api.app.hub().clock().advance(server::deck::VALUES_MS);
        cash.drive().await.expect("driven");
    }

    /// Whichever of `guests` is to act folds: heads-up, the hand is over.
    async fn fold(&self, guests: [usize; 2]) {
        let first = self.me(guests[0]).await;
        let (g, me) = if first["table"]["hand"]["legal"].is_null() {
            (guests[1], self.me(guests[1]).await)
        } else {
            (guests[0], first)
        };
        let hand = me["table"]["hand"]["number"].clone();
        self.ask(
            g,
            json!({ "type": "act", "hand": hand, "action": { "type": "fold" } }),
        )
        .await;
    }

    async fn decks(&self, secret: Option<&str>) -> common::Reply {
        self.api.get("/api/ring/tables/0/decks", secret).await
    }
}

/// Every string of 64 hex digits in the log's records.
fn hex_in_log(path: &std::path::Path) -> Vec<String> {
    let store = store::Store::open(path, false).expect("the log read again");
    let mut found = Vec::new();
    for record in store.records().expect("records") {
        let body: Value = serde_json::from_str(&record.body).expect("a record");
        collect_hex(&body, &mut found);
    }
    found
}

fn collect_hex(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) if parse_hex(s).is_some() => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| collect_hex(v, out)),
        Value::Object(map) => map.values().for_each(|v| collect_hex(v, out)),
        _ => {}
    }
}

fn log_file(name: &str) -> std::path::PathBuf {
    let file = std::env::temp_dir().join(format!("decks-{name}-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&file);
    file
}

/// A guest's hole cards in their view.
fn hole(me: &Value) -> Vec<String> {
    let seat = me["seat"]["seat"].as_u64().unwrap() as usize;
    me["table"]["seats"][seat - 1]["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            c.as_str()
                .expect("the guest sees their own cards")
                .to_string()
        })
        .collect()
}

// Issue 37 item 3: the commitment before the deal, the values taken and left out, and a proof
// that checks by the procedure, card by card.
#[tokio::test]
async fn a_hand_dealt_under_a_commitment_proves_its_deck() {
    let file = log_file("proof");
    let room = Room::new(Api::open_at(&file)).await;
    room.sit(0).await;
    // One player: no deal yet, but the first hand's seed is committed to.
    let me = room.me(0).await;
    assert!(me["table"]["hand"].is_null(), "{me}");
    let committed = me["table"]["commitment"].clone();
    assert_eq!(committed["hand"], 1, "{me}");
    let c = committed["commitment"].as_str().unwrap().to_string();
    assert!(parse_hex(&c).is_some(), "{c}");
    let anna_seat = me["seat"]["seat"].as_u64().unwrap() as u8;
    let anna = hex(&[0xa1; 32]);
    let me = room
        .ask(0, json!({ "type": "deck_value", "hand": 1, "value": anna }))
        .await;
    assert_eq!(
        me["table"]["commitment"]["values_from"],
        json!([anna_seat]),
        "{me}"
    );
    // A second value and a malformed one are taken as said, and left out.
    room.ask(
        0,
        json!({ "type": "deck_value", "hand": 1, "value": hex(&[0xb2; 32]) }),
    )
    .await;
    room.ask(
        0,
        json!({ "type": "deck_value", "hand": 1, "value": "xyz" }),
    )
    .await;
    // Sent again, a reason noted is refused, not noted twice: a client cannot grow the hand.
    let again = json!({ "type": "deck_value", "hand": 1, "value": "xyz" });
    let reply = room
        .api
        .post("/api/ring/me", Some(&room.tokens[0]), &again)
        .await;
    assert_eq!(reply.status, 409, "{}", reply.body);
    assert_eq!(reply.body["code"], "value_noted");
    // One far too long is not read at all.
    let long = json!({ "type": "deck_value", "hand": 1, "value": "a".repeat(500) });
    let reply = room
        .api
        .post("/api/ring/me", Some(&room.tokens[0]), &long)
        .await;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert_eq!(reply.body["code"], "bad_value");
    // The second player sits: the hand is dealt. Ben's value now comes late.
    room.sit(1).await;
    let me = room.me(1).await;
    assert_eq!(me["table"]["hand"]["number"], 1, "{me}");
    assert_eq!(me["table"]["hand"]["commitment"], c.as_str());
    let ben_seat = me["seat"]["seat"].as_u64().unwrap() as u8;
    room.ask(
        1,
        json!({ "type": "deck_value", "hand": 1, "value": hex(&[0xc3; 32]) }),
    )
    .await;
    let anna_hole = hole(&room.me(0).await);
    // No proof while the hand is in play.
    let reply = room.decks(Some(&room.tokens[0])).await;
    assert_eq!(reply.body["hands"], json!([]), "{}", reply.body);
    // The player to act folds: the hand is over.
    room.fold([0, 1]).await;
    let me = room.me(0).await;
    let proof = me["table"]["hand"]["proof"].clone();
    assert_eq!(proof["hand"], 1, "{me}");
    // The seed is the one committed to before the deal.
    let seed = Seed(parse_hex(proof["seed"].as_str().unwrap()).unwrap());
    assert_eq!(commitment(&seed), c);
    assert_eq!(proof["commitment"], c.as_str());
    assert_eq!(
        proof["values"],
        json!([{ "seat": anna_seat, "value": anna }])
    );
    assert_eq!(
        proof["left_out"],
        json!([
            { "seat": anna_seat, "why": "twice" },
            { "seat": anna_seat, "why": "malformed" },
            { "seat": ben_seat, "why": "late" },
        ])
    );
    // The deck is the procedure's: SHA-256 of the seed and Anna's value, shuffled.
    let derived = deck_seed(&seed, &[Added([0xa1; 32])]);
    assert_eq!(proof["deck_seed"], hex(&derived.0).as_str());
    let deck = Deck::shuffled(derived);
    let dealt = proof["dealt"].as_array().unwrap();
    assert!(dealt.len() >= 4, "{proof}");
    for (place, d) in dealt.iter().enumerate() {
        assert_eq!(d["at"], place, "every card from the top: {proof}");
        assert_eq!(
            d["card"].as_str().unwrap(),
            deck.remaining()[place].to_string()
        );
    }
    let annas: Vec<&str> = dealt
        .iter()
        .filter(|d| d["to"] == "seat" && d["seat"] == anna_seat)
        .map(|d| d["card"].as_str().unwrap())
        .collect();
    assert_eq!(annas, anna_hole, "{proof}");
    // The public table shows the hand over, not its proof: the seed gives mucked cards too.
    let public = room
        .api
        .ok(Method::GET, "/api/ring/tables/0", None, None)
        .await;
    assert_eq!(public["hand"]["street"], "over", "{public}");
    assert!(public["hand"]["proof"].is_null(), "{public}");
    // The file: the TD gets it, a guest dealt in gets it, a guest not dealt in gets none of
    // it, the public none.
    let file_td = room.decks(Some(&room.api.td)).await;
    assert_eq!(file_td.body["hands"], json!([proof]));
    assert_eq!(room.decks(Some(&room.tokens[1])).await.body, file_td.body);
    assert_eq!(
        room.decks(Some(&room.tokens[2])).await.body["hands"],
        json!([])
    );
    assert_eq!(room.decks(None).await.status, 401);
    let _ = std::fs::remove_file(&file);
}

// Issue 37 item 4: the log holds the seed sealed. Every 64-hex string in it, taken as a deck's
// seed as the log of before gave it, gives other hole cards than a guest holds; a log opened
// again with its key deals the hand in play the same, with another key it does not open.
#[tokio::test]
async fn the_log_does_not_give_the_cards_away_and_replays_only_with_its_key() {
    let file = log_file("sealed");
    let room = Room::new(Api::open_at(&file)).await;
    room.sit(0).await;
    room.sit(1).await;
    let anna = room.me(0).await;
    let held = hole(&anna);
    assert_eq!(held.len(), 2, "{anna}");
    let found = hex_in_log(&file);
    assert!(
        !found.is_empty(),
        "the sealed seed and its commitment are in the log"
    );
    for text in &found {
        let seed = Seed(parse_hex(text).unwrap());
        for deck in [Deck::shuffled(seed), Deck::shuffled(deck_seed(&seed, &[]))] {
            let top: Vec<String> = deck.remaining()[..4]
                .iter()
                .map(|c| c.to_string())
                .collect();
            assert!(
                !held.iter().all(|c| top.contains(c)),
                "{text} in the log gives Anna's {held:?}"
            );
        }
    }
    let tokens = room.tokens.clone();
    drop(room);
    // The same key: the hand in play replays exactly (a guest's token opens it again).
    let again = Room {
        api: Api::open_at(&file),
        tokens,
    };
    let replayed = again.me(0).await;
    assert_eq!(replayed["table"]["hand"]["number"], 1, "{replayed}");
    assert_eq!(hole(&replayed), held);
    drop(again);
    let error =
        common::open_with_another_seal_key(&file).expect("another key does not open the log");
    assert!(error.contains("seal key"), "{error}");
    let _ = std::fs::remove_file(&file);
}

// Issue 37 item 3: a value counts only while its player holds the seat. A guest who gave one
// and stood up before the deal has it left out (`left`), the table no longer shows it in, and
// the deck is shuffled from the seed and the values of the players still seated.
#[tokio::test]
async fn a_value_whose_player_left_the_seat_is_left_out() {
    let room = Room::new(Api::open()).await;
    room.sit(0).await;
    let me = room.me(0).await;
    let anna_seat = me["seat"]["seat"].as_u64().unwrap() as u8;
    let me = room
        .ask(
            0,
            json!({ "type": "deck_value", "hand": 1, "value": hex(&[0xa1; 32]) }),
        )
        .await;
    assert_eq!(me["table"]["commitment"]["values_from"], json!([anna_seat]));
    room.ask(0, json!({ "type": "cash_out" })).await;
    room.sit(1).await;
    let me = room.me(1).await;
    assert!(me["table"]["hand"].is_null(), "one player: {me}");
    assert_eq!(
        me["table"]["commitment"]["values_from"],
        json!([]),
        "Anna's value is no longer in: {me}"
    );
    let ben_seat = me["seat"]["seat"].as_u64().unwrap() as u8;
    room.ask(
        1,
        json!({ "type": "deck_value", "hand": 1, "value": hex(&[0xb2; 32]) }),
    )
    .await;
    room.sit(2).await;
    let me = room.me(1).await;
    assert_eq!(me["table"]["hand"]["number"], 1, "two players: {me}");
    // The player to act folds: the hand is over and its proof shown.
    room.fold([1, 2]).await;
    let proof = room.me(1).await["table"]["hand"]["proof"].clone();
    assert_eq!(
        proof["values"],
        json!([{ "seat": ben_seat, "value": hex(&[0xb2; 32]) }]),
        "{proof}"
    );
    assert_eq!(
        proof["left_out"],
        json!([{ "seat": anna_seat, "why": "left" }]),
        "{proof}"
    );
    let seed = Seed(parse_hex(proof["seed"].as_str().unwrap()).unwrap());
    let derived = deck_seed(&seed, &[Added([0xb2; 32])]);
    assert_eq!(proof["deck_seed"], hex(&derived.0).as_str());
}

// Issue 37 item 3: a cash table's hand is dealt no sooner than a moment after its commitment,
// so that the players who sit down as it is made can still add their values.
#[tokio::test]
async fn a_hand_waits_a_moment_after_its_commitment_for_the_values() {
    let room = Room::new(Api::open()).await;
    let cash = room.api.app.hub().cash();
    for g in 0..2 {
        room.ask(g, json!({ "type": "accept", "buy_in": 100 }))
            .await;
    }
    cash.drive().await.expect("driven");
    let me = room.me(1).await;
    assert!(me["table"]["hand"].is_null(), "not dealt yet: {me}");
    assert_eq!(me["table"]["commitment"]["hand"], 1, "{me}");
    let ben_seat = me["seat"]["seat"].as_u64().unwrap() as u8;
    room.ask(
        1,
        json!({ "type": "deck_value", "hand": 1, "value": hex(&[0xbe; 32]) }),
    )
    .await;
    room.api
        .app
        .hub()
        .clock()
        .advance(server::deck::VALUES_MS / 2);
    cash.drive().await.expect("driven");
    assert!(room.me(1).await["table"]["hand"].is_null(), "still not");
    room.api
        .app
        .hub()
        .clock()
        .advance(server::deck::VALUES_MS / 2);
    cash.drive().await.expect("driven");
    let me = room.me(1).await;
    assert_eq!(me["table"]["hand"]["number"], 1, "dealt: {me}");
    assert_eq!(
        me["table"]["commitment"],
        Value::Null,
        "the commitment is the hand's now: {me}"
    );
    // The hand is played out: Ben's value went into its deck.
    room.fold([0, 1]).await;
    let proof = room.me(1).await["table"]["hand"]["proof"].clone();
    assert_eq!(
        proof["values"],
        json!([{ "seat": ben_seat, "value": hex(&[0xbe; 32]) }]),
        "{proof}"
    );
}

/// Issue 37 item 3: "each seated player's client may add its own random value before the
/// deal". A table's first hand is committed to when its first guest sits; the second, who comes
/// a minute later, still has the moment for a value before the deal.
#[tokio::test]
async fn a_player_who_sits_after_the_commitment_has_the_moment_too() {
    let room = Room::new(Api::open()).await;
    let cash = room.api.app.hub().cash();
    let clock = room.api.app.hub().clock();
    room.sit(0).await;
    assert_eq!(room.me(0).await["table"]["commitment"]["hand"], 1);
    clock.advance(60_000);
    cash.drive().await.expect("driven");
    room.ask(1, json!({ "type": "accept", "buy_in": 100 }))
        .await;
    cash.drive().await.expect("driven");
    let me = room.me(1).await;
    assert!(me["table"]["hand"].is_null(), "not dealt at once: {me}");
    let ben_seat = me["seat"]["seat"].as_u64().unwrap() as u8;
    room.ask(
        1,
        json!({ "type": "deck_value", "hand": 1, "value": hex(&[0x5b; 32]) }),
    )
    .await;
    clock.advance(server::deck::VALUES_MS);
    cash.drive().await.expect("driven");
    assert_eq!(room.me(1).await["table"]["hand"]["number"], 1, "dealt");
    room.fold([0, 1]).await;
    let proof = room.me(1).await["table"]["hand"]["proof"].clone();
    assert_eq!(
        proof["values"],
        json!([{ "seat": ben_seat, "value": hex(&[0x5b; 32]) }]),
        "{proof}"
    );
    // Once the hand is over, a value for it is refused, not noted: its proof is shown.
    let late = json!({ "type": "deck_value", "hand": 1, "value": hex(&[0x5c; 32]) });
    let reply = room
        .api
        .post("/api/ring/me", Some(&room.tokens[0]), &late)
        .await;
    assert_eq!(reply.status, 409, "{}", reply.body);
    assert_eq!(reply.body["code"], "hand_over");
}
