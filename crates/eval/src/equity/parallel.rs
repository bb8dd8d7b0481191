//! Scoped worker threads whose tallies are summed.

use super::tally::Tally;
use std::thread;

/// Runs `job(t)` for each `t` below `threads`, on its own thread (`0` on this one), and
/// sums the tallies. A thread the system refuses is run here instead, so every share of
/// the work is done exactly once.
pub(super) fn merge(threads: usize, job: impl Fn(usize) -> Tally + Sync) -> Tally {
    thread::scope(|scope| {
        let job = &job;
        let handles: Vec<_> = (1..threads)
            .map(|t| thread::Builder::new().spawn_scoped(scope, move || job(t)))
            .collect();
        let mut total = job(0);
        for (t, handle) in (1..threads).zip(handles) {
            let tally = match handle {
                Ok(handle) => handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(_) => job(t),
            };
            total.merge(&tally);
        }
        total
    })
}
