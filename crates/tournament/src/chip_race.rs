//! Colour-ups and chip races at one table (TDA-24, TDA-25, HC-3.7, WWPLA-13, JPR-11).
//!
//! Stacks are values, not chips, so a stack is taken to hold as few chips as possible: the part
//! that the denominations still in play cannot make up is the player's odd chips, made of the
//! removed denominations, largest first. Those odd chips are raced for new chips of the smallest
//! denomination still in play.

use crate::profile::ChipRace;
use cards::{Card, Deck};
use engine::PlayerId;
use std::cmp::Reverse;
use thiserror::Error;

/// One player at the table, in the order the race deals (seat 1 first for TDA-24A, the first
/// player left of the button for WWPLA-13, HC-3.7 and JPR-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceEntry {
    pub player: PlayerId,
    pub stack: u64,
}

/// The denominations a colour-up takes out and those that stay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourUp<'a> {
    pub removed: &'a [u64],
    /// Denominations still in play, smallest first.
    pub remaining: &'a [u64],
}

/// What a chip race did to the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceOutcome {
    /// New stacks, in the order of the entries.
    pub stacks: Vec<u64>,
    /// Odd chips each player put in the race.
    pub odd_chips: Vec<u32>,
    /// Cards dealt to each player, one per odd chip; none when no chip is to be won.
    pub cards: Vec<Vec<Card>>,
    /// Who won a new chip, in the order they won.
    pub winners: Vec<PlayerId>,
    /// Players who lost their last chips and got one back (TDA-24A, HC-3.7, WWPLA-13).
    pub rescued: Vec<PlayerId>,
    pub chips_before: u64,
    pub chips_after: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RaceError {
    #[error("a colour-up must leave at least one denomination in play")]
    NothingRemains,
    #[error("a chip cannot be worth 0")]
    ZeroDenomination,
    #[error(
        "every denomination in play must be a multiple of the smallest, {smallest}; {denomination} is not"
    )]
    RemainingNotMultiple { denomination: u64, smallest: u64 },
    #[error("{0} is both removed and still in play")]
    RemovedAndRemaining(u64),
    #[error(
        "a removed chip of {denomination} must divide the next larger chip, {next}, so odd chips add up to new ones"
    )]
    RemovedDoesNotDivide { denomination: u64, next: u64 },
    #[error(
        "removed chips of {denomination} are exchanged at equal value (TDA-24C), which chips of {smallest} cannot make"
    )]
    RemovedNotExchangeable { denomination: u64, smallest: u64 },
    #[error("player {} has no chips and cannot race", .0.0)]
    NoChips(PlayerId),
    #[error("player {} is entered twice", .0.0)]
    DuplicatePlayer(PlayerId),
    #[error("player {}'s stack of {stack} leaves {odd} that no chip in the colour-up makes", .player.0)]
    StackNotInChips {
        player: PlayerId,
        stack: u64,
        odd: u64,
    },
    #[error("the race needs {needed} cards but the deck has {left}")]
    DeckTooShort { needed: usize, left: usize },
}

/// The part of `stack` the denominations still in play cannot make up: the stack modulo the
/// smallest of them. Removed chips larger than that are exchanged at equal value (TDA-24C), so
/// they are never odd. With nothing left in play the whole stack is odd.
pub fn odd_value(stack: u64, colour_up: &ColourUp) -> u64 {
    match colour_up.remaining.iter().copied().filter(|&d| d > 0).min() {
        Some(smallest) => stack % smallest,
        None => stack,
    }
}

/// How many removed chips make up `value`, counted largest denomination first (the fewest chips
/// when each removed chip divides the next). A rest no removed chip makes is not counted; `race`
/// refuses such stacks.
pub fn odd_chip_count(value: u64, removed: &[u64]) -> u32 {
    greedy(value, removed).0
}

fn greedy(value: u64, removed: &[u64]) -> (u32, u64) {
    let mut sorted: Vec<u64> = removed.iter().copied().filter(|&d| d > 0).collect();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    sorted.dedup();
    let mut rest = value;
    let mut count = 0u32;
    for d in sorted {
        let n = u32::try_from(rest / d).unwrap_or(u32::MAX);
        count = count.saturating_add(n);
        rest %= d;
    }
    (count, rest)
}

/// Checks the colour-up and returns the new chip's value, the smallest denomination in play.
fn new_chip(colour_up: &ColourUp) -> Result<u64, RaceError> {
    let smallest = *colour_up
        .remaining
        .iter()
        .min()
        .ok_or(RaceError::NothingRemains)?;
    if smallest == 0 || colour_up.removed.contains(&0) {
        return Err(RaceError::ZeroDenomination);
    }
    if let Some(&d) = colour_up.remaining.iter().find(|&&d| d % smallest != 0) {
        return Err(RaceError::RemainingNotMultiple {
            denomination: d,
            smallest,
        });
    }
    let mut smaller = Vec::new();
    for &d in colour_up.removed {
        if colour_up.remaining.contains(&d) {
            return Err(RaceError::RemovedAndRemaining(d));
        }
        if d > smallest && d % smallest != 0 {
            return Err(RaceError::RemovedNotExchangeable {
                denomination: d,
                smallest,
            });
        }
        if d < smallest {
            smaller.push(d);
        }
    }
    // Each odd chip must divide the next, up to the new chip, for odd chips to colour up exactly.
    smaller.sort_unstable();
    smaller.dedup();
    smaller.push(smallest);
    if let Some(pair) = smaller.windows(2).find(|p| p[1] % p[0] != 0) {
        return Err(RaceError::RemovedDoesNotDivide {
            denomination: pair[0],
            next: pair[1],
        });
    }
    Ok(smallest)
}

/// How many new chips of `m` the odd chips' total `total` buys.
fn chips_to_award(method: ChipRace, total: u64, m: u64) -> u64 {
    match method {
        // TDA-24 does not say; to the nearest, a half rounding up (2r >= m, without overflow).
        ChipRace::FromSeatOne => total / m + u64::from(total % m >= m - total % m),
        // WWPLA-13: "notfalls nach dem Aufrundungsprinzip"; JPR-11: "ggf. wird aufgerundet".
        ChipRace::CardsFromButton => total.div_ceil(m),
    }
}

/// Races the odd chips of one table. Each player with odd chips gets a card per odd chip, all
/// of them before the next player (WWPLA-13), and their best card counts; the best cards win the
/// new chips, at most one each (TDA-24A, HC-3.7, WWPLA-13). Nobody is raced out: a player left
/// with nothing gets one new chip (TDA-24A, HC-3.7, WWPLA-13). The deck is checked before the
/// first card is dealt, so a refused race deals nothing.
pub fn race(
    method: ChipRace,
    entries: &[RaceEntry],
    colour_up: ColourUp,
    deck: &mut Deck,
) -> Result<RaceOutcome, RaceError> {
    let m = new_chip(&colour_up)?;
    let (odd, odd_chips) = odd_chips(entries, &colour_up)?;
    let total: u64 = odd.iter().sum();
    let award = chips_to_award(method, total, m);
    deal_race(entries, m, award, odd, odd_chips, deck)
}

/// How many cards each player is dealt in the race (one per odd chip; none when no new chip
/// is to be won), in the order of the entries: what a dealer's cards are checked against.
pub fn cards_due(
    method: ChipRace,
    entries: &[RaceEntry],
    colour_up: ColourUp,
) -> Result<Vec<u32>, RaceError> {
    let m = new_chip(&colour_up)?;
    let (odd, counts) = odd_chips(entries, &colour_up)?;
    let total: u64 = odd.iter().sum();
    Ok(if chips_to_award(method, total, m) > 0 {
        counts
    } else {
        vec![0; entries.len()]
    })
}

/// Each player's odd value and count of odd chips.
fn odd_chips(
    entries: &[RaceEntry],
    colour_up: &ColourUp,
) -> Result<(Vec<u64>, Vec<u32>), RaceError> {
    let mut odd = Vec::with_capacity(entries.len());
    let mut odd_chips = Vec::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        if e.stack == 0 {
            return Err(RaceError::NoChips(e.player));
        }
        if entries[..i].iter().any(|o| o.player == e.player) {
            return Err(RaceError::DuplicatePlayer(e.player));
        }
        let r = odd_value(e.stack, colour_up);
        let (count, rest) = greedy(r, colour_up.removed);
        if rest != 0 {
            return Err(RaceError::StackNotInChips {
                player: e.player,
                stack: e.stack,
                odd: rest,
            });
        }
        odd.push(r);
        odd_chips.push(count);
    }
    Ok((odd, odd_chips))
}

fn deal_race(
    entries: &[RaceEntry],
    m: u64,
    award: u64,
    odd: Vec<u64>,
    odd_chips: Vec<u32>,
    deck: &mut Deck,
) -> Result<RaceOutcome, RaceError> {
    let mut cards = vec![Vec::new(); entries.len()];
    let mut winners = Vec::new();
    if award > 0 {
        let needed: usize = odd_chips.iter().map(|&n| n as usize).sum();
        if deck.len() < needed {
            return Err(RaceError::DeckTooShort {
                needed,
                left: deck.len(),
            });
        }
        let mut best: Vec<(Card, usize)> = Vec::new();
        for (i, &n) in odd_chips.iter().enumerate() {
            for _ in 0..n {
                let card = deck
                    .deal()
                    .map_err(|_| RaceError::DeckTooShort { needed, left: 0 })?;
                cards[i].push(card);
            }
            if let Some(&card) = cards[i].iter().max() {
                best.push((card, i));
            }
        }
        // Highest card by suit first; a stable sort keeps dealing order for a repeated card.
        best.sort_by_key(|&(card, _)| Reverse(card));
        winners = best.iter().take(award as usize).map(|&(_, i)| i).collect();
    }

    let mut stacks = Vec::with_capacity(entries.len());
    let mut rescued = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let kept = e.stack - odd[i];
        let stack = if winners.contains(&i) {
            kept + m
        } else if kept == 0 {
            rescued.push(e.player);
            m
        } else {
            kept
        };
        stacks.push(stack);
    }
    Ok(RaceOutcome {
        chips_before: entries.iter().map(|e| e.stack).sum(),
        chips_after: stacks.iter().sum(),
        stacks,
        odd_chips,
        cards,
        winners: winners.iter().map(|&i| entries[i].player).collect(),
        rescued,
    })
}
