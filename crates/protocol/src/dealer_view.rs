//! The dealer tablet's view of a live table: everything the dealer needs to run the hand and
//! every ruling with its rules, in German and English.

use crate::LiveTableId;
use crate::command::PlayerAction;
use crate::dealer::FloorAct;
use serde::{Deserialize, Serialize};

/// A live table and its hand in play (or just finished).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LiveTableView {
    pub id: LiveTableId,
    /// The profile's id (`tda2019`, `wwpla`, `hc`, `dg`, `jpr`) and its rulebook's name.
    pub profile: String,
    pub profile_name: String,
    /// PHH code and name, e.g. `NT`, "No-Limit Hold'em".
    pub variant: String,
    pub variant_name: String,
    pub small_blind: u64,
    pub big_blind: u64,
    pub ante: u64,
    pub big_blind_ante: u64,
    pub denominations: Vec<u64>,
    /// The table's hand number, from 1.
    pub hand: u64,
    /// The button's seat, from 1 (it may be empty: a dead button, TDA-32).
    pub button_seat: u8,
    /// The players dealt in, in dealing order (index = `player`).
    pub players: Vec<LivePlayer>,
    /// Seats whose players have no chips left, out of the game.
    pub out: Vec<LiveSeat>,
    /// Main pot first, then side pots, the bets in front counted (TDA-21).
    pub pots: Vec<LivePot>,
    pub total_pot: u64,
    /// The bet to match in this round, a "to" amount.
    pub to_call: u64,
    /// For the player to act: chips a call adds, and the bounds of a bet or raise ("to").
    pub call_amount: Option<u64>,
    pub min_raise_to: Option<u64>,
    pub max_raise_to: Option<u64>,
    /// Who acts next: in turn now, or first once the next street is laid.
    pub next_to_act: Option<u8>,
    /// `preflop`, `flop`, `turn`, `river`, `showdown`, `over`.
    pub street: String,
    /// The cards laid: text such as `As`, `None` for a card laid but not entered.
    pub board: Vec<Option<String>>,
    pub waiting: Waiting,
    pub over: bool,
    /// A live event's table this tablet follows: its hand ends are reported there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tracking: Option<Tracking>,
    /// This hand's rulings, newest first.
    pub rulings: Vec<RulingView>,
    /// The last irregularity's procedure in this hand.
    pub procedure: Option<ProcedureView>,
    /// What the dealer is reminded of now, by where the hand stands and the profile: the
    /// rulebooks' procedures for people (the deck handed over and shuffled, DG-1 to DG-5; bets
    /// announced and left in front, TDA-RP-12, TDA-RP-2; the board's layout, HC-1.13.3), each
    /// with its rule.
    pub reminders: Vec<ReasonView>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LivePlayer {
    /// Index in dealing order, from 0.
    pub player: u8,
    /// From 1.
    pub seat: u8,
    pub name: String,
    /// Chips behind.
    pub stack: u64,
    /// Chips in front in this betting round.
    pub bet: u64,
    /// `live`, `folded` or `mucked`.
    pub status: String,
    pub all_in: bool,
    pub button: bool,
    pub small_blind: bool,
    pub big_blind: bool,
    /// Cards tabled: text, `None` for a card not entered; empty while face down.
    pub cards: Vec<Option<String>>,
    /// Chips won from the pots.
    pub won: u64,
    /// The rule that restricts this player to check, call or fold, if any (TDA-53B, TDA-55).
    pub passive_only: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LiveSeat {
    pub seat: u8,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LivePot {
    pub amount: u64,
    /// Who can win it: players (from 0) and their names.
    pub eligible: Vec<u8>,
    pub names: Vec<String>,
}

/// The event table a tablet follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Tracking {
    pub event: crate::EventId,
    /// From 1.
    pub table: u32,
    /// The hand is over and reported: the tablet waits for the director's next hand there
    /// (instructions, balancing, hand-for-hand), or the table was broken.
    pub waiting: bool,
    /// The event's table was broken, or the event is over: nothing more comes.
    pub broken: bool,
    /// A cash table of the room (`table` is its id plus 1; `event` means nothing).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cash: bool,
}

/// What the hand waits for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Waiting {
    /// `act`, `board`, `show_or_muck`, `award_pot`, `next_hand`; `director` at a followed
    /// table whose hand is reported, until the director starts the next one there.
    pub kind: String,
    pub player: Option<u8>,
    /// `board`: the street and how many cards.
    pub street: Option<String>,
    pub cards: Option<u8>,
    /// `award_pot`: the pot to name a winner for (0 = main pot).
    pub pot: Option<u8>,
}

/// A ruling on an act, or on an error noticed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RulingView {
    /// `act` or `notice`.
    pub kind: String,
    /// The act as entered; `None` for a notice.
    pub act: Option<FloorAct>,
    pub player: u8,
    pub name: String,
    pub in_turn: bool,
    /// Actions applied to the hand because of it, in order.
    pub actions: Vec<RuledAction>,
    /// Chips handed back (change, a returned bet); chips still to put in.
    pub returned: u64,
    pub owed: u64,
    /// A penalty the TD may give, under this rule.
    pub penalty: Option<String>,
    pub reasons: Vec<ReasonView>,
    pub next: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RuledAction {
    pub player: u8,
    pub name: String,
    pub action: PlayerAction,
}

/// A rule id and what it says here, in both languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ReasonView {
    pub rule: String,
    pub de: String,
    pub en: String,
}

/// The steps the dealer follows for an irregularity, each with its rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ProcedureView {
    pub irregularity: floor::procedure::Irregularity,
    pub title: Text,
    pub steps: Vec<ReasonView>,
    pub outcome: OutcomeView,
    pub penalty: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Text {
    pub de: String,
    pub en: String,
}

/// What the procedure does to the hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct OutcomeView {
    /// `continue`, `redeal`, `void_refund`, `split_among_live`, `kill_hand`,
    /// `kill_hand_return_uncalled`, `check`, `passive_only`, `miss_hands`, `sit_out`,
    /// `disqualify`, `td_decides`.
    pub kind: String,
    pub player: Option<u8>,
    pub hands: Option<u32>,
    pub minutes: Option<u32>,
    /// What the TD is to decide (`td_decides`).
    pub note: Option<Text>,
}
