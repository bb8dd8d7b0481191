//! Penalties as each rulebook names them, and a chip found after an all-in.

use super::{Draft, Outcome, PenaltyKind, Procedure};
use crate::Profile;
use crate::text::say;
use engine::rule;
use engine::{Chips, Player};

pub(super) fn penalty(
    profile: Profile,
    p: Player,
    kind: PenaltyKind,
    players_at_table: u8,
) -> Procedure {
    let mut draft = Draft::new("Penalty", "Strafe");
    let table = u32::from(players_at_table);
    match (profile, kind) {
        (Profile::Dg, PenaltyKind::Warning) => {
            draft.step(
                rule!("DG-38.1"),
                say!["A formal warning to ", p, "; the next penalty follows if it happens again."],
                say!["Formelle Verwarnung an ", p, "; bei Wiederholung folgt die nächste Strafe."],
            );
            draft.end(Outcome::Continue)
        }
        (Profile::Dg, PenaltyKind::ForcedFold) => {
            draft.step(
                rule!("DG-38.2"),
                say!["Forced fold: ", p, "'s hand counts as folded, its bets are lost."],
                say!["Zwangs-Fold: die Hand von ", p, " gilt als gefoldet, die Einsätze sind verloren."],
            );
            draft.end(Outcome::KillHand(p))
        }
        (Profile::Dg, PenaltyKind::Hands(n @ 1..=3)) => {
            draft.step(
                rule!("DG-38.3"),
                say!["The next ", n.to_string(), " hand(s) are played without ", p, "."],
                say!["Die nächsten ", n.to_string(), " Hände finden ohne ", p, " statt."],
            );
            draft.end(Outcome::MissHands { player: p, hands: u32::from(n) })
        }
        (Profile::Dg, PenaltyKind::Hands(n)) => draft.td_decides(
            rule!("DG-38.3"),
            format!("DG-38.3 sits a player out for one to three hands, not {n}: choose a penalty of DG-38."),
            format!("DG-38.3 sieht ein bis drei Hände Aussetzen vor, nicht {n}: eine Strafe nach DG-38 wählen."),
        ),
        (Profile::Dg, PenaltyKind::Orbit) => {
            draft.step(
                rule!("DG-38.4"),
                say!["Orbit penalty: ", p, " sits out until the button has gone round the table once (", table.to_string(), " hands)."],
                say!["Orbit-Strafe: ", p, " setzt aus, bis der Button einmal um den Tisch gewandert ist (", table.to_string(), " Hände)."],
            );
            draft.end(Outcome::MissHands { player: p, hands: table })
        }
        (Profile::Dg, PenaltyKind::Suspension) => draft.td_decides(
            rule!("DG-38.5"),
            "Suspension: the player sits out for an open time and is let back after a set time once calmed down; the organisers decide when.",
            "Verweis: der Spieler setzt auf unbestimmte Zeit aus; Wiederzulassung nach einem bestimmten Zeitablauf, sofern er sich beruhigt hat; das Orga-Team entscheidet.",
        ),
        (Profile::Dg, PenaltyKind::Disqualification) => {
            draft.step(
                rule!("DG-38.6"),
                say!["Exclusion: ", p, " leaves the table for the day."],
                say!["Spielausschluss: ", p, " hat den Spieltisch für den aktuellen Tag endgültig zu verlassen."],
            );
            disqualify(p, draft)
        }
        (Profile::Hc | Profile::Wwpla, PenaltyKind::Minutes(m)) => {
            if profile == Profile::Hc {
                draft.step(
                    rule!("HC-1.10"),
                    say!["Time penalty: ", p, " is away from the table for ", m.to_string(), " minutes (usually 5 to 10)."],
                    say!["Zeitstrafe (Penalty): ", p, " ist ", m.to_string(), " Minuten vom Tisch weg (i.d.R. 5-10 Minuten)."],
                );
            } else {
                draft.step(
                    rule!("WWPLA-12"),
                    say!["Time penalty for ", p, ": ", m.to_string(), " minutes."],
                    say!["Zeitstrafe für ", p, ": ", m.to_string(), " Minuten."],
                );
            }
            sit_out_steps(&mut draft);
            draft.end(Outcome::SitOut { player: p, minutes: u32::from(m) })
        }
        (Profile::Hc, PenaltyKind::Warning) => {
            draft.step(
                rule!("HC-1.10"),
                say!["A warning to ", p, "."],
                say!["Ermahnung von ", p, "."],
            );
            draft.end(Outcome::Continue)
        }
        (Profile::Wwpla, PenaltyKind::Warning) => {
            draft.step(
                rule!("WWPLA-1"),
                say!["A warning to ", p, "."],
                say!["Verwarnung von ", p, "."],
            );
            draft.end(Outcome::Continue)
        }
        (Profile::Hc, PenaltyKind::Disqualification) => {
            draft.step(
                rule!("HC-1.10"),
                say![p, " is excluded from the game."],
                say![p, " wird vom laufenden Spiel ausgeschlossen."],
            );
            disqualify(p, draft)
        }
        (Profile::Wwpla, PenaltyKind::Disqualification | PenaltyKind::Suspension) => {
            draft.step(
                rule!("WWPLA-12"),
                say![p, " is suspended from the tournament; the tournament staff take in the stack."],
                say![p, " erhält die Suspendierung vom Turnier; die Turnierleitung zieht den Stack ein."],
            );
            draft.end(Outcome::Disqualify(p))
        }
        (_, kind) => tda_penalty(p, kind, table, draft),
    }
}

/// TDA-71: warnings, missed hands or rounds, disqualification.
fn tda_penalty(p: Player, kind: PenaltyKind, table: u32, mut draft: Draft) -> Procedure {
    let hands = match kind {
        PenaltyKind::Warning => {
            draft.step(
                rule!("TDA-71A"),
                say![
                    "A verbal warning to ",
                    p,
                    "; repeated breaches may bring growing penalties."
                ],
                say![
                    "Mündliche Verwarnung an ",
                    p,
                    "; wiederholte Verstöße können zu steigenden Strafen führen."
                ],
            );
            return draft.end(Outcome::Continue);
        }
        PenaltyKind::Disqualification => return disqualify(p, draft),
        PenaltyKind::Hands(n) if n > 0 => {
            draft.step(
                rule!("TDA-71A"),
                say![p, " misses ", n.to_string(), " hand(s)."],
                say![p, " setzt ", n.to_string(), " Hände aus."],
            );
            u32::from(n)
        }
        PenaltyKind::Rounds(_) | PenaltyKind::Orbit if table > 0 => {
            // An orbit is one penalty round.
            let rounds = match kind {
                PenaltyKind::Rounds(r) => u32::from(r),
                _ => 1,
            };
            let hands = table * rounds;
            if hands == 0 {
                return draft.td_decides(
                    rule!("TDA-71A"),
                    "A penalty of no rounds misses no hand: choose the number of rounds.",
                    "Eine Strafe von null Runden verpasst keine Hand: die Anzahl Strafrunden wählen.",
                );
            }
            draft.step(
                rule!("TDA-71A"),
                say![
                    p,
                    " misses one hand per player at the table when the penalty is given (",
                    table.to_string(),
                    ", ",
                    p,
                    " included) times ",
                    rounds.to_string(),
                    " round(s): ",
                    hands.to_string(),
                    " hands."
                ],
                say![
                    p,
                    " verpasst eine Hand pro Spieler am Tisch zum Zeitpunkt der Strafe (",
                    table.to_string(),
                    ", ",
                    p,
                    " eingeschlossen) mal ",
                    rounds.to_string(),
                    " Strafrunde(n): ",
                    hands.to_string(),
                    " Hände."
                ],
            );
            hands
        }
        _ => {
            return draft.td_decides(
                rule!("TDA-71A"),
                "TDA-71A's penalties are verbal warnings, missed hands, missed rounds and disqualification: choose one of them (a penalty in rounds needs the number of players at the table).",
                "Die Strafen nach TDA-71A sind mündliche Verwarnungen, auszusetzende Hände, Strafrunden und Disqualifikation: eine davon wählen (Strafrunden brauchen die Anzahl Spieler am Tisch).",
            );
        }
    };
    draft.step(
        rule!("TDA-71C"),
        "The player leaves the table. Cards are dealt to the seat, blinds and antes are posted, and the hand is killed after the initial deal; a stud bring-in is posted too.",
        "Der Spieler muss den Tisch verlassen. Karten werden zum Platz gegeben, Blinds und Antes gesetzt und die Hand nach dem Anfangsdeal eingezogen; ein Stud Bring-In wird gesetzt.",
    );
    draft.step(
        rule!("TDA-35C"),
        "A misdealt hand and its redeal count as one hand for a penalised player.",
        "Die originale und die wiederholte Hand nach einem Misdeal zählen für einen bestraften Spieler als eine Hand.",
    );
    draft.step(
        rule!("TDA-71A"),
        "A player away on a penalty can be blinded or anted out of the tournament.",
        "Ein bestrafter Spieler kann durch Ante oder Blinds aus dem Turnier ausscheiden.",
    );
    draft.end(Outcome::MissHands { player: p, hands })
}

fn disqualify(p: Player, mut draft: Draft) -> Procedure {
    draft.step(
        rule!("TDA-71D"),
        say![p, " is disqualified; the chips are taken out of play."],
        say![
            p,
            " wird disqualifiziert; die Chips werden aus dem Spiel genommen."
        ],
    );
    draft.end(Outcome::Disqualify(p))
}

fn sit_out_steps(draft: &mut Draft) {
    draft.step(
        rule!("TDA-71A"),
        "A player away on a penalty can be blinded or anted out of the tournament.",
        "Ein bestrafter Spieler kann durch Ante oder Blinds aus dem Turnier ausscheiden.",
    );
}

pub(super) fn chip_found(profile: Profile, p: Player, amount: Chips) -> Procedure {
    let mut draft = Draft::new(
        "Chip found after an all-in",
        "Chip nach einem All-in gefunden",
    );
    if profile == Profile::Wwpla {
        draft.step(
            rule!("WWPLA-12"),
            say!["If ", p, " loses the all-in, the ", amount, " found are lost as well, to the winner as far as the winner's own stack covers them; once the next hand has begun, the tournament staff take them out."],
            say!["Verliert ", p, " das All-in, sind auch die gefundenen ", amount, " verloren, an den Potgewinner bis zu dessen eigener Chipanzahl; hat die nächste Hand schon begonnen, zieht die Turnierleitung sie ein."],
        );
    }
    draft.step(
        rule!("TDA-49"),
        "A caller must find out the correct amount of a bet before calling.",
        "Es liegt in der Verantwortung des callenden Spielers, den korrekten Betrag der Bet festzustellen.",
    );
    draft.td_decides(
        rule!("TDA-62"),
        say![
            "Is the hidden ",
            amount,
            " part of ",
            p,
            "'s all-in that was called? If not: should ",
            p,
            " win, the chips are not paid off; should ",
            p,
            " lose, they do not save ",
            p,
            ", and the TD may award them to the winning caller."
        ],
        say![
            "Sind die versteckten ",
            amount,
            " Teil des gecallten All-ins von ",
            p,
            "? Wenn nicht: gewinnt ",
            p,
            ", werden sie nicht ausbezahlt; verliert ",
            p,
            ", retten sie ",
            p,
            " nicht, und der TD kann sie dem gewinnenden Caller zusprechen."
        ],
    )
}
