//! Decks anyone can check at the tables the server deals, cash and tournament (issue 37,
//! `docs/decks.md`): before a hand the server commits to its seed (the seed sealed in the log),
//! seated players add their own values until the deal, the deck is shuffled from the seed and
//! the values (`cards::proof`), and once the hand is over its proof (the seed, the values,
//! every card dealt) is shown and kept for `croupier verify`.

use crate::refusal::Refusal;
use axum::http::StatusCode;
use cards::Seed;
use cards::proof::{Value, commitment, hex};
use protocol::{
    DealtCard, DealtTo, DeckCommitment, DeckProof, EventId, LeftOutBecause, LeftOutValue,
};

/// A value longer than this is not read at all (a value is 64 hex digits).
const VALUE_MAX: usize = 128;

/// The least time between a commitment and its hand's deal, for the players' values: the
/// tables' timers deal no sooner (a deal in the log is not held to it, so that older logs
/// replay).
pub const VALUES_MS: u64 = 2_000;

/// The server's seed for a table's next hand, committed to, and the values taken so far, each
/// with who gave it (`W`: an event's entry, a cash guest).
#[derive(Clone, Debug)]
pub struct Pending<W> {
    pub hand: u64,
    pub seed: Seed,
    /// When it was committed to (ms since 1970).
    pub at: u64,
    /// A value counts only while its giver holds the seat; not so in a log of before, which
    /// replays as it was dealt (any value a seat gave, a second one `twice`).
    pub by_holder: bool,
    pub values: Vec<(u8, W, Value)>,
    pub left_out: Vec<(u8, LeftOutBecause)>,
}

impl<W: Copy + Eq> Pending<W> {
    pub fn new(hand: u64, seed: Seed, at: u64, by_holder: bool) -> Pending<W> {
        Pending {
            hand,
            seed,
            at,
            by_holder,
            values: Vec::new(),
            left_out: Vec::new(),
        }
    }

    /// Takes `value` from `who` at `seat`, or notes why it is left out; a reason noted once for
    /// a seat is not noted again (refused, so that a client sending on cannot grow the hand).
    /// A value from the seat's player before is left out: they left it.
    pub fn offer(&mut self, seat: u8, who: W, value: &str) -> Result<(), Refusal> {
        let why = match value.parse::<Value>() {
            Err(()) => LeftOutBecause::Malformed,
            // In a log of before, any second value at a seat was `twice`.
            Ok(_)
                if self
                    .values
                    .iter()
                    .any(|&(s, w, _)| s == seat && (w == who || !self.by_holder)) =>
            {
                LeftOutBecause::Twice
            }
            Ok(v) => {
                if let Some(at) = self.values.iter().position(|&(s, _, _)| s == seat) {
                    self.values.remove(at);
                    self.left(seat);
                }
                self.values.push((seat, who, v));
                return Ok(());
            }
        };
        note_left_out(&mut self.left_out, seat, why)
    }

    /// Notes that the player who gave `seat`'s value left the seat (once a seat).
    fn left(&mut self, seat: u8) {
        if !self.left_out.contains(&(seat, LeftOutBecause::Left)) {
            self.left_out.push((seat, LeftOutBecause::Left));
        }
    }

    /// Whether the value `who` gave at `seat` counts, `holds` giving who sits there now.
    fn counts(&self, seat: u8, who: W, holds: &impl Fn(u8) -> Option<W>) -> bool {
        !self.by_holder || holds(seat) == Some(who)
    }

    /// When the timers may deal its hand at the earliest.
    pub fn values_until(&self) -> u64 {
        self.at + VALUES_MS
    }

    /// What the table shows before the deal, `holds` giving who sits in a seat now: the seats
    /// whose player's value is in.
    pub fn view(&self, holds: impl Fn(u8) -> Option<W>) -> DeckCommitment {
        let mut values_from: Vec<u8> = self
            .values
            .iter()
            .filter(|&&(s, w, _)| self.counts(s, w, &holds))
            .map(|&(s, _, _)| s)
            .collect();
        values_from.sort_unstable();
        DeckCommitment {
            hand: self.hand,
            commitment: commitment(&self.seed),
            values_from,
        }
    }

    /// The hand's deck seed and what its proof will show: the values by seat of the players
    /// who still hold their seats (`holds`), the others left out.
    pub fn into_proof(mut self, holds: impl Fn(u8) -> Option<W>) -> Proof {
        let (kept, gone): (Vec<_>, Vec<_>) = std::mem::take(&mut self.values)
            .into_iter()
            .partition(|&(s, w, _)| self.counts(s, w, &holds));
        for (seat, _, _) in gone {
            self.left(seat);
        }
        let mut values: Vec<(u8, Value)> = kept.into_iter().map(|(s, _, v)| (s, v)).collect();
        values.sort_unstable_by_key(|&(s, _)| s);
        let by_seat: Vec<Value> = values.iter().map(|&(_, v)| v).collect();
        Proof {
            deck_seed: cards::proof::deck_seed(&self.seed, &by_seat),
            seed: self.seed,
            values,
            left_out: self.left_out,
        }
    }
}

/// What a dealt hand's deck came from.
#[derive(Clone, Debug)]
pub struct Proof {
    pub seed: Seed,
    /// By seat.
    pub values: Vec<(u8, Value)>,
    pub left_out: Vec<(u8, LeftOutBecause)>,
    pub deck_seed: Seed,
}

impl Proof {
    pub fn commitment(&self) -> String {
        commitment(&self.seed)
    }
}

/// Notes that `seat`'s value was left out for `why`, unless that is noted already.
pub fn note_left_out(
    left_out: &mut Vec<(u8, LeftOutBecause)>,
    seat: u8,
    why: LeftOutBecause,
) -> Result<(), Refusal> {
    if left_out.contains(&(seat, why)) {
        return Err(Refusal::conflict(
            "value_noted",
            format!("seat {seat}'s value for this hand is left out already"),
        ));
    }
    left_out.push((seat, why));
    Ok(())
}

/// A value for a hand already over is refused, not noted: its history is written and shown.
/// (A log of before, which noted it `late`, replays round this check.)
pub fn too_late(hand: u64) -> Refusal {
    Refusal::conflict(
        "hand_over",
        format!("hand {hand} is over: it was dealt without this value"),
    )
}

/// A value is read only when it could be one: anything longer is refused unread.
pub fn check_value(value: &str) -> Result<(), Refusal> {
    if value.len() > VALUE_MAX {
        return Err(Refusal::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_value",
            "a deck value is 64 hex digits",
        ));
    }
    Ok(())
}

/// Which hand a proof is of: a cash table's (no event) or an event's table (from 0), and the
/// table's hand number.
#[derive(Clone, Copy, Debug)]
pub struct HandAt {
    pub event: Option<EventId>,
    pub table: u32,
    pub hand: u64,
}

/// The proof of a hand, over: its seed, values and every card dealt, by place in the deck
/// (`seats`: the hand's players' seats).
pub fn proof_of(
    at: HandAt,
    hand: &engine::Hand,
    seats: &[engine::Seat],
    proof: &Proof,
) -> DeckProof {
    let deck = cards::Deck::shuffled(proof.deck_seed);
    let place = |card: cards::Card| {
        deck.remaining()
            .iter()
            .position(|&c| c == card)
            .map_or(u8::MAX, |at| at as u8)
    };
    let mut dealt = Vec::new();
    for event in hand.events() {
        match event {
            engine::Event::HoleDealt { player, cards } => {
                for card in cards.cards().iter().flatten() {
                    dealt.push(DealtCard {
                        at: place(*card),
                        card: card.to_string(),
                        to: DealtTo::Seat,
                        seat: seats.get(player.index()).map(|s| s.number()),
                    });
                }
            }
            engine::Event::Burned { card: Some(card) } => dealt.push(DealtCard {
                at: place(*card),
                card: card.to_string(),
                to: DealtTo::Burn,
                seat: None,
            }),
            engine::Event::BoardDealt { cards, .. } => {
                dealt.extend(cards.iter().map(|&card| DealtCard {
                    at: place(card),
                    card: card.to_string(),
                    to: DealtTo::Board,
                    seat: None,
                }));
            }
            _ => {}
        }
    }
    dealt.sort_by_key(|d| d.at);
    DeckProof {
        event: at.event,
        table: at.table,
        hand: at.hand,
        commitment: proof.commitment(),
        seed: hex(&proof.seed.0),
        values: proof
            .values
            .iter()
            .map(|&(seat, v)| protocol::SeatValue {
                seat,
                value: hex(&v.0),
            })
            .collect(),
        left_out: proof
            .left_out
            .iter()
            .map(|&(seat, why)| LeftOutValue { seat, why })
            .collect(),
        deck_seed: hex(&proof.deck_seed.0),
        dealt,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(byte: u8) -> String {
        hex(&[byte; 32])
    }

    // Issue 37 item 3: a value counts only while its player holds the seat; the seat's next
    // player gives their own, and the one before is listed as left out.
    #[test]
    fn the_next_player_in_a_seat_gives_their_own_value() {
        let mut p: Pending<u32> = Pending::new(1, Seed([7; 32]), 0, true);
        p.offer(3, 10, &value(1)).expect("taken");
        assert_eq!(p.view(|_| Some(10)).values_from, vec![3]);
        // Player 10 moved away, 11 sits in seat 3: 10's value is not shown in, 11's is taken.
        assert!(p.view(|_| Some(11)).values_from.is_empty());
        p.offer(3, 11, &value(2)).expect("the new player's own");
        assert_eq!(p.view(|_| Some(11)).values_from, vec![3]);
        let proof = p.into_proof(|_| Some(11));
        assert_eq!(proof.values.len(), 1);
        assert_eq!(hex(&proof.values[0].1.0), value(2));
        assert_eq!(proof.left_out, vec![(3, LeftOutBecause::Left)]);
        assert_eq!(
            proof.deck_seed,
            cards::proof::deck_seed(&Seed([7; 32]), &[Value([2; 32])])
        );
    }

    #[test]
    fn a_value_whose_player_left_before_the_deal_is_left_out() {
        let mut p: Pending<u32> = Pending::new(4, Seed([9; 32]), 0, true);
        p.offer(1, 20, &value(5)).expect("taken");
        p.offer(2, 21, &value(6)).expect("taken");
        // Seat 2 empty at the deal.
        let proof = p.into_proof(|seat| (seat == 1).then_some(20));
        assert_eq!(proof.values, vec![(1, Value([5; 32]))]);
        assert_eq!(proof.left_out, vec![(2, LeftOutBecause::Left)]);
        assert_eq!(
            proof.deck_seed,
            cards::proof::deck_seed(&Seed([9; 32]), &[Value([5; 32])])
        );
    }

    #[test]
    fn the_same_player_twice_is_left_out_once() {
        let mut p: Pending<u32> = Pending::new(1, Seed([1; 32]), 0, true);
        p.offer(5, 30, &value(1)).expect("taken");
        p.offer(5, 30, &value(2)).expect("noted");
        assert_eq!(
            p.offer(5, 30, &value(3)).expect_err("noted already").code,
            "value_noted"
        );
        let proof = p.into_proof(|_| Some(30));
        assert_eq!(proof.values, vec![(5, Value([1; 32]))]);
        assert_eq!(proof.left_out, vec![(5, LeftOutBecause::Twice)]);
    }

    // A commitment of a log from before values went with their givers replays as it was
    // dealt: the seat's first value counts, whoever holds the seat, and a second is `twice`.
    #[test]
    fn a_log_of_before_replays_its_values_by_seat() {
        let mut p: Pending<u32> = Pending::new(1, Seed([3; 32]), 0, false);
        p.offer(2, 40, &value(1)).expect("taken");
        p.offer(2, 41, &value(2)).expect("noted");
        assert_eq!(p.view(|_| Some(41)).values_from, vec![2]);
        let proof = p.into_proof(|_| Some(41));
        assert_eq!(proof.values, vec![(2, Value([1; 32]))]);
        assert_eq!(proof.left_out, vec![(2, LeftOutBecause::Twice)]);
    }
}
