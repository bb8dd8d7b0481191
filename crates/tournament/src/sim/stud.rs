//! How a strength bot rates a stud hand: high hands by pairs and better (stud), lows by the
//! lowest five different ranks, ace low (razz; stud hi/lo's eight or better), one tier lower
//! when an opponent's up cards show a better board.

use super::tier::Tier;
use cards::{Card, Rank};
use engine::{Game, Hand, Player};
use eval::{HandCategory, MadeHand};

/// A card's rank with the ace lowest: ace 0, deuce 1 .. king 12.
fn ace_low(card: Card) -> u8 {
    (card.rank().index() + 1) % 13
}

/// The tier of `player`'s stud hand in `game`, all cards counted, then read against the up
/// cards of the live opponents.
pub(super) fn tier(hand: &Hand, player: Player) -> Tier {
    let game = hand.variant().game;
    let me = hand.player(player);
    let cards: Vec<Card> = me.hole.cards().iter().flatten().copied().collect();
    let own = match game {
        Game::Razz => low(&cards, false),
        Game::StudHiLo => high(&cards).max(low(&cards, true)),
        _ => high(&cards),
    };
    let mine = up_cards(hand, player);
    let beaten = (0..hand.players().len())
        .map(|i| Player(i as u8))
        .filter(|&p| p != player && hand.player(p).is_live())
        .any(|p| better_board(game, &up_cards(hand, p), &mine));
    match (own, beaten) {
        (Tier::Medium, true) => Tier::Weak,
        (tier, _) => tier,
    }
}

fn up_cards(hand: &Hand, player: Player) -> Vec<Card> {
    hand.player(player).hole.up_cards().flatten().collect()
}

/// Stud high: trips or a pair of nines or better early, two pair or better from five cards.
fn high(cards: &[Card]) -> Tier {
    if let Some(made) = MadeHand::best(cards) {
        return match made.category() {
            c if c >= HandCategory::TwoPair => Tier::Strong,
            HandCategory::OnePair => Tier::Medium,
            _ => Tier::Weak,
        };
    }
    let (count, rank) = biggest_group(cards);
    let suited = cards.len() >= 3 && cards.iter().all(|c| c.suit() == cards[0].suit());
    let high_card = cards.iter().map(|c| c.rank()).max().unwrap_or(Rank::Two);
    match count {
        3.. => Tier::Strong,
        2 if rank >= Rank::Nine => Tier::Strong,
        2 => Tier::Medium,
        _ if suited || (cards.len() == 3 && high_card >= Rank::Queen) => Tier::Medium,
        _ => Tier::Weak,
    }
}

/// The largest group of one rank, and its rank (the higher among equals).
fn biggest_group(cards: &[Card]) -> (usize, Rank) {
    let mut best = (0, Rank::Two);
    for c in cards {
        let count = cards.iter().filter(|d| d.rank() == c.rank()).count();
        best = best.max((count, c.rank()));
    }
    best
}

/// A low by its lowest five different ranks (fewer before fifth street): strong when all are
/// seven or lower, medium to an eight (razz: to a ten); paired boards are weak.
fn low(cards: &[Card], eight_or_better: bool) -> Tier {
    let mask = cards.iter().fold(0u16, |m, &c| m | 1 << ace_low(c));
    let need = cards.len().min(5);
    let lows: Vec<u8> = (0..13u8)
        .filter(|r| mask & 1 << r != 0)
        .take(need)
        .collect();
    let top = lows.last().copied().unwrap_or(12);
    let medium = if eight_or_better { 7 } else { 9 };
    match (lows.len() == need, top) {
        (true, 0..=6) => Tier::Strong,
        (true, t) if t <= medium => Tier::Medium,
        _ => Tier::Weak,
    }
}

/// Whether `theirs` shows a better board than `mine`: a bigger group of a rank (stud, stud
/// hi/lo) or, in razz, no pair and a lower top card.
fn better_board(game: Game, theirs: &[Card], mine: &[Card]) -> bool {
    if theirs.is_empty() || mine.is_empty() {
        return false;
    }
    if game.low_only() {
        let shape = |up: &[Card]| {
            let paired = biggest_group(up).0 > 1;
            let top = up.iter().map(|&c| ace_low(c)).max().unwrap_or(12);
            (paired, top)
        };
        return shape(theirs) < shape(mine);
    }
    biggest_group(theirs) > biggest_group(mine)
}
