//! An event's configuration as TOML: the games (one, one per level, or a rotation of mixed
//! games), the structure (levels, breaks, colour-ups), stacks and chips, table size,
//! registration, re-entry, rebuys and add-ons, bounties, payouts, league points and the ruleset
//! profile. `EventConfig::from_toml` parses and checks it; a bad configuration is refused with
//! the field and the problem.

mod games;
mod validate;

use engine::RulebookId;
use serde::Deserialize;
use std::fmt;
use thiserror::Error;

pub use games::{RotateBy, RotationConfig, RotationGame};
pub use validate::{check_multitable_limits, validate};

/// Money and league points, in the smallest unit the event counts (cents, points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(transparent)]
pub struct Money(pub u64);

impl Money {
    /// The most a configured price, fee, bounty or payout unit may be: the chips' ceiling
    /// (issue 33 item 2), far above any real event and far below what the books' sums hold.
    pub const MAX_AMOUNT: Money = Money(engine::Chips::MAX_AMOUNT.0);

    /// `self + other`, or `None` on overflow.
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }

    /// `self * times`, or `None` on overflow.
    pub fn checked_mul(self, times: u64) -> Option<Money> {
        self.0.checked_mul(times).map(Money)
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A configuration refused: which field, and what is wrong with it.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{field}: {problem}")]
pub struct ConfigError {
    /// The field's path as written in the TOML, e.g. `levels[3].big_blind`.
    pub field: String,
    pub problem: String,
}

impl ConfigError {
    pub fn new(field: impl Into<String>, problem: impl Into<String>) -> ConfigError {
        ConfigError {
            field: field.into(),
            problem: problem.into(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameName {
    Holdem,
    Omaha,
    OmahaHilo,
    /// Seven card stud and its splits (HC-1): antes and a bring-in, at most 8 a table.
    Stud,
    StudHilo,
    Razz,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StructureName {
    NoLimit,
    PotLimit,
    /// Small bet and big bet by level; in flop games by default the big blind and twice it.
    FixedLimit,
    /// Spread limit (HC-1): any bet from the big blind (stud: the small bet) to the level's
    /// `spread_max` (HC-3.4.1).
    SpreadLimit,
}

/// Who deals the event's hands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableMode {
    /// The server deals every hand and the players act online.
    #[default]
    Online,
    /// Dealers deal real cards; the director learns what happens from reports (HC-1.8: the
    /// dealer calls a bust to the TD).
    Live,
}

/// What the blinds do once the listed levels run out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AfterLastLevel {
    /// Every level doubles the last (HC-1.6 "double-up").
    #[default]
    Double,
    /// The last level stays.
    Repeat,
}

/// One level: blinds for flop games, antes and a bring-in for stud, limits for fixed limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// Flop games only; a level dealing only stud has none (TDA-RP-10).
    #[serde(default)]
    pub small_blind: u64,
    #[serde(default)]
    pub big_blind: u64,
    /// Every player's ante; in stud too unless `stud_ante` says otherwise.
    #[serde(default)]
    pub ante: u64,
    /// A big-blind ante (TDA-RP-11), flop games only.
    #[serde(default)]
    pub big_blind_ante: u64,
    /// Stud's ante when it differs from the flop games' (HORSE: flop games without one).
    #[serde(default)]
    pub stud_ante: Option<u64>,
    /// Stud: the lowest up card's forced bet (razz: the highest), TDA-RP-10.
    #[serde(default)]
    pub bring_in: u64,
    /// Fixed limit: the bet of the first two rounds, which in stud completes the bring-in;
    /// by default the big blind.
    #[serde(default)]
    pub small_bet: Option<u64>,
    /// Fixed limit: the bet of the later rounds; by default twice the small bet.
    #[serde(default)]
    pub big_bet: Option<u64>,
    /// Spread limit: the largest bet or raise of this level (HC-3.4.1); needed by every level
    /// when the event deals spread limit.
    #[serde(default)]
    pub spread_max: Option<u64>,
    /// The game of this level, for events changing game by level without a rotation.
    #[serde(default)]
    pub game: Option<GameName>,
    /// This level's structure, when it differs from the event's.
    #[serde(default)]
    pub structure: Option<StructureName>,
    pub minutes: u32,
}

/// A break after a level; `colour_up` lists the denominations taken out of play at it, by a
/// chip race (TDA-24, HC-3.7, WWPLA-13, JPR-11).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Break {
    /// 1-based: the break comes after this level ends.
    pub after_level: u32,
    pub minutes: u32,
    #[serde(default)]
    pub colour_up: Vec<u64>,
}

/// What one entry costs and where the money goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuyIn {
    /// To the prize pool.
    pub prize: Money,
    /// To the house.
    #[serde(default)]
    pub fee: Money,
    /// On the player's head (HC-1.2: at most half the buy-in).
    #[serde(default)]
    pub bounty: Money,
}

impl BuyIn {
    /// What one entry costs: prize, fee and bounty; `None` past what a u64 holds.
    pub fn total(&self) -> Option<Money> {
        self.prize.checked_add(self.fee)?.checked_add(self.bounty)
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Registration {
    /// Late registration stays open through the end of this level; 0: none after the start
    /// (TDA-8A).
    #[serde(default)]
    pub late_until_level: u32,
    /// Seats on offer; 0: as many as come. Players beyond it wait as alternates (TDA-8A).
    #[serde(default)]
    pub max_entrants: u32,
    /// Anyone may register themselves from the player page; off (the default), only the TD
    /// registers players.
    #[serde(default)]
    pub public: bool,
}

/// Buying a new stack after busting, with a new random seat (TDA-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReEntry {
    /// Open through the end of this level.
    pub until_level: u32,
    /// Entries per player, the first included; 0: no limit.
    #[serde(default)]
    pub max_entries: u32,
    /// A player may give up their chips between hands and buy a new stack; the chips given up
    /// leave play (TDA-8B). Off (the default), only a busted player re-enters.
    #[serde(default)]
    pub surrender: bool,
}

/// When a rebuy may be bought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RebuyWhen {
    /// Only with no chips left (HC-1.1).
    Busted,
    /// With the starting stack or less, declared before a hand (TDA-27).
    AtOrBelowStart,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rebuy {
    /// Open until the first hand of the next level (HC-1.1: the first four levels).
    pub until_level: u32,
    pub when: RebuyWhen,
    pub stack: u64,
    pub price: Money,
    /// Rebuys per player; 0: no limit.
    #[serde(default)]
    pub max: u32,
}

/// An add-on offered at the end of a level (HC-1.1: the end of level four).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddOn {
    pub after_level: u32,
    pub stack: u64,
    pub price: Money,
}

/// Players who have not taken their seat are blinded off and removed at the first hand of this
/// level (HC-1.4: level 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LatePlayers {
    pub removed_at_level: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BountyKind {
    /// The whole bounty to the eliminator (HC-1.2).
    Fixed,
    /// Progressive knockout: half to the eliminator, half onto the eliminator's own head.
    Progressive,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bounties {
    pub kind: BountyKind,
    /// The winner is paid their own bounty too (HC-1.2).
    #[serde(default = "yes")]
    pub winner_keeps_own: bool,
}

fn yes() -> bool {
    true
}

/// Percentages of the prize pool for fields between `entrants[0]` and `entrants[1]`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PayoutRow {
    pub entrants: [u32; 2],
    /// First place first; up to two decimals, summing to 100.
    pub percent: Vec<f64>,
}

/// Beyond the table: pay `paid_percent` of the field, each place `ratio` of the one above
/// (a geometric curve).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PayoutCurve {
    pub paid_percent: f64,
    pub ratio: f64,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Payouts {
    /// Prizes are rounded to this unit; remainders go to the higher place.
    #[serde(default = "one")]
    pub unit: Money,
    #[serde(default)]
    pub table: Vec<PayoutRow>,
    /// For fields larger than the table covers.
    #[serde(default)]
    pub curve: Option<PayoutCurve>,
}

fn one() -> Money {
    Money(1)
}

/// Hand-for-hand near the money (TDA-RP-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandForHand {
    /// Starts when this many players more than the places paid are left (1: the bubble).
    #[serde(default = "one_u32")]
    pub players_over_paid: u32,
    /// Taken off the clock per hand (TDA-RP-8B: 2 minutes).
    #[serde(default = "two")]
    pub minutes_per_hand: u32,
}

fn one_u32() -> u32 {
    1
}
fn two() -> u32 {
    2
}

impl Default for HandForHand {
    fn default() -> Self {
        HandForHand {
            players_over_paid: 1,
            minutes_per_hand: 2,
        }
    }
}

/// League points (HC-4) by a formula over `entrants`, `place`, `buy_in`, `prize`,
/// `knockouts`, e.g. `10 * sqrt(entrants) / sqrt(place)`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct League {
    pub formula: String,
}

/// A whole event, as the TOML says it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventConfig {
    pub name: String,
    /// The ruleset profile: `tda`, `wwpla`, `hc`, `dg` or `jpr` (case and spaces around do not
    /// matter), read as the rulebook's id so that every check compares the same value.
    #[serde(default, deserialize_with = "rulebook")]
    pub profile: RulebookId,
    /// Who deals: the server (`online`) or dealers with real cards (`live`).
    #[serde(default)]
    pub tables: TableMode,
    #[serde(default = "holdem")]
    pub game: GameName,
    #[serde(default = "no_limit")]
    pub structure: StructureName,
    pub table_size: u8,
    /// The final table's size; default by the profile (TDA-RP-9, HC-1.7).
    #[serde(default)]
    pub final_table_size: Option<u8>,
    pub starting_stack: u64,
    /// Chip denominations in play at the start, smallest first.
    pub chips: Vec<u64>,
    pub levels: Vec<Level>,
    #[serde(default)]
    pub after_last_level: AfterLastLevel,
    #[serde(default)]
    pub breaks: Vec<Break>,
    #[serde(default)]
    pub buy_in: BuyIn,
    #[serde(default)]
    pub registration: Registration,
    #[serde(default)]
    pub re_entry: Option<ReEntry>,
    #[serde(default)]
    pub rebuy: Option<Rebuy>,
    #[serde(default)]
    pub add_on: Option<AddOn>,
    #[serde(default)]
    pub late_players: Option<LatePlayers>,
    #[serde(default)]
    pub bounties: Option<Bounties>,
    pub payouts: Payouts,
    #[serde(default)]
    pub hand_for_hand: HandForHand,
    #[serde(default)]
    pub league: Option<League>,
    /// Mixed games: the games in turn, by hands or by level (HC-1, TDA-11B).
    #[serde(default)]
    pub rotation: Option<RotationConfig>,
    /// The languages allowed at the tables, as the organiser announces them (TDA-6): shown on
    /// the big screen and the tablets. Empty (the default): none announced.
    #[serde(default)]
    pub table_languages: Vec<String>,
}

/// A profile by its id, refused with the ids there are.
fn rulebook<'de, D: serde::Deserializer<'de>>(d: D) -> Result<RulebookId, D::Error> {
    let text = String::deserialize(d)?;
    text.parse().map_err(serde::de::Error::custom)
}
fn holdem() -> GameName {
    GameName::Holdem
}
fn no_limit() -> StructureName {
    StructureName::NoLimit
}

/// The templates shipped with the binary, by name.
pub const TEMPLATES: [(&str, &str); 4] = [
    ("hc", include_str!("../../templates/hc.toml")),
    ("deepstack", include_str!("../../templates/deepstack.toml")),
    ("turbo", include_str!("../../templates/turbo.toml")),
    ("horse", include_str!("../../templates/horse.toml")),
];

impl EventConfig {
    /// Parses and checks a configuration.
    pub fn from_toml(text: &str) -> Result<EventConfig, ConfigError> {
        let config: EventConfig = toml::from_str(text).map_err(|e| syntax_error(text, &e))?;
        validate(&config)?;
        Ok(config)
    }

    /// A shipped template by name (`hc`, `deepstack`, `turbo`, `horse`).
    pub fn template(name: &str) -> Result<EventConfig, ConfigError> {
        let text = TEMPLATES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
            .ok_or_else(|| {
                let names: Vec<&str> = TEMPLATES.iter().map(|(n, _)| *n).collect();
                ConfigError::new(
                    "template",
                    format!("no template {name:?}; there are {}", names.join(", ")),
                )
            })?;
        EventConfig::from_toml(text)
    }

    /// The blinds of 0-based level `index`, doubling or repeating after the last listed one.
    pub fn level(&self, index: usize) -> Level {
        if let Some(level) = self.levels.get(index) {
            return *level;
        }
        let Some(&last) = self.levels.last() else {
            return Level {
                small_blind: 1,
                big_blind: 2,
                ante: 0,
                big_blind_ante: 0,
                stud_ante: None,
                bring_in: 0,
                small_bet: None,
                big_bet: None,
                spread_max: None,
                game: None,
                structure: None,
                minutes: 15,
            };
        };
        match self.after_last_level {
            AfterLastLevel::Repeat => last,
            AfterLastLevel::Double => {
                let beyond = (index + 1 - self.levels.len()).min(40) as u32;
                let factor = 1u64 << beyond;
                let times = |v: u64| v.saturating_mul(factor);
                Level {
                    small_blind: times(last.small_blind),
                    big_blind: times(last.big_blind),
                    ante: times(last.ante),
                    big_blind_ante: times(last.big_blind_ante),
                    stud_ante: last.stud_ante.map(times),
                    bring_in: times(last.bring_in),
                    small_bet: last.small_bet.map(times),
                    big_bet: last.big_bet.map(times),
                    spread_max: last.spread_max.map(times),
                    ..last
                }
            }
        }
    }

    /// The break after 1-based level `level`, if any.
    pub fn break_after(&self, level: u32) -> Option<&Break> {
        self.breaks.iter().find(|b| b.after_level == level)
    }
}

/// A TOML or type error, named by the key it happened at where the span shows one: the table
/// header above it (`[[levels]]` counted from 0) and the key on its line.
fn syntax_error(text: &str, error: &toml::de::Error) -> ConfigError {
    let message = error.message();
    let Some(offset) = error.span().map(|s| s.start.min(text.len())) else {
        return ConfigError::new("config", message);
    };
    let mut table = String::new();
    let mut seen: Vec<String> = Vec::new();
    let mut key = String::new();
    let mut line_number = 0;
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        line_number += 1;
        let trimmed = line.trim();
        if let Some(name) = trimmed
            .strip_prefix("[[")
            .and_then(|t| t.split("]]").next())
        {
            let name = name.trim().to_string();
            seen.push(name.clone());
            let index = seen.iter().filter(|n| **n == name).count() - 1;
            table = format!("{name}[{index}]");
            key.clear();
        } else if let Some(name) = trimmed.strip_prefix('[').and_then(|t| t.split(']').next()) {
            table = name.trim().to_string();
            key.clear();
        } else if let Some((k, _)) = trimmed
            .split_once('=')
            .filter(|_| !trimmed.starts_with('#'))
        {
            key = k.trim().trim_matches('"').to_string();
        }
        start += line.len();
        if start > offset {
            break;
        }
    }
    if let Some(missing) = message.strip_prefix("missing field `") {
        key = missing.split('`').next().unwrap_or_default().to_string();
    }
    let field = match (table.is_empty(), key.is_empty()) {
        (true, true) => "config".to_string(),
        (true, false) => key,
        (false, true) => table,
        (false, false) => format!("{table}.{key}"),
    };
    ConfigError::new(field, format!("{message} (line {line_number})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_parse() {
        for (name, _) in TEMPLATES {
            let config = EventConfig::template(name).unwrap();
            assert!(!config.levels.is_empty(), "{name}");
        }
    }
}
