//! Issue 36 item 2: the time to act at an online cash table is the game's profile's. After a
//! reasonable time the table calls time on the player (TDA-29); time called lasts the profile's
//! seconds (TDA-29: 30 s, HC-1.13.7: one minute, DG-14a: 30 s) and ends as the profile says:
//! checked when free or dead (TDA-29, HC-1.13.7), or dead (DG-14a, WWPLA-11). A player whose
//! time ran out is sat out: no cards while away (HC-1.9's ring-game deviation, JPR-3.0).
//! And what a hand's step tells the cash room's pages (issue 35 item 2).

mod common;

use axum::http::Method;
use common::Api;
use serde_json::{Value, json};

const SEC: u64 = 1_000;

struct Room {
    api: Api,
    tokens: Vec<String>,
}

impl Room {
    /// A heads-up online table of a game under `profile`, its hand dealt.
    async fn heads_up(profile: &str) -> Room {
        let api = Api::open();
        let game = json!({ "type": "add_game", "name": "NLHE 1/2", "variant": "NT",
            "small_blind": 1, "big_blind": 2, "seats": 6, "min_buy_in": 40, "max_buy_in": 200,
            "profile": profile });
        api.ok(Method::POST, "/api/ring", Some(&api.td), Some(&game))
            .await;
        let mut tokens = Vec::new();
        for name in ["Anna", "Ben"] {
            let reply = api
                .post("/api/ring/guests", None, &json!({ "name": name }))
                .await;
            assert_eq!(reply.status, 200, "{}", reply.body);
            tokens.push(reply.body["token"].as_str().unwrap().to_string());
        }
        let room = Room { api, tokens };
        for g in 0..2 {
            room.ask(g, json!({ "type": "join", "game": 0 })).await;
        }
        let open = json!({ "type": "open_table", "game": 0, "mode": "online",
            "opened_by": "Anna", "conditions": "" });
        room.api
            .ok(Method::POST, "/api/ring", Some(&room.api.td), Some(&open))
            .await;
        for g in 0..2 {
            room.ask(g, json!({ "type": "accept", "buy_in": 100 }))
                .await;
        }
        // The first hand's seed is committed to, and the hand dealt once the players' values
        // had their moment (issue 37).
        room.step(0).await;
        room.step(server::deck::VALUES_MS).await;
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

    async fn step(&self, ms: u64) {
        self.api.app.hub().clock().advance(ms);
        self.api.app.hub().cash().drive().await.expect("driven");
    }

    /// The guest whose turn it is, and their view.
    async fn to_act(&self) -> (usize, Value) {
        for g in 0..2 {
            let me = self.me(g).await;
            if !me["table"]["hand"]["legal"].is_null() {
                return (g, me);
            }
        }
        panic!("nobody is to act: {}", self.me(0).await);
    }
}

/// Heads-up the button posts the small blind and acts first; it calls, and the big blind has
/// the option to check: then nobody acts until the time called runs out.
async fn big_blind_lets_time_run_out(profile: &str) -> (Room, usize, Value) {
    let room = Room::heads_up(profile).await;
    let (first, me) = room.to_act().await;
    let hand = me["table"]["hand"]["number"].clone();
    room.ask(
        first,
        json!({ "type": "act", "hand": hand, "action": { "type": "call" } }),
    )
    .await;
    let (bb, me) = room.to_act().await;
    assert_eq!(me["table"]["hand"]["legal"]["check"], true, "{me}");
    assert_eq!(me["table"]["hand"]["clock_called"], false);
    (room, bb, me)
}

#[tokio::test]
async fn hc_1_13_7_time_called_lasts_a_minute_then_the_free_hand_is_checked() {
    let (room, bb, me) = big_blind_lets_time_run_out("hc").await;
    let hand = &me["table"]["hand"];
    assert_eq!(hand["clock_seconds"], 60, "{hand}");
    assert_eq!(hand["clock_rule"], "HC-1.13.7");
    assert_eq!(hand["clock_expiry"], "check_or_dead");
    // The reasonable time gone, time is called: a minute from now.
    room.step(30 * SEC).await;
    let me = room.me(bb).await;
    let hand = &me["table"]["hand"];
    assert_eq!(hand["clock_called"], true, "{hand}");
    let deadline = hand["act_deadline_ms"].as_u64().unwrap();
    let left = deadline - me["now_ms"].as_u64().unwrap();
    assert!((59 * SEC..=60 * SEC).contains(&left), "{left} ms left");
    // Still their turn 59 s on.
    room.step(59 * SEC).await;
    assert!(!room.me(bb).await["table"]["hand"]["legal"].is_null());
    // Then the free hand is checked: the flop comes, the player is sat out.
    room.step(SEC).await;
    let me = room.me(bb).await;
    assert_eq!(me["table"]["hand"]["street"], "flop", "{me}");
    assert_eq!(me["seat"]["away"], true, "{me}");
}

#[tokio::test]
async fn dg_14a_time_called_lasts_30_s_then_the_hand_is_dead_even_when_free() {
    let (room, bb, me) = big_blind_lets_time_run_out("dg").await;
    let hand = &me["table"]["hand"];
    assert_eq!(hand["clock_seconds"], 30, "{hand}");
    assert_eq!(hand["clock_rule"], "DG-14a");
    assert_eq!(hand["clock_expiry"], "dead");
    room.step(30 * SEC).await;
    assert_eq!(room.me(bb).await["table"]["hand"]["clock_called"], true);
    room.step(30 * SEC).await;
    let me = room.me(bb).await;
    let hand = &me["table"]["hand"];
    assert_eq!(hand["street"], "over", "the big blind's hand is dead: {me}");
    let won = &hand["won"];
    assert_eq!(won.as_array().map(Vec::len), Some(1), "{hand}");
    assert_ne!(won[0]["guest"], bb as u64, "{hand}");
    assert_eq!(won[0]["amount"], 4, "both blinds to the caller: {hand}");
    assert_eq!(me["seat"]["away"], true, "{me}");
}

#[tokio::test]
async fn tda_29_time_called_is_30_s_and_the_table_shows_its_pots_and_profile() {
    let (room, bb, me) = big_blind_lets_time_run_out("tda").await;
    let table = &me["table"];
    assert_eq!(table["profile"], "tda");
    assert_eq!(table["hand"]["clock_seconds"], 30);
    assert_eq!(table["hand"]["clock_rule"], "TDA-29");
    let pots = &table["hand"]["pots"];
    assert_eq!(pots[0]["amount"], 4, "{table}");
    assert_eq!(pots[0]["eligible"].as_array().map(Vec::len), Some(2));
    room.step(30 * SEC).await;
    room.step(30 * SEC).await;
    let me = room.me(bb).await;
    assert_eq!(me["table"]["hand"]["street"], "flop", "checked: {me}");
}

/// A guest who sits out in the middle of a hand is not waited for: their turns are checked
/// when free, else folded, at once (no cards while away: HC-1.9, JPR-3.0).
#[tokio::test]
async fn hc_1_9_a_guest_sat_out_during_the_hand_is_not_waited_for() {
    let (room, bb, _) = big_blind_lets_time_run_out("hc").await;
    room.ask(bb, json!({ "type": "away" })).await;
    // The table's timer comes round once per turn.
    room.step(0).await;
    room.step(0).await;
    let me = room.me(bb).await;
    let hand = &me["table"]["hand"];
    // Checked before the flop and on the flop (the big blind acts first after it heads-up).
    assert_ne!(hand["street"], "preflop", "{hand}");
    let (to_act, _) = room.to_act().await;
    assert_ne!(to_act, bb, "{hand}");
    assert_eq!(hand["clock_called"], false);
}

/// Issue 35 item 2, lean pushes for the cash room: a hand's step at an online table is told
/// with that table alone (`tables`), so that a guest elsewhere need not read again; any other
/// change says nothing of tables: every page reads again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hands_step_is_told_with_its_table_alone() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let room = Room::heads_up("tda").await;
    let addr = room.api.listen().await;
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/ring/ws"))
        .await
        .expect("a WebSocket");
    let mut next = async || loop {
        if let Message::Text(text) = socket.next().await.expect("open").expect("a frame") {
            break serde_json::from_str::<Value>(&text).expect("JSON");
        }
    };
    let first = next().await;
    assert!(
        first.get("tables").is_none(),
        "the first says everything: {first}"
    );
    let (g, me) = room.to_act().await;
    let hand = me["table"]["hand"]["number"].clone();
    room.ask(
        g,
        json!({ "type": "act", "hand": hand, "action": { "type": "call" } }),
    )
    .await;
    let step = next().await;
    assert_eq!(step["tables"], json!([0]), "{step}");
    room.ask(g, json!({ "type": "away" })).await;
    let other = next().await;
    assert!(other.get("tables").is_none(), "{other}");
    assert_eq!(other["v"], step["v"].as_u64().unwrap() + 1);
}

/// Issue 35 item 2: a guest's page follows its own table (`?table=T`): a hand's step at
/// another table is not even sent to it, every other change is; `none` follows no table's
/// steps; a table that is none of the room's, or no number, is refused before the upgrade.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guests_page_is_told_of_its_own_tables_steps_only() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let room = Room::heads_up("tda").await;
    let open = json!({ "type": "open_table", "game": 0, "mode": "online",
        "opened_by": "Ben", "conditions": "" });
    room.api
        .ok(Method::POST, "/api/ring", Some(&room.api.td), Some(&open))
        .await;
    let addr = room.api.listen().await;
    let follow = async |table: &str| {
        let url = format!("ws://{addr}/api/ring/ws?table={table}");
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("a WebSocket");
        socket
    };
    let next = async |socket: &mut tokio_tungstenite::WebSocketStream<_>| loop {
        if let Message::Text(text) = socket.next().await.expect("open").expect("a frame") {
            break serde_json::from_str::<Value>(&text).expect("JSON");
        }
    };
    let (mut here, mut there, mut unseated) =
        (follow("0").await, follow("1").await, follow("none").await);
    for socket in [&mut here, &mut there, &mut unseated] {
        let first = next(socket).await;
        assert!(first.get("tables").is_none(), "{first}");
    }
    let (g, me) = room.to_act().await;
    let hand = me["table"]["hand"]["number"].clone();
    room.ask(
        g,
        json!({ "type": "act", "hand": hand, "action": { "type": "call" } }),
    )
    .await;
    let step = next(&mut here).await;
    assert_eq!(step["tables"], json!([0]), "{step}");
    room.ask(g, json!({ "type": "away" })).await;
    for socket in [&mut here, &mut there, &mut unseated] {
        let told = next(socket).await;
        assert!(
            told.get("tables").is_none(),
            "the step was not sent: {told}"
        );
        assert_eq!(told["v"], step["v"].as_u64().unwrap() + 1, "{told}");
    }
    for (table, status) in [("9", 404), ("x", 400)] {
        let url = format!("ws://{addr}/api/ring/ws?table={table}");
        match tokio_tungstenite::connect_async(url).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
                assert_eq!(answer.status().as_u16(), status, "table={table}");
            }
            other => panic!("table={table}: {:?}", other.map(|_| ())),
        }
    }
}

/// TDA-53A: a guest who acts out of turn is refused with the rule; an illegal action names the
/// guest as the pages do, not the engine's player (TDA-55: no check facing a bet).
#[tokio::test]
async fn tda_53a_out_of_turn_and_illegal_actions_name_the_rule_and_the_guest() {
    let room = Room::heads_up("tda").await;
    let (first, me) = room.to_act().await;
    let hand = me["table"]["hand"]["number"].clone();
    let other = 1 - first;
    let call = json!({ "type": "act", "hand": hand, "action": { "type": "call" } });
    let reply = room
        .api
        .post("/api/ring/me", Some(&room.tokens[other]), &call)
        .await;
    assert_eq!(reply.status, 409, "{}", reply.body);
    assert_eq!(reply.body["code"], "not_your_turn");
    assert_eq!(reply.body["rule"], "TDA-53A", "{}", reply.body);
    // The button faces the big blind: a check is refused, naming the guest.
    let check = json!({ "type": "act", "hand": hand, "action": { "type": "check" } });
    let reply = room
        .api
        .post("/api/ring/me", Some(&room.tokens[first]), &check)
        .await;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert_eq!(reply.body["rule"], "TDA-55");
    let name = ["Anna", "Ben"][first];
    let message = reply.body["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!("{name} cannot check")),
        "{message}"
    );
    assert_eq!(reply.body["args"]["player"], name, "{}", reply.body);
}
