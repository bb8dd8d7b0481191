//! Stud's own irregularities: up cards taken off the table (TDA-66, HC-3.2), cards exposed on
//! the deal (TDA-RP-10A, RP-10B, HC-3.1), premature cards (TDA-RP-5D) and the short deck on
//! seventh street (TDA-RP-10H). Only Hold'em Cologne deals stud among the house rulebooks; where
//! it is silent, as the other houses are, the TDA rule applies.

use super::deal::{is_open, redeal, window_open};
use super::{Draft, Outcome, Procedure, Situation, street_name};
use crate::Profile;
use crate::text::say;
use engine::rule;
use engine::{Player, Street};

/// The burns dealt before fourth, fifth and sixth street, shuffled back in on a short deck.
const EARLIER_BURNS: usize = 3;

pub(super) fn up_cards_taken(
    profile: Profile,
    p: Player,
    in_turn: bool,
    situation: &Situation,
) -> Procedure {
    let mut draft = Draft::new(
        "Up cards picked up (stud)",
        "Offene Karten aufgenommen (Stud)",
    );
    if !situation.street.is_stud() {
        draft.step(
            rule!("TDA-66"),
            "Only stud deals up cards: nothing to rule here. Cards a player exposes in a flop game: TDA-68.",
            "Offene Karten gibt es nur beim Stud: hier nichts zu entscheiden. Karten, die ein Spieler in einem Flop-Spiel aufdeckt: TDA-68.",
        );
        return draft.end(Outcome::Continue);
    }
    // TDA-66's proper fold, the step the dealer explains; HC has none of its own.
    draft.step(
        rule!("TDA-66"),
        "A proper stud fold: turn all up cards face down, then push all cards forward face down.",
        "Richtig folden beim Stud: alle offenen Karten umdrehen, dann alle Karten verdeckt nach vorne schieben.",
    );
    if profile == Profile::Hc {
        draft.step(
            rule!("HC-3.2"),
            say![p, " took the up cards off the table, turned them over or mixed them with the down cards: the hand is dead."],
            say![p, " hat die offenen Karten vom Tisch genommen, umgedreht oder mit den verdeckten Karten vermischt: die Hand ist tot."],
        );
        return draft.end(Outcome::KillHand(p));
    }
    if !in_turn {
        return draft.td_decides(
            rule!("TDA-66"),
            "TDA-66 kills a hand whose up cards are picked up in turn; out of turn the TD decides. Taken as a fold it is binding (TDA-53A, TDA-58) and may be penalized.",
            "TDA-66 erklärt eine Hand für tot, deren offene Karten an der Reihe aufgenommen werden; außer der Reihe entscheidet die Turnierleitung. Als Fold gewertet ist er verbindlich (TDA-53A, TDA-58) und kann bestraft werden.",
        );
    }
    draft.step(
        rule!("TDA-66"),
        say![p, " picked up the up cards in turn: the hand is dead."],
        say![
            p,
            " hat die offenen Karten an der Reihe aufgenommen: die Hand ist tot."
        ],
    );
    draft.end(Outcome::KillHand(p))
}

/// A card exposed by the dealer in a stud deal: down cards on third street, the card of
/// seventh street.
pub(super) fn exposed_card(
    profile: Profile,
    position: u8,
    count: u8,
    situation: &Situation,
) -> Procedure {
    let mut draft = Draft::new(
        "Card exposed by the dealer (stud)",
        "Karte vom Dealer aufgedeckt (Stud)",
    );
    match situation.street {
        Street::Third => third_street(profile, position, count, situation, draft),
        Street::Seventh => {
            seventh_street(situation, &mut draft);
            draft.end(Outcome::Continue)
        }
        _ => {
            draft.step(
                rule!("TDA-RP-10"),
                "Fourth to sixth street are dealt face up: an up card is not an exposed card.",
                "Die 4. bis 6. Straße werden offen gegeben: eine offene Karte ist keine aufgedeckte Karte.",
            );
            draft.end(Outcome::Continue)
        }
    }
}

fn third_street(
    profile: Profile,
    position: u8,
    count: u8,
    situation: &Situation,
    mut draft: Draft,
) -> Procedure {
    if profile == Profile::Hc {
        // HC-3.1's list is for every game it deals, stud among them.
        if position <= 2 || count >= 2 {
            let (en, de) = if count >= 2 {
                (
                    "Two or more cards exposed by the dealer: misdeal.",
                    "Zwei oder mehr Karten durch Dealer-Fehler aufgedeckt: Misdeal.",
                )
            } else {
                (
                    "The first or second card dealt exposed by the dealer: misdeal.",
                    "Die erste oder zweite verteilte Karte durch Dealer-Fehler aufgedeckt: Misdeal.",
                )
            };
            draft.step(rule!("HC-3.1"), en, de);
            return if window_open(profile, situation, &mut draft) {
                redeal(profile, draft)
            } else {
                draft.end(Outcome::Continue)
            };
        }
        draft.step(
            rule!("HC-3.1"),
            "A later card exposed is not a misdeal. HC-3.1 swaps it with the first burn card, which stud deals only before fourth street: the TDA's stud procedure applies.",
            "Eine spätere Karte aufgedeckt ist kein Misdeal. HC-3.1 tauscht sie mit der ersten Burn-Card, die beim Stud erst vor der 4. Straße fällt: es gilt das Stud-Verfahren der TDA.",
        );
    } else {
        draft.step(
            rule!("TDA-35A"),
            "In stud a down card exposed on the deal is no misdeal: TDA-35A's exposed cards are for flop games.",
            "Beim Stud ist eine beim Austeilen aufgedeckte verdeckte Karte kein Misdeal: die aufgedeckten Karten in TDA-35A gelten für Flop-Spiele.",
        );
    }
    draft.step(
        rule!("TDA-RP-10A"),
        "The exposed down card becomes the player's up card; the player's third-street card is dealt face down. The player may be the bring-in.",
        "Die aufgedeckte verdeckte Karte wird zur offenen Karte des Spielers; seine Karte der 3. Straße wird verdeckt gegeben. Der Spieler kann der Bring-In sein.",
    );
    if count < 2 || profile == Profile::Hc {
        return draft.end(Outcome::Continue);
    }
    if is_open(profile, situation) {
        return draft.td_decides(
            rule!("TDA-35D"),
            "Both down cards of one player exposed are beyond TDA-RP-10A: the TD decides; no substantial action yet, so a misdeal is still possible (TDA-35A's list is not exhaustive).",
            "Beide verdeckten Karten eines Spielers aufgedeckt: das regelt TDA-RP-10A nicht, die Turnierleitung entscheidet; noch keine wesentlichen Aktionen, ein Misdeal ist also noch möglich (die Liste in TDA-35A ist nicht abschließend).",
        );
    }
    draft.step(
        rule!("TDA-35D"),
        "After substantial action no misdeal can be declared: the hand is played on.",
        "Nach wesentlichen Aktionen kann kein Misdeal mehr erklärt werden: die Hand wird weitergespielt.",
    );
    draft.end(Outcome::Continue)
}

/// TDA-RP-10B: the seventh-street card is replaced while betting is possible; else it stays,
/// and seventh street still goes down to everyone.
fn seventh_street(situation: &Situation, draft: &mut Draft) {
    if situation.can_bet >= 2 {
        draft.step(
            rule!("TDA-RP-10B"),
            "Betting is still possible: the exposed seventh-street card is replaced by the next card of the stub, dealt face down; the exposed card is out of play.",
            "Es sind noch Wett-Aktionen möglich: die aufgedeckte Karte der 7. Straße wird durch die nächste Karte des Stapels ersetzt, verdeckt gegeben; die aufgedeckte Karte ist aus dem Spiel.",
        );
    } else {
        draft.step(
            rule!("TDA-RP-10B"),
            "No more betting is possible: the exposed card stays and is not replaced.",
            "Es sind keine Wett-Aktionen mehr möglich: die aufgedeckte Karte bleibt und wird nicht ersetzt.",
        );
        draft.step(
            rule!("TDA-RP-10B"),
            "Deal the other seventh-street cards face down all the same, though no player all-in risks showing first.",
            "Die übrigen Karten der 7. Straße trotzdem verdeckt geben, auch wenn kein All-In-Spieler Gefahr läuft, zuerst aufzudecken.",
        );
    }
}

/// TDA-RP-5D: a street's card dealt before the betting round was over.
pub(super) fn premature(street: Street) -> Procedure {
    let mut draft = Draft::new(
        "Card dealt too early (stud)",
        "Vorzeitig ausgeteilte Karte (Stud)",
    );
    let (en_st, de_st) = street_name(street);
    let Some(before) = Street::STUD
        .iter()
        .copied()
        .take_while(|&s| s != street)
        .last()
    else {
        return draft.td_decides(
            rule!("TDA-RP-5"),
            "Third street is the initial deal: no card of it comes before a betting round. For a down card exposed on the deal see TDA-RP-10A.",
            "Die 3. Straße ist das erste Austeilen: keine ihrer Karten kommt vor einer Setzrunde. Für eine beim Austeilen aufgedeckte verdeckte Karte siehe TDA-RP-10A.",
        );
    };
    let (en_before, de_before) = street_name(before);
    draft.step(
        rule!("TDA-RP-10G"),
        "Stud cards dealt too early are handled as RP-5D says.",
        "Beim Stud verfrüht ausgeteilte Karten werden nach RP-5D behandelt.",
    );
    draft.step(
        rule!("TDA-RP-5D"),
        format!("Cards of {en_st} came before the {en_before} betting was over: deal more cards and set them aside with the early card(s), a full round for the players still in the hand."),
        format!("Karten der {de_st} kamen vor dem Ende der Setzrunde der {de_before}: weitere Karten austeilen und mit der vorzeitigen Karte bzw. den vorzeitigen Karten zur Seite legen, eine vollständige Runde für die verbliebenen Live-Spieler."),
    );
    draft.step(
        rule!("TDA-RP-5D"),
        format!("Finish the {en_before} betting round first."),
        format!("Zuerst die Setzrunde der {de_before} beenden."),
    );
    if street != Street::Seventh {
        draft.step(
            rule!("TDA-RP-5D"),
            format!("Then burn and deal {en_st} as normal from the stub."),
            format!("Danach eine Burn-Karte legen und die {de_st} normal vom Stapel geben."),
        );
    }
    draft.step(
        rule!("TDA-RP-5D"),
        "On the last round (seventh street), put the cards set aside back into the stub, shuffle it, and deal the last round.",
        "In der letzten Runde (7. Straße) die zur Seite gelegten Karten in den Stapel zurücklegen, den Stapel neu mischen und die letzte Runde austeilen.",
    );
    draft.end(Outcome::Continue)
}

/// The short deck on seventh street (TDA-RP-10H): needed are one card per player left, the
/// burn and a last card not dealt, as the engine counts them. Eight players reaching seventh
/// street leave one card, 52 - 24 (third street) - 3 x (1 burn + 8) = 1 of the 10 needed: case C.
pub(super) fn short_deck(stub: Option<u8>, situation: &Situation) -> Procedure {
    let mut draft = Draft::new(
        "Too few cards for seventh street",
        "Zu kleiner Stapel für die 7. Straße",
    );
    if !matches!(situation.street, Street::Sixth | Street::Seventh) {
        draft.step(
            rule!("TDA-RP-10H"),
            "The short-deck procedure is for stud, before seventh street is dealt: nothing to do now.",
            "Die Prozedur bei zu kleinem Stapel gilt beim Stud vor dem Austeilen der 7. Straße: jetzt nichts zu tun.",
        );
        return draft.end(Outcome::Continue);
    }
    let stub = stub.map_or(situation.stub, usize::from);
    let players = situation.live_players;
    let needed = players + 2;
    draft.step(
        rule!("TDA-RP-10H"),
        format!("Needed: {players} players left + 1 burn card + 1 last card not dealt = {needed}; the stub holds {stub}."),
        format!("Benötigte Anzahl: {players} verbliebene Spieler + 1 Burn-Karte + 1 letzte Karte, die nicht ausgeteilt wird = {needed}; der Stapel hat {stub}."),
    );
    if stub >= needed {
        draft.step(
            rule!("TDA-RP-10H"),
            "Enough cards: burn and deal seventh street as usual, one card face down to each player.",
            "Genug Karten: eine Burn-Karte legen und die 7. Straße wie üblich geben, jedem Spieler eine Karte verdeckt.",
        );
        return draft.end(Outcome::Continue);
    }
    let with_burns = stub + EARLIER_BURNS;
    if with_burns >= needed {
        draft.step(
            rule!("TDA-RP-10H"),
            format!("Case A: with the 3 earlier burn cards (fourth, fifth and sixth street) there are enough. Shuffle the stub with them into a new stub of {with_burns}, cut it, burn one card and deal one card to each player."),
            format!("Fall A: mit den 3 vorherigen Burn-Karten (4., 5. und 6. Straße) reicht es. Den Stapel mit ihnen zu einem neuen Stapel von {with_burns} Karten mischen, abheben, eine Karte als Burn-Karte legen und jedem Spieler eine Karte geben."),
        );
        return draft.end(Outcome::Continue);
    }
    if stub >= EARLIER_BURNS {
        draft.step(
            rule!("TDA-RP-10H"),
            "Case B: even with the earlier burn cards there are too few, and the stub holds at least 3. Burn the top card of the stub and lay the next one in the middle of the table as a community card for every player.",
            "Fall B: auch mit den vorherigen Burn-Karten reicht es nicht, und der Stapel hat mindestens 3 Karten. Die oberste Karte des Stapels als Burn-Karte legen und die nächste als Community-Karte für alle Spieler in die Mitte des Tisches legen.",
        );
    } else {
        draft.step(
            rule!("TDA-RP-10H"),
            format!("Case C: the stub holds fewer than 3 cards. Shuffle it with the 3 earlier burn cards into a new stub of {with_burns}, cut it, burn one card and lay the next in the middle of the table as a community card for every player."),
            format!("Fall C: der Stapel hat weniger als 3 Karten. Ihn mit den 3 vorherigen Burn-Karten zu einem neuen Stapel von {with_burns} Karten mischen, abheben, eine Karte als Burn-Karte legen und die nächste als Community-Karte für alle Spieler in die Mitte des Tisches legen."),
        );
    }
    draft.step(
        rule!("TDA-RP-10H"),
        "Case D: with a community card, the player who acted first on sixth street also acts first on seventh street.",
        "Fall D: mit einer Community-Karte ist der Spieler, der auf der 6. Straße als erster an der Reihe war, auch auf der 7. Straße als erster an der Reihe.",
    );
    draft.end(Outcome::Continue)
}
