//! An act in turn judged: words against chips (TDA-40), calls (TDA-41, 44, 45, 51), raises (TDA-42,
//! 43, 45, 46), invalid declarations (TDA-54C, 55), non-standard amounts (TDA-57) and folds
//! (TDA-58), with the house profiles' differences (DG-15.2/15.5/15.6, JPR-5.0/6.0, WWPLA-6,
//! HC-3.4.1).

use crate::act::{Act, Order};
use crate::profile::Profile;
use crate::ruling::Ruling;
use crate::text::say;
use crate::words::Declaration;
use engine::rule;
use engine::{Action, Chips, RaiseRange, Structure};

mod chips;
mod words;

/// What the acting player faces, taken from the hand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Facing {
    /// The bet to call, a "to" amount.
    pub level: Chips,
    /// The player's bet so far this round.
    pub bet: Chips,
    pub stack: Chips,
    /// The bounds of a bet or raise, `None` when the player may not raise (TDA-47A, 48).
    pub raise: Option<RaiseRange>,
    pub min_bet: Chips,
    /// The pot with every bet in front of the players (TDA-57).
    pub pot: Chips,
    pub structure: Structure,
    /// Players still in the hand.
    pub live: usize,
    /// Whether the bet faced is the round's opening bet (TDA-51B).
    pub opening_bet_only: bool,
    /// Whether the player has acted in this round already (TDA-47A).
    pub acted: bool,
    /// Whether a bet or raise this round was short of a full one (an all-in, TDA-47A).
    pub short_raise: bool,
}

impl Facing {
    fn all_in_to(self) -> Chips {
        self.bet + self.stack
    }

    fn to_call(self) -> Chips {
        self.level.saturating_sub(self.bet)
    }
}

/// What the act comes to before it is applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    Act(Action),
    /// No action: the player is still to act (an invalid or conditional declaration).
    NoAction {
        passive_only: bool,
    },
    /// "raise" said, the amount still to come (TDA-50B).
    RaisePending,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Decision {
    pub outcome: Outcome,
    /// A pot-limit bet made short on a wrong count, correctable until substantial action
    /// (TDA-52B): the amount it should have been.
    pub short_pot: Option<Chips>,
}

impl Decision {
    fn act(action: Action) -> Decision {
        Decision {
            outcome: Outcome::Act(action),
            short_pot: None,
        }
    }
}

pub(crate) struct Judge<'a> {
    pub facing: Facing,
    pub profile: Profile,
    pub act: &'a Act,
    /// The previous chips still in front (not pulled back).
    pub kept: Chips,
}

impl Judge<'_> {
    /// Judges the act, writing its reasons into the ruling.
    pub fn decide(&self, r: &mut Ruling) -> Decision {
        let declaration = Declaration::parse(&self.act.say);
        let has_chips = !self.act.chips.is_empty();
        let words_govern = match &declaration {
            None => false,
            Some(_) if !has_chips => true,
            Some(_) if self.act.unclear => {
                r.because(
                    rule!("TDA-40A"),
                    "the words were not clear to the table: the chips put in count",
                    "die Ansage war nicht klar: es gelten die gesetzten Chips",
                );
                r.because(
                    rule!("TDA-1"),
                    "the TD rules on the circumstances, in the interest of fairness",
                    "die Turnierleitung entscheidet nach den Umständen und der Fairness",
                );
                false
            }
            Some(d) => match self.act.order {
                Order::SayFirst => {
                    r.because(
                        rule!("TDA-40A"),
                        "the words came first and define the action",
                        "die Ansage kam zuerst und bestimmt die Aktion",
                    );
                    if self.profile == Profile::Dg {
                        r.because(
                            rule!("DG-15.4"),
                            "a declaration made before the chips outweighs them",
                            "eine Ansage vor dem Setzen hat Vorrang vor den Chips",
                        );
                    }
                    true
                }
                Order::ChipsFirst => {
                    r.because(
                        rule!("TDA-40A"),
                        "the chips came first and define the action; words after them do not count",
                        "die Chips kamen zuerst und bestimmen die Aktion; eine spätere Ansage zählt nicht",
                    );
                    if self.profile == Profile::Dg {
                        r.because(
                            rule!("DG-15.4"),
                            "a late declaration is not considered",
                            "eine verspätete Ansage wird nicht berücksichtigt",
                        );
                    }
                    false
                }
                Order::Together => {
                    let clear = !matches!(d, Declaration::Unclear(_) | Declaration::Conditional);
                    r.because(
                        rule!("TDA-40A"),
                        if clear {
                            "words and chips together: the clear declaration takes precedence"
                        } else {
                            "words and chips together: the words are not clear, the chips count"
                        },
                        if clear {
                            "Ansage und Chips gleichzeitig: die klare Ansage hat Vorrang"
                        } else {
                            "Ansage und Chips gleichzeitig: die Ansage ist unklar, es gelten die Chips"
                        },
                    );
                    clear
                }
            },
        };
        match declaration {
            Some(d) if words_govern => self.words(d, r),
            _ => self.chips(r),
        }
    }

    fn in_front(&self) -> Chips {
        self.kept + self.act.pushed()
    }

    /// A bet or raise to `want`, kept within the legal bounds; below the minimum it is made up to
    /// a full minimum (TDA-43A, 52A), above the pot limit brought down (TDA-52B).
    fn raise_to(&self, want: Chips, r: &mut Ruling) -> Action {
        let f = &self.facing;
        let Some(range) = f.raise else {
            r.because(
                rule!("TDA-47A"),
                "the betting is not open to this player for a raise: it is a call",
                "die Setzrunde ist für diesen Spieler nicht wiedereröffnet: es ist ein Call",
            );
            return self.call(r);
        };
        if let Structure::FixedLimit { .. } = f.structure
            && want != range.min_to
        {
            r.because(
                rule!("HC-3.4.1"),
                say!["fixed limit: the bet or raise is to ", range.min_to],
                say!["Limit: der Einsatz geht auf ", range.min_to],
            );
            return Action::BetOrRaiseTo(range.min_to);
        }
        if f.acted {
            r.because(
                rule!("TDA-47A"),
                "the bet has risen by at least a full raise since this player acted: the betting is open again",
                "der Einsatz ist seit der letzten Aktion des Spielers um mindestens einen vollen Raise gestiegen: die Setzrunde ist wiedereröffnet",
            );
        } else if f.short_raise {
            r.because(
                rule!("TDA-47A"),
                say!["short all-ins do not raise the minimum: it stays the last full bet or raise, to ", range.min_to],
                say!["kurze All-ins erhöhen das Minimum nicht: es bleibt die letzte volle Bet oder der letzte volle Raise, auf ", range.min_to],
            );
        }
        if want >= f.all_in_to() {
            return Action::BetOrRaiseTo(f.all_in_to().min(range.max_to));
        }
        if want < range.min_to {
            let (rule, en, de) = if f.level.is_zero() {
                (
                    rule!("TDA-52A"),
                    say!["below the minimum bet: made up to ", range.min_to],
                    say![
                        "unter dem Mindesteinsatz: wird auf ",
                        range.min_to,
                        " ergänzt"
                    ],
                )
            } else {
                (
                    rule!("TDA-43A"),
                    say![
                        "less than a full raise: made up to the minimum raise to ",
                        range.min_to
                    ],
                    say![
                        "weniger als ein voller Raise: wird auf den Minimum-Raise auf ",
                        range.min_to,
                        " ergänzt"
                    ],
                )
            };
            r.because(rule, en, de);
            if rule == rule!("TDA-43A") {
                r.because(
                    rule!("TDA-52A"),
                    "an under-raise is corrected within the betting round",
                    "ein zu niedriger Raise wird innerhalb der Setzrunde korrigiert",
                );
            }
            if self.profile == Profile::Dg {
                r.because(
                    rule!("DG-15.6"),
                    "a deficient raise is made up by the player",
                    "ein mangelhafter Raise wird vom Spieler ergänzt",
                );
            }
            return Action::BetOrRaiseTo(range.min_to);
        }
        if want > range.max_to {
            r.because(
                rule!("TDA-52B"),
                say![
                    "above the pot limit: brought down to the pot, ",
                    range.max_to
                ],
                say![
                    "über dem Pot-Limit: wird auf den Pot, ",
                    range.max_to,
                    ", reduziert"
                ],
            );
            return Action::BetOrRaiseTo(range.max_to);
        }
        Action::BetOrRaiseTo(want)
    }

    fn call(&self, r: &mut Ruling) -> Action {
        if self.facing.to_call().is_zero() {
            r.because(
                rule!("TDA-55A"),
                "nothing to call: it is a check",
                "kein Einsatz zu bezahlen: es ist ein Check",
            );
            Action::Check
        } else {
            Action::Call
        }
    }

    /// TDA-57: an amount with several valid meanings is the highest sensible one not above the
    /// pot before it ("five" is 500 with less than 5,000 in the pot, else 5,000).
    fn sensible(&self, said: u64, r: &mut Ruling) -> Chips {
        let f = &self.facing;
        if said == 0 || said >= f.min_bet.0 {
            return Chips(said);
        }
        let meanings: Vec<u64> = (1..12)
            .filter_map(|k| said.checked_mul(10u64.pow(k)))
            .filter(|&v| v >= f.min_bet.0)
            .collect();
        let chosen = meanings
            .iter()
            .copied()
            .filter(|&v| v <= f.pot.0)
            .max()
            .or_else(|| meanings.first().copied())
            .unwrap_or(said);
        r.because(
            rule!("TDA-57"),
            say![
                "'",
                said.to_string(),
                "' has several meanings: the highest sensible one not above the pot of ",
                f.pot,
                " is ",
                Chips(chosen)
            ],
            say![
                "'",
                said.to_string(),
                "' ist mehrdeutig: der höchste sinnvolle Betrag bis zur Potgröße ",
                f.pot,
                " ist ",
                Chips(chosen)
            ],
        );
        Chips(chosen)
    }
}
