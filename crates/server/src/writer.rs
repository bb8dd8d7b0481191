//! The one log writer: a thread that owns the store and writes what every event's and table's
//! task sends it. Requests that queue while a transaction is being written are written
//! together in the next one (group commit), so a busy server pays one commit (one fsync with
//! `--durable`) for many actions, and a quiet one waits for no timer: the wait is the write
//! before. Each task learns the seq of its first record, or the error, only once the
//! transaction is committed.

use crate::refusal::Refusal;
use axum::http::StatusCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use store::Store;
use tokio::sync::{mpsc, oneshot};

/// Requests waiting for the writer; a task that finds the queue full waits (back-pressure).
const QUEUE: usize = 1024;
/// Records in one transaction at most, so that one commit stays short.
const MAX_RECORDS: usize = 4096;

/// A record: its time and its body (a `LogEntry` as JSON).
pub type Record = (u64, String);

#[derive(Debug)]
enum Request {
    Append {
        records: Vec<Record>,
        reply: oneshot::Sender<Result<u64, String>>,
    },
    Meta {
        key: String,
        value: String,
        reply: oneshot::Sender<Result<(), String>>,
    },
    /// Answered once everything queued before it is written (a shutdown waits for it).
    Flush { reply: oneshot::Sender<()> },
}

/// The writer's handle, shared by every task.
#[derive(Clone, Debug)]
pub struct Writer {
    tx: mpsc::Sender<Request>,
    /// Records in the log.
    len: Arc<AtomicU64>,
    /// Transactions written by this writer.
    commits: Arc<AtomicU64>,
    /// The same count, for whoever waits for the next write (`seeder`).
    committed: Arc<tokio::sync::watch::Sender<u64>>,
}

impl Writer {
    /// Starts the writer's thread over `store`, which holds `len` records (and may be fenced
    /// by a node's lease: `Store::fence_with`).
    pub fn start(store: Store, len: u64) -> Writer {
        let (tx, rx) = mpsc::channel(QUEUE);
        let writer = Writer {
            tx,
            len: Arc::new(AtomicU64::new(len)),
            commits: Arc::default(),
            committed: Arc::new(tokio::sync::watch::Sender::new(0)),
        };
        let counts = Counts {
            len: writer.len.clone(),
            commits: writer.commits.clone(),
            committed: writer.committed.clone(),
        };
        match std::thread::Builder::new()
            .name("croupier-log".into())
            .spawn(move || write_loop(store, rx, &counts))
        {
            Ok(_) => writer,
            // Without its thread every write is refused (503), as with a failed disk.
            Err(_) => Writer {
                tx: mpsc::channel(1).0,
                ..writer
            },
        }
    }

    /// Appends `records` in order; the seq of the first, once committed.
    pub async fn append(&self, records: Vec<Record>) -> Result<u64, Refusal> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(Request::Append { records, reply })
            .await
            .map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?.map_err(storage)
    }

    /// Sets a meta value (a secret's hash) after every record queued before it.
    pub async fn set_meta(&self, key: String, value: String) -> Result<(), Refusal> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(Request::Meta { key, value, reply })
            .await
            .map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?.map_err(storage)
    }

    /// Waits until every record queued before now is written (or refused).
    pub async fn flush(&self) {
        let (reply, answer) = oneshot::channel();
        if self.tx.send(Request::Flush { reply }).await.is_ok() {
            let _ = answer.await;
        }
    }

    /// Records in the log.
    pub fn len(&self) -> u64 {
        self.len.load(Ordering::Acquire)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Transactions written so far by this writer (one for many records under load).
    pub fn commits(&self) -> u64 {
        self.commits.load(Ordering::Acquire)
    }

    /// The count of transactions written, changed after each.
    pub fn committed(&self) -> tokio::sync::watch::Receiver<u64> {
        self.committed.subscribe()
    }
}

/// What the writer's thread counts for the others.
struct Counts {
    len: Arc<AtomicU64>,
    commits: Arc<AtomicU64>,
    committed: Arc<tokio::sync::watch::Sender<u64>>,
}

fn write_loop(mut store: Store, mut rx: mpsc::Receiver<Request>, counts: &Counts) {
    let mut held: Option<Request> = None;
    loop {
        let first = match held.take() {
            Some(request) => request,
            None => match rx.blocking_recv() {
                Some(request) => request,
                None => return,
            },
        };
        let (records, reply) = match first {
            Request::Meta { key, value, reply } => {
                let _ = reply.send(store.set_meta(&key, &value).map_err(|e| e.to_string()));
                continue;
            }
            Request::Flush { reply } => {
                let _ = reply.send(());
                continue;
            }
            Request::Append { records, reply } => (records, reply),
        };
        // Everything queued meanwhile joins this transaction, up to a meta write (kept for
        // after it, in order) or the size of one commit.
        let mut replies = vec![(records.len(), reply)];
        let mut all = records;
        while all.len() < MAX_RECORDS {
            match rx.try_recv() {
                Ok(Request::Append { records, reply }) => {
                    replies.push((records.len(), reply));
                    all.extend(records);
                }
                // A meta write or a flush waits for this transaction, in order.
                Ok(other) => {
                    held = Some(other);
                    break;
                }
                Err(_) => break,
            }
        }
        match store.append_all(&all) {
            Ok(last) => {
                counts.len.store(last, Ordering::Release);
                let n = counts.commits.fetch_add(1, Ordering::AcqRel) + 1;
                counts.committed.send_replace(n);
                let mut next = last + 1 - all.len() as u64;
                for (count, reply) in replies {
                    let _ = reply.send(Ok(next));
                    next += count as u64;
                }
            }
            Err(e) => {
                let message = e.to_string();
                // Refused for a lease another node now holds: said where the operator looks.
                if matches!(e, store::StoreError::Fenced { .. }) {
                    eprintln!("log writer: {message}");
                }
                for (_, reply) in replies {
                    let _ = reply.send(Err(message.clone()));
                }
            }
        }
    }
}

fn gone() -> Refusal {
    storage("the log writer has stopped".into())
}

pub fn storage(detail: String) -> Refusal {
    Refusal::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "storage",
        format!("the event log could not be written: {detail}"),
    )
}
