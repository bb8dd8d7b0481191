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
    /// posts what is the rules' (`dealt`, when given, must be that: the ids of the guests at
    /// the seats of the board's `next.dealt`, in any order; else 422 `not_dealt_in`); `button`
    /// is the seat drawn for the table's first hand (TDA-RP-14).
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
    /// HC-1.10: the list keeper moves a seated guest with their chips to an open seat of the
    /// same game (another table, or another seat at theirs), between their hands.
    Move {
        guest: GuestId,
        table: CashTableId,
        /// From 1.
        seat: u8,
        #[serde(default)]
        wait: bool,
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
    /// Issue 37: the server's seed for hand `hand` of an online table, before it is dealt:
    /// `sealed` with the room's seal key (kept apart from the log, so that the log does not
    /// give the cards away), and its `commitment`, SHA-256 of the seed, shown at the table.
    Commit {
        table: CashTableId,
        hand: u64,
        sealed: String,
        commitment: String,
        /// A value counts only while its giver holds the seat (written by every build since;
        /// a log of before has none, and replays as it was dealt: any value a seat gave).
        #[serde(default)]
        values_by_holder: bool,
    },
    /// Issue 37: a seated guest's own random value (64 hex digits) for hand `hand` of their
    /// online table; one that comes late, twice or malformed is left out, and the hand's
    /// deck proof says so.
    DeckValue {
        guest: GuestId,
        hand: u64,
        value: String,
    },
    /// An online table's next hand, dealt by the server from its commitment's seed and the
    /// players' values; logs from before issue 37 give the deck's `seed` (64 hex digits).
    Deal {
        table: CashTableId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<String>,
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
    /// The player to act in hand `hand` of an online table took their reasonable time: time
    /// is called on them, for the game's profile's seconds (TDA-29, HC-1.13.7, DG-14a,
    /// WWPLA-11).
    CallClock {
        table: CashTableId,
        hand: u64,
    },
    /// Issue 36 item 3: a guest's number for a text when a seat is offered, given with their
    /// consent (refused without it), in their language; `phone: null` takes it back.
    SetPhone {
        guest: GuestId,
        phone: Option<String>,
        #[serde(default)]
        consent: bool,
        #[serde(default)]
        lang: Lang,
    },
    /// A guest who is not seated and has no chips in a tray is forgotten: off every list, name
    /// and number gone; the books keep the amounts under the guest's number.
    ForgetGuest {
        guest: GuestId,
    },
}

/// The language of the texts sent to a guest: German unless the guest's page says English.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    De,
    En,
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
    /// Spread limit: the largest bet or raise; the smallest is the big blind (HC-3.4.1). Only
    /// for `ST` and `SO` (another game with it: 422 `bad_game`).
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
    /// Chips frozen in a tray (HC-1.9), by guest and game; only with the TD's secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frozen: Option<Vec<BoardFrozen>>,
    /// Tables closed, newest last: their statements stay (HC-1.10); only with the TD's secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed_tables: Option<Vec<BoardClosedTable>>,
    /// How long a seat offer stands; whether missing one loses the place on the list.
    pub offer_seconds: u32,
    pub lose_place: bool,
    pub interest_min: u8,
    pub board_names: BoardNames,
    /// The server's clock when the board was made (offers' seconds are counted from it).
    pub now_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BoardFrozen {
    pub guest: GuestId,
    pub name: String,
    pub game: GameId,
    pub chips: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BoardClosedTable {
    pub id: CashTableId,
    pub game: GameId,
    pub opened_by: String,
    pub closed_ms: u64,
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
    /// The house's charge: rake in percent of each pot up to a cap, or a time charge per seat
    /// and half hour; all 0: none (HC-1.6).
    pub rake_percent: u8,
    pub rake_cap: u64,
    pub time_charge: u64,
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
    /// The button's seat in the hand in play or the last one (from 1; 0: none yet).
    pub button: u8,
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
    /// Since when the guest is away (HC-1.9: after 30 minutes the seat may be freed).
    pub away_since_ms: Option<u64>,
    /// Dealt into the hand in play.
    pub in_hand: bool,
    /// Blinds owed for having been away: `small`, `big` or `both` (JPR-3.0's markers).
    pub owes: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BoardWaiting {
    pub guest: GuestId,
    pub name: String,
    /// `seat` or `table_change`.
    pub wants: String,
    /// A seat offered now, answered until its `expires_ms`.
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
    /// The guest's own random value for hand `hand` at their online table (64 hex digits),
    /// mixed into its deck (issue 37, `docs/decks.md`).
    DeckValue {
        hand: u64,
        value: String,
    },
    /// A number for a text when a seat is offered (with `consent: true`, else refused), in the
    /// page's language; `phone: null` takes it back.
    Phone {
        phone: Option<String>,
        #[serde(default)]
        consent: bool,
        #[serde(default)]
        lang: Lang,
    },
    /// Forget me: off every list, name and number gone (not while seated or with chips in a
    /// tray). The guest's token stops working.
    Forget,
}

/// A guest's own page: their lists, the seat offered, their seat and table, their sessions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GuestView {
    pub guest: GuestId,
    pub name: String,
    pub now_ms: u64,
    pub lists: Vec<GuestListing>,
    /// Whether a number is on file for a text when a seat is offered (the number itself is
    /// shown only to the desk).
    pub phone_set: bool,
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
    /// Names the room serves before this guest (chips in a tray, then table changes, then
    /// arrival).
    pub ahead: u32,
    /// Why no seat of this game is offered to the guest now (`offer_here` when one is).
    pub why: NoOfferBecause,
}

/// Why no seat of a game is offered to a guest on its list (issue 36 item 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoOfferBecause {
    /// A seat of this game is offered to the guest now.
    OfferHere,
    /// A seat of another game is offered to the guest: one offer at a time.
    OfferAtOtherGame,
    /// Seated at a table of another game: cash out there first.
    SeatedElsewhere,
    /// No table of the game is open (an interest list).
    NoTable,
    /// Every seat of the game's tables is taken.
    NoOpenSeat,
    /// Seated in this game, waiting for a seat at another of its tables.
    SeatedAtThisGameWaitingChange,
    /// The open seats are offered to those ahead (`ahead` says how many are).
    AheadOfYou,
    /// The open seats are ones the guest let go; the place is kept for the next one.
    SeatPassed,
    /// An open seat of a main table is held for its must-move table's player.
    HeldForMustMove,
}

/// The desk's own view of the room (TD only): the guests' numbers and the texts that failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RingDesk {
    /// Whether the server texts seat offers (`--sms-webhook`).
    pub sms: bool,
    /// Guests who left a number, with their consent.
    pub phones: Vec<DeskPhone>,
    /// Texts given up on after their retries (the newest last, at most 50).
    pub sms_failed: Vec<SmsFailed>,
    /// Texts the gateway took since the server started.
    pub sms_sent: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct DeskPhone {
    pub guest: GuestId,
    pub name: String,
    pub phone: String,
    pub lang: Lang,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SmsFailed {
    pub guest: GuestId,
    /// The guest's name when the text was sent; empty once they are forgotten.
    pub name: String,
    pub table: CashTableId,
    pub seat: u8,
    /// When the offer was made, and when the last try failed (server clock, ms).
    pub offered_ms: u64,
    pub failed_ms: u64,
    pub attempts: u32,
    /// The last try's error: an HTTP status or why no answer came.
    pub why: String,
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
    /// The game's rulebook profile (`tda`, `hc`, `jpr`, ...): its rules for the clock and
    /// for a guest away from the table (HC-1.9, JPR-3.0).
    pub profile: String,
    pub seats: Vec<Option<CashSeatView>>,
    pub hand: Option<CashHandView>,
    pub next: Option<NextHandView>,
    /// Online tables: the commitment to the next hand's seed, before it is dealt (issue 37).
    pub commitment: Option<DeckCommitment>,
}

/// The server's commitment to a hand's seed, published before the deal (issue 37): SHA-256
/// of the seed, and the seats whose values are in so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct DeckCommitment {
    pub hand: u64,
    /// 64 hex digits.
    pub commitment: String,
    /// Seats (from 1) whose values were taken for this hand.
    pub values_from: Vec<u8>,
}

/// What a hand's deck was made of and what was dealt from it, revealed once the hand is over
/// (issue 37, `docs/decks.md`): `croupier verify` checks a file of these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckProof {
    /// A tournament's table: its event (from 0); absent at a cash table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<crate::EventId>,
    /// The table's id, from 0 (the pages show it from 1): a cash table's, or with `event` that
    /// event's table.
    pub table: u32,
    /// The table's hand, from 1.
    pub hand: u64,
    /// SHA-256 of `seed`, published before the deal (64 hex digits).
    pub commitment: String,
    /// The server's seed (64 hex digits).
    pub seed: String,
    /// The players' values taken, by seat (the order they go into the deck seed).
    pub values: Vec<SeatValue>,
    /// Values left out, and why.
    pub left_out: Vec<LeftOutValue>,
    /// The seed the deck was shuffled from (64 hex digits).
    pub deck_seed: String,
    /// Every card dealt, by its place in the deck (from 0, the top).
    pub dealt: Vec<DealtCard>,
}

impl DeckProof {
    /// Which hand it proves, as people count: "table 2 hand 7", "event 0 table 2 hand 7".
    pub fn what(&self) -> String {
        let table = self.table.saturating_add(1);
        match self.event {
            Some(event) => format!("event {} table {table} hand {}", event.0, self.hand),
            None => format!("table {table} hand {}", self.hand),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatValue {
    pub seat: u8,
    pub value: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeftOutValue {
    pub seat: u8,
    pub why: LeftOutBecause,
}

/// Why a player's value was not mixed into the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LeftOutBecause {
    /// It came after the hand was dealt.
    Late,
    /// The seat had given one for this hand already.
    Twice,
    /// Not 64 hex digits.
    Malformed,
    /// Its player left the seat before the deal (moved, busted, stood up): a value counts
    /// only while its player holds the seat, so that the next one there can give their own.
    Left,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DealtCard {
    /// The card's place in the deck, from 0 (the top).
    pub at: u8,
    pub card: String,
    pub to: DealtTo,
    /// The seat (from 1) for a hole card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DealtTo {
    Seat,
    Board,
    Burn,
}

/// A file of deck proofs (`GET /api/ring/tables/{table}/decks`, `croupier verify FILE`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckFile {
    pub hands: Vec<DeckProof>,
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
    /// Everything in the middle and in front.
    pub pot: u64,
    /// The main pot and the side pots, with the seats that can win each.
    pub pots: Vec<crate::PotView>,
    pub to_act: Option<u8>,
    pub act_deadline_ms: Option<u64>,
    /// Time is called on the player to act: `act_deadline_ms` is the called time's end.
    pub clock_called: bool,
    /// The seconds time called lasts, and the rule, by the game's profile (TDA-29,
    /// HC-1.13.7, DG-14a, WWPLA-11).
    pub clock_seconds: u32,
    pub clock_rule: String,
    /// What happens when time called runs out: `check_or_dead` or `dead`.
    pub clock_expiry: String,
    /// The viewer's legal actions, when it is their turn.
    pub legal: Option<crate::Legal>,
    /// Who won what, once the hand is over.
    pub won: Vec<CashWin>,
    /// The commitment this hand was dealt under (issue 37; none in hands from older logs).
    pub commitment: Option<String>,
    /// Once the hand is over, to its players: its seed, the values and every card dealt
    /// (issue 37).
    pub proof: Option<DeckProof>,
}

/// A winner of a hand at an online cash table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CashWin {
    pub seat: u8,
    pub guest: GuestId,
    pub name: String,
    pub amount: u64,
}
