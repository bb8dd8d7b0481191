//! Variants as data: the game (which cards make a hand) and the betting structure.

use crate::chips::Chips;
use std::fmt;

/// The flop games this engine deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    Holdem,
    Omaha,
    /// Omaha high-low split, eight or better (HC-1).
    OmahaHiLo,
}

impl Game {
    pub fn hole_cards(self) -> usize {
        match self {
            Game::Holdem => 2,
            Game::Omaha | Game::OmahaHiLo => 4,
        }
    }

    pub fn has_low(self) -> bool {
        self == Game::OmahaHiLo
    }
}

/// How much a player may bet or raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Structure {
    NoLimit,
    /// The maximum is the pot after calling, bets in front of players included (TDA-54).
    PotLimit,
    /// Bets and raises of `small_bet` before the flop and on the flop, `big_bet` on turn and river.
    FixedLimit {
        small_bet: Chips,
        big_bet: Chips,
    },
}

/// A game and its betting structure, e.g. no-limit hold'em.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    pub game: Game,
    pub structure: Structure,
}

/// A betting round of a flop game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Street {
    Preflop,
    Flop,
    Turn,
    River,
}

impl Street {
    pub const ALL: [Street; 4] = [Street::Preflop, Street::Flop, Street::Turn, Street::River];

    pub fn next(self) -> Option<Street> {
        match self {
            Street::Preflop => Some(Street::Flop),
            Street::Flop => Some(Street::Turn),
            Street::Turn => Some(Street::River),
            Street::River => None,
        }
    }

    /// Board cards dealt at the start of this street (after one burn, HC-1.12).
    pub fn board_cards(self) -> usize {
        match self {
            Street::Preflop => 0,
            Street::Flop => 3,
            Street::Turn | Street::River => 1,
        }
    }

    /// Board cards on the table once this street is dealt.
    pub fn board_len(self) -> usize {
        match self {
            Street::Preflop => 0,
            Street::Flop => 3,
            Street::Turn => 4,
            Street::River => 5,
        }
    }
}

impl fmt::Display for Street {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Street::Preflop => "pre-flop",
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
        })
    }
}

impl Variant {
    pub const NO_LIMIT_HOLDEM: Variant = Variant {
        game: Game::Holdem,
        structure: Structure::NoLimit,
    };
    pub const POT_LIMIT_OMAHA: Variant = Variant {
        game: Game::Omaha,
        structure: Structure::PotLimit,
    };

    pub fn fixed_limit(game: Game, small_bet: Chips, big_bet: Chips) -> Variant {
        Variant {
            game,
            structure: Structure::FixedLimit { small_bet, big_bet },
        }
    }

    /// The PHH code of this variant (`NT`, `PO`, `FT`, `FO/8`, ...).
    pub fn phh_code(self) -> String {
        let structure = match self.structure {
            Structure::NoLimit => 'N',
            Structure::PotLimit => 'P',
            Structure::FixedLimit { .. } => 'F',
        };
        let game = match self.game {
            Game::Holdem => "T",
            Game::Omaha => "O",
            Game::OmahaHiLo => "O/8",
        };
        format!("{structure}{game}")
    }

    /// A name as a player reads it, e.g. "No-Limit Hold'em".
    pub fn name(self) -> String {
        let structure = match self.structure {
            Structure::NoLimit => "No-Limit",
            Structure::PotLimit => "Pot-Limit",
            Structure::FixedLimit { .. } => "Limit",
        };
        let game = match self.game {
            Game::Holdem => "Hold'em",
            Game::Omaha => "Omaha",
            Game::OmahaHiLo => "Omaha Hi/Lo",
        };
        format!("{structure} {game}")
    }
}
