//! The one list of rulebooks an event can run under, by id, and the one merge of a profile file
//! over TDA 2019 that the engine's, the director's and the floor's profiles share.

use serde::de::DeserializeOwned;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// One of the five rulebooks of `../shared/rules/README.md`: TDA 2019 by default, the others
/// house rulebooks whose profiles name only what they change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RulebookId {
    Tda,
    Wwpla,
    Hc,
    Dg,
    Jpr,
}

/// TDA 2019 is the default (`../shared/rules/README.md`).
impl Default for RulebookId {
    fn default() -> RulebookId {
        RulebookId::Tda
    }
}

/// The ids `FromStr` takes, as refusals list them.
pub const KNOWN_IDS: &str = "tda (or tda2019), wwpla, hc, dg, jpr";

#[derive(Debug, Error)]
pub enum ProfileError {
    #[error("unknown ruleset profile '{0}' (known: {KNOWN_IDS})")]
    Unknown(String),
    #[error("ruleset profile is not valid TOML: {0}")]
    Syntax(String),
    #[error("ruleset profile: {0}")]
    Invalid(String),
}

impl RulebookId {
    pub const ALL: [RulebookId; 5] = [
        RulebookId::Tda,
        RulebookId::Wwpla,
        RulebookId::Hc,
        RulebookId::Dg,
        RulebookId::Jpr,
    ];

    /// The short id: the profile files' names and the event configs' `profile`.
    pub fn id(self) -> &'static str {
        match self {
            RulebookId::Tda => "tda",
            RulebookId::Wwpla => "wwpla",
            RulebookId::Hc => "hc",
            RulebookId::Dg => "dg",
            RulebookId::Jpr => "jpr",
        }
    }

    /// The id the floor's scenario files and the dealer tablet's wire use: TDA is `tda2019`
    /// there, kept so that old files and logs read the same.
    pub fn scenario_id(self) -> &'static str {
        match self {
            RulebookId::Tda => "tda2019",
            other => other.id(),
        }
    }

    /// The rulebook's name.
    pub fn name(self) -> &'static str {
        match self {
            RulebookId::Tda => "TDA 2019",
            RulebookId::Wwpla => "WWPLA",
            RulebookId::Hc => "Hold'em Cologne",
            RulebookId::Dg => "Dealer's guide",
            RulebookId::Jpr => "Joker's Poker Room",
        }
    }

    /// The engine's profile file of this rulebook (`profiles/*.toml`).
    pub(crate) fn table_profile(self) -> &'static str {
        match self {
            RulebookId::Tda => include_str!("../profiles/tda.toml"),
            RulebookId::Wwpla => include_str!("../profiles/wwpla.toml"),
            RulebookId::Hc => include_str!("../profiles/hc.toml"),
            RulebookId::Dg => include_str!("../profiles/dg.toml"),
            RulebookId::Jpr => include_str!("../profiles/jpr.toml"),
        }
    }
}

impl FromStr for RulebookId {
    type Err = ProfileError;

    /// Case and surrounding spaces do not matter; `tda2019` is TDA's id in scenario files.
    fn from_str(s: &str) -> Result<RulebookId, ProfileError> {
        let wanted = s.trim().to_ascii_lowercase();
        if wanted == "tda2019" {
            return Ok(RulebookId::Tda);
        }
        RulebookId::ALL
            .into_iter()
            .find(|r| r.id() == wanted)
            .ok_or_else(|| ProfileError::Unknown(s.to_string()))
    }
}

impl fmt::Display for RulebookId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A profile's text laid over the TDA text: keys it does not name keep the TDA value.
pub fn merge_over_tda<T: DeserializeOwned>(tda: &str, profile: &str) -> Result<T, ProfileError> {
    let parse = |t: &str| {
        t.parse::<toml::Table>()
            .map_err(|e| ProfileError::Syntax(e.to_string()))
    };
    let mut merged = parse(tda)?;
    merged.extend(parse(profile)?);
    merged
        .try_into()
        .map_err(|e: toml::de::Error| ProfileError::Invalid(e.to_string()))
}
