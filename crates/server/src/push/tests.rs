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

#[test]
fn the_first_message_is_full_and_an_unchanged_state_sends_nothing() {
    let mut pushed = Pushed::default();
    let first = parse(&pushed.next(Stream::Me, state(100)).expect("a message"));
    assert_eq!(first, json!({"type": "me", "me": state(100), "v": 1}));
    assert_eq!(pushed.next(Stream::Me, state(100)), None);
}

#[test]
fn a_small_change_is_a_patch_that_rebuilds_the_new_state() {
    let mut pushed = Pushed::default();
    pushed.next(Stream::Me, state(100));
    let text = pushed.next(Stream::Me, state(250)).expect("a message");
    let message = parse(&text);
    assert_eq!(message["type"], "patch");
    assert_eq!(message["stream"], "me");
    assert_eq!(message["v"], 2);
    let ops: json_patch::Patch = serde_json::from_value(message["ops"].clone()).unwrap();
    let mut value = state(100);
    json_patch::patch(&mut value, &ops).expect("applies");
    let expected = json!({"event": 0, "standing": {"name": "Ann", "chips": 250, "notes": "x".repeat(400)}, "table": null});
    assert_eq!(value, expected);
    assert!(text.len() < full("me", &expected.to_string(), 2).len());
    // The next one counts on from there.
    let again = parse(&pushed.next(Stream::Me, state(300)).unwrap());
    assert_eq!(again["v"], 3);
}

#[test]
fn a_big_change_is_a_full_message() {
    let mut pushed = Pushed::default();
    pushed.next(Stream::Summary, json!({"a": [1, 2, 3], "b": "short"}));
    let new = json!({"c": {"d": [4, 5]}, "e": true});
    let message = parse(&pushed.next(Stream::Summary, new.clone()).unwrap());
    assert_eq!(message, json!({"type": "summary", "summary": new, "v": 2}));
}

#[test]
fn streams_are_counted_apart_and_a_reset_sends_full_messages_again() {
    let mut pushed = Pushed::default();
    pushed.next(Stream::Me, state(1));
    pushed.next(Stream::Me, state(2));
    let table = parse(&pushed.next(Stream::Table, json!({"table": 1})).unwrap());
    assert_eq!(table["v"], 1);
    pushed.reset();
    let me = parse(&pushed.next(Stream::Me, state(2)).unwrap());
    assert_eq!(me, json!({"type": "me", "me": state(2), "v": 1}));
}

#[test]
fn a_history_left_out_as_unchanged_is_the_one_sent_before() {
    let mut pushed = Pushed::default();
    let long = "x".repeat(300);
    let with = json!({"table": 2, "seats": [1], "history": [{"number": 7, "notes": long}]});
    let mut follower = protocol::Follower::new();
    follower
        .take(&pushed.next(Stream::Table, with).unwrap())
        .unwrap();
    let without = json!({"table": 2, "seats": [3], "history": null});
    let text = pushed.next(Stream::Table, without).unwrap();
    follower.take(&text).unwrap();
    let message = parse(&text);
    let ops: json_patch::Patch = serde_json::from_value(message["ops"].clone()).unwrap();
    assert_eq!(
        serde_json::to_value(&ops).unwrap(),
        json!([{"op": "replace", "path": "/seats/0", "value": 3}])
    );
    // Another table's history is not carried over: followed, the client has no history.
    let other = json!({"table": 3, "seats": [3], "history": null});
    let message = parse(&pushed.next(Stream::Table, other.clone()).unwrap());
    assert_eq!(message["v"], 3);
    follower.take(&message.to_string()).unwrap();
    assert_eq!(follower.get(Stream::Table), Some(&other));
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
        assert_eq!(full_len(name, payload, v), full(name, payload, v).len());
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
                serde_json::from_value(Value::Array(ops.clone())).expect("RFC 6902 operations");
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
        ops,
        vec![
            json!({"op": "add", "path": "/history/0", "value": ten}),
            json!({"op": "remove", "path": "/history/3"}),
            json!({"op": "replace", "path": "/t", "value": 2}),
        ]
    );
}
