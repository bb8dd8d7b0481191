//! Every rule id the workspace cites exists in the rulebooks (`../shared/rules/README.md` maps the
//! id forms to the files): the section, and the lettered or numbered sub-rule where one is given.
//! The ids are read from the source, the profiles, the scenarios, the UI and the docs; the
//! rulebooks' numbering is read from the rule texts, never from the code under test.

mod rulebooks;

use rulebooks::{cited_ids, rulebook_ids, workspace};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The files that cite rules: source, profiles, scenarios, templates, the UI, tools and docs.
fn cited_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !matches!(name, "target" | "node_modules" | "__pycache__") && !name.starts_with('.')
            {
                cited_files(&path, out);
            }
        } else if [
            ".rs", ".toml", ".md", ".js", ".mjs", ".html", ".json", ".snap", ".py",
        ]
        .iter()
        .any(|ext| name.ends_with(ext))
        {
            out.push(path);
        }
    }
}

#[test]
fn the_rulebooks_are_read_as_the_readme_numbers_them() {
    let ids = rulebook_ids();
    // Spot checks against the texts: TDA 1-71 with 47A/B, RP-1..14 with RP-10H; HC-1.13.7;
    // DG 1-39 with 4a and 15a.3; WWPLA 1-13; JPR 1.0-12.0.
    for id in [
        "TDA-1",
        "TDA-71",
        "TDA-47A",
        "TDA-47B",
        "TDA-20D",
        "TDA-36B",
        "TDA-RP-1",
        "TDA-RP-14",
        "TDA-RP-10H",
        "HC-1",
        "HC-1.13.7",
        "HC-3.4.1",
        "HC-4",
        "DG-1",
        "DG-39",
        "DG-4a",
        "DG-12.7",
        "DG-15a.3",
        "DG-30.4",
        "WWPLA-1",
        "WWPLA-13",
        "JPR-1.0",
        "JPR-12.0",
        "JPR-10",
    ] {
        assert!(ids.contains(id), "{id} is in the rulebooks");
    }
    for id in [
        "TDA-72",
        "TDA-47C",
        "TDA-RP-15",
        "HC-1.14",
        "DG-40",
        "WWPLA-14",
        "JPR-13.0",
    ] {
        assert!(!ids.contains(id), "{id} is not in the rulebooks");
    }
}

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
            "JPR-10",
            "TDA-30"
        ]
    );
}

#[test]
fn every_cited_rule_exists_in_the_rulebooks() {
    let known = rulebook_ids();
    let root = workspace();
    let mut files = Vec::new();
    cited_files(&root.join("crates"), &mut files);
    cited_files(&root.join("tools"), &mut files);
    files.extend(["README.md", "DEVELOPERS.md"].map(|f| root.join(f)));
    let this_file = Path::new(file!()).file_name().expect("this file's name");
    let mut unknown: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut cited = BTreeSet::new();
    for path in files {
        if path.file_name() == Some(this_file) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for id in cited_ids(&text) {
            if !known.contains(&id) {
                let shown = path
                    .strip_prefix(&root)
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                unknown.entry(id.clone()).or_default().insert(shown);
            }
            cited.insert(id);
        }
    }
    assert!(
        cited.len() > 150,
        "only {} ids found: is the scan wrong?",
        cited.len()
    );
    assert!(unknown.is_empty(), "ids not in the rulebooks: {unknown:#?}");
}
