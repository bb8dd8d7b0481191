//! Random acts (chips, words, order, in or out of turn) at random tables: a ruling always comes
//! back, chips are conserved at every step, the hand stays valid and still plays to its end.

use engine::{Chips, HandSetup, Op, Player, Step, Variant};
use floor::procedure::{DeckDefect, Irregularity, MisdealCause, PenaltyKind};
use floor::{Act, FloorHand, Order, Profile, PulledBack};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

const DENOMINATIONS: [u64; 5] = [25, 100, 500, 1000, 5000];
const WORDS: [&str; 24] = [
    "",
    "",
    "",
    "call",
    "raise",
    "raise, eight thousand",
    "Erhöhe auf 3000",
    "all in",
    "pot",
    "five",
    "I bet the pot",
    "if you bet I raise",
    "check",
    "fold",
    "passe",
    "bezahle",
    "raise by 500",
    "vierzehnhundert",
    "1500",
    "hmm",
    "bet 300",
    "schiebe",
    "erhöhe um 200",
    "fourteen hundred",
];

fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    rng.next_u64() % n.max(1)
}

fn table(rng: &mut ChaCha8Rng) -> FloorHand {
    let n = 2 + below(rng, 8) as usize;
    let stacks: Vec<Chips> = (0..n).map(|_| Chips(25 * (1 + below(rng, 800)))).collect();
    let mut blinds = vec![Chips::ZERO; n];
    let big = if below(rng, 2) == 0 { 100 } else { 200 };
    blinds[0] = Chips(big / 2);
    blinds[1] = Chips(big);
    let variant = if below(rng, 3) == 0 {
        Variant::POT_LIMIT_OMAHA
    } else {
        Variant::NO_LIMIT_HOLDEM
    };
    let setup = HandSetup::new(variant, &stacks, &blinds, Chips(big));
    let profile = Profile::ALL[below(rng, 5) as usize];
    let denominations: Vec<Chips> = DENOMINATIONS.iter().map(|&c| Chips(c)).collect();
    FloorHand::new(profile, setup, &denominations).expect("a valid table")
}

fn random_act(rng: &mut ChaCha8Rng, floor: &FloorHand) -> Act {
    let n = floor.hand().players().len() as u64;
    let player = match floor.next_to_act() {
        Some(p) if below(rng, 3) != 0 => p,
        _ => Player(below(rng, n) as u8),
    };
    let chips: Vec<u64> = (0..below(rng, 5))
        .map(|_| DENOMINATIONS[below(rng, 5) as usize])
        .collect();
    let mut act = Act::new(player)
        .say(WORDS[below(rng, WORDS.len() as u64) as usize])
        .chips(&chips)
        .order([Order::SayFirst, Order::ChipsFirst, Order::Together][below(rng, 3) as usize]);
    if !floor.hand().player(player).bet.is_zero() {
        act.previous_pulled_back =
            [PulledBack::None, PulledBack::Some, PulledBack::All][below(rng, 3) as usize];
    }
    act.unclear = below(rng, 10) == 0;
    if below(rng, 10) == 0 {
        act.told = Some(Chips(100 * below(rng, 100)));
    }
    act
}

fn random_irregularity(rng: &mut ChaCha8Rng, floor: &FloorHand) -> Irregularity {
    let n = floor.hand().players().len() as u64;
    let player = Player(below(rng, n) as u8);
    match below(rng, 8) {
        0 => Irregularity::ClockCalled {
            player,
            facing_bet: below(rng, 2) == 0,
        },
        1 => Irregularity::PlayerExposedCards { player },
        2 => Irregularity::Mess,
        3 => Irregularity::DeckDefect {
            defect: DeckDefect::Duplicate,
            player_knew: (below(rng, 2) == 0).then_some(player),
        },
        4 => Irregularity::Misdeal {
            cause: MisdealCause::SeatSkipped,
        },
        5 => Irregularity::WrongCardCount {
            player,
            has: 1,
            needs: 2,
            is_button: below(rng, 2) == 0,
            has_acted: below(rng, 2) == 0,
        },
        6 => Irregularity::Penalty {
            player,
            kind: PenaltyKind::ForcedFold,
            players_at_table: n as u8,
        },
        _ => Irregularity::ExposedHoleCard {
            position: 1 + below(rng, 9) as u8,
            count: 1 + below(rng, 2) as u8,
        },
    }
}

fn chips_at_table(floor: &FloorHand) -> u64 {
    let hand = floor.hand();
    if floor.is_over() {
        return floor.final_stacks().iter().map(|c| c.0).sum::<u64>() + floor.carried_over().0;
    }
    hand.players()
        .iter()
        .map(|p| p.stack.0 + p.bet.0)
        .sum::<u64>()
        + hand.pot().0
}

/// Plays the hand out: everyone calls or checks, streets laid unknown, pots named by the dealer.
fn finish(floor: &mut FloorHand) {
    for _ in 0..200 {
        if floor.is_over() {
            return;
        }
        floor.lay_board();
        match floor.hand().step() {
            Step::Act(p) => {
                floor.act(&Act::new(p).say("call")).expect("a ruling");
            }
            step @ (Step::AwardPot(_) | Step::ShowOrMuck(_)) => {
                let pot = if let Step::AwardPot(pot) = step {
                    pot
                } else {
                    0
                };
                let winner = floor.hand().pots()[pot].eligible[0];
                floor
                    .apply(Op::AwardPot {
                        pot,
                        winners: vec![winner],
                    })
                    .expect("the dealer names an eligible winner");
            }
            step => panic!("the hand is stuck at {step}"),
        }
    }
    panic!("the hand did not end: {}", floor.hand().step());
}

#[test]
fn random_acts_always_get_a_ruling_and_conserve_chips() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut rulings = 0;
    for round in 0..3000 {
        let mut floor = table(&mut rng);
        let total = chips_at_table(&floor);
        for _ in 0..below(&mut rng, 25) {
            if below(&mut rng, 20) == 0 {
                floor.notice();
            } else if below(&mut rng, 15) == 0 {
                let irregularity = random_irregularity(&mut rng, &floor);
                let procedure = floor.irregularity(&irregularity);
                assert!(
                    !procedure.steps.is_empty(),
                    "round {round}: {irregularity:?}"
                );
            } else {
                let act = random_act(&mut rng, &floor);
                let ruling = floor
                    .act(&act)
                    .unwrap_or_else(|e| panic!("round {round}: {act:?}: {e}"));
                rulings += 1;
                assert!(
                    !ruling.reasons.is_empty()
                        || !ruling.actions.is_empty()
                        || ruling.returned == act.pushed(),
                    "round {round}: a ruling says why: {ruling}"
                );
            }
            assert_eq!(
                chips_at_table(&floor),
                total,
                "round {round}: chips conserved"
            );
            if let Step::Act(p) = floor.hand().step() {
                let legal = floor
                    .hand()
                    .legal_actions()
                    .expect("the actor's legal actions");
                assert_eq!(legal.player, p);
            }
        }
        finish(&mut floor);
        assert!(floor.is_over(), "round {round}: the hand ends");
        assert_eq!(
            chips_at_table(&floor),
            total,
            "round {round}: chips conserved at the end"
        );
    }
    assert!(rulings > 20_000, "{rulings} rulings");
}
