//! Mixed games (HC-1, TDA-11B): a rotation of games, each played a set number of hands at a
//! table or one per level (HORSE), and a level's stakes, which turn the game of a hand into its
//! variant and forced bets. For a ring game and a tournament alike.

use crate::chips::Chips;
use crate::table::{Blinds, ForcedBets, StudBets};
use crate::variant::{Game, Structure, Variant};
use std::fmt;
use thiserror::Error;

/// A betting structure without its amounts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Betting {
    NoLimit,
    PotLimit,
    FixedLimit,
    /// Spread limit (HC-1): any bet from the smallest to the level's `spread_max`.
    SpreadLimit,
}

/// A game and how it is bet, without amounts: limit razz, no-limit hold'em.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameKind {
    pub game: Game,
    pub betting: Betting,
}

impl GameKind {
    pub const fn limit(game: Game) -> GameKind {
        GameKind {
            game,
            betting: Betting::FixedLimit,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let betting = match self.betting {
            Betting::NoLimit => "No-Limit",
            Betting::PotLimit => "Pot-Limit",
            Betting::FixedLimit => "Limit",
            Betting::SpreadLimit => "Spread-Limit",
        };
        write!(f, "{betting} {}", self.game.name())
    }
}

/// One level's amounts for every game an event deals: blinds for flop games, antes and a
/// bring-in for stud, small and big bets for fixed limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stakes {
    pub small_blind: Chips,
    pub big_blind: Chips,
    /// Every player's ante in flop games.
    pub ante: Chips,
    /// The big blind's ante in flop games (TDA-RP-11).
    pub big_blind_ante: Chips,
    /// Every player's ante in stud.
    pub stud_ante: Chips,
    /// Stud: the bring-in of the lowest up card (razz: the highest), TDA-RP-10.
    pub bring_in: Chips,
    /// Fixed limit: bets of the first two rounds; stud in any structure: the bet that completes
    /// the bring-in.
    pub small_bet: Chips,
    /// Fixed limit: bets of the later rounds.
    pub big_bet: Chips,
    /// Spread limit: the largest bet or raise; the smallest is the big blind (stud: the small
    /// bet), HC-3.4.1.
    pub spread_max: Chips,
}

impl Stakes {
    /// The variant and forced bets of a hand of `kind` at these stakes.
    pub fn hand(&self, kind: GameKind) -> (Variant, ForcedBets) {
        let structure = match kind.betting {
            Betting::NoLimit => Structure::NoLimit,
            Betting::PotLimit => Structure::PotLimit,
            Betting::FixedLimit => Structure::FixedLimit {
                small_bet: self.small_bet,
                big_bet: self.big_bet,
            },
            Betting::SpreadLimit => Structure::SpreadLimit {
                min_bet: if kind.game.is_stud() {
                    self.small_bet
                } else {
                    self.big_blind
                },
                max_bet: self.spread_max,
            },
        };
        let forced = if kind.game.is_stud() {
            ForcedBets::Stud(StudBets {
                ante: self.stud_ante,
                bring_in: self.bring_in,
                small_bet: self.small_bet,
            })
        } else {
            ForcedBets::Blinds(Blinds {
                small_blind: self.small_blind,
                big_blind: self.big_blind,
                ante: self.ante,
                big_blind_ante: self.big_blind_ante,
            })
        };
        let variant = Variant {
            game: kind.game,
            structure,
        };
        (variant, forced)
    }
}

/// When a rotation moves on to its next game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Switch {
    /// Each game for its number of hands at a table.
    Hands,
    /// One game per level.
    Level,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum RotationError {
    #[error("a rotation needs at least one game")]
    NoGames,
    #[error("{0} is played for 0 hands: each game needs at least one")]
    NoHands(GameKind),
}

/// The games of a mixed event in order, each for a number of hands or one per level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rotation {
    games: Vec<(GameKind, u32)>,
    switch: Switch,
}

impl Rotation {
    /// HORSE: limit hold'em, limit Omaha hi/lo, razz, stud and stud hi/lo.
    pub const HORSE: [GameKind; 5] = [
        GameKind::limit(Game::Holdem),
        GameKind::limit(Game::OmahaHiLo),
        GameKind::limit(Game::Razz),
        GameKind::limit(Game::Stud),
        GameKind::limit(Game::StudHiLo),
    ];

    /// Each game for its number of hands, then the next, round and round.
    pub fn by_hands(games: Vec<(GameKind, u32)>) -> Result<Rotation, RotationError> {
        if games.is_empty() {
            return Err(RotationError::NoGames);
        }
        if let Some(&(kind, _)) = games.iter().find(|(_, hands)| *hands == 0) {
            return Err(RotationError::NoHands(kind));
        }
        Ok(Rotation {
            games,
            switch: Switch::Hands,
        })
    }

    /// One game per level, in order, round and round.
    pub fn by_level(games: Vec<GameKind>) -> Result<Rotation, RotationError> {
        if games.is_empty() {
            return Err(RotationError::NoGames);
        }
        Ok(Rotation {
            games: games.into_iter().map(|g| (g, 1)).collect(),
            switch: Switch::Level,
        })
    }

    /// HORSE with `hands` hands of each game (8 is usual at 8-handed tables).
    pub fn horse(hands: u32) -> Result<Rotation, RotationError> {
        Rotation::by_hands(Rotation::HORSE.iter().map(|&g| (g, hands)).collect())
    }

    pub fn switch(&self) -> Switch {
        self.switch
    }

    /// The games in order, with their hands (1 each by level).
    pub fn games(&self) -> &[(GameKind, u32)] {
        &self.games
    }

    /// Whether any game of the rotation is stud.
    pub fn has_stud(&self) -> bool {
        self.games.iter().any(|(g, _)| g.game.is_stud())
    }

    /// The game of the next hand at a table that has played `hands_played` hands of this
    /// rotation, at 0-based `level`.
    pub fn game(&self, hands_played: u64, level: usize) -> GameKind {
        match self.switch {
            Switch::Level => self.games[level % self.games.len()].0,
            Switch::Hands => {
                let round: u64 = self.games.iter().map(|&(_, h)| u64::from(h)).sum();
                let mut at = hands_played % round.max(1);
                for &(kind, hands) in &self.games {
                    if at < u64::from(hands) {
                        return kind;
                    }
                    at -= u64::from(hands);
                }
                self.games[0].0
            }
        }
    }
}
