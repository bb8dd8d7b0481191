//! Errors with the deck itself: defective decks, a dropped deck, a mess beyond untangling.

use super::deal::{redeal, window_open};
use super::{DeckDefect, Draft, Outcome, Procedure, Situation};
use crate::Profile;
use crate::text::say;
use engine::Player;
use engine::rule;

pub(super) fn deck_defect(
    profile: Profile,
    defect: DeckDefect,
    player_knew: Option<Player>,
    situation: &Situation,
) -> Procedure {
    let draft = Draft::new("Defective deck", "Fehlerhaftes Kartendeck");
    match (defect, profile) {
        (DeckDefect::Missing, _) => missing(profile, player_knew, situation, draft),
        (
            DeckDefect::Joker {
                holder,
                holder_acted,
            },
            Profile::Hc | Profile::Wwpla,
        ) => joker(profile, holder, holder_acted, draft),
        _ => void(profile, defect, player_knew, draft),
    }
}

/// The hand is void and the bets go back (TDA-35E, WWPLA-5, HC-3.3).
fn void(
    profile: Profile,
    defect: DeckDefect,
    player_knew: Option<Player>,
    mut draft: Draft,
) -> Procedure {
    let (en_what, de_what) = match defect {
        DeckDefect::Duplicate => ("Two identical cards", "Zwei gleiche Karten"),
        DeckDefect::ForeignBack => (
            "A card with a different back",
            "Eine Karte mit anderer Rückseite",
        ),
        _ => (
            "A joker, a card not of the deck,",
            "Ein Joker, eine nicht zum Deck gehörende Karte,",
        ),
    };
    let mut forfeit = None;
    match profile {
        Profile::Wwpla => {
            let (en, de) = if defect == DeckDefect::ForeignBack {
                (
                    "a misdeal: all chips in the pot go back to the players",
                    "ein Misdeal: alle Chips im Pot werden an die Spieler zurückgegeben",
                )
            } else {
                (
                    "the hand is void: the players get their bets back",
                    "das Spiel wird für ungültig erklärt: die Spieler erhalten ihre Einsätze zurück",
                )
            };
            draft.step(
                rule!("WWPLA-5"),
                format!("{en_what}: {en}."),
                format!("{de_what}: {de}."),
            );
            if let Some(p) = player_knew {
                draft.step(
                    rule!("WWPLA-5"),
                    say![
                        p,
                        " did not point out the faulty card as every player must: ",
                        p,
                        " loses all claims to the pot."
                    ],
                    say![
                        p,
                        " hat nicht wie verpflichtet auf die fehlerhafte Karte hingewiesen: ",
                        p,
                        " verliert alle Ansprüche auf den Pot."
                    ],
                );
                forfeit = Some(p);
            }
        }
        Profile::Hc => {
            draft.step(
                rule!("HC-3.3"),
                format!("{en_what} found: the whole hand is void. All chips in the pot go back to the players who bet them."),
                format!("{de_what} entdeckt: die gesamte Hand ist ungültig. Alle Chips im Pot gehen an die Spieler zurück, die sie gesetzt haben."),
            );
            if let Some(p) = player_knew {
                draft.step(
                    rule!("HC-3.3"),
                    say![p, " knew of the defect and bet on: ", p, " loses the right to a refund; those chips stay in the pot and are played for in the next hand."],
                    say![p, " kannte den Defekt und hat weiter gesetzt: ", p, " verliert das Recht auf Rückgabe; diese Chips verbleiben im Pot und werden in der nächsten Hand ausgespielt."],
                );
                draft.step(
                    rule!("HC-3.3"),
                    "In that next hand only the players of the void hand are dealt in.",
                    "In dieser nächsten Hand erhalten nur die Spieler Karten, die in die ungültige Hand involviert waren.",
                );
                forfeit = Some(p);
            }
        }
        Profile::Tda | Profile::Jpr | Profile::Dg => {
            draft.step(
                rule!("TDA-35E"),
                format!("{en_what} in play: the deck is invalid. Stop play, whatever the action so far, and refund all bets."),
                format!("{de_what} im Spiel: das Deck ist ungültig. Das Spiel stoppen, unabhängig von wesentlichen Aktionen, und alle Einsätze erstatten."),
            );
            if profile == Profile::Dg {
                draft.step(
                    rule!("DG-4a"),
                    "Replace the deck completely.",
                    "Das Kartendeck komplett ersetzen.",
                );
            }
            if let Some(p) = player_knew {
                draft.step(
                    rule!("TDA-2"),
                    say![
                        "Players must speak up when they notice an error; ",
                        p,
                        " knew and played on: a penalty may be given (TDA-71B)."
                    ],
                    say![
                        "Spieler müssen sich melden, wenn sie einen Fehler bemerken; ",
                        p,
                        " wusste es und spielte weiter: eine Strafe ist möglich (TDA-71B)."
                    ],
                );
                draft.penalty(rule!("TDA-71B"));
            }
        }
    }
    draft.end(Outcome::VoidRefund { forfeit })
}

/// A joker as a scrap of paper (HC-3.3) or a burned card (WWPLA-5); dead once played.
fn joker(
    profile: Profile,
    holder: Option<Player>,
    holder_acted: bool,
    mut draft: Draft,
) -> Procedure {
    let hc = profile == Profile::Hc;
    match holder {
        Some(p) if holder_acted => {
            if hc {
                draft.step(
                    rule!("HC-3.2"),
                    say![p, " played a hand holding a joker: the hand is dead."],
                    say![
                        p,
                        " hat eine Hand mit einem Joker gespielt: die Hand ist tot."
                    ],
                );
                draft.step(
                    rule!("HC-3.3"),
                    "A player who plays without looking at all cards bears the fault for a joker.",
                    "Spielt ein Spieler, ohne sich alle Karten angesehen zu haben, trägt er die Schuld für Joker.",
                );
            } else {
                draft.step(
                    rule!("WWPLA-4"),
                    say![p, " played a hand with a card not of the game without exposing it: the hand is dead."],
                    say![p, " hat eine Hand mit einer nicht zum Spiel gehörenden Karte gespielt, ohne sie aufzudecken: die Hand ist unspielbar."],
                );
            }
            draft.end(Outcome::KillHand(p))
        }
        Some(p) => {
            if hc {
                draft.step(
                    rule!("HC-3.3"),
                    say!["Found before ", p, " acted: the joker is a scrap of paper. Replace it with the next card of the stub, or, if that card already went to another player, after all cards are dealt."],
                    say!["Entdeckt, bevor ", p, " agiert hat: der Joker ist ein „Stück Papier“. Er wird durch die nächste Karte im Deck ersetzt, oder, falls diese bereits ausgeteilt wurde, nachdem alle Karten verteilt wurden."],
                );
            } else {
                draft.step(
                    rule!("WWPLA-5"),
                    say!["Noticed before ", p, " played the hand: the joker is burned and replaced; ", p, " gets the replacement once every player has their cards."],
                    say!["Bemerkt, bevor ", p, " sein Blatt spielt: der Joker wird geburnt und ersetzt; ", p, " bekommt die Ersatzkarte, wenn die Runde vollständig ihre Karten erhalten hat."],
                );
            }
            draft.end(Outcome::Continue)
        }
        None => {
            let (rule, en, de) = if hc {
                (
                    rule!("HC-3.3"),
                    "A joker in the deck is a scrap of paper: replace it with the next card of the stub.",
                    "Ein Joker im Deck ist ein „Stück Papier“: er wird durch die nächste Karte im Deck ersetzt.",
                )
            } else {
                (
                    rule!("WWPLA-5"),
                    "A joker in the stub loses its value and is burned; the next card takes its place.",
                    "Ein Joker im Stapel verliert seine Gültigkeit und wird geburnt; die nächste Karte tritt an seine Stelle.",
                )
            };
            draft.step(rule, en, de);
            draft.end(Outcome::Continue)
        }
    }
}

fn missing(
    profile: Profile,
    player_knew: Option<Player>,
    situation: &Situation,
    mut draft: Draft,
) -> Procedure {
    match profile {
        Profile::Wwpla => {
            draft.step(
                rule!("WWPLA-3"),
                "Cards missing from the deck: a misdeal, if it is still allowed.",
                "Es fehlen Karten: ein Misdeal, sofern noch zulässig.",
            );
            if window_open(profile, situation, &mut draft) {
                return redeal(profile, draft);
            }
            draft.step(
                rule!("WWPLA-5"),
                "The hand goes on as normal; right after it a new, complete deck comes in.",
                "Die Hand wird regulär fortgesetzt; anschließend kommt sofort ein neues, komplettes Kartendeck zum Einsatz.",
            );
            if let Some(p) = player_knew {
                draft.step(
                    rule!("WWPLA-5"),
                    say![
                        p,
                        " did not point out the missing cards as every player must: ",
                        p,
                        " loses all claims to the pot."
                    ],
                    say![
                        p,
                        " hat nicht wie verpflichtet auf die fehlenden Karten hingewiesen: ",
                        p,
                        " verliert alle Ansprüche auf den Pot."
                    ],
                );
                return draft.end(Outcome::KillHand(p));
            }
            draft.end(Outcome::Continue)
        }
        Profile::Hc => {
            draft.step(
                rule!("HC-3.3"),
                "Cards missing from the deck do not invalidate the result of this hand: play on.",
                "Fehlen eine oder mehrere Karten im Deck, so entwertet dies nicht das Resultat dieser Hand: weiterspielen.",
            );
            draft.end(Outcome::Continue)
        }
        Profile::Tda | Profile::Jpr | Profile::Dg => {
            if profile == Profile::Dg {
                draft.step(
                    rule!("DG-4"),
                    "An incomplete deck is replaced completely.",
                    "Ein unvollständiges Kartendeck ist komplett zu ersetzen.",
                );
            }
            draft.td_decides(
                rule!("TDA-35E"),
                "Whether a deck missing cards is invalid is for house rules to say: if the TD rules it invalid, stop play and refund all bets; otherwise play on.",
                "Ob ein Deck mit fehlenden Karten ungültig ist, bestimmen die Hausregeln: erklärt die Turnierleitung es für ungültig, wird das Spiel gestoppt und alle Einsätze erstattet; sonst wird weitergespielt.",
            )
        }
    }
}

pub(super) fn dropped_deck(
    profile: Profile,
    seen: bool,
    mixed_with_muck: bool,
    situation: &Situation,
) -> Procedure {
    let mut draft = Draft::new("Deck dropped", "Kartenstapel fallen gelassen");
    match profile {
        Profile::Dg => {
            if situation.actions_taken == 0 && situation.street == engine::Street::Preflop {
                draft.step(
                    rule!("DG-12.3"),
                    "The deck slipped during the deal: collect all cards and repeat from the shuffle.",
                    "Während des Austeilens entgleitet dem Dealer das Kartendeck: alle Karten einziehen und ab dem Mischen wiederholen.",
                );
                return redeal(profile, draft);
            }
            if seen {
                draft.step(
                    rule!("DG-30.4"),
                    "The deck dropped after the first betting action and players could see fallen cards: the hand ends as a mess.",
                    "Das Kartendeck ist nach dem ersten Setzvorgang gefallen und Spieler konnten Karten sehen: die Hand wird als Wirrwarr beendet.",
                );
                return mess_split(draft);
            }
            if !mixed_with_muck {
                draft.step(
                    rule!("DG-30.4"),
                    "No card was seen: shuffle all cards left in the deck, the dropped ones included, cut, and play on as if nothing had happened.",
                    "Keine Karte wurde gesehen: alle im Deck verbliebenen Karten einschließlich der fallen gelassenen neu mischen, schneiden und weiterspielen, als sei nichts geschehen.",
                );
                return draft.end(Outcome::Continue);
            }
        }
        Profile::Wwpla if !mixed_with_muck => {
            draft.step(
                rule!("WWPLA-5"),
                "Play goes on: put the stub back into its former order as well as possible.",
                "Das Spiel wird fortgesetzt: den Kartenstapel so gut wie möglich wieder in die gleiche Verteilung bringen wie zuvor.",
            );
            return draft.end(Outcome::Continue);
        }
        _ => {}
    }
    if mixed_with_muck {
        draft.step(
            rule!("TDA-RP-4"),
            "The stub got mixed with the muck and/or burn cards: shuffle them all together, cut, and play on with the new stub (step 3).",
            "Der Stapel wurde mit Muck und/oder Burn-Karten vermischt: alles zusammen neu mischen, abheben und mit dem neuen Stapel weiterspielen (Schritt 3).",
        );
    } else {
        draft.step(
            rule!("TDA-RP-4"),
            "First try to restore the original stub (step 1).",
            "Zuerst versuchen, den originalen Stapel wiederherzustellen (Schritt 1).",
        );
        draft.step(
            rule!("TDA-RP-4"),
            "If that is not possible, make a new stub from the old stub's cards only (not the muck or burn cards), shuffle, cut, and play on (step 2).",
            "Ist das nicht möglich, einen neuen Stapel nur aus den Karten des bisherigen Stapels bilden (nicht Muck und Burn-Karten), mischen, abheben und weiterspielen (Schritt 2).",
        );
    }
    draft.end(Outcome::Continue)
}

pub(super) fn mess(profile: Profile) -> Procedure {
    let mut draft = Draft::new("Mess beyond untangling", "Nicht auflösbares Wirrwarr");
    if profile == Profile::Dg {
        draft.step(
            rule!("DG-30.2"),
            "The hand cannot be played to a normal end: stop it.",
            "Die Runde kann nicht mehr normal zu Ende gespielt werden: sie wird abgebrochen.",
        );
        return mess_split(draft);
    }
    draft.td_decides(
        rule!("TDA-RP-14"),
        "No rule covers this error: the TD settles it, and may use randomness to do so.",
        "Keine Regel deckt diesen Fehler ab: die Turnierleitung löst ihn und kann dafür Zufälligkeit nutzen.",
    )
}

/// DG-30.2: the pot split equally among the players still in, bets in front returned.
pub(super) fn mess_split(mut draft: Draft) -> Procedure {
    draft.step(
        rule!("DG-30.2"),
        "Every player still in the hand gets an equal share of the pot, whatever their cards; bets still in front of players are taken back by them.",
        "Jeder Spieler, der sich noch in der Hand befindet, erhält aus dem Pot den gleichen Anteil ohne Berücksichtigung der Karten; noch vor den Spielern liegende Einsätze werden von ihnen zurückgezogen.",
    );
    draft.end(Outcome::SplitAmongLive)
}
