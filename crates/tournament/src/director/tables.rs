//! Between hands: breaking tables in a fixed order (the highest number first) with TDA-10's
//! two-stage draw, the final table (TDA-RP-9, HC-1.7) with a redraw, balancing by the profile
//! (TDA-11, HC-1.8, WWPLA-12), hand-for-hand near the money (TDA-RP-8) and chip races (TDA-24).

use super::*;
use crate::balance::{self, GameInPlay};
use crate::chip_race::{self, ColourUp, RaceEntry};
use crate::profile::{BalanceWhen, ChipRace, SourceTable};
use engine::{Chips, Rule, rule};

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
        self.put_away_moot_draw(now);
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
                return Err(DirectorError::Refused(Refused::NoOpenSeatFor {
                    table: table.0 + 1,
                    to: dest + 1,
                }));
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
            self.sit(player, dest, seat, stacks[k], rule!("TDA-10"), now)?;
            report.touched.push(dest);
        }
        Ok(())
    }

    /// TDA-RP-9, HC-1.7: everyone left to one table, seats and button drawn anew. The final
    /// table is played at the lowest-numbered table in play (the others break first, TDA-11C),
    /// so that its dealer and tablet stay; the other tables are broken.
    fn final_table(&mut self, now: Time) -> Result<(), DirectorError> {
        let active: Vec<TableId> = self.active_tables().collect();
        let Some(&host) = active.iter().min() else {
            return Ok(());
        };
        let mut players = Vec::new();
        for &table in &active {
            let ids: Vec<PlayerId> = self.tables[table.0 as usize].player_ids();
            for id in ids {
                let stack = self.unseat(id)?;
                players.push((id, stack));
            }
            let t = &mut self.tables[table.0 as usize];
            t.breaking = false;
            self.breaking.remove(&table.0);
            if table == host {
                continue;
            }
            t.broken = true;
            self.index.remove(table.0);
            self.stats.tables_broken += 1;
            self.log(now, Actor::System, Happening::TableBroken { table });
        }
        let size = usize::from(self.final_table_size()).max(players.len());
        // The host table set for the final's size, empty: every seat is drawn anew.
        let table = Table::new(size, self.variant, self.profile.table.clone(), true)?;
        let last_game_hands = self.last_game_hands;
        let t = &mut self.tables[host.0 as usize];
        t.table = table;
        t.vacancies.clear();
        t.last_opened = None;
        t.game_hands = last_game_hands;
        self.index.set(host.0, 0);
        let seats = crate::seating::first_seats(
            &[players.len()],
            size,
            self.profile.director.seat_draw,
            &mut self.draw,
        );
        self.draw.shuffle(&mut players);
        let rule = self.final_table_rule();
        for (&seat, &(player, stack)) in seats[0].iter().zip(&players) {
            self.sit(player, host, seat, stack, rule, now)?;
        }
        self.draw_button(host, &seats[0], now)?;
        self.tables[host.0 as usize].new_players = 0;
        self.log(now, Actor::System, Happening::FinalTable { table: host });
        Ok(())
    }

    /// The rule the final table's draw applies.
    pub(crate) fn final_table_rule(&self) -> Rule {
        if self.profile.id == engine::RulebookId::Hc {
            rule!("HC-1.7")
        } else {
            rule!("TDA-RP-9")
        }
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
    pub(crate) fn balance_all(
        &mut self,
        now: Time,
        report: &mut HandReport,
    ) -> Result<(), DirectorError> {
        // A live room's cards for the source are still to come: the balancing waits for them.
        if self.source_cards_due().is_some() {
            return Ok(());
        }
        while let Some((short, fullest)) = self.balancing_step() {
            let source = if fullest.len() > 1
                && self.profile.director.source_table == SourceTable::LowestCard
            {
                if self.is_live() {
                    let tables = fullest.iter().map(|&t| TableId(t)).collect();
                    let short = TableId(short);
                    self.log(
                        now,
                        Actor::System,
                        Happening::SourceCardsCalled { short, tables },
                    );
                    return Ok(());
                }
                let cards = self.draw.cards(fullest.len());
                let low = (0..fullest.len()).min_by_key(|&i| cards[i]).unwrap_or(0);
                fullest[low]
            } else {
                fullest[0]
            };
            self.balance_one(short, source, now, report)?;
        }
        for t in &mut self.tables {
            t.vacancies.clear();
        }
        Ok(())
    }

    /// The shortest table to fill next and the fullest tables, while two differ by two or more.
    fn balancing_step(&self) -> Option<(u32, Vec<u32>)> {
        if self.index.spread() < 2 {
            return None;
        }
        let short = self.index.with_count(self.index.min()?).next()?;
        Some((short, self.index.with_count(self.index.max()?).collect()))
    }

    /// The HC-1.8 draw a live event waits for: its instruction, the short table and the
    /// equally full tables.
    pub fn source_cards_due(&self) -> Option<(InstructionId, TableId, Vec<TableId>)> {
        self.pending().find_map(|i| match &i.task {
            Task::SourceCards { short, tables } => Some((i.id, *short, tables.clone())),
            _ => None,
        })
    }

    /// A balancing draw whose tables changed since it was called (an entry, an undo, a break)
    /// is moot: it is put away, and a new one is called if still needed (HC-1.8).
    pub(crate) fn put_away_moot_draw(&mut self, now: Time) {
        if let Some((id, short, tables)) = self.source_cards_due()
            && !self.source_draw_applies(short, &tables)
        {
            self.mark_done(id, Actor::System, now);
            self.restart_clock(now);
        }
    }

    /// Whether a balancing draw called for `tables` to fill `short` is still the one due.
    fn source_draw_applies(&self, short: TableId, tables: &[TableId]) -> bool {
        self.balancing_step().is_some_and(|(s, fullest)| {
            s == short.0 && fullest.iter().copied().eq(tables.iter().map(|t| t.0))
        })
    }

    /// HC-1.8 at a live event: the cards dealt at the short table for the equally full tables,
    /// as they fell (`Some`), or the software's (`None`); the lowest table gives a player, and
    /// the balancing goes on. Entered cards name every table of the draw once, all different.
    pub fn draw_source(
        &mut self,
        entered: Option<&[(TableId, cards::Card)]>,
        by: Actor,
        now: Time,
    ) -> Result<(), DirectorError> {
        let Some((id, short, tables)) = self.source_cards_due() else {
            return Err(DirectorError::Refused(Refused::NoSourceDraw));
        };
        let draws: Vec<(TableId, cards::Card)> = match entered {
            Some(cards) => {
                let bad = |problem: Refused| DirectorError::BadReport {
                    table: short,
                    problem,
                    rule: Some(rule!("HC-1.8")),
                };
                for (k, (table, card)) in cards.iter().enumerate() {
                    if !tables.contains(table) {
                        return Err(bad(Refused::NotAmongFullest { table: table.0 + 1 }));
                    }
                    if cards[..k].iter().any(|(t, _)| t == table) {
                        return Err(bad(Refused::TableTwoCards { table: table.0 + 1 }));
                    }
                    if cards[..k].iter().any(|(_, c)| c == card) {
                        return Err(bad(Refused::CardDealtTwice {
                            card: card.to_string(),
                        }));
                    }
                }
                if let Some(t) = tables.iter().find(|t| !cards.iter().any(|(c, _)| c == *t)) {
                    return Err(bad(Refused::TableNoCardYet { table: t.0 + 1 }));
                }
                cards.to_vec()
            }
            None => tables
                .iter()
                .copied()
                .zip(self.draw.cards(tables.len()))
                .collect(),
        };
        self.log(
            now,
            by,
            Happening::SourceDrawn {
                draws: draws.clone(),
                entered: entered.is_some(),
            },
        );
        self.mark_done(id, by, now);
        let mut report = HandReport::default();
        // Entries or a desk action since may have changed the counts: then the draw is moot
        // and the balancing starts over from the tables as they are.
        if self.source_draw_applies(short, &tables)
            && let Some(&(source, _)) = draws.iter().min_by_key(|(_, card)| *card)
        {
            self.balance_one(short.0, source.0, now, &mut report)?;
        }
        self.balance_all(now, &mut report)?;
        self.restart_clock(now);
        Ok(())
    }

    /// One move of HC-1.8's balancing: from `source` into the vacancy at `short` closest left
    /// of its button.
    fn balance_one(
        &mut self,
        short: u32,
        source: u32,
        now: Time,
        report: &mut HandReport,
    ) -> Result<(), DirectorError> {
        {
            let short_table = &mut self.tables[short as usize];
            short_table.vacancies.sort_by_key(|&(_, k)| k);
            let vacancy = short_table
                .vacancies
                .iter()
                .position(|&(s, _)| short_table.table.seats()[s.index()].is_none())
                .map(|i| short_table.vacancies.remove(i));
            self.move_player(TableId(source), TableId(short), vacancy, now, report)
        }
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
                    return Err(DirectorError::Refused(Refused::NoOpenSeatAt {
                        table: to.0 + 1,
                    }));
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
    /// JPR-11). At a live event the dealer races with real cards: the race is called, and run
    /// once its cards are entered or the TD lets the software draw them (`race_now`).
    pub(crate) fn race(&mut self, table: TableId, now: Time) -> Result<(), DirectorError> {
        let removed = &self.tables[table.0 as usize].colour_up;
        if removed.is_empty() {
            return Ok(());
        }
        if self.is_live() {
            if self.race_called(table).is_none() {
                let removed = removed.clone();
                let players = self.race_seats(table).iter().map(|r| r.2.player).collect();
                self.log(
                    now,
                    Actor::System,
                    Happening::ChipRaceCalled {
                        table,
                        removed,
                        players,
                    },
                );
            }
            return Ok(());
        }
        self.run_race(table, None, Actor::System, now)
    }

    /// The instruction of a chip race called at `table` and not yet run.
    fn race_called(&self, table: TableId) -> Option<InstructionId> {
        self.pending().find_map(|i| match i.task {
            Task::ChipRace { table: t, .. } if t == table => Some(i.id),
            _ => None,
        })
    }

    /// Who races at `table`, in dealing order, with where each sits now and their stack. A
    /// race called at a live table races the players it was called for, wherever balancing
    /// has seated them since: the dealer races them before they move.
    fn race_seats(&self, table: TableId) -> Vec<(TableId, Seat, RaceEntry)> {
        let at = |p: PlayerId| {
            let (t, s) = self.entries.get(p.0 as usize)?.seat?;
            let seated = self.tables[t.0 as usize].table.seats()[s.index()]?;
            Some((
                t,
                s,
                RaceEntry {
                    player: p,
                    stack: seated.stack.0,
                },
            ))
        };
        let called = self.pending().find_map(|i| match &i.task {
            Task::ChipRace {
                table: t, players, ..
            } if *t == table => Some(players.clone()),
            _ => None,
        });
        if let Some(players) = called {
            return players.into_iter().filter_map(at).collect();
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
        (0..n)
            .filter_map(|k| t.table.seats()[(start + k) % n].map(|p| p.id))
            .filter_map(at)
            .collect()
    }

    /// The cards each player of a called race gets, in the order the dealer deals them: one
    /// per odd chip (TDA-24, HC-3.7, WWPLA-13, JPR-11). Empty when no race is due at `table`.
    pub fn race_cards_due(&self, table: TableId) -> Result<Vec<(PlayerId, u32)>, DirectorError> {
        let Some(t) = self.tables.get(table.0 as usize) else {
            return Err(DirectorError::NoSuchTable(table));
        };
        if t.colour_up.is_empty() {
            return Ok(Vec::new());
        }
        let entries: Vec<RaceEntry> = self.race_seats(table).iter().map(|r| r.2).collect();
        self.cards_due_of(table, &entries)
    }

    /// The cards due to `entries` in the race of `table`'s colour-up; refused when the race
    /// cannot be run (a stack not in chips, a colour-up that does not add up).
    fn cards_due_of(
        &self,
        table: TableId,
        entries: &[RaceEntry],
    ) -> Result<Vec<(PlayerId, u32)>, DirectorError> {
        let due = chip_race::cards_due(
            self.profile.director.chip_race,
            entries,
            ColourUp {
                removed: &self.tables[table.0 as usize].colour_up,
                remaining: &self.denominations,
            },
        )
        .map_err(|e| {
            DirectorError::Refused(Refused::ChipRaceFailed {
                table: table.0 + 1,
                detail: e.to_string(),
            })
        })?;
        Ok(entries.iter().map(|e| e.player).zip(due).collect())
    }

    /// A live table's called chip race is run: with the cards dealt there, as they fell
    /// (`Some`: each player's cards, as many as they have odd chips, all different), or with
    /// the software's. The instruction is done with it.
    pub fn race_now(
        &mut self,
        table: TableId,
        entered: Option<&[(PlayerId, Vec<cards::Card>)]>,
        by: Actor,
        now: Time,
    ) -> Result<(), DirectorError> {
        let Some(id) = self.race_called(table) else {
            return Err(DirectorError::Refused(Refused::NoChipRace {
                table: table.0 + 1,
            }));
        };
        self.run_race(table, entered, by, now)?;
        self.done(id, by, now);
        Ok(())
    }

    /// Races `table`'s odd chips: the outcome is worked out whole before anything changes.
    fn run_race(
        &mut self,
        table: TableId,
        entered: Option<&[(PlayerId, Vec<cards::Card>)]>,
        by: Actor,
        now: Time,
    ) -> Result<(), DirectorError> {
        let seats = self.race_seats(table);
        if seats.is_empty() {
            self.tables[table.0 as usize].colour_up.clear();
            return Ok(());
        }
        let entries: Vec<RaceEntry> = seats.iter().map(|r| r.2).collect();
        // A race that cannot be run is refused before the software draws anything.
        let due = self.cards_due_of(table, &entries)?;
        let mut deck = match entered {
            None => self.draw.deck(52),
            Some(cards) => self.dealt_race_cards(table, cards, &due)?,
        };
        let outcome = chip_race::race(
            self.profile.director.chip_race,
            &entries,
            ColourUp {
                removed: &self.tables[table.0 as usize].colour_up,
                remaining: &self.denominations,
            },
            &mut deck,
        )
        .map_err(|e| {
            DirectorError::Refused(Refused::ChipRaceFailed {
                table: table.0 + 1,
                detail: e.to_string(),
            })
        })?;
        let removed = std::mem::take(&mut self.tables[table.0 as usize].colour_up);
        for (&(t, seat, entry), &stack) in seats.iter().zip(&outcome.stacks) {
            let et = &mut self.tables[t.0 as usize];
            et.table.set_stack(seat, Chips(stack))?;
            et.chips = et.chips - entry.stack + stack;
        }
        self.table_chips = self.table_chips - outcome.chips_before + outcome.chips_after;
        self.expected_chips = self.expected_chips - outcome.chips_before + outcome.chips_after;
        self.stats.chip_races += 1;
        self.log(
            now,
            by,
            Happening::ChipRace {
                table,
                removed,
                winners: outcome.winners,
                rescued: outcome.rescued,
                entered: entered.is_some(),
            },
        );
        Ok(())
    }

    /// The dealer's race cards as a deck in dealing order, checked against what is due.
    fn dealt_race_cards(
        &self,
        table: TableId,
        cards: &[(PlayerId, Vec<cards::Card>)],
        due: &[(PlayerId, u32)],
    ) -> Result<cards::Deck, DirectorError> {
        let rule = Instruction::chip_race_rule(self.profile.id);
        let bad = |problem: Refused| DirectorError::BadReport {
            table,
            problem,
            rule: Some(rule),
        };
        for (k, (player, _)) in cards.iter().enumerate() {
            if !due.iter().any(|(p, _)| p == player) {
                return Err(bad(Refused::NotInRace {
                    name: self.entry(*player)?.name.clone(),
                }));
            }
            if cards[..k].iter().any(|(p, _)| p == player) {
                return Err(bad(Refused::NamedTwice {
                    name: self.entry(*player)?.name.clone(),
                }));
            }
        }
        let mut deck = Vec::new();
        for &(player, n) in due {
            let got = cards
                .iter()
                .find(|(p, _)| *p == player)
                .map_or(&[][..], |(_, c)| c.as_slice());
            if got.len() != n as usize {
                return Err(bad(Refused::RaceCardCount {
                    name: self.entry(player)?.name.clone(),
                    chips: n,
                    cards: got.len(),
                }));
            }
            for &card in got {
                if deck.contains(&card) {
                    return Err(bad(Refused::CardDealtTwice {
                        card: card.to_string(),
                    }));
                }
                deck.push(card);
            }
        }
        Ok(cards::Deck::from_cards(deck))
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
