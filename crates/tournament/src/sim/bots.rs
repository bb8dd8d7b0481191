//! Built-in players for simulations: one that picks legal actions at random (the engine's
//! `random_action`) and a simple one that plays by hand strength (stud: `stud.rs`).

use super::tier::Tier;
use cards::{Card, Rank};
use engine::{Action, Game, Hand, LegalActions, random_action};
use eval::{HandCategory, MadeHand};
use rand_core::Rng;

/// Which bots sit at the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bots {
    Random,
    Strength,
    /// Every other entrant of each kind.
    Mixed,
}

/// The action of a bot of `kind` for the player to act; bets are made in chips of `unit`, the
/// smallest in play, or all in.
pub fn decide(
    kind: Bots,
    entrant: u32,
    hand: &Hand,
    legal: &LegalActions,
    unit: u64,
    rng: &mut impl Rng,
) -> Action {
    let strength = match kind {
        Bots::Random => false,
        Bots::Strength => true,
        Bots::Mixed => entrant % 2 == 1,
    };
    let action = if strength {
        by_strength(hand, legal, rng)
    } else {
        random_action(legal, rng)
    };
    match (action, legal.bet_or_raise) {
        (Action::BetOrRaiseTo(to), Some(r)) if to < r.max_to => {
            let unit = unit.max(1);
            Action::BetOrRaiseTo(engine::Chips((to.0 - to.0 % unit).max(r.min_to.0)))
        }
        _ => action,
    }
}

fn by_strength(hand: &Hand, legal: &LegalActions, rng: &mut impl Rng) -> Action {
    let hole: Vec<Card> = hand
        .player(legal.player)
        .hole
        .cards()
        .iter()
        .flatten()
        .copied()
        .collect();
    let board: Vec<Card> = hand.board().collect();
    let tier = if hand.variant().game.is_stud() {
        super::stud::tier(hand, legal.player)
    } else if board.is_empty() {
        preflop(&hole)
    } else {
        postflop(hand.variant().game, &hole, &board)
    };
    // Stud: the bring-in is forced; a strong hand completes it instead (TDA-RP-10).
    if legal.bring_in.is_some() {
        return match legal.bet_or_raise {
            Some(r) if tier == Tier::Strong => Action::BetOrRaiseTo(r.min_to),
            _ => Action::BringIn,
        };
    }
    let stack = hand.player(legal.player).stack.0;
    let call = legal.call.map_or(0, |c| c.0);
    let roll = cards::sample::below_u64(rng, 100);
    match (tier, legal.bet_or_raise) {
        (Tier::Strong, Some(r)) if roll < 70 => {
            let span = r.max_to.0 - r.min_to.0;
            Action::BetOrRaiseTo(engine::Chips(r.min_to.0 + span / 4))
        }
        (Tier::Strong, _) => {
            if legal.call.is_some() {
                Action::Call
            } else {
                Action::Check
            }
        }
        (Tier::Medium, _) if legal.check => Action::Check,
        (Tier::Medium, _) if call * 4 <= stack + call => Action::Call,
        (Tier::Weak, Some(r)) if roll < 5 => Action::BetOrRaiseTo(r.min_to),
        _ if legal.check => Action::Check,
        _ => Action::Fold,
    }
}

fn preflop(hole: &[Card]) -> Tier {
    let mut ranks: Vec<Rank> = hole.iter().map(|c| c.rank()).collect();
    ranks.sort_by(|a, b| b.cmp(a));
    let pair = ranks.windows(2).any(|w| w[0] == w[1]);
    let high = ranks.first().copied().unwrap_or(Rank::Two);
    let second = ranks.get(1).copied().unwrap_or(Rank::Two);
    if (pair
        && ranks
            .iter()
            .any(|&r| r >= Rank::Nine && ranks.iter().filter(|&&x| x == r).count() >= 2))
        || (high == Rank::Ace && second >= Rank::Queen)
    {
        Tier::Strong
    } else if pair || high == Rank::Ace || second >= Rank::Ten {
        Tier::Medium
    } else {
        Tier::Weak
    }
}

fn postflop(game: Game, hole: &[Card], board: &[Card]) -> Tier {
    let made = match game {
        Game::Omaha | Game::OmahaHiLo => MadeHand::best_omaha(hole, board),
        _ => {
            let all: Vec<Card> = hole.iter().chain(board).copied().collect();
            MadeHand::best(&all)
        }
    };
    match made.map(|m| m.category()) {
        Some(c) if c >= HandCategory::TwoPair => Tier::Strong,
        Some(HandCategory::OnePair) => Tier::Medium,
        _ => Tier::Weak,
    }
}
