//! Main and side pots from what each player put in (TDA-21: each pot is split on its own).

use crate::chips::{Chips, Player};
use crate::hand::{PlayerState, Status};

/// A pot and the players who can win it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot {
    pub amount: Chips,
    pub eligible: Vec<Player>,
}

/// The main pot first, then each side pot. A pot's levels come from what the players still in
/// the hand committed; folded players' chips are in the pots but they win none. A player who
/// mucked at showdown shapes the pots like any other but is eligible for none.
pub fn side_pots(players: &[PlayerState]) -> Vec<Pot> {
    let mut levels: Vec<Chips> = players
        .iter()
        .filter(|p| p.status != Status::Folded)
        .map(|p| p.committed)
        .filter(|c| !c.is_zero())
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let mut pots: Vec<Pot> = Vec::with_capacity(levels.len());
    let mut below = Chips::ZERO;
    for level in levels {
        let amount: Chips = players
            .iter()
            .map(|p| p.committed.min(level) - p.committed.min(below))
            .sum();
        let eligible = players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.status == Status::Live && p.committed >= level)
            .map(|(i, _)| Player(i as u8))
            .collect();
        pots.push(Pot { amount, eligible });
        below = level;
    }
    // Chips above every live player's level (only possible from folded players' bets that were
    // never returned) stay in the last pot, so no chip is lost.
    let rest: Chips = players
        .iter()
        .map(|p| p.committed.saturating_sub(below))
        .sum();
    if let Some(last) = pots.last_mut() {
        last.amount += rest;
    } else if !rest.is_zero() {
        pots.push(Pot {
            amount: rest,
            eligible: Vec::new(),
        });
    }
    pots
}
