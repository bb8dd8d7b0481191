//! The running server's state, which every request handler is given: the hub (a task per event
//! and live table, and the log writer), the limits, the watchers' slots and the seeder. The
//! router is made in `api`, the serving in `net`.

use crate::driver::Pace;
use crate::hub::{Hub, Opened};
use crate::limit::Limits;
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct App {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    hub: Arc<Hub>,
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
                hub: Arc::new(opened.start(pace)),
                slots: Arc::default(),
                body_bytes: Arc::new(tokio::sync::Semaphore::new(limits.body_bytes)),
                going_away: tokio::sync::watch::Sender::new(false),
                seeder: crate::seeder::Seeder::default(),
                limits,
            }),
        };
        app.inner.seeder.spawn(&app.inner.hub);
        app
    }

    /// Waits until every tablet has been given the hand due to it (`seeder`).
    pub async fn seeded(&self) {
        self.inner.seeder.settled(self.hub()).await;
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
    ) -> Result<T, crate::refusal::Refusal>
    where
        T: Send + 'static,
        F: Future<Output = Result<T, crate::refusal::Refusal>> + Send + 'static,
    {
        let app = self.clone();
        tokio::spawn(async move { f(app).await })
            .await
            .map_err(|e| crate::refusal::Refusal::internal(format!("a task failed: {e}")))?
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
