//! Text in both languages of the tablet. The players and amounts it names are kept as
//! arguments, so each viewer renders them in its own way: the dealer tablet with the players'
//! names, the CLI and scenarios as `p3` (a player's `Display`).

use engine::{Chips, HandError, Player, Step};
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::fmt::{self, Write as _};

/// One piece of a line: words, or a player or an amount the words name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Words(String),
    Player(Player),
    Chips(Chips),
}

impl From<&str> for Piece {
    fn from(words: &str) -> Piece {
        Piece::Words(words.to_string())
    }
}

impl From<String> for Piece {
    fn from(words: String) -> Piece {
        Piece::Words(words)
    }
}

impl From<Player> for Piece {
    fn from(player: Player) -> Piece {
        Piece::Player(player)
    }
}

impl From<Chips> for Piece {
    fn from(chips: Chips) -> Piece {
        Piece::Chips(chips)
    }
}

/// A line in one language, as its pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line(Vec<Piece>);

/// A line from its pieces, each anything a [`Piece`] is made from:
/// `say![p, " wins ", amount, "."]`.
macro_rules! say {
    ($($piece:expr),* $(,)?) => {
        $crate::text::Line::new(vec![$($crate::text::Piece::from($piece)),*])
    };
}
pub(crate) use say;

impl Line {
    pub fn new(pieces: Vec<Piece>) -> Line {
        Line(pieces)
    }

    pub fn pieces(&self) -> &[Piece] {
        &self.0
    }

    /// This line followed by `more`.
    pub fn and(mut self, more: Line) -> Line {
        self.0.extend(more.0);
        self
    }

    /// The line with each player called by `name`.
    pub fn render(&self, name: impl Fn(Player) -> String) -> String {
        let mut out = String::new();
        for piece in &self.0 {
            match piece {
                Piece::Words(words) => out.push_str(words),
                Piece::Player(p) => out.push_str(&name(*p)),
                Piece::Chips(c) => {
                    let _ = write!(out, "{c}");
                }
            }
        }
        out
    }

    /// An engine refusal's message with the players the refusal carries as arguments.
    ///
    /// The engine writes its messages as text and a player as `p3`; of that text only the
    /// players the refusal itself carries are taken back out, each where it starts a word and
    /// ends before any digit, so nothing else in the message is read as a player.
    pub fn refusal(error: &HandError) -> Line {
        let message = error.to_string();
        let players = refused_players(error);
        let mut pieces = Vec::new();
        let mut words = String::new();
        let mut rest = message.as_str();
        'scan: while !rest.is_empty() {
            let starts_word = !words.chars().next_back().is_some_and(char::is_alphanumeric);
            if starts_word {
                for &p in &players {
                    let token = p.to_string();
                    let Some(after) = rest.strip_prefix(&token) else {
                        continue;
                    };
                    if after.starts_with(|c: char| c.is_ascii_digit()) {
                        continue;
                    }
                    pieces.push(Piece::Words(std::mem::take(&mut words)));
                    pieces.push(Piece::Player(p));
                    rest = after;
                    continue 'scan;
                }
            }
            let mut chars = rest.chars();
            words.extend(chars.next());
            rest = chars.as_str();
        }
        pieces.push(Piece::Words(words));
        pieces.retain(|p| *p != Piece::Words(String::new()));
        Line(pieces)
    }
}

/// The players an engine refusal carries, the one in the step it waits for too.
fn refused_players(error: &HandError) -> Vec<Player> {
    use HandError as E;
    match *error {
        E::NotYourTurn { player, actor } => vec![player, actor],
        E::DealOrder { expected, got, .. } => vec![expected, got],
        E::OutOfStep {
            expected:
                Step::Act(p)
                | Step::DealHole(p)
                | Step::PostAnte(p)
                | Step::PostBlind(p)
                | Step::ShowOrMuck(p),
            ..
        } => vec![p],
        E::CheckFacingBet { player, .. }
        | E::AboveStack { player, .. }
        | E::NotReopened { player, .. }
        | E::HoleCardCount { player, .. }
        | E::ShowAllCards { player, .. }
        | E::ShownDiffers { player, .. }
        | E::UnknownCards { player }
        | E::MustShow { player }
        | E::AlreadyShown { player }
        | E::NotInHand { player }
        | E::NotEligible { player, .. }
        | E::LastLiveHand { player }
        | E::NotFolded { player }
        | E::BringInDue { player, .. } => vec![player],
        _ => Vec::new(),
    }
}

/// The line as written where no names are known: a player as `p3`.
impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(|p| p.to_string()))
    }
}

impl From<&str> for Line {
    fn from(words: &str) -> Line {
        say![words]
    }
}

impl From<String> for Line {
    fn from(words: String) -> Line {
        say![words]
    }
}

/// Text in both languages of the tablet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub de: Line,
    pub en: Line,
}

impl Text {
    pub fn new(en: impl Into<Line>, de: impl Into<Line>) -> Text {
        Text {
            de: de.into(),
            en: en.into(),
        }
    }
}

/// On the wire as both languages' strings, players as `p3`: `{"de": .., "en": ..}`.
impl Serialize for Text {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut text = s.serialize_struct("Text", 2)?;
        text.serialize_field("de", &self.de.to_string())?;
        text.serialize_field("en", &self.en.to_string())?;
        text.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(p: Player) -> String {
        ["Anna", "Ben p3", "Cy2", "p12"][p.index()].to_string()
    }

    #[test]
    fn a_line_names_players_as_the_viewer_knows_them_tda_53a() {
        let line = say![
            "out of turn: the action goes back to ",
            Player(0),
            "; ",
            Player(1),
            "'s action is binding"
        ];
        assert_eq!(
            line.render(names),
            "out of turn: the action goes back to Anna; Ben p3's action is binding"
        );
        assert_eq!(
            line.to_string(),
            "out of turn: the action goes back to p1; p2's action is binding"
        );
    }

    #[test]
    fn amounts_are_written_as_numbers_tda_45() {
        let line = say!["a raise to ", Chips(1700), ", ", Chips(200), " more"];
        assert_eq!(line.render(names), "a raise to 1700, 200 more");
    }

    #[test]
    fn an_engine_refusal_names_only_the_players_it_carries_tda_21() {
        let refused = HandError::NotEligible {
            player: Player(1),
            pot: 0,
        };
        let line = Line::refusal(&refused);
        assert_eq!(
            line.render(names),
            "Ben p3 cannot win pot 0: not in it (TDA-21)"
        );
        assert_eq!(line.to_string(), refused.to_string());
        // p10 is not p1: a player ends before any digit.
        let refused = HandError::NotYourTurn {
            player: Player(0),
            actor: Player(9),
        };
        let line = Line::refusal(&refused);
        assert_eq!(
            line.pieces()
                .iter()
                .filter(|p| matches!(p, Piece::Player(_)))
                .count(),
            2
        );
        assert_eq!(line.to_string(), refused.to_string());
    }

    #[test]
    fn text_goes_on_the_wire_as_both_languages_strings() {
        let text = Text::new(say![Player(2), " folds"], say![Player(2), " foldet"]);
        let json = serde_json::to_string(&text).unwrap();
        assert_eq!(json, r#"{"de":"p3 foldet","en":"p3 folds"}"#);
    }
}
