//! Between hands: breaking tables in a fixed order (the highest number first) with TDA-10's
//! two-stage draw, the final table (TDA-RP-9, HC-1.7) with a redraw, balancing by the profile
//! (TDA-11, HC-1.8, WWPLA-12), hand-for-hand near the money (TDA-RP-8) and chip races (TDA-24).

use super::*;
use crate::balance::{self, GameInPlay};
use crate::chip_race::{self, ColourUp, RaceEntry};
use crate::profile::{BalanceWhen, ChipRace, SourceTable};
use engine::Chips;

impl Tournament {
    /// What the director does when `table` has finished a hand.
    pub(crate) fn between_hands(
        &mut self,
        table: TableId,
        now: Time,
        report: &mut HandReport,
    ) -> Result<(), DirectorError> {
        if self.finish_if_won(now)? {
            report.release_all = true;
            return Ok(());
        }
        self.plan_tables(now, report)?;
        if self.barrier.is_none() && self.profile.director.balance == BalanceWhen::Tda {
            self.balance_from(table, now, report)?;
        }
        self.settle(now, report)?;
        self.hand_for_hand(now, report)?;
        Ok(())
    }

    /// A barrier that waits for no hand in progress any more is carried out now. HC-1.8:
    /// tables that differ by two, after a bust or a director's action, are balanced before any
    /// new hand anywhere.
    pub(crate) fn settle(
        &mut self,
        now: Time,
        report: &mut HandReport,
    ) -> Result<(), DirectorError> {
        // One player left, however the others went (a late player removed, HC-1.4; a
        // disqualification, TDA-71D): the event is won.
        if self.alive == 1 && self.in_hand_tables == 0 && self.finish_if_won(now)? {
            report.release_all = true;
            return Ok(());
        }
        if self.barrier.is_none()
            && self.profile.director.balance == BalanceWhen::BeforeAnyHand
            && self.index.spread() >= 2
        {
            self.barrier = Some(Barrier::Balance);
        }
        if self.barrier.is_some() && self.in_hand_tables == 0 {
            match self.barrier.take() {
                // Entries that came in while the tables finished may not fit on one table.
                Some(Barrier::FinalTable) if self.alive > u32::from(self.final_table_size()) => {}
                Some(Barrier::FinalTable) => self.final_table(now)?,
                Some(Barrier::Balance) => self.balance_all(now, report)?,
                None => {}
            }
            report.release_all = true;
        }
        Ok(())
    }

    /// The final table, or as many tables to break as the players no longer need, the highest
    /// numbers first (TDA-11C: a predetermined order). A breaking table leaves the balancing
    /// count at once and breaks as soon as it is between hands.
    pub(crate) fn plan_tables(
        &mut self,
        now: Time,
        report: &mut HandReport,
    ) -> Result<(), DirectorError> {
        if self.barrier == Some(Barrier::FinalTable) {
            return Ok(());
        }
        let alive = self.alive as usize;
        let standing = self.index.tables() + self.breaking.len();
        if standing > 1 && alive <= usize::from(self.final_table_size()) {
            self.barrier = Some(Barrier::FinalTable);
            return Ok(());
        }
        let size = usize::from(self.config.table_size);
        while self.index.tables() > 1 && alive <= (self.index.tables() - 1) * size {
            let Some(highest) = self.index.highest() else {
                break;
            };
            self.index.remove(highest);
            self.tables[highest as usize].breaking = true;
            self.breaking.insert(highest);
        }
        let idle: Vec<u32> = self
            .breaking
            .iter()
            .copied()
            .filter(|&t| !self.tables[t as usize].in_hand())
            .collect();
        for table in idle {
            self.break_table(TableId(table), now, report)?;
        }
        Ok(())
    }

    /// TDA-10: the players of a broken table draw seats at the shortest tables by the
    /// two-stage draw; they may come in on the blinds or the button, not between them.
    pub(crate) fn break_table(
        &mut self,
        table: TableId,
        now: Time,
        report: &mut HandReport,
    ) -> Result<(), DirectorError> {
        let moving = self.tables[table.0 as usize].players();
        let open: usize = self.index.tables() * usize::from(self.config.table_size);
        let seated_elsewhere = self.alive as usize
            - moving
            - self
                .breaking
                .iter()
                .filter(|&&t| t != table.0)
                .map(|&t| self.tables[t as usize].players())
                .sum::<usize>();
        if open < seated_elsewhere + moving {
            // Entries came in since the break was planned: the players no longer fit.
            self.breaking.remove(&table.0);
            let t = &mut self.tables[table.0 as usize];
            t.breaking = false;
            let count = t.players();
            self.index.set(table.0, count);
            return Ok(());
        }
        let players: Vec<PlayerId> = self.tables[table.0 as usize].player_ids();
        let mut stacks = Vec::with_capacity(players.len());
        for &p in &players {
            stacks.push(self.unseat(p)?);
        }
        let t = &mut self.tables[table.0 as usize];
        t.broken = true;
        t.breaking = false;
        self.breaking.remove(&table.0);
        self.stats.tables_broken += 1;
        self.log(now, Actor::System, Happening::TableBroken { table });
        let mut seat_cards: Vec<(TableId, Seat)> = Vec::with_capacity(players.len());
        for _ in 0..players.len() {
            let Some(min) = self.index.min() else { break };
            let Some(dest) = self.index.with_count(min).next() else {
                break;
            };
            let taken: Vec<Seat> = seat_cards
                .iter()
                .filter(|(t, _)| t.0 == dest)
                .map(|(_, s)| *s)
                .collect();
            let open: Vec<Seat> = empty(&self.tables[dest as usize].table)
                .into_iter()
                .filter(|s| !taken.contains(s))
                .collect();
            if open.is_empty() {
                return Err(DirectorError::Refused(format!(
                    "no open seat for the players of {table} at table {}",
                    dest + 1
                )));
            }
            seat_cards.push((TableId(dest), open[self.draw.below(open.len())]));
            self.index.set(dest, min + 1);
        }
        for &(dest, _) in &seat_cards {
            let count = self.tables[dest.0 as usize].players();
            self.index.set(dest.0, count);
        }
        let draw = crate::seating::two_stage(players.len(), seat_cards.len(), &mut self.draw);
        for (k, &player) in players.iter().enumerate() {
            let (dest, seat) = seat_cards[draw[k].0];
            self.sit(player, dest, seat, stacks[k], "TDA-10", now)?;
            report.touched.push(dest);
        }
        Ok(())
    }

    /// TDA-RP-9, HC-1.7: everyone left to one table, seats and button drawn anew.
    fn final_table(&mut self, now: Time) -> Result<(), DirectorError> {
        let active: Vec<TableId> = self.active_tables().collect();
        let mut players = Vec::new();
        for &table in &active {
            let ids: Vec<PlayerId> = self.tables[table.0 as usize].player_ids();
            for id in ids {
                let stack = self.unseat(id)?;
                players.push((id, stack));
            }
            let t = &mut self.tables[table.0 as usize];
            t.broken = true;
            t.breaking = false;
            self.breaking.remove(&table.0);
            self.index.remove(table.0);
            self.stats.tables_broken += 1;
            self.log(now, Actor::System, Happening::TableBroken { table });
        }
        let size = usize::from(self.final_table_size()).max(players.len());
        let id = self.open_table(size)?;
        let seats = crate::seating::first_seats(
            &[players.len()],
            size,
            self.profile.director.seat_draw,
            &mut self.draw,
        );
        self.draw.shuffle(&mut players);
        for (&seat, &(player, stack)) in seats[0].iter().zip(&players) {
            self.sit(player, id, seat, stack, "TDA-RP-9", now)?;
        }
        self.draw_button(id, &seats[0], now)?;
        self.tables[id.0 as usize].new_players = 0;
        self.log(now, Actor::System, Happening::FinalTable { table: id });
        Ok(())
    }

    /// TDA-11: while `table` is among the fullest and a table is two or more short, it gives a
    /// player to the shortest.
    fn balance_from(
        &mut self,
        table: TableId,
        now: Time,
        report: &mut HandReport,
    ) -> Result<(), DirectorError> {
        loop {
            let t = &self.tables[table.0 as usize];
            if t.broken
                || t.breaking
                || t.in_hand()
                || self.index.spread() < 2
                || Some(t.players()) != self.index.max()
            {
                return Ok(());
            }
            let Some(min) = self.index.min() else {
                return Ok(());
            };
            let Some(dest) = self.index.with_count(min).find(|&d| d != table.0) else {
                return Ok(());
            };
            self.move_player(table, TableId(dest), None, now, report)?;
        }
    }

    /// HC-1.8: before any new hand, from the fullest tables (the lowest card choosing among
    /// equals) the player at the eliminated player's position relative to the button moves into
    /// the eliminated player's seat, starting at the shortest table with the vacancy closest left
    /// of the button.
    fn balance_all(&mut self, now: Time, report: &mut HandReport) -> Result<(), DirectorError> {
        while self.index.spread() >= 2 {
            let (Some(min), Some(max)) = (self.index.min(), self.index.max()) else {
                break;
            };
            let Some(short) = self.index.with_count(min).next() else {
                break;
            };
            let fullest: Vec<u32> = self.index.with_count(max).collect();
            let source = if fullest.len() > 1
                && self.profile.director.source_table == SourceTable::LowestCard
            {
                let cards = self.draw.cards(fullest.len());
                let low = (0..fullest.len()).min_by_key(|&i| cards[i]).unwrap_or(0);
                fullest[low]
            } else {
                fullest[0]
            };
            let short_table = &mut self.tables[short as usize];
            short_table.vacancies.sort_by_key(|&(_, k)| k);
            let vacancy = short_table
                .vacancies
                .iter()
                .position(|&(s, _)| short_table.table.seats()[s.index()].is_none())
                .map(|i| short_table.vacancies.remove(i));
            self.move_player(TableId(source), TableId(short), vacancy, now, report)?;
        }
        for t in &mut self.tables {
            t.vacancies.clear();
        }
        Ok(())
    }

    /// Moves one player from `from` to `to` by the profile's mover rule.
    fn move_player(
        &mut self,
        from: TableId,
        to: TableId,
        vacancy: Option<(Seat, usize)>,
        now: Time,
        report: &mut HandReport,
    ) -> Result<(), DirectorError> {
        let source = &self.tables[from.0 as usize].table;
        let dest = &self.tables[to.0 as usize].table;
        // A table in a hand deals its next hand from this one's positions (TDA-11A, WWPLA-12);
        // a stud hand leaves the button where the last flop-game hand put it (TDA-11B).
        let last = self.tables[to.0 as usize]
            .hand
            .as_ref()
            .filter(|h| !h.positions.stud)
            .map(|h| {
                let p = &h.positions;
                (p.button, p.small_blind_position, p.big_blind)
            })
            .or(dest.last_positions());
        let game = if self.config.stud_only() {
            GameInPlay::StudOnly {
                opened: self.tables[to.0 as usize].last_opened,
            }
        } else {
            let level = self.clock.level_index();
            let played = self.tables[from.0 as usize].game_hands;
            let kind = (self.config).game_with(self.rotation.as_ref(), level, played);
            if kind.game.is_stud() {
                GameInPlay::StudInMixed
            } else {
                GameInPlay::Flop
            }
        };
        let choice =
            balance::choose_mover(&self.profile.director, source, dest, last, vacancy, game);
        let (seat, dest_seat, rule) = (choice.from, choice.to, choice.rule);
        let Some(seat) = seat else { return Ok(()) };
        let Some(player) = source.seats()[seat.index()].map(|p| p.id) else {
            return Ok(());
        };
        let dest_seat = match dest_seat {
            Some(s) => s,
            None => {
                let open = empty(dest);
                if open.is_empty() {
                    return Err(DirectorError::Refused(format!("no open seat at {to}")));
                }
                open[self.draw.below(open.len())]
            }
        };
        let stack = self.unseat(player)?;
        self.sit(player, to, dest_seat, stack, rule, now)?;
        self.stats.moves += 1;
        self.log(
            now,
            Actor::System,
            Happening::Moved {
                player,
                from: (from, seat),
                to: (to, dest_seat),
                rule,
            },
        );
        report.touched.push(to);
        report.touched.push(from);
        Ok(())
    }

    /// The chip race of a colour-up due at one table, if one is (TDA-24, HC-3.7, WWPLA-13,
    /// JPR-11).
    pub(crate) fn race(&mut self, table: TableId, now: Time) -> Result<(), DirectorError> {
        let removed = std::mem::take(&mut self.tables[table.0 as usize].colour_up);
        if removed.is_empty() {
            return Ok(());
        }
        let t = &self.tables[table.0 as usize];
        let n = t.table.seats().len();
        let start = match self.profile.director.chip_race {
            ChipRace::FromSeatOne => 0,
            ChipRace::CardsFromButton => t
                .table
                .last_positions()
                .map_or(0, |(b, _, _)| b.index() + 1),
        };
        let order: Vec<Seat> = (0..n)
            .map(|k| Seat(((start + k) % n) as u8))
            .filter(|s| t.table.seats()[s.index()].is_some())
            .collect();
        let entries: Vec<RaceEntry> = order
            .iter()
            .filter_map(|s| {
                t.table.seats()[s.index()].map(|p| RaceEntry {
                    player: p.id,
                    stack: p.stack.0,
                })
            })
            .collect();
        if entries.is_empty() {
            return Ok(());
        }
        let mut deck = self.draw.deck(52);
        let outcome = chip_race::race(
            self.profile.director.chip_race,
            &entries,
            ColourUp {
                removed: &removed,
                remaining: &self.denominations,
            },
            &mut deck,
        )
        .map_err(|e| DirectorError::Refused(format!("chip race at {table}: {e}")))?;
        let t = &mut self.tables[table.0 as usize];
        for (seat, &stack) in order.iter().zip(&outcome.stacks) {
            t.table.set_stack(*seat, Chips(stack))?;
        }
        t.chips = t.chips - outcome.chips_before + outcome.chips_after;
        self.table_chips = self.table_chips - outcome.chips_before + outcome.chips_after;
        self.expected_chips = self.expected_chips - outcome.chips_before + outcome.chips_after;
        self.stats.chip_races += 1;
        self.log(
            now,
            Actor::System,
            Happening::ChipRace {
                table,
                removed,
                winners: outcome.winners,
                rescued: outcome.rescued,
            },
        );
        Ok(())
    }

    /// TDA-RP-8: hand-for-hand from the announcement near the money until the bubble bursts.
    /// Each hand-for-hand hand is a round: every table plays one hand, then the next begins.
    fn hand_for_hand(&mut self, now: Time, report: &mut HandReport) -> Result<(), DirectorError> {
        let paid = self.places_paid();
        let over = self.config.hand_for_hand.players_over_paid;
        let tables = self.index.tables();
        let should =
            !self.entries_open() && tables > 1 && self.alive > paid && self.alive <= paid + over;
        if self.clock.is_hand_for_hand() {
            let round_over = self.in_hand_tables == 0
                && self.round_unplayed.iter().all(|&t| {
                    self.tables[t as usize].broken || self.tables[t as usize].players() < 2
                });
            if !round_over {
                return Ok(());
            }
            self.place_round(now)?;
            report.release_all = true;
            if should {
                self.new_round();
            } else {
                self.round_unplayed.clear();
                self.clock.set_hand_for_hand(now, false);
                self.log(now, Actor::System, Happening::HandForHand { on: false });
            }
        } else if should {
            // RP-8A: the hands in progress at the announcement are the first hand-for-hand hand;
            // RP-8B: its two minutes come off when the next hand starts.
            self.clock.set_hand_for_hand(now, true);
            self.stats.hand_for_hand_rounds += 1;
            self.round_unplayed.clear();
            self.round_begun = true;
            self.log(now, Actor::System, Happening::HandForHand { on: true });
            if self.in_hand_tables == 0 {
                self.new_round();
                report.release_all = true;
            }
        }
        Ok(())
    }

    fn new_round(&mut self) {
        self.round_unplayed = self
            .tables
            .iter()
            .filter(|t| !t.broken)
            .map(|t| t.id.0)
            .collect();
        self.round_begun = false;
    }
}

fn empty(table: &Table) -> Vec<Seat> {
    balance::empty_seats(table).collect()
}
