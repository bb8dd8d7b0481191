use super::Game;
use cards::Card;
use thiserror::Error;

/// Why an equity question cannot be answered as asked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EquityError {
    #[error("equity needs at least 2 hands, not {0}")]
    TooFewPlayers(usize),
    #[error("equity takes at most {max} hands, not {0}", max = super::MAX_PLAYERS)]
    TooManyPlayers(usize),
    #[error("hand {player}: {game} takes {expected} hole cards, not {found}")]
    HoleCards {
        /// Counted from 1, as a player would say it.
        player: usize,
        found: usize,
        game: Game,
        expected: &'static str,
    },
    #[error(
        "hand {player} has {found} cards but hand 1 has {first}; every hand needs the same number"
    )]
    MixedHoleCards {
        player: usize,
        found: usize,
        first: usize,
    },
    #[error("a board has at most 5 cards, not {0}")]
    BoardSize(usize),
    #[error("{0} is given more than once (hands, board and dead cards must all differ)")]
    DuplicateCard(Card),
    #[error("the board needs {needed} more cards but only {left} are left in the deck")]
    NotEnoughCards { needed: usize, left: usize },
    #[error("Monte Carlo takes 1 to {max} samples, not {0}", max = super::MAX_SAMPLES)]
    Samples(u64),
}
