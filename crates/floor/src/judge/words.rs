//! Words that govern the act (TDA-40, 41, 45): a declared fold, check, call, bet or raise, a pot
//! bet (TDA-54), and what the player was told (TDA-49).

use super::Outcome;
use super::{Decision, Judge};
use crate::act::PulledBack;
use crate::profile::Profile;
use crate::ruling::Ruling;
use crate::text::say;
use crate::words::Declaration;
use engine::rule;
use engine::{Action, Structure};

impl Judge<'_> {
    pub(super) fn words(&self, d: Declaration, r: &mut Ruling) -> Decision {
        let f = &self.facing;
        match d {
            Declaration::Fold => {
                if self.act.previous_pulled_back != PulledBack::None && !f.to_call().is_zero() {
                    r.because(
                        rule!("TDA-46B"),
                        "chips of the earlier bet were pulled back facing a raise: the player must call or raise, not fold",
                        "Chips des vorherigen Einsatzes wurden zurückgezogen: der Spieler muss callen oder raisen, nicht folden",
                    );
                    return Decision::act(Action::Call);
                }
                if f.to_call().is_zero() {
                    r.because(
                        rule!("TDA-58"),
                        "a fold with no bet to face is binding",
                        "ein Fold ohne Einsatz ist verbindlich",
                    );
                    r.penalty = Some(engine::rule!("TDA-58"));
                }
                Decision::act(Action::Fold)
            }
            Declaration::Check if f.to_call().is_zero() => Decision::act(Action::Check),
            Declaration::Check => {
                r.because(
                    rule!("TDA-55"),
                    say![
                        "'check' facing a bet of ",
                        f.level,
                        " is not valid: the player may call or fold, not raise"
                    ],
                    say![
                        "„Check“ gegen einen Einsatz von ",
                        f.level,
                        " ist ungültig: der Spieler kann callen oder folden, nicht raisen"
                    ],
                );
                Decision {
                    outcome: Outcome::NoAction { passive_only: true },
                    short_pot: None,
                }
            }
            Declaration::Call => {
                r.because(
                    rule!("TDA-41A"),
                    "saying 'call' is a call",
                    "„Call“ zu sagen ist ein Call",
                );
                r.because(
                    rule!("TDA-51A"),
                    "'call' binds the player to the full current action",
                    "„Call“ verpflichtet zur vollen aktuellen Aktion",
                );
                self.told_note(r);
                Decision::act(self.call(r))
            }
            Declaration::AllIn => {
                r.because(
                    rule!("TDA-3"),
                    "'all-in': every chip the player has",
                    "„All-in“: alle Chips des Spielers",
                );
                if f.all_in_to() <= f.level {
                    return Decision::act(Action::Call);
                }
                Decision::act(self.raise_to(f.all_in_to(), r))
            }
            Declaration::Pot => self.pot(r),
            Declaration::Raise { to: Some(said) } => {
                let want = self.sensible(said, r);
                r.because(
                    rule!("TDA-42B"),
                    "a raise declared with its full amount before any chips go in",
                    "ein Raise, dessen voller Betrag angesagt wird, bevor Chips gesetzt werden",
                );
                r.because(
                    rule!("TDA-43B"),
                    say!["a raise with an amount is the total bet: to ", want],
                    say!["Raise mit Betrag ist der Gesamteinsatz: auf ", want],
                );
                Decision::act(self.raise_to(want, r))
            }
            Declaration::RaiseBy(said) => {
                let by = self.sensible(said, r);
                let want = f.level + by;
                r.because(
                    rule!("TDA-40B"),
                    say!["a raise by ", by, ": to ", want],
                    say!["Erhöhung um ", by, ": auf ", want],
                );
                Decision::act(self.raise_to(want, r))
            }
            Declaration::Raise { to: None } => self.raise_declared(r),
            Declaration::Amount(said) => {
                let total = self.sensible(said, r);
                r.because(
                    rule!("TDA-40C"),
                    say![
                        "saying an amount is the same as putting ",
                        total,
                        " in silently"
                    ],
                    say![
                        "die Ansage eines Betrags ist wie das stille Setzen von ",
                        total
                    ],
                );
                self.silent_total(total, false, r)
            }
            Declaration::Conditional => {
                r.because(
                    rule!("TDA-59A"),
                    "a conditional statement is not a standard action: no action; the TD may hold it binding or penalise it",
                    "eine bedingte Ansage ist keine Standard-Aktion: keine Aktion; die Turnierleitung kann sie verbindlich machen oder bestrafen",
                );
                r.penalty = Some(engine::rule!("TDA-59A"));
                Decision {
                    outcome: Outcome::NoAction {
                        passive_only: false,
                    },
                    short_pot: None,
                }
            }
            Declaration::Unclear(text) => {
                r.because(
                    rule!("TDA-3"),
                    format!("'{text}' names no action: the player must make the intention clear"),
                    format!(
                        "„{text}“ benennt keine Aktion: der Spieler muss seine Absicht klar machen"
                    ),
                );
                Decision {
                    outcome: Outcome::NoAction {
                        passive_only: false,
                    },
                    short_pot: None,
                }
            }
        }
    }

    /// TDA-49: the caller asked for a count and was told a wrong amount; the correct call stands.
    pub(super) fn told_note(&self, r: &mut Ruling) {
        if let Some(told) = self.act.told
            && told != self.facing.level
        {
            r.because(
                rule!("TDA-49"),
                say![
                    "the player was told ",
                    told,
                    "; by calling the player accepted the correct bet of ",
                    self.facing.level
                ],
                say![
                    "dem Spieler wurde ",
                    told,
                    " genannt; mit dem Call hat er den korrekten Einsatz von ",
                    self.facing.level,
                    " akzeptiert"
                ],
            );
        }
    }

    pub(super) fn pot(&self, r: &mut Ruling) -> Decision {
        let f = &self.facing;
        match (f.structure, f.raise) {
            (Structure::PotLimit, Some(range)) => {
                r.because(
                    rule!("TDA-54"),
                    say!["'pot' in pot-limit: a bet of the pot, to ", range.max_to],
                    say![
                        "„Pot“ bei Pot-Limit: Einsatz in Potgröße, auf ",
                        range.max_to
                    ],
                );
                match self.act.told {
                    Some(told) if told < range.max_to && told >= range.min_to => {
                        r.because(
                            rule!("TDA-52B"),
                            say!["the count given was ", told, ", short of the pot: the bet of ", told, " may be corrected up to ", range.max_to, " until substantial action follows"],
                            say!["genannt wurden ", told, ", weniger als der Pot: der Einsatz kann bis zu wesentlichen Aktionen auf ", range.max_to, " korrigiert werden"],
                        );
                        Decision {
                            outcome: Outcome::Act(Action::BetOrRaiseTo(told)),
                            short_pot: Some(range.max_to),
                        }
                    }
                    Some(told) if told > range.max_to => {
                        r.because(
                            rule!("TDA-52B"),
                            say![
                                "the count given was ",
                                told,
                                ", above the pot: an illegal bet, brought down to ",
                                range.max_to
                            ],
                            say![
                                "genannt wurden ",
                                told,
                                ", mehr als der Pot: ein unzulässiger Einsatz, reduziert auf ",
                                range.max_to
                            ],
                        );
                        Decision::act(Action::BetOrRaiseTo(range.max_to))
                    }
                    _ => Decision::act(Action::BetOrRaiseTo(range.max_to)),
                }
            }
            _ => {
                r.because(
                    rule!("TDA-54C"),
                    "'pot' is not a valid bet outside pot-limit: the player must make a valid bet or raise, at least the minimum",
                    "„Pot“ ist außerhalb von Pot-Limit kein gültiger Einsatz: der Spieler muss gültig setzen, mindestens das Minimum",
                );
                r.penalty = Some(engine::rule!("TDA-54C"));
                let want = self.in_front().max(f.raise.map_or(f.level, |r| r.min_to));
                Decision::act(self.raise_to(want, r))
            }
        }
    }

    /// "raise" said before the chips: the chips put in are the raise (TDA-42, 44), at least a
    /// full minimum raise (TDA-43A); with no chips yet the amount is awaited (TDA-50B).
    pub(super) fn raise_declared(&self, r: &mut Ruling) -> Decision {
        let f = &self.facing;
        if f.level.is_zero() {
            r.because(
                rule!("TDA-55B"),
                "'raise' with no bet to face: the player must make at least a minimum bet",
                "„Raise“ ohne vorherigen Einsatz: der Spieler muss mindestens den Mindesteinsatz bringen",
            );
        } else {
            r.because(
                rule!("TDA-51A"),
                "'raise' binds the player to a raise",
                "„Raise“ verpflichtet den Spieler zu einem Raise",
            );
        }
        if self.act.chips.is_empty() {
            r.because(
                rule!("TDA-50B"),
                "the amount of the raise is still to come: the next players wait for it",
                "die Höhe des Raises steht noch aus: die nächsten Spieler warten darauf",
            );
            return Decision {
                outcome: Outcome::RaisePending,
                short_pot: None,
            };
        }
        let total = self.in_front();
        if self.profile == Profile::Hc && total <= f.level && !f.level.is_zero() {
            r.because(
                rule!("HC-3.4.1"),
                "a raise declared without an amount may come in two motions: this one is the call, the raise follows",
                "ein Raise ohne Betrag darf in zwei Zügen kommen: erst der Call, dann der Raise",
            );
            return Decision {
                outcome: Outcome::RaisePending,
                short_pot: None,
            };
        }
        if self.act.chips.len() == 1 {
            r.because(
                rule!("TDA-44"),
                "a raise declared with a single chip: the most that chip allows",
                "Raise angesagt mit einem einzelnen Chip: der maximal zulässige Betrag dieses Chips",
            );
        }
        Decision::act(self.raise_to(total, r))
    }
}
