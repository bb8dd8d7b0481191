//! Commands: every change to the server's state is one, written to the log before anyone is told
//! of it. Replaying the log in order rebuilds the state exactly, because the director and the
//! engine are deterministic given the event's seed and each command's time.

use crate::dealer::FloorCommand;
use crate::{Actor, EntryId, EventId, TableId, TableNumber};
use serde::{Deserialize, Serialize};

/// One record of the log: when the command was applied (ms since the Unix epoch) and what it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub at_ms: u64,
    pub command: Command,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// A new event from its TOML configuration; the seed makes its seating draws, and the
    /// decks of a test event.
    CreateEvent {
        config_toml: String,
        seed: u64,
        /// Seconds to act before the floor calls the clock (TDA-29).
        act_seconds: u32,
        by: Actor,
        /// Where its online hands' decks come from (issue 37). Absent in older logs, which
        /// dealt from the event's seed (and are no test events for that).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        decks: Option<DeckSource>,
    },
    /// A live table's dealer tablet: no event of its own.
    Floor { by: Actor, command: FloorCommand },
    /// The list keeper of the room's cash games (issue 18).
    Ring {
        by: Actor,
        command: crate::RingCommand,
    },
    /// A change to one event: its task's own command, written as it is (its own `type`).
    #[serde(untagged)]
    Event(EventCommand),
}

/// Where an event's online hands' decks come from (issue 37, `docs/decks.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckSource {
    /// The event's seed: a test event's, chosen by the TD (a simulation or a test, never real
    /// players).
    EventSeed,
    /// A seed per hand, 256 bits from the system, committed to before the deal
    /// (`EventCommand::Commit`), mixed with the players' values and revealed after the hand.
    PerHand,
}

/// A hand's seed as the log keeps it (issue 37): `sealed`, 64 hex digits, is the seed masked
/// with the server's seal key, so that whoever reads the log during play does not learn the
/// cards; `commitment`, SHA-256 of the seed, lets the log be replayed only with its own key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedSeed {
    pub sealed: String,
    pub commitment: String,
}

/// A command of one event, the only kind an event's task takes (issue 35): registrations,
/// the start, hands, the clock, presence, the TD's actions and tablets bound.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventCommand {
    /// A player registers; `token` is the secret that lets them act for their own seat.
    Register {
        event: EventId,
        name: String,
        token: String,
        bot: bool,
        by: Actor,
        /// A player who registered themselves for a live event: a seat reserved until the
        /// desk takes the buy-in (`TdCommand::TakeBuyIn`). Absent in older logs: paid.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        reserved: bool,
    },
    Start {
        event: EventId,
        by: Actor,
    },
    /// The next hand at a table is dealt: from the table's commitment when its event deals
    /// from a seed per hand (issue 37), else from the event's seed.
    Deal {
        event: EventId,
        table: TableId,
    },
    /// Issue 37: the server's seed for hand `hand` (the table's, from 1) of an online table,
    /// before it is dealt, sealed so that the log does not give the cards away; its
    /// commitment is shown at the table until the hand is over and the seed revealed.
    Commit {
        event: EventId,
        table: TableId,
        hand: u64,
        seed: SealedSeed,
        /// A value counts only while its giver holds the seat (written by every build since;
        /// a log of before has none, and replays as it was dealt: any value a seat gave).
        #[serde(default)]
        values_by_holder: bool,
    },
    /// Issue 37: a seated player's own value for the deck of hand `hand` at their table (64
    /// hex digits): taken until the deal; late, twice or malformed, it is left out and the
    /// hand's proof says so.
    DeckValue {
        event: EventId,
        table: TableId,
        hand: u64,
        player: EntryId,
        value: String,
    },
    /// A player's action in hand `hand` (the table's hand number) at `table`.
    Act {
        event: EventId,
        table: TableId,
        hand: u64,
        player: EntryId,
        action: PlayerAction,
    },
    /// Time is called on the player to act (TDA-29), by the TD, a player or the floor.
    CallClock {
        event: EventId,
        table: TableId,
        hand: u64,
        by: Actor,
    },
    /// The time to act ran out for `player`.
    TimeOut {
        event: EventId,
        table: TableId,
        hand: u64,
        player: EntryId,
    },
    /// A player's connection came or went: an absent player is dealt in and blinded off, and
    /// their hand is killed (TDA-30).
    Presence {
        event: EventId,
        player: EntryId,
        present: bool,
    },
    /// The clock reached a level's or break's end.
    Tick {
        event: EventId,
    },
    /// A tournament director's action.
    Td {
        event: EventId,
        by: Actor,
        action: TdCommand,
    },
    /// A tablet bound to a table of a live event (`tables = "live"`): its dealer reports the
    /// table's hands, buttons and busts and confirms its instructions. `token` is the hash of
    /// the tablet's secret; a new tablet for the table replaces the old one.
    BindTablet {
        event: EventId,
        /// Numbered from 1.
        table: TableNumber,
        token: String,
        by: Actor,
    },
}

impl Command {
    /// The event a command is about; `None` for a new event and a live table's commands.
    pub fn event(&self) -> Option<EventId> {
        match self {
            Command::CreateEvent { .. } | Command::Floor { .. } | Command::Ring { .. } => None,
            Command::Event(command) => Some(command.event()),
        }
    }
}

impl EventCommand {
    /// The event it is about.
    pub fn event(&self) -> EventId {
        match self {
            EventCommand::Register { event, .. }
            | EventCommand::Start { event, .. }
            | EventCommand::Deal { event, .. }
            | EventCommand::Commit { event, .. }
            | EventCommand::DeckValue { event, .. }
            | EventCommand::Act { event, .. }
            | EventCommand::CallClock { event, .. }
            | EventCommand::TimeOut { event, .. }
            | EventCommand::Presence { event, .. }
            | EventCommand::Tick { event }
            | EventCommand::BindTablet { event, .. }
            | EventCommand::Td { event, .. } => *event,
        }
    }
}

impl From<EventCommand> for Command {
    fn from(command: EventCommand) -> Command {
        Command::Event(command)
    }
}

impl LogEntry {
    /// A record read back from the log. An event's command that does not read says what is
    /// wrong with it (serde's own error for the untagged `Command::Event` would say only that
    /// no kind matched).
    pub fn from_json(body: &str) -> Result<LogEntry, serde_json::Error> {
        serde_json::from_str(body).map_err(|e| {
            #[derive(Deserialize)]
            struct EventEntry {
                #[allow(dead_code)]
                command: EventCommand,
            }
            match serde_json::from_str::<EventEntry>(body) {
                Err(detail) if !detail.to_string().starts_with("unknown variant") => detail,
                _ => e,
            }
        })
    }
}

/// A player's action; amounts are "to" amounts, the player's whole bet in this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PlayerAction {
    Fold,
    Check,
    Call,
    /// A bet when nothing is to call, else a raise.
    BetOrRaise {
        to: u64,
    },
    /// Stud: post the bring-in (TDA-RP-10); completing it is `bet_or_raise`.
    BringIn,
}

/// The director's actions from the TD console.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TdCommand {
    /// The seat draw before the start: tables, seats and first buttons, so that seat cards and
    /// table sheets print; drawn again on each call until `start`, which keeps the last draw
    /// (issue 32 item 4). A player registered after it is seated at once (TDA-8A).
    DrawSeats,
    /// The desk took the buy-in of a player who reserved a seat by registering themselves for
    /// a live event: they enter the field (an alternate when it is full, seated at once after
    /// the draw, TDA-8A), and the prize pool counts them.
    TakeBuyIn {
        player: EntryId,
    },
    /// A player with special needs is accommodated in the seat draw where possible (`on`:
    /// seated at table 1, the room's most accessible), or no longer (TDA-9). Kept off the
    /// public standings.
    Accommodate {
        player: EntryId,
        on: bool,
    },
    /// An unscheduled colour-up at a live table (numbered from 1), at any time: the small chips
    /// of `players` (every player there when none are named) are exchanged for larger ones at
    /// equal value, and the table is told to announce it (TDA-25B).
    ColourUp {
        table: TableNumber,
        #[serde(default)]
        players: Vec<EntryId>,
    },
    /// Holds every table after its hand in play to work out a deal between two hands (`on`),
    /// or lets them play on (HC-1.2); an agreed deal lets them play on.
    HoldForDeal {
        on: bool,
    },
    Pause,
    Resume,
    /// Sets the time left in the current level or break.
    SetClock {
        remaining_ms: u64,
    },
    /// Moves a player between hands to a table (numbered from 1) and seat (from 1).
    Move {
        player: EntryId,
        table: TableNumber,
        seat: u8,
    },
    Rebuy {
        player: EntryId,
    },
    AddOn {
        player: EntryId,
    },
    /// A busted player buys a new entry (TDA-8).
    ReEnter {
        player: EntryId,
    },
    /// A spoken warning (TDA-71A).
    Warn {
        player: EntryId,
        reason: String,
    },
    /// Missed rounds (TDA-71A, C).
    MissRounds {
        player: EntryId,
        rounds: u32,
    },
    /// Away for some minutes (HC-1.10).
    TimePenalty {
        player: EntryId,
        minutes: u32,
    },
    /// Out of the event, chips out of play (TDA-71D).
    Disqualify {
        player: EntryId,
        reason: String,
    },
    /// Undoes the last director's action not yet undone.
    Undo,
    /// The players left agreed a deal (HC-1.2): each one's amount, and prizes by place (1st
    /// first) for what they play on for; together the prizes left (`GET .../deal`).
    AgreeDeal {
        amounts: Vec<DealShare>,
        play_for: Vec<u64>,
    },
    /// A live table's hand is over (`tables = "live"`), with the players it busted, as the
    /// dealer calls them (HC-1.8). The table is numbered from 1.
    HandOver {
        table: TableNumber,
        #[serde(default)]
        busts: Vec<BustCall>,
    },
    /// A live table's button lies at this seat (from 1) for the hand in play, or the next.
    Button {
        table: TableNumber,
        seat: u8,
    },
    /// The cards dealt at a live table for the button, one per player, as they fell: the
    /// highest takes it (TDA-RP-14, suits by HC-3.5).
    ButtonCards {
        table: TableNumber,
        cards: Vec<SeatDraw>,
    },
    /// Stacks counted at live tables: the standings and the average use them.
    ChipCount {
        counts: Vec<CountedStack>,
    },
    /// An instruction of the director (numbered from 1) was carried out at the tables.
    Confirm {
        instruction: u32,
    },
    /// The seat cards that fell at the final table's draw (HC-1.7, TDA-RP-9), entered instead
    /// of the software's draw while it is still to be done: every player of the table once.
    SeatCards {
        /// Numbered from 1.
        table: TableNumber,
        seats: Vec<SeatCard>,
    },
    /// A bust reported by mistake at a live event is taken back: the player is in again with
    /// their chips, and the chips and bounty won from them go back.
    UndoBust {
        player: EntryId,
    },
    /// HC-1.8: the cards dealt at the short table for the equally full tables, as they fell;
    /// the lowest table gives a player. Confirming the instruction instead lets the software
    /// draw them.
    SourceCards {
        cards: Vec<TableCard>,
    },
    /// A called chip race's cards, as the dealer dealt them: each racing player's, one per odd
    /// chip (TDA-24, HC-3.7, WWPLA-13, JPR-11). Confirming the instruction instead lets the
    /// software deal them.
    RaceCards {
        /// Numbered from 1.
        table: TableNumber,
        cards: Vec<PlayerCards>,
    },
}

/// The card dealt for a table (from 1), as "Kh".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TableCard {
    pub table: TableNumber,
    pub card: String,
}

/// The cards a player was dealt, as "Kh".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerCards {
    pub player: EntryId,
    pub cards: Vec<String>,
}

/// What a live event's table reports from its bound tablet (`POST .../tables/{table}/report`):
/// the TD command of the same name, for this table only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum TableReport {
    /// The hand is over, with the players it busted (HC-1.8).
    HandOver {
        #[serde(default)]
        busts: Vec<BustCall>,
    },
    /// The button lies at this seat (from 1).
    Button { seat: u8 },
    /// The cards dealt for the button, as they fell: the highest takes it (TDA-RP-14).
    ButtonCards { cards: Vec<SeatDraw> },
    /// An instruction for this table was carried out.
    Confirm { instruction: u32 },
    /// HC-1.8's cards dealt at this (the short) table for each equally full table, as they
    /// fell; the lowest table gives a player. `confirm` instead lets the software draw them.
    SourceCards { cards: Vec<TableCard> },
    /// This table's called chip race, its cards as dealt (TDA-24, HC-3.7, WWPLA-13, JPR-11);
    /// `confirm` instead lets the software deal them.
    RaceCards { cards: Vec<PlayerCards> },
    /// The seat cards that fell at this table's draw: the final table's (HC-1.7, TDA-RP-9), or
    /// this broken table's players' (TDA-10, each with the table the card names).
    SeatCards { seats: Vec<SeatCard> },
}

/// One bust called at a live table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BustCall {
    pub player: EntryId,
    /// Who won the player's last chips (bounties, HC-1.2); several when a split pot did.
    #[serde(default)]
    pub by: Vec<EntryId>,
    /// Chips at the start of the hand, for places of players out in the same hand (HC-1.3,
    /// WWPLA-12); left out, the director's books say.
    #[serde(default)]
    pub stack_at_start: Option<u64>,
    /// The card the player drew at the table to break a tie on that stack (HC-1.3), as "Ks";
    /// left out, the software draws, and the log says which.
    #[serde(default)]
    pub card: Option<String>,
}

/// The card dealt to a seat (from 1), as "Kh".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatDraw {
    pub seat: u8,
    pub card: String,
}

/// The seat a player's card names (from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatCard {
    pub player: EntryId,
    /// The table the card names (from 1), for a broken table's draw (TDA-10); left out, the
    /// command's table (the final table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<TableNumber>,
    pub seat: u8,
}

/// One player's counted stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CountedStack {
    pub player: EntryId,
    pub chips: u64,
}

/// One player's amount in a deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DealShare {
    pub player: EntryId,
    pub amount: u64,
}
