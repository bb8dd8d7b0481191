//! PHH action strings: `d dh p3 AcKd`, `d db Qs9c4s`, `p2 f`, `p2 cc`, `p2 cbr 300`,
//! `p1 pb`, `p2 sd 7h`, `p1 sm AcKd`, `p1 sm`. Text after `#` in the string is a note.

use crate::{ActionError, Amount};
use cards::{Card, parse_cards_or_unknown};
use std::fmt;

/// One action of a hand. Players are 0-based here (`p1` in the file is player 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhhAction {
    /// `d dh p1 AcKd`: hole cards dealt to a player; `None` is a card nobody saw (`??`).
    DealHole {
        player: usize,
        cards: Vec<Option<Card>>,
    },
    /// `d db Qs9c4s`: board cards; burns are implicit in PHH. `d db ??????` is a street
    /// nobody recorded (`None` cards).
    DealBoard { cards: Vec<Option<Card>> },
    /// `p2 f`.
    Fold { player: usize },
    /// `p2 cc`.
    CheckOrCall { player: usize },
    /// `p2 cbr 300`: completes, bets or raises to the amount (a "to" amount).
    CompleteBetOrRaiseTo { player: usize, amount: Amount },
    /// `p1 pb`: posts the bring-in (stud).
    PostBringIn { player: usize },
    /// `p2 sd 7h`: discards the cards; `p2 sd` with none stands pat (draw games).
    StandPatOrDiscard {
        player: usize,
        cards: Vec<Option<Card>>,
    },
    /// `p1 sm AcKd` shows the cards; `p1 sm` (`cards: None`) mucks.
    ShowOrMuck {
        player: usize,
        cards: Option<Vec<Option<Card>>>,
    },
}

impl PhhAction {
    /// Reads one action string (the text inside the quotes). Text from a `#` on is a
    /// note and is ignored here.
    pub fn parse(text: &str) -> Result<PhhAction, ActionError> {
        let body = text.split_once('#').map_or(text, |(body, _)| body);
        let words: Vec<&str> = body.split_whitespace().collect();
        let rest = |from: usize| words.get(from..).unwrap_or(&[]).join(" ");
        match words.as_slice() {
            [] => Err(ActionError::Empty),
            ["d", "dh", player, _, ..] => Ok(PhhAction::DealHole {
                player: parse_player(player)?,
                cards: parse_cards_or_unknown(&rest(3))?,
            }),
            ["d", "dh", player] => {
                parse_player(player)?;
                Err(ActionError::Missing("the cards dealt"))
            }
            ["d", "dh"] => Err(ActionError::Missing("the player dealt to")),
            ["d", "db", _, ..] => Ok(PhhAction::DealBoard {
                cards: parse_cards_or_unknown(&rest(2))?,
            }),
            ["d", "db"] => Err(ActionError::Missing("the board cards")),
            ["d", verb, ..] => Err(ActionError::UnknownVerb(format!("d {verb}"))),
            [player, verb, args @ ..] => {
                let player = parse_player(player)?;
                player_action(player, verb, args, rest(2))
            }
            [player] => {
                parse_player(player)?;
                Err(ActionError::Missing("the action after the player"))
            }
        }
    }

    /// The player acting or dealt to (0-based); `None` for board cards.
    pub fn player(&self) -> Option<usize> {
        match self {
            PhhAction::DealBoard { .. } => None,
            PhhAction::DealHole { player, .. }
            | PhhAction::Fold { player }
            | PhhAction::CheckOrCall { player }
            | PhhAction::CompleteBetOrRaiseTo { player, .. }
            | PhhAction::PostBringIn { player }
            | PhhAction::StandPatOrDiscard { player, .. }
            | PhhAction::ShowOrMuck { player, .. } => Some(*player),
        }
    }
}

fn player_action(
    player: usize,
    verb: &str,
    args: &[&str],
    args_text: String,
) -> Result<PhhAction, ActionError> {
    let no_args = |action: PhhAction| match args.first() {
        Some(extra) => Err(ActionError::Trailing((*extra).to_owned())),
        None => Ok(action),
    };
    match verb {
        "f" => no_args(PhhAction::Fold { player }),
        "cc" => no_args(PhhAction::CheckOrCall { player }),
        "pb" => no_args(PhhAction::PostBringIn { player }),
        "cbr" => match args {
            [] => Err(ActionError::Missing("the amount")),
            [amount] => {
                let amount: Amount = amount.parse()?;
                if amount.is_negative() {
                    return Err(crate::AmountError::Negative { amount }.into());
                }
                Ok(PhhAction::CompleteBetOrRaiseTo { player, amount })
            }
            [_, extra, ..] => Err(ActionError::Trailing((*extra).to_owned())),
        },
        "sd" => Ok(PhhAction::StandPatOrDiscard {
            player,
            cards: parse_cards_or_unknown(&args_text)?,
        }),
        "sm" => match args {
            [] => Ok(PhhAction::ShowOrMuck {
                player,
                cards: None,
            }),
            // PokerKit 0.4.8 to 0.4.11 wrote this and then withdrew it as non-compliant.
            ["-"] => Err(ActionError::ShowWithoutCards),
            _ => Ok(PhhAction::ShowOrMuck {
                player,
                cards: Some(parse_cards_or_unknown(&args_text)?),
            }),
        },
        other => Err(ActionError::UnknownVerb(other.to_owned())),
    }
}

/// `p3` is player 2 (0-based).
fn parse_player(word: &str) -> Result<usize, ActionError> {
    let bad = || ActionError::BadPlayer(word.to_owned());
    let digits = word.strip_prefix('p').ok_or_else(bad)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match digits.parse::<usize>().map_err(|_| bad())? {
        0 => Err(ActionError::PlayerZero),
        n => Ok(n - 1),
    }
}

/// The canonical PHH text of the action.
impl fmt::Display for PhhAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PhhAction::DealHole { player, cards } => {
                write!(f, "d dh p{} {}", player + 1, Cards(cards))
            }
            PhhAction::DealBoard { cards } => write!(f, "d db {}", Cards(cards)),
            PhhAction::Fold { player } => write!(f, "p{} f", player + 1),
            PhhAction::CheckOrCall { player } => write!(f, "p{} cc", player + 1),
            PhhAction::CompleteBetOrRaiseTo { player, amount } => {
                write!(f, "p{} cbr {amount}", player + 1)
            }
            PhhAction::PostBringIn { player } => write!(f, "p{} pb", player + 1),
            PhhAction::StandPatOrDiscard { player, cards } if cards.is_empty() => {
                write!(f, "p{} sd", player + 1)
            }
            PhhAction::StandPatOrDiscard { player, cards } => {
                write!(f, "p{} sd {}", player + 1, Cards(cards))
            }
            PhhAction::ShowOrMuck {
                player,
                cards: None,
            } => write!(f, "p{} sm", player + 1),
            PhhAction::ShowOrMuck {
                player,
                cards: Some(cards),
            } => write!(f, "p{} sm {}", player + 1, Cards(cards)),
        }
    }
}

/// Cards in PHH's run-together form, `??` for an unknown card.
struct Cards<'a>(&'a [Option<Card>]);

impl fmt::Display for Cards<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|c| match c {
            Some(card) => write!(f, "{card}"),
            None => f.write_str("??"),
        })
    }
}

/// An action as the file holds it: the parsed action, the string it came from, and the
/// `# comment` that followed it on its line (PHH files name the player there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionLine {
    pub action: PhhAction,
    /// The action string as written, including any `# note` inside it.
    pub text: String,
    /// The comment after the string in the file, without its `#`.
    pub comment: Option<String>,
}

impl ActionLine {
    /// A line for an action made elsewhere (the engine), written in canonical form.
    pub fn new(action: PhhAction) -> ActionLine {
        ActionLine {
            text: action.to_string(),
            action,
            comment: None,
        }
    }

    /// The string to write back: the original text while it still says the same
    /// action (keeping its spelling and notes), the canonical form otherwise.
    pub fn text_to_write(&self) -> String {
        match PhhAction::parse(&self.text) {
            Ok(parsed) if parsed == self.action => self.text.clone(),
            _ => self.action.to_string(),
        }
    }
}
