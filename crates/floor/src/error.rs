//! Input the floor cannot rule on: it says what was wrong.

use engine::{Chips, Player};
use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum FloorError {
    #[error("there is no player p{} at this table of {players}", .player.index() + 1)]
    UnknownPlayer { player: Player, players: usize },
    #[error("a chip of {chip} is not in play here (chips in play: {in_play})")]
    NotInPlay { chip: Chips, in_play: String },
    #[error(
        "p{}'s chips in front add up to {given}, less than the bet so far this round of {bet}",
        .player.index() + 1
    )]
    PreviousChips {
        player: Player,
        given: Chips,
        bet: Chips,
    },
    #[error("p{}'s pulled-back chips are not among the chips in front", .player.index() + 1)]
    PulledBack { player: Player },
    #[error("the hand cannot start: {0}")]
    Setup(String),
}
