//! Chips put in without words that govern them: one chip (TDA-44), several (TDA-45, 46), the
//! 50 % rule and non-standard amounts (TDA-57), calls (TDA-41B to D), a raise in one motion
//! (TDA-42A), an incomplete call (TDA-41), and the change
//! handed back.

use super::Outcome;
use super::{Decision, Judge};
use crate::act::PulledBack;
use crate::profile::Profile;
use crate::ruling::Ruling;
use crate::text::say;
use engine::rule;
use engine::{Action, Chips};

impl Judge<'_> {
    /// Chips put in without words that govern them (TDA-44, 45, 46; DG-15.2/15.5; JPR-6.0).
    pub(super) fn chips(&self, r: &mut Ruling) -> Decision {
        let f = &self.facing;
        let act = self.act;
        if act.chips.is_empty() {
            r.because(
                rule!("TDA-2"),
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
                    rule!("TDA-44"),
                    "a single chip with no bet before: a bet of the chip's value",
                    "ein einzelner Chip ohne vorherigen Einsatz: eine Bet in Höhe des Chips",
                );
            } else {
                r.because(
                    rule!("TDA-40C"),
                    say!["chips put in silently with no bet before: a bet of ", total],
                    say![
                        "stilles Setzen ohne vorherigen Einsatz: eine Bet von ",
                        total
                    ],
                );
            }
            return Decision::act(self.raise_to(total, r));
        }
        let covers = earlier && self.kept >= f.level;
        let partly_pulled = earlier && act.previous_pulled_back == PulledBack::Some;
        if single && !covers && !partly_pulled && total >= f.level.min(f.all_in_to()) {
            let (rule, en, de) = match self.profile {
                Profile::Dg => (
                    rule!("DG-15.2"),
                    "a single chip without a word is a call",
                    "ein einzelner Chip ohne Ansage ist ein Call",
                ),
                Profile::Jpr => (
                    rule!("JPR-5.0"),
                    "a single higher chip without 'raise' is only a call",
                    "ein einzelner höherer Jeton ohne „Raise“ ist nur ein Call",
                ),
                Profile::Wwpla => (
                    rule!("WWPLA-6"),
                    "a single higher chip without a raise declared is a call",
                    "ein einzelner höherwertiger Chip ohne Raise-Ansage ist ein Call",
                ),
                Profile::Hc => (
                    rule!("HC-3.4.1"),
                    "a single oversized chip without a raise declared is a call",
                    "ein einzelner „oversized“ Chip ohne Raise-Ansage ist ein Call",
                ),
                Profile::Tda => (
                    rule!("TDA-44"),
                    "a single oversized chip without a raise declared first is a call",
                    "ein einzelner höherwertiger Chip ohne vorherige Raise-Ansage ist ein Call",
                ),
            };
            r.because(rule, en, de);
            if self.profile == Profile::Tda {
                r.because(
                    rule!("TDA-41C"),
                    "one oversized chip put out silently is a call",
                    "ein einzelner höherwertiger Chip ohne Ansage ist ein Call",
                );
            }
            if self.profile == Profile::Jpr {
                r.because(
                    rule!("JPR-6.0"),
                    "a single higher chip is only a call",
                    "ein einzelner höherwertiger Chip gilt nur als Call",
                );
            }
            if earlier {
                r.because(
                    rule!("TDA-46C"),
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
    pub(super) fn silent_total(
        &self,
        total: Chips,
        every_chip_test: bool,
        r: &mut Ruling,
    ) -> Decision {
        let f = &self.facing;
        if f.level.is_zero() {
            return Decision::act(self.raise_to(total, r));
        }
        if total < f.level {
            if total >= f.all_in_to() {
                r.because(
                    rule!("TDA-45A"),
                    "the player's last chips, short of the bet: an all-in call",
                    "die letzten Chips des Spielers, weniger als der Einsatz: ein All-in-Call",
                );
                return Decision::act(Action::Call);
            }
            return Decision::act(self.incomplete_call(total, r));
        }
        if total == f.level {
            r.because(
                rule!("TDA-41B"),
                "chips matching the bet: a call",
                "Chips in Höhe des Einsatzes: ein Call",
            );
            return Decision::act(self.call(r));
        }
        let last_chips = total >= f.all_in_to();
        match self.profile {
            Profile::Dg => {
                r.because(
                    rule!("DG-15.5"),
                    "several chips beyond a call are always a raise",
                    "mehrere Chips über den Call hinaus sind immer ein Raise",
                );
                return Decision::act(self.raise_to(total, r));
            }
            Profile::Jpr => {
                let two_bb = f.min_bet + f.min_bet;
                if total >= two_bb {
                    r.because(
                        rule!("JPR-6.0"),
                        say![
                            "several chips worth at least twice the big blind (",
                            two_bb,
                            ") are a raise"
                        ],
                        say![
                            "mehrere Chips im Wert von mindestens dem doppelten Big Blind (",
                            two_bb,
                            ") sind ein Raise"
                        ],
                    );
                    r.because(
                        rule!("JPR-5.0"),
                        "a raise short of the minimum is made up to it",
                        "ein Raise unter dem Minimum wird aufgefüllt",
                    );
                    return Decision::act(self.raise_to(total, r));
                }
                r.because(
                    rule!("JPR-6.0"),
                    say![
                        "chips worth less than twice the big blind (",
                        two_bb,
                        "): a call"
                    ],
                    say![
                        "Chips im Wert unter dem doppelten Big Blind (",
                        two_bb,
                        "): ein Call"
                    ],
                );
                return Decision::act(self.call(r));
            }
            Profile::Wwpla => r.because(
                rule!("WWPLA-6"),
                "chips beyond the call: the 50% rule applies",
                "Chips über den Call hinaus: es gilt die 50%-Regel",
            ),
            Profile::Tda | Profile::Hc => {}
        }
        // WWPLA-6 puts the 50% rule to any chips beyond the call: no every-chip test there.
        let every_chip_test = every_chip_test && self.profile != Profile::Wwpla;
        if every_chip_test && self.every_chip_needed() {
            r.because(
                rule!("TDA-45A"),
                "every chip is needed to call (without the smallest chip the call is not reached): a call",
                "jeder Chip wird zum Callen benötigt (ohne den kleinsten Chip reicht es nicht): ein Call",
            );
            r.because(
                rule!("TDA-41D"),
                "several chips the multiple-chip rule reads as a call are a call",
                "mehrere Chips, die nach der Mehrfach-Chip-Regel ein Call sind, sind ein Call",
            );
            if !f.bet.is_zero() {
                r.because(
                    rule!("TDA-46C"),
                    "new chips all needed for the call with the earlier chips: a call",
                    "alle neuen Chips werden zusammen mit den vorherigen zum Call benötigt: ein Call",
                );
            }
            return Decision::act(Action::Call);
        }
        if !f.bet.is_zero() {
            r.because(
                rule!("TDA-46C"),
                "chips added to an earlier bet: the multiple-chip rule applies to all chips put forward",
                "Chips zu einem vorherigen Einsatz hinzugefügt: es gilt die Mehrfach-Chip-Regel für alle gesetzten Chips",
            );
        }
        if last_chips {
            r.because(
                rule!("TDA-45B"),
                "a bet of the player's last chips is all-in, whether or not it reaches the 50% standard",
                "ein Einsatz mit den letzten Chips ist All-in, unabhängig von der 50%-Schwelle",
            );
            return Decision::act(self.raise_to(total, r));
        }
        self.fifty_percent(total, r)
    }

    /// TDA-45A: removing one of the smallest new chips leaves less than the call.
    pub(super) fn every_chip_needed(&self) -> bool {
        let smallest = self.act.chips.iter().copied().min().unwrap_or_default();
        self.in_front() - smallest < self.facing.level
    }

    /// TDA-43A: 50% of the minimum raise or more is a full minimum raise; less is a call.
    pub(super) fn fifty_percent(&self, total: Chips, r: &mut Ruling) -> Decision {
        let f = &self.facing;
        let Some(range) = f.raise else {
            return Decision::act(self.raise_to(total, r));
        };
        let increment = range.min_to.saturating_sub(f.level);
        let raised_by = total - f.level;
        r.because(
            rule!("TDA-45B"),
            "not every chip is needed to call: the 50% standard decides",
            "nicht jeder Chip wird zum Callen benötigt: es gilt der 50%-Standard",
        );
        if raised_by >= increment {
            r.because(
                rule!("TDA-43A"),
                say![
                    "a raise of ",
                    raised_by,
                    ", at least the minimum raise of ",
                    increment,
                    ": a raise to ",
                    total
                ],
                say![
                    "eine Erhöhung um ",
                    raised_by,
                    ", mindestens der Minimum-Raise von ",
                    increment,
                    ": Raise auf ",
                    total
                ],
            );
            // An act's chips are one motion (a second motion is a second act).
            r.because(
                rule!("TDA-42A"),
                "the full amount put out in one motion is the raise",
                "der volle Betrag, in einer Bewegung gesetzt, ist der Raise",
            );
            self.change_note(r);
            return Decision::act(self.raise_to(total, r));
        }
        if raised_by.0 * 2 >= increment.0 {
            r.because(
                rule!("TDA-43A"),
                say![
                    raised_by,
                    " more is at least 50% of the minimum raise of ",
                    increment,
                    ": a full minimum raise to ",
                    range.min_to,
                    " is required"
                ],
                say![
                    raised_by,
                    " mehr sind mindestens 50% des Minimum-Raise von ",
                    increment,
                    ": ein voller Minimum-Raise auf ",
                    range.min_to,
                    " ist Pflicht"
                ],
            );
            self.change_note(r);
            return Decision::act(Action::BetOrRaiseTo(range.min_to));
        }
        r.because(
            rule!("TDA-43A"),
            say![
                raised_by,
                " more is less than 50% of the minimum raise of ",
                increment,
                ": a call, the rest is change"
            ],
            say![
                raised_by,
                " mehr sind weniger als 50% des Minimum-Raise von ",
                increment,
                ": ein Call, der Rest ist Wechselgeld"
            ],
        );
        Decision::act(Action::Call)
    }

    pub(super) fn change_note(&self, r: &mut Ruling) {
        r.because(
            rule!("TDA-61"),
            "chips put in silently count as the bet, not as chips for change",
            "still gesetzte Chips zählen als Einsatz, nicht als Wechselgeld",
        );
    }

    /// TDA-51B: less than the call put in without saying "call".
    pub(super) fn incomplete_call(&self, total: Chips, r: &mut Ruling) -> Action {
        let f = &self.facing;
        if self.act.told.is_some() {
            self.told_note(r);
            return Action::Call;
        }
        if f.live <= 2 || f.opening_bet_only {
            r.because(
                rule!("TDA-51B"),
                say![
                    total,
                    " is short of the bet of ",
                    f.level,
                    ": facing ",
                    if f.live <= 2 {
                        "a bet heads-up"
                    } else {
                        "the opening bet"
                    }
                    .to_string(),
                    ", an incomplete call is a full call"
                ],
                say![
                    total,
                    " ist weniger als der Einsatz von ",
                    f.level,
                    ": gegen ",
                    if f.live <= 2 {
                        "eine Bet im Heads-Up"
                    } else {
                        "die Eröffnungs-Bet"
                    }
                    .to_string(),
                    " ist ein unvollständiger Call ein voller Call"
                ],
            );
        } else {
            let put = total.saturating_sub(f.bet);
            r.because(
                rule!("TDA-51B"),
                say![total, " is short of the raise to ", f.level, ": the TD may require the full call (ruled here) or let the player give up ", put, " and fold"],
                say![total, " ist weniger als der Raise auf ", f.level, ": die Turnierleitung kann den vollen Call verlangen (hier entschieden) oder den Spieler ", put, " aufgeben und folden lassen"],
            );
            r.because(
                rule!("TDA-1"),
                "the TD's decision, in the best interest of the game",
                "Entscheidung der Turnierleitung im besten Interesse des Spiels",
            );
        }
        if self.act.pushed().0 * 10 < f.to_call().0 {
            r.because(
                rule!("TDA-41"),
                "chips small against the bet are not a standard call and may be penalised",
                "im Verhältnis zum Einsatz kleine Chips sind kein Standard-Call und können bestraft werden",
            );
            r.penalty = Some(engine::rule!("TDA-41"));
        }
        Action::Call
    }
}
