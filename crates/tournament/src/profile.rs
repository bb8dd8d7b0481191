//! The director's rules where the rulebooks differ: seating, the first button, balancing,
//! breaking, the final table, same-hand eliminations and chip races. TDA 2019 by default; each
//! house rulebook is a profile (`profiles/*.toml`) naming only what it changes. The table rules
//! (betting, blinds, absent players) are the engine's `Ruleset` of the same id.

use engine::{ProfileError, RulebookId, Ruleset, merge_over_tda};
use serde::Deserialize;
use std::sync::Arc;

/// How the first seats are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeatDraw {
    /// TDA-7: at random.
    Random,
    /// HC-1.7: one card per seat, the ace of each table's suit marking the button.
    Cards,
}

/// Where each table's first button goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstButton {
    /// WWPLA-12, HC-1.7: seat one.
    SeatOne,
    /// WWPLA-1 (alternative), TDA-RP-14: a card to each player, the highest by suit.
    HighCard,
}

/// When tables are balanced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BalanceWhen {
    /// TDA-11: a player moves when a table two or more short of the fullest needs one, from the
    /// fullest table as it finishes its hand; tables `hold_when_short_by` short wait (TDA-11D).
    Tda,
    /// HC-1.8: as soon as tables differ by two, every table finishes its hand and the move is
    /// made before any new hand anywhere.
    BeforeAnyHand,
}

/// Who moves to balance, and to which seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mover {
    /// TDA-11A: the player due the big blind next, to the worst position, never the small blind.
    BigBlindNext,
    /// HC-1.8: the player at the eliminated player's position relative to the button, into the
    /// eliminated player's seat.
    RelativePosition,
    /// WWPLA-12: the player next to get the button, to the seat where they get it soonest.
    ButtonNext,
}

/// Which of several equally full tables gives up a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SourceTable {
    /// TDA-11C, a predetermined procedure: the fullest table that finishes its hand first; when
    /// several are waiting, the lowest table number.
    FirstToFinish,
    /// HC-1.8: a card for each, the lowest card (suits breaking ties) gives the player.
    LowestCard,
}

/// How players of a broken table get their new seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BreakDraw {
    /// TDA-10: seat cards shuffled face down, a card to each player face up, seats given out
    /// from the highest card.
    TwoStage,
}

/// How many play at the final table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FinalTable {
    /// TDA-RP-9: 9 for 9- and 8-handed events, 7 for 7- and 6-handed, else the table size.
    #[serde(rename = "rp-9")]
    Rp9,
    /// HC-1.7: formed when 10 players are left.
    Ten,
}

/// Ties among players eliminated in the same hand with the same starting stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SameHandTies {
    /// HC-1.3 (and TDA-RP-14): a card each, the higher card by suit places higher.
    CardDraw,
    /// WWPLA-12: the player nearer the blind, clockwise, places higher.
    NearestBlind,
}

/// How a colour-up's odd chips are raced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChipRace {
    /// TDA-24: the race starts at seat 1, at most one chip per player, nobody raced out; the
    /// odd chips' value is rounded to the nearest new chip.
    FromSeatOne,
    /// WWPLA-13, HC-3.7, JPR-11: a card per odd chip from the button's left, high card by suit
    /// wins, at most one chip each; the value is rounded up.
    CardsFromButton,
}

/// What happens when the time called on a player runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TimeExpiry {
    /// TDA-29, HC-1.13.7: facing a bet the hand is dead, else it is checked.
    CheckOrDead,
    /// DG-14a, WWPLA-11: the hand is dead.
    Dead,
}

/// The director's rules of one profile.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectorRules {
    pub name: Arc<str>,
    pub seat_draw: SeatDraw,
    pub first_button: FirstButton,
    pub balance: BalanceWhen,
    pub mover: Mover,
    pub source_table: SourceTable,
    pub hold_when_short_by: u8,
    pub break_draw: BreakDraw,
    pub final_table: FinalTable,
    pub same_hand_ties: SameHandTies,
    pub chip_race: ChipRace,
    /// Late players not yet seated are removed at the first hand of this level; 0: never.
    pub late_player_deadline_level: u32,
    /// More new players than this at a table redraw its button (WWPLA-12); 0: never.
    pub redraw_button_over_new_players: u8,
    /// Seconds a player has once time is called, the final countdown included (TDA-29).
    pub time_call_seconds: u32,
    pub time_expiry: TimeExpiry,
}

/// The director's profile file of a rulebook (`profiles/*.toml`).
fn director_profile(id: RulebookId) -> &'static str {
    match id {
        RulebookId::Tda => include_str!("../profiles/tda.toml"),
        RulebookId::Wwpla => include_str!("../profiles/wwpla.toml"),
        RulebookId::Hc => include_str!("../profiles/hc.toml"),
        RulebookId::Dg => include_str!("../profiles/dg.toml"),
        RulebookId::Jpr => include_str!("../profiles/jpr.toml"),
    }
}

/// A profile: the engine's table rules and the director's rules of one rulebook.
#[derive(Clone, Debug)]
pub struct Profile {
    pub id: RulebookId,
    pub table: Ruleset,
    pub director: DirectorRules,
}

impl Profile {
    /// A shipped profile by id: `tda` (or `tda2019`), `wwpla`, `hc`, `dg`, `jpr`.
    pub fn get(id: &str) -> Result<Profile, ProfileError> {
        Profile::of(id.parse()?)
    }

    /// The shipped profile of a rulebook.
    pub fn of(id: RulebookId) -> Result<Profile, ProfileError> {
        Ok(Profile {
            id,
            table: Ruleset::of(id),
            director: DirectorRules::from_profile_text(director_profile(id))?,
        })
    }
}

impl DirectorRules {
    /// A profile's text laid over TDA 2019: keys it does not name keep the TDA value.
    pub fn from_profile_text(text: &str) -> Result<DirectorRules, ProfileError> {
        merge_over_tda(director_profile(RulebookId::Tda), text)
    }

    /// The final table's size for tables of `table_size` (TDA-RP-9, HC-1.7).
    pub fn final_table_size(&self, table_size: u8) -> u8 {
        match self.final_table {
            FinalTable::Ten => 10.min(table_size.max(2)),
            FinalTable::Rp9 => match table_size {
                8 | 9 => 9,
                6 | 7 => 7,
                n => n,
            },
        }
    }
}
