//! The director: one multi-table tournament over engine tables. Players register and are
//! seated, each table asks for its next hand (`next_hand`) and reports it when over
//! (`finish_hand`); between hands the director places the busted, pays bounties, balances and
//! breaks tables, races off chips and runs the clock. Director's actions (`act`) are logged
//! with who made them and can be undone (`undo`).

mod actions;
mod colour_up;
mod deal;
mod error;
mod event;
mod hands;
mod instructions;
mod players;
mod refused;
mod reports;
mod results;
mod tables;
mod undo_bust;

pub use actions::TdAction;
pub use deal::{Agreed, DealTable};
pub use error::{ClosedBy, DirectorError, Wait};
pub use event::{ActionId, Actor, DirectorEvent, Happening, MoveReason, MoveRecord, TableId};
pub use hands::{HandReport, HandStart, eliminators};
pub use instructions::{Instruction, InstructionId, Lang, Notice, Task};
pub use refused::Refused;
pub use reports::ReportedBust;

use crate::balance::CountIndex;
use crate::bounty::BountyBook;
use crate::clock::{Clock, Time};
use crate::config::{EventConfig, Money};
use crate::draw::Draw;
use crate::profile::Profile;
use engine::{HandSetup, PlayerId, Positions, Rotation, Seat, Table, Variant};
use shared::Chunked;

/// Where an entry stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Registered before the start, not yet seated.
    Registered,
    /// Waiting for a seat in a full field (TDA-8A).
    Alternate,
    /// Registered themselves for a live event: a seat reserved until the desk takes the
    /// buy-in (`take_buy_in`); not in the field, the prize pool or the draw until then.
    Reserved,
    Playing,
    /// Out of chips; placed when the event ends, below everyone out later.
    Busted,
    /// Removed with their chips: a late player at the deadline (HC-1.4).
    Removed,
    /// Disqualified, chips out of play (TDA-71D).
    Disqualified,
    Won,
}

/// One entry: a re-entry is a new entry of the same person (TDA-8).
#[derive(Clone, Debug)]
pub struct Entry {
    pub id: PlayerId,
    pub name: String,
    /// 1 for the first entry, 2 for the first re-entry...
    pub entry_number: u32,
    pub status: Status,
    pub seat: Option<(TableId, Seat)>,
    /// At the table; a player who has not arrived is dealt in and blinded off (TDA-30).
    pub arrived: bool,
    /// Arrived but away from the table now (an online player disconnected): dealt in and
    /// blinded off like a late player (TDA-30), never removed as one (HC-1.4).
    pub away: bool,
    pub rebuys: u32,
    pub add_ons: u32,
    pub warnings: u32,
    /// Hands still to sit out (TDA-71A).
    pub penalty_hands: u32,
    /// Away on a time penalty until then (HC-1.10).
    pub away_until: Option<Time>,
    pub place: Option<u32>,
    pub prize: Money,
    pub knockouts: u32,
    pub league_points: Option<i64>,
    /// The seat a move, a broken table or the final-table draw just took the player from, until
    /// it is an instruction (a live event).
    pub last_seat: Option<(TableId, Seat)>,
    /// A player with special needs, accommodated in the seat draw (TDA-9): seated at the first
    /// table, which the room sets up as its most accessible one.
    pub accommodated: bool,
}

impl Entry {
    pub fn bounties_won(&self, tournament: &Tournament) -> Money {
        tournament
            .bounties
            .as_ref()
            .map_or(Money(0), |b| b.won(self.id))
    }
}

#[derive(Clone, Debug)]
pub(crate) struct HandInProgress {
    pub positions: Positions,
    /// Each dealt player's id and stack at the start, in dealing order.
    pub start: Vec<(PlayerId, u64)>,
    /// The hand's setup without its deck (a live table deals real cards), and the forced bets
    /// it was made from: a dealer's button report makes it anew.
    pub setup: HandSetup,
    pub forced: engine::ForcedBets,
}

/// One table of the event.
#[derive(Clone, Debug)]
pub struct EventTable {
    pub id: TableId,
    pub table: Table,
    pub(crate) hand: Option<HandInProgress>,
    pub broken: bool,
    /// To break as soon as its hand is over.
    pub(crate) breaking: bool,
    /// Denominations to race off when the table is next between hands.
    pub(crate) colour_up: Vec<u64>,
    pub(crate) new_players: u8,
    /// Seats emptied by eliminations since the last balance, and how far left of the button.
    pub(crate) vacancies: Vec<(Seat, usize)>,
    /// The seat emptied last, by a bust or a move (TDA-11A: the seat filled in stud-only events).
    pub(crate) last_opened: Option<Seat>,
    /// Hands of the rotation played here, which say the next hand's game (HC-1, TDA-11B).
    pub(crate) game_hands: u64,
    /// The chips at this table by the director's books.
    pub(crate) chips: u64,
    pub hands: u64,
}

impl EventTable {
    pub fn in_hand(&self) -> bool {
        self.hand.is_some()
    }

    pub fn players(&self) -> usize {
        self.table.player_count()
    }

    /// The button and blinds of the hand in progress.
    pub fn hand_positions(&self) -> Option<&Positions> {
        self.hand.as_ref().map(|h| &h.positions)
    }

    /// The hand in progress as the director has it now: positions and setup (no deck).
    pub fn hand_in_play(&self) -> Option<(&Positions, &HandSetup)> {
        self.hand.as_ref().map(|h| (&h.positions, &h.setup))
    }

    /// The players dealt in the hand in progress, in dealing order.
    pub fn dealt(&self) -> Vec<PlayerId> {
        self.hand
            .as_ref()
            .map(|h| h.start.iter().map(|s| s.0).collect())
            .unwrap_or_default()
    }

    /// The players seated, by seat.
    pub fn player_ids(&self) -> Vec<PlayerId> {
        self.table.seats().iter().flatten().map(|p| p.id).collect()
    }
}

/// Counts for the closing report.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub hands: u64,
    pub tables_broken: u32,
    pub moves: u32,
    pub largest_imbalance: usize,
    pub chip_races: u32,
    pub entries: u32,
    pub rebuys: u32,
    pub add_ons: u32,
    pub hand_for_hand_rounds: u32,
}

/// Everything-at-once steps that wait for every table to be between hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Barrier {
    /// HC-1.8: balance before any new hand anywhere.
    Balance,
    /// TDA-RP-9, HC-1.7: all remaining players to one table.
    FinalTable,
}

#[derive(Clone, Debug)]
pub struct Tournament {
    // Shared between the copies the server saves before each command: never changed.
    pub(crate) config: std::sync::Arc<EventConfig>,
    pub(crate) profile: std::sync::Arc<Profile>,
    /// The event's first game, each table's default; each hand is dealt in its own game.
    pub(crate) variant: Variant,
    /// Mixed games in turn, if the event has a rotation.
    pub(crate) rotation: Option<Rotation>,
    /// Hands of the rotation at the table that finished a hand last: a table opened later
    /// carries on from there.
    pub(crate) last_game_hands: u64,
    pub(crate) draw: Draw,
    pub(crate) entries: Chunked<Entry>,
    pub(crate) tables: Chunked<EventTable>,
    pub(crate) index: CountIndex,
    pub(crate) clock: Clock,
    pub(crate) started: bool,
    /// The seats are drawn: before the start (`draw_seats`), or by it.
    pub(crate) drawn: bool,
    pub(crate) finished: bool,
    /// Entries with chips in play.
    pub(crate) alive: u32,
    /// Chips that should be in play: stacks bought, less chips removed, plus race changes.
    pub(crate) expected_chips: u64,
    /// The sum of the tables' books.
    pub(crate) table_chips: u64,
    pub(crate) denominations: Vec<u64>,
    pub(crate) events: Chunked<DirectorEvent>,
    /// Every seat given after the start, oldest first: the move slips.
    pub(crate) moves: Chunked<MoveRecord>,
    pub(crate) actions: Chunked<actions::Record>,
    /// The finishing order so far, first out first; places are given at the end.
    pub(crate) out: Chunked<results::OutGroup>,
    /// The players placed last, newest first, for the big screen (at most `RECENT_OUT`).
    pub(crate) recent_out: std::collections::VecDeque<PlayerId>,
    /// Busts of the current hand-for-hand round, placed together (TDA-RP-8A).
    pub(crate) round_busts: Vec<results::Bust>,
    /// Tables with a hand in progress.
    pub(crate) in_hand_tables: usize,
    pub(crate) barrier: Option<Barrier>,
    /// Tables yet to play the current hand-for-hand hand (TDA-RP-8).
    pub(crate) round_unplayed: std::collections::BTreeSet<u32>,
    /// The current hand-for-hand hand has taken its time off the clock.
    pub(crate) round_begun: bool,
    /// Tables to break when their hands are over; out of the balancing count already.
    pub(crate) breaking: std::collections::BTreeSet<u32>,
    pub(crate) bounties: Option<BountyBook>,
    pub(crate) alternates: std::collections::VecDeque<PlayerId>,
    /// Entries sharing the prizes of their places (TDA-RP-8A), each group best-ranked first.
    pub(crate) shared: Vec<Vec<PlayerId>>,
    /// Bounties nobody could win, added to the prize pool at the end (HC-1.2).
    pub(crate) unclaimed_bounties: Money,
    /// A deal the players left agreed (HC-1.2).
    pub(crate) deal: Option<Agreed>,
    /// The director holds the tables after their hands in play to work out a deal (HC-1.2).
    pub(crate) deal_hold: bool,
    /// What places 1 to n were worth when the deal was agreed: money added to the pool later
    /// (bounties nobody won) is paid by place on top of it.
    pub(crate) deal_prizes: Vec<Money>,
    /// The director's actions before the deal, which can no longer be undone.
    pub(crate) deal_after_action: Option<usize>,
    /// The highest 0-based level a hand has been dealt at (HC-1.1: rebuys and the add-on end
    /// with the first hand of the next level).
    pub(crate) dealt_level: usize,
    pub stats: Stats,
    /// What people must do at a live event's tables (`instructions.rs`).
    pub(crate) instructions: Vec<Instruction>,
    /// The instructions stopped the clock, and the last one done restarts it.
    pub(crate) clock_held: bool,
    /// The last reports with busts, to take one back (`undo_bust.rs`).
    pub(crate) reports: undo_bust::Reports,
    /// What each knockout of the hand being closed did to the bounty books, by busted player.
    pub(crate) knockouts: Vec<(PlayerId, crate::bounty::BountyDeltas)>,
    /// Places paid for a field size, worked out once per size.
    pub(crate) paid: std::cell::Cell<(u32, u32)>,
}

impl Tournament {
    /// A tournament of a checked configuration, its randomness from `seed`.
    pub fn new(config: EventConfig, seed: u64) -> Result<Tournament, DirectorError> {
        crate::config::validate(&config).map_err(|e| {
            DirectorError::Refused(Refused::Config {
                detail: e.to_string(),
            })
        })?;
        let profile = Profile::of(config.profile).map_err(|e| {
            DirectorError::Refused(Refused::Config {
                detail: e.to_string(),
            })
        })?;
        let (variant, _) = config.stakes(0).hand(config.game_of_hand(0, 0));
        let bounties = config
            .bounties
            .map(|b| BountyBook::new(b.kind, b.winner_keeps_own, config.payouts.unit));
        Ok(Tournament {
            variant,
            rotation: config.rotation(),
            last_game_hands: 0,
            draw: Draw::new(seed),
            entries: Chunked::new(),
            tables: Chunked::new(),
            index: CountIndex::new(10),
            clock: Clock::new(&config),
            started: false,
            drawn: false,
            finished: false,
            alive: 0,
            expected_chips: 0,
            table_chips: 0,
            denominations: config.chips.clone(),
            events: Chunked::new(),
            moves: Chunked::new(),
            actions: Chunked::new(),
            out: Chunked::new(),
            recent_out: Default::default(),
            round_busts: Vec::new(),
            in_hand_tables: 0,
            barrier: None,
            round_unplayed: Default::default(),
            round_begun: false,
            breaking: Default::default(),
            bounties,
            alternates: Default::default(),
            shared: Vec::new(),
            unclaimed_bounties: Money(0),
            deal: None,
            deal_hold: false,
            deal_prizes: Vec::new(),
            deal_after_action: None,
            dealt_level: 0,
            stats: Stats::default(),
            instructions: Vec::new(),
            clock_held: false,
            reports: Default::default(),
            knockouts: Vec::new(),
            paid: std::cell::Cell::new((0, 0)),
            config: std::sync::Arc::new(config),
            profile: std::sync::Arc::new(profile),
        })
    }

    pub fn config(&self) -> &EventConfig {
        &self.config
    }

    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    pub fn entries(&self) -> &Chunked<Entry> {
        &self.entries
    }

    pub fn entry(&self, id: PlayerId) -> Result<&Entry, DirectorError> {
        self.entries
            .get(id.0 as usize)
            .ok_or(DirectorError::NoSuchPlayer(id))
    }

    pub fn tables(&self) -> &Chunked<EventTable> {
        &self.tables
    }

    pub fn table(&self, id: TableId) -> Result<&EventTable, DirectorError> {
        self.tables
            .get(id.0 as usize)
            .ok_or(DirectorError::NoSuchTable(id))
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    pub fn events(&self) -> &Chunked<DirectorEvent> {
        &self.events
    }

    /// Every seat the director gave after the start, oldest first: the move slips.
    pub fn moves(&self) -> &Chunked<MoveRecord> {
        &self.moves
    }

    pub fn is_started(&self) -> bool {
        self.started
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Entries with chips in play.
    pub fn alive(&self) -> u32 {
        self.alive
    }

    /// Tables still in play.
    pub fn active_tables(&self) -> impl Iterator<Item = TableId> + '_ {
        self.tables.iter().filter(|t| !t.broken).map(|t| t.id)
    }

    pub fn active_table_count(&self) -> usize {
        self.index.tables()
    }

    /// Fullest minus shortest table now.
    pub fn imbalance(&self) -> usize {
        self.index.spread()
    }

    pub fn index_max(&self) -> Option<usize> {
        self.index.max()
    }

    pub fn index_min(&self) -> Option<usize> {
        self.index.min()
    }

    pub fn chips_in_play(&self) -> u64 {
        self.expected_chips
    }

    pub fn denominations(&self) -> &[u64] {
        &self.denominations
    }

    /// The prize pool from the entries, rebuys and add-ons so far (HC-1.1).
    /// At the end it also holds the bounties nobody could win (HC-1.2: every point paid in is
    /// paid out).
    pub fn prize_pool(&self) -> Money {
        let bought = crate::payout::prize_pool(
            &self.config.buy_in,
            self.stats.entries,
            self.stats.rebuys,
            self.stats.add_ons,
            self.config.rebuy.map_or(Money(0), |r| r.price),
            self.config.add_on.map_or(Money(0), |a| a.price),
        );
        // Added checked (issue 33 item 2). An entry, rebuy or add-on the books could not count
        // is refused (`books_take`), so the pool fits; were it not to, it would stop at the most
        // a u64 holds rather than wrap.
        bought
            .and_then(|b| b.checked_add(self.unclaimed_bounties))
            .unwrap_or(Money(u64::MAX))
    }

    /// What the event takes in (each entry's whole buy-in, the rebuys and add-ons) and the
    /// chips it hands out for them, with `entries`, `rebuys` and `add_ons` bought; `None` past
    /// what a u64 holds (issue 33 item 2).
    fn books_with(&self, entries: u32, rebuys: u32, add_ons: u32) -> Option<(Money, u64)> {
        let c = &self.config;
        let (rebuy_price, rebuy_stack) = c.rebuy.map_or((Money(0), 0), |r| (r.price, r.stack));
        let (add_on_price, add_on_stack) = c.add_on.map_or((Money(0), 0), |a| (a.price, a.stack));
        let money = (c.buy_in.total()?.checked_mul(entries.into())?)
            .checked_add(rebuy_price.checked_mul(rebuys.into())?)?
            .checked_add(add_on_price.checked_mul(add_ons.into())?)?;
        let chips = (c.starting_stack.checked_mul(entries.into())?)
            .checked_add(rebuy_stack.checked_mul(rebuys.into())?)?
            .checked_add(add_on_stack.checked_mul(add_ons.into())?)?;
        Some((money, chips))
    }

    /// Issue 33 item 2: one more entry, rebuy or add-on (`entry`, `rebuy`, `add_on` of 0 or 1)
    /// for `name`, on top of every one made so far (alternates' entries included), must leave
    /// the money paid in, the prize pool, the bounties and the chips in play countable.
    pub(crate) fn books_take(
        &self,
        name: &str,
        entry: u32,
        rebuy: u32,
        add_on: u32,
    ) -> Result<(), DirectorError> {
        let entries = u32::try_from(self.entries.len()).ok();
        let fits = entries
            .and_then(|e| e.checked_add(entry))
            .zip(self.stats.rebuys.checked_add(rebuy))
            .zip(self.stats.add_ons.checked_add(add_on))
            .and_then(|((e, r), a)| self.books_with(e, r, a));
        match fits {
            Some(_) => Ok(()),
            None => Err(DirectorError::Refused(Refused::BooksFull {
                name: name.to_string(),
            })),
        }
    }

    /// Places paid for the entries so far.
    pub fn places_paid(&self) -> u32 {
        let (entries, paid) = self.paid.get();
        if entries == self.stats.entries && entries > 0 {
            return paid;
        }
        let paid = crate::payout::places_paid(&self.config.payouts, self.stats.entries);
        self.paid.set((self.stats.entries, paid));
        paid
    }

    pub(crate) fn log(&mut self, at: Time, by: Actor, what: Happening) {
        self.instruct(at, &what);
        self.events.push(DirectorEvent { at, by, what });
    }

    pub(crate) fn entry_mut(&mut self, id: PlayerId) -> Result<&mut Entry, DirectorError> {
        self.entries
            .get_mut(id.0 as usize)
            .ok_or(DirectorError::NoSuchPlayer(id))
    }

    pub(crate) fn table_mut(&mut self, id: TableId) -> Result<&mut EventTable, DirectorError> {
        self.tables
            .get_mut(id.0 as usize)
            .ok_or(DirectorError::NoSuchTable(id))
    }

    /// Whether a busted entry may still come back (re-entry, rebuy) or new ones come in (late
    /// registration): until then hand-for-hand cannot start, as the places paid are not known.
    pub(crate) fn entries_open(&self) -> bool {
        let level = self.clock.level_index() as u32 + 1;
        let late = self.config.registration.late_until_level >= level;
        let re_entry = self.config.re_entry.is_some_and(|r| r.until_level >= level);
        let rebuy = self.config.rebuy.is_some_and(|r| r.until_level >= level);
        !self.started || late || re_entry || rebuy
    }
}
