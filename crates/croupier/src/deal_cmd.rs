//! `croupier deal`: what a chip chop and an ICM split would pay the players left (issue 17
//! item 5), for a final table to agree on (HC-1.2: an agreed payout replaces the table).

use anyhow::{Context, bail};
use clap::Args;
use std::time::Instant;
use tournament::config::Money;
use tournament::deal;

#[derive(Debug, Args)]
pub struct DealArgs {
    /// Each player's chips, comma-separated: `41000,22500,9000`.
    #[arg(long, required = true, value_delimiter = ',')]
    stacks: Vec<u64>,
    /// The prizes still to be won, 1st place first: `5000,3000,2000`. Places past the list pay
    /// nothing; places past the players left are paid already and left out.
    #[arg(long, required = true, value_delimiter = ',')]
    prizes: Vec<u64>,
    /// Names in the order of `--stacks` (default: seat 1, seat 2, ...).
    #[arg(long, value_delimiter = ',')]
    names: Vec<String>,
    /// Amounts are multiples of this (the event's payout unit).
    #[arg(long, default_value_t = 1)]
    unit: u64,
}

pub fn run(args: DealArgs) -> anyhow::Result<()> {
    let n = args.stacks.len();
    if !args.names.is_empty() && args.names.len() != n {
        bail!("--names gives {} names for {n} stacks", args.names.len());
    }
    if args.unit == 0 {
        bail!("--unit must be at least 1");
    }
    let prizes: Vec<Money> = args.prizes.iter().copied().map(Money).collect();
    let unit = Money(args.unit);
    let started = Instant::now();
    let icm = deal::icm(&args.stacks, &prizes, unit).context("an ICM split")?;
    let took = started.elapsed();
    let chop = deal::chip_chop(&args.stacks, &prizes, unit).context("a chip chop")?;
    let left = deal::prizes_left(&prizes, n);
    let chips: u64 = args.stacks.iter().sum();
    let name = |i: usize| {
        args.names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", i + 1))
    };
    println!(
        "{:<16} {:>12} {:>7} {:>12} {:>12}",
        "player", "chips", "chips %", "chip chop", "ICM"
    );
    for i in 0..n {
        println!(
            "{:<16} {:>12} {:>6.2}% {:>12} {:>12}",
            name(i),
            args.stacks[i],
            100.0 * args.stacks[i] as f64 / chips as f64,
            chop[i].0,
            icm[i].0
        );
    }
    let total: u64 = left.iter().map(|m| m.0).sum();
    let places: Vec<String> = left.iter().map(|m| m.0.to_string()).collect();
    println!(
        "prizes left {total} ({}); chip chop: the lowest prize left each, the rest by chips; \
         ICM: Malmuth-Harville over every finishing order, worked out in {:.3} ms",
        places.join(", "),
        took.as_secs_f64() * 1000.0
    );
    Ok(())
}
