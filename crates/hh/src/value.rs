//! The values PHH files hold, and how each is written back as TOML.

use crate::Amount;
use std::fmt;
use toml_writer::{ToTomlKey as _, ToTomlValue as _, TomlKeyBuilder, TomlStringBuilder};

/// One TOML value as PHH keeps it. Numbers stay exact decimals; dates and times stay the
/// text that was written, since nothing here computes with them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    String(String),
    /// An integer or a decimal, exactly as written.
    Number(Amount),
    /// `inf`: in PHH, a stack nobody recorded.
    Infinity,
    Bool(bool),
    /// A date, time or date-time such as `00:00:06` or `2009-07-01`.
    DateTime(String),
    Array(Vec<Value>),
    /// An inline table, a table made by dotted keys or a sub-table, its keys in file order.
    Table(Vec<(String, Value)>),
}

impl Value {
    /// What kind of value this is, for error messages ("a string", "an array").
    pub fn kind(&self) -> &'static str {
        match self {
            Value::String(_) => "a string",
            Value::Number(_) => "a number",
            Value::Infinity => "inf",
            Value::Bool(_) => "a boolean",
            Value::DateTime(_) => "a date or time",
            Value::Array(_) => "an array",
            Value::Table(_) => "a table",
        }
    }
}

impl Value {
    /// A JSON value as PHH writes it (user-defined fields such as Croupier's `_deck_proof`):
    /// `None` for JSON's `null`, which TOML has not (a key without a value is left out).
    pub fn from_json(json: &serde_json::Value) -> Option<Value> {
        use serde_json::Value as J;
        Some(match json {
            J::Null => return None,
            J::Bool(b) => Value::Bool(*b),
            J::Number(n) => Value::Number(n.to_string().parse().ok()?),
            J::String(s) => Value::String(s.clone()),
            J::Array(items) => Value::Array(items.iter().filter_map(Value::from_json).collect()),
            J::Object(map) => Value::Table(
                map.iter()
                    .filter_map(|(k, v)| Some((k.clone(), Value::from_json(v)?)))
                    .collect(),
            ),
        })
    }

    /// The value as JSON (`inf` as `null`, dates and times as their text).
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value as J;
        match self {
            Value::String(s) | Value::DateTime(s) => J::String(s.clone()),
            Value::Number(n) => serde_json::from_str(&n.to_string()).unwrap_or(J::Null),
            Value::Infinity => J::Null,
            Value::Bool(b) => J::Bool(*b),
            Value::Array(items) => J::Array(items.iter().map(Value::to_json).collect()),
            Value::Table(entries) => J::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_json()))
                    .collect(),
            ),
        }
    }
}

/// Writes the value as TOML that [`crate::parse_phh`] reads back to an equal value.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::String(s) => f.write_str(&quote(s)),
            Value::Number(a) => write!(f, "{a}"),
            Value::Infinity => f.write_str("inf"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::DateTime(raw) => f.write_str(raw),
            Value::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
            Value::Table(entries) => {
                f.write_str("{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    f.write_str(if i > 0 { ", " } else { " " })?;
                    write!(f, "{} = {v}", key(k))?;
                }
                f.write_str(if entries.is_empty() { "}" } else { " }" })
            }
        }
    }
}

/// A TOML string for `s`: single-quoted (the PHH dataset's style) when nothing needs
/// escaping, otherwise double-quoted with escapes (tabs too, to keep them visible).
pub(crate) fn quote(s: &str) -> String {
    let string = TomlStringBuilder::new(s);
    match string.as_literal().filter(|_| !s.contains('\t')) {
        Some(literal) => literal.to_toml_value(),
        None => string.as_basic().to_toml_value(),
    }
}

/// A key as TOML writes it: bare when it can be, quoted like a string otherwise.
pub(crate) fn key(k: &str) -> String {
    match TomlKeyBuilder::new(k).as_unquoted() {
        Some(bare) => bare.to_toml_key(),
        None => quote(k),
    }
}
