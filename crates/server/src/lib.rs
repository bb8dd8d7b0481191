//! Croupier's server: the HTTP JSON API and WebSocket pushes, the web UI served from the binary,
//! over the event log in `store`.
//!
//! It owns the room (an event's state rebuilt from its commands), who may do what (the TD's
//! secret, each player's token, the public), the views each role is sent (never a card it may
//! not see, TDA-16), the driver that deals hands, runs the clock, times players and acts for
//! bots, the live tables run from a dealer's tablet, the cash room's tables, and the log written
//! before anything is acknowledged. It does not own the rules (the engine, the tournament
//! director, the floor and the list keeper apply them) or the wire format (`protocol`).
//!
//! The modules run one way, each importing only the ones below it (`tests/layers.rs` checks
//! it), bottom to top:
//!
//! 1. words and shared types: `said` (every text as a key with arguments), `refusal` (why a
//!    request is refused: status, code, rule), `clock`, `role` (who asks; the index of secrets),
//!    `openapi` (the document's own parts), `slots` (the watchers' connection slots);
//! 2. the door and the log: `secret`, `deck` (decks anyone can check: commitments, values,
//!    proofs), `limit` (the server's limits, registrations per address), `proxied` (the PROXY
//!    protocol's header from a trusted proxy), `writer` (the one log writer, group commits);
//! 3. pushes: `push` (lean diffs of views), `outbox` (a connection's bounded queue);
//! 4. an event's state: `room`;
//! 5. tasks: `task` (a task owns its state and takes jobs; the turn, the write, the pushes),
//!    `followers` (an event's connections), `driver` (deals, the clock, time to act, bots),
//!    `sms` (texts to the house's SMS gateway, sent off the cash room's task);
//! 6. the table tasks' states: `dealer` (a live table), `cash` (the cash room), `event`;
//! 7. `hub` (the map from ids to tasks, the log opened), `seeder` (tablets given their hands);
//! 8. `app`: the running server's state, which every handler is given;
//! 9. `api`: HTTP and WebSocket, from the extractors up to the router (`api::http`);
//! 10. `net`: serving connections, graceful shutdown.

pub mod api;
pub mod app;
pub mod cash;
pub mod clock;
pub mod dealer;
pub mod deck;
pub mod driver;
pub mod event;
pub(crate) mod followers;
pub mod hub;
pub mod limit;
pub mod net;
pub mod openapi;
pub mod outbox;
pub mod proxied;
pub mod push;
pub mod refusal;
pub mod role;
pub mod room;
pub mod said;
pub mod secret;
pub mod seeder;
pub mod slots;
pub mod sms;
pub mod task;
pub mod writer;
