//! Following the server's streams from its messages: full ones replace a stream's state,
//! patches change it (issue 19 item 5). For Rust clients: tests and `croupier bench load`.

use crate::message::Stream;
use serde_json::{Value, json};

/// The current state of every stream a connection follows, with its version.
#[derive(Clone, Debug, Default)]
pub struct Follower {
    streams: [Option<(u64, Value)>; 5],
}

/// One message taken by a [`Follower`].
#[derive(Debug)]
pub enum Taken<'a> {
    /// A stream's state after a full message or a patch, and its version.
    State {
        stream: Stream,
        v: u64,
        state: &'a Value,
    },
    /// Any other message, as sent.
    Other(Value),
}

#[derive(Debug, thiserror::Error)]
pub enum FollowError {
    #[error("not a JSON message: {0}")]
    NotJson(String),
    #[error("a patch of {stream:?} to version {got}, but this client has {have:?}")]
    Gap {
        stream: Stream,
        have: Option<u64>,
        got: u64,
    },
    #[error("a patch of {stream:?} that does not apply: {detail}")]
    BadPatch { stream: Stream, detail: String },
}

impl Follower {
    pub fn new() -> Follower {
        Follower::default()
    }

    /// Takes one text message of the server. Returns the message as if it had been sent whole:
    /// a patch becomes its stream's full message (`{"type":"me","me":{...},"v":n}`), any other
    /// message comes back as it is. After an error the stream is unknown until its next full
    /// message (send `ClientMessage::Resync`).
    pub fn take(&mut self, text: &str) -> Result<Value, FollowError> {
        Ok(match self.follow(text)? {
            Taken::State { stream, v, state } => {
                let name = stream.name();
                json!({ "type": name, name: state, "v": v })
            }
            Taken::Other(message) => message,
        })
    }

    /// Takes one text message of the server, as [`Follower::take`], but lends the stream's new
    /// state instead of copying it into a message: what a client reads many of (the bench).
    pub fn follow(&mut self, text: &str) -> Result<Taken<'_>, FollowError> {
        let mut message: Value =
            serde_json::from_str(text).map_err(|e| FollowError::NotJson(e.to_string()))?;
        let kind = message["type"].as_str().unwrap_or_default();
        if kind == "patch" {
            return self.patch(&message);
        }
        let Some(stream) = Stream::from_name(kind) else {
            return Ok(Taken::Other(message));
        };
        let v = message["v"].as_u64().unwrap_or(0);
        let state = message[stream.name()].take();
        let (_, state) = self.streams[stream.index()].insert((v, state));
        Ok(Taken::State { stream, v, state })
    }

    fn patch(&mut self, message: &Value) -> Result<Taken<'_>, FollowError> {
        let stream: Stream = serde_json::from_value(message["stream"].clone())
            .map_err(|e| FollowError::NotJson(format!("a patch's stream: {e}")))?;
        let got = message["v"].as_u64().unwrap_or(0);
        let slot = &mut self.streams[stream.index()];
        let have = slot.as_ref().map(|(v, _)| *v);
        if have.and_then(|v| v.checked_add(1)) != Some(got) {
            *slot = None;
            return Err(FollowError::Gap { stream, have, got });
        }
        let ops: json_patch::Patch = serde_json::from_value(message["ops"].clone())
            .map_err(|e| FollowError::NotJson(format!("a patch's ops: {e}")))?;
        let applied = match slot.as_mut() {
            // A patch that fails drops the state below, so nothing needs undoing (and
            // `json_patch::patch`'s undo panics on some patches that fail partway).
            Some((v, value)) => json_patch::patch_unsafe(value, &ops).map(|()| *v = got),
            None => return Err(FollowError::Gap { stream, have, got }),
        };
        if let Err(e) = applied {
            *slot = None;
            return Err(FollowError::BadPatch {
                stream,
                detail: e.to_string(),
            });
        }
        let state = slot.as_ref().map_or(&Value::Null, |(_, value)| value);
        Ok(Taken::State {
            stream,
            v: got,
            state,
        })
    }

    /// A stream's current state (the payload of its full message), if known.
    pub fn get(&self, stream: Stream) -> Option<&Value> {
        self.streams[stream.index()]
            .as_ref()
            .map(|(_, value)| value)
    }

    /// A stream's current version, if known.
    pub fn version(&self, stream: Stream) -> Option<u64> {
        self.streams[stream.index()].as_ref().map(|(v, _)| *v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 19 item 5: a patch applies to the version it names, and only to that one.
    #[test]
    fn follows_full_messages_and_patches() {
        let mut f = Follower::new();
        let full = r#"{"type":"me","me":{"a":1,"b":[1,2]},"v":1}"#;
        assert_eq!(f.take(full).unwrap()["me"], json!({"a":1,"b":[1,2]}));
        let patch = r#"{"type":"patch","stream":"me","v":2,"ops":[
            {"op":"replace","path":"/a","value":5},{"op":"remove","path":"/b/1"},
            {"op":"add","path":"/c","value":"x"}]}"#;
        let message = f.take(patch).unwrap();
        assert_eq!(
            message,
            json!({"type":"me","me":{"a":5,"b":[1],"c":"x"},"v":2})
        );
        assert_eq!(f.version(Stream::Me), Some(2));
        assert_eq!(f.get(Stream::Table), None);
    }

    #[test]
    fn a_gap_is_an_error_and_forgets_the_stream() {
        let mut f = Follower::new();
        f.take(r#"{"type":"summary","summary":{"a":1},"v":3}"#)
            .unwrap();
        let skip = r#"{"type":"patch","stream":"summary","v":5,"ops":[]}"#;
        assert!(matches!(
            f.take(skip),
            Err(FollowError::Gap {
                have: Some(3),
                got: 5,
                ..
            })
        ));
        assert_eq!(f.get(Stream::Summary), None);
        let next = r#"{"type":"patch","stream":"summary","v":4,"ops":[]}"#;
        assert!(matches!(
            f.take(next),
            Err(FollowError::Gap { have: None, .. })
        ));
    }

    #[test]
    fn a_patch_that_does_not_apply_is_an_error() {
        let mut f = Follower::new();
        f.take(r#"{"type":"table","table":{"a":1},"v":1}"#).unwrap();
        let bad = r#"{"type":"patch","stream":"table","v":2,"ops":[{"op":"remove","path":"/zz"}]}"#;
        assert!(matches!(f.take(bad), Err(FollowError::BadPatch { .. })));
        assert!(matches!(f.take("nope"), Err(FollowError::NotJson(_))));
    }

    #[test]
    fn other_messages_pass_through() {
        let mut f = Follower::new();
        let error =
            r#"{"type":"error","error":{"status":400,"code":"x","message":"m","rule":null}}"#;
        assert_eq!(f.take(error).unwrap()["error"]["code"], "x");
    }
}
