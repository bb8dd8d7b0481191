//! The ruleset a floor rules under: one of the engine's rulebooks, TDA 2019 by default, each
//! house rulebook a profile that changes only what it says differently
//! (`../shared/rules/README.md`). Scenario files and the dealer tablet name TDA `tda2019`
//! (`RulebookId::scenario_id`); `tda` is taken too.

pub use engine::RulebookId as Profile;
