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

/// The server's seed for a table's next hand, committed to, and the values taken so far.
#[derive(Clone, Debug)]
pub struct Pending {
    pub hand: u64,
    pub seed: Seed,
    pub values: Vec<(u8, Value)>,
    pub left_out: Vec<(u8, LeftOutBecause)>,
}

impl Pending {
    pub fn new(hand: u64, seed: Seed) -> Pending {
        Pending {
            hand,
            seed,
            values: Vec::new(),
            left_out: Vec::new(),
        }
    }

    /// Takes `value` from `seat`, or notes why it is left out; a reason noted once for a seat
    /// is not noted again (refused, so that a client sending on cannot grow the hand).
    pub fn offer(&mut self, seat: u8, value: &str) -> Result<(), Refusal> {
        let why = match value.parse::<Value>() {
            Err(()) => LeftOutBecause::Malformed,
            Ok(_) if self.values.iter().any(|&(s, _)| s == seat) => LeftOutBecause::Twice,
            Ok(v) => {
                self.values.push((seat, v));
                return Ok(());
            }
        };
        note_left_out(&mut self.left_out, seat, why)
    }

    /// What the table shows before the deal.
    pub fn view(&self) -> DeckCommitment {
        let mut values_from: Vec<u8> = self.values.iter().map(|&(s, _)| s).collect();
        values_from.sort_unstable();
        DeckCommitment {
            hand: self.hand,
            commitment: commitment(&self.seed),
            values_from,
        }
    }

    /// The hand's deck seed and what its proof will show: the values by seat.
    pub fn into_proof(self) -> Proof {
        let mut values = self.values;
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
