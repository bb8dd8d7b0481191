//! TDA-16 and the server's promise: a client never receives a card it may not see. Whole
//! tournaments are played with people and bots; every message sent to every connection (each
//! player, the public, the TD, watchers of every table) is checked: a hole card reaches a
//! client only as the player's own, or once shown at showdown or turned up at an all-in.

mod play;

use play::{Eyes, Sim};
use protocol::ServerMessage;
use serde_json::Value;
use server::hub::{Role, Topics};

const ALL: Topics = Topics {
    summary: true,
    seating: true,
    standings: true,
};

/// What a connection may see of other players' cards in one hand's announcements: the cards
/// each seat showed, and whether they came at a showdown (after the river) or a tabling.
fn shown_cards(announcements: &[Value]) -> Result<Vec<(u64, Vec<String>)>, String> {
    let mut shown = Vec::new();
    let mut tabled = false;
    let mut board = 0;
    for a in announcements {
        let kind = a["kind"].as_str().unwrap_or_default();
        let cards: Vec<String> = a["cards"]
            .as_array()
            .map(|c| {
                c.iter()
                    .filter_map(|c| c.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        match kind {
            "tabled" => tabled = true,
            "board" => board = cards.len(),
            "shows" => {
                // TDA-16 tables hands at an all-in; otherwise cards are shown at the showdown,
                // once the river is out.
                if !tabled && board < 5 {
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

/// Checks one table view or history entry: each face-up hole card is the viewer's own or one
/// its seat showed in that hand.
fn check_seats(seats: &[Value], announcements: &[Value], me: Option<u64>) -> Result<(), String> {
    let shown = shown_cards(announcements)?;
    for seat in seats.iter().filter(|s| !s.is_null()) {
        let up: Vec<String> = seat["cards"]
            .as_array()
            .map(|c| {
                c.iter()
                    .filter_map(|c| c.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        if up.is_empty() || me == seat["player"].as_u64() {
            continue;
        }
        let number = seat["seat"].as_u64().unwrap_or(0);
        let showed = shown.iter().any(|(s, cards)| *s == number && *cards == up);
        if !showed {
            return Err(format!(
                "seat {number}'s {up:?} reached a viewer ({me:?}) without being shown"
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
    )?;
    for h in table["history"].as_array().unwrap_or(&empty) {
        let a = h["announcements"].as_array().unwrap_or(&empty);
        check_seats(h["seats"].as_array().unwrap_or(&empty), a, me)?;
    }
    Ok(())
}

/// Every message one connection received.
fn check_message(text: &str, eyes: Eyes) -> Result<(), String> {
    let message: ServerMessage =
        serde_json::from_str(text).map_err(|e| format!("not a server message: {e}: {text}"))?;
    let value: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let me = match eyes {
        Eyes::Player(entry) => Some(u64::from(entry)),
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
fn tournament(template: &str, seed: u64, people: usize, bots: usize) -> (usize, u64, usize) {
    let mut sim = Sim::new(&Sim::template(template), seed);
    for i in 0..people {
        sim.register(&format!("Person {i}"), false);
    }
    for i in 0..bots {
        sim.register(&format!("Bot {i}"), true);
    }
    let td = sim.hub.td_secret().to_string();
    let td_role = sim.hub.role(Some(&td)).expect("td");
    sim.connect(Eyes::Public, Role::Public, ALL);
    sim.connect(Eyes::Td, td_role, ALL);
    sim.start();
    let tables = sim.hub.rooms()[0].table_count();
    for t in 1..=tables {
        for (eyes, role) in [(Eyes::Public, Role::Public), (Eyes::Td, td_role)] {
            let c = sim.connect(eyes, role, Topics::default());
            let id = sim.connections[c].id;
            sim.hub.watch(id, t, sim.now).expect("watch");
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
    let hands = sim.hub.rooms()[0].tournament().stats.hands;
    (messages, hands, tabled)
}

/// A tournament checked throughout, long enough to have tested something.
fn checked_tournament(template: &str, seed: u64, people: usize, bots: usize) {
    let (messages, hands, tabled) = tournament(template, seed, people, bots);
    assert!(hands > 20, "only {hands} hands were played");
    assert!(messages > 1_000, "only {messages} messages were checked");
    assert!(tabled > 0, "no hands were tabled at an all-in");
}

#[test]
fn no_client_sees_a_card_it_may_not_tda_16_turbo() {
    checked_tournament("turbo", 11, 3, 9);
}

#[test]
fn no_client_sees_a_card_it_may_not_tda_16_hc_profile() {
    checked_tournament("hc", 12, 4, 14);
}

/// The checker itself: another seat's card not shown is caught.
#[test]
fn the_check_catches_a_leaked_card() {
    let table = serde_json::json!({
        "seats": [
            {"seat": 1, "player": 0, "cards": ["As", "Kd"]},
            {"seat": 2, "player": 1, "cards": [null, null]}
        ],
        "hand": {"announcements": [{"kind": "posts", "seat": 1, "cards": []}]},
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
        shown_cards(early.as_array().unwrap()).is_err(),
        "shown before the river"
    );
}
