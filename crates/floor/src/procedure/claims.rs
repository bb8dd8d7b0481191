//! What players ask of the dealer once a hand is decided, or of the table's chips: the rest of
//! the board (rabbit hunting), a dispute of a reading or a pot, a count of the pot or a stack, and
//! a hand declared other than it is.

use super::{CountOf, Dispute, DisputeAbout, Draft, Outcome, Procedure};
use crate::Profile;
use crate::text::say;
use engine::Player;
use engine::rule;

/// Someone asks to see the cards that would have come had the hand gone on: TDA-28 forbids it
/// (HC and JPR say nothing else); DG-26 allows more board only if everyone who was in the hand
/// when the flop was turned agrees; WWPLA-2 leaves the next card to the dealer, with the consent
/// of every active player at the table.
pub(super) fn rabbit_hunt(profile: Profile, all_agree: bool) -> Procedure {
    let mut draft = Draft::new(
        "Asked to see the next cards",
        "Wunsch, die nächsten Karten zu sehen",
    );
    match profile {
        Profile::Dg => {
            draft.step(
                rule!("DG-26"),
                "The hand is over: the last player holding cards wins the pot without showing, and the dealer gathers the cards.",
                "Die Hand ist beendet: der letzte Spieler mit Karten gewinnt den Pot, ohne zu zeigen, und der Dealer sammelt die Karten ein.",
            );
            if all_agree {
                draft.step(
                    rule!("DG-26"),
                    "Every player who was in the hand when the flop was turned agrees: the dealer may turn the rest of the board. It changes nothing.",
                    "Alle Spieler, die beim Aufdecken des Flops noch in der Hand waren, sind einverstanden: der Dealer darf die weiteren Board-Karten aufdecken. Das ändert nichts.",
                );
            } else {
                draft.step(
                    rule!("DG-26"),
                    "Not every player who was in the hand at the flop agrees: no more board cards are turned.",
                    "Nicht alle Spieler, die beim Flop noch in der Hand waren, sind einverstanden: es werden keine weiteren Board-Karten aufgedeckt.",
                );
            }
        }
        Profile::Wwpla if all_agree => draft.step(
            rule!("WWPLA-2"),
            "Every active player at the table agrees: the dealer decides whether the next card is shown. It changes nothing.",
            "Alle aktiven Spieler am Tisch sind einverstanden: der Dealer entscheidet nach eigenem Ermessen, ob die nächste Karte gezeigt wird. Das ändert nichts.",
        ),
        Profile::Wwpla => draft.step(
            rule!("WWPLA-2"),
            "Not every active player at the table agrees: the next card is not shown.",
            "Nicht alle aktiven Spieler am Tisch sind einverstanden: die nächste Karte wird nicht gezeigt.",
        ),
        Profile::Tda | Profile::Hc | Profile::Jpr => draft.step(
            rule!("TDA-28"),
            "Rabbit hunting is not allowed: the cards that would have come stay unseen, whoever agrees.",
            "Rabbit Hunting ist nicht erlaubt: die Karten, die gekommen wären, bleiben verdeckt, wer auch immer einverstanden ist.",
        ),
    }
    draft.end(Outcome::Continue)
}

/// A claim that a hand was read wrongly, a pot miscounted or misawarded, or change given wrongly.
/// TDA-22's windows: a reading until the next hand begins (TDA-23), a pot until substantial
/// action in the next hand (TDA-36); a hand ended at a break, one minute after the pot was
/// awarded. DG: a reading only before the pot is pushed (DG-28.6), change only at once (DG-16b).
pub(super) fn dispute(profile: Profile, d: &Dispute) -> Procedure {
    let mut draft = Draft::new("A result disputed", "Einspruch gegen ein Ergebnis");
    if profile == Profile::Dg {
        return dg_dispute(draft, d);
    }
    if d.about == DisputeAbout::Change {
        draft.step(
            rule!("TDA-22"),
            "Change given wrongly is an error in the pot's amounts: the pot's window applies.",
            "Falsch gewechselt ist ein Fehler bei den Beträgen des Pots: es gilt die Frist des Pots.",
        );
    }
    let (open, en, de) = match (d.about, d.at_break) {
        (_, true) => (
            d.seconds_since_award <= 60,
            "The hand ended at a break: anything may be disputed until one minute after the pot was awarded.",
            "Die Hand endete in einer Pause: alles kann bis 1 Minute nach der Vergabe des Pots angefochten werden.",
        ),
        (DisputeAbout::Reading, false) => (
            !d.next_hand_started,
            "A hand's reading may be disputed until the next hand begins.",
            "Die Deutung einer aufgedeckten Hand kann angefochten werden, bis eine neue Hand beginnt.",
        ),
        (DisputeAbout::Pot | DisputeAbout::Change, false) => (
            !d.substantial_action_since,
            "Errors in counting and awarding a pot may be disputed until substantial action in the next hand.",
            "Fehler beim Berechnen und Zuweisen des Pots können angefochten werden, bis in der nächsten Hand wesentliche Aktionen stattgefunden haben.",
        ),
    };
    draft.step(rule!("TDA-22"), en, de);
    if !open {
        draft.step(
            rule!("TDA-22"),
            "The claim comes too late: the result stands.",
            "Der Einspruch kommt zu spät: das Ergebnis bleibt bestehen.",
        );
        return draft.end(Outcome::Continue);
    }
    if d.about == DisputeAbout::Reading {
        draft.step(
            rule!("TDA-12"),
            "Cards speak: the hands as tabled decide, not what was said.",
            "Die Karten sprechen: es entscheiden die aufgedeckten Hände, nicht die Ansagen.",
        );
    }
    if profile == Profile::Wwpla && d.about != DisputeAbout::Reading {
        return draft.td_decides(
            rule!("WWPLA-2"),
            "In time: the pot is counted and shared again where that is possible; where not, the TD decides.",
            "Rechtzeitig: der Pot wird nach Möglichkeit neu berechnet; ist das nicht möglich, entscheidet die Turnierleitung.",
        );
    }
    draft.td_decides(
        rule!("TDA-22"),
        "In time: the floor reviews the hand and corrects the result where it was wrong.",
        "Rechtzeitig: der Floor prüft die Hand und berichtigt das Ergebnis, wo es falsch war.",
    )
}

fn dg_dispute(mut draft: Draft, d: &Dispute) -> Procedure {
    let (open, rule, en, de) = match d.about {
        DisputeAbout::Change => (
            d.at_once,
            rule!("DG-16b"),
            "A dealer's change error is claimed at once or not at all; an error no one can trace or undo stands.",
            "Wechselfehler des Dealers müssen sofort reklamiert werden; ist der Fehler nicht mehr nachvollziehbar oder rückgängig zu machen, wird er ignoriert.",
        ),
        DisputeAbout::Reading | DisputeAbout::Pot => (
            !d.pot_pushed,
            rule!("DG-28.6"),
            "Without an immediate objection the player the dealer named gets the pot; once pushed, no objection is heard.",
            "Gibt es keine sofortigen Einwände, erhält der vom Dealer bestimmte Spieler den Pot; einmal zugeschoben, sind Einwendungen zwecklos.",
        ),
    };
    draft.step(rule, en, de);
    if !open {
        draft.step(
            rule,
            "The claim comes too late: the result stands.",
            "Der Einspruch kommt zu spät: das Ergebnis bleibt bestehen.",
        );
        return draft.end(Outcome::Continue);
    }
    if d.about == DisputeAbout::Pot {
        draft.step(
            rule!("DG-30.3"),
            "A pot short of what play put in is played on as it stands: missing chips are not added.",
            "Ein Pot, der nicht die nach dem Spielverlauf notwendige Höhe hat, wird so fortgesetzt: fehlende Jetons werden nicht ergänzt.",
        );
    }
    draft.step(
        rule!("DG-39"),
        "A dealer's error may be disputed, politely: the organisers review it, the moderator breaks a tie.",
        "Ein Fehler des Dealers darf höflich angefochten werden: das Orga-Team prüft ihn, bei Gleichstand entscheidet der Moderator.",
    );
    draft.td_decides(
        rule!("DG-30.5"),
        "In time: the dealer corrects what can be traced; what the rules do not cover, and an appeal against the dealer, goes to the organisers.",
        "Rechtzeitig: der Dealer berichtigt, was nachvollziehbar ist; nicht geregelte Fälle und Einsprüche gegen den Dealer gehen an die Organisatoren.",
    )
}

/// A player asks for a count. The pot: only in pot-limit (TDA-54A); DG never counts the pot
/// (DG-15.1, DG-16). A stack: an exact count only facing an all-in, in turn (TDA-60); JPR-12.0
/// has every player tell his count on request, else the dealer counts.
pub(super) fn count(
    profile: Profile,
    of: CountOf,
    facing_all_in_in_turn: bool,
    pot_limit: bool,
) -> Procedure {
    let mut draft = Draft::new("A count asked for", "Zählung verlangt");
    match of {
        CountOf::Pot if profile == Profile::Dg => draft.step(
            rule!("DG-16"),
            "The pot is never counted: chips thrown in count for no more, in doubt they are lost.",
            "Der Pot wird nie gezählt: hineingeworfene Jetons haben keine weitere Auswirkung, im Zweifel sind sie verloren.",
        ),
        CountOf::Pot if pot_limit => draft.step(
            rule!("TDA-54A"),
            "Pot-limit: the dealer counts the pot for the player.",
            "Pot-Limit: der Dealer zählt den Pot für den Spieler.",
        ),
        CountOf::Pot => draft.step(
            rule!("TDA-54A"),
            "Only in pot-limit may a player ask for a pot count: in limit and no-limit the dealer does not count the pot.",
            "Nur bei Pot-Limit darf ein Spieler eine Zählung des Pots verlangen: bei Limit und No-Limit zählt der Dealer den Pot nicht.",
        ),
        CountOf::Stack if profile == Profile::Jpr => draft.step(
            rule!("JPR-12.0"),
            "On request every player tells his chip count; one who will not, the dealer counts and announces.",
            "Auf Anfrage nennt jeder Spieler seinen Chipstand; ist ein Spieler dazu nicht bereit, zählt der Dealer den Stack und nennt den Chipcount.",
        ),
        CountOf::Stack if facing_all_in_in_turn => draft.step(
            rule!("TDA-60"),
            "Facing an all-in and in turn: the dealer or floor counts the all-in stack exactly; the all-in player need not count it.",
            "Mit einem All-In konfrontiert und an der Reihe: der Dealer oder Floor zählt den All-In-Stack genau; der All-In-Spieler muss nicht selbst zählen.",
        ),
        CountOf::Stack => draft.step(
            rule!("TDA-60"),
            "An exact count only facing an all-in and in turn: otherwise stacks are estimated as they stand (TDA-25).",
            "Eine genaue Zählung nur mit einem All-In konfrontiert und an der Reihe: sonst werden die Stacks so geschätzt, wie sie stehen (TDA-25).",
        ),
    }
    draft.end(Outcome::Continue)
}

/// A hand declared other than it is at the showdown. TDA-12: cards speak, a spoken value does
/// not bind, a deliberate miscall may be penalised, and the dealer may not kill a tabled hand
/// that clearly wins (TDA-13C). DG-28.4: the dealer checks the declarations and is not bound to
/// see a higher hand than the one named.
pub(super) fn miscalled(profile: Profile, p: Player, declared_lower: bool) -> Procedure {
    let mut draft = Draft::new("Hand declared wrongly", "Hand falsch angesagt");
    if profile == Profile::Dg {
        if declared_lower {
            draft.step(
                rule!("DG-28.4"),
                say!["The dealer checks the declarations; he need not see a higher hand than ", p, " named: read as named unless someone points out more before the pot is pushed (DG-28.6)."],
                say!["Der Dealer prüft die Ansagen; er muss keine höhere Kombination erkennen als die, die ", p, " genannt hat: gewertet wie angesagt, sofern niemand vor dem Zuschieben des Pots mehr erkennt (DG-28.6)."],
            );
        } else {
            draft.step(
                rule!("DG-28.4"),
                say!["The dealer checks the declarations: ", p, "'s hand is not what was named; beaten hands are turned over as dead, and the dealer names the winner."],
                say!["Der Dealer prüft die Ansagen: die Hand von ", p, " ist nicht die angesagte; geschlagene Blätter werden umgedreht und für tot erklärt, und der Dealer nennt den Gewinner."],
            );
        }
        return draft.end(Outcome::Continue);
    }
    draft.step(
        rule!("TDA-12"),
        say!["Cards speak: ", p, "'s tabled hand counts as it is, whatever was said; a deliberate miscall may be penalised."],
        say!["Die Karten sprechen: die aufgedeckte Hand von ", p, " zählt, wie sie ist, gleich was angesagt wurde; absichtliches Falschansagen kann bestraft werden."],
    );
    draft.step(
        rule!("TDA-13C"),
        "The dealer may not kill a properly tabled hand that is clearly the winner.",
        "Der Dealer darf keine ordnungsgemäß aufgedeckte Hand töten, die offensichtlich gewinnt.",
    );
    draft.penalty(rule!("TDA-12"));
    draft.end(Outcome::Continue)
}

/// A wrong call by the dealer. DG-30.1: corrected at once; a player's prompt reaction to it is
/// undone as harmlessly as can be: a showdown called too early plays on, the cards shown are
/// not folded (no open fold) and nobody is compensated. Elsewhere the floor corrects it and
/// undoes what followed as fairly as it can (TDA-1).
pub(super) fn dealer_miscall(profile: Profile, prompt_reaction: bool) -> Procedure {
    let mut draft = Draft::new("The dealer called wrongly", "Falsche Ansage des Dealers");
    if profile != Profile::Dg {
        return draft.td_decides(
            rule!("TDA-1"),
            "The floor corrects the wrong call and undoes what followed from it as fairly as it can.",
            "Der Floor berichtigt die falsche Ansage und macht rückgängig, was daraus folgte, so fair er kann.",
        );
    }
    draft.step(
        rule!("DG-30.1"),
        "The dealer corrects the wrong call at once.",
        "Der Dealer korrigiert die falsche Ansage unverzüglich.",
    );
    if prompt_reaction {
        draft.step(
            rule!("DG-30.1"),
            "A player's prompt reaction to it is undone as harmlessly as can be: after a showdown called too early the hand plays on and the cards shown are not folded (no open fold); nobody is compensated.",
            "Eine prompte Reaktion eines Spielers wird möglichst unschädlich aufgelöst: nach einem zu früh angesagten Show-Down wird die Hand zu Ende gespielt und die gezeigten Karten gelten nicht als gefoldet (kein Open Fold); eine Entschädigung gibt es nicht.",
        );
    }
    draft.end(Outcome::Continue)
}
