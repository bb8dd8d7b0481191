//! The list keeper's commands for a room's cash games (issue 18) and the waiting-list board.
//! Guests, games and tables are numbered from 0 in the order they were added or opened.

use serde::{Deserialize, Serialize};

use crate::{CashTableId, GameId, GuestId};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RingCommand {
    /// A cash game the room runs (HC-1.6: the conditions fixed at the opening).
    AddGame(GameSpec),
    AddGuest {
        name: String,
    },
    /// A guest who registers from the browser: the hash of the token given to them once.
    RegisterGuest {
        name: String,
        token: String,
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
        /// Wait for the big blind rather than post one to be dealt in at once (TDA).
        #[serde(default)]
        wait: bool,
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
        #[serde(default)]
        wait: bool,
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
        /// Back: wait for the big blind rather than post what is owed at once (HC-1.9).
        #[serde(default)]
        wait: bool,
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
    /// A hand begins at a table the list keeper or a tablet follows: who is dealt in and who
    /// posts what is the rules' (`dealt`, when given, must be that); `button` is the seat drawn
    /// for the table's first hand (TDA-RP-14).
    HandStarted {
        table: CashTableId,
        #[serde(default)]
        dealt: Vec<GuestId>,
        #[serde(default)]
        button: Option<u8>,
    },
    /// A hand at a followed table is over: each dealt player's stack and the pot. With `won`
    /// (what each winner won), the stacks are before the rake, which the room takes from the
    /// winners; without, after it. `hand`, when given, must be the table's hand in play.
    HandSettled {
        table: CashTableId,
        stacks: Vec<GuestStack>,
        pot: u64,
        #[serde(default)]
        won: Vec<GuestStack>,
        #[serde(default)]
        hand: Option<u64>,
    },
    ChargeTime {
        table: CashTableId,
    },
    /// Offers that ran out go on to the next in line.
    Tick,
    /// The room's choices: how long a seat offer stands, whether a guest who declines it or
    /// lets it run out loses their place, and how many names open a new table.
    Configure {
        offer_seconds: u32,
        #[serde(default)]
        lose_place: bool,
        interest_min: u8,
        /// How the board in the room names guests; left out, as it was (`full` at first).
        #[serde(default)]
        board_names: Option<BoardNames>,
    },
    /// An online table's next hand, dealt by the server from `seed` (64 hex digits).
    Deal {
        table: CashTableId,
        seed: String,
    },
    /// A player's action in hand `hand` of their online table.
    Act {
        guest: GuestId,
        hand: u64,
        action: crate::PlayerAction,
    },
    /// The player to act in hand `hand` of an online table ran out of time.
    TimeOut {
        table: CashTableId,
        hand: u64,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    pub name: String,
    /// PHH code: `NT`, `PT`, `NO`, `PO`; spread limit (HC-1), which PHH has no code for: `ST`
    /// (hold'em), `SO` (Omaha), with `spread_max`.
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
    /// Spread limit: the largest bet or raise; the smallest is the big blind (HC-3.4.1).
    #[serde(default)]
    pub spread_max: u64,
}

fn tda() -> String {
    "tda".into()
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GuestStack {
    pub guest: GuestId,
    pub chips: u64,
}

/// How the board in the room names guests (issue 36): `full` names, or `initials` ("Egon
/// Müller" as "E. M.").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BoardNames {
    #[default]
    Full,
    Initials,
}

/// The waiting-list board: every game with its tables, open seats, list and offers, the
/// expected wait; for the list keeper (the TD's secret) the chips, the books and every guest.
/// The room's board (no secret) has no chips, no books and no guest list, and names as the
/// house chose (`board_names`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RingBoard {
    pub games: Vec<BoardGame>,
    /// The list keeper's books; only with the TD's secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub books: Option<BoardBooks>,
    /// Every guest, by id (the desk seats and lists them by it); only with the TD's secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guests: Option<Vec<BoardGuest>>,
    /// How long a seat offer stands; whether missing one loses the place on the list.
    pub offer_seconds: u32,
    pub lose_place: bool,
    pub interest_min: u8,
    pub board_names: BoardNames,
    /// The server's clock when the board was made (offers' seconds are counted from it).
    pub now_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BoardGuest {
    pub id: GuestId,
    pub name: String,
}

/// A table's statement (HC-1.10): who opened it on what conditions, its hands, and what each
/// player brought and took; once it is closed, brought = took + rake.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TableStatement {
    pub table: CashTableId,
    pub game: GameId,
    pub opened_by: String,
    pub conditions: String,
    pub opened_ms: u64,
    pub closed_ms: Option<u64>,
    pub hands: u64,
    pub lines: Vec<StatementLine>,
    pub brought: u64,
    pub took: u64,
    pub rake: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct StatementLine {
    pub guest: GuestId,
    pub name: String,
    pub brought: u64,
    pub took: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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
    /// Open seats at the game's tables, and how many of them are offered to a name now.
    pub open_seats: u32,
    pub offers_running: u32,
    /// Seats that opened at the game's tables in the last two hours (a guest leaving, a
    /// table opening), the expected wait's ground.
    pub seats_opened_2h: u32,
    /// The expected wait of a name put down now, in seconds (the openings' pace over the last
    /// two hours); none before a seat opened or while no table of the game runs.
    pub expected_wait_s: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BoardTable {
    pub id: CashTableId,
    pub mode: String,
    pub opened_by: String,
    pub conditions: String,
    pub feeds: Option<CashTableId>,
    pub hand_running: bool,
    pub hands: u64,
    pub open_seats: u32,
    /// Open seats offered to a name now (answered within the offer's time).
    pub offered_seats: u32,
    pub seats: Vec<Option<BoardSeat>>,
    /// Between hands: who the next hand deals in and who posts what, by the game's rules.
    pub next: Option<NextHandView>,
}

/// The next hand of a cash table (`engine::ring`): seats from 1, 0 for none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NextHandView {
    pub button: u8,
    pub small_blind: u8,
    pub big_blind: u8,
    pub dealt: Vec<u8>,
    pub posts: Vec<PostView>,
    pub rules: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PostView {
    pub seat: u8,
    pub live: u64,
    pub dead: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BoardSeat {
    pub guest: GuestId,
    pub name: String,
    /// Only with the TD's secret: the room's board shows nobody's chips.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<u64>,
    pub away: bool,
    /// Blinds owed for having been away: `small`, `big` or `both` (JPR-3.0's markers).
    pub owes: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BoardWaiting {
    pub guest: GuestId,
    pub name: String,
    /// `seat` or `table_change`.
    pub wants: String,
    /// A seat offered now, answered until `offer_expires_ms`.
    pub offer: Option<BoardOffer>,
    /// The expected wait in seconds while no seat is offered (the place among the names still
    /// to be served over the openings' pace); none without an estimate.
    pub expected_wait_s: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BoardOffer {
    pub table: CashTableId,
    pub seat: u8,
    pub expires_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BoardBooks {
    pub bought_in: u64,
    pub at_tables: u64,
    pub frozen: u64,
    pub cashed_out: u64,
    pub rake: u64,
}

/// What a guest asks for from the browser (`POST /api/ring/me`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum GuestRequest {
    Join {
        game: GameId,
    },
    Leave {
        game: GameId,
    },
    Accept {
        buy_in: u64,
        #[serde(default)]
        wait: bool,
    },
    Decline,
    /// Away from the table (no cards while away: HC-1.9, JPR-3.0, TDA-30).
    Away,
    Back {
        #[serde(default)]
        wait: bool,
    },
    TopUp {
        amount: u64,
    },
    CashOut,
    Act {
        hand: u64,
        action: crate::PlayerAction,
    },
}

/// A guest's own page: their lists, the seat offered, their seat and table, their sessions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GuestView {
    pub guest: GuestId,
    pub name: String,
    pub now_ms: u64,
    pub lists: Vec<GuestListing>,
    pub offer: Option<GuestOffer>,
    pub seat: Option<GuestSeat>,
    pub table: Option<CashTableView>,
    /// Chips frozen in a tray, by game (HC-1.9).
    pub frozen: Vec<GuestFrozen>,
    pub sessions: Vec<GuestSession>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GuestListing {
    pub game: GameId,
    pub game_name: String,
    /// Place on the list, from 1.
    pub place: u32,
    /// `seat` or `table_change`.
    pub wants: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GuestOffer {
    pub game: GameId,
    pub game_name: String,
    pub table: CashTableId,
    pub seat: u8,
    pub expires_ms: u64,
    pub min_buy_in: u64,
    pub max_buy_in: u64,
    /// Chips that come with the seat (a table change, a frozen stack): no buy-in then.
    pub brings: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GuestSeat {
    pub table: CashTableId,
    pub seat: u8,
    pub chips: u64,
    pub away: bool,
    pub owes: Option<String>,
    pub in_hand: bool,
    pub max_buy_in: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GuestFrozen {
    pub game: GameId,
    pub chips: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GuestSession {
    pub game: GameId,
    pub table: CashTableId,
    pub start_ms: u64,
    pub end_ms: Option<u64>,
    pub brought: u64,
    pub took: u64,
}

/// A cash table as one viewer sees it: seats, the hand in play (their own cards only, and
/// what was shown), and between hands the next hand by the rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CashTableView {
    pub id: CashTableId,
    pub game_name: String,
    pub stakes: String,
    pub mode: String,
    pub seats: Vec<Option<CashSeatView>>,
    pub hand: Option<CashHandView>,
    pub next: Option<NextHandView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CashSeatView {
    pub guest: GuestId,
    pub name: String,
    /// Chips behind (in a hand: not counting the bet in front).
    pub chips: u64,
    pub away: bool,
    pub owes: Option<String>,
    /// In the hand in play: the bet in front, folded, and the cards this viewer may see.
    pub in_hand: bool,
    pub bet: u64,
    pub folded: bool,
    pub cards: Vec<Option<String>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CashHandView {
    pub number: u64,
    pub button: u8,
    /// `preflop`, `flop`, `turn`, `river` or `over`.
    pub street: String,
    pub board: Vec<String>,
    pub pot: u64,
    pub to_act: Option<u8>,
    pub act_deadline_ms: Option<u64>,
    /// The viewer's legal actions, when it is their turn.
    pub legal: Option<crate::Legal>,
    /// Who won what, once the hand is over.
    pub result: Vec<String>,
}
