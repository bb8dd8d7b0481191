//! Director scenarios (`SCENARIOS.md`): a TOML file describes every table just after a hand,
//! the players it busted and the cards drawn at the tables; the evaluator asks the director's
//! own decision functions (balancing, breaking, the final table, places, prizes, bounties, the
//! dead button) what to do now and checks the answer against `[expect]`.

mod eval;
mod expect;
mod input;
mod verdict;

pub use eval::{Instruction, Move, Outcome, evaluate};
pub use expect::Expect;
pub use input::{BustSpec, DrawSpec, Scenario, TableSpec};

use thiserror::Error;

/// A scenario that cannot be read or does not describe a possible event.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScenarioError {
    #[error("{0}")]
    Toml(String),
    #[error("`{key}`: {problem}")]
    Key { key: String, problem: String },
}

impl ScenarioError {
    pub(crate) fn key(key: impl Into<String>, problem: impl Into<String>) -> ScenarioError {
        ScenarioError::Key {
            key: key.into(),
            problem: problem.into(),
        }
    }
}

/// A scenario run: what the director does, and what `[expect]` found wrong.
#[derive(Clone, Debug)]
pub struct Report {
    pub profile: &'static str,
    pub outcome: Outcome,
    pub expect: Option<Expect>,
    pub mismatches: Vec<String>,
}

impl Report {
    pub fn passed(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// Whether a TOML text is a director scenario (`kind = "director"`).
pub fn is_director(text: &str) -> bool {
    text.parse::<toml::Table>()
        .ok()
        .and_then(|t| {
            t.get("kind")
                .and_then(|k| k.as_str().map(|k| k == "director"))
        })
        .unwrap_or(false)
}

/// Reads, evaluates and checks one director scenario.
pub fn run(text: &str) -> Result<Report, ScenarioError> {
    let scenario = Scenario::from_toml(text)?;
    let outcome = evaluate(&scenario)?;
    let mismatches = match &scenario.expect {
        Some(expect) => expect.check(&outcome),
        None => Vec::new(),
    };
    Ok(Report {
        profile: scenario.profile.id.id(),
        outcome,
        expect: scenario.expect,
        mismatches,
    })
}
