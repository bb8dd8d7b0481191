//! What a player said, in German or English, as a declaration (TDA-3, TDA-40B: general words,
//! a specific amount, or both).

use crate::numbers;

/// A declaration. Amounts are as said: `Raise { to }` is a total (TDA-43B), `RaiseBy` the
/// increase ("raise by", "erhöhe um").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Declaration {
    Fold,
    Check,
    Call,
    AllIn,
    /// "pot", "I bet the pot" (TDA-54).
    Pot,
    /// "bet", "raise", "setze", "erhöhe", with the amount if one was said.
    Raise {
        to: Option<u64>,
    },
    RaiseBy(u64),
    /// A bare amount: the same as putting it in silently (TDA-40C).
    Amount(u64),
    /// "if you bet I raise" (TDA-59A).
    Conditional,
    /// Words that name no action.
    Unclear(String),
}

impl Declaration {
    /// Parses free text; `None` when nothing was said.
    pub fn parse(text: &str) -> Option<Declaration> {
        let lower = text.to_lowercase();
        let cleaned: String = lower
            .chars()
            .map(|c| {
                if matches!(c, '!' | '?' | ';' | ':' | '"' | '„' | '“') {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        let tokens: Vec<&str> = cleaned
            .split_whitespace()
            .map(|t| t.trim_end_matches([',', '.']))
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.is_empty() {
            return None;
        }
        if tokens
            .iter()
            .any(|t| matches!(*t, "if" | "wenn" | "falls" | "sobald"))
        {
            return Some(Declaration::Conditional);
        }
        // The first word that names an action counts (JPR-5.0: the first declaration).
        for (i, token) in tokens.iter().enumerate() {
            let rest = &tokens[i + 1..];
            let found = match *token {
                "fold" | "folde" | "folden" | "passe" | "pass" | "muck" | "weg" => {
                    Some(Declaration::Fold)
                }
                "check" | "checke" | "checken" | "schiebe" | "schieben" | "klopf" | "knock" => {
                    Some(Declaration::Check)
                }
                "call" | "calle" | "callen" | "bezahle" | "bezahlt" | "mitgehen" => {
                    Some(Declaration::Call)
                }
                "gehe" | "geh" if rest.first() == Some(&"mit") => Some(Declaration::Call),
                "all-in" | "allin" | "alles" => Some(Declaration::AllIn),
                "all" if rest.first() == Some(&"in") => Some(Declaration::AllIn),
                "pot" | "pott" => Some(Declaration::Pot),
                "raise" | "re-raise" | "reraise" | "raisen" | "erhöhe" | "erhoehe" | "erhöhen"
                | "erhöhung" | "bet" | "bets" | "setze" | "setzen" | "wette" => {
                    Some(raise_with(rest))
                }
                _ => None,
            };
            if let Some(found) = found {
                return Some(found);
            }
            if let Some((amount, _)) = numbers::amount(&tokens[i..]) {
                return Some(Declaration::Amount(amount));
            }
        }
        Some(Declaration::Unclear(text.trim().to_string()))
    }
}

/// The words after "raise" or "bet": "to 800", "by 500", "auf 3000", "um 500", "the pot".
fn raise_with(rest: &[&str]) -> Declaration {
    let mut by = false;
    for (i, token) in rest.iter().enumerate() {
        match *token {
            "pot" | "pott" => return Declaration::Pot,
            "all-in" | "allin" | "alles" => return Declaration::AllIn,
            "all" if rest.get(i + 1) == Some(&"in") => return Declaration::AllIn,
            "by" | "um" => by = true,
            _ => {}
        }
        if let Some((amount, _)) = numbers::amount(&rest[i..]) {
            return if by {
                Declaration::RaiseBy(amount)
            } else {
                Declaration::Raise { to: Some(amount) }
            };
        }
    }
    Declaration::Raise { to: None }
}

#[cfg(test)]
mod tests {
    use super::Declaration::{self, *};

    fn said(text: &str) -> Option<Declaration> {
        Declaration::parse(text)
    }

    #[test]
    fn the_issue_s_phrases_tda_40b() {
        assert_eq!(said("call"), Some(Call));
        assert_eq!(said("raise"), Some(Raise { to: None }));
        assert_eq!(
            said("raise, eight thousand"),
            Some(Raise { to: Some(8000) })
        );
        assert_eq!(said("Erhöhe auf 3000"), Some(Raise { to: Some(3000) }));
        assert_eq!(said("erhöhe um 500"), Some(RaiseBy(500)));
        assert_eq!(said("all in"), Some(AllIn));
        assert_eq!(said("pot"), Some(Pot));
        assert_eq!(said("five"), Some(Amount(5)));
        assert_eq!(said("I bet the pot"), Some(Pot));
        assert_eq!(said("if you bet I raise"), Some(Conditional));
        assert_eq!(said("wenn du setzt, erhöhe ich"), Some(Conditional));
        assert_eq!(said("Vierzehn-Hundert"), Some(Amount(1400)));
        assert_eq!(said("42 tausend"), Some(Amount(42000)));
        assert_eq!(said("ich gehe mit"), Some(Call));
        assert_eq!(said("passe"), Some(Fold));
        assert_eq!(said("schiebe"), Some(Check));
        assert_eq!(said("I bet five"), Some(Raise { to: Some(5) }));
        assert_eq!(said(""), None);
        assert!(matches!(said("hmm"), Some(Unclear(_))));
    }

    #[test]
    fn the_first_declaration_counts_jpr_5_0() {
        assert_eq!(said("call, and raise 500"), Some(Call));
    }
}
