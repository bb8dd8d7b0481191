//! Hands at the tables: dealing (when the director allows it), players' actions, time to act
//! and time called (TDA-29), absent players' hands killed (TDA-30), and the end of a hand
//! reported to the director.

use super::*;
use crate::room::announce::note;
use engine::{Action, Op, Player, Step, rule};
use protocol::EventCommand;
use protocol::PlayerAction;
use tournament::director::Wait;
use tournament::{DirectorError, TableId, Time, TimeExpiry};

/// Before a player may call the clock, the player to act has had this long (TDA-29: "a
/// reasonable time").
const REASONABLE_MS: u64 = 10_000;

impl Room {
    pub(super) fn deal(&mut self, table: u32, at: u64) -> Result<Changes, Refusal> {
        let id = TableId(table);
        let live = self
            .tables
            .get(table as usize)
            .ok_or_else(|| Refusal::not_found(format!("no table {}", table + 1)))?;
        if live.in_play().is_some() {
            return Err(Refusal::conflict(
                "wait",
                format!("{id} has a hand in play"),
            ));
        }
        if at < live.ready_at {
            return Err(Refusal::conflict("wait", format!("{id} is between hands")));
        }
        // A table that may not start is refused before the director is touched, so that a
        // refused deal changes nothing and need not be logged.
        self.t
            .may_start(id)
            .map_err(|w| Refusal::director(&DirectorError::Wait(id, w)))?;
        // Issue 37: the deck from the table's commitment and the players' values, checked
        // before the director is touched.
        let proof = self.committed_deck(table)?;
        // Dealing may move players at other tables first (a table broken, late players
        // removed, balancing before any hand, TDA-RP-6, TDA-RP-7): they are changes too.
        let before = self.seating_ids();
        let seed = proof.as_ref().map(|p| p.deck_seed);
        let start = match self.t.next_hand_from(id, Time(at), seed) {
            Ok(start) => start,
            // The director moved on (balanced, raced off chips) before finding it must wait:
            // a change all the same, logged and replayed.
            Err(DirectorError::Wait(_, _)) => return Ok(self.changed_everywhere()),
            Err(e) => return Err(Refusal::director(&e)),
        };
        if self.t.is_live() {
            // The dealer deals it with real cards; the director knows its positions and
            // waits for the report of its end (`TdCommand::HandOver`).
            self.tables[table as usize].hands_dealt += 1;
            return Ok(self.changed_everywhere());
        }
        let hand = Hand::new(start.setup.clone())
            .map_err(|e| Refusal::internal(format!("the engine refused a hand: {e}")))?;
        let live = &mut self.tables[table as usize];
        live.hands_dealt += 1;
        live.deck = None;
        live.hand = Some(LiveHand {
            number: live.hands_dealt,
            start,
            hand,
            turn: None,
            notes: Vec::new(),
            equities: Vec::new(),
            dealt_at: at,
            proof,
        });
        let mut changes = self.after_change(table, at)?;
        for t in self.reseated_since(&before) {
            if !changes.tables.contains(&t) {
                changes.tables.push(t);
            }
        }
        Ok(changes)
    }

    pub(super) fn act(
        &mut self,
        table: u32,
        number: u64,
        player: EntryId,
        action: PlayerAction,
        at: u64,
    ) -> Result<Changes, Refusal> {
        let p = self.in_turn(table, number, player)?;
        let action = match action {
            PlayerAction::Fold => Action::Fold,
            PlayerAction::Check => Action::Check,
            PlayerAction::Call => Action::Call,
            PlayerAction::BetOrRaise { to } => Action::BetOrRaiseTo(engine::Chips(to)),
            PlayerAction::BringIn => Action::BringIn,
        };
        self.apply_action(table, p, action, at)
    }

    /// A hand's player by the name they entered under.
    fn hand_name(&self, live: &LiveHand, p: Player) -> String {
        live.start
            .players
            .get(p.index())
            .map_or_else(|| p.to_string(), |&entry| self.name_of(entry))
    }

    /// The hand player of `entry` when it is their turn in hand `number` at `table`.
    fn in_turn(&self, table: u32, number: u64, entry: EntryId) -> Result<Player, Refusal> {
        let live = self.live_hand(table, number)?;
        let mine = live
            .start
            .players
            .iter()
            .position(|id| *id == entry)
            .map(|i| Player(i as u8))
            .ok_or_else(|| {
                Refusal::forbidden(format!(
                    "player {} is not in the hand at table {}",
                    entry.number(),
                    table + 1
                ))
            })?;
        match live.hand.step() {
            Step::Act(actor) if actor == mine => Ok(mine),
            Step::Act(actor) => Err(Refusal::hand_named(
                &engine::HandError::NotYourTurn {
                    player: mine,
                    actor,
                },
                &|p| self.hand_name(live, p),
            )),
            other => Err(Refusal::conflict(
                "no_action_due",
                format!("the hand is waiting for {other}, not for an action"),
            )),
        }
    }

    fn live_hand(&self, table: u32, number: u64) -> Result<&LiveHand, Refusal> {
        let live = self
            .tables
            .get(table as usize)
            .ok_or_else(|| Refusal::not_found(format!("no table {}", table + 1)))?;
        let hand = live.in_play().ok_or_else(|| {
            Refusal::conflict("no_hand", format!("no hand in play at table {}", table + 1))
        })?;
        if hand.number != number {
            return Err(Refusal::conflict(
                "stale_hand",
                format!(
                    "hand {number} at table {} is over; hand {} is in play",
                    table + 1,
                    hand.number
                ),
            ));
        }
        Ok(hand)
    }

    fn apply_action(
        &mut self,
        table: u32,
        p: Player,
        action: Action,
        at: u64,
    ) -> Result<Changes, Refusal> {
        let live = self.tables[table as usize]
            .hand
            .as_mut()
            .ok_or_else(|| Refusal::internal("no hand"))?;
        // A refused step leaves the hand as it was (`Hand::apply` checks, then carries out).
        if let Err(e) = live.hand.apply(Op::Act(p, action)) {
            let live = self.tables[table as usize].hand.as_ref();
            return Err(Refusal::hand_named(&e, &|p| match live {
                Some(live) => self.hand_name(live, p),
                None => p.to_string(),
            }));
        }
        self.after_change(table, at)
    }

    /// Time is called on the player to act (TDA-29) by the TD, a player at the table or the
    /// floor when the time to act has run out.
    pub(super) fn call_clock(
        &mut self,
        table: u32,
        number: u64,
        by: Actor,
        at: u64,
    ) -> Result<Changes, Refusal> {
        let called_ms = u64::from(self.t.profile().director.time_call_seconds) * 1000;
        let live = self.live_hand(table, number)?;
        let turn = live
            .turn
            .ok_or_else(|| Refusal::conflict("no_turn", "nobody is to act"))?;
        if turn.clock_called {
            return Err(
                Refusal::conflict("clock_running", "time has already been called")
                    .with_rule(rule!("TDA-29")),
            );
        }
        if by.is_player() && at < turn.since + REASONABLE_MS {
            return Err(Refusal::conflict(
                "too_early",
                format!(
                    "time may be called once a reasonable time ({} s) has passed",
                    REASONABLE_MS / 1000
                ),
            )
            .with_rule(rule!("TDA-29")));
        }
        let events = live.hand.events().len();
        let seat = live.start.positions.dealt[turn.player.index()].number();
        let live = self.tables[table as usize]
            .hand
            .as_mut()
            .ok_or_else(|| Refusal::internal("no hand"))?;
        live.turn = Some(Turn {
            clock_called: true,
            deadline: at + called_ms,
            ..turn
        });
        let mut a = note("clock", Some(seat), Some(rule!("TDA-29")));
        a.amount = Some(called_ms / 1000);
        live.notes.push((events, a));
        Ok(Changes::at(table))
    }

    /// The time to act ran out. A player at the table gets the clock called by the floor
    /// first; when that runs out too, the hand is checked or dead as the profile says (TDA-29,
    /// DG-14a). An away player's hand is killed (TDA-30). A forced stud bring-in is posted.
    pub(super) fn time_out(
        &mut self,
        table: u32,
        number: u64,
        entry: EntryId,
        at: u64,
    ) -> Result<Changes, Refusal> {
        let p = self.in_turn(table, number, entry)?;
        let live = self.live_hand(table, number)?;
        let turn = live
            .turn
            .ok_or_else(|| Refusal::conflict("no_turn", "nobody is to act"))?;
        if at < turn.deadline {
            return Err(Refusal::conflict(
                "too_early",
                "the time to act has not run out",
            ));
        }
        let away = self.is_away(entry);
        if !away && !turn.clock_called {
            return self.call_clock(table, number, Actor::Floor, at);
        }
        let legal = live.hand.legal_actions();
        // The low card's bring-in is forced, not folded: posted for a player away (TDA-30) or
        // out of time (TDA-29, TDA-RP-10).
        let forced = legal.is_some_and(|l| l.bring_in.is_some() && !l.fold);
        let (action, rule) = if forced {
            (
                Action::BringIn,
                if away {
                    rule!("TDA-30")
                } else {
                    rule!("TDA-RP-10")
                },
            )
        } else if away {
            (Action::Fold, rule!("TDA-30"))
        } else {
            match self.t.profile().director.time_expiry {
                TimeExpiry::CheckOrDead if legal.is_some_and(|l| l.check) => {
                    (Action::Check, rule!("TDA-29"))
                }
                TimeExpiry::CheckOrDead => (Action::Fold, rule!("TDA-29")),
                TimeExpiry::Dead => (Action::Fold, rule!("DG-14a")),
            }
        };
        let events = live.hand.events().len();
        let seat = live.start.positions.dealt[p.index()].number();
        if let Some(live) = self.tables[table as usize].hand.as_mut() {
            live.notes
                .push((events, note("timeout", Some(seat), Some(rule))));
        }
        self.apply_action(table, p, action, at)
    }

    /// The clock reached the end of a level or break.
    pub(super) fn tick(&mut self, at: u64) -> Result<Changes, Refusal> {
        let due = self.t.clock().phase_ends().is_some_and(|end| end.0 <= at);
        if !due {
            return Err(Refusal::conflict(
                "too_early",
                "the clock has not reached a change",
            ));
        }
        self.t.tick(Time(at)).map_err(|e| Refusal::director(&e))?;
        Ok(self.changed_everywhere())
    }

    /// A live table for every table the director has opened.
    pub(super) fn sync_tables(&mut self) {
        while self.tables.len() < self.t.tables().len() {
            self.tables.push(Shared::default());
        }
    }

    pub(super) fn changed_everywhere(&mut self) -> Changes {
        self.sync_tables();
        Changes {
            tables: self.all_tables(),
            ..Changes::default()
        }
    }

    /// Whether a player's connection is their presence at the table (TDA-30): online, yes; at
    /// a live event the players sit at real tables whatever their phones do.
    pub fn tracks_presence(&self) -> bool {
        !self.t.is_live()
    }

    /// Whether an entry is away from the table: not arrived, disconnected or sitting out.
    pub fn is_away(&self, entry: EntryId) -> bool {
        self.t.entry(entry).is_ok_and(|e| !e.arrived || e.away)
    }

    /// After a hand changed: the next turn's time, or the finished hand to the director.
    fn after_change(&mut self, table: u32, at: u64) -> Result<Changes, Refusal> {
        let act_ms = self.act_ms;
        let live = self.tables[table as usize]
            .hand
            .as_mut()
            .ok_or_else(|| Refusal::internal("no hand"))?;
        if live.equities.is_empty() {
            live.equities = announce::tabled_equities(&live.hand);
        }
        match live.hand.step() {
            Step::Act(p) => {
                if live.turn.is_none_or(|t| t.player != p) {
                    live.turn = Some(Turn {
                        player: p,
                        since: at,
                        deadline: at + act_ms,
                        clock_called: false,
                    });
                } else if let Some(turn) = live.turn.as_mut() {
                    // The same player again, in a new round: a fresh time to act.
                    turn.since = at;
                    turn.deadline = at + act_ms;
                    turn.clock_called = false;
                }
                Ok(Changes::at(table))
            }
            Step::Done => self.finish(table, at),
            other => Err(Refusal::internal(format!(
                "the hand stopped at {other} with every automation on"
            ))),
        }
    }

    fn finish(&mut self, table: u32, at: u64) -> Result<Changes, Refusal> {
        let id = TableId(table);
        let live = &mut self.tables[table as usize];
        let Some(mut done) = live.hand.take() else {
            return Err(Refusal::internal("no hand to finish"));
        };
        done.turn = None;
        let tabled = !done.equities.is_empty();
        let before = self.seating_ids();
        let result = self.t.finish_hand(id, &done.hand, Time(at));
        let live = &mut self.tables[table as usize];
        live.ready_at = at + if tabled { ALL_IN_PAUSE_MS } else { PAUSE_MS };
        live.history.push_front(done.clone());
        live.history.truncate(HISTORY);
        live.hand = Some(done);
        self.archive_hand(table);
        result.map_err(|e| Refusal::director(&e))?;
        self.t
            .declare_winner_if_alone(Time(at))
            .map_err(|e| Refusal::director(&e))?;
        // The finished table, and every table whose players changed (balancing, breaking).
        let mut tables = self.reseated_since(&before);
        if let Err(at) = tables.binary_search(&table) {
            tables.insert(at, table);
        }
        Ok(Changes {
            tables,
            ..Changes::default()
        })
    }

    /// The tables (0-based) whose seating differs from `before` (`seating_ids`), in order; the
    /// room gets a live table for each new one.
    fn reseated_since(&mut self, before: &[Vec<Option<u32>>]) -> Vec<u32> {
        self.sync_tables();
        let after = self.seating_ids();
        (0..after.len())
            .filter(|&i| before.get(i) != after.get(i))
            .map(|i| i as u32)
            .collect()
    }

    /// Who sits where at every table, to see which tables a change touched.
    fn seating_ids(&self) -> Vec<Vec<Option<u32>>> {
        self.t
            .tables()
            .iter()
            .map(|t| t.table.seats().iter().map(|s| s.map(|p| p.id.0)).collect())
            .collect()
    }

    /// The tables of `scope` (0-based), or all.
    pub(super) fn in_scope<'a>(
        &'a self,
        scope: Option<&'a [u32]>,
    ) -> impl Iterator<Item = (u32, &'a LiveTable)> + 'a {
        let all = scope.is_none().then(|| self.tables.iter().enumerate());
        let some = scope.map(|s| {
            s.iter()
                .filter_map(|&t| Some((t as usize, self.tables.get(t as usize)?)))
        });
        all.into_iter()
            .flatten()
            .chain(some.into_iter().flatten())
            .map(|(i, live)| (i as u32, &**live))
    }

    /// Whether a table has a hand in play.
    pub fn hand_in_play(&self, table: u32) -> bool {
        self.tables
            .get(table as usize)
            .is_some_and(|t| t.in_play().is_some())
    }

    /// Commands due at `now` for the driver to submit (ticks, deals and timeouts), at the
    /// tables of `scope` only (the ones a turn changed), or at all.
    pub fn due_in(&self, now: u64, scope: Option<&[u32]>) -> Vec<EventCommand> {
        let mut due = Vec::new();
        if !self.t.is_started() || self.t.is_finished() {
            return due;
        }
        let event = self.id;
        if self.t.clock().phase_ends().is_some_and(|end| end.0 <= now) {
            due.push(EventCommand::Tick { event });
        }
        for (table, live) in self.in_scope(scope) {
            match live.in_play() {
                Some(hand) => {
                    if let Some(turn) = hand.turn
                        && turn.deadline <= now
                    {
                        due.push(EventCommand::TimeOut {
                            event,
                            table: TableId(table),
                            hand: hand.number,
                            player: hand.start.players[turn.player.index()],
                        });
                    }
                }
                None if now >= live.ready_at && self.t.may_start(TableId(table)).is_ok() => {
                    due.push(EventCommand::Deal {
                        event,
                        table: TableId(table),
                    });
                }
                None => {}
            }
        }
        due
    }

    /// The earliest time something may fall due at the tables of `scope`, or at all, for the
    /// driver's sleep.
    pub fn next_due_in(&self, now: u64, scope: Option<&[u32]>) -> Option<u64> {
        if !self.t.is_started() || self.t.is_finished() {
            return None;
        }
        let mut next = self.t.clock().phase_ends().map(|t| t.0);
        let mut take = |t: u64| next = Some(next.map_or(t, |n: u64| n.min(t)));
        for (_, live) in self.in_scope(scope) {
            match live.in_play() {
                Some(hand) => {
                    if let Some(turn) = hand.turn {
                        take(turn.deadline);
                    }
                }
                // A table ready but held by the director is tried again at the next change.
                None if live.ready_at > now => take(live.ready_at),
                None => {}
            }
        }
        next
    }

    /// Bots to act at the tables of `scope`, or at all: table, hand number, entry, when their
    /// turn came, and the hand.
    pub fn bots_to_act_in<'a>(
        &'a self,
        scope: Option<&'a [u32]>,
    ) -> Vec<(u32, u64, EntryId, u64, &'a Hand)> {
        let mut out = Vec::new();
        for (i, live) in self.in_scope(scope) {
            let Some(hand) = live.in_play() else { continue };
            let Some(turn) = hand.turn else { continue };
            let entry = hand.start.players[turn.player.index()];
            if self.person_of(entry).is_some_and(|p| p.bot) {
                out.push((i, hand.number, entry, turn.since, &hand.hand));
            }
        }
        out
    }

    /// Why a table deals no hand now, if it does not.
    pub(crate) fn waiting(&self, table: u32) -> Option<String> {
        match self.t.may_start(TableId(table)) {
            Ok(()) | Err(Wait::InHand) => None,
            Err(w) => Some(w.to_string()),
        }
    }
}

/// An engine action as the wire says it: the bots' and the floor's actions.
pub(crate) fn wire_action(action: Action) -> PlayerAction {
    match action {
        Action::Fold => PlayerAction::Fold,
        Action::Check => PlayerAction::Check,
        Action::Call => PlayerAction::Call,
        Action::BetOrRaiseTo(to) => PlayerAction::BetOrRaise { to: to.0 },
        Action::BringIn => PlayerAction::BringIn,
    }
}
