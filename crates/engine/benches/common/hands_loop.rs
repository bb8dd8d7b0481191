//! The loop of `croupier bench engine` for this engine alone, shared by `benches/hands.rs`
//! (criterion) and `examples/hands_check.rs` (hashes and callgrind), so that the loop counted
//! is the loop benched.

use cards::Deck;
use engine::{CheckedSetup, Chips, Game, Hand, HandSetup, Op, Step, Variant, random_action};
use rand::rngs::SmallRng;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::hint::black_box;

/// The kinds of `croupier bench engine`, in its order.
pub const KINDS: [&str; 5] = ["heads-up", "six-max", "stud", "stud-hi-lo", "razz"];

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

/// One kind's hands in play: its setup (one, checked once, as PokerKit's game object), how deep
/// its hands deal into the deck, and the random sequences carried from hand to hand.
pub struct Kind {
    setup: CheckedSetup,
    depth: usize,
    /// Shuffles (the server's kind of generator).
    rng: ChaCha8Rng,
    /// Picks the actions: a fast generator, as `croupier bench engine` uses.
    choices: SmallRng,
    /// The hand dealt again each time (its allocations kept).
    hand: Option<Hand>,
}

impl Kind {
    /// A kind by name, both generators seeded with 1.
    pub fn new(name: &str) -> Kind {
        let (setup, depth) = match name {
            "heads-up" => (holdem(2), 12),
            "six-max" => (holdem(6), 20),
            "stud" => (stud(Game::Stud), 46),
            "stud-hi-lo" => (stud(Game::StudHiLo), 46),
            "razz" => (stud(Game::Razz), 46),
            other => panic!("no kind {other}: {}", KINDS.join(", ")),
        };
        Kind {
            setup: setup.checked().expect("a valid setup"),
            depth,
            rng: ChaCha8Rng::seed_from_u64(1),
            choices: SmallRng::seed_from_u64(1),
            hand: None,
        }
    }

    /// One hand as the bench plays it: dealt again in the last hand's place, as a table does.
    pub fn play(&mut self) -> &Hand {
        let deck = Deck::ordered_shuffled_top(self.depth, &mut self.rng);
        let hand = match &mut self.hand {
            Some(hand) => {
                hand.deal_checked(&self.setup, deck).expect("a full deck");
                hand
            }
            empty => {
                empty.insert(Hand::new_dealt(self.setup.setup(), deck).expect("a valid setup"))
            }
        };
        while let Step::Act(p) = hand.step() {
            let legal = hand.legal_actions().expect("a player to act");
            hand.apply(Op::Act(p, random_action(&legal, &mut self.choices)))
                .expect("a legal action");
        }
        assert!(hand.is_over());
        hand
    }

    /// `hands` hands, their events counted: criterion's iteration, and the loop callgrind counts
    /// by its name (`--toggle-collect='*counted*'`).
    #[inline(never)]
    pub fn counted(&mut self, hands: u64) -> usize {
        let mut events = 0;
        for _ in 0..hands {
            events += self.play().events().len();
        }
        black_box(events)
    }
}
