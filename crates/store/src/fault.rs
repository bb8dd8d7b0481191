//! Failures on demand, for tests of what the server does when its log fails: a full disk on
//! the next append, a read that fails while the log is replayed, a lost database connection.
//! Shared switches, so a test keeps them after handing the store over.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::StoreError;

/// Switches that make a store's writes or reads fail until turned off.
#[derive(Clone, Debug, Default)]
pub struct Faults {
    writes: Arc<AtomicBool>,
    reads: Arc<AtomicBool>,
    cut: Arc<AtomicBool>,
    /// Milliseconds the next fenced write stands still inside its transaction.
    hang_ms: Arc<AtomicU64>,
}

impl Faults {
    /// Every write (append, meta) fails while set.
    pub fn fail_writes(&self, fail: bool) {
        self.writes.store(fail, Ordering::SeqCst);
    }

    /// Every read of the records fails while set.
    pub fn fail_reads(&self, fail: bool) {
        self.reads.store(fail, Ordering::SeqCst);
    }

    /// PostgreSQL only: the next call first has the server end this store's session for real
    /// (`pg_terminate_backend`), so that call fails as on a lost connection and the one after
    /// it connects again. SQLite has no connection to lose: there it changes nothing.
    pub fn cut_connection(&self) {
        self.cut.store(true, Ordering::SeqCst);
    }

    /// PostgreSQL only: the next fenced write stands still for `for_` inside its transaction,
    /// once its lease was found current and its row locked, as a node that hangs (or is
    /// paused) there would.
    pub fn hang_in_next_write(&self, for_: Duration) {
        let ms = u64::try_from(for_.as_millis()).unwrap_or(u64::MAX);
        self.hang_ms.store(ms, Ordering::SeqCst);
    }

    /// How long to stand still now, once (`hang_in_next_write`).
    pub(crate) fn take_hang(&self) -> Option<Duration> {
        let ms = self.hang_ms.swap(0, Ordering::SeqCst);
        (ms > 0).then(|| Duration::from_millis(ms))
    }

    pub(crate) fn on_write(&self) -> Result<(), StoreError> {
        self.check(&self.writes, "write")
    }

    pub(crate) fn on_read(&self) -> Result<(), StoreError> {
        self.check(&self.reads, "read")
    }

    /// Whether a cut was asked for since the last call; asking clears it.
    pub(crate) fn take_cut(&self) -> bool {
        self.cut.swap(false, Ordering::SeqCst)
    }

    fn check(&self, switch: &AtomicBool, what: &str) -> Result<(), StoreError> {
        if switch.load(Ordering::SeqCst) {
            return Err(StoreError::Injected(what.to_string()));
        }
        Ok(())
    }
}
