//! How often one address may register itself (a page on any site could otherwise fill an event
//! with players and the log with records). A refusal says when to try again. An IPv6 client is
//! its /64: one host is given a whole /64 and may send from any address in it.

use crate::room::Refusal;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::{IpAddr, Ipv6Addr};
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
        let key = client_or_unknown(address);
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

/// The client an address stands for: an IPv4 address itself (also when written IPv4-mapped,
/// `::ffff:a.b.c.d`), an IPv6 address its /64 prefix.
pub fn client(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !(u128::MAX >> 64))),
        },
    }
}

/// The client of an address, where it is known; requests whose address is unknown (in-process,
/// no listener) are one client together.
pub fn client_or_unknown(address: Option<IpAddr>) -> IpAddr {
    client(address.unwrap_or(IpAddr::from([0, 0, 0, 0])))
}

#[cfg(test)]
mod tests {
    use super::{Limiter, RegisterRate, client};
    use std::net::IpAddr;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn an_ipv6_client_is_its_64_and_an_ipv4_one_its_address() {
        assert_eq!(
            client(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")),
            ip("2001:db8:1:2::")
        );
        assert_ne!(client(ip("2001:db8:1:2::1")), client(ip("2001:db8:1:3::1")));
        assert_eq!(client(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(client(ip("192.0.2.7")), ip("192.0.2.7"));
        assert_ne!(client(ip("192.0.2.7")), client(ip("192.0.2.8")));
    }

    #[test]
    fn addresses_of_one_64_share_an_allowance() {
        let limiter = Limiter::new(RegisterRate {
            per_minute: 1,
            burst: 2,
        });
        for n in 1..=2 {
            let address = ip(&format!("2001:db8:0:1::{n:x}"));
            assert!(limiter.check(Some(address)).is_ok());
        }
        let rotated = limiter.check(Some(ip("2001:db8:0:1:ffff:ffff:ffff:ffff")));
        assert_eq!(rotated.map_err(|r| r.status), Err(429));
        assert!(limiter.check(Some(ip("2001:db8:0:2::1"))).is_ok());
        // The same IPv4 client, mapped or not.
        assert!(limiter.check(Some(ip("192.0.2.7"))).is_ok());
        assert!(limiter.check(Some(ip("::ffff:192.0.2.7"))).is_ok());
        let again = limiter.check(Some(ip("192.0.2.7")));
        assert_eq!(again.map_err(|r| r.status), Err(429));
    }
}
