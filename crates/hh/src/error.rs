//! What can be wrong with a PHH file, said with where: the file line (and column for TOML
//! that does not read), and for an action its number and text.

use crate::AmountError;
use cards::ParseCardError;
use thiserror::Error;

/// A PHH file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PhhError {
    /// `line` and `column` count from 1; the column in characters.
    #[error("line {line}, column {column}: {error}")]
    Syntax {
        line: usize,
        column: usize,
        error: SyntaxError,
    },
    #[error("line {line}: {field}: expected {expected}, found {found}")]
    FieldType {
        line: usize,
        field: String,
        expected: &'static str,
        found: &'static str,
    },
    #[error("the required field {0} is missing")]
    MissingField(&'static str),
    #[error("line {line}: starting_stacks is empty; a hand needs players")]
    NoPlayers { line: usize },
    #[error("line {line}: {field} has {found} entries but starting_stacks has {players} players")]
    PlayerCount {
        line: usize,
        field: &'static str,
        found: usize,
        players: usize,
    },
    /// `number` counts the actions from 1, as a reader of the file counts them.
    #[error("line {line}: action {number} '{text}': {problem}")]
    Action {
        line: usize,
        number: usize,
        text: String,
        problem: ActionError,
    },
    #[error("line {line}: table [{name}] in a .phh file, which holds one hand (use a .phhs)")]
    UnexpectedTable { line: usize, name: String },
    #[error("line {line}: {key} stands outside any [table] in a .phhs file")]
    KeyOutsideTable { line: usize, key: String },
    #[error("hand [{table}] (line {line}): {error}")]
    InTable {
        table: String,
        line: usize,
        error: Box<PhhError>,
    },
}

/// Text that is not TOML, or a number PHH cannot hold exactly; [`PhhError::Syntax`] adds
/// where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyntaxError {
    /// toml_edit's message (duplicate keys, unterminated strings or arrays, bad escapes, ...)
    /// and the text it is about, when there is any on the line.
    #[error("{message}{}", at_text(found))]
    Toml { message: String, found: String },
    #[error("bad number: {0}")]
    BadNumber(AmountError),
    /// `-inf` and `nan`: PHH amounts are exact, and `inf` alone means a stack nobody recorded.
    #[error("{0} is not a number PHH uses (an exact amount, or inf for a stack nobody recorded)")]
    NotAnAmount(String),
}

fn at_text(found: &str) -> String {
    if found.is_empty() {
        String::new()
    } else {
        format!(" at {found:?}")
    }
}

/// What is wrong with one action string.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error("the action is empty")]
    Empty,
    #[error("unknown action {0:?} (PHH knows d dh, d db, f, cc, cbr, pb, sd and sm)")]
    UnknownVerb(String),
    #[error("{0:?} is not a player (players are written p1, p2, ...)")]
    BadPlayer(String),
    #[error("there is no player p0: players count from p1")]
    PlayerZero,
    #[error("p{player} is not in this hand, which has {players} players")]
    NoSuchPlayer { player: usize, players: usize },
    #[error("{0} is missing")]
    Missing(&'static str),
    #[error("unexpected {0:?} after the action")]
    Trailing(String),
    #[error(
        "'sm -' (show without naming the cards) is not PHH; name the cards or write 'sm' to muck"
    )]
    ShowWithoutCards,
    #[error("bad amount: {0}")]
    Amount(#[from] AmountError),
    #[error("bad cards: {0}")]
    Cards(#[from] ParseCardError),
}
