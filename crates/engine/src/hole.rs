//! Hole cards, each possibly unknown (a live table's cards are known only when shown).

use cards::{Card, Rank, Suit};
use std::fmt;

/// Up to four hole cards; `None` is a card dealt face down that nobody has entered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hole {
    cards: [Option<Card>; 4],
    len: u8,
}

impl Hole {
    /// At most four cards; more gives `None`.
    pub fn new(cards: &[Option<Card>]) -> Option<Hole> {
        if cards.len() > 4 {
            return None;
        }
        let mut hole = Hole::default();
        for &card in cards {
            hole.push(card);
        }
        Some(hole)
    }

    pub fn known(cards: &[Card]) -> Option<Hole> {
        if cards.len() > 4 {
            return None;
        }
        let mut hole = Hole::default();
        for &card in cards {
            hole.push(Some(card));
        }
        Some(hole)
    }

    pub(crate) fn push(&mut self, card: Option<Card>) {
        self.cards[self.len as usize] = card;
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn cards(&self) -> &[Option<Card>] {
        &self.cards[..self.len as usize]
    }

    /// The cards when every one is known: a buffer and how many of it are cards.
    pub fn all_known(&self) -> Option<([Card; 4], usize)> {
        let mut out = [Card::new(Rank::Two, Suit::Clubs); 4];
        for (slot, card) in out.iter_mut().zip(self.cards()) {
            *slot = (*card)?;
        }
        Some((out, self.len()))
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for card in self.cards() {
            match card {
                Some(card) => write!(f, "{card}")?,
                None => f.write_str("??")?,
            }
        }
        Ok(())
    }
}
