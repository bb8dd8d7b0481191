//! A wrong number of hole cards: made up, burned, a misdeal or a dead hand.

use super::deal::{is_open, redeal, window_open};
use super::{Draft, Outcome, Procedure, Situation};
use crate::Profile;
use crate::text::say;
use engine::Player;
use engine::rule;

/// A player's hole-card count, as the dealer reports it.
#[derive(Debug)]
pub(super) struct Count {
    pub player: Player,
    pub has: u8,
    pub needs: u8,
    pub is_button: bool,
    pub has_acted: bool,
}

pub(super) fn wrong_card_count(profile: Profile, c: &Count, situation: &Situation) -> Procedure {
    let mut draft = Draft::new("Wrong number of hole cards", "Falsche Anzahl Hole-Cards");
    let p = c.player;
    if c.has == c.needs {
        draft.step(
            rule!("TDA-38"),
            say![p, " holds the number of cards the game needs: there is no wrong count to correct."],
            say![p, " hat die Anzahl Karten, die das Spiel verlangt: keine falsche Anzahl zu korrigieren."],
        );
        return draft.end(Outcome::Continue);
    }
    let extra = c.has.saturating_sub(c.needs);
    match profile {
        Profile::Tda | Profile::Jpr => {
            if c.is_button && extra == 0 {
                return button_short(c, draft);
            }
            if window_open(profile, situation, &mut draft) {
                draft.step(
                    rule!("TDA-35A"),
                    say![p, " was dealt a wrong number of cards before substantial action: misdeal (TDA-35A's list is not exhaustive; item 4: a seat got no cards)."],
                    say![p, " hat vor wesentlichen Aktionen eine falsche Anzahl Karten: Misdeal (die Liste von TDA-35A ist nicht abschließend; Punkt 4: ein Platz bekam keine Karten)."],
                );
                return redeal(profile, draft);
            }
            dead_after_window(p, extra, draft)
        }
        Profile::Wwpla => {
            if extra == 1 && !c.has_acted {
                draft.step(
                    rule!("WWPLA-10"),
                    "Take the card dealt too many back and put it on top of the stub.",
                    "Die zu viel ausgeteilte Karte einziehen und zurück auf den Stapel legen.",
                );
                draft.step(
                    rule!("WWPLA-5"),
                    "A card dealt too many is burned: it is the next burn card.",
                    "Eine zu viel ausgeteilte Karte wird geburnt: sie ist die nächste Burncard.",
                );
                return draft.end(Outcome::Continue);
            }
            if window_open(profile, situation, &mut draft) {
                let (rule, en, de) = if extra >= 2 {
                    (
                        rule!("WWPLA-10"),
                        "More than one hole card dealt too many: misdeal.",
                        "Mehr als eine Holecard zu viel ausgeteilt: Misdeal.",
                    )
                } else {
                    (
                        rule!("WWPLA-3"),
                        "A wrong number of cards dealt (a player skipped, or no telling who should have had which): misdeal.",
                        "Eine falsche Kartenmenge ausgegeben (ein Spieler ausgelassen oder nicht nachvollziehbar, wer welche Karten erhalten hätte): Misdeal.",
                    )
                };
                draft.step(rule, en, de);
                return redeal(profile, draft);
            }
            if extra == 0 {
                draft.step(
                    rule!("WWPLA-4"),
                    say![p, "'s hand has fewer cards than needed: it is dead."],
                    say![
                        "Die Hand von ",
                        p,
                        " hat weniger Karten als benötigt: sie ist unspielbar (dead hand)."
                    ],
                );
                return muck_and_burn(p, extra, draft);
            }
            dead_after_window(p, extra, draft)
        }
        Profile::Hc => {
            if extra == 1 {
                if !situation.bets_made {
                    draft.step(
                        rule!("HC-3.3"),
                        "No betting yet: take the extra card back and use it as the burn card.",
                        "Es wurde noch nicht gesetzt: die zusätzliche Karte zurücknehmen und als Burn-Card verwenden.",
                    );
                    return draft.end(Outcome::Continue);
                }
                draft.step(
                    rule!("HC-3.3"),
                    say![
                        "Betting has begun: ",
                        p,
                        "'s hand with the extra card is dead."
                    ],
                    say![
                        "Es wurde bereits gesetzt: die Hand von ",
                        p,
                        " mit der zusätzlichen Karte ist tot."
                    ],
                );
                return hc_dead(p, draft);
            }
            if window_open(profile, situation, &mut draft) {
                let (en, de) = if extra >= 2 {
                    (
                        "Two or more cards dealt too many: misdeal.",
                        "Zwei oder mehr Karten zu viel ausgeteilt: Misdeal.",
                    )
                } else {
                    (
                        "A wrong number of cards dealt to a player: misdeal.",
                        "Eine falsche Anzahl Karten an einen Spieler ausgeteilt: Misdeal.",
                    )
                };
                draft.step(rule!("HC-3.1"), en, de);
                return redeal(profile, draft);
            }
            hc_dead(p, draft)
        }
        Profile::Dg => {
            let open = is_open(profile, situation);
            let listed = if c.has == 0 {
                Some((
                    rule!("DG-12.4"),
                    "A seat in the hand got no card: misdeal.",
                    "Ein berechtigter Platz erhält keine Karte: Misdeal.",
                ))
            } else if extra > 0 {
                Some((
                    rule!("DG-12.5"),
                    "A seat got more than two cards: misdeal.",
                    "Ein berechtigter Platz erhält mehr als zwei Karten insgesamt: Misdeal.",
                ))
            } else {
                None
            };
            if let (true, Some((rule, en, de))) = (open, listed) {
                window_open(profile, situation, &mut draft);
                draft.step(rule, en, de);
                return redeal(profile, draft);
            }
            // DG says nothing more: TDA-37 and 38 apply.
            if c.is_button && extra == 0 {
                return button_short(c, draft);
            }
            if window_open(profile, situation, &mut draft) {
                draft.step(
                    rule!("TDA-35A"),
                    say![p, " is short of cards before any action: misdeal (TDA-35A's list is not exhaustive)."],
                    say![p, " fehlen vor jeder Aktion Karten: Misdeal (die Liste von TDA-35A ist nicht abschließend)."],
                );
                return redeal(profile, draft);
            }
            dead_after_window(p, extra, draft)
        }
    }
}

/// TDA-37: the button's missing cards are made up even after substantial action, unless the
/// button has acted on the short hand.
fn button_short(c: &Count, mut draft: Draft) -> Procedure {
    let p = c.player;
    if c.has_acted {
        draft.step(
            rule!("TDA-37"),
            say![
                "The button ",
                p,
                " acted on a hand with too few cards: the hand is dead."
            ],
            say![
                "Der Button ",
                p,
                " hat mit zu wenig Karten gehandelt: die Hand ist tot."
            ],
        );
        return muck_and_burn(p, 0, draft);
    }
    draft.step(
        rule!("TDA-37"),
        say!["The button ", p, " is short of cards: deal the missing cards from the stub, even after substantial action."],
        say!["Dem Button ", p, " fehlen Karten: die fehlenden Karten vom Stapel nachgeben, auch nach wesentlichen Aktionen."],
    );
    draft.step(
        rule!("TDA-35B"),
        "The button may receive two cards in a row.",
        "Der Button darf 2 aufeinanderfolgende Karten erhalten.",
    );
    draft.end(Outcome::Continue)
}

/// Too late for a misdeal: the hand with the wrong count is dead (TDA-38 and its examples).
fn dead_after_window(p: Player, extra: u8, mut draft: Draft) -> Procedure {
    draft.step(
        rule!("TDA-38"),
        say![p, "'s hand with the wrong number of cards is dead."],
        say![
            "Die Hand von ",
            p,
            " mit der falschen Anzahl Karten ist tot."
        ],
    );
    muck_and_burn(p, extra, draft)
}

fn muck_and_burn(p: Player, extra: u8, mut draft: Draft) -> Procedure {
    draft.step(
        rule!("TDA-38"),
        say!["Muck all of ", p, "'s cards. The stub is a normal stub: burn one and only one card before each later street."],
        say!["Alle Karten von ", p, " werden gemuckt. Der Stapel gilt als normaler Stapel: vor jeder folgenden Setzrunde genau eine Burn-Karte."],
    );
    if extra > 0 {
        draft.step(
            rule!("TDA-38"),
            "The extra card is not the burn card: burn a card from the stub as usual (example 1-B).",
            "Die zusätzliche Karte ist nicht die Burn-Karte: wie üblich eine Karte vom Stapel brennen (Beispiel 1-B).",
        );
    } else {
        draft.step(
            rule!("TDA-38"),
            "Do not burn two cards to \"restore the order\": one burn, then the board (example 1-A).",
            "Nicht zwei Burn-Karten legen, um \"zur originalen Reihenfolge zurückzukehren\": eine Burn-Karte, dann das Board (Beispiel 1-A).",
        );
    }
    draft.end(Outcome::KillHand(p))
}

fn hc_dead(p: Player, mut draft: Draft) -> Procedure {
    draft.step(
        rule!("HC-3.2"),
        say![
            p,
            " does not hold the right number of cards for the game: the hand is dead."
        ],
        say![
            p,
            " hat nicht die korrekte Anzahl Karten für das Spiel vor sich: die Hand ist tot."
        ],
    );
    draft.end(Outcome::KillHand(p))
}
