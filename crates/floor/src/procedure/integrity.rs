//! The game's integrity: chips carried out of sight or found, soft play and collusion, a player
//! leaving a live hand or dodging a blind, a shuffle gone wrong, a dropped card, and an all-in
//! in hand-for-hand play.

use super::{Collusion, Draft, Outcome, Procedure, ShuffleFault};
use crate::Profile;
use crate::text::say;
use engine::Player;
use engine::rule;

/// TDA-63: chips carried so that they cannot be seen are forfeited and taken out of play; the
/// player may be disqualified. JPR-12.0 also keeps every chip on the table.
pub(super) fn chips_out_of_sight(profile: Profile, p: Player) -> Procedure {
    let mut draft = Draft::new(
        "Chips carried out of sight",
        "Chips nicht sichtbar transportiert",
    );
    if profile == Profile::Jpr {
        draft.step(
            rule!("JPR-12.0"),
            "Chips stay on the table, ordered and in sight, for the whole game.",
            "Die Chips müssen während des gesamten Spiels geordnet und gut sichtbar auf dem Pokertisch verbleiben.",
        );
    }
    draft.penalty(rule!("TDA-63"));
    draft.td_decides(
        rule!("TDA-63"),
        say!["The chips ", p, " held or carried out of sight are forfeited: count them and take them out of play. The TD decides whether ", p, " is disqualified."],
        say!["Die Chips, die ", p, " nicht sichtbar gehalten oder transportiert hat, sind verwirkt: zählen und aus dem Spiel nehmen. Die Turnierleitung entscheidet, ob ", p, " disqualifiziert wird."],
    )
}

/// TDA-64: chips found with no owner anyone can name go out of play, back to the inventory.
pub(super) fn found_chips() -> Procedure {
    let mut draft = Draft::new("Chips found", "Chips gefunden");
    draft.step(
        rule!("TDA-64"),
        "Lost and found chips whose owner cannot be named are taken out of play and go back to the tournament's inventory.",
        "Verlorene und wiedergefundene Chips, für die kein Besitzer bestimmt werden kann, werden aus dem Spiel genommen und zum Turnierinventar zurückgelegt.",
    );
    draft.end(Outcome::Continue)
}

/// Soft play, chip dumping, collusion. TDA-69: soft play is penalised (chips lost or
/// disqualification); chip dumping and collusion disqualify. JPR-8.0: chips move only by
/// winning, losing or change, never handed over. WWPLA-2: playing or giving away others'
/// chips, any manipulation of stacks, means exclusion at once. HC-2.1: collusion is not
/// tolerated.
pub(super) fn collusion(profile: Profile, p: Player, kind: Collusion) -> Procedure {
    let mut draft = Draft::new("Soft play or collusion", "Softplay oder Zusammenspiel");
    match profile {
        Profile::Jpr => draft.step(
            rule!("JPR-8.0"),
            "No soft play: chips move only by winning, losing or changing; a player leaving may not hand chips to another.",
            "Kein Softplay: Chips wandern nur durch Gewinn, Verlust oder Wechsel; ein ausscheidender Spieler darf seine Chips nicht übergeben.",
        ),
        Profile::Wwpla if kind != Collusion::SoftPlay => draft.step(
            rule!("WWPLA-2"),
            "Playing with or giving away another player's chips, or any manipulation of the stacks, means exclusion from the tournament at once.",
            "Mit den Spielchips anderer Spieler zu spielen oder sie zu verschenken, jede Manipulation der Chipstacks, führt zum sofortigen Turnierausschluss.",
        ),
        Profile::Hc => draft.step(
            rule!("HC-2.1"),
            "Collusion and agreements with other players (cheating, team play) are not tolerated.",
            "Zusammenspiel oder Absprachen (Cheating/Team Play) mit anderen Spielern werden nicht toleriert.",
        ),
        _ => {}
    }
    draft.penalty(rule!("TDA-69"));
    match kind {
        Collusion::SoftPlay => draft.td_decides(
            rule!("TDA-69"),
            say!["Poker is an individual game: soft play is penalised. The TD decides the penalty for ", p, ": chips lost, and/or disqualification (TDA-71)."],
            say!["Poker ist ein individuelles Spiel: Softplay wird bestraft. Die Turnierleitung entscheidet die Strafe für ", p, ": Verlust von Chips und/oder Disqualifikation (TDA-71)."],
        ),
        Collusion::ChipDumping | Collusion::Teamwork => {
            draft.step(
                rule!("TDA-69"),
                say!["Chip dumping and other collusion mean disqualification: ", p, " is out of the event, the chips out of play (TDA-71D)."],
                say!["Chip Dumping und andere Formen der Zusammenarbeit führen zur Disqualifikation: ", p, " scheidet aus, die Chips werden aus dem Spiel genommen (TDA-71D)."],
            );
            draft.end(Outcome::Disqualify(p))
        }
    }
}

/// TDA-31: a player with a live hand, all-in included, stays at the table until the hand is
/// over; leaving may be penalised.
pub(super) fn left_live_hand(p: Player) -> Procedure {
    let mut draft = Draft::new(
        "Left the table during a hand",
        "Tisch während der Hand verlassen",
    );
    draft.step(
        rule!("TDA-31"),
        say![p, " still has a live hand (all-in counts): they stay at the table for every betting round and the showdown. The hand stays live; leaving may be penalised."],
        say![p, " hat noch eine Hand im Spiel (auch All-In): der Spieler bleibt für alle Setzrunden und den Showdown am Tisch. Die Hand bleibt im Spiel; das Verlassen kann bestraft werden."],
    );
    draft.penalty(rule!("TDA-31"));
    draft.end(Outcome::Continue)
}

/// TDA-33: a player who deliberately dodges any blind is penalised.
pub(super) fn dodged_blind(p: Player) -> Procedure {
    let mut draft = Draft::new("Blind dodged", "Blind umgangen");
    draft.step(
        rule!("TDA-33"),
        say![p, " missed a blind on purpose: a penalty follows (TDA-71)."],
        say![
            p,
            " hat absichtlich einen Blind verpasst: es folgt eine Strafe (TDA-71)."
        ],
    );
    draft.penalty(rule!("TDA-33"));
    draft.end(Outcome::Continue)
}

/// A fault before the deal: DG-7's four (a card seen, a justified complaint about the shuffle,
/// a card slipping in the last shuffle or the cut, a bad cut) mean shuffling again from DG-5, at
/// worst counting the deck again first (DG-4). The other rulebooks have no own rule: nothing is
/// dealt yet, so the deck is shuffled again for fairness (TDA-1).
pub(super) fn shuffle_fault(profile: Profile, fault: ShuffleFault) -> Procedure {
    let mut draft = Draft::new(
        "Shuffle or cut gone wrong",
        "Fehler beim Mischen oder Schneiden",
    );
    if profile != Profile::Dg {
        draft.step(
            rule!("TDA-1"),
            "No card is dealt yet: shuffle and cut again so that no one gains from the fault.",
            "Es ist noch keine Karte gegeben: neu mischen und schneiden, damit niemand aus dem Fehler Vorteil zieht.",
        );
        return draft.end(Outcome::Continue);
    }
    let (rule, en, de) = match fault {
        ShuffleFault::CardSeen => (
            rule!("DG-7.1"),
            "A card was seen, or may with good reason have been seen, late in or after the shuffle.",
            "Eine Karte wurde während des fortgeschrittenen Mischvorgangs oder danach gesehen (der begründete Verdacht reicht).",
        ),
        ShuffleFault::ShuffleTooShort => (
            rule!("DG-7.2"),
            "A player rightly complains that the shuffle was not enough.",
            "Das Mischen wird von einem Spieler zutreffend als nicht ausreichend reklamiert.",
        ),
        ShuffleFault::CardSlipped => (
            rule!("DG-7.3"),
            "A card slipped out in the final shuffle or the cut.",
            "Eine Karte ist beim finalen Mischvorgang oder beim Schneiden entglitten.",
        ),
        ShuffleFault::BadCut => (
            rule!("DG-7.4"),
            "The cut was not done properly (the cut card between the first and last quarter, at least three cards each side).",
            "Das Schneiden erfolgte nicht ordnungsgemäß (Cut-Card nach dem ersten und vor dem letzten Viertel, mindestens drei Karten auf jeder Seite).",
        ),
    };
    draft.step(rule, en, de);
    draft.step(
        rule!("DG-7"),
        "Do it all again from the shuffle (DG-5); where the deck itself is in doubt, count it first (DG-4).",
        "Den Vorgang ab dem Mischen (DG-5) wiederholen; ist das Deck selbst fraglich, zuerst auf Vollständigkeit prüfen (DG-4).",
    );
    draft.end(Outcome::Continue)
}

/// DG-13.4: a card that falls from a player is picked up by that player; landed face up, or
/// seen by another player in the hand, it lies face up before its owner. Elsewhere a card the
/// player exposed keeps the hand live (TDA-68).
pub(super) fn dropped_card(profile: Profile, p: Player, face_up_or_seen: bool) -> Procedure {
    let mut draft = Draft::new("A player dropped a card", "Karte eines Spielers gefallen");
    let (rule, en, de) = match (profile, face_up_or_seen) {
        (Profile::Dg, true) => (
            rule!("DG-13.4"),
            say![
                p,
                " picks the card up; it landed face up or a player in the hand saw it, so it lies face up in front of ",
                p,
                ". The hand stays live."
            ],
            say![
                p,
                " nimmt die Karte wieder auf; sie ist face-up gelandet oder ein Spieler in der Hand hat sie gesehen, also liegt sie aufgedeckt vor ",
                p,
                ". Die Hand bleibt im Spiel."
            ],
        ),
        (Profile::Dg, false) => (
            rule!("DG-13.4"),
            say![p, " picks the card up, face down: nobody saw it."],
            say![
                p,
                " nimmt die Karte verdeckt wieder auf: niemand hat sie gesehen."
            ],
        ),
        (_, _) => (
            rule!("TDA-68"),
            say![
                p,
                " picks the card up. A card the player exposed does not kill the hand: it stays live; everyone at the table may know the card."
            ],
            say![
                p,
                " nimmt die Karte wieder auf. Eine vom Spieler aufgedeckte Karte tötet die Hand nicht: sie bleibt im Spiel; alle am Tisch dürfen die Karte kennen."
            ],
        ),
    };
    draft.step(rule, en, de);
    draft.end(Outcome::Continue)
}

/// TDA-RP-8F: an all-in and call in hand-for-hand play: every hand stays face down and no more
/// cards are dealt until the TD says.
pub(super) fn hand_for_hand_all_in() -> Procedure {
    let mut draft = Draft::new(
        "All-in during hand-for-hand",
        "All-In während Hand für Hand",
    );
    draft.step(
        rule!("TDA-RP-8F"),
        "All-in and call in hand-for-hand play: every player's cards stay face down, and no more cards are dealt until the TD says so.",
        "All-In und Call während Hand für Hand gespielt wird: die Karten aller Spieler in der Hand bleiben verdeckt, und es werden keine weiteren Karten ausgeteilt, bis die Turnierleitung Anweisung gibt.",
    );
    draft.end(Outcome::Continue)
}
