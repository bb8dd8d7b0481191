//! The dealer tablet's commands: a live table opened by the TD, then what the dealer enters hand
//! by hand (acts as seen, errors noticed, irregularities, streets laid, showdown, pots named).
//!
//! A `player` here is the player's index in the hand's dealing order from 0 (the first player
//! left of the button; heads-up, the big blind), as in `floor::procedure::Irregularity`. Every
//! command but `open` names its table and the hand number it was entered for, so that a late
//! tap never lands in the next hand.

use serde::{Deserialize, Serialize};

use crate::{CashTableId, LiveTableId, TableNumber};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FloorCommand {
    Open(OpenTable),
    /// A live event's table followed hand by hand from this tablet (issue 17): opened with the
    /// hand the director started there; busts and hand ends are reported from the hand itself.
    Track {
        /// The event and its table (from 1).
        event: crate::EventId,
        event_table: TableNumber,
        deal: Box<LinkedDeal>,
    },
    /// A cash table of the room followed from this tablet (issue 18): opened with the hand the
    /// rules deal there (`ring::Room::start_hand`); its end is settled in the list's books.
    TrackCash {
        cash_table: CashTableId,
        deal: Box<LinkedDeal>,
    },
    /// A followed table's next hand, as the director started it at the event's table.
    Seed {
        table: LiveTableId,
        hand: u64,
        deal: Box<LinkedDeal>,
    },
    /// What a player did, as the dealer saw it.
    Act {
        table: LiveTableId,
        hand: u64,
        act: FloorAct,
    },
    /// An error is noticed now (TDA-52B: corrections while no substantial action followed).
    Notice {
        table: LiveTableId,
        hand: u64,
    },
    /// An irregularity picked from the menu.
    Irregularity {
        table: LiveTableId,
        hand: u64,
        irregularity: floor::procedure::Irregularity,
    },
    /// The due street laid: its cards entered, or `None` for laid face up but not entered.
    Board {
        table: LiveTableId,
        hand: u64,
        cards: Option<Vec<String>>,
    },
    /// A player's hole cards tabled and entered, e.g. `["As", "Kd"]`.
    Show {
        table: LiveTableId,
        hand: u64,
        player: u8,
        cards: Vec<String>,
    },
    Muck {
        table: LiveTableId,
        hand: u64,
        player: u8,
    },
    /// The dealer names the winners of pot `pot` (0 = main pot) when the cards are not entered.
    Award {
        table: LiveTableId,
        hand: u64,
        pot: usize,
        winners: Vec<u8>,
    },
    /// The hand is over: the next one is dealt with the button moved on.
    NextHand {
        table: LiveTableId,
        hand: u64,
    },
}

impl FloorCommand {
    /// The live table a command is about; `None` for a new one.
    pub fn table(&self) -> Option<LiveTableId> {
        match self {
            FloorCommand::Open(_) | FloorCommand::Track { .. } | FloorCommand::TrackCash { .. } => {
                None
            }
            FloorCommand::Act { table, .. }
            | FloorCommand::Notice { table, .. }
            | FloorCommand::Irregularity { table, .. }
            | FloorCommand::Board { table, .. }
            | FloorCommand::Show { table, .. }
            | FloorCommand::Muck { table, .. }
            | FloorCommand::Award { table, .. }
            | FloorCommand::NextHand { table, .. }
            | FloorCommand::Seed { table, .. } => Some(*table),
        }
    }
}

/// A live table as the TD opens it. Players are given in seat order from seat 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenTable {
    /// `tda2019` (default), `wwpla`, `hc`, `dg`, `jpr`.
    #[serde(default = "tda")]
    pub profile: String,
    /// PHH code: `NT` (default) no-limit or `PT` pot-limit hold'em; `NO`, `PO` Omaha.
    #[serde(default = "nt")]
    pub variant: String,
    pub names: Vec<String>,
    pub stacks: Vec<u64>,
    pub small_blind: u64,
    pub big_blind: u64,
    #[serde(default)]
    pub ante: u64,
    #[serde(default)]
    pub big_blind_ante: u64,
    /// The chip values in play, e.g. `[25, 100, 500, 1000, 5000]`.
    pub denominations: Vec<u64>,
    /// The first hand's button seat, from 1; the last seat when not given.
    #[serde(default)]
    pub button: Option<u8>,
}

/// A hand of a live event's table as the director starts it (positions and forced bets by its
/// rules: the dead button, the profile), for a tablet to follow. Seats from 1; the lists after
/// `dealt` are in dealing order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkedDeal {
    /// The event's profile (`tda`, `wwpla`, `hc`, `dg`, `jpr`) and game (PHH code).
    pub profile: String,
    pub variant: String,
    /// Everyone seated, by seat; `None` for an empty seat.
    pub seats: Vec<Option<LinkedSeat>>,
    pub button: u8,
    pub small_blind_position: u8,
    pub small_blind: Option<u8>,
    pub big_blind: u8,
    pub dealt: Vec<u8>,
    pub stacks: Vec<u64>,
    pub antes: Vec<u64>,
    pub blinds: Vec<u64>,
    pub absent: Vec<bool>,
    pub min_bet: u64,
    pub chip_unit: u64,
    pub tournament_heads_up: bool,
    /// The level's blinds and antes, for the tablet's header.
    pub level_blinds: [u64; 4],
    pub denominations: Vec<u64>,
    /// The event table's hand: its number there, from 1.
    pub event_hand: u64,
}

/// A player at a followed table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkedSeat {
    /// Who sits there: an event's entry, or at a cash table the guest (the engine's
    /// `PlayerId` names either, for its caller).
    pub entry: crate::EntryId,
    pub name: String,
    pub stack: u64,
}

fn tda() -> String {
    "tda2019".into()
}

fn nt() -> String {
    "NT".into()
}

/// What physically happened: words, one motion of chips, or both.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FloorAct {
    pub player: u8,
    /// The words said, German or English; may be empty.
    #[serde(default)]
    pub say: String,
    /// Denominations pushed forward in this one motion.
    #[serde(default)]
    pub chips: Vec<u64>,
    /// Denominations left in front from an earlier bet this round.
    #[serde(default)]
    pub previous_chips: Vec<u64>,
    /// How much of the earlier chips was pulled back (TDA-46).
    #[serde(default)]
    pub previous_pulled_back: PulledBack,
    /// With `some`: which of the earlier chips.
    #[serde(default)]
    pub pulled_back: Vec<u64>,
    /// Whether words or chips came first (TDA-40A).
    #[serde(default)]
    pub order: Order,
    /// What the player was told when asking for a count (TDA-49, TDA-52B).
    #[serde(default)]
    pub told: Option<u64>,
    /// The words were not clearly heard (TDA-40A).
    #[serde(default)]
    pub unclear: bool,
    /// The player acted blind: without looking at the cards, or before the deal (DG-9,
    /// DG-15a.5).
    #[serde(default)]
    pub blind: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    SayFirst,
    ChipsFirst,
    #[default]
    Together,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PulledBack {
    #[default]
    None,
    Some,
    All,
}
