//! The one place where the bench reads what the server sends. Everything else in `bench load`
//! sees an [`Update`]; a server that sends patches (issue 19 item 5) is followed here alone.

use super::patch::{self, Op};
use super::shape::ME;
use super::tree::Node;
use protocol::Legal;
use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;
use std::borrow::Cow;

/// What one server message meant to a simulated player.
#[derive(Debug, PartialEq)]
pub enum Update {
    /// The player's own state: the table they sit at, or `None` when they have no seat.
    Me(Option<Seat>),
    /// A request was refused, with the refusal's code.
    Refused(String),
    /// Anything else (or a message the bench could not read), skipped.
    Other,
}

/// The player's table as one message showed it.
#[derive(Debug, PartialEq)]
pub struct Seat {
    pub table: u32,
    /// Where the table's play stood; `None` before its first hand.
    pub mark: Option<Mark>,
    /// The hand is over (or none is dealt).
    pub over: bool,
    /// What this player may do, when it is their turn.
    pub legal: Option<Legal>,
}

/// The table's hand number and how many announcements the dealer has made in it. Every action
/// is announced and announcements are only appended, so a state reflects an action exactly
/// when its mark is greater than the mark of the state the action was sent from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Mark {
    pub hand: u64,
    pub said: usize,
}

/// Reads one connection's messages, in order: whole views (`{"type":"me","me":{...}}`), and
/// patches of them (issue 19 item 5), applied as `protocol::Follower` applies them (`patch.rs`).
/// A server before lean pushes sends whole views only. The bench follows only its `me` stream
/// (it asks for no topics); any other stream's message is skipped.
#[derive(Default)]
pub struct Follower {
    /// The `me` view and its version, while known.
    me: Option<(u64, Node)>,
}

/// The parts of a message read before its kind is known, each parsed once, straight from the
/// text (the client's CPU is shared with the server under test).
#[derive(Deserialize)]
struct Envelope<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(default)]
    stream: Option<String>,
    #[serde(default)]
    v: Option<Value>,
    #[serde(default, borrow, deserialize_with = "patch::ops")]
    ops: Option<Vec<Op<'a>>>,
    #[serde(default, borrow, deserialize_with = "patch::present")]
    me: Option<&'a RawValue>,
    #[serde(default)]
    error: Option<Value>,
}

impl Follower {
    /// What the message `text` meant.
    pub fn read(&mut self, text: &str) -> Update {
        let Ok(message) = serde_json::from_str::<Envelope>(text) else {
            return Update::Other;
        };
        // A message without a version is version 0, as `protocol::Follower` reads it.
        let v = message.v.as_ref().and_then(Value::as_u64).unwrap_or(0);
        match &*message.kind {
            "me" => {
                let me = match message.me {
                    Some(raw) => match patch::read(raw, &ME) {
                        Some(me) => me,
                        None => return Update::Other,
                    },
                    None => Node::Null,
                };
                let (_, state) = self.me.insert((v, me));
                read_me(state)
            }
            "patch" if message.stream.as_deref() == Some("me") => self.patch(v, message.ops),
            "error" => match message.error.map(ErrorLite::deserialize) {
                Some(Ok(error)) => Update::Refused(error.code),
                _ => Update::Other,
            },
            _ => Update::Other,
        }
    }

    /// A gap or a patch that does not apply is skipped and the view forgotten until the next
    /// whole one: the socket is ordered, so it does not happen unless the server is wrong, and
    /// then the player stops acting and shows as unanswered.
    fn patch(&mut self, got: u64, ops: Option<Vec<Op<'_>>>) -> Update {
        let have = self.me.as_ref().map(|(v, _)| *v);
        if have.and_then(|v| v.checked_add(1)) != Some(got) {
            self.me = None;
            return Update::Other;
        }
        // Ops that are not a patch are skipped and the view kept, as `protocol::Follower` does.
        let Some(steps) = ops.and_then(|ops| patch::steps(ops, &ME)) else {
            return Update::Other;
        };
        let Some((v, state)) = self.me.as_mut() else {
            return Update::Other;
        };
        if patch::apply(state, steps).is_err() {
            self.me = None;
            return Update::Other;
        }
        *v = got;
        read_me(state)
    }
}

/// What a `me` view shows. Read by lookups, as the view is read after every message; a view
/// not shaped as the server makes it is left to serde, which decides what it means.
fn read_me(state: &Node) -> Update {
    if let Some(seat) = seat_of(state) {
        return Update::Me(seat);
    }
    match MeLite::deserialize(state.to_value()) {
        Ok(me) => Update::Me(me.table.map(TableLite::seat)),
        Err(_) => Update::Other,
    }
}

/// The player's table as [`MeLite`] reads it, or `None` where the view differs in shape.
fn seat_of(me: &Node) -> Option<Option<Seat>> {
    if !me.is_object() {
        return None;
    }
    let table = match me.get("table") {
        None | Some(Node::Null) => return Some(None),
        Some(table) if table.is_object() => table,
        Some(_) => return None,
    };
    let number = u32::try_from(table.get("table")?.as_u64()?).ok()?;
    let hand = match table.get("hand") {
        None | Some(Node::Null) => None,
        Some(hand) => {
            if !hand.is_object() {
                return None;
            }
            let number = hand.get("number")?.as_u64()?;
            let street = hand.get("street")?.as_str()?;
            let said = hand.get("announcements")?.as_array()?.len();
            Some((Mark { hand: number, said }, street))
        }
    };
    let legal = match table.get("you") {
        None | Some(Node::Null) => None,
        Some(you) if you.is_object() => match you.get("legal") {
            None | Some(Node::Null) => None,
            Some(legal) => Some(Legal::deserialize(legal.to_value()).ok()?),
        },
        Some(_) => return None,
    };
    Some(Some(Seat {
        table: number,
        mark: hand.map(|(mark, _)| mark),
        over: hand.is_none_or(|(_, street)| street == "over"),
        legal,
    }))
}

/// The parts of an event's summary the bench reads. Only these, so that a baseline server
/// from before a field was added (`live`, issue 17) is still measured.
#[derive(Debug, Deserialize)]
pub struct SummaryLite {
    pub started: bool,
    pub players_left: u32,
    pub tables: u32,
}

/// The parts of a `me` view the bench reads, by serde: the reading [`seat_of`] stands for.
#[derive(Deserialize)]
struct MeLite {
    table: Option<TableLite>,
}

#[derive(Deserialize)]
struct TableLite {
    table: u32,
    hand: Option<HandLite>,
    you: Option<YouLite>,
}

impl TableLite {
    fn seat(self) -> Seat {
        Seat {
            table: self.table,
            mark: self.hand.as_ref().map(|h| Mark {
                hand: h.number,
                said: h.announcements.len(),
            }),
            over: self.hand.as_ref().is_none_or(|h| h.street == "over"),
            legal: self.you.and_then(|y| y.legal),
        }
    }
}

#[derive(Deserialize)]
struct HandLite {
    number: u64,
    street: String,
    announcements: Vec<serde::de::IgnoredAny>,
}

#[derive(Deserialize)]
struct YouLite {
    legal: Option<Legal>,
}

#[derive(Deserialize)]
struct ErrorLite {
    code: String,
}

#[cfg(test)]
mod tests {
    use super::super::tree::kept_of_me;
    use super::*;
    use std::collections::HashSet;

    /// Issue 19 item 6: the baseline (793c9ec) is measured in the same run, so the bench reads
    /// its summaries too; they have no `live` (issue 17) and future fields are skipped alike.
    #[test]
    fn reads_a_summary_from_before_live_tables() {
        let text = r#"{"id":0,"name":"Deepstack","started":true,"finished":false,
            "players_left":990,"tables":99,"entrants":1000,"later":[1,2]}"#;
        let summary: SummaryLite = serde_json::from_str(text).unwrap();
        assert!(summary.started);
        assert_eq!((summary.players_left, summary.tables), (990, 99));
    }

    /// Issue 19 item 6: the marks an action's latency is measured by come from the `me` view.
    #[test]
    fn reads_a_players_table() {
        let text = r#"{"type":"me","me":{"event":0,"standing":{},"table":{"event":0,"table":3,
            "seats":[null,{"seat":2,"player":7,"name":"a"},{"seat":3,"player":9}],
            "hand":{"number":12,"street":"flop","announcements":[{"kind":"posts"},{"kind":"calls"}]},
            "you":{"player":7,"seat":2,"legal":null},"server_time_ms":1}}}"#;
        let seat = Seat {
            table: 3,
            mark: Some(Mark { hand: 12, said: 2 }),
            over: false,
            legal: None,
        };
        assert_eq!(Follower::default().read(text), Update::Me(Some(seat)));
        let out = r#"{"type":"me","me":{"event":0,"standing":{},"table":null}}"#;
        assert_eq!(Follower::default().read(out), Update::Me(None));
        let refused =
            r#"{"type":"error","error":{"status":409,"code":"not_your_turn","message":"x"}}"#;
        assert_eq!(
            Follower::default().read(refused),
            Update::Refused("not_your_turn".into())
        );
        assert_eq!(
            Follower::default().read("{\"type\":\"summary\"}"),
            Update::Other
        );
        assert_eq!(Follower::default().read("not json"), Update::Other);
    }

    /// A patch (issue 19 item 5) is applied to the last whole view before it is read; a patch
    /// that skips a version is not read.
    #[test]
    fn reads_a_patched_view() {
        let mut f = Follower::default();
        let full = r#"{"type":"me","v":1,"me":{"table":{"table":3,"seats":[{"player":7}],
            "hand":{"number":12,"street":"flop","announcements":[]},"you":null}}}"#;
        assert!(matches!(f.read(full), Update::Me(Some(_))));
        let patch = r#"{"type":"patch","stream":"me","v":2,"ops":[{"op":"add",
            "path":"/table/hand/announcements/0","value":{"kind":"bets"}}]}"#;
        match f.read(patch) {
            Update::Me(Some(seat)) => assert_eq!(seat.mark, Some(Mark { hand: 12, said: 1 })),
            other => panic!("{other:?}"),
        }
        // A patch with null ops or none: nothing applied, and the view and its version kept,
        // so the next patch (version 3) still applies to it.
        for no_ops in [
            r#"{"type":"patch","stream":"me","v":3,"ops":null}"#,
            r#"{"type":"patch","stream":"me","v":3}"#,
        ] {
            assert_eq!(f.read(no_ops), Update::Other, "{no_ops}");
        }
        let next = r#"{"type":"patch","stream":"me","v":3,"ops":[{"op":"add",
            "path":"/table/hand/announcements/1","value":{"kind":"calls"}}]}"#;
        match f.read(next) {
            Update::Me(Some(seat)) => assert_eq!(seat.mark, Some(Mark { hand: 12, said: 2 })),
            other => panic!("{other:?}"),
        }
        // Ops that are not a list: the message is not read at all, the view kept.
        let not_a_list = r#"{"type":"patch","stream":"me","v":4,"ops":5}"#;
        assert_eq!(f.read(not_a_list), Update::Other);
        let next = next.replace("\"v\":3", "\"v\":4").replace("/1", "/2");
        match f.read(&next) {
            Update::Me(Some(seat)) => assert_eq!(seat.mark, Some(Mark { hand: 12, said: 3 })),
            other => panic!("{other:?}"),
        }
        let gap = r#"{"type":"patch","stream":"me","v":6,"ops":[]}"#;
        assert_eq!(f.read(gap), Update::Other);
    }

    /// A player's `me` stream as a server with lean pushes sent it (1,000 players, stress):
    /// whole views, patches, a whole view again and a new hand.
    const RECORDED: &str = include_str!("../../tests/fixtures/me_stream.jsonl");

    /// The reading before the follower kept its own view: `protocol::Follower` and serde.
    fn read_as_before(streams: &mut protocol::Follower, text: &str) -> Update {
        #[derive(Deserialize)]
        struct Incoming {
            #[serde(rename = "type")]
            kind: String,
            error: Option<ErrorLite>,
        }
        match streams.follow(text) {
            Ok(protocol::Taken::State {
                stream: protocol::Stream::Me,
                state,
                ..
            }) => match MeLite::deserialize(state) {
                Ok(me) => Update::Me(me.table.map(TableLite::seat)),
                Err(_) => Update::Other,
            },
            Ok(protocol::Taken::Other(message)) => match Incoming::deserialize(&message) {
                Ok(Incoming {
                    kind,
                    error: Some(error),
                }) if kind == "error" => Update::Refused(error.code),
                _ => Update::Other,
            },
            _ => Update::Other,
        }
    }

    /// Reads `messages` both ways; every update must agree. Returns the updates.
    fn read_both_ways<'a>(messages: impl IntoIterator<Item = &'a str>) -> Vec<Update> {
        let (mut lean, mut before) = (Follower::default(), protocol::Follower::new());
        let mut updates = Vec::new();
        for (i, text) in messages.into_iter().enumerate() {
            let update = lean.read(text);
            assert_eq!(
                update,
                read_as_before(&mut before, text),
                "message {i}: {text}"
            );
            let kept = lean.me.as_ref().map(|(v, state)| (*v, state.to_value()));
            // The lean follower keeps only the parts it reads (`shape.rs`).
            let known = before.version(protocol::Stream::Me).zip(
                before
                    .get(protocol::Stream::Me)
                    .map(|me| kept_of_me(me).to_value()),
            );
            assert_eq!(kept, known, "message {i}");
            updates.push(update);
        }
        updates
    }

    #[test]
    fn reads_a_recorded_stream_as_before() {
        let updates = read_both_ways(RECORDED.lines());
        let seats: Vec<&Seat> = updates
            .iter()
            .filter_map(|u| match u {
                Update::Me(seat) => seat.as_ref(),
                _ => None,
            })
            .collect();
        // The recording is worth comparing: turns, announcements and two hands.
        assert!(seats.iter().filter(|s| s.legal.is_some()).count() >= 2);
        let marks: HashSet<Mark> = seats.iter().filter_map(|s| s.mark).collect();
        assert!(marks.len() > 20);
        assert!(marks.iter().map(|m| m.hand).collect::<HashSet<_>>().len() >= 2);
    }

    /// A gap, a patch that does not apply, ops that are no patch, a message that is no JSON:
    /// each skipped (and the messages after it read) as before. (An op at a part of the view
    /// the bench does not keep is skipped unread, so damage there is not compared.)
    #[test]
    fn reads_a_damaged_stream_as_before() {
        let lines: Vec<&str> = RECORDED.lines().collect();
        let damages: [fn(&str) -> String; 5] = [
            |_| String::new(),
            |t| t.replacen(r#""op":"replace""#, r#""op":"swap""#, 1),
            |t| t.replacen(r#""op":"add""#, r#""op":"remove""#, 1),
            |t| {
                t.replacen(
                    r#""path":"/table/hand/announcements/"#,
                    r#""path":"/table/hand/announcements/0"#,
                    1,
                )
            },
            |t| t.replacen(r#""ops":["#, r#""ops":{"#, 1),
        ];
        for at in [3, 12, 20, 30, 34] {
            for damage in damages {
                let damaged = damage(lines[at]);
                let mut messages = lines.clone();
                messages[at] = &damaged;
                let updates = read_both_ways(messages);
                if damaged != lines[at] {
                    assert_eq!(updates[at], Update::Other, "{damaged}");
                }
            }
            // A message lost: the next patch is a gap.
            let mut messages = lines.clone();
            messages.remove(at);
            assert_eq!(read_both_ways(messages)[at], Update::Other);
        }
    }

    /// A later hand reflects every action of an earlier one; within a hand, more announcements.
    #[test]
    fn marks_order_by_hand_then_announcements() {
        let m = |hand, said| Mark { hand, said };
        assert!(m(3, 9) < m(4, 0));
        assert!(m(4, 2) < m(4, 3));
        assert!(m(4, 3) >= m(4, 3));
    }
}
