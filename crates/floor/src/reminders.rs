//! What the dealer is reminded of at each moment of a hand: the rulebooks' procedures for the
//! people at the table, which the tablet shows with their rule and the software does not decide
//! (how the deck is handed over and shuffled, how bets and the board lie, what is announced).

use crate::Profile;
use crate::procedure::ProcedureStep;
use crate::text::Text;
use engine::{Rule, rule};

/// Where the hand stands, for the reminders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Between hands: the deck is gathered, handed over and shuffled.
    BeforeDeal,
    /// A betting round is open.
    Betting,
    /// A street is to be laid.
    Board,
    /// Hands are shown and the pots pushed; `split`: pots may be split in halves (hi/lo).
    Showdown { split: bool },
}

fn step(rule: Rule, en: &str, de: &str) -> ProcedureStep {
    ProcedureStep {
        text: Text::new(en, de),
        rule,
    }
}

/// The reminders for the dealer at `moment` under `profile`.
pub fn reminders(profile: Profile, moment: Moment) -> Vec<ProcedureStep> {
    let mut out = Vec::new();
    match moment {
        Moment::BeforeDeal if profile == Profile::Dg => {
            out.push(step(
                rule!("DG-1"),
                "The outgoing dealer first gathers every card from the players and the table.",
                "Der abgebende Dealer sammelt zuerst alle Karten von den Spielern und vom Tisch ein.",
            ));
            out.push(step(
                rule!("DG-2"),
                "Scramble the cards face down, square the deck and lay the separator card on top.",
                "Die Karten verdeckt verwaschen, das Deck ausrichten und die Trennkarte obenauf legen.",
            ));
            out.push(step(
                rule!("DG-3"),
                "Handing over the button and the squared deck moves the dealer role on; a badly handed deck may be refused.",
                "Mit Button und ausgerichtetem Deck geht das Dealer-Amt weiter; ein schlecht übergebenes Deck darf abgelehnt werden.",
            ));
            out.push(step(
                rule!("DG-29"),
                "The dealer role passes with the button; if the next dealer is away, another player deals for them and the button still lies at the absent dealer's seat.",
                "Das Dealer-Amt geht mit dem Button weiter; ist der nächste Dealer nicht da, gibt ein anderer Spieler in Kommission, der Button liegt trotzdem am Platz des eigentlichen Dealers.",
            ));
            out.push(step(
                rule!("DG-4"),
                "If the deck may be incomplete, count it; an incomplete deck is replaced whole.",
                "Kann das Deck unvollständig sein, wird es gezählt; ein unvollständiges Deck wird komplett ersetzt.",
            ));
            out.push(step(
                rule!("DG-5"),
                "Shuffle thoroughly by an accepted method, then square the deck face down again.",
                "Gründlich nach einer anerkannten Methode mischen, dann das Deck wieder verdeckt ausrichten.",
            ));
        }
        Moment::BeforeDeal => out.push(step(
            rule!("TDA-26"),
            "Decks are changed when the dealer is pushed, at a level change or on the house's schedule; players cannot ask for a new deck.",
            "Die Kartendecks werden beim Dealer-Wechsel, beim Level-Wechsel oder nach Vorgabe des Veranstalters gewechselt; Spieler dürfen keinen Wechsel verlangen.",
        )),
        Moment::Betting => {
            out.push(step(
                rule!("TDA-RP-12"),
                "Announce the size of every bet and raise; count an all-in only when the player to act asks.",
                "Die Höhe jeder Bet und jedes Raise ansagen; ein All-In nur auf Wunsch des Spielers an der Reihe zählen.",
            ));
            if profile == Profile::Hc {
                out.push(step(
                    rule!("HC-1.13.5"),
                    "Repeat every raise, call an all-in raise as all-in and name each card turned up.",
                    "Jedes Raise wiederholen, ein All-In-Raise als All-In ansagen und jede aufgedeckte Karte benennen.",
                ));
            }
            out.push(step(
                rule!("TDA-RP-2"),
                "Do not pull bets into the pot in the middle of a round; only the player to act may ask for it.",
                "Einsätze nicht mitten in der Setzrunde heranholen; nur der Spieler an der Reihe darf darum bitten.",
            ));
            out.push(step(
                rule!("TDA-46A"),
                "A player facing a raise with chips still out from before should say the action before adding chips.",
                "Ein Spieler, der einem Raise gegenübersteht und noch frühere Chips vor sich hat, soll seine Aktion ansagen, bevor er Chips hinzufügt.",
            ));
            out.push(step(
                rule!("TDA-RP-1"),
                "Put an all-in marker in front of a player who is all-in.",
                "Vor einen Spieler, der All-In ist, einen All-In-Marker legen.",
            ));
            out.push(step(
                rule!("TDA-25A"),
                "Stacks stay countable: stacks of 20 of one value, the high chips in sight.",
                "Die Stacks bleiben zählbar: Stapel zu 20 Chips gleichen Werts, die hohen Chips sichtbar.",
            ));
            if profile == Profile::Dg {
                out.push(step(
                    rule!("DG-15.3"),
                    "Only the dealer makes change for an overpaid bet, at once or when collecting; players never change from the pot.",
                    "Allein der Dealer wechselt Überzahlungen, sofort oder beim Einziehen; Spieler wechseln nie selbst aus dem Pot.",
                ));
            }
        }
        Moment::Board if profile == Profile::Hc => {
            out.push(step(
                rule!("HC-1.13.4"),
                "After a tap, burn a card before each street; the burns stay face down apart until the pot is pushed.",
                "Nach einem Klopfen vor jeder Straße eine Karte verbrennen; die Burn-Cards bleiben verdeckt getrennt liegen, bis der Pot zugeschoben ist.",
            ));
            out.push(step(
                rule!("HC-1.13.3"),
                "Board cards lie face up in the middle in dealt order: the turn right of the flop, the river right of the turn.",
                "Die Board-Karten liegen offen in der Tischmitte in Reihenfolge: der Turn rechts vom Flop, der River rechts vom Turn.",
            ));
        }
        Moment::Board => {}
        Moment::Showdown { split } => {
            if split {
                out.push(step(
                    rule!("TDA-RP-13"),
                    "In a split-pot game stack the pot's chips now and then, without blocking the players' view.",
                    "In Split-Pot-Spielen die Chips im Pot in regelmäßigen Abständen stapeln, ohne den Spielern die Sicht zu nehmen.",
                ));
            }
        }
    }
    out
}
