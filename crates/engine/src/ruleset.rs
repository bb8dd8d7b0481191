//! Rulesets as data: TDA 2019 by default, each house rulebook a profile file that names only what
//! it changes (`profiles/*.toml`, see the table in `../shared/rules/README.md`).

use crate::rule::Rule;
use crate::rulebook::{ProfileError, RulebookId, merge_over_tda};
use serde::Deserialize;
use std::sync::{Arc, OnceLock};

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

impl Ruleset {
    /// TDA 2019, the default.
    pub fn tda() -> Ruleset {
        Ruleset::of(RulebookId::Tda)
    }

    /// The shipped profile of a rulebook. The five files are checked by the tests, so a bad
    /// one cannot ship.
    pub fn of(id: RulebookId) -> Ruleset {
        static ALL: OnceLock<Vec<Ruleset>> = OnceLock::new();
        let all = ALL.get_or_init(|| {
            RulebookId::ALL
                .iter()
                .map(|r| {
                    Ruleset::from_profile_text(r.table_profile())
                        .expect("the shipped profiles are valid")
                })
                .collect()
        });
        all[id as usize].clone()
    }

    /// A shipped profile by id: `tda` (or `tda2019`), `wwpla`, `hc`, `dg`, `jpr`.
    pub fn profile(id: &str) -> Result<Ruleset, ProfileError> {
        Ok(Ruleset::of(id.parse()?))
    }

    /// A profile's text laid over TDA 2019: keys it does not name keep the TDA value.
    pub fn from_profile_text(text: &str) -> Result<Ruleset, ProfileError> {
        merge_over_tda(RulebookId::Tda.table_profile(), text)
    }
}

impl Ruleset {
    /// The rule of this ruleset's rulebook that forbids straddles (WWPLA-9, HC-1.12); the
    /// rulebook is known by its name, which the tests keep equal to `RulebookId::name`.
    pub fn straddle_rule(&self) -> Option<Rule> {
        let rulebook = RulebookId::ALL
            .into_iter()
            .find(|r| r.name() == &*self.name)?;
        match rulebook {
            RulebookId::Wwpla => Some(rule!("WWPLA-9")),
            RulebookId::Hc => Some(rule!("HC-1.12")),
            _ => None,
        }
    }
}

impl RulebookId {
    /// The engine's ruleset of this rulebook.
    pub fn ruleset(self) -> Ruleset {
        Ruleset::of(self)
    }
}
