use crate::{Lang, ParseCardError, Rank, Suit};
use std::fmt;
use std::str::FromStr;

/// One card of the 52. The order is by rank, then by suit (spades highest), which is the
/// order for a high-card draw and the stud bring-in (WWPLA-8, HC-3.5, TDA-RP-10D).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, zerocopy::IntoBytes, zerocopy::Immutable,
)]
#[repr(transparent)]
pub struct Card(u8);

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank.index() * 4 + suit.index())
    }

    /// The card with this index, `rank * 4 + suit`, or `None` for 52 and above.
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 { Some(Card(index)) } else { None }
    }

    /// `rank * 4 + suit`: 0 is the deuce of clubs, 51 the ace of spades.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The cards' indexes as they lie in memory, one byte each (no copy): an evaluator reads
    /// two cards as one `u16` (issue 38).
    pub fn indexes(cards: &[Card]) -> &[u8] {
        zerocopy::IntoBytes::as_bytes(cards)
    }

    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 2) as usize]
    }

    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 & 3)
    }

    /// The card's bit in a [`crate::CardSet`]: `suit * 16 + rank`. Read from a table: one
    /// load instead of the shifts and adds, for every card dealt, marked or evaluated (issue 38).
    pub const fn bit(self) -> u64 {
        BITS[(self.0 & 63) as usize]
    }

    /// The full name: "King of Hearts" / "König-Herz" (the form HC-1.11 writes).
    pub fn name(self, lang: Lang) -> String {
        match lang {
            Lang::En => format!("{} of {}", self.rank().name(lang), self.suit().name(lang)),
            Lang::De => format!(
                "{}-{}",
                self.rank().german_card_word(),
                self.suit().name(lang)
            ),
        }
    }

    /// Reads a card written as a name: "Ass-Pik", "10-karo", "K-Kreuz", "D-Karo" (German,
    /// as the rulebooks write them) or "King of Hearts".
    pub fn from_name(name: &str) -> Result<Card, ParseCardError> {
        let text = name.trim();
        let (rank_word, suit_word) = text
            .split_once(" of ")
            .or_else(|| text.split_once('-'))
            .ok_or_else(|| ParseCardError::name(text, "expected RANK-SUIT or RANK of SUIT"))?;
        let rank = Rank::from_word(rank_word)
            .ok_or_else(|| ParseCardError::name(text, "the rank is not a rank name"))?;
        let suit = Suit::from_name(suit_word)
            .ok_or_else(|| ParseCardError::name(text, "the suit is not a suit name"))?;
        Ok(Card::new(rank, suit))
    }

    /// Every card, deuce of clubs first.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

/// Each card index's bit (`Card::bit`); the 12 indexes past the cards are never read.
const BITS: [u64; 64] = {
    let mut bits = [0; 64];
    let mut i = 0;
    while i < 52 {
        bits[i] = 1u64 << ((i & 3) * 16 + (i >> 2));
        i += 1;
    }
    bits
};

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().to_char(), self.suit().to_char())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        match crate::parse_cards(s)?.as_slice() {
            [card] => Ok(*card),
            cards => Err(ParseCardError::count(s, cards.len())),
        }
    }
}
