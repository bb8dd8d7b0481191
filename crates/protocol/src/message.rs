//! WebSocket messages and the API's error body.

use crate::command::PlayerAction;
use crate::view::{EventSummary, Me, Seating, Standings, TableView};
use serde::{Deserialize, Serialize};

/// Sent by the server: the new state of whatever the client follows, after every change.
///
/// Each of the five streams (`me`, `table`, `summary`, `seating`, `standings`) is numbered per
/// connection: a full message carries its version `v` (from 1), and a [`ServerMessage::Patch`]
/// takes version `v - 1` of its stream to `v`. A full message comes first, then patches, or
/// another full message when the patch would not be smaller. A client that misses a version
/// sends [`ClientMessage::Resync`]. [`crate::Follower`] does this for Rust clients.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    Summary {
        summary: Box<EventSummary>,
        /// The stream's version; 0 from a server before versions.
        #[serde(default)]
        v: u64,
    },
    Table {
        table: Box<TableView>,
        #[serde(default)]
        v: u64,
    },
    Seating {
        seating: Seating,
        #[serde(default)]
        v: u64,
    },
    Standings {
        standings: Standings,
        #[serde(default)]
        v: u64,
    },
    /// A player's own entry and table.
    Me {
        me: Box<Me>,
        #[serde(default)]
        v: u64,
    },
    /// What changed in one stream: RFC 6902 operations (`add`, `remove`, `replace`) to apply in
    /// order to version `v - 1` of `stream` (the payload of its full message, e.g. the `me`
    /// object), giving version `v`.
    Patch {
        stream: Stream,
        v: u64,
        #[schema(value_type = Vec<PatchOperation>)]
        ops: json_patch::Patch,
    },
    /// A request over the socket was refused.
    Error { error: ApiError },
}

/// One of the states a connection follows, named as its full message's `type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Stream {
    Me,
    Table,
    Summary,
    Seating,
    Standings,
}

impl Stream {
    pub const ALL: [Stream; 5] = [
        Stream::Me,
        Stream::Table,
        Stream::Summary,
        Stream::Seating,
        Stream::Standings,
    ];

    /// The name on the wire: the full message's `type` and the key of its payload.
    pub fn name(self) -> &'static str {
        match self {
            Stream::Me => "me",
            Stream::Table => "table",
            Stream::Summary => "summary",
            Stream::Seating => "seating",
            Stream::Standings => "standings",
        }
    }

    pub fn from_name(name: &str) -> Option<Stream> {
        Stream::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Its place in `ALL`.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Sent by a client over the WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// A player's action in the hand numbered `hand` (so that a late click never lands in the
    /// next hand).
    Act { hand: u64, action: PlayerAction },
    /// Calls time on the player to act (TDA-29).
    CallClock { hand: u64 },
    /// Watches a table (numbered from 1) with the public's eyes.
    Watch { table: crate::TableNumber },
    /// Keeps the connection alive; answered by nothing. Only whole messages count as a client
    /// being there (not pongs): a client that may have nothing else to say sends one at least
    /// every 20 s, or is closed after the server's idle time (60 s by default).
    Ping,
    /// Asks for a full message of every stream this connection follows, after a patch that
    /// did not follow from the version the client has.
    Resync,
}

/// One RFC 6902 operation of a [`ServerMessage::Patch`] as the API's document describes it
/// (the message carries a `json_patch::Patch`): `path` is a JSON pointer (RFC 6901) into the
/// stream's payload; `add` and `replace` carry the new `value`.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct PatchOperation {
    pub op: PatchOp,
    pub path: String,
    /// Any JSON value, for `add` and `replace`.
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    pub value: serde_json::Value,
}

/// The operations a patch uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PatchOp {
    Add,
    Remove,
    Replace,
}

/// Every refusal: what was wrong, and the rule where one decided it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ApiError {
    /// HTTP status (4xx for the caller's mistakes).
    pub status: u16,
    /// A short machine-readable code, e.g. `not_your_turn`, `bad_json`, `unauthorized`.
    pub code: String,
    /// The English text, for API clients and logs.
    pub message: String,
    pub rule: Option<String>,
    /// The message as a key and its arguments, for a page to render in its language (see
    /// [`Said`]); a refusal without a message of its own has the key `code_<code>` (no
    /// arguments), which says its kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub args: Option<serde_json::Map<String, serde_json::Value>>,
}

/// A text the server makes for people, as a message key (snake_case, e.g.
/// `refused_rebuys_used`) with its arguments: strings (names, cards, rules), numbers (tables and
/// seats counted from 1, chips) and other messages (`{"key", "args"}`) or lists of them, which
/// a page renders in its own language. The English text goes beside it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Said {
    pub key: String,
    #[schema(value_type = Object)]
    pub args: serde_json::Map<String, serde_json::Value>,
}
