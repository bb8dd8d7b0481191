//! WebSocket messages and the API's error body.

use crate::command::PlayerAction;
use crate::view::{EventSummary, Me, Seating, Standings, TableView};
use serde::{Deserialize, Serialize};

/// Sent by the server: the new state of whatever the client watches, after every change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    Summary {
        summary: Box<EventSummary>,
    },
    Table {
        table: Box<TableView>,
    },
    Seating {
        seating: Seating,
    },
    Standings {
        standings: Standings,
    },
    /// A player's own entry and table.
    Me {
        me: Box<Me>,
    },
    /// A request over the socket was refused.
    Error {
        error: ApiError,
    },
}

/// Sent by a client over the WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// A player's action in the hand numbered `hand` (so that a late click never lands in the
    /// next hand).
    Act { hand: u64, action: PlayerAction },
    /// Calls time on the player to act (TDA-29).
    CallClock { hand: u64 },
    /// Watches a table (numbered from 1) with the public's eyes.
    Watch { table: u32 },
    /// Keeps the connection alive; answered by nothing. Only whole messages count as a client
    /// being there (not pongs): a client that may have nothing else to say sends one at least
    /// every 20 s, or is closed after the server's idle time (60 s by default).
    Ping,
}

/// Every refusal: what was wrong, and the rule where one decided it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    /// HTTP status (4xx for the caller's mistakes).
    pub status: u16,
    /// A short machine-readable code, e.g. `not_your_turn`, `bad_json`, `unauthorized`.
    pub code: String,
    pub message: String,
    pub rule: Option<String>,
}
