//! The room: games, guests, tables, lists and books, and every operation of the list keeper.
//! Each operation checks everything first and changes the room only once it cannot fail.

use crate::books::{Books, Closing, ClosingLine};
use crate::contact::Contact;
use crate::lists::{MissedOffer, Offer, Waiting, WaitingFor, next_in_line};
use crate::names;
use crate::tables::{CashTable, CashTableId, Seated, TableMode};
use crate::wait::SeatRate;
use crate::{AWAY_LIMIT_MS, Game, GameId, Rake, RingError, Shared, Time};
use engine::ring::Entering;
use engine::rule;
use engine::{Chips, RulebookId};
use shared::Chunked;

mod deal;
mod money;
mod why;

pub use why::{NoOfferBecause, Standing};

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct GuestId(pub u32);

impl GuestId {
    /// The guest's number as people count them, from 1 (the id counts from 0).
    pub fn number(self) -> u32 {
        self.0 + 1
    }
}

impl std::fmt::Display for GuestId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guest {
    pub id: GuestId,
    pub name: String,
    /// Where a seat offer is texted, given with consent; shown only to the desk.
    pub contact: Option<Contact>,
    /// Forgotten at their wish: name and number gone, the books keep the amounts under the id.
    pub forgotten: bool,
}

/// The room's choices where the rulebooks leave them to the house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomConfig {
    /// How long a seat offer stands.
    pub offer_ms: u64,
    /// What a guest who declines or lets an offer run out keeps.
    pub missed: MissedOffer,
    /// Names on an interest list that make a new table worth opening (with a dealer there).
    pub interest_min: usize,
    /// How the board in the room names the guests.
    pub board_names: BoardNames,
}

/// The names on the board in the room (issue 36): whole, or initials where the house would
/// rather not show them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BoardNames {
    #[default]
    Full,
    Initials,
}

impl Default for RoomConfig {
    fn default() -> RoomConfig {
        RoomConfig {
            offer_ms: 2 * 60_000,
            missed: MissedOffer::KeepPlace,
            interest_min: 4,
            board_names: BoardNames::Full,
        }
    }
}

/// What happened, for the screens and the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomEvent {
    TableOpened {
        table: CashTableId,
    },
    TableClosed {
        table: CashTableId,
    },
    Listed {
        guest: GuestId,
        game: GameId,
    },
    Unlisted {
        guest: GuestId,
        game: GameId,
    },
    Offered(Offer),
    OfferMissed {
        offer: Offer,
        declined: bool,
        kept_place: bool,
    },
    Seated {
        guest: GuestId,
        table: CashTableId,
        seat: u8,
        chips: Chips,
    },
    /// A must-move player moved to the main table as its seat opened.
    MustMove {
        guest: GuestId,
        from: CashTableId,
        to: CashTableId,
        seat: u8,
    },
    /// A table change granted from the list.
    Changed {
        guest: GuestId,
        from: CashTableId,
        to: CashTableId,
        seat: u8,
    },
    ToppedUp {
        guest: GuestId,
        chips: Chips,
    },
    CashedOut {
        guest: GuestId,
        chips: Chips,
    },
    /// HC-1.9: chips frozen in a tray, the seat given away.
    Frozen {
        guest: GuestId,
        chips: Chips,
    },
    HandSettled {
        table: CashTableId,
        rake: Chips,
    },
    TimeCharged {
        table: CashTableId,
        chips: Chips,
    },
}

/// What a main table's open seat does for its must-move table.
enum MustMove {
    Moved,
    /// A hand runs at one of the tables: the seat waits for the move.
    Held,
    Nobody,
}

#[derive(Clone, Debug, Default)]
pub struct Room {
    pub config: RoomConfig,
    // Shared: the cash task's copy of the room per turn costs a count per table (`shared`).
    games: Shared<Vec<Game>>,
    guests: Chunked<Guest>,
    tables: Shared<Vec<Shared<CashTable>>>,
    /// One list per game, in order of arrival.
    lists: Shared<Vec<Vec<Waiting>>>,
    offers: Shared<Vec<Offer>>,
    /// Where each guest sits, by guest id: kept by `place` and `unseat`, the only two that
    /// change a seat's guest; a view asks it for every guest it reads.
    seated_at: Shared<Vec<Option<(CashTableId, u8)>>>,
    books: Books,
    events: Vec<RoomEvent>,
}

impl Room {
    pub fn new(config: RoomConfig) -> Room {
        Room {
            config,
            ..Room::default()
        }
    }

    pub fn games(&self) -> &[Game] {
        &self.games
    }

    pub fn tables(&self) -> &[Shared<CashTable>] {
        &self.tables
    }

    pub fn guests(&self) -> &Chunked<Guest> {
        &self.guests
    }

    pub fn books(&self) -> &Books {
        &self.books
    }

    pub fn offers(&self) -> &[Offer] {
        &self.offers
    }

    /// What happened since the events were last taken.
    pub fn events(&self) -> &[RoomEvent] {
        &self.events
    }

    /// Hands the events over (to the log, the screens): the room keeps none of them.
    pub fn take_events(&mut self) -> Vec<RoomEvent> {
        std::mem::take(&mut self.events)
    }

    pub fn list(&self, game: GameId) -> Result<&[Waiting], RingError> {
        self.lists
            .get(game.0 as usize)
            .map(Vec::as_slice)
            .ok_or(RingError::NoSuchGame(game))
    }

    pub fn game(&self, game: GameId) -> Result<&Game, RingError> {
        self.games
            .get(game.0 as usize)
            .ok_or(RingError::NoSuchGame(game))
    }

    pub fn table(&self, table: CashTableId) -> Result<&CashTable, RingError> {
        self.tables
            .get(table.0 as usize)
            .map(|t| &**t)
            .ok_or(RingError::NoSuchTable(table))
    }

    /// A guest of the room; a forgotten one is no longer one.
    pub fn guest(&self, guest: GuestId) -> Result<&Guest, RingError> {
        self.guests
            .get(guest.0 as usize)
            .filter(|g| !g.forgotten)
            .ok_or(RingError::NoSuchGuest(guest))
    }

    /// A guest's name as the screens show it; empty for no such guest.
    pub fn guest_name(&self, guest: GuestId) -> &str {
        self.guest(guest).map_or("", |g| g.name.as_str())
    }

    /// Where a guest sits at a cash table.
    pub fn seat_of(&self, guest: GuestId) -> Option<(CashTableId, u8)> {
        let at = self
            .seated_at
            .get(guest.0 as usize)
            .copied()
            .flatten()
            .filter(|(t, _)| self.tables[t.0 as usize].is_open());
        debug_assert_eq!(
            at,
            self.tables
                .iter()
                .filter(|t| t.is_open())
                .find_map(|t| t.seat_of(guest).map(|s| (t.id, s))),
            "the index of seats is the seats"
        );
        at
    }

    fn seated(&self, guest: GuestId) -> Result<(CashTableId, u8, Seated), RingError> {
        let (table, seat) = self.seat_of(guest).ok_or(RingError::NotSeated(guest))?;
        let s = self.tables[table.0 as usize].seats[usize::from(seat - 1)]
            .ok_or(RingError::NotSeated(guest))?;
        Ok((table, seat, s))
    }

    pub fn add_game(&mut self, game: Game) -> Result<GameId, RingError> {
        game.check()?;
        let id = GameId(self.games.len() as u32);
        self.games.push(game);
        self.lists.push(Vec::new());
        Ok(id)
    }

    /// A new guest's name as the board will show it, checked before the guest is taken in: 1 to
    /// 40 printable characters (spaces around it trimmed), none that could pass for something
    /// else, and no other guest's name, case aside. `add_guest` holds a logged guest only to the
    /// length, so that a log from before this check replays.
    pub fn check_guest_name<'a>(&self, name: &'a str) -> Result<&'a str, RingError> {
        let name = guest_name_length(name)?;
        if let Some(c) = name.chars().find(|&c| names::hidden(c)) {
            return Err(RingError::NameNotPrintable { code: c as u32 });
        }
        if self.guests.iter().any(|g| names::same_name(&g.name, name)) {
            return Err(RingError::NameTaken(name.to_string()));
        }
        Ok(name)
    }

    pub fn add_guest(&mut self, name: &str) -> Result<GuestId, RingError> {
        let name = guest_name_length(name)?;
        let id = GuestId(self.guests.len() as u32);
        self.guests.push(Guest {
            id,
            name: name.to_string(),
            contact: None,
            forgotten: false,
        });
        Ok(id)
    }

    /// A guest's number for seat offers, or none (taken back). The number's consent and form
    /// are checked where it is read (`Contact::new`).
    pub fn set_contact(
        &mut self,
        guest: GuestId,
        contact: Option<Contact>,
    ) -> Result<(), RingError> {
        self.guest(guest)?;
        self.guests[guest.0 as usize].contact = contact;
        Ok(())
    }

    /// A guest who is not seated and has no chips in a tray is forgotten: off every list, any
    /// offer to them goes on to the next, name and number gone. The books keep the amounts
    /// under the guest's number (HC-1.10: the list keeper answers for the accounts).
    pub fn forget_guest(&mut self, guest: GuestId, now: Time) -> Result<(), RingError> {
        self.guest(guest)?;
        if self.seat_of(guest).is_some() {
            return Err(RingError::Seated(guest));
        }
        if self.books.frozen.iter().any(|f| f.0 == guest) {
            return Err(RingError::ForgetWithChips(guest));
        }
        for (game, list) in self.lists.iter_mut().enumerate() {
            if list.iter().any(|w| w.guest == guest) {
                list.retain(|w| w.guest != guest);
                self.events.push(RoomEvent::Unlisted {
                    guest,
                    game: GameId(game as u32),
                });
            }
        }
        self.offers.retain(|o| o.guest != guest);
        let g = &mut self.guests[guest.0 as usize];
        g.name.clear();
        g.contact = None;
        g.forgotten = true;
        self.fill(now);
        Ok(())
    }

    /// HC-1.10: a member opens a table for a game and fixes its conditions (HC-1.6), written on
    /// its list. A must-move table names the main table it feeds. Its seats are offered to the
    /// list at once.
    pub fn open_table(
        &mut self,
        game: GameId,
        mode: TableMode,
        opened_by: &str,
        conditions: &str,
        feeds: Option<CashTableId>,
        now: Time,
    ) -> Result<CashTableId, RingError> {
        let seats = usize::from(self.game(game)?.seats);
        if let Some(main) = feeds {
            let m = self.table(main)?;
            if !m.is_open() || m.game != game || m.feeds.is_some() {
                return Err(RingError::FeedsNoMainTable);
            }
        }
        const OPENER_CHARS: usize = 40;
        const CONDITION_CHARS: usize = 500;
        if opened_by.trim().is_empty() || opened_by.chars().count() > OPENER_CHARS {
            return Err(RingError::OpenerName {
                max: OPENER_CHARS,
                rule: engine::rule!("HC-1.10"),
            });
        }
        if conditions.chars().count() > CONDITION_CHARS {
            return Err(RingError::ConditionsTooLong {
                max: CONDITION_CHARS,
            });
        }
        let id = CashTableId(self.tables.len() as u32);
        self.tables.push(Shared::new(CashTable {
            id,
            game,
            mode,
            opened_by: opened_by.trim().to_string(),
            conditions: conditions.trim().to_string(),
            opened_at: now,
            closed_at: None,
            feeds,
            seats: vec![None; seats],
            hand_running: false,
            hands: 0,
            charged_until: now,
            rake: Chips(0),
            last: None,
            dealing: None,
            settled_at: None,
        }));
        self.events.push(RoomEvent::TableOpened { table: id });
        self.fill(now);
        Ok(id)
    }

    /// The room's choices (the house's: the rulebooks leave them open). An offer stands 10
    /// seconds to an hour; 2 to 10 names make a table worth opening. Offers standing keep their
    /// time.
    pub fn configure(&mut self, config: RoomConfig) -> Result<(), RingError> {
        if !(10_000..=3_600_000).contains(&config.offer_ms) {
            return Err(RingError::OfferTime { min_s: 10 });
        }
        if !(2..=10).contains(&config.interest_min) {
            return Err(RingError::InterestMin { min: 2, max: 10 });
        }
        self.config = config;
        Ok(())
    }

    /// Whether an interest list holds enough names to open a table for its game.
    pub fn worth_opening(&self, game: GameId) -> Result<bool, RingError> {
        let waiting = self
            .list(game)?
            .iter()
            .filter(|w| w.wants == WaitingFor::Seat);
        Ok(waiting.count() >= self.config.interest_min)
    }

    /// A name on a game's list (from the browser or the desk). Refused: a second name on the same
    /// list, a seat asked for by a player seated in the game (a table change is asked for
    /// instead), and under HC a player still in a tournament (HC-1.4).
    pub fn join(
        &mut self,
        guest: GuestId,
        game: GameId,
        in_tournament: bool,
        now: Time,
    ) -> Result<(), RingError> {
        self.guest(guest)?;
        let profile = self.game(game)?.profile;
        if in_tournament && profile == RulebookId::Hc {
            return Err(RingError::InTournament {
                guest,
                rule: rule!("HC-1.4"),
            });
        }
        if self.list(game)?.iter().any(|w| w.guest == guest) {
            return Err(RingError::ListedTwice { guest });
        }
        let wants = match self.seat_of(guest) {
            Some((table, _)) if self.tables[table.0 as usize].game == game => {
                WaitingFor::TableChange { from: table }
            }
            _ => WaitingFor::Seat,
        };
        self.lists[game.0 as usize].push(Waiting {
            guest,
            since: now,
            wants,
            passed: Vec::new(),
        });
        self.events.push(RoomEvent::Listed { guest, game });
        self.fill(now);
        Ok(())
    }

    /// A name taken off a list, with any seat offered to it.
    pub fn leave_list(&mut self, guest: GuestId, game: GameId, now: Time) -> Result<(), RingError> {
        let list = self.list(game)?;
        let k = list
            .iter()
            .position(|w| w.guest == guest)
            .ok_or(RingError::NotListed(guest))?;
        self.lists[game.0 as usize].remove(k);
        let tables = &self.tables;
        self.offers
            .retain(|o| o.guest != guest || tables[o.table.0 as usize].game != game);
        self.events.push(RoomEvent::Unlisted { guest, game });
        self.fill(now);
        Ok(())
    }

    /// The offer standing for a guest, if it has not run out by `now`.
    fn live_offer(&self, guest: GuestId, now: Time) -> Result<Offer, RingError> {
        let offer = *self
            .offers
            .iter()
            .find(|o| o.guest == guest)
            .ok_or(RingError::NoOffer(guest))?;
        if now >= offer.expires {
            return Err(RingError::OfferExpired {
                guest,
                expired_at_ms: offer.expires.0,
            });
        }
        Ok(offer)
    }

    /// The guest takes the seat offered: a new player buys in within the game's limits; a
    /// table change brings their chips (and no buy-in).
    pub fn accept(
        &mut self,
        guest: GuestId,
        buy_in: Chips,
        entering: Entering,
        now: Time,
    ) -> Result<(), RingError> {
        let offer = self.live_offer(guest, now)?;
        let game = self.tables[offer.table.0 as usize].game;
        let change = self.seat_of(guest);
        if let Some((other, _)) = change
            && self.tables[other.0 as usize].game != game
        {
            return Err(RingError::SeatedElsewhere {
                guest,
                table: other,
            });
        }
        // HC-1.9: a frozen player sits down with the chips from the tray, not a new buy-in.
        if change.is_none() && self.frozen_of(guest, game).is_some() {
            self.offers.retain(|o| o.guest != guest);
            self.lists[game.0 as usize].retain(|w| w.guest != guest);
            self.seat_frozen(guest, game, offer.table, offer.seat, now);
            self.fill(now);
            return Ok(());
        }
        let mut bought_in = self.books.bought_in;
        if change.is_none() {
            self.check_buy_in(game, buy_in)?;
            bought_in = crate::books::add(bought_in, buy_in)?;
        } else if let Some((from, _)) = change
            && self.tables[from.0 as usize].hand_running
            && self.seated(guest)?.2.in_hand
        {
            return Err(RingError::ChipsInThePot(guest));
        }
        self.offers.retain(|o| o.guest != guest);
        self.lists[game.0 as usize].retain(|w| w.guest != guest);
        match change {
            None => {
                self.books.bought_in = bought_in;
                self.books
                    .open_session(guest, game, offer.table, now, buy_in);
                self.place(guest, offer.table, offer.seat, buy_in, now, entering);
            }
            Some((from, seat)) => {
                let chips = self.unseat(from, seat, now);
                self.books.close_session(guest, now, chips);
                self.books
                    .open_session(guest, game, offer.table, now, chips);
                self.place(guest, offer.table, offer.seat, chips, now, entering);
                self.events.push(RoomEvent::Changed {
                    guest,
                    from,
                    to: offer.table,
                    seat: offer.seat,
                });
            }
        }
        self.fill(now);
        Ok(())
    }

    /// The guest says no to the seat: the offer goes on to the next in line.
    pub fn decline(&mut self, guest: GuestId, now: Time) -> Result<(), RingError> {
        let offer = self.live_offer(guest, now)?;
        self.miss(offer, true);
        self.fill(now);
        Ok(())
    }

    /// Offers that ran out by `now` go on to the next in line; a must-move table's players move.
    pub fn tick(&mut self, now: Time) {
        let expired: Vec<Offer> = self
            .offers
            .iter()
            .copied()
            .filter(|o| now >= o.expires)
            .collect();
        for offer in expired {
            self.miss(offer, false);
        }
        self.fill(now);
    }

    fn miss(&mut self, offer: Offer, declined: bool) {
        self.offers.retain(|o| *o != offer);
        let game = self.tables[offer.table.0 as usize].game;
        let list = &mut self.lists[game.0 as usize];
        let kept_place = self.config.missed == MissedOffer::KeepPlace;
        if kept_place {
            if let Some(w) = list.iter_mut().find(|w| w.guest == offer.guest) {
                w.passed.push((offer.table, offer.seat));
            }
        } else {
            list.retain(|w| w.guest != offer.guest);
        }
        self.events.push(RoomEvent::OfferMissed {
            offer,
            declined,
            kept_place,
        });
    }

    /// Every free seat of an open table not yet offered: a main table takes the longest-seated
    /// player of its must-move table first; then table changes, then the list in order.
    fn fill(&mut self, now: Time) {
        // Runs after most commands: a table nobody waits for and no must-move table feeds is
        // passed over at once (a room of a thousand tables seated from the desk).
        let mut fed = vec![false; self.tables.len()];
        for main in self
            .tables
            .iter()
            .filter(|t| t.is_open())
            .filter_map(|t| t.feeds)
        {
            if let Some(f) = fed.get_mut(main.0 as usize) {
                *f = true;
            }
        }
        for t in 0..self.tables.len() {
            if !self.tables[t].is_open() {
                continue;
            }
            let waiting = self
                .lists
                .get(self.tables[t].game.0 as usize)
                .is_some_and(|l| !l.is_empty());
            if !waiting && !fed[t] {
                continue;
            }
            let table = CashTableId(t as u32);
            let free: Vec<u8> = self.tables[t].free_seats().collect();
            for seat in free {
                if self
                    .offers
                    .iter()
                    .any(|o| o.table == table && o.seat == seat)
                {
                    continue;
                }
                match self.must_move_into(table, seat, now) {
                    MustMove::Moved | MustMove::Held => continue,
                    MustMove::Nobody => {}
                }
                let game = self.tables[t].game;
                let frozen: Vec<GuestId> = self
                    .books
                    .frozen
                    .iter()
                    .filter(|f| f.1 == game)
                    .map(|f| f.0)
                    .collect();
                let seated_elsewhere = |g: GuestId| {
                    self.seat_of(g)
                        .is_some_and(|(at, _)| self.tables[at.0 as usize].game != game)
                };
                let Some(next) = next_in_line(
                    &self.lists[game.0 as usize],
                    table,
                    seat,
                    &self.offers,
                    &frozen,
                    |g| !seated_elsewhere(g),
                ) else {
                    continue;
                };
                let offer = Offer {
                    guest: next.guest,
                    table,
                    seat,
                    made: now,
                    expires: now.plus_ms(self.config.offer_ms),
                };
                self.offers.push(offer);
                self.events.push(RoomEvent::Offered(offer));
            }
        }
    }

    /// A must-move table's longest-seated player (not away) moves into the main table's open
    /// seat with their chips, between hands at both tables; while a hand runs the seat is held
    /// for them.
    fn must_move_into(&mut self, main: CashTableId, seat: u8, now: Time) -> MustMove {
        let Some(feeder) = self
            .tables
            .iter()
            .find(|t| t.is_open() && t.feeds == Some(main))
        else {
            return MustMove::Nobody;
        };
        let from = feeder.id;
        let Some((k, s)) = feeder
            .seats
            .iter()
            .enumerate()
            .filter_map(|(k, s)| s.map(|s| (k, s)))
            .filter(|(_, s)| s.away_since.is_none())
            .min_by_key(|(_, s)| s.since)
        else {
            return MustMove::Nobody;
        };
        if feeder.hand_running || self.tables[main.0 as usize].hand_running {
            return MustMove::Held;
        }
        let chips = self.unseat(from, k as u8 + 1, now);
        self.place(s.guest, main, seat, chips, now, Entering::Post);
        let game = self.tables[main.0 as usize].game;
        self.books.close_session(s.guest, now, chips);
        self.books.open_session(s.guest, game, main, now, chips);
        self.events.push(RoomEvent::MustMove {
            guest: s.guest,
            from,
            to: main,
            seat,
        });
        MustMove::Moved
    }

    fn check_buy_in(&self, game: GameId, amount: Chips) -> Result<(), RingError> {
        let limits = self.game(game)?.buy_in;
        if amount < limits.min || amount > limits.max {
            return Err(RingError::BuyInOutsideLimits {
                amount,
                min: limits.min,
                max: limits.max,
            });
        }
        Ok(())
    }

    fn place(
        &mut self,
        guest: GuestId,
        table: CashTableId,
        seat: u8,
        chips: Chips,
        now: Time,
        entering: Entering,
    ) {
        // A seat let go is taken: those who passed it may be offered it when it opens again.
        for w in self.lists.iter_mut().flatten() {
            w.passed.retain(|&p| p != (table, seat));
        }
        let at = guest.0 as usize;
        if self.seated_at.len() <= at {
            self.seated_at.resize(at + 1, None);
        }
        self.seated_at[at] = Some((table, seat));
        self.tables[table.0 as usize].seats[usize::from(seat - 1)] = Some(Seated {
            guest,
            chips,
            away_since: None,
            in_hand: false,
            since: now,
            played: false,
            played_last: false,
            owes: None,
            entering,
        });
        self.events.push(RoomEvent::Seated {
            guest,
            table,
            seat,
            chips,
        });
    }

    /// Takes a player off a seat, returning their chips; a table change they asked for from
    /// there goes with them.
    fn unseat(&mut self, table: CashTableId, seat: u8, _now: Time) -> Chips {
        let Some(s) = self.tables[table.0 as usize].seats[usize::from(seat - 1)].take() else {
            return Chips(0);
        };
        if let Some(at) = self.seated_at.get_mut(s.guest.0 as usize) {
            *at = None;
        }
        let changing = |w: &Waiting| {
            w.guest == s.guest && w.wants == (WaitingFor::TableChange { from: table })
        };
        for list in self.lists.iter_mut() {
            list.retain(|w| !changing(w));
        }
        let lists = &self.lists;
        let tables = &self.tables;
        self.offers.retain(|o| {
            o.guest != s.guest
                || lists[tables[o.table.0 as usize].game.0 as usize]
                    .iter()
                    .any(|w| w.guest == s.guest)
        });
        s.chips
    }

    /// The pace a game's list moves at by `now`: the sessions that ended at its tables in the
    /// last two hours over the time players sat there (`wait.rs`). None while no table of the
    /// game is open (an interest list waits for a table, not a seat) or before anyone left.
    pub fn seat_rate(&self, game: GameId, now: Time) -> Option<SeatRate> {
        let seats: usize = self
            .tables
            .iter()
            .filter(|t| t.game == game && t.is_open())
            .map(|t| t.seats.len())
            .sum();
        let sessions = self.books.sessions.iter().filter(|s| s.game == game);
        crate::wait::pace(
            sessions.map(|s| (s.start, s.end)),
            u32::try_from(seats).ok()?,
            now,
        )
    }

    /// The chips a guest has frozen in a tray for a game.
    fn frozen_of(&self, guest: GuestId, game: GameId) -> Option<usize> {
        self.books
            .frozen
            .iter()
            .position(|f| f.0 == guest && f.1 == game)
    }

    /// HC-1.9: a frozen player takes a seat with the chips from the tray.
    fn seat_frozen(
        &mut self,
        guest: GuestId,
        game: GameId,
        table: CashTableId,
        seat: u8,
        now: Time,
    ) {
        if let Some(k) = self.frozen_of(guest, game) {
            let (_, _, chips) = self.books.frozen.remove(k);
            for list in self.lists.iter_mut() {
                list.retain(|w| w.guest != guest);
            }
            self.offers.retain(|o| o.guest != guest);
            self.books.open_session(guest, game, table, now, chips);
            self.place(guest, table, seat, chips, now, Entering::Post);
        }
    }
}

/// A guest's name trimmed, 1 to 40 characters.
fn guest_name_length(name: &str) -> Result<&str, RingError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > names::NAME_CHARS {
        return Err(RingError::NameLength {
            max: names::NAME_CHARS,
        });
    }
    Ok(name)
}
