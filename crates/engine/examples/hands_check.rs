//! The loop of `benches/hands.rs` (and `croupier bench engine`) for checking a speed change:
//!
//! - `cargo run --release -p engine --example hands_check -- hash [HANDS]`: per kind, a hash of
//!   every hand's events and final stacks (default 20,000 hands) and the largest
//!   `Hand::memory_bytes`; a change to the engine's speed must leave both as they were.
//! - `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*counted*'
//!   target/release/examples/hands_check count KIND [HANDS]`: HANDS hands (default 10,000) of
//!   one kind counted after 300 not counted (callgrind's instructions / HANDS is a hand's).

use cards::Deck;
use engine::{Chips, Game, Hand, HandSetup, Op, Step, Variant, random_action};
use rand::rngs::SmallRng;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::fmt::Write;
use std::hint::black_box;

/// Six-handed fixed-limit stud: ante 1, bring-in 1, limits 2-4, stacks 200.
fn stud(game: Game) -> HandSetup {
    let mut setup = HandSetup::new(
        Variant::fixed_limit(game, Chips(2), Chips(4)),
        &[Chips(200); 6],
        &[Chips::ZERO; 6],
        Chips(2),
    );
    setup.antes = vec![Chips(1); 6];
    setup.bring_in = Chips(1);
    setup
}

/// No-limit hold'em, blinds 1-2, stacks 200.
fn holdem(players: usize) -> HandSetup {
    let mut blinds = vec![Chips::ZERO; players];
    blinds[usize::from(players > 2)] = Chips(2);
    blinds[usize::from(players == 2)] = Chips(1);
    HandSetup::new(
        Variant::NO_LIMIT_HOLDEM,
        &vec![Chips(200); players],
        &blinds,
        Chips(2),
    )
}

/// A kind's setup and how deep its hands deal into the deck.
fn kind(name: &str) -> (HandSetup, usize) {
    match name {
        "heads-up" => (holdem(2), 12),
        "six-max" => (holdem(6), 20),
        "stud" => (stud(Game::Stud), 46),
        "stud-hi-lo" => (stud(Game::StudHiLo), 46),
        "razz" => (stud(Game::Razz), 46),
        other => panic!("no kind {other}: heads-up, six-max, stud, stud-hi-lo, razz"),
    }
}

const KINDS: [&str; 5] = ["heads-up", "six-max", "stud", "stud-hi-lo", "razz"];

/// One hand as the bench plays it.
fn play(base: &HandSetup, depth: usize, rng: &mut ChaCha8Rng, choices: &mut SmallRng) -> Hand {
    let mut deck = Deck::ordered();
    deck.shuffle_top(depth, rng);
    let mut hand = Hand::new_dealt(base, deck).expect("a valid setup");
    while let Step::Act(p) = hand.step() {
        let legal = hand.legal_actions().expect("a player to act");
        hand.apply(Op::Act(p, random_action(&legal, choices)))
            .expect("a legal action");
    }
    assert!(hand.is_over());
    hand
}

/// FNV-1a, the same on every build.
fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash = (*hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
}

#[inline(never)]
fn warm(base: &HandSetup, depth: usize, hands: u64, rng: &mut ChaCha8Rng, c: &mut SmallRng) {
    for _ in 0..hands {
        black_box(play(base, depth, rng, c).events().len());
    }
}

#[inline(never)]
fn counted(base: &HandSetup, depth: usize, hands: u64, rng: &mut ChaCha8Rng, c: &mut SmallRng) {
    for _ in 0..hands {
        black_box(play(base, depth, rng, c).events().len());
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| args.get(i).map_or(default, |s| s.parse().unwrap());
    // The evaluator's tables are built once, not part of any hand.
    eval::HighEvaluator::get();
    match args.first().map(String::as_str) {
        Some("count") => {
            let (base, depth) = kind(args.get(1).expect("a kind"));
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let mut choices = SmallRng::seed_from_u64(1);
            warm(&base, depth, 300, &mut rng, &mut choices);
            counted(&base, depth, number(2, 10_000), &mut rng, &mut choices);
        }
        Some("hash") => {
            let hands = number(1, 20_000);
            for name in KINDS {
                let (base, depth) = kind(name);
                let mut rng = ChaCha8Rng::seed_from_u64(1);
                let mut choices = SmallRng::seed_from_u64(1);
                let (mut hash, mut memory, mut text) = (0xcbf2_9ce4_8422_2325u64, 0, String::new());
                for _ in 0..hands {
                    let hand = play(&base, depth, &mut rng, &mut choices);
                    text.clear();
                    write!(text, "{:?}{:?}", hand.events(), hand.final_stacks()).unwrap();
                    fnv(&mut hash, text.as_bytes());
                    memory = memory.max(hand.memory_bytes());
                }
                println!("{name:>10}: {hands} hands, hash {hash:016x}, memory {memory} bytes");
            }
        }
        _ => eprintln!("hands_check hash [HANDS] | hands_check count KIND [HANDS]"),
    }
}
