//! The running server: the hub behind one lock, the router, and the two background tasks (the
//! driver, and the flusher that pushes summaries, seating and standings).

use crate::driver::{Pace, drive};
use crate::guard::{self, Hosts};
use crate::hub::Hub;
use crate::net::Limits;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::Notify;

#[derive(Clone, Debug)]
pub struct App {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    hub: Mutex<Hub>,
    limits: Limits,
    /// Something changed: the driver looks for what is due and the flusher pushes.
    wake: Notify,
    flush: Notify,
}

/// How often summaries, seating and standings are pushed at most while play goes on.
const FLUSH_EVERY: Duration = Duration::from_millis(1000);

impl App {
    pub fn new(hub: Hub) -> App {
        App::with_limits(hub, Limits::default())
    }

    pub fn with_limits(hub: Hub, limits: Limits) -> App {
        App {
            inner: Arc::new(Inner {
                hub: Mutex::new(hub),
                limits,
                wake: Notify::new(),
                flush: Notify::new(),
            }),
        }
    }

    /// The hub, locked. A panic while it was held cannot leave it half-changed (commands are
    /// applied whole or refused), so a poisoned lock is taken over.
    pub fn hub(&self) -> MutexGuard<'_, Hub> {
        self.inner
            .hub
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub fn now(&self) -> u64 {
        now_ms()
    }

    /// Tells the background tasks that something changed.
    pub fn wake(&self) {
        self.inner.wake.notify_one();
        self.inner.flush.notify_one();
    }

    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// The router in-process, where no `Host` is checked (tests).
    pub fn router(&self) -> axum::Router {
        self.router_at(None)
    }

    /// The router: the API, the WebSocket and the web UI, behind the checks of every request
    /// (`guard`); `listen` is the address served, for the `Host` check.
    pub fn router_at(&self, listen: Option<std::net::SocketAddr>) -> axum::Router {
        use axum::middleware::from_fn;
        let limits = self.limits();
        let hosts = Arc::new(Hosts::new(listen, &limits.public_origins));
        let timeout = limits.request_timeout;
        crate::http::routes()
            .merge(crate::assets::routes())
            .with_state(self.clone())
            .layer(axum::extract::DefaultBodyLimit::max(guard::BODY_LIMIT))
            .layer(from_fn(move |r, n| guard::deadline(timeout, r, n)))
            .layer(from_fn(move |r, n| guard::check_host(hosts.clone(), r, n)))
            .layer(from_fn(guard::harden))
    }

    /// Serves the router on a bound listener until the process ends (see `net`).
    pub async fn serve(self, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        crate::net::serve(self, listener).await
    }

    /// Starts the driver and the flusher on the current tokio runtime.
    pub fn spawn_background(&self, pace: Pace) {
        let app = self.clone();
        tokio::spawn(async move {
            // The bots' choices are no secret: the clock will do if the system has no randomness.
            let seed = crate::secret::new_seed().unwrap_or_else(|_| now_ms());
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            loop {
                let now = now_ms();
                let next = {
                    let mut hub = app.hub();
                    drive(&mut hub, now, &mut rng, pace)
                };
                app.inner.flush.notify_one();
                let wait = next.map_or(Duration::from_secs(1), |t| {
                    Duration::from_millis(t.saturating_sub(now_ms()).clamp(1, 1000))
                });
                let _ = tokio::time::timeout(wait, app.inner.wake.notified()).await;
            }
        });
        let app = self.clone();
        tokio::spawn(async move {
            loop {
                app.hub().flush(now_ms());
                tokio::time::sleep(Duration::from_millis(100)).await;
                let _ = tokio::time::timeout(FLUSH_EVERY, app.inner.flush.notified()).await;
            }
        });
    }
}

pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
