//! The expected wait on a game's list (issue 36 item 5), from the seats that opened at that
//! game's tables in the last two hours: each session there that ended (a cash-out, a seat given
//! away under HC-1.9, a table change, a must-move) opened a seat. A seat turns over at *ended /
//! exposure*, the exposure being the time players sat at the game's tables in the window
//! (sessions still running count for the time they have lasted), and the game's seats together
//! at that times their number. So empty seats do not slow the count (they serve the next name at
//! once), and the short sessions that end first in an evening do not make it look fast. The
//! record is the room's own books, kept at the commands' times, so a replay gives the same
//! estimate; it reads no clock.
//!
//! The k-th name still to be served waits about k / rate. It is an average: a seat declined, a
//! table change served first or a burst of cash-outs make single waits longer or shorter.

use crate::Time;

/// How far back sessions count.
pub const WINDOW_MS: u64 = 2 * 60 * 60_000;

/// The least exposure per seat a rate is taken over: one guest leaving minutes after sitting
/// down at a quiet table would otherwise promise everyone a seat in minutes.
pub const MIN_EXPOSURE_PER_SEAT_MS: u64 = 10 * 60_000;

/// The pace a game's list moves at: `left` sessions ended over `exposure_ms` of seated time, at
/// `seats` seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatRate {
    pub left: u32,
    pub seats: u32,
    pub exposure_ms: u64,
}

impl SeatRate {
    /// The expected wait of the `k`-th name still to be served (from 1); None if it cannot be
    /// counted.
    pub fn wait_ms(&self, k: u32) -> Option<u64> {
        let per = u64::from(self.left).checked_mul(u64::from(self.seats))?;
        u64::from(k).checked_mul(self.exposure_ms)?.checked_div(per)
    }
}

/// The pace from the sessions at a game's tables (start, and end once over) at `seats` seats,
/// by `now`; None before a session ended in the window or without a seat.
pub fn pace(
    sessions: impl Iterator<Item = (Time, Option<Time>)>,
    seats: u32,
    now: Time,
) -> Option<SeatRate> {
    let from = now.0.saturating_sub(WINDOW_MS);
    let (mut left, mut exposure) = (0u32, 0u64);
    for (start, end) in sessions {
        let last = end.map_or(now.0, |e| e.0.min(now.0));
        exposure = exposure.saturating_add(last.saturating_sub(start.0.max(from)));
        if end.is_some_and(|e| e.0 >= from && e.0 <= now.0) {
            left = left.saturating_add(1);
        }
    }
    if left == 0 || seats == 0 {
        return None;
    }
    let floor = MIN_EXPOSURE_PER_SEAT_MS.saturating_mul(u64::from(seats));
    Some(SeatRate {
        left,
        seats,
        exposure_ms: exposure.max(floor),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60_000;

    fn session(start: u64, end: Option<u64>) -> (Time, Option<Time>) {
        (Time(start * MIN), end.map(|e| Time(e * MIN)))
    }

    #[test]
    fn nobody_left_no_estimate() {
        let running = [session(0, None), session(0, None)];
        assert_eq!(pace(running.into_iter(), 2, Time(60 * MIN)), None);
    }

    /// Six seats full for an hour, three players left: a seat turns over every two hours, the
    /// six every 20 minutes; the third name waits an hour.
    #[test]
    fn the_kth_name_waits_k_over_the_rate() {
        let mut s: Vec<_> = (0..3).map(|_| session(0, None)).collect();
        for k in 0..3 {
            s.push(session(0, Some(20 + k * 20)));
            s.push(session(20 + k * 20, None));
        }
        let r = pace(s.into_iter(), 6, Time(60 * MIN)).unwrap();
        assert_eq!(r.exposure_ms, 6 * 60 * MIN);
        assert_eq!(r.wait_ms(3), Some(60 * MIN));
    }

    /// Empty seats do not slow it: three seats of six taken for an hour, three left.
    #[test]
    fn empty_seats_do_not_count() {
        let s = [
            session(0, Some(30)),
            session(0, Some(60)),
            session(0, Some(60)),
        ];
        let r = pace(s.into_iter(), 6, Time(60 * MIN)).unwrap();
        assert_eq!(r.wait_ms(1), Some(150 * MIN / 3 / 6));
    }

    /// One guest leaving a minute after sitting down counts over ten minutes a seat at least.
    #[test]
    fn a_quick_leave_is_spread_over_the_floor() {
        let s = [session(0, Some(1))];
        let r = pace(s.into_iter(), 2, Time(MIN)).unwrap();
        assert_eq!(r.exposure_ms, 20 * MIN);
        assert_eq!(r.wait_ms(1), Some(10 * MIN));
    }

    /// Sessions before the window count only for their time in it; one that ended before it
    /// opened no seat in it.
    #[test]
    fn the_window_forgets() {
        let s = [session(0, Some(10)), session(0, None)];
        assert_eq!(pace(s.into_iter(), 1, Time(200 * MIN)), None);
        let s = [session(0, Some(100)), session(0, None)];
        let r = pace(s.into_iter(), 2, Time(200 * MIN)).unwrap();
        assert_eq!(r.exposure_ms, 20 * MIN + 120 * MIN);
        assert_eq!(
            SeatRate {
                left: 1,
                seats: 1,
                exposure_ms: u64::MAX
            }
            .wait_ms(2),
            None
        );
    }
}
