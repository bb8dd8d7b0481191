//! The expected wait on a game's list (issue 36 item 5), from the seats that opened at that
//! game's running tables in the last two hours: a guest leaving (cash-out, a seat given away
//! under HC-1.9, a table change, a must-move). A table opening starts the count but adds no
//! seats to it: its seats are offered at once to the names then waiting, and the names after
//! them wait for guests to leave (counting them promised a seat in minutes to names that then
//! waited an hour on the simulated evening). The record is the room's own, kept by its
//! operations at the commands' times, so a replay gives the same estimate; it reads no clock.
//!
//! The k-th name still to be served waits about k / rate, the rate being the openings in the
//! window over the window's span. It is an average: a seat declined, a table change served
//! first or a burst of cash-outs make single waits longer or shorter.

use crate::Time;
use std::collections::VecDeque;

/// How far back openings count.
pub const WINDOW_MS: u64 = 2 * 60 * 60_000;

/// The shortest span a rate is taken over: a table just opened gives all its seats at once,
/// which over a few seconds would promise everyone a wait of seconds.
pub const MIN_SPAN_MS: u64 = 30 * 60_000;

/// When seats opened at one game's tables, the newest within [`WINDOW_MS`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Openings {
    /// When the game's first table opened: the window starts no earlier.
    first: Option<Time>,
    at: VecDeque<Time>,
}

/// Seats opened over a span: the pace the list moves at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatRate {
    pub openings: u32,
    pub span_ms: u64,
}

impl SeatRate {
    /// The expected wait of the `k`-th name still to be served (from 1); None if it cannot be
    /// counted.
    pub fn wait_ms(&self, k: u32) -> Option<u64> {
        u64::from(k)
            .checked_mul(self.span_ms)?
            .checked_div(u64::from(self.openings))
    }
}

impl Openings {
    /// A table of the game opened: seats may open from now on.
    pub(crate) fn watch(&mut self, now: Time) {
        self.first.get_or_insert(now);
    }

    /// `seats` seats opened at `now`; what fell out of the window is dropped.
    pub(crate) fn record(&mut self, now: Time, seats: usize) {
        self.first.get_or_insert(now);
        self.at.extend(std::iter::repeat_n(now, seats));
        let from = now.0.saturating_sub(WINDOW_MS);
        while self.at.front().is_some_and(|t| t.0 < from) {
            self.at.pop_front();
        }
    }

    /// The pace over the window ending at `now`; None before any opening in it.
    pub fn rate(&self, now: Time) -> Option<SeatRate> {
        let from = now.0.saturating_sub(WINDOW_MS);
        let seen = self
            .at
            .iter()
            .filter(|t| t.0 >= from && t.0 <= now.0)
            .count();
        let openings = u32::try_from(seen).ok().filter(|&n| n > 0)?;
        let start = self.first?.0.max(from);
        let span_ms = now.0.saturating_sub(start).clamp(MIN_SPAN_MS, WINDOW_MS);
        Some(SeatRate { openings, span_ms })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60_000;

    #[test]
    fn no_opening_no_estimate() {
        assert_eq!(Openings::default().rate(Time(5 * MIN)), None);
    }

    /// Six seats in an hour: one every ten minutes; the third name waits half an hour.
    #[test]
    fn the_kth_name_waits_k_over_the_rate() {
        let mut o = Openings::default();
        for k in 0..6 {
            o.record(Time(k * 10 * MIN), 1);
        }
        let r = o.rate(Time(60 * MIN)).unwrap();
        assert_eq!(
            r,
            SeatRate {
                openings: 6,
                span_ms: 60 * MIN
            }
        );
        assert_eq!(r.wait_ms(3), Some(30 * MIN));
    }

    /// Three guests leaving at once count over half an hour at least, not over the seconds
    /// since; a table opening counts from its time but no seat.
    #[test]
    fn a_burst_is_spread_over_the_shortest_span() {
        let mut o = Openings::default();
        o.watch(Time(0));
        assert_eq!(o.rate(Time(MIN)), None);
        o.record(Time(2 * MIN), 3);
        let r = o.rate(Time(2 * MIN + 5_000)).unwrap();
        assert_eq!(r.span_ms, MIN_SPAN_MS);
        assert_eq!(r.wait_ms(1), Some(10 * MIN));
        // An hour after the table opened the span is the hour.
        assert_eq!(o.rate(Time(60 * MIN)).unwrap().span_ms, 60 * MIN);
    }

    /// Openings older than two hours no longer count.
    #[test]
    fn the_window_forgets() {
        let mut o = Openings::default();
        o.record(Time(0), 6);
        o.record(Time(100 * MIN), 1);
        let r = o.rate(Time(150 * MIN)).unwrap();
        assert_eq!(
            r,
            SeatRate {
                openings: 1,
                span_ms: WINDOW_MS
            }
        );
        assert_eq!(o.rate(Time(300 * MIN)), None);
        assert_eq!(r.wait_ms(u32::MAX), Some(u64::from(u32::MAX) * WINDOW_MS));
    }
}
