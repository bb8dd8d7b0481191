//! `croupier rule FILE...`: runs floor scenarios, director scenarios (`kind = "director"`) and
//! ring scenarios (`kind = "ring"`),
//! prints each ruling or instruction with its rule ids, checks the expected ones and ends with
//! `N passed, M failed` over both kinds.

use anyhow::{Result, bail};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// Scenario files (`.toml`), or folders searched for them.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

/// Tally of a run: scenarios with an expected ruling that matched or did not.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
}

/// Rules on every scenario under `paths`, writing the report line by line.
pub fn rule(paths: &[PathBuf], mut out: impl FnMut(String)) -> Result<Tally> {
    let mut files = Vec::new();
    for path in paths {
        crate::files::collect(
            path,
            &|p| p.extension().is_some_and(|e| e == "toml"),
            &mut files,
        )?;
    }
    let mut tally = Tally::default();
    for file in &files {
        let name = file.display();
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                out(format!("{name}: FAILED: {e}"));
                tally.failed += 1;
                continue;
            }
        };
        if tournament::scenario::is_director(&text) {
            director(&name.to_string(), &text, &mut tally, &mut out);
            continue;
        }
        if floor::ring_scenario::is_ring(&text) {
            ring(&name.to_string(), &text, &mut tally, &mut out);
            continue;
        }
        let report = floor::scenario::run(&text).map_err(|e| e.to_string());
        let report = match report {
            Ok(report) => report,
            Err(e) => {
                out(format!("{name}: FAILED: {e}"));
                tally.failed += 1;
                continue;
            }
        };
        out(format!("{name} ({})", report.profile));
        for ruling in &report.rulings {
            for line in ruling.to_string().lines() {
                out(format!("  {line}"));
            }
        }
        out(format!(
            "  = actions {:?}, next {}, returned {}, rules {}",
            report.actions,
            match report.next {
                0 => "nobody".to_owned(),
                p => format!("p{p}"),
            },
            report.returned,
            report.rules().join(" ")
        ));
        if report.expect.is_some() {
            checked(&report.mismatches, &mut tally, &mut out);
        }
    }
    out(format!("{} passed, {} failed", tally.passed, tally.failed));
    Ok(tally)
}

/// One director scenario: its instructions with their rule ids, then its check.
fn director(name: &str, text: &str, tally: &mut Tally, out: &mut impl FnMut(String)) {
    let report = match tournament::scenario::run(text) {
        Ok(report) => report,
        Err(e) => {
            out(format!("{name}: FAILED: {e}"));
            tally.failed += 1;
            return;
        }
    };
    out(format!("{name} (director, {})", report.profile));
    for instruction in &report.outcome.instructions {
        out(format!("  {instruction}"));
    }
    out(format!("  = rules {}", report.outcome.rules().join(" ")));
    if report.expect.is_some() {
        checked(&report.mismatches, tally, out);
    }
}

/// One ring scenario: the next hand (who is dealt, who posts what), then its check.
fn ring(name: &str, text: &str, tally: &mut Tally, out: &mut impl FnMut(String)) {
    let report = match floor::ring_scenario::run(text) {
        Ok(report) => report,
        Err(e) => {
            out(format!("{name}: FAILED: {e}"));
            tally.failed += 1;
            return;
        }
    };
    out(format!("{name} (ring, {})", report.profile));
    for line in &report.lines {
        out(format!("  {line}"));
    }
    out(format!("  = rules {}", report.rules.join(" ")));
    if report.checked {
        checked(&report.mismatches, tally, out);
    }
}

/// Counts a checked scenario, floor or director alike: it passed when nothing differed.
fn checked(mismatches: &[String], tally: &mut Tally, out: &mut impl FnMut(String)) {
    if mismatches.is_empty() {
        tally.passed += 1;
        out("  ok".into());
    } else {
        tally.failed += 1;
        for m in mismatches {
            out(format!("  FAILED: {m}"));
        }
    }
}

pub fn run(args: RuleArgs) -> Result<()> {
    let tally = rule(&args.paths, |line| println!("{line}"))?;
    if tally.failed > 0 {
        bail!(
            "{} of {} scenarios failed",
            tally.failed,
            tally.passed + tally.failed
        );
    }
    Ok(())
}
