//! The running server: the hub (a task per event and live table, and the log writer) and the
//! router.

use crate::driver::Pace;
use crate::guard::{self, Hosts};
use crate::hub::{Hub, Opened};
use crate::net::Limits;
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct App {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    hub: Hub,
    limits: Limits,
    slots: Arc<crate::slots::Slots>,
    /// The request bodies' bytes being read, on all connections together.
    body_bytes: Arc<tokio::sync::Semaphore>,
    /// Set when the server shuts down: connections finish what they are answering and close,
    /// WebSockets with 1001 "going away".
    going_away: tokio::sync::watch::Sender<bool>,
    /// Gives dealer tablets their tables' next hands (`seeder`).
    seeder: crate::seeder::Seeder,
}

/// An app that does not keep the server alive: the seeder's loop ends with it.
#[derive(Clone, Debug)]
pub struct WeakApp {
    inner: std::sync::Weak<Inner>,
}

impl WeakApp {
    pub fn upgrade(&self) -> Option<App> {
        self.inner.upgrade().map(|inner| App { inner })
    }
}

impl App {
    /// The server over a log read back, its tasks stepped only when asked (tests).
    pub fn new(opened: Opened) -> App {
        App::with_limits(opened, Limits::default())
    }

    pub fn with_limits(opened: Opened, limits: Limits) -> App {
        App::start(opened, limits, None)
    }

    /// Starts the tasks on the current runtime; with `pace`, each event's own timers deal,
    /// tick the clock, time out players and act for bots.
    pub fn start(opened: Opened, limits: Limits, pace: Option<Pace>) -> App {
        let app = App {
            inner: Arc::new(Inner {
                hub: opened.start(pace),
                slots: Arc::default(),
                body_bytes: Arc::new(tokio::sync::Semaphore::new(limits.body_bytes)),
                going_away: tokio::sync::watch::Sender::new(false),
                seeder: crate::seeder::Seeder::default(),
                limits,
            }),
        };
        app.inner.seeder.spawn(&app);
        app
    }

    pub fn downgrade(&self) -> WeakApp {
        WeakApp {
            inner: Arc::downgrade(&self.inner),
        }
    }

    /// Waits until every tablet has been given the hand due to it (`seeder`).
    pub async fn seeded(&self) {
        self.inner.seeder.settled(self).await;
    }

    pub fn hub(&self) -> &Hub {
        &self.inner.hub
    }

    /// Runs `f` on the hub in a task of its own, to its end even if the request that asked
    /// is dropped (a timeout, a client gone): a new event, table or secret written to the log
    /// is then always started or kept in memory too, so that ids stay in step with the log.
    pub async fn to_the_end<T, F>(
        &self,
        f: impl FnOnce(App) -> F + Send + 'static,
    ) -> Result<T, crate::room::Refusal>
    where
        T: Send + 'static,
        F: Future<Output = Result<T, crate::room::Refusal>> + Send + 'static,
    {
        let app = self.clone();
        tokio::spawn(async move { f(app).await })
            .await
            .map_err(|e| crate::room::Refusal::internal(format!("a task failed: {e}")))?
    }

    pub fn now(&self) -> u64 {
        self.hub().clock().now()
    }

    pub fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// The bytes of request bodies that may be read at once (`Limits::body_bytes`).
    pub fn body_bytes(&self) -> &Arc<tokio::sync::Semaphore> {
        &self.inner.body_bytes
    }

    /// The anonymous watchers' connection slots.
    pub fn slots(&self) -> &Arc<crate::slots::Slots> {
        &self.inner.slots
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
        crate::net::serve(self, listener, std::future::pending()).await
    }

    /// Serves until `stop` completes, then shuts down gracefully: no new connection is taken,
    /// what is being answered is answered (each command once the writer has written it),
    /// WebSockets close with 1001 "going away", and the log is flushed (see `net`).
    pub async fn serve_until(
        self,
        listener: tokio::net::TcpListener,
        stop: impl Future<Output = ()>,
    ) -> std::io::Result<()> {
        crate::net::serve(self, listener, stop).await
    }

    /// Tells every connection that the server is going away.
    pub fn go_away(&self) {
        self.inner.going_away.send_replace(true);
    }

    /// Completes once the server is going away.
    pub async fn going_away(&self) {
        let mut rx = self.inner.going_away.subscribe();
        let _ = rx.wait_for(|away| *away).await;
    }
}

/// The server's clock: the system's, which a test may move ahead to play out an evening in
/// seconds. Every task reads it.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    ahead_ms: Arc<std::sync::atomic::AtomicU64>,
    /// Counts the moves, for timers that wait by this clock (`seeder`).
    moved: Arc<tokio::sync::watch::Sender<u64>>,
}

impl Clock {
    pub fn now(&self) -> u64 {
        now_ms() + self.ahead_ms.load(std::sync::atomic::Ordering::Acquire)
    }

    /// Moves the clock ahead (tests: a simulated evening).
    #[doc(hidden)]
    pub fn advance(&self, ms: u64) {
        self.ahead_ms
            .fetch_add(ms, std::sync::atomic::Ordering::AcqRel);
        self.moved.send_modify(|n| *n += 1);
    }

    /// The count of the clock's moves, changed at each.
    pub fn moved(&self) -> tokio::sync::watch::Receiver<u64> {
        self.moved.subscribe()
    }
}

pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
