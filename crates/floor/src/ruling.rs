//! A ruling: what an act comes to, with the rules applied and why.

use crate::text::{Line, Text};
use engine::{Action, Chips, Player, Rule};
use std::fmt;

/// One reason of a ruling: the rule and what it says here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    pub rule: Rule,
    pub text: Text,
}

/// What an act comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub player: Player,
    pub in_turn: bool,
    /// Actions applied to the hand because of this act, in order: an out-of-turn action made
    /// binding is applied when the action reaches its player.
    pub actions: Vec<(Player, Action)>,
    /// Chips handed back: change, a returned bet, a string bet's second motion.
    pub returned: Chips,
    /// Chips the player must still put in to complete the action.
    pub owed: Chips,
    /// A penalty the TD may give, under this rule.
    pub penalty: Option<Rule>,
    pub reasons: Vec<Reason>,
    /// Who acts next; `None` when no betting round is open.
    pub next: Option<Player>,
}

impl Ruling {
    pub(crate) fn new(player: Player, in_turn: bool) -> Ruling {
        Ruling {
            player,
            in_turn,
            actions: Vec::new(),
            returned: Chips::ZERO,
            owed: Chips::ZERO,
            penalty: None,
            reasons: Vec::new(),
            next: None,
        }
    }

    pub(crate) fn because(&mut self, rule: Rule, en: impl Into<Line>, de: impl Into<Line>) {
        self.reasons.push(Reason {
            rule,
            text: Text::new(en, de),
        });
    }

    /// The rule ids cited, in order, each once.
    pub fn rules(&self) -> Vec<Rule> {
        let mut out: Vec<Rule> = Vec::new();
        for r in &self.reasons {
            if !out.contains(&r.rule) {
                out.push(r.rule);
            }
        }
        out
    }
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let actions: Vec<String> = self
            .actions
            .iter()
            .map(|(p, a)| format!("p{} {a}", p.index() + 1))
            .collect();
        write!(
            f,
            "p{}{}: {}",
            self.player.index() + 1,
            if self.in_turn { "" } else { " (out of turn)" },
            if actions.is_empty() {
                "no action applied".to_string()
            } else {
                actions.join(", ")
            }
        )?;
        if !self.returned.is_zero() {
            write!(f, "; {} returned", self.returned)?;
        }
        if !self.owed.is_zero() {
            write!(f, "; {} still to put in", self.owed)?;
        }
        if let Some(rule) = self.penalty {
            write!(f, "; a penalty may be given ({rule})")?;
        }
        for r in &self.reasons {
            write!(f, "\n  {}: {}", r.rule, r.text.en)?;
        }
        Ok(())
    }
}
