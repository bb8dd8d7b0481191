//! Assertions on guided procedures shared by the procedure tests.
#![allow(dead_code)]

use floor::procedure::{Outcome, Procedure};

/// Asserts the outcome and that every id is cited by a step.
#[track_caller]
pub fn check(p: &Procedure, outcome: Outcome, ids: &[&str]) {
    assert_eq!(p.outcome, outcome, "procedure: {p:#?}");
    for id in ids {
        assert!(
            p.steps.iter().any(|s| s.rule.id() == *id),
            "{id} not cited: {p:#?}"
        );
    }
}

#[track_caller]
pub fn mentions(p: &Procedure, words: &str) {
    assert!(
        p.steps
            .iter()
            .any(|s| s.text.en.to_string().contains(words)),
        "no step says {words:?}: {p:#?}"
    );
}
