//! `croupier bench engine`: complete hands with random legal actions, every automation on,
//! showdowns evaluated, here and in PokerKit in the same run, on the same kind of hands:
//! heads-up and six-max no-limit hold'em (blinds 1-2, stacks 200), six-handed fixed-limit seven
//! card stud, stud hi/lo and razz (ante 1, bring-in 1, limits 2-4, stacks 200). The two engines
//! play short slices in turn, so that a busy machine slows both alike; the ratio is reported as
//! the median over the slices with its spread. `bench sim` is in `bench_sim`.

use anyhow::{Context, Result, bail};
use cards::Deck;
use clap::{Args, Subcommand};
use engine::{Action, Chips, Game, Hand, HandSetup, Op, Step, Variant, random_action};
use rand::rngs::SmallRng;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::time::{Duration, Instant};

#[path = "bench_load/mod.rs"]
mod load;
#[path = "bench_peer.rs"]
mod peer;

use peer::{Peer, Spread};

#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(subcommand)]
    command: BenchCommand,
}

#[derive(Debug, Subcommand)]
enum BenchCommand {
    /// Hands per second of this engine and of PokerKit, and their ratio: each kind played in
    /// `--slices` slices of `--seconds` by each engine in turn; the median ratio over the
    /// slices with its quartiles and range.
    Engine {
        /// Seconds of one slice, in each engine.
        #[arg(long, default_value_t = 1.0)]
        seconds: f64,
        /// Slices of each kind, in each engine, alternating.
        #[arg(long, default_value_t = 10)]
        slices: u32,
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
    /// acting with random legal actions, at once or human-paced; latency of each action to
    /// every player at its table, messages, CPU and memory, beside a baseline binary's.
    Load(load::Options),
    /// Several nodes over one PostgreSQL log, killed with SIGKILL one after another under a
    /// human-paced tournament (issue 37): kills, actions acknowledged and lost, chips after
    /// each takeover, double owners, takeover times.
    Failover(load::failover::Options),
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

/// Plays `kind` for `seconds`, carrying on the random sequences: `rng` shuffles (the server's
/// kind of generator), `choices` picks the actions (a fast generator, as PokerKit's side uses
/// Python's Mersenne Twister: a player's choice needs no cryptographic strength).
fn play(
    kind: Kind,
    seconds: f64,
    rng: &mut ChaCha8Rng,
    choices: &mut SmallRng,
) -> Result<Measured> {
    let (base, depth) = kind.setup();
    let players = base.stacks.len();
    // Checked once, as PokerKit's game object: each hand checks only its deck.
    let base = base.checked()?;
    let (mut hands, mut actions, mut showdowns, mut memory) = (0u64, 0u64, 0u64, 0usize);
    let budget = Duration::try_from_secs_f64(seconds).context("--seconds")?;
    // Dealt again hand after hand, keeping its allocations, as a table may.
    let mut hand = Hand::new_dealt(base.setup(), Deck::ordered())?;
    let start = Instant::now();
    while start.elapsed() < budget {
        for _ in 0..256 {
            // Only as deep as the hand deals.
            let deck = Deck::ordered_shuffled_top(depth, rng);
            // The setup is read, not copied: one per kind, as PokerKit's game object.
            hand.deal_checked(&base, deck)?;
            let mut folds = 0;
            while let Step::Act(p) = hand.step() {
                let legal = hand.legal_actions().context("a player to act")?;
                let action = random_action(&legal, choices);
                folds += usize::from(action == Action::Fold);
                hand.apply(Op::Act(p, action))?;
                actions += 1;
            }
            if !hand.is_over() {
                bail!("a hand stopped at {}", hand.step());
            }
            // Shown down unless all but one folded: counted as PokerKit's side counts it, not
            // by reading the event log after every hand (issue 38).
            showdowns += u64::from(folds + 1 < players);
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

pub fn run(args: BenchArgs) -> Result<()> {
    let (seconds, slices, no_peer, mut kinds) = match args.command {
        BenchCommand::Engine {
            seconds,
            slices,
            no_peer,
            kinds,
        } => (seconds, slices, no_peer, kinds),
        BenchCommand::Sim {
            entrants,
            template,
            seed,
            bots,
        } => return crate::bench_sim::run(&entrants, &template, seed, &bots),
        BenchCommand::Load(options) => return load::run(options),
        BenchCommand::Failover(options) => return load::failover::run(options),
    };
    if seconds.is_nan() || seconds <= 0.0 {
        bail!("--seconds must be positive");
    }
    if slices == 0 {
        bail!("--slices must be at least 1");
    }
    let mut seen = Vec::new();
    kinds.retain(|k| {
        let first = !seen.contains(k);
        seen.push(*k);
        first
    });
    // The evaluator's tables are built once per process; not part of any hand.
    eval::HighEvaluator::get();
    let mut peer = if no_peer { None } else { Some(Peer::start()?) };
    println!("Random legal actions, every automation on, showdowns evaluated.");
    println!(
        "NLHE: blinds 1-2, stacks 200. Stud games: six-handed, ante 1, bring-in 1, limits 2-4, stacks 200."
    );
    match &peer {
        Some(p) => println!(
            "Each kind: {slices} slices of {seconds} s in each engine, in turn (PokerKit {}); \
             medians over the slices, [quartiles] and (range).",
            p.version
        ),
        None => println!("Each kind: {slices} slices of {seconds} s; medians over the slices."),
    }
    for kind in kinds {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut choices = SmallRng::seed_from_u64(1);
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let (mut hands, mut actions, mut showdowns, mut memory) = (0, 0, 0, 0);
        let mut peer_actions = 0.0;
        for i in 0..slices {
            // Who goes first alternates too, so that a trend in the machine's load falls on both.
            let mut ask_peer = |theirs: &mut Vec<f64>| -> Result<()> {
                if let Some(p) = peer.as_mut() {
                    let slice = p.slice(kind.peer_name(), seconds)?;
                    theirs.push(slice.rate);
                    peer_actions = slice.actions_per_hand;
                }
                Ok(())
            };
            if i % 2 == 1 {
                ask_peer(&mut theirs)?;
            }
            let m = play(kind, seconds, &mut rng, &mut choices)?;
            ours.push(m.hands as f64 / m.seconds);
            (hands, actions, showdowns) = (
                hands + m.hands,
                actions + m.actions,
                showdowns + m.showdowns,
            );
            memory = memory.max(m.memory);
            if i % 2 == 0 {
                ask_peer(&mut theirs)?;
            }
        }
        let rate = Spread::of(&ours).context("no slices")?;
        print!(
            "{:>13}: croupier {:>8.0} hands/s ({hands} hands, {:.1} actions each, {:.0}% to showdown, {memory} bytes per table)",
            kind.label(),
            rate.median,
            actions as f64 / hands.max(1) as f64,
            100.0 * showdowns as f64 / hands.max(1) as f64,
        );
        match Spread::of(&theirs) {
            Some(peer_rate) => {
                let ratios: Vec<f64> = ours.iter().zip(&theirs).map(|(a, b)| a / b).collect();
                let r = Spread::of(&ratios).context("no ratios")?;
                println!(
                    "; PokerKit {:.0} hands/s ({peer_actions:.1} actions each); ratio {:.0}x [{:.0}-{:.0}] ({:.0}-{:.0})",
                    peer_rate.median, r.median, r.q1, r.q3, r.min, r.max
                );
            }
            None => println!("; slices {:.0}-{:.0} hands/s", rate.min, rate.max),
        }
    }
    drop(peer.take());
    Ok(())
}
