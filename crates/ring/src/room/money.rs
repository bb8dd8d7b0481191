//! The list keeper's money: seating at the desk, top-ups, hands settled, away players, frozen
//! stacks (HC-1.9), time charges, cash-outs, closing a table, and the books' balance.

use super::*;
use crate::books::add;
use engine::rule;

impl Room {
    /// The list keeper seats a guest at a free seat not under offer (HC-1.10: seat allocation),
    /// with a buy-in within the game's limits.
    pub fn seat_at_desk(
        &mut self,
        guest: GuestId,
        table: CashTableId,
        seat: u8,
        buy_in: Chips,
        entering: Entering,
        now: Time,
    ) -> Result<(), RingError> {
        self.guest(guest)?;
        self.check_free(table, seat)?;
        if self.seat_of(guest).is_some() {
            return Err(RingError::Seated(guest));
        }
        let game = self.tables[table.0 as usize].game;
        if self.frozen_of(guest, game).is_some() {
            return Err(RingError::FrozenForGame {
                guest,
                rule: rule!("HC-1.9"),
            });
        }
        self.check_buy_in(game, buy_in)?;
        let bought_in = add(self.books.bought_in, buy_in)?;
        self.lists[game.0 as usize].retain(|w| w.guest != guest);
        self.offers.retain(|o| o.guest != guest);
        self.books.bought_in = bought_in;
        self.books.open_session(guest, game, table, now, buy_in);
        self.place(guest, table, seat, buy_in, now, entering);
        self.fill(now);
        Ok(())
    }

    /// The list keeper moves a seated guest with their chips to an open seat of the same game
    /// (HC-1.10: the list keeper seats the players): another table, or another seat at the
    /// same one. Not while the guest has chips in a hand in play, nor to a seat held for an
    /// offer; a table change they asked for is answered by the move.
    pub fn move_seat(
        &mut self,
        guest: GuestId,
        table: CashTableId,
        seat: u8,
        entering: Entering,
        now: Time,
    ) -> Result<(), RingError> {
        let (from, from_seat, s) = self.seated(guest)?;
        self.check_free(table, seat)?;
        let game = self.tables[table.0 as usize].game;
        if self.tables[from.0 as usize].game != game {
            return Err(RingError::SeatedElsewhere { guest, table: from });
        }
        if self.tables[from.0 as usize].hand_running && s.in_hand {
            return Err(RingError::ChipsInThePot(guest));
        }
        let chips = self.unseat(from, from_seat, now);
        self.lists[game.0 as usize].retain(|w| w.guest != guest);
        self.offers.retain(|o| o.guest != guest);
        if from != table {
            self.books.close_session(guest, now, chips);
            self.books.open_session(guest, game, table, now, chips);
        }
        self.place(guest, table, seat, chips, now, entering);
        self.events.push(RoomEvent::Changed {
            guest,
            from,
            to: table,
            seat,
        });
        self.fill(now);
        Ok(())
    }

    fn check_free(&self, table: CashTableId, seat: u8) -> Result<(), RingError> {
        let t = self.table(table)?;
        if !t.is_open() {
            return Err(RingError::TableClosed(table));
        }
        match t.seats.get(usize::from(seat).wrapping_sub(1)) {
            None => Err(RingError::NoSuchSeat { table, seat }),
            Some(Some(_)) => Err(RingError::SeatTaken { table, seat }),
            Some(None)
                if self
                    .offers
                    .iter()
                    .any(|o| o.table == table && o.seat == seat) =>
            {
                Err(RingError::SeatTaken { table, seat })
            }
            Some(None) => Ok(()),
        }
    }

    /// More chips between hands, up to the game's maximum buy-in (HC-1.1 for ring games: topped
    /// up at any time to the agreed stack, between hands).
    pub fn top_up(&mut self, guest: GuestId, amount: Chips) -> Result<(), RingError> {
        let (table, seat, s) = self.seated(guest)?;
        if self.tables[table.0 as usize].hand_running {
            return Err(RingError::HandInPlay(table));
        }
        let game = self.game(self.tables[table.0 as usize].game)?;
        let to = Chips(s.chips.0.saturating_add(amount.0));
        if amount.is_zero() {
            return Err(RingError::TopUpAddsChips { to });
        }
        if to > game.buy_in.max {
            return Err(RingError::TopUpAboveMaximum {
                to,
                max: game.buy_in.max,
            });
        }
        let bought_in = add(self.books.bought_in, amount)?;
        let brought = (self.books.session_mut(guest))
            .map(|session| add(session.brought, amount))
            .transpose()?;
        self.set_chips(table, seat, to);
        self.books.bought_in = bought_in;
        if let (Some(session), Some(brought)) = (self.books.session_mut(guest), brought) {
            session.brought = brought;
        }
        self.events.push(RoomEvent::ToppedUp {
            guest,
            chips: amount,
        });
        Ok(())
    }

    fn set_chips(&mut self, table: CashTableId, seat: u8, chips: Chips) {
        if let Some(s) = self.tables[table.0 as usize].seats[usize::from(seat - 1)].as_mut() {
            s.chips = chips;
        }
    }

    /// The hand is over: each dealt player's stack as it ended, and the pot it raked. The stacks
    /// and the rake add up to what the table had.
    pub fn hand_settled(
        &mut self,
        table: CashTableId,
        stacks: &[(GuestId, Chips)],
        pot: Chips,
        now: Time,
    ) -> Result<(), RingError> {
        let t = self.table(table)?;
        if !t.hand_running {
            return Err(RingError::NoHandInPlay(table));
        }
        pot_in_bounds(pot)?;
        let rake = self.game(t.game)?.rake_of(pot);
        let (table_rake, books_rake) = (add(t.rake, rake)?, add(self.books.rake, rake)?);
        // Each player dealt in once; the stacks, added without overflow, and the rake make what
        // the table had.
        let before = t.chips();
        let mut after: u128 = u128::from(before.0);
        for (k, &(guest, chips)) in stacks.iter().enumerate() {
            // A guest of another table, or of none, was not dealt in here.
            let seat = t.seat_of(guest).ok_or(RingError::NotDealtIn { guest })?;
            let s = t.seats[usize::from(seat - 1)].ok_or(RingError::NotDealtIn { guest })?;
            if !s.in_hand || stacks[..k].iter().any(|(g, _)| *g == guest) {
                return Err(RingError::NotDealtIn { guest });
            }
            after = after - u128::from(s.chips.0) + u128::from(chips.0);
        }
        let after = Chips(u64::try_from(after).unwrap_or(u64::MAX));
        if u128::from(after.0) + u128::from(rake.0) != u128::from(before.0) {
            return Err(RingError::ChipsDoNotAddUp {
                before,
                after,
                rake,
            });
        }
        for &(guest, chips) in stacks {
            if let Some(seat) = self.tables[table.0 as usize].seat_of(guest) {
                self.set_chips(table, seat, chips);
            }
        }
        let t = &mut self.tables[table.0 as usize];
        t.hand_running = false;
        t.dealing = None;
        t.settled_at = Some(now);
        t.hands += 1;
        t.rake = table_rake;
        for s in t.seats.iter_mut().flatten() {
            s.in_hand = false;
        }
        self.books.rake = books_rake;
        self.events.push(RoomEvent::HandSettled { table, rake });
        self.fill(now);
        Ok(())
    }

    /// A player leaves the table for a while or comes back (HC-1.9, JPR-3.0); back, they post
    /// what they owe at once or wait for the big blind (`entering`).
    pub fn set_away(
        &mut self,
        guest: GuestId,
        away: bool,
        entering: Entering,
        now: Time,
    ) -> Result<(), RingError> {
        let (table, seat, _) = self.seated(guest)?;
        if let Some(s) = self.tables[table.0 as usize].seats[usize::from(seat - 1)].as_mut() {
            s.away_since = match (away, s.away_since) {
                (true, Some(since)) => Some(since),
                (true, None) => Some(now),
                (false, _) => None,
            };
            if !away {
                s.entering = entering;
            }
        }
        Ok(())
    }

    /// The player leaves with their chips, when they have none in the pot.
    pub fn cash_out(&mut self, guest: GuestId, now: Time) -> Result<Chips, RingError> {
        let (table, seat, s) = self.seated(guest)?;
        if self.tables[table.0 as usize].hand_running && s.in_hand {
            return Err(RingError::ChipsInThePot(guest));
        }
        let cashed_out = add(self.books.cashed_out, s.chips)?;
        let chips = self.unseat(table, seat, now);
        self.books.cashed_out = cashed_out;
        self.books.close_session(guest, now, chips);
        self.events.push(RoomEvent::CashedOut { guest, chips });
        self.fill(now);
        Ok(chips)
    }

    /// HC-1.9: away more than 30 minutes while someone waits for the game, the list keeper
    /// cashes the player out, or freezes their chips in a tray (`freeze`), and the seat is
    /// offered.
    pub fn free_away_seat(
        &mut self,
        guest: GuestId,
        freeze: bool,
        now: Time,
    ) -> Result<(), RingError> {
        let rule = rule!("HC-1.9");
        let (table, seat, s) = self.seated(guest)?;
        let profile = self.game(self.tables[table.0 as usize].game)?.profile;
        if profile != RulebookId::Hc {
            return Err(RingError::SeatStaysUnder {
                profile: profile.id().to_string(),
                rule,
            });
        }
        let away_ms = s
            .away_since
            .map_or(0, |since| now.0.saturating_sub(since.0));
        if s.away_since.is_none() || away_ms <= AWAY_LIMIT_MS {
            return Err(RingError::NotAwayLongEnough {
                guest,
                away_ms,
                rule,
            });
        }
        let game = self.tables[table.0 as usize].game;
        if !self.lists[game.0 as usize]
            .iter()
            .any(|w| w.wants == WaitingFor::Seat)
        {
            return Err(RingError::NobodyWaiting { guest, rule });
        }
        if self.tables[table.0 as usize].hand_running && s.in_hand {
            return Err(RingError::ChipsInThePot(guest));
        }
        if !freeze {
            self.cash_out(guest, now)?;
            return Ok(());
        }
        let tray = self.frozen_of(guest, game);
        let frozen = add(tray.map_or(Chips(0), |k| self.books.frozen[k].2), s.chips)?;
        let chips = self.unseat(table, seat, now);
        match tray {
            Some(k) => self.books.frozen[k].2 = frozen,
            None => self.books.frozen.push((guest, game, chips)),
        }
        self.books.close_session(guest, now, chips);
        self.events.push(RoomEvent::Frozen { guest, chips });
        self.fill(now);
        Ok(())
    }

    /// HC-1.9: a frozen player takes a free seat of the game with their chips from the tray.
    pub fn unfreeze(
        &mut self,
        guest: GuestId,
        table: CashTableId,
        seat: u8,
        now: Time,
    ) -> Result<(), RingError> {
        self.check_free(table, seat)?;
        let game = self.tables[table.0 as usize].game;
        self.frozen_of(guest, game)
            .ok_or(RingError::NothingFrozen(guest))?;
        if self.seat_of(guest).is_some() {
            return Err(RingError::Seated(guest));
        }
        self.seat_frozen(guest, game, table, seat, now);
        self.fill(now);
        Ok(())
    }

    /// A per-half-hour rake: each seated player pays for every half hour begun since the last
    /// charge (what they have, if less), between hands.
    pub fn charge_time(&mut self, table: CashTableId, now: Time) -> Result<Chips, RingError> {
        let t = self.table(table)?;
        if !t.is_open() {
            return Err(RingError::TableClosed(table));
        }
        let Rake::PerHalfHour { per_seat } = self.game(t.game)?.rake else {
            return Ok(Chips(0));
        };
        if t.hand_running {
            return Err(RingError::HandInPlay(table));
        }
        const HALF_HOUR: u64 = 30 * 60_000;
        let due = now.0.saturating_sub(t.charged_until.0).div_ceil(HALF_HOUR);
        if due == 0 {
            return Ok(Chips(0));
        }
        let start = t.charged_until;
        let until = t.charged_until.plus_ms(due.saturating_mul(HALF_HOUR));
        // Each half hour begun since the player sat down, or since the last charge; what they
        // have, if less. Counted before anything changes.
        let pay = |s: &Seated| {
            let from = s.since.max(start);
            let halves = until.0.saturating_sub(from.0).div_ceil(HALF_HOUR);
            Chips(per_seat.0.saturating_mul(halves)).min(s.chips)
        };
        let taken = t
            .seats
            .iter()
            .flatten()
            .try_fold(Chips(0), |sum, s| add(sum, pay(s)))?;
        let (table_rake, books_rake) = (add(t.rake, taken)?, add(self.books.rake, taken)?);
        let t = &mut self.tables[table.0 as usize];
        t.charged_until = until;
        for s in t.seats.iter_mut().flatten() {
            s.chips -= pay(s);
        }
        t.rake = table_rake;
        self.books.rake = books_rake;
        self.events.push(RoomEvent::TimeCharged {
            table,
            chips: taken,
        });
        Ok(taken)
    }

    /// Closes an empty table between hands, with its statement.
    pub fn close_table(&mut self, table: CashTableId, now: Time) -> Result<Closing, RingError> {
        let t = self.table(table)?;
        if !t.is_open() {
            return Err(RingError::TableClosed(table));
        }
        if t.players() > 0 || t.hand_running {
            return Err(RingError::TableNotEmpty(table));
        }
        // The statement is made first: should its sums not fit, the table stays open.
        let mut closing = self.statement(table)?;
        closing.closed_at = Some(now);
        self.tables[table.0 as usize].closed_at = Some(now);
        for main in self.tables.iter_mut().filter(|m| m.feeds == Some(table)) {
            main.feeds = None;
        }
        self.offers.retain(|o| o.table != table);
        for list in self.lists.iter_mut() {
            for w in list.iter_mut() {
                if w.wants == (WaitingFor::TableChange { from: table }) {
                    w.wants = WaitingFor::Seat;
                }
            }
        }
        self.events.push(RoomEvent::TableClosed { table });
        self.fill(now);
        Ok(closing)
    }

    /// A table's statement (HC-1.10): who opened it on what conditions, its hands, and what each
    /// player brought and took; closed, brought = took + the table's rake.
    pub fn statement(&self, table: CashTableId) -> Result<Closing, RingError> {
        let t = self.table(table)?;
        let mut lines: Vec<ClosingLine> = Vec::new();
        for s in self.books.sessions.iter().filter(|s| s.table == table) {
            match lines.iter_mut().find(|l| l.guest == s.guest) {
                Some(l) => {
                    l.brought = add(l.brought, s.brought)?;
                    l.took = add(l.took, s.took)?;
                }
                None => lines.push(ClosingLine {
                    guest: s.guest,
                    brought: s.brought,
                    took: s.took,
                }),
            }
        }
        Ok(Closing {
            table,
            game: t.game,
            opened_by: t.opened_by.clone(),
            conditions: t.conditions.clone(),
            opened_at: t.opened_at,
            closed_at: t.closed_at,
            hands: t.hands,
            brought: lines
                .iter()
                .try_fold(Chips(0), |sum, l| add(sum, l.brought))?,
            took: lines.iter().try_fold(Chips(0), |sum, l| add(sum, l.took))?,
            lines,
            rake: t.rake,
        })
    }

    /// HC-1.10: the list balances: bought in = at the tables + frozen + cashed out + rake.
    pub fn balance(&self) -> Result<(), RingError> {
        // Added wide: books out of balance may hold more than a u64 (issue 33 item 2).
        let seats = self.tables.iter().flat_map(|t| t.seats.iter().flatten());
        let at_tables: u128 = seats.map(|s| u128::from(s.chips.0)).sum();
        let frozen: u128 = self.books.frozen.iter().map(|f| u128::from(f.2.0)).sum();
        let accounted = at_tables
            + frozen
            + u128::from(self.books.cashed_out.0)
            + u128::from(self.books.rake.0);
        if accounted != u128::from(self.books.bought_in.0) {
            return Err(RingError::BooksDoNotBalance {
                bought_in: u128::from(self.books.bought_in.0),
                accounted,
                rule: rule!("HC-1.10"),
            });
        }
        Ok(())
    }
}

/// A reported pot is an amount a game may hold (issue 33 item 2: at most `Chips::MAX_AMOUNT`).
pub(super) fn pot_in_bounds(pot: Chips) -> Result<(), RingError> {
    if pot > Chips::MAX_AMOUNT {
        return Err(RingError::AmountTooLarge {
            what: crate::error::Amount::Pot,
            amount: pot,
            max: Chips::MAX_AMOUNT,
        });
    }
    Ok(())
}
