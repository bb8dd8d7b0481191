//! Hole cards, each possibly unknown (a live table's cards are known only when shown), and in
//! stud each face up or face down.

use cards::{Card, Rank, Suit};
use std::fmt;

/// The most cards a player holds: seven in stud.
pub const MAX_HOLE: usize = 7;

/// Up to seven hole cards; `None` is a card dealt face down that nobody has entered. Stud up
/// cards are marked face up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hole {
    cards: [Option<Card>; MAX_HOLE],
    len: u8,
    /// Bit `i` set: card `i` lies face up (stud).
    up: u8,
}

impl Hole {
    /// At most seven cards, all face down; more gives `None`.
    pub fn new(cards: &[Option<Card>]) -> Option<Hole> {
        if cards.len() > MAX_HOLE {
            return None;
        }
        let mut hole = Hole::default();
        for &card in cards {
            hole.push(card, false);
        }
        Some(hole)
    }

    pub fn known(cards: &[Card]) -> Option<Hole> {
        let cards: Vec<Option<Card>> = cards.iter().copied().map(Some).collect();
        Hole::new(&cards)
    }

    /// Stud cards with their faces: `(card, true)` lies face up.
    pub fn with_faces(cards: &[(Option<Card>, bool)]) -> Option<Hole> {
        if cards.len() > MAX_HOLE {
            return None;
        }
        let mut hole = Hole::default();
        for &(card, up) in cards {
            hole.push(card, up);
        }
        Some(hole)
    }

    pub(crate) fn push(&mut self, card: Option<Card>, up: bool) {
        self.cards[self.len as usize] = card;
        if up {
            self.up |= 1 << self.len;
        }
        self.len += 1;
    }

    /// One card, as `last(1)` of a hole it was just pushed to.
    pub(crate) fn one(card: Option<Card>, up: bool) -> Hole {
        let mut cards = [None; MAX_HOLE];
        cards[0] = card;
        Hole {
            cards,
            len: 1,
            up: u8::from(up),
        }
    }

    /// The last `count` cards with their faces (a street's cards, as dealt).
    pub(crate) fn last(&self, count: usize) -> Hole {
        // All of it (third street's cards): the hole itself, its slots past `len` empty and
        // face down as `push` leaves them (issue 38).
        if count >= self.len() {
            return *self;
        }
        let mut out = Hole::default();
        for i in self.len().saturating_sub(count)..self.len() {
            out.push(self.cards[i], self.is_up(i));
        }
        out
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

    /// Whether card `i` lies face up.
    pub fn is_up(&self, i: usize) -> bool {
        self.up & (1 << i) != 0
    }

    /// The face-up cards, in the order dealt (`None`: an up card not entered).
    pub fn up_cards(&self) -> impl Iterator<Item = Option<Card>> + '_ {
        // The up mask has bits below `len` only (`push`, `with_faces_of`).
        let mut up = self.up;
        std::iter::from_fn(move || {
            let i = up.trailing_zeros() as usize;
            up &= up.wrapping_sub(1);
            self.cards.get(i).copied()
        })
    }

    pub fn up_count(&self) -> usize {
        self.up.count_ones() as usize
    }

    /// The same cards with the faces of `faces` (card by card), e.g. a hand shown at showdown.
    pub(crate) fn with_faces_of(mut self, faces: &Hole) -> Hole {
        self.up = faces.up & ((1u16 << self.len) - 1) as u8;
        self
    }

    /// The cards when every one is known: a buffer and how many of it are cards.
    pub fn all_known(&self) -> Option<([Card; MAX_HOLE], usize)> {
        let mut out = [Card::new(Rank::Two, Suit::Clubs); MAX_HOLE];
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
