//! Every change of a hand's state is an event: the one source for storage, the UI and hand
//! histories.

use crate::chips::{Chips, Player};
use crate::hole::Hole;
use crate::rule::Rule;
use crate::variant::Street;
use cards::Card;

/// The board cards of one street: three on the flop, one on the turn and the river.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCards {
    cards: [Card; 3],
    len: u8,
}

impl BoardCards {
    /// At most three cards; more gives `None`.
    pub fn new(cards: &[Card]) -> Option<BoardCards> {
        let mut out = BoardCards {
            cards: [Card::new(cards::Rank::Two, cards::Suit::Clubs); 3],
            len: 0,
        };
        if cards.len() > 3 {
            return None;
        }
        out.cards[..cards.len()].copy_from_slice(cards);
        out.len = cards.len() as u8;
        Some(out)
    }
}

impl std::ops::Deref for BoardCards {
    type Target = [Card];
    fn deref(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

/// Which half of a split pot an award is (Omaha hi/lo).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Half {
    /// The whole pot: one game, a hi/lo scoop, or the same players winning both halves (TDA-20D).
    Whole,
    High,
    Low,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    AntePosted {
        player: Player,
        amount: Chips,
    },
    BlindPosted {
        player: Player,
        amount: Chips,
    },
    /// Stud: the lowest up card's bring-in (razz: the highest), or the next player's when that
    /// player is all-in with the ante (TDA-RP-10E); an absent player's is posted for them
    /// (TDA-30).
    BringInPosted {
        player: Player,
        amount: Chips,
        all_in: bool,
    },
    HoleDealt {
        player: Player,
        cards: Hole,
    },
    Burned {
        card: Option<Card>,
    },
    BoardDealt {
        street: Street,
        cards: BoardCards,
    },
    /// Stud, seventh street with too few cards: the stub and the three earlier burns are
    /// shuffled into a new stub (TDA-RP-10H).
    StubReshuffled {
        cards: usize,
    },
    /// A live dealer laid the street without the cards being entered.
    BoardDealtUnknown {
        street: Street,
    },
    Folded {
        player: Player,
    },
    Checked {
        player: Player,
    },
    /// `amount` chips added, for a bet of `to` in front of the player.
    Called {
        player: Player,
        amount: Chips,
        to: Chips,
        all_in: bool,
    },
    /// A bet (nothing to call) or raise to `to`; `full` says whether it was a full bet or raise
    /// that reopens the betting (TDA-43, TDA-47).
    BetOrRaised {
        player: Player,
        to: Chips,
        all_in: bool,
        full: bool,
    },
    /// A hand killed by a rule, e.g. an absent player's when the deal ends (TDA-30).
    HandKilled {
        player: Player,
        rule: Rule,
    },
    /// Chips a folded player left in the pot (DG-15.11, HC-3.4.2).
    DeadMoney {
        player: Player,
        amount: Chips,
    },
    /// The part of a bet nobody called, given back.
    BetReturned {
        player: Player,
        amount: Chips,
    },
    /// Bets in front of players pulled into the pot, which now holds `pot`.
    BetsCollected {
        pot: Chips,
    },
    /// All hands face up: a player is all-in and the betting is over (TDA-16).
    HandsTabled,
    Shown {
        player: Player,
        cards: Hole,
    },
    Mucked {
        player: Player,
    },
    /// Pot `pot` (0 = main pot), or its `half`, pushed to `player`.
    PotAwarded {
        pot: usize,
        half: Half,
        player: Player,
        amount: Chips,
    },
    HandEnded,
}
