//! The parts of a player's page the bench keeps: what `decode::seat_of` reads (the table's
//! number, the hand's number, street and count of announcements, the legal actions), and
//! nothing else. Why: every simulated player kept the whole page as a tree and parsed every
//! op's value into one; at 3,000 players the client spent about half its CPU parsing and
//! patching parts it never read, and its trees' memory grew by some 170 MB in the first hand,
//! page faults that the server under test waited behind (perf). An op at a part not kept is
//! skipped unread; ops at kept parts apply as `json_patch` applies them (`patch.rs`).
//! A page shaped otherwise than the server makes it (an object where an array is kept), or a
//! `move`, `copy` or `test` op (never sent), is not followed exactly: the bench measures the
//! server, and the protocol's own tests (`protocol::Follower`, `push/tests.rs`) check patches.

use super::tree::{Node, NodeVisitor};
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny};

/// What of a value is kept.
#[derive(Debug, PartialEq)]
pub enum Shape {
    /// All of it.
    Whole,
    /// Only that it is there, as null (an announcement: only their count is read).
    Mark,
    /// An object's listed members. An array found instead is not kept (null), so that what
    /// is kept of a value never depends on the ops that made it; a number, string or null is.
    Members(&'static [(&'static str, Shape)]),
    /// An array's items, each of this shape; an object found instead is not kept (null).
    Items(&'static Shape),
}

/// A `me` view: the table the player sits at.
pub const ME: Shape = Shape::Members(&[("table", TABLE)]);
const TABLE: Shape = Shape::Members(&[("table", Shape::Whole), ("hand", HAND), ("you", YOU)]);
const HAND: Shape = Shape::Members(&[
    ("number", Shape::Whole),
    ("street", Shape::Whole),
    ("announcements", Shape::Items(&Shape::Mark)),
]);
const YOU: Shape = Shape::Members(&[("legal", Shape::Whole)]);

impl Shape {
    /// The shape of the member or item `token` (unescaped) of a value of this shape; `None`
    /// when it is not kept.
    pub fn below(&self, token: &str) -> Option<&Shape> {
        match self {
            Shape::Whole => Some(&Shape::Whole),
            Shape::Mark => None,
            Shape::Members(members) => members.iter().find(|(n, _)| *n == token).map(|(_, s)| s),
            Shape::Items(item) => Some(item),
        }
    }
}

/// Reads a value into a [`Node`], keeping only what `0` keeps; the rest is skipped unbuilt.
#[derive(Clone, Copy)]
pub struct Pruned<'s>(pub &'s Shape);

impl<'de> DeserializeSeed<'de> for Pruned<'_> {
    type Value = Node;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        match self.0 {
            Shape::Mark => d.deserialize_ignored_any(IgnoredAny).map(|_| Node::Null),
            shape => d.deserialize_any(NodeVisitor(shape)),
        }
    }
}

/// What the bench keeps of a `me` view given whole, for the tests that compare it with one
/// followed in full.
#[cfg(test)]
pub fn kept_of_me(me: &serde_json::Value) -> Node {
    let text = me.to_string();
    let mut de = serde_json::Deserializer::from_str(&text);
    Pruned(&ME).deserialize(&mut de).expect("a view read back")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pruned(shape: &Shape, text: &str) -> Node {
        let mut de = serde_json::Deserializer::from_str(text);
        Pruned(shape).deserialize(&mut de).unwrap()
    }

    /// Issue 19 item 6: the bench keeps what it reads of a page and drops the rest.
    #[test]
    fn keeps_what_the_bench_reads() {
        let page = json!({"event": 0, "standing": {"chips": 5},
            "table": {"event": 0, "table": 3, "server_time_ms": 9,
                "seats": [null, {"seat": 2, "player": 7, "cards": ["As", null]}],
                "hand": {"number": 12, "street": "flop", "pot": 40,
                    "announcements": [{"kind": "posts"}, {"kind": "calls"}]},
                "you": {"player": 7, "legal": {"hand": 12, "fold": true}},
                "history": [{"number": 11}]}});
        let kept = json!({"table": {"table": 3,
            "hand": {"number": 12, "street": "flop", "announcements": [null, null]},
            "you": {"legal": {"hand": 12, "fold": true}}}});
        assert_eq!(pruned(&ME, &page.to_string()).to_value(), kept);
        // An array or object where the shape keeps the other is not kept; a scalar is.
        assert_eq!(pruned(&ME, "[1,{\"a\":2}]"), Node::Null);
        assert_eq!(pruned(&YOU, "7"), Node::Number(7.into()));
        assert_eq!(pruned(&Shape::Items(&YOU), "{\"legal\":7}"), Node::Null);
        assert_eq!(pruned(&Shape::Mark, "{\"a\":[1]}"), Node::Null);
        assert_eq!(ME.below("table"), Some(&TABLE));
        assert_eq!(ME.below("standing"), None);
        assert_eq!(TABLE.below("seats"), None);
        assert_eq!(
            HAND.below("announcements").and_then(|a| a.below("3")),
            Some(&Shape::Mark)
        );
        assert_eq!(Shape::Mark.below("kind"), None);
    }
}
