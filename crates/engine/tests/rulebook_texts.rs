//! The rule index (`rules/index.toml`) against the rulebooks' texts, which are not in the
//! repository: `.ci/run` runs these (`cargo test -p engine --test rulebook_texts -- --ignored`)
//! with `../shared/rules` beside the checkout, and fails when it is missing. `cargo test
//! --workspace` leaves them out, so that a clone with nothing beside it passes.
//!
//! The rulebooks' numbering is read from the texts (`rulebooks/mod.rs`), never from the index.

mod rulebooks;

use engine::rule_index::RuleIndex;
use rulebooks::rulebook_ids;
use std::collections::BTreeSet;

#[test]
#[ignore = "reads the rulebooks' texts in ../shared/rules: run by .ci/run's rulebook step"]
fn rulebook_text_numbering_is_read_as_the_readme_gives_it() {
    let ids = rulebook_ids();
    // Spot checks against the texts: TDA 1-71 with 47A/B, RP-1..14 with RP-10H; HC at its
    // deepest level (1.13.7, not 1.13); DG 1-39 with 4a and 15a.3; WWPLA 1-13; JPR 1.0-12.0.
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
        "HC-1.1",
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
    ] {
        assert!(ids.contains(id), "{id} is in the rulebooks");
    }
    for id in [
        "TDA-72",
        "TDA-47C",
        "TDA-RP-15",
        "HC-1",
        "HC-1.13",
        "HC-1.14",
        "DG-40",
        "WWPLA-14",
        "JPR-13.0",
        "JPR-10",
    ] {
        assert!(!ids.contains(id), "{id} is not a rule of the rulebooks");
    }
}

#[test]
#[ignore = "reads the rulebooks' texts in ../shared/rules: run by .ci/run's rulebook step"]
fn rulebook_text_ids_are_exactly_the_indexs() {
    let texts = rulebook_ids();
    let index: BTreeSet<String> = RuleIndex::embedded()
        .expect("rules/index.toml reads")
        .rules
        .into_iter()
        .map(|r| r.id)
        .collect();
    let missing: Vec<&String> = texts.difference(&index).collect();
    let extra: Vec<&String> = index.difference(&texts).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "rules/index.toml against the rulebooks: missing {missing:?}, not in the rulebooks {extra:?}"
    );
    println!(
        "rulebook check: {} rule ids, the index lists each once",
        texts.len()
    );
}
