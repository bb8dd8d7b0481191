//! `Hand::deal_again`: a hand dealt again in an old hand's place is the hand `Hand::new_dealt`
//! starts, whatever the old hand was, and a refused setup leaves the old hand as it was.

use cards::{Deck, Seed};
use engine::{Automations, Chips, Game, Hand, HandSetup, Op, Step, Variant, random_action};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn setups() -> Vec<HandSetup> {
    let mut all = Vec::new();
    for n in [2usize, 6, 9] {
        let mut blinds = vec![Chips::ZERO; n];
        blinds[usize::from(n > 2)] = Chips(2);
        blinds[usize::from(n == 2)] = Chips(1);
        let mut s = HandSetup::new(
            Variant::NO_LIMIT_HOLDEM,
            &vec![Chips(200); n],
            &blinds,
            Chips(2),
        );
        s.automations = Automations::ALL;
        all.push(s);
    }
    for game in [Game::Stud, Game::StudHiLo, Game::Razz] {
        let variant = Variant::fixed_limit(game, Chips(2), Chips(4));
        let mut s = HandSetup::new(variant, &[Chips(50); 7], &[Chips::ZERO; 7], Chips(2));
        s.antes = vec![Chips(1); 7];
        s.bring_in = Chips(1);
        s.automations = Automations::ALL;
        all.push(s);
    }
    all
}

fn play_out(hand: &mut Hand, rng: &mut ChaCha8Rng) {
    while let Step::Act(p) = hand.step() {
        let legal = hand.legal_actions().unwrap();
        hand.apply(Op::Act(p, random_action(&legal, rng))).unwrap();
    }
    assert!(hand.is_over());
}

/// Hand after hand from changing setups, each hand dealt again in the last one's place and
/// played with the same random actions as a new hand: equal at the start and at the end.
#[test]
fn a_hand_dealt_again_is_a_new_hand() {
    let setups = setups();
    let mut reused = Hand::new_dealt(&setups[0], Deck::ordered()).unwrap();
    for round in 0..120u8 {
        let setup = &setups[usize::from(round) * 7 % setups.len()];
        let deck = Deck::shuffled(Seed([round; 32]));
        let mut new = Hand::new_dealt(setup, deck.clone()).unwrap();
        reused.deal_again(setup, deck).unwrap();
        assert_eq!(reused, new);
        play_out(&mut new, &mut ChaCha8Rng::seed_from_u64(round.into()));
        play_out(&mut reused, &mut ChaCha8Rng::seed_from_u64(round.into()));
        assert_eq!(reused, new);
        assert_eq!(reused.events(), new.events());
        assert_eq!(reused.final_stacks(), new.final_stacks());
    }
}

/// A setup `new_dealt` refuses is refused the same, the old hand kept whole.
#[test]
fn a_refused_deal_leaves_the_hand() {
    let setups = setups();
    let mut hand = Hand::new_dealt(&setups[3], Deck::shuffled(Seed([3; 32]))).unwrap();
    play_out(&mut hand, &mut ChaCha8Rng::seed_from_u64(3));
    let before = hand.clone();
    let mut bad = setups[1].clone();
    bad.stacks[2] = Chips::ZERO;
    assert_eq!(
        hand.deal_again(&bad, Deck::ordered()).unwrap_err(),
        Hand::new_dealt(&bad, Deck::ordered()).unwrap_err()
    );
    assert_eq!(hand, before);
}

/// A setup checked once deals each hand as `deal_again` does; `checked` refuses what `check`
/// refuses but the deck, and `deal_checked` refuses a short deck as `new_dealt` does, the old
/// hand kept whole.
#[test]
fn a_checked_setup_deals_as_deal_again() {
    let setups = setups();
    let checked: Vec<_> = setups
        .iter()
        .map(|s| s.clone().checked().unwrap())
        .collect();
    let mut reused = Hand::new_dealt(&setups[0], Deck::ordered()).unwrap();
    let mut again = reused.clone();
    for round in 0..60u8 {
        let i = usize::from(round) * 5 % setups.len();
        let deck = Deck::shuffled(Seed([round; 32]));
        again.deal_again(&setups[i], deck.clone()).unwrap();
        reused.deal_checked(&checked[i], deck).unwrap();
        assert_eq!(reused, again);
        play_out(&mut again, &mut ChaCha8Rng::seed_from_u64(round.into()));
        play_out(&mut reused, &mut ChaCha8Rng::seed_from_u64(round.into()));
        assert_eq!(reused.events(), again.events());
    }

    let mut bad = setups[1].clone();
    bad.stacks[2] = Chips::ZERO;
    bad.min_bet = Chips::ZERO;
    let refused = bad.clone().checked().unwrap_err();
    assert_eq!(refused.problems().len(), 2);
    bad.deck = Some(Deck::ordered());
    assert_eq!(refused, bad.check().unwrap_err());

    let before = reused.clone();
    let short = Deck::from_cards(Deck::ordered().remaining()[..10].to_vec());
    for (setup, checked) in setups.iter().zip(&checked) {
        assert_eq!(
            reused.deal_checked(checked, short.clone()).unwrap_err(),
            Hand::new_dealt(setup, short.clone()).unwrap_err()
        );
        assert_eq!(reused, before);
    }
}
