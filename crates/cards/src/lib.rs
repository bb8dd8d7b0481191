//! Cards for Croupier: ranks, suits, cards, 52-bit card sets and a deck shuffled by a
//! seedable ChaCha20 generator, with parsing and printing in the usual two-character form
//! and display names in English and German.
//!
//! Owns: what a card is, how it is written and named, and the physical deck (shuffle, cut,
//! burn, deal), and how a hand's deck is proved (`proof`: a seed's commitment, the deck seed
//! from the seed and the players' values). Does not own: what hands are worth (`eval`) or who gets which card when
//! (`engine`). Randomness comes in as a seed; nothing here reads the clock or the OS.

mod card;
mod deck;
mod lang;
mod parse;
pub mod proof;
mod rank;
pub mod sample;
mod set;
mod suit;

pub use card::Card;
pub use deck::{CutError, Deck, DeckError, Seed, SeedParseError};
pub use lang::Lang;
pub use parse::{ParseCardError, parse_cards, parse_cards_or_unknown};
pub use rank::Rank;
pub use set::CardSet;
pub use suit::Suit;
