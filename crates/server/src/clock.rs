//! The server's clock, which every task reads and a test may move ahead.

use std::sync::Arc;

/// The server's clock: the system's, which a test may move ahead to play out an evening in
/// seconds. Every task reads it.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    ahead_ms: Arc<std::sync::atomic::AtomicU64>,
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
    }
}

pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
