//! Sampling: random boards from the cards left, by ChaCha20. Thread `t` draws a fixed
//! share of the samples from stream `t` of the seed, so a seed and a thread count always
//! give the same counts.

use super::deal::Deal;
use super::showdown::Showdown;
use super::{Equity, parallel};
use crate::HandKey;
use cards::Seed;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

/// Settles `samples` random boards of `deal` with `showdown`, on `threads` threads.
pub(super) fn run<S: Showdown>(
    deal: &Deal,
    showdown: S,
    samples: u64,
    seed: Seed,
    threads: usize,
) -> Equity {
    let known = HandKey::from_cards(deal.board());
    let missing = deal.missing();
    let threads_u64 = threads as u64;
    parallel::merge(threads, |t| {
        let mut showdown = showdown.clone();
        let mut rng = ChaCha20Rng::from_seed(seed.0);
        rng.set_stream(t as u64);
        let share = samples / threads_u64 + u64::from((t as u64) < samples % threads_u64);
        let mut deck = deal.deck().to_vec();
        let len = deck.len() as u32;
        for _ in 0..share {
            // The first `missing` steps of a Fisher-Yates shuffle: a uniform board.
            let mut board = known;
            for i in 0..missing {
                let j = i + cards::sample::below_u32(&mut rng, len - i as u32) as usize;
                deck.swap(i, j);
                board = board.add(deck[i]);
            }
            showdown.settle(board, 1);
        }
        showdown.into_tally()
    })
    .finish()
}
