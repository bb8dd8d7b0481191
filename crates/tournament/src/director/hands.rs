//! A table's hands: what the next one is (the game and stakes of the current level or the
//! rotation, TDA-23, HC-1; absent and penalised players dealt in and killed, TDA-30, TDA-71C)
//! after the checks the profile demands, and what a finished one changes (busts, bounties,
//! penalties served).

use super::results::Bust;
use super::*;
use crate::clock::ClockChange;
use crate::profile::BalanceWhen;
use engine::{Automations, Chips, Event, Hand, HandSetup, Player, rule};

/// A hand to play: the engine's setup and who the players are, in dealing order.
#[derive(Clone, Debug)]
pub struct HandStart {
    pub table: TableId,
    pub positions: Positions,
    pub setup: HandSetup,
    pub players: Vec<PlayerId>,
    /// 0-based level of the blinds.
    pub level: usize,
}

/// How a hand ended, by dealt player: stacks, each bust's eliminators, stack at the start and
/// tie card (HC-1.3).
pub(crate) struct HandEnd<'a> {
    pub stacks: &'a [Chips],
    pub by: &'a [Vec<PlayerId>],
    pub start_stacks: &'a [u64],
    pub cards: &'a [Option<cards::Card>],
}

/// What a finished hand changed beyond its table.
#[derive(Clone, Debug, Default)]
pub struct HandReport {
    pub busted: Vec<PlayerId>,
    /// Tables that gained or lost players and may now start (or must wait).
    pub touched: Vec<TableId>,
    /// Every waiting table may have been released: a barrier, a break or hand-for-hand moved on.
    pub release_all: bool,
    pub finished: bool,
}

impl Tournament {
    /// Moves the clock on to `now`: new levels (from each table's next hand, TDA-23), breaks
    /// and their colour-ups (TDA-24).
    pub fn tick(&mut self, now: Time) -> Result<Vec<ClockChange>, DirectorError> {
        let changes = self.clock.advance(&self.config, now);
        self.apply_clock_changes(&changes, now)?;
        Ok(changes)
    }

    pub(crate) fn apply_clock_changes(
        &mut self,
        changes: &[ClockChange],
        now: Time,
    ) -> Result<(), DirectorError> {
        for &change in changes {
            match change {
                ClockChange::LevelStarted(level) => {
                    self.log(now, Actor::System, Happening::LevelStarted { level });
                }
                ClockChange::BreakStarted { after_level } => {
                    self.log(now, Actor::System, Happening::BreakStarted { after_level });
                    let removed = self
                        .config
                        .break_after(after_level)
                        .map(|b| b.colour_up.clone())
                        .unwrap_or_default();
                    if !removed.is_empty() {
                        self.denominations.retain(|d| !removed.contains(d));
                        let active: Vec<TableId> = self.active_tables().collect();
                        for id in active {
                            self.tables[id.0 as usize]
                                .colour_up
                                .extend(removed.iter().copied());
                            if !self.tables[id.0 as usize].in_hand() {
                                self.race(id, now)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Why `table` may not start a hand now, if it may not.
    pub fn may_start(&self, table: TableId) -> Result<(), Wait> {
        let t = self.tables.get(table.0 as usize).ok_or(Wait::Broken)?;
        if !self.started {
            return Err(Wait::NotStarted);
        }
        if self.finished {
            return Err(Wait::Finished);
        }
        if self.deal_hold && !t.broken {
            return Err(Wait::Deal);
        }
        if t.broken {
            return Err(Wait::Broken);
        }
        if t.in_hand() {
            return Err(Wait::InHand);
        }
        if self.held(table) {
            return Err(Wait::Instructions);
        }
        match self.barrier {
            Some(Barrier::Balance) => return Err(Wait::Balancing),
            Some(Barrier::FinalTable) => return Err(Wait::FinalTable),
            None => {}
        }
        if self.clock.is_hand_for_hand() {
            if !self.round_unplayed.contains(&table.0) {
                return Err(Wait::HandForHand);
            }
        } else if !self.clock.is_running() {
            return Err(Wait::Paused);
        } else if matches!(self.clock.phase(), crate::clock::Phase::Break { .. }) {
            return Err(Wait::Break);
        }
        let count = t.players();
        if count < 2 {
            return Err(Wait::NotEnoughPlayers);
        }
        let max = self.index.max().unwrap_or(count);
        match self.profile.director.balance {
            BalanceWhen::Tda
                if max >= count + usize::from(self.profile.director.hold_when_short_by) =>
            {
                Err(Wait::Short)
            }
            BalanceWhen::BeforeAnyHand if self.index.spread() >= 2 => Err(Wait::Balancing),
            _ => Ok(()),
        }
    }

    /// The next hand at `table`, once every check before a hand has passed, its deck from the
    /// event's seed.
    pub fn next_hand(&mut self, table: TableId, now: Time) -> Result<HandStart, DirectorError> {
        self.next_hand_from(table, now, None)
    }

    /// The next hand at `table`, its deck shuffled from `seed` when one is given (issue 37: a
    /// hand's own seed, 256 bits, `Deck::shuffled`), else from the event's seed.
    pub fn next_hand_from(
        &mut self,
        table: TableId,
        now: Time,
        seed: Option<cards::Seed>,
    ) -> Result<HandStart, DirectorError> {
        self.tick(now)?;
        self.table(table)?;
        let mut report = HandReport::default();
        self.plan_tables(now, &mut report)?;
        self.settle(now, &mut report)?;
        self.may_start(table)
            .map_err(|w| DirectorError::Wait(table, w))?;
        self.race(table, now)?;
        self.remove_late_players(table, now)?;
        self.plan_tables(now, &mut report)?;
        self.settle(now, &mut report)?;
        self.may_start(table)
            .map_err(|w| DirectorError::Wait(table, w))?;
        self.check_before_hand(table)?;
        let threshold = self.profile.director.redraw_button_over_new_players;
        let t = &self.tables[table.0 as usize];
        if threshold > 0 && t.hands > 0 && t.new_players > threshold {
            let seats: Vec<Seat> = occupied(&t.table);
            let (seat, _) = crate::seating::first_button(
                &seats,
                crate::profile::FirstButton::HighCard,
                &mut self.draw,
            );
            self.tables[table.0 as usize].table.redraw_button(seat)?;
            self.log(
                now,
                Actor::System,
                Happening::ButtonDrawn {
                    table,
                    seat,
                    rule: rule!("WWPLA-12"),
                },
            );
        }
        self.refresh_table_absences(table, now)?;
        // TDA-RP-8B: the first hand of a hand-for-hand round takes the round before off the
        // clock as it starts, one hand at a time, never several at once (TDA-RP-8C); if that
        // ends the level, this is the next hand and plays the new level (TDA-23, TDA-RP-8D).
        let first_of_round = self.clock.is_hand_for_hand() && !self.round_begun;
        let clock_before = self.clock.clone();
        let clock_changes = if first_of_round {
            let minutes = self.config.hand_for_hand.minutes_per_hand;
            self.clock.hand_for_hand_hand(&self.config, minutes)
        } else {
            Vec::new()
        };
        // The hand begins here, its blinds and antes going in (HC-1.13.1): it plays the level
        // the clock shows now, and a level ending during it waits for the next hand (TDA-23).
        let level = self.clock.level_index();
        // The game of the level or the rotation (HC-1), its stakes (TDA-23, TDA-RP-10).
        let played = self.tables[table.0 as usize].game_hands;
        let kind = (self.config).game_with(self.rotation.as_ref(), level, played);
        let (variant, forced) = self.config.stakes(level).hand(kind);
        self.lift_blocking_penalties(table, now)?;
        let seats = self.tables[table.0 as usize].players();
        // Stud deals from the whole deck, reshuffling the stub if it runs short (TDA-RP-10H).
        let (deck, reshuffle_seed) = match seed {
            // The stub's reshuffle (TDA-RP-10H) from the seed's bytes reversed, as at the
            // online cash tables.
            Some(seed) => {
                let mut stub = seed.0;
                stub.reverse();
                (cards::Deck::shuffled(seed), Some(cards::Seed(stub)))
            }
            None if kind.game.is_stud() => {
                let deck = self.draw.deck(52);
                (deck, Some(self.reshuffle_seed()))
            }
            None => (self.draw.deck(seats * kind.game.hole_cards() + 8), None),
        };
        let heads_up = self.alive == 2;
        let t = &mut self.tables[table.0 as usize];
        let (positions, mut setup) =
            match t
                .table
                .start_hand(variant, forced, heads_up, Automations::ALL, Some(deck))
            {
                Ok(next) => next,
                // Everyone but one away and skipped (DG-8a): the table waits for them.
                Err(engine::TableError::NotEnoughPlayers) => {
                    self.clock = clock_before;
                    return Err(DirectorError::Wait(table, Wait::NotEnoughPlayers));
                }
                Err(e) => {
                    self.clock = clock_before;
                    return Err(e.into());
                }
            };
        // TDA-20A: split pots are divided in the smallest chips in play.
        setup.chip_unit = Chips(self.denominations.first().copied().unwrap_or(1));
        if let Some(seed) = reshuffle_seed {
            setup.reshuffle_seed = seed;
        }
        let start: Vec<(PlayerId, u64)> = positions
            .dealt
            .iter()
            .filter_map(|s| t.table.seats()[s.index()].map(|p| (p.id, p.stack.0)))
            .collect();
        let players = start.iter().map(|(id, _)| *id).collect();
        t.hand = Some(HandInProgress {
            positions: positions.clone(),
            start: start.clone(),
            setup: HandSetup {
                deck: None,
                ..setup.clone()
            },
            forced,
        });
        t.new_players = 0;
        t.vacancies.clear();
        self.round_unplayed.remove(&table.0);
        self.dealt_level = self.dealt_level.max(level);
        if first_of_round {
            self.round_begun = true;
            self.stats.hand_for_hand_rounds += 1;
            self.apply_clock_changes(&clock_changes, now)?;
        }
        self.in_hand_tables += 1;
        self.stats.largest_imbalance = self.stats.largest_imbalance.max(self.index.spread());
        // TDA-71A: a hand missed is a hand played at the table, dealt in or skipped (DG-8a).
        for id in self.tables[table.0 as usize]
            .table
            .seats()
            .iter()
            .flatten()
            .map(|p| p.id)
        {
            let e = &mut self.entries[id.0 as usize];
            e.penalty_hands = e.penalty_hands.saturating_sub(1);
        }
        Ok(HandStart {
            table,
            positions,
            setup,
            players,
            level,
        })
    }

    /// Randomness for a stud hand's seventh-street reshuffle, from the event's seed.
    fn reshuffle_seed(&mut self) -> cards::Seed {
        let mut bytes = [0u8; 32];
        for chunk in bytes.chunks_mut(8) {
            chunk.copy_from_slice(&self.draw.next_u64().to_le_bytes());
        }
        cards::Seed(bytes)
    }

    /// DG-38.3: the hands of a penalty take place without the player; where the profile skips
    /// absent players (DG-8a) and nobody else could play, no such hand can take place, so the
    /// penalty is lifted rather than holding the table for ever.
    fn lift_blocking_penalties(&mut self, table: TableId, now: Time) -> Result<(), DirectorError> {
        if self.profile.table.absent_players != engine::AbsentPlayers::Skipped {
            return Ok(());
        }
        let seated: Vec<(Seat, PlayerId, bool)> = self.tables[table.0 as usize]
            .table
            .seats()
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|p| (Seat(i as u8), p.id, p.absent)))
            .collect();
        if seated.iter().filter(|s| !s.2).count() >= 2 {
            return Ok(());
        }
        for (seat, id, absent) in seated {
            let e = &mut self.entries[id.0 as usize];
            if absent && e.penalty_hands > 0 {
                e.penalty_hands = 0;
                self.log(
                    now,
                    Actor::System,
                    Happening::PenaltyLifted {
                        player: id,
                        rule: rule!("DG-38"),
                    },
                );
                self.refresh_absence(table, seat, id, now)?;
            }
        }
        Ok(())
    }

    fn refresh_table_absences(&mut self, table: TableId, now: Time) -> Result<(), DirectorError> {
        let seated: Vec<(Seat, PlayerId)> = self.tables[table.0 as usize]
            .table
            .seats()
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|p| (Seat(i as u8), p.id)))
            .collect();
        for (seat, id) in seated {
            self.refresh_absence(table, seat, id, now)?;
        }
        Ok(())
    }

    /// Records a finished hand: stacks, busts and their places and bounties, then whatever the
    /// profile does between hands (balancing, breaking, the final table, hand-for-hand).
    pub fn finish_hand(
        &mut self,
        table: TableId,
        hand: &Hand,
        now: Time,
    ) -> Result<HandReport, DirectorError> {
        self.table(table)?;
        if self.is_live() {
            return Err(DirectorError::DealtLive(table));
        }
        if !hand.is_over() {
            return Err(DirectorError::HandNotOver(table));
        }
        let Some(progress) = self.tables[table.0 as usize].hand.take() else {
            return Err(DirectorError::NoHand(table));
        };
        let before: u64 = progress.start.iter().map(|(_, s)| s).sum();
        let after: u64 = hand.final_stacks().iter().map(|s| s.0).sum();
        if before != after || hand.players().len() != progress.start.len() {
            self.tables[table.0 as usize].hand = Some(progress);
            return Err(DirectorError::ChipsNotConserved {
                table: table.to_string(),
                expected: before,
                found: after,
            });
        }
        let stacks = hand.final_stacks();
        let by: Vec<Vec<PlayerId>> = (0..progress.start.len())
            .map(|i| {
                eliminators(hand, Player(i as u8))
                    .into_iter()
                    .filter_map(|p| progress.start.get(p.index()).map(|s| s.0))
                    .collect()
            })
            .collect();
        let start_stacks: Vec<u64> = progress.start.iter().map(|s| s.1).collect();
        let end = HandEnd {
            stacks: &stacks,
            by: &by,
            start_stacks: &start_stacks,
            cards: &[],
        };
        self.close_hand(table, progress, end, now)
    }

    /// What every finished hand does, dealt here or reported from a live table: stacks, busts
    /// (their eliminators `by` and stacks at the start, by dealt player) with places and
    /// bounties, then whatever the profile does between hands.
    pub(crate) fn close_hand(
        &mut self,
        table: TableId,
        progress: HandInProgress,
        end: HandEnd<'_>,
        now: Time,
    ) -> Result<HandReport, DirectorError> {
        let HandEnd {
            stacks,
            by,
            start_stacks,
            cards,
        } = end;
        let max_before = self.index.max();
        let t = &mut self.tables[table.0 as usize];
        let busted = t.table.finish_hand(&progress.positions, stacks);
        t.hands += 1;
        t.game_hands += 1;
        self.last_game_hands = t.game_hands;
        self.in_hand_tables -= 1;
        self.stats.hands += 1;
        let count = t.table.player_count();
        if !t.breaking {
            self.index.set(table.0, count);
        }
        let mut report = HandReport::default();
        let mut busts = Vec::new();
        for (seat, player) in busted {
            let i = progress
                .positions
                .dealt
                .iter()
                .position(|&s| s == seat)
                .unwrap_or(0);
            let k =
                crate::balance::seats_left_of_button(&self.tables[table.0 as usize].table, seat);
            self.tables[table.0 as usize].vacancies.push((seat, k));
            self.tables[table.0 as usize].last_opened = Some(seat);
            let by = by.get(i).cloned().unwrap_or_default();
            let bb = progress
                .positions
                .dealt
                .iter()
                .position(|&s| s == progress.positions.big_blind)
                .unwrap_or(0);
            let n = progress.positions.dealt.len();
            busts.push(Bust {
                player: player.id,
                start_stack: start_stacks.get(i).copied().unwrap_or(progress.start[i].1),
                hands_to_big_blind: ((i + n - bb) % n) as u8,
                by,
                card: cards.get(i).copied().flatten(),
            });
            self.alive -= 1;
            let entry = &mut self.entries[player.id.0 as usize];
            entry.seat = None;
            entry.status = Status::Busted;
            report.busted.push(player.id);
        }
        for bust in &busts {
            self.knock_out(bust, now);
        }
        for (id, _) in &progress.start {
            let e = &self.entries[id.0 as usize];
            if e.penalty_hands == 0
                && let Some((t, s)) = e.seat
            {
                self.refresh_absence(t, s, *id, now)?;
            }
        }
        if !busts.is_empty() {
            self.record_busts(busts, now)?;
        }
        self.race(table, now)?;
        self.seat_alternates(now)?;
        self.between_hands(table, now, &mut report)?;
        // Tables held short of the fullest (TDA-11D) may play once the fullest has shrunk.
        if self.index.max() < max_before {
            report.release_all = true;
        }
        report.finished = self.finished;
        Ok(report)
    }

    /// The checks before every hand: chips conserved at the table and in the event, every
    /// player seated once, and the profile's balancing rules.
    pub fn check_before_hand(&self, table: TableId) -> Result<(), DirectorError> {
        let t = self.table(table)?;
        let mut sum = 0;
        for (i, seat) in t.table.seats().iter().enumerate() {
            let Some(p) = seat else { continue };
            sum += p.stack.0;
            let e = self.entry(p.id)?;
            if e.seat != Some((table, Seat(i as u8))) || e.status != Status::Playing {
                return Err(DirectorError::BalanceBreach {
                    table,
                    detail: format!(
                        "{} sits at seat {} but the books say {:?}",
                        e.name,
                        i + 1,
                        e.seat
                    ),
                    rule: rule!("TDA-7"),
                });
            }
        }
        if sum != t.chips {
            return Err(DirectorError::ChipsNotConserved {
                table: table.to_string(),
                expected: t.chips,
                found: sum,
            });
        }
        if self.table_chips != self.expected_chips {
            return Err(DirectorError::ChipsNotConserved {
                table: "the event".into(),
                expected: self.expected_chips,
                found: self.table_chips,
            });
        }
        let count = t.players();
        let max = self.index.max().unwrap_or(count);
        let director = &self.profile.director;
        let breach = |detail: String, rule| {
            Err(DirectorError::BalanceBreach {
                table,
                detail,
                rule,
            })
        };
        if count > t.table.seats().len() {
            return breach(
                format!("{count} players at {} seats", t.table.seats().len()),
                rule!("HC-1.7"),
            );
        }
        match director.balance {
            BalanceWhen::Tda if max >= count + usize::from(director.hold_when_short_by) => {
                return breach(
                    format!("{count} players, the fullest table has {max}: play must hold"),
                    rule!("TDA-11D"),
                );
            }
            BalanceWhen::BeforeAnyHand if self.index.spread() >= 2 => {
                return breach(
                    format!("tables differ by {}", self.index.spread()),
                    rule!("HC-1.8"),
                );
            }
            _ => {}
        }
        let tables = self.index.tables();
        let final_size = usize::from(self.final_table_size());
        if tables > 1 && (self.alive as usize) <= final_size {
            return breach(
                format!("{} players left on {tables} tables", self.alive),
                rule!("TDA-RP-9"),
            );
        }
        let size = usize::from(self.config.table_size);
        if tables > 1 && (self.alive as usize) <= (tables - 1) * size {
            return breach(
                format!(
                    "{} players fit on {} tables but none is breaking",
                    self.alive,
                    tables - 1
                ),
                rule!("TDA-10"),
            );
        }
        Ok(())
    }

    /// The final table's size: as configured, else by the profile (TDA-RP-9), at most 8 when
    /// stud is dealt (TDA-RP-10H).
    pub fn final_table_size(&self) -> u8 {
        let size = self.config.final_table_size.unwrap_or_else(|| {
            self.profile
                .director
                .final_table_size(self.config.table_size)
        });
        if self.config.deals_stud() {
            size.min(8)
        } else {
            size
        }
    }
}

pub(crate) fn occupied(table: &Table) -> Vec<Seat> {
    table
        .seats()
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_some())
        .map(|(i, _)| Seat(i as u8))
        .collect()
}

/// The winners of the pot that took `busted`'s last chips: the highest pot they could win, its
/// winners in the odd-chip order of TDA-20 (from the button's left).
pub fn eliminators(hand: &Hand, busted: Player) -> Vec<Player> {
    let pots = hand.pots();
    let Some(top) = pots.iter().rposition(|p| p.eligible.contains(&busted)) else {
        return Vec::new();
    };
    let mut winners: Vec<Player> = hand
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::PotAwarded { pot, player, .. } if *pot == top && *player != busted => {
                Some(*player)
            }
            _ => None,
        })
        .collect();
    winners.sort();
    winners.dedup();
    winners
}
