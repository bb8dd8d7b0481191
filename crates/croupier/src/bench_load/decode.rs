//! The one place where the bench reads what the server sends. Everything else in `bench load`
//! sees an [`Update`]; a server that sends patches (issue 19 item 5) is followed here alone.

use protocol::{EntryId, Legal, Stream, Taken};
use serde::Deserialize;

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
    /// The players seated at the table.
    pub seated: Vec<EntryId>,
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
/// patches of them (issue 19 item 5) applied by `protocol`'s follower. A server before lean
/// pushes sends whole views only, which the follower passes through.
#[derive(Default)]
pub struct Follower {
    streams: protocol::Follower,
}

impl Follower {
    /// What the message `text` meant.
    pub fn read(&mut self, text: &str) -> Update {
        // A gap or a patch that does not apply is skipped: the socket is ordered, so it does
        // not happen unless the server is wrong, and then the player stops acting and shows
        // as unanswered.
        // The view is read where the follower keeps it, not copied out: the client's CPU
        // is shared with the server under test.
        match self.streams.follow(text) {
            Ok(Taken::State {
                stream: Stream::Me,
                state,
                ..
            }) => match MeLite::deserialize(state) {
                Ok(me) => Update::Me(me.table.map(TableLite::seat)),
                Err(_) => Update::Other,
            },
            Ok(Taken::Other(message)) => match Incoming::deserialize(&message) {
                Ok(Incoming {
                    kind,
                    error: Some(error),
                }) if kind == "error" => Update::Refused(error.code),
                _ => Update::Other,
            },
            _ => Update::Other,
        }
    }
}

/// The parts of an event's summary the bench reads. Only these, so that a baseline server
/// from before a field was added (`live`, issue 17) is still measured.
#[derive(Debug, Deserialize)]
pub struct SummaryLite {
    pub started: bool,
    pub players_left: u32,
    pub tables: u32,
}

/// The parts of a server message the players read; the rest is skipped unparsed.
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    error: Option<ErrorLite>,
}

#[derive(Deserialize)]
struct MeLite {
    table: Option<TableLite>,
}

#[derive(Deserialize)]
struct TableLite {
    table: u32,
    seats: Vec<Option<SeatLite>>,
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
            seated: self.seats.iter().flatten().map(|s| s.player).collect(),
            legal: self.you.and_then(|y| y.legal),
        }
    }
}

#[derive(Deserialize)]
struct SeatLite {
    player: EntryId,
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
    use super::*;

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
            seated: vec![engine::PlayerId(7), engine::PlayerId(9)],
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
        let gap = r#"{"type":"patch","stream":"me","v":4,"ops":[]}"#;
        assert_eq!(f.read(gap), Update::Other);
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
