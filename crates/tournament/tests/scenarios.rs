//! Every director scenario in `scenarios/` passes: the rulebooks' own examples (HC-1.7, HC-1.8,
//! HC-1.3, TDA-10, TDA-RP-8A and B, TDA-RP-9) and variations under each profile; bad files are
//! refused with the file's key named, never a panic.

use std::path::{Path, PathBuf};
use tournament::scenario;

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    out.sort();
    out
}

fn run_all(folder: &str) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(folder);
    let mut failures = Vec::new();
    let all = files(&dir);
    for file in &all {
        let text = std::fs::read_to_string(file).expect("a readable scenario");
        assert!(scenario::is_director(&text), "{}", file.display());
        match scenario::run(&text) {
            Ok(report) if report.expect.is_none() => {
                failures.push(format!("{}: states no expectation", file.display()))
            }
            Ok(report) if report.passed() => {}
            Ok(report) => failures.push(format!(
                "{}:\n  {}\n  instructions:\n    {}",
                file.display(),
                report.mismatches.join("\n  "),
                report
                    .outcome
                    .instructions
                    .iter()
                    .map(|i| i.to_string())
                    .collect::<Vec<_>>()
                    .join("\n    ")
            )),
            Err(e) => failures.push(format!("{}: {e}", file.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    all.len()
}

#[test]
fn tda_examples_and_variations() {
    assert!(run_all("tda") >= 8);
}

#[test]
fn hc_examples_and_variations() {
    assert!(run_all("hc") >= 6);
}

#[test]
fn wwpla_variations() {
    assert!(run_all("wwpla") >= 2);
}
