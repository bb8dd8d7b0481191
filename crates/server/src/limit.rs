//! How often one address may register itself (a page on any site could otherwise fill an event
//! with players and the log with records). A refusal says when to try again.

use crate::room::Refusal;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;

/// Self-registrations allowed per address: `burst` at once, then `per_minute`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegisterRate {
    /// 0: no limit.
    pub per_minute: u32,
    pub burst: u32,
}

impl Default for RegisterRate {
    fn default() -> RegisterRate {
        RegisterRate {
            per_minute: 6,
            burst: 3,
        }
    }
}

/// Addresses remembered before the ones whose allowance is whole again are forgotten.
const FORGET_ABOVE: usize = 10_000;

#[derive(Debug)]
pub struct Limiter {
    limiter: Option<DefaultKeyedRateLimiter<IpAddr>>,
    clock: DefaultClock,
}

impl Limiter {
    pub fn new(rate: RegisterRate) -> Limiter {
        let limiter = NonZeroU32::new(rate.per_minute).map(|per_minute| {
            let burst = NonZeroU32::new(rate.burst).unwrap_or(NonZeroU32::MIN);
            RateLimiter::keyed(Quota::per_minute(per_minute).allow_burst(burst))
        });
        Limiter {
            limiter,
            clock: DefaultClock::default(),
        }
    }

    /// Counts one registration from `address`, or refuses it with 429 and the seconds to wait.
    /// Requests whose address is unknown share one allowance.
    pub fn check(&self, address: Option<IpAddr>) -> Result<(), Refusal> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        if limiter.len() > FORGET_ABOVE {
            limiter.retain_recent();
        }
        let key = address.unwrap_or(IpAddr::from([0, 0, 0, 0]));
        limiter.check_key(&key).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.clock.now());
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            let mut refusal = Refusal::new(
                429,
                "too_many_requests",
                format!("too many registrations from this address; try again in {seconds} s"),
            );
            refusal.retry_after = Some(seconds.max(1));
            refusal
        })
    }
}
