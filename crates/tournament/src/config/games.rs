//! The games of an event: one game, a game per level, or a rotation of mixed games by hands or
//! by level (HC-1, TDA-11B); each level's stakes for them, and the checks they must pass
//! (TDA-RP-10: stud has antes and a bring-in, no blinds, at most eight players a table).

use super::{ConfigError, EventConfig, GameName, StructureName};
use engine::{Betting, Game, GameKind, Rotation, Stakes};
use serde::de::IntoDeserializer;
use serde::{Deserialize, Deserializer};

type Checked<T = ()> = Result<T, ConfigError>;

fn refuse<T>(field: impl Into<String>, problem: impl Into<String>) -> Checked<T> {
    Err(ConfigError::new(field, problem))
}

/// When a rotation moves on to the next game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RotateBy {
    /// Each game for `hands` hands at a table.
    #[default]
    Hands,
    /// One game per level.
    Level,
}

/// One game of a rotation: `"razz"`, or `{ game = "holdem", structure = "no-limit", hands = 6 }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RotationGame {
    pub game: GameName,
    /// Its structure, when it differs from the event's.
    pub structure: Option<StructureName>,
    /// Its hands, when they differ from the rotation's.
    pub hands: Option<u32>,
}

/// `[rotation]`: mixed games in turn (HORSE: holdem, omaha-hilo, razz, stud, stud-hilo).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RotationConfig {
    pub games: Vec<RotationGame>,
    /// Hands of each game at a table (8 is usual at 8-handed tables).
    #[serde(default = "eight")]
    pub hands: u32,
    #[serde(default)]
    pub by: RotateBy,
}

fn eight() -> u32 {
    8
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    game: String,
    #[serde(default)]
    structure: Option<String>,
    #[serde(default)]
    hands: Option<u32>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawGame {
    Name(String),
    Entry(RawEntry),
}

/// A name as the TOML spells it, with serde's "expected one of" on a typo.
fn named<T: for<'de> Deserialize<'de>>(name: &str) -> Result<T, String> {
    let de: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
        name.into_deserializer();
    T::deserialize(de).map_err(|e| e.to_string())
}

impl<'de> Deserialize<'de> for RotationGame {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = RawGame::deserialize(deserializer).map_err(|_| {
            serde::de::Error::custom(
                "a game is a name (\"razz\") or a table with game and, optionally, structure and hands",
            )
        })?;
        let (game, structure, hands) = match raw {
            RawGame::Name(game) => (game, None, None),
            RawGame::Entry(e) => (e.game, e.structure, e.hands),
        };
        let game = named(&game).map_err(serde::de::Error::custom)?;
        let structure = match structure {
            Some(s) => Some(named(&s).map_err(serde::de::Error::custom)?),
            None => None,
        };
        Ok(RotationGame {
            game,
            structure,
            hands,
        })
    }
}

pub(crate) fn game(name: GameName) -> Game {
    match name {
        GameName::Holdem => Game::Holdem,
        GameName::Omaha => Game::Omaha,
        GameName::OmahaHilo => Game::OmahaHiLo,
        GameName::Stud => Game::Stud,
        GameName::StudHilo => Game::StudHiLo,
        GameName::Razz => Game::Razz,
    }
}

fn betting(name: StructureName) -> Betting {
    match name {
        StructureName::NoLimit => Betting::NoLimit,
        StructureName::PotLimit => Betting::PotLimit,
        StructureName::FixedLimit => Betting::FixedLimit,
        StructureName::SpreadLimit => Betting::SpreadLimit,
    }
}

impl EventConfig {
    /// The engine's rotation of a mixed event.
    pub fn rotation(&self) -> Option<Rotation> {
        let r = self.rotation.as_ref()?;
        let kind = |g: &RotationGame| GameKind {
            game: game(g.game),
            betting: betting(g.structure.unwrap_or(self.structure)),
        };
        let rotation = match r.by {
            RotateBy::Level => Rotation::by_level(r.games.iter().map(kind).collect()),
            RotateBy::Hands => Rotation::by_hands(
                (r.games.iter())
                    .map(|g| (kind(g), g.hands.unwrap_or(r.hands)))
                    .collect(),
            ),
        };
        rotation.ok()
    }

    /// The game of a hand at 0-based `level` at a table that has played `hands_played` hands of
    /// the rotation: the level's game, the rotation's, or the event's.
    pub fn game_of_hand(&self, level: usize, hands_played: u64) -> GameKind {
        self.game_with(self.rotation().as_ref(), level, hands_played)
    }

    /// As `game_of_hand`, with the rotation made once by the caller.
    pub fn game_with(&self, rotation: Option<&Rotation>, level: usize, played: u64) -> GameKind {
        let l = self.level(level);
        match (l.game, rotation) {
            (None, Some(rotation)) => rotation.game(played, level),
            (name, _) => GameKind {
                game: game(name.unwrap_or(self.game)),
                betting: betting(l.structure.unwrap_or(self.structure)),
            },
        }
    }

    /// Every game a hand at 0-based `level` may be.
    pub fn games_at(&self, level: usize) -> Vec<GameKind> {
        match self.rotation() {
            Some(r) if self.level(level).game.is_none() && r.switch() == engine::Switch::Hands => {
                let mut kinds: Vec<GameKind> = r.games().iter().map(|&(k, _)| k).collect();
                kinds.dedup();
                kinds
            }
            r => vec![self.game_with(r.as_ref(), level, 0)],
        }
    }

    /// The stakes of 0-based `level`: a stud ante by default the ante, a small bet by default
    /// the big blind, a big bet by default twice the small bet.
    pub fn stakes(&self, level: usize) -> Stakes {
        let l = self.level(level);
        let small_bet = l.small_bet.unwrap_or(l.big_blind);
        Stakes {
            small_blind: engine::Chips(l.small_blind),
            big_blind: engine::Chips(l.big_blind),
            ante: engine::Chips(l.ante),
            big_blind_ante: engine::Chips(l.big_blind_ante),
            stud_ante: engine::Chips(l.stud_ante.unwrap_or(l.ante)),
            bring_in: engine::Chips(l.bring_in),
            small_bet: engine::Chips(small_bet),
            big_bet: engine::Chips(l.big_bet.unwrap_or(small_bet.saturating_mul(2))),
            spread_max: engine::Chips(l.spread_max.unwrap_or(0)),
        }
    }

    /// Whether any hand of the event may be spread limit.
    pub fn deals_spread_limit(&self) -> bool {
        let or_event = |s: Option<StructureName>| s.unwrap_or(self.structure);
        let levels = self.levels.iter().map(|l| or_event(l.structure));
        let rotation = (self.rotation.iter()).flat_map(|r| r.games.iter().map(|g| g.structure));
        (levels.chain(rotation.map(or_event))).any(|s| s == StructureName::SpreadLimit)
    }

    /// Whether any hand of the event may be stud.
    pub fn deals_stud(&self) -> bool {
        self.game_names().any(|g| game(g).is_stud())
    }

    /// Whether any hand of the event may be fixed limit.
    pub fn deals_fixed_limit(&self) -> bool {
        let or_event = |s: Option<StructureName>| s.unwrap_or(self.structure);
        let levels = self.levels.iter().map(|l| or_event(l.structure));
        let rotation = (self.rotation.iter()).flat_map(|r| r.games.iter().map(|g| g.structure));
        (levels.chain(rotation.map(or_event))).any(|s| s == StructureName::FixedLimit)
    }

    /// Whether every hand of the event is stud (TDA-11A: players then move by position).
    pub fn stud_only(&self) -> bool {
        self.game_names().all(|g| game(g).is_stud())
    }

    fn game_names(&self) -> impl Iterator<Item = GameName> + '_ {
        let levels = self.levels.iter().map(|l| l.game);
        let rotation = self
            .rotation
            .iter()
            .flat_map(|r| r.games.iter().map(|g| g.game));
        let plain = self.levels.iter().any(|l| l.game.is_none()) && self.rotation.is_none();
        levels
            .flatten()
            .chain(rotation)
            .chain(plain.then_some(self.game))
    }
}

/// The checks of the games: the rotation, the table size for stud, and each level's stakes for
/// the games it deals.
pub(super) fn check(config: &EventConfig) -> Checked {
    if let Some(r) = &config.rotation {
        rotation(config, r)?;
    }
    if config.deals_stud() {
        let stud = "stud deals to at most 8 players, seven cards each (TDA-RP-10H)";
        if config.table_size > 8 {
            let problem = format!("{stud}; a table of {} is too large", config.table_size);
            return refuse("table_size", problem);
        }
        if let Some(size) = config.final_table_size.filter(|&s| s > 8) {
            return refuse("final_table_size", format!("{stud}, not {size}"));
        }
    }
    for k in 0..config.levels.len() {
        level(config, k)?;
    }
    Ok(())
}

fn rotation(config: &EventConfig, r: &RotationConfig) -> Checked {
    if r.games.is_empty() {
        return refuse("rotation.games", "at least one game is needed");
    }
    if r.hands == 0 {
        return refuse("rotation.hands", "each game is played at least 1 hand");
    }
    for (i, g) in r.games.iter().enumerate() {
        match (r.by, g.hands) {
            (RotateBy::Hands, Some(0)) => {
                let problem = "each game is played at least 1 hand";
                return refuse(format!("rotation.games[{i}].hands"), problem);
            }
            (RotateBy::Level, Some(_)) => {
                let problem = "by level each game is played for a level, not a number of hands";
                return refuse(format!("rotation.games[{i}].hands"), problem);
            }
            _ => {}
        }
    }
    for (k, l) in config.levels.iter().enumerate() {
        let problem = "the [rotation] gives each hand's game and structure; a level may not";
        if l.game.is_some() {
            return refuse(format!("levels[{k}].game"), problem);
        }
        if l.structure.is_some() {
            return refuse(format!("levels[{k}].structure"), problem);
        }
    }
    Ok(())
}

/// One level's stakes for the games it deals.
fn level(config: &EventConfig, k: usize) -> Checked {
    let l = config.levels[k];
    let field = |name: &str| format!("levels[{k}].{name}");
    let kinds = config.games_at(k);
    let stakes = config.stakes(k);
    if let Some(stud) = kinds.iter().find(|g| g.game.is_stud()) {
        let name = stud.game.name();
        if l.bring_in == 0 {
            let problem = format!("{name} needs a bring-in above 0 (TDA-RP-10)");
            return refuse(field("bring_in"), problem);
        }
        let complete = stakes.small_bet.0;
        if complete == 0 {
            let problem = format!("{name} needs a small bet: the bet completing the bring-in");
            return refuse(field("small_bet"), problem);
        }
        if l.bring_in > complete {
            let problem = format!(
                "{} is above the small bet {complete}, which completes it (TDA-RP-10)",
                l.bring_in
            );
            return refuse(field("bring_in"), problem);
        }
    }
    if config.stud_only() {
        for (name, value) in [
            ("small_blind", l.small_blind),
            ("big_blind", l.big_blind),
            ("big_blind_ante", l.big_blind_ante),
        ] {
            if value > 0 {
                let problem = "the event deals only stud, which has no blinds: antes and a bring-in (TDA-RP-10)";
                return refuse(field(name), problem);
            }
        }
    }
    // Stakes for games the event never deals are a mistake; a level of a rotation by level
    // may carry the stakes of every game.
    if !config.deals_stud() && (l.bring_in > 0 || l.stud_ante.is_some()) {
        let name = if l.bring_in > 0 {
            "bring_in"
        } else {
            "stud_ante"
        };
        return refuse(field(name), "the event deals no stud game");
    }
    if !config.deals_stud()
        && !config.deals_fixed_limit()
        && (l.small_bet.is_some() || l.big_bet.is_some())
    {
        let name = if l.small_bet.is_some() {
            "small_bet"
        } else {
            "big_bet"
        };
        return refuse(field(name), "the event deals no fixed-limit or stud game");
    }
    if kinds.iter().any(|g| g.betting == Betting::FixedLimit) {
        if stakes.small_bet.is_zero() {
            return refuse(field("small_bet"), "fixed limit needs a small bet above 0");
        }
        if stakes.big_bet < stakes.small_bet {
            let problem = format!(
                "{} is below the small bet {}",
                stakes.big_bet, stakes.small_bet
            );
            return refuse(field("big_bet"), problem);
        }
    }
    Ok(())
}
