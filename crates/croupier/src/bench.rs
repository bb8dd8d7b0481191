//! `croupier bench engine`: complete hands with random legal actions, every automation on,
//! showdowns evaluated, here and in PokerKit in the same run, on the same kind of hands:
//! heads-up and six-max no-limit hold'em (blinds 1-2, stacks 200), six-handed fixed-limit seven
//! card stud, stud hi/lo and razz (ante 1, bring-in 1, limits 2-4, stacks 200). `bench sim` is
//! in `bench_sim`.

use anyhow::{Context, Result, bail};
use cards::Deck;
use clap::{Args, Subcommand};
use engine::{Chips, Game, Hand, HandSetup, Op, Step, Variant, random_action};
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
        /// Kinds of hand: heads-up, six-max (NLHE), stud, stud-hi-lo, razz (six-handed).
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "heads-up,six-max,stud,stud-hi-lo,razz"
        )]
        kinds: Vec<Kind>,
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

/// A kind of hand measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Kind {
    HeadsUp,
    SixMax,
    Stud,
    StudHiLo,
    Razz,
}

impl Kind {
    /// The name `tools/pokerkit/bench.py` knows it by.
    fn peer_name(self) -> &'static str {
        match self {
            Kind::HeadsUp => "heads_up",
            Kind::SixMax => "six_max",
            Kind::Stud => "stud",
            Kind::StudHiLo => "stud_hi_lo",
            Kind::Razz => "razz",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Kind::HeadsUp => "NLHE heads-up",
            Kind::SixMax => "NLHE six-max",
            Kind::Stud => "stud",
            Kind::StudHiLo => "stud hi/lo",
            Kind::Razz => "razz",
        }
    }

    /// The hand's setup (without its deck) and how deep a hand deals into the deck.
    fn setup(self) -> (HandSetup, usize) {
        let game = match self {
            Kind::HeadsUp | Kind::SixMax => {
                let players = if self == Kind::HeadsUp { 2 } else { 6 };
                let mut blinds = vec![Chips::ZERO; players];
                // Heads-up player 0 is the big blind (TDA-34); else player 0 posts the small blind.
                blinds[usize::from(players > 2)] = Chips(2);
                blinds[usize::from(players == 2)] = Chips(1);
                let setup = HandSetup::new(
                    Variant::NO_LIMIT_HOLDEM,
                    &vec![Chips(200); players],
                    &blinds,
                    Chips(2),
                );
                // Hole cards, three burns, five board cards.
                return (setup, 2 * players + 8);
            }
            Kind::Stud => Game::Stud,
            Kind::StudHiLo => Game::StudHiLo,
            Kind::Razz => Game::Razz,
        };
        let players = 6;
        let mut setup = HandSetup::new(
            Variant::fixed_limit(game, Chips(2), Chips(4)),
            &vec![Chips(200); players],
            &vec![Chips::ZERO; players],
            Chips(2),
        );
        setup.antes = vec![Chips(1); players];
        setup.bring_in = Chips(1);
        // Seven cards each and the burns of fourth to seventh street.
        (setup, 7 * players + 4)
    }
}

/// What one kind of hand measured.
struct Measured {
    hands: u64,
    actions: u64,
    showdowns: u64,
    seconds: f64,
    memory: usize,
}

fn play(kind: Kind, seconds: f64) -> Result<Measured> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (base, depth) = kind.setup();
    let ordered = Deck::ordered();
    let (mut hands, mut actions, mut showdowns, mut memory) = (0u64, 0u64, 0u64, 0usize);
    let budget = Duration::try_from_secs_f64(seconds).context("--seconds")?;
    let start = Instant::now();
    while start.elapsed() < budget {
        for _ in 0..256 {
            let mut setup = base.clone();
            let mut deck = ordered.clone();
            // Only as deep as the hand deals.
            deck.shuffle_top(depth, &mut rng);
            setup.deck = Some(deck);
            let mut hand = Hand::new(setup)?;
            while let Step::Act(p) = hand.step() {
                let legal = hand.legal_actions().context("a player to act")?;
                hand.apply(Op::Act(p, random_action(&legal, &mut rng)))?;
                actions += 1;
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
        actions,
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

/// PokerKit's hands per second and actions per hand of each kind, from
/// `tools/pokerkit/bench.py`.
fn pokerkit(kinds: &[Kind], seconds: f64) -> Result<Vec<(f64, f64)>> {
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
    let names: Vec<&str> = kinds.iter().map(|k| k.peer_name()).collect();
    let run = Command::new(python)
        .arg(repo_file("tools/pokerkit/bench.py"))
        .args(["--seconds", &seconds.to_string()])
        .args(["--kinds", &names.join(",")])
        .output()
        .context("running tools/pokerkit/bench.py")?;
    if !run.status.success() {
        bail!("bench.py failed: {}", String::from_utf8_lossy(&run.stderr));
    }
    let report: serde_json::Value =
        serde_json::from_slice(&run.stdout).context("bench.py's JSON")?;
    names
        .iter()
        .map(|kind| {
            let number = |field: &str| {
                report[kind][field]
                    .as_f64()
                    .with_context(|| format!("no {kind} {field} from bench.py"))
            };
            Ok((number("hands_per_second")?, number("actions_per_hand")?))
        })
        .collect()
}

pub fn run(args: BenchArgs) -> Result<()> {
    let (seconds, no_peer, mut kinds) = match args.command {
        BenchCommand::Engine {
            seconds,
            no_peer,
            kinds,
        } => (seconds, no_peer, kinds),
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
    if seconds.is_nan() || seconds <= 0.0 {
        bail!("--seconds must be positive");
    }
    let mut seen = Vec::new();
    kinds.retain(|k| {
        let first = !seen.contains(k);
        seen.push(*k);
        first
    });
    // The evaluator's tables are built once per process; not part of any hand.
    eval::HighEvaluator::get();
    let ours = kinds
        .iter()
        .map(|&kind| play(kind, seconds))
        .collect::<Result<Vec<_>>>()?;
    let peer = if no_peer {
        None
    } else {
        Some(pokerkit(&kinds, seconds)?)
    };
    println!("Random legal actions, every automation on, showdowns evaluated.");
    println!(
        "NLHE: blinds 1-2, stacks 200. Stud games: six-handed, ante 1, bring-in 1, limits 2-4, stacks 200."
    );
    for (i, (kind, m)) in kinds.iter().zip(&ours).enumerate() {
        let rate = m.hands as f64 / m.seconds;
        print!(
            "{:>13}: croupier {rate:>8.0} hands/s ({} hands, {:.1} actions each, {:.0}% to showdown, {} bytes per table)",
            kind.label(),
            m.hands,
            m.actions as f64 / m.hands.max(1) as f64,
            100.0 * m.showdowns as f64 / m.hands.max(1) as f64,
            m.memory
        );
        match &peer {
            Some(p) => {
                let (theirs, actions) = p[i];
                println!(
                    "; PokerKit {theirs:.0} hands/s ({actions:.1} actions each); ratio {:.0}x",
                    rate / theirs
                );
            }
            None => println!(),
        }
    }
    Ok(())
}
