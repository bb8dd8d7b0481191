//! The `croupier serve` child under test, and the CPU time and memory of it and of this process.

use anyhow::{Context, Result, anyhow};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc as std_mpsc;
use std::time::{Duration, Instant};
use sysinfo::{Pid, ProcessRefreshKind, ProcessesToUpdate, System};

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
    probe: Probe,
    db: PathBuf,
    pub addr: String,
    pub secret: String,
}

impl Server {
    /// Starts `exe serve` on a new log in the temporary directory.
    /// With `durable`, every commit is synced to disk (`serve --durable`).
    pub fn start(exe: &Path, durable: bool) -> Result<Server> {
        // Before the child, so that nothing fails between its start and its owner.
        let system = new_system()?;
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
            // Cash guests register from this one address too.
            .args(["--register-per-minute", "0"])
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
        let probe = Probe {
            pid: Pid::from_u32(child.id()),
            system: Mutex::new(system),
        };
        let mut server = Server {
            child,
            probe,
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
            } else if let Some(rest) = line.strip_prefix("secret file: ") {
                // Not a terminal: the address with the secret is in a file only we read.
                let path = rest.split(" (").next().unwrap_or_default();
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("reading the secret file {path}"))?;
                server.secret = text
                    .lines()
                    .find_map(|l| l.split_once("?secret="))
                    .map(|(_, s)| s.trim().to_string())
                    .context("no secret in the secret file")?;
            }
        }
        Ok(server)
    }

    /// User and system CPU seconds of the server so far.
    pub fn cpu_seconds(&self) -> Option<f64> {
        self.probe.cpu_seconds()
    }

    /// Resident memory now.
    pub fn memory_kib(&self) -> Option<u64> {
        self.probe.memory_kib()
    }

    /// CPU seconds the server spent in the kernel so far.
    pub fn kernel_seconds(&self) -> Option<f64> {
        self.probe.kernel_seconds()
    }

    /// The most resident memory since the server started: Linux's `VmHWM`, read from `/proc`
    /// as sysinfo has no peak (samples of the resident size would miss the peaks between them).
    pub fn peak_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))?
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        for suffix in ["", "-wal", "-shm", "-journal", ".secret"] {
            let mut path = self.db.clone().into_os_string();
            path.push(suffix);
            let _ = std::fs::remove_file(path);
        }
    }
}

/// One process's CPU time and resident memory, through sysinfo (each reading refreshes that
/// process only, without its threads).
pub struct Probe {
    pid: Pid,
    system: Mutex<System>,
}

impl Probe {
    /// This process.
    pub fn this() -> Result<Probe> {
        Ok(Probe {
            pid: Pid::from_u32(std::process::id()),
            system: Mutex::new(new_system()?),
        })
    }

    /// User and system CPU seconds so far.
    pub fn cpu_seconds(&self) -> Option<f64> {
        self.read(|p| p.accumulated_cpu_time() as f64 / 1000.0)
    }

    /// Resident memory now.
    pub fn memory_kib(&self) -> Option<u64> {
        self.read(|p| p.memory() / 1024)
    }

    /// CPU seconds spent in the kernel so far.
    pub fn kernel_seconds(&self) -> Option<f64> {
        kernel_seconds(self.pid.as_u32())
    }

    fn read<T>(&self, f: impl FnOnce(&sysinfo::Process) -> T) -> Option<T> {
        // A reading that panicked leaves nothing half-written: the next one refreshes anew.
        let mut system = self.system.lock().unwrap_or_else(|e| e.into_inner());
        let what = ProcessRefreshKind::nothing()
            .with_cpu()
            .with_memory()
            .without_tasks();
        system.refresh_processes_specifics(ProcessesToUpdate::Some(&[self.pid]), true, what);
        system.process(self.pid).map(f)
    }
}

/// A process's CPU seconds in the kernel (its system time, `stime` in proc(5)), read from
/// `/proc`: sysinfo gives user and system time only together. Why: on loopback every push is
/// a TCP send and receive in the kernel, a floor under the CPU an action costs (docs/benchmarks.md).
fn kernel_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stime_seconds(&stat, rustix::param::clock_ticks_per_second())
}

/// Field 15 of a `/proc/PID/stat` line, in seconds. The command's name, in parentheses, may
/// hold spaces and parentheses: fields are counted after the last `)`, the state (field 3)
/// first.
fn stime_seconds(stat: &str, ticks_per_second: u64) -> Option<f64> {
    let (_, rest) = stat.rsplit_once(')')?;
    let ticks: u64 = rest.split_whitespace().nth(12)?.parse().ok()?;
    (ticks_per_second > 0).then(|| ticks as f64 / ticks_per_second as f64)
}

fn new_system() -> Result<System> {
    System::new().context("reading processes (sysinfo)")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// This process's CPU time grows while it works, and it holds some memory.
    #[test]
    fn probes_this_process() {
        let probe = Probe::this().unwrap();
        let before = probe.cpu_seconds().unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut spin = 0u64;
        while probe.cpu_seconds().unwrap() < before + 0.05 {
            assert!(Instant::now() < deadline, "no CPU time counted");
            for i in 0..100_000u64 {
                spin = std::hint::black_box(spin.wrapping_mul(31).wrapping_add(i));
            }
        }
        assert!(probe.memory_kib().unwrap() > 100);
        // Some of it in the kernel (reading /proc is a syscall), never more than all of it.
        let kernel = probe.kernel_seconds().unwrap();
        assert!(kernel <= probe.cpu_seconds().unwrap() + 0.02, "{kernel}");
    }

    /// The kernel's time is field 15, counted after the name however odd the name.
    #[test]
    fn reads_the_kernel_time_after_an_odd_name() {
        let stat = "4242 (tokio (rt) 1) S 1 4242 4242 0 -1 4194560 900 0 0 0 735 250 0 0 20 0 \
                    4 0 123 456789 1234 18446744073709551615";
        assert_eq!(stime_seconds(stat, 100), Some(2.5));
        assert_eq!(stime_seconds(stat, 0), None);
        assert_eq!(stime_seconds("4242 (croupier) S 1 2", 100), None);
        assert_eq!(stime_seconds("no name here", 100), None);
    }
}
