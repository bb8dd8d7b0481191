//! The enumeration walk gives every seven-card hand the value the plain evaluator gives it
//! (HC-1.11), whatever the five cards walked and the cards still to come.

use cards::{Card, Deck, Seed};
use eval::high::{Walk, evaluate_cards};
use eval::{HighEvaluator, HighValue};

#[test]
fn hc_1_11_walked_hands_value_as_the_evaluator_says() {
    let ev = HighEvaluator::get();
    for seed in 0..3000u64 {
        let deck = Deck::shuffled(Seed::from_u64(seed));
        let cards = deck.remaining();
        // Fives with three, four and five of a suit come up: some deals are one suit only.
        let (five, rest): (Vec<Card>, Vec<Card>) = if seed % 3 == 0 {
            let mut suited: Vec<Card> = cards
                .iter()
                .copied()
                .filter(|c| c.suit() == cards[0].suit())
                .collect();
            suited.extend(
                cards
                    .iter()
                    .copied()
                    .filter(|c| c.suit() != cards[0].suit())
                    .take(6),
            );
            (suited[..5].to_vec(), suited[5..].to_vec())
        } else {
            (
                cards[..5].to_vec(),
                cards[5..5 + 2 + (seed % 20) as usize].to_vec(),
            )
        };
        let walk = five.iter().fold(Walk::EMPTY, |w, c| ev.walk_add(w, *c));
        let mut walked: Vec<HighValue> = Vec::new();
        ev.for_each_two_more(walk, &rest, |v| walked.push(v));
        let mut expected: Vec<HighValue> = Vec::new();
        for (i, a) in rest.iter().enumerate() {
            for b in &rest[i + 1..] {
                let mut seven = five.clone();
                seven.extend([*a, *b]);
                expected.push(evaluate_cards(&seven));
            }
        }
        walked.sort();
        expected.sort();
        assert_eq!(walked, expected, "five {five:?} rest {rest:?}");
    }
}
