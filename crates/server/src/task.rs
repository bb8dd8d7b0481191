//! One task per event and per live table: it owns its state and takes jobs on a bounded
//! channel. A job runs against the state (reads, and commands applied); the jobs that queued
//! meanwhile run in the same turn, and their records go to the log writer together. Replies and
//! pushes go out only once the records are written. Nothing outside the task is touched, so one
//! busy event never holds another.
//!
//! Taking back is the task's, one way for every state (issue 35): before each command the task
//! saves what the log rebuilds (`Owned::save`, cheap: the large parts are shared until written),
//! puts it back when the command is refused, and puts back the turn's first save when the
//! turn's write fails, answering every job of the turn with the error. No state undoes a change
//! by hand, so none can forget to.

use crate::clock::Clock;
use crate::refusal::Refusal;
use crate::room::Changes;
use crate::writer::{Record, Writer};
use axum::http::StatusCode;
use protocol::{Actor, Command, LogEntry};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Jobs waiting for a task; a caller that finds the queue full waits (back-pressure).
const QUEUE: usize = 256;
/// Jobs run in one turn at most, so that one turn's write stays short.
const MAX_TURN: usize = 256;

/// A command of a task's own kind and who gave it: what a live table's task (`FloorCommand`)
/// and the cash room's (`RingCommand`) take (an event's, `EventCommand`, names its own
/// author); the log records it as `Command::Floor` or
/// `Command::Ring`.
#[derive(Clone, Debug)]
pub struct Signed<C> {
    pub by: Actor,
    pub command: C,
}

/// What a task owns: an event's room and connections, a live table, or the cash room.
pub trait Owned: Send + 'static {
    /// The commands this task takes: its own kind only, so that no task is handed another's
    /// command to refuse at run time.
    type Command: Send + 'static;
    /// The command as the log records it.
    fn record(command: Self::Command) -> Command;
    /// A player's action: what it makes due is at its own table.
    fn is_play(_command: &Self::Command) -> bool {
        false
    }
    /// What the log rebuilds of the state (and what a turn keeps beside it until the write),
    /// as it was: its large parts shared with the state until either writes them.
    type Saved: Send;
    fn save(&self) -> Self::Saved;
    /// Puts back what `save` took: the state is as it was then.
    fn restore(&mut self, saved: Self::Saved);
    /// Applies a command. A refusal may leave it half applied: the task puts back what it
    /// saved before it.
    fn apply(&mut self, at_ms: u64, command: &Self::Command) -> Result<Changes, Refusal>;
    /// What was applied is in the log, the first record at `first_seq`.
    fn commit(&mut self, first_seq: u64);
    /// After a write: tell whoever watches what changed.
    fn written(&mut self, changes: Vec<Changes>, now: u64);
    /// What no person does, due at `now` (deals, the clock, timeouts, bots, pushes of the
    /// summaries), submitted through `tx`, at the tables of `scope` (the ones the turn's
    /// actions changed) or everywhere; returns when to look again.
    fn due(tx: &mut Tx<'_, Self>, scope: Option<&[u32]>) -> Option<u64>
    where
        Self: Sized;
    /// When pushes held back (to push at most so often) are due, or other work the state put
    /// off (a player away once a grace passed), if any is.
    fn next_flush(&self) -> Option<u64> {
        None
    }
}

/// A turn's view of the state: read it, change what is not logged (connections), or submit
/// commands, which are logged at the end of the turn.
pub struct Tx<'a, S: Owned> {
    state: &'a mut S,
    records: Vec<Record>,
    changes: Vec<Changes>,
    /// The state before the turn's first command applied, to put back if the write fails.
    before: Option<S::Saved>,
    /// Only players' actions were applied: what they made due is at their tables.
    only_acts: bool,
    /// The turn changed what the timers look at without a command (`look_again`).
    look: bool,
    pub now: u64,
}

impl<'a, S: Owned> Tx<'a, S> {
    fn new(state: &'a mut S, now: u64) -> Tx<'a, S> {
        Tx {
            state,
            records: Vec::new(),
            changes: Vec::new(),
            before: None,
            only_acts: true,
            look: false,
            now,
        }
    }

    /// After this turn the timers look at everything again, as after a command: the turn
    /// changed what they wait for without one (a tablet now follows a table).
    pub fn look_again(&mut self) {
        self.look = true;
        self.only_acts = false;
    }

    pub fn state(&self) -> &S {
        self.state
    }

    /// The state, for what is not in the log (connections, what they were sent).
    pub fn state_mut(&mut self) -> &mut S {
        self.state
    }

    /// Applies `command` now; its record is written at the end of the turn. A refusal
    /// changes nothing and writes nothing.
    pub fn submit(&mut self, command: S::Command) -> Result<Changes, Refusal> {
        let saved = self.state.save();
        let changes = match self.state.apply(self.now, &command) {
            Ok(changes) => changes,
            Err(refusal) => {
                self.state.restore(saved);
                return Err(refusal);
            }
        };
        let play = S::is_play(&command);
        let entry = LogEntry {
            at_ms: self.now,
            command: S::record(command),
        };
        match serde_json::to_string(&entry) {
            Ok(body) => self.records.push((entry.at_ms, body)),
            Err(e) => {
                // Unreachable for these types; were it reached, the command is not kept.
                self.state.restore(saved);
                return Err(Refusal::internal(e.to_string()));
            }
        }
        if self.before.is_none() {
            self.before = Some(saved);
        }
        self.only_acts &= play;
        self.changes.push(changes.clone());
        Ok(changes)
    }

    /// The tables the turn's commands changed, each once.
    pub fn changed_tables(&self) -> Vec<u32> {
        self.changed_tables_since(0)
    }

    /// Commands the turn has applied so far.
    pub fn applied(&self) -> usize {
        self.changes.len()
    }

    /// The tables changed by the commands applied after the first `from`, each once.
    pub fn changed_tables_since(&self, from: usize) -> Vec<u32> {
        let mut tables: Vec<u32> = self.changes[from.min(self.changes.len())..]
            .iter()
            .flat_map(|c| c.tables.iter().copied())
            .collect();
        tables.sort_unstable();
        tables.dedup();
        tables
    }
}

impl<S: Owned> std::fmt::Debug for Tx<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tx")
            .field("records", &self.records.len())
            .field("now", &self.now)
            .finish_non_exhaustive()
    }
}

/// What a turn applied: its records for the log, what they changed, and the state before them.
pub struct Applied<S: Owned> {
    pub records: Vec<Record>,
    pub changes: Vec<Changes>,
    /// To put back if the records cannot be written.
    pub before: Option<S::Saved>,
}

impl<S: Owned> std::fmt::Debug for Applied<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Applied")
            .field("records", &self.records.len())
            .field("saved", &self.before.is_some())
            .finish_non_exhaustive()
    }
}

impl<S: Owned> Tx<'_, S> {
    fn done(self) -> Applied<S> {
        Applied {
            records: self.records,
            changes: self.changes,
            before: self.before,
        }
    }
}

/// A turn run here and now on a state no task owns (the hub before its tasks start, and
/// simulations with their own clock): `f`'s answer, and what it applied, for the caller to
/// write and then commit, or put back.
pub fn local_turn<S: Owned, T>(
    state: &mut S,
    now: u64,
    f: impl FnOnce(&mut Tx<'_, S>) -> T,
) -> (T, Applied<S>) {
    let mut tx = Tx::new(state, now);
    let out = f(&mut tx);
    (out, tx.done())
}

/// What a job leaves to be done once its turn's records are written (or not).
type Finish = Box<dyn FnOnce(Result<(), Refusal>) + Send>;
type Job<S> = Box<dyn for<'a> FnOnce(&mut Tx<'a, S>) -> Finish + Send>;

/// A task's handle.
pub struct Handle<S: Owned> {
    tx: mpsc::Sender<Job<S>>,
    turns: Arc<AtomicU64>,
}

impl<S: Owned> Clone for Handle<S> {
    fn clone(&self) -> Self {
        Handle {
            tx: self.tx.clone(),
            turns: self.turns.clone(),
        }
    }
}

impl<S: Owned> std::fmt::Debug for Handle<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Handle").finish_non_exhaustive()
    }
}

/// Whether a task looks for due work itself, or only when asked (tests step it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timers {
    On,
    Off,
}

impl<S: Owned> Handle<S> {
    /// Starts a task owning `state` on the current runtime.
    pub fn spawn(state: S, writer: Writer, timers: Timers, clock: Clock) -> Handle<S> {
        let (tx, rx) = mpsc::channel(QUEUE);
        let turns = Arc::new(AtomicU64::new(0));
        tokio::spawn(run(state, rx, writer, timers, clock, turns.clone()));
        Handle { tx, turns }
    }

    /// The turns the task has taken so far (jobs, and its own looks at what fell due): what a
    /// table costs the server while nothing happens at it is none (issue 35).
    pub fn turns(&self) -> u64 {
        self.turns.load(Ordering::Relaxed)
    }

    /// Runs `f` in the task; its answer once what it submitted is in the log.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Tx<'_, S>) -> Result<T, Refusal> + Send + 'static,
    ) -> Result<T, Refusal> {
        let (reply, answer) = oneshot::channel();
        let job: Job<S> = Box::new(move |tx| {
            let out = f(tx);
            Box::new(move |written: Result<(), Refusal>| {
                let _ = reply.send(out.and_then(|t| written.map(|()| t)));
            })
        });
        self.tx.send(job).await.map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }

    /// Looks for due work now (the timers' pass, on demand).
    pub async fn drive(&self) -> Result<(), Refusal> {
        self.run(|tx| {
            S::due(tx, None);
            Ok(())
        })
        .await
    }
}

fn stopped() -> Refusal {
    Refusal::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "unavailable",
        "the server is shutting down",
    )
}

async fn run<S: Owned>(
    mut state: S,
    mut rx: mpsc::Receiver<Job<S>>,
    writer: Writer,
    timers: Timers,
    clock: Clock,
    turns: Arc<AtomicU64>,
) {
    // Look once at the start: a table may be due to deal.
    let mut wake: Option<u64> = (timers == Timers::On).then_some(0);
    loop {
        let mut jobs = Vec::new();
        let sleep = wake.map(|at| {
            let wait = at.saturating_sub(clock.now());
            tokio::time::sleep(Duration::from_millis(wait))
        });
        tokio::select! {
            job = rx.recv() => match job {
                Some(job) => jobs.push(job),
                None => return,
            },
            () = async { match sleep { Some(s) => s.await, None => std::future::pending().await } } => {}
        }
        turns.fetch_add(1, Ordering::Relaxed);
        // Whatever was woken onto this worker's own slot (which no other worker takes) goes
        // first: a long turn must not hold another event's answer.
        tokio::task::yield_now().await;
        while jobs.len() < MAX_TURN {
            match rx.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let now = clock.now();
        let mut tx = Tx::new(&mut state, now);
        let finishes: Vec<Finish> = jobs.into_iter().map(|job| job(&mut tx)).collect();
        // Actions only: what they made due (a bot's turn) is at their tables. Anything else
        // may have made anything due.
        let scope = tx.only_acts.then(|| tx.changed_tables());
        let acted = !tx.records.is_empty() || tx.look;
        let applied = tx.done();
        let outcome = finish_turn(&mut state, applied, &writer, now).await;
        for finish in finishes {
            finish(outcome.clone());
        }
        // The answers just woken wait in this worker's own slot, which no other worker takes:
        // let them go before a long turn of what fell due.
        tokio::task::yield_now().await;
        if timers == Timers::Off {
            continue;
        }
        // What fell due is a turn of its own, after the answers: a start's thousand deals do
        // not hold up the start's answer.
        let fired = wake.is_some_and(|at| at <= now);
        let looked = if fired || (acted && outcome.is_ok()) {
            let scope = if fired { None } else { scope };
            let now = clock.now();
            let mut tx = Tx::new(&mut state, now);
            let next = S::due(&mut tx, scope.as_deref());
            let applied = tx.done();
            let written = finish_turn(&mut state, applied, &writer, now).await;
            Some((written.map(|()| next), scope.is_none()))
        } else {
            None
        };
        let kept = wake.filter(|&at| at > now);
        wake = match (&outcome, looked) {
            // The log failed: try again in a moment, not in a busy loop.
            (Err(_), _) | (_, Some((Err(_), _))) => Some(now + 200),
            (Ok(()), Some((Ok(next), true))) => next,
            // A look at a few tables adds to what the last whole look found.
            (Ok(()), Some((Ok(next), false))) => match (next, kept) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            (Ok(()), None) => kept,
        };
        // What was pushed back to be pushed at most so often comes at its time too.
        if let Some(at) = state.next_flush() {
            wake = Some(wake.map_or(at, |w| w.min(at)));
        }
    }
}

/// Writes a turn's records: then commits and tells whoever watches, or puts the state back.
async fn finish_turn<S: Owned>(
    state: &mut S,
    Applied {
        records,
        changes,
        before,
    }: Applied<S>,
    writer: &Writer,
    now: u64,
) -> Result<(), Refusal> {
    if !records.is_empty() {
        match writer.append(records).await {
            Ok(first) => {
                // Let go of the copy first: what the commit writes is then the state's alone,
                // not copied for a copy nobody needs.
                drop(before);
                state.commit(first);
            }
            Err(refusal) => {
                if let Some(before) = before {
                    state.restore(before);
                }
                return Err(refusal);
            }
        }
    }
    if !changes.is_empty() {
        state.written(changes, now);
    }
    Ok(())
}
