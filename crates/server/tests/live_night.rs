//! Issue 17 item 8: a 60-player live night through the HTTP API, under the TDA and the HC
//! profile: registration at the desk, the seat draw, busts called from the console and from two
//! bound tablets, the balancing and breaking instructions confirmed, a bust undone,
//! hand-for-hand with busts in one round, the final table, prizes and bounties paid; the chips
//! in play are at the tables after every step, and every point paid in is paid out (HC-1.2).
//! Issue 32 items 1 to 3: a tablet at every table confirms every instruction that names it,
//! a broken table's too, and the final table (at a table in play) keeps its tablet; every
//! busted player has a place from the bust on (a hand-for-hand round's once every table has
//! played the hand, TDA-RP-8); every move the director ordered is on the move slips.

mod common;

use axum::http::{Method, StatusCode};
use common::Api;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

const PLAYERS: usize = 60;
/// Prize and bounty per entry; HC-1.6 caps a multi-table buy-in at 100 points, HC-1.2 the
/// bounty at half of it.
fn buy_in(profile: &str) -> (u64, u64, u64) {
    if profile == "hc" {
        (70, 10, 20)
    } else {
        (2_000, 200, 500)
    }
}

/// A live event of the profile, fixed bounties (HC-1.2), no late entries: hand-for-hand comes
/// at the bubble (TDA-RP-8).
fn night(profile: &str, table_size: u8) -> String {
    let (prize, fee, bounty) = buy_in(profile);
    format!(
        r#"name = "Friday night"
tables = "live"
profile = "{profile}"
table_size = {table_size}
starting_stack = 10000
chips = [25, 100, 500, 1000]

[buy_in]
prize = {prize}
fee = {fee}
bounty = {bounty}

[bounties]
kind = "fixed"

[registration]
max_entrants = 100

[[levels]]
small_blind = 50
big_blind = 100
minutes = 30

[[levels]]
small_blind = 100
big_blind = 200
minutes = 30

[payouts]
unit = 100

[[payouts.table]]
entrants = [2, 29]
percent = [65, 35]

[[payouts.table]]
entrants = [30, 100]
percent = [25, 16, 12, 9, 8, 7, 6, 5, 4, 3, 3, 2]
"#
    )
}

struct Night<'a> {
    api: &'a Api,
    /// The tablets' tokens, by table (from 1).
    tablets: BTreeMap<u64, String>,
    in_play: u64,
    /// Instruction kinds seen, and whether hand-for-hand was.
    seen: BTreeSet<String>,
    /// The move instructions given, by id.
    moves: BTreeSet<u64>,
    /// Instructions confirmed, every one from a tablet.
    confirmed: usize,
}

impl Night<'_> {
    async fn summary(&self) -> Value {
        self.api.ok(Method::GET, "/api/events/0", None, None).await
    }

    async fn tables(&self) -> Vec<Value> {
        let s = self
            .api
            .ok(Method::GET, "/api/events/0/seating", None, None)
            .await;
        s["tables"].as_array().unwrap().clone()
    }

    /// A report from the table's tablet when it has one, else from the TD's console.
    async fn report(&self, table: u64, body: Value) -> (StatusCode, Value) {
        let (uri, secret, body) = match self.tablets.get(&table) {
            Some(token) => (
                format!("/api/events/0/tables/{table}/report"),
                token.as_str(),
                body,
            ),
            None => {
                let mut body = body;
                body["table"] = json!(table);
                ("/api/events/0/td".to_string(), self.api.td.as_str(), body)
            }
        };
        let reply = self.api.post(&uri, Some(secret), &body).await;
        (reply.status, reply.body)
    }

    /// Binds a tablet to `table` from the console.
    async fn bind(&mut self, table: u64) {
        let bound = self
            .api
            .ok(
                Method::POST,
                &format!("/api/events/0/tables/{table}/tablet"),
                Some(&self.api.td),
                None,
            )
            .await;
        let token = bound["token"].as_str().unwrap().to_string();
        self.tablets.insert(table, token);
    }

    /// Every instruction done by the tablet of a table it names (issue 32 item 1): a broken
    /// table's tablet confirms its players' moves; a table opened for new players gets its
    /// tablet as its instruction says.
    async fn confirm_all(&mut self) {
        let s = self.summary().await;
        for i in s["instructions"].as_array().unwrap() {
            self.seen.insert(i["kind"].as_str().unwrap().to_string());
            if i["kind"] == json!("move") {
                self.moves.insert(i["id"].as_u64().unwrap());
            }
            let tables: Vec<u64> = i["tables"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(Value::as_u64)
                .collect();
            if i["kind"] == json!("open_table") {
                self.bind(tables[0]).await;
            }
            let body = json!({ "type": "confirm", "instruction": i["id"] });
            let table = *tables
                .iter()
                .find(|t| self.tablets.contains_key(t))
                .unwrap_or_else(|| panic!("no tablet of a table {i} names"));
            let reply = self.report(table, body).await;
            assert_eq!(reply.0, StatusCode::OK, "{}", reply.1);
            self.confirmed += 1;
        }
        if s["clock"]["hand_for_hand"] == json!(true) {
            self.seen.insert("hand_for_hand".into());
        }
    }

    async fn check_chips(&self) {
        let chips: u64 = self
            .tables()
            .await
            .iter()
            .flat_map(|t| t["seats"].as_array().unwrap().clone())
            .filter_map(|s| s["chips"].as_u64())
            .sum();
        assert_eq!(chips, self.in_play, "the chips in play are at the tables");
    }

    /// Every player out has a place at once, below the players left, each place once; only a
    /// hand-for-hand round's busts wait for the round (TDA-RP-8).
    async fn check_places(&self) {
        let summary = self.summary().await;
        let left = summary["players_left"].as_u64().unwrap();
        let h4h = summary["clock"]["hand_for_hand"] == json!(true);
        let standings = self
            .api
            .ok(Method::GET, "/api/events/0/standings", None, None)
            .await;
        let mut places = BTreeSet::new();
        for r in standings["rows"].as_array().unwrap() {
            if r["status"] != json!("busted") {
                continue;
            }
            match r["place"].as_u64() {
                Some(place) => {
                    assert!(place > left, "{r} placed above the {left} left");
                    assert!(places.insert(place), "place {place} twice");
                }
                None => assert!(h4h, "{r}: out and not placed outside hand-for-hand"),
            }
        }
    }
}

fn seated(table: &Value) -> Vec<u64> {
    table["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["player"].as_u64())
        .collect()
}

async fn run_night(profile: &str, table_size: u8) {
    let api = Api::open();
    let td = Some(api.td.as_str());
    api.ok(
        Method::POST,
        "/api/events",
        td,
        Some(&json!({ "toml": night(profile, table_size), "seed": 60 })),
    )
    .await;
    // The desk registers everyone; the draw seats them at the start.
    for i in 0..PLAYERS {
        let body = json!({ "name": format!("Guest {}", i + 1) });
        api.ok(Method::POST, "/api/events/0/register", td, Some(&body))
            .await;
    }
    // The draw before the start (issue 32 item 4): seat cards print from the seating, drawn
    // again until the start, which keeps the last draw.
    for _ in 0..2 {
        let body = json!({ "type": "draw_seats" });
        api.ok(Method::POST, "/api/events/0/td", td, Some(&body))
            .await;
    }
    let drawn = api
        .ok(Method::GET, "/api/events/0/seating", None, None)
        .await;
    let at_tables: usize = drawn["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| seated(t).len())
        .sum();
    assert_eq!(
        at_tables, PLAYERS,
        "everyone has a seat card before the start"
    );
    api.start(0).await;
    let kept = api
        .ok(Method::GET, "/api/events/0/seating", None, None)
        .await;
    let players = |s: &Value| -> Vec<Vec<u64>> {
        s["tables"].as_array().unwrap().iter().map(seated).collect()
    };
    assert_eq!(players(&kept), players(&drawn), "the start keeps the draw");
    api.drive().await;
    let mut night = Night {
        api: &api,
        tablets: BTreeMap::new(),
        in_play: 0,
        seen: BTreeSet::new(),
        moves: BTreeSet::new(),
        confirmed: 0,
    };
    night.in_play = night.summary().await["chips_in_play"].as_u64().unwrap();
    assert_eq!(night.in_play, PLAYERS as u64 * 10_000);
    let tables = night.tables().await;
    assert_eq!(tables.len(), PLAYERS.div_ceil(usize::from(table_size)));
    // A tablet at every table, as a club runs the night.
    for table in &tables {
        night.bind(table["table"].as_u64().unwrap()).await;
    }
    let mut turn = 0u64;
    let mut undone = false;
    for _ in 0..5_000 {
        if night.summary().await["finished"] == json!(true) {
            break;
        }
        night.confirm_all().await;
        // A broken table's tablet, its moves confirmed, shows the table closed: it has no
        // hands to report (409), and is never turned away as unknown (401).
        let standing: BTreeSet<u64> = night
            .tables()
            .await
            .iter()
            .filter_map(|t| t["table"].as_u64())
            .collect();
        for (table, token) in &night.tablets {
            if !standing.contains(table) {
                let uri = format!("/api/events/0/tables/{table}/report");
                let body = json!({ "type": "hand_over" });
                let reply = api.post(&uri, Some(token), &body).await;
                assert_eq!(reply.status, StatusCode::CONFLICT, "{}", reply.body);
                assert_eq!(reply.body["code"], json!("broken"), "{}", reply.body);
                night.seen.insert("tablet closed".into());
            }
        }
        night.tablets.retain(|t, _| standing.contains(t));
        night.confirm_all().await;
        api.drive().await;
        night.check_chips().await;
        let tables = night.tables().await;
        let in_hand: Vec<&Value> = tables
            .iter()
            .filter(|t| t["in_hand"] == json!(true))
            .collect();
        if in_hand.is_empty() {
            continue;
        }
        turn += 1;
        let table = in_hand[(turn as usize) % in_hand.len()];
        let number = table["table"].as_u64().unwrap();
        let players = seated(table);
        let h4h = night.summary().await["clock"]["hand_for_hand"] == json!(true);
        // Busts: every hand-for-hand hand busts one (several in one round), else every third
        // hand one, now and then two in the same hand (HC-1.3).
        let outs = if h4h || turn.is_multiple_of(3) {
            1 + usize::from(turn.is_multiple_of(7))
        } else {
            0
        };
        let mut reported = None;
        'tries: for start in 0..players.len() {
            if outs == 0 {
                break;
            }
            let pick: Vec<u64> = (0..outs)
                .map(|k| players[(start + k) % players.len()])
                .collect();
            let winner = players[(start + outs) % players.len()];
            if pick.contains(&winner) {
                continue;
            }
            let busts: Vec<Value> = pick
                .iter()
                .map(|p| json!({ "player": p, "by": [winner] }))
                .collect();
            let (status, body) = night
                .report(number, json!({ "type": "hand_over", "busts": busts }))
                .await;
            match status {
                StatusCode::OK => {
                    reported = Some(pick);
                    break 'tries;
                }
                // A player who sat the hand out (new at the table) cannot have busted in it.
                _ => assert_eq!(body["code"], json!("bad_report"), "{body}"),
            }
        }
        match reported {
            Some(pick) if !undone => {
                // The first bust was a mistake: the TD takes it back at once.
                let before = night.summary().await["players_left"].as_u64().unwrap();
                let body = json!({ "type": "undo_bust", "player": pick[0] });
                api.ok(Method::POST, "/api/events/0/td", td, Some(&body))
                    .await;
                let after = night.summary().await["players_left"].as_u64().unwrap();
                assert_eq!(after, before + 1);
                undone = true;
            }
            Some(_) => {}
            None => {
                let (status, body) = night.report(number, json!({ "type": "hand_over" })).await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
        }
        night.check_chips().await;
        night.check_places().await;
    }
    let summary = night.summary().await;
    assert_eq!(summary["finished"], json!(true), "{profile}: {summary}");
    assert!(undone);
    for kind in ["move", "final_table", "hand_for_hand"] {
        assert!(
            night.seen.contains(kind),
            "{profile}: no {kind} in {:?}",
            night.seen
        );
    }
    if profile == "tda" {
        assert!(night.seen.contains("break"), "TDA-10: {:?}", night.seen);
    }
    assert!(
        night.seen.contains("tablet closed"),
        "{profile}: {:?}",
        night.seen
    );
    assert!(
        night.confirmed > night.moves.len(),
        "{profile}: {}",
        night.confirmed
    );
    // Every move ordered is a line of the slips, with where from and why.
    let moves = api.ok(Method::GET, "/api/events/0/moves", None, None).await;
    let moves = moves.as_array().unwrap();
    let seat_changes = moves.iter().filter(|m| !m["from_table"].is_null()).count();
    assert_eq!(seat_changes, night.moves.len(), "{profile}: {moves:?}");
    for reason in ["balancing", "final_table"] {
        assert!(
            moves.iter().any(|m| m["reason"] == json!(reason)),
            "{profile}: no {reason} move"
        );
    }
    if profile == "tda" {
        assert!(
            moves.iter().any(|m| m["reason"] == json!("table_broken")),
            "TDA-10"
        );
    }
    let at_one = api
        .ok(Method::GET, "/api/events/0/moves?table=1", None, None)
        .await;
    assert!(
        at_one
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["to_table"] == json!(1) || m["from_table"] == json!(1))
    );
    // A table the event never had is not found, rather than a table without moves.
    api.refused(
        Method::GET,
        "/api/events/0/moves?table=99",
        None,
        None,
        404,
        "not_found",
    )
    .await;
    let standings = api
        .ok(Method::GET, "/api/events/0/standings", None, None)
        .await;
    let rows = standings["rows"].as_array().unwrap();
    let mut places: Vec<u64> = rows.iter().filter_map(|r| r["place"].as_u64()).collect();
    places.sort();
    assert_eq!(
        places,
        (1..=PLAYERS as u64).collect::<Vec<_>>(),
        "{profile}"
    );
    let prizes: u64 = rows.iter().filter_map(|r| r["prize"].as_u64()).sum();
    let bounties: u64 = rows.iter().filter_map(|r| r["bounties"].as_u64()).sum();
    assert_eq!(prizes, summary["prize_pool"].as_u64().unwrap(), "{profile}");
    let (prize, _, bounty) = buy_in(profile);
    assert_eq!(
        prizes + bounties,
        PLAYERS as u64 * (prize + bounty),
        "{profile}: HC-1.2"
    );
    let knockouts: u64 = rows.iter().filter_map(|r| r["knockouts"].as_u64()).sum();
    assert_eq!(
        knockouts,
        PLAYERS as u64 - 1,
        "{profile}: one knockout per bust"
    );
}

#[tokio::test]
async fn a_sixty_player_live_night_under_tda() {
    run_night("tda", 9).await;
}

#[tokio::test]
async fn a_sixty_player_live_night_under_hc() {
    run_night("hc", 10).await;
}
