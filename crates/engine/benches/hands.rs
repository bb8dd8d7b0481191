//! Complete hands with random legal actions, every automation on, as `croupier bench engine`
//! plays them (its ratio to PokerKit is measured there, in interleaved slices): here the
//! engine alone, for profiling and for comparing builds. `cargo bench -p engine --bench hands`.

use cards::Deck;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{Chips, Game, Hand, HandSetup, Op, Step, Variant, random_action};
use rand::rngs::SmallRng;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::hint::black_box;

/// Hands per iteration.
const HANDS: u64 = 1000;

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

/// `rng` shuffles (the server's kind of generator); `choices` picks the actions, a fast
/// generator as `croupier bench engine` uses.
fn play(base: &HandSetup, depth: usize, rng: &mut ChaCha8Rng, choices: &mut SmallRng) -> usize {
    let mut deck = Deck::ordered();
    deck.shuffle_top(depth, rng);
    let mut hand = Hand::new_dealt(base, deck).expect("a valid setup");
    while let Step::Act(p) = hand.step() {
        let legal = hand.legal_actions().expect("a player to act");
        hand.apply(Op::Act(p, random_action(&legal, choices)))
            .expect("a legal action");
    }
    assert!(hand.is_over());
    hand.events().len()
}

fn hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("hands");
    group.throughput(Throughput::Elements(HANDS));
    let kinds = [
        ("heads-up", holdem(2), 12),
        ("six-max", holdem(6), 20),
        ("stud", stud(Game::Stud), 46),
        ("stud-hi-lo", stud(Game::StudHiLo), 46),
        ("razz", stud(Game::Razz), 46),
    ];
    for (name, setup, depth) in kinds {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut choices = SmallRng::seed_from_u64(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut events = 0;
                for _ in 0..HANDS {
                    events += play(&setup, depth, &mut rng, &mut choices);
                }
                black_box(events)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, hands);
criterion_main!(benches);
