//! `croupier phh check PATH...`: replays every hand of the files and folders given.

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use hh::{Outcome, PhhKind, parse_text, replay};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct PhhArgs {
    #[command(subcommand)]
    command: PhhCommand,
}

#[derive(Debug, Subcommand)]
enum PhhCommand {
    /// Replay every hand: each action must be legal and the final stacks equal
    /// `finishing_stacks`. Prints a line per failing hand and per note, then the summary and
    /// the odd-chip count, each on its own line.
    Check {
        /// `.phh` and `.phhs` files, or folders searched for them.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

/// Totals of a check.
#[derive(Debug, Default)]
pub struct Tally {
    pub passed: usize,
    pub odd_chip: usize,
    pub failed: usize,
    pub skipped: BTreeMap<String, usize>,
}

/// Checks every hand under `paths`, printing a line per failing or odd-chip hand.
pub fn check(paths: &[PathBuf], mut line: impl FnMut(String)) -> Result<Tally> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() && PhhKind::from_path(path).is_none() {
            bail!("{}: not a .phh or .phhs file", path.display());
        }
        crate::files::collect(path, &|p| PhhKind::from_path(p).is_some(), &mut files)?;
    }
    let mut tally = Tally::default();
    for file in files {
        let kind = PhhKind::from_path(&file).unwrap_or(PhhKind::Hand);
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("reading {}", file.display()))?;
        let hands = match parse_text(kind, &text) {
            Ok(hands) => hands,
            Err(e) => {
                tally.failed += 1;
                line(format!("{}: {e}", file.display()));
                continue;
            }
        };
        for (table, hand) in hands {
            let name = if table.is_empty() {
                file.display().to_string()
            } else {
                format!("{} [{table}]", file.display())
            };
            match replay(&hand) {
                Outcome::Passed { notes } => {
                    tally.passed += 1;
                    for note in notes {
                        line(format!("{name}: passed; {note}"));
                    }
                }
                Outcome::PassedUpToOddChip { detail, notes } => {
                    tally.passed += 1;
                    tally.odd_chip += 1;
                    line(format!(
                        "{name}: matches up to the odd chip: the file splits it, TDA-20 gives it whole: {detail}"
                    ));
                    for note in notes {
                        line(format!("{name}: passed; {note}"));
                    }
                }
                Outcome::Skipped(variant) => *tally.skipped.entry(variant).or_default() += 1,
                Outcome::Failed(reason) => {
                    tally.failed += 1;
                    line(format!("{name}: FAILED: {reason}"));
                }
            }
        }
    }
    Ok(tally)
}

pub fn run(args: PhhArgs) -> Result<()> {
    let PhhCommand::Check { paths } = args.command;
    let started = Instant::now();
    let tally = check(&paths, |l| println!("{l}"))?;
    let skipped: usize = tally.skipped.values().sum();
    let by_variant: Vec<String> = tally
        .skipped
        .iter()
        .map(|(v, n)| format!("{v}: {n}"))
        .collect();
    println!(
        "{} passed, {} failed, {} skipped{}",
        tally.passed,
        tally.failed,
        skipped,
        if by_variant.is_empty() {
            String::new()
        } else {
            format!(" ({})", by_variant.join(", "))
        }
    );
    // Its own line on stdout: on stderr it ran into the summary where both streams are shown.
    println!(
        "{} of the passed match up to the odd chip; {:.3} s",
        tally.odd_chip,
        started.elapsed().as_secs_f64()
    );
    if tally.failed > 0 {
        bail!("{} hands failed", tally.failed);
    }
    Ok(())
}
