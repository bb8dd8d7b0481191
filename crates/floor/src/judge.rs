//! An act in turn judged: words against chips (TDA-40), calls (TDA-41, 44, 45, 51), raises (TDA-42,
//! 43, 45, 46), invalid declarations (TDA-54C, 55), non-standard amounts (TDA-57) and folds
//! (TDA-58), with the house profiles' differences (DG-15.2/15.5/15.6, JPR-5.0/6.0, WWPLA-6,
//! HC-3.4.1).

use crate::act::{Act, Order, PulledBack};
use crate::profile::Profile;
use crate::ruling::Ruling;
use crate::words::Declaration;
use engine::{Action, Chips, RaiseRange, Structure};

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
                    "TDA-40A",
                    "the words were not clear to the table: the chips put in count",
                    "die Ansage war nicht klar: es gelten die gesetzten Chips",
                );
                r.because(
                    "TDA-1",
                    "the TD rules on the circumstances, in the interest of fairness",
                    "die Turnierleitung entscheidet nach den Umständen und der Fairness",
                );
                false
            }
            Some(d) => match self.act.order {
                Order::SayFirst => {
                    r.because(
                        "TDA-40A",
                        "the words came first and define the action",
                        "die Ansage kam zuerst und bestimmt die Aktion",
                    );
                    true
                }
                Order::ChipsFirst => {
                    r.because(
                        "TDA-40A",
                        "the chips came first and define the action; words after them do not count",
                        "die Chips kamen zuerst und bestimmen die Aktion; eine spätere Ansage zählt nicht",
                    );
                    if self.profile == Profile::Dg {
                        r.because(
                            "DG-15.4",
                            "a late declaration is not considered",
                            "eine verspätete Ansage wird nicht berücksichtigt",
                        );
                    }
                    false
                }
                Order::Together => {
                    let clear = !matches!(d, Declaration::Unclear(_) | Declaration::Conditional);
                    r.because(
                        "TDA-40A",
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
                "TDA-47A",
                "the betting is not open to this player for a raise: it is a call",
                "die Setzrunde ist für diesen Spieler nicht wiedereröffnet: es ist ein Call",
            );
            return self.call(r);
        };
        if let Structure::FixedLimit { .. } = f.structure
            && want != range.min_to
        {
            r.because(
                "HC-3.4.1",
                format!("fixed limit: the bet or raise is to {}", range.min_to),
                format!("Limit: der Einsatz geht auf {}", range.min_to),
            );
            return Action::BetOrRaiseTo(range.min_to);
        }
        if f.acted {
            r.because(
                "TDA-47A",
                "the bet has risen by at least a full raise since this player acted: the betting is open again",
                "der Einsatz ist seit der letzten Aktion des Spielers um mindestens einen vollen Raise gestiegen: die Setzrunde ist wiedereröffnet",
            );
        } else if f.short_raise {
            r.because(
                "TDA-47A",
                format!("short all-ins do not raise the minimum: it stays the last full bet or raise, to {}", range.min_to),
                format!("kurze All-ins erhöhen das Minimum nicht: es bleibt die letzte volle Bet oder der letzte volle Raise, auf {}", range.min_to),
            );
        }
        if want >= f.all_in_to() {
            return Action::BetOrRaiseTo(f.all_in_to().min(range.max_to));
        }
        if want < range.min_to {
            let (rule, en, de) = if f.level.is_zero() {
                (
                    "TDA-52A",
                    format!("below the minimum bet: made up to {}", range.min_to),
                    format!(
                        "unter dem Mindesteinsatz: wird auf {} ergänzt",
                        range.min_to
                    ),
                )
            } else {
                (
                    "TDA-43A",
                    format!(
                        "less than a full raise: made up to the minimum raise to {}",
                        range.min_to
                    ),
                    format!(
                        "weniger als ein voller Raise: wird auf den Minimum-Raise auf {} ergänzt",
                        range.min_to
                    ),
                )
            };
            r.because(rule, en, de);
            if rule == "TDA-43A" {
                r.because(
                    "TDA-52A",
                    "an under-raise is corrected within the betting round",
                    "ein zu niedriger Raise wird innerhalb der Setzrunde korrigiert",
                );
            }
            if self.profile == Profile::Dg {
                r.because(
                    "DG-15.6",
                    "a deficient raise is made up by the player",
                    "ein mangelhafter Raise wird vom Spieler ergänzt",
                );
            }
            return Action::BetOrRaiseTo(range.min_to);
        }
        if want > range.max_to {
            r.because(
                "TDA-52B",
                format!(
                    "above the pot limit: brought down to the pot, {}",
                    range.max_to
                ),
                format!(
                    "über dem Pot-Limit: wird auf den Pot, {}, reduziert",
                    range.max_to
                ),
            );
            return Action::BetOrRaiseTo(range.max_to);
        }
        Action::BetOrRaiseTo(want)
    }

    fn call(&self, r: &mut Ruling) -> Action {
        if self.facing.to_call().is_zero() {
            r.because(
                "TDA-55A",
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
            "TDA-57",
            format!("'{said}' has several meanings: the highest sensible one not above the pot of {} is {chosen}", f.pot),
            format!("'{said}' ist mehrdeutig: der höchste sinnvolle Betrag bis zur Potgröße {} ist {chosen}", f.pot),
        );
        Chips(chosen)
    }

    fn words(&self, d: Declaration, r: &mut Ruling) -> Decision {
        let f = &self.facing;
        match d {
            Declaration::Fold => {
                if self.act.previous_pulled_back != PulledBack::None && !f.to_call().is_zero() {
                    r.because(
                        "TDA-46B",
                        "chips of the earlier bet were pulled back facing a raise: the player must call or raise, not fold",
                        "Chips des vorherigen Einsatzes wurden zurückgezogen: der Spieler muss callen oder raisen, nicht folden",
                    );
                    return Decision::act(Action::Call);
                }
                if f.to_call().is_zero() {
                    r.because(
                        "TDA-58",
                        "a fold with no bet to face is binding",
                        "ein Fold ohne Einsatz ist verbindlich",
                    );
                    r.penalty = Some(engine::Rule("TDA-58"));
                }
                Decision::act(Action::Fold)
            }
            Declaration::Check if f.to_call().is_zero() => Decision::act(Action::Check),
            Declaration::Check => {
                r.because(
                    "TDA-55",
                    format!("'check' facing a bet of {} is not valid: the player may call or fold, not raise", f.level),
                    format!("„Check“ gegen einen Einsatz von {} ist ungültig: der Spieler kann callen oder folden, nicht raisen", f.level),
                );
                Decision {
                    outcome: Outcome::NoAction { passive_only: true },
                    short_pot: None,
                }
            }
            Declaration::Call => {
                r.because(
                    "TDA-51A",
                    "'call' binds the player to the full current action",
                    "„Call“ verpflichtet zur vollen aktuellen Aktion",
                );
                self.told_note(r);
                Decision::act(self.call(r))
            }
            Declaration::AllIn => {
                r.because(
                    "TDA-3",
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
                    "TDA-43B",
                    format!("a raise with an amount is the total bet: to {want}"),
                    format!("Raise mit Betrag ist der Gesamteinsatz: auf {want}"),
                );
                Decision::act(self.raise_to(want, r))
            }
            Declaration::RaiseBy(said) => {
                let by = self.sensible(said, r);
                let want = f.level + by;
                r.because(
                    "TDA-40B",
                    format!("a raise by {by}: to {want}"),
                    format!("Erhöhung um {by}: auf {want}"),
                );
                Decision::act(self.raise_to(want, r))
            }
            Declaration::Raise { to: None } => self.raise_declared(r),
            Declaration::Amount(said) => {
                let total = self.sensible(said, r);
                r.because(
                    "TDA-40C",
                    format!("saying an amount is the same as putting {total} in silently"),
                    format!("die Ansage eines Betrags ist wie das stille Setzen von {total}"),
                );
                self.silent_total(total, false, r)
            }
            Declaration::Conditional => {
                r.because(
                    "TDA-59A",
                    "a conditional statement is not a standard action: no action; the TD may hold it binding or penalise it",
                    "eine bedingte Ansage ist keine Standard-Aktion: keine Aktion; die Turnierleitung kann sie verbindlich machen oder bestrafen",
                );
                r.penalty = Some(engine::Rule("TDA-59A"));
                Decision {
                    outcome: Outcome::NoAction {
                        passive_only: false,
                    },
                    short_pot: None,
                }
            }
            Declaration::Unclear(text) => {
                r.because(
                    "TDA-3",
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
    fn told_note(&self, r: &mut Ruling) {
        if let Some(told) = self.act.told
            && told != self.facing.level
        {
            r.because(
                "TDA-49",
                format!("the player was told {told}; by calling the player accepted the correct bet of {}", self.facing.level),
                format!("dem Spieler wurde {told} genannt; mit dem Call hat er den korrekten Einsatz von {} akzeptiert", self.facing.level),
            );
        }
    }

    fn pot(&self, r: &mut Ruling) -> Decision {
        let f = &self.facing;
        match (f.structure, f.raise) {
            (Structure::PotLimit, Some(range)) => {
                r.because(
                    "TDA-54",
                    format!("'pot' in pot-limit: a bet of the pot, to {}", range.max_to),
                    format!(
                        "„Pot“ bei Pot-Limit: Einsatz in Potgröße, auf {}",
                        range.max_to
                    ),
                );
                match self.act.told {
                    Some(told) if told < range.max_to && told >= range.min_to => {
                        r.because(
                            "TDA-52B",
                            format!("the count given was {told}, short of the pot: the bet of {told} may be corrected up to {} until substantial action follows", range.max_to),
                            format!("genannt wurden {told}, weniger als der Pot: der Einsatz kann bis zu wesentlichen Aktionen auf {} korrigiert werden", range.max_to),
                        );
                        Decision {
                            outcome: Outcome::Act(Action::BetOrRaiseTo(told)),
                            short_pot: Some(range.max_to),
                        }
                    }
                    Some(told) if told > range.max_to => {
                        r.because(
                            "TDA-52B",
                            format!("the count given was {told}, above the pot: an illegal bet, brought down to {}", range.max_to),
                            format!("genannt wurden {told}, mehr als der Pot: ein unzulässiger Einsatz, reduziert auf {}", range.max_to),
                        );
                        Decision::act(Action::BetOrRaiseTo(range.max_to))
                    }
                    _ => Decision::act(Action::BetOrRaiseTo(range.max_to)),
                }
            }
            _ => {
                r.because(
                    "TDA-54C",
                    "'pot' is not a valid bet outside pot-limit: the player must make a valid bet or raise, at least the minimum",
                    "„Pot“ ist außerhalb von Pot-Limit kein gültiger Einsatz: der Spieler muss gültig setzen, mindestens das Minimum",
                );
                r.penalty = Some(engine::Rule("TDA-54C"));
                let want = self.in_front().max(f.raise.map_or(f.level, |r| r.min_to));
                Decision::act(self.raise_to(want, r))
            }
        }
    }

    /// "raise" said before the chips: the chips put in are the raise (TDA-42, 44), at least a
    /// full minimum raise (TDA-43A); with no chips yet the amount is awaited (TDA-50B).
    fn raise_declared(&self, r: &mut Ruling) -> Decision {
        let f = &self.facing;
        if f.level.is_zero() {
            r.because(
                "TDA-55B",
                "'raise' with no bet to face: the player must make at least a minimum bet",
                "„Raise“ ohne vorherigen Einsatz: der Spieler muss mindestens den Mindesteinsatz bringen",
            );
        } else {
            r.because(
                "TDA-51A",
                "'raise' binds the player to a raise",
                "„Raise“ verpflichtet den Spieler zu einem Raise",
            );
        }
        if self.act.chips.is_empty() {
            r.because(
                "TDA-50B",
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
                "HC-3.4.1",
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
                "TDA-44",
                "a raise declared with a single chip: the most that chip allows",
                "Raise angesagt mit einem einzelnen Chip: der maximal zulässige Betrag dieses Chips",
            );
        }
        Decision::act(self.raise_to(total, r))
    }

    /// Chips put in without words that govern them (TDA-44, 45, 46; DG-15.2/15.5; JPR-6.0).
    fn chips(&self, r: &mut Ruling) -> Decision {
        let f = &self.facing;
        let act = self.act;
        if act.chips.is_empty() {
            r.because(
                "TDA-2",
                "no chips and no declaration: nothing to rule on",
                "weder Chips noch Ansage: keine Aktion",
            );
            return Decision {
                outcome: Outcome::NoAction {
                    passive_only: false,
                },
                short_pot: None,
            };
        }
        let total = self.in_front();
        let earlier = !f.bet.is_zero();
        let single = act.chips.len() == 1;
        if f.level.is_zero() {
            if single {
                r.because(
                    "TDA-44",
                    "a single chip with no bet before: a bet of the chip's value",
                    "ein einzelner Chip ohne vorherigen Einsatz: eine Bet in Höhe des Chips",
                );
            } else {
                r.because(
                    "TDA-40C",
                    format!("chips put in silently with no bet before: a bet of {total}"),
                    format!("stilles Setzen ohne vorherigen Einsatz: eine Bet von {total}"),
                );
            }
            return Decision::act(self.raise_to(total, r));
        }
        let covers = earlier && self.kept >= f.level;
        let partly_pulled = earlier && act.previous_pulled_back == PulledBack::Some;
        if single && !covers && !partly_pulled && total >= f.level.min(f.all_in_to()) {
            let (rule, en, de) = match self.profile {
                Profile::Dg => (
                    "DG-15.2",
                    "a single chip without a word is a call",
                    "ein einzelner Chip ohne Ansage ist ein Call",
                ),
                Profile::Jpr => (
                    "JPR-5.0",
                    "a single higher chip without 'raise' is only a call",
                    "ein einzelner höherer Jeton ohne „Raise“ ist nur ein Call",
                ),
                Profile::Wwpla => (
                    "WWPLA-6",
                    "a single higher chip without a raise declared is a call",
                    "ein einzelner höherwertiger Chip ohne Raise-Ansage ist ein Call",
                ),
                Profile::Hc => (
                    "HC-3.4.1",
                    "a single oversized chip without a raise declared is a call",
                    "ein einzelner „oversized“ Chip ohne Raise-Ansage ist ein Call",
                ),
                Profile::Tda => (
                    "TDA-44",
                    "a single oversized chip without a raise declared first is a call",
                    "ein einzelner höherwertiger Chip ohne vorherige Raise-Ansage ist ein Call",
                ),
            };
            r.because(rule, en, de);
            if self.profile == Profile::Jpr {
                r.because(
                    "JPR-6.0",
                    "a single higher chip is only a call",
                    "ein einzelner höherwertiger Chip gilt nur als Call",
                );
            }
            if earlier {
                r.because(
                    "TDA-46C",
                    "with earlier chips short of a call, an added oversized chip is a call",
                    "reichen die vorherigen Chips nicht zum Call, ist ein hinzugefügter höherwertiger Chip ein Call",
                );
            }
            return Decision::act(self.call(r));
        }
        self.silent_total(total, !covers && !partly_pulled, r)
    }

    /// A silent amount put in (or said, TDA-40C) facing a bet: a call, an incomplete call
    /// (TDA-51B), or a raise by the profile's standard. `every_chip_test`: whether TDA-45A's
    /// "every chip needed" test applies to the new chips.
    fn silent_total(&self, total: Chips, every_chip_test: bool, r: &mut Ruling) -> Decision {
        let f = &self.facing;
        if f.level.is_zero() {
            return Decision::act(self.raise_to(total, r));
        }
        if total < f.level {
            if total >= f.all_in_to() {
                r.because(
                    "TDA-45A",
                    "the player's last chips, short of the bet: an all-in call",
                    "die letzten Chips des Spielers, weniger als der Einsatz: ein All-in-Call",
                );
                return Decision::act(Action::Call);
            }
            return Decision::act(self.incomplete_call(total, r));
        }
        if total == f.level {
            r.because(
                "TDA-41",
                "chips matching the bet: a call",
                "Chips in Höhe des Einsatzes: ein Call",
            );
            return Decision::act(self.call(r));
        }
        let last_chips = total >= f.all_in_to();
        match self.profile {
            Profile::Dg => {
                r.because(
                    "DG-15.5",
                    "several chips beyond a call are always a raise",
                    "mehrere Chips über den Call hinaus sind immer ein Raise",
                );
                return Decision::act(self.raise_to(total, r));
            }
            Profile::Jpr => {
                let two_bb = f.min_bet + f.min_bet;
                if total >= two_bb {
                    r.because(
                        "JPR-6.0",
                        format!("several chips worth at least twice the big blind ({two_bb}) are a raise"),
                        format!("mehrere Chips im Wert von mindestens dem doppelten Big Blind ({two_bb}) sind ein Raise"),
                    );
                    r.because(
                        "JPR-5.0",
                        "a raise short of the minimum is made up to it",
                        "ein Raise unter dem Minimum wird aufgefüllt",
                    );
                    return Decision::act(self.raise_to(total, r));
                }
                r.because(
                    "JPR-6.0",
                    format!("chips worth less than twice the big blind ({two_bb}): a call"),
                    format!("Chips im Wert unter dem doppelten Big Blind ({two_bb}): ein Call"),
                );
                return Decision::act(self.call(r));
            }
            Profile::Wwpla => r.because(
                "WWPLA-6",
                "chips beyond the call: the 50% rule applies",
                "Chips über den Call hinaus: es gilt die 50%-Regel",
            ),
            Profile::Tda | Profile::Hc => {}
        }
        // WWPLA-6 puts the 50% rule to any chips beyond the call: no every-chip test there.
        let every_chip_test = every_chip_test && self.profile != Profile::Wwpla;
        if every_chip_test && self.every_chip_needed() {
            r.because(
                "TDA-45A",
                "every chip is needed to call (without the smallest chip the call is not reached): a call",
                "jeder Chip wird zum Callen benötigt (ohne den kleinsten Chip reicht es nicht): ein Call",
            );
            if !f.bet.is_zero() {
                r.because(
                    "TDA-46C",
                    "new chips all needed for the call with the earlier chips: a call",
                    "alle neuen Chips werden zusammen mit den vorherigen zum Call benötigt: ein Call",
                );
            }
            return Decision::act(Action::Call);
        }
        if !f.bet.is_zero() {
            r.because(
                "TDA-46C",
                "chips added to an earlier bet: the multiple-chip rule applies to all chips put forward",
                "Chips zu einem vorherigen Einsatz hinzugefügt: es gilt die Mehrfach-Chip-Regel für alle gesetzten Chips",
            );
        }
        if last_chips {
            r.because(
                "TDA-45B",
                "a bet of the player's last chips is all-in, whether or not it reaches the 50% standard",
                "ein Einsatz mit den letzten Chips ist All-in, unabhängig von der 50%-Schwelle",
            );
            return Decision::act(self.raise_to(total, r));
        }
        self.fifty_percent(total, r)
    }

    /// TDA-45A: removing one of the smallest new chips leaves less than the call.
    fn every_chip_needed(&self) -> bool {
        let smallest = self.act.chips.iter().copied().min().unwrap_or_default();
        self.in_front() - smallest < self.facing.level
    }

    /// TDA-43A: 50% of the minimum raise or more is a full minimum raise; less is a call.
    fn fifty_percent(&self, total: Chips, r: &mut Ruling) -> Decision {
        let f = &self.facing;
        let Some(range) = f.raise else {
            return Decision::act(self.raise_to(total, r));
        };
        let increment = range.min_to.saturating_sub(f.level);
        let raised_by = total - f.level;
        r.because(
            "TDA-45B",
            "not every chip is needed to call: the 50% standard decides",
            "nicht jeder Chip wird zum Callen benötigt: es gilt der 50%-Standard",
        );
        if raised_by >= increment {
            r.because(
                "TDA-43A",
                format!("a raise of {raised_by}, at least the minimum raise of {increment}: a raise to {total}"),
                format!("eine Erhöhung um {raised_by}, mindestens der Minimum-Raise von {increment}: Raise auf {total}"),
            );
            self.change_note(r);
            return Decision::act(self.raise_to(total, r));
        }
        if raised_by.0 * 2 >= increment.0 {
            r.because(
                "TDA-43A",
                format!("{raised_by} more is at least 50% of the minimum raise of {increment}: a full minimum raise to {} is required", range.min_to),
                format!("{raised_by} mehr sind mindestens 50% des Minimum-Raise von {increment}: ein voller Minimum-Raise auf {} ist Pflicht", range.min_to),
            );
            self.change_note(r);
            return Decision::act(Action::BetOrRaiseTo(range.min_to));
        }
        r.because(
            "TDA-43A",
            format!("{raised_by} more is less than 50% of the minimum raise of {increment}: a call, the rest is change"),
            format!("{raised_by} mehr sind weniger als 50% des Minimum-Raise von {increment}: ein Call, der Rest ist Wechselgeld"),
        );
        Decision::act(Action::Call)
    }

    fn change_note(&self, r: &mut Ruling) {
        r.because(
            "TDA-61",
            "chips put in silently count as the bet, not as chips for change",
            "still gesetzte Chips zählen als Einsatz, nicht als Wechselgeld",
        );
    }

    /// TDA-51B: less than the call put in without saying "call".
    fn incomplete_call(&self, total: Chips, r: &mut Ruling) -> Action {
        let f = &self.facing;
        if self.act.told.is_some() {
            self.told_note(r);
            return Action::Call;
        }
        if f.live <= 2 || f.opening_bet_only {
            r.because(
                "TDA-51B",
                format!(
                    "{total} is short of the bet of {}: facing {}, an incomplete call is a full call",
                    f.level,
                    if f.live <= 2 { "a bet heads-up" } else { "the opening bet" }
                ),
                format!(
                    "{total} ist weniger als der Einsatz von {}: gegen {} ist ein unvollständiger Call ein voller Call",
                    f.level,
                    if f.live <= 2 { "eine Bet im Heads-Up" } else { "die Eröffnungs-Bet" }
                ),
            );
        } else {
            let put = total.saturating_sub(f.bet);
            r.because(
                "TDA-51B",
                format!("{total} is short of the raise to {}: the TD may require the full call (ruled here) or let the player give up {put} and fold", f.level),
                format!("{total} ist weniger als der Raise auf {}: die Turnierleitung kann den vollen Call verlangen (hier entschieden) oder den Spieler {put} aufgeben und folden lassen", f.level),
            );
            r.because(
                "TDA-1",
                "the TD's decision, in the best interest of the game",
                "Entscheidung der Turnierleitung im besten Interesse des Spiels",
            );
        }
        if self.act.pushed().0 * 10 < f.to_call().0 {
            r.because(
                "TDA-41",
                "chips small against the bet are not a standard call and may be penalised",
                "im Verhältnis zum Einsatz kleine Chips sind kein Standard-Call und können bestraft werden",
            );
            r.penalty = Some(engine::Rule("TDA-41"));
        }
        Action::Call
    }
}
