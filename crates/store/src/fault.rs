//! Failures on demand, for tests of what the server does when its log fails: a full disk on
//! the next append, a read that fails while the log is replayed. Shared switches, so a test
//! keeps them after handing the store over.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::StoreError;

/// Switches that make a store's writes or reads fail until turned off.
#[derive(Clone, Debug, Default)]
pub struct Faults {
    writes: Arc<AtomicBool>,
    reads: Arc<AtomicBool>,
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

    pub(crate) fn on_write(&self) -> Result<(), StoreError> {
        self.check(&self.writes, "write")
    }

    pub(crate) fn on_read(&self) -> Result<(), StoreError> {
        self.check(&self.reads, "read")
    }

    fn check(&self, switch: &AtomicBool, what: &str) -> Result<(), StoreError> {
        if switch.load(Ordering::SeqCst) {
            return Err(StoreError::Injected(what.to_string()));
        }
        Ok(())
    }
}
