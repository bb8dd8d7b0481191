//! The director's log: every change to the tournament outside a hand, with who made it.

use crate::clock::Time;
use crate::config::Money;
use engine::{PlayerId, Rule, Seat};
use std::fmt;

/// A table of the event, numbered from 0; displayed from 1 as floor staff count tables.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct TableId(pub u32);

impl TableId {
    /// The table's number as people count them, from 1 (the id counts from 0).
    pub fn number(self) -> u32 {
        self.0 + 1
    }
}

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "table {}", self.number())
    }
}

/// A director's action, numbered in order, so that it can be undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ActionId(pub u32);

impl ActionId {
    /// The action's number as people count them, from 1 (the id counts from 0).
    pub fn number(self) -> u32 {
        self.0 + 1
    }
}

impl fmt::Display for ActionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "action {}", self.number())
    }
}

/// Who made a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// The director's rules applied by the program (balancing, breaking, the clock).
    System,
    /// A tournament director or floor person at the console.
    Td,
    /// A player for themselves: their own registration, rebuy or add-on.
    Player(PlayerId),
    /// The dealer of a live table, reporting its hands and confirming instructions there.
    Dealer(TableId),
    /// The floor, ruling at a table without being asked (TDA-29's clock).
    Floor,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happening {
    Registered {
        player: PlayerId,
        name: String,
    },
    /// The field is full: waiting for a seat (TDA-8A).
    Alternate {
        player: PlayerId,
    },
    /// A player registered themselves for a live event: their seat is reserved until the desk
    /// takes the buy-in.
    Reserved {
        player: PlayerId,
        name: String,
    },
    /// The desk took a reserved player's buy-in: they are in the field.
    BuyInTaken {
        player: PlayerId,
    },
    /// The TD coloured up these players at a table outside the schedule (TDA-25B).
    ColouredUp {
        table: TableId,
        players: Vec<PlayerId>,
    },
    /// A player with special needs is accommodated in the seat draw, or no longer (TDA-9).
    Accommodated {
        player: PlayerId,
        on: bool,
    },
    Seated {
        player: PlayerId,
        table: TableId,
        seat: Seat,
        rule: Rule,
    },
    /// The seats and first buttons drawn before the start; `redraw` when an earlier draw
    /// was put away for it.
    SeatsDrawn {
        redraw: bool,
    },
    Started,
    LevelStarted {
        level: usize,
    },
    BreakStarted {
        after_level: u32,
    },
    HandForHand {
        on: bool,
    },
    Busted {
        player: PlayerId,
        by: Vec<PlayerId>,
    },
    Placed {
        player: PlayerId,
        place: u32,
    },
    BountyPaid {
        from: PlayerId,
        to: PlayerId,
        amount: Money,
    },
    Moved {
        player: PlayerId,
        from: (TableId, Seat),
        to: (TableId, Seat),
        rule: Rule,
    },
    TableBroken {
        table: TableId,
    },
    /// A table opened after the start for new players: late entries, re-entries, alternates
    /// (TDA-8A).
    TableOpened {
        table: TableId,
    },
    FinalTable {
        table: TableId,
    },
    ButtonDrawn {
        table: TableId,
        seat: Seat,
        rule: Rule,
    },
    ChipRace {
        table: TableId,
        /// The denominations raced off.
        removed: Vec<u64>,
        winners: Vec<PlayerId>,
        rescued: Vec<PlayerId>,
        /// The cards were the ones dealt at the table, entered (a live event), not the
        /// software's.
        entered: bool,
    },
    /// A live table's chip race is due: it is raced with the cards the dealer deals there,
    /// entered or drawn by the software when the race is confirmed (TDA-24, HC-3.7, WWPLA-13).
    ChipRaceCalled {
        table: TableId,
        removed: Vec<u64>,
        /// Who races, in dealing order: the players at the table when it was called, who race
        /// there even if balancing moves them before the race is run.
        players: Vec<PlayerId>,
    },
    /// HC-1.8 at a live event: equally full tables are to give a player; the card dealt for
    /// each at the short table decides, the lowest gives.
    SourceCardsCalled {
        short: TableId,
        tables: Vec<TableId>,
    },
    /// The cards for the equally full tables fell (HC-1.8): entered as dealt, or the software's.
    SourceDrawn {
        draws: Vec<(TableId, cards::Card)>,
        entered: bool,
    },
    ReEntered {
        player: PlayerId,
        entry: PlayerId,
    },
    Rebuy {
        player: PlayerId,
    },
    AddOn {
        player: PlayerId,
    },
    /// Taken out of the event with their chips (a late player at the deadline, HC-1.4).
    Removed {
        player: PlayerId,
        chips: u64,
        rule: Rule,
    },
    /// A penalty that no hand could be played to serve (DG-38).
    PenaltyLifted {
        player: PlayerId,
        rule: Rule,
    },
    Action {
        id: ActionId,
        action: super::TdAction,
    },
    Undone {
        id: ActionId,
    },
    /// The cards dealt for the button at a live table, as they fell: the highest (by suit
    /// among equal ranks, HC-3.5) took it (TDA-RP-14).
    ButtonCardsEntered {
        table: TableId,
        cards: Vec<(Seat, cards::Card)>,
        seat: Seat,
    },
    /// A dealer put the button here (a live table, at the start or corrected).
    ButtonReported {
        table: TableId,
        seat: Seat,
    },
    /// A stack counted at a live table.
    ChipsCounted {
        player: PlayerId,
        chips: u64,
    },
    /// Players out in one hand tied on their stacks drew a card each (HC-1.3): the cards that
    /// fell at the tables for the players in `entered`, the software's for the others.
    TieDrawn {
        draws: Vec<(PlayerId, cards::Card)>,
        entered: Vec<PlayerId>,
    },
    /// The seat cards that fell at the final table's draw (HC-1.7, TDA-RP-9) or a broken
    /// table's (TDA-10), entered: where each player of `table` sits.
    SeatCardsEntered {
        table: TableId,
        seats: Vec<(PlayerId, TableId, Seat)>,
    },
    /// A bust reported by mistake was taken back: the player is in again.
    BustUndone {
        player: PlayerId,
    },
    /// An instruction for people was carried out (a live event).
    Confirmed {
        id: super::InstructionId,
    },
    /// The director holds the tables for a deal (`on`), or lets them play on (HC-1.2).
    DealHold {
        on: bool,
    },
    /// The players left agreed a deal (HC-1.2).
    DealAgreed {
        amounts: Vec<(PlayerId, Money)>,
        play_for: Vec<Money>,
    },
    Finished {
        winner: PlayerId,
    },
}

/// Why the director seated a player after the start: each is a line on the move slips.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveReason {
    /// Tables balanced (TDA-11, HC-1.8, WWPLA-12).
    Balancing,
    /// The player's table was broken and a seat drawn (TDA-10).
    TableBroken,
    /// The final table's draw (TDA-RP-9, HC-1.7).
    FinalTable,
    /// A late registration or a re-entry, seated where the new players go (TDA-8A).
    NewEntry,
    /// An alternate given a seat (TDA-8A).
    Alternate,
    /// Back in with a rebuy after being out (HC-1.1).
    Rebuy,
    /// The director's own move, or a disqualification taken back.
    Director,
}

impl MoveReason {
    /// The word the API and the pages use for it.
    pub fn key(self) -> &'static str {
        match self {
            MoveReason::Balancing => "balancing",
            MoveReason::TableBroken => "table_broken",
            MoveReason::FinalTable => "final_table",
            MoveReason::NewEntry => "new_entry",
            MoveReason::Alternate => "alternate",
            MoveReason::Rebuy => "rebuy",
            MoveReason::Director => "director",
        }
    }
}

/// A seat the director gave after the start: a line of the move slips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub at: Time,
    pub player: PlayerId,
    /// Where the player sat before; none for a player new to the tables.
    pub from: Option<(TableId, Seat)>,
    /// Where the player sits now (the seat card that fell, when entered).
    pub to: (TableId, Seat),
    pub rule: Rule,
    pub reason: MoveReason,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectorEvent {
    pub at: Time,
    pub by: Actor,
    pub what: Happening,
}
