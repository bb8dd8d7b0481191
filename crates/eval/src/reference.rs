//! Plain, obviously correct evaluators that the fast tables are built from and that tests
//! compare against. Slow on purpose: counts ranks and sorts.

use crate::HandCategory;
use crate::combos::for_each_five;
use cards::Card;

/// The strength of exactly five cards as (category, ranks in the order they are compared),
/// packed so that a larger number is a better hand (HC-1.11).
pub fn high5(cards: [Card; 5]) -> u32 {
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let ranks: Vec<u8> = cards.iter().map(|c| c.rank().index()).collect();
    high5_ranks(&ranks, flush)
}

/// As [`high5`], from five rank indexes (0 deuce .. 12 ace) and whether they are suited.
pub fn high5_ranks(ranks: &[u8], flush: bool) -> u32 {
    let mut counts = [0u8; 13];
    for &r in ranks {
        counts[usize::from(r)] += 1;
    }
    // Ranks ordered by count, then by rank: the order in which they are compared.
    let mut order: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[usize::from(r)] > 0)
        .map(|r| (counts[usize::from(r)], r))
        .collect();
    order.sort_unstable_by(|a, b| b.cmp(a));
    let distinct: Vec<u8> = order.iter().map(|&(_, r)| r).collect();
    let straight_high = if distinct.len() == 5 {
        if distinct[0] - distinct[4] == 4 {
            Some(distinct[0])
        } else if distinct == [12, 3, 2, 1, 0] {
            Some(3) // the wheel: ace plays low, five high
        } else {
            None
        }
    } else {
        None
    };
    let category = match (order[0].0, order.get(1).map(|x| x.0)) {
        _ if straight_high.is_some() && flush => HandCategory::StraightFlush,
        (4, _) => HandCategory::FourOfAKind,
        (3, Some(2)) => HandCategory::FullHouse,
        _ if flush => HandCategory::Flush,
        _ if straight_high.is_some() => HandCategory::Straight,
        (3, _) => HandCategory::ThreeOfAKind,
        (2, Some(2)) => HandCategory::TwoPair,
        (2, _) => HandCategory::OnePair,
        _ => HandCategory::HighCard,
    };
    let tiebreak: Vec<u8> = match straight_high {
        Some(high)
            if matches!(
                category,
                HandCategory::Straight | HandCategory::StraightFlush
            ) =>
        {
            vec![high]
        }
        _ => distinct,
    };
    let mut value = (category as u32) << 20;
    for (i, r) in tiebreak.iter().enumerate() {
        value |= u32::from(*r) << (16 - 4 * i);
    }
    value
}

/// The best five-card high value of 5 to 7 cards, by trying every five.
pub fn best_high(cards: &[Card]) -> u32 {
    best_of_fives(cards, high5)
}

/// The best (largest) value of `f` over every five cards of `cards`.
pub fn best_of_fives(cards: &[Card], f: impl Fn([Card; 5]) -> u32) -> u32 {
    let mut best = 0;
    for_each_five(cards, |five| best = best.max(f(five)));
    best
}
