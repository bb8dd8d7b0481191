//! Why the director refuses a command, as a message key with its arguments: each variant is one
//! text, its fields the text's arguments (players by name, tables and seats counted from 1), so
//! that a page renders it in its own language (the UI's `i18n.js` has a text per key) and the
//! English here is made from the same value. Serialized as `{"key": "...", "args": {...}}`.

use engine::Rule;
use serde::Serialize;
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "key", content = "args", rename_all = "snake_case")]
pub enum Refused {
    // The event as a whole.
    #[error("{detail}")]
    Config { detail: String },
    #[error("{detail}")]
    TableLimits { detail: String },
    #[error("remaining_ms: the clock is set to {max_ms} ms (a day) at most")]
    ClockTooLong { max_ms: u64 },
    #[error("rounds: a penalty is 1 to {max} rounds (TDA-71A)")]
    PenaltyRounds { max: u32 },
    #[error("minutes: a time penalty is 1 to {max} minutes (HC-1.10)")]
    PenaltyMinutes { max: u32 },
    #[error("reason: {max} characters at most, not {chars}")]
    ReasonTooLong { max: usize, chars: usize },
    #[error("the clock is already stopped")]
    ClockStopped,
    #[error("the clock is not stopped by a director")]
    ClockNotStoppedByDirector,
    #[error("there is no director's action to undo")]
    NothingToUndo,
    #[error("instructions are numbered from 1")]
    InstructionsFromOne,
    #[error("instruction {id} is done already")]
    InstructionDone { id: u32 },
    // Players and seats.
    #[error("player {player} is not seated")]
    PlayerNotSeated { player: u32 },
    #[error("{name} is not seated")]
    NotSeated { name: String },
    #[error("the hand at table {table} is in progress")]
    HandInProgress { table: u32 },
    #[error("table {table} has been broken")]
    TableBroken { table: u32 },
    #[error("{name} does not sit at table {table}")]
    NotAtTable { name: String, table: u32 },
    #[error("seat {seat} at table {table} is not free")]
    SeatNotFree { table: u32, seat: u8 },
    #[error("no open seat at table {table}")]
    NoOpenSeatAt { table: u32 },
    #[error("no open seat for the players of table {table} at table {to}")]
    NoOpenSeatFor { table: u32, to: u32 },
    // Entries, rebuys and add-ons.
    #[error("{name} still has chips: re-entry is for busted players (TDA-8B)")]
    ReEntryWithChips { name: String },
    #[error("{name} has used all {max} entries")]
    EntriesUsed { name: String, max: u32 },
    #[error("{name} has had all {max} rebuys")]
    RebuysUsed { name: String, max: u32 },
    #[error(
        "no more entries, rebuys or add-ons for {name}: the money paid in or the chips handed out would be more than the books count"
    )]
    BooksFull { name: String },
    #[error("a rebuy is made before a hand, not during one (TDA-27)")]
    RebuyInHand,
    #[error("a rebuy needs a stack of at most {chips} (TDA-27)")]
    RebuyStackTooBig { chips: u64 },
    #[error("a rebuy is only for a player who has lost all chips (HC-1.1)")]
    RebuyOnlyBusted,
    #[error("{name} cannot rebuy now")]
    NoRebuyNow { name: String },
    #[error("{name} has had the add-on")]
    AddOnTaken { name: String },
    #[error("{name} is not in the event")]
    NotInEvent { name: String },
    #[error("the add-on is taken between hands")]
    AddOnInHand,
    // A deal (HC-1.2).
    #[error("no deal now: the event is not in play")]
    DealNotInPlay,
    #[error("no deal now: entries, re-entries, rebuys or the add-on are still open (HC-1.1)")]
    DealEntriesOpen,
    #[error(
        "no deal now: a hand is in play: hold the tables for the deal (hold_for_deal), and it is worked out once the hand is over"
    )]
    DealInHand,
    #[error(
        "no deal now: a hand is in play: the deal is worked out once it is over, the tables are held"
    )]
    DealHeldInHand,
    #[error("the tables are held for a deal already")]
    DealHeldAlready,
    #[error("the tables are not held for a deal")]
    DealNotHeld,
    #[error("no deal now: a deal was agreed already")]
    DealAgreedAlready,
    #[error("no deal now: a deal needs two players left")]
    DealTooFew,
    #[error(
        "deal refused: it names {named} players; every one of the {left} left, once, takes part"
    )]
    DealNames { named: usize, left: usize },
    #[error("deal refused: {places} places played for, {left} players left")]
    DealPlaces { places: usize, left: usize },
    #[error(
        "deal refused: the amounts and the prizes played for add up to {agreed}, the prizes left to {prizes}"
    )]
    DealSum { agreed: u64, prizes: u64 },
    #[error(
        "deal refused: the amounts and the prizes played for add up to more than any purse, the prizes left to {prizes}"
    )]
    DealSumOverflow { prizes: u64 },
    // What a dealer reports: busts, the button, counts, cards.
    #[error("the table has been broken (TDA-10)")]
    ReportBroken,
    #[error("{name} was not dealt in the hand at table {table}")]
    NotDealtIn { name: String, table: u32 },
    #[error("{name} is reported out twice")]
    OutTwice { name: String },
    #[error("{card} is drawn twice")]
    CardDrawnTwice { card: String },
    #[error("{name} cannot have started the hand with no chips")]
    StartedWithNoChips { name: String },
    #[error(
        "{name} cannot have started the hand with {chips}, more than the {in_play} chips in play"
    )]
    StartedWithTooMany {
        name: String,
        chips: u64,
        in_play: u64,
    },
    #[error("every player of the hand is reported out: someone won the chips")]
    EveryoneOut,
    #[error("{winner} was not in the hand at table {table} to eliminate {name}")]
    EliminatorNotInHand {
        winner: String,
        table: u32,
        name: String,
    },
    #[error("{winner} cannot have eliminated {name}: named twice, or out in the same hand")]
    EliminatorTwice { winner: String, name: String },
    #[error("seat {seat} has no player to deal to")]
    SeatNobodyToDeal { seat: u8 },
    #[error("seat {seat} has two cards")]
    SeatTwoCards { seat: u8 },
    #[error("{card} is dealt twice")]
    CardDealtTwice { card: String },
    #[error("seat {seat} has no card: every player gets one")]
    SeatNoCard { seat: u8 },
    #[error("no cards")]
    NoCards,
    #[error("there is no seat {seat}")]
    NoSeat { seat: u8 },
    #[error("seat {seat} is empty: the button is reported on a player's seat")]
    ButtonOnEmptySeat { seat: u8 },
    #[error("a stud hand has no button: it stays where it was (TDA-11B)")]
    StudNoButton,
    #[error("the server counts the chips of the hands it deals")]
    ServerCounts,
    #[error("{name} is not seated: nothing to count")]
    CountNotSeated { name: String },
    #[error("{name} counted no chips: report the bust instead")]
    CountedNone { name: String },
    #[error("{name} counted {chips}, more than the {in_play} chips in play")]
    CountedTooMany {
        name: String,
        chips: u64,
        in_play: u64,
    },
    #[error("{name} is counted twice")]
    CountedTwice { name: String },
    #[error(
        "the counts add up to {counted}, but {in_play} chips are in play and {others} other players hold some"
    )]
    CountsTooMany {
        counted: u64,
        in_play: u64,
        others: usize,
    },
    #[error(
        "the counts at table {table} add up to {counted}, but the table holds {at_table} chips by the books: count it again"
    )]
    CountsTableBooks {
        table: u32,
        counted: u64,
        at_table: u64,
    },
    #[error(
        "the counts at table {table} add up to {counted}, but it holds {at_table} chips and {others} other players there hold some"
    )]
    CountsTooManyAt {
        table: u32,
        counted: u64,
        at_table: u64,
        others: usize,
    },
    #[error("a hand is in play")]
    HandInPlay,
    #[error(
        "seat cards are entered for the final table's draw (HC-1.7, TDA-RP-9) or a broken table's (TDA-10) until it is done"
    )]
    NoSeatDraw,
    #[error("{name} no longer sits where the draw put them: the cards come too late (TDA-10)")]
    SeatCardsTooLate { name: String },
    #[error("players have taken the drawn seats already: the draw is done ({rule})")]
    SeatDrawDone { rule: Rule },
    #[error("{name} does not draw here, or draws twice ({rule})")]
    NotInDraw { name: String, rule: Rule },
    #[error("there is no seat card for table {table} seat {seat} in this draw ({rule})")]
    NoSeatCard { table: u32, seat: u8, rule: Rule },
    #[error("table {table} seat {seat} is drawn twice ({rule})")]
    SeatDrawnTwice { table: u32, seat: u8, rule: Rule },
    #[error("{name} has no seat card yet: every player of the draw draws one ({rule})")]
    NoSeatCardYet { name: String, rule: Rule },
    #[error("no table is waiting for the cards of a balancing draw (HC-1.8)")]
    NoSourceDraw,
    #[error("table {table} does not draw: it is not among the fullest")]
    NotAmongFullest { table: u32 },
    #[error("table {table} has two cards")]
    TableTwoCards { table: u32 },
    #[error("table {table} has no card yet: each of the fullest tables gets one")]
    TableNoCardYet { table: u32 },
    #[error("no chip race is called at table {table}")]
    NoChipRace { table: u32 },
    #[error("chip race at table {table}: {detail}")]
    ChipRaceFailed { table: u32, detail: String },
    #[error("{name} does not race here")]
    NotInRace { name: String },
    #[error("{name} is named twice")]
    NamedTwice { name: String },
    #[error("{name} races {chips} odd chip(s) and gets a card for each, not {cards}")]
    RaceCardCount {
        name: String,
        chips: u32,
        cards: usize,
    },
    #[error("{detail}")]
    Places { detail: String },
    // Undoing a bust, and why not.
    #[error("the hands the server deals are not reported: none to take back")]
    NoBustsToUndo,
    #[error("{name} is not out")]
    NotOut { name: String },
    #[error("{name} has no reserved seat: the buy-in is taken once, from a reservation")]
    NotReserved { name: String },
    #[error("the bust of player {player} cannot be undone: {why}")]
    BustNotUndone { player: u32, why: Box<Refused> },
    #[error("a bounty it paid has changed hands since")]
    BountyPaidMoved,
    #[error("the event is over: its places are final")]
    PlacesFinal,
    #[error("no report of it is kept (the last {kept} reports are)")]
    ReportNotKept { kept: usize },
    #[error("table {table} has been broken since")]
    BrokenSince { table: u32 },
    #[error("table {table} has played {hands} hand(s) without them since")]
    PlayedSince { table: u32, hands: u64 },
    #[error("{why} depends on it")]
    DependsOn { why: Box<Refused> },
    #[error(
        "{name} holds {held} chips by the books, not more than the {chips} won: count the table first"
    )]
    WinnerHoldsLess { name: String, held: u64, chips: u64 },
    #[error("the bounty {name} won has changed hands since")]
    BountyWonMoved { name: String },
    #[error("their seat is taken")]
    OwnSeatTaken,
    // What a bust's undoing depends on.
    #[error("the move of {name} to table {table} seat {seat} ({rule})")]
    SinceMoved {
        name: String,
        table: u32,
        seat: u8,
        rule: Rule,
    },
    #[error("the breaking of table {table}")]
    SinceBroken { table: u32 },
    #[error("the deal agreed (HC-1.2)")]
    SinceDeal,
    #[error("the chip race at table {table}")]
    SinceChipRace { table: u32 },
    #[error("the final table")]
    SinceFinalTable,
    #[error("the start of hand-for-hand")]
    SinceHandForHandOn,
    #[error("the end of hand-for-hand")]
    SinceHandForHandOff,
    #[error("{name}, who won the chips, being out")]
    SinceWinnerOut { name: String },
    #[error("a new entry or rebuy since")]
    SinceNewEntry,
    #[error("{name} taking the seat")]
    SinceSeatTaken { name: String },
    // Why a director's action cannot be undone.
    #[error("it has been undone already")]
    UndoneAlready,
    #[error("the tournament is over")]
    TournamentOver,
    #[error("a deal was agreed after it (HC-1.2)")]
    DealSince,
    #[error("the player is no longer disqualified")]
    NoLongerDisqualified,
    #[error("no table left to seat the player")]
    NoTableLeft,
    #[error("no open seat")]
    NoOpenSeat,
    #[error("seat {seat} at table {table} is no longer free")]
    SeatNoLongerFree { table: u32, seat: u8 },
}
