//! The question asked: the game, the hands, the board so far and the dead cards, checked
//! once so that the counting never meets a bad card.

use super::{EquityError, Game, MAX_PLAYERS};
use cards::{Card, CardSet};

/// A checked equity question. Build it with [`Deal::new`], then ask [`Deal::exact`] or
/// [`Deal::monte_carlo`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    pub(super) game: Game,
    pub(super) hands: Vec<Vec<Card>>,
    board: Vec<Card>,
    dead: CardSet,
    /// The cards the rest of the board comes from, lowest first.
    deck: Vec<Card>,
}

impl Deal {
    /// Checks the question: 2 to [`MAX_PLAYERS`] hands of the game's hole-card count
    /// (all the same size), a board of at most five cards, no card given twice, and
    /// enough cards left to finish the board.
    pub fn new<H: AsRef<[Card]>>(
        game: Game,
        hands: &[H],
        board: &[Card],
        dead: &[Card],
    ) -> Result<Deal, EquityError> {
        match hands.len() {
            n if n < 2 => return Err(EquityError::TooFewPlayers(n)),
            n if n > MAX_PLAYERS => return Err(EquityError::TooManyPlayers(n)),
            _ => {}
        }
        let first = hands[0].as_ref().len();
        for (i, hand) in hands.iter().enumerate() {
            let found = hand.as_ref().len();
            if !game.hole_cards().contains(&found) {
                return Err(EquityError::HoleCards {
                    player: i + 1,
                    found,
                    game,
                    expected: match game {
                        Game::Holdem => "2",
                        Game::Omaha | Game::OmahaHiLo => "4, 5 or 6",
                    },
                });
            }
            if found != first {
                return Err(EquityError::MixedHoleCards {
                    player: i + 1,
                    found,
                    first,
                });
            }
        }
        // Any partial board: the rest of the five cards are enumerated or sampled.
        if board.len() > 5 {
            return Err(EquityError::BoardSize(board.len()));
        }
        let mut used = CardSet::EMPTY;
        let all = hands
            .iter()
            .flat_map(|h| h.as_ref())
            .chain(board)
            .chain(dead);
        for &card in all {
            if !used.insert(card) {
                return Err(EquityError::DuplicateCard(card));
            }
        }
        let deck: Vec<Card> = Card::all().filter(|c| !used.contains(*c)).collect();
        let needed = 5 - board.len();
        if deck.len() < needed {
            return Err(EquityError::NotEnoughCards {
                needed,
                left: deck.len(),
            });
        }
        Ok(Deal {
            game,
            hands: hands.iter().map(|h| h.as_ref().to_vec()).collect(),
            board: board.to_vec(),
            dead: dead.iter().copied().collect(),
            deck,
        })
    }

    pub fn game(&self) -> Game {
        self.game
    }

    pub fn hands(&self) -> &[Vec<Card>] {
        &self.hands
    }

    pub fn board(&self) -> &[Card] {
        &self.board
    }

    pub fn dead(&self) -> CardSet {
        self.dead
    }

    /// The cards the rest of the board is dealt from, lowest first.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// How many board cards are still to come.
    pub fn missing(&self) -> usize {
        5 - self.board.len()
    }

    /// How many boards can still come: what [`Deal::exact`] counts.
    pub fn boards(&self) -> u64 {
        binomial(self.deck.len() as u64, self.missing() as u64)
    }
}

/// n choose k, for n up to 52.
pub(super) fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}
