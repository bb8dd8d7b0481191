//! A connection's queue of pushed messages, bounded in messages and in bytes. The hub never
//! waits on it: a client that falls this far behind is marked behind and sent nothing more; its
//! session closes it (1013) and the browser reconnects for a fresh state.

use crate::push::{MeParts, Pushed};
use protocol::{Me, TableView};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use tokio::sync::mpsc;

/// The event's end.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Push>,
    shared: Arc<Shared>,
}

/// The connection's end. A player's own view and a watched table come as views, and are
/// turned into text here, in the connection's task: a patch against what this connection was
/// sent last (`push.rs`), made beside the other connections', not in the event's one task.
#[derive(Debug)]
pub struct Inbox {
    rx: mpsc::Receiver<Push>,
    shared: Arc<Shared>,
    pushed: Pushed,
}

/// What is queued for a connection.
#[derive(Debug)]
enum Push {
    Text(Arc<str>),
    Me(Box<MeParts>),
    Table(Box<TableView>),
    /// The client asked for every stream whole again: forget what was sent.
    Reset,
}

/// What a queued view counts for against the queue's bytes (a table view is a few KB).
const VIEW_BYTES: usize = 4096;

impl Push {
    fn bytes(&self) -> usize {
        match self {
            Push::Text(text) => text.len(),
            Push::Me(_) | Push::Table(_) => VIEW_BYTES,
            Push::Reset => 0,
        }
    }
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
        Inbox {
            rx,
            shared,
            pushed: Pushed::default(),
        },
    )
}

impl Outbox {
    /// Queues a message without waiting; a full queue marks the client behind instead, and
    /// nothing more is queued for it.
    pub fn send(&self, text: Arc<str>) {
        self.queue(Push::Text(text));
    }

    /// Queues a player's own view, sent as what changed since the last one.
    pub fn send_me(&self, me: Me) {
        self.send_me_parts(MeParts::whole(me));
    }

    /// Queues a player's own view in parts, its table's public view shared (`push::me`).
    pub fn send_me_parts(&self, me: MeParts) {
        self.queue(Push::Me(Box::new(me)));
    }

    /// Queues a watched table's view, sent as what changed since the last one.
    pub fn send_table(&self, table: TableView) {
        self.queue(Push::Table(Box::new(table)));
    }

    /// The views queued after this are sent whole (a resync).
    pub fn reset_views(&self) {
        self.queue(Push::Reset);
    }

    fn queue(&self, push: Push) {
        if self.is_behind() {
            return;
        }
        let len = push.bytes();
        let queued = self.shared.bytes.fetch_add(len, Ordering::AcqRel);
        let over = queued > 0 && queued + len > self.shared.max_bytes;
        if over || self.tx.try_send(push).is_err() {
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
    /// The next message; None once the event dropped the queue.
    pub async fn recv(&mut self) -> Option<Arc<str>> {
        loop {
            let push = self.rx.recv().await?;
            if let Some(text) = self.text_of(push) {
                return Some(text);
            }
        }
    }

    /// A message already queued, without waiting.
    pub fn try_recv(&mut self) -> Option<Arc<str>> {
        loop {
            let push = self.rx.try_recv().ok()?;
            if let Some(text) = self.text_of(push) {
                return Some(text);
            }
        }
    }

    /// The text to send for what was queued; none for a view unchanged since the last.
    fn text_of(&mut self, push: Push) -> Option<Arc<str>> {
        self.shared.bytes.fetch_sub(push.bytes(), Ordering::AcqRel);
        match push {
            Push::Text(text) => Some(text),
            Push::Reset => {
                self.pushed.reset();
                None
            }
            Push::Me(me) => self.pushed.next_me_parts(*me),
            Push::Table(table) => self.pushed.next_table(*table),
        }
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
