//! Every finished hand of the event, kept for the hand-history downloads: a player's own
//! hands (PHH or PokerStars text, with their own hole cards and only what was shown, TDA-16,
//! as the views show them) and the TD's record of every hand with every card (PHH).
//!
//! A hand is kept lean ([`Kept`]: the engine's hand, its seats, forced bets and players, not
//! the table's whole `LiveHand` with its setup, deck and ruleset) and shared: the server's
//! [`Archive`] (made by the hub, one per server) owns every kept hand, oldest first, within a
//! budget of bytes across all its events, and each event refers to its own. A download takes its hands under the hub's lock as a
//! list of pointers ([`Room::select_mine`], [`Room::select_all`]) and writes the text after
//! the lock is released ([`Selection::write`]).

use super::*;
use axum::http::StatusCode;
use hh::{GameKind, HandContext, PhhHand, Timestamp, View};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

/// Hands kept per event; past it the oldest go first, so a download stays a few MB.
pub(crate) const ARCHIVE: usize = 20_000;

/// Bytes of kept hands across every event of the server; past it the oldest hands of any
/// event go first. At about 1 KB a hand, some 250,000 hands.
pub(crate) const BUDGET_BYTES: usize = 256 << 20;

/// What the writers need of one finished hand, and where it was played.
#[derive(Debug)]
pub struct Kept {
    /// The event's hand number, from 1, in the order hands finished.
    number: u64,
    table: u32,
    /// The entries dealt in, by hand player.
    entries: Vec<EntryId>,
    positions: engine::Positions,
    blinds: engine::Blinds,
    /// The table's seats when the hand was played.
    max_seats: u8,
    /// The level, from 1.
    level: u32,
    /// When it was dealt (ms since 1970).
    dealt_at: u64,
    hand: Hand,
    /// What its deck came from, when the event deals from a seed per hand (issue 37): the
    /// players' downloads carry its proof.
    deck: Option<Box<(crate::deck::HandAt, crate::deck::Proof)>>,
}

impl Kept {
    /// Bytes it holds: itself, the shared pointer's counts and what it owns on the heap.
    pub(crate) fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        2 * size_of::<usize>() + size_of::<Kept>() - size_of::<Hand>()
            + self.hand.memory_bytes()
            + self.entries.capacity() * size_of::<EntryId>()
            + self.positions.dealt.capacity() * size_of::<engine::Seat>()
            + self.deck.as_ref().map_or(0, |d| {
                size_of::<(crate::deck::HandAt, crate::deck::Proof)>()
                    + d.1.values.capacity() * size_of::<(u8, cards::proof::Value)>()
                    + d.1.left_out.capacity() * size_of::<(u8, protocol::LeftOutBecause)>()
            })
    }

    /// The hand's deck proof as PHH's user-defined field `_deck_proof` (an inline table with
    /// the keys of `GET .../decks`' proofs, docs/decks.md).
    fn deck_field(&self) -> Option<(String, hh::Value)> {
        let (at, proof) = self.deck.as_deref()?;
        let proof = crate::deck::proof_of(*at, &self.hand, &self.positions.dealt, proof);
        let json = serde_json::to_value(proof).ok()?;
        Some(("_deck_proof".to_string(), hh::Value::from_json(&json)?))
    }
}

/// One hand an event refers to: its place in the ledger, and the hand while the ledger keeps
/// it.
#[derive(Clone, Debug)]
pub(crate) struct Played {
    seq: u64,
    kept: Weak<Kept>,
}

/// Items kept oldest first within a budget of bytes; the newest is always kept.
#[derive(Debug)]
pub(crate) struct Ledger<T> {
    items: BTreeMap<u64, (Arc<T>, usize)>,
    bytes: usize,
    next: u64,
    budget: usize,
}

/// An item the ledger let go of, with its place.
pub(crate) type Released<T> = (u64, Arc<T>, usize);

impl<T> Ledger<T> {
    pub(crate) const fn new(budget: usize) -> Ledger<T> {
        Ledger {
            items: BTreeMap::new(),
            bytes: 0,
            next: 0,
            budget,
        }
    }

    /// Keeps `item` of `bytes`; gives its place and the oldest items let go to stay within
    /// the budget.
    pub(crate) fn admit(&mut self, item: Arc<T>, bytes: usize) -> (u64, Vec<Released<T>>) {
        let seq = self.next;
        self.next += 1;
        self.items.insert(seq, (item, bytes));
        self.bytes += bytes;
        let mut released = Vec::new();
        while self.bytes > self.budget && self.items.len() > 1 {
            let Some((old, (item, size))) = self.items.pop_first() else {
                break;
            };
            self.bytes -= size;
            released.push((old, item, size));
        }
        (seq, released)
    }

    /// Lets go of the item at `seq`.
    pub(crate) fn remove(&mut self, seq: u64) -> Option<Released<T>> {
        let (item, size) = self.items.remove(&seq)?;
        self.bytes -= size;
        Some((seq, item, size))
    }

    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }
}

/// Every kept hand of one server, within one budget of bytes (`BUDGET_BYTES`): the hub makes it
/// and gives each event's room a handle. Two servers in one process (tests) keep apart.
pub struct Archive<T = Kept> {
    ledger: Arc<Mutex<Ledger<T>>>,
}

/// The server's, not the room's: a room's state is what it refers to (`archive`), not the
/// budget's other events or its numbering.
impl<T> std::fmt::Debug for Archive<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Archive").finish_non_exhaustive()
    }
}

impl<T> Clone for Archive<T> {
    fn clone(&self) -> Archive<T> {
        Archive {
            ledger: self.ledger.clone(),
        }
    }
}

impl Default for Archive {
    fn default() -> Archive {
        Archive::with_budget(BUDGET_BYTES)
    }
}

impl<T> Archive<T> {
    pub fn with_budget(bytes: usize) -> Archive<T> {
        Archive {
            ledger: Arc::new(Mutex::new(Ledger::new(bytes))),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Ledger<T>> {
        // The ledger is left consistent at every step: a panic elsewhere does not spoil it.
        self.ledger.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Which text a download is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandFormat {
    Phh,
    PokerStars,
}

/// Hands written for one viewer: the text, and hands that could not be written (each said in
/// the text as a comment in PHH).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandsText {
    pub text: String,
    pub hands: usize,
}

/// The hands of one download, each with the eyes it is written for, and what of the event
/// the writers need: taken under the hub's lock (pointers and the players' names), written
/// without it.
#[derive(Debug)]
pub struct Selection {
    hands: Vec<(Arc<Kept>, View)>,
    format: HandFormat,
    /// Each entry's name, by entry id.
    names: Vec<String>,
    event: EventId,
    /// As PokerStars prints it before the game, `prize+fee`; empty for a freeroll.
    buy_in: String,
}

impl Room {
    /// Keeps the hand just finished at `table`: in the ledger once the command is in the log
    /// (`admit_finished`), since the ledger is the server's and not put back with the room.
    pub(super) fn archive_hand(&mut self, table: u32) {
        let Some(kept) = self.tables[table as usize]
            .hand
            .as_ref()
            .map(|live| self.keep(table, live))
        else {
            return;
        };
        self.archived += 1;
        self.finished.push(Arc::new(kept));
    }

    /// The hands finished by commands now in the log go into the server's ledger.
    pub(super) fn admit_finished(&mut self) {
        if self.finished.is_empty() {
            return;
        }
        let finished = std::mem::take(&mut self.finished);
        let archive = &mut *self.archive;
        let mut ledger = self.ledger.lock();
        // What the budget lets go of is the oldest of any event, freed after the lock.
        let mut gone = Vec::new();
        for kept in finished {
            let bytes = kept.memory_bytes();
            let weak = Arc::downgrade(&kept);
            let (seq, released) = ledger.admit(kept, bytes);
            gone.extend(released);
            archive.push_back(Played { seq, kept: weak });
            // Hands the budget let go of earlier, oldest first in every event as in the ledger.
            while archive.front().is_some_and(|p| p.kept.strong_count() == 0) {
                archive.pop_front();
            }
            if archive.len() > ARCHIVE
                && let Some(oldest) = archive.pop_front()
            {
                gone.extend(ledger.remove(oldest.seq));
            }
        }
        drop(ledger);
        drop(gone);
    }

    /// What the writers need of the hand at `table`.
    fn keep(&self, table: u32, live: &LiveHand) -> Kept {
        let (positions, setup) = (&live.start.positions, &live.start.setup);
        let index = |seat: engine::Seat| positions.dealt.iter().position(|&s| s == seat);
        let owed = |v: &[engine::Chips], i: Option<usize>| {
            i.and_then(|i| v.get(i).copied()).unwrap_or_default()
        };
        let big = index(positions.big_blind);
        let small = positions.small_blind.and_then(index);
        // Everyone's ante is the same; the big blind's may carry a big-blind ante (TDA-RP-11).
        let ante = (0..positions.dealt.len())
            .find(|&i| Some(i) != big)
            .and_then(|i| setup.antes.get(i).copied())
            .unwrap_or_default();
        let blinds = engine::Blinds {
            small_blind: owed(&setup.blinds, small),
            big_blind: owed(&setup.blinds, big),
            ante,
            big_blind_ante: owed(&setup.antes, big).saturating_sub(ante),
        };
        // The table's seats, which may be more than the players it is filled to.
        let seats = self
            .t
            .table(tournament::TableId(table))
            .map(|t| t.table.seats().len())
            .unwrap_or_default();
        let highest = positions
            .dealt
            .iter()
            .map(|s| usize::from(s.number()))
            .max();
        let max_seats = seats
            .max(highest.unwrap_or_default())
            .min(usize::from(u8::MAX)) as u8;
        Kept {
            number: self.archived + 1,
            table,
            entries: live.start.players.to_vec(),
            positions: positions.clone(),
            blinds,
            max_seats,
            level: live.start.level as u32 + 1,
            dealt_at: live.dealt_at,
            hand: live.hand.clone(),
            deck: live
                .proof
                .clone()
                .map(|proof| Box::new((self.hand_at(table, live), proof))),
        }
    }

    /// The hands this event keeps and the bytes they hold.
    pub fn archive_memory(&self) -> (usize, usize) {
        self.archive
            .iter()
            .filter_map(|p| p.kept.upgrade())
            .fold((0, 0), |(n, b), k| (n + 1, b + k.memory_bytes()))
    }

    /// Every hand one of `person`'s entries was dealt, as that player may see it: their own
    /// hole cards, cards shown at the showdown or tabled (TDA-16), stud up cards.
    pub fn select_mine(&self, person: PersonId, format: HandFormat) -> Selection {
        let entries = self
            .people
            .get(person.0)
            .map(|p| p.entries.as_slice())
            .unwrap_or_default();
        let hands = self
            .archive
            .iter()
            .filter_map(|played| {
                let kept = played.kept.upgrade()?;
                let p = kept.entries.iter().position(|id| entries.contains(id))?;
                Some((kept, View::Hero(engine::Player(p as u8))))
            })
            .collect();
        self.selection(hands, format)
    }

    /// Every hand of the event with every card, as the TD's record.
    pub fn select_all(&self) -> Selection {
        let hands = self
            .archive
            .iter()
            .filter_map(|played| Some((played.kept.upgrade()?, View::All)))
            .collect();
        self.selection(hands, HandFormat::Phh)
    }

    fn selection(&self, hands: Vec<(Arc<Kept>, View)>, format: HandFormat) -> Selection {
        let names = (0..self.entry_person.len())
            .map(|e| {
                self.t
                    .entry(PlayerId(e as u32))
                    .map(|e| e.name.clone())
                    .unwrap_or_default()
            })
            .collect();
        let config = self.t.config();
        let buy_in = match (config.buy_in.prize.0, config.buy_in.fee.0) {
            (0, 0) => String::new(),
            (prize, fee) => format!("{prize}+{fee}"),
        };
        Selection {
            hands,
            format,
            names,
            event: self.id,
            buy_in,
        }
    }

    /// [`Room::select_mine`] written at once.
    pub fn hands_of(
        &self,
        person: PersonId,
        format: HandFormat,
        time_zone: &str,
    ) -> Result<HandsText, Refusal> {
        self.select_mine(person, format).write(time_zone)
    }

    /// [`Room::select_all`] written at once.
    pub fn all_hands(&self, time_zone: &str) -> Result<HandsText, Refusal> {
        self.select_all().write(time_zone)
    }
}

impl Selection {
    /// How many hands it holds.
    pub fn len(&self) -> usize {
        self.hands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hands.is_empty()
    }

    /// The text of every hand, times in `time_zone` (an IANA name).
    pub fn write(&self, time_zone: &str) -> Result<HandsText, Refusal> {
        Timestamp::at(0, time_zone)
            .map_err(|e| Refusal::new(StatusCode::BAD_REQUEST, "bad_query", e.to_string()))?;
        let mut phh: Vec<(String, PhhHand)> = Vec::new();
        let mut text = String::new();
        let mut count = 0;
        for (kept, view) in &self.hands {
            let ctx = self.context(kept, *view, time_zone);
            let hand = &kept.hand;
            let written = match self.format {
                HandFormat::Phh => hh::record(hand, &ctx).map(|mut h| {
                    h.extra.extend(kept.deck_field());
                    phh.push((kept.number.to_string(), h));
                }),
                HandFormat::PokerStars => hh::pokerstars(hand, &ctx).map(|t| text.push_str(&t)),
            };
            match written {
                Ok(()) => count += 1,
                Err(e) => {
                    return Err(Refusal::internal(format!(
                        "hand {} at table {} cannot be written: {e}",
                        kept.number,
                        kept.table + 1
                    )));
                }
            }
        }
        if self.format == HandFormat::Phh {
            text = hh::to_phhs(&phh);
        }
        Ok(HandsText { text, hands: count })
    }

    /// The hand's table, seats, names, level and time as the writers need them.
    fn context(&self, kept: &Kept, view: View, time_zone: &str) -> HandContext {
        let names = kept
            .entries
            .iter()
            .map(|&e| self.names.get(e.0 as usize).cloned().unwrap_or_default())
            .collect();
        // The zone was checked by `write`; a time past jiff's range cannot come from a clock.
        let time = Timestamp::at(kept.dealt_at as i64, time_zone).unwrap_or(Timestamp {
            year: 1970,
            month: 1,
            day: 1,
            hour: 0,
            minute: 0,
            second: 0,
            zone: "UTC".into(),
            time_zone: None,
        });
        let mut ctx = HandContext::new(&kept.positions, kept.max_seats, names, kept.blinds, time);
        ctx.hand_number = kept.number;
        // PokerStars names a tournament table by the tournament and the table's number.
        ctx.table = format!("{} {}", self.event, kept.table + 1);
        ctx.game = GameKind::Tournament {
            id: u64::from(self.event.0),
            buy_in: self.buy_in.clone(),
            level: kept.level,
        };
        ctx.view = view;
        ctx
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two events' hands in one ledger of 10 bytes: the oldest of either goes first, the
    /// newest always stays.
    #[test]
    fn the_budget_lets_the_oldest_hands_of_any_event_go_first() {
        let mut ledger = Ledger::new(10);
        let a1 = Arc::new("event 1, hand 1");
        let (s1, gone) = ledger.admit(a1.clone(), 4);
        assert!(gone.is_empty());
        let (_, gone) = ledger.admit(Arc::new("event 2, hand 1"), 4);
        assert!(gone.is_empty());
        assert_eq!(ledger.bytes(), 8);
        // Event 1's hand is the oldest of all: it goes, event 2's stays.
        let (s3, gone) = ledger.admit(Arc::new("event 2, hand 2"), 4);
        assert_eq!(gone.len(), 1);
        assert_eq!((gone[0].0, *gone[0].1), (s1, "event 1, hand 1"));
        assert_eq!((ledger.len(), ledger.bytes()), (2, 8));
        // Only the ledger and the test held it: the event's reference is dead once dropped.
        let weak = Arc::downgrade(&a1);
        drop(a1);
        assert!(weak.upgrade().is_some());
        drop(gone);
        // Let go of by its own event (its bound of hands).
        assert_eq!(ledger.remove(s3).map(|r| r.0), Some(s3));
        assert_eq!((ledger.len(), ledger.bytes()), (1, 4));
        // One hand larger than the budget is still kept, alone.
        let (_, gone) = ledger.admit(Arc::new("huge"), 50);
        assert_eq!(gone.len(), 1);
        assert_eq!((ledger.len(), ledger.bytes()), (1, 50));
        assert!(weak.upgrade().is_none(), "freed once let go of");
    }

    /// Each server has its own archive (issue 35 item 4): filling one lets go of none of the
    /// other's hands, where a process-wide ledger let one server's events evict another's.
    #[test]
    fn two_servers_keep_their_hands_apart() {
        let (a, b) = (Archive::with_budget(10), Archive::with_budget(10));
        let (_, gone) = b.lock().admit(Arc::new("b's hand"), 8);
        assert!(gone.is_empty());
        for _ in 0..5 {
            a.lock().admit(Arc::new("a's hand"), 8);
        }
        let kept = b.lock();
        assert_eq!((kept.len(), kept.bytes()), (1, 8));
        drop(kept);
        assert_eq!(a.lock().len(), 1, "a keeps its newest only");
        // A handle is the same archive.
        let a2 = a.clone();
        a2.lock().admit(Arc::new("a's next"), 8);
        assert_eq!(a.lock().len(), 1);
    }
}
