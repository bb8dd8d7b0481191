//! Showdown irregularities: hands shown in part, mucked or killed, the right to see a hand, the
//! order of showing.

use super::{Draft, Outcome, Procedure, ShowdownIssue};
use crate::Profile;
use crate::text::say;
use engine::Player;
use engine::rule;

pub(super) fn showdown(profile: Profile, p: Player, issue: ShowdownIssue) -> Procedure {
    use ShowdownIssue as S;
    match issue {
        S::OneCardShown { refuses } => one_card(profile, p, refuses),
        S::MuckedAfterPartialShow { identifiable } => {
            mucked(profile, p, Muck::Partial, identifiable)
        }
        S::ThrownFaceDown { identifiable } => mucked(profile, p, Muck::FaceDown, identifiable),
        S::MuckedBelievingWon { identifiable } => {
            mucked(profile, p, Muck::BelievingWon, identifiable)
        }
        S::HandKilledByDealer { identifiable } => killed_by_dealer(profile, p, identifiable),
        S::AskToSeeHand {
            asker_holds_cards,
            asker_called_last_bet,
            shows_first,
        } => ask_to_see(
            profile,
            p,
            asker_holds_cards,
            asker_called_last_bet,
            shows_first,
        ),
        S::PlayedTheBoard { refuses } => played_board(profile, p, refuses),
        S::MuckAtAllIn => muck_at_all_in(profile, p),
        S::ShowOrder { bet_on_last_round } => show_order(profile, p, bet_on_last_round),
    }
}

/// The house rule that a claim to the pot needs every hole card tabled.
fn claim_rule(profile: Profile, draft: &mut Draft) {
    let (rule, en, de) = match profile {
        Profile::Hc => (
            rule!("HC-1.13.6"),
            "A player must table all hole cards to claim the pot or a part of it.",
            "Ein Spieler muss alle seine verdeckten Karten offen legen, um einen Gewinnanspruch auf den Pot oder einen Teil hiervon zu erheben.",
        ),
        Profile::Dg => (
            rule!("DG-28.1"),
            "Showing only one card gives no claim to the pot and is a fold unless the other card is turned at once when the dealer asks.",
            "Das Aufdecken nur einer Karte begründet keinen Gewinnanspruch und führt zum Fold, wenn nicht spätestens auf Verlangen des Dealers umgehend auch die andere Karte geöffnet wird.",
        ),
        Profile::Wwpla => (
            rule!("WWPLA-7"),
            "A player claiming the pot or part of it must lay the cards face up when the dealer asks.",
            "Wer Anspruch auf den Pot oder einen Teil erhebt, muss die Karten offen auf den Tisch legen, sobald der Kartengeber es fordert.",
        ),
        Profile::Tda | Profile::Jpr => return,
    };
    draft.step(rule, en, de);
}

fn one_card(profile: Profile, p: Player, refuses: bool) -> Procedure {
    let mut draft = Draft::new("Only one card shown", "Nur eine Karte aufgedeckt");
    draft.step(
        rule!("TDA-15A"),
        say![
            p,
            " showed only one card: the dealer tells ",
            p,
            " to table all cards; if ",
            p,
            " refuses, call the floor."
        ],
        say![
            p,
            " hat nur eine Karte aufgedeckt: der Dealer weist ",
            p,
            " an, alle Karten aufzudecken; lehnt ",
            p,
            " ab, wird der Floor gerufen."
        ],
    );
    draft.step(
        rule!("TDA-13A"),
        "Tabling means all cards face up: both hole cards in hold'em, all four in Omaha.",
        "Ordnungsgemäßes Aufdecken heißt alle Karten offen: beide Hole-Cards bei Hold'em, alle 4 bei Omaha.",
    );
    claim_rule(profile, &mut draft);
    if refuses {
        draft.step(
            rule!("TDA-13A"),
            say![
                p,
                " will not table all cards: the hand has no claim to the pot."
            ],
            say![
                p,
                " deckt nicht alle Karten auf: die Hand hat keinen Anspruch auf den Pot."
            ],
        );
        return draft.end(Outcome::KillHand(p));
    }
    draft.step(
        rule!("TDA-12"),
        "With all cards tabled, the cards speak.",
        "Sind alle Karten aufgedeckt, sprechen die Karten.",
    );
    draft.end(Outcome::Continue)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Muck {
    Partial,
    FaceDown,
    BelievingWon,
}

fn mucked(profile: Profile, p: Player, how: Muck, identifiable: bool) -> Procedure {
    let mut draft = match how {
        Muck::Partial => Draft::new(
            "Hand shown in part, then mucked",
            "Hand teilweise gezeigt, dann gemuckt",
        ),
        Muck::FaceDown => Draft::new("Cards thrown away face down", "Karten verdeckt weggeworfen"),
        Muck::BelievingWon => Draft::new(
            "Cards mucked believing the hand won",
            "Karten im Glauben gewonnen zu haben weggeworfen",
        ),
    };
    match profile {
        Profile::Dg => {
            if how != Muck::Partial {
                draft.step(
                    rule!("DG-15.9"),
                    say!["Cards pushed away count as folded: the dealer collects ", p, "'s cards at once and mucks them."],
                    say!["Gefoldete Karten sind vom Dealer sofort einzuziehen und zu mucken: die Karten von ", p, "."],
                );
            }
            draft.step(
                rule!("DG-15.12"),
                "Mucked cards are dead and are never taken back out, even when it is obvious which they were.",
                "Karten im Muck sind tot und werden niemals wieder herausgesucht, auch wenn offensichtlich ist, welche es waren.",
            );
            return draft.end(Outcome::KillHand(p));
        }
        Profile::Hc if identifiable => {
            draft.step(
                rule!("HC-3.2"),
                "A folded or mucked hand is dead; a hand still clearly identifiable may be declared live when fairness calls for it.",
                "Eine gefoldete oder in den Muck geworfene Hand ist tot; eine noch eindeutig identifizierbare Hand kann im Sinne der Fairness als live erklärt werden.",
            );
            return draft.td_decides(
                rule!("HC-3.2"),
                say![
                    p,
                    "'s hand is still identifiable: the game leader decides whether it is live."
                ],
                say![
                    "Die Hand von ",
                    p,
                    " ist noch identifizierbar: der Spielführer entscheidet, ob sie live ist."
                ],
            );
        }
        Profile::Hc => {
            draft.step(
                rule!("HC-3.2"),
                say![p, " mucked the cards and they cannot be identified: the hand is dead."],
                say![p, " hat die Karten in den Muck geworfen, sie sind nicht identifizierbar: die Hand ist tot."],
            );
            if how != Muck::BelievingWon {
                return draft.end(Outcome::KillHand(p));
            }
        }
        Profile::Tda | Profile::Jpr | Profile::Wwpla => {}
    }
    match how {
        Muck::Partial => {
            draft.step(
                rule!("TDA-13B"),
                say![p, " did not table the hand fully and then mucked it, believing it had won: at the player's own risk."],
                say![p, " hat die Karten nicht vollständig aufgedeckt und dann im Glauben gewonnen zu haben gemuckt: auf eigene Gefahr."],
            );
            if identifiable {
                draft.step(
                    rule!("TDA-13B"),
                    "The cards are 100% retrievable and identifiable: retrieve them and table them all; the hand is judged.",
                    "Die Karten sind zu 100% wiederauffindbar und identifizierbar: zurückholen und alle aufdecken; die Hand wird bewertet.",
                );
                return draft.end(Outcome::Continue);
            }
            draft.step(
                rule!("TDA-13B"),
                "The hand cannot be read clearly: the player has no claim to the pot. The TD's decision is final.",
                "Die Hand kann nicht eindeutig bewertet werden: der Spieler hat keinen Anspruch auf den Pot. Die Entscheidung der Turnierleitung ist endgültig.",
            );
            draft.end(Outcome::KillHand(p))
        }
        Muck::FaceDown => {
            if identifiable {
                draft.step(
                    rule!("TDA-14"),
                    say!["Throwing cards away face down does not kill them: ", p, " may change their mind and table them while they are 100% identifiable and retrievable."],
                    say!["Verdecktes Wegwerfen tötet die Karten nicht automatisch: ", p, " kann die Meinung ändern und sie aufdecken, solange sie zu 100% identifizierbar und wiederauffindbar sind."],
                );
                return draft.end(Outcome::Continue);
            }
            draft.step(
                rule!("TDA-14"),
                "The cards were pulled into the muck or made unidentifiable: the dealer has killed them.",
                "Die Karten wurden in den Muck gezogen oder unidentifizierbar gemacht: sie sind vom Dealer getötet.",
            );
            draft.end(Outcome::KillHand(p))
        }
        Muck::BelievingWon => {
            draft.step(
                rule!("TDA-15B"),
                say![p, " bet, then threw the cards away believing they had won with another player still in: the dealer keeps the cards and calls the floor (an exception to TDA-58)."],
                say![p, " hat gesetzt und dann im Glauben gewonnen zu haben die Karten weggeworfen, obwohl noch ein Spieler in der Hand ist: der Dealer behält die Karten ein und ruft den Floor (eine Ausnahme von Regel 58)."],
            );
            if identifiable {
                draft.step(
                    rule!("TDA-14"),
                    "The cards are 100% identifiable and retrievable: they are live; table them.",
                    "Die Karten sind zu 100% identifizierbar und wiederauffindbar: sie sind live; aufdecken.",
                );
                return draft.end(Outcome::Continue);
            }
            draft.step(
                rule!("TDA-15B"),
                say!["The cards are not retrievable and identifiable: ", p, " is out and gets back no bets that were called; a bet or raise not yet called is returned."],
                say!["Die Karten sind nicht wiederauffindbar und identifizierbar: ", p, " ist raus und bekommt keine gecallten Einsätze zurück; ein noch nicht gecallter Einsatz wird zurückgegeben."],
            );
            draft.end(Outcome::KillHandReturnUncalled(p))
        }
    }
}

fn killed_by_dealer(profile: Profile, p: Player, identifiable: bool) -> Procedure {
    let mut draft = Draft::new("Hand killed by the dealer", "Hand vom Dealer eingezogen");
    match profile {
        Profile::Dg => {
            draft.step(
                rule!("DG-34"),
                say!["The dealer may collect cards that are not protected at any time: they are dead and never handed back to ", p, "."],
                say!["Der Dealer darf nicht geschützte Karten jederzeit einziehen: sie sind tot und werden ", p, " keinesfalls zurückgegeben."],
            );
            draft.end(Outcome::KillHand(p))
        }
        Profile::Wwpla => {
            draft.step(
                rule!("WWPLA-5"),
                say!["Every player is responsible for their own cards: if the dealer took ", p, "'s cards as folded, ", p, " has no right to any compensation."],
                say!["Jeder Spieler ist für seine Karten selbst verantwortlich: hat der Kartengeber die Karten von ", p, " als gefoldet behandelt, hat ", p, " kein Recht auf Entschädigung."],
            );
            draft.end(Outcome::KillHand(p))
        }
        Profile::Hc => {
            draft.step(
                rule!("HC-3.3"),
                say![p, " did not protect the cards and the dealer mucked them: there is no claim to have them restored."],
                say![p, " hat die Karten nicht geschützt und der Dealer hat sie gemuckt: kein Anspruch auf Wiederherstellung."],
            );
            if identifiable {
                return draft.td_decides(
                    rule!("HC-3.2"),
                    say![p, "'s hand is still clearly identifiable: the game leader may declare it live in the interest of fairness."],
                    say!["Die Hand von ", p, " ist noch eindeutig identifizierbar: der Spielführer kann sie im Sinne der Fairness als live erklären."],
                );
            }
            draft.step(
                rule!("TDA-65A"),
                "A bet or raise of the player's not yet called is returned.",
                "Eine noch nicht gecallte Bet oder ein Raise des Spielers wird zurückgegeben.",
            );
            draft.end(Outcome::KillHandReturnUncalled(p))
        }
        Profile::Tda | Profile::Jpr => {
            draft.step(
                rule!("TDA-65A"),
                "Players must protect their hands at all times, at the showdown too.",
                "Spieler müssen ihre Hände jederzeit schützen, auch beim Showdown.",
            );
            if identifiable {
                draft.step(
                    rule!("TDA-65B"),
                    say![p, "'s hand was taken in but can be identified: it stays in play, whether or not any cards were exposed."],
                    say!["Die Hand von ", p, " wurde eingezogen, kann aber identifiziert werden: sie bleibt im Spiel, ungeachtet aufgedeckter Karten."],
                );
                return draft.end(Outcome::Continue);
            }
            draft.step(
                rule!("TDA-65A"),
                say!["Not 100% identifiable: ", p, " gets neither the cards nor the called bets back; a bet or raise not yet called is returned."],
                say!["Nicht mit 100-prozentiger Sicherheit identifizierbar: ", p, " bekommt weder die Karten noch bereits gecallte Beträge zurück; eine noch nicht gecallte Bet oder ein Raise wird zurückgegeben."],
            );
            draft.end(Outcome::KillHandReturnUncalled(p))
        }
    }
}

fn ask_to_see(
    profile: Profile,
    p: Player,
    asker_holds_cards: bool,
    asker_called_last_bet: bool,
    shows_first: bool,
) -> Procedure {
    let mut draft = Draft::new("Request to see a hand", "Verlangen, eine Hand zu sehen");
    if profile == Profile::Hc && asker_holds_cards && shows_first {
        draft.step(
            rule!("HC-1.13.6"),
            say![p, " had to show first: players still in the pot may have those cards shown, even if mucked, while they are clearly identifiable."],
            say![p, " musste zuerst aufdecken: die noch im Pot befindlichen Spieler dürfen sich diese Karten zeigen lassen, auch wenn weggeworfen, sofern sie eindeutig identifizierbar sind."],
        );
        return draft.end(Outcome::Continue);
    }
    if !asker_holds_cards {
        draft.step(
            rule!("TDA-18A"),
            "The player asking holds no cards any more or mucked them face down: no right to see any hand. Refuse the request.",
            "Der fragende Spieler besitzt keine Karten mehr oder hat sie verdeckt gepasst: kein Recht, eine Hand zu sehen. Die Anfrage ablehnen.",
        );
        return draft.end(Outcome::Continue);
    }
    if asker_called_last_bet && shows_first {
        draft.step(
            rule!("TDA-18B"),
            say!["A caller of the last bet who still holds or has tabled cards has an inalienable right to see the last aggressor's hand: ", p, " tables the hand."],
            say!["Ein Caller des letzten Einsatzes, der seine Karten noch besitzt oder aufgedeckt hat, hat ein unveräußerliches Recht, die Hand des letzten Aggressors zu sehen: ", p, " deckt auf."],
        );
        return draft.end(Outcome::Continue);
    }
    draft.td_decides(
        rule!("TDA-18B"),
        say![
            "No bet on the last round, or ",
            p,
            " is not the last aggressor: whether ",
            p,
            "'s hand must be shown is at the TD's discretion."
        ],
        say![
            "Kein Einsatz in der letzten Setzrunde, oder ",
            p,
            " ist nicht der letzte Aggressor: ob die Hand von ",
            p,
            " gezeigt werden muss, liegt im Ermessen der Turnierleitung."
        ],
    )
}

fn played_board(profile: Profile, p: Player, refuses: bool) -> Procedure {
    let mut draft = Draft::new("Playing the board", "Das Board spielen");
    draft.step(
        rule!("TDA-19"),
        say![
            "To play the board, ",
            p,
            " must table all hole cards to get a share of the pot."
        ],
        say![
            "Um das Board zu spielen, muss ",
            p,
            " alle Hole-Cards aufdecken, um einen Teil vom Pot zu bekommen."
        ],
    );
    claim_rule(profile, &mut draft);
    if refuses {
        draft.step(
            rule!("TDA-13A"),
            say![p, " will not table the hole cards: no share of the pot."],
            say![p, " deckt die Hole-Cards nicht auf: kein Anteil am Pot."],
        );
        return draft.end(Outcome::KillHand(p));
    }
    draft.end(Outcome::Continue)
}

fn muck_at_all_in(profile: Profile, p: Player) -> Procedure {
    let mut draft = Draft::new(
        "Muck at an all-in showdown",
        "Wegwerfen beim All-in-Showdown",
    );
    let house = match profile {
        Profile::Dg => Some((
            rule!("DG-27"),
            "All players still in must turn both hole cards; folding is no longer possible.",
            "Alle Spieler müssen jetzt ihre beiden Hole-Cards aufdecken, es kann nicht mehr gefoldet werden.",
        )),
        Profile::Hc => Some((
            rule!("HC-1.13.6"),
            "A player is all-in and no action is left: the showdown is immediate.",
            "Sobald ein Spieler All-In ist und keine Aktion mehr möglich ist, erfolgt ein sofortiger Showdown.",
        )),
        Profile::Wwpla => Some((
            rule!("WWPLA-12"),
            "When all or all but one player are all-in and no more betting is possible, all hands are turned face up.",
            "Alle Kartenblätter werden aufgedeckt, wenn alle oder alle bis auf einen Spieler All In sind und das Setzen nicht mehr möglich ist.",
        )),
        Profile::Tda | Profile::Jpr => None,
    };
    if let Some((rule, en, de)) = house {
        draft.step(rule, en, de);
    }
    draft.step(
        rule!("TDA-16"),
        say!["No player who is all-in or has called all bets may fold without showing: ", p, "'s cards are tabled and stay in play, in the main and every side pot."],
        say!["Kein Spieler, der All-in ist oder alle Einsätze mitgegangen ist, darf seine Hand passen, ohne sie aufzudecken: die Karten von ", p, " werden aufgedeckt und bleiben im Spiel, im Main- und in allen Sidepots."],
    );
    draft.end(Outcome::Continue)
}

fn show_order(profile: Profile, p: Player, bet: bool) -> Procedure {
    let mut draft = Draft::new("Order of showing", "Reihenfolge beim Aufdecken");
    let (rule, en, de) = match (profile, bet) {
        (Profile::Dg, true) => (
            rule!("DG-28.1"),
            say![
                p,
                " made the last active action of the last betting round: ",
                p,
                " tables both hole cards or declares a fold first."
            ],
            say![
                p,
                " hat in der jüngsten Bietrunde die letzte active Action getätigt: ",
                p,
                " deckt zuerst beide Hole-Cards auf oder erklärt einen Fold."
            ],
        ),
        (Profile::Dg, false) => (
            rule!("DG-28.2"),
            say![
                "All checked: ",
                p,
                ", the player nearest clockwise after the button, tables or folds first."
            ],
            say![
                "Alle haben gecheckt: ",
                p,
                ", der sich am nächsten im Uhrzeigersinn zum Dealer-Button befindet, deckt zuerst auf oder foldet."
            ],
        ),
        (Profile::Hc, true) => (
            rule!("HC-1.13.6"),
            say![
                p,
                " made the last bet or raise: ",
                p,
                " tables first; the players after may muck."
            ],
            say![
                p,
                " hat zuletzt eine Bet oder einen Raise gebracht: ",
                p,
                " legt zuerst offen; nachfolgende Spieler können ihre Karten in den Muck werfen."
            ],
        ),
        (Profile::Hc, false) => (
            rule!("HC-1.13.6"),
            say![
                "All checked: ",
                p,
                ", who acted first in the round, tables first; the players after may muck."
            ],
            say![
                "Alle haben gecheckt: ",
                p,
                ", der in dieser Runde als Erster agiert hat, legt zuerst offen; nachfolgende Spieler können ihre Karten in den Muck werfen."
            ],
        ),
        (Profile::Wwpla, true) => (
            rule!("WWPLA-7"),
            say![
                p,
                " made the last bet or raise of the last round: ",
                p,
                " shows first and must show."
            ],
            say![
                p,
                " hat in der letzten Setzrunde als letzter gesetzt oder erhöht: ",
                p,
                " ist als erster an der Reihe, sein Blatt zu zeigen, und dazu verpflichtet."
            ],
        ),
        (_, true) => (
            rule!("TDA-17A"),
            say![
                p,
                " made the last aggressive action of the last betting round: ",
                p,
                " shows first."
            ],
            say![
                p,
                " hat die letzte aktive Aktion in der letzten Setzrunde getätigt: ",
                p,
                " muss zuerst aufdecken."
            ],
        ),
        (_, false) => (
            rule!("TDA-17A"),
            say![
                "No bet in the last round: ",
                p,
                ", who would act first in a betting round (first left of the button in flop games), shows first."
            ],
            say![
                "Keine Bet in der letzten Setzrunde: ",
                p,
                ", der in einer Setzrunde als Erster an der Reihe wäre (erster Platz links vom Button in Flop-Spielen), deckt zuerst auf."
            ],
        ),
    };
    draft.step(rule, en, de);
    match profile {
        Profile::Dg => draft.step(
            rule!("DG-28.3"),
            "The other players follow clockwise.",
            "Die übrigen Spieler folgen im Uhrzeigersinn.",
        ),
        Profile::Hc => {
            draft.step(
                rule!("HC-1.13.6"),
                "Mucking again and again despite the duty to show may bring a warning or a penalty.",
                "Wiederholtes Wegwerfen trotz Showdownpflicht kann mit einer Verwarnung/ Penalty geahndet werden.",
            );
            draft.penalty(rule!("HC-1.13.6"));
        }
        _ => {}
    }
    draft.step(
        rule!("TDA-17B"),
        "If all but one player throw their hands away unshown, the last player with live cards wins without showing.",
        "Werfen alle bis auf einen Spieler ihre Hände weg, ohne sie aufzudecken, gewinnt der letzte Spieler mit Live-Cards und braucht seine Karten nicht zu zeigen.",
    );
    draft.end(Outcome::Continue)
}
