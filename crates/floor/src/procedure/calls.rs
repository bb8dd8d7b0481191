//! Underpaid calls found late: two or more players in a row put in less than the call without
//! saying "call" before anyone corrected the first (TDA-51C).

use super::{Draft, Procedure, Situation};
use crate::Profile;
use crate::text::say;
use engine::Player;
use engine::rule;

/// TDA-51C: play goes back to the first underpaid call, which is corrected by TDA-51B; the TD
/// decides how the later callers' hands are treated. DG-15b asks the dealer to correct each at
/// once, so under the dealer's guide the same correction comes with that reminder.
pub(super) fn underpaid_calls(
    profile: Profile,
    first: Player,
    callers: u8,
    opening_bet: bool,
    situation: &Situation,
) -> Procedure {
    let mut draft = Draft::new("Underpaid calls in a row", "Unvollständige Calls in Reihe");
    let callers = callers.max(2);
    if profile == Profile::Dg {
        draft.step(
            rule!("DG-15b"),
            "Every action short of the rules is corrected at once and the player told why.",
            "Jede regelwidrige Aktion wird sofort korrigiert und der Spieler auf den Fehler hingewiesen.",
        );
    }
    draft.step(
        rule!("TDA-51C"),
        say![
            callers.to_string(),
            " underpaid calls in a row: play goes back to ",
            first,
            ", the first of them, who corrects the call first."
        ],
        say![
            callers.to_string(),
            " unvollständige Calls in Reihe: das Spiel geht zurück zu ",
            first,
            ", dem ersten davon, der seinen Call zuerst korrigiert."
        ],
    );
    if situation.live_players <= 2 || opening_bet {
        draft.step(
            rule!("TDA-51B"),
            say![
                "Facing ",
                if situation.live_players <= 2 {
                    "a bet heads-up"
                } else {
                    "the opening bet"
                }
                .to_string(),
                ", the underpaid call is a full call: ",
                first,
                " puts in the rest."
            ],
            say![
                "Gegen ",
                if situation.live_players <= 2 {
                    "eine Bet im Heads-Up"
                } else {
                    "die Eröffnungs-Bet"
                }
                .to_string(),
                " ist der unvollständige Call ein voller Call: ",
                first,
                " setzt den Rest."
            ],
        );
    } else {
        draft.step(
            rule!("TDA-51B"),
            say![
                "Facing a raise, the TD decides whether ",
                first,
                " makes the full call or gives up the chips put in and folds."
            ],
            say![
                "Gegen ein Raise entscheidet die Turnierleitung, ob ",
                first,
                " voll callt oder die gesetzten Chips aufgibt und foldet."
            ],
        );
    }
    draft.td_decides(
        rule!("TDA-51C"),
        "The TD decides how the later underpaid callers' hands are treated, by the circumstances; each then corrects in turn.",
        "Die Turnierleitung entscheidet nach den Umständen, wie die Hände der übrigen Setzer zu behandeln sind; jeder korrigiert dann der Reihe nach.",
    )
}
