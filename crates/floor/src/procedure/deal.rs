//! Errors of the deal: misdeals and when they may still be called, exposed hole cards.

use super::{Draft, MisdealCause, Outcome, Procedure, Situation};
use crate::Profile;
use engine::Street;
use engine::{Rule, rule};

/// Whether a misdeal may still be called under the profile: on the first betting round only
/// (pre-flop; stud's third street), the bring-in counting as a blind (TDA-36, HC-3.1).
pub(super) fn is_open(profile: Profile, situation: &Situation) -> bool {
    matches!(situation.street, Street::Preflop | Street::Third)
        && match profile {
            Profile::Tda | Profile::Jpr => !situation.substantial_action,
            Profile::Wwpla | Profile::Hc => situation.actions_taken < 2,
            Profile::Dg => situation.actions_taken == 0,
        }
}

/// Whether a misdeal may still be called, and the step saying so.
pub(super) fn window_open(profile: Profile, situation: &Situation, draft: &mut Draft) -> bool {
    let open = is_open(profile, situation);
    match profile {
        Profile::Tda | Profile::Jpr => {
            if open {
                draft.step(
                    rule!("TDA-35D"),
                    "No substantial action yet (TDA-36): a misdeal may still be called.",
                    "Noch keine wesentlichen Aktionen (TDA-36): ein Misdeal kann noch erklärt werden.",
                );
                true
            } else {
                draft.step(
                    rule!("TDA-36"),
                    "Substantial action has taken place: two actions in turn with chips in the pot, or three actions in turn.",
                    "Wesentliche Aktionen haben stattgefunden: zwei Aktionen in Reihe mit Chips im Pot oder drei Aktionen in Reihe.",
                );
                draft.step(
                    rule!("TDA-35D"),
                    "After substantial action no misdeal can be declared: the hand is played on.",
                    "Nach wesentlichen Aktionen kann kein Misdeal mehr erklärt werden: die Hand wird weitergespielt.",
                );
                false
            }
        }
        Profile::Wwpla | Profile::Hc => {
            let rule = if profile == Profile::Wwpla {
                rule!("WWPLA-3")
            } else {
                rule!("HC-3.1")
            };
            // HC-3.1 counts stud's actions from the bring-in as flop games' from the blinds.
            let (en_forced, de_forced) = if situation.street.is_stud() {
                ("the bring-in", "dem Bring-In")
            } else {
                ("the blinds", "den Blinds")
            };
            if open {
                draft.step(
                    rule,
                    format!("Fewer than two players have acted since {en_forced}: a misdeal may still be called."),
                    format!("Noch keine zwei Spieler haben nach {de_forced} agiert: ein Misdeal kann noch erklärt werden."),
                );
                true
            } else {
                draft.step(
                    rule,
                    format!("Two players have acted since {en_forced}: too late for a misdeal, the hand is played to the end."),
                    format!("Zwei Spieler haben nach {de_forced} agiert: für einen Misdeal zu spät, die Hand wird zu Ende gespielt."),
                );
                if profile == Profile::Hc {
                    draft.step(
                        rule!("HC-3.1"),
                        "No chips are paid back to the player whose hand was dealt wrongly.",
                        "Es werden keine Chips an den Spieler zurückgezahlt, dessen Hand falsch gedealt wurde.",
                    );
                }
                false
            }
        }
        Profile::Dg => {
            if open {
                draft.step(
                    rule!("DG-12"),
                    "The error comes before the first betting action: the deal may still be repeated.",
                    "Der Fehler liegt vor der ersten Setzaktion: das Austeilen kann noch wiederholt werden.",
                );
                true
            } else {
                draft.step(
                    rule!("DG-12"),
                    "Betting has begun: the deal can no longer be repeated, the hand is played on.",
                    "Die Setzrunde hat begonnen: das Austeilen wird nicht mehr wiederholt, die Hand wird weitergespielt.",
                );
                false
            }
        }
    }
}

/// The steps of a redeal under the profile, ending the draft.
pub(super) fn redeal(profile: Profile, mut draft: Draft) -> Procedure {
    match profile {
        Profile::Wwpla => draft.step(
            rule!("WWPLA-3"),
            "Collect all cards, shuffle and deal again.",
            "Alle Karten einziehen, neu mischen und neu verteilen.",
        ),
        Profile::Hc => draft.step(
            rule!("HC-3.1"),
            "Collect all cards and deal the hand completely again.",
            "Alle Karten einziehen und die Hand komplett neu geben.",
        ),
        Profile::Dg => draft.step(
            rule!("DG-12"),
            "Collect all cards and repeat from the shuffle (phase I, point 5).",
            "Alle Karten einziehen und ab Phase I, Punkt 5 (Mischen) wiederholen.",
        ),
        Profile::Tda | Profile::Jpr => {}
    }
    draft.step(
        rule!("TDA-35C"),
        "The redeal is an exact repeat: the button does not move, no new players are seated, the blind level stays.",
        "Das neue Austeilen ist eine exakte Wiederholung: der Button bleibt, keine neuen Spieler, die Blindstufe bleibt gleich.",
    );
    draft.end(Outcome::Redeal)
}

/// The rule naming `cause` as a misdeal under the profile, if its list has it.
fn listed(profile: Profile, cause: MisdealCause) -> Option<Rule> {
    use MisdealCause as C;
    match profile {
        Profile::Tda | Profile::Jpr => matches!(
            cause,
            C::CardsFaceUpInDeck | C::FirstCardWrongSeat | C::CardsToSeatNotInHand | C::SeatSkipped
        )
        .then_some(rule!("TDA-35A")),
        Profile::Wwpla => (!matches!(
            cause,
            C::CardTakenByWrongPlayer | C::TwoCardsAtOnce | C::DealConfused
        ))
        .then_some(rule!("WWPLA-3")),
        Profile::Hc => (!matches!(
            cause,
            C::CardTakenByWrongPlayer | C::TwoCardsAtOnce | C::DealConfused
        ))
        .then_some(rule!("HC-3.1")),
        Profile::Dg => match cause {
            C::CardTakenByWrongPlayer => Some(rule!("DG-12.2")),
            C::SeatSkipped => Some(rule!("DG-12.4")),
            C::TwoCardsAtOnce => Some(rule!("DG-12.5")),
            C::CardsToSeatNotInHand => Some(rule!("DG-12.6")),
            C::DealConfused => Some(rule!("DG-12.7")),
            _ => None,
        },
    }
}

pub(super) fn misdeal(profile: Profile, cause: MisdealCause, situation: &Situation) -> Procedure {
    let mut draft = Draft::new("Misdeal", "Misdeal");
    match listed(profile, cause) {
        Some(rule) => draft.step(
            rule,
            "The rulebook lists this as a misdeal.",
            "Das Regelwerk nennt dies als Misdeal.",
        ),
        // Every list says "including, not limited to" (TDA-35A, DG-12 "insbesondere").
        None => draft.step(
            rule!("TDA-35A"),
            "Not named in the rulebook's list, but TDA-35A's list of misdeals is not exhaustive: this deal is a misdeal.",
            "Nicht in der Liste des Regelwerks, aber die Misdeal-Liste von TDA-35A ist nicht abschließend: dieses Austeilen ist ein Misdeal.",
        ),
    }
    if window_open(profile, situation, &mut draft) {
        return redeal(profile, draft);
    }
    if profile == Profile::Hc && cause == MisdealCause::ButtonMisplaced {
        draft.step(
            rule!("HC-3.3"),
            "Correct the button at the start of the next hand so that, as far as possible, every player plays each position once.",
            "Den Button zu Beginn der nächsten Hand so korrigieren, dass möglichst jeder Spieler einmal auf jeder Position gespielt hat.",
        );
    }
    draft.end(Outcome::Continue)
}

pub(super) fn exposed_hole_card(
    profile: Profile,
    position: u8,
    count: u8,
    situation: &Situation,
) -> Procedure {
    let mut draft = Draft::new(
        "Hole card exposed by the dealer",
        "Hole-Card vom Dealer aufgedeckt",
    );
    let early = position <= 2;
    let several = count >= 2;
    let (rule, en, de) = match profile {
        Profile::Tda | Profile::Jpr if early || several => (
            rule!("TDA-35A"),
            "One of the first two cards off the deck, or two down cards, exposed by the dealer: misdeal.",
            "Eine der ersten zwei ausgeteilten Karten oder zwei verdeckte Karten vom Dealer aufgedeckt: Misdeal.",
        ),
        Profile::Wwpla if early => (
            rule!("WWPLA-3"),
            "One of the first two cards exposed by the dealer: misdeal.",
            "Eine der ersten zwei Karten vom Dealer aufgedeckt: Misdeal.",
        ),
        Profile::Wwpla if several => (
            rule!("WWPLA-10"),
            "More than one hole card exposed: misdeal.",
            "Mehr als eine Holecard aufgedeckt: Misdeal.",
        ),
        Profile::Hc if early => (
            rule!("HC-3.1"),
            "The first or second card dealt exposed by the dealer: misdeal.",
            "Die erste oder zweite verteilte Karte durch Dealer-Fehler aufgedeckt: Misdeal.",
        ),
        Profile::Hc if several => (
            rule!("HC-3.1"),
            "Two or more cards exposed by the dealer: misdeal.",
            "Zwei oder mehr Karten durch Dealer-Fehler aufgedeckt: Misdeal.",
        ),
        Profile::Dg if several => (
            rule!("DG-12.1"),
            "More than one card dealt face up: misdeal.",
            "Mehr als eine Karte versehentlich offen gegeben: Misdeal.",
        ),
        _ => return replace_exposed(profile, draft),
    };
    draft.step(rule, en, de);
    if window_open(profile, situation, &mut draft) {
        redeal(profile, draft)
    } else {
        draft.end(Outcome::Continue)
    }
}

/// One exposed card that is not a misdeal: replaced after the deal.
fn replace_exposed(profile: Profile, mut draft: Draft) -> Procedure {
    match profile {
        Profile::Tda | Profile::Jpr => {
            draft.step(
                rule!("TDA-35A"),
                "A single card beyond the first two is exposed: not a misdeal, deal on.",
                "Eine einzelne Karte nach den ersten zwei ist aufgedeckt: kein Misdeal, weiter austeilen.",
            );
            // No TDA rule says how; this is the common practice the houses write down.
            draft.step(
                rule!("TDA-1"),
                "As in common practice: after the deal the player gets the top card of the stub for the exposed card, which becomes the first burn card.",
                "Wie in der Praxis üblich: nach dem Austeilen erhält der Spieler die oberste Karte des Stapels als Ersatz, die aufgedeckte Karte wird die erste Burn-Card.",
            );
        }
        Profile::Wwpla => {
            draft.step(
                rule!("WWPLA-10"),
                "Deal on as normal. Once all cards are dealt, take in the exposed card, use it as the first burn card and replace it with the top card of the stub; no other card is burned before the flop.",
                "Die Runde geht normal weiter. Wenn alle Karten ausgeteilt sind, die aufgedeckte Karte einziehen, als erste Burncard verwenden und durch die oberste Karte des Stapels ersetzen; vor dem Flop wird keine weitere Karte geburnt.",
            );
            draft.step(
                rule!("WWPLA-5"),
                "The player gets the replacement only after everyone has received their cards.",
                "Der Spieler erhält seine Ersatzkarte erst, wenn die Runde vollständig ihre Karten erhalten hat.",
            );
        }
        Profile::Hc => draft.step(
            rule!("HC-3.1"),
            "The third or a later card exposed: it stays face up in front of the player and the deal is completed; then it is swapped for the first burn card and used as the burn card.",
            "Die 3. oder eine spätere Karte aufgedeckt: sie bleibt offen vor dem Spieler liegen und es wird zu Ende gedealt; dann wird sie mit der ersten Burn-Card getauscht und als Burn-Card verwendet.",
        ),
        Profile::Dg => {
            draft.step(
                rule!("DG-11"),
                "Take in the exposed card and lay it face up on the table; deal on with the next player. The player gets the replacement only after the rest of the deal.",
                "Die offen gegebene Karte einziehen und offen auf den Tisch legen; beim nächsten Spieler weiter austeilen. Der Spieler erhält die Ersatzkarte erst nach dem gesamten übrigen Austeilen.",
            );
            draft.step(
                rule!("DG-17"),
                "Before the flop, turn the card burned during the deal face down under the main pot; no further card is burned.",
                "Vor dem Flop die beim Austeilen gebrannte Karte verdeckt unter den Main-Pot schieben; es wird keine weitere Karte gebrannt.",
            );
        }
    }
    draft.end(Outcome::Continue)
}
