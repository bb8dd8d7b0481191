use crate::{Card, CardSet};
use rand_chacha::ChaCha20Rng;
use rand_core::{CryptoRng, SeedableRng};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The 32-byte seed of a shuffle. Kept with a hand, it replays the same deck exactly;
/// where it comes from (the OS, a test) is the caller's choice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Seed(pub [u8; 32]);

impl Seed {
    /// A seed spread from a number, for tests and reproducible simulations.
    pub fn from_u64(n: u64) -> Seed {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&n.to_le_bytes());
        Seed(bytes)
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed({self})")
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("a seed is 64 hexadecimal digits; {0:?} is not")]
pub struct SeedParseError(String);

impl FromStr for Seed {
    type Err = SeedParseError;
    fn from_str(s: &str) -> Result<Seed, SeedParseError> {
        let s = s.trim();
        crate::proof::parse_hex(s)
            .map(Seed)
            .ok_or_else(|| SeedParseError(s.to_owned()))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum DeckError {
    #[error("the deck is empty")]
    Empty,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum CutError {
    #[error(
        "a cut must leave at least three cards on each side: {top} above and {bottom} below (DG-6)"
    )]
    TooShallow { top: usize, bottom: usize },
    #[error("the deck can only be cut before the first card is dealt (DG-6)")]
    AlreadyDealing,
}

/// The most cards a deck holds: one of each.
const DECK: usize = 52;

/// The 52 cards in order, a constant: a deck ordered for each hand is a copy.
const ORDERED: [Card; DECK] = {
    let mut cards = [Card::new(crate::Rank::Two, crate::Suit::Clubs); DECK];
    let mut i = 0;
    while i < DECK {
        cards[i] = Card::from_index(i as u8).expect("below 52");
        i += 1;
    }
    cards
};

/// A deck on the table: the stub (top card first), the burned cards and what was dealt. Held
/// inline, not on the heap: a hand's deck is one allocation less (issue 38).
#[derive(Clone)]
pub struct Deck {
    /// The cards, `len` of them (dealt and burned ones first); the slots past `len` are unused.
    cards: [Card; DECK],
    len: u8,
    next: u8,
    /// The burned cards among those dealt off the top (a set: burning allocates nothing).
    burned: CardSet,
}

// As the deck was written before it was held inline: its cards, how many dealt, the burns.
impl fmt::Debug for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Deck")
            .field("cards", &self.all())
            .field("next", &usize::from(self.next))
            .field("burned", &self.burned)
            .finish()
    }
}

impl PartialEq for Deck {
    fn eq(&self, other: &Deck) -> bool {
        self.all() == other.all() && self.next == other.next && self.burned == other.burned
    }
}

impl Eq for Deck {}

impl Deck {
    /// A new deck in order, deuce of clubs on top.
    pub fn ordered() -> Deck {
        Deck {
            cards: ORDERED,
            len: DECK as u8,
            next: 0,
            burned: CardSet::EMPTY,
        }
    }

    /// The cards in this order, the first on top (a live dealer's deck as it lies). At most 52
    /// are kept: a deck of more repeats a card.
    pub fn from_cards(cards: Vec<Card>) -> Deck {
        Deck::from_slice(&cards)
    }

    fn from_slice(cards: &[Card]) -> Deck {
        let mut deck = Deck::ordered();
        let len = cards.len().min(DECK);
        deck.cards[..len].copy_from_slice(&cards[..len]);
        deck.len = len as u8;
        deck
    }

    /// Every card, dealt and burned ones first.
    fn all(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }

    fn all_mut(&mut self) -> &mut [Card] {
        &mut self.cards[..usize::from(self.len)]
    }

    /// The 52 cards shuffled by ChaCha20 from this seed: the same seed gives the same deck.
    pub fn shuffled(seed: Seed) -> Deck {
        let mut deck = Deck::ordered();
        deck.shuffle(&mut ChaCha20Rng::from_seed(seed.0));
        deck
    }

    /// The 52 cards less `dead`, in order (for equity and simulations).
    pub fn without(dead: CardSet) -> Deck {
        let mut deck = Deck::ordered();
        let mut len = 0;
        for card in Card::all().filter(|c| !dead.contains(*c)) {
            deck.cards[len] = card;
            len += 1;
        }
        deck.len = len as u8;
        deck
    }

    /// Shuffles the whole deck (dealt and burned cards back in) by Fisher-Yates with
    /// unbiased draws; the algorithm is fixed here so that a seed replays forever.
    pub fn shuffle<R: CryptoRng>(&mut self, rng: &mut R) {
        // Dealt and burned cards are still in `cards` (only `next` moved past them).
        self.burned = CardSet::EMPTY;
        self.next = 0;
        let cards = self.all_mut();
        cards.sort_unstable();
        for i in (1..cards.len()).rev() {
            let j = crate::sample::below_u32(rng, i as u32 + 1) as usize;
            cards.swap(i, j);
        }
    }

    /// Shuffles only as deep as a hand will deal: after it the top `count` cards are as random
    /// as after a whole shuffle (the first `count` steps of Fisher-Yates from the top), and the
    /// cards below them are never dealt. A seed replays it as `shuffle` does.
    pub fn shuffle_top<R: CryptoRng>(&mut self, count: usize, rng: &mut R) {
        self.burned = CardSet::EMPTY;
        self.next = 0;
        let cards = self.all_mut();
        if !cards.is_sorted() {
            cards.sort_unstable();
        }
        self.draw_top(count, rng);
    }

    /// `Deck::ordered()` shuffled by `shuffle_top`, without asking whether it is in order (a
    /// table's deck for each hand).
    pub fn ordered_shuffled_top<R: CryptoRng>(count: usize, rng: &mut R) -> Deck {
        let mut deck = Deck::ordered();
        deck.draw_top(count, rng);
        deck
    }

    /// The first `count` steps of Fisher-Yates from the top, the cards in order before them.
    fn draw_top<R: CryptoRng>(&mut self, count: usize, rng: &mut R) {
        let cards = self.all_mut();
        let len = cards.len();
        let count = count.min(len.saturating_sub(1));
        // Draw `i` is below `len - i`: the table's ranges from `len` down, read in turn.
        let ranges = crate::sample::deck_ranges((len - count + 1) as u32, len as u32);
        for (i, range) in ranges.iter().rev().enumerate() {
            let j = i + crate::sample::below_deck(rng, range) as usize;
            cards.swap(i, j);
        }
    }

    /// Puts `extra` cards (burns taken back) with the stub and shuffles the new stub by
    /// ChaCha20 from `seed`, as a dealer whose deck runs short does (TDA-RP-10H). Returns the
    /// new stub's size.
    pub fn reshuffled_stub(&mut self, extra: &[Card], seed: Seed) -> usize {
        let mut stub: Vec<Card> = self.remaining().to_vec();
        stub.extend_from_slice(extra);
        stub.sort_unstable();
        let mut rng = ChaCha20Rng::from_seed(seed.0);
        for i in (1..stub.len()).rev() {
            let j = crate::sample::below_u32(&mut rng, i as u32 + 1) as usize;
            stub.swap(i, j);
        }
        for &card in extra {
            self.burned.remove(card);
        }
        let mut dealt: Vec<Card> = self.all()[..usize::from(self.next)]
            .iter()
            .filter(|c| !extra.contains(c))
            .copied()
            .collect();
        let next = dealt.len();
        dealt.extend_from_slice(&stub);
        *self = Deck {
            next: next as u8,
            burned: self.burned,
            ..Deck::from_slice(&dealt)
        };
        stub.len()
    }

    /// Cuts the deck: the top `at` cards go to the bottom. DG-6: at least three cards
    /// must stay on each side, and only a deck not yet dealt from can be cut.
    pub fn cut(&mut self, at: usize) -> Result<(), CutError> {
        if self.next != 0 || !self.burned.is_empty() {
            return Err(CutError::AlreadyDealing);
        }
        let bottom = self.all().len().saturating_sub(at);
        if at < 3 || bottom < 3 {
            return Err(CutError::TooShallow { top: at, bottom });
        }
        self.all_mut().rotate_left(at);
        Ok(())
    }

    /// Deals the top card.
    pub fn deal(&mut self) -> Result<Card, DeckError> {
        let card = *self
            .all()
            .get(usize::from(self.next))
            .ok_or(DeckError::Empty)?;
        self.next += 1;
        Ok(card)
    }

    /// Burns the top card face down (kept apart until the pot is pushed, HC-1.12).
    pub fn burn(&mut self) -> Result<Card, DeckError> {
        let card = self.deal()?;
        self.burned.insert(card);
        Ok(card)
    }

    /// The cards not yet dealt or burned, top first.
    pub fn remaining(&self) -> &[Card] {
        &self.all()[usize::from(self.next)..]
    }

    pub fn len(&self) -> usize {
        usize::from(self.len - self.next)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The burned cards, in the order burned.
    pub fn burned(&self) -> Vec<Card> {
        self.all()[..usize::from(self.next)]
            .iter()
            .copied()
            .filter(|&card| self.burned.contains(card))
            .collect()
    }
}
