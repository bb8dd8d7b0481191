//! Issue 19 item 5: nothing when unchanged, a patch that rebuilds the new state, a full message
//! when the patch would not be smaller.

use super::*;
use serde_json::json;

fn parse(text: &str) -> Value {
    serde_json::from_str(text).expect("JSON")
}

fn state(chips: u64) -> Value {
    json!({"event": 0, "standing": {"name": "Ann", "chips": chips, "notes": "x".repeat(400)}, "table": null})
}

fn seat(n: u8, stack: u64, cards: Value) -> Value {
    json!({"seat": n, "player": n, "name": format!("Player {n}"), "stack": stack, "bet": 0,
        "cards": cards, "up": [false, false], "in_hand": true, "folded": false, "all_in": false,
        "away": false, "button": n == 1, "small_blind": n == 2, "big_blind": n == 3,
        "bring_in": false, "to_act": false})
}

fn said(kind: &str, seat: u8, amount: u64) -> Value {
    json!({"kind": kind, "seat": seat, "amount": amount, "cards": [], "hand_en": null,
        "hand_de": null, "rule": null})
}

fn hand(street: &str, board: Value, said: Value, to_act: Option<u8>) -> Value {
    json!({"number": 4, "level": 1, "game": "holdem", "street": street, "board": board,
        "bring_in": null, "pots": [{"amount": 300, "eligible": [1, 2, 3]}], "total_pot": 300,
        "to_act": to_act, "act_deadline_ms": to_act.map(|_| 1_000_000), "clock_called": false,
        "announcements": said, "equities": [], "commitment": null})
}

fn past(number: u64) -> Value {
    json!({"number": number, "game": "holdem", "board": ["As", "Kd", "7c"], "announcements": [],
        "seats": [{"seat": 1, "player": 1, "name": "Player 1", "cards": [null, null],
            "up": [false, false], "won": number * 10}]})
}

/// A table seen by the player in seat 1: its cards, its legal actions when to act.
fn table(number: u32, stacks: [u64; 3], hand: Value, history: Value, time: u64) -> Value {
    let cards = |n: u8| {
        if n == 1 {
            json!(["Ah", "Qs"])
        } else {
            json!([null, null])
        }
    };
    let seats: Vec<Value> = (1..=3)
        .map(|n| seat(n, stacks[usize::from(n) - 1], cards(n)))
        .collect();
    json!({"event": 1, "table": number, "seats": [seats[0], null, seats[1], seats[2]],
        "hand": hand, "waiting": null,
        "you": {"player": 1, "seat": 1, "legal": null}, "history": history, "commitment": null,
        "server_time_ms": time})
}

fn me(chips: u64, table: Value) -> Value {
    json!({"event": 1, "table": table, "standing": {"player": 1, "name": "Player 1",
        "entry_number": 1, "status": "playing", "bot": false, "table": 1, "seat": 1,
        "chips": chips, "place": null, "prize": 0, "bounties": 0, "knockouts": 0, "rebuys": 0,
        "add_ons": 0, "warnings": 0, "penalty_hands": 0, "league_points": null}})
}

fn typed<T: serde::de::DeserializeOwned>(value: Value) -> T {
    serde_json::from_value(value).expect("a view")
}

/// Views of one player through a hand: an action, the flop, another table, no table.
fn mes() -> Vec<Value> {
    let preflop = hand("preflop", json!([]), json!([said("posts", 2, 50)]), Some(1));
    let raised = hand(
        "preflop",
        json!([]),
        json!([said("posts", 2, 50), said("raises", 1, 300)]),
        Some(2),
    );
    let flop = hand(
        "flop",
        json!(["As", "Kd", "7c"]),
        json!([said("board", 0, 0)]),
        None,
    );
    vec![
        me(
            1000,
            table(1, [1000, 900, 800], preflop.clone(), json!([past(3)]), 1),
        ),
        me(1000, table(1, [700, 900, 800], raised, json!([past(3)]), 2)),
        me(
            700,
            table(1, [700, 600, 800], flop.clone(), json!([past(3)]), 3),
        ),
        me(
            700,
            table(
                1,
                [700, 600, 800],
                json!(null),
                json!([past(4), past(3)]),
                4,
            ),
        ),
        me(700, table(2, [700, 600, 800], flop, json!([]), 5)),
        me(700, json!(null)),
        me(
            1000,
            table(1, [1000, 900, 800], preflop, json!([past(3)]), 1),
        ),
    ]
}

#[test]
fn the_first_view_is_full_and_an_unchanged_view_sends_nothing() {
    let mut pushed = Pushed::default();
    let view = mes()[0].clone();
    let first = parse(&pushed.next_me(typed(view.clone())).expect("a message"));
    assert_eq!(first, json!({"type": "me", "me": view, "v": 1}));
    assert_eq!(pushed.next_me(typed(view)), None);
}

#[test]
fn every_view_patch_applied_gives_the_new_view() {
    let mes = mes();
    for before in &mes {
        for after in &mes {
            let mut pushed = Pushed::default();
            pushed.next_me(typed(before.clone()));
            let Some(text) = pushed.next_me(typed(after.clone())) else {
                assert_eq!(before, after);
                continue;
            };
            let message = parse(&text);
            assert_eq!(message["v"], 2);
            let mut value = before.clone();
            if message["type"] == "patch" {
                let ops: json_patch::Patch =
                    serde_json::from_value(message["ops"].clone()).expect("RFC 6902 operations");
                json_patch::patch(&mut value, &ops).unwrap_or_else(|e| panic!("{e}: {text}"));
            } else {
                value = message["me"].clone();
            }
            assert_eq!(&value, after, "{text}");
        }
    }
}

#[test]
fn an_action_is_a_patch_of_what_it_changed() {
    let mes = mes();
    let mut pushed = Pushed::default();
    pushed.next_me(typed(mes[0].clone()));
    let message = parse(&pushed.next_me(typed(mes[1].clone())).unwrap());
    assert_eq!(message["type"], "patch");
    assert_eq!(message["stream"], "me");
    let paths: Vec<&str> = message["ops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|op| op["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "/table/seats/0/stack",
            "/table/hand/to_act",
            "/table/hand/announcements/1",
            "/table/server_time_ms"
        ]
    );
    let again = parse(&pushed.next_me(typed(mes[2].clone())).unwrap());
    assert_eq!(again["v"], 3);
}

/// Issue 19 item 5: the next hand at the table replaces the hand in one op; walked, every
/// announcement of the last hand was replaced or removed one by one.
#[test]
fn a_new_hand_is_one_op_and_the_patch_gives_the_new_view() {
    let said_all: Vec<Value> = (0..12).map(|i| said("calls", 1 + i % 3, 100)).collect();
    let last = hand(
        "river",
        json!(["As", "Kd", "7c", "2h", "9s"]),
        json!(said_all),
        None,
    );
    let mut next = hand("preflop", json!([]), json!([said("posts", 2, 50)]), Some(3));
    next["number"] = json!(5);
    let before = me(10, table(1, [1, 2, 3], last, json!([]), 1));
    let after = me(10, table(1, [1, 2, 3], next, json!([]), 2));
    let mut pushed = Pushed::default();
    pushed.next_me(typed(before.clone()));
    let message = parse(&pushed.next_me(typed(after.clone())).unwrap());
    assert_eq!(message["type"], "patch");
    let ops = message["ops"].as_array().unwrap();
    let under_hand: Vec<&Value> = ops
        .iter()
        .filter(|op| op["path"].as_str().unwrap().starts_with("/table/hand"))
        .collect();
    assert_eq!(under_hand.len(), 1, "{message}");
    assert_eq!(under_hand[0]["op"], "replace");
    assert_eq!(under_hand[0]["path"], "/table/hand");
    let mut value = before;
    let patch: json_patch::Patch = serde_json::from_value(message["ops"].clone()).unwrap();
    json_patch::patch(&mut value, &patch).unwrap();
    assert_eq!(value, after);
}

#[test]
fn streams_are_counted_apart_and_a_reset_sends_full_messages_again() {
    let mes = mes();
    let mut pushed = Pushed::default();
    pushed.next_me(typed(mes[0].clone()));
    pushed.next_me(typed(mes[1].clone()));
    let table = parse(&pushed.next_table(typed(mes[0]["table"].clone())).unwrap());
    assert_eq!(table["v"], 1);
    pushed.reset();
    let me = parse(&pushed.next_me(typed(mes[1].clone())).unwrap());
    assert_eq!(me, json!({"type": "me", "me": mes[1], "v": 1}));
}

#[test]
fn a_history_left_out_as_unchanged_is_the_one_sent_before() {
    let mut pushed = Pushed::default();
    let hand = hand("preflop", json!([]), json!([]), Some(1));
    let with = table(2, [1, 2, 3], hand.clone(), json!([past(7)]), 1);
    let mut follower = protocol::Follower::new();
    follower
        .take(&pushed.next_table(typed(with)).unwrap())
        .unwrap();
    let without = table(2, [3, 2, 3], hand.clone(), json!(null), 1);
    let text = pushed.next_table(typed(without)).unwrap();
    follower.take(&text).unwrap();
    let message = parse(&text);
    assert_eq!(
        message["ops"],
        json!([{"op": "replace", "path": "/seats/0/stack", "value": 3}])
    );
    assert_eq!(
        follower.get(Stream::Table),
        Some(&table(2, [3, 2, 3], hand.clone(), json!([past(7)]), 1))
    );
    // Another table's history is not carried over: followed, the client has no history.
    let other = table(3, [3, 2, 3], hand, json!(null), 1);
    let message = parse(&pushed.next_table(typed(other.clone())).unwrap());
    assert_eq!(message["v"], 3);
    follower.take(&message.to_string()).unwrap();
    assert_eq!(follower.get(Stream::Table), Some(&other));
}

#[test]
fn a_big_change_is_a_full_message() {
    let mut pushed = Pushed::default();
    pushed.next_in(&mut Batch::new(
        Stream::Summary,
        json!({"a": [1, 2, 3], "b": "short"}),
    ));
    let new = json!({"c": {"d": [4, 5]}, "e": true});
    let message = parse(
        &pushed
            .next_in(&mut Batch::new(Stream::Summary, new.clone()))
            .unwrap(),
    );
    assert_eq!(message, json!({"type": "summary", "summary": new, "v": 2}));
}

#[test]
fn a_batch_makes_one_patch_for_connections_sent_the_same_value() {
    let mut a = Pushed::default();
    let mut b = Pushed::default();
    let mut first = Batch::new(Stream::Standings, state(1));
    a.next_in(&mut first);
    b.next_in(&mut first);
    let mut second = Batch::new(Stream::Standings, state(2));
    let ta = parse(&a.next_in(&mut second).unwrap());
    let tb = parse(&b.next_in(&mut second).unwrap());
    assert_eq!(ta, tb);
    assert_eq!(ta["v"], 2);
    assert_eq!(second.diffs.len(), 1, "one diff for both");
}

#[test]
fn the_length_of_a_full_message_is_counted_right() {
    for (name, payload, v) in [("me", "{}", 1), ("standings", r#"{"rows":[]}"#, 12345)] {
        assert_eq!(
            full_len(name, payload.len(), v),
            full(name, payload, v).len()
        );
        let value: Value = serde_json::from_str(payload).unwrap();
        assert_eq!(json_len(&value), Some(payload.len()));
    }
}

/// Values to diff every one against every other: objects, arrays growing, shrinking and put
/// in front, keys that need escaping, changes of type.
fn samples() -> Vec<Value> {
    let hand = |n: u64| json!({"number": n, "seats": [{"name": "Ann", "chips": n * 10}], "board": ["As", "Kd"]});
    vec![
        json!(null),
        json!(3),
        json!([]),
        json!({}),
        json!({"a": 1, "b": [1, 2, 3], "c/d": {"e~f": true}}),
        json!({"a": 2, "b": [1, 3], "c/d": {"e~f": false, "g": null}}),
        json!({"a": [1, 2], "b": {"x": [1, 2, 3, 4]}}),
        json!({"history": [hand(9), hand(8), hand(7)], "t": 1}),
        json!({"history": [hand(10), hand(9), hand(8)], "t": 2}),
        json!({"history": [hand(12), hand(11), hand(10), hand(9)], "t": 2}),
        json!({"history": [hand(8), hand(7)], "t": 1}),
        json!([[1, 1], [1, 1], [1]]),
        json!([[1, 1], [1, 1], [1, 1], [1]]),
    ]
}

#[test]
fn every_diff_applied_gives_the_new_value() {
    let samples = samples();
    for before in &samples {
        for after in &samples {
            let ops = diff::diff(before, after);
            let patch: json_patch::Patch =
                serde_json::from_value(serde_json::to_value(&ops).unwrap())
                    .expect("RFC 6902 operations");
            let mut value = before.clone();
            json_patch::patch(&mut value, &patch)
                .unwrap_or_else(|e| panic!("{before} -> {after}: {e}: {ops:?}"));
            assert_eq!(&value, after, "{before} -> {after}: {ops:?}");
            if before == after {
                assert!(ops.is_empty(), "{before}: {ops:?}");
            }
        }
    }
}

#[test]
fn a_hand_put_in_front_of_the_history_is_one_add_and_one_remove() {
    let samples = samples();
    let ops = diff::diff(&samples[7], &samples[8]);
    let ten =
        json!({"number": 10, "seats": [{"name": "Ann", "chips": 100}], "board": ["As", "Kd"]});
    assert_eq!(
        serde_json::to_value(&ops).unwrap(),
        json!([
            json!({"op": "add", "path": "/history/0", "value": ten}),
            json!({"op": "remove", "path": "/history/3"}),
            json!({"op": "replace", "path": "/t", "value": 2}),
        ])
    );
}

#[test]
fn a_patch_put_together_is_the_formatted_one() {
    let ops = r#"{"op":"remove","path":"/table/you"},{"op":"add","path":"/a~1b","value":[1]}"#;
    let joined = patch("me", 17, ops);
    assert_eq!(
        joined,
        format!(r#"{{"type":"patch","stream":"me","v":17,"ops":[{ops}]}}"#)
    );
    let message = parse(&joined);
    assert_eq!(message["v"], 17);
    assert_eq!(message["ops"].as_array().map(Vec::len), Some(2));
}
