//! Croupier's server: the HTTP JSON API and WebSocket pushes, the web UI served from the binary,
//! over the event log in `store`.
//!
//! It owns the room (an event's state rebuilt from its commands), who may do what (the TD's
//! secret, each player's token, the public), the views each role is sent (never a card it may
//! not see, TDA-16), the driver that deals hands, runs the clock, times players and acts for
//! bots, the live tables run from a dealer's tablet, and the log written before anything is
//! acknowledged. It does not own the rules (the engine, the tournament director and the floor
//! apply them) or the wire format (`protocol`).

pub mod api;
pub mod app;
pub mod cash;
pub mod clock;
pub mod dealer;
pub mod driver;
pub mod event;
pub(crate) mod followers;
pub mod hub;
pub mod limit;
pub mod net;
pub mod openapi;
pub mod outbox;
pub mod push;
pub mod refusal;
pub mod role;
pub mod room;
pub mod said;
pub mod secret;
pub mod seeder;
pub mod slots;
pub mod task;
pub mod writer;
