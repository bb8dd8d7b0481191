//! What players do with their cards, and the clock.

use super::{Draft, Outcome, Procedure, Situation};
use crate::Profile;
use crate::text::say;
use engine::Player;
use engine::rule;

pub(super) fn exposed_cards(profile: Profile, p: Player, situation: &Situation) -> Procedure {
    let mut draft = Draft::new("Player exposed cards", "Spieler hat Karten aufgedeckt");
    let others = situation.live_players.saturating_sub(1);
    if others == 0 {
        draft.step(
            rule!("TDA-17B"),
            say![
                "Nobody else is in the hand: ",
                p,
                "'s hand is the last live hand and wins without being shown."
            ],
            say![
                "Niemand sonst ist in der Hand: die Hand von ",
                p,
                " ist die letzte Live-Hand und gewinnt, ohne gezeigt zu werden."
            ],
        );
        return draft.end(Outcome::Continue);
    }
    match profile {
        Profile::Dg if others >= 2 => {
            draft.step(
                rule!("DG-36"),
                say![p, " turned the cards face up with more than one other player in the hand and no showdown: an open fold. The cards are dead, collected and mucked."],
                say![p, " hat die Karten aufgedeckt, während noch mehr als ein anderer Spieler in der Hand ist, ohne Show-Down: Open Fold. Die Karten sind tot, werden eingezogen und gemuckt."],
            );
            draft.end(Outcome::KillHand(p))
        }
        Profile::Dg => {
            draft.step(
                rule!("DG-36a"),
                say![
                    "Heads-up, exposing is not an open fold: ",
                    p,
                    " may only check, call or fold from now on."
                ],
                say![
                    "Im Heads-Up gilt das Aufdecken nicht als Open Fold: ",
                    p,
                    " darf hiernach nur noch checken, callen oder folden."
                ],
            );
            draft.end(Outcome::PassiveOnly(p))
        }
        Profile::Hc => {
            draft.step(
                rule!("HC-2.2"),
                say!["A live hand exposed before all betting rounds are over may only be played passively: ", p, " may only check or call (or fold)."],
                say!["Eine aufgedeckte, noch im Spiel befindliche Hand kann nur noch passiv zu Ende gespielt werden: ", p, " darf nur noch checken oder callen (oder folden)."],
            );
            draft.step(
                rule!("HC-3.3"),
                say!["If ", p, " showed the cards on purpose: a warning; if repeated, a 10-minute penalty."],
                say!["Hat ", p, " die Karten absichtlich gezeigt: eine Verwarnung, im wiederholten Falle ein Penalty von 10 Min."],
            );
            draft.penalty(rule!("HC-3.3"));
            draft.end(Outcome::PassiveOnly(p))
        }
        Profile::Wwpla => {
            draft.step(
                rule!("WWPLA-7"),
                say!["Cards shown to a player still in the hand count as folded: ", p, "'s hand is dead."],
                say!["Werden Karten einem noch aktiven Spieler gezeigt, gelten sie automatisch als gefaltet: die Hand von ", p, " ist tot."],
            );
            draft.end(Outcome::KillHand(p))
        }
        Profile::Tda | Profile::Jpr => {
            draft.step(
                rule!("TDA-68"),
                say!["Exposing cards while action is pending does not kill the hand: ", p, "'s hand stays live."],
                say!["Karten aufdecken, solange noch Aktionen ausstehen, führt nicht zu einer toten Hand: die Hand von ", p, " bleibt im Spiel."],
            );
            draft.step(
                rule!("TDA-68"),
                "A penalty may be given (TDA-71B); any penalty begins after the hand.",
                "Eine Strafe ist möglich (TDA-71B); jede Strafe beginnt nach dem Ende der Hand.",
            );
            draft.penalty(rule!("TDA-68"));
            draft.end(Outcome::Continue)
        }
    }
}

pub(super) fn showed_cards_to(profile: Profile, p: Player, to_live_player: bool) -> Procedure {
    let mut draft = Draft::new(
        "Cards shown to another player",
        "Karten einem anderen Spieler gezeigt",
    );
    match profile {
        Profile::Dg => {
            draft.step(
                rule!("DG-13.2"),
                "Cards must not be shown to other players or onlookers.",
                "Kartenwerte/Farben dürfen anderen Spielern oder umstehenden Personen nicht gezeigt werden.",
            );
            let (en, de) = if to_live_player {
                (
                    "they are turned face up for all to see",
                    "sie werden für alle sichtbar aufgedeckt",
                )
            } else {
                (
                    "the dealer keeps them apart and turns them up after the pot is awarded",
                    "sie werden vom Dealer separiert und nach der Potvergabe aufgedeckt",
                )
            };
            draft.step(
                rule!("DG-13a"),
                say![
                    p,
                    "'s cards count as folded and are dead; ",
                    en,
                    ". A warning only if it was on purpose."
                ],
                say![
                    "Die Karten von ",
                    p,
                    " gelten als gefoldet und sind tot; ",
                    de,
                    ". Eine Verwarnung nur bei Absicht."
                ],
            );
            draft.penalty(rule!("DG-13a"));
            draft.end(Outcome::KillHand(p))
        }
        Profile::Wwpla if to_live_player => {
            draft.step(
                rule!("WWPLA-7"),
                say!["Cards shown to a player still in the hand count as folded: ", p, "'s hand is dead, and everyone at the table may see them."],
                say!["Werden Karten einem noch aktiven Spieler gezeigt, gelten sie automatisch als gefaltet: die Hand von ", p, " ist tot, und alle am Tisch dürfen sie sehen."],
            );
            draft.end(Outcome::KillHand(p))
        }
        Profile::Wwpla => {
            draft.step(
                rule!("WWPLA-7"),
                "Show one, show all: the cards are shown to everyone at the table after the hand.",
                "Show one, show all: die Karten werden im Anschluss an das Spiel allen am Tisch gezeigt.",
            );
            draft.end(Outcome::Continue)
        }
        Profile::Hc if to_live_player => {
            draft.step(
                rule!("HC-1.13.6"),
                "Show one, show all: cards shown to another active player are shown to everyone at the table at once.",
                "Show one, show all: Karten, die einem anderen aktiven Spieler gezeigt wurden, werden unverzüglich allen Spielern am Tisch gezeigt.",
            );
            draft.step(
                rule!("HC-2.2"),
                say![
                    "Now exposed, ",
                    p,
                    "'s live hand may only be played passively: check or call (or fold)."
                ],
                say![
                    "Nun aufgedeckt, kann die Hand von ",
                    p,
                    " nur noch passiv zu Ende gespielt werden: checken oder callen (oder folden)."
                ],
            );
            draft.step(
                rule!("HC-3.3"),
                "Shown on purpose while others are in the hand: a warning; if repeated, a 10-minute penalty.",
                "Absichtlich gezeigt, während andere noch in der Hand sind: eine Verwarnung, im wiederholten Falle ein Penalty von 10 Min.",
            );
            draft.penalty(rule!("HC-3.3"));
            draft.end(Outcome::PassiveOnly(p))
        }
        Profile::Hc => {
            draft.step(
                rule!("HC-1.13.6"),
                "Show one, show all: the player shown should keep it to themselves; the cards are shown to everyone after the hand.",
                "Show one, show all: der Spieler, dem die Karten gezeigt wurden, soll die Information für sich behalten; die Karten werden nach Beendigung der Hand allen gezeigt.",
            );
            draft.step(
                rule!("HC-3.3"),
                "Shown on purpose while others are in the hand: a warning; if repeated, a 10-minute penalty.",
                "Absichtlich gezeigt, während andere noch in der Hand sind: eine Verwarnung, im wiederholten Falle ein Penalty von 10 Min.",
            );
            draft.penalty(rule!("HC-3.3"));
            draft.end(Outcome::Continue)
        }
        Profile::Tda | Profile::Jpr => {
            draft.step(
                rule!("TDA-67"),
                "One player to a hand: showing a hand to another player is not allowed.",
                "Ein Spieler pro Hand: das Zeigen einer Hand gegenüber einem anderen Spieler ist verboten.",
            );
            draft.step(
                rule!("TDA-68"),
                say![
                    "Showing cards does not kill the hand: ",
                    p,
                    "'s hand stays live; a penalty may be given after the hand (TDA-71B)."
                ],
                say![
                    "Karten zeigen führt nicht zu einer toten Hand: die Hand von ",
                    p,
                    " bleibt im Spiel; eine Strafe ist nach der Hand möglich (TDA-71B)."
                ],
            );
            if profile == Profile::Jpr {
                let (en, de) = if to_live_player {
                    (
                        "the cards must be laid open for all to see now",
                        "die Karten müssen jetzt für alle sichtbar offengelegt werden",
                    )
                } else {
                    (
                        "the player must table the cards at the end of the hand; otherwise the dealer turns them over: \"show one, show all\"",
                        "der Spieler muss die Karten am Ende der Hand aufdecken; sonst dreht der Dealer sie um: „Show one – show all“",
                    )
                };
                draft.step(
                    rule!("JPR-2.0"),
                    format!("Show one, show all: {en}."),
                    format!("Show one, show all: {de}."),
                );
            }
            draft.penalty(rule!("TDA-71B"));
            draft.end(Outcome::Continue)
        }
    }
}

pub(super) fn hand_seen(profile: Profile, p: Player) -> Procedure {
    let mut draft = Draft::new(
        "Hole cards seen by another player",
        "Hole-Cards von einem Mitspieler gesehen",
    );
    match profile {
        Profile::Jpr => {
            draft.step(
                rule!("JPR-1.0"),
                "The dealer judges it likely that a player saw another's cards: the whole round is void. Collect the cards; every player gets back what they bet in the hand. The dealer's decision is final.",
                "Der Dealer schätzt es als wahrscheinlich ein, dass ein Spieler die Karten eines Mitspielers gesehen hat: die gesamte Runde ist ungültig. Die Karten werden eingesammelt und jeder Spieler erhält seine in der Hand getätigten Einsätze zurück. Die Entscheidung ist unanfechtbar.",
            );
            draft.end(Outcome::VoidRefund { forfeit: None })
        }
        Profile::Dg => {
            draft.step(
                rule!("DG-13.2"),
                "Cards must not be shown to other players, even unintentionally.",
                "Kartenwerte/Farben dürfen anderen Spielern nicht gezeigt werden, auch nicht unabsichtlich.",
            );
            draft.step(
                rule!("DG-13a"),
                say![p, "'s cards count as folded and are dead; seen by a player in the hand, they are turned face up for all."],
                say!["Die Karten von ", p, " gelten als gefoldet und sind tot; wurden sie einem Spieler in der Hand gezeigt, werden sie für alle sichtbar aufgedeckt."],
            );
            draft.end(Outcome::KillHand(p))
        }
        Profile::Wwpla => {
            draft.step(
                rule!("WWPLA-5"),
                say![
                    "Every player is responsible for their own cards: ",
                    p,
                    "'s hand stays live, play on."
                ],
                say![
                    "Jeder Spieler ist für seine Karten selbst verantwortlich: die Hand von ",
                    p,
                    " bleibt im Spiel, weiterspielen."
                ],
            );
            draft.end(Outcome::Continue)
        }
        Profile::Hc => {
            draft.step(
                rule!("HC-3.3"),
                say![
                    "A player must protect their own cards at all times: ",
                    p,
                    "'s hand stays live, play on."
                ],
                say![
                    "Ein Spieler muss zu jeder Zeit seine Karten selbst schützen: die Hand von ",
                    p,
                    " bleibt im Spiel, weiterspielen."
                ],
            );
            draft.end(Outcome::Continue)
        }
        Profile::Tda => {
            draft.step(
                rule!("TDA-2"),
                say![
                    "Players must protect their hands: ",
                    p,
                    "'s hand stays live, play on."
                ],
                say![
                    "Spieler müssen ihre Hände schützen: die Hand von ",
                    p,
                    " bleibt im Spiel, weiterspielen."
                ],
            );
            draft.end(Outcome::Continue)
        }
    }
}

pub(super) fn clock(profile: Profile, p: Player, facing_bet: bool) -> Procedure {
    let mut draft = Draft::new("Time called", "Time / Uhr gerufen");
    let dead = match profile {
        Profile::Tda | Profile::Jpr => {
            draft.step(
                rule!("TDA-29"),
                say![
                    p,
                    " has up to 25 seconds to act, then a 5-second countdown."
                ],
                say![
                    p,
                    " hat bis zu 25 Sekunden Zeit plus einen 5 Sekunden Countdown zum Handeln."
                ],
            );
            let (en, de) = if facing_bet {
                (
                    "Facing a bet when time runs out: the hand is dead.",
                    "Mit einer Bet konfrontiert, wenn die Zeit abläuft: die Hand ist tot.",
                )
            } else {
                (
                    "No bet to face when time runs out: the hand is checked.",
                    "Keine Bet, wenn die Zeit abläuft: die Hand ist gecheckt.",
                )
            };
            draft.step(rule!("TDA-29"), en, de);
            draft.step(
                rule!("TDA-29"),
                "In doubt, rule for the player.",
                "Im Zweifel wird für den Spieler entschieden.",
            );
            facing_bet
        }
        Profile::Dg => {
            draft.step(
                rule!("DG-14a"),
                say!["After \"time\", ", p, " has 30 seconds to act; with no action, the cards count as folded and are mucked."],
                say!["Nach der Time-Ansage hat ", p, " noch 30 Sekunden Zeit; erfolgt keine Aktion, gelten die Karten als gefoldet und werden gemuckt."],
            );
            true
        }
        Profile::Hc => {
            draft.step(
                rule!("HC-1.13.7"),
                say!["The dealer repeats \"time\" aloud: ", p, " has 1 minute; the dealer announces the last 30 seconds and counts down the last 10."],
                say!["Der Dealer wiederholt laut „Time“: ", p, " hat 1 Minute; der Dealer kündigt die letzten 30 Sekunden laut an und zählt die letzten 10 Sekunden laut herunter."],
            );
            let (en, de) = if facing_bet {
                (
                    "Facing a bet or raise when time runs out: the hand is dead.",
                    "Mit einer Bet/einem Raise konfrontiert, wenn die Zeit abläuft: die Hand ist tot.",
                )
            } else {
                (
                    "Nothing to call when time runs out: the hand counts as checked.",
                    "Kein Einsatz zu bringen, wenn die Zeit abläuft: die Hand gilt als gecheckt.",
                )
            };
            draft.step(rule!("HC-3.2"), en, de);
            facing_bet
        }
        Profile::Wwpla => {
            draft.step(
                rule!("WWPLA-11"),
                say![
                    "The dealer sets the time ",
                    p,
                    " has to decide, as the situation calls for; then announces ten more seconds."
                ],
                say![
                    "Der Kartengeber bestimmt situationsabhängig, wie viel Zeit ",
                    p,
                    " hat; danach werden ihm noch weitere zehn Sekunden angekündigt."
                ],
            );
            draft.step(
                rule!("WWPLA-11"),
                "With no action after those 10 seconds the player loses the right to act and the pot.",
                "Hat er nach Ablauf dieser 10 Sekunden nicht reagiert, verliert er sein Recht auf den Zug und den Pot.",
            );
            draft.step(
                rule!("WWPLA-4"),
                "A player who exceeds the time limit holds a dead hand.",
                "Wird das Zeitlimit eines Spielers überschritten, ist das Blatt unspielbar.",
            );
            true
        }
    };
    draft.end(if dead {
        Outcome::KillHand(p)
    } else {
        Outcome::Check(p)
    })
}
