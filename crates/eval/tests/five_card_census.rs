//! HC-1.11 over every hand: the census of all 2,598,960 five-card hands against the counts
//! known from combinatorics, the fast values against `eval::reference` on every five-card
//! hand, and random six- and seven-card hands ("Poker kennt kein Blatt mit sechs oder sieben
//! Karten": they are worth their best five).

use cards::{Card, CardSet};
use eval::high::{evaluate, evaluate_cards};
use eval::{HandCategory, HandKey, HighValue, census, reference};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Five-card hands per category, lowest category first (the standard combinatorial counts:
/// C(52,5) = 2,598,960 split by category).
const FIVE_CARD_COUNTS: [(HandCategory, u64); 9] = [
    (HandCategory::HighCard, 1_302_540),
    (HandCategory::OnePair, 1_098_240),
    (HandCategory::TwoPair, 123_552),
    (HandCategory::ThreeOfAKind, 54_912),
    (HandCategory::Straight, 10_200),
    (HandCategory::Flush, 5_108),
    (HandCategory::FullHouse, 3_744),
    (HandCategory::FourOfAKind, 624),
    (HandCategory::StraightFlush, 40),
];

/// Distinct hand values per category, lowest category first (7,462 in all): 1277 high-card
/// rank sets (C(13,5) less the 10 straights), 13*C(12,3) one pair, C(13,2)*11 two pair,
/// 13*C(12,2) trips, 10 straights, 1277 flushes, 13*12 full houses, 13*12 quads, 10 straight
/// flushes.
const DISTINCT_VALUES: [usize; 9] = [1277, 2860, 858, 858, 10, 1277, 156, 156, 10];

/// Seven-card hands per category (best five of C(52,7) = 133,784,560).
const SEVEN_CARD_COUNTS: [u64; 9] = [
    23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584,
];

#[test]
fn hc_1_11_five_card_census_matches_known_counts() {
    let c = census::five_card();
    assert_eq!(c.hands, 2_598_960);
    for (category, n) in FIVE_CARD_COUNTS {
        assert_eq!(c.count(category), n, "{category:?}");
    }
    assert_eq!(c.distinct_values, 7_462);
    assert_eq!(DISTINCT_VALUES.iter().sum::<usize>(), 7_462);
}

#[test]
fn hc_1_11_seven_card_census_matches_known_counts() {
    let c = census::seven_card();
    assert_eq!(c.hands, 133_784_560);
    for (category, n) in HandCategory::ALL.into_iter().zip(SEVEN_CARD_COUNTS) {
        assert_eq!(c.count(category), n, "{category:?}");
    }
    // Not every five-card value can be the best of seven (seven cards without a pair or
    // better hold at least a nine, and so on): 4,824 of the 7,462 values occur.
    assert_eq!(c.distinct_values, 4_824);
}

/// The map from reference strength to fast value over all 2,598,960 five-card hands, with
/// the number of hands per reference category; built once, checked on the way.
fn reference_to_fast() -> &'static (HashMap<u32, HighValue>, [u64; 9]) {
    static MAP: OnceLock<(HashMap<u32, HighValue>, [u64; 9])> = OnceLock::new();
    MAP.get_or_init(|| {
        let deck: Vec<Card> = Card::all().collect();
        let mut map: HashMap<u32, HighValue> = HashMap::new();
        let mut by_category = [0u64; 9];
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            let hand = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                            let r = reference::high5(hand);
                            let v = evaluate_cards(&hand);
                            let seen = *map.entry(r).or_insert(v);
                            assert_eq!(
                                seen, v,
                                "{hand:?}: the same reference strength got two fast values"
                            );
                            by_category[(r >> 20) as usize] += 1;
                        }
                    }
                }
            }
        }
        (map, by_category)
    })
}

#[test]
fn hc_1_11_every_five_card_hand_orders_as_reference() {
    let (map, by_category) = reference_to_fast();
    // The reference's own census is the known one (so the reference is a fair judge).
    for (category, n) in FIVE_CARD_COUNTS {
        assert_eq!(by_category[category as usize], n, "reference {category:?}");
    }
    // Reference strength -> fast value is a strictly increasing bijection onto 7,462 values.
    let mut pairs: Vec<(u32, HighValue)> = map.iter().map(|(&r, &v)| (r, v)).collect();
    pairs.sort_unstable();
    assert_eq!(pairs.len(), 7_462);
    for w in pairs.windows(2) {
        assert!(
            w[0].1 < w[1].1,
            "reference {:#x} < {:#x} but fast {:?} >= {:?}",
            w[0].0,
            w[1].0,
            w[0].1,
            w[1].1
        );
    }
    // The category in the fast value is the reference's category, and within a category
    // the fast values are numbered 1..=n (the documented compact form).
    let mut within: [Vec<u16>; 9] = Default::default();
    for &(r, v) in &pairs {
        let category = v.category();
        assert_eq!(category as u32, r >> 20, "{v:?}");
        within[category as usize].push(v.get() & 0xfff);
    }
    for (k, values) in within.iter().enumerate() {
        assert_eq!(
            values.len(),
            DISTINCT_VALUES[k],
            "{:?}",
            HandCategory::ALL[k]
        );
        let expected: Vec<u16> = (1..=values.len() as u16).collect();
        assert_eq!(values, &expected, "{:?}", HandCategory::ALL[k]);
    }
}

/// `n` different random cards.
fn deal(rng: &mut ChaCha20Rng, n: usize) -> Vec<Card> {
    let mut deck: Vec<Card> = Card::all().collect();
    for i in 0..n {
        let j = i + (rng.next_u64() % (52 - i) as u64) as usize;
        deck.swap(i, j);
    }
    deck.truncate(n);
    deck
}

fn best_five_fast(cards: &[Card]) -> HighValue {
    let mut best: Option<HighValue> = None;
    let n = cards.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let v = evaluate_cards(&[cards[a], cards[b], cards[c], cards[d], cards[e]]);
                        best = best.max(Some(v));
                    }
                }
            }
        }
    }
    best.expect("five or more cards")
}

#[test]
fn hc_1_11_random_six_and_seven_card_hands_order_as_reference() {
    let (map, _) = reference_to_fast();
    let mut rng = ChaCha20Rng::seed_from_u64(0x0048_4331_3131);
    let mut previous: Option<(HighValue, u32)> = None;
    let mut orders = [0u32; 3];
    for i in 0..300_000 {
        let size = if i % 2 == 0 { 7 } else { 6 };
        let cards = deal(&mut rng, size);
        let fast = evaluate_cards(&cards);
        let strength = reference::best_high(&cards);
        // The value is the value of the best five.
        assert_eq!(fast, map[&strength], "{cards:?}");
        assert_eq!(fast, best_five_fast(&cards), "{cards:?}");
        // The same through a card set and a key built card by card.
        let set: CardSet = cards.iter().copied().collect();
        assert_eq!(evaluate(set), fast, "{cards:?}");
        let key = cards.iter().fold(HandKey::EMPTY, |k, c| k.add(*c));
        assert_eq!(eval::HighEvaluator::get().evaluate(key), fast, "{cards:?}");
        // Two hands in a row compare the same way under both evaluators.
        if let Some((pf, pr)) = previous {
            let got = fast.cmp(&pf);
            assert_eq!(
                got,
                strength.cmp(&pr),
                "{cards:?} against the previous hand"
            );
            orders[(got as i8 + 1) as usize] += 1;
        }
        previous = Some((fast, strength));
    }
    // Some ties too, not only wins and losses.
    assert!(orders.iter().all(|&n| n > 0), "{orders:?}");
}

#[test]
fn hc_1_11_random_hands_on_one_board_order_as_reference() {
    // Hold'em-like: two players on the same five-card board compare like their reference
    // strengths; sharing the board makes close calls (kickers, counterfeits, splits) common.
    let mut rng = ChaCha20Rng::seed_from_u64(0x62_6f61_7264);
    let mut splits = 0;
    for _ in 0..100_000 {
        let cards = deal(&mut rng, 9);
        let board = &cards[..5];
        let a: Vec<Card> = board.iter().chain(&cards[5..7]).copied().collect();
        let b: Vec<Card> = board.iter().chain(&cards[7..9]).copied().collect();
        let fast = evaluate_cards(&a).cmp(&evaluate_cards(&b));
        let reference = reference::best_high(&a).cmp(&reference::best_high(&b));
        assert_eq!(fast, reference, "{a:?} vs {b:?}");
        splits += usize::from(fast == Ordering::Equal);
    }
    assert!(splits > 1_000, "{splits}");
}
