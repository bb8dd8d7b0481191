//! The director's actions: warnings, missed hands (TDA-71A), time penalties (HC-1.10),
//! disqualification with the chips taken out (TDA-71D), the clock, moving a player. Each is
//! logged with who made it and can be undone.

use super::*;
use engine::rule;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TdAction {
    /// A spoken warning (TDA-71A).
    Warn {
        player: PlayerId,
        reason: String,
    },
    /// Missed hands: a hand per player at the table, the player included, times `rounds`
    /// (TDA-71A). The player is dealt in, posts, and the hand is killed (TDA-71C).
    MissRounds {
        player: PlayerId,
        rounds: u32,
    },
    /// Away from the table for some minutes (HC-1.10: usually 5 to 10).
    TimePenalty {
        player: PlayerId,
        minutes: u32,
    },
    /// Out of the event, chips out of play (TDA-71D).
    Disqualify {
        player: PlayerId,
        reason: String,
    },
    Pause,
    Resume,
    /// Sets the time left in the current level or break.
    SetClock {
        remaining_ms: u64,
    },
    /// Moves a player between hands.
    Move {
        player: PlayerId,
        to: TableId,
        seat: Seat,
    },
}

/// The most a director may set the clock to: a day.
pub const MAX_CLOCK_MS: u64 = 24 * 60 * crate::clock::MINUTE;
/// The most penalty rounds at once (TDA-71A: one or more, rising with repeats).
pub const MAX_PENALTY_ROUNDS: u32 = 4;
/// The longest time penalty (HC-1.10: usually 5 to 10 minutes).
pub const MAX_PENALTY_MINUTES: u32 = 60;
/// The longest reason for a warning or a disqualification, in characters.
pub const MAX_REASON_CHARS: usize = 500;

impl TdAction {
    /// Refuses what no director means: a clock past a day, a penalty of no time or of more
    /// than the bound, a reason longer than a note.
    pub fn within_bounds(&self) -> Result<(), DirectorError> {
        let refuse = |why: Refused| Err(DirectorError::Refused(why));
        match self {
            &TdAction::SetClock { remaining_ms } if remaining_ms > MAX_CLOCK_MS => {
                refuse(Refused::ClockTooLong {
                    max_ms: MAX_CLOCK_MS,
                })
            }
            &TdAction::MissRounds { rounds, .. } if !(1..=MAX_PENALTY_ROUNDS).contains(&rounds) => {
                refuse(Refused::PenaltyRounds {
                    max: MAX_PENALTY_ROUNDS,
                })
            }
            &TdAction::TimePenalty { minutes, .. }
                if !(1..=MAX_PENALTY_MINUTES).contains(&minutes) =>
            {
                refuse(Refused::PenaltyMinutes {
                    max: MAX_PENALTY_MINUTES,
                })
            }
            TdAction::Warn { reason, .. } | TdAction::Disqualify { reason, .. }
                if reason.chars().count() > MAX_REASON_CHARS =>
            {
                refuse(Refused::ReasonTooLong {
                    max: MAX_REASON_CHARS,
                    chars: reason.chars().count(),
                })
            }
            _ => Ok(()),
        }
    }
}

/// What an undo needs to restore.
#[derive(Clone, Debug)]
enum Inverse {
    Warn(PlayerId),
    Penalty {
        player: PlayerId,
        hands: u32,
    },
    TimePenalty {
        player: PlayerId,
        before: Option<Time>,
    },
    Disqualify {
        player: PlayerId,
        at: (TableId, Seat),
        chips: u64,
    },
    Pause,
    /// Whether the instructions held the clock before (a live event, `instructions.rs`).
    Resume {
        held: bool,
    },
    /// The time left before and as set: an undo moves the clock back by the difference.
    SetClock {
        before: u64,
        set: u64,
    },
    Move {
        player: PlayerId,
        from: (TableId, Seat),
    },
}

#[derive(Clone, Debug)]
pub(crate) struct Record {
    inverse: Inverse,
    undone: bool,
}

impl Tournament {
    /// Applies a new director's action by `by`, refusing one past the bounds
    /// (`TdAction::within_bounds`); returns its id for an undo.
    pub fn act(
        &mut self,
        by: Actor,
        action: TdAction,
        now: Time,
    ) -> Result<ActionId, DirectorError> {
        action.within_bounds()?;
        self.act_as_logged(by, action, now)
    }

    /// Applies a director's action read back from a log, without the bounds: a log written
    /// before them may hold a longer penalty or reason, and must still replay. New actions go
    /// through `act` (or have `within_bounds` checked where they come in).
    pub fn act_as_logged(
        &mut self,
        by: Actor,
        action: TdAction,
        now: Time,
    ) -> Result<ActionId, DirectorError> {
        self.tick(now)?;
        let inverse = match &action {
            TdAction::Warn { player, .. } => {
                self.entry_mut(*player)?.warnings += 1;
                Inverse::Warn(*player)
            }
            &TdAction::MissRounds { player, rounds } => {
                let (table, seat) = self.seated(player)?;
                // Saturating: an old log's rounds were not bounded.
                let hands = (self.table(table)?.players() as u32).saturating_mul(rounds);
                let entry = self.entry_mut(player)?;
                entry.penalty_hands = entry.penalty_hands.saturating_add(hands);
                self.refresh_absence(table, seat, player, now)?;
                Inverse::Penalty { player, hands }
            }
            &TdAction::TimePenalty { player, minutes } => {
                let (table, seat) = self.seated(player)?;
                let entry = self.entry_mut(player)?;
                let before = entry.away_until;
                entry.away_until = Some(now.plus_minutes(u64::from(minutes)));
                self.refresh_absence(table, seat, player, now)?;
                Inverse::TimePenalty { player, before }
            }
            TdAction::Disqualify { player, .. } => {
                let at = self.seated(*player)?;
                let chips = self.unseat(*player)?;
                self.expected_chips -= chips;
                let entry = self.entry_mut(*player)?;
                entry.status = Status::Disqualified;
                // Out of the field, unplaced (TDA-71D): everyone out places one higher.
                self.place_out();
                Inverse::Disqualify {
                    player: *player,
                    at,
                    chips,
                }
            }
            TdAction::Pause => {
                if !self.clock.is_running() {
                    return Err(DirectorError::Refused(Refused::ClockStopped));
                }
                self.clock.pause(now);
                Inverse::Pause
            }
            TdAction::Resume => {
                if self.clock.is_running() || self.clock.is_hand_for_hand() {
                    return Err(DirectorError::Refused(Refused::ClockNotStoppedByDirector));
                }
                self.clock.start(now);
                // The TD has the clock now: confirming the instructions leaves it as it is.
                let held = std::mem::replace(&mut self.clock_held, false);
                Inverse::Resume { held }
            }
            &TdAction::SetClock { remaining_ms } => {
                let before = self.clock.remaining(now);
                self.clock.set_remaining(now, remaining_ms);
                Inverse::SetClock {
                    before,
                    set: remaining_ms,
                }
            }
            &TdAction::Move { player, to, seat } => {
                let from = self.seated(player)?;
                self.move_by_hand(player, to, seat, now)?;
                Inverse::Move { player, from }
            }
        };
        let id = ActionId(self.actions.len() as u32);
        self.actions.push(Record {
            inverse,
            undone: false,
        });
        self.log(now, by, Happening::Action { id, action });
        self.after_action(now)?;
        Ok(id)
    }

    /// Undoes a director's action, as far as the tournament allows: hands already sat out stay
    /// missed, and a seat taken since cannot be given back.
    pub fn undo(&mut self, by: Actor, id: ActionId, now: Time) -> Result<(), DirectorError> {
        let record = self
            .actions
            .get(id.0 as usize)
            .ok_or(DirectorError::NoSuchAction(id))?;
        if record.undone {
            return Err(DirectorError::CannotUndo(id, Refused::UndoneAlready));
        }
        if self.finished {
            return Err(DirectorError::CannotUndo(id, Refused::TournamentOver));
        }
        // The players left agreed a deal on the field as it stood then (HC-1.2).
        if self
            .deal_after_action
            .is_some_and(|after| (id.0 as usize) < after)
        {
            return Err(DirectorError::CannotUndo(id, Refused::DealSince));
        }
        match record.inverse.clone() {
            Inverse::Warn(player) => {
                let e = self.entry_mut(player)?;
                e.warnings = e.warnings.saturating_sub(1);
            }
            Inverse::Penalty { player, hands } => {
                let e = self.entry_mut(player)?;
                e.penalty_hands = e.penalty_hands.saturating_sub(hands);
                if let Some((table, seat)) = e.seat {
                    self.refresh_absence(table, seat, player, now)?;
                }
            }
            Inverse::TimePenalty { player, before } => {
                let e = self.entry_mut(player)?;
                e.away_until = before;
                if let Some((table, seat)) = e.seat {
                    self.refresh_absence(table, seat, player, now)?;
                }
            }
            Inverse::Disqualify { player, at, chips } => {
                if self.entry(player)?.status != Status::Disqualified {
                    return Err(DirectorError::CannotUndo(id, Refused::NoLongerDisqualified));
                }
                let t = self.table(at.0)?;
                let (table, seat) = if !t.broken && t.table.seats()[at.1.index()].is_none() {
                    at
                } else {
                    let Some(table) = self
                        .index
                        .min()
                        .and_then(|m| self.index.with_count(m).next())
                    else {
                        return Err(DirectorError::CannotUndo(id, Refused::NoTableLeft));
                    };
                    let open = tables_open_seat(&self.tables[table as usize].table);
                    let Some(seat) = open else {
                        return Err(DirectorError::CannotUndo(id, Refused::NoOpenSeat));
                    };
                    (TableId(table), seat)
                };
                // TDA-24C: chips of a denomination raced off since are exchanged at equal value
                // only; what no chip in play makes is gone.
                let unit = self.denominations.first().copied().unwrap_or(1);
                let chips = (chips - chips % unit).max(unit);
                self.expected_chips += chips;
                self.sit(player, table, seat, chips, rule!("TDA-71D"), now)?;
            }
            Inverse::Pause => self.clock.start(now),
            Inverse::Resume { held } => {
                self.clock.pause(now);
                self.clock_held = held;
            }
            // The time run since the action stays run.
            Inverse::SetClock { before, set } => {
                let left = self.clock.remaining(now).saturating_add(before);
                self.clock.set_remaining(now, left.saturating_sub(set));
            }
            Inverse::Move { player, from } => {
                let t = self.table(from.0)?;
                if t.broken || t.table.seats()[from.1.index()].is_some() {
                    return Err(DirectorError::CannotUndo(
                        id,
                        Refused::SeatNoLongerFree {
                            table: from.0.0 + 1,
                            seat: from.1.0 + 1,
                        },
                    ));
                }
                self.move_by_hand(player, from.0, from.1, now)?;
            }
        }
        self.actions[id.0 as usize].undone = true;
        self.log(now, by, Happening::Undone { id });
        self.after_action(now)?;
        Ok(())
    }

    fn seated(&self, player: PlayerId) -> Result<(TableId, Seat), DirectorError> {
        let e = self.entry(player)?;
        match (e.status, e.seat) {
            (Status::Playing, Some(at)) => Ok(at),
            _ => Err(DirectorError::Refused(Refused::NotSeated {
                name: e.name.clone(),
            })),
        }
    }

    fn move_by_hand(
        &mut self,
        player: PlayerId,
        to: TableId,
        seat: Seat,
        now: Time,
    ) -> Result<(), DirectorError> {
        let t = self.table(to)?;
        if t.broken {
            return Err(DirectorError::Refused(Refused::TableBroken {
                table: to.0 + 1,
            }));
        }
        if t.table
            .seats()
            .get(seat.index())
            .is_none_or(|s| s.is_some())
        {
            return Err(DirectorError::Refused(Refused::SeatNotFree {
                table: to.0 + 1,
                seat: seat.0 + 1,
            }));
        }
        let from = self.seated(player)?;
        let stack = self.unseat(player)?;
        self.sit(player, to, seat, stack, rule!("TDA-11"), now)?;
        self.log(
            now,
            Actor::System,
            Happening::Moved {
                player,
                from,
                to: (to, seat),
                rule: rule!("TDA-11"),
            },
        );
        Ok(())
    }

    /// A change of players by the director may end the event or call for tables to break.
    fn after_action(&mut self, now: Time) -> Result<(), DirectorError> {
        let mut report = HandReport::default();
        self.plan_tables(now, &mut report)?;
        self.settle(now, &mut report)?;
        Ok(())
    }
}

fn tables_open_seat(table: &Table) -> Option<Seat> {
    table
        .seats()
        .iter()
        .position(|s| s.is_none())
        .map(|i| Seat(i as u8))
}
