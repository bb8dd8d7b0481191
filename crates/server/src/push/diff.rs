//! The RFC 6902 operations (`add`, `remove`, `replace`) from one JSON value to another, as
//! `json_patch::diff` makes them, but for one case it handles badly: a hand history gets its
//! newest hand in front and loses its oldest at the end, which an item-by-item diff turns into
//! a replacement of every hand.

use serde::Serialize;
use serde_json::{Map, Value};

/// One operation. Typed, not a JSON object: each op built as a map made three key strings
/// and a map node, and was written out through `Display` (perf). Written as the map was:
/// `op`, `path`, then `value` when there is one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Op {
    pub op: &'static str,
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
}

/// At most this many items put in front of an array are found as such.
pub(super) const FRONT: usize = 4;

/// The operations taking `before` to `after`, in order.
pub fn diff(before: &Value, after: &Value) -> Vec<Op> {
    let mut ops = Vec::new();
    walk(before, after, &mut String::new(), &mut ops);
    ops
}

pub(super) fn walk(before: &Value, after: &Value, path: &mut String, ops: &mut Vec<Op>) {
    match (before, after) {
        (Value::Object(a), Value::Object(b)) => object(a, b, path, ops),
        (Value::Array(a), Value::Array(b)) => array(a, b, path, ops),
        _ if before == after => {}
        _ => ops.push(op("replace", path, Some(after.clone()))),
    }
}

fn object(a: &Map<String, Value>, b: &Map<String, Value>, path: &mut String, ops: &mut Vec<Op>) {
    for key in a.keys().filter(|k| !b.contains_key(*k)) {
        let len = push(path, key);
        ops.push(op("remove", path, None));
        path.truncate(len);
    }
    for (key, value) in b {
        let len = push(path, key);
        match a.get(key) {
            Some(old) => walk(old, value, path, ops),
            None => ops.push(op("add", path, Some(value.clone()))),
        }
        path.truncate(len);
    }
}

fn array(a: &[Value], b: &[Value], path: &mut String, ops: &mut Vec<Op>) {
    // Items put in front, the rest the old ones in order, perhaps fewer; looked for only when
    // the first item changed (an array that grew at its end, the usual case, is walked at once).
    let moved = matches!((a.first(), b.first()), (Some(x), Some(y)) if x != y);
    let front = (1..=FRONT.min(b.len().saturating_sub(1)))
        .filter(|_| moved)
        .find(|&k| b.len() - k <= a.len() && b[k..] == a[..b.len() - k]);
    if let Some(k) = front {
        for (i, value) in b[..k].iter().enumerate() {
            let len = push(path, &i.to_string());
            ops.push(op("add", path, Some(value.clone())));
            path.truncate(len);
        }
        remove_from(b.len(), a.len() + k, path, ops);
        return;
    }
    for (i, (old, new)) in a.iter().zip(b).enumerate() {
        let len = push(path, &i.to_string());
        walk(old, new, path, ops);
        path.truncate(len);
    }
    for (i, value) in b.iter().enumerate().skip(a.len()) {
        let len = push(path, &i.to_string());
        ops.push(op("add", path, Some(value.clone())));
        path.truncate(len);
    }
    remove_from(b.len(), a.len(), path, ops);
}

/// One operation at `path`: `add` and `replace` with a value, `remove` without.
pub(super) fn op(op: &'static str, path: &str, value: Option<Value>) -> Op {
    Op {
        op,
        path: path.to_owned(),
        value,
    }
}

/// Removes the items from index `keep` of an array `len` long, last first.
fn remove_from(keep: usize, len: usize, path: &mut String, ops: &mut Vec<Op>) {
    for i in (keep..len).rev() {
        let at = push(path, &i.to_string());
        ops.push(op("remove", path, None));
        path.truncate(at);
    }
}

/// Appends a JSON pointer token (RFC 6901: `~` as `~0`, `/` as `~1`); returns the old length.
pub(super) fn push(path: &mut String, token: &str) -> usize {
    let len = path.len();
    path.push('/');
    if token.contains(['~', '/']) {
        path.push_str(&token.replace('~', "~0").replace('/', "~1"));
    } else {
        path.push_str(token);
    }
    len
}

/// The length of a value's JSON, counted as it is written, without keeping it.
pub(super) fn json_len(value: &impl Serialize) -> Option<usize> {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    serde_json::to_writer(&mut count, value).ok()?;
    Some(count.0)
}
