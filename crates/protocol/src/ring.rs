//! The list keeper's commands for a room's cash games (issue 18) and the waiting-list board.
//! Guests, games and tables are numbered from 0 in the order they were added or opened.

use serde::{Deserialize, Serialize};

pub type GuestId = u32;
pub type GameId = u32;
pub type CashTableId = u32;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RingCommand {
    /// A cash game the room runs (HC-1.6: the conditions fixed at the opening).
    AddGame(GameSpec),
    AddGuest {
        name: String,
    },
    /// HC-1.10: a member opens a table and keeps its list; `feeds` makes it a must-move table.
    OpenTable {
        game: GameId,
        /// `online`, `tablet` or `list_keeper`.
        mode: String,
        opened_by: String,
        #[serde(default)]
        conditions: String,
        #[serde(default)]
        feeds: Option<CashTableId>,
    },
    CloseTable {
        table: CashTableId,
    },
    /// A name on a game's list; `in_tournament`: still playing a tournament (HC-1.4).
    Join {
        guest: GuestId,
        game: GameId,
        #[serde(default)]
        in_tournament: bool,
    },
    Leave {
        guest: GuestId,
        game: GameId,
    },
    Accept {
        guest: GuestId,
        #[serde(default)]
        buy_in: u64,
    },
    Decline {
        guest: GuestId,
    },
    SeatAtDesk {
        guest: GuestId,
        table: CashTableId,
        /// From 1.
        seat: u8,
        buy_in: u64,
    },
    TopUp {
        guest: GuestId,
        amount: u64,
    },
    CashOut {
        guest: GuestId,
    },
    Away {
        guest: GuestId,
        away: bool,
    },
    /// HC-1.9: away over 30 minutes while someone waits: cash out, or freeze the chips.
    FreeAwaySeat {
        guest: GuestId,
        freeze: bool,
    },
    Unfreeze {
        guest: GuestId,
        table: CashTableId,
        seat: u8,
    },
    HandStarted {
        table: CashTableId,
        dealt: Vec<GuestId>,
    },
    HandSettled {
        table: CashTableId,
        stacks: Vec<GuestStack>,
        pot: u64,
    },
    ChargeTime {
        table: CashTableId,
    },
    /// Offers that ran out go on to the next in line.
    Tick,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    pub name: String,
    /// PHH code: `NT`, `PT`, `NO`, `PO`.
    pub variant: String,
    pub small_blind: u64,
    pub big_blind: u64,
    pub seats: u8,
    pub min_buy_in: u64,
    pub max_buy_in: u64,
    /// `tda` (default), `wwpla`, `hc`, `dg`, `jpr`.
    #[serde(default = "tda")]
    pub profile: String,
    /// Rake per hand, in percent of the pot up to `rake_cap`; or a time charge per seat and
    /// half hour. Both 0 (the default): no rake.
    #[serde(default)]
    pub rake_percent: u8,
    #[serde(default)]
    pub rake_cap: u64,
    #[serde(default)]
    pub time_charge: u64,
}

fn tda() -> String {
    "tda".into()
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuestStack {
    pub guest: GuestId,
    pub chips: u64,
}

/// The waiting-list board: every game with its tables, open seats, list and offers, and the
/// list keeper's books.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingBoard {
    pub games: Vec<BoardGame>,
    pub books: BoardBooks,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardGame {
    pub id: GameId,
    pub name: String,
    pub variant: String,
    pub stakes: String,
    pub profile: String,
    pub min_buy_in: u64,
    pub max_buy_in: u64,
    pub tables: Vec<BoardTable>,
    pub waiting: Vec<BoardWaiting>,
    /// An interest list long enough to open a table.
    pub worth_opening: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardTable {
    pub id: CashTableId,
    pub mode: String,
    pub opened_by: String,
    pub conditions: String,
    pub feeds: Option<CashTableId>,
    pub hand_running: bool,
    pub hands: u64,
    pub open_seats: u32,
    pub seats: Vec<Option<BoardSeat>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardSeat {
    pub guest: GuestId,
    pub name: String,
    pub chips: u64,
    pub away: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardWaiting {
    pub guest: GuestId,
    pub name: String,
    /// `seat` or `table_change`.
    pub wants: String,
    /// A seat offered now, answered until `offer_expires_ms`.
    pub offer: Option<BoardOffer>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardOffer {
    pub table: CashTableId,
    pub seat: u8,
    pub expires_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardBooks {
    pub bought_in: u64,
    pub at_tables: u64,
    pub frozen: u64,
    pub cashed_out: u64,
    pub rake: u64,
}
