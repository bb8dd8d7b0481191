//! `croupier sim`: a whole tournament played by bots, with a progress bar (on stderr, when it
//! is a terminal), then the places, payouts, bounties, hands played, tables broken and the
//! largest imbalance seen.

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use std::time::Instant;
use tournament::sim::{self, Bots, Progress, SimOptions};
use tournament::{EventConfig, Tournament};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum BotsArg {
    Random,
    Strength,
    Mixed,
}

#[derive(Debug, Args)]
pub struct SimArgs {
    /// Players in the field.
    #[arg(long, default_value_t = 100)]
    pub entrants: u32,
    /// A shipped template (hc, deepstack, turbo, horse) or a path to an event TOML file.
    #[arg(long, default_value = "hc")]
    pub template: String,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, value_enum, default_value_t = BotsArg::Mixed)]
    pub bots: BotsArg,
    /// Run under another ruleset profile than the template's (tda, wwpla, hc, dg, jpr).
    #[arg(long)]
    pub profile: Option<String>,
    /// Late players, late registration, re-entries, rebuys, add-ons, penalties and undos.
    #[arg(long)]
    pub traffic: bool,
    /// Places to list.
    #[arg(long, default_value_t = 10)]
    pub top: usize,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub fn load_config(template: &str, profile: Option<&str>) -> Result<EventConfig> {
    let mut config = if std::path::Path::new(template).exists() {
        let text =
            std::fs::read_to_string(template).with_context(|| format!("reading {template}"))?;
        EventConfig::from_toml(&text).with_context(|| template.to_string())?
    } else {
        EventConfig::template(template)?
    };
    if let Some(profile) = profile {
        config.profile = profile.parse()?;
        tournament::config::validate(&config)?;
    }
    Ok(config)
}

/// Runs one simulation; returns the tournament and the seconds it took.
pub fn simulate(config: EventConfig, opts: SimOptions, quiet: bool) -> Result<(Tournament, f64)> {
    let entrants = opts.entrants;
    let start = Instant::now();
    // Drawn on stderr, and not at all when stderr is no terminal.
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(u64::from(entrants))
    };
    bar.set_style(
        ProgressStyle::with_template("[{bar:40}] {msg}")
            .context("the progress bar's template")?
            .progress_chars("# "),
    );
    let mut progress = |p: Progress| {
        bar.set_length(u64::from(p.entrants));
        bar.set_position(u64::from(p.entrants.saturating_sub(p.alive)));
        bar.set_message(format!(
            "{} of {} left, {} tables, {} hands, {:.1} s",
            p.alive,
            p.entrants,
            p.tables,
            p.hands,
            start.elapsed().as_secs_f64()
        ));
    };
    let result = sim::run(config, opts, &mut progress);
    // Left as last drawn, as the run left it.
    bar.abandon();
    let t = result.with_context(|| format!("simulating {entrants} entrants"))?;
    Ok((t, start.elapsed().as_secs_f64()))
}

pub fn run(args: SimArgs) -> Result<()> {
    if args.entrants < 2 {
        bail!(
            "a tournament needs at least 2 entrants, not {}",
            args.entrants
        );
    }
    let config = load_config(&args.template, args.profile.as_deref())?;
    let bots = match args.bots {
        BotsArg::Random => Bots::Random,
        BotsArg::Strength => Bots::Strength,
        BotsArg::Mixed => Bots::Mixed,
    };
    let opts = SimOptions {
        entrants: args.entrants,
        seed: args.seed,
        bots,
        director_traffic: args.traffic,
    };
    let (t, seconds) = simulate(config, opts, args.quiet)?;
    print_summary(&t, seconds, args.top);
    Ok(())
}

fn print_summary(t: &Tournament, seconds: f64, top: usize) {
    let c = t.config();
    println!(
        "{} ({} profile), {} entries",
        c.name,
        t.profile().id.id(),
        t.stats.entries
    );
    println!("prize pool {}", t.prize_pool());
    println!("place  player            prize  bounties  knockouts");
    for e in t.results().into_iter().take(top) {
        println!(
            "{:>5}  {:<16} {:>6}  {:>8}  {:>9}",
            e.place.unwrap_or(0),
            e.name,
            e.prize,
            e.bounties_won(t),
            e.knockouts
        );
    }
    for group in t.shared_places() {
        let names: Vec<&str> = group
            .iter()
            .map(|p| t.entries()[p.0 as usize].name.as_str())
            .collect();
        println!(
            "shared prizes of their places (TDA-RP-8A): {}",
            names.join(", ")
        );
    }
    let s = &t.stats;
    println!("hands played       {}", s.hands);
    println!("tables broken      {}", s.tables_broken);
    println!("players moved      {}", s.moves);
    println!("largest imbalance  {}", s.largest_imbalance);
    println!("chip races         {}", s.chip_races);
    println!("rebuys / add-ons   {} / {}", s.rebuys, s.add_ons);
    println!("hand-for-hand      {} rounds", s.hand_for_hand_rounds);
    println!(
        "tournament time    {}",
        t.events().last().map(|e| e.at).unwrap_or_default()
    );
    println!(
        "wall time          {seconds:.2} s ({:.0} hands/s)",
        s.hands as f64 / seconds.max(1e-9)
    );
    match peak_memory_kib() {
        Some(kib) => println!("peak memory        {:.1} MiB", kib as f64 / 1024.0),
        None => println!("peak memory        not known on this system"),
    }
}

/// The process's peak resident memory (Linux: VmHWM in /proc/self/status; sysinfo has no peak).
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
