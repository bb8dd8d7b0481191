//! The room's cash games (issue 18): one task owns the list keeper's room (`ring::Room`) and
//! the hands of its online tables. The list keeper's and the guests' commands
//! (`protocol::RingCommand`) are logged and replayed like every other; the task's own timer
//! moves on offers that ran out, deals online tables and times out players.
//! `GET /api/ring` is the waiting-list board; `POST /api/ring` takes the list keeper's
//! commands (the TD's secret); `/api/ring/guests` and `/api/ring/me` are the guests' own.

mod deck;
mod online;

pub mod tablet;
pub(crate) mod view;
pub(crate) mod wire;

use crate::refusal::Refusal;
use crate::role::Index;
use crate::role::Role;
use crate::room::Changes;
use crate::task::{Owned, Signed, Tx};
use online::Hands;
use protocol::Actor;
use protocol::{Command, RingCommand};
use ring::{CashTableId, GuestId, Room, RoomConfig, TableMode, Time};
use std::sync::Arc;

/// How long after a refused deal the table is tried again.
const RETRY_MS: u64 = 5_000;

/// A change of the cash room as its pages are told of it: its count, and what the last changes
/// touched (`MARKS_KEPT` of them), each the online tables of hands' steps, or `None`: anything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    pub v: u64,
    pub recent: Arc<std::collections::VecDeque<(u64, Option<Vec<u32>>)>>,
}

/// How many changes back a page that fell behind is still told only the tables they touched.
const MARKS_KEPT: usize = 64;

impl Mark {
    /// The next change, which touched `tables` (`None`: anything).
    fn bump(&mut self, tables: Option<Vec<u32>>) {
        self.v += 1;
        let mut recent = (*self.recent).clone();
        if recent.len() == MARKS_KEPT {
            recent.pop_front();
        }
        recent.push_back((self.v, tables));
        self.recent = Arc::new(recent);
    }

    /// The tables changes `from`..=`self.v` touched, when they were hands' steps alone and
    /// are still kept.
    fn tables_since(&self, from: u64) -> Option<Vec<u32>> {
        let mut tables = std::collections::BTreeSet::new();
        let mut count = 0;
        for (_, touched) in self.recent.iter().filter(|(v, _)| *v >= from) {
            tables.extend(touched.as_ref()?);
            count += 1;
        }
        (count == self.v + 1 - from).then(|| tables.into_iter().collect())
    }
}

impl crate::push::Told for Mark {
    fn version(&self) -> u64 {
        self.v
    }

    /// `{"type":"changed","v":N,"tables":[T]}` when every change since the page was last told
    /// (`last`) was a hand's step at online tables T; else `{"type":"changed","v":N}`: read
    /// everything.
    fn text(&self, last: Option<u64>) -> String {
        match last
            .filter(|&l| l < self.v)
            .and_then(|l| self.tables_since(l + 1))
        {
            Some(tables) => {
                let list: Vec<String> = tables.iter().map(u32::to_string).collect();
                format!(
                    r#"{{"type":"changed","v":{},"tables":[{}]}}"#,
                    self.v,
                    list.join(",")
                )
            }
            None => format!(r#"{{"type":"changed","v":{}}}"#, self.v),
        }
    }
}

/// A guest's page's changes (`CashState::following`): `{"type":"changed","v":N}` for every
/// change beyond hands' steps, `{"type":"changed","v":N,"tables":[T]}` for a step at its table.
#[derive(Debug)]
pub struct Following {
    mark: tokio::sync::watch::Receiver<Mark>,
    moved: tokio::sync::watch::Receiver<u64>,
    table: Option<(u32, tokio::sync::watch::Receiver<u64>)>,
}

impl crate::push::Follow for Following {
    async fn next(&mut self) -> Option<String> {
        let moved = &mut self.moved;
        let table = match &mut self.table {
            Some((t, stepped)) => tokio::select! {
                r = moved.changed() => r.ok().map(|()| None)?,
                r = stepped.changed() => r.ok().map(|()| Some(*t))?,
            },
            None => moved.changed().await.ok().map(|()| None)?,
        };
        // Both changed: read everything, once.
        let table = table.filter(|_| !self.moved.has_changed().unwrap_or(false));
        self.moved.mark_unchanged();
        if let Some((_, stepped)) = &mut self.table {
            stepped.mark_unchanged();
        }
        let v = self.mark.borrow().v;
        Some(match table {
            Some(t) => format!(r#"{{"type":"changed","v":{v},"tables":[{t}]}}"#),
            None => format!(r#"{{"type":"changed","v":{v}}}"#),
        })
    }
}

#[derive(Debug)]
pub struct CashState {
    room: Room,
    hands: Hands,
    /// Guests who registered from the browser: their token's hash.
    tokens: Vec<(String, GuestId)>,
    /// Tokens written since the last commit, for the index then.
    unindexed: usize,
    index: Arc<Index>,
    /// Tables whose deal was refused, and when to try again (not logged: a wake-up only).
    retry_deal: std::collections::BTreeMap<u32, u64>,
    /// Tablet tables a dealer's tablet follows (told by the hub, not logged): their next hand
    /// starts by this task's clock once the pause is over (`tablet::next_start`).
    tablets: std::collections::BTreeSet<u32>,
    /// When each online table next needs the clock (`due_at`), by time, and by table: the
    /// timers' pass after a turn looks at the tables due, not at every table.
    due: std::collections::BTreeSet<(u64, u32)>,
    due_of: std::collections::BTreeMap<u32, u64>,
    /// Tables whose time in `due` may be out of date: the ones hands' steps touched, or all
    /// (`None`: any other change, a replay, a turn taken back).
    stale: Option<std::collections::BTreeSet<u32>>,
    /// Tests only: the decks' seeds from a seeded generator (`Opened::seed_cash_deals`).
    deal_seeds: Option<rand_chacha::ChaCha20Rng>,
    /// Counts the room's changes, for the pages that follow it (`stream`), with the online
    /// tables a change touched alone; the SMS sender counts a failed text too.
    changed: Arc<tokio::sync::watch::Sender<Mark>>,
    /// Counts the changes beyond hands' steps, for the guests' pages, which follow these and
    /// their own table's (`following`).
    moved: tokio::sync::watch::Sender<u64>,
    /// Counts each online table's hands' steps, by table id.
    stepped: Vec<tokio::sync::watch::Sender<u64>>,
    /// What the commands of this turn touched: the online tables of hands' steps only, or
    /// anything (`None`).
    touched: Option<std::collections::BTreeSet<u32>>,
    /// The house's SMS gateway, when configured: set once the log is replayed, so that a
    /// replayed offer is never texted again.
    sms: Option<crate::sms::Sms>,
    /// Offers made this turn, texted once the turn is in the log.
    offered: Vec<ring::Offer>,
    /// How often the due times were brought up to date (`refresh_due`), to know on a restore
    /// whether they are of the saved state.
    refreshes: u64,
    /// The reasonable time to act at an online table before time is called (TDA-29).
    act_ms: u64,
    /// Seals the online hands' seeds in the log (issue 37).
    seal: crate::secret::SealKey,
}

/// The cash room as the log rebuilds it, and what a turn keeps beside it until the write (its
/// new tokens, its offers to text, the tables it touched).
#[derive(Debug)]
pub struct Saved {
    room: Room,
    hands: Hands,
    tokens: usize,
    unindexed: usize,
    offered: usize,
    touched: Option<std::collections::BTreeSet<u32>>,
    refreshes: u64,
}

impl CashState {
    pub fn new(index: Arc<Index>, act_seconds: u32, seal: crate::secret::SealKey) -> CashState {
        CashState {
            room: Room::new(RoomConfig::default()),
            hands: Hands::new(),
            tokens: Vec::new(),
            unindexed: 0,
            index,
            retry_deal: std::collections::BTreeMap::new(),
            tablets: std::collections::BTreeSet::new(),
            due: std::collections::BTreeSet::new(),
            due_of: std::collections::BTreeMap::new(),
            stale: None,
            deal_seeds: None,
            changed: Arc::new(tokio::sync::watch::Sender::new(Mark::default())),
            moved: tokio::sync::watch::Sender::new(0),
            stepped: Vec::new(),
            touched: Some(std::collections::BTreeSet::new()),
            sms: None,
            offered: Vec::new(),
            refreshes: 0,
            act_ms: u64::from(act_seconds.max(1)) * 1_000,
            seal,
        }
    }

    /// Texts seat offers from now on (after the replay: never an offer of the log's).
    pub(crate) fn start_sms(&mut self, config: crate::sms::SmsConfig, clock: crate::clock::Clock) {
        let changed = self.changed.clone();
        let told = Arc::new(move || changed.send_modify(|m| m.bump(None)));
        self.sms = Some(crate::sms::Sms::spawn(config, clock, told));
    }

    /// The room's events are for screens and the texts; the log holds the commands.
    fn take_events(&mut self) {
        let events = self.room.take_events();
        if self.sms.is_some() {
            self.offered.extend(events.iter().filter_map(|e| match e {
                ring::RoomEvent::Offered(o) => Some(*o),
                _ => None,
            }));
        }
    }

    /// Texts the offers of a turn now in the log, to guests who left a number; an offer
    /// answered or gone within the turn is not texted.
    fn text_offers(&mut self) {
        let offered = std::mem::take(&mut self.offered);
        let Some(sms) = &self.sms else {
            return;
        };
        sms.standing(self.room.offers());
        for offer in offered {
            if !self.room.offers().contains(&offer) {
                continue;
            }
            let Ok(guest) = self.room.guest(offer.guest) else {
                continue;
            };
            let Some(contact) = &guest.contact else {
                continue;
            };
            let Some(game) = self
                .room
                .table(offer.table)
                .ok()
                .and_then(|t| self.room.game(t.game).ok())
            else {
                continue;
            };
            let lang = match contact.lang {
                ring::Lang::De => protocol::Lang::De,
                ring::Lang::En => protocol::Lang::En,
            };
            let held = offer.expires.0.saturating_sub(offer.made.0);
            sms.send(crate::sms::Text {
                guest: offer.guest,
                table: offer.table,
                seat: offer.seat,
                offered_ms: offer.made.0,
                to: contact.phone.to_string(),
                text: crate::sms::offer_text(lang, &game.name, offer.table, offer.seat, held),
            });
        }
    }

    /// The desk's own view: the numbers guests left and the texts that failed (TD only).
    pub fn desk(&self) -> protocol::RingDesk {
        let lang = |l: ring::Lang| match l {
            ring::Lang::De => protocol::Lang::De,
            ring::Lang::En => protocol::Lang::En,
        };
        protocol::RingDesk {
            sms: self.sms.is_some(),
            phones: self
                .room
                .guests()
                .iter()
                .filter(|g| !g.forgotten)
                .filter_map(|g| {
                    g.contact.as_ref().map(|c| protocol::DeskPhone {
                        guest: g.id,
                        name: g.name.clone(),
                        phone: c.phone.to_string(),
                        lang: lang(c.lang),
                    })
                })
                .collect(),
            sms_failed: self.sms.as_ref().map_or_else(Vec::new, |sms| {
                sms.failed()
                    .into_iter()
                    .map(|f| protocol::SmsFailed {
                        guest: f.guest,
                        name: self.room.guest_name(f.guest).to_string(),
                        table: f.table,
                        seat: f.seat,
                        offered_ms: f.offered_ms,
                        failed_ms: f.failed_ms,
                        attempts: f.attempts,
                        why: f.why,
                    })
                    .collect()
            }),
            sms_sent: self.sms.as_ref().map_or(0, crate::sms::Sms::sent),
        }
    }

    /// The count of the room's changes, changed at each.
    pub fn changes(&self) -> tokio::sync::watch::Receiver<Mark> {
        self.changed.subscribe()
    }

    /// A guest's page's changes: every change but hands' steps, and the steps at `table`
    /// (none: no table's). Only the connections a change concerns are woken: at thousands of
    /// tables, a step wakes its table's guests, not the room's.
    pub fn following(&mut self, table: Option<CashTableId>) -> Result<Following, Refusal> {
        let table = match table {
            Some(t) => {
                self.room.table(t).map_err(|e| wire::refusal(&e))?;
                Some((t.0, self.stepped_at(t.0).subscribe()))
            }
            None => None,
        };
        let mut moved = self.moved.subscribe();
        moved.mark_changed();
        Ok(Following {
            mark: self.changed.subscribe(),
            moved,
            table,
        })
    }

    /// A dealer's tablet follows `table` (the hub, as it opens the tablet's live table): its
    /// next hands start by this task's clock.
    pub fn tablet_follows(&mut self, table: CashTableId) {
        if self.tablets.insert(table.0) {
            note(&mut self.stale, Some(table.0));
        }
    }

    fn stepped_at(&mut self, table: u32) -> &tokio::sync::watch::Sender<u64> {
        let at = table as usize;
        if self.stepped.len() <= at {
            self.stepped
                .resize_with(at + 1, || tokio::sync::watch::Sender::new(0));
        }
        &self.stepped[at]
    }

    /// Notes what `command` touches for the pages: a hand's step its table alone (a guest
    /// elsewhere need not read again), anything else the whole room.
    fn touch(&mut self, command: &RingCommand) {
        let table = match command {
            RingCommand::Deal { table, .. }
            | RingCommand::Commit { table, .. }
            | RingCommand::TimeOut { table, .. }
            | RingCommand::CallClock { table, .. } => Some(table.0),
            // The guest's own table: a hand they played at a table they left may still be
            // kept there, over.
            RingCommand::Act { guest, .. } | RingCommand::DeckValue { guest, .. } => {
                self.room.seat_of(*guest).map(|(t, _)| t.0)
            }
            _ => None,
        };
        note(&mut self.stale, table);
        note(&mut self.touched, table);
    }

    pub fn room(&self) -> &Room {
        &self.room
    }

    /// The deck proofs of `table`'s last hands over, with who was dealt in each (issue 37).
    pub fn deck_proofs(&self, table: CashTableId) -> Vec<(Vec<GuestId>, protocol::DeckProof)> {
        self.hands.proofs(table)
    }

    /// Applies one command (replay and the task alike). A refusal may leave it half applied:
    /// the task puts back what it saved before the command (`Owned::restore`), and a record
    /// that does not replay stops the server.
    pub fn apply_to(&mut self, at_ms: u64, command: &RingCommand) -> Result<(), Refusal> {
        if matches!(
            command,
            RingCommand::Deal { .. }
                | RingCommand::Commit { .. }
                | RingCommand::DeckValue { .. }
                | RingCommand::Act { .. }
                | RingCommand::TimeOut { .. }
                | RingCommand::CallClock { .. }
        ) {
            return self.play(at_ms, command);
        }
        let room = &mut self.room;
        let now = Time(at_ms);
        match command {
            RingCommand::RegisterGuest { name, token } => {
                if token.len() != 64 || self.tokens.iter().any(|(t, _)| t == token) {
                    return Err(Refusal::internal("a guest's token is new and hashed"));
                }
                let guest = room.add_guest(name).map_err(|e| wire::refusal(&e))?;
                self.tokens.push((token.clone(), guest));
                self.unindexed += 1;
            }
            RingCommand::HandStarted { table, .. } | RingCommand::HandSettled { table, .. }
                if room
                    .table(*table)
                    .is_ok_and(|t| t.mode == TableMode::Online) =>
            {
                return Err(Refusal::conflict(
                    "online",
                    format!("the server deals table {table}: its hands are not reported"),
                ));
            }
            other => wire::apply(room, now, other)?,
        }
        self.take_events();
        Ok(())
    }

    /// A step of a hand at an online table.
    fn play(&mut self, at_ms: u64, command: &RingCommand) -> Result<(), Refusal> {
        let (room, hands, act_ms) = (&mut self.room, &mut self.hands, self.act_ms);
        match command {
            RingCommand::Commit {
                table,
                hand,
                sealed,
                commitment,
                values_by_holder,
            } => {
                let commit = online::Commit {
                    table: *table,
                    hand: *hand,
                    sealed,
                    commitment,
                    by_holder: *values_by_holder,
                };
                online::commit(room, hands, self.seal, &commit, at_ms)?;
            }
            RingCommand::DeckValue { guest, hand, value } => {
                online::value(room, hands, *guest, *hand, value)?;
            }
            RingCommand::Deal { table, seed } => {
                online::deal(room, hands, *table, seed.as_deref(), at_ms, act_ms)?;
            }
            RingCommand::Act {
                guest,
                hand,
                action,
            } => online::act(room, hands, *guest, *hand, *action, at_ms, act_ms)?,
            RingCommand::TimeOut { table, hand } => {
                online::time_out(room, hands, *table, *hand, at_ms, act_ms)?;
            }
            RingCommand::CallClock { table, hand } => {
                online::call_clock(room, hands, *table, *hand, at_ms)?;
            }
            _ => return Err(Refusal::internal("not a hand's step")),
        }
        self.take_events();
        Ok(())
    }

    /// Puts the tokens of guests replayed or just written into the hub's index.
    pub fn index_new_guests(&mut self) {
        let new = self.tokens[self.tokens.len() - self.unindexed..]
            .iter()
            .map(|(hash, g)| (hash.clone(), Role::Guest { guest: *g }))
            .collect();
        self.index.insert_all(new);
        self.unindexed = 0;
    }

    pub(crate) fn seed_deals(&mut self, seed: u64) {
        use rand_core::SeedableRng;
        self.deal_seeds = Some(rand_chacha::ChaCha20Rng::seed_from_u64(seed));
    }

    /// The commitment to `table`'s next hand (issue 37): a seed of 256 bits from the system's
    /// randomness (or the tests' generator), sealed for the log.
    fn commitment(&mut self, table: CashTableId) -> Result<RingCommand, Refusal> {
        let hand = online::next_number(&self.room, table);
        let seed = match self.deal_seeds.as_mut() {
            Some(rng) => {
                let mut bytes = [0u8; 32];
                rand_core::Rng::fill_bytes(rng, &mut bytes);
                cards::Seed(bytes)
            }
            None => crate::secret::new_deck_seed()?,
        };
        Ok(RingCommand::Commit {
            table,
            hand,
            sealed: self.seal.seal(table.0, hand, &seed),
            commitment: cards::proof::commitment(&seed),
            values_by_holder: true,
        })
    }

    /// Whether `table`'s next hand still needs its commitment.
    fn uncommitted(&self, table: CashTableId) -> bool {
        online::committed(&self.room, &self.hands, table).is_none()
    }

    /// The guest behind a role, if it is one.
    pub fn guest_of(role: Role) -> Option<GuestId> {
        match role {
            Role::Guest { guest } => Some(guest),
            _ => None,
        }
    }

    /// When something falls due at an online table: the next deal or the time to act.
    fn next_due(&self) -> Option<u64> {
        let offers = self.room.offers().iter().map(|o| o.expires.0).min();
        let tables = self.due.first().map(|&(at, _)| at);
        offers.into_iter().chain(tables).min()
    }

    /// Brings `due` up to date for the tables that may have changed.
    fn refresh_due(&mut self) {
        self.refreshes += 1;
        let tables: Vec<u32> = match self.stale.replace(std::collections::BTreeSet::new()) {
            Some(stale) => stale.into_iter().collect(),
            None => {
                self.due.clear();
                self.due_of.clear();
                let online = self.online_tables().map(|t| t.0);
                online.chain(self.tablets.iter().copied()).collect()
            }
        };
        for t in tables {
            if let Some(at) = self.due_of.remove(&t) {
                self.due.remove(&(at, t));
            }
            let timed =
                self.room.table(CashTableId(t)).is_ok_and(is_online) || self.tablets.contains(&t);
            if let Some(at) = self.due_at(CashTableId(t)).filter(|_| timed) {
                self.due.insert((at, t));
                self.due_of.insert(t, at);
            }
        }
    }

    /// The online tables due by `now`, earliest first.
    fn due_by(&self, now: u64) -> Vec<CashTableId> {
        self.due
            .range(..=(now, u32::MAX))
            .map(|&(_, t)| CashTableId(t))
            .collect()
    }

    /// When a table next needs the clock: at an online table, its player to act runs out of
    /// time, or the next hand may be dealt (after the pause, and a refused deal's wait) to two
    /// players; at a tablet's table, its next hand may start.
    fn due_at(&self, table: CashTableId) -> Option<u64> {
        let retry = self.retry_deal.get(&table.0).copied().unwrap_or(0);
        if self.tablets.contains(&table.0) {
            return tablet::next_start(&self.room, table).map(|at| at.max(retry));
        }
        match self.hands.get(table.0) {
            // A player sat out still in the hand is not waited for.
            Some(h) if h.in_play() && self.away_to_act(h) => Some(0),
            Some(h) if h.in_play() => Some(h.deadline),
            // The next hand's seed is committed to at once, and the players' values have a
            // moment after it, until it is dealt (issue 37).
            _ => match online::committed(&self.room, &self.hands, table) {
                None => Some(retry),
                Some(pending) => {
                    let dealt = self
                        .room
                        .next_hand(table, None)
                        .map_or_else(|_| Vec::new(), |n| n.dealt);
                    // A player who sat down after the commitment has the same moment for a
                    // value as those who were there (a table's first hand waits for its second
                    // player long after the commitment).
                    let newest = self.room.table(table).map_or(0, |t| {
                        dealt
                            .iter()
                            .filter_map(|s| t.seats.get(s.index())?.as_ref())
                            .map(|s| s.since.0.saturating_add(crate::deck::VALUES_MS))
                            .max()
                            .unwrap_or(0)
                    });
                    online::ready_at(&self.hands, table)
                        .filter(|_| dealt.len() >= 2)
                        .map(|at| at.max(retry).max(pending.values_until()).max(newest))
                }
            },
        }
    }

    /// Whether the player to act in `h` sat out (or was sat out) during the hand.
    fn away_to_act(&self, h: &online::OnlineHand) -> bool {
        h.to_act().is_some_and(|p| {
            let guest = h.guests[p.index()];
            self.room
                .seat_of(guest)
                .and_then(|(t, s)| self.room.table(t).ok()?.seats[usize::from(s - 1)])
                .is_some_and(|s| s.away_since.is_some())
        })
    }

    fn online_tables(&self) -> impl Iterator<Item = CashTableId> + '_ {
        self.room
            .tables()
            .iter()
            .filter(|t| is_online(t))
            .map(|t| t.id)
    }
}

/// Adds `table` to the tables a turn touched, or makes it all of them (`None`).
fn note(tables: &mut Option<std::collections::BTreeSet<u32>>, table: Option<u32>) {
    match (table, tables.as_mut()) {
        (Some(t), Some(set)) => {
            set.insert(t);
        }
        (None, _) => *tables = None,
        (Some(_), None) => {}
    }
}

/// An open table the server deals.
fn is_online(table: &ring::CashTable) -> bool {
    table.is_open() && table.mode == TableMode::Online
}

impl Owned for CashState {
    type Command = Signed<RingCommand>;

    fn record(Signed { by, command }: Signed<RingCommand>) -> Command {
        Command::Ring { by, command }
    }

    fn apply(&mut self, at_ms: u64, signed: &Signed<RingCommand>) -> Result<Changes, Refusal> {
        let command = &signed.command;
        // A new guest's name is checked before it is logged; replay holds a logged one only to
        // its length, so that a log from before this check still replays.
        if let RingCommand::RegisterGuest { name, .. } | RingCommand::AddGuest { name } = command {
            self.room
                .check_guest_name(name)
                .map_err(|e| wire::refusal(&e))?;
        }
        // Issue 36: a new number is international and comes with the guest's consent.
        if let RingCommand::SetPhone {
            phone: Some(phone),
            consent,
            lang,
            ..
        } = command
        {
            ring::Contact::new(phone, *consent, wire::ring_lang(*lang))
                .map_err(|e| wire::refusal(&e))?;
        }
        if let RingCommand::DeckValue { guest, hand, value } = command {
            crate::deck::check_value(value)?;
            online::value_in_time(&self.room, &self.hands, *guest, *hand)?;
        }
        self.apply_to(at_ms, command)?;
        self.touch(command);
        Ok(Changes::default())
    }

    type Saved = Box<Saved>;

    /// A copy of the room and its hands costs a count per part (`Shared`, `Chunked`): a
    /// command copies only the parts it writes.
    fn save(&self) -> Box<Saved> {
        Box::new(Saved {
            room: self.room.clone(),
            hands: self.hands.clone(),
            tokens: self.tokens.len(),
            unindexed: self.unindexed,
            offered: self.offered.len(),
            touched: self.touched.clone(),
            refreshes: self.refreshes,
        })
    }

    fn restore(&mut self, saved: Box<Saved>) {
        let Saved {
            room,
            hands,
            tokens,
            unindexed,
            offered,
            touched,
            refreshes,
        } = *saved;
        self.room = room;
        self.hands = hands;
        self.tokens.truncate(tokens);
        self.unindexed = unindexed;
        self.offered.truncate(offered);
        self.touched = touched;
        // Due times brought up to date since the save are of a state no longer there: look at
        // every table again. Otherwise they are of the saved state, and the tables noted stale
        // since are looked at again anyway (a refused deal must not cost a look at every table).
        if refreshes != self.refreshes {
            self.stale = None;
        }
    }

    fn commit(&mut self, _first_seq: u64) {
        self.index_new_guests();
        // The offers are in the log now: a restart replays them without a text.
        self.text_offers();
    }

    /// The pages that follow the room are told, and read again what the change touched.
    fn written(&mut self, _changes: Vec<Changes>, _now: u64) {
        let touched = self.touched.replace(std::collections::BTreeSet::new());
        self.changed
            .send_modify(|m| m.bump(touched.clone().map(|t| t.into_iter().collect())));
        match touched {
            Some(tables) => {
                for t in tables {
                    self.stepped_at(t).send_modify(|n| *n += 1);
                }
            }
            None => self.moved.send_modify(|n| *n += 1),
        }
    }

    /// Offers that ran out move on; online tables deal when ready and time out the player to
    /// act.
    fn due(tx: &mut Tx<'_, Self>, _scope: Option<&[u32]>) -> Option<u64> {
        let now = tx.now;
        let clock = |command| Signed {
            by: Actor::System,
            command,
        };
        if tx.state().room.offers().iter().any(|o| o.expires.0 <= now) {
            let _ = tx.submit(clock(RingCommand::Tick));
        }
        tx.state_mut().refresh_due();
        let tables = tx.state().due_by(now);
        for table in tables {
            let state = tx.state();
            if state.due_at(table).is_none_or(|at| at > now) {
                continue;
            }
            if state.tablets.contains(&table.0) {
                // The pause is over: the hand starts, and the seeder gives it to the tablet
                // once it is in the log. Refused, it is tried again in a while.
                match tablet::start_and_deal(tx, table, true) {
                    Ok(_) => tx.state_mut().retry_deal.remove(&table.0),
                    Err(_) => tx.state_mut().retry_deal.insert(table.0, now + RETRY_MS),
                };
                note(&mut tx.state_mut().stale, Some(table.0));
                continue;
            }
            let command = match state.hands.get(table.0) {
                // The reasonable time gone, time is called; when that runs out too, the
                // profile's end (TDA-29, HC-1.13.7, DG-14a, WWPLA-11).
                Some(h) if h.in_play() && (h.clock_called || state.away_to_act(h)) => {
                    Some(RingCommand::TimeOut {
                        table,
                        hand: h.number,
                    })
                }
                Some(h) if h.in_play() => Some(RingCommand::CallClock {
                    table,
                    hand: h.number,
                }),
                _ => {
                    // The next hand's seed is committed to first (issue 37); when the hand may
                    // be dealt at once, it is, from the commitment.
                    if state.uncommitted(table) {
                        let committed = tx.state_mut().commitment(table);
                        if committed.and_then(|c| tx.submit(clock(c))).is_err() {
                            tx.state_mut().retry_deal.insert(table.0, now + RETRY_MS);
                        }
                        note(&mut tx.state_mut().stale, Some(table.0));
                    }
                    let state = tx.state();
                    (!state.uncommitted(table) && state.due_at(table).is_some_and(|at| at <= now))
                        .then_some(RingCommand::Deal { table, seed: None })
                }
            };
            if let Some(command) = command {
                let deal = matches!(command, RingCommand::Deal { .. });
                let refused = tx.submit(clock(command)).is_err();
                // A deal refused is tried again in a while, not at once.
                if deal && refused {
                    tx.state_mut().retry_deal.insert(table.0, now + RETRY_MS);
                } else if deal {
                    tx.state_mut().retry_deal.remove(&table.0);
                }
                note(&mut tx.state_mut().stale, Some(table.0));
            }
        }
        tx.state_mut().refresh_due();
        tx.state().next_due()
    }
}
