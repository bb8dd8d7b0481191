//! The rule index (`rules/index.toml` at the repository's root): every rule id the five
//! rulebooks define, what the software does with it, and where. It is built into the binary so
//! that `croupier rules` and the checks need nothing beside the checkout; the rulebooks' texts
//! stay out of the repository.

use crate::RulebookId;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use thiserror::Error;

/// The index as the repository holds it.
pub const INDEX_TOML: &str = include_str!("../../../rules/index.toml");

/// What the software does with a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleStatus {
    /// The software decides by it: a legal action, a ruling, a seat, a place, a payout.
    Decides,
    /// The software tells people (a reminder, a notice, an announcement) but decides nothing.
    Shows,
    /// Human conduct no software can act on.
    Conduct,
}

impl RuleStatus {
    pub const ALL: [RuleStatus; 3] = [RuleStatus::Decides, RuleStatus::Shows, RuleStatus::Conduct];

    pub fn id(self) -> &'static str {
        match self {
            RuleStatus::Decides => "decides",
            RuleStatus::Shows => "shows",
            RuleStatus::Conduct => "conduct",
        }
    }
}

impl fmt::Display for RuleStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One rule of the index, with exactly the keys the file holds.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndexedRule {
    /// As the rulebooks' map cites it (`TDA-47A`).
    pub id: String,
    /// A short title in the project's own words.
    pub title: String,
    pub status: RuleStatus,
    /// decides/shows: the files that apply it, each citing the id.
    #[serde(default)]
    pub code: Vec<String>,
    /// decides/shows: the tests that check it, each citing the id.
    #[serde(default)]
    pub tests: Vec<String>,
    /// The profiles it applies under, when not all (`tda`, `wwpla`, `hc`, `dg`, `jpr`).
    #[serde(default)]
    pub profiles: Vec<String>,
    /// conduct: why no software acts on it.
    #[serde(default)]
    pub why: String,
}

impl IndexedRule {
    /// The rulebook the id belongs to, by its prefix.
    pub fn rulebook(&self) -> Option<RulebookId> {
        rulebook_of(&self.id)
    }
}

/// The rulebook of a rule id, by its prefix (`TDA-RP-8` is TDA's).
pub fn rulebook_of(id: &str) -> Option<RulebookId> {
    let prefix = id.split('-').next()?;
    Some(match prefix {
        "TDA" => RulebookId::Tda,
        "WWPLA" => RulebookId::Wwpla,
        "HC" => RulebookId::Hc,
        "DG" => RulebookId::Dg,
        "JPR" => RulebookId::Jpr,
        _ => return None,
    })
}

#[derive(Debug, Error)]
pub enum IndexError {
    #[error("rules/index.toml is not valid: {0}")]
    Syntax(String),
    #[error("rules/index.toml lists {0} twice")]
    Duplicate(String),
    #[error("rules/index.toml: {id}: {problem}")]
    Invalid { id: String, problem: String },
}

/// The whole index, in the file's order.
#[derive(Clone, Debug)]
pub struct RuleIndex {
    pub rules: Vec<IndexedRule>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    rule: Vec<IndexedRule>,
}

impl RuleIndex {
    /// The index built into this binary.
    pub fn embedded() -> Result<RuleIndex, IndexError> {
        RuleIndex::parse(INDEX_TOML)
    }

    /// Reads an index, refusing unknown keys, unknown profiles, a rulebook prefix it does not
    /// know and an id listed twice.
    pub fn parse(text: &str) -> Result<RuleIndex, IndexError> {
        let file: File = toml::from_str(text).map_err(|e| IndexError::Syntax(e.to_string()))?;
        let mut seen = std::collections::BTreeSet::new();
        for rule in &file.rule {
            if !seen.insert(rule.id.as_str()) {
                return Err(IndexError::Duplicate(rule.id.clone()));
            }
            let invalid = |problem: String| IndexError::Invalid {
                id: rule.id.clone(),
                problem,
            };
            if rule.rulebook().is_none() {
                return Err(invalid("no rulebook has this prefix".into()));
            }
            if rule.title.trim().is_empty() {
                return Err(invalid("no title".into()));
            }
            for profile in &rule.profiles {
                profile
                    .parse::<RulebookId>()
                    .map_err(|e| invalid(e.to_string()))?;
            }
        }
        Ok(RuleIndex { rules: file.rule })
    }

    pub fn get(&self, id: &str) -> Option<&IndexedRule> {
        self.rules.iter().find(|r| r.id == id)
    }

    /// Rules by rulebook and status, in `RulebookId::ALL`'s order.
    pub fn counts(&self) -> BTreeMap<RulebookId, BTreeMap<RuleStatus, usize>> {
        let mut out: BTreeMap<RulebookId, BTreeMap<RuleStatus, usize>> = BTreeMap::new();
        for rule in &self.rules {
            if let Some(book) = rule.rulebook() {
                *out.entry(book).or_default().entry(rule.status).or_default() += 1;
            }
        }
        out
    }

    /// The counts as `croupier rules` prints them: a line a rulebook, then the total.
    pub fn counts_text(&self) -> String {
        let counts = self.counts();
        let mut out = String::new();
        let mut total: BTreeMap<RuleStatus, usize> = BTreeMap::new();
        for book in RulebookId::ALL {
            let by = counts.get(&book).cloned().unwrap_or_default();
            let _ = writeln!(out, "{}", counts_line(book.id(), &by));
            for (status, n) in by {
                *total.entry(status).or_default() += n;
            }
        }
        let _ = writeln!(out, "{}", counts_line("all", &total));
        out
    }

    /// The table `docs/rules.md` holds: every rule with its status, where it is applied and
    /// tested, or why no software acts on it.
    pub fn markdown(&self) -> String {
        let mut out = String::from(
            "# The rules of the five rulebooks\n\n\
             Made by `croupier rules --markdown` from `rules/index.toml`; a test keeps the two \
             the same.\n\
             `decides`: the software decides by the rule; `shows`: it tells people but decides \
             nothing; `conduct`: human conduct no software can act on.\n\n",
        );
        out.push_str("```text\n");
        out.push_str(&self.counts_text());
        out.push_str("```\n\n");
        out.push_str("| id | rule | status | profiles | code | tests |\n");
        out.push_str("|---|---|---|---|---|---|\n");
        for rule in &self.rules {
            let profiles = if rule.profiles.is_empty() {
                "all".to_string()
            } else {
                rule.profiles.join(", ")
            };
            let (code, tests) = match rule.status {
                RuleStatus::Conduct => (format!("— {}", cell(&rule.why)), String::new()),
                _ => (files_cell(&rule.code), files_cell(&rule.tests)),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                rule.id,
                cell(&rule.title),
                rule.status,
                profiles,
                code,
                tests
            );
        }
        out
    }
}

fn counts_line(name: &str, by: &BTreeMap<RuleStatus, usize>) -> String {
    let n = |s: RuleStatus| by.get(&s).copied().unwrap_or(0);
    let all: usize = by.values().sum();
    format!(
        "{name}: {all} rules, {} decides, {} shows, {} conduct",
        n(RuleStatus::Decides),
        n(RuleStatus::Shows),
        n(RuleStatus::Conduct)
    )
}

/// Text for one table cell: no pipes or line breaks.
fn cell(text: &str) -> String {
    text.replace('|', "/").replace('\n', " ")
}

fn files_cell(files: &[String]) -> String {
    files
        .iter()
        .map(|f| format!("`{f}`"))
        .collect::<Vec<_>>()
        .join("<br>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_index_with_an_unknown_key_or_profile_is_refused() {
        let ok = "[[rule]]\nid = \"TDA-1\"\ntitle = \"t\"\nstatus = \"conduct\"\nwhy = \"w\"\n";
        assert!(RuleIndex::parse(ok).is_ok());
        let extra = format!("{ok}colour = \"red\"\n");
        assert!(RuleIndex::parse(&extra).is_err());
        let profile = format!("{ok}profiles = [\"xx\"]\n");
        assert!(RuleIndex::parse(&profile).is_err());
        let twice = format!("{ok}{ok}");
        assert!(matches!(
            RuleIndex::parse(&twice),
            Err(IndexError::Duplicate(_))
        ));
        let prefix = ok.replace("TDA-1", "XYZ-1");
        assert!(RuleIndex::parse(&prefix).is_err());
    }

    #[test]
    fn the_counts_add_up_by_rulebook() {
        let text = "[[rule]]\nid = \"TDA-1\"\ntitle = \"t\"\nstatus = \"conduct\"\nwhy = \"w\"\n\
                    [[rule]]\nid = \"HC-4\"\ntitle = \"t\"\nstatus = \"decides\"\n";
        let index = RuleIndex::parse(text).expect("an index");
        let counts = index.counts_text();
        assert!(
            counts.contains("tda: 1 rules, 0 decides, 0 shows, 1 conduct"),
            "{counts}"
        );
        assert!(
            counts.contains("hc: 1 rules, 1 decides, 0 shows, 0 conduct"),
            "{counts}"
        );
        assert!(
            counts.ends_with("all: 2 rules, 1 decides, 0 shows, 1 conduct\n"),
            "{counts}"
        );
    }
}
