//! Rulesets as data: TDA 2019 by default, each house rulebook a profile file that names only what
//! it changes (`profiles/*.toml`, see the table in `../shared/rules/README.md`).

use serde::Deserialize;
use std::sync::{Arc, OnceLock};
use thiserror::Error;

/// Who may still raise in fixed limit once two players are left (TDA-48, HC-3.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CapHeadsUp {
    /// TDA-48: the cap holds heads-up until the whole event is down to two players.
    UntilEventHeadsUp,
    /// HC-3.4.1 c): no cap heads-up, except in tournaments.
    TournamentOnly,
}

/// What the others owe when the big blind is all-in for less than the blind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShortBigBlind {
    /// WWPLA-11, HC-1.13.2: play goes on as if the full big blind had been posted.
    FullBlindOwed,
    /// Only the amount actually posted is owed.
    PostedAmount,
}

/// What happens to a player who is away from the table when a hand starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AbsentPlayers {
    /// TDA-30, WWPLA-12: dealt in, blinds and antes posted, the hand killed.
    DealtIn,
    /// DG-8a: skipped entirely.
    Skipped,
}

/// One ruleset: what the engine applies where the rulebooks differ.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    pub name: Arc<str>,
    /// Bets and raises allowed in one fixed-limit betting round, the opening bet included.
    pub limit_raise_cap: u8,
    pub limit_cap_heads_up: CapHeadsUp,
    pub short_big_blind: ShortBigBlind,
    pub absent_players: AbsentPlayers,
    pub straddles: bool,
}

/// The profiles shipped with the engine, by short id.
pub const PROFILES: [(&str, &str); 5] = [
    ("tda", include_str!("../profiles/tda.toml")),
    ("wwpla", include_str!("../profiles/wwpla.toml")),
    ("hc", include_str!("../profiles/hc.toml")),
    ("dg", include_str!("../profiles/dg.toml")),
    ("jpr", include_str!("../profiles/jpr.toml")),
];

#[derive(Debug, Error)]
pub enum ProfileError {
    #[error("unknown ruleset profile '{0}' (known: tda, wwpla, hc, dg, jpr)")]
    Unknown(String),
    #[error("ruleset profile is not valid TOML: {0}")]
    Syntax(String),
    #[error("ruleset profile: {0}")]
    Invalid(String),
}

impl Ruleset {
    /// TDA 2019, the default.
    pub fn tda() -> Ruleset {
        static TDA: OnceLock<Ruleset> = OnceLock::new();
        TDA.get_or_init(|| Ruleset::profile("tda").expect("the shipped TDA profile is valid"))
            .clone()
    }

    /// A shipped profile by id: `tda`, `wwpla`, `hc`, `dg`, `jpr`.
    pub fn profile(id: &str) -> Result<Ruleset, ProfileError> {
        let text = PROFILES
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(id))
            .map(|(_, text)| *text)
            .ok_or_else(|| ProfileError::Unknown(id.to_string()))?;
        Ruleset::from_profile_text(text)
    }

    /// A profile's text laid over TDA 2019: keys it does not name keep the TDA value.
    pub fn from_profile_text(text: &str) -> Result<Ruleset, ProfileError> {
        let parse = |t: &str| {
            t.parse::<toml::Table>()
                .map_err(|e| ProfileError::Syntax(e.to_string()))
        };
        let mut merged = parse(PROFILES[0].1)?;
        for (key, value) in parse(text)? {
            merged.insert(key, value);
        }
        merged
            .try_into()
            .map_err(|e: toml::de::Error| ProfileError::Invalid(e.to_string()))
    }
}
