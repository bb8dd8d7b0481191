//! The server's limits (`Limits`), and how often one address may register itself (a page on any site could otherwise fill an event
//! with players and the log with records). A refusal says when to try again. An IPv6 client is
//! its /64: one host is given a whole /64 and may send from any address in it.

use crate::refusal::Refusal;
use axum::http::StatusCode;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;
use std::time::Duration;

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
                StatusCode::TOO_MANY_REQUESTS,
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
        assert_eq!(
            rotated.map_err(|r| r.status),
            Err(axum::http::StatusCode::TOO_MANY_REQUESTS)
        );
        assert!(limiter.check(Some(ip("2001:db8:0:2::1"))).is_ok());
        // The same IPv4 client, mapped or not.
        assert!(limiter.check(Some(ip("192.0.2.7"))).is_ok());
        assert!(limiter.check(Some(ip("::ffff:192.0.2.7"))).is_ok());
        let again = limiter.check(Some(ip("192.0.2.7")));
        assert_eq!(
            again.map_err(|r| r.status),
            Err(axum::http::StatusCode::TOO_MANY_REQUESTS)
        );
    }
}

/// The server's limits; `Limits::default()` is what `croupier serve` starts with.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Open connections at most (HTTP and WebSocket); more are answered 503 and closed.
    pub max_connections: usize,
    /// Open connections from one client at most (an IPv4 address or an IPv6 /64; 0: no such
    /// cap, as behind a reverse proxy every connection comes from the proxy). More are answered
    /// 429 and closed.
    pub max_per_address: usize,
    /// Anonymous watchers (public WebSockets) at most: the other slots are kept for the TD,
    /// tablets, players and guests. When full, or when the server is, the client with the most
    /// watchers loses its quietest one (`slots`).
    pub max_watchers: usize,
    /// Bytes of request bodies read at once on all connections together; a body that finds
    /// none left is answered 503 (`extract::Body`).
    pub body_bytes: usize,
    /// Time to send a request's head, and the longest a kept-alive connection waits idle.
    pub header_timeout: Duration,
    /// Time to read a request's body and answer it.
    pub request_timeout: Duration,
    /// A WebSocket message or frame from a client (commands are a few hundred bytes).
    pub ws_message_bytes: usize,
    /// A WebSocket that sends nothing (no message, no pong to our pings) this long is closed.
    pub ws_idle: Duration,
    /// Messages and bytes queued for a connection before it counts as behind.
    pub queue_messages: usize,
    pub queue_bytes: usize,
    /// Time for a client to take what is written to it.
    pub write_timeout: Duration,
    /// Origins a reverse proxy serves the UI from (`https://poker.example.org`): their hosts are
    /// accepted in `Host`, and they in a WebSocket's `Origin`.
    pub public_origins: Vec<String>,
    /// Addresses whose connections may open with a PROXY protocol header (`proxied`): the
    /// other nodes, a reverse proxy that speaks it. The client it names counts for the caps
    /// per address and the registrations per address, not the proxy.
    pub trusted_proxies: Vec<IpAddr>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 1024,
            max_per_address: 64,
            max_watchers: 768,
            body_bytes: 64 << 20,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            ws_message_bytes: 16 * 1024,
            ws_idle: Duration::from_secs(60),
            queue_messages: 256,
            queue_bytes: 32 << 20,
            write_timeout: Duration::from_secs(10),
            public_origins: Vec::new(),
            trusted_proxies: Vec::new(),
        }
    }
}
