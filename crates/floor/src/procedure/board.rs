//! Errors with the board: four-card flops, board cards turned too early, burn errors.

use super::deal::redeal;
use super::deck::mess_split;
use super::{Draft, Outcome, Procedure, Situation, street_name};
use crate::Profile;
use engine::Street;
use engine::rule;

pub(super) fn four_card_flop(profile: Profile, fourth_identifiable: bool, cards: u8) -> Procedure {
    let mut draft = Draft::new("Four-card flop", "Flop mit vier Karten");
    if cards <= 3 {
        draft.step(
            rule!("TDA-39"),
            "TDA-39 is about a flop of four cards; a flop of three is correct: nothing to do.",
            "TDA-39 betrifft einen Flop aus vier Karten; ein Flop aus drei Karten ist korrekt: nichts zu tun.",
        );
        return draft.end(Outcome::Continue);
    }
    match profile {
        Profile::Wwpla => {
            if cards == 4 && fourth_identifiable {
                draft.step(
                    rule!("WWPLA-10"),
                    "The fourth card is an open burn card: it is the burn before the turn.",
                    "Die vierte Karte ist eine offene Burncard: sie ist die Burncard vor dem Turn.",
                );
                return draft.end(Outcome::Continue);
            }
            draft.step(
                rule!("WWPLA-10"),
                "It is not known which card was the fourth, or more than four cards lie in the flop: misdeal.",
                "Es lässt sich nicht feststellen, welche Karte die vierte war, oder es liegen mehr als vier Karten im Flop: Misdeal.",
            );
            redeal(profile, draft)
        }
        Profile::Dg if cards == 4 && fourth_identifiable => {
            draft.step(
                rule!("DG-18"),
                "The fourth card turned by mistake is the next burn card; the three before it are the flop.",
                "Die versehentlich aufgedeckte vierte Karte bildet die nächste Burn-Card; die drei Karten davor sind der Flop.",
            );
            draft.step(
                rule!("DG-20"),
                "Before the turn, turn that burn card face down under the main pot; no further card is burned.",
                "Vor dem Turn diese Burn-Card verdeckt unter den Main-Pot schieben; es wird keine weitere Karte gebrannt.",
            );
            draft.end(Outcome::Continue)
        }
        _ => {
            if profile == Profile::Dg {
                draft.step(
                    rule!("DG-18"),
                    "DG-18 covers a fourth card that is known; this one is not, so TDA-39 applies.",
                    "DG-18 regelt eine bekannte vierte Karte; diese ist nicht bekannt, daher gilt TDA-39.",
                );
            }
            if cards > 4 {
                return draft.td_decides(
                    rule!("TDA-RP-14"),
                    "More than four cards in the flop: TDA-39 covers four; the TD fixes it, using randomness if needed.",
                    "Mehr als vier Karten im Flop: TDA-39 regelt vier; die Turnierleitung löst es, bei Bedarf mit Zufälligkeit.",
                );
            }
            draft.step(
                rule!("TDA-39"),
                "Call the floor, whether the cards are exposed or not. The dealer shuffles the four cards face down; the floor draws one at random as the next burn card, the other three are the flop.",
                "Den Floor rufen, ob die Karten aufgedeckt sind oder nicht. Der Dealer mischt die 4 Karten verdeckt; der Floor zieht zufällig eine als nächste Burn-Karte, die anderen 3 sind der Flop.",
            );
            draft.step(
                rule!("TDA-RP-14"),
                "Randomness settles the error: no attempt is made to find the \"right\" card.",
                "Die Zufälligkeit löst den Fehler: es wird nicht versucht, die \"richtige\" Karte zu finden.",
            );
            draft.end(Outcome::Continue)
        }
    }
}

pub(super) fn premature_board(profile: Profile, street: Street) -> Procedure {
    if street.is_stud() {
        return super::stud::premature(street);
    }
    let mut draft = Draft::new(
        "Board card turned too early",
        "Vorzeitig aufgedeckte Board-Karte",
    );
    if street == Street::Preflop {
        return draft.td_decides(
            rule!("TDA-RP-5"),
            "RP-5 covers an early flop, turn or river card; pre-flop has no board card: name the street whose card was turned.",
            "RP-5 regelt eine vorzeitige Flop-, Turn- oder River-Karte; Pre-Flop hat keine Board-Karte: die Straße der aufgedeckten Karte angeben.",
        );
    }
    let (en_st, de_st) = street_name(street);
    draft.step(
        match profile {
            Profile::Wwpla => rule!("WWPLA-10"),
            Profile::Hc => rule!("HC-3.3"),
            _ => rule!("TDA-RP-5"),
        },
        format!("The {en_st} was turned before the betting round was over: finish the betting round first."),
        format!("Der {de_st} wurde aufgedeckt, bevor die Setzrunde abgeschlossen war: zuerst die Setzrunde beenden."),
    );
    match profile {
        Profile::Wwpla => wwpla_premature(street, &mut draft),
        Profile::Hc => draft.step(
            rule!("HC-3.3"),
            "The burn card stays on the table. Shuffle the rest of the stub together with the early card; then lay the board card again without a new burn.",
            "Die Burn-Card verbleibt auf dem Tisch. Das restliche Deck inkl. der zu früh gelegten Karte komplett neu mischen; danach die Board-Card ohne erneute Burn-Card neu legen.",
        ),
        _ => tda_premature(street, &mut draft),
    }
    draft.end(Outcome::Continue)
}

fn tda_premature(street: Street, draft: &mut Draft) {
    match street {
        Street::Flop => draft.step(
            rule!("TDA-RP-5A"),
            "The flop burn card stays the burn. Return the early flop cards to the stub and reshuffle; turn the flop again from the reshuffled stub without a new burn.",
            "Die Flop-Burn-Karte bleibt Burn-Karte. Die vorzeitigen Karten in den Stapel zurück und neu mischen; den Flop ohne neue Burn-Karte vom neu gemischten Stapel neu aufdecken.",
        ),
        Street::Turn => {
            draft.step(
                rule!("TDA-RP-5B"),
                "Set the early turn card aside. After the flop betting, burn another card and turn what would have been the river as the turn.",
                "Die vorzeitige Turn-Karte zur Seite legen. Nach der Flop-Setzrunde eine weitere Burn-Karte legen und die eigentliche River-Karte als Turn legen.",
            );
            draft.step(
                rule!("TDA-RP-5B"),
                "After the turn betting, return the early turn card to the stub, reshuffle and turn the river without a new burn.",
                "Nach der Turn-Setzrunde die vorzeitige Turn-Karte in den Stapel zurück, neu mischen und den River ohne zusätzliche Burn-Karte aufdecken.",
            );
        }
        _ => draft.step(
            rule!("TDA-RP-5C"),
            "Return the early river card to the stub; the early burn card stays the burn. When the turn betting is over, reshuffle the stub and turn the river without a new burn.",
            "Die vorzeitige River-Karte in den Stapel zurück; die vorzeitige Burn-Karte bleibt liegen. Nach der Turn-Setzrunde den Stapel neu mischen und den River ohne neue Burn-Karte legen.",
        ),
    }
}

fn wwpla_premature(street: Street, draft: &mut Draft) {
    match street {
        Street::Flop => draft.step(
            rule!("WWPLA-10"),
            "The burn card stays. Return the flop cards to the stub and reshuffle; lay the flop again without another burn.",
            "Die Burncard bleibt liegen. Die Tischkarten zurück in den Stapel und neu mischen; beim erneuten Legen des Flops wird keine weitere Karte geburnt.",
        ),
        Street::Turn => draft.step(
            rule!("WWPLA-10"),
            "What would have been the river becomes the turn. The early card goes back into the stub, which is reshuffled; then the river is laid without a burn card, by cutting the stub and taking the last card of the first part.",
            "Die Riverkarte wird zur Turnkarte. Die aufgedeckte kommt in den Stapel zurück und wird mit den Restkarten neu gemischt; anschließend wird der River ohne Burncard gelegt, indem der Kartengeber den Stapel teilt und die letzte Karte des ersten Stapels nimmt.",
        ),
        _ => draft.step(
            rule!("WWPLA-10"),
            "The early river goes back into the stub, which is reshuffled; lay the river again by cutting the stub and taking the last card of the first part.",
            "Der zu früh gelegte River kommt zurück in den Stapel, es wird neu gemischt; der River wird neu gelegt, indem der Kartengeber den Stapel teilt und die letzte Karte des ersten Stapels nimmt.",
        ),
    }
}

pub(super) fn burn_error(
    profile: Profile,
    street: Street,
    burned: u8,
    board_dealt: bool,
    situation: &Situation,
) -> Procedure {
    let mut draft = Draft::new("Burn error", "Brennfehler");
    if street == Street::Preflop {
        return draft.td_decides(
            rule!("TDA-38"),
            "A card is burned before each later betting round's board cards; pre-flop has none: name the street whose burn went wrong.",
            "Vor den Board-Karten jeder folgenden Setzrunde wird eine Karte gebrannt; Pre-Flop hat keine: die Straße mit dem Brennfehler angeben.",
        );
    }
    if burned == 1 {
        draft.step(
            rule!("TDA-38"),
            "One and only one card is burned before each street's board cards: with one burn before a board street there is nothing to correct.",
            "Vor den Board-Karten jeder Setzrunde wird genau eine Karte gebrannt: bei einer Burn-Karte vor einer Board-Straße ist nichts zu korrigieren.",
        );
        return draft.end(Outcome::Continue);
    }
    let (en_st, de_st) = street_name(street);
    if !board_dealt {
        let (en, de) = if burned == 0 {
            (
                format!("The {en_st} is not turned yet: burn one card now, then turn the {en_st}."),
                format!(
                    "Der {de_st} ist noch nicht aufgedeckt: jetzt eine Karte brennen, dann den {de_st} aufdecken."
                ),
            )
        } else {
            (
                format!(
                    "The {en_st} is not turned yet: put the extra burn cards back on top of the stub in their order, keeping one burn."
                ),
                format!(
                    "Der {de_st} ist noch nicht aufgedeckt: die zu viel gebrannten Karten in der ursprünglichen Reihenfolge zurück auf den Stapel legen, eine Burn-Karte bleibt."
                ),
            )
        };
        let rule = match profile {
            Profile::Dg => rule!("DG-17a"),
            Profile::Wwpla => rule!("WWPLA-5"),
            Profile::Hc => rule!("HC-3.3"),
            Profile::Tda | Profile::Jpr => rule!("TDA-38"),
        };
        draft.step(rule, en, de);
        if profile == Profile::Dg && burned > 2 {
            draft.step(
                rule!("DG-17a"),
                "If the original order can no longer be told for sure, the dealer decides it or declares a mess (DG-30.2).",
                "Ist die ursprüngliche Reihenfolge nicht mehr sicher feststellbar, entscheidet der Dealer darüber oder erkennt auf Wirrwarr (DG-30.2).",
            );
        }
        return draft.end(Outcome::Continue);
    }
    match profile {
        Profile::Dg => dg_burn(burned, draft),
        Profile::Wwpla => wwpla_burn(street, burned, situation, draft),
        Profile::Hc => hc_burn(burned, situation, draft),
        Profile::Tda | Profile::Jpr => {
            if burned == 0 {
                return draft.td_decides(
                    rule!("TDA-38"),
                    "The board was turned without a burn: no TDA rule restores it; the burn protects the stub, not the card order. The TD decides, randomness may settle it (RP-14).",
                    "Das Board wurde ohne Burn-Karte aufgedeckt: keine TDA-Regel stellt es wieder her; die Burn-Karte schützt den Stapel, nicht die Reihenfolge. Die Turnierleitung entscheidet, Zufälligkeit kann es lösen (RP-14).",
                );
            }
            draft.step(
                rule!("TDA-38"),
                "The burn card protects the stub, not the card order: the extra burn card changes nothing, the board stands. Burn one card before each later street.",
                "Die Burn-Karte schützt den Stapel, nicht die Kartenreihenfolge: die zusätzliche Burn-Karte ändert nichts, das Board bleibt. Vor jeder folgenden Setzrunde eine Karte brennen.",
            );
            draft.end(Outcome::Continue)
        }
    }
}

fn dg_burn(burned: u8, mut draft: Draft) -> Procedure {
    match burned {
        0 => draft.step(
            rule!("DG-17a"),
            "Make up the burn: the card turned first by mistake is burned face up, and the next card from the stub goes into the board instead.",
            "Das Brennen nachholen: die versehentlich schon aufgedeckte Karte wird offen gebrannt und stattdessen die nächste Karte vom Kartendeck in das Board gelegt.",
        ),
        2 => draft.step(
            rule!("DG-17a"),
            "Two cards burned: turn the second burn card into the board; the last card wrongly laid in the board counts as burned for the next burn.",
            "Zwei Karten gebrannt: die zweite gebrannte Karte ins Board aufdecken; die zuletzt falsch ins Board gelegte Karte gilt als gebrannt für den nächsten Brennvorgang.",
        ),
        _ => {
            draft.step(
                rule!("DG-17a"),
                "More than two cards burned and the board is already laid: this is a mess.",
                "Mehr als zwei Karten gebrannt und das Board ist bereits bestückt: das gilt als Wirrwarr.",
            );
            return mess_split(draft);
        }
    }
    draft.end(Outcome::Continue)
}

fn wwpla_burn(street: Street, burned: u8, situation: &Situation, mut draft: Draft) -> Procedure {
    // WWPLA-10 allows undoing a flop error while at most one player has acted; WWPLA-5 asks for
    // the correction before the betting round on the later streets.
    let correctable = if street == Street::Flop {
        situation.round_actions <= 1
    } else {
        situation.round_actions == 0
    };
    let rule = if street == Street::Flop {
        rule!("WWPLA-10")
    } else {
        rule!("WWPLA-5")
    };
    if correctable {
        let (en, de) = if burned == 0 {
            (
                "Undo the error: the card that should have been the burn is laid face up as the burn card, and the next card from the stub completes the board.",
                "Den Fehler ungeschehen machen: die Karte, die die Burncard gewesen wäre, wird offen gelegt und zur Burncard erklärt; die nächste Karte des Stapels ergänzt das Board.",
            )
        } else {
            (
                "Undo the error: the wrongly burned card that belongs in the board is laid into it, and the card it replaces goes face up to the burn cards.",
                "Den Fehler ungeschehen machen: die fälschlich gebrannte Karte, die ins Board gehört, wird gelegt; die Karte, die sie ersetzt, wird offen zur Burncard erklärt.",
            )
        };
        draft.step(rule, en, de);
        return draft.end(Outcome::Continue);
    }
    if street == Street::Flop {
        draft.step(
            rule!("WWPLA-10"),
            "More than one player has acted on the flop: the error cannot be undone, it is a misdeal.",
            "Mehr als ein Spieler hat auf dem Flop seinen Zug gemacht: der Fehler ist nicht korrigierbar, es ist ein Misdeal.",
        );
        return redeal(Profile::Wwpla, draft);
    }
    let (en, de) = if burned == 0 {
        (
            "Betting on the board has begun: the board card stands; deal on.",
            "Die Setzrunde hat begonnen: die Board-Karte bleibt bestehen; weiter geben.",
        )
    } else {
        (
            "Betting on the board has begun: the board card stands, and one of the cards burned too many is used as the next burn card.",
            "Die Setzrunde hat begonnen: die Board-Karte bleibt bestehen, und eine der fälschlicherweise zu viel weggelegten Karten wird als folgende Burncard verwendet.",
        )
    };
    draft.step(rule!("WWPLA-5"), en, de);
    draft.end(Outcome::Continue)
}

fn hc_burn(burned: u8, situation: &Situation, mut draft: Draft) -> Procedure {
    if !situation.bets_made {
        draft.step(
            rule!("HC-3.3"),
            "No bet yet on this board: correct the error so the board is what it would have been.",
            "Es wurde noch nicht gesetzt: den Fehler korrigieren, sodass das Board so liegt, wie es ohne Fehler gelegen hätte.",
        );
    } else {
        draft.step(
            rule!("HC-3.3"),
            "A bet has been made: the board card stands.",
            "Es wurde bereits gesetzt: die Karte bleibt bestehen.",
        );
        let (en, de) = if burned == 0 {
            (
                "Deal on as if the error had not happened: burn two cards before the next street.",
                "Weiter so austeilen, als ob der Fehler nicht stattgefunden hätte: vor der nächsten Setzrunde 2 Karten burnen.",
            )
        } else {
            (
                "Deal on as if the error had not happened: put the last burned card back on top of the stub as the burn card for the next street.",
                "Weiter so austeilen, als ob der Fehler nicht stattgefunden hätte: die letzte gebrannte Karte zurück auf das Deck legen und als Burn-Card für die nächste Setzrunde verwenden.",
            )
        };
        draft.step(rule!("HC-3.3"), en, de);
    }
    draft.end(Outcome::Continue)
}

/// A second card turned up with the turn or the river. DG-21: with the turn it becomes the next
/// burn, which DG-23 turns down again under the main pot, no other card burned; DG-24: with
/// the river it lies face up beside the board, out of play. The other rulebooks know it as a
/// card of the next street come too early (TDA-RP-5); with the river, a card no street needs,
/// it is dead and goes to the muck (TDA-1).
pub(super) fn extra_board_card(profile: Profile, street: Street) -> Procedure {
    let mut draft = Draft::new(
        "A second board card turned up",
        "Zweite Board-Karte aufgedeckt",
    );
    match (profile, street) {
        (Profile::Dg, Street::Turn) => {
            draft.step(
                rule!("DG-21"),
                "The second card turned up with the turn becomes the next burn card.",
                "Die mit dem Turn versehentlich aufgedeckte zweite Karte bildet die nächste Burn-Card.",
            );
            draft.step(
                rule!("DG-23"),
                "Before the river that card is turned face down again and pushed under the main pot: no other card is burned.",
                "Vor dem River wird diese Karte wieder verdeckt umgedreht und unter den Main-Pot geschoben: es wird keine weitere Karte gebrannt.",
            );
            draft.end(Outcome::Continue)
        }
        (Profile::Dg, Street::River) => {
            draft.step(
                rule!("DG-24"),
                "The second card turned up with the river lies face up beside the board: it plays no part.",
                "Die mit dem River versehentlich aufgedeckte zweite Karte wird offen neben das Board gelegt: sie spielt nicht mit.",
            );
            draft.end(Outcome::Continue)
        }
        (_, Street::Turn) => premature_board(profile, Street::River),
        (_, Street::River) => draft.td_decides(
            rule!("TDA-1"),
            "A card turned up after the river is needed by no street: it is dead and goes to the muck.",
            "Eine nach dem River aufgedeckte Karte braucht keine Straße: sie ist tot und kommt in den Muck.",
        ),
        _ => draft.td_decides(
            rule!("TDA-RP-5"),
            "Name the turn or the river: a second card turned up with the flop is a four-card flop (TDA-39).",
            "Turn oder River angeben: eine zweite Karte mit dem Flop ist ein Vier-Karten-Flop (TDA-39).",
        ),
    }
}
