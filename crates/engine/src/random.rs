//! A player who picks among the legal actions at random, for simulations, benchmarks and
//! differential tests. Randomness comes in from the caller, so a seed replays the same hands.

use crate::chips::Chips;
use crate::step::{Action, LegalActions};
use rand_core::Rng;

fn below(rng: &mut impl Rng, n: u64) -> u64 {
    cards::sample::below_u64(rng, n)
}

/// A bet or raise amount: the minimum, the maximum (often all-in) or one in between.
#[inline(always)]
fn amount(rng: &mut impl Rng, min_to: Chips, max_to: Chips) -> Chips {
    match below(rng, 3) {
        0 => min_to,
        1 => max_to,
        _ => Chips(min_to.0 + below(rng, max_to.0 - min_to.0 + 1)),
    }
}

/// One legal action: facing a bet, fold a quarter of the time, call or raise otherwise; with
/// nothing to call, check or bet, and now and then fold anyway (binding, TDA-58).
pub fn random_action(legal: &LegalActions, rng: &mut impl Rng) -> Action {
    let roll = below(rng, 100);
    let raise = legal.bet_or_raise;
    if legal.bring_in.is_some() {
        return match raise {
            Some(r) if roll < 30 => Action::BetOrRaiseTo(amount(rng, r.min_to, r.max_to)),
            _ if legal.fold && roll >= 80 => Action::Fold,
            _ => Action::BringIn,
        };
    }
    if let Some(big) = legal.big_bet_to
        && roll < 10
    {
        return Action::BetOrRaiseTo(big);
    }
    if legal.check {
        return match raise {
            Some(r) if roll < 35 => Action::BetOrRaiseTo(amount(rng, r.min_to, r.max_to)),
            _ if roll == 99 => Action::Fold,
            _ => Action::Check,
        };
    }
    match raise {
        _ if roll < 25 => Action::Fold,
        Some(r) if roll < 50 => Action::BetOrRaiseTo(amount(rng, r.min_to, r.max_to)),
        _ => Action::Call,
    }
}
