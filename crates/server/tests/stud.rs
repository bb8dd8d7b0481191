//! Seven card stud through the real router: a stud tournament of three people, the views of
//! up and down cards (TDA-RP-10; a folded hand's up cards turned down, TDA-66), the bring-in
//! of the lowest up card and its completion over the API, refusals naming the rule, the
//! streets third to seventh, and every view fitting the OpenAPI document.

mod common;

use axum::http::Method;
use common::Api;
use common::schema::{document, fits};
use serde_json::{Value, json};

const STUD: &str = include_str!("fixtures/stud.toml");

/// Stud's dealing: two down cards, an up card on each of third to sixth street, the seventh
/// down (TDA-RP-10).
fn dealt_up(i: usize) -> bool {
    (2..=5).contains(&i)
}

/// Three people at a stud table, all present (TDA-30), the first hand dealt.
struct Stud {
    api: Api,
    /// (entry, token) of each person.
    people: Vec<(u32, String)>,
    _connections: Vec<server::outbox::Inbox>,
}

async fn stud_table(seed: u64) -> Stud {
    let api = Api::open();
    let td = api.td.clone();
    let body = json!({ "toml": common::public(STUD), "seed": seed });
    api.ok(Method::POST, "/api/events", Some(&td), Some(&body))
        .await;
    let mut people = Vec::new();
    for name in ["Ann", "Bob", "Cy"] {
        people.push(api.register_self(0, name).await);
    }
    api.start(0).await;
    let mut connections = Vec::new();
    for (_, token) in &people {
        connections.push(api.connect(protocol::EventId(0), token).await);
    }
    let t = Stud {
        api,
        people,
        _connections: connections,
    };
    t.dealt().await
}

impl Stud {
    async fn dealt(self) -> Stud {
        for _ in 0..50 {
            if self.public().await["hand"].is_object() {
                return self;
            }
            self.api.drive().await;
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("no stud hand was dealt");
    }

    async fn public(&self) -> Value {
        let uri = "/api/events/0/tables/1";
        self.api.ok(Method::GET, uri, None, None).await
    }

    async fn me(&self, person: usize) -> Value {
        let token = &self.people[person].1;
        let uri = "/api/events/0/me";
        self.api.ok(Method::GET, uri, Some(token), None).await["table"].clone()
    }

    /// The person to act and their legal actions.
    async fn to_act(&self) -> Option<(usize, Value)> {
        for person in 0..self.people.len() {
            let legal = &self.me(person).await["you"]["legal"];
            if legal.is_object() {
                return Some((person, legal.clone()));
            }
        }
        None
    }

    fn act_body(legal: &Value, action: Value) -> String {
        json!({ "hand": legal["hand"], "action": action }).to_string()
    }

    async fn act(&self, person: usize, legal: &Value, action: Value) {
        let body = Self::act_body(legal, action);
        let token = &self.people[person].1;
        let reply = self
            .api
            .send(Method::POST, "/api/events/0/act", Some(token), Some(&body))
            .await;
        assert_eq!(reply.status, 200, "{body}: {}", reply.body);
    }

    /// An action that must be refused as illegal; the refusal.
    async fn refused(&self, person: usize, legal: &Value, action: Value) -> Value {
        let body = Self::act_body(legal, action);
        let token = &self.people[person].1;
        self.api
            .refused(
                Method::POST,
                "/api/events/0/act",
                Some(token),
                Some(&body),
                422,
                "illegal_action",
            )
            .await
    }
}

fn seats(table: &Value) -> Vec<&Value> {
    table["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .filter(|s| s["in_hand"] == true)
        .collect()
}

fn cards(seat: &Value) -> Vec<Option<&str>> {
    seat["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .map(Value::as_str)
        .collect()
}

fn faces(seat: &Value) -> Vec<bool> {
    let up = seat["up"].as_array().expect("faces");
    up.iter().map(|u| u.as_bool().expect("a face")).collect()
}

/// Where an up card stands for the bring-in: rank, then suit, clubs lowest (TDA-RP-10).
fn low_card_order(card: &str) -> usize {
    let rank = "23456789TJQKA".find(&card[..1]).expect("a rank");
    let suit = "cdhs".find(&card[1..]).expect("a suit");
    rank * 4 + suit
}

#[tokio::test]
async fn opponents_see_up_cards_and_no_down_card_tda_rp_10() {
    let t = stud_table(1).await;
    let public = t.public().await;
    let hand = &public["hand"];
    assert_eq!(hand["game"], "stud");
    assert_eq!(hand["street"], "third");
    assert_eq!(hand["bring_in"], 10);
    assert_eq!(hand["board"], json!([]), "stud has no board");
    let public_seats = seats(&public);
    assert_eq!(public_seats.len(), 3);
    for seat in &public_seats {
        let c = cards(seat);
        assert!(c[0].is_none() && c[1].is_none() && c[2].is_some(), "{seat}");
        assert_eq!(faces(seat), [false, false, true]);
        for marker in ["button", "small_blind", "big_blind"] {
            assert_eq!(seat[marker], false, "stud has no {marker}: {seat}");
        }
    }
    for person in 0..3 {
        let mine = t.me(person).await;
        let my_seat = mine["you"]["seat"].clone();
        for seat in seats(&mine) {
            let public_seat = public_seats
                .iter()
                .find(|s| s["seat"] == seat["seat"])
                .expect("the same seat");
            let c = cards(seat);
            assert_eq!(faces(seat), [false, false, true]);
            assert_eq!(c[2], cards(public_seat)[2], "the same up card for all");
            if seat["seat"] == my_seat {
                assert!(c.iter().all(Option::is_some), "own cards: {seat}");
            } else {
                assert_eq!(&c[..2], [None, None], "a down card leaked: {seat}");
            }
        }
    }
}

#[tokio::test]
async fn the_low_card_brings_in_and_may_not_check_tda_rp_10e() {
    let t = stud_table(2).await;
    let public = t.public().await;
    let low = seats(&public)
        .into_iter()
        .min_by_key(|s| low_card_order(cards(s)[2].expect("an up card")))
        .expect("a low card")["seat"]
        .clone();
    let (person, legal) = t.to_act().await.expect("someone to act");
    assert_eq!(
        t.me(person).await["you"]["seat"],
        low,
        "the lowest up card acts"
    );
    assert_eq!(legal["bring_in"], 10);
    assert_eq!(legal["raise_kind"], "complete");
    assert_eq!(
        (&legal["min_to"], &legal["max_to"]),
        (&json!(20), &json!(20))
    );
    assert_eq!(
        (&legal["fold"], &legal["check"]),
        (&json!(false), &json!(false))
    );
    assert!(legal["call"].is_null(), "{legal}");
    assert!(legal["big_bet_to"].is_null(), "TDA-RP-10F: {legal}");
    insta::assert_json_snapshot!("stud_bring_in_due_legal", legal);
    for action in ["check", "call", "fold"] {
        let error = t.refused(person, &legal, json!({ "type": action })).await;
        assert_eq!(
            error["rule"], "TDA-RP-10E",
            "{action} while the bring-in is due"
        );
        if action == "check" {
            insta::assert_json_snapshot!("stud_check_while_bring_in_due", error);
        }
    }
    t.act(person, &legal, json!({ "type": "bring_in" })).await;

    let public = t.public().await;
    for seat in seats(&public) {
        assert_eq!(seat["bring_in"], seat["seat"] == low, "{seat}");
    }
    let said = public["hand"]["announcements"]
        .as_array()
        .expect("announcements")
        .iter()
        .find(|a| a["kind"] == "brings_in")
        .expect("the bring-in announced")
        .clone();
    assert_eq!((&said["seat"], &said["amount"]), (&low, &json!(10)));

    // The next player calls the bring-in or completes it; nobody brings in twice.
    let (next, legal) = t.to_act().await.expect("the next to act");
    assert_eq!(legal["call"], 10);
    assert!(legal["bring_in"].is_null(), "{legal}");
    assert_eq!(
        (&legal["raise_kind"], &legal["min_to"]),
        (&json!("complete"), &json!(20))
    );
    let error = t.refused(next, &legal, json!({ "type": "bring_in" })).await;
    assert_eq!(error["rule"], "TDA-RP-10");
    t.act(next, &legal, json!({ "type": "bet_or_raise", "to": 20 }))
        .await;
    let public = t.public().await;
    let announcements = public["hand"]["announcements"].as_array().unwrap();
    let completes = announcements.iter().find(|a| a["kind"] == "completes");
    assert_eq!(completes.expect("the completion")["amount"], 20);
    // Completed, the bet is raised by a small bet (fixed limit).
    let (_, legal) = t.to_act().await.expect("the third to act");
    assert_eq!(
        (&legal["raise_kind"], &legal["min_to"]),
        (&json!("raise"), &json!(40))
    );
}

/// The hand played to the showdown by calls and checks, one person folding on fourth street:
/// the streets in order, no down card of another seat in view before the showdown, the folded
/// hand's up cards turned down for all but its owner (TDA-66).
#[tokio::test]
async fn streets_third_to_seventh_and_a_fold_turns_the_up_cards_down_tda_66() {
    let t = stud_table(3).await;
    let doc = document();
    let mut streets: Vec<String> = Vec::new();
    let mut folder: Option<(usize, Value)> = None;
    for _ in 0..100 {
        let public = t.public().await;
        fits(&doc, "TableView", &public);
        for person in 0..3 {
            fits(&doc, "TableView", &t.me(person).await);
        }
        let street = public["hand"]["street"].as_str().unwrap().to_string();
        if streets.last() != Some(&street) {
            streets.push(street.clone());
        }
        if street == "over" {
            break;
        }
        for seat in seats(&public) {
            let folded = seat["folded"] == true;
            for (i, (card, up)) in cards(seat).iter().zip(faces(seat)).enumerate() {
                let expected = !folded && dealt_up(i);
                assert_eq!(up, expected, "card {i} of {seat}");
                assert_eq!(card.is_some(), expected, "card {i} of {seat}");
            }
        }
        let (person, legal) = t.to_act().await.expect("someone to act");
        let action = if legal["bring_in"].is_number() {
            json!({ "type": "bring_in" })
        } else if street == "fourth" && folder.is_none() {
            let seat = t.me(person).await["you"]["seat"].clone();
            folder = Some((person, seat));
            json!({ "type": "fold" })
        } else if legal["check"] == true {
            json!({ "type": "check" })
        } else {
            json!({ "type": "call" })
        };
        t.act(person, &legal, action).await;
    }
    assert_eq!(
        streets,
        ["third", "fourth", "fifth", "sixth", "seventh", "over"]
    );
    let public = t.public().await;
    fits(&doc, "TableView", &public);
    let kinds: Vec<&str> = public["hand"]["announcements"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a["kind"].as_str())
        .filter(|k| k.starts_with("street_"))
        .collect();
    assert_eq!(
        kinds,
        [
            "street_fourth",
            "street_fifth",
            "street_sixth",
            "street_seventh"
        ]
    );
    let (folder, folded_seat) = folder.expect("somebody folded");
    for seat in seats(&public) {
        let c = cards(seat);
        if seat["seat"] == folded_seat {
            assert_eq!(c, [None; 4], "TDA-66: the folded hand is face down");
            assert_eq!(faces(seat), [false; 4]);
        } else {
            // Shown at the showdown: seven cards, the first two and the last dealt down.
            assert!(c.len() == 7 && c.iter().all(Option::is_some), "{seat}");
            let up: Vec<bool> = (0..7).map(dealt_up).collect();
            assert_eq!(faces(seat), up);
        }
    }
    let own = t.me(folder).await;
    let mine = seats(&own)
        .into_iter()
        .find(|s| s["seat"] == folded_seat)
        .expect("the folder's seat")
        .clone();
    assert!(cards(&mine).iter().all(Option::is_some), "{mine}");
    let history = &public["history"][0];
    assert_eq!(history["game"], "stud");
}

/// The low card's time runs out: the floor calls time (TDA-29), then the forced bring-in is
/// posted for the player rather than the hand folded (TDA-RP-10), and the hand goes on.
#[tokio::test]
async fn a_low_card_out_of_time_posts_the_bring_in_tda_rp_10() {
    let t = stud_table(4).await;
    let (person, legal) = t.to_act().await.expect("the low card to act");
    let seat = t.me(person).await["you"]["seat"].clone();
    let time_out = protocol::EventCommand::TimeOut {
        event: protocol::EventId(0),
        table: protocol::TableId(0),
        hand: legal["hand"].as_u64().expect("a hand"),
        player: protocol::EntryId(t.people[person].0),
    };
    let later = server::clock::now_ms() + 31_000;
    for at in [later, later + 31_000] {
        let command = time_out.clone();
        let submitted = t
            .api
            .app
            .hub()
            .event(protocol::EventId(0))
            .expect("the event")
            .run(move |tx| {
                tx.now = at;
                tx.submit(command)
            })
            .await;
        assert!(submitted.is_ok(), "{submitted:?}");
    }
    let public = t.public().await;
    let said: Vec<(&str, &Value, &Value)> = public["hand"]["announcements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["kind"] != "posts")
        .map(|a| (a["kind"].as_str().unwrap(), &a["seat"], &a["rule"]))
        .collect();
    let null = Value::Null;
    assert_eq!(
        said,
        [
            ("clock", &seat, &json!("TDA-29")),
            ("timeout", &seat, &json!("TDA-RP-10")),
            ("brings_in", &seat, &null),
        ]
    );
    let (_, legal) = t.to_act().await.expect("the next to act");
    assert_eq!(legal["call"], 10);
}

/// The big screen names the games dealt at the level in play: a HORSE event (HC-1) all five by
/// their limits, a stud event its one game.
#[tokio::test]
async fn a_mixed_events_summary_names_the_games_of_the_level_hc_1() {
    let api = Api::open();
    let horse = api.create_event("horse", 1).await;
    let game = horse["game"].as_str().unwrap_or_default();
    for name in [
        "Limit Hold'em",
        "Limit Omaha Hi/Lo",
        "Limit Razz",
        "Limit Seven Card Stud",
        "Limit Stud Hi/Lo",
    ] {
        assert!(game.contains(name), "{name} in {game}");
    }
    let td = api.td.clone();
    let body = json!({ "toml": common::public(STUD), "seed": 1 });
    let stud = api
        .ok(Method::POST, "/api/events", Some(&td), Some(&body))
        .await;
    assert_eq!(stud["game"], "Stud");
}
