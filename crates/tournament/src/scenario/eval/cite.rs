//! The rule each instruction cites: the active profile's own rule where its rulebook has one,
//! TDA 2019's where it has none (a house rulebook is TDA 2019 with its differences).

use engine::{Rule, RulebookId, rule};

/// The rule ids of one rulebook for what the scenario evaluator decides.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cite(pub RulebookId);

impl Cite {
    /// The finishing places, the last out second, the one before third (HC-1.3); the other
    /// rulebooks have no rule on it.
    pub fn places(self) -> &'static [Rule] {
        match self.0 {
            RulebookId::Hc => &[rule!("HC-1.3")],
            _ => &[],
        }
    }

    /// The order of players out in the same hand: the larger stack at the start of the hand
    /// places higher (HC-1.3, WWPLA-12). TDA 2019 has no rule on it (RP-8A only shares the
    /// prizes at the money): the director decides, for fairness the same way (TDA-1).
    pub fn same_hand(self) -> Rule {
        match self.0 {
            RulebookId::Hc => rule!("HC-1.3"),
            RulebookId::Wwpla => rule!("WWPLA-12"),
            _ => rule!("TDA-1"),
        }
    }

    /// A card drawn to break a tie, suits ranking spades, hearts, diamonds, clubs: HC-1.3 with
    /// HC-3.5; WWPLA-8's suit order with a draw where WWPLA-12 leaves a tie (TDA-RP-14); else a
    /// draw (TDA-RP-14).
    pub fn tie_draw(self) -> &'static [Rule] {
        match self.0 {
            RulebookId::Hc => &[rule!("HC-1.3"), rule!("HC-3.5")],
            RulebookId::Wwpla => &[rule!("WWPLA-8"), rule!("TDA-RP-14")],
            _ => &[rule!("TDA-RP-14")],
        }
    }

    /// The dead button: the big blind moves on one player, the button follows (TDA-32, HC-3.6,
    /// WWPLA-9).
    pub fn dead_button(self) -> Rule {
        match self.0 {
            RulebookId::Hc => rule!("HC-3.6"),
            RulebookId::Wwpla => rule!("WWPLA-9"),
            _ => rule!("TDA-32"),
        }
    }

    /// Going heads-up: nobody has the big blind twice in a row, the small blind has the button
    /// (TDA-34, HC-3.6, WWPLA-9).
    pub fn heads_up(self) -> Rule {
        match self.0 {
            RulebookId::Hc => rule!("HC-3.6"),
            RulebookId::Wwpla => rule!("WWPLA-9"),
            _ => rule!("TDA-34"),
        }
    }

    /// A new player seated between the small blind and the button waits for the button to pass
    /// (TDA-10, WWPLA-12).
    pub fn new_player_waits(self) -> Rule {
        match self.0 {
            RulebookId::Wwpla => rule!("WWPLA-12"),
            _ => rule!("TDA-10"),
        }
    }
}
