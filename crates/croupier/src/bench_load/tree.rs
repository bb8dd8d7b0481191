//! The kept view as a lean JSON tree: a `serde_json::Value` with each object's members in one
//! vector, their names in place, found by comparing names, instead of a B-tree of separately
//! allocated keys. With
//! thousands of views kept, each patch's path lookups missed the cache on every key compared
//! (perf: `Value::pointer_mut`, `memcmp`, `BTreeMap::get`), and building and dropping the
//! B-trees was much of the rest. Converts to and from `Value` exactly.

use super::shape::Shape;
use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::{Map, Number, Value};
use std::fmt;

#[derive(Clone, Debug, Default, PartialEq)]
pub enum Node {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(Box<str>),
    Array(Vec<Node>),
    /// Members in no order; a name at most once.
    Object(Vec<(Key, Node)>),
}

/// A member's name: in place up to [`SHORT`] bytes (every name of a view), else on the heap.
#[derive(Clone, Debug, PartialEq)]
pub enum Key {
    Short { len: u8, bytes: [u8; SHORT] },
    Long(Box<str>),
}

pub const SHORT: usize = 22;

impl Key {
    pub fn new(name: &str) -> Key {
        match u8::try_from(name.len()) {
            Ok(len) if name.len() <= SHORT => {
                let mut bytes = [0; SHORT];
                bytes[..name.len()].copy_from_slice(name.as_bytes());
                Key::Short { len, bytes }
            }
            _ => Key::Long(name.into()),
        }
    }

    pub fn is(&self, name: &str) -> bool {
        self.as_bytes() == name.as_bytes()
    }

    fn as_bytes(&self) -> &[u8] {
        match self {
            Key::Short { len, bytes } => &bytes[..usize::from(*len)],
            Key::Long(name) => name.as_bytes(),
        }
    }

    fn to_name(&self) -> String {
        // Always UTF-8: made from a `&str`.
        String::from_utf8_lossy(self.as_bytes()).into_owned()
    }
}

impl Node {
    /// The member `name` of an object.
    pub fn get(&self, name: &str) -> Option<&Node> {
        match self {
            Node::Object(members) => members.iter().find(|(k, _)| k.is(name)).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Node::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Node]> {
        match self {
            Node::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Node::Object(_))
    }

    pub fn to_value(&self) -> Value {
        match self {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(*b),
            Node::Number(n) => Value::Number(n.clone()),
            Node::String(s) => Value::String(s.to_string()),
            Node::Array(items) => Value::Array(items.iter().map(Node::to_value).collect()),
            Node::Object(members) => Value::Object(
                members
                    .iter()
                    .map(|(k, v)| (k.to_name(), v.to_value()))
                    .collect::<Map<_, _>>(),
            ),
        }
    }

    pub fn from_value(value: Value) -> Node {
        match value {
            Value::Null => Node::Null,
            Value::Bool(b) => Node::Bool(b),
            Value::Number(n) => Node::Number(n),
            Value::String(s) => Node::String(s.into()),
            Value::Array(items) => Node::Array(items.into_iter().map(Node::from_value).collect()),
            Value::Object(map) => Node::Object(
                map.into_iter()
                    .map(|(k, v)| (Key::new(&k), Node::from_value(v)))
                    .collect(),
            ),
        }
    }
}

/// Sets member `name` of `members`, as `Map::insert` does (a name read twice: the last value).
pub fn insert(members: &mut Vec<(Key, Node)>, name: &str, value: Node) {
    match members.iter_mut().find(|(k, _)| k.is(name)) {
        Some((_, old)) => *old = value,
        None => members.push((Key::new(name), value)),
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Node, D::Error> {
        d.deserialize_any(NodeVisitor(&Shape::Whole))
    }
}

/// What `Value`'s own visitor makes of each input, into a [`Node`], keeping of an object or
/// an array what its shape keeps (`shape.rs`).
pub struct NodeVisitor<'s>(pub &'s Shape);

impl<'de> Visitor<'de> for NodeVisitor<'_> {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Node, E> {
        Ok(Node::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Node, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Node, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_f64<E>(self, f: f64) -> Result<Node, E> {
        Ok(Number::from_f64(f).map_or(Node::Null, Node::Number))
    }

    fn visit_str<E>(self, s: &str) -> Result<Node, E> {
        Ok(Node::String(s.into()))
    }

    fn visit_string<E>(self, s: String) -> Result<Node, E> {
        Ok(Node::String(s.into()))
    }

    fn visit_none<E>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let item = match self.0 {
            Shape::Items(item) => item,
            Shape::Members(_) => {
                // Not the kind the shape keeps: not kept (`shape.rs`).
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                return Ok(Node::Null);
            }
            _ => &Shape::Whole,
        };
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element_seed(Pruned(item))? {
            items.push(item);
        }
        Ok(Node::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        if let Shape::Items(_) = self.0 {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            return Ok(Node::Null);
        }
        let shape = self.0;
        let mut members = Vec::new();
        while let Some(name) = map.next_key::<Name>()? {
            match shape.below(&name.0) {
                Some(below) => {
                    let value = map.next_value_seed(Pruned(below))?;
                    insert(&mut members, &name.0, value);
                }
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Node::Object(members))
    }
}

/// A member's name, borrowed from the text where it can be.
struct Name<'a>(std::borrow::Cow<'a, str>);

impl<'de> Deserialize<'de> for Name<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Name<'de>, D::Error> {
        struct NameVisitor;
        impl<'de> Visitor<'de> for NameVisitor {
            type Value = Name<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string key")
            }
            fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Name<'de>, E> {
                Ok(Name(s.into()))
            }
            fn visit_str<E>(self, s: &str) -> Result<Name<'de>, E> {
                Ok(Name(s.to_owned().into()))
            }
        }
        d.deserialize_str(NameVisitor)
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
pub fn kept_of_me(me: &Value) -> Node {
    let text = me.to_string();
    let mut de = serde_json::Deserializer::from_str(&text);
    Pruned(&super::shape::ME)
        .deserialize(&mut de)
        .expect("a view read back")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Read from text, a tree is the `Value` serde_json reads, duplicate names and all.
    #[test]
    fn reads_as_serde_json_does() {
        let text = r#"{"b":[1,-2,3.5,1e300,"s\u00e9",null,true,{}],"a":{"x":1,"x":2},"":[]}"#;
        let node: Node = serde_json::from_str(text).unwrap();
        let value: Value = serde_json::from_str(text).unwrap();
        assert_eq!(node.to_value(), value);
        assert_eq!(Node::from_value(value.clone()).to_value(), value);
        assert_eq!(
            node.get("a").and_then(|a| a.get("x")),
            Some(&Node::Number(2.into()))
        );
        let long = "a name longer than twenty-two bytes";
        let named = json!({ long: 1, "short": 2 });
        assert_eq!(Node::from_value(named.clone()).to_value(), named);
        let nested = json!({"k": [{"n": 18446744073709551615u64}]});
        assert_eq!(Node::from_value(nested.clone()).to_value(), nested);
    }
}

#[cfg(test)]
mod pruned_tests {
    use super::super::shape::{HAND, ME, Shape, TABLE, YOU};
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
