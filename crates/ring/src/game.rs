//! A cash game the room runs: variant and betting structure, stakes, table size, buy-in limits,
//! the rulebook profile and the rake (HC-1.6, HC-1.10: the conditions the list keeper fixes).

use crate::{Amount, RingError};
use engine::{Chips, RulebookId, Variant};

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct GameId(pub u32);

impl GameId {
    /// The game's number as people count them, from 1 (the id counts from 0).
    pub fn number(self) -> u32 {
        self.0 + 1
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The blinds a game is played for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stakes {
    pub small_blind: Chips,
    pub big_blind: Chips,
}

/// What a player may bring to the table, in chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuyInLimits {
    pub min: Chips,
    pub max: Chips,
}

/// What the house takes, off by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rake {
    #[default]
    Off,
    /// A share of each pot in percent, up to a cap.
    PerHand { percent: u8, cap: Chips },
    /// A time charge per seated player for each half hour begun.
    PerHalfHour { per_seat: Chips },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub name: String,
    pub variant: Variant,
    pub stakes: Stakes,
    pub seats: u8,
    pub buy_in: BuyInLimits,
    pub profile: RulebookId,
    pub rake: Rake,
}

impl Game {
    /// A game the list keeper can run: blinds that make sense, a table of 2 to the variant's
    /// most players, limits from at least a big blind, a rake below the whole pot, and every
    /// amount at most [`Chips::MAX_AMOUNT`] (issue 33 item 2: a buy-in of 2^63 wrapped the
    /// books).
    pub fn check(&self) -> Result<(), RingError> {
        let bad = |m: String| Err(RingError::BadGame(m));
        if self.name.trim().is_empty() || self.name.chars().count() > 60 {
            return bad("a game's name is 1 to 60 characters".into());
        }
        for (what, amount) in self.amounts() {
            if !amount.within_ceiling() {
                return Err(RingError::AmountTooLarge {
                    what,
                    amount,
                    max: Chips::MAX_AMOUNT,
                });
            }
        }
        let Stakes {
            small_blind,
            big_blind,
        } = self.stakes;
        if big_blind.is_zero() || small_blind > big_blind {
            return bad("the big blind must be above 0 and at least the small blind".into());
        }
        let most = self.variant.game.max_players().min(engine::MAX_PLAYERS);
        if !(2..=most).contains(&usize::from(self.seats)) {
            return bad(format!("a table of this game has 2 to {most} seats"));
        }
        if self.buy_in.min < big_blind || self.buy_in.max < self.buy_in.min {
            return bad(format!(
                "the buy-in runs from at least a big blind ({big_blind}) to a maximum not below the minimum"
            ));
        }
        if let Rake::PerHand { percent, .. } = self.rake
            && percent >= 100
        {
            return bad("a rake takes less than the whole pot".into());
        }
        Ok(())
    }

    /// The amounts the game is set up with.
    fn amounts(&self) -> Vec<(Amount, Chips)> {
        let mut amounts = vec![
            (Amount::SmallBlind, self.stakes.small_blind),
            (Amount::BigBlind, self.stakes.big_blind),
            (Amount::MinBuyIn, self.buy_in.min),
            (Amount::MaxBuyIn, self.buy_in.max),
        ];
        match self.rake {
            Rake::PerHand { cap, .. } => amounts.push((Amount::RakeCap, cap)),
            Rake::PerHalfHour { per_seat } => amounts.push((Amount::TimeCharge, per_seat)),
            Rake::Off => {}
        }
        amounts
    }

    /// The rake of a pot of `pot` chips.
    pub fn rake_of(&self, pot: Chips) -> Chips {
        match self.rake {
            Rake::PerHand { percent, cap } => {
                Chips((pot.0 as u128 * u128::from(percent) / 100) as u64).min(cap)
            }
            Rake::Off | Rake::PerHalfHour { .. } => Chips(0),
        }
    }
}
