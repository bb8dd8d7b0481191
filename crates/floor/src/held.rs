//! What a table holds of action out of turn (TDA-53A, 53B): the acts held until the action
//! reaches their players, the player they skipped, and what counts as substantial action
//! (TDA-36), which makes them binding.

use engine::{Action, Chips, Event, Player};

/// An act out of turn, held until the action reaches its player.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Oot {
    pub player: Player,
    pub action: Action,
    /// The bet to call when it was made: a bet or raise before the player changes it.
    pub level_at: Chips,
    /// Chips put forward with it.
    pub chips: Chips,
    /// Made binding by substantial action after a skipped player (TDA-53B).
    pub binding: bool,
}

/// The player in turn whom out-of-turn acts skipped, and those acts since (TDA-53B).
#[derive(Clone, Debug)]
pub(crate) struct Skipped {
    pub player: Player,
    pub acts: Vec<Event>,
}

/// A player's action among the hand's events: `Some(true)` when it put chips in.
pub(crate) fn action_with_chips(e: &Event) -> Option<bool> {
    match e {
        Event::Called { .. } | Event::BetOrRaised { .. } => Some(true),
        Event::Checked { .. } | Event::Folded { .. } => Some(false),
        _ => None,
    }
}

/// TDA-36: two actions in a row of which at least one puts chips in (TDA-36A), or any three
/// actions (TDA-36B); posted blinds are no action.
pub(crate) fn substantial(events: &[Event]) -> bool {
    let actions: Vec<bool> = events.iter().filter_map(action_with_chips).collect();
    actions.len() >= 3 || (actions.len() >= 2 && actions.contains(&true))
}
