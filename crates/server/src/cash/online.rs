//! Online cash tables: the server deals each hand as the game's rules have it between hands
//! (`ring::Room::start_hand`, after `engine::ring`: who is dealt in, who posts what, dead or
//! live), the players act from their browsers, a player out of time is folded (checked when
//! free) and sat out, and the hand's end is settled in the list keeper's books with the rake.

use super::deck::Kept;
use crate::deck::Pending;
use crate::refusal::Refusal;
use axum::http::StatusCode;
use cards::{Deck, Seed};
use engine::{Action, Automations, Chips, Hand, HandSetup, Op, Player, Ruleset, Seat, Step};
use engine::{Rule, RulebookId, rule};
use protocol::{DeckProof, LeftOutBecause};
use ring::{CashTableId, Entering, GuestId, NextHand, Room, TableMode, Time};
use shared::Chunked;

/// The pause after a hand before the next is dealt, to see the showdown.
pub(crate) const PAUSE_MS: u64 = 3_000;

/// A hand at an online table, in play or just over.
#[derive(Clone, Debug)]
pub struct OnlineHand {
    /// The table's hand number, from 1.
    pub number: u64,
    pub next: NextHand,
    /// Hand player `i` sits at `seats[i]` (from the button's left) and is `guests[i]`.
    pub seats: Vec<Seat>,
    pub guests: Vec<GuestId>,
    pub hand: Hand,
    /// When the player to act runs out of time.
    pub deadline: u64,
    /// Time is called on the player to act (`deadline` is then the called time's end).
    pub clock_called: bool,
    /// When the hand ended; the next is dealt `PAUSE_MS` later.
    pub over_at: Option<u64>,
    /// Who won what, once over.
    pub result: Vec<(GuestId, Chips)>,
    /// What the deck came from (issue 37); none in hands dealt from a seed in the log.
    pub proof: Option<crate::deck::Proof>,
}

impl OnlineHand {
    pub fn in_play(&self) -> bool {
        self.over_at.is_none()
    }

    /// The hand's deck proof, once over (issue 37).
    pub fn proof(&self, table: CashTableId) -> Option<DeckProof> {
        let proof = self.proof.as_ref().filter(|_| !self.in_play())?;
        Some(crate::deck::proof_of(
            crate::deck::HandAt {
                event: None,
                table: table.0,
                hand: self.number,
            },
            &self.hand,
            &self.seats,
            proof,
        ))
    }

    pub fn to_act(&self) -> Option<Player> {
        match self.hand.step() {
            Step::Act(p) if self.in_play() => Some(p),
            _ => None,
        }
    }
}

/// The hand of each online table, by table id, and beside it the commitment to the table's next
/// hand (issue 37) and the proofs of its last hands. The task saves the room before each
/// command: a copy of `Hands` is a count per list (`Chunked`), and a step copies its own hand
/// and the list of pointers around it, whatever the number of tables.
#[derive(Clone, Debug, Default)]
pub struct Hands {
    hands: Chunked<Option<ring::Shared<OnlineHand>>>,
    pending: Chunked<Option<ring::Shared<Pending<GuestId>>>>,
    kept: Chunked<Option<ring::Shared<Kept>>>,
}

/// The entry for `table` in a list by table id, the list grown to it.
fn slot<T: Clone>(list: &mut Chunked<Option<T>>, table: u32) -> &mut Option<T> {
    while list.len() <= table as usize {
        list.push(None);
    }
    list.get_mut(table as usize)
        .expect("the list was grown to the table")
}

impl Hands {
    pub fn new() -> Hands {
        Hands::default()
    }

    pub fn get(&self, table: u32) -> Option<&ring::Shared<OnlineHand>> {
        self.hands.get(table as usize)?.as_ref()
    }

    pub fn get_mut(&mut self, table: u32) -> Option<&mut ring::Shared<OnlineHand>> {
        self.hands.get_mut(table as usize)?.as_mut()
    }

    /// A new hand at `table`: the one before, over, goes to the table's kept proofs.
    fn insert(&mut self, table: u32, hand: ring::Shared<OnlineHand>) {
        let before = slot(&mut self.hands, table).replace(hand);
        if let Some(proof) = before.as_deref().and_then(|h| h.proof(CashTableId(table))) {
            let guests = before.map(|h| h.guests.clone()).unwrap_or_default();
            let kept = slot(&mut self.kept, table);
            kept.get_or_insert_with(Default::default)
                .keep(guests, proof);
        }
    }

    fn iter(&self) -> impl Iterator<Item = (u32, &ring::Shared<OnlineHand>)> {
        (self.hands.iter().enumerate()).filter_map(|(t, h)| Some((t as u32, h.as_ref()?)))
    }

    /// The commitment to `table`'s next hand, once made.
    pub fn pending(&self, table: u32) -> Option<&Pending<GuestId>> {
        self.pending.get(table as usize)?.as_deref()
    }

    fn pending_mut(&mut self, table: u32) -> Option<&mut Pending<GuestId>> {
        self.pending
            .get_mut(table as usize)?
            .as_mut()
            .map(|p| &mut **p)
    }

    /// The proofs of `table`'s last hands over, oldest first, with who was dealt in each;
    /// the hand at the table, once over, last.
    pub fn proofs(&self, table: CashTableId) -> Vec<(Vec<GuestId>, DeckProof)> {
        let kept = self.kept.get(table.0 as usize).and_then(|k| k.as_deref());
        let mut all: Vec<_> = kept
            .map(|k| k.0.iter().cloned().collect())
            .unwrap_or_default();
        if let Some(h) = self.get(table.0)
            && let Some(proof) = h.proof(table)
        {
            all.push((h.guests.clone(), proof));
        }
        all
    }
}

/// The number `table`'s next hand will have (0: no such table).
pub fn next_number(room: &Room, table: CashTableId) -> u64 {
    room.table(table).map_or(0, |t| t.hands + 1)
}

/// The commitment to `table`'s next hand, once made (issue 37).
pub fn committed<'h>(
    room: &Room,
    hands: &'h Hands,
    table: CashTableId,
) -> Option<&'h Pending<GuestId>> {
    let next = next_number(room, table);
    hands.pending(table.0).filter(|p| p.hand == next)
}

/// A commitment as logged (`RingCommand::Commit`).
pub struct Commit<'a> {
    pub table: CashTableId,
    pub hand: u64,
    pub sealed: &'a str,
    pub commitment: &'a str,
    /// Values count only while their givers hold the seats (`deck::Pending::by_holder`).
    pub by_holder: bool,
}

/// The server commits to the seed of `table`'s next hand (issue 37): `sealed` is read with
/// the room's seal key and must give a seed whose SHA-256 is `commitment`.
pub fn commit(
    room: &Room,
    hands: &mut Hands,
    key: crate::secret::SealKey,
    &Commit {
        table,
        hand,
        sealed,
        commitment,
        by_holder,
    }: &Commit<'_>,
    at: u64,
) -> Result<(), Refusal> {
    online(room, table)?;
    if hand != next_number(room, table) || hands.get(table.0).is_some_and(|h| h.in_play()) {
        return Err(Refusal::conflict(
            "not_next_hand",
            format!("hand {hand} is not table {}'s next hand", table.number()),
        ));
    }
    if committed(room, hands, table).is_some() {
        return Err(Refusal::conflict(
            "committed",
            format!("hand {hand} at table {} has its commitment", table.number()),
        ));
    }
    let seed = key
        .unseal(table.0, hand, sealed, commitment)
        .ok_or_else(|| {
            Refusal::internal(format!(
                "the seal key does not open the seed of hand {hand} at table {}: the server \
                 needs the seal key file this log was written with",
                table.number()
            ))
        })?;
    *slot(&mut hands.pending, table.0) =
        Some(ring::Shared::new(Pending::new(hand, seed, at, by_holder)));
    Ok(())
}

/// A seated guest's value for hand `hand` at their online table: taken before the deal, left
/// out (and said so in the proof) when late, twice or malformed.
pub fn value(
    room: &Room,
    hands: &mut Hands,
    guest: GuestId,
    hand: u64,
    value: &str,
) -> Result<(), Refusal> {
    let (table, seat) = room
        .seat_of(guest)
        .ok_or_else(|| Refusal::conflict("not_seated", "you have no seat at a table"))?;
    online(room, table)?;
    if let Some(p) = hands.pending_mut(table.0).filter(|p| p.hand == hand) {
        return p.offer(seat, guest, value);
    }
    match hands.get_mut(table.0) {
        Some(h) if h.number == hand => match &mut h.proof {
            Some(proof) => {
                crate::deck::note_left_out(&mut proof.left_out, seat, LeftOutBecause::Late)
            }
            None => Ok(()),
        },
        _ => Err(Refusal::conflict(
            "no_commitment",
            format!("table {} has no commitment to hand {hand}", table.number()),
        )),
    }
}

/// A new value for a hand over is refused (`deck::too_late`); a log of before replays round it.
pub fn value_in_time(room: &Room, hands: &Hands, guest: GuestId, hand: u64) -> Result<(), Refusal> {
    let dealt = room.seat_of(guest).and_then(|(t, _)| hands.get(t.0));
    match dealt {
        Some(h) if h.number == hand && !h.in_play() => Err(crate::deck::too_late(hand)),
        _ => Ok(()),
    }
}

/// Who sits in `seat` of `table` now.
pub fn holds(room: &Room, table: CashTableId, seat: u8) -> Option<GuestId> {
    let t = room.table(table).ok()?;
    let at = usize::from(seat).checked_sub(1)?;
    t.seats.get(at).copied().flatten().map(|s| s.guest)
}

fn online(room: &Room, table: CashTableId) -> Result<(), Refusal> {
    let t = room
        .table(table)
        .map_err(|e| Refusal::not_found(e.to_string()))?;
    if t.mode != TableMode::Online {
        return Err(Refusal::conflict(
            "not_online",
            format!("table {} is dealt by a dealer, not the server", table.0),
        ));
    }
    if !t.is_open() {
        return Err(Refusal::conflict(
            "closed",
            format!("table {} is closed", table.0),
        ));
    }
    Ok(())
}

/// When the next hand may be dealt at `table`: now, after the pause, or never (a hand in play).
pub fn ready_at(hands: &Hands, table: CashTableId) -> Option<u64> {
    match hands.get(table.0) {
        None => Some(0),
        Some(h) => h.over_at.map(|at| at + PAUSE_MS),
    }
}

/// Deals the next hand at an online table from `seed`. Everything is checked (and the hand
/// built) before the room is touched.
pub fn deal(
    room: &mut Room,
    hands: &mut Hands,
    table: CashTableId,
    seed: Option<&str>,
    now: u64,
    act_ms: u64,
) -> Result<(), Refusal> {
    online(room, table)?;
    match ready_at(hands, table) {
        None => return Err(Refusal::conflict("wait", "a hand is in play at this table")),
        Some(at) if now < at => return Err(Refusal::conflict("wait", "between hands")),
        Some(_) => {}
    }
    // A log from before issue 37 gives the seed; now it is the commitment's with the values.
    let (seed, proof) = match seed {
        Some(seed) => {
            let seed: Seed = seed.parse().map_err(|_| {
                Refusal::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "bad_seed",
                    "a deal's seed is 64 hex digits",
                )
            })?;
            (seed, None)
        }
        None => {
            let pending = committed(room, hands, table).ok_or_else(|| {
                Refusal::conflict(
                    "no_commitment",
                    format!(
                        "hand {} at table {} has no commitment",
                        next_number(room, table),
                        table.number()
                    ),
                )
            })?;
            let proof = pending.clone().into_proof(|seat| holds(room, table, seat));
            (proof.deck_seed, Some(proof))
        }
    };
    let t = room
        .table(table)
        .map_err(|e| Refusal::not_found(e.to_string()))?;
    // The first hand's button is drawn for (TDA-RP-14): here from the deal's own seed.
    let first_button = t.last.is_none().then(|| {
        let here: Vec<u8> = t
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_some_and(|s| s.away_since.is_none() && !s.chips.is_zero()))
            .map(|(i, _)| i as u8 + 1)
            .collect();
        here.get(usize::from(seed.0[0]) % here.len().max(1))
            .copied()
            .unwrap_or(1)
    });
    let next = room
        .next_hand(table, first_button)
        .map_err(|e| Refusal::conflict("cannot_deal", e.to_string()))?;
    let (setup, seats, guests) = setup_of(room, table, &next, seed)?;
    let hand = Hand::new(setup)
        .map_err(|e| Refusal::internal(format!("the engine refused the hand: {e}")))?;
    let number = t.hands + 1;
    room.start_hand(table, first_button)
        .map_err(|e| Refusal::conflict("cannot_deal", e.to_string()))?;
    hands.insert(
        table.0,
        ring::Shared::new(OnlineHand {
            number,
            next,
            seats,
            guests,
            hand,
            deadline: now + act_ms,
            clock_called: false,
            over_at: None,
            result: Vec::new(),
            proof,
        }),
    );
    if let Some(pending) = hands.pending.get_mut(table.0 as usize) {
        *pending = None;
    }
    after_step(room, hands, table, now)
}

/// The engine's setup of the next hand: the dealt players from the button's left, their
/// stacks, each post's live part as a blind and its dead part as an ante (into the pot).
fn setup_of(
    room: &Room,
    table: CashTableId,
    next: &NextHand,
    seed: Seed,
) -> Result<(HandSetup, Vec<Seat>, Vec<GuestId>), Refusal> {
    let t = room
        .table(table)
        .map_err(|e| Refusal::not_found(e.to_string()))?;
    let game = room
        .game(t.game)
        .map_err(|e| Refusal::not_found(e.to_string()))?;
    if next.dealt.len() < 2 {
        return Err(Refusal::conflict(
            "cannot_deal",
            "fewer than two players to deal in",
        ));
    }
    let seats = dealing_order(next, t.seats.len());
    // Action before the flop starts left of the big blind, even when a player coming in from
    // the small blind's seat posts as much (HC-1.12, TDA-34).
    let big_blind_player = next
        .big_blind
        .and_then(|b| seats.iter().position(|&s| s == b))
        .map(|i| Player(i as u8));
    let mut stacks = Vec::new();
    let mut blinds = Vec::new();
    let mut antes = Vec::new();
    let mut guests = Vec::new();
    for s in &seats {
        let sat = t.seats[s.index()].ok_or_else(|| Refusal::internal("a dealt seat is empty"))?;
        let (dead, live) = forced(next, *s, sat.chips);
        stacks.push(sat.chips);
        antes.push(dead);
        blinds.push(live);
        guests.push(sat.guest);
    }
    let mut ruleset = Ruleset::of(game.profile);
    // Players posting to come in put up a big blind out of turn: more than two blinds.
    ruleset.straddles |= blinds.iter().filter(|b| !b.is_zero()).count() > 2;
    let mut reshuffle = seed.0;
    reshuffle.reverse();
    let count = seats.len();
    Ok((
        HandSetup {
            variant: game.variant,
            ruleset,
            stacks,
            antes,
            blinds,
            min_bet: game.stakes.big_blind,
            bring_in: Chips::ZERO,
            reshuffle_seed: Seed(reshuffle),
            chip_unit: Chips(1),
            absent: vec![false; count],
            tournament_heads_up: false,
            tournament: false,
            automations: Automations::ALL,
            deck: Some(Deck::shuffled(seed)),
            big_blind_player,
        },
        seats,
        guests,
    ))
}

/// A seat's forced bet in the next hand as its chips allow: the dead part (into the pot, as an
/// ante) first, then the live part (a blind).
pub(super) fn forced(next: &NextHand, seat: Seat, chips: Chips) -> (Chips, Chips) {
    let post = next.posts.iter().find(|p| p.seat == seat);
    let dead = Chips(post.map_or(0, |p| p.dead)).min(chips);
    let live = Chips(post.map_or(0, |p| p.live)).min(chips - dead);
    (dead, live)
}

/// The dealt seats from the button's left: the engine's order of the hand's players.
pub(super) fn dealing_order(next: &NextHand, seats: usize) -> Vec<Seat> {
    let from = next.button.map_or(0, |b| b.index() + 1) % seats.max(1);
    let mut dealt = next.dealt.clone();
    dealt.sort_by_key(|s| (s.index() + seats - from) % seats.max(1));
    dealt
}

/// The table and place of `guest` in a hand in play: at the table they sit at, else (a guest
/// whose seat changed since the deal, should the room allow it) at any table.
fn in_play_of(room: &Room, hands: &Hands, guest: GuestId) -> Option<(u32, usize)> {
    let at = |t: u32, h: &OnlineHand| {
        h.guests
            .iter()
            .position(|&g| g == guest)
            .filter(|_| h.in_play())
            .map(|i| (t, i))
    };
    let seated = room.seat_of(guest).map(|(t, _)| t.0);
    seated
        .and_then(|t| at(t, hands.get(t)?))
        .or_else(|| hands.iter().find_map(|(t, h)| at(t, h)))
}

/// A player's action in hand `number` of their table.
pub fn act(
    room: &mut Room,
    hands: &mut Hands,
    guest: GuestId,
    number: u64,
    action: protocol::PlayerAction,
    now: u64,
    act_ms: u64,
) -> Result<(), Refusal> {
    let (table, i) = in_play_of(room, hands, guest)
        .ok_or_else(|| Refusal::conflict("no_hand", "you are not in a hand in play"))?;
    let h = hands
        .get_mut(table)
        .ok_or_else(|| Refusal::internal("no hand"))?;
    if h.number != number {
        return Err(Refusal::conflict(
            "stale",
            format!("hand {} is in play, not hand {number}", h.number),
        ));
    }
    if h.to_act() != Some(Player(i as u8)) {
        return Err(
            Refusal::conflict("not_your_turn", "it is not your turn").with_rule(rule!("TDA-53A"))
        );
    }
    let action = match action {
        protocol::PlayerAction::Fold => Action::Fold,
        protocol::PlayerAction::Check => Action::Check,
        protocol::PlayerAction::Call => Action::Call,
        protocol::PlayerAction::BetOrRaise { to } => Action::BetOrRaiseTo(Chips(to)),
        protocol::PlayerAction::BringIn => Action::BringIn,
    };
    if let Err(e) = h.hand.apply(Op::Act(Player(i as u8), action)) {
        // The pages name the guest, not the engine's player.
        let name = |p: Player| {
            h.guests
                .get(p.index())
                .map_or_else(|| p.to_string(), |&g| room.guest_name(g).to_string())
        };
        return Err(Refusal::hand_named(&e, &name));
    }
    h.deadline = now + act_ms;
    h.clock_called = false;
    after_step(room, hands, CashTableId(table), now)
}

/// The game's profile's time to act once time is called (TDA-29, HC-1.13.7, DG-14a, WWPLA-11).
/// The reasonable time before it is the house's (`--act-seconds`).
#[derive(Clone, Copy, Debug)]
pub struct ActClock {
    pub seconds: u32,
    pub expiry: tournament::TimeExpiry,
    pub rule: Rule,
}

impl ActClock {
    /// Read once per rulebook: every guest's view and every turn's timer ask for it, and
    /// reading it parses the profile's text.
    pub fn of(profile: RulebookId) -> ActClock {
        static CLOCKS: std::sync::OnceLock<[ActClock; 5]> = std::sync::OnceLock::new();
        let clocks = CLOCKS.get_or_init(|| RulebookId::ALL.map(ActClock::read));
        let at = RulebookId::ALL.iter().position(|&id| id == profile);
        at.map_or_else(|| ActClock::read(profile), |i| clocks[i])
    }

    fn read(profile: RulebookId) -> ActClock {
        // A profile that cannot be read falls back on TDA-29's 30 s (the profiles are built
        // in and tested: this does not happen).
        let director = tournament::Profile::of(profile).map(|p| p.director).ok();
        let rule = match profile {
            RulebookId::Hc => rule!("HC-1.13.7"),
            RulebookId::Dg => rule!("DG-14a"),
            RulebookId::Wwpla => rule!("WWPLA-11"),
            RulebookId::Tda | RulebookId::Jpr => rule!("TDA-29"),
        };
        ActClock {
            seconds: director.as_ref().map_or(30, |d| d.time_call_seconds),
            expiry: director.map_or(tournament::TimeExpiry::CheckOrDead, |d| d.time_expiry),
            rule,
        }
    }

    /// The clock of the game at `table`.
    pub fn at(room: &Room, table: CashTableId) -> Option<ActClock> {
        let t = room.table(table).ok()?;
        Some(ActClock::of(room.game(t.game).ok()?.profile))
    }
}

/// The player to act took their reasonable time: time is called on them for the profile's
/// seconds (TDA-29, HC-1.13.7, DG-14a, WWPLA-11).
pub fn call_clock(
    room: &Room,
    hands: &mut Hands,
    table: CashTableId,
    number: u64,
    now: u64,
) -> Result<(), Refusal> {
    let clock = ActClock::at(room, table)
        .ok_or_else(|| Refusal::not_found(format!("no table {}", table.0)))?;
    let h = hands
        .get_mut(table.0)
        .filter(|h| h.in_play() && h.number == number)
        .ok_or_else(|| Refusal::conflict("no_hand", format!("hand {number} is not in play")))?;
    if h.clock_called {
        return Err(
            Refusal::conflict("clock_running", "time has already been called")
                .with_rule(clock.rule),
        );
    }
    // Only the table's own timer calls time, when the reasonable time is gone (`due`); the
    // house may change that time between runs, so a replay takes the log's word for it.
    h.clock_called = true;
    h.deadline = now + u64::from(clock.seconds) * 1_000;
    Ok(())
}

/// The player to act ran out of time: a check when free, else a fold, and they are sat out
/// until they say they are back (no cards while away: TDA-30, HC-1.9, JPR-3.0).
pub fn time_out(
    room: &mut Room,
    hands: &mut Hands,
    table: CashTableId,
    number: u64,
    now: u64,
    act_ms: u64,
) -> Result<(), Refusal> {
    let h = hands
        .get_mut(table.0)
        .filter(|h| h.in_play() && h.number == number)
        .ok_or_else(|| Refusal::conflict("no_hand", format!("hand {number} is not in play")))?;
    // The deadline of time called is the profile's, the same in a replay; a time-out logged
    // before time was called at cash tables ran on the house's reasonable time, which a
    // restart may change: the log's word stands for it.
    if h.clock_called && now < h.deadline {
        return Err(Refusal::conflict(
            "wait",
            "the player still has time to act",
        ));
    }
    let p = h
        .to_act()
        .ok_or_else(|| Refusal::internal("nobody to act in a hand in play"))?;
    let check = h.hand.legal_actions().is_some_and(|l| l.check);
    // Once time was called its end is the profile's: checked when free or dead (TDA-29,
    // HC-1.13.7), or dead (DG-14a, WWPLA-11). A log from before time was called at cash
    // tables holds a time-out only: checked when free, as then.
    let dead = h.clock_called
        && ActClock::at(room, table).is_some_and(|c| c.expiry == tournament::TimeExpiry::Dead);
    let action = if check && !dead {
        Action::Check
    } else {
        Action::Fold
    };
    let guest = h.guests[p.index()];
    h.hand
        .apply(Op::Act(p, action))
        .map_err(|e| Refusal::hand(&e))?;
    h.deadline = now + act_ms;
    h.clock_called = false;
    room.set_away(guest, true, Entering::Post, Time(now))
        .map_err(|e| Refusal::internal(e.to_string()))?;
    after_step(room, hands, table, now)
}

/// After a step: a hand over is settled in the books, the rake taken from its winners.
fn after_step(
    room: &mut Room,
    hands: &mut Hands,
    table: CashTableId,
    now: u64,
) -> Result<(), Refusal> {
    let h = hands
        .get_mut(table.0)
        .ok_or_else(|| Refusal::internal("no hand"))?;
    match h.hand.step() {
        Step::Act(_) => Ok(()),
        Step::Done => {
            let players = h.hand.players();
            let pot: Chips = players.iter().map(|p| p.starting_stack - p.stack).sum();
            let finals = h.hand.final_stacks();
            let results: Vec<(GuestId, Chips, Chips)> = h
                .guests
                .iter()
                .zip(players)
                .zip(finals)
                .map(|((&g, p), f)| (g, f, p.won))
                .collect();
            let mut won: Vec<(GuestId, Chips)> = results
                .iter()
                .filter(|r| !r.2.is_zero())
                .map(|r| (r.0, r.2))
                .collect();
            won.sort_by_key(|&(g, w)| (std::cmp::Reverse(w), g));
            h.result = won;
            h.over_at = Some(now);
            room.settle_hand(table, &results, pot, Time(now))
                .map(drop)
                .map_err(|e| Refusal::internal(format!("the books refused the hand: {e}")))
        }
        other => Err(Refusal::internal(format!(
            "an online hand stopped at {other} with every automation on"
        ))),
    }
}
