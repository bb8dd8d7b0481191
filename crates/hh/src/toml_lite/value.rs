//! The values PHH files hold, and how each is written back as TOML.

use crate::Amount;
use std::fmt::{self, Write as _};

/// One TOML value of the subset PHH uses. Numbers stay exact decimals; dates and times
/// stay the text that was written, since nothing here computes with them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    String(String),
    /// An integer or a decimal, exactly as written.
    Number(Amount),
    /// `inf`: in PHH, a stack nobody recorded.
    Infinity,
    Bool(bool),
    /// A bare local date, time or date-time such as `00:00:06` or `2009-07-01`.
    DateTime(String),
    Array(Vec<Value>),
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
        }
    }
}

/// A TOML string for `s`: single-quoted (the PHH dataset's style) when nothing needs
/// escaping, otherwise double-quoted with escapes (tabs too, to keep them visible).
pub(crate) fn quote(s: &str) -> String {
    let literal_ok = !s.contains('\'') && !s.chars().any(char::is_control);
    if literal_ok {
        return format!("'{s}'");
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                // Writing to a String cannot fail.
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A key as TOML writes it: bare when it can be, quoted otherwise.
pub(crate) fn key(k: &str) -> String {
    if !k.is_empty() && k.chars().all(is_bare_key_char) {
        k.to_owned()
    } else {
        quote(k)
    }
}

pub(crate) fn is_bare_key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}
