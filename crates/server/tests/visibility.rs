//! TDA-16 and the server's promise: a client never receives a card it may not see. Whole
//! tournaments are played with people and bots; every message sent to every connection (each
//! player, the public, the TD, watchers of every table) is checked: a hole card reaches a
//! client only as the player's own, or once shown at showdown or turned up at an all-in.

mod play;

use play::{Eyes, Sim};
use protocol::ServerMessage;
use serde_json::Value;
use server::role::{Role, Topics};

const ALL: Topics = Topics {
    summary: true,
    seating: true,
    standings: true,
};

/// Stud's dealing: two down cards, an up card on each of third to sixth street, the seventh
/// down (TDA-RP-10).
fn dealt_up(i: usize) -> bool {
    (2..=5).contains(&i)
}

fn is_stud(game: &str) -> bool {
    matches!(game, "stud" | "stud_hi_lo" | "razz")
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|c| {
            c.iter()
                .filter_map(|c| c.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Seats whose hands left play in these announcements: folded, killed or mucked. A stud hand
/// leaving turns its up cards down (TDA-66).
fn gone(announcements: &[Value]) -> Vec<u64> {
    announcements
        .iter()
        .filter(|a| matches!(a["kind"].as_str(), Some("folds" | "killed" | "mucks")))
        .filter_map(|a| a["seat"].as_u64())
        .collect()
}

/// What a connection may see of other players' cards in one hand's announcements: the cards
/// each seat showed, and whether they came at a showdown or a tabling. The showdown comes once
/// the river is out, in stud once every hand still in holds its seven cards (a short deck's
/// community card counts, TDA-RP-10H): `complete`.
fn shown_cards(
    announcements: &[Value],
    stud: bool,
    complete: bool,
) -> Result<Vec<(u64, Vec<String>)>, String> {
    let mut shown = Vec::new();
    let mut tabled = false;
    let mut board = 0;
    for a in announcements {
        let kind = a["kind"].as_str().unwrap_or_default();
        let cards = strings(&a["cards"]);
        match kind {
            "tabled" => tabled = true,
            "board" => board = cards.len(),
            "shows" => {
                // TDA-16 tables hands at an all-in; otherwise cards are shown at the showdown.
                let showdown = if stud { complete } else { board >= 5 };
                if !tabled && !showdown {
                    return Err(format!("cards shown before the showdown: {a}"));
                }
                shown.push((a["seat"].as_u64().unwrap_or(0), cards));
            }
            _ if !cards.is_empty() => return Err(format!("cards in a {kind} announcement: {a}")),
            _ => {}
        }
    }
    Ok(shown)
}

/// Checks one table view or history entry: each face-up hole card is the viewer's own, one its
/// seat showed in that hand, or an up card of a stud hand still in play (TDA-RP-10), dealt
/// where stud deals up cards.
fn check_seats(
    seats: &[Value],
    announcements: &[Value],
    me: Option<u64>,
    game: &str,
) -> Result<(), String> {
    let stud = is_stud(game);
    let gone = gone(announcements);
    let board = announcements
        .iter()
        .filter(|a| a["kind"] == "board")
        .map(|a| strings(&a["cards"]).len())
        .max()
        .unwrap_or(0);
    let seats: Vec<&Value> = seats.iter().filter(|s| !s.is_null()).collect();
    let in_play = |s: &&&Value| s["seat"].as_u64().is_none_or(|n| !gone.contains(&n));
    let complete = seats
        .iter()
        .filter(in_play)
        .filter(|s| s["cards"].as_array().is_some_and(|c| !c.is_empty()))
        .all(|s| s["cards"].as_array().map_or(0, Vec::len) + board >= 7);
    let shown = shown_cards(announcements, stud, complete)?;
    for seat in seats {
        let number = seat["seat"].as_u64().unwrap_or(0);
        let cards: Vec<Option<String>> = seat["cards"]
            .as_array()
            .map(|c| c.iter().map(|c| c.as_str().map(str::to_string)).collect())
            .unwrap_or_default();
        let up: Vec<bool> = seat["up"]
            .as_array()
            .map(|u| u.iter().map(|u| u.as_bool() == Some(true)).collect())
            .unwrap_or_default();
        if up.len() != cards.len() {
            return Err(format!(
                "seat {number}: {} faces for {} cards",
                up.len(),
                cards.len()
            ));
        }
        let out = gone.contains(&number);
        for (i, &face) in up.iter().enumerate() {
            let expected = stud && !out && dealt_up(i);
            if face != expected {
                return Err(format!(
                    "seat {number}'s card {i} lies {} in {game} (out of the hand: {out})",
                    if face { "up" } else { "down" }
                ));
            }
        }
        let visible: Vec<String> = cards.iter().flatten().cloned().collect();
        if visible.is_empty() || me == seat["player"].as_u64() {
            continue;
        }
        if shown.iter().any(|(s, c)| *s == number && *c == visible) {
            continue;
        }
        let down = cards
            .iter()
            .enumerate()
            .any(|(i, c)| c.is_some() && !(stud && !out && dealt_up(i)));
        if down {
            return Err(format!(
                "seat {number}'s {cards:?} reached a viewer ({me:?}) without being shown"
            ));
        }
    }
    Ok(())
}

fn check_table(table: &Value, me: Option<u64>) -> Result<(), String> {
    let empty = Vec::new();
    let announcements = table["hand"]["announcements"].as_array().unwrap_or(&empty);
    check_seats(
        table["seats"].as_array().unwrap_or(&empty),
        announcements,
        me,
        table["hand"]["game"].as_str().unwrap_or("holdem"),
    )?;
    for h in table["history"].as_array().unwrap_or(&empty) {
        let a = h["announcements"].as_array().unwrap_or(&empty);
        let game = h["game"].as_str().unwrap_or_default();
        check_seats(h["seats"].as_array().unwrap_or(&empty), a, me, game)?;
    }
    Ok(())
}

/// Every message one connection received.
fn check_message(text: &str, eyes: Eyes) -> Result<(), String> {
    let message: ServerMessage =
        serde_json::from_str(text).map_err(|e| format!("not a server message: {e}: {text}"))?;
    let value: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let me = match eyes {
        Eyes::Player(entry) => Some(u64::from(entry.0)),
        Eyes::Public | Eyes::Td => None,
    };
    match message {
        ServerMessage::Table { .. } => check_table(&value["table"], me),
        ServerMessage::Me { .. } => match &value["me"]["table"] {
            Value::Null => Ok(()),
            table => check_table(table, me),
        },
        // Summaries, seating and standings carry no cards at all.
        _ if text.contains("\"cards\"") || text.contains("\"board\"") => {
            Err(format!("cards in a message without a table: {text}"))
        }
        _ => Ok(()),
    }
}

/// Plays a whole tournament with `people` people among `bots` bots, every table watched by
/// the public and by the TD, and checks every message sent.
/// Returns the messages checked, the hands played and the messages with another player's cards
/// shown at an all-in.
fn tournament(toml: &str, seed: u64, people: usize, bots: usize) -> (usize, u64, usize) {
    let mut sim = Sim::with_field(toml, seed, people, bots);
    let td = sim.hub.new_td_secret().expect("made now").to_string();
    let td_role = sim.hub.role(Some(&td)).expect("td");
    sim.connect(Eyes::Public, Role::Public, ALL);
    sim.connect(Eyes::Td, td_role, ALL);
    sim.start();
    let tables = sim
        .hub
        .room(protocol::EventId(0))
        .expect("the event")
        .table_count();
    for t in 1..=tables {
        for (eyes, role) in [(Eyes::Public, Role::Public), (Eyes::Td, td_role)] {
            let c = sim.connect(eyes, role, Topics::default());
            let id = sim.connections[c].id;
            let now = sim.now;
            sim.hub
                .event_mut(protocol::EventId(0))
                .expect("the event")
                .watch(id, t, now)
                .expect("watch");
        }
    }
    let mut steps = 0u64;
    while sim.step() {
        steps += 1;
        // Now and then a person closes the browser and comes back (TDA-30 meanwhile).
        if steps.is_multiple_of(97) && people > 0 {
            let person = (steps / 97) as usize % people;
            if sim.people[person].connection.is_some() {
                sim.disconnect_person(person);
            } else {
                sim.connect_person(person);
            }
        }
        assert!(steps < 2_000_000, "the tournament did not finish");
    }
    let mut messages = 0;
    let mut tabled = 0;
    for c in &sim.connections {
        for text in &c.received {
            if let Err(leak) = check_message(text, c.eyes) {
                panic!("TDA-16 breached for {:?}: {leak}", c.eyes);
            }
            messages += 1;
            tabled += usize::from(text.contains("\"kind\":\"tabled\""));
        }
    }
    let hands = sim
        .hub
        .room(protocol::EventId(0))
        .expect("the event")
        .tournament()
        .stats
        .hands;
    (messages, hands, tabled)
}

/// A tournament checked throughout, long enough to have tested something.
fn checked_tournament(toml: &str, seed: u64, people: usize, bots: usize) {
    let (messages, hands, tabled) = tournament(toml, seed, people, bots);
    assert!(hands > 20, "only {hands} hands were played");
    assert!(messages > 1_000, "only {messages} messages were checked");
    assert!(tabled > 0, "no hands were tabled at an all-in");
}

#[test]
fn no_client_sees_a_card_it_may_not_tda_16_turbo() {
    checked_tournament(&Sim::template("turbo"), 11, 3, 9);
}

#[test]
fn no_client_sees_a_card_it_may_not_tda_16_hc_profile() {
    checked_tournament(&Sim::template("hc"), 12, 4, 14);
}

/// Stud: a live hand's up cards reach everyone, its down cards only its owner, a folded
/// hand's up cards are turned down (TDA-RP-10, TDA-66).
#[test]
fn no_client_sees_a_card_it_may_not_tda_rp_10_stud() {
    checked_tournament(include_str!("fixtures/stud.toml"), 13, 3, 9);
}

/// HORSE: flop games and stud in turn at the same tables, the history mixing them (TDA-11B).
#[test]
fn no_client_sees_a_card_it_may_not_tda_rp_10_horse() {
    checked_tournament(&Sim::template("horse"), 14, 3, 10);
}

/// The checker itself: another seat's card not shown is caught.
#[test]
fn the_check_catches_a_leaked_card() {
    let table = serde_json::json!({
        "seats": [
            {"seat": 1, "player": 0, "cards": ["As", "Kd"], "up": [false, false]},
            {"seat": 2, "player": 1, "cards": [null, null], "up": [false, false]}
        ],
        "hand": {"game": "holdem", "announcements": [{"kind": "posts", "seat": 1, "cards": []}]},
        "history": []
    });
    assert!(check_table(&table, Some(0)).is_ok(), "own cards are fine");
    assert!(
        check_table(&table, Some(1)).is_err(),
        "seat 1's cards leaked to player 1"
    );
    assert!(
        check_table(&table, None).is_err(),
        "seat 1's cards leaked to the public"
    );
    let early = serde_json::json!([{"kind": "shows", "seat": 1, "cards": ["As", "Kd"]}]);
    assert!(
        shown_cards(early.as_array().unwrap(), false, false).is_err(),
        "shown before the river"
    );
}

/// A stud table on fourth street: seat 1 shows 3s and 9h up, seat 2 folded (TDA-66).
fn stud_table(seat1: Value, seat2: Value) -> Value {
    serde_json::json!({
        "seats": [seat1, seat2],
        "hand": {"game": "stud", "announcements": [
            {"kind": "brings_in", "seat": 2, "cards": []},
            {"kind": "folds", "seat": 2, "cards": []},
        ]},
        "history": []
    })
}

/// The checker on stud: up cards of a hand in play pass; a down card, an up card of a folded
/// hand (TDA-66) or a card marked up where stud deals it down (TDA-RP-10) is caught.
#[test]
fn the_check_knows_stud_up_and_down_cards_tda_rp_10_tda_66() {
    let up = serde_json::json!([false, false, true, true]);
    let live =
        serde_json::json!({"seat": 1, "player": 0, "cards": [null, null, "3s", "9h"], "up": up});
    let folded = serde_json::json!({"seat": 2, "player": 1, "cards": [null, null, null], "up": [false, false, false]});
    assert!(check_table(&stud_table(live.clone(), folded.clone()), None).is_ok());
    let down =
        serde_json::json!({"seat": 1, "player": 0, "cards": ["Ah", null, "3s", "9h"], "up": up});
    assert!(
        check_table(&stud_table(down, folded.clone()), Some(1)).is_err(),
        "a down card leaked"
    );
    let folded_up = serde_json::json!({"seat": 2, "player": 1, "cards": [null, null, "Kd"], "up": [false, false, true]});
    assert!(
        check_table(&stud_table(live.clone(), folded_up), None).is_err(),
        "a folded hand's up card stayed in view"
    );
    let marked = serde_json::json!({"seat": 1, "player": 0, "cards": ["Ah", null, "3s", "9h"], "up": [true, false, true, true]});
    assert!(
        check_table(&stud_table(marked, folded.clone()), None).is_err(),
        "a down card marked up"
    );
    let holdem_up = serde_json::json!({
        "seats": [{"seat": 1, "player": 0, "cards": ["As", null], "up": [true, false]}],
        "hand": {"game": "holdem", "announcements": []},
        "history": []
    });
    assert!(
        check_table(&holdem_up, None).is_err(),
        "an up card in hold'em"
    );
    let early = serde_json::json!([{"kind": "shows", "seat": 1, "cards": ["As", "Kd"]}]);
    assert!(
        shown_cards(early.as_array().unwrap(), true, false).is_err(),
        "shown before seventh street"
    );
}
