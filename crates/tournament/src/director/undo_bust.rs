//! Taking back a bust reported by mistake at a live event (issue 17 item 4): the player sits
//! down again in their seat with their chips, the eliminators give back the chips and the
//! bounty they won, and the finishing order forgets the bust. What was done since because of
//! it (a move, a broken table, the final table, hand-for-hand, a hand played without the
//! player, a chip race, a deal) cannot be taken back by this: the undo is refused, naming it.
//! A player taken back while the table deals its next hand sits that hand out, as they did at
//! the table, and is dealt in from the one after.

use super::reports::Transfers;
use super::*;
use engine::Chips;
use std::collections::VecDeque;

/// How many reports are kept to take a bust back: a mistake is seen at once or not at all.
const KEPT: usize = 64;

#[derive(Clone, Debug)]
pub(crate) struct ReportRecord {
    table: TableId,
    /// The table's hands once the report was in.
    hands_after: u64,
    /// The director's log before the report, and after it.
    events: (usize, usize),
    busts: Vec<BustRecord>,
}

#[derive(Clone, Debug)]
struct BustRecord {
    player: PlayerId,
    seat: Seat,
    stack: u64,
    /// Where the stack went.
    chips_to: Vec<(PlayerId, u64)>,
    by: Vec<PlayerId>,
    /// What its knockout did to the bounty books (head and winnings, by entry).
    bounty: crate::bounty::BountyDeltas,
}

impl Tournament {
    pub(crate) fn record_report(
        &self,
        table: TableId,
        progress: &HandInProgress,
        busts: &[ReportedBust],
        transfers: Transfers,
    ) -> ReportRecord {
        let t = &self.tables[table.0 as usize];
        let busts: Vec<BustRecord> = busts
            .iter()
            .zip(transfers)
            .filter_map(|(b, chips_to)| {
                let (_, seat) = self.entries.get(b.player.0 as usize)?.seat?;
                let stack = progress.start.iter().find(|(p, _)| *p == b.player)?.1;
                Some(BustRecord {
                    player: b.player,
                    seat,
                    stack,
                    chips_to,
                    by: b.by.clone(),
                    bounty: Vec::new(),
                })
            })
            .collect();
        ReportRecord {
            table,
            hands_after: t.hands + 1,
            events: (self.events.len(), self.events.len()),
            busts,
        }
    }

    pub(crate) fn keep_report(&mut self, mut record: ReportRecord) {
        let knockouts = std::mem::take(&mut self.knockouts);
        if record.busts.is_empty() {
            return;
        }
        record.events.1 = self.events.len();
        for (busted, deltas) in knockouts {
            if let Some(b) = record.busts.iter_mut().find(|b| b.player == busted) {
                b.bounty = deltas;
            }
        }
        if self.reports.len() == KEPT {
            self.reports.pop_front();
        }
        self.reports.push_back(record);
    }

    /// Takes back the bust of `player` (a report entered by mistake), or says what depends on
    /// it.
    pub fn undo_bust(
        &mut self,
        player: PlayerId,
        by: Actor,
        now: Time,
    ) -> Result<(), DirectorError> {
        // Every check first (`undoable`): nothing below can fail.
        let (r, b) = self.undoable(player)?;
        let record = self.reports[r].clone();
        let bust = record.busts[b].clone();
        let table = record.table;
        // The chips back from who won them.
        for &(winner, chips) in &bust.chips_to {
            let (t, seat) = self.entries[winner.0 as usize]
                .seat
                .ok_or(DirectorError::NoSuchPlayer(winner))?;
            let stack =
                self.tables[t.0 as usize].table.seats()[seat.index()].map_or(0, |p| p.stack.0);
            self.tables[t.0 as usize]
                .table
                .set_stack(seat, Chips(stack - chips))?;
            if let Some(h) = self.tables[t.0 as usize].hand.as_mut()
                && let Some(s) = h.start.iter_mut().find(|(p, _)| *p == winner)
            {
                s.1 -= chips;
            }
        }
        if let Some(book) = self.bounties.as_mut() {
            book.take_back(&bust.bounty)
                .map_err(|_| refuse(player, Refused::BountyPaidMoved))?;
        }
        for &winner in &bust.by {
            let e = &mut self.entries[winner.0 as usize];
            e.knockouts = e.knockouts.saturating_sub(1);
        }
        let t = &mut self.tables[table.0 as usize];
        t.table.sit_back(bust.seat, player, Chips(bust.stack))?;
        t.vacancies.retain(|(s, _)| *s != bust.seat);
        if t.last_opened == Some(bust.seat) {
            t.last_opened = None;
        }
        let count = t.table.player_count();
        if !t.breaking {
            self.index.set(table.0, count);
        }
        self.alive += 1;
        let entry = &mut self.entries[player.0 as usize];
        entry.status = Status::Playing;
        entry.seat = Some((table, bust.seat));
        self.unplace_pending(player);
        self.reports[r].busts.remove(b);
        self.log(now, by, Happening::BustUndone { player });
        // A balancing draw the bust called may be moot now, and another due (HC-1.8).
        self.settle(now, &mut HandReport::default())
    }

    /// The report and bust to take back, once nothing depends on it.
    fn undoable(&self, player: PlayerId) -> Result<(usize, usize), DirectorError> {
        let e = self.entry(player)?;
        if !self.is_live() {
            return Err(DirectorError::Refused(Refused::NoBustsToUndo));
        }
        if self.finished {
            return Err(refuse(player, Refused::PlacesFinal));
        }
        if e.status != Status::Busted {
            return Err(DirectorError::Refused(Refused::NotOut {
                name: e.name.clone(),
            }));
        }
        let Some((r, b)) = self.reports.iter().enumerate().rev().find_map(|(r, rec)| {
            rec.busts
                .iter()
                .position(|b| b.player == player)
                .map(|b| (r, b))
        }) else {
            return Err(refuse(player, Refused::ReportNotKept { kept: KEPT }));
        };
        let record = &self.reports[r];
        let bust = &record.busts[b];
        let name = |p: PlayerId| self.entries[p.0 as usize].name.clone();
        let table = &self.tables[record.table.0 as usize];
        if table.broken {
            return Err(refuse(
                player,
                Refused::BrokenSince {
                    table: record.table.0 + 1,
                },
            ));
        }
        if table.hands > record.hands_after {
            return Err(refuse(
                player,
                Refused::PlayedSince {
                    table: record.table.0 + 1,
                    hands: table.hands - record.hands_after,
                },
            ));
        }
        for (i, ev) in self.events.iter_from(record.events.0).enumerate() {
            let own = record.events.0 + i < record.events.1;
            let why = match &ev.what {
                // A seat change at its table, and whatever the count of players decides.
                Happening::Moved {
                    player: p,
                    from,
                    to,
                    rule,
                } if from.0 == record.table || to.0 == record.table => Some(Refused::SinceMoved {
                    name: name(*p),
                    table: to.0.0 + 1,
                    seat: to.1.0 + 1,
                    rule: *rule,
                }),
                Happening::TableBroken { table } => {
                    Some(Refused::SinceBroken { table: table.0 + 1 })
                }
                Happening::DealAgreed { .. } => Some(Refused::SinceDeal),
                // The chips it would bring back may be of a colour raced off (TDA-24).
                Happening::ChipRace { table, .. } if *table == record.table => {
                    Some(Refused::SinceChipRace { table: table.0 + 1 })
                }
                Happening::FinalTable { .. } => Some(Refused::SinceFinalTable),
                Happening::HandForHand { on } => Some(if *on {
                    Refused::SinceHandForHandOn
                } else {
                    Refused::SinceHandForHandOff
                }),
                Happening::Busted { player: p, .. }
                    if !own && bust.chips_to.iter().any(|(w, _)| w == p) =>
                {
                    Some(Refused::SinceWinnerOut { name: name(*p) })
                }
                Happening::ReEntered { player: p, .. } | Happening::Rebuy { player: p }
                    if *p == player =>
                {
                    Some(Refused::SinceNewEntry)
                }
                Happening::Seated {
                    player: p,
                    table,
                    seat,
                    ..
                } if *table == record.table && *seat == bust.seat && *p != player => {
                    Some(Refused::SinceSeatTaken { name: name(*p) })
                }
                _ => None,
            };
            if let Some(why) = why {
                return Err(refuse(player, Refused::DependsOn { why: Box::new(why) }));
            }
        }
        for &(winner, chips) in &bust.chips_to {
            let held = self.entries[winner.0 as usize]
                .seat
                .and_then(|(t, s)| self.tables[t.0 as usize].table.seats()[s.index()])
                .map_or(0, |p| p.stack.0);
            if held <= chips {
                return Err(refuse(
                    player,
                    Refused::WinnerHoldsLess {
                        name: name(winner),
                        held,
                        chips,
                    },
                ));
            }
        }
        if let Some(book) = &self.bounties
            && let Err(who) = book.can_take_back(&bust.bounty)
        {
            return Err(refuse(player, Refused::BountyWonMoved { name: name(who) }));
        }
        if table
            .table
            .seats()
            .get(bust.seat.index())
            .is_none_or(|s| s.is_some())
        {
            return Err(refuse(player, Refused::OwnSeatTaken));
        }
        Ok((r, b))
    }
}

fn refuse(player: PlayerId, why: Refused) -> DirectorError {
    DirectorError::Refused(Refused::BustNotUndone {
        player: player.0 + 1,
        why: Box::new(why),
    })
}

pub(crate) type Reports = VecDeque<ReportRecord>;
