//! Reading a client's JSON strictly: a field a command does not take is refused, also where
//! serde would pass over it (a unit variant of an internally tagged enum ignores every other
//! field, so `{"type":"cash_out","guest":1}` read as the caller's own cash-out; issue 33 item 7).

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// `text` as a `T`, refused when it has a field the `T` read from it does not carry (a field
/// given as `null` is an absent option).
pub fn from_json_strict<T: DeserializeOwned + Serialize>(text: &[u8]) -> Result<T, String> {
    let value: Value = serde_json::from_slice(text).map_err(|e| e.to_string())?;
    let read: T = serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
    let back = serde_json::to_value(&read).map_err(|e| e.to_string())?;
    match unknown(&value, &back, "") {
        Some(path) => Err(format!(
            "unknown field `{path}`: this request does not take it"
        )),
        None => Ok(read),
    }
}

/// The first field of `asked` that `read` lacks, by its path.
fn unknown(asked: &Value, read: &Value, at: &str) -> Option<String> {
    match (asked, read) {
        (Value::Object(asked), Value::Object(read)) => asked.iter().find_map(|(key, value)| {
            let path = if at.is_empty() {
                key.clone()
            } else {
                format!("{at}.{key}")
            };
            match read.get(key) {
                Some(inner) => unknown(value, inner, &path),
                None if value.is_null() => None,
                None => Some(path),
            }
        }),
        (Value::Array(asked), Value::Array(read)) if asked.len() == read.len() => asked
            .iter()
            .zip(read)
            .enumerate()
            .find_map(|(i, (a, r))| unknown(a, r, &format!("{at}[{i}]"))),
        _ => None,
    }
}
