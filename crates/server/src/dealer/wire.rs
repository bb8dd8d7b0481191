//! Between the wire (`protocol`) and the floor's own types.

use crate::refusal::Refusal;
use axum::http::StatusCode;
use cards::Card;
use engine::{Chips, Game, Player, Structure, Variant};
use floor::procedure::{Irregularity, Outcome, Procedure};
use floor::{Act, FloorError};
use protocol::{FloorAct, OutcomeView, ProcedureView, ReasonView, Text};
use serde_json::Value;

/// The variants a dealer tablet offers, by PHH code.
pub(super) fn variant(code: &str) -> Option<Variant> {
    let (structure, game) = match code.trim().to_ascii_uppercase().as_str() {
        "NT" => (Structure::NoLimit, Game::Holdem),
        "PT" => (Structure::PotLimit, Game::Holdem),
        "NO" => (Structure::NoLimit, Game::Omaha),
        "PO" => (Structure::PotLimit, Game::Omaha),
        _ => return None,
    };
    Some(Variant { game, structure })
}

pub(super) fn act(act: &FloorAct) -> Act {
    let chips = |v: &[u64]| v.iter().map(|&c| Chips(c)).collect::<Vec<_>>();
    let mut out = Act::new(Player(act.player));
    out.say = act.say.clone();
    out.chips = chips(&act.chips);
    out.previous_chips = chips(&act.previous_chips);
    out.previous_pulled_back = match act.previous_pulled_back {
        protocol::PulledBack::None => floor::PulledBack::None,
        protocol::PulledBack::Some => floor::PulledBack::Some,
        protocol::PulledBack::All => floor::PulledBack::All,
    };
    out.pulled_back = chips(&act.pulled_back);
    out.order = match act.order {
        protocol::Order::SayFirst => floor::Order::SayFirst,
        protocol::Order::ChipsFirst => floor::Order::ChipsFirst,
        protocol::Order::Together => floor::Order::Together,
    };
    out.told = act.told.map(Chips);
    out.unclear = act.unclear;
    out.blind = act.blind;
    out
}

/// Cards as text, e.g. `["As", "Td"]`.
pub(super) fn cards(text: &[String]) -> Result<Vec<Card>, Refusal> {
    text.iter()
        .map(|c| {
            c.trim().parse::<Card>().map_err(|e| {
                Refusal::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "bad_cards",
                    format!("{c:?} is not a card: {e}"),
                )
            })
        })
        .collect()
}

pub(super) fn floor_error(error: &FloorError) -> Refusal {
    let code = match error {
        FloorError::UnknownPlayer { .. } => "no_such_player",
        FloorError::NotInPlay { .. } => "chip_not_in_play",
        FloorError::Setup(_) => "cannot_deal",
        _ => "bad_chips",
    };
    Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, code, error.to_string())
}

/// The procedure for the tablet, its players called by `name`.
pub(super) fn procedure(
    irregularity: &Irregularity,
    procedure: &Procedure,
    name: impl Fn(Player) -> String,
) -> ProcedureView {
    let text = |t: &floor::Text| Text {
        de: t.de.render(&name),
        en: t.en.render(&name),
    };
    let mut outcome = outcome(serde_json::to_value(&procedure.outcome).unwrap_or_default());
    if let Outcome::TdDecides { note } = &procedure.outcome {
        outcome.note = Some(text(note));
    }
    ProcedureView {
        irregularity: irregularity.clone(),
        title: text(&procedure.title),
        steps: procedure.steps.iter().map(|s| step(s, &name)).collect(),
        outcome,
        penalty: procedure.penalty.map(|r| r.id().to_string()),
    }
}

/// A step the dealer follows (a procedure's, a reminder), its players called by `name`.
pub(super) fn step(
    s: &floor::procedure::ProcedureStep,
    name: impl Fn(Player) -> String,
) -> ReasonView {
    ReasonView {
        rule: s.rule.id().to_string(),
        de: s.text.de.render(&name),
        en: s.text.en.render(&name),
    }
}

/// The outcome from its serde form: `"continue"`, `{"kill_hand": 2}`,
/// `{"miss_hands": {"player": 1, "hands": 8}}`, `{"td_decides": {"note": {..}}}`.
fn outcome(value: Value) -> OutcomeView {
    let mut view = OutcomeView {
        kind: String::new(),
        player: None,
        hands: None,
        minutes: None,
        note: None,
    };
    let body = match value {
        Value::String(kind) => {
            view.kind = kind;
            return view;
        }
        Value::Object(map) => match map.into_iter().next() {
            Some((kind, body)) => {
                view.kind = kind;
                body
            }
            None => return view,
        },
        _ => return view,
    };
    let number = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok());
    match &body {
        Value::Number(_) => view.player = number(&body).and_then(|n| u8::try_from(n).ok()),
        Value::Object(fields) => {
            let player = fields.get("player").or_else(|| fields.get("forfeit"));
            view.player = player.and_then(number).and_then(|n| u8::try_from(n).ok());
            view.hands = fields.get("hands").and_then(number);
            view.minutes = fields.get("minutes").and_then(number);
            view.note = fields.get("note").map(|n| Text {
                de: n["de"].as_str().unwrap_or_default().to_string(),
                en: n["en"].as_str().unwrap_or_default().to_string(),
            });
        }
        _ => {}
    }
    view
}
