//! The wire types of Croupier's server: the commands written to the event log, the requests of
//! the HTTP API, the views each role is sent, and the WebSocket messages.
//!
//! It owns the shape of what crosses the wire and what is stored, in plain serde types (chips as
//! integers, cards as text such as `As`), so that the UI, the log and the tests agree on one
//! format. It does not own what the commands do (the server applies them through the engine and
//! the tournament director), storage (`store`) or I/O.

mod command;
mod message;
mod view;

pub use command::{Command, EntryId, EventId, LogEntry, PlayerAction, TdCommand};
pub use message::{ApiError, ClientMessage, ServerMessage};
pub use view::*;
