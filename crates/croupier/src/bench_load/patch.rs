//! A patch's operations (RFC 6902) read from the message text and applied to the kept view
//! with the results of `json_patch::patch`, but cheaper per message (perf, 2,000 players:
//! the client's time went to parsing each patch into a JSON tree, cloning its ops out of it,
//! reading them again as `json_patch` ops, `str::replace` per pointer token and the undo
//! list). Here each op's value is kept as its text and parsed only when the op reaches a part
//! of the view the bench keeps (`shape.rs`), straight into the value the view keeps; a token
//! is unescaped only when it has a `~`; and no undo list is kept, since a patch that does not
//! apply makes the follower forget the view.

use super::shape::Shape;
use super::tree::Pruned;
use super::tree::{self, Node};
use serde::de::{DeserializeSeed, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use std::borrow::Cow;

/// One operation as the message has it.
#[derive(Debug, Deserialize)]
pub struct Op<'a> {
    #[serde(borrow)]
    op: Cow<'a, str>,
    #[serde(borrow)]
    path: Cow<'a, str>,
    #[serde(default)]
    from: Option<String>,
    /// `None` when the op has no `value`; `Some("null")` for `"value":null`.
    #[serde(default, borrow, deserialize_with = "present")]
    value: Option<&'a RawValue>,
}

/// A value's text, present (`Option`'s own reading takes `null` for absent).
pub fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<&'de RawValue>, D::Error> {
    <&RawValue>::deserialize(d).map(Some)
}

/// A patch's ops, `None` for `null`, read into a list sized for a usual patch at once (perf:
/// growing it op by op was 2% of the client's CPU).
pub fn ops<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<Op<'de>>>, D::Error> {
    struct Ops;
    impl<'de> Visitor<'de> for Ops {
        type Value = Option<Vec<Op<'de>>>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a list of patch operations or null")
        }

        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_seq(self)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut ops = Vec::with_capacity(seq.size_hint().unwrap_or(16).min(64));
            while let Some(op) = seq.next_element()? {
                ops.push(op);
            }
            Ok(Some(ops))
        }
    }
    d.deserialize_option(Ops)
}

/// A value's text read into a tree keeping what `shape` keeps.
pub fn read(raw: &RawValue, shape: &Shape) -> Option<Node> {
    let mut de = serde_json::Deserializer::from_str(raw.get());
    Pruned(shape).deserialize(&mut de).ok()
}

/// An operation ready to apply: the three the server sends done here, any other by
/// `json_patch` itself.
#[derive(Debug)]
pub enum Step<'a> {
    Add(Cow<'a, str>, Node),
    Remove(Cow<'a, str>),
    Replace(Cow<'a, str>, Node),
    Other(json_patch::PatchOperation),
}

/// The ops as steps on a view kept in `shape`, or `None` where `json_patch` would not read
/// them as a patch (an unknown op, a missing field, a pointer that is not one): nothing is
/// applied then. An op at a part the shape does not keep is left out.
pub fn steps<'a>(ops: Vec<Op<'a>>, shape: &Shape) -> Option<Vec<Step<'a>>> {
    let mut steps = Vec::with_capacity(ops.len());
    for op in ops {
        if let Some(step) = op.step(shape)? {
            steps.push(step);
        }
    }
    Some(steps)
}

impl<'a> Op<'a> {
    /// `None`: not an op; `Some(None)`: an op at a part not kept.
    fn step(self, root: &Shape) -> Option<Option<Step<'a>>> {
        if !valid(&self.path) {
            return None;
        }
        let kept = || shape_at(root, &self.path);
        match (&*self.op, self.value) {
            ("add" | "replace", Some(raw)) => {
                let Some(shape) = kept() else {
                    return Some(None);
                };
                let value = read(raw, shape)?;
                Some(Some(if self.op == "add" {
                    Step::Add(self.path, value)
                } else {
                    Step::Replace(self.path, value)
                }))
            }
            ("remove", _) => Some(kept().map(|_| Step::Remove(self.path))),
            (op, value) => {
                let mut map = Map::new();
                map.insert("op".into(), op.into());
                map.insert("path".into(), self.path.into());
                if let Some(from) = self.from {
                    map.insert("from".into(), from.into());
                }
                if let Some(raw) = value {
                    map.insert("value".into(), serde_json::from_str(raw.get()).ok()?);
                }
                serde_json::from_value(Value::Object(map))
                    .ok()
                    .map(|op| Some(Step::Other(op)))
            }
        }
    }
}

/// The shape of the part `pointer` (a valid one) names, `None` when it is not kept.
fn shape_at<'s>(root: &'s Shape, pointer: &str) -> Option<&'s Shape> {
    let Some(rest) = pointer.strip_prefix('/') else {
        return Some(root);
    };
    rest.split('/')
        .try_fold(root, |shape, token| shape.below(&unescape(token)))
}

/// Applies `steps` to `doc` in order; `Err` at the first that does not apply (`doc` is then
/// partly patched, and to be forgotten).
pub fn apply(doc: &mut Node, steps: Vec<Step<'_>>) -> Result<(), String> {
    for (i, step) in steps.into_iter().enumerate() {
        let done = match step {
            Step::Add(path, value) => add(doc, &path, value),
            Step::Remove(path) => remove(doc, &path),
            Step::Replace(path, value) => match pointer_mut(doc, &path) {
                Some(target) => {
                    *target = value;
                    Some(())
                }
                None => None,
            },
            Step::Other(op) => {
                // Never sent by the server: done on a `Value`, by `json_patch` itself.
                let mut value = doc.to_value();
                let done = json_patch::patch_unsafe(&mut value, std::slice::from_ref(&op));
                *doc = Node::from_value(value);
                done.ok()
            }
        };
        if done.is_none() {
            return Err(format!("operation {i} does not apply"));
        }
    }
    Ok(())
}

fn add(doc: &mut Node, path: &str, value: Node) -> Option<()> {
    let Some((parent, last)) = path.rsplit_once('/') else {
        // The empty pointer: the whole document.
        *doc = value;
        return Some(());
    };
    match pointer_mut(doc, parent)? {
        Node::Object(members) => tree::insert(members, &unescape(last), value),
        Node::Array(items) => {
            let at = match index(last)? {
                Index::Next => items.len(),
                Index::Num(at) if at <= items.len() => at,
                Index::Num(_) => return None,
            };
            items.insert(at, value);
        }
        _ => return None,
    }
    Some(())
}

fn remove(doc: &mut Node, path: &str) -> Option<()> {
    let (parent, last) = path.rsplit_once('/')?;
    match pointer_mut(doc, parent)? {
        Node::Object(members) => {
            let name = unescape(last);
            let at = members.iter().position(|(k, _)| k.is(&name))?;
            members.swap_remove(at);
            Some(())
        }
        Node::Array(items) => match index(last)? {
            Index::Num(at) if at < items.len() => {
                items.remove(at);
                Some(())
            }
            _ => None,
        },
        _ => None,
    }
}

/// `Value::pointer_mut`, but unescaping only the tokens that need it.
fn pointer_mut<'v>(doc: &'v mut Node, pointer: &str) -> Option<&'v mut Node> {
    if pointer.is_empty() {
        return Some(doc);
    }
    let mut target = doc;
    for token in pointer.strip_prefix('/')?.split('/') {
        target = match target {
            Node::Object(members) => {
                let name = unescape(token);
                let (_, value) = members.iter_mut().find(|(k, _)| k.is(&name))?;
                value
            }
            Node::Array(items) => items.get_mut(array_index(token)?)?,
            _ => return None,
        };
    }
    Some(target)
}

/// An index inside a pointer, as `serde_json` reads one: digits without a sign or a leading 0.
fn array_index(token: &str) -> Option<usize> {
    if token.starts_with('+') || (token.starts_with('0') && token.len() != 1) {
        return None;
    }
    token.parse().ok()
}

enum Index {
    Num(usize),
    /// `-`, past the last item.
    Next,
}

/// The last token of an add's or remove's path into an array, as `jsonptr` reads it.
fn index(token: &str) -> Option<Index> {
    if token == "-" {
        return Some(Index::Next);
    }
    let digits = token.bytes().all(|b| b.is_ascii_digit());
    if !digits || (token.starts_with('0') && token != "0") {
        return None;
    }
    token.parse().ok().map(Index::Num)
}

/// RFC 6901: `~1` is `/`, `~0` is `~`.
fn unescape(token: &str) -> Cow<'_, str> {
    if token.contains('~') {
        Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(token)
    }
}

/// A pointer `jsonptr` accepts: empty, or from a `/`, each `~` followed by `0` or `1`.
fn valid(pointer: &str) -> bool {
    let bytes = pointer.as_bytes();
    if bytes.first().is_some_and(|&b| b != b'/') {
        return false;
    }
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'~' {
            if !matches!(bytes.get(i + 1), Some(b'0' | b'1')) {
                return false;
            }
            i += 1;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::sample::below_u32;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    use serde_json::json;

    /// Tokens that name something in `doc` below, and some that do not or are no index.
    const TOKENS: [&str; 14] = [
        "a", "b", "x~1y", "t~0", "0", "1", "2", "5", "-", "01", "+1", "", "zz", "~2",
    ];

    fn pick<'t, T>(rng: &mut ChaCha8Rng, items: &'t [T]) -> &'t T {
        &items[below_u32(rng, items.len() as u32) as usize]
    }

    fn random_op(rng: &mut ChaCha8Rng) -> Value {
        let depth = below_u32(rng, 4);
        let path: String = (0..depth)
            .map(|_| format!("/{}", pick(rng, &TOKENS)))
            .collect();
        let path = if below_u32(rng, 20) == 0 {
            path.trim_start_matches('/').to_owned()
        } else {
            path
        };
        let ops = ["add", "remove", "replace", "move", "copy", "test", "swap"];
        let mut op = json!({"op": pick(rng, &ops), "path": path});
        let values = [
            json!(1),
            json!(null),
            json!({"a": [1]}),
            json!([0, {"b": 2}]),
        ];
        if below_u32(rng, 5) != 0 {
            op["value"] = pick(rng, &values).clone();
        }
        if below_u32(rng, 2) == 0 {
            op["from"] = json!(format!("/{}", pick(rng, &TOKENS)));
        }
        op
    }

    /// Every patch, whether it applies or not and how it fails, as `json_patch` takes it:
    /// random ops on a document with escaped keys, arrays and nesting.
    #[test]
    fn applies_as_json_patch_does() {
        let doc = json!({"a": {"b": [1, {"a": 2}, [3]], "x/y": 4, "t~": {"": 5}},
            "b": [[0], {"1": 6}], "0": {"-": 7}});
        let mut rng = ChaCha8Rng::seed_from_u64(19);
        let (mut applied, mut refused, mut unread) = (0, 0, 0);
        for _ in 0..20_000 {
            let ops: Vec<Value> = (0..1 + below_u32(&mut rng, 3))
                .map(|_| random_op(&mut rng))
                .collect();
            let text = Value::Array(ops).to_string();
            let expected = serde_json::from_str::<json_patch::Patch>(&text)
                .ok()
                .map(|p| {
                    let mut d = doc.clone();
                    json_patch::patch_unsafe(&mut d, &p).map(|()| d).ok()
                });
            let ops: Vec<Op> = serde_json::from_str(&text).unwrap();
            let got = steps(ops, &Shape::Whole).map(|steps| {
                let mut d = Node::from_value(doc.clone());
                apply(&mut d, steps).map(|()| d.to_value()).ok()
            });
            assert_eq!(got, expected, "{text}");
            match got {
                Some(Some(_)) => applied += 1,
                Some(None) => refused += 1,
                None => unread += 1,
            }
        }
        // Every outcome is met often enough to be compared.
        assert!(
            applied > 500 && refused > 500 && unread > 500,
            "{applied} {refused} {unread}"
        );
    }

    /// Issue 19 item 6: on a view kept in part (`shape.rs`), a patch leaves what `json_patch`
    /// leaves on the whole view, in the parts kept; it refuses as `json_patch` does where
    /// every op is at a part kept (an op at a part not kept is skipped unread).
    #[test]
    fn a_view_kept_in_part_follows_json_patch_in_the_parts_kept() {
        use super::super::shape::ME;
        use super::super::tree::kept_of_me;
        let page = json!({"event": 0, "standing": {"chips": 5},
            "table": {"table": 3, "server_time_ms": 9,
                "seats": [null, {"seat": 2, "player": 7, "cards": ["As", null]}, {"player": 9}],
                "hand": {"number": 12, "street": "flop", "pot": 40,
                    "announcements": [{"kind": "posts"}, {"kind": "calls", "seat": 1}]},
                "you": {"player": 7, "legal": {"hand": 12, "fold": true}},
                "history": [{"number": 11}]}});
        let tokens = [
            "table",
            "seats",
            "hand",
            "announcements",
            "you",
            "legal",
            "player",
            "number",
            "street",
            "standing",
            "cards",
            "history",
            "kind",
            "pot",
            "0",
            "1",
            "2",
            "3",
            "-",
        ];
        let values = [
            json!(1),
            json!(null),
            json!("river"),
            json!({"player": 4, "cards": []}),
            json!({"number": 13, "street": "preflop", "announcements": [{"kind": "x"}]}),
            json!([{"kind": "bets"}, 2]),
            json!({"legal": {"hand": 13}, "seat": 1}),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(20);
        let (mut applied, mut refused) = (0, 0);
        for _ in 0..20_000 {
            let ops: Vec<Value> = (0..1 + below_u32(&mut rng, 3))
                .map(|_| {
                    // Mostly paths the view has, so that ops reach deep and kept parts.
                    let mut path = String::new();
                    let mut at = &page;
                    for _ in 0..1 + below_u32(&mut rng, 5) {
                        let token = match at {
                            Value::Object(m) if below_u32(&mut rng, 4) != 0 => {
                                let keys: Vec<&String> = m.keys().collect();
                                pick(&mut rng, &keys).to_string()
                            }
                            Value::Array(a) if below_u32(&mut rng, 4) != 0 => {
                                below_u32(&mut rng, a.len() as u32 + 1).to_string()
                            }
                            _ => pick(&mut rng, &tokens).to_string(),
                        };
                        at = at
                            .get(&token)
                            .or_else(|| token.parse::<usize>().ok().and_then(|i| at.get(i)))
                            .unwrap_or(&Value::Null);
                        path.push('/');
                        path.push_str(&token);
                    }
                    let op = pick(&mut rng, &["add", "remove", "replace"]);
                    json!({"op": op, "path": path, "value": pick(&mut rng, &values)})
                })
                .collect();
            let text = Value::Array(ops.clone()).to_string();
            let patch: json_patch::Patch = serde_json::from_str(&text).unwrap();
            let mut whole = page.clone();
            let expected = json_patch::patch_unsafe(&mut whole, &patch)
                .map(|()| kept_of_me(&whole).to_value());
            let parsed: Vec<Op> = serde_json::from_str(&text).unwrap();
            let mut doc = kept_of_me(&page);
            let steps = steps(parsed, &ME).expect("every op here is an op");
            let got = apply(&mut doc, steps).map(|()| doc.to_value());
            let all_kept = ops
                .iter()
                .all(|op| shape_at(&ME, op["path"].as_str().unwrap()).is_some());
            match expected {
                Ok(kept) => {
                    applied += 1;
                    assert_eq!(got.ok(), Some(kept), "{text}");
                }
                Err(_) if all_kept => {
                    refused += 1;
                    assert!(got.is_err(), "{text}");
                }
                Err(_) => {}
            }
        }
        assert!(applied > 2_000 && refused > 200, "{applied} {refused}");
    }
}
