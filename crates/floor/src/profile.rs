//! The ruleset a floor rules under: TDA 2019 by default, each house rulebook a profile that
//! changes only what it says differently (`../shared/rules/README.md`).

use engine::Ruleset;
use std::fmt;

/// One of the five rulebooks, as an event's profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    Tda,
    Wwpla,
    Hc,
    Dg,
    Jpr,
}

impl Profile {
    pub const ALL: [Profile; 5] = [
        Profile::Tda,
        Profile::Wwpla,
        Profile::Hc,
        Profile::Dg,
        Profile::Jpr,
    ];

    /// A profile by its scenario id (`tda2019`, `wwpla`, `hc`, `dg`, `jpr`); `tda` is taken too.
    pub fn from_id(id: &str) -> Option<Profile> {
        Some(match id.trim().to_ascii_lowercase().as_str() {
            "tda2019" | "tda" => Profile::Tda,
            "wwpla" => Profile::Wwpla,
            "hc" => Profile::Hc,
            "dg" => Profile::Dg,
            "jpr" => Profile::Jpr,
            _ => return None,
        })
    }

    /// The id used in scenario files.
    pub fn id(self) -> &'static str {
        match self {
            Profile::Tda => "tda2019",
            Profile::Wwpla => "wwpla",
            Profile::Hc => "hc",
            Profile::Dg => "dg",
            Profile::Jpr => "jpr",
        }
    }

    /// The engine's ruleset of the same rulebook.
    pub fn ruleset(self) -> Ruleset {
        let id = match self {
            Profile::Tda => "tda",
            other => other.id(),
        };
        Ruleset::profile(id).unwrap_or_else(|_| Ruleset::tda())
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Profile::Tda => "TDA 2019",
            Profile::Wwpla => "WWPLA",
            Profile::Hc => "Hold'em Cologne",
            Profile::Dg => "Dealer's guide",
            Profile::Jpr => "Joker's Poker Room",
        })
    }
}
