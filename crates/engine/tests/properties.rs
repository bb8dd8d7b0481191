//! Properties of any sequence of operations, legal or not, in flop games and stud: nothing
//! panics, a refused operation changes nothing, chips are conserved at every step, and every
//! hand ends.

mod common;
use cards::{Card, CardSet, Deck, Seed};
use engine::{
    Action, Automations, Chips, Game, Hand, HandSetup, Hole, Op, Player, Step, Variant,
    random_action,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    rng.next_u64() % n.max(1)
}

fn random_setup(rng: &mut ChaCha8Rng, seed: u64) -> HandSetup {
    let variant = match below(rng, 7) {
        0 => Variant::NO_LIMIT_HOLDEM,
        1 => Variant::POT_LIMIT_OMAHA,
        2 => Variant::fixed_limit(Game::Holdem, Chips(4), Chips(8)),
        3 => Variant::fixed_limit(Game::OmahaHiLo, Chips(4), Chips(8)),
        4 => Variant::fixed_limit(Game::Stud, Chips(4), Chips(8)),
        5 => Variant::fixed_limit(Game::StudHiLo, Chips(4), Chips(8)),
        _ => Variant::fixed_limit(Game::Razz, Chips(4), Chips(8)),
    };
    let stud = variant.game.is_stud();
    let n = 2 + below(rng, if stud { 7 } else { 9 }) as usize;
    let stacks: Vec<Chips> = (0..n).map(|_| Chips(1 + below(rng, 400))).collect();
    let mut blinds = vec![Chips::ZERO; n];
    if !stud {
        blinds[0] = Chips(2);
        blinds[1] = Chips(4);
    }
    let mut setup = HandSetup::new(variant, &stacks, &blinds, Chips(4));
    if stud || below(rng, 3) == 0 {
        setup.antes = vec![Chips(1); n];
    }
    // Stud: a bring-in; ring games may double on fourth street (TDA-RP-10F).
    setup.bring_in = Chips(2);
    setup.tournament = below(rng, 2) == 0;
    setup.reshuffle_seed = Seed::from_u64(seed ^ 0x5eed);
    setup.absent = (0..n).map(|_| below(rng, 10) == 0).collect();
    let bit = |rng: &mut ChaCha8Rng| below(rng, 2) == 0;
    setup.automations = Automations {
        posting: bit(rng),
        dealing: bit(rng),
        collecting: bit(rng),
        showdown: bit(rng),
        pushing: bit(rng),
    };
    setup.deck = Some(Deck::shuffled(Seed::from_u64(seed)));
    setup
}

fn random_card(rng: &mut ChaCha8Rng) -> Card {
    Card::from_index(below(rng, 52) as u8).expect("a card index below 52")
}

/// The dealer's fresh cards: a deck without the cards already in play.
fn fresh_deck(hand: &Hand) -> Deck {
    let mut in_play = CardSet::default();
    for p in hand.players() {
        for card in p.hole.cards().iter().flatten() {
            in_play.insert(*card);
        }
    }
    for card in hand.board() {
        in_play.insert(card);
    }
    Deck::without(in_play)
}

/// An operation that fits the step most of the time, and garbage the rest.
fn random_op(hand: &Hand, rng: &mut ChaCha8Rng, fresh: &mut Deck) -> Op {
    let any_player = |rng: &mut ChaCha8Rng| Player(below(rng, 12) as u8);
    if below(rng, 4) == 0 {
        return match below(rng, 12) {
            0 => Op::PostAnte(any_player(rng)),
            1 => Op::PostBlind(any_player(rng)),
            2 => Op::DealHole {
                player: any_player(rng),
                cards: Hole::known(&[random_card(rng), random_card(rng)]).unwrap_or_default(),
            },
            3 => Op::DealBoard((0..below(rng, 5)).map(|_| random_card(rng)).collect()),
            4 => Op::Act(
                any_player(rng),
                Action::BetOrRaiseTo(Chips(rng.next_u64() >> below(rng, 64))),
            ),
            5 => Op::Show {
                player: any_player(rng),
                cards: Hole::new(&[Some(random_card(rng)), None]),
            },
            6 => Op::Muck(any_player(rng)),
            7 => Op::CollectBets,
            8 => Op::KillHand {
                player: any_player(rng),
                rule: engine::rule!("TDA-29"),
            },
            9 => Op::DeadMoney {
                player: any_player(rng),
                amount: Chips(below(rng, 500)),
            },
            10 => Op::AwardPot {
                pot: below(rng, 4) as usize,
                winners: (0..below(rng, 3)).map(|_| any_player(rng)).collect(),
            },
            _ => Op::PushChips,
        };
    }
    let mut deal = |n: usize| -> Vec<Card> { (0..n).filter_map(|_| fresh.deal().ok()).collect() };
    match hand.step() {
        Step::PostAnte(p) => Op::PostAnte(p),
        Step::PostBlind(p) => Op::PostBlind(p),
        Step::DealHole(p) => {
            let known = below(rng, 3) != 0;
            let cards: Vec<Option<Card>> =
                deal(1).into_iter().map(|c| known.then_some(c)).collect();
            Op::DealHole {
                player: p,
                cards: Hole::new(&cards).unwrap_or_default(),
            }
        }
        Step::DealBoard { .. } if below(rng, 8) == 0 => Op::DealBoardUnknown,
        Step::DealBoard { cards, .. } => Op::DealBoard(deal(cards)),
        Step::Act(p) => {
            let legal = hand.legal_actions().expect("a player to act");
            Op::Act(p, random_action(&legal, rng))
        }
        Step::CollectBets => Op::CollectBets,
        Step::ShowOrMuck(p) => {
            if below(rng, 2) == 0 {
                Op::Muck(p)
            } else {
                let n = hand.variant().game.hole_cards();
                let known = hand.player(p).hole;
                let cards: Vec<Option<Card>> = known
                    .cards()
                    .iter()
                    .map(|c| c.or_else(|| fresh.deal().ok()))
                    .collect();
                Op::Show {
                    player: p,
                    cards: Hole::new(&cards[..n.min(cards.len())]),
                }
            }
        }
        Step::AwardPot(pot) => Op::AwardPot {
            pot,
            winners: hand
                .pots()
                .get(pot)
                .map(|p| {
                    p.eligible
                        .iter()
                        .copied()
                        .take(1 + below(rng, 2) as usize)
                        .collect()
                })
                .unwrap_or_default(),
        },
        Step::PushChips => Op::PushChips,
        Step::Done => Op::PushChips,
    }
}

/// Chips behind plus chips put in, or plus chips won once the pots are pushed.
fn chips_in_play(hand: &Hand) -> u64 {
    hand.players()
        .iter()
        .map(|p| {
            p.stack.0
                + if hand.is_over() {
                    p.won.0
                } else {
                    p.committed.0
                }
        })
        .sum()
}

#[test]
fn any_operations_never_panic_conserve_chips_leave_refused_state_unchanged_and_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(47);
    let mut refused = 0usize;
    for seed in 0..3000u64 {
        let setup = random_setup(&mut rng, seed);
        let total: u64 = setup.stacks.iter().map(|c| c.0).sum();
        let mut hand = Hand::new(setup).expect("valid random setup");
        // The dealer's cards for manual dealing: never a card already in play.
        let mut fresh = fresh_deck(&hand);
        let mut steps = 0;
        while !hand.is_over() {
            steps += 1;
            assert!(
                steps < 5000,
                "hand {seed} does not end: waiting for {}",
                hand.step()
            );
            let before = format!("{hand:?}");
            let op = random_op(&hand, &mut rng, &mut fresh);
            if hand.apply(op.clone()).is_err() {
                refused += 1;
                assert_eq!(
                    format!("{hand:?}"),
                    before,
                    "refused {op:?} changed the hand"
                );
            }
            if fresh.len() < 10 {
                fresh = fresh_deck(&hand);
            }
            assert_eq!(chips_in_play(&hand), total, "chips conserved after {op:?}");
        }
        let end: u64 = hand.final_stacks().iter().map(|c| c.0).sum();
        assert_eq!(
            end, total,
            "hand {seed}: final stacks add up to the starting stacks"
        );
    }
    assert!(
        refused > 1000,
        "the garbage operations were exercised: {refused}"
    );
}

#[test]
fn absurd_setups_are_refused_not_panicking() {
    let huge = HandSetup::new(
        Variant::NO_LIMIT_HOLDEM,
        &[Chips(u64::MAX), Chips(u64::MAX)],
        &[Chips(1), Chips(2)],
        Chips(2),
    );
    assert!(Hand::new(huge).is_err());
    let one = HandSetup::new(Variant::NO_LIMIT_HOLDEM, &[Chips(5)], &[Chips(1)], Chips(2));
    assert!(Hand::new(one).is_err());
    let mut short = HandSetup::new(
        Variant::NO_LIMIT_HOLDEM,
        &[Chips(5), Chips(5)],
        &[Chips(1), Chips(2)],
        Chips(2),
    );
    short.antes = vec![Chips(1)];
    assert!(Hand::new(short).is_err());
}
