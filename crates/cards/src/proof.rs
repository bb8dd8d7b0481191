//! Decks anyone can check (issue 37): the procedure that turns the server's seed and the
//! players' values into a hand's deck, written in `docs/decks.md` so that anyone can write
//! their own verifier. Before the deal the server publishes the seed's commitment; after the
//! hand it reveals the seed, and `Deck::shuffled(deck_seed(seed, values))` is the deck.

use crate::{Card, Deck, Seed};
use sha2::{Digest, Sha256};

/// A player's value added to a hand's deck: 32 bytes, given as 64 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value(pub [u8; 32]);

/// The commitment to a seed, published before its hand is dealt: SHA-256 of its 32 bytes, as
/// 64 lowercase hex digits.
pub fn commitment(seed: &Seed) -> String {
    hex(&Sha256::digest(seed.0).into())
}

/// The seed the deck is shuffled from: the server's seed alone when no player added a value,
/// else SHA-256 of the seed followed by the values in the order of their seats.
pub fn deck_seed(seed: &Seed, values_by_seat: &[Value]) -> Seed {
    if values_by_seat.is_empty() {
        return *seed;
    }
    let mut hash = Sha256::new();
    hash.update(seed.0);
    for value in values_by_seat {
        hash.update(value.0);
    }
    Seed(hash.finalize().into())
}

/// The deck of a hand, from its seed and values (`deck_seed`), as `Deck::shuffled` shuffles.
pub fn deck(seed: &Seed, values_by_seat: &[Value]) -> Vec<Card> {
    Deck::shuffled(deck_seed(seed, values_by_seat))
        .remaining()
        .to_vec()
}

/// 32 bytes as 64 lowercase hex digits.
pub fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 64 hex digits as 32 bytes; `None` for anything else.
pub fn parse_hex(text: &str) -> Option<[u8; 32]> {
    if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut bytes = [0u8; 32];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(bytes)
}

impl std::str::FromStr for Value {
    type Err = ();
    fn from_str(s: &str) -> Result<Value, ()> {
        parse_hex(s).map(Value).ok_or(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_sha256_of_the_seed() {
        // SHA-256 of 32 zero bytes, as any SHA-256 tool gives it.
        let zero = Seed([0; 32]);
        assert_eq!(
            commitment(&zero),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }

    #[test]
    fn without_values_the_deck_is_the_seed_s_and_a_value_changes_it() {
        let seed = Seed::from_u64(7);
        assert_eq!(deck(&seed, &[]), Deck::shuffled(seed).remaining().to_vec());
        let with = deck(&seed, &[Value([1; 32])]);
        assert_ne!(with, deck(&seed, &[]));
        // The order of the values counts: they go in by seat.
        let two = deck(&seed, &[Value([1; 32]), Value([2; 32])]);
        assert_ne!(two, deck(&seed, &[Value([2; 32]), Value([1; 32])]));
        let mut sorted = two.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, Deck::ordered().remaining().to_vec());
    }

    #[test]
    fn hex_round_trips_and_refuses_anything_else() {
        let bytes = [0xab; 32];
        assert_eq!(parse_hex(&hex(&bytes)), Some(bytes));
        assert_eq!(parse_hex("ab"), None);
        assert_eq!(parse_hex(&"zz".repeat(32)), None);
    }

    // The vector docs/decks.md gives for writing a verifier (the same deck the pages' own
    // checker, ui/deckcheck.js, computes): seed 07 00 .. 00, no values.
    #[test]
    fn the_documented_deck_of_seed_seven() {
        let deck: Vec<String> = deck(&Seed::from_u64(7), &[])
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(
            deck.join(" "),
            "4h 3d 3h 8h 7d Qh 4d 2h 6h Kc 6d 4c Qc 5c 5d 8c 2d 4s 9s 6c 9c 3c Tc As Jh Ad 6s 2c \
             Kd Ks 9d 7h 8d 7c 2s Ac Qs Th 7s 3s Qd Ts Ah Js Jd 8s 5h 5s Jc Kh 9h Td"
        );
    }
}
