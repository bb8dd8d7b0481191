//! Why the director refuses something, naming the rule where a rule decides it.

use super::event::{ActionId, TableId};
use super::refused::Refused;
use engine::{PlayerId, Rule, TableError};
use serde::Serialize;
use thiserror::Error;

/// Why a table may not start its next hand now; serialized as its key (`hand_for_hand`), which
/// the pages render in their language.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Wait {
    #[error("the tournament has not started")]
    NotStarted,
    #[error("the tournament is over")]
    Finished,
    #[error("the clock is stopped")]
    Paused,
    #[error("break: no hands until it ends")]
    Break,
    #[error("tables are being balanced before any new hand (HC-1.8)")]
    Balancing,
    #[error("the final table is being drawn (TDA-RP-9, HC-1.7)")]
    FinalTable,
    #[error(
        "three or more players short of the fullest table: play holds until balanced (TDA-11D)"
    )]
    Short,
    #[error("hand-for-hand: waiting for the other tables to finish (TDA-RP-8)")]
    HandForHand,
    #[error("a hand is in progress")]
    InHand,
    #[error("waiting for the director's instructions to be carried out")]
    Instructions,
    #[error("fewer than two players at the table")]
    NotEnoughPlayers,
    #[error("the table has been broken")]
    Broken,
    #[error("held for a deal among the players left (HC-1.2)")]
    Deal,
}

#[derive(Debug, Error)]
pub enum DirectorError {
    #[error("{0} cannot start a hand: {1}")]
    Wait(TableId, Wait),
    /// Players are named as the pages count them, from 1.
    #[error("no player {}", .0.number())]
    NoSuchPlayer(PlayerId),
    #[error("no {0}")]
    NoSuchTable(TableId),
    #[error("no director's action {0:?}")]
    NoSuchAction(ActionId),
    #[error("no instruction {}", .0.0 + 1)]
    NoSuchInstruction(super::InstructionId),
    #[error("the tournament has already started")]
    AlreadyStarted,
    #[error("a tournament needs at least two players, not {0}")]
    TooFewPlayers(usize),
    #[error("{what} is closed ({why})")]
    Closed { what: &'static str, why: ClosedBy },
    #[error("{0}")]
    Refused(Refused),
    #[error("{0} has no hand in progress")]
    NoHand(TableId),
    #[error("the hand at {0} is not over")]
    HandNotOver(TableId),
    #[error("chips not conserved at {table}: {expected} expected, {found} found")]
    ChipsNotConserved {
        table: String,
        expected: u64,
        found: u64,
    },
    #[error("balancing breached at {table}: {detail} ({rule})")]
    BalanceBreach {
        table: TableId,
        detail: String,
        rule: Rule,
    },
    #[error("{0} cannot be undone: {1}")]
    CannotUndo(ActionId, Refused),
    #[error("{0} is dealt by the server: its hands report themselves")]
    DealtByServer(TableId),
    #[error("{0} is a live table: its dealer reports the end of each hand")]
    DealtLive(TableId),
    #[error("report from {table} refused: {problem}{}", rule_suffix(*.rule))]
    BadReport {
        table: TableId,
        problem: Refused,
        /// The rule the report is held to, where one is.
        rule: Option<Rule>,
    },
    #[error(transparent)]
    Table(#[from] TableError),
}

fn rule_suffix(rule: Option<Rule>) -> String {
    rule.map(|r| format!(" ({r})")).unwrap_or_default()
}

/// Why a period or an offer is closed: its rule's time has passed, the event is over, or the
/// event does not offer it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClosedBy {
    Rule(Rule),
    EventOver,
    NotOffered,
}

impl ClosedBy {
    /// The rule that closed it, where one did.
    pub fn rule(self) -> Option<Rule> {
        match self {
            ClosedBy::Rule(rule) => Some(rule),
            ClosedBy::EventOver | ClosedBy::NotOffered => None,
        }
    }
}

impl std::fmt::Display for ClosedBy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClosedBy::Rule(rule) => write!(f, "{rule}"),
            ClosedBy::EventOver => f.write_str("the event is over"),
            ClosedBy::NotOffered => f.write_str("not offered by this event"),
        }
    }
}
