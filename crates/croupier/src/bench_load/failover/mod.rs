//! `croupier bench failover` (issue 37 item 2): a room served by several nodes over one
//! PostgreSQL log, measured by killing them. The bench starts its own PostgreSQL (as the tests
//! do, `tools/postgres/setup.sh`) unless given one, `--nodes` `croupier serve --node` children
//! on a fresh database, and a human-paced tournament of `--players` (a `deepstack` event whose
//! decks are dealt from a seed per hand, as with real players), each player connected to a
//! node of its own. Every `--every` seconds it kills a node with SIGKILL (a random one, or with
//! `--target serving` the serving one) and starts it again a second later, `--kills` times.
//! Spread among the kills, `--pauses` times it pauses the serving node instead (SIGSTOP) until
//! another serves, then lets it go on (SIGCONT): a node that hung past its lease and comes back
//! believing it serves, which the fencing must keep from writing; it must find its lease gone
//! and stop (it is started again a second later).
//!
//! It measures, and prints:
//! - kills, and of them those of the serving node, each of which a takeover must follow;
//! - takeover time: from the SIGKILL (or SIGSTOP) to the line `Croupier at ...` of the node
//!   that took the room over, replayed the log and listens as the serving node;
//! - chips: after every kill (a takeover's once done) and at the end, the event's chips
//!   counted where they lie (`chips_counted`) by the serving node equal the chips by the books
//!   (`chips_in_play`), and those equal the chips of the start;
//! - double owners, from the log itself: writes made under a lease's token older than one that
//!   had written before them (`store::stale_writes` of the log's `fenced_writes`), each a moment
//!   two nodes wrote as owners; and, for information, times a node began to serve while another
//!   still believed it did (a paused node until it found its lease gone);
//! - acknowledged actions (`player`) and, once the nodes are stopped, how many of them the log
//!   lacks: each player's acknowledged actions in a hand against the log's `act` records of
//!   that player in that hand;
//! - the longest time a player in a hand in play received no state of their table (between
//!   hands a table may hold by rule: TDA-11D until balanced, hand for hand).
//!
//! The last line reads `failover: K kills, A acknowledged, L lost, chips conserved, D double
//! owners, takeover p50 X s p99 Y s` (`chips NOT conserved` when they were not); the exit is 1
//! when an action was lost, chips were not conserved, the room had two owners or a paused node
//! went on believing it served.

mod nodes;
mod player;

use super::http::Http;
use super::player::Think;
use anyhow::{Context, Result, bail};
use hyper::Method;
use nodes::Nodes;
use player::{Seen, Shared};
use protocol::{EventCommand, EventSummary, PlayerAction};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// How long the first node may take to serve.
const START_LIMIT: Duration = Duration::from_secs(60);
/// How long a takeover may take before the bench gives up on it.
const TAKEOVER_LIMIT: Duration = Duration::from_secs(60);
/// How long the players may take to connect before the start.
const CONNECTING_LIMIT: Duration = Duration::from_secs(60);
/// A killed node is started again this long after.
const RESTART_AFTER: Duration = Duration::from_secs(1);
/// How long a paused node, let go on, may take to find its lease gone and stop.
const STEP_DOWN_LIMIT: Duration = Duration::from_secs(30);

/// What `bench failover` was asked for.
#[derive(Debug, clap::Args)]
pub struct Options {
    #[arg(long, default_value_t = 1000)]
    pub players: u32,
    #[arg(long, default_value_t = 3)]
    pub nodes: usize,
    /// Kills, each followed by a restart of the node killed.
    #[arg(long, default_value_t = 20)]
    pub kills: u32,
    /// Pauses of the serving node (SIGSTOP until another serves, then SIGCONT), spread among
    /// the kills.
    #[arg(long, default_value_t = 4)]
    pub pauses: u32,
    /// Seconds from a kill (or the takeover it caused) to the next kill.
    #[arg(long, default_value_t = 5.0)]
    pub every: f64,
    /// Which node a kill hits: any (`random`) or the one serving the room (`serving`).
    #[arg(long, value_enum, default_value_t = Target::Random)]
    pub target: Target,
    /// The nodes' lease on the room (`serve --lease-ms`): a takeover waits for it to run out.
    #[arg(long, default_value_t = 2000)]
    pub lease_ms: u64,
    /// Each player waits MIN-MAX milliseconds (uniform, seeded) before each action.
    #[arg(long, value_name = "MIN-MAX", value_parser = super::parse_think, default_value = "1000-5000")]
    pub think: Think,
    #[arg(long, default_value_t = 9)]
    pub table_size: u32,
    /// Seeds the choice of the node killed, the players' choices and think times.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// An empty PostgreSQL database to use; by default a fresh one on the PostgreSQL that
    /// `tools/postgres/setup.sh` starts.
    #[arg(long, value_name = "postgres://...")]
    pub database: Option<String>,
    /// The croupier binary the nodes run (this one by default).
    #[arg(long, value_name = "PATH")]
    pub server: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    Random,
    Serving,
}

pub fn run(o: Options) -> Result<()> {
    if o.players < 2 {
        bail!("a tournament needs at least 2 players, not {}", o.players);
    }
    if !(2..=26).contains(&o.nodes) {
        bail!("--nodes {}: from 2 to 26", o.nodes);
    }
    if !(2..=10).contains(&o.table_size) {
        bail!("a table seats 2 to 10, not {}", o.table_size);
    }
    if Duration::try_from_secs_f64(o.every).is_err() {
        bail!("--every {}: zero or more seconds", o.every);
    }
    let (soft, _) = super::server::raise_open_files()?;
    let needed = u64::from(o.players) * 2 + 64;
    if soft < needed {
        bail!("the open-file limit is {soft}: raise it with `ulimit -n {needed}`");
    }
    let url = match &o.database {
        Some(url) => {
            anyhow::ensure!(
                store::is_postgres_url(url),
                "--database {url:?}: a postgres:// URL"
            );
            // The bench's event is the log's first: a log with events already is not its own.
            let log = store::Store::connect(url, false).context("opening --database")?;
            let records = log.len()?;
            anyhow::ensure!(
                records == 0,
                "--database {}: {records} records already; the bench needs an empty database",
                store::display_location(url)
            );
            url.clone()
        }
        None => store::testing::fresh_postgres().map_err(anyhow::Error::msg)?,
    };
    let exe = match &o.server {
        Some(p) => p.clone(),
        None => std::env::current_exe().context("this binary's path")?,
    };
    let dir = std::env::temp_dir().join(format!("croupier-failover-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let nodes = Nodes::new(&exe, &url, &dir, o.nodes, o.lease_ms)?;
    // The nodes are stopped when `drive` returns: the log is read as they left it, outside
    // the runtime (the PostgreSQL client runs one of its own).
    let driven = runtime.block_on(drive(nodes, &o));
    if driven.is_ok() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    let (mut report, acknowledged) =
        driven.with_context(|| format!("the nodes' errors are in {}", dir.display()))?;
    let (logged, records) = logged_actions(&url)?;
    report.records = records;
    let log = store::Store::connect(&url, false).context("reading the log")?;
    let writes = log.fenced_writes().context("reading who wrote the log")?;
    report.fenced_writes = writes.len();
    report.double_owners = store::stale_writes(&writes).len() as u32;
    report.lost = acknowledged
        .iter()
        .map(|(key, made)| missing(made, logged.get(key).map_or(&[][..], Vec::as_slice)))
        .sum();
    report.print(&o);
    // What must hold, held: else the exit says so (after the report, whose last line stays).
    let conserved = report.chips_conserved();
    anyhow::ensure!(
        report.stepped_down == report.pauses,
        "failover: {} of {} paused nodes, let go on, still believed they served",
        report.pauses - report.stepped_down,
        report.pauses
    );
    if report.lost > 0 || !conserved || report.double_owners > 0 {
        bail!(
            "failover: {} acknowledged actions lost, chips {}, {} double owners",
            report.lost,
            if conserved {
                "conserved"
            } else {
                "NOT conserved"
            },
            report.double_owners
        );
    }
    Ok(())
}

/// What a run found.
#[derive(Default)]
struct Report {
    kills: u32,
    /// Pauses of the serving node, and how many of the nodes paused found their lease gone
    /// once let go on.
    pauses: u32,
    stepped_down: u32,
    /// From each kill (or pause) of the serving node to another serving, in seconds.
    takeovers: Vec<f64>,
    /// ... and to another holding the room's lease (the rest is the replay).
    lease_waits: Vec<f64>,
    /// The chips counted after each kill (and at the end), and how often they were those of
    /// the start.
    checks: u32,
    conserved: u32,
    /// Nodes that ended without being killed.
    exits: u32,
    chips_notes: Vec<String>,
    acknowledged: u64,
    lost: u64,
    double_owners: u32,
    /// Times a node began to serve while another still believed it did.
    believed_twice: u32,
    /// The longest time a player in a hand in play received no update, from and to (since the
    /// start).
    longest_silence: Option<(Duration, Duration)>,
    connections: u64,
    /// Refusals of the players' actions, by code.
    refusals: std::collections::BTreeMap<String, u64>,
    records: usize,
    /// Writes the log keeps with the lease they were made under.
    fenced_writes: usize,
}

/// Acknowledged actions by (table number, hand, player): how many.
type Acts = HashMap<(u32, u64, u32), Vec<PlayerAction>>;

/// The run, up to the nodes' end; the acknowledged actions, to be looked up in the log.
async fn drive(mut nodes: Nodes, o: &Options) -> Result<(Report, Acts)> {
    // The first node makes the TD's secret and serves; the others join as standbys.
    let began = Instant::now();
    nodes.start(0)?;
    nodes.wait_serving(began, START_LIMIT, None).await?;
    for i in 1..nodes.len() {
        nodes.start(i)?;
    }
    let addrs = nodes.addrs();
    let secret = nodes.secret()?;
    let http = Http::new(&addrs[0], &secret)?;
    // An event with real players' decks: a seed per hand.
    let registered = super::event_of(&http, o.table_size, None, o.players, "Player").await?;
    let shared = Arc::new(Shared {
        addrs: addrs.clone(),
        think: o.think,
        seed: o.seed,
    });
    let (stop_tx, stop_rx) = watch::channel(false);
    let (ready_tx, mut ready) = tokio::sync::mpsc::channel(registered.len().max(1));
    let tasks: Vec<_> = registered
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let (token, shared) = (r.token.clone(), shared.clone());
            let play = player::play(i, token, shared, ready_tx.clone(), stop_rx.clone());
            (r.player, tokio::spawn(play))
        })
        .collect();
    drop(ready_tx);
    // Every player at the table before the start, as the field of a real event is.
    let connected = async { while ready.recv().await.is_some() {} };
    tokio::time::timeout(CONNECTING_LIMIT, connected)
        .await
        .context("the players' first connections took over a minute")?;
    super::start(&http).await?;
    let started = Instant::now();
    let start: EventSummary = http.json(Method::GET, "/api/events/0", None).await?;
    let chips = start.chips_in_play;
    println!(
        "{} players on {} tables, {chips} chips; nodes at {}",
        start.entrants,
        start.tables,
        addrs.join(", ")
    );

    let mut report = Report::default();
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    let every = Duration::from_secs_f64(o.every);
    let events = o.kills + o.pauses;
    // The pauses spread evenly among the kills (distinct: k * n / (p + 1) < k for k <= p).
    let pause_at: std::collections::BTreeSet<u32> = (1..=o.pauses)
        .map(|k| k * events / (o.pauses + 1))
        .collect();
    for event in 0..events {
        tokio::time::sleep(every).await;
        // A node that ended by itself (counted) is started again.
        for i in 0..nodes.len() {
            if !nodes.is_running(i) {
                nodes.start(i)?;
            }
        }
        let owner = nodes.owner();
        let began = Instant::now();
        let when = began.duration_since(started).as_secs_f64();
        // What was done to which node, how it went, who serves after, when to start it again.
        let (label, victim, what, serving, restart_at) = match owner {
            Some(owner) if pause_at.contains(&event) => {
                let (what, serving) = pause(&mut nodes, owner, &mut report).await?;
                let label = format!("pause {}", report.pauses);
                (
                    label,
                    owner,
                    what,
                    Some(serving),
                    Instant::now() + RESTART_AFTER,
                )
            }
            _ => {
                let victim = match (o.target, owner) {
                    (Target::Serving, Some(owner)) => owner,
                    _ => cards::sample::below_u32(&mut rng, nodes.len() as u32) as usize,
                };
                nodes.kill(victim);
                report.kills += 1;
                let restart_at = began + RESTART_AFTER;
                let (what, serving) = if owner == Some(victim) {
                    // The room is nobody's until the lease runs out and a standby took it over.
                    let restart = Some((victim, restart_at));
                    let taken = nodes.wait_serving(began, TAKEOVER_LIMIT, restart).await?;
                    let what = report.took_over(began, &taken, &nodes);
                    (format!("the serving one; {what}"), Some(taken.node))
                } else {
                    ("a standby".to_string(), owner)
                };
                let label = format!("kill {}", report.kills);
                (label, victim, what, serving, restart_at)
            }
        };
        // The chips after every kill and pause, as the node serving counts them.
        let chips = match serving {
            Some(node) => Some(chips_after(&addrs[node], &secret, chips).await),
            None => None,
        };
        let said = match &chips {
            Some(Ok(())) => "chips conserved",
            Some(Err(_)) => "chips NOT conserved",
            None => "no node serves to count the chips",
        };
        let name = nodes.name(victim);
        println!("{label} at {when:.1} s: node {name}, {what}; {said}");
        report.check(chips);
        if !nodes.is_running(victim) {
            tokio::time::sleep_until(restart_at.into()).await;
            nodes.start(victim)?;
        }
    }
    // A last look, then the players leave and the nodes stop: the log is read alone.
    tokio::time::sleep(every.max(Duration::from_secs(2))).await;
    if let Some(node) = nodes.owner() {
        report.check(Some(chips_after(&addrs[node], &secret, chips).await));
    }
    let _ = stop_tx.send(true);
    let mut acknowledged = Acts::new();
    for (entry, task) in tasks {
        let seen: Seen = task.await.context("a player's task failed")?;
        report.connections += seen.connections;
        for (code, n) in seen.refusals {
            *report.refusals.entry(code).or_default() += n;
        }
        if let Some((from, to)) = seen.longest_silence {
            let span = (
                from.saturating_duration_since(started),
                to.saturating_duration_since(started),
            );
            if report
                .longest_silence
                .is_none_or(|(a, b)| b - a < span.1 - span.0)
            {
                report.longest_silence = Some(span);
            }
        }
        for ((table, hand), made) in seen.acknowledged {
            report.acknowledged += made.len() as u64;
            acknowledged.insert((table, hand, entry.0), made);
        }
    }
    report.believed_twice = nodes.believed_twice;
    report.exits = nodes.exits;
    Ok((report, acknowledged))
}

/// Pauses node `owner`, which serves the room, until another serves, then lets it go on and
/// waits for it to find its lease gone: what happened, and the node serving after.
async fn pause(nodes: &mut Nodes, owner: usize, report: &mut Report) -> Result<(String, usize)> {
    let paused_at = Instant::now();
    nodes.pause(owner)?;
    let taken = nodes.wait_serving(paused_at, TAKEOVER_LIMIT, None).await;
    nodes.resume(owner)?;
    let taken = taken?;
    report.pauses += 1;
    let what = report.took_over(paused_at, &taken, nodes);
    let stepped = nodes.wait_stepped_down(owner, STEP_DOWN_LIMIT).await;
    if stepped {
        report.stepped_down += 1;
    }
    let after = if stepped {
        "found its lease gone and stopped"
    } else {
        "still believes it serves"
    };
    let what = format!(
        "the serving one; {what}; node {}, let go on, {after}",
        nodes.name(owner)
    );
    Ok((what, taken.node))
}

/// The event's chips as the node that took over counts them, against its books and the start.
async fn chips_after(addr: &str, secret: &str, start: u64) -> Result<()> {
    let http = Http::new(addr, secret)?;
    let summary: EventSummary = http.json(Method::GET, "/api/events/0", None).await?;
    if summary.chips_counted != summary.chips_in_play || summary.chips_in_play != start {
        bail!(
            "after a takeover {} chips counted, {} by the books, {start} at the start",
            summary.chips_counted,
            summary.chips_in_play
        );
    }
    Ok(())
}

/// The log's `act` records by (table number, hand, player), and how many records it holds.
fn logged_actions(url: &str) -> Result<(Acts, usize)> {
    // A record is the server's `{"at_ms": ..., "command": ...}`; only an event's `act` is read.
    #[derive(serde::Deserialize)]
    struct Entry {
        command: EventCommand,
    }
    let log = store::Store::connect(url, false).context("reading the log")?;
    let records = log.records().context("reading the log")?;
    let mut acts = HashMap::new();
    for record in &records {
        let Ok(Entry {
            command:
                EventCommand::Act {
                    table,
                    hand,
                    player,
                    action,
                    ..
                },
        }) = serde_json::from_str(&record.body)
        else {
            continue;
        };
        // The log names tables from 0, the players' views from 1.
        let key = (table.0 + 1, hand, player.0);
        acts.entry(key).or_insert_with(Vec::new).push(action);
    }
    Ok((acts, records.len()))
}

/// How many of the actions `made` (and acknowledged), in order, the log's actions of the same
/// player in the same hand lack: each must be there, after the one before. An action written
/// but never acknowledged (its node died before it told anyone) does not stand in for another.
fn missing(made: &[PlayerAction], logged: &[PlayerAction]) -> u64 {
    let mut log = logged.iter();
    made.iter()
        .filter(|action| !log.any(|l| l == *action))
        .count() as u64
}

impl Report {
    /// Notes a takeover since `from` (a kill or pause of the serving node), and says it.
    fn took_over(&mut self, from: Instant, taken: &nodes::Serving, nodes: &Nodes) -> String {
        let seconds = taken.listening.duration_since(from).as_secs_f64();
        let leased = taken
            .owner_since
            .saturating_duration_since(from)
            .as_secs_f64();
        self.takeovers.push(seconds);
        self.lease_waits.push(leased);
        format!(
            "node {} has the lease after {leased:.2} s and serves after {seconds:.2} s",
            nodes.name(taken.node)
        )
    }

    fn check(&mut self, chips: Option<Result<()>>) {
        match chips {
            Some(Ok(())) => {
                self.checks += 1;
                self.conserved += 1;
            }
            Some(Err(e)) => {
                self.checks += 1;
                self.chips_notes.push(format!("{e:#}"));
            }
            None => {}
        }
    }

    fn chips_conserved(&self) -> bool {
        self.conserved == self.checks
    }

    fn print(&self, o: &Options) {
        let quantiles = |values: &[f64]| {
            let mut sorted = values.to_vec();
            sorted.sort_by(f64::total_cmp);
            let at = |q: f64| {
                let i = ((sorted.len() as f64 * q).ceil() as usize).saturating_sub(1);
                sorted.get(i).copied().unwrap_or(0.0)
            };
            (at(0.5), at(0.99), sorted.last().copied().unwrap_or(0.0))
        };
        let (p50, p99, max) = quantiles(&self.takeovers);
        let (lease50, lease99, _) = quantiles(&self.lease_waits);
        let taken = self.takeovers.len();
        println!(
            "{} nodes on one PostgreSQL log, {} players (think {}), lease {} ms, a kill every \
             {} s ({:?})",
            o.nodes, o.players, o.think, o.lease_ms, o.every, o.target
        );
        println!(
            "kills: {}, pauses of the serving node: {} (takeovers: {taken}); nodes that ended \
             without a kill: {} (a paused node among them, once it found its lease gone)",
            self.kills, self.pauses, self.exits
        );
        if self.pauses > 0 {
            println!(
                "paused nodes let go on that found their lease gone and stopped: {} of {}",
                self.stepped_down, self.pauses
            );
        }
        if taken == 0 {
            println!("takeover: none (no kill hit the serving node)");
        } else {
            println!(
                "takeover (SIGKILL or SIGSTOP to the new node serving, {taken} of them): p50 \
                 {p50:.2} s, \
                 p99 {p99:.2} s, max {max:.2} s; to its holding the lease p50 {lease50:.2} s, \
                 p99 {lease99:.2} s (the rest is the replay)"
            );
        }
        let conserved = self.chips_conserved();
        println!(
            "chips after every kill and at the end: {} ({} of {} counts as at the start)",
            if conserved {
                "conserved"
            } else {
                "NOT conserved"
            },
            self.conserved,
            self.checks
        );
        for note in &self.chips_notes {
            println!("  {note}");
        }
        println!(
            "actions acknowledged: {}; of them not in the log: {} ({} records)",
            self.acknowledged, self.lost, self.records
        );
        let refused: Vec<String> = self
            .refusals
            .iter()
            .map(|(c, n)| format!("{c} {n}"))
            .collect();
        println!(
            "actions refused: {}",
            if refused.is_empty() {
                "none".to_string()
            } else {
                refused.join(", ")
            }
        );
        println!(
            "moments with two owners of the room: {} (writes under an older lease after a newer \
             one's, of {} fenced writes); a node began to serve while another believed it did: {}",
            self.double_owners, self.fenced_writes, self.believed_twice
        );
        let (from, to) = self.longest_silence.unwrap_or_default();
        println!(
            "longest time a player in a hand in play received no update: {:.2} s (from {:.1} s \
             to {:.1} s after the start; {} connections made)",
            (to - from).as_secs_f64(),
            from.as_secs_f64(),
            to.as_secs_f64(),
            self.connections
        );
        println!("{}", self.last_line(p50, p99));
    }

    /// The issue's line, exactly: `failover: K kills, A acknowledged, L lost, chips conserved,
    /// D double owners, takeover p50 X s p99 Y s`.
    fn last_line(&self, p50: f64, p99: f64) -> String {
        let conserved = self.chips_conserved();
        format!(
            "failover: {} kills, {} acknowledged, {} lost, chips {}, {} double owners, takeover \
             p50 {p50:.2} s p99 {p99:.2} s",
            self.kills,
            self.acknowledged,
            self.lost,
            if conserved {
                "conserved"
            } else {
                "NOT conserved"
            },
            self.double_owners,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{Report, missing};
    use protocol::PlayerAction::{BetOrRaise, Call, Check, Fold};

    // An acknowledged action the log lacks is lost, even when the log holds another action of
    // that player in that hand that was never acknowledged.
    #[test]
    fn an_action_is_found_in_the_log_in_its_order() {
        let raise = BetOrRaise { to: 400 };
        assert_eq!(missing(&[Check, raise], &[Check, raise]), 0);
        assert_eq!(missing(&[Check], &[Check, Fold]), 0);
        assert_eq!(missing(&[Check, raise], &[Check, Call]), 1);
        assert_eq!(missing(&[raise, Check], &[Check, raise]), 1);
        assert_eq!(missing(&[Call], &[]), 1);
    }

    // Issue 37 item 2: the last line's words, and `chips NOT conserved` when a takeover's count
    // differed from the start's.
    #[test]
    fn the_last_line_reads_as_the_issue_gives_it() {
        let mut report = Report {
            kills: 20,
            acknowledged: 4441,
            takeovers: vec![2.3, 2.8],
            checks: 21,
            conserved: 21,
            ..Report::default()
        };
        assert_eq!(
            report.last_line(2.34, 2.76),
            "failover: 20 kills, 4441 acknowledged, 0 lost, chips conserved, 0 double owners, \
             takeover p50 2.34 s p99 2.76 s"
        );
        report.conserved = 20;
        report.lost = 3;
        report.double_owners = 1;
        assert_eq!(
            report.last_line(2.34, 2.76),
            "failover: 20 kills, 4441 acknowledged, 3 lost, chips NOT conserved, 1 double \
             owners, takeover p50 2.34 s p99 2.76 s"
        );
    }
}
