use anyhow::{Context, bail};
use cards::{Card, Seed, parse_cards};
use clap::Args;
use eval::equity::{Deal, Equity, Game};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Above this many boards the default is Monte Carlo: heads-up Hold'em preflop has about
/// 1.7 million and Omaha fewer, so in practice only very large questions sample.
const EXACT_LIMIT: u64 = 20_000_000;
/// Samples when Monte Carlo is chosen for the user: about 0.1% standard error.
const DEFAULT_SAMPLES: u64 = 1_000_000;

#[derive(Debug, Args)]
pub struct EquityArgs {
    /// One hand per player (2 to 10): two cards for Hold'em (`AsAh`), four to six for
    /// Omaha (`AsKsQhJh`).
    #[arg(required = true)]
    hands: Vec<String>,
    /// The board so far, up to five cards (`2c7h9d`); the rest is dealt out.
    #[arg(long, default_value = "")]
    board: String,
    /// Cards known to be out of play (folded, burned, seen).
    #[arg(long, default_value = "")]
    dead: String,
    /// Sample this many boards instead of walking every one.
    #[arg(long, value_name = "N")]
    monte_carlo: Option<u64>,
    /// Seed for Monte Carlo, to repeat a run (default: from the clock, and printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Threads to use (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Omaha 8-or-better: split each pot between the best high and the best low.
    #[arg(long)]
    hilo: bool,
}

pub fn run(args: EquityArgs) -> anyhow::Result<()> {
    let hands = args
        .hands
        .iter()
        .enumerate()
        .map(|(i, text)| parse_cards(text).with_context(|| format!("reading hand {}", i + 1)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let board = parse_cards(&args.board).context("reading the board")?;
    let dead = parse_cards(&args.dead).context("reading the dead cards")?;
    let game = game_of(&hands, args.hilo)?;
    let deal = Deal::new(game, &hands, &board, &dead)?;
    let threads = match args.threads {
        Some(0) => bail!("--threads must be at least 1"),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };

    let samples = args
        .monte_carlo
        .or((deal.boards() > EXACT_LIMIT).then_some(DEFAULT_SAMPLES));
    // The hand tables are built once per process; keep that out of the time reported.
    eval::HighEvaluator::get();
    let start = Instant::now();
    let (equity, method) = match samples {
        Some(samples) => {
            let seed = args.seed.unwrap_or_else(clock_seed);
            let equity = deal.monte_carlo(samples, Seed::from_u64(seed), threads)?;
            (equity, format!("Monte Carlo, seed {seed}"))
        }
        None => (deal.exact(threads), "exact".to_owned()),
    };
    let seconds = start.elapsed().as_secs_f64();

    println!("{game}, board {}, dead {}", show(&board), show(&dead));
    print_table(&args.hands, &equity, game);
    let verb = if samples.is_some() {
        "sampled"
    } else {
        "enumerated"
    };
    println!(
        "{} boards {verb} ({method}) in {seconds:.3} s on {threads} thread{}",
        thousands(equity.boards),
        if threads == 1 { "" } else { "s" }
    );
    Ok(())
}

/// Hold'em for two-card hands, Omaha for four to six; `--hilo` only with Omaha.
fn game_of(hands: &[Vec<Card>], hilo: bool) -> anyhow::Result<Game> {
    let first = hands.first().map_or(0, Vec::len);
    match (first, hilo) {
        (2, false) => Ok(Game::Holdem),
        (2, true) => bail!("--hilo is for Omaha; Hold'em hands have two cards"),
        (4..=6, false) => Ok(Game::Omaha),
        (4..=6, true) => Ok(Game::OmahaHiLo),
        (n, _) => bail!("hand 1 has {n} cards: Hold'em hands have 2, Omaha hands 4 to 6"),
    }
}

fn print_table(names: &[String], equity: &Equity, game: Game) {
    let width = names.iter().map(String::len).max().unwrap_or(4).max(4);
    // In hi/lo a win is a scoop and anything less, a tie or one half, a split.
    let (win, tie) = match game {
        Game::OmahaHiLo => ("scoop %", "split %"),
        Game::Holdem | Game::Omaha => ("win %", "tie %"),
    };
    println!("{:<width$}  {win:>8}  {tie:>8}  {:>8}", "hand", "equity %");
    let boards = equity.boards.max(1) as f64;
    for (name, player) in names.iter().zip(&equity.players) {
        println!(
            "{name:<width$}  {:>8.3}  {:>8.3}  {:>8.3}",
            100.0 * player.wins as f64 / boards,
            100.0 * player.ties as f64 / boards,
            100.0 * player.equity,
        );
    }
}

fn show(cards: &[Card]) -> String {
    if cards.is_empty() {
        "-".to_owned()
    } else {
        cards.iter().map(Card::to_string).collect()
    }
}

/// `1712304` as `1,712,304`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A seed for runs that did not ask for one; printed so that the run can be repeated.
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_get_thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_712_304), "1,712,304");
    }

    #[test]
    fn the_game_follows_the_hole_cards() -> anyhow::Result<()> {
        let hands = |texts: &[&str]| -> anyhow::Result<Vec<Vec<Card>>> {
            Ok(texts
                .iter()
                .map(|t| parse_cards(t))
                .collect::<Result<_, _>>()?)
        };
        assert_eq!(game_of(&hands(&["AsAh", "KsKd"])?, false)?, Game::Holdem);
        assert_eq!(
            game_of(&hands(&["AsAhKsKd", "2c3c4c5c"])?, false)?,
            Game::Omaha
        );
        assert_eq!(
            game_of(&hands(&["AsAhKsKdQs", "2c3c4c5c6c"])?, true)?,
            Game::OmahaHiLo
        );
        assert!(game_of(&hands(&["AsAh", "KsKd"])?, true).is_err());
        assert!(game_of(&hands(&["AsAhKs", "2c3c4c"])?, false).is_err());
        Ok(())
    }
}
