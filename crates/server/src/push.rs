//! Lean pushes (issue 19 item 5): each connection is sent what changed in the streams it
//! follows, not the whole state. Per connection and stream the last value sent is kept with
//! its version; a new state becomes nothing (unchanged), an RFC 6902 patch against that value
//! (`diff.rs`), or the full message when the patch is not smaller or nothing was sent before.
//! The socket is ordered and a client that falls behind is closed (outbox.rs), so a patch
//! against the last value sent reaches a client that has it; each message still names its
//! version.

use crate::hub::Topics;
use crate::outbox::Outbox;
use crate::room::Room;
use protocol::Stream;
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;

/// What one connection was last sent of each stream.
#[derive(Debug, Default)]
pub struct Pushed {
    sent: [Option<Sent>; 5],
}

#[derive(Debug)]
struct Sent {
    v: u64,
    value: Arc<Value>,
}

/// A stream's new state, to push to many connections: its text and each patch are made once
/// for every connection that was sent the same value before.
#[derive(Debug)]
pub struct Batch {
    stream: Stream,
    value: Arc<Value>,
    payload: Option<Arc<str>>,
    /// The ops text from each earlier value seen (`None`: unchanged), kept with that value so
    /// that it is compared by identity while alive.
    diffs: Vec<(Arc<Value>, Option<Arc<str>>)>,
}

impl Batch {
    pub fn new(stream: Stream, value: Value) -> Batch {
        Batch {
            stream,
            value: Arc::new(value),
            payload: None,
            diffs: Vec::new(),
        }
    }

    /// A batch of a serializable state; `None` if it does not serialize (it always does).
    pub fn of(stream: Stream, state: &impl Serialize) -> Option<Batch> {
        serde_json::to_value(state)
            .ok()
            .map(|value| Batch::new(stream, value))
    }

    fn payload(&mut self) -> Arc<str> {
        self.payload
            .get_or_insert_with(|| self.value.to_string().into())
            .clone()
    }

    /// The ops from `before` to this state, as JSON text; `None` when nothing changed.
    fn ops_from(&mut self, before: &Arc<Value>) -> Option<Arc<str>> {
        if let Some((_, ops)) = self.diffs.iter().find(|(v, _)| Arc::ptr_eq(v, before)) {
            return ops.clone();
        }
        let ops = diff::diff(before, &self.value);
        let ops = (!ops.is_empty())
            .then(|| Value::Array(ops).to_string())
            .map(Arc::<str>::from);
        self.diffs.push((before.clone(), ops.clone()));
        ops
    }
}

impl Pushed {
    /// Forgets what was sent: the next message of every stream is a full one (a resync).
    pub fn reset(&mut self) {
        self.sent = Default::default();
    }

    /// The summary, seating and standings of `room` that `wanted` asks for, queued on `tx`.
    pub fn send_topics(&mut self, tx: &Outbox, room: &Room, wanted: Topics, now: u64) {
        for mut batch in topics(room, wanted, now).into_iter().flatten() {
            if let Some(text) = self.next_in(&mut batch) {
                tx.send(text);
            }
        }
    }

    /// The message for one connection's new state of `stream`. A table's history left out
    /// (`null`: unchanged since the last one sent, as the hub makes it) is the one sent before.
    pub fn next(&mut self, stream: Stream, value: Value) -> Option<Arc<str>> {
        // The history is moved out of what was sent and back in after, not copied: both
        // sides are compared without it (it is unchanged), which is most of a view.
        let path = history_path(stream);
        let moved = match (&mut self.sent[stream.index()], path) {
            (Some(sent), Some((_, history))) if history_left_out(stream, &sent.value, &value) => {
                Arc::make_mut(&mut sent.value)
                    .pointer_mut(history)
                    .map(std::mem::take)
            }
            _ => None,
        };
        let text = self.next_in(&mut Batch::new(stream, value));
        let (Some(history), Some((_, at)), Some(sent)) =
            (moved, path, self.sent[stream.index()].as_mut())
        else {
            return text;
        };
        let kept = Arc::make_mut(&mut sent.value);
        if let Some(slot) = kept.pointer_mut(at) {
            *slot = history;
        }
        // A full message (rare: a patch as long) carries the history too.
        match text {
            Some(text) if !text.starts_with(r#"{"type":"patch""#) => {
                Some(full(stream.name(), &kept.to_string(), sent.v).into())
            }
            other => other,
        }
    }

    /// The message taking this connection to the batch's state.
    pub fn next_in(&mut self, batch: &mut Batch) -> Option<Arc<str>> {
        let name = batch.stream.name();
        let slot = &mut self.sent[batch.stream.index()];
        let (v, text) = match slot {
            Some(sent) => {
                let Some(ops) = batch.ops_from(&sent.value) else {
                    // Share the equal value, so that the next batch finds it by identity.
                    sent.value = batch.value.clone();
                    return None;
                };
                let v = sent.v + 1;
                let patch = format!(r#"{{"type":"patch","stream":"{name}","v":{v},"ops":{ops}}}"#);
                // A patch this small is smaller than any view: the view is not written out.
                let text = if patch.len() < SMALL_PATCH {
                    patch
                } else {
                    let payload = batch.payload();
                    if patch.len() < full_len(name, &payload, v) {
                        patch
                    } else {
                        full(name, &payload, v)
                    }
                };
                (v, text)
            }
            None => (1, full(name, &batch.payload(), 1)),
        };
        *slot = Some(Sent {
            v,
            value: batch.value.clone(),
        });
        Some(text.into())
    }
}

fn full(name: &str, payload: &str, v: u64) -> String {
    format!(r#"{{"type":"{name}","{name}":{payload},"v":{v}}}"#)
}

/// The length of `full(name, payload, v)`, without making it.
fn full_len(name: &str, payload: &str, v: u64) -> usize {
    r#"{"type":"","":,"v":}"#.len() + 2 * name.len() + payload.len() + v.to_string().len()
}

/// Bytes under which a patch is sent without measuring the full message (a view is several
/// KB; a summary over 200 bytes).
const SMALL_PATCH: usize = 160;

/// Where a stream's table number and history are: a table's history is left out (`null`) by
/// the hub when unchanged since the last one sent.
fn history_path(stream: Stream) -> Option<(&'static str, &'static str)> {
    match stream {
        Stream::Me => Some(("/table/table", "/table/history")),
        Stream::Table => Some(("/table", "/history")),
        _ => None,
    }
}

/// Whether `value` left out the history `before` has, for the same table.
fn history_left_out(stream: Stream, before: &Value, value: &Value) -> bool {
    let Some((table, history)) = history_path(stream) else {
        return false;
    };
    before.pointer(table).is_some()
        && before.pointer(table) == value.pointer(table)
        && value.pointer(history) == Some(&Value::Null)
        && before.pointer(history).is_some_and(|h| !h.is_null())
}

/// The summary, seating and standings of a room, each only when wanted, in the order of
/// `Topics::as_array`.
pub fn topics(room: &Room, wanted: Topics, now: u64) -> [Option<Batch>; 3] {
    [
        wanted
            .summary
            .then(|| Batch::of(Stream::Summary, &room.summary(now)))
            .flatten(),
        wanted
            .seating
            .then(|| Batch::of(Stream::Seating, &room.seating()))
            .flatten(),
        wanted
            .standings
            .then(|| Batch::of(Stream::Standings, &room.standings()))
            .flatten(),
    ]
}

mod diff;
#[cfg(test)]
mod tests;
