//! Refusals. Each says what was wrong and cites the rule; a refused operation leaves the hand as
//! it was.

use crate::chips::{Chips, Player};
use crate::rule::Rule;
use crate::step::Step;
use cards::Card;
use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum HandError {
    #[error("the hand is waiting for {expected}, not for {got} ({rule})")]
    OutOfStep {
        expected: Step,
        got: &'static str,
        rule: Rule,
    },
    #[error(
        "it is {actor}'s turn, not {player}'s (TDA-53A: action is returned to the player in turn)"
    )]
    NotYourTurn { player: Player, actor: Player },
    #[error("{player} cannot check facing a bet: {to_call} to call; call or fold (TDA-55)")]
    CheckFacingBet { player: Player, to_call: Chips },
    #[error("bet of {to} is below the minimum bet of {min_to} (HC-1.12, WWPLA-11: the big blind)")]
    BetBelowMinimum { to: Chips, min_to: Chips },
    #[error("raise to {to} is below the minimum raise to {min_to} (TDA-43)")]
    RaiseBelowMinimum { to: Chips, min_to: Chips },
    #[error("{to} is more than {player} has: all-in is {max_to} (HC-3.4.1)")]
    AboveStack {
        player: Player,
        to: Chips,
        max_to: Chips,
    },
    #[error("{to} is above the pot-limit maximum of {max_to} (TDA-54, TDA-52B)")]
    AbovePotLimit { to: Chips, max_to: Chips },
    #[error("in fixed limit the bet or raise is to {expected}, not {to} (HC-3.4.1)")]
    FixedLimitAmount { to: Chips, expected: Chips },
    #[error("{to} does not raise: the bet to call is {level}")]
    NotARaise { to: Chips, level: Chips },
    #[error(
        "betting is not reopened for {player}: the bet rose by {increase} since {player} acted, \
         less than {needed} ({rule})"
    )]
    NotReopened {
        player: Player,
        increase: Chips,
        needed: Chips,
        rule: Rule,
    },
    #[error("the betting is capped at one bet and {raises} raises ({rule})", raises = cap - 1)]
    RaiseCapReached { cap: u8, rule: Rule },
    #[error("nobody is left who could call a raise: every other player is all-in (TDA-16)")]
    NoOpponentToRaise,
    #[error("hole cards go to {expected} now, not to {got} ({rule})")]
    DealOrder {
        expected: Player,
        got: Player,
        rule: Rule,
    },
    #[error("{player} gets {allowed} more hole cards, not {got}")]
    HoleCardCount {
        player: Player,
        allowed: usize,
        got: usize,
    },
    #[error("the {what} needs {expected} cards, not {got}")]
    BoardCardCount {
        what: &'static str,
        expected: usize,
        got: usize,
    },
    #[error("{card} is already in play: duplicate card, the deck is defective (WWPLA-5, HC-3.3)")]
    DuplicateCard { card: Card },
    #[error("only one burn card before each street (HC-1.13.4, TDA-38)")]
    ExtraBurn,
    #[error("the deck is empty")]
    DeckEmpty,
    #[error("{player} must show all {needed} hole cards to win (TDA-13A, TDA-19)")]
    ShowAllCards { player: Player, needed: usize },
    #[error("{player}'s shown {shown} is not the hand dealt")]
    ShownDiffers { player: Player, shown: Card },
    #[error("{player}'s hole cards are not known: the dealer must enter them when shown")]
    UnknownCards { player: Player },
    #[error(
        "{player} is all-in or called all bets with a player all-in: the hand must be shown (TDA-16)"
    )]
    MustShow { player: Player },
    #[error("{player} has already shown")]
    AlreadyShown { player: Player },
    #[error("{player} is not in the hand")]
    NotInHand { player: Player },
    #[error("there is no pot {pot}: the hand has {pots}")]
    NoSuchPot { pot: usize, pots: usize },
    #[error("pot {pot} needs at least one winner")]
    NoWinner { pot: usize },
    #[error("{player} cannot win pot {pot}: not in it (TDA-21)")]
    NotEligible { player: Player, pot: usize },
    #[error("{player} holds the last live hand: it wins the pot and cannot be killed (TDA-17B)")]
    LastLiveHand { player: Player },
    #[error("{player} has not folded: only a folded player's chips are dead money (HC-3.4.2)")]
    NotFolded { player: Player },
    #[error("{player} must post the bring-in or complete the bet (TDA-RP-10E): {reason}")]
    BringInDue {
        player: Player,
        reason: &'static str,
    },
    #[error("there is no bring-in to post now: it is posted once, on third street (TDA-RP-10)")]
    NoBringIn,
    #[error("{what} (TDA-RP-10)")]
    StudFaces { what: &'static str },
    #[error(
        "the deck holds enough cards for seventh street: a community card is dealt only when it runs short (TDA-RP-10H)"
    )]
    NoCommunityCard,
    #[error("the hand is over")]
    HandOver,
}

impl HandError {
    /// The rule a refusal applies, where one does.
    pub fn rule(&self) -> Option<Rule> {
        Some(match self {
            HandError::OutOfStep { rule, .. }
            | HandError::NotReopened { rule, .. }
            | HandError::RaiseCapReached { rule, .. }
            | HandError::DealOrder { rule, .. } => *rule,
            HandError::NotYourTurn { .. } => Rule("TDA-53A"),
            HandError::CheckFacingBet { .. } => Rule("TDA-55"),
            HandError::BetBelowMinimum { .. } => Rule("WWPLA-11"),
            HandError::RaiseBelowMinimum { .. } => Rule("TDA-43"),
            HandError::AboveStack { .. } | HandError::FixedLimitAmount { .. } => Rule("HC-3.4.1"),
            HandError::AbovePotLimit { .. } => Rule("TDA-54"),
            HandError::NoOpponentToRaise | HandError::MustShow { .. } => Rule("TDA-16"),
            HandError::DuplicateCard { .. } => Rule("WWPLA-5"),
            HandError::ExtraBurn => Rule("HC-1.13.4"),
            HandError::ShowAllCards { .. } => Rule("TDA-13"),
            HandError::NotEligible { .. } => Rule("TDA-21"),
            HandError::LastLiveHand { .. } => Rule("TDA-17B"),
            HandError::NotFolded { .. } => Rule("HC-3.4.2"),
            HandError::BringInDue { .. } => Rule("TDA-RP-10E"),
            HandError::NoBringIn | HandError::StudFaces { .. } => Rule("TDA-RP-10"),
            HandError::NoCommunityCard => Rule("TDA-RP-10H"),
            _ => return None,
        })
    }
}
