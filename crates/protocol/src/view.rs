//! What each role is sent. A view never holds a card its viewer may not see: hole cards are the
//! viewer's own, or shown at showdown, or turned up at an all-in (TDA-16), or a stud hand's up
//! cards while it is live (TDA-RP-10).

use crate::{EntryId, EventId, TableNumber};
use serde::{Deserialize, Serialize};

/// An event as the public sees it: the big-screen clock's data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EventSummary {
    pub id: EventId,
    /// A test event (issue 37): created with a seed the TD chose, its seating and decks come
    /// from that seed, so it is for a simulation or a test, never for real players. Every
    /// other event deals each online hand from a seed of its own, sealed in the log.
    #[serde(default)]
    pub test: bool,
    pub name: String,
    pub profile: String,
    /// Dealers deal real cards (`tables = "live"`) and the TD or a tablet reports each hand.
    pub live: bool,
    /// The event's game; in a mixed event, the games of the level in play ("Limit Hold'em /
    /// Limit Omaha Hi/Lo / ...").
    pub game: String,
    pub started: bool,
    pub finished: bool,
    /// Whether registration is open now: before the start, or in late registration (TDA-8A).
    /// The TD registers players then; the players themselves only where the event allows it.
    pub registration_open: bool,
    /// Whether players may register themselves now: registration is open and the event's
    /// `registration.public` is on.
    pub self_registration_open: bool,
    pub clock: ClockView,
    pub entrants: u32,
    pub players_left: u32,
    pub average_stack: u64,
    /// The chips the books say are in play: the entries', rebuys' and add-ons' stacks.
    pub chips_in_play: u64,
    /// The chips counted where they lie now: every seated stack, and in a hand in play each
    /// player's stack as it stands plus what they put in. Once the event has started it equals
    /// `chips_in_play`, also after a node took the room over (issue 37); else chips were lost
    /// or made.
    #[serde(default)]
    pub chips_counted: u64,
    pub rebuys: u32,
    pub add_ons: u32,
    pub prize_pool: u64,
    pub payouts: Vec<PayoutLine>,
    pub tables: u32,
    /// The director holds every table after its hand in play to work out a deal (HC-1.2).
    pub held_for_deal: bool,
    /// What people must do at a live event's tables and have not yet confirmed, oldest first.
    pub instructions: Vec<InstructionLine>,
    /// Why a live event's tables wait now, with nothing to confirm (TDA-11D, HC-1.8, TDA-RP-8,
    /// TDA-RP-9).
    pub notices: Vec<NoticeLine>,
    /// The players placed last, newest first (the winner first once there is one), at most
    /// ten: "Guest 7 finishes 12th" on the big screen.
    pub last_out: Vec<PlacedLine>,
    /// The languages allowed at the tables, as the organiser announces them (TDA-6); empty
    /// when none are announced.
    #[serde(default)]
    pub table_languages: Vec<String>,
    /// The server's time when the view was made, ms since the Unix epoch, to count down from.
    pub server_time_ms: u64,
}

/// A player placed: at the bust (one more than the players left, HC-1.3, WWPLA-12; a
/// hand-for-hand round's busts once every table has played the hand, TDA-RP-8), or the winner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PlacedLine {
    pub player: EntryId,
    pub name: String,
    pub place: u32,
    /// The prize of the place (shared in hand-for-hand, TDA-RP-8A; by the deal, HC-1.2); 0 when
    /// the place is not paid.
    pub prize: u64,
}

/// Why tables of a live event wait now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NoticeLine {
    /// `hand_for_hand`, `balancing`, `final_table_next` or `short`.
    pub kind: String,
    pub en: String,
    pub de: String,
    pub rules: Vec<String>,
    /// The tables (from 1) it stops.
    pub tables: Vec<TableNumber>,
}

/// An instruction of the director for the people at a live event's tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct InstructionLine {
    /// Numbered from 1; confirmed with the TD command `confirm`.
    pub id: u32,
    /// `move`, `break`, `final_table`, `chip_race`, `colour_up` (the TD's colour-up of one
    /// table's smallest chips), `source_cards` (HC-1.8: a card dealt at the short table for each
    /// equally full one) or `open_table` (a table opened after the start for new players: bind
    /// its tablet, TDA-8A).
    pub kind: String,
    /// What to do, with the reason and the rule, in English and in German.
    pub en: String,
    pub de: String,
    pub rules: Vec<String>,
    /// Tables (from 1) that wait until it is done.
    pub holds: Vec<u32>,
    /// Tables (from 1) where something is to be done.
    pub tables: Vec<TableNumber>,
    /// A move's player.
    pub player: Option<EntryId>,
    /// A chip race: the cards each racing player is dealt, one per odd chip, in dealing order
    /// (TDA-24, HC-3.7, WWPLA-13): what the TD command `race_cards` enters.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub race: Vec<RaceCardsDue>,
}

/// A player's cards due in a chip race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RaceCardsDue {
    pub player: EntryId,
    pub name: String,
    pub cards: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ClockView {
    /// 1-based level; during a break, the level just played.
    pub level: u32,
    pub on_break: bool,
    pub running: bool,
    pub hand_for_hand: bool,
    pub remaining_ms: u64,
    pub blinds: Blinds,
    /// The next level's blinds, and whether a break comes first.
    pub next: Blinds,
    pub break_next: bool,
    /// Time until the next break starts, when one is scheduled and the clock is in a level.
    pub next_break_in_ms: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Blinds {
    /// Blinds and antes of flop games; 0 at a level dealing only stud.
    pub small_blind: u64,
    pub big_blind: u64,
    pub ante: u64,
    pub big_blind_ante: u64,
    /// Stud's ante and bring-in (TDA-RP-10); 0 at a level dealing no stud.
    pub stud_ante: u64,
    pub bring_in: u64,
    /// Fixed limit's small and big bet; 0 at a level dealing no fixed-limit game.
    pub small_bet: u64,
    pub big_bet: u64,
    pub minutes: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PayoutLine {
    pub place: u32,
    pub amount: u64,
}

/// Every table's seats, for the seating chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Seating {
    pub tables: Vec<TableSeating>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TableSeating {
    /// Numbered from 1.
    pub table: TableNumber,
    pub seats: Vec<Option<SeatLine>>,
    /// The seat (from 1) the button lies on in the hand in play, or between hands for the
    /// next one, perhaps an empty seat (TDA-32's dead button); none with fewer than two players.
    pub button: Option<u8>,
    /// A hand is in play: at a live table, dealt and not yet reported over.
    pub in_hand: bool,
    /// Why the table may not start its next hand, when it may not (TDA-11D, HC-1.8, TDA-RP-8),
    /// in English.
    pub wait: Option<String>,
    /// A live table has a tablet bound (`POST .../tables/{table}/tablet`); the console asks for
    /// one where it has none.
    pub tablet: bool,
    /// `wait` as a message key (`wait_hand_for_hand`, `wait_instructions`, ...), for a page to
    /// render in its language.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wait_key: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SeatLine {
    pub player: EntryId,
    pub name: String,
    pub chips: u64,
    pub away: bool,
    /// Dealt into the hand in play (a player new at the table, or on a penalty, sits it out).
    pub dealt: bool,
}

/// Every entry with its standing: chip counts while in play, places and prizes at the end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Standings {
    pub rows: Vec<Standing>,
    /// The deal the players left agreed, if any (HC-1.2): their prizes at the end are its
    /// amounts plus what they won of what was played on for.
    pub deal: Option<AgreedDeal>,
}

/// A deal agreed by the players left (HC-1.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AgreedDeal {
    pub amounts: Vec<AgreedShare>,
    /// Prizes by place, 1st first, for what they played on for.
    pub play_for: Vec<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AgreedShare {
    pub player: EntryId,
    pub name: String,
    pub amount: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Standing {
    pub player: EntryId,
    pub name: String,
    pub entry_number: u32,
    /// `registered`, `alternate`, `playing`, `busted`, `removed`, `disqualified`, `won`.
    pub status: String,
    pub bot: bool,
    /// Table and seat, from 1.
    pub table: Option<TableNumber>,
    pub seat: Option<u8>,
    pub chips: u64,
    pub place: Option<u32>,
    pub prize: u64,
    pub bounties: u64,
    pub knockouts: u32,
    pub rebuys: u32,
    pub add_ons: u32,
    pub warnings: u32,
    pub penalty_hands: u32,
    /// League points at the end, by the event's formula (HC-4).
    pub league_points: Option<i64>,
}

/// One table as a given viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TableView {
    pub event: EventId,
    /// Numbered from 1.
    pub table: TableNumber,
    pub seats: Vec<Option<SeatView>>,
    pub hand: Option<HandView>,
    /// Why no hand is being dealt, when none is.
    pub waiting: Option<String>,
    /// The viewer's own seat and what they may do, for a player.
    pub you: Option<You>,
    /// The last hands played here, as the viewer saw them, newest first; `None` in a pushed
    /// message when they have not changed since the last one this client was sent.
    pub history: Option<Vec<HandHistory>>,
    /// Issue 37: the commitment to the seed of the table's next hand, before it is dealt, and
    /// the seats whose values are in (an event dealing from a seed per hand).
    #[serde(default)]
    pub commitment: Option<crate::DeckCommitment>,
    pub server_time_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SeatView {
    /// From 1.
    pub seat: u8,
    pub player: EntryId,
    pub name: String,
    pub stack: u64,
    /// Chips in front of the player in this betting round.
    pub bet: u64,
    /// Hole cards in dealing order: text such as `As` when the viewer may see them, `None` for a
    /// card the viewer may not see.
    pub cards: Vec<Option<String>>,
    /// Card by card, whether it lies face up for everyone: a live stud hand's up cards
    /// (TDA-RP-10). All false in flop games, and for a folded stud hand, whose up cards are
    /// turned down (TDA-66).
    pub up: Vec<bool>,
    pub in_hand: bool,
    pub folded: bool,
    pub all_in: bool,
    pub away: bool,
    pub button: bool,
    pub small_blind: bool,
    pub big_blind: bool,
    /// Stud: this seat posted the bring-in (TDA-RP-10).
    pub bring_in: bool,
    pub to_act: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HandView {
    /// The table's hand number, from 1.
    pub number: u64,
    pub level: u32,
    /// The game dealt: `holdem`, `omaha`, `omaha_hi_lo`, `stud`, `stud_hi_lo`, `razz`.
    pub game: String,
    /// `preflop`, `flop`, `turn`, `river` (flop games), `third` to `seventh` (stud), `over`.
    pub street: String,
    /// Board cards; in stud only a community card when the deck runs short (TDA-RP-10H).
    pub board: Vec<String>,
    /// Stud: the hand's bring-in (TDA-RP-10).
    pub bring_in: Option<u64>,
    /// The main pot first, then side pots, as they stand with the bets in front counted (TDA-21).
    pub pots: Vec<PotView>,
    pub total_pot: u64,
    /// The seat to act, from 1.
    pub to_act: Option<u8>,
    /// When the time to act runs out, ms since the Unix epoch.
    pub act_deadline_ms: Option<u64>,
    /// Time has been called on the player to act (TDA-29).
    pub clock_called: bool,
    /// What the dealer has said in this hand, in order.
    pub announcements: Vec<Announcement>,
    /// Each tabled hand's share of the pot, once hands are face up at an all-in (TDA-16).
    pub equities: Vec<SeatEquity>,
    /// Issue 37: the commitment its deck was shuffled under (SHA-256 of its seed, 64 hex
    /// digits); its proof, once the hand is over: `GET /api/events/{event}/tables/{table}/decks`.
    #[serde(default)]
    pub commitment: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PotView {
    pub amount: u64,
    /// Seats (from 1) that can win it.
    pub eligible: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SeatEquity {
    pub seat: u8,
    /// 0 to 1.
    pub equity: f64,
}

/// A dealer's announcement, for the UI to say in the viewer's language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Announcement {
    /// `posts`, `brings_in`, `folds`, `checks`, `calls`, `bets`, `completes`, `raises`,
    /// `all_in`, `killed`, `dead_money`, `returned`, `board`, `street_fourth` to
    /// `street_seventh` (stud), `tabled`, `shows`, `mucks`, `wins`, `clock`, `timeout`.
    pub kind: String,
    pub seat: Option<u8>,
    pub amount: Option<u64>,
    pub cards: Vec<String>,
    /// A made hand's name, in English and German.
    pub hand_en: Option<String>,
    pub hand_de: Option<String>,
    /// The rule behind it, where one decides it.
    pub rule: Option<String>,
}

/// The viewer's own place at the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct You {
    pub player: EntryId,
    pub seat: u8,
    pub legal: Option<Legal>,
}

/// The legal actions of the player to act, with exact amounts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Legal {
    pub hand: u64,
    pub fold: bool,
    pub check: bool,
    /// Chips a call adds, and the bet it makes.
    pub call: Option<u64>,
    pub call_to: Option<u64>,
    /// Bounds of a bet or raise, as "to" amounts.
    pub min_to: Option<u64>,
    pub max_to: Option<u64>,
    /// `bet` when nothing is to call, `complete` when it completes a stud bring-in (TDA-RP-10),
    /// else `raise`.
    pub raise_kind: String,
    /// Stud: the bring-in this player may post instead of completing (TDA-RP-10); while it is
    /// due nobody may check or call (TDA-RP-10E).
    pub bring_in: Option<u64>,
    /// Ring-game stud, fourth street with an open pair: a big bet allowed instead of `min_to`
    /// (never in tournaments, TDA-RP-10F).
    pub big_bet_to: Option<u64>,
}

/// A finished hand as the viewer saw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HandHistory {
    pub number: u64,
    /// As in [`HandView::game`].
    pub game: String,
    pub board: Vec<String>,
    /// Each seat's cards as the viewer may see them.
    pub seats: Vec<HistorySeat>,
    pub announcements: Vec<Announcement>,
    /// Issue 37: the newest hand's deck proof (the seed revealed, the values, every card
    /// dealt), for the players dealt in; every kept hand's is at
    /// `GET /api/events/{event}/tables/{table}/decks`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<crate::DeckProof>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HistorySeat {
    pub seat: u8,
    pub player: EntryId,
    pub name: String,
    pub cards: Vec<Option<String>>,
    /// As in [`SeatView::up`].
    pub up: Vec<bool>,
    pub won: u64,
}

/// One line of the audit log: every command applied, with who made it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AuditLine {
    pub seq: u64,
    pub at_ms: u64,
    pub by: crate::Actor,
    /// In English.
    pub what: String,
    /// `what` as a message key (`audit_...`) with its arguments, for a page to render in its
    /// language (see [`crate::Said`]).
    #[serde(default)]
    pub key: String,
    #[serde(default)]
    #[schema(value_type = Object)]
    pub args: serde_json::Map<String, serde_json::Value>,
}

/// What a player gets back from registering: keep the token, it is the only key to the seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Registered {
    pub event: EventId,
    pub player: EntryId,
    pub token: String,
    /// A live event's self-registration: the seat is reserved until the desk takes the buy-in
    /// (status `reserved`); not in the field or the prize pool before.
    #[serde(default)]
    pub reserved: bool,
}

/// A template's name and text, to create an event from or edit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Template {
    pub name: String,
    pub toml: String,
}

/// A player's own page: their entry and, while seated, their table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Me {
    pub event: EventId,
    pub standing: Standing,
    pub table: Option<TableView>,
}

/// A player moved to another seat by the director (balancing, breaking, the final table, or
/// the TD's own move), for the move slip.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MoveLine {
    /// When, ms since the Unix epoch.
    pub at_ms: u64,
    pub player: EntryId,
    pub name: String,
    /// Tables and seats numbered from 1; no table or seat for a player new to the tables (a
    /// late registration, a re-entry, an alternate, a rebuy).
    pub from_table: Option<TableNumber>,
    pub from_seat: Option<u8>,
    pub to_table: TableNumber,
    pub to_seat: u8,
    /// Why: `balancing`, `table_broken`, `final_table`, `new_entry` (a late registration or a
    /// re-entry), `alternate`, `rebuy` or `director` (the TD's own move).
    pub reason: String,
    /// The rule that moved them (TDA-10, TDA-11A, HC-1.8, TDA-RP-9, HC-1.7, TDA-8A, ...).
    pub rule: String,
}

/// What a deal among the players left would pay each (HC-1.2), for the TD to show them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct DealOffer {
    pub players: Vec<DealLine>,
    /// The prizes still to be won, 1st place first, one per player left.
    pub prizes_left: Vec<u64>,
    /// Amounts are multiples of this (the event's payout unit).
    pub unit: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct DealLine {
    pub player: EntryId,
    pub name: String,
    pub chips: u64,
    /// The lowest prize left, and the rest by chips.
    pub chip_chop: u64,
    /// The Independent Chip Model (Malmuth-Harville), exact.
    pub icm: u64,
}

/// Who a secret belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct WhoAmI {
    /// `td`, `player`, `dealer`, `tablet`, `guest` (of the cash room) or `public`.
    pub role: String,
    pub event: Option<EventId>,
    pub player: Option<EntryId>,
}
