//! The rule index (`rules/index.toml`) against the code: every file it lists exists and cites
//! its rule, every rule the software decides by or shows has code and tests, every rule id the
//! repository cites is in the index, and `docs/rules.md` is the index's table. The index against
//! the rulebooks' texts is `rulebook_texts.rs`, run by `.ci/run`.

mod citations;

use citations::{cited_ids, cites, is_part_of, workspace};
use engine::rule_index::{RuleIndex, RuleStatus};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn index() -> RuleIndex {
    RuleIndex::embedded().unwrap_or_else(|e| panic!("{e}"))
}

/// The files that may cite rules: source, profiles, scenarios, templates, the UI, tools and docs.
fn cited_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !matches!(name, "target" | "node_modules" | "__pycache__" | "testdata")
                && !name.starts_with('.')
            {
                cited_files(&path, out);
            }
        } else if [
            ".rs", ".toml", ".md", ".js", ".mjs", ".html", ".json", ".snap", ".py", ".sh", ".css",
        ]
        .iter()
        .any(|ext| name.ends_with(ext))
        {
            out.push(path);
        }
    }
}

/// A path of the repository as the index writes it.
fn shown(path: &Path) -> String {
    let root = workspace();
    path.strip_prefix(&root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A test: under a crate's `tests/` or scenarios, or a `tests` module of its source.
fn is_test(path: &str) -> bool {
    path.split('/').any(|p| p == "tests" || p == "scenarios") || path.ends_with("/tests.rs")
}

/// Rules the software can act on that are not built yet (issue 34, item 3): each lacks code or
/// tests that cite it. The list only shrinks: a rule built with its code and tests must leave it,
/// and no rule may join it.
const NOT_YET_BUILT: &[&str] = &[];

#[test]
fn the_citations_are_read_in_the_readmes_forms() {
    let text =
        "TDA-47A, (TDA-RP-10E) RP-8 HC-1.13.7. DG-15a.3 WWPLA-11 JPR-3.0 JPR-10 x_TDA-1 TDA-30s";
    assert_eq!(
        cited_ids(text),
        [
            "TDA-47A",
            "TDA-RP-10E",
            "TDA-RP-8",
            "HC-1.13.7",
            "DG-15a.3",
            "WWPLA-11",
            "JPR-3.0",
            "JPR-10.0",
            "TDA-30"
        ]
    );
    // A part cites its whole; a longer number is another rule.
    assert!(is_part_of("TDA-47A", "TDA-47"));
    assert!(is_part_of("HC-1.13.7", "HC-1.13"));
    assert!(is_part_of("DG-15a.3", "DG-15"));
    assert!(!is_part_of("TDA-47", "TDA-4"));
    assert!(!is_part_of("TDA-4", "TDA-47"));
    assert!(!is_part_of("DG-15.11", "DG-15.1"));
}

#[test]
fn every_file_the_index_lists_exists_and_cites_its_rule() {
    let root = workspace();
    let mut wrong = Vec::new();
    for rule in index().rules {
        for file in rule.code.iter().chain(&rule.tests) {
            match std::fs::read_to_string(root.join(file)) {
                Ok(text) if cites(&text, &rule.id) => {}
                Ok(_) => wrong.push(format!("{}: {file} does not cite it", rule.id)),
                Err(e) => wrong.push(format!("{}: {file}: {e}", rule.id)),
            }
        }
        for file in &rule.code {
            if is_test(file) {
                wrong.push(format!("{}: {file} is a test, listed as code", rule.id));
            }
        }
        for file in &rule.tests {
            if !is_test(file) {
                wrong.push(format!("{}: {file} is not a test", rule.id));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_rule_software_acts_on_has_code_and_tests_and_every_other_says_why() {
    let mut wrong = Vec::new();
    let index = index();
    for id in NOT_YET_BUILT {
        if index
            .get(id)
            .is_none_or(|r| r.status == RuleStatus::Conduct)
        {
            wrong.push(format!(
                "{id}: listed as not yet built, but not a rule software acts on"
            ));
        }
    }
    for rule in index.rules {
        match rule.status {
            RuleStatus::Decides | RuleStatus::Shows => {
                let built = !rule.code.is_empty() && !rule.tests.is_empty();
                match (built, NOT_YET_BUILT.contains(&rule.id.as_str())) {
                    (false, false) => wrong.push(format!(
                        "{} ({}): no code or no tests",
                        rule.id, rule.status
                    )),
                    (true, true) => wrong.push(format!(
                        "{}: built now, so it leaves NOT_YET_BUILT",
                        rule.id
                    )),
                    _ => {}
                }
                if !rule.why.is_empty() {
                    wrong.push(format!("{}: a why, but software acts on it", rule.id));
                }
            }
            RuleStatus::Conduct => {
                if rule.why.trim().is_empty() {
                    wrong.push(format!("{}: conduct without a why", rule.id));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_rule_the_repository_cites_is_in_the_index() {
    let index = index();
    let ids: BTreeSet<&str> = index.rules.iter().map(|r| r.id.as_str()).collect();
    // A chapter cited whole (`HC-1`, `HC-3.4`) is the sections the index lists under it.
    let known = |id: &str| {
        ids.contains(id)
            || (id.starts_with("HC-") && ids.iter().any(|i| i.starts_with(&format!("{id}."))))
    };
    let root = workspace();
    let mut files = Vec::new();
    for dir in ["crates", "tools", "docs", ".ci"] {
        cited_files(&root.join(dir), &mut files);
    }
    files.extend(["README.md", "DEVELOPERS.md"].map(|f| root.join(f)));
    // This file and the check against the texts name ids that are not rules on purpose.
    let skipped = [Path::new(file!()).file_name().expect("this file's name")]
        .map(|f| f.to_os_string())
        .into_iter()
        .chain([std::ffi::OsString::from("rulebook_texts.rs")])
        .collect::<Vec<_>>();
    let mut unknown: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut cited = BTreeSet::new();
    for path in files {
        let name = path.file_name().map(|n| n.to_os_string());
        if name.is_some_and(|n| skipped.contains(&n)) || path.ends_with("docs/rules.md") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for id in cited_ids(&text) {
            if !known(&id) {
                unknown.entry(id.clone()).or_default().insert(shown(&path));
            }
            cited.insert(id);
        }
    }
    assert!(
        cited.len() > 150,
        "only {} ids found: is the scan wrong?",
        cited.len()
    );
    assert!(
        unknown.is_empty(),
        "ids not in rules/index.toml: {unknown:#?}"
    );
}

#[test]
fn the_index_lists_the_rules_of_each_rulebook_in_its_own_order() {
    // The rulebooks' numbering itself is checked against their texts by `.ci/run`; here, that
    // every rulebook is there, each id once (the parser refuses a second), TDA-1 to TDA-71.
    let index = index();
    for n in 1..=71 {
        assert!(index.get(&format!("TDA-{n}")).is_some(), "TDA-{n}");
    }
    for n in 1..=14 {
        assert!(index.get(&format!("TDA-RP-{n}")).is_some(), "TDA-RP-{n}");
    }
    for n in 1..=13 {
        assert!(index.get(&format!("WWPLA-{n}")).is_some(), "WWPLA-{n}");
    }
    for n in 1..=12 {
        assert!(index.get(&format!("JPR-{n}.0")).is_some(), "JPR-{n}.0");
    }
    for n in 1..=39 {
        assert!(index.get(&format!("DG-{n}")).is_some(), "DG-{n}");
    }
    assert!(index.get("HC-1.13.7").is_some() && index.get("HC-1.13").is_none());
}

#[test]
fn docs_rules_md_is_the_indexs_table() {
    let path = workspace().join("docs/rules.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        text == index().markdown(),
        "docs/rules.md differs from `croupier rules --markdown`: run it again into docs/rules.md"
    );
}
