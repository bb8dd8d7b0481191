//! A live event's tables (`tables = "live"`): dealers deal real cards and call each bust to the
//! TD (HC-1.8), so the director learns a hand's end from a report instead of an engine hand.
//! Each table's hand starts as online (`next_hand`: the dead button's positions, TDA-32, and
//! every check before a hand) and ends with [`Tournament::report_hand`]; what follows (places,
//! bounties, balancing, breaking, hand-for-hand) is the same code as online.
//!
//! The books' stacks of a live table are estimates between counts: a busted player's chips go
//! to who eliminated them, a count ([`Tournament::count_chips`]) sets the counted stacks and
//! spreads the difference over everyone not counted, so the chips in play stay exact.

use super::hands::{HandEnd, occupied};
use super::*;
use crate::cites::{HC_1_7, TDA_10, TDA_RP_9};
use crate::config::TableMode;
use engine::{Chips, Rule, rule};

/// Where each bust's chips went: (player, chips), by bust.
pub(crate) type Transfers = Vec<Vec<(PlayerId, u64)>>;

/// One bust called by a dealer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportedBust {
    pub player: PlayerId,
    /// Who won the busted player's last chips (bounties, HC-1.2); empty when not said.
    pub by: Vec<PlayerId>,
    /// Chips at the start of the hand, when the dealer says: same-hand places go by it (HC-1.3,
    /// WWPLA-12). Left out, the books' stack is used.
    pub stack_at_start: Option<u64>,
    /// The card the player drew at the table for a tie on that stack (HC-1.3); left out, the
    /// software draws.
    pub card: Option<cards::Card>,
}

impl Tournament {
    /// Whether dealers at the tables deal the hands (`tables = "live"`).
    pub fn is_live(&self) -> bool {
        self.config.tables == TableMode::Live
    }

    /// A table a report may name: the event is live and the table in play.
    fn reported_table(&self, table: TableId) -> Result<&EventTable, DirectorError> {
        if !self.is_live() {
            return Err(DirectorError::DealtByServer(table));
        }
        let t = self.table(table)?;
        if t.broken {
            return Err(DirectorError::BadReport {
                table,
                problem: Refused::ReportBroken,
                rule: None,
            });
        }
        Ok(t)
    }

    /// The dry run of [`Tournament::report_hand`]: the stacks the hand ends with, by dealt
    /// player, or why the report is refused.
    pub fn check_report(
        &self,
        table: TableId,
        busts: &[ReportedBust],
    ) -> Result<Vec<Chips>, DirectorError> {
        self.settle_report(table, busts).map(|(stacks, _)| stacks)
    }

    /// The stacks a report leaves, by dealt player, and where each bust's chips went (player,
    /// chips), in the order of `busts`.
    fn settle_report(
        &self,
        table: TableId,
        busts: &[ReportedBust],
    ) -> Result<(Vec<Chips>, Transfers), DirectorError> {
        let t = self.reported_table(table)?;
        let progress = t.hand.as_ref().ok_or(DirectorError::NoHand(table))?;
        let bad = |problem: Refused| DirectorError::BadReport {
            table,
            problem,
            rule: None,
        };
        let index_of = |id: PlayerId| progress.start.iter().position(|(p, _)| *p == id);
        let name = |id: PlayerId| {
            self.entries
                .get(id.0 as usize)
                .map_or_else(|| format!("player {}", id.0 + 1), |e| e.name.clone())
        };
        let mut stacks: Vec<u64> = progress.start.iter().map(|(_, s)| *s).collect();
        let mut out = vec![false; stacks.len()];
        for b in busts {
            let i = index_of(b.player).ok_or_else(|| {
                bad(Refused::NotDealtIn {
                    name: name(b.player),
                    table: table.0 + 1,
                })
            })?;
            if out[i] {
                return Err(bad(Refused::OutTwice {
                    name: name(b.player),
                }));
            }
            out[i] = true;
            if let Some(card) = b.card
                && busts.iter().filter(|o| o.card == Some(card)).count() > 1
            {
                return Err(bad(Refused::CardDrawnTwice {
                    card: card.to_string(),
                }));
            }
            if b.stack_at_start == Some(0) {
                return Err(bad(Refused::StartedWithNoChips {
                    name: name(b.player),
                }));
            }
            if let Some(s) = b.stack_at_start
                && s > self.expected_chips
            {
                return Err(bad(Refused::StartedWithTooMany {
                    name: name(b.player),
                    chips: s,
                    in_play: self.expected_chips,
                }));
            }
        }
        if out.iter().all(|&o| o) {
            return Err(bad(Refused::EveryoneOut));
        }
        for b in busts {
            let mut seen = Vec::new();
            for &winner in &b.by {
                let j = index_of(winner).ok_or_else(|| {
                    bad(Refused::EliminatorNotInHand {
                        winner: name(winner),
                        table: table.0 + 1,
                        name: name(b.player),
                    })
                })?;
                if out[j] || seen.contains(&j) {
                    return Err(bad(Refused::EliminatorTwice {
                        winner: name(winner),
                        name: name(b.player),
                    }));
                }
                seen.push(j);
            }
        }
        // The busted stacks go to their eliminators, or to everyone left when not said; odd
        // chips to the first named, or the first left in dealing order (TDA-20's order).
        let mut transfers = Vec::with_capacity(busts.len());
        for b in busts {
            let Some(i) = index_of(b.player) else {
                continue;
            };
            let mut given = Vec::new();
            let chips = std::mem::take(&mut stacks[i]);
            let to: Vec<usize> = if b.by.is_empty() {
                (0..stacks.len()).filter(|&j| !out[j]).collect()
            } else {
                b.by.iter().filter_map(|&w| index_of(w)).collect()
            };
            let n = to.len() as u64;
            for (k, &j) in to.iter().enumerate() {
                let share = chips / n + u64::from((k as u64) < chips % n);
                stacks[j] += share;
                given.push((progress.start[j].0, share));
            }
            transfers.push(given);
        }
        Ok((stacks.into_iter().map(Chips).collect(), transfers))
    }

    /// A live table's hand is over, with these busts (none for a hand nobody busted in).
    pub fn report_hand(
        &mut self,
        table: TableId,
        busts: &[ReportedBust],
        now: Time,
    ) -> Result<HandReport, DirectorError> {
        let (stacks, transfers) = self.settle_report(table, busts)?;
        let Some(progress) = self.tables[table.0 as usize].hand.take() else {
            return Err(DirectorError::NoHand(table));
        };
        let record = self.record_report(table, &progress, busts, transfers);
        let mut by = vec![Vec::new(); progress.start.len()];
        let mut start_stacks: Vec<u64> = progress.start.iter().map(|s| s.1).collect();
        let mut cards = vec![None; progress.start.len()];
        for b in busts {
            if let Some(i) = progress.start.iter().position(|(p, _)| *p == b.player) {
                by[i] = b.by.clone();
                cards[i] = b.card;
                if let Some(s) = b.stack_at_start {
                    start_stacks[i] = s;
                }
            }
        }
        let end = HandEnd {
            stacks: &stacks,
            by: &by,
            start_stacks: &start_stacks,
            cards: &cards,
        };
        let report = self.close_hand(table, progress, end, now)?;
        self.keep_report(record);
        Ok(report)
    }

    /// The cards dealt at a live table for the button, one to each player, as they fell: the
    /// highest card takes it (TDA-RP-14; suits rank spades, hearts, diamonds, clubs, HC-3.5),
    /// as [`Tournament::report_button`] puts it there. Every player once, all cards different.
    pub fn enter_button_cards(
        &mut self,
        table: TableId,
        cards: &[(Seat, cards::Card)],
        now: Time,
    ) -> Result<(), DirectorError> {
        let t = self.reported_table(table)?;
        let bad = |problem: Refused| DirectorError::BadReport {
            table,
            problem,
            rule: Some(rule!("TDA-RP-14")),
        };
        for (k, &(seat, card)) in cards.iter().enumerate() {
            if !matches!(t.table.seats().get(seat.index()), Some(Some(_))) {
                return Err(bad(Refused::SeatNobodyToDeal { seat: seat.0 + 1 }));
            }
            if cards[..k].iter().any(|(s, _)| *s == seat) {
                return Err(bad(Refused::SeatTwoCards { seat: seat.0 + 1 }));
            }
            if cards[..k].iter().any(|(_, c)| *c == card) {
                return Err(bad(Refused::CardDealtTwice {
                    card: card.to_string(),
                }));
            }
        }
        if let Some(empty) = occupied(&t.table)
            .into_iter()
            .find(|s| !cards.iter().any(|(c, _)| c == s))
        {
            return Err(bad(Refused::SeatNoCard { seat: empty.0 + 1 }));
        }
        let Some(&(seat, _)) = cards.iter().max_by_key(|(_, card)| *card) else {
            return Err(bad(Refused::NoCards));
        };
        self.report_button(table, seat, now)?;
        self.log(
            now,
            Actor::System,
            Happening::ButtonCardsEntered {
                table,
                cards: cards.to_vec(),
                seat,
            },
        );
        Ok(())
    }

    /// The dealer says where the button is at a live table: for the hand in play (its blinds
    /// follow from it) or, between hands, for the next one.
    pub fn report_button(
        &mut self,
        table: TableId,
        seat: Seat,
        now: Time,
    ) -> Result<(), DirectorError> {
        let t = self.reported_table(table)?;
        let bad = |problem: Refused| DirectorError::BadReport {
            table,
            problem,
            rule: None,
        };
        match t.table.seats().get(seat.index()) {
            None => return Err(bad(Refused::NoSeat { seat: seat.0 + 1 })),
            Some(None) => {
                return Err(bad(Refused::ButtonOnEmptySeat { seat: seat.0 + 1 }));
            }
            Some(Some(_)) => {}
        }
        if t.hand.as_ref().is_some_and(|h| h.positions.stud) {
            return Err(bad(Refused::StudNoButton));
        }
        let mut table_now = t.table.clone();
        table_now.redraw_button(seat)?;
        let progress = match &t.hand {
            Some(old) => {
                // The hand in play as the button now says: its blinds follow (TDA-32).
                let (positions, mut setup) = table_now.start_hand(
                    old.setup.variant,
                    old.forced,
                    old.setup.tournament_heads_up,
                    engine::Automations::ALL,
                    None,
                )?;
                setup.chip_unit = old.setup.chip_unit;
                setup.reshuffle_seed = old.setup.reshuffle_seed;
                let start = positions
                    .dealt
                    .iter()
                    .filter_map(|s| table_now.seats()[s.index()].map(|p| (p.id, p.stack.0)))
                    .collect();
                Some(HandInProgress {
                    positions,
                    start,
                    setup,
                    forced: old.forced,
                })
            }
            None => None,
        };
        let t = &mut self.tables[table.0 as usize];
        t.table = table_now;
        if progress.is_some() {
            t.hand = progress;
        }
        self.log(
            now,
            Actor::System,
            Happening::ButtonReported { table, seat },
        );
        Ok(())
    }

    /// Chip counts from the tables: each counted stack is set, and the difference to the books
    /// is spread over the players not counted at the same table, in proportion to their
    /// stacks, so that each table keeps the chips it holds by the books (chips never leave a
    /// table but with a player) and the chips in play stay what was bought and raced (TDA-24).
    /// A stack counted during a hand is its stack at the hand's start.
    pub fn count_chips(
        &mut self,
        counts: &[(PlayerId, u64)],
        now: Time,
    ) -> Result<(), DirectorError> {
        let stacks = self.check_counts(counts)?;
        let mut touched = std::collections::BTreeSet::new();
        for (id, stack) in stacks {
            let Some((table, seat)) = self.entries[id.0 as usize].seat else {
                continue;
            };
            touched.insert(table.0);
            let t = &mut self.tables[table.0 as usize];
            t.table.set_stack(seat, Chips(stack))?;
            if let Some(h) = t.hand.as_mut()
                && let Some(s) = h.start.iter_mut().find(|(p, _)| *p == id)
            {
                s.1 = stack;
            }
        }
        for table in touched {
            let t = &mut self.tables[table as usize];
            t.chips = t.table.seats().iter().flatten().map(|p| p.stack.0).sum();
        }
        for &(player, chips) in counts {
            self.log(
                now,
                Actor::System,
                Happening::ChipsCounted { player, chips },
            );
        }
        Ok(())
    }

    /// The dry run of [`Tournament::count_chips`]: every stack it changes.
    pub fn check_counts(
        &self,
        counts: &[(PlayerId, u64)],
    ) -> Result<Vec<(PlayerId, u64)>, DirectorError> {
        if !self.is_live() {
            return Err(DirectorError::Refused(Refused::ServerCounts));
        }
        let bad = DirectorError::Refused;
        let mut counted: Vec<(PlayerId, u64, u64)> = Vec::with_capacity(counts.len());
        for &(id, chips) in counts {
            let e = self.entry(id)?;
            let Some((table, seat)) = e.seat.filter(|_| e.status == Status::Playing) else {
                return Err(bad(Refused::CountNotSeated {
                    name: e.name.clone(),
                }));
            };
            if chips == 0 {
                return Err(bad(Refused::CountedNone {
                    name: e.name.clone(),
                }));
            }
            if chips > self.expected_chips {
                return Err(bad(Refused::CountedTooMany {
                    name: e.name.clone(),
                    chips,
                    in_play: self.expected_chips,
                }));
            }
            if counted.iter().any(|c| c.0 == id) {
                return Err(bad(Refused::CountedTwice {
                    name: e.name.clone(),
                }));
            }
            let books =
                self.tables[table.0 as usize].table.seats()[seat.index()].map_or(0, |p| p.stack.0);
            counted.push((id, chips, books));
        }
        let mut out: Vec<(PlayerId, u64)> = counted.iter().map(|c| (c.0, c.1)).collect();
        let mut tables: Vec<TableId> = counted
            .iter()
            .filter_map(|c| self.entries[c.0.0 as usize].seat.map(|s| s.0))
            .collect();
        tables.sort();
        tables.dedup();
        for table in tables {
            let at = |id: PlayerId| self.entries[id.0 as usize].seat.map(|s| s.0) == Some(table);
            let here: Vec<&(PlayerId, u64, u64)> = counted.iter().filter(|c| at(c.0)).collect();
            out.extend(self.spread_at(table, &here)?);
        }
        Ok(out)
    }

    /// The stacks of the players not counted at `table` once the counted ones are set: the
    /// difference spread in proportion to their books (largest remainders), each keeping a
    /// chip at least, since they are not out until a dealer says so.
    fn spread_at(
        &self,
        table: TableId,
        counted: &[&(PlayerId, u64, u64)],
    ) -> Result<Vec<(PlayerId, u64)>, DirectorError> {
        let bad = DirectorError::Refused;
        // Summed wide: ten thousand counts of the chips in play each do not fit a u64.
        let new: u128 = counted.iter().map(|c| u128::from(c.1)).sum();
        let old: u64 = counted.iter().map(|c| c.2).sum();
        let others: Vec<(PlayerId, u64)> = self.tables[table.0 as usize]
            .table
            .seats()
            .iter()
            .flatten()
            .filter(|p| !counted.iter().any(|c| c.0 == p.id))
            .map(|p| (p.id, p.stack.0))
            .collect();
        let rest: u64 = others.iter().map(|o| o.1).sum();
        let at_table = old + rest;
        let counted = u64::try_from(new).unwrap_or(u64::MAX);
        if others.is_empty() && new != u128::from(old) {
            return Err(bad(Refused::CountsTableBooks {
                table: table.0 + 1,
                counted,
                at_table,
            }));
        }
        let most = u128::from(at_table.saturating_sub(others.len() as u64));
        if new > most {
            return Err(bad(Refused::CountsTooManyAt {
                table: table.0 + 1,
                counted,
                at_table,
                others: others.len(),
            }));
        }
        let new = new as u64; // at most `at_table`, checked above
        let mut out = Vec::new();
        if others.is_empty() || new == old {
            return Ok(out);
        }
        let target = at_table - new;
        // Largest remainders (Hamilton): shares of `target` in proportion to the books.
        let mut shares: Vec<(usize, u64, u128)> = others
            .iter()
            .enumerate()
            .map(|(i, &(_, s))| {
                let exact = u128::from(s) * u128::from(target);
                let r = u128::from(rest.max(1));
                (i, (exact / r) as u64, exact % r)
            })
            .collect();
        let given: u64 = shares.iter().map(|s| s.1).sum();
        shares.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
        for s in shares.iter_mut().take((target - given) as usize) {
            s.1 += 1;
        }
        // A share rounded to nothing still keeps a chip: taken from the largest share.
        // (`target` is at least one chip each, so a share above one is always there.)
        while let Some(zero) = shares.iter().position(|s| s.1 == 0) {
            let Some(largest) = (0..shares.len()).max_by_key(|&k| shares[k].1) else {
                break;
            };
            shares[largest].1 -= 1;
            shares[zero].1 = 1;
        }
        shares.sort_by_key(|s| s.0);
        out.extend(
            shares
                .iter()
                .filter(|s| s.1 != others[s.0].1)
                .map(|s| (others[s.0].0, s.1)),
        );
        Ok(out)
    }
}

impl Tournament {
    /// The seat cards that fell, entered instead of the software's draw while the draw is
    /// still to be done: at the final table (HC-1.7, TDA-RP-9), or for the players of a broken
    /// table (TDA-10, over the seats prepared at the tables they go to). Every player of the
    /// draw once, each on the seat their card names; the moves still to be done point to these
    /// seats, and the log records that the cards were entered.
    pub fn enter_seat_cards(
        &mut self,
        table: TableId,
        seats: &[(PlayerId, TableId, Seat)],
        now: Time,
    ) -> Result<(), DirectorError> {
        if !self.is_live() {
            return Err(DirectorError::DealtByServer(table));
        }
        let t = self.table(table)?;
        let bad = |problem: Refused| DirectorError::BadReport {
            table,
            problem,
            rule: None,
        };
        let final_draw = self
            .pending()
            .any(|i| matches!(i.task, Task::FinalTable { table: f } if f == table));
        // The moves of the draw: the final table's into it, a broken table's out of it.
        let of_draw = |task: &Task| match task {
            Task::Move { to, rule, .. } if final_draw => {
                to.0 == table && matches!(*rule, TDA_RP_9 | HC_1_7)
            }
            Task::Move { from, rule, .. } => from.0 == table && *rule == TDA_10,
            _ => false,
        };
        let (rule, mut players, open): (Rule, Vec<PlayerId>, Vec<(TableId, Seat)>) = if final_draw {
            if t.in_hand() {
                return Err(bad(Refused::HandInPlay));
            }
            let size = t.table.seats().len();
            let open = (0..size).map(|s| (table, Seat(s as u8))).collect();
            (self.final_table_rule(), t.player_ids(), open)
        } else {
            let moves: Vec<(PlayerId, (TableId, Seat))> = self
                .pending()
                .filter_map(|i| match i.task {
                    Task::Move { player, to, .. } if of_draw(&i.task) => Some((player, to)),
                    _ => None,
                })
                .collect();
            if !t.broken || moves.is_empty() {
                return Err(bad(Refused::NoSeatDraw));
            }
            // Each still where the software's draw put them: a later move or break would make
            // the cards stale.
            let moves: Vec<_> = moves
                .into_iter()
                .filter(|(p, _)| self.entries[p.0 as usize].seat.is_some())
                .collect();
            for &(player, to) in &moves {
                if self.entry(player)?.seat != Some(to) || self.tables[to.0.0 as usize].broken {
                    return Err(bad(Refused::SeatCardsTooLate {
                        name: self.entry(player)?.name.clone(),
                    }));
                }
            }
            let players = moves.iter().map(|m| m.0).collect();
            (
                rule!("TDA-10"),
                players,
                moves.iter().map(|m| m.1).collect(),
            )
        };
        // A player already seated as the software drew sits there: the cards come too late.
        if self.instructions.iter().any(|i| i.done && of_draw(&i.task)) {
            return Err(bad(Refused::SeatDrawDone { rule }));
        }
        let mut taken = vec![false; open.len()];
        for &(player, to, seat) in seats {
            let name = self.entry(player)?.name.clone();
            let Some(k) = players.iter().position(|&p| p == player) else {
                return Err(bad(Refused::NotInDraw { name, rule }));
            };
            players.swap_remove(k);
            let Some(k) = open.iter().position(|&o| o == (to, seat)) else {
                return Err(bad(Refused::NoSeatCard {
                    table: to.0 + 1,
                    seat: seat.0 + 1,
                    rule,
                }));
            };
            if std::mem::replace(&mut taken[k], true) {
                return Err(bad(Refused::SeatDrawnTwice {
                    table: to.0 + 1,
                    seat: seat.0 + 1,
                    rule,
                }));
            }
        }
        if let Some(&left) = players.first() {
            return Err(bad(Refused::NoSeatCardYet {
                name: self.entry(left)?.name.clone(),
                rule,
            }));
        }
        // Each player as seated (stack, away), moved whole; every check is done above.
        let mut moved = Vec::with_capacity(seats.len());
        for &(player, to, seat) in seats {
            if let Some((at, s)) = self.entries[player.0 as usize].seat {
                let t = &mut self.tables[at.0 as usize];
                let p = t.table.leave(s)?;
                t.chips -= p.stack.0;
                let ordered = self.pending().any(|i| {
                    of_draw(&i.task)
                        && matches!(i.task, Task::Move { player: q, .. } if q == player)
                });
                moved.push((p, (at, s), ordered, to, seat));
            }
        }
        for (p, from, ordered, to, seat) in moved {
            let t = &mut self.tables[to.0 as usize];
            t.table.sit(seat, p.id, p.stack)?;
            t.table.set_absent(seat, p.absent)?;
            t.chips += p.stack.0;
            self.entries[p.id.0 as usize].seat = Some((to, seat));
            if ordered {
                // The slip shows the seat the card gave.
                let drawn = self.moves.iter_mut().rev().find(|m| m.player == p.id);
                if let Some(m) = drawn {
                    m.to = (to, seat);
                }
            } else if from != (to, seat) {
                // A player of the final's host table the software left in their seat, whose
                // card names another: a move like the others (TDA-RP-9, HC-1.7).
                self.moves.push(MoveRecord {
                    at: now,
                    player: p.id,
                    from: Some(from),
                    to: (to, seat),
                    rule: self.final_table_rule(),
                    reason: MoveReason::FinalTable,
                });
                self.entries[p.id.0 as usize].last_seat = Some(from);
                let rule = self.final_table_rule();
                self.log(
                    now,
                    Actor::System,
                    Happening::Seated {
                        player: p.id,
                        table: to,
                        seat,
                        rule,
                    },
                );
            }
        }
        for i in self.instructions.iter_mut().filter(|i| !i.done) {
            if of_draw(&i.task)
                && let Task::Move { player, to, .. } = &mut i.task
                && let Some(&(_, t, seat)) = seats.iter().find(|(p, ..)| p == player)
            {
                *to = (t, seat);
                if !final_draw {
                    i.holds = vec![t];
                }
            }
        }
        self.log(
            now,
            Actor::System,
            Happening::SeatCardsEntered {
                table,
                seats: seats.to_vec(),
            },
        );
        Ok(())
    }
}
