//! Refusals. Each says what was wrong and cites the rule; a refused operation leaves the hand as
//! it was. The message names the rule from `HandError::rule`, the one place it is kept, so the
//! text and the id cannot disagree.

use crate::chips::{Chips, Player};
use crate::rule::Rule;
use crate::step::Step;
use crate::variant::Street;
use cards::Card;
use std::fmt;
use thiserror::Error;

/// A refused operation. `Display` is the problem followed by `(rule)` where one applies.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum HandError {
    OutOfStep {
        expected: Step,
        got: &'static str,
        rule: Rule,
    },
    NotYourTurn {
        player: Player,
        actor: Player,
    },
    CheckFacingBet {
        player: Player,
        to_call: Chips,
    },
    BetBelowMinimum {
        to: Chips,
        min_to: Chips,
    },
    RaiseBelowMinimum {
        to: Chips,
        min_to: Chips,
    },
    AboveStack {
        player: Player,
        to: Chips,
        max_to: Chips,
    },
    AbovePotLimit {
        to: Chips,
        max_to: Chips,
    },
    /// Spread limit: a bet or raise beyond the spread's largest bet.
    AboveSpread {
        to: Chips,
        max_to: Chips,
        max_bet: Chips,
    },
    FixedLimitAmount {
        to: Chips,
        expected: Chips,
    },
    NotARaise {
        to: Chips,
        level: Chips,
    },
    NotReopened {
        player: Player,
        increase: Chips,
        needed: Chips,
        rule: Rule,
    },
    RaiseCapReached {
        cap: u8,
        rule: Rule,
    },
    NoOpponentToRaise,
    DealOrder {
        expected: Player,
        got: Player,
        rule: Rule,
    },
    HoleCardCount {
        player: Player,
        allowed: usize,
        got: usize,
    },
    BoardCardCount {
        /// The street, or `None` for stud's community card (TDA-RP-10H).
        street: Option<Street>,
        expected: usize,
        got: usize,
    },
    DuplicateCard {
        card: Card,
    },
    ExtraBurn,
    DeckEmpty,
    ShowAllCards {
        player: Player,
        needed: usize,
    },
    ShownDiffers {
        player: Player,
        shown: Card,
    },
    UnknownCards {
        player: Player,
    },
    MustShow {
        player: Player,
    },
    AlreadyShown {
        player: Player,
    },
    NotInHand {
        player: Player,
    },
    NoSuchPot {
        pot: usize,
        pots: usize,
    },
    NoWinner {
        pot: usize,
    },
    NotEligible {
        player: Player,
        pot: usize,
    },
    LastLiveHand {
        player: Player,
    },
    NotFolded {
        player: Player,
    },
    BringInDue {
        player: Player,
        reason: BringInReason,
    },
    NoBringIn,
    StudFaces {
        what: StudFaces,
        rule: Rule,
    },
    NoCommunityCard,
    HandOver,
}

impl HandError {
    /// The rule a refusal applies, where one does; its message names this rule.
    pub fn rule(&self) -> Option<Rule> {
        Some(match self {
            HandError::OutOfStep { rule, .. }
            | HandError::NotReopened { rule, .. }
            | HandError::RaiseCapReached { rule, .. }
            | HandError::DealOrder { rule, .. }
            | HandError::StudFaces { rule, .. } => *rule,
            HandError::NotYourTurn { .. } => rule!("TDA-53A"),
            HandError::CheckFacingBet { .. } => rule!("TDA-55"),
            HandError::BetBelowMinimum { .. } => rule!("WWPLA-11"),
            HandError::RaiseBelowMinimum { .. } => rule!("TDA-43"),
            HandError::AboveStack { .. } | HandError::FixedLimitAmount { .. } => rule!("HC-3.4.1"),
            HandError::AbovePotLimit { .. } => rule!("TDA-54"),
            HandError::AboveSpread { .. } => rule!("HC-3.4.1"),
            HandError::NoOpponentToRaise | HandError::MustShow { .. } => rule!("TDA-16"),
            HandError::DuplicateCard { .. } => rule!("WWPLA-5"),
            HandError::ExtraBurn => rule!("HC-1.13.4"),
            HandError::ShowAllCards { .. } => rule!("TDA-13A"),
            HandError::NotEligible { .. } => rule!("TDA-21"),
            HandError::LastLiveHand { .. } => rule!("TDA-17B"),
            HandError::NotFolded { .. } => rule!("HC-3.4.2"),
            HandError::BringInDue { .. } => rule!("TDA-RP-10E"),
            HandError::NoBringIn => rule!("TDA-RP-10"),
            HandError::NoCommunityCard => rule!("TDA-RP-10H"),
            _ => return None,
        })
    }

    /// What was wrong, without the rule.
    fn problem(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use HandError as E;
        match self {
            E::OutOfStep { expected, got, .. } => {
                write!(f, "the hand is waiting for {expected}, not for {got}")
            }
            E::NotYourTurn { player, actor } => write!(
                f,
                "it is {actor}'s turn, not {player}'s: action is returned to the player in turn"
            ),
            E::CheckFacingBet { player, to_call } => write!(
                f,
                "{player} cannot check facing a bet: {to_call} to call; call or fold"
            ),
            E::BetBelowMinimum { to, min_to } => write!(
                f,
                "bet of {to} is below the minimum bet of {min_to}, the big blind"
            ),
            E::RaiseBelowMinimum { to, min_to } => {
                write!(f, "raise to {to} is below the minimum raise to {min_to}")
            }
            E::AboveStack { player, to, max_to } => {
                write!(f, "{to} is more than {player} has: all-in is {max_to}")
            }
            E::AbovePotLimit { to, max_to } => {
                write!(f, "{to} is above the pot-limit maximum of {max_to}")
            }
            E::AboveSpread {
                to,
                max_to,
                max_bet,
            } => write!(
                f,
                "{to} is above the spread: a bet or raise is {max_bet} at most, to {max_to}"
            ),
            E::FixedLimitAmount { to, expected } => write!(
                f,
                "in fixed limit the bet or raise is to {expected}, not {to}"
            ),
            E::NotARaise { to, level } => {
                write!(f, "{to} does not raise: the bet to call is {level}")
            }
            E::NotReopened {
                player,
                increase,
                needed,
                ..
            } => write!(
                f,
                "betting is not reopened for {player}: the bet rose by {increase} since \
                 {player} acted, less than {needed}"
            ),
            E::RaiseCapReached { cap, .. } => write!(
                f,
                "the betting is capped at one bet and {} raises",
                cap.saturating_sub(1)
            ),
            E::NoOpponentToRaise => write!(
                f,
                "nobody is left who could call a raise: every other player is all-in"
            ),
            E::DealOrder { expected, got, .. } => {
                write!(f, "hole cards go to {expected} now, not to {got}")
            }
            E::HoleCardCount {
                player,
                allowed,
                got,
            } => write!(f, "{player} gets {allowed} more hole cards, not {got}"),
            E::BoardCardCount {
                street,
                expected,
                got,
            } => match street {
                Some(street) => write!(f, "the {street} needs {expected} cards, not {got}"),
                None => write!(f, "the community card needs {expected} cards, not {got}"),
            },
            E::DuplicateCard { card } => write!(
                f,
                "{card} is already in play: duplicate card, the deck is defective"
            ),
            E::ExtraBurn => write!(f, "only one burn card before each street"),
            E::DeckEmpty => write!(f, "the deck is empty"),
            E::ShowAllCards { player, needed } => {
                write!(f, "{player} must show all {needed} hole cards to win")
            }
            E::ShownDiffers { player, shown } => {
                write!(f, "{player}'s shown {shown} is not the hand dealt")
            }
            E::UnknownCards { player } => write!(
                f,
                "{player}'s hole cards are not known: the dealer must enter them when shown"
            ),
            E::MustShow { player } => write!(
                f,
                "{player} is all-in or called all bets with a player all-in: the hand must be shown"
            ),
            E::AlreadyShown { player } => write!(f, "{player} has already shown"),
            E::NotInHand { player } => write!(f, "{player} is not in the hand"),
            E::NoSuchPot { pot, pots } => write!(f, "there is no pot {pot}: the hand has {pots}"),
            E::NoWinner { pot } => write!(f, "pot {pot} needs at least one winner"),
            E::NotEligible { player, pot } => write!(f, "{player} cannot win pot {pot}: not in it"),
            E::LastLiveHand { player } => write!(
                f,
                "{player} holds the last live hand: it wins the pot and cannot be killed"
            ),
            E::NotFolded { player } => write!(
                f,
                "{player} has not folded: only a folded player's chips are dead money"
            ),
            E::BringInDue { player, reason } => write!(
                f,
                "{player} must post the bring-in or complete the bet: {reason}"
            ),
            E::NoBringIn => write!(
                f,
                "there is no bring-in to post now: it is posted once, on third street"
            ),
            E::StudFaces { what, .. } => write!(f, "{what}"),
            E::NoCommunityCard => write!(
                f,
                "the deck holds enough cards for seventh street: a community card is dealt only \
                 when it runs short"
            ),
            E::HandOver => write!(f, "the hand is over"),
        }
    }
}

/// Why a stud player owes the bring-in or the completion (TDA-RP-10E).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BringInReason {
    /// Checking or calling: nobody has bet yet.
    NobodyBet,
    /// Folding the low card: the bring-in is a forced bet.
    Forced,
}

impl fmt::Display for BringInReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BringInReason::NobodyBet => "nobody has bet yet",
            BringInReason::Forced => "the low card's bring-in is a forced bet",
        })
    }
}

/// Which of stud's faces a deal broke (TDA-RP-10, TDA-RP-10B).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudFaces {
    ThirdOneUp,
    FourthToSixthUp,
    SeventhDown,
}

impl fmt::Display for StudFaces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StudFaces::ThirdOneUp => "third street deals one card face up",
            StudFaces::FourthToSixthUp => "fourth to sixth street are dealt face up",
            StudFaces::SeventhDown => {
                "seventh street is dealt face down; an exposed card is replaced while betting is possible"
            }
        })
    }
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.problem(f)?;
        match self.rule() {
            Some(rule) => write!(f, " ({rule})"),
            None => Ok(()),
        }
    }
}
