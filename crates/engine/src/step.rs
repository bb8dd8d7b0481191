//! What a hand waits for next, and the operations that move it on: each a small value.

use crate::chips::{Chips, Player};
use crate::hole::Hole;
use crate::variant::Street;
use cards::Card;
use std::fmt;

/// The next step of a hand: a player's action, or a dealer's step when its automation is off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    PostAnte(Player),
    PostBlind(Player),
    DealHole(Player),
    /// Burn (optional when cards are entered) and deal `cards` board cards.
    DealBoard {
        street: Street,
        cards: usize,
    },
    Act(Player),
    CollectBets,
    ShowOrMuck(Player),
    /// A live dealer names who won pot `n` (0 = main pot): its hands are not known.
    AwardPot(usize),
    PushChips,
    Done,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::PostAnte(p) => write!(f, "{p} to post the ante"),
            Step::PostBlind(p) => write!(f, "{p} to post the blind"),
            Step::DealHole(p) => write!(f, "hole cards to {p}"),
            Step::DealBoard { street, .. } => write!(f, "the {street}"),
            Step::Act(p) => write!(f, "{p} to act"),
            Step::CollectBets => f.write_str("the bets to be collected"),
            Step::ShowOrMuck(p) => write!(f, "{p} to show or muck"),
            Step::AwardPot(0) => f.write_str("the dealer to name the main pot's winner"),
            Step::AwardPot(n) => write!(f, "the dealer to name side pot {n}'s winner"),
            Step::PushChips => f.write_str("the pots to be pushed"),
            Step::Done => f.write_str("nothing: the hand is over"),
        }
    }
}

/// A player's action. Amounts are "to" amounts: the player's whole bet in this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Fold,
    Check,
    Call,
    BetOrRaiseTo(Chips),
    /// Stud: post the bring-in (TDA-RP-10); completing is `BetOrRaiseTo`.
    BringIn,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Fold => f.write_str("fold"),
            Action::Check => f.write_str("check"),
            Action::Call => f.write_str("call"),
            Action::BetOrRaiseTo(to) => write!(f, "bet or raise to {to}"),
            Action::BringIn => f.write_str("bring in"),
        }
    }
}

/// One operation on a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    PostAnte(Player),
    PostBlind(Player),
    DealHole {
        player: Player,
        cards: Hole,
    },
    /// A burn card, `None` when not entered; dealing a street without one burns implicitly.
    Burn(Option<Card>),
    DealBoard(Vec<Card>),
    /// A live dealer lays the street's board cards without entering them.
    DealBoardUnknown,
    Act(Player, Action),
    CollectBets,
    /// Show the hole cards: `None` shows the cards dealt, `Some` enters them (a live table).
    Show {
        player: Player,
        cards: Option<Hole>,
    },
    Muck(Player),
    /// A live dealer names the winners of pot `pot` (0 = main pot) whose hands were not entered,
    /// in order from the button's left; a tie splits it (TDA-20, TDA-21).
    AwardPot {
        pot: usize,
        winners: Vec<Player>,
    },
    /// A hand declared dead by a ruling (a clock run out, wrong cards, a penalty): folded where
    /// it is, its chips staying in the pot.
    KillHand {
        player: Player,
        rule: crate::Rule,
    },
    /// Chips a folded player left in the pot: an out-of-turn bet kept as dead money (DG-15.11,
    /// HC-3.4.2).
    DeadMoney {
        player: Player,
        amount: Chips,
    },
    PushChips,
}

impl Op {
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Op::PostAnte(_) => "an ante",
            Op::PostBlind(_) => "a blind",
            Op::DealHole { .. } => "hole cards",
            Op::Burn(_) => "a burn card",
            Op::DealBoard(_) | Op::DealBoardUnknown => "board cards",
            Op::Act(..) => "a player's action",
            Op::CollectBets => "collecting bets",
            Op::Show { .. } => "a show",
            Op::Muck(_) => "a muck",
            Op::AwardPot { .. } => "a pot awarded",
            Op::KillHand { .. } => "a hand killed",
            Op::DeadMoney { .. } => "dead money",
            Op::PushChips => "pushing pots",
        }
    }
}

/// A bet or raise's bounds, as "to" amounts. `min_to == max_to` in fixed limit or when the only
/// raise left is all-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaiseRange {
    pub min_to: Chips,
    pub max_to: Chips,
}

/// The legal actions of the player to act, with exact amounts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalActions {
    pub player: Player,
    /// Allowed but for the stud bring-in, which is forced: folding when a check is possible is
    /// binding (TDA-58).
    pub fold: bool,
    pub check: bool,
    /// Chips a call adds (the whole stack when it puts the player all-in).
    pub call: Option<Chips>,
    /// Bet (nothing to call) or raise; in stud, completing the bring-in.
    pub bet_or_raise: Option<RaiseRange>,
    /// Stud: the bring-in this player may post (all-in when short), before anyone has bet.
    pub bring_in: Option<Chips>,
    /// Ring-game stud, fourth street with an open pair: the big bet, which may be made instead
    /// of the small bet in `bet_or_raise` (TDA-RP-10F: not in tournaments).
    pub big_bet_to: Option<Chips>,
}
