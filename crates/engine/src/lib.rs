//! The engine: a table playing hold'em, Omaha and the stud games (seven card stud, stud hi/lo,
//! razz) hand after hand, exactly as the rulebooks say.
//!
//! It owns variants as data (game and betting structure), forced bets, the button and blinds
//! across hands (dead button, heads-up), the legal actions of the player to act with exact
//! bounds, pots and side pots, showdown and odd chips, rulesets as profiles, and every change of
//! state as an event. Every refused operation is a typed error citing the rule, and leaves the
//! state unchanged. Non-player steps (posting, dealing, collecting, showdown, pushing) are
//! automations that a caller can switch off, so one engine serves an online table and a live
//! dealer.
//!
//! It does not own hand-history formats (`hh`), tournaments (`tournament`), live-table rulings
//! such as chips and words or out-of-turn action (`floor`), I/O, clocks or randomness: a
//! shuffled deck and seeds come in from the caller.

// First, so that `rule!` is in scope in every module after it.
#[macro_use]
mod rule;
mod chips;
mod error;
mod event;
mod hand;
mod hole;
mod pots;
mod random;
pub mod ring;
mod rotation;
pub mod rule_index;
mod rulebook;
mod ruleset;
mod setup;
mod step;
mod table;
mod variant;

pub use chips::{Chips, Player, Seat};
pub use error::{BringInReason, HandError, StudFaces};
pub use event::{BoardCards, Event, Half};
pub use hand::{Hand, PlayerState, Status};
pub use hole::Hole;
pub use pots::{Pot, side_pots};
pub use random::random_action;
pub use rotation::{Betting, GameKind, Rotation, RotationError, Stakes, Switch};
pub use rule::Rule;
pub use rulebook::{KNOWN_IDS, ProfileError, RulebookId, merge_over_tda};
pub use ruleset::{AbsentPlayers, CapHeadsUp, Ruleset, ShortBigBlind};
pub use setup::{Automations, CheckedSetup, HandSetup, SetupError, SetupErrors};
pub use step::{Action, LegalActions, Op, RaiseRange, Step};
pub use table::{Blinds, PlayerId, Positions, SeatedPlayer, Table, TableError};
pub use table::{ForcedBets, StudBets};
pub use variant::{Game, Street, Structure, Variant};

/// The most players a hand deals to.
pub const MAX_PLAYERS: usize = hand::MAX_PLAYERS;
