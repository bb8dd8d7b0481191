//! `croupier bench engine`: complete hands with random legal actions (heads-up and six-max
//! no-limit hold'em, every automation on, showdowns evaluated), here and in PokerKit in the same
//! run, on the same kind of hands: blinds 1-2, stacks of 200. `bench sim` is in `bench_sim`.

use anyhow::{Context, Result, bail};
use cards::Deck;
use clap::{Args, Subcommand};
use engine::{Chips, Hand, HandSetup, Op, Step, Variant, random_action};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

#[path = "bench_load.rs"]
mod load;

#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(subcommand)]
    command: BenchCommand,
}

#[derive(Debug, Subcommand)]
enum BenchCommand {
    /// Hands per second of this engine and of PokerKit, and their ratio.
    Engine {
        /// Seconds to play each kind of hand, in each engine.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Measure this engine only.
        #[arg(long)]
        no_peer: bool,
    },
    /// Whole tournaments by the random bots: seconds, hands per second and peak memory by
    /// field size, and how the time grows.
    Sim {
        /// Field sizes, each played in a process of its own.
        #[arg(long, value_delimiter = ',', default_value = "1000,10000,100000")]
        entrants: Vec<u32>,
        #[arg(long, default_value = "deepstack")]
        template: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// random, strength or mixed.
        #[arg(long, default_value = "random")]
        bots: String,
    },
    /// The server under load: `croupier serve` as a child, one WebSocket per simulated player
    /// acting at once with random legal actions; latency of each action to its new state.
    Load {
        #[arg(long, default_value_t = 1000)]
        players: u32,
        /// Seconds to play after the start.
        #[arg(long, default_value_t = 30.0)]
        seconds: f64,
        #[arg(long, default_value_t = 10)]
        table_size: u32,
    },
}

/// What one kind of hand measured.
struct Measured {
    hands: u64,
    showdowns: u64,
    seconds: f64,
    memory: usize,
}

fn play(players: usize, seconds: f64) -> Result<Measured> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let base = HandSetup::new(
        Variant::NO_LIMIT_HOLDEM,
        &vec![Chips(200); players],
        &{
            let mut blinds = vec![Chips::ZERO; players];
            // Heads-up player 0 is the big blind (TDA-34); else player 0 posts the small blind.
            blinds[usize::from(players > 2)] = Chips(2);
            blinds[usize::from(players == 2)] = Chips(1);
            blinds
        },
        Chips(2),
    );
    let ordered = Deck::ordered();
    let (mut hands, mut showdowns, mut memory) = (0u64, 0u64, 0usize);
    let budget = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    while start.elapsed() < budget {
        for _ in 0..256 {
            let mut setup = base.clone();
            let mut deck = ordered.clone();
            // Only as deep as the hand deals: hole cards, three burns, five board cards.
            deck.shuffle_top(2 * players + 8, &mut rng);
            setup.deck = Some(deck);
            let mut hand = Hand::new(setup)?;
            while let Step::Act(p) = hand.step() {
                let legal = hand.legal_actions().context("a player to act")?;
                hand.apply(Op::Act(p, random_action(&legal, &mut rng)))?;
            }
            if !hand.is_over() {
                bail!("a hand stopped at {}", hand.step());
            }
            if hand
                .events()
                .iter()
                .any(|e| matches!(e, engine::Event::Shown { .. }))
            {
                showdowns += 1;
            }
            memory = memory.max(hand.memory_bytes());
            hands += 1;
        }
    }
    Ok(Measured {
        hands,
        showdowns,
        seconds: start.elapsed().as_secs_f64(),
        memory,
    })
}

fn repo_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

/// PokerKit's hands per second (heads-up, six-max), from `tools/pokerkit/bench.py`.
fn pokerkit(seconds: f64) -> Result<(f64, f64)> {
    let setup = Command::new("bash")
        .arg(repo_file("tools/pokerkit/setup.sh"))
        .output()
        .context("running tools/pokerkit/setup.sh")?;
    if !setup.status.success() {
        bail!(
            "installing PokerKit failed: {}",
            String::from_utf8_lossy(&setup.stderr)
        );
    }
    let stdout = String::from_utf8_lossy(&setup.stdout);
    let python = stdout.lines().last().context("no venv python")?.trim();
    let run = Command::new(python)
        .arg(repo_file("tools/pokerkit/bench.py"))
        .args(["--seconds", &seconds.to_string()])
        .output()
        .context("running tools/pokerkit/bench.py")?;
    if !run.status.success() {
        bail!("bench.py failed: {}", String::from_utf8_lossy(&run.stderr));
    }
    let report: serde_json::Value =
        serde_json::from_slice(&run.stdout).context("bench.py's JSON")?;
    let rate = |kind: &str| {
        report[kind]["hands_per_second"]
            .as_f64()
            .with_context(|| format!("no {kind} rate from bench.py"))
    };
    Ok((rate("heads_up")?, rate("six_max")?))
}

pub fn run(args: BenchArgs) -> Result<()> {
    let (seconds, no_peer) = match args.command {
        BenchCommand::Engine { seconds, no_peer } => (seconds, no_peer),
        BenchCommand::Sim {
            entrants,
            template,
            seed,
            bots,
        } => return crate::bench_sim::run(&entrants, &template, seed, &bots),
        BenchCommand::Load {
            players,
            seconds,
            table_size,
        } => return load::run(players, seconds, table_size),
    };
    // The evaluator's tables are built once per process; not part of any hand.
    eval::HighEvaluator::get();
    let ours = [
        ("heads-up", play(2, seconds)?),
        ("six-max", play(6, seconds)?),
    ];
    let peer = if no_peer {
        None
    } else {
        Some(pokerkit(seconds)?)
    };
    println!(
        "NLHE, random legal actions, blinds 1-2, stacks 200, automations on, showdowns evaluated"
    );
    for (i, (kind, m)) in ours.iter().enumerate() {
        let rate = m.hands as f64 / m.seconds;
        print!(
            "{kind:>9}: croupier {rate:>12.0} hands/s ({} hands, {:.0}% to showdown, {} bytes per table)",
            m.hands,
            100.0 * m.showdowns as f64 / m.hands.max(1) as f64,
            m.memory
        );
        match peer {
            Some(p) => {
                let theirs = if i == 0 { p.0 } else { p.1 };
                println!(
                    "; PokerKit {theirs:.0} hands/s; ratio {:.0}x",
                    rate / theirs
                );
            }
            None => println!(),
        }
    }
    Ok(())
}
