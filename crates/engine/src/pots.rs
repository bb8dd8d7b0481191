//! Main and side pots from what each player put in (TDA-21: each pot is split on its own). A
//! call short of the full raise is all-in, and what the others put in beyond it makes a side
//! pot (DG-15a.7), kept apart from the main pot (DG-15.8).

use crate::chips::{Chips, Player};
use crate::hand::player::{MAX_PLAYERS, PlayerState, Status};

/// A pot and the players who can win it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot {
    pub amount: Chips,
    pub eligible: Vec<Player>,
}

/// Pots as amounts and bit sets of eligible players, without allocating.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PotLayers {
    pots: [(Chips, u16); 2 * MAX_PLAYERS + 2],
    len: usize,
}

impl PotLayers {
    pub(crate) fn iter(
        &self,
    ) -> impl DoubleEndedIterator<Item = (Chips, u16)> + ExactSizeIterator + '_ {
        self.pots[..self.len].iter().copied()
    }

    fn push(&mut self, amount: Chips, eligible: u16) {
        match self.len.checked_sub(1).map(|i| &mut self.pots[i]) {
            Some(last) if last.1 == eligible => last.0 += amount,
            _ => {
                self.pots[self.len] = (amount, eligible);
                self.len += 1;
            }
        }
    }
}

/// The main pot first, then each side pot.
///
/// Antes and bets are layered apart: antes are dead money that everyone still in can win, a
/// big-blind ante included (TDA-RP-11), unless a player could not post the whole ante; bets are
/// layered at each all-in player's total. Folded players' chips are in the pots but they win
/// none; a player who mucked at showdown shapes the pots like any other but wins none. Pots
/// with the same players merge, as a dealer keeps them in one pile.
pub fn side_pots(players: &[PlayerState]) -> Vec<Pot> {
    pot_layers(players)
        .iter()
        .map(|(amount, eligible)| Pot {
            amount,
            eligible: (0..players.len())
                .filter(|i| eligible & (1 << i) != 0)
                .map(|i| Player(i as u8))
                .collect(),
        })
        .collect()
}

/// Nobody all-in: the one pot, which every hand in play can win (`pot_layers`' first pot),
/// found without building the layers.
pub(crate) fn single_pot(players: &[PlayerState]) -> Option<(Chips, u16)> {
    let mut live = 0u16;
    let mut total = Chips::ZERO;
    let mut all_in = false;
    for (i, p) in players.iter().enumerate() {
        total += p.committed;
        all_in |= p.is_all_in();
        if p.status == Status::Live {
            live |= 1 << i;
        }
    }
    (!all_in && live != 0 && !total.is_zero()).then_some((total, live))
}

pub(crate) fn pot_layers(players: &[PlayerState]) -> PotLayers {
    let mut out = PotLayers {
        pots: [(Chips::ZERO, 0); 2 * MAX_PLAYERS + 2],
        len: 0,
    };
    if let Some((total, live)) = single_pot(players) {
        out.push(total, live);
        return out;
    }
    let ante_short = |_, p: &PlayerState| p.is_all_in() && p.ante < p.ante_due();
    layer(players, |_, p| p.ante, ante_short, &mut out);
    layer(
        players,
        |_, p| p.committed - p.ante,
        |_, p| p.is_all_in(),
        &mut out,
    );
    // A layer no hand in play can win (a killed hand's blind that nobody matched, TDA-30) is
    // dead money in the pot below it; below the first pot, in the first.
    let mut kept = 0;
    let mut dead = Chips::ZERO;
    for i in 0..out.len {
        let (amount, eligible) = out.pots[i];
        if amount.is_zero() {
            continue;
        }
        if eligible == 0 {
            match kept {
                0 => dead += amount,
                _ => out.pots[kept - 1].0 += amount,
            }
            continue;
        }
        out.pots[kept] = (amount + dead, eligible);
        dead = Chips::ZERO;
        kept += 1;
    }
    out.len = kept;
    out
}

/// Adds the pots of one layer: `part` is each player's contribution to it, `capped` says whose
/// winnings it limits to their own contribution.
fn layer(
    players: &[PlayerState],
    part: impl Fn(usize, &PlayerState) -> Chips,
    capped: impl Fn(usize, &PlayerState) -> bool,
    out: &mut PotLayers,
) {
    let top = players
        .iter()
        .enumerate()
        .map(|(i, p)| part(i, p))
        .max()
        .unwrap_or_default();
    let mut levels = [Chips::ZERO; MAX_PLAYERS + 1];
    let mut count = 0;
    for (i, p) in players.iter().enumerate() {
        let c = part(i, p);
        if p.status != Status::Folded && capped(i, p) && !c.is_zero() && c < top {
            levels[count] = c;
            count += 1;
        }
    }
    levels[count] = top;
    count += 1;
    let levels = &mut levels[..count];
    levels.sort_unstable();
    let mut below = Chips::ZERO;
    for &level in levels.iter() {
        if level == below && below != Chips::ZERO {
            continue;
        }
        let mut amount = Chips::ZERO;
        let mut eligible = 0u16;
        for (i, p) in players.iter().enumerate() {
            let c = part(i, p);
            amount += c.min(level) - c.min(below);
            if p.status == Status::Live && (!capped(i, p) || c >= level) {
                eligible |= 1 << i;
            }
        }
        below = level;
        out.push(amount, eligible);
    }
}
