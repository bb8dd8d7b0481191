//! The `croupier serve --node` children of `bench failover`, on one PostgreSQL log, and who
//! serves the room as their own lines tell: a node believes it owns the room from its line
//! `node N serves the room (lease token T, ...)` until it says `lease lost` or is killed. (Who
//! wrote the log is read from the log itself: `store::stale_writes`.)

use anyhow::{Context, Result, anyhow};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc as std_mpsc;
use std::time::{Duration, Instant};

/// A line a node printed, when it was read, and which start of that node printed it.
pub struct Line {
    node: usize,
    start: u32,
    at: Instant,
    text: String,
}

/// A node serving the room.
pub struct Serving {
    pub node: usize,
    pub owner_since: Instant,
    pub listening: Instant,
}

/// One node as started (again) by the bench.
struct Node {
    name: String,
    addr: String,
    child: Option<Child>,
    /// Counts the node's starts: lines of a killed start are not read as the new one's.
    start: u32,
    /// Since when this start has owned the room, by its line.
    owner_since: Option<Instant>,
    /// When this start last began to listen as the serving node (`Croupier at ...`).
    listening: Option<Instant>,
}

/// Every node, and what their lines told.
pub struct Nodes {
    exe: PathBuf,
    url: String,
    dir: PathBuf,
    flags: Vec<String>,
    nodes: Vec<Node>,
    tx: std_mpsc::Sender<Line>,
    rx: std_mpsc::Receiver<Line>,
    /// Times a node began to serve the room while another still believed it did (a paused
    /// node, until it finds its lease gone): not two writers, which the log tells.
    pub believed_twice: u32,
    /// Times a node ended without being killed (a crash, a lost lease, a port taken).
    pub exits: u32,
}

impl Nodes {
    /// `count` nodes on `url`, listening on free loopback ports; none is started yet.
    pub fn new(exe: &Path, url: &str, dir: &Path, count: usize, lease_ms: u64) -> Result<Nodes> {
        let mut addrs = Vec::new();
        for _ in 0..count {
            // A free port, taken back at once: the node binds it (and again after each restart).
            let probe = std::net::TcpListener::bind("127.0.0.1:0").context("a free port")?;
            addrs.push(probe.local_addr()?.to_string());
        }
        let origins: Vec<String> = addrs.iter().map(|a| format!("http://{a}")).collect();
        let flags = [
            "--lease-ms",
            &lease_ms.to_string(),
            "--public-origin",
            &origins.join(","),
            // Every player connects from this address, through any node.
            "--max-connections-per-address",
            "0",
            // The nodes trust each other's PROXY headers: a standby names each client it pipes.
            "--trusted-proxies",
            "127.0.0.1",
            "--max-connections",
            "1000000",
            "--register-per-minute",
            "0",
            "--reconnect-grace-ms",
            "1000",
        ]
        .map(str::to_string)
        .to_vec();
        let (tx, rx) = std_mpsc::channel();
        let nodes = addrs
            .into_iter()
            .enumerate()
            .map(|(i, addr)| Node {
                name: char::from(b'a' + (i % 26) as u8).to_string(),
                addr,
                child: None,
                start: 0,
                owner_since: None,
                listening: None,
            })
            .collect();
        Ok(Nodes {
            exe: exe.to_path_buf(),
            url: url.to_string(),
            dir: dir.to_path_buf(),
            flags,
            nodes,
            tx,
            rx,
            believed_twice: 0,
            exits: 0,
        })
    }

    pub fn addrs(&self) -> Vec<String> {
        self.nodes.iter().map(|n| n.addr.clone()).collect()
    }

    pub fn name(&self, node: usize) -> &str {
        &self.nodes[node].name
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_running(&mut self, node: usize) -> bool {
        self.read_lines();
        self.nodes[node].child.is_some()
    }

    /// Starts node `i`; its lines are read on a thread of their own.
    pub fn start(&mut self, i: usize) -> Result<()> {
        let node = &mut self.nodes[i];
        node.start += 1;
        node.owner_since = None;
        node.listening = None;
        let errors = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join(format!("node-{}.log", node.name)))?;
        let mut child = Command::new(&self.exe)
            .arg("serve")
            .args(["--database", &self.url, "--node", &node.name])
            .args(["--listen", &node.addr])
            .arg("--secret-file")
            .arg(self.dir.join("secret"))
            .arg("--seal-key-file")
            .arg(self.dir.join("seal"))
            .args(&self.flags)
            .env_remove("CROUPIER_DEMO")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(errors)
            .spawn()
            .with_context(|| format!("starting node {}", node.name))?;
        let stdout = child.stdout.take().context("a node's output")?;
        node.child = Some(child);
        let (tx, start) = (self.tx.clone(), node.start);
        std::thread::spawn(move || {
            for text in BufReader::new(stdout).lines().map_while(Result::ok) {
                let at = Instant::now();
                if tx
                    .send(Line {
                        node: i,
                        start,
                        at,
                        text,
                    })
                    .is_err()
                {
                    break;
                }
            }
        });
        Ok(())
    }

    /// SIGKILL to node `i`: it owns nothing from now on.
    pub fn kill(&mut self, i: usize) {
        self.read_lines();
        let node = &mut self.nodes[i];
        if let Some(mut child) = node.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        node.owner_since = None;
        node.listening = None;
    }

    /// SIGSTOP to node `i`: it stops answering without dying, as a machine that hangs does,
    /// and still believes it serves; `resume` (SIGCONT) lets it go on.
    pub fn pause(&mut self, i: usize) -> Result<()> {
        self.signal(i, "-STOP")
    }

    pub fn resume(&mut self, i: usize) -> Result<()> {
        self.signal(i, "-CONT")
    }

    fn signal(&mut self, i: usize, which: &str) -> Result<()> {
        let node = &self.nodes[i];
        let child = node
            .child
            .as_ref()
            .with_context(|| format!("node {} is not running", node.name))?;
        let status = Command::new("kill")
            .args([which, &child.id().to_string()])
            .status()
            .context("running kill")?;
        anyhow::ensure!(
            status.success(),
            "kill {which} node {}: {status}",
            node.name
        );
        Ok(())
    }

    /// Waits up to `limit` for node `i` to stop believing it serves (its line `lease lost`, or
    /// its end); whether it did.
    pub async fn wait_stepped_down(&mut self, i: usize, limit: Duration) -> bool {
        let stepped = self.poll(limit, |nodes| {
            nodes.read_lines();
            let node = &nodes.nodes[i];
            Ok((node.owner_since.is_none() || node.child.is_none()).then_some(()))
        });
        matches!(stepped.await, Ok(Some(())))
    }

    /// Asks `found` every 10 ms until it finds something or `limit` passed (then None).
    async fn poll<T>(
        &mut self,
        limit: Duration,
        mut found: impl FnMut(&mut Nodes) -> Result<Option<T>>,
    ) -> Result<Option<T>> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(it) = found(self)? {
                return Ok(Some(it));
            }
            if Instant::now() >= deadline {
                return Ok(None);
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The node that owns the room now, by the lines read so far.
    pub fn owner(&mut self) -> Option<usize> {
        self.read_lines();
        self.nodes.iter().position(|n| n.owner_since.is_some())
    }

    /// A node that listens as the serving node since `after`: which, when it took the room's
    /// lease and when it began to listen (its replay done).
    pub fn serving_since(&mut self, after: Instant) -> Option<Serving> {
        self.read_lines();
        self.nodes.iter().enumerate().find_map(|(node, n)| {
            let listening = n.listening.filter(|&t| t >= after)?;
            Some(Serving {
                node,
                owner_since: n.owner_since.unwrap_or(listening),
                listening,
            })
        })
    }

    /// Waits up to `limit` for a node to serve the room since `after`, and says which (with
    /// when it began); with `restart`, starts that node again at that time meanwhile (a killed
    /// node, while the others take over).
    pub async fn wait_serving(
        &mut self,
        after: Instant,
        limit: Duration,
        restart: Option<(usize, Instant)>,
    ) -> Result<Serving> {
        let serving = self.poll(limit, |nodes| {
            if let Some(found) = nodes.serving_since(after) {
                return Ok(Some(found));
            }
            if let Some((node, at)) = restart
                && !nodes.is_running(node)
                && Instant::now() >= at
            {
                nodes.start(node)?;
            }
            Ok(None)
        });
        serving.await?.ok_or_else(|| {
            anyhow!(
                "no node served the room within {} s (their errors: {})",
                limit.as_secs(),
                self.dir.display()
            )
        })
    }

    /// The TD's secret, from the file the first serving node wrote.
    pub fn secret(&self) -> Result<String> {
        let file = self.dir.join("secret");
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("reading the secret file {}", file.display()))?;
        text.lines()
            .find_map(|l| l.split_once("?secret="))
            .map(|(_, s)| s.trim().to_string())
            .context("no secret in the secret file")
    }

    /// The nodes that ended by themselves since last asked are not running any more.
    fn reap(&mut self) {
        for node in &mut self.nodes {
            let ended = node.child.as_mut().map(|c| c.try_wait());
            if matches!(ended, Some(Ok(Some(_)) | Err(_))) {
                node.child = None;
                node.owner_since = None;
                node.listening = None;
                self.exits += 1;
            }
        }
    }

    fn read_lines(&mut self) {
        // Lines first: a node's last words (`lease lost`) before its end.
        self.read_lines_only();
        self.reap();
    }

    fn read_lines_only(&mut self) {
        while let Ok(line) = self.rx.try_recv() {
            let Some(node) = self.nodes.get(line.node).filter(|n| n.start == line.start) else {
                continue;
            };
            if node.child.is_none() {
                continue;
            }
            let serves = format!("node {} serves the room", node.name);
            if line.text.starts_with(&serves) {
                let others = self.nodes.iter().enumerate();
                if others
                    .filter(|&(i, _)| i != line.node)
                    .any(|(_, n)| n.owner_since.is_some())
                {
                    self.believed_twice += 1;
                }
                self.nodes[line.node].owner_since = Some(line.at);
            } else if line.text.starts_with("lease lost") {
                self.nodes[line.node].owner_since = None;
            } else if line.text.starts_with("Croupier at ") {
                self.nodes[line.node].listening = Some(line.at);
            }
        }
    }
}

impl Drop for Nodes {
    fn drop(&mut self) {
        for node in &mut self.nodes {
            if let Some(mut child) = node.child.take() {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
}
