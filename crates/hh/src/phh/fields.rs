//! From TOML entries to a typed hand: each known field checked for its type, the
//! per-player lists checked against the number of players, every action parsed.

use super::document::{Entry, Item};
use super::{ActionLine, PhhAction, PhhHand};
use crate::{ActionError, Amount, PhhError, Value};

pub(super) fn hand(entries: Vec<Entry>) -> Result<PhhHand, PhhError> {
    let mut variant = None;
    let mut hand = PhhHand {
        variant: String::new(),
        ante_trimming_status: None,
        antes: Vec::new(),
        blinds_or_straddles: Vec::new(),
        bring_in: None,
        small_bet: None,
        big_bet: None,
        min_bet: None,
        starting_stacks: Vec::new(),
        actions: Vec::new(),
        players: None,
        finishing_stacks: None,
        winnings: None,
        extra: Vec::new(),
    };
    let mut stacks_line = None;
    let mut actions = None;
    // Lists checked against the player count once starting_stacks is known.
    let mut per_player: Vec<(&'static str, usize, usize)> = Vec::new();
    for entry in entries {
        let line = entry.line;
        let mut count = |field: &'static str, len: usize| per_player.push((field, line, len));
        match entry.key.as_str() {
            "variant" => variant = Some(string(&entry.key, line, entry.value)?),
            "ante_trimming_status" => match entry.value {
                Value::Bool(b) => hand.ante_trimming_status = Some(b),
                other => return Err(wrong(&entry.key, line, "true or false", &other)),
            },
            "antes" => {
                hand.antes = amounts(&entry.key, line, entry.value)?;
                count("antes", hand.antes.len());
            }
            "blinds_or_straddles" => {
                hand.blinds_or_straddles = amounts(&entry.key, line, entry.value)?;
                count("blinds_or_straddles", hand.blinds_or_straddles.len());
            }
            "bring_in" => hand.bring_in = Some(amount(&entry.key, line, entry.value)?),
            "small_bet" => hand.small_bet = Some(amount(&entry.key, line, entry.value)?),
            "big_bet" => hand.big_bet = Some(amount(&entry.key, line, entry.value)?),
            "min_bet" => hand.min_bet = Some(amount(&entry.key, line, entry.value)?),
            "starting_stacks" => {
                hand.starting_stacks = stacks(line, entry.value)?;
                stacks_line = Some(line);
            }
            "actions" => actions = Some((line, entry.value, entry.items)),
            "players" => {
                let names = array(&entry.key, line, entry.value)?
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| string(&item_name("players", i), line, v))
                    .collect::<Result<Vec<_>, _>>()?;
                count("players", names.len());
                hand.players = Some(names);
            }
            "finishing_stacks" => {
                let stacks = amounts(&entry.key, line, entry.value)?;
                count("finishing_stacks", stacks.len());
                hand.finishing_stacks = Some(stacks);
            }
            "winnings" => {
                let won = amounts(&entry.key, line, entry.value)?;
                count("winnings", won.len());
                hand.winnings = Some(won);
            }
            _ => hand.extra.push((entry.key, entry.value)),
        }
    }
    hand.variant = variant.ok_or(PhhError::MissingField("variant"))?;
    let stacks_line = stacks_line.ok_or(PhhError::MissingField("starting_stacks"))?;
    let players = hand.starting_stacks.len();
    if players == 0 {
        return Err(PhhError::NoPlayers { line: stacks_line });
    }
    // Empty antes or blinds mean "none"; any other list needs one entry per player.
    for (field, line, found) in per_player {
        let may_be_empty = matches!(field, "antes" | "blinds_or_straddles");
        if found != players && !(may_be_empty && found == 0) {
            return Err(PhhError::PlayerCount {
                line,
                field,
                found,
                players,
            });
        }
    }
    let (line, value, items) = actions.ok_or(PhhError::MissingField("actions"))?;
    hand.actions = action_lines(line, value, items, players)?;
    Ok(hand)
}

fn action_lines(
    line: usize,
    value: Value,
    items: Vec<Item>,
    players: usize,
) -> Result<Vec<ActionLine>, PhhError> {
    let values = array("actions", line, value)?;
    let mut lines = Vec::with_capacity(values.len());
    for (i, (value, item)) in values.into_iter().zip(items).enumerate() {
        let text = string(&item_name("actions", i), item.line, value)?;
        let problem = |problem| PhhError::Action {
            line: item.line,
            number: i + 1,
            text: text.clone(),
            problem,
        };
        let action = PhhAction::parse(&text).map_err(problem)?;
        if let Some(player) = action.player().filter(|&p| p >= players) {
            return Err(problem(ActionError::NoSuchPlayer {
                player: player + 1,
                players,
            }));
        }
        lines.push(ActionLine {
            action,
            text,
            comment: item.comment,
        });
    }
    Ok(lines)
}

fn item_name(field: &str, index: usize) -> String {
    format!("{field}[{index}]")
}

fn wrong(field: &str, line: usize, expected: &'static str, found: &Value) -> PhhError {
    PhhError::FieldType {
        line,
        field: field.to_owned(),
        expected,
        found: found.kind(),
    }
}

fn string(field: &str, line: usize, value: Value) -> Result<String, PhhError> {
    match value {
        Value::String(s) => Ok(s),
        other => Err(wrong(field, line, "a string", &other)),
    }
}

fn amount(field: &str, line: usize, value: Value) -> Result<Amount, PhhError> {
    match value {
        Value::Number(a) => Ok(a),
        other => Err(wrong(field, line, "a number", &other)),
    }
}

fn array(field: &str, line: usize, value: Value) -> Result<Vec<Value>, PhhError> {
    match value {
        Value::Array(items) => Ok(items),
        other => Err(wrong(field, line, "an array", &other)),
    }
}

fn amounts(field: &str, line: usize, value: Value) -> Result<Vec<Amount>, PhhError> {
    array(field, line, value)?
        .into_iter()
        .enumerate()
        .map(|(i, v)| amount(&item_name(field, i), line, v))
        .collect()
}

fn stacks(line: usize, value: Value) -> Result<Vec<Option<Amount>>, PhhError> {
    array("starting_stacks", line, value)?
        .into_iter()
        .enumerate()
        .map(|(i, v)| match v {
            Value::Number(a) => Ok(Some(a)),
            Value::Infinity => Ok(None),
            other => Err(wrong(
                &item_name("starting_stacks", i),
                line,
                "a number or inf",
                &other,
            )),
        })
        .collect()
}
