//! A player away from the table or serving a penalty when the initial deal ends: dealt in, the
//! forced bets posted, the hand killed (TDA-30, TDA-71C, HC-1.9), in stud the bring-in posted
//! for them when they were dealt its card, as the engine does for `HandSetup::absent`.

use super::{Draft, Outcome, Procedure, Situation};
use crate::Profile;
use crate::text::say;
use engine::Player;
use engine::rule;

pub(super) fn absent_at_deal(
    profile: Profile,
    p: Player,
    penalized: bool,
    bring_in_card: bool,
    situation: &Situation,
) -> Procedure {
    let mut draft = Draft::new(
        "Player away from the table at the deal",
        "Spieler beim Austeilen nicht am Platz",
    );
    let stud = situation.street.is_stud();
    let hc = profile == Profile::Hc;
    let (en_forced, de_forced) = if stud {
        ("antes", "Antes")
    } else {
        ("blinds and antes", "Blinds und Antes")
    };
    // The rule a house that deals stud but says nothing of the bring-in falls back on.
    let tda = if penalized {
        rule!("TDA-71C")
    } else {
        rule!("TDA-30")
    };
    if hc {
        draft.step(
            rule!("HC-1.9"),
            say!["In a tournament a player who has left the table for any reason, a penalty too, is dealt in: deal ", p, " in as usual and post ", p, "'s ", en_forced, "."],
            say!["Im Turnier erhält ein Spieler, der den Tisch aus irgendeinem Grund verlassen hat, auch wegen einer Strafe, Karten: ", p, " wie üblich Karten geben und die ", de_forced, " von ", p, " setzen."],
        );
    } else if penalized {
        draft.step(
            rule!("TDA-71C"),
            say![p, " serves a penalty and must leave the table: deal cards to the seat as usual and post ", p, "'s ", en_forced, "."],
            say![p, " ist mit einer Strafe belegt und muss den Tisch verlassen: Karten wie üblich zum Platz geben und die ", de_forced, " von ", p, " setzen."],
        );
    } else {
        draft.step(
            rule!("TDA-30"),
            say![
                "Deal ",
                p,
                " in as usual and post ",
                p,
                "'s ",
                en_forced,
                "."
            ],
            say![
                p,
                " wie üblich Karten geben und die ",
                de_forced,
                " von ",
                p,
                " setzen."
            ],
        );
    }
    if stud {
        if bring_in_card {
            draft.step(
                tda,
                say![
                    p,
                    " was dealt the bring-in card: post the bring-in from ",
                    p,
                    "'s stack; the action goes on to its left."
                ],
                say![
                    p,
                    " hat die Bring-In-Karte bekommen: das Bring-In aus dem Stack von ",
                    p,
                    " setzen; die Aktion geht links davon weiter."
                ],
            );
        } else {
            draft.step(
                tda,
                say![p, "'s up card is not the bring-in card: nothing more is posted for ", p, "; the bring-in card's player brings in."],
                say!["Die offene Karte von ", p, " ist nicht die Bring-In-Karte: für ", p, " wird nichts weiter gesetzt; der Spieler mit der Bring-In-Karte bringt das Bring-In."],
            );
        }
        draft.step(
            rule!("TDA-RP-10C"),
            "No cards are dealt to the dead hand on fourth street or later.",
            "Auf der 4. Straße und danach werden an die tote Hand keine Karten ausgeteilt.",
        );
    }
    let (en_in, de_in) = if stud && bring_in_card {
        (
            format!("the {en_forced} and the bring-in stay in the pot"),
            format!("die {de_forced} und das Bring-In bleiben im Pot"),
        )
    } else {
        (
            format!("the {en_forced} stay in the pot"),
            format!("die {de_forced} bleiben im Pot"),
        )
    };
    let (rule, en, de) = if hc {
        (
            rule!("HC-1.9"),
            say![
                p,
                "'s hand counts as folded: take the cards in; ",
                en_in,
                "."
            ],
            say![
                "Die Hand von ",
                p,
                " wird als gefoldet gewertet: die Karten einziehen; ",
                de_in,
                "."
            ],
        )
    } else if penalized {
        (
            rule!("TDA-71C"),
            say![
                "Kill ",
                p,
                "'s hand after the initial deal: take the cards in; ",
                en_in,
                "."
            ],
            say![
                "Die Hand von ",
                p,
                " nach dem Anfangsdeal einziehen; ",
                de_in,
                "."
            ],
        )
    } else {
        (
            rule!("TDA-30"),
            say![
                p,
                " was not at the seat when the last card of the initial deal was dealt: the cards are taken in at once and may not be looked at; ",
                en_in,
                "."
            ],
            say![
                p,
                " war nicht am Platz, als die letzte Karte des Anfangsdeals ausgeteilt wurde: die Karten werden sofort eingezogen und dürfen nicht angesehen werden; ",
                de_in,
                "."
            ],
        )
    };
    draft.step(rule, en, de);
    draft.end(Outcome::KillHand(p))
}
