//! Lean pushes (issue 19 item 5): each connection is sent what changed in the streams it
//! follows, not the whole state. Per connection and stream the last value sent is kept with
//! its version; a new state becomes nothing (unchanged), an RFC 6902 patch against that value
//! (`diff.rs`; a watched table is kept typed and diffed part by part, `views.rs`; a player's
//! own page in parts, its table's public part diffed once for the table, `me.rs`), or the full
//! message when the patch is not smaller or nothing was sent before.
//! The socket is ordered and a client that falls behind is closed (outbox.rs), so a patch
//! against the last value sent reaches a client that has it; each message still names its
//! version.

use diff::json_len;
pub use me::{MeParts, OwnCards, SharedTable, TableParts, TablePrivate};
use protocol::{Me, Stream, TableView};
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;
use views::View;

/// What one connection was last sent of each stream: the views typed, the rest as JSON.
#[derive(Debug, Default)]
pub struct Pushed {
    sent: [Option<Sent>; 5],
    me: Option<KeptMe>,
    table: Option<KeptTable>,
}

/// A player's page last sent, in the parts it came in, its history filled in.
#[derive(Debug)]
struct KeptMe {
    v: u64,
    parts: MeParts,
    /// The length of the history's JSON, when known: a page is at least that long.
    history_len: Option<usize>,
}

/// A watched table last sent, with its history filled in when it was left out as unchanged.
#[derive(Debug)]
struct KeptTable {
    v: u64,
    view: TableView,
    /// The length of this stream's last full message counted.
    full_len: usize,
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
            .get_or_insert_with(|| {
                serde_json::to_string(&*self.value)
                    .unwrap_or_default()
                    .into()
            })
            .clone()
    }

    /// The ops from `before` to this state, as JSON text without brackets; `None` when
    /// nothing changed.
    fn ops_from(&mut self, before: &Arc<Value>) -> Option<Arc<str>> {
        if let Some((_, ops)) = self.diffs.iter().find(|(v, _)| Arc::ptr_eq(v, before)) {
            return ops.clone();
        }
        let ops = diff::diff(before, &self.value);
        let ops = (!ops.is_empty())
            .then(|| me::join(&ops))
            .map(Arc::<str>::from);
        self.diffs.push((before.clone(), ops.clone()));
        ops
    }
}

impl Pushed {
    /// Forgets what was sent: the next message of every stream is a full one (a resync).
    pub fn reset(&mut self) {
        *self = Pushed::default();
    }

    /// The message taking this connection to a player's new own view.
    pub fn next_me(&mut self, me: Me) -> Option<Arc<str>> {
        self.next_me_parts(MeParts::whole(me))
    }

    /// The message taking this connection to a player's new page, given in parts: the public
    /// ops are made once per table (`me.rs`), this player's own here.
    pub fn next_me_parts(&mut self, mut new: MeParts) -> Option<Arc<str>> {
        let name = Stream::Me.name();
        // A history in the push is as long as the public one made for it (`SharedTable`).
        let pushed_len = new.table.as_ref().and_then(|t| {
            t.own
                .history
                .as_ref()
                .map(|_| t.public.history_len().or_else(|| json_len(&t.own.history)))
        });
        let Some(KeptMe {
            v,
            parts: old,
            history_len: kept_len,
        }) = self.me.take()
        else {
            let text = full(name, &serde_json::to_string(&new.assemble()).ok()?, 1);
            let history_len = pushed_len.flatten();
            self.me = Some(KeptMe {
                v: 1,
                parts: new,
                history_len,
            });
            return Some(text.into());
        };
        let history_len = match pushed_len {
            Some(len) => len,
            None if old.same_table(&new) => kept_len,
            None => None,
        };
        let ops = match me::ops_between(&old, &new) {
            Some(ops) => ops,
            None => {
                // Another table, or none: the whole pages are diffed.
                let before = old.assemble();
                let after = new.assemble();
                let mut ops = Vec::new();
                if before.ops_to(&after, &mut String::new(), &mut ops).is_err() {
                    // Never (views serialize): the next one goes whole.
                    return None;
                }
                me::join(&ops)
            }
        };
        new.fill_history(old);
        if ops.is_empty() {
            self.me = Some(KeptMe {
                v,
                parts: new,
                history_len,
            });
            return None;
        }
        let v = v + 1;
        let patch = patch(name, v, &ops);
        // A patch shorter than the parts the page holds is shorter than the page; a longer one
        // (a new hand, a new table) goes whole, without counting the page first (perf:
        // counting pages was a fifth of the pushes to players).
        let text = if patch.len() < SMALL_PATCH || new.is_longer_than(patch.len(), history_len) {
            patch
        } else {
            full(name, &serde_json::to_string(&new.assemble()).ok()?, v)
        };
        self.me = Some(KeptMe {
            v,
            parts: new,
            history_len,
        });
        Some(text.into())
    }

    /// The message taking this connection to a watched table's new view.
    pub fn next_table(&mut self, table: TableView) -> Option<Arc<str>> {
        next_table(&mut self.table, table)
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
                let patch = patch(name, v, &ops);
                // A patch this small is smaller than any view: the view is not written out.
                let text = if patch.len() < SMALL_PATCH {
                    patch
                } else {
                    let payload = batch.payload();
                    if patch.len() < full_len(name, payload.len(), v) {
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

/// A patch message of `ops`, JSON text without brackets, put together without formatting (perf:
/// a formatted copy of every player's ops).
fn patch(name: &str, v: u64, ops: &str) -> String {
    let v = v.to_string();
    let parts: [&str; 7] = [
        r#"{"type":"patch","stream":""#,
        name,
        r#"","v":"#,
        &v,
        r#","ops":["#,
        ops,
        "]}",
    ];
    let mut text = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for part in parts {
        text.push_str(part);
    }
    text
}

fn full(name: &str, payload: &str, v: u64) -> String {
    format!(r#"{{"type":"{name}","{name}":{payload},"v":{v}}}"#)
}

/// The length of `full(name, payload, v)` for a payload `payload` bytes long, without making it.
fn full_len(name: &str, payload: usize, v: u64) -> usize {
    r#"{"type":"","":,"v":}"#.len() + 2 * name.len() + payload + v.to_string().len()
}

/// Bytes under which a patch is sent without measuring the full message (a view is several
/// KB; a summary over 200 bytes).
const SMALL_PATCH: usize = 160;

/// The message taking a connection from `kept` to `new` (`None`: unchanged). A table's
/// history left out (`None`: unchanged since the last one sent, as the hub makes it) is the one
/// sent before. A patch is sent when it is shorter than the full message.
fn next_table(kept: &mut Option<KeptTable>, mut new: TableView) -> Option<Arc<str>> {
    let name = Stream::Table.name();
    let Some(old) = kept else {
        let payload = serde_json::to_string(&new).ok()?;
        let text = full(name, &payload, 1);
        *kept = Some(KeptTable {
            v: 1,
            view: new,
            full_len: text.len(),
        });
        return Some(text.into());
    };
    let history = views::take_history_for(&mut old.view, &new);
    let mut ops = Vec::new();
    let diffed = old.view.ops_to(&new, &mut String::new(), &mut ops);
    if history.is_some() {
        new.history = history;
    }
    if diffed.is_err() {
        // Never (views serialize): the next one goes whole.
        *kept = None;
        return None;
    }
    if ops.is_empty() {
        old.view = new;
        return None;
    }
    let v = old.v + 1;
    // A view shrinks only by a remove, a null, or an object or array replaced whole (a new
    // hand in place of a long one).
    let shrinks = ops.iter().any(|op| {
        op.op == "remove"
            || op.value.as_ref().is_some_and(|value| {
                value.is_null() || (op.op == "replace" && (value.is_object() || value.is_array()))
            })
    });
    let patch = patch(name, v, &me::join(&ops));
    // A patch shorter than half the last full message counted is sent as it is, unless the
    // view may have shrunk: counting a view is a fifth of a push (perf).
    let text = if patch.len() < SMALL_PATCH || (patch.len() * 2 < old.full_len && !shrinks) {
        patch
    } else {
        old.full_len = full_len(name, json_len(&new)?, v);
        if patch.len() < old.full_len {
            patch
        } else {
            full(name, &serde_json::to_string(&new).ok()?, v)
        }
    };
    old.v = v;
    old.view = new;
    Some(text.into())
}

mod diff;
mod me;
#[cfg(test)]
mod tests;
mod views;

/// A change as a page is told of it: `{"type":"changed","v":N}`, with what it touched when the
/// page has seen every change before it (`last`, the version it was told before).
pub trait Told: Clone + Send + Sync + 'static {
    fn version(&self) -> u64;
    fn text(&self, last: Option<u64>) -> String;
}

impl Told for u64 {
    fn version(&self) -> u64 {
        *self
    }

    fn text(&self, _last: Option<u64>) -> String {
        format!(r#"{{"type":"changed","v":{self}}}"#)
    }
}

/// What a connection follows: the text to send once something it follows changed, `None`
/// when what it followed is gone. The first comes at once: the page reads what it shows.
pub trait Follow: Send + 'static {
    fn next(&mut self) -> impl Future<Output = Option<String>> + Send;
}

/// Every change counted by one watch (a live table, the cash room for its desk and board).
#[derive(Debug)]
pub struct Watching<T> {
    changes: tokio::sync::watch::Receiver<T>,
    /// What the connection was last told; nothing yet: the first message says all changed.
    last: Option<u64>,
}

impl<T: Told> Watching<T> {
    pub fn new(mut changes: tokio::sync::watch::Receiver<T>) -> Watching<T> {
        changes.mark_changed();
        Watching {
            changes,
            last: None,
        }
    }
}

impl<T: Told> Follow for Watching<T> {
    async fn next(&mut self) -> Option<String> {
        self.changes.changed().await.ok()?;
        let told = self.changes.borrow_and_update().clone();
        let text = told.text(self.last);
        self.last = Some(told.version());
        Some(text)
    }
}
