//! What physically happened at the table: who acted, the words, the chips and their order.

use engine::{Chips, Player};
use serde::Deserialize;

/// Whether words or chips came first (TDA-40A).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    SayFirst,
    ChipsFirst,
    #[default]
    Together,
}

/// How much of an earlier bet's chips the player pulled back (TDA-46).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PulledBack {
    #[default]
    None,
    Some,
    All,
}

/// One act of a player: words, one motion of chips, or both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Act {
    pub player: Player,
    pub say: String,
    /// Denominations pushed forward in this one motion.
    pub chips: Vec<Chips>,
    /// Denominations in front from an earlier bet this round; empty: the earlier bet as one lot.
    pub previous_chips: Vec<Chips>,
    pub previous_pulled_back: PulledBack,
    /// With `PulledBack::Some`: which chips; empty: one of the smallest.
    pub pulled_back: Vec<Chips>,
    pub order: Order,
    /// What the player was told when asking for a count (TDA-49, TDA-52B).
    pub told: Option<Chips>,
    /// The words were not clearly heard (TDA-40A).
    pub unclear: bool,
    /// The player acted blind, without looking at the cards or before they were dealt (DG-9,
    /// DG-15a.5).
    pub blind: bool,
}

impl Act {
    pub fn new(player: Player) -> Act {
        Act {
            player,
            say: String::new(),
            chips: Vec::new(),
            previous_chips: Vec::new(),
            previous_pulled_back: PulledBack::None,
            pulled_back: Vec::new(),
            order: Order::Together,
            told: None,
            unclear: false,
            blind: false,
        }
    }

    pub fn say(mut self, words: &str) -> Act {
        self.say = words.to_string();
        self
    }

    pub fn chips(mut self, chips: &[u64]) -> Act {
        self.chips = chips.iter().map(|&c| Chips(c)).collect();
        self
    }

    pub fn order(mut self, order: Order) -> Act {
        self.order = order;
        self
    }

    /// The chips pushed forward in this motion.
    pub fn pushed(&self) -> Chips {
        self.chips.iter().copied().sum()
    }
}
