//! Decks anyone can check at an event's online tables (issue 37, `docs/decks.md`): the server
//! commits to each table's next hand as soon as the hand before is over (`EventCommand::
//! Commit`, the seed sealed in the log), the players seated there add their own values until
//! the deal (`EventCommand::DeckValue`), the deck is shuffled from both, and once the hand is
//! over its proof is kept with the table's last hands for its players and the TD.

use super::*;
use crate::deck::{HandAt, Pending, Proof};
use crate::secret::SealKey;
use protocol::{DeckProof, DeckSource, LeftOutBecause, SealedSeed};
use tournament::TableId;

impl Room {
    /// Whether each hand this event deals has a seed of its own (online, not a test event).
    pub fn deals_per_hand(&self) -> bool {
        self.decks == Some(DeckSource::PerHand) && !self.t.is_live()
    }

    /// A test event: its seed chosen by the TD, its online decks from that seed (a live
    /// event's dealers deal real cards; an event of an older log dealt from a seed drawn at
    /// random).
    pub fn is_test(&self) -> bool {
        self.decks == Some(DeckSource::EventSeed) && !self.t.is_live()
    }

    /// The tables of `scope` (or all) whose next hand needs a commitment, with that hand's
    /// number: no hand in play, none committed, two players or more seated.
    pub fn to_commit(&self, scope: Option<&[u32]>) -> Vec<(u32, u64)> {
        if !self.deals_per_hand() || !self.t.is_started() || self.t.is_finished() {
            return Vec::new();
        }
        self.in_scope(scope)
            .filter(|(table, live)| {
                live.in_play().is_none()
                    && live.deck.is_none()
                    && self
                        .t
                        .tables()
                        .get(*table as usize)
                        .is_some_and(|t| t.players() >= 2)
            })
            .map(|(table, live)| (table, live.hands_dealt + 1))
            .collect()
    }

    /// `seed` sealed for hand `hand` of `table`, for its `Commit`.
    pub fn seal_commit(&self, table: u32, hand: u64, seed: &cards::Seed) -> SealedSeed {
        SealedSeed {
            sealed: self.seal.seal_event(self.id.0, table, hand, seed),
            commitment: cards::proof::commitment(seed),
        }
    }

    /// The server commits to the seed of `table`'s next hand: checked, then kept until the
    /// deal. A seal the key does not open (another key than the log's) is refused.
    pub(super) fn commit_deck(
        &mut self,
        (table, hand): (u32, u64),
        seed: &SealedSeed,
        at: u64,
        by_holder: bool,
    ) -> Result<Changes, Refusal> {
        let id = TableId(table);
        if !self.deals_per_hand() {
            return Err(Refusal::conflict(
                "not_online",
                "this event deals no hand from a seed of its own",
            ));
        }
        let live = self
            .tables
            .get(table as usize)
            .ok_or_else(|| Refusal::not_found(format!("no {id}")))?;
        if hand != live.hands_dealt + 1 || live.in_play().is_some() {
            return Err(Refusal::conflict(
                "not_next_hand",
                format!("hand {hand} is not {id}'s next hand"),
            ));
        }
        if live.deck.is_some() {
            return Err(Refusal::conflict(
                "committed",
                format!("hand {hand} at {id} has its commitment"),
            ));
        }
        let opened = unseal(self.seal, self.id, table, hand, seed)?;
        let live = &mut self.tables[table as usize];
        let pending = Pending::new(hand, opened, at, by_holder);
        // The players' pages have a moment to add their values, even to a table's first hand
        // (a later one is committed to as the hand before ends, its pause longer than this).
        live.ready_at = live.ready_at.max(pending.values_until());
        live.deck = Some(pending);
        Ok(Changes::at(table))
    }

    /// A seated player's value for hand `hand` at their table: taken before the deal, left out
    /// (and said so in the proof) when late, twice or malformed.
    pub(super) fn deck_value(
        &mut self,
        table: u32,
        hand: u64,
        player: EntryId,
        value: &str,
    ) -> Result<Changes, Refusal> {
        crate::deck::check_value(value)?;
        let id = TableId(table);
        let seat = self
            .t
            .entry(player)
            .ok()
            .and_then(|e| e.seat)
            .filter(|(t, _)| *t == id)
            .map(|(_, seat)| seat.number())
            .ok_or_else(|| {
                Refusal::conflict(
                    "not_seated",
                    format!("player {} has no seat at {id}", player.number()),
                )
            })?;
        let live = &mut self.tables[table as usize];
        if let Some(pending) = live.deck.as_mut().filter(|p| p.hand == hand) {
            pending.offer(seat, player, value)?;
        } else {
            let dealt = live.hand.as_mut().filter(|h| h.number == hand);
            let Some(proof) = dealt.and_then(|h| h.proof.as_mut()) else {
                return Err(Refusal::conflict(
                    "no_commitment",
                    format!("{id} has no commitment to hand {hand}"),
                ));
            };
            crate::deck::note_left_out(&mut proof.left_out, seat, LeftOutBecause::Late)?;
            // A hand over is in the table's history too, whose proofs are the ones shown.
            let noted = proof.left_out.clone();
            if let Some(kept) = live
                .history
                .iter_mut()
                .find(|h| h.number == hand)
                .and_then(|h| h.proof.as_mut())
            {
                kept.left_out = noted;
            }
        }
        Ok(Changes::at(table))
    }

    /// A new value for a hand over is refused (`deck::too_late`), not in `replay`.
    pub(super) fn value_in_time(&self, table: u32, hand: u64) -> Result<(), Refusal> {
        let live = self
            .tables
            .get(table as usize)
            .and_then(|l| l.hand.as_ref());
        match live {
            Some(h) if h.number == hand && h.hand.is_over() => Err(crate::deck::too_late(hand)),
            _ => Ok(()),
        }
    }

    /// The deck seed of `table`'s next hand and what its proof will show, when the event deals
    /// from a seed per hand: the table's commitment with the values taken. Such an event deals
    /// no hand without one.
    pub(super) fn committed_deck(&self, table: u32) -> Result<Option<Proof>, Refusal> {
        if !self.deals_per_hand() {
            return Ok(None);
        }
        let pending = self
            .tables
            .get(table as usize)
            .and_then(|t| t.deck.clone())
            .ok_or_else(|| {
                Refusal::conflict(
                    "no_commitment",
                    format!("{} has no commitment to its next hand", TableId(table)),
                )
            })?;
        Ok(Some(pending.into_proof(|seat| self.holds(table, seat))))
    }

    /// Who sits in `seat` of `table` now.
    pub(super) fn holds(&self, table: u32, seat: u8) -> Option<EntryId> {
        let t = self.t.tables().get(table as usize)?;
        let at = usize::from(seat).checked_sub(1)?;
        t.table.seats().get(at)?.as_ref().map(|p| p.id)
    }

    /// The proofs of `table`'s last hands, oldest first: every one kept (the TD's), or those
    /// a person was dealt in under any of their entries.
    pub fn deck_proofs(&self, table: u32, entries: Option<&[EntryId]>) -> Vec<DeckProof> {
        let Some(live) = self.tables.get(table as usize) else {
            return Vec::new();
        };
        live.history
            .iter()
            .rev()
            .filter(|h| entries.is_none_or(|e| h.start.players.iter().any(|p| e.contains(p))))
            .filter_map(|h| self.proof_of(table, h))
            .collect()
    }

    /// A hand's proof, once it is over.
    pub(super) fn proof_of(&self, table: u32, live: &LiveHand) -> Option<DeckProof> {
        let proof = live.proof.as_ref().filter(|_| live.hand.is_over())?;
        Some(crate::deck::proof_of(
            self.hand_at(table, live),
            &live.hand,
            &live.start.positions.dealt,
            proof,
        ))
    }

    /// Which hand `live` at `table` is, as its proof names it.
    pub(super) fn hand_at(&self, table: u32, live: &LiveHand) -> HandAt {
        HandAt {
            event: Some(self.id),
            table,
            hand: live.number,
        }
    }
}

/// The seed in `seed`, opened with `key` and checked against its commitment.
fn unseal(
    key: SealKey,
    event: EventId,
    table: u32,
    hand: u64,
    seed: &SealedSeed,
) -> Result<cards::Seed, Refusal> {
    key.unseal_event((event.0, table, hand), &seed.sealed, &seed.commitment)
        .ok_or_else(|| {
            Refusal::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_seal",
                format!(
                    "the seal key does not open the seed of hand {hand} at {}: the server needs \
                     the seal key file this log was written with",
                    TableId(table)
                ),
            )
        })
}
