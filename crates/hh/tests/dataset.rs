//! Every file of the PHH sample (testdata/phh/data) reads, and writing a hand
//! then reading it again gives the same hand.

use hh::{PhhHand, PhhKind, parse_phh, parse_phhs, parse_text, to_phhs};
use std::fs;
use std::path::{Path, PathBuf};

/// The dataset as shipped: 387 files (5 famous hands, 4 HandHQ `.phhs`, the rest
/// Pluribus and WSOP `.phh`) holding 405 hands.
const DATASET_FILES: usize = 387;
const DATASET_HANDS: usize = 405;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/phh/data")
}

fn phh_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            phh_files(&path, out);
        } else if PhhKind::from_path(&path).is_some() {
            out.push(path);
        }
    }
}

/// The sample ships with the repository, so a missing dataset is a failure.
fn dataset() -> Vec<(PathBuf, PhhKind, String)> {
    let dir = data_dir();
    assert!(
        dir.is_dir(),
        "the PHH sample is missing: {} (testdata/phh in the repository)",
        dir.display()
    );
    let mut files = Vec::new();
    phh_files(&dir, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let kind = PhhKind::from_path(&path).expect("filtered by extension");
            let text = fs::read_to_string(&path).expect("PHH files are UTF-8");
            (path, kind, text)
        })
        .collect()
}

#[test]
fn every_dataset_file_parses() {
    let files = dataset();
    assert!(
        files.len() >= DATASET_FILES,
        "found only {} PHH files, expected {DATASET_FILES}",
        files.len()
    );
    let mut failures = Vec::new();
    let mut hands = 0;
    let mut actions = 0;
    for (path, kind, text) in &files {
        match parse_text(*kind, text) {
            Ok(parsed) => {
                hands += parsed.len();
                actions += parsed.iter().map(|(_, h)| h.actions.len()).sum::<usize>();
            }
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{} files, {hands} hands, {actions} actions", files.len());
    assert!(
        hands >= DATASET_HANDS,
        "read {hands} hands, expected {DATASET_HANDS}"
    );
}

fn assert_round_trip(path: &Path, hand: &PhhHand) {
    let written = hand.to_phh();
    let again = parse_phh(&written).unwrap_or_else(|e| {
        panic!(
            "{}: written hand does not parse: {e}\n{written}",
            path.display()
        )
    });
    assert_eq!(
        &again,
        hand,
        "{}: round trip changed the hand",
        path.display()
    );
    assert_eq!(
        again.to_phh(),
        written,
        "{}: writing is not stable",
        path.display()
    );
}

#[test]
fn every_dataset_hand_round_trips() {
    for (path, kind, text) in dataset() {
        match kind {
            PhhKind::Hand => {
                let hand = parse_phh(&text).expect("parses (see every_dataset_file_parses)");
                assert_round_trip(&path, &hand);
            }
            PhhKind::Hands => {
                let hands = parse_phhs(&text).expect("parses (see every_dataset_file_parses)");
                for (_, hand) in &hands {
                    assert_round_trip(&path, hand);
                }
                let written = to_phhs(&hands);
                let again = parse_phhs(&written).unwrap_or_else(|e| {
                    panic!("{}: written hands do not parse: {e}", path.display())
                });
                assert_eq!(again, hands, "{}: .phhs round trip", path.display());
            }
        }
    }
}

/// Every prefix of real files, cut anywhere, gives a hand or an error, never a panic.
#[test]
fn truncated_files_never_panic() {
    let files = dataset();
    let samples = files
        .iter()
        .filter(|(path, ..)| {
            let name = path.to_string_lossy();
            name.ends_with("alice-carol-wikipedia.phh")
                || name.ends_with("03-50-24.phh")
                || name.ends_with("102/0.phh")
        })
        .collect::<Vec<_>>();
    assert_eq!(samples.len(), 3);
    for (_, kind, text) in samples {
        for (cut, _) in text.char_indices() {
            let _ = parse_text(*kind, &text[..cut]);
        }
    }
}
