//! Main and side pots from what each player put in (TDA-21: each pot is split on its own).

use crate::chips::{Chips, Player};
use crate::hand::{PlayerState, Status};

/// A pot and the players who can win it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot {
    pub amount: Chips,
    pub eligible: Vec<Player>,
}

/// The main pot first, then each side pot.
///
/// Antes and bets are layered apart: antes are dead money that everyone still in can win, a
/// big-blind ante included (TDA-RP-11), unless a player could not post the whole ante; bets are
/// layered at each all-in player's total. Folded players' chips are in the pots but they win
/// none; a player who mucked at showdown shapes the pots like any other but wins none. Pots
/// with the same players merge, as a dealer keeps them in one pile.
pub fn side_pots(players: &[PlayerState], antes: &[Chips]) -> Vec<Pot> {
    let mut pots: Vec<Pot> = Vec::with_capacity(2);
    let ante_short = |i: usize, p: &PlayerState| p.is_all_in() && p.ante < antes[i];
    layer(players, |_, p| p.ante, ante_short, &mut pots);
    layer(
        players,
        |_, p| p.committed - p.ante,
        |_, p| p.is_all_in(),
        &mut pots,
    );
    pots.retain(|pot| !pot.amount.is_zero());
    pots
}

/// Adds the pots of one layer: `part` is each player's contribution to it, `capped` says whose
/// winnings it limits to their own contribution.
fn layer(
    players: &[PlayerState],
    part: impl Fn(usize, &PlayerState) -> Chips,
    capped: impl Fn(usize, &PlayerState) -> bool,
    pots: &mut Vec<Pot>,
) {
    let top = players
        .iter()
        .enumerate()
        .map(|(i, p)| part(i, p))
        .max()
        .unwrap_or_default();
    let mut levels: Vec<Chips> = players
        .iter()
        .enumerate()
        .filter(|&(i, p)| p.status != Status::Folded && capped(i, p))
        .map(|(i, p)| part(i, p))
        .filter(|&c| !c.is_zero() && c < top)
        .collect();
    levels.push(top);
    levels.sort_unstable();
    levels.dedup();
    let mut below = Chips::ZERO;
    for level in levels {
        let amount: Chips = players
            .iter()
            .enumerate()
            .map(|(i, p)| part(i, p).min(level) - part(i, p).min(below))
            .sum();
        let eligible: Vec<Player> = players
            .iter()
            .enumerate()
            .filter(|&(i, p)| p.status == Status::Live && (!capped(i, p) || part(i, p) >= level))
            .map(|(i, _)| Player(i as u8))
            .collect();
        below = level;
        match pots.last_mut() {
            Some(last) if last.eligible == eligible => last.amount += amount,
            _ => pots.push(Pot { amount, eligible }),
        }
    }
}
