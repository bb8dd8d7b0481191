use crate::{Card, Rank, Suit};
use thiserror::Error;

/// Card text that could not be read; the message names the characters that were wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseCardError {
    #[error("{text:?}: {found:?} at position {position} is not a rank (2-9, T, J, Q, K, A)")]
    Rank {
        text: String,
        position: usize,
        found: char,
    },
    #[error("{text:?}: {found:?} at position {position} is not a suit (s, h, d, c)")]
    Suit {
        text: String,
        position: usize,
        found: char,
    },
    #[error("{text:?}: the rank {rank:?} at position {position} has no suit after it")]
    MissingSuit {
        text: String,
        position: usize,
        rank: char,
    },
    #[error("{text:?}: \"??\" (an unknown card) is not allowed here")]
    Unknown { text: String },
    #[error("{text:?}: {card} appears twice")]
    Duplicate { text: String, card: Card },
    #[error("{text:?}: expected one card, found {count}")]
    Count { text: String, count: usize },
    #[error("{text:?}: {reason}")]
    Name { text: String, reason: &'static str },
}

impl ParseCardError {
    pub(crate) fn count(text: &str, count: usize) -> Self {
        ParseCardError::Count {
            text: text.to_owned(),
            count,
        }
    }

    pub(crate) fn name(text: &str, reason: &'static str) -> Self {
        ParseCardError::Name {
            text: text.to_owned(),
            reason,
        }
    }
}

/// Reads a run of cards in the two-character form, such as `AsKd` or `As Kd, 2c`
/// (spaces and commas between cards are allowed; `??` stands for a card nobody has seen
/// and gives `None`). Positions in errors count characters from 0.
pub fn parse_cards_or_unknown(text: &str) -> Result<Vec<Option<Card>>, ParseCardError> {
    let chars: Vec<char> = text.chars().collect();
    let err_text = || text.to_owned();
    let mut out = Vec::with_capacity(chars.len() / 2);
    let mut seen = 0u64;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let Some(&next) = chars.get(i + 1) else {
            return Err(if Rank::from_char(c).is_some() {
                ParseCardError::MissingSuit {
                    text: err_text(),
                    position: i,
                    rank: c,
                }
            } else {
                ParseCardError::Rank {
                    text: err_text(),
                    position: i,
                    found: c,
                }
            });
        };
        if c == '?' && next == '?' {
            out.push(None);
            i += 2;
            continue;
        }
        let rank = Rank::from_char(c).ok_or_else(|| ParseCardError::Rank {
            text: err_text(),
            position: i,
            found: c,
        })?;
        let suit = Suit::from_char(next).ok_or_else(|| ParseCardError::Suit {
            text: err_text(),
            position: i + 1,
            found: next,
        })?;
        let card = Card::new(rank, suit);
        if seen & card.bit() != 0 {
            return Err(ParseCardError::Duplicate {
                text: err_text(),
                card,
            });
        }
        seen |= card.bit();
        out.push(Some(card));
        i += 2;
    }
    Ok(out)
}

/// Reads a run of known cards (`AsKd`, `2c 7h`); `??` is refused.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ParseCardError> {
    parse_cards_or_unknown(text)?
        .into_iter()
        .map(|c| {
            c.ok_or_else(|| ParseCardError::Unknown {
                text: text.to_owned(),
            })
        })
        .collect()
}
