//! Places of players eliminated in the same hand (HC-1.3, WWPLA-12): the larger stack at the
//! start of the hand places higher; equal stacks by a card draw (HC-1.3) or by nearness to the
//! big blind (WWPLA-12), as the profile says.

use crate::profile::SameHandTies;
use cards::{Card, Deck};
use engine::PlayerId;
use std::cmp::Reverse;
use thiserror::Error;

/// A player out in the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Busted {
    pub player: PlayerId,
    /// The stack at the start of the hand.
    pub start_stack: u64,
    /// Hands until the player would have had the big blind, clockwise: 0 for the big blind.
    pub hands_to_big_blind: u8,
}

/// The players of one hand's eliminations, ranked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranking {
    /// Best place first.
    pub order: Vec<PlayerId>,
    /// The cards drawn to break ties, in the order drawn; empty when no draw was needed.
    pub draws: Vec<(PlayerId, Card)>,
    /// The players whose card was the one entered as it fell at the table, not drawn here.
    pub entered: Vec<PlayerId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlacesError {
    #[error("player {} is out twice in the same hand", .0.0)]
    DuplicatePlayer(PlayerId),
    #[error("breaking the ties needs {needed} cards but the deck has {left}")]
    DeckTooShort { needed: usize, left: usize },
}

/// Ranks players out in the same hand, best place first. Only players tied on stack take part
/// in a tie-break. Under `NearestBlind` players as near the blind as each other (players of
/// different tables) still draw cards: WWPLA-12 does not say, and a draw is fair (TDA-RP-14).
/// The deck is checked before the first card is drawn, so a refused ranking draws nothing.
pub fn rank_same_hand(
    ties: SameHandTies,
    busted: &[Busted],
    deck: &mut Deck,
) -> Result<Ranking, PlacesError> {
    rank_same_hand_with(ties, busted, &[], deck)
}

/// As [`rank_same_hand`], with the cards that fell at the tables (HC-1.3): a tied group whose
/// every player has an entered card, all different, is ranked by them; any other group draws
/// from `deck`.
pub fn rank_same_hand_with(
    ties: SameHandTies,
    busted: &[Busted],
    entered: &[(PlayerId, Card)],
    deck: &mut Deck,
) -> Result<Ranking, PlacesError> {
    for (i, b) in busted.iter().enumerate() {
        if busted[..i].iter().any(|o| o.player == b.player) {
            return Err(PlacesError::DuplicatePlayer(b.player));
        }
    }
    // HC-1.3, WWPLA-12: the larger stack at the start of the hand places higher.
    let mut sorted: Vec<Busted> = busted.to_vec();
    sorted.sort_by(|a, b| {
        let by_stack = b.start_stack.cmp(&a.start_stack);
        match ties {
            SameHandTies::CardDraw => by_stack,
            // WWPLA-12: nearer the blind, clockwise, places higher.
            SameHandTies::NearestBlind => {
                by_stack.then(a.hands_to_big_blind.cmp(&b.hands_to_big_blind))
            }
        }
    });
    let same = |a: &Busted, b: &Busted| match ties {
        SameHandTies::CardDraw => a.start_stack == b.start_stack,
        SameHandTies::NearestBlind => {
            a.start_stack == b.start_stack && a.hands_to_big_blind == b.hands_to_big_blind
        }
    };
    let groups: Vec<&[Busted]> = sorted.chunk_by(|a, b| same(a, b)).collect();
    let fell = |group: &[Busted]| -> Option<Vec<Card>> {
        let cards: Vec<Card> = group
            .iter()
            .map(|b| entered.iter().find(|(p, _)| *p == b.player).map(|e| e.1))
            .collect::<Option<_>>()?;
        let mut distinct = cards.clone();
        distinct.sort();
        distinct.dedup();
        (distinct.len() == cards.len()).then_some(cards)
    };
    let needed: usize = groups
        .iter()
        .filter(|g| g.len() > 1 && fell(g).is_none())
        .map(|g| g.len())
        .sum();
    if deck.len() < needed {
        return Err(PlacesError::DeckTooShort {
            needed,
            left: deck.len(),
        });
    }
    let mut order = Vec::with_capacity(busted.len());
    let mut draws = Vec::new();
    let mut from_tables = Vec::new();
    for group in groups {
        if group.len() == 1 {
            order.push(group[0].player);
            continue;
        }
        // HC-1.3: a card each, the higher card by suit (HC-3.5) places higher.
        let given = fell(group);
        let mut drawn = Vec::with_capacity(group.len());
        for (k, b) in group.iter().enumerate() {
            let card = match &given {
                Some(cards) => {
                    from_tables.push(b.player);
                    cards[k]
                }
                None => deck
                    .deal()
                    .map_err(|_| PlacesError::DeckTooShort { needed, left: 0 })?,
            };
            draws.push((b.player, card));
            drawn.push((card, b.player));
        }
        drawn.sort_by_key(|&(card, _)| Reverse(card));
        order.extend(drawn.iter().map(|&(_, p)| p));
    }
    Ok(Ranking {
        order,
        draws,
        entered: from_tables,
    })
}

/// The places of `count` players out in one hand with `alive_before` players in before it, best
/// first: the best-ranked gets `alive_before - count + 1`, the worst `alive_before`. More out
/// than were in is a caller's error; the places then start at 1.
pub fn places_for(alive_before: u32, count: usize) -> Vec<u32> {
    let count = u32::try_from(count).unwrap_or(u32::MAX);
    let best = alive_before.saturating_sub(count) + 1;
    (0..count).map(|i| best + i).collect()
}
