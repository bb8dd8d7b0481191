//! Out-of-turn action (TDA-53A, 53B; DG-15.11; HC-3.4.2; WWPLA-6; JPR-4.0): held until the
//! action reaches the player, then binding unless the action changed before it.

use crate::act::Act;
use crate::held::{Oot, Skipped, substantial};
use crate::judge::{Judge, Outcome};
use crate::profile::Profile;
use crate::ruling::Ruling;
use crate::table::FloorHand;
use crate::text::say;
use engine::rule;
use engine::{Action, Chips, Event, Player};

impl FloorHand {
    pub(crate) fn out_of_turn(&mut self, act: &Act, r: &mut Ruling) {
        let q = act.player;
        let Some(actor) = self.hand.actor() else {
            return;
        };
        let Some(facing) = self.facing(q) else {
            return;
        };
        r.in_turn = false;
        r.because(
            rule!("TDA-53A"),
            say![
                "out of turn: the action goes back to ",
                actor,
                "; ",
                q,
                "'s action is binding if the action does not change before it"
            ],
            say![
                "außer der Reihe: die Aktion geht zurück zu ",
                actor,
                "; die Aktion von ",
                q,
                " ist verbindlich, wenn sich bis dahin nichts ändert"
            ],
        );
        if self.profile == Profile::Jpr {
            r.because(
                rule!("JPR-4.0"),
                "every player waits for their turn",
                "jeder Spieler wartet, bis er an der Reihe ist",
            );
        }
        r.penalty = Some(rule!("TDA-53A"));
        let kept = self.hand.player(q).bet + self.held[q.index()];
        let judge = Judge {
            facing,
            profile: self.profile,
            act,
            kept,
        };
        let decision = judge.decide(r);
        let action = match decision.outcome {
            Outcome::Act(action) => action,
            Outcome::RaisePending => match facing.raise {
                Some(range) => Action::BetOrRaiseTo(range.min_to),
                None => Action::Call,
            },
            Outcome::NoAction { .. } => {
                r.returned += act.pushed();
                self.count_skipped(actor, Event::Checked { player: q }, r);
                return;
            }
        };
        // TDA-59B: a call made before the raise said ahead of it has an amount binds to any amount.
        let premature_call = self.pending_raise.is_some_and(|pr| pr.player == actor)
            && crate::Declaration::parse(&act.say) == Some(crate::Declaration::Call);
        let action = if premature_call { Action::Call } else { action };
        if premature_call {
            r.because(
                rule!("TDA-59B"),
                say![
                    q,
                    " called before ",
                    actor,
                    "'s raise had an amount: the call stands for whatever the raise is"
                ],
                say![
                    q,
                    " hat gecallt, bevor die Höhe des Raise von ",
                    actor,
                    " feststand: der Call gilt für jeden Betrag"
                ],
            );
        }
        self.oot.retain(|o| o.player != q);
        self.oot.push(Oot {
            player: q,
            action,
            level_at: self.hand.bet_to_call(),
            chips: self.kept_and_pushed(q, act),
            binding: premature_call,
        });
        let event = match action {
            Action::Fold => Event::Folded { player: q },
            Action::Check => Event::Checked { player: q },
            Action::Call => Event::Called {
                player: q,
                amount: facing.level,
                to: facing.level,
                all_in: false,
            },
            Action::BetOrRaiseTo(to) => Event::BetOrRaised {
                player: q,
                to,
                all_in: false,
                full: true,
            },
            Action::BringIn => Event::BringInPosted {
                player: q,
                amount: facing.level,
                all_in: false,
            },
        };
        self.count_skipped(actor, event, r);
    }

    /// Chips physically in front of an out-of-turn player beyond the earlier bet.
    fn kept_and_pushed(&self, q: Player, act: &Act) -> Chips {
        self.held[q.index()] + act.pushed()
    }

    /// TDA-53B: out-of-turn acts after a skipped player that amount to substantial action are
    /// binding; the skipped player may then only check, call or fold.
    fn count_skipped(&mut self, actor: Player, event: Event, r: &mut Ruling) {
        let skipped = self.skipped.get_or_insert(Skipped {
            player: actor,
            acts: Vec::new(),
        });
        if skipped.player != actor {
            *skipped = Skipped {
                player: actor,
                acts: Vec::new(),
            };
        }
        skipped.acts.push(event);
        if !substantial(&skipped.acts) || self.passive[actor.index()].is_some() {
            return;
        }
        for o in &mut self.oot {
            o.binding = true;
        }
        let rule = if self.profile == Profile::Wwpla {
            rule!("WWPLA-6")
        } else {
            rule!("TDA-53B")
        };
        self.passive[actor.index()] = Some(rule);
        r.because(
            rule!("TDA-36"),
            "the acts out of turn amount to substantial action",
            "die Aktionen außer der Reihe sind wesentliche Aktionen",
        );
        r.because(
            rule,
            say![actor, " did not speak up before substantial action: the acts out of turn are binding; the floor restricts ", actor, "'s hand to check, call or fold"],
            say![actor, " hat sich vor wesentlichen Aktionen nicht gemeldet: die Aktionen außer der Reihe sind verbindlich; der Floor beschränkt die Hand von ", actor, " auf Check, Call oder Fold"],
        );
    }

    /// The action has reached players who acted out of turn: each act is binding unless a bet
    /// or raise changed the action before it.
    pub(crate) fn settle_reached_oot(&mut self, r: &mut Ruling) {
        while let Some(actor) = self.hand.actor() {
            let Some(i) = self.oot.iter().position(|o| o.player == actor) else {
                return;
            };
            let o = self.oot.remove(i);
            let changed = self.hand.bet_to_call() > o.level_at && !o.binding;
            let q = o.player;
            let in_front = self.hand.player(q).bet + o.chips;
            if o.action == Action::Fold || !changed {
                r.because(
                    rule!("TDA-53A"),
                    say![
                        "nothing changed the action before ",
                        q,
                        ": the ",
                        o.action.to_string(),
                        " out of turn is binding"
                    ],
                    say![
                        "bis ",
                        q,
                        " hat sich die Aktion nicht geändert: die Aktion außer der Reihe (",
                        o.action.to_string(),
                        ") ist verbindlich"
                    ],
                );
                let action = self.restrict(q, o.action, r);
                self.apply_action(q, action, in_front, r);
                continue;
            }
            match self.profile {
                Profile::Dg => {
                    self.held[q.index()] = o.chips;
                    self.passive[q.index()] = Some(rule!("DG-15.11"));
                    r.because(
                        rule!("DG-15.11"),
                        say!["the action changed before ", q, ": the chips put in out of turn stay in as part of a call; ", q, " may only call or fold"],
                        say!["die Aktion hat sich vor ", q, " geändert: die außer der Reihe gesetzten Chips bleiben als Anzahlung für einen Call; ", q, " kann nur callen oder folden"],
                    );
                }
                Profile::Hc => {
                    self.held[q.index()] = o.chips;
                    r.because(
                        rule!("HC-3.4.2"),
                        say!["the bet changed before ", q, ": ", q, " may fold, call or raise; folding, the chips put in out of turn stay in the pot as dead money"],
                        say!["die Einsatzhöhe hat sich vor ", q, " geändert: ", q, " kann folden, callen oder raisen; bei einem Fold bleiben die außer der Reihe gesetzten Chips als Dead Money im Pot"],
                    );
                }
                profile => {
                    r.returned += o.chips;
                    r.because(
                        rule!("TDA-53A"),
                        say!["the action changed before ", q, ": the out-of-turn action is not binding, its chips go back; ", q, " has every option"],
                        say!["die Aktion hat sich vor ", q, " geändert: die Aktion außer der Reihe ist nicht verbindlich, die Chips gehen zurück; ", q, " hat alle Optionen"],
                    );
                    if profile == Profile::Wwpla && matches!(o.action, Action::Call | Action::Check)
                    {
                        self.passive[q.index()] = Some(rule!("WWPLA-6"));
                        r.because(
                            rule!("WWPLA-6"),
                            "a call or check out of turn can never become a raise",
                            "ein Call oder Check außer der Reihe kann nie zu einem Raise werden",
                        );
                    }
                }
            }
            return;
        }
    }
}
