//! The scenario file as written (serde, unknown keys refused) and its checked form: every
//! player seated once, busts of seated players, draws of real cards at real seats.

use super::ScenarioError;
use super::expect::{Expect, ExpectIn};
use crate::profile::Profile;
use cards::Card;
use engine::RulebookId;
use engine::Seat;
use serde::Deserialize;
use std::collections::{BTreeMap, HashSet};

/// A table name or number as TOML writes it.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
enum Name {
    Text(String),
    Number(i64),
}

impl Name {
    fn text(&self) -> String {
        match self {
            Name::Text(t) => t.clone(),
            Name::Number(n) => n.to_string(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIn {
    kind: String,
    profile: Option<String>,
    game: Option<String>,
    seats_per_table: Option<u8>,
    #[serde(default, rename = "table")]
    tables: Vec<TableIn>,
    #[serde(default, rename = "bust")]
    busts: Vec<BustIn>,
    #[serde(default)]
    draw: DrawIn,
    #[serde(default)]
    event: EventIn,
    expect: Option<ExpectIn>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableIn {
    name: Name,
    button: u8,
    players: Vec<String>,
    stacks: Option<Vec<u64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BustIn {
    table: Name,
    player: String,
    stack_at_start: Option<u64>,
    by: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawIn {
    #[serde(default)]
    source: BTreeMap<String, String>,
    #[serde(default)]
    seats: BTreeMap<String, String>,
    #[serde(default)]
    cards: BTreeMap<String, String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct EventIn {
    #[serde(default)]
    payouts: Vec<u64>,
    bounty: Option<u64>,
    #[serde(default)]
    hand_for_hand: bool,
}

/// One table as the hand just played left it.
#[derive(Clone, Debug)]
pub struct TableSpec {
    pub name: String,
    /// The button of the hand just played.
    pub button: Seat,
    /// Player index by seat.
    pub seats: Vec<Option<usize>>,
}

/// A player out in the hand just played.
#[derive(Clone, Debug)]
pub struct BustSpec {
    pub table: usize,
    pub seat: Seat,
    pub player: usize,
    pub stack_at_start: u64,
    pub by: Option<usize>,
}

/// Cards and seat cards drawn at the tables.
#[derive(Clone, Debug, Default)]
pub struct DrawSpec {
    /// HC-1.8: a card per equally full table, by table index.
    pub source: BTreeMap<usize, Card>,
    /// Seat cards: player index to (table index, seat).
    pub seats: BTreeMap<usize, (usize, Seat)>,
    /// One high card per player.
    pub cards: BTreeMap<usize, Card>,
}

/// A checked director scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub profile: Profile,
    /// Stud games move players by position (TDA-11A).
    pub stud: bool,
    pub seats_per_table: usize,
    pub names: Vec<String>,
    /// Chips now, by player index.
    pub stacks: Vec<u64>,
    pub tables: Vec<TableSpec>,
    pub busts: Vec<BustSpec>,
    pub draw: DrawSpec,
    pub payouts: Vec<u64>,
    pub bounty: Option<u64>,
    pub hand_for_hand: bool,
    pub expect: Option<Expect>,
}

/// The largest amount of chips or money a file may name.
const MAX_AMOUNT: u64 = 1 << 40;

/// Chips a player is given when the file has no `stacks`.
const DEFAULT_STACK: u64 = 10_000;

impl Scenario {
    pub fn from_toml(text: &str) -> Result<Scenario, ScenarioError> {
        let file: FileIn = toml::from_str(text).map_err(|e| ScenarioError::Toml(e.to_string()))?;
        if file.kind != "director" {
            return Err(ScenarioError::key(
                "kind",
                format!("\"{}\" is not \"director\"", file.kind),
            ));
        }
        let profile_id = file.profile.as_deref().unwrap_or("tda");
        let profile =
            Profile::get(profile_id).map_err(|e| ScenarioError::key("profile", e.to_string()))?;
        if let Some(game) = &file.game
            && !GAMES.contains(&game.as_str())
        {
            return Err(ScenarioError::key(
                "game",
                format!(
                    "\"{game}\" is not a PHH variant code ({})",
                    GAMES.join(", ")
                ),
            ));
        }
        let stud = file.game.as_deref().is_some_and(is_stud);
        let default_size = if profile.id == RulebookId::Hc { 10 } else { 9 };
        let seats_per_table = usize::from(file.seats_per_table.unwrap_or(default_size));
        if !(2..=engine::MAX_PLAYERS).contains(&seats_per_table) {
            return Err(ScenarioError::key(
                "seats_per_table",
                format!("{seats_per_table} is not between 2 and 10"),
            ));
        }
        let mut names: Vec<String> = Vec::new();
        let mut stacks = Vec::new();
        let mut tables: Vec<TableSpec> = Vec::new();
        for (t, table) in file.tables.iter().enumerate() {
            let name = table.name.text();
            let key = |k: &str| format!("table[{}].{k}", t + 1);
            if name.is_empty() || name.contains('/') {
                return Err(ScenarioError::key(
                    key("name"),
                    "a table needs a name without '/'",
                ));
            }
            if tables.iter().any(|o| o.name == name) {
                return Err(ScenarioError::key(
                    key("name"),
                    format!("table {name} is named twice"),
                ));
            }
            if table.players.len() > seats_per_table {
                return Err(ScenarioError::key(
                    key("players"),
                    format!(
                        "{} seats at a table of {seats_per_table}",
                        table.players.len()
                    ),
                ));
            }
            if table.button == 0 || usize::from(table.button) > seats_per_table {
                return Err(ScenarioError::key(
                    key("button"),
                    format!(
                        "seat {} is not a seat of 1..{seats_per_table}",
                        table.button
                    ),
                ));
            }
            if let Some(s) = &table.stacks
                && s.len() != table.players.len()
            {
                return Err(ScenarioError::key(
                    key("stacks"),
                    format!("{} stacks for {} seats", s.len(), table.players.len()),
                ));
            }
            let mut seats = vec![None; seats_per_table];
            for (i, player) in table.players.iter().enumerate() {
                if player.is_empty() {
                    continue;
                }
                if names.contains(player) {
                    return Err(ScenarioError::key(
                        key("players"),
                        format!("{player} is listed twice"),
                    ));
                }
                names.push(player.clone());
                stacks.push(table.stacks.as_ref().map_or(DEFAULT_STACK, |s| s[i]));
                seats[i] = Some(names.len() - 1);
            }
            tables.push(TableSpec {
                name,
                button: Seat(table.button - 1),
                seats,
            });
        }
        if names.is_empty() {
            return Err(ScenarioError::key("table", "no player is seated"));
        }
        let player = |key: &str, name: &str| {
            names
                .iter()
                .position(|n| n == name)
                .ok_or_else(|| ScenarioError::key(key, format!("{name} is not seated")))
        };
        let table_index = |key: &str, name: &str| {
            tables
                .iter()
                .position(|t| t.name == name)
                .ok_or_else(|| ScenarioError::key(key, format!("no table {name}")))
        };
        let mut busts: Vec<BustSpec> = Vec::new();
        for (i, bust) in file.busts.iter().enumerate() {
            let key = |k: &str| format!("bust[{}].{k}", i + 1);
            let t = table_index(&key("table"), &bust.table.text())?;
            let p = player(&key("player"), &bust.player)?;
            let seat = tables[t]
                .seats
                .iter()
                .position(|&s| s == Some(p))
                .ok_or_else(|| {
                    ScenarioError::key(
                        key("player"),
                        format!("{} is not seated at table {}", bust.player, tables[t].name),
                    )
                })?;
            if busts.iter().any(|b| b.player == p) {
                return Err(ScenarioError::key(
                    key("player"),
                    format!("{} busts twice", bust.player),
                ));
            }
            let by = match &bust.by {
                Some(by) => Some(player(&key("by"), by)?),
                None => None,
            };
            if let Some(by) = by
                && !tables[t].seats.contains(&Some(by))
            {
                return Err(ScenarioError::key(
                    key("by"),
                    format!("{} is not at table {}", names[by], tables[t].name),
                ));
            }
            if by == Some(p) {
                return Err(ScenarioError::key(
                    key("by"),
                    "a player cannot eliminate themselves",
                ));
            }
            busts.push(BustSpec {
                table: t,
                seat: Seat(seat as u8),
                player: p,
                stack_at_start: bust.stack_at_start.unwrap_or(0),
                by,
            });
        }
        if busts.len() >= names.len() {
            return Err(ScenarioError::key(
                "bust",
                "every player busts: nobody is left",
            ));
        }
        for (i, &stack) in stacks.iter().enumerate() {
            if stack == 0 && !busts.iter().any(|b| b.player == i) {
                return Err(ScenarioError::key(
                    "table.stacks",
                    format!("{} has no chips but does not bust", names[i]),
                ));
            }
        }
        for b in &busts {
            if let Some(by) = b.by
                && busts.iter().any(|o| o.player == by)
            {
                return Err(ScenarioError::key(
                    "bust.by",
                    format!("{} busts too and cannot have eliminated anyone", names[by]),
                ));
            }
        }
        // Amounts stay far from overflow: sums of prizes, stacks and bounties never wrap.
        let too_large = |key: &str, v: u64| {
            if v > MAX_AMOUNT {
                Err(ScenarioError::key(
                    key,
                    format!("{v} is more than {MAX_AMOUNT}"),
                ))
            } else {
                Ok(())
            }
        };
        for &v in &file.event.payouts {
            too_large("event.payouts", v)?;
        }
        too_large("event.bounty", file.event.bounty.unwrap_or(0))?;
        for &v in &stacks {
            too_large("table.stacks", v)?;
        }
        for b in &busts {
            too_large("bust.stack_at_start", b.stack_at_start)?;
        }
        let mut draw = DrawSpec::default();
        let mut dealt = HashSet::new();
        for (t, card) in &file.draw.source {
            let key = format!("draw.source.{t}");
            let card = parse_card(&key, card, &mut HashSet::new())?;
            if !dealt.insert(card) {
                return Err(ScenarioError::key(key, format!("{card} is dealt twice")));
            }
            draw.source.insert(table_index(&key, t)?, card);
        }
        let mut dealt = HashSet::new();
        for (p, card) in &file.draw.cards {
            let key = format!("draw.cards.{p}");
            let card = parse_card(&key, card, &mut dealt)?;
            draw.cards.insert(player(&key, p)?, card);
        }
        let mut taken = HashSet::new();
        for (p, at) in &file.draw.seats {
            let key = format!("draw.seats.{p}");
            let i = player(&key, p)?;
            let (t, seat) = at.rsplit_once('/').ok_or_else(|| {
                ScenarioError::key(&key, format!("\"{at}\" is not \"table/seat\""))
            })?;
            let t = table_index(&key, t)?;
            let seat: usize = seat
                .parse()
                .ok()
                .filter(|&s| (1..=engine::MAX_PLAYERS).contains(&s))
                .ok_or_else(|| ScenarioError::key(&key, format!("\"{seat}\" is not a seat")))?;
            if !taken.insert((t, seat)) {
                return Err(ScenarioError::key(key, format!("seat {at} is drawn twice")));
            }
            draw.seats.insert(i, (t, Seat((seat - 1) as u8)));
        }
        let expect = match file.expect {
            Some(e) => {
                let table_names: Vec<&str> = tables.iter().map(|t| t.name.as_str()).collect();
                Some(e.check_names(&names, &table_names)?)
            }
            None => None,
        };
        Ok(Scenario {
            profile,
            stud,
            seats_per_table,
            names,
            stacks,
            tables,
            busts,
            draw,
            payouts: file.event.payouts,
            bounty: file.event.bounty,
            hand_for_hand: file.event.hand_for_hand,
            expect,
        })
    }
}

fn parse_card(key: &str, text: &str, dealt: &mut HashSet<Card>) -> Result<Card, ScenarioError> {
    // "10h" as people write it is "Th".
    let written = match text.strip_prefix("10") {
        Some(suit) => format!("T{suit}"),
        None => text.to_string(),
    };
    let card: Card = written
        .parse()
        .map_err(|_| ScenarioError::key(key, format!("\"{text}\" is not a card of the deck")))?;
    if !dealt.insert(card) {
        return Err(ScenarioError::key(key, format!("{card} is dealt twice")));
    }
    Ok(card)
}

/// The PHH variant codes of the games the engine deals.
const GAMES: [&str; 12] = [
    "NT", "PT", "FT", "NO", "PO", "FO", "NO/8", "PO/8", "FO/8", "F7S", "F7S/8", "FR",
];

/// The stud games (seven card stud, stud hi/lo, razz).
fn is_stud(code: &str) -> bool {
    matches!(code, "F7S" | "F7S/8" | "FR")
}
