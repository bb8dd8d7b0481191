//! Players coming in: registration and alternates (TDA-8A), the first seating (TDA-7, HC-1.7),
//! late registration and re-entry with a new random seat and a full stack (TDA-8), rebuys and
//! add-ons (TDA-27, HC-1.1), late players (TDA-30, HC-1.4).

use super::*;
use crate::cites::{HC_1_7, TDA_10, TDA_11, TDA_RP_9};
use crate::config::RebuyWhen;
use crate::seating;
use engine::{Chips, Rule, RulebookId, rule};
use std::ops::Not;

impl Tournament {
    /// Registers a player; `arrived` false for one who has paid but is not at the table yet.
    /// Before the start they wait for the draw; after it they draw a seat at once (late
    /// registration, TDA-8A). A full field makes them an alternate. `by` is who registered
    /// them; `None` when they registered themselves (logged as `Actor::Player` of the new entry).
    pub fn register(
        &mut self,
        name: &str,
        arrived: bool,
        by: Option<Actor>,
        now: Time,
    ) -> Result<PlayerId, DirectorError> {
        self.registration_open(now)?;
        self.books_take(name, 1, 0, 0)?;
        let id = self.new_entry(name, 1, arrived);
        let by = by.unwrap_or(Actor::Player(id));
        self.log(
            now,
            by,
            Happening::Registered {
                player: id,
                name: name.to_string(),
            },
        );
        self.enter(id, by, now)?;
        Ok(id)
    }

    /// Registration or late registration is open now (TDA-8A).
    fn registration_open(&mut self, now: Time) -> Result<(), DirectorError> {
        // The period open is the clock's now.
        self.tick(now)?;
        if self.finished {
            return Err(DirectorError::Closed {
                what: "registration",
                why: ClosedBy::EventOver,
            });
        }
        if self.started && self.config.registration.late_until_level < self.level_number() {
            return Err(DirectorError::Closed {
                what: "late registration",
                why: ClosedBy::Rule(rule!("TDA-8A")),
            });
        }
        Ok(())
    }

    /// A player registers themselves for a live event: a seat reserved, at the table, until
    /// the desk takes the buy-in; not in the field, the prize pool or the draw until then.
    pub fn reserve(&mut self, name: &str, now: Time) -> Result<PlayerId, DirectorError> {
        self.registration_open(now)?;
        let id = self.new_entry(name, 1, true);
        self.entry_mut(id)?.status = Status::Reserved;
        self.log(
            now,
            Actor::Player(id),
            Happening::Reserved {
                player: id,
                name: name.to_string(),
            },
        );
        Ok(id)
    }

    /// The desk took a reserved player's buy-in: they enter the field as if the desk had
    /// registered them now (an alternate in a full field; seated at once after the draw).
    pub fn take_buy_in(&mut self, id: PlayerId, by: Actor, now: Time) -> Result<(), DirectorError> {
        let entry = self.entry(id)?;
        let name = entry.name.clone();
        if entry.status != Status::Reserved {
            return Err(DirectorError::Refused(Refused::NotReserved { name }));
        }
        self.registration_open(now)?;
        self.books_take(&name, 1, 0, 0)?;
        self.entry_mut(id)?.status = Status::Registered;
        self.log(now, by, Happening::BuyInTaken { player: id });
        self.enter(id, by, now)
    }

    /// A paid entry into the field: an alternate when it is full (TDA-8A), else admitted.
    fn enter(&mut self, id: PlayerId, by: Actor, now: Time) -> Result<(), DirectorError> {
        let cap = self.config.registration.max_entrants;
        let in_field = if self.started {
            self.alive
        } else {
            self.stats.entries
        };
        if cap > 0 && in_field >= cap {
            self.entry_mut(id)?.status = Status::Alternate;
            self.alternates.push_back(id);
            self.log(now, by, Happening::Alternate { player: id });
            return Ok(());
        }
        self.admit(id, now)
    }

    fn new_entry(&mut self, name: &str, entry_number: u32, arrived: bool) -> PlayerId {
        let id = PlayerId(self.entries.len() as u32);
        self.entries.push(Entry {
            id,
            name: name.to_string(),
            entry_number,
            status: Status::Registered,
            seat: None,
            arrived,
            away: false,
            rebuys: 0,
            add_ons: 0,
            warnings: 0,
            penalty_hands: 0,
            away_until: None,
            place: None,
            prize: Money(0),
            knockouts: 0,
            league_points: None,
            last_seat: None,
            accommodated: false,
        });
        id
    }

    /// TDA-9: a player with special needs is accommodated in the seat draw where possible
    /// (`on`), or no longer (`!on`). Before the start it takes effect with the next draw; after
    /// it, the TD moves the player where they are best seated (`TdAction::Move`).
    pub fn accommodate(
        &mut self,
        id: PlayerId,
        on: bool,
        by: Actor,
        now: Time,
    ) -> Result<(), DirectorError> {
        let entry = self.entry(id)?;
        if matches!(
            entry.status,
            Status::Busted | Status::Removed | Status::Disqualified
        ) {
            return Err(DirectorError::Refused(Refused::NotInEvent {
                name: entry.name.clone(),
            }));
        }
        self.entry_mut(id)?.accommodated = on;
        self.log(now, by, Happening::Accommodated { player: id, on });
        Ok(())
    }

    /// Counts an entry into the field; after the start it is seated at once.
    fn admit(&mut self, id: PlayerId, now: Time) -> Result<(), DirectorError> {
        self.stats.entries += 1;
        if let Some(book) = self.bounties.as_mut() {
            book.enter(id, self.config.buy_in.bounty);
        }
        // After the draw (before the start or after it) a new player is seated at once.
        if self.drawn {
            let stack = self.config.starting_stack;
            self.expected_chips += stack;
            self.seat_new_player(id, stack, rule!("TDA-8A"), now)?;
        }
        Ok(())
    }

    /// The 1-based level the next hand is played at.
    pub fn level_number(&self) -> u32 {
        self.clock.level_index() as u32 + 1
    }

    /// Starts the clock, with the seats of the draw made before (`draw_seats`), or drawn now.
    pub fn start(&mut self, now: Time) -> Result<(), DirectorError> {
        if self.started {
            return Err(DirectorError::AlreadyStarted);
        }
        if !self.drawn {
            self.check_draw()?;
            self.seat_draw(now)?;
        }
        self.started = true;
        self.clock.start(now);
        self.log(now, Actor::System, Happening::Started);
        Ok(())
    }

    /// The seat draw before the clock starts (issue 32 item 4): tables, seats and each table's
    /// first button, logged, so that seat cards and table sheets print before the start. Drawn
    /// again on every call until the start, which keeps the last draw; a player registered
    /// after it is seated as a late one would be (TDA-8A).
    pub fn draw_seats(&mut self, now: Time) -> Result<(), DirectorError> {
        if self.started {
            return Err(DirectorError::AlreadyStarted);
        }
        self.check_draw()?;
        let redraw = self.drawn;
        if redraw {
            self.undraw();
        }
        self.seat_draw(now)?;
        self.log(now, Actor::System, Happening::SeatsDrawn { redraw });
        Ok(())
    }

    /// Whether the seats are drawn (before the start, or by it).
    pub fn is_drawn(&self) -> bool {
        self.drawn
    }

    /// Enough players for a draw, within the event's limits: checked before anything changes.
    fn check_draw(&self) -> Result<(), DirectorError> {
        let players = self
            .entries
            .iter()
            .filter(|e| matches!(e.status, Status::Registered | Status::Playing))
            .count();
        if players < 2 {
            return Err(DirectorError::TooFewPlayers(players));
        }
        crate::config::check_multitable_limits(&self.config, players as u32).map_err(|e| {
            DirectorError::Refused(Refused::TableLimits {
                detail: e.to_string(),
            })
        })
    }

    /// Everyone seated by a draw before the start stands up again, the tables put away.
    fn undraw(&mut self) {
        for e in self.entries.iter_mut() {
            if e.status == Status::Playing {
                e.status = Status::Registered;
                e.seat = None;
                e.last_seat = None;
            }
        }
        self.tables = Chunked::new();
        self.index = CountIndex::new(10);
        self.alive = 0;
        self.expected_chips = 0;
        self.table_chips = 0;
        self.drawn = false;
    }

    /// Draws the seats (TDA-7 at random, HC-1.7 by cards) and each table's first button
    /// (TDA-RP-14 by a high card, WWPLA-12 seat one), for everyone registered.
    fn seat_draw(&mut self, now: Time) -> Result<(), DirectorError> {
        let mut players: Vec<PlayerId> = self
            .entries
            .iter()
            .filter(|e| e.status == Status::Registered)
            .map(|e| e.id)
            .collect();
        let size = usize::from(self.config.table_size);
        let counts = seating::table_counts(players.len(), size);
        let seats = seating::first_seats(
            &counts,
            size,
            self.profile.director.seat_draw,
            &mut self.draw,
        );
        self.draw.shuffle(&mut players);
        // TDA-9: players with special needs draw first, so the first table takes them, as many
        // as it seats; the others' order stays the random one.
        players.sort_by_key(|&p| !self.entries[p.0 as usize].accommodated);
        let stack = self.config.starting_stack;
        let rule = match self.profile.director.seat_draw {
            crate::profile::SeatDraw::Random => rule!("TDA-7"),
            crate::profile::SeatDraw::Cards => rule!("HC-1.7"),
        };
        let mut next = players.into_iter();
        for table_seats in seats {
            let table = self.open_table(size)?;
            for seat in table_seats.iter().copied() {
                let Some(player) = next.next() else { break };
                self.expected_chips += stack;
                self.sit(player, table, seat, stack, rule, now)?;
            }
            self.draw_button(table, &table_seats, now)?;
        }
        self.drawn = true;
        Ok(())
    }

    pub(crate) fn open_table(&mut self, seats: usize) -> Result<TableId, DirectorError> {
        let id = TableId(self.tables.len() as u32);
        let table = Table::new(seats, self.variant, self.profile.table.clone(), true)?;
        self.tables.push(EventTable {
            id,
            table,
            hand: None,
            broken: false,
            breaking: false,
            colour_up: Vec::new(),
            new_players: 0,
            vacancies: Vec::new(),
            last_opened: None,
            game_hands: if self.started {
                self.last_game_hands
            } else {
                0
            },
            chips: 0,
            hands: 0,
        });
        self.index.set(id.0, 0);
        Ok(id)
    }

    /// A table's first button, by the profile (WWPLA-12: seat one, or a high card).
    pub(crate) fn draw_button(
        &mut self,
        table: TableId,
        seats: &[Seat],
        now: Time,
    ) -> Result<(), DirectorError> {
        let how = self.profile.director.first_button;
        let (seat, _) = seating::first_button(seats, how, &mut self.draw);
        self.table_mut(table)?.table.redraw_button(seat)?;
        let rule = match how {
            crate::profile::FirstButton::SeatOne => rule!("WWPLA-12"),
            crate::profile::FirstButton::HighCard => rule!("TDA-RP-14"),
        };
        self.log(
            now,
            Actor::System,
            Happening::ButtonDrawn { table, seat, rule },
        );
        Ok(())
    }

    /// Seats a player with `stack` chips and keeps every book: the entry, the table's chips and
    /// the count index.
    pub(crate) fn sit(
        &mut self,
        player: PlayerId,
        table: TableId,
        seat: Seat,
        stack: u64,
        rule: Rule,
        now: Time,
    ) -> Result<(), DirectorError> {
        let arrived = self.entry(player)?.arrived;
        let t = self.table_mut(table)?;
        t.table.sit(seat, player, Chips(stack))?;
        if !arrived {
            t.table.set_absent(seat, true)?;
        }
        t.chips += stack;
        t.new_players = t.new_players.saturating_add(1);
        let count = t.table.player_count();
        if !t.breaking {
            self.index.set(table.0, count);
        }
        self.table_chips += stack;
        let started = self.started;
        let entry = self.entry_mut(player)?;
        entry.seat = Some((table, seat));
        let before = entry.status;
        let came_in = before != Status::Playing;
        if came_in {
            // Only a move of a player in play has a seat to come from.
            entry.last_seat = None;
        }
        if entry.last_seat == Some((table, seat)) {
            // Drawn again where they sat (the final table at its host table): no move.
            entry.last_seat = None;
        }
        let from = entry.last_seat;
        let stays = came_in.not() && from.is_none();
        entry.status = Status::Playing;
        self.alive += 1;
        if started && !stays {
            let reason = match (before, rule) {
                (Status::Alternate, _) => MoveReason::Alternate,
                (Status::Busted, _) => MoveReason::Rebuy,
                (Status::Disqualified, _) => MoveReason::Director,
                (Status::Playing, TDA_10) => MoveReason::TableBroken,
                (Status::Playing, TDA_RP_9 | HC_1_7) => MoveReason::FinalTable,
                // The TD's own move (`TdAction::Move`); balancing names its part of the rule.
                (Status::Playing, TDA_11) => MoveReason::Director,
                (Status::Playing, _) => MoveReason::Balancing,
                _ => MoveReason::NewEntry,
            };
            self.moves.push(MoveRecord {
                at: now,
                player,
                from,
                to: (table, seat),
                rule,
                reason,
            });
        }
        if came_in {
            // One more player in: everyone out places one lower.
            self.place_out();
        }
        self.log(
            now,
            Actor::System,
            Happening::Seated {
                player,
                table,
                seat,
                rule,
            },
        );
        Ok(())
    }

    /// Takes a player off their table, keeping the books; returns their stack.
    pub(crate) fn unseat(&mut self, player: PlayerId) -> Result<u64, DirectorError> {
        let (table, seat) = self.entry(player)?.seat.ok_or_else(|| {
            DirectorError::Refused(Refused::PlayerNotSeated {
                player: player.0 + 1,
            })
        })?;
        let t = self.table_mut(table)?;
        if t.in_hand() {
            return Err(DirectorError::Refused(Refused::HandInProgress {
                table: table.0 + 1,
            }));
        }
        let left = t.table.leave(seat)?;
        t.last_opened = Some(seat);
        t.chips -= left.stack.0;
        let count = t.table.player_count();
        if !t.broken && !t.breaking {
            self.index.set(table.0, count);
        }
        self.table_chips -= left.stack.0;
        self.alive -= 1;
        let entry = self.entry_mut(player)?;
        entry.seat = None;
        entry.last_seat = Some((table, seat));
        Ok(left.stack.0)
    }

    /// A seat for a new, late, re-entering or alternate player: drawn from the open seats of the
    /// shortest tables (TDA-8A: the same pool as new players); a new table opens when all are
    /// full.
    pub(crate) fn seat_new_player(
        &mut self,
        player: PlayerId,
        stack: u64,
        rule: Rule,
        now: Time,
    ) -> Result<(), DirectorError> {
        let size = usize::from(self.config.table_size);
        let table = match self.index.min() {
            Some(min) if min < size => {
                let shortest: Vec<u32> = self.index.with_count(min).collect();
                TableId(shortest[self.draw.below(shortest.len())])
            }
            _ => {
                let table = self.open_table(size)?;
                if self.started {
                    self.log(now, Actor::System, Happening::TableOpened { table });
                }
                table
            }
        };
        let empty: Vec<Seat> =
            crate::balance::empty_seats(&self.tables[table.0 as usize].table).collect();
        let seat = empty[self.draw.below(empty.len())];
        self.sit(player, table, seat, stack, rule, now)
    }

    /// A player who was not at the table takes their seat.
    pub fn arrive(&mut self, player: PlayerId, now: Time) -> Result<(), DirectorError> {
        let entry = self.entry_mut(player)?;
        entry.arrived = true;
        let seat = entry.seat;
        if let Some((table, seat)) = seat {
            self.refresh_absence(table, seat, player, now)?;
        }
        Ok(())
    }

    /// A player steps away from the table or comes back (an online player's connection): away,
    /// they are dealt in and blinded off, their hand killed (TDA-30).
    pub fn set_away(
        &mut self,
        player: PlayerId,
        away: bool,
        now: Time,
    ) -> Result<(), DirectorError> {
        let entry = self.entry_mut(player)?;
        entry.away = away;
        if !away {
            entry.arrived = true;
        }
        let seat = entry.seat;
        if let Some((table, seat)) = seat {
            self.refresh_absence(table, seat, player, now)?;
        }
        Ok(())
    }

    /// Whether the engine should treat a seat as away: not arrived, sitting out a penalty
    /// (TDA-71A, C) or a time penalty (HC-1.10).
    pub(crate) fn refresh_absence(
        &mut self,
        table: TableId,
        seat: Seat,
        player: PlayerId,
        now: Time,
    ) -> Result<(), DirectorError> {
        let e = self.entry(player)?;
        let penalised = e.penalty_hands > 0 || e.away_until.is_some_and(|t| t > now);
        let mut away = !e.arrived || e.away || penalised;
        // DG-35: a pause may begin at any time but not on the button or in the blinds; a player
        // who steps away there is dealt in (DG-10.2) until those positions have passed. Only a
        // pause not yet begun waits: a seat already skipped (DG-8a) stays skipped. So the
        // button still lies at an away dealer's seat while a stand-in deals (DG-29).
        if away && e.arrived && !penalised && self.profile.id == RulebookId::Dg {
            let t = &self.table(table)?.table;
            let dealt_in_now = t.seats()[seat.index()].is_some_and(|p| !p.absent);
            if dealt_in_now && t.on_button_or_blinds(seat) {
                away = false;
            }
        }
        let t = self.table_mut(table)?;
        if !t.in_hand() {
            t.table.set_absent(seat, away)?;
        }
        Ok(())
    }

    /// A busted player buys a new entry with a full stack and a new random seat (TDA-8A); where
    /// the event allows it, a player with chips gives them up between hands and they leave play
    /// (TDA-8B).
    pub fn re_enter(
        &mut self,
        player: PlayerId,
        by: Actor,
        now: Time,
    ) -> Result<PlayerId, DirectorError> {
        // The period open is the clock's now.
        self.tick(now)?;
        let Some(rules) = self.config.re_entry else {
            return Err(DirectorError::Closed {
                what: "re-entry",
                why: ClosedBy::NotOffered,
            });
        };
        if self.level_number() > rules.until_level || self.finished {
            return Err(DirectorError::Closed {
                what: "re-entry",
                why: ClosedBy::Rule(rule!("TDA-8")),
            });
        }
        let entry = self.entry(player)?;
        let surrender = match (entry.status, entry.seat) {
            (Status::Busted, _) => false,
            (Status::Playing, Some((table, _))) if rules.surrender => {
                if self.table(table)?.in_hand() {
                    return Err(DirectorError::Refused(Refused::HandInProgress {
                        table: table.0 + 1,
                    }));
                }
                true
            }
            _ => {
                return Err(DirectorError::Refused(Refused::ReEntryWithChips {
                    name: entry.name.clone(),
                }));
            }
        };
        let name = entry.name.clone();
        let number = self
            .entries
            .iter()
            .filter(|e| e.name == name)
            .map(|e| e.entry_number)
            .max()
            .unwrap_or(1);
        if rules.max_entries > 0 && number >= rules.max_entries {
            return Err(DirectorError::Refused(Refused::EntriesUsed {
                name,
                max: rules.max_entries,
            }));
        }
        self.books_take(&name, 1, 0, 0)?;
        if surrender {
            // TDA-8B: the chips given up are taken out of play.
            self.remove_with_chips(player, by, rule!("TDA-8B"), now)?;
        }
        let id = self.new_entry(&name, number + 1, true);
        self.log(now, by, Happening::ReEntered { player, entry: id });
        self.admit(id, now)?;
        Ok(id)
    }

    /// A rebuy: busted (HC-1.1) or at or below the starting stack before a hand (TDA-27), while
    /// the rebuy period lasts.
    pub fn rebuy(&mut self, player: PlayerId, by: Actor, now: Time) -> Result<(), DirectorError> {
        // The period open is the clock's now.
        self.tick(now)?;
        let Some(rules) = self.config.rebuy else {
            return Err(DirectorError::Closed {
                what: "rebuys",
                why: ClosedBy::NotOffered,
            });
        };
        // HC-1.1: open until the first hand of the level after `until_level` is dealt.
        let closed = self.level_number() > rules.until_level
            && self.dealt_level >= rules.until_level as usize;
        if closed || self.finished {
            return Err(DirectorError::Closed {
                what: "the rebuy period",
                why: ClosedBy::Rule(rule!("HC-1.1")),
            });
        }
        let entry = self.entry(player)?;
        if rules.max > 0 && entry.rebuys >= rules.max {
            return Err(DirectorError::Refused(Refused::RebuysUsed {
                name: entry.name.clone(),
                max: rules.max,
            }));
        }
        self.books_take(&entry.name, 0, 1, 0)?;
        match (entry.status, entry.seat, rules.when) {
            (Status::Busted, _, _) => {
                self.unplace_pending(player);
                self.expected_chips += rules.stack;
                self.seat_new_player(player, rules.stack, rule!("HC-1.1"), now)?;
            }
            (Status::Playing, Some((table, seat)), RebuyWhen::AtOrBelowStart) => {
                let t = self.table_mut(table)?;
                if t.in_hand() {
                    return Err(DirectorError::Refused(Refused::RebuyInHand));
                }
                let stack = t.table.seats()[seat.index()].map_or(0, |p| p.stack.0);
                if stack > self.config.starting_stack {
                    return Err(DirectorError::Refused(Refused::RebuyStackTooBig {
                        chips: self.config.starting_stack,
                    }));
                }
                self.add_chips(table, seat, rules.stack)?;
            }
            (Status::Playing, _, RebuyWhen::Busted) => {
                return Err(DirectorError::Refused(Refused::RebuyOnlyBusted));
            }
            _ => {
                return Err(DirectorError::Refused(Refused::NoRebuyNow {
                    name: entry.name.clone(),
                }));
            }
        }
        self.entry_mut(player)?.rebuys += 1;
        self.stats.rebuys += 1;
        self.log(now, by, Happening::Rebuy { player });
        Ok(())
    }

    /// The add-on at the end of its level, before the next level's first hand (HC-1.1).
    pub fn add_on(&mut self, player: PlayerId, by: Actor, now: Time) -> Result<(), DirectorError> {
        // The period open is the clock's now.
        self.tick(now)?;
        let Some(rules) = self.config.add_on else {
            return Err(DirectorError::Closed {
                what: "add-ons",
                why: ClosedBy::NotOffered,
            });
        };
        // HC-1.1: once the level is over, before the first hand of the next one is dealt.
        let next = rules.after_level as usize;
        let at_end = self.clock.level_index() >= next && self.dealt_level < next;
        if !at_end || self.finished {
            return Err(DirectorError::Closed {
                what: "the add-on",
                why: ClosedBy::Rule(rule!("HC-1.1")),
            });
        }
        let entry = self.entry(player)?;
        if entry.add_ons > 0 {
            return Err(DirectorError::Refused(Refused::AddOnTaken {
                name: entry.name.clone(),
            }));
        }
        let Some((table, seat)) = entry.seat.filter(|_| entry.status == Status::Playing) else {
            return Err(DirectorError::Refused(Refused::NotInEvent {
                name: entry.name.clone(),
            }));
        };
        if self.table(table)?.in_hand() {
            return Err(DirectorError::Refused(Refused::AddOnInHand));
        }
        self.books_take(&entry.name, 0, 0, 1)?;
        self.add_chips(table, seat, rules.stack)?;
        self.entry_mut(player)?.add_ons += 1;
        self.stats.add_ons += 1;
        self.log(now, by, Happening::AddOn { player });
        Ok(())
    }

    pub(crate) fn add_chips(
        &mut self,
        table: TableId,
        seat: Seat,
        chips: u64,
    ) -> Result<(), DirectorError> {
        let t = self.table_mut(table)?;
        let stack = t.table.seats()[seat.index()].map_or(0, |p| p.stack.0);
        t.table.set_stack(seat, Chips(stack + chips))?;
        t.chips += chips;
        self.table_chips += chips;
        self.expected_chips += chips;
        Ok(())
    }

    /// Seats waiting alternates while the field has room and registration is open (TDA-8A).
    pub(crate) fn seat_alternates(&mut self, now: Time) -> Result<(), DirectorError> {
        let cap = self.config.registration.max_entrants;
        while cap > 0
            && self.alive < cap
            && self.config.registration.late_until_level >= self.level_number()
        {
            let Some(id) = self.alternates.pop_front() else {
                break;
            };
            self.admit(id, now)?;
        }
        Ok(())
    }

    /// HC-1.4: players not at their seat before the table's first hand of the deadline level
    /// are removed with their chips.
    pub(crate) fn remove_late_players(
        &mut self,
        table: TableId,
        now: Time,
    ) -> Result<(), DirectorError> {
        let deadline = self
            .config
            .late_players
            .map(|l| l.removed_at_level)
            .unwrap_or(self.profile.director.late_player_deadline_level);
        if deadline == 0 || self.level_number() < deadline {
            return Ok(());
        }
        let late: Vec<PlayerId> = self.tables[table.0 as usize]
            .table
            .seats()
            .iter()
            .flatten()
            .map(|p| p.id)
            .filter(|&id| self.entries[id.0 as usize].arrived.not())
            .collect();
        for player in late {
            self.remove_with_chips(player, Actor::System, rule!("HC-1.4"), now)?;
        }
        Ok(())
    }

    /// Takes a seated player out of the event with their chips, which leave play (HC-1.4's
    /// late player, TDA-8B's surrendered stack).
    fn remove_with_chips(
        &mut self,
        player: PlayerId,
        by: Actor,
        rule: Rule,
        now: Time,
    ) -> Result<(), DirectorError> {
        let chips = self.unseat(player)?;
        self.expected_chips -= chips;
        self.entry_mut(player)?.status = Status::Removed;
        self.place_out();
        self.log(
            now,
            by,
            Happening::Removed {
                player,
                chips,
                rule,
            },
        );
        Ok(())
    }
}
