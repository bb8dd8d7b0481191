//! What a run measured, printed run by run and then one line per run side by side.

use hdrhistogram::Histogram;
use std::collections::{BTreeMap, HashSet};

/// The goal of issue 19 item 6: p99 under 50 ms (10,000 human-paced players in under 2 GiB;
/// in stress mode, the largest count that holds it).
const GOAL_P99_MS: f64 = 50.0;
const GOAL_MEMORY_MIB: f64 = 2048.0;

/// What one simulated player saw, or all of them added up.
#[derive(Debug, Default)]
pub struct PlayerStats {
    pub actions: u64,
    /// From each action sent to this player's next state, in microseconds.
    pub latencies: Vec<u64>,
    /// Latencies of the actions that ended a hand (the subset of `latencies`).
    pub ending: Vec<u64>,
    pub unanswered: u64,
    pub refusals: BTreeMap<String, u64>,
    pub hands: HashSet<(u32, u64)>,
    pub messages: u64,
    pub bytes: u64,
    /// States sent again unchanged while an action was waiting for its answer.
    pub resent: u64,
    /// Connections the server closed, or that failed.
    pub closed: u64,
}

impl PlayerStats {
    pub fn add(&mut self, other: PlayerStats) {
        self.actions += other.actions;
        self.latencies.extend(other.latencies);
        self.ending.extend(other.ending);
        self.unanswered += other.unanswered;
        for (code, n) in other.refusals {
            *self.refusals.entry(code).or_default() += n;
        }
        self.hands.extend(other.hands);
        self.messages += other.messages;
        self.bytes += other.bytes;
        self.resent += other.resent;
        self.closed += other.closed;
    }
}

/// What the server did after every player's connection closed at once.
#[derive(Debug)]
pub struct AfterLeaving {
    pub busy_seconds: f64,
    pub cpu_seconds: Option<f64>,
    pub rss_kib: Option<u64>,
    pub still_busy: bool,
}

/// One run: one binary, one player count.
#[derive(Debug, Default)]
pub struct Report {
    /// `current` or `baseline`.
    pub label: String,
    pub players: u32,
    pub tables: u32,
    pub seconds: f64,
    pub register_seconds: f64,
    pub connect_seconds: f64,
    /// From the start sent to its answer (or to the event seen started).
    pub start_seconds: f64,
    /// The server's CPU seconds during the start.
    pub start_cpu: Option<f64>,
    /// The start's answer when it was an error though the event started.
    pub start_refused: Option<String>,
    /// The server's CPU seconds while registering and while connecting.
    pub register_cpu: Option<f64>,
    pub connect_cpu: Option<f64>,
    pub seen: PlayerStats,
    /// Action sent to the last player at its table updated.
    pub table_latencies: Latencies,
    /// The same, of the actions sent once the start's rush was over (`settled_after` seconds).
    pub settled_latencies: Latencies,
    /// Action sent to the actor's next state (`seen.latencies`), and of those the actions
    /// that ended a hand (`seen.ending`).
    pub own_latencies: Latencies,
    pub ending_latencies: Latencies,
    pub settled_after: f64,
    /// Actions some player at the table had not seen when the run ended.
    pub unfinished: u64,
    pub server_cpu: Option<f64>,
    pub client_cpu: Option<f64>,
    /// Of that CPU, the seconds spent in the kernel (on loopback, mostly TCP: a send per
    /// message in the server, a receive in the client).
    pub server_kernel: Option<f64>,
    pub client_kernel: Option<f64>,
    /// The server's peak resident memory (from its start), and this process's (sampled).
    pub server_peak_kib: Option<u64>,
    pub client_rss_kib: Option<u64>,
    pub players_left: Option<u32>,
    pub tables_left: Option<u32>,
    pub after: Option<AfterLeaving>,
    /// How late a 10 ms timer of this process fired.
    pub client_lag: Latencies,
}

/// The figures compared across runs.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub actions_per_second: f64,
    pub messages_per_second: f64,
    pub bytes_per_message: f64,
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
    /// Table p99 of the actions sent once the start's rush was over.
    pub settled_p99: f64,
    pub own_p99: f64,
    pub server_cpu_share: f64,
    pub server_mib: f64,
    pub client_cpu_share: f64,
}

impl Report {
    /// CPU per action acknowledged, the kernel's part beside it: what a burst of actions at
    /// every table at once waits for (tables x CPU per action / cores).
    fn per_action(&self) -> Option<String> {
        let actions = self.own_latencies.len();
        if actions == 0 {
            return None;
        }
        let ms = |seconds: Option<f64>| seconds.map(|s| s * 1000.0 / actions as f64);
        let part = |cpu: Option<f64>, kernel: Option<f64>| match (ms(cpu), ms(kernel)) {
            (Some(c), Some(k)) => format!("{c:.3} ms ({k:.3} in the kernel)"),
            (Some(c), None) => format!("{c:.3} ms"),
            _ => "?".into(),
        };
        Some(format!(
            "per action       CPU: server {}, client {}",
            part(self.server_cpu, self.server_kernel),
            part(self.client_cpu, self.client_kernel)
        ))
    }
}

/// Latencies recorded in microseconds, read by rank in milliseconds: an HdrHistogram to three
/// significant digits, so that a value read is within 0.1% above the one recorded.
#[derive(Debug)]
pub struct Latencies(Histogram<u64>);

/// The largest latency told apart, in microseconds (an hour); longer ones count as an hour.
const LONGEST_MICROS: u64 = 3_600_000_000;

impl Latencies {
    pub fn of(micros: impl IntoIterator<Item = u64>) -> Latencies {
        let mut h = Histogram::new_with_bounds(1, LONGEST_MICROS, 3)
            .expect("bounds and digits within HdrHistogram's range");
        for m in micros {
            h.saturating_record(m);
        }
        Latencies(h)
    }

    pub fn len(&self) -> u64 {
        self.0.len()
    }

    /// The smallest latency that `p` percent of them are at or below, in milliseconds
    /// (`p` = 100: the largest); NaN when there are none.
    pub fn ms(&self, p: f64) -> f64 {
        if self.0.is_empty() {
            return f64::NAN;
        }
        self.0.value_at_percentile(p) as f64 / 1000.0
    }

    /// Shares of the latencies in buckets of milliseconds.
    fn distribution(&self) -> String {
        let buckets = [1u64, 5, 10, 25, 50, 100, 250, 500];
        let mut counts = vec![0u64; buckets.len() + 1];
        for v in self.0.iter_recorded() {
            let at = buckets.partition_point(|&b| b * 1000 <= v.value_iterated_to());
            counts[at] += v.count_at_value();
        }
        counts
            .iter()
            .enumerate()
            .map(|(i, &n)| {
                let label = match i {
                    0 => format!("<{}", buckets[0]),
                    i if i == buckets.len() => format!(">={}", buckets[i - 1]),
                    i => format!("{}-{}", buckets[i - 1], buckets[i]),
                };
                format!(
                    "{label} {:.1}%",
                    100.0 * n as f64 / self.len().max(1) as f64
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl Default for Latencies {
    fn default() -> Latencies {
        Latencies::of([])
    }
}

fn mib(kib: Option<u64>) -> f64 {
    kib.map_or(f64::NAN, |k| k as f64 / 1024.0)
}

impl Report {
    pub fn line(&self) -> Line {
        let per_second = |n: u64| n as f64 / self.seconds.max(1e-9);
        let share = |cpu: Option<f64>| cpu.map_or(f64::NAN, |c| 100.0 * c / self.seconds.max(1e-9));
        Line {
            actions_per_second: per_second(self.own_latencies.len()),
            messages_per_second: per_second(self.seen.messages),
            bytes_per_message: self.seen.bytes as f64 / self.seen.messages.max(1) as f64,
            p50: self.table_latencies.ms(50.0),
            p99: self.table_latencies.ms(99.0),
            max: self.table_latencies.ms(100.0),
            settled_p99: self.settled_latencies.ms(99.0),
            own_p99: self.own_latencies.ms(99.0),
            server_cpu_share: share(self.server_cpu),
            server_mib: mib(self.server_peak_kib),
            client_cpu_share: share(self.client_cpu),
        }
    }

    /// The run in full.
    pub fn print(&self) {
        let l = self.line();
        let s = &self.seen;
        let cpu = |c: Option<f64>| c.map_or("?".into(), |c| format!("{c:.1}"));
        println!(
            "players          {} on {} tables (setup: registrations {:.1} s, server CPU {} s; \
             sockets {:.1} s, server CPU {} s)",
            self.players,
            self.tables,
            self.register_seconds,
            cpu(self.register_cpu),
            self.connect_seconds,
            cpu(self.connect_cpu)
        );
        println!(
            "start            answered in {:.1} s, server CPU {} s{}",
            self.start_seconds,
            cpu(self.start_cpu),
            self.start_refused
                .as_ref()
                .map_or(String::new(), |e| format!(
                    " with an ERROR, though the event started: {e}"
                ))
        );
        println!(
            "actions          {} acknowledged in {:.1} s after the start's answer: {:.0} per second ({} sent, \
             {} unanswered at the end)",
            self.own_latencies.len(),
            self.seconds,
            l.actions_per_second,
            s.actions,
            s.unanswered
        );
        println!(
            "table latency    p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms: action sent to the last \
             player at its table updated ({} actions; {} still unseen by someone at the end)",
            l.p50,
            l.p99,
            l.max,
            self.table_latencies.len(),
            self.unfinished
        );
        println!(
            "own latency      p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms: action sent to the actor's \
             next state; ending a hand p50 {:.2} ms, p99 {:.2} ms ({})",
            self.own_latencies.ms(50.0),
            l.own_p99,
            self.own_latencies.ms(100.0),
            self.ending_latencies.ms(50.0),
            self.ending_latencies.ms(99.0),
            self.ending_latencies.len()
        );
        println!(
            "  settled        p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms: the actions sent {:.0} s \
             or more after the start's answer ({})",
            self.settled_latencies.ms(50.0),
            self.settled_latencies.ms(99.0),
            self.settled_latencies.ms(100.0),
            self.settled_after,
            self.settled_latencies.len()
        );
        println!("  distribution   {}", self.table_latencies.distribution());
        println!(
            "messages         {} ({:.0} per second), {:.1} MiB, mean {:.0} bytes per message",
            s.messages,
            l.messages_per_second,
            s.bytes as f64 / (1024.0 * 1024.0),
            l.bytes_per_message
        );
        let refused: u64 = s.refusals.values().sum();
        let by_code: Vec<String> = s.refusals.iter().map(|(c, n)| format!("{c} {n}")).collect();
        println!(
            "hands            {} dealt ({:.1} per table per minute); refusals {refused}{}{}{}",
            s.hands.len(),
            s.hands.len() as f64 / f64::from(self.tables.max(1)) / (self.seconds / 60.0),
            if by_code.is_empty() {
                String::new()
            } else {
                format!(" ({})", by_code.join(", "))
            },
            if s.resent > 0 {
                format!("; {} states sent again unchanged", s.resent)
            } else {
                String::new()
            },
            if s.closed > 0 {
                format!("; {} connections closed by the server or failed", s.closed)
            } else {
                String::new()
            }
        );
        if let (Some(left), Some(tables)) = (self.players_left, self.tables_left) {
            println!("at the end       {left} players left on {tables} tables");
        }
        println!(
            "server           CPU {} s ({:.0}% of one core), peak memory {:.1} MiB",
            self.server_cpu.map_or("?".into(), |c| format!("{c:.1}")),
            l.server_cpu_share,
            l.server_mib
        );
        println!(
            "client           CPU {} s ({:.0}% of one core), memory up to {:.1} MiB; its timers \
             fired late by {:.2} ms p50, {:.2} ms p99",
            self.client_cpu.map_or("?".into(), |c| format!("{c:.1}")),
            l.client_cpu_share,
            mib(self.client_rss_kib),
            self.client_lag.ms(50.0),
            self.client_lag.ms(99.0)
        );
        if let Some(line) = self.per_action() {
            println!("{line}");
        }
        if let Some(a) = &self.after {
            println!(
                "sockets closed   all at once: the server was busy {}{:.1} s ({} CPU s), memory up to {:.1} MiB",
                if a.still_busy { "still after " } else { "" },
                a.busy_seconds,
                a.cpu_seconds.map_or("?".into(), |c| format!("{c:.1}")),
                mib(a.rss_kib)
            );
        }
    }
}

/// One line per run, the ratios of each count run by both binaries, and the goals.
pub fn summary(runs: &[Report], human_paced: bool) {
    println!();
    println!(
        "{:<9} {:>7} {:>6} {:>7} {:>9} {:>8} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>7} {:>8} {:>7}",
        "binary",
        "players",
        "tables",
        "start s",
        "actions/s",
        "msgs/s",
        "bytes/msg",
        "p50 ms",
        "p99 ms",
        "max ms",
        "set p99",
        "own p99",
        "srv CPU",
        "srv MiB",
        "cli CPU"
    );
    for r in runs {
        let l = r.line();
        println!(
            "{:<9} {:>7} {:>6} {:>7.1} {:>9.0} {:>8.0} {:>9.0} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>6.0}% {:>8.1} {:>6.0}%",
            r.label,
            r.players,
            r.tables,
            r.start_seconds,
            l.actions_per_second,
            l.messages_per_second,
            l.bytes_per_message,
            l.p50,
            l.p99,
            l.max,
            l.settled_p99,
            l.own_p99,
            l.server_cpu_share,
            l.server_mib,
            l.client_cpu_share
        );
    }
    for (players, current, baseline) in pairs(runs) {
        let (c, b) = (current.line(), baseline.line());
        println!(
            "current/baseline at {players}: actions/s x{:.2}, p99 x{:.2}, settled p99 x{:.2}, memory x{:.2}, bytes per message x{:.2}",
            c.actions_per_second / b.actions_per_second,
            c.p99 / b.p99,
            c.settled_p99 / b.settled_p99,
            c.server_mib / b.server_mib,
            c.bytes_per_message / b.bytes_per_message
        );
    }
    for label in ["current", "baseline"] {
        let mine: Vec<&Report> = runs.iter().filter(|r| r.label == label).collect();
        if mine.is_empty() {
            continue;
        }
        let held = |p99: fn(&Line) -> f64| {
            mine.iter()
                .filter(|r| p99(&r.line()) < GOAL_P99_MS)
                .map(|r| r.players)
                .max()
                .map_or("none".into(), |n: u32| n.to_string())
        };
        let verdict = if human_paced {
            match mine.iter().find(|r| r.players >= 10_000) {
                Some(r) => {
                    let l = r.line();
                    let met = l.p99 < GOAL_P99_MS && l.server_mib < GOAL_MEMORY_MIB;
                    format!(
                        "; 10,000 human-paced under 50 ms and 2 GiB: {} (p99 {:.2} ms, {:.0} MiB)",
                        if met { "met" } else { "MISSED" },
                        l.p99,
                        l.server_mib
                    )
                }
                None => "; 10,000 human-paced: not run".into(),
            }
        } else {
            String::new()
        };
        println!(
            "{label}: the largest count run with table p99 under 50 ms: {} (settled p99: {}){verdict}",
            held(|l| l.p99),
            held(|l| l.settled_p99)
        );
    }
}

/// The runs of the same count by the current binary and the baseline.
fn pairs(runs: &[Report]) -> Vec<(u32, &Report, &Report)> {
    let mut out = Vec::new();
    for c in runs.iter().filter(|r| r.label == "current") {
        if let Some(b) = runs
            .iter()
            .find(|r| r.label == "baseline" && r.players == c.players)
        {
            out.push((c.players, c, b));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_by_rank() {
        // 0.01 ms to 1 ms: told apart exactly.
        let l = Latencies::of((1..=100).rev().map(|n| n * 10));
        assert_eq!((l.ms(50.0), l.ms(99.0), l.ms(100.0)), (0.5, 0.99, 1.0));
        assert_eq!(l.len(), 100);
        assert!(Latencies::default().ms(50.0).is_nan());
        // Longer ones to three digits, never below the value recorded.
        let read = Latencies::of([123_456]).ms(100.0);
        assert!((123.456..123.456 * 1.001).contains(&read), "{read}");
    }

    #[test]
    fn shares_by_bucket() {
        let l = Latencies::of([500, 1_500, 30_000, 600_000]);
        assert_eq!(
            l.distribution(),
            "<1 25.0%, 1-5 25.0%, 5-10 0.0%, 10-25 0.0%, 25-50 25.0%, 50-100 0.0%, \
             100-250 0.0%, 250-500 0.0%, >=500 25.0%"
        );
    }

    /// Issue 19 item 6: bytes per message and actions per second from the counts.
    #[test]
    fn figures_of_a_run() {
        let mut r = Report {
            seconds: 10.0,
            table_latencies: Latencies::of([300, 100, 200]),
            own_latencies: Latencies::of([500; 40]),
            server_cpu: Some(5.0),
            server_peak_kib: Some(2048),
            ..Report::default()
        };
        r.seen.messages = 400;
        r.seen.bytes = 400 * 1500;
        let l = r.line();
        assert_eq!(l.actions_per_second, 4.0);
        assert_eq!(l.messages_per_second, 40.0);
        assert_eq!(l.bytes_per_message, 1500.0);
        assert_eq!((l.p50, l.max), (0.2, 0.3));
        assert_eq!(l.server_cpu_share, 50.0);
        assert_eq!(l.server_mib, 2.0);
    }

    /// CPU per action is the CPU over the actions acknowledged, the kernel's share beside.
    #[test]
    fn cpu_per_action_names_the_kernels_part() {
        let mut r = Report {
            own_latencies: Latencies::of([500; 40]),
            server_cpu: Some(0.02),
            server_kernel: Some(0.008),
            client_cpu: Some(0.01),
            ..Report::default()
        };
        assert_eq!(
            r.per_action().unwrap(),
            "per action       CPU: server 0.500 ms (0.200 in the kernel), client 0.250 ms"
        );
        r.own_latencies = Latencies::of(std::iter::empty());
        assert_eq!(r.per_action(), None);
    }
}
