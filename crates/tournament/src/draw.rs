//! Randomness for the director: the event's generator, fresh decks for hands and card draws,
//! and shuffles, all from the event's seed so that a seed replays the whole tournament.

use cards::{Card, Deck};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The event's random source.
#[derive(Clone, Debug)]
pub struct Draw {
    rng: ChaCha8Rng,
}

impl Draw {
    pub fn new(seed: u64) -> Draw {
        Draw {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// A uniform number below `n` (`n` > 0), without bias (`cards::sample`).
    pub fn below(&mut self, n: usize) -> usize {
        cards::sample::below_u64(&mut self.rng, n as u64) as usize
    }

    /// Fisher-Yates (`cards::sample`).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        cards::sample::shuffle(&mut self.rng, items);
    }

    /// A deck shuffled deep enough for `cards` cards.
    pub fn deck(&mut self, cards: usize) -> Deck {
        let mut deck = Deck::ordered();
        deck.shuffle_top(cards.min(52), &mut self.rng);
        deck
    }

    /// One card each from a fresh deck, for a high-card draw (suits break ties, HC-3.5).
    pub fn cards(&mut self, count: usize) -> Vec<Card> {
        let mut out = Vec::with_capacity(count);
        let mut deck = self.deck(count);
        for _ in 0..count {
            let card = match deck.deal() {
                Ok(card) => card,
                Err(_) => {
                    deck = self.deck(52);
                    deck.deal()
                        .unwrap_or(Card::new(cards::Rank::Two, cards::Suit::Clubs))
                }
            };
            out.push(card);
        }
        out
    }

    pub fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }
}
