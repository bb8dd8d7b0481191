//! The `croupier serve` child under test, and what `/proc` says of it and of this process.

use anyhow::{Context, Result, anyhow};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc as std_mpsc;
use std::time::{Duration, Instant};

/// Linux reports process times in clock ticks of 1/100 s to user space.
const CLOCK_TICKS: f64 = 100.0;

/// Raises the soft limit on open files to the hard limit; the server child inherits it.
pub fn raise_open_files() -> Result<(u64, u64)> {
    let (soft, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).context("reading ulimit -n")?;
    if soft < hard {
        rlimit::setrlimit(rlimit::Resource::NOFILE, hard, hard).context("raising ulimit -n")?;
        return Ok((hard, hard));
    }
    Ok((soft, hard))
}

/// A `croupier serve` child on a fresh log: its address and TD secret, killed (and its log
/// removed) on drop.
pub struct Server {
    child: Child,
    db: PathBuf,
    pub addr: String,
    pub secret: String,
}

impl Server {
    /// Starts `exe serve` on a new log in the temporary directory.
    /// With `durable`, every commit is synced to disk (`serve --durable`).
    pub fn start(exe: &Path, durable: bool) -> Result<Server> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let db =
            std::env::temp_dir().join(format!("croupier-load-{}-{nanos}.db", std::process::id()));
        let mut child = Command::new(exe)
            .arg("serve")
            .arg("--db")
            .arg(&db)
            .args(["--listen", "127.0.0.1:0", "--act-seconds", "600"])
            // Every simulated player connects from this one address: no cap per address, and
            // the total bounded by the file limit only.
            .args(["--max-connections-per-address", "0"])
            .args(["--max-connections", "1000000"])
            .env_remove("CROUPIER_DEMO")
            .env_remove("CROUPIER_DURABLE")
            .args(durable.then_some("--durable"))
            // A fresh log has nobody to wait for: hands are dealt from the start (an environment
            // variable, harmless to a server without that setting).
            .env("CROUPIER_RECONNECT_GRACE_MS", "0")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("starting {} serve", exe.display()))?;
        let stdout = child.stdout.take().context("the server's stdout")?;
        let mut server = Server {
            child,
            db,
            addr: String::new(),
            secret: String::new(),
        };
        // A thread reads the server's lines for as long as it runs, so that it never blocks
        // on a full pipe; the two lines wanted are passed back.
        let (tx, rx) = std_mpsc::channel::<String>();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // Once nobody listens any more, the lines are only drained.
                let _ = tx.send(line);
            }
        });
        let deadline = Instant::now() + Duration::from_secs(30);
        while server.addr.is_empty() || server.secret.is_empty() {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = rx
                .recv_timeout(left)
                .map_err(|_| anyhow!("the server did not print its address within 30 s"))?;
            if let Some(rest) = line.strip_prefix("Croupier at http://") {
                server.addr = rest.trim_end_matches('/').to_string();
            } else if let Some(rest) = line.strip_prefix("TD console: http://") {
                server.secret = rest
                    .split_once("secret=")
                    .map(|(_, s)| s.trim().to_string())
                    .context("no secret in the TD console line")?;
            }
        }
        Ok(server)
    }

    /// User and system CPU seconds of the server so far.
    pub fn cpu_seconds(&self) -> Option<f64> {
        cpu_seconds(&format!("/proc/{}/stat", self.child.id()))
    }

    /// Resident memory now.
    pub fn memory_kib(&self) -> Option<u64> {
        status_kib(&format!("/proc/{}/status", self.child.id()), "VmRSS:")
    }

    /// The most resident memory since the server started.
    pub fn peak_kib(&self) -> Option<u64> {
        status_kib(&format!("/proc/{}/status", self.child.id()), "VmHWM:")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let mut path = self.db.clone().into_os_string();
            path.push(suffix);
            let _ = std::fs::remove_file(path);
        }
    }
}

/// utime + stime of a process, from its `/proc/.../stat` line.
pub fn cpu_seconds(stat_path: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(stat_path).ok()?;
    // The command name may hold spaces; the fields after it are plain.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / CLOCK_TICKS)
}

/// A `kB` line of a `/proc/.../status` file.
pub fn status_kib(path: &str, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(path).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
