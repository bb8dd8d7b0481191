//! `croupier bench load`: the server under a field of simulated people. Each run starts a
//! `croupier serve` child on a fresh event log, creates a `deepstack` event over HTTP (tables of
//! `--table-size`, levels a day long so that the clock never matters), registers the players as
//! the TD (the TD's secret is not rate-limited, self-registration is; sixteen requests at once),
//! opens one WebSocket per player (64 handshakes at once) and starts the event.
//!
//! Each player acts with a random legal action on each of its turns: at once (stress, the
//! default) or after a think time drawn uniformly from `--think MIN-MAX` milliseconds (human
//! pace) from a seeded generator. Two latencies are measured:
//! - table latency: from an action sent to the moment the last player seated at that table
//!   received a state reflecting it. A state reflects an action when its mark, the table's hand
//!   number and the count of the dealer's announcements in that hand (`me.table.hand.number`,
//!   `me.table.hand.announcements`), is greater than the mark of the state the action was sent
//!   from: every action is announced and announcements are only appended (`track`);
//! - own latency: from the action sent to the actor's next state.
//!
//! The server deals as fast as it may: its own rule is a 3 s pause after each hand at a table
//! (6 s after hands were tabled at an all-in), which bounds the actions per second in stress
//! mode, not the latency. At the end every socket closes at once (as when a venue's network
//! drops) and the time the server stays busy with that is reported. CPU and memory are read
//! through sysinfo (the server's peak from Linux's `/proc`), for the server and for this
//! process (when the client's CPU nears a core, the client is the limit). The setup's requests
//! go over hyper's client. `--players` takes a list, run in turn; `--baseline` names a second
//! binary (`tools/bench/baseline.sh` builds the design before issue 19) run with the
//! same arguments on its own fresh log after this one (the order alternating by count), and the
//! summary gives the ratios. Server messages are read in one place, `decode`.

mod cash;
mod decode;
pub mod failover;
mod http;
mod patch;
mod player;
mod report;
mod server;
mod shape;
mod track;
mod tree;

pub use player::Think;

use anyhow::{Context, Result, bail};
use decode::SummaryLite;
use futures_util::{StreamExt, TryStreamExt};
use http::Http;
use hyper::Method;
use player::{CONNECTING_AT_ONCE, Shared};
use protocol::{Registered, Template};
use report::{AfterLeaving, Latencies, PlayerStats, Report};
use server::{Probe, Server};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Semaphore, watch};

/// Registrations in flight at once.
const REGISTERING_AT_ONCE: usize = 16;
/// Actions sent this long after the start was answered are reported apart
/// too: the start deals at every table at once.
const SETTLED_AFTER: f64 = 10.0;
/// ... and at most this share of the run.
const SETTLED_SHARE: f64 = 1.0 / 3.0;
/// How long to wait for an event whose start was answered with an error.
const START_LIMIT: Duration = Duration::from_secs(120);
/// How long to watch the server after the players left.
const TEARDOWN_LIMIT: Duration = Duration::from_secs(60);

/// What `bench load` was asked for.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// Player counts, run in turn, each on a fresh log: `1000` or `1000,2000,4000`.
    #[arg(long, value_delimiter = ',', default_value = "1000")]
    pub players: Vec<u32>,
    /// Seconds to play after the start.
    #[arg(long, default_value_t = 30.0)]
    pub seconds: f64,
    #[arg(long, default_value_t = 10)]
    pub table_size: u32,
    /// Human pace: each player waits MIN-MAX milliseconds (uniform, seeded) before each
    /// action, e.g. `1000-5000`. Without it every player acts at once (stress).
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_think)]
    pub think: Option<Think>,
    /// A second croupier binary run with the same arguments in the same invocation, for
    /// the ratios (`tools/bench/baseline.sh` builds the design before issue 19).
    #[arg(long, value_name = "PATH")]
    pub baseline: Option<PathBuf>,
    /// The croupier binary to serve as `current` (this one by default), e.g. another
    /// branch's build measured by this client.
    #[arg(long, value_name = "PATH")]
    pub server: Option<PathBuf>,
    /// Seeds the event's shuffles and the players' choices and think times.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Both servers sync every commit to disk (`serve --durable`): what a commit costs.
    #[arg(long)]
    pub durable: bool,
    /// Guests at online cash tables instead of a tournament (`--players` counts guests).
    #[arg(long)]
    pub cash: bool,
    /// The event is created without a seed, as one with real players is: each hand's deck
    /// from a seed of its own, committed to before the deal (issue 37). Without it the event
    /// is a test event, its decks from `--seed`.
    #[arg(long)]
    pub decks_per_hand: bool,
}

/// `--think`'s parser for clap.
pub fn parse_think(text: &str) -> Result<Think> {
    Think::parse(text)
}

pub fn run(o: Options) -> Result<()> {
    if o.players.is_empty() {
        bail!("--players needs at least one count");
    }
    if let Some(&n) = o.players.iter().find(|&&n| n < 2) {
        bail!("a tournament needs at least 2 players, not {n}");
    }
    if !(2..=10).contains(&o.table_size) {
        bail!("a table seats 2 to 10, not {}", o.table_size);
    }
    if o.seconds.is_nan() || o.seconds <= 0.0 {
        bail!("--seconds must be positive");
    }
    for (flag, path) in [("--baseline", &o.baseline), ("--server", &o.server)] {
        if let Some(p) = path
            && !p.is_file()
        {
            bail!(
                "{flag} {}: no such file (tools/bench/baseline.sh builds the baseline)",
                p.display()
            );
        }
    }
    let (soft, hard) = server::raise_open_files()?;
    let most = o.players.iter().copied().max().unwrap_or(0);
    let needed = u64::from(most) + 64;
    if soft < needed {
        bail!(
            "the open-file limit is {soft} (hard {hard}); {most} players need about {needed} \
             in this process and as many in the server: raise it with `ulimit -n {needed}`"
        );
    }
    let current = match &o.server {
        Some(p) => p.clone(),
        None => std::env::current_exe().context("finding the croupier binary")?,
    };
    if o.cash {
        return run_cash(&current, &o);
    }
    println!(
        "croupier serve under load: deepstack, {}-handed, one WebSocket per player, {}, {}, {} s per run",
        o.table_size,
        if o.decks_per_hand {
            "each hand's deck committed to before its deal"
        } else {
            "a test event (decks from the seed)"
        },
        match o.think {
            Some(t) => format!("human-paced (each action after {t}, seed {})", o.seed),
            None => "stress (every player acts the moment its turn comes)".into(),
        },
        o.seconds
    );
    let mut runs = Vec::new();
    let mut failed = 0;
    for (i, &players) in o.players.iter().enumerate() {
        let mut order = vec![("current", current.as_path())];
        if let Some(b) = &o.baseline {
            // Who goes first alternates, so that a trend in the machine's load falls on both.
            order.insert(if i % 2 == 0 { 1 } else { 0 }, ("baseline", b.as_path()));
        }
        for (label, exe) in order {
            println!();
            println!("== {label} ({}), {players} players", exe.display());
            match run_one(label, exe, players, &o) {
                Ok(report) => {
                    report.print();
                    runs.push(report);
                }
                Err(e) => {
                    failed += 1;
                    println!("FAILED: {e:#}");
                }
            }
        }
    }
    report::summary(&runs, o.think.is_some());
    println!(
        "note: the server pauses 3 s after each hand at a table (6 s after an all-in was tabled) \
         by its own rule; that bounds actions per second, not latency"
    );
    if failed > 0 {
        bail!("{failed} of the runs failed");
    }
    Ok(())
}

/// `--cash`: each count of guests on a fresh log, one after the other; with `--baseline`, that
/// binary too (a build with a cash room), in alternating order as for the tournament.
fn run_cash(exe: &Path, o: &Options) -> Result<()> {
    println!(
        "croupier serve under load: guests at online cash tables, {}-handed, {}, {} s per run",
        o.table_size,
        match o.think {
            Some(t) => format!("human-paced (each action after {t}, seed {})", o.seed),
            None => "stress (every guest acts the moment its turn comes)".into(),
        },
        o.seconds
    );
    let mut failed = 0;
    for (i, &guests) in o.players.iter().enumerate() {
        let mut order = vec![("current", exe)];
        if let Some(b) = &o.baseline {
            order.insert(if i % 2 == 0 { 1 } else { 0 }, ("baseline", b.as_path()));
        }
        for (label, exe) in order {
            println!();
            match &o.baseline {
                Some(_) => println!("== {label} ({}), {guests} guests", exe.display()),
                None => println!("== {guests} guests"),
            }
            let run = || -> Result<()> {
                let server = Server::start(exe, o.durable)?;
                let runtime = tokio::runtime::Builder::new_multi_thread()
                    .enable_all()
                    .build()
                    .context("starting the runtime")?;
                runtime.block_on(cash::drive(
                    &server,
                    guests,
                    o.table_size,
                    o.seconds,
                    o.think,
                    o.seed,
                ))
            };
            if let Err(e) = run() {
                failed += 1;
                println!("FAILED: {e:#}");
            }
        }
    }
    if failed > 0 {
        bail!("{failed} of the runs failed");
    }
    Ok(())
}

fn run_one(label: &str, exe: &Path, players: u32, o: &Options) -> Result<Report> {
    let server = Server::start(exe, o.durable)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the runtime")?;
    // The server is killed when `server` drops, whatever happens here.
    let mut report = runtime.block_on(drive(&server, players, o))?;
    drop(server);
    drop(runtime);
    report.label = label.to_string();
    Ok(report)
}

async fn drive(server: &Server, players: u32, o: &Options) -> Result<Report> {
    let setup = Instant::now();
    let client = Probe::this()?;
    let cpu_at_setup = server.cpu_seconds();
    let http = Http::new(&server.addr, &server.secret)?;
    let seed = (!o.decks_per_hand).then_some(o.seed);
    let registered = event_of(&http, o.table_size, seed, players, "Load").await?;
    let register_seconds = setup.elapsed().as_secs_f64();
    let cpu_registered = server.cpu_seconds();

    // One task per player; each says when its socket is open, then plays until told to stop.
    let connecting = Instant::now();
    let shared = Arc::new(Shared {
        gate: Semaphore::new(CONNECTING_AT_ONCE),
        tracker: Default::default(),
        think: o.think,
        seed: o.seed,
    });
    let (stop_tx, stop_rx) = watch::channel(false);
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::channel::<Result<()>>(players as usize);
    let mut tasks = Vec::with_capacity(players as usize);
    for (i, r) in registered.into_iter().enumerate() {
        let url = format!(
            "ws://{}/api/events/0/ws?token={}&topics=",
            server.addr, r.token
        );
        tasks.push(tokio::spawn(player::play(
            i as u64,
            r.player,
            url,
            shared.clone(),
            ready_tx.clone(),
            stop_rx.clone(),
        )));
    }
    drop(ready_tx);
    for _ in 0..players {
        match ready_rx.recv().await {
            Some(Ok(())) => {}
            Some(Err(e)) => {
                let _ = stop_tx.send(true);
                return Err(e.context("opening a player's WebSocket"));
            }
            None => bail!("a player's task ended before its socket was open"),
        }
    }
    let connect_seconds = connecting.elapsed().as_secs_f64();

    let cpu_connected = server.cpu_seconds();
    let difference = |a: Option<f64>, b: Option<f64>| a.zip(b).map(|(a, b)| b - a);
    let started = Instant::now();
    // How late this runtime wakes a timer: were the players slow to read, it would show here.
    let lag = tokio::spawn(runtime_lag(stop_rx.clone()));
    let (summary, start_refused) = start(&http).await?;
    let answered = Instant::now();
    let start_seconds = answered.duration_since(started).as_secs_f64();
    // The run is `--seconds` of play after the start's answer; the start is reported apart
    // (actions during it are counted, as they are few: seats are only known once it is done).
    let server_cpu_start = server.cpu_seconds();
    let client_cpu_start = client.cpu_seconds();
    let server_kernel_start = server.kernel_seconds();
    let client_kernel_start = client.kernel_seconds();
    let end = answered + Duration::from_secs_f64(o.seconds);
    let mut client_rss: Option<u64> = None;
    while Instant::now() < end {
        client_rss = client_rss.max(client.memory_kib());
        let tick = (Instant::now() + Duration::from_secs(1)).min(end);
        tokio::time::sleep_until(tick.into()).await;
    }
    client_rss = client_rss.max(client.memory_kib());
    let elapsed = answered.elapsed().as_secs_f64();
    let server_cpu = difference(server_cpu_start, server.cpu_seconds());
    let client_cpu = difference(client_cpu_start, client.cpu_seconds());
    let server_kernel = difference(server_kernel_start, server.kernel_seconds());
    let client_kernel = difference(client_kernel_start, client.kernel_seconds());
    let server_peak_kib = server.peak_kib().or(server.memory_kib());
    // Read while the players are still connected (their going away is a storm of its own).
    let last: Option<SummaryLite> = http.json(Method::GET, "/api/events/0", None).await.ok();
    let _ = stop_tx.send(true);
    let client_lag = Latencies::of(lag.await.unwrap_or_default());

    let mut seen = PlayerStats::default();
    for task in tasks {
        seen.add(task.await.context("a player's task failed")?);
    }
    let (done, unfinished) = shared.tracker.finish();
    let settled_after = SETTLED_AFTER.min(o.seconds * SETTLED_SHARE);
    let settled = answered + Duration::from_secs_f64(settled_after);
    let settled_latencies = Latencies::of(
        done.iter()
            .filter(|(sent, _)| *sent >= settled)
            .map(|&(_, l)| l),
    );
    // Every socket is closed now, all at once, as when a venue's network drops: how long the
    // server stays busy with it, and its memory meanwhile.
    let after = Some(after_players_left(server).await);
    Ok(Report {
        label: String::new(),
        players,
        tables: summary.tables,
        seconds: elapsed,
        register_seconds,
        connect_seconds,
        start_seconds,
        start_refused,
        register_cpu: difference(cpu_at_setup, cpu_registered),
        connect_cpu: difference(cpu_registered, cpu_connected),
        start_cpu: difference(cpu_connected, server_cpu_start),
        table_latencies: Latencies::of(done.into_iter().map(|(_, l)| l)),
        settled_latencies,
        own_latencies: Latencies::of(seen.latencies.iter().copied()),
        ending_latencies: Latencies::of(seen.ending.iter().copied()),
        seen,
        settled_after,
        unfinished,
        server_cpu,
        client_cpu,
        server_kernel,
        client_kernel,
        server_peak_kib,
        client_rss_kib: client_rss,
        players_left: last.as_ref().map(|s| s.players_left),
        tables_left: last.as_ref().map(|s| s.tables),
        after,
        client_lag,
    })
}

/// Creates event 0 from the `deepstack` template edited for the bench (`http::edit_template`),
/// a test event dealt from `seed` or, without one, from a seed per hand as with real players,
/// and registers `players` named `{name} 1`, `{name} 2`, ... as the TD, sixteen at once.
async fn event_of(
    http: &Http,
    table_size: u32,
    seed: Option<u64>,
    players: u32,
    name: &str,
) -> Result<Vec<Registered>> {
    let templates: Vec<Template> = http.json(Method::GET, "/api/templates", None).await?;
    let template = templates
        .iter()
        .find(|t| t.name == "deepstack")
        .context("the server has no deepstack template")?;
    let toml = http::edit_template(&template.toml, table_size)?;
    let body = match seed {
        Some(seed) => serde_json::json!({ "toml": toml, "seed": seed }),
        None => serde_json::json!({ "toml": toml }),
    }
    .to_string();
    let _: SummaryLite = http.json(Method::POST, "/api/events", Some(body)).await?;
    futures_util::stream::iter(1..=players)
        .map(|i| async move {
            let body = serde_json::json!({ "name": format!("{name} {i}") }).to_string();
            http.json::<Registered>(Method::POST, "/api/events/0/register", Some(body))
                .await
                .with_context(|| format!("registering player {i}"))
        })
        .buffered(REGISTERING_AT_ONCE)
        .try_collect()
        .await
}

/// Starts the event. A server that answers with an error (such as a timeout while it seats a
/// large field) may still start it: that is waited for, up to `START_LIMIT`, and the refusal
/// kept for the report.
async fn start(http: &Http) -> Result<(SummaryLite, Option<String>)> {
    let refusal = match http.json(Method::POST, "/api/events/0/start", None).await {
        Ok(summary) => return Ok((summary, None)),
        Err(e) => e,
    };
    let since = Instant::now();
    while since.elapsed() < START_LIMIT {
        tokio::time::sleep(Duration::from_millis(500)).await;
        if let Ok(summary) = http
            .json::<SummaryLite>(Method::GET, "/api/events/0", None)
            .await
            && summary.started
        {
            return Ok((summary, Some(format!("{refusal:#}"))));
        }
    }
    Err(refusal.context(format!(
        "starting the event (not started {} s after the refusal either)",
        START_LIMIT.as_secs()
    )))
}

/// Lateness of a 10 ms timer until told to stop, in microseconds.
async fn runtime_lag(mut stop: watch::Receiver<bool>) -> Vec<u64> {
    let mut late = Vec::new();
    loop {
        let due = Instant::now() + Duration::from_millis(10);
        tokio::select! {
            _ = tokio::time::sleep_until(due.into()) => {
                late.push(Instant::now().saturating_duration_since(due).as_micros() as u64);
            }
            _ = stop.changed() => return late,
        }
    }
}

/// Waits (up to `TEARDOWN_LIMIT`) until the server is idle: under 4% of a core in half a second.
async fn after_players_left(server: &Server) -> AfterLeaving {
    let start = Instant::now();
    let cpu_start = server.cpu_seconds();
    let mut rss = server.memory_kib();
    let mut last = cpu_start;
    loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        rss = rss.max(server.memory_kib());
        let cpu = server.cpu_seconds();
        let idle = last.zip(cpu).is_none_or(|(a, b)| b - a < 0.02);
        last = cpu;
        let still_busy = start.elapsed() >= TEARDOWN_LIMIT;
        if idle || still_busy {
            return AfterLeaving {
                busy_seconds: (start.elapsed().as_secs_f64() - if idle { 0.5 } else { 0.0 })
                    .max(0.0),
                cpu_seconds: cpu_start.zip(cpu).map(|(a, b)| b - a),
                rss_kib: rss,
                still_busy,
            };
        }
    }
}
