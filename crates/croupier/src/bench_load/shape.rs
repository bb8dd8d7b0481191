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
//! The shapes are read into nodes by `tree::Pruned`.

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
pub(super) const TABLE: Shape =
    Shape::Members(&[("table", Shape::Whole), ("hand", HAND), ("you", YOU)]);
pub(super) const HAND: Shape = Shape::Members(&[
    ("number", Shape::Whole),
    ("street", Shape::Whole),
    ("announcements", Shape::Items(&Shape::Mark)),
]);
pub(super) const YOU: Shape = Shape::Members(&[("legal", Shape::Whole)]);

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
