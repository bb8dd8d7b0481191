//! A connection's queue of pushed messages, bounded in messages and in bytes. The hub never
//! waits on it: a client that falls this far behind is marked behind and sent nothing more; its
//! session closes it (1013) and the browser reconnects for a fresh state.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use tokio::sync::mpsc;

/// The hub's end.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Arc<str>>,
    shared: Arc<Shared>,
}

/// The connection's end.
#[derive(Debug)]
pub struct Inbox {
    rx: mpsc::Receiver<Arc<str>>,
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    /// Bytes queued and not yet taken.
    bytes: AtomicUsize,
    max_bytes: usize,
    behind: AtomicBool,
}

/// A queue of at most `messages` messages and `bytes` bytes; one message larger than `bytes`
/// still goes through an empty queue (a big standings list must reach a new client).
pub fn outbox(messages: usize, bytes: usize) -> (Outbox, Inbox) {
    let (tx, rx) = mpsc::channel(messages.max(1));
    let shared = Arc::new(Shared {
        bytes: AtomicUsize::new(0),
        max_bytes: bytes,
        behind: AtomicBool::new(false),
    });
    (
        Outbox {
            tx,
            shared: shared.clone(),
        },
        Inbox { rx, shared },
    )
}

impl Outbox {
    /// Queues a message without waiting; a full queue marks the client behind instead, and
    /// nothing more is queued for it.
    pub fn send(&self, text: Arc<str>) {
        if self.is_behind() {
            return;
        }
        let len = text.len();
        let queued = self.shared.bytes.fetch_add(len, Ordering::AcqRel);
        let over = queued > 0 && queued + len > self.shared.max_bytes;
        if over || self.tx.try_send(text).is_err() {
            self.shared.bytes.fetch_sub(len, Ordering::AcqRel);
            self.shared.behind.store(true, Ordering::Release);
        }
    }

    pub fn is_behind(&self) -> bool {
        self.shared.behind.load(Ordering::Acquire)
    }

    /// The connection is gone.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}

impl Inbox {
    /// The next message; None once the hub dropped the queue.
    pub async fn recv(&mut self) -> Option<Arc<str>> {
        let text = self.rx.recv().await?;
        self.taken(&text);
        Some(text)
    }

    /// A message already queued, without waiting.
    pub fn try_recv(&mut self) -> Option<Arc<str>> {
        let text = self.rx.try_recv().ok()?;
        self.taken(&text);
        Some(text)
    }

    fn taken(&self, text: &str) {
        self.shared.bytes.fetch_sub(text.len(), Ordering::AcqRel);
    }

    /// The client fell behind: what is queued is stale, and nothing more comes.
    pub fn is_behind(&self) -> bool {
        self.shared.behind.load(Ordering::Acquire)
    }

    /// Messages queued now.
    pub fn len(&self) -> usize {
        self.rx.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rx.is_empty()
    }

    /// Bytes queued now.
    pub fn bytes(&self) -> usize {
        self.shared.bytes.load(Ordering::Acquire)
    }
}
