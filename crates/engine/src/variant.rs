//! Variants as data: the game (which cards make a hand) and the betting structure.

use crate::chips::Chips;
use std::fmt;

/// The games this engine deals: flop games and stud games (HC-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    Holdem,
    Omaha,
    /// Omaha high-low split, eight or better (HC-1).
    OmahaHiLo,
    /// Seven card stud: antes, a bring-in, third to seventh street (TDA-RP-10).
    Stud,
    /// Seven card stud high-low split, eight or better.
    StudHiLo,
    /// Seven card stud for the ace-to-five low.
    Razz,
}

impl Game {
    /// Every game, flop games first.
    pub const ALL: [Game; 6] = [
        Game::Holdem,
        Game::Omaha,
        Game::OmahaHiLo,
        Game::Stud,
        Game::StudHiLo,
        Game::Razz,
    ];

    /// The hole cards a player holds once every card is dealt (seven in stud).
    pub fn hole_cards(self) -> usize {
        match self {
            Game::Holdem => 2,
            Game::Omaha | Game::OmahaHiLo => 4,
            Game::Stud | Game::StudHiLo | Game::Razz => 7,
        }
    }

    /// Whether a pot is split with the best qualifying low (8 or better).
    pub fn has_low(self) -> bool {
        matches!(self, Game::OmahaHiLo | Game::StudHiLo)
    }

    /// Whether only the low hand wins (razz, ace to five).
    pub fn low_only(self) -> bool {
        self == Game::Razz
    }

    /// A stud game: no board, up cards, a bring-in.
    pub fn is_stud(self) -> bool {
        matches!(self, Game::Stud | Game::StudHiLo | Game::Razz)
    }

    /// The most players a hand of this game deals to: eight in stud (TDA-RP-10H covers the
    /// deck running short on seventh street).
    pub fn max_players(self) -> usize {
        if self.is_stud() {
            8
        } else {
            crate::MAX_PLAYERS
        }
    }

    /// The first betting round.
    pub fn first_street(self) -> Street {
        if self.is_stud() {
            Street::Third
        } else {
            Street::Preflop
        }
    }

    /// The last betting round, before the showdown.
    pub fn last_street(self) -> Street {
        if self.is_stud() {
            Street::Seventh
        } else {
            Street::River
        }
    }

    /// The betting rounds, in order.
    pub fn streets(self) -> &'static [Street] {
        if self.is_stud() {
            &Street::STUD
        } else {
            &Street::ALL
        }
    }

    /// A name as a player reads it.
    pub fn name(self) -> &'static str {
        match self {
            Game::Holdem => "Hold'em",
            Game::Omaha => "Omaha",
            Game::OmahaHiLo => "Omaha Hi/Lo",
            Game::Stud => "Seven Card Stud",
            Game::StudHiLo => "Stud Hi/Lo",
            Game::Razz => "Razz",
        }
    }
}

/// How much a player may bet or raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Structure {
    NoLimit,
    /// The maximum is the pot after calling, bets in front of players included (TDA-54).
    PotLimit,
    /// Bets and raises of `small_bet` before the flop and on the flop (stud: third and fourth
    /// street), `big_bet` on turn and river (stud: fifth to seventh street).
    FixedLimit {
        small_bet: Chips,
        big_bet: Chips,
    },
    /// Spread limit, one of the limits HC-1 lists: every bet from `min_bet` to `max_bet`, a
    /// raise by at least the last bet or raise (HC-3.4.1) and by at most `max_bet`, with limit
    /// poker's cap of one bet and three raises (HC-3.4.1 a).
    SpreadLimit {
        min_bet: Chips,
        max_bet: Chips,
    },
}

/// A game and its betting structure, e.g. no-limit hold'em.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    pub game: Game,
    pub structure: Structure,
}

/// A betting round: pre-flop to river in flop games, third to seventh street in stud.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Street {
    Preflop,
    Flop,
    Turn,
    River,
    /// Stud: two down cards and one up card, then the bring-in.
    Third,
    Fourth,
    Fifth,
    Sixth,
    /// Stud: the last card, face down (TDA-RP-10B).
    Seventh,
}

impl Street {
    /// The streets of a flop game.
    pub const ALL: [Street; 4] = [Street::Preflop, Street::Flop, Street::Turn, Street::River];
    /// The streets of a stud game.
    pub const STUD: [Street; 5] = [
        Street::Third,
        Street::Fourth,
        Street::Fifth,
        Street::Sixth,
        Street::Seventh,
    ];

    pub fn next(self) -> Option<Street> {
        // A table read by the street's index, not a jump on it: every street's end runs this,
        // and a jump table mispredicts there once a street.
        const NEXT: [Option<Street>; 9] = [
            Some(Street::Flop),
            Some(Street::Turn),
            Some(Street::River),
            None,
            Some(Street::Fourth),
            Some(Street::Fifth),
            Some(Street::Sixth),
            Some(Street::Seventh),
            None,
        ];
        NEXT[self as usize]
    }

    pub fn is_stud(self) -> bool {
        self >= Street::Third
    }

    /// Board cards dealt at the start of this street (after one burn, HC-1.12). Stud has no
    /// board, but for the community card of a short deck (TDA-RP-10H).
    pub fn board_cards(self) -> usize {
        match self {
            Street::Flop => 3,
            Street::Turn | Street::River => 1,
            _ => 0,
        }
    }

    /// Board cards on the table once this street is dealt.
    pub fn board_len(self) -> usize {
        match self {
            Street::Flop => 3,
            Street::Turn => 4,
            Street::River => 5,
            _ => 0,
        }
    }

    /// Stud: the cards each player is dealt on this street, `true` for face up: two down and
    /// one up on third street, one up on fourth to sixth, one down on seventh (TDA-RP-10).
    pub fn stud_cards(self) -> &'static [bool] {
        match self {
            Street::Third => &[false, false, true],
            Street::Fourth | Street::Fifth | Street::Sixth => &[true],
            Street::Seventh => &[false],
            _ => &[],
        }
    }

    /// Stud: the cards a hand holds once this street is dealt, three on third street to seven
    /// on seventh (none on a flop game's street).
    pub fn stud_held(self) -> usize {
        // The sum of `stud_cards` up to this street.
        match self {
            Street::Third => 3,
            Street::Fourth => 4,
            Street::Fifth => 5,
            Street::Sixth => 6,
            Street::Seventh => 7,
            Street::Preflop | Street::Flop | Street::Turn | Street::River => 0,
        }
    }

    /// Stud: the street that deals the next card to a hand holding `held` cards, if any.
    pub fn stud_street_for(held: usize) -> Option<Street> {
        Street::STUD.into_iter().find(|s| s.stud_held() > held)
    }

    /// Whether fixed-limit bets on this street are big bets: turn and river, fifth street on.
    pub fn big_bet(self) -> bool {
        matches!(
            self,
            Street::Turn | Street::River | Street::Fifth | Street::Sixth | Street::Seventh
        )
    }
}

impl fmt::Display for Street {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Street::Preflop => "pre-flop",
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
            Street::Third => "third street",
            Street::Fourth => "fourth street",
            Street::Fifth => "fifth street",
            Street::Sixth => "sixth street",
            Street::Seventh => "seventh street",
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
            // PHH has no spread limit: S marks it, which no PHH reader takes for another game.
            Structure::SpreadLimit { .. } => 'S',
        };
        let game = match self.game {
            Game::Holdem => "T",
            Game::Omaha => "O",
            Game::OmahaHiLo => "O/8",
            Game::Stud => "7S",
            Game::StudHiLo => "7S/8",
            Game::Razz => "R",
        };
        format!("{structure}{game}")
    }

    /// A name as a player reads it, e.g. "No-Limit Hold'em".
    pub fn name(self) -> String {
        let structure = match self.structure {
            Structure::NoLimit => "No-Limit",
            Structure::PotLimit => "Pot-Limit",
            Structure::FixedLimit { .. } => "Limit",
            Structure::SpreadLimit { .. } => "Spread-Limit",
        };
        format!("{structure} {}", self.game.name())
    }
}
