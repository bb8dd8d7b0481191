//! `croupier bench sim`: whole tournaments of growing fields played to the winner by the random
//! bots, each in a process of its own (`croupier sim`), so that each field's peak memory is its
//! own; hands per second across all tables and how the time grows with the field.

use anyhow::{Context, Result, bail};
use std::process::Command;

/// The goals: 10,000 entrants in 20 s, 100,000 in 5 minutes.
const GOALS: [(u32, f64); 2] = [(10_000, 20.0), (100_000, 300.0)];

struct Run {
    entrants: u32,
    hands: u64,
    seconds: f64,
    peak_mib: Option<f64>,
}

pub fn run(entrants: &[u32], template: &str, seed: u64, bots: &str) -> Result<()> {
    if entrants.is_empty() {
        bail!("give at least one field size, e.g. --entrants 1000,10000,100000");
    }
    let exe = std::env::current_exe().context("finding the croupier binary")?;
    println!("croupier sim --template {template} --bots {bots} --seed {seed}, to the winner");
    println!(
        "{:>9}  {:>9}  {:>9}  {:>11}  {:>10}  {:>12}",
        "entrants", "hands", "seconds", "hands/s", "peak MiB", "time growth"
    );
    let mut last: Option<Run> = None;
    for &n in entrants {
        let out = Command::new(&exe)
            .args(["sim", "--quiet", "--top", "0", "--entrants", &n.to_string()])
            .args([
                "--template",
                template,
                "--seed",
                &seed.to_string(),
                "--bots",
                bots,
            ])
            .output()
            .context("running croupier sim")?;
        if !out.status.success() {
            bail!(
                "croupier sim --entrants {n} failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        let run = parse(n, &String::from_utf8_lossy(&out.stdout))?;
        let growth = last.as_ref().map_or(String::from("-"), |l| {
            format!(
                "x{:.1} for x{:.0}",
                run.seconds / l.seconds.max(1e-9),
                f64::from(run.entrants) / f64::from(l.entrants)
            )
        });
        println!(
            "{:>9}  {:>9}  {:>9.2}  {:>11.0}  {:>10}  {:>12}",
            run.entrants,
            run.hands,
            run.seconds,
            run.hands as f64 / run.seconds.max(1e-9),
            run.peak_mib.map_or("-".into(), |m| format!("{m:.1}")),
            growth
        );
        for (goal_n, goal_s) in GOALS {
            if n == goal_n {
                let verdict = if run.seconds < goal_s {
                    "met"
                } else {
                    "MISSED"
                };
                println!("           goal: {goal_n} entrants in under {goal_s:.0} s: {verdict}");
            }
        }
        last = Some(run);
    }
    Ok(())
}

/// Reads `croupier sim`'s summary lines.
fn parse(entrants: u32, text: &str) -> Result<Run> {
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(str::trim)
            .with_context(|| format!("no `{name}` line in croupier sim's output"))
    };
    let hands = field("hands played")?.parse().context("hands played")?;
    let seconds = field("wall time")?
        .split_whitespace()
        .next()
        .and_then(|s| s.parse().ok())
        .context("wall time")?;
    let peak_mib = field("peak memory")?
        .split_whitespace()
        .next()
        .and_then(|s| s.parse().ok());
    Ok(Run {
        entrants,
        hands,
        seconds,
        peak_mib,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_summary() {
        let text = "hands played       2334\nwall time          0.19 s (12130 hands/s)\npeak memory        17.1 MiB\n";
        let run = parse(10_000, text).unwrap();
        assert_eq!(run.hands, 2334);
        assert_eq!(run.seconds, 0.19);
        assert_eq!(run.peak_mib, Some(17.1));
        assert!(parse(10, "hands played 3\n").is_err());
    }
}
