//! The wire types of Croupier's server: the commands written to the event log, the requests of
//! the HTTP API, the views each role is sent, and the WebSocket messages.
//!
//! It owns the shape of what crosses the wire and what is stored, in plain serde types (chips as
//! integers, cards as text such as `As`), so that the UI, the log and the tests agree on one
//! format; a live table's irregularities are the `floor` crate's own wire type. Who gave a
//! command is an `Actor` and every id a type of its own (`ids`), shared with the logic crates;
//! both keep the text and numbers the log always had. It does not own
//! what the commands do (the server applies them through the engine, the tournament director
//! and the floor), storage (`store`) or I/O.

mod actor;
mod command;
mod dealer;
mod dealer_view;
mod follow;
mod ids;
mod message;
mod ring;
mod strict;
mod view;

pub use actor::{Actor, Tablet, UnknownActor};
pub use command::{
    BustCall, Command, CountedStack, DealShare, DeckSource, EventCommand, LogEntry, PlayerAction,
    PlayerCards, SealedSeed, SeatCard, SeatDraw, TableCard, TableReport, TdCommand,
};
pub use dealer::{FloorAct, FloorCommand, LinkedDeal, LinkedSeat, OpenTable, Order, PulledBack};
pub use dealer_view::*;
pub use follow::{FollowError, Follower, Taken};
pub use ids::{CashTableId, EntryId, EventId, GameId, GuestId, LiveTableId, TableId, TableNumber};
pub use message::{ApiError, ClientMessage, PatchOp, PatchOperation, Said, ServerMessage, Stream};
pub use ring::*;
pub use strict::from_json_strict;
pub use view::*;
