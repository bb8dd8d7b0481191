//! A `croupier serve` child process and a minimal HTTP client for tests that crash it.

// Each test binary uses part of it.
#![allow(dead_code)]

use serde_json::Value;
use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct Server {
    pub child: Child,
    pub addr: String,
    pub secret: String,
}

/// Killed when dropped, also when a test panics.
impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Starts the server on a free port over the log at `db` (a SQLite path or a PostgreSQL
    /// URL), bots acting in 0.2 s.
    pub fn start(db: impl AsRef<OsStr>) -> Server {
        let flags = ["--bot-think-ms", "200", "--act-seconds", "600"];
        Server::start_with(db, &[&flags[..], &["--reconnect-grace-ms", "300"]].concat())
    }

    /// Starts the server on a free port over the log at `db` with more `serve` flags.
    pub fn start_with(db: impl AsRef<OsStr>, flags: &[&str]) -> Server {
        // The secret's file goes to the temporary folder: for a PostgreSQL log it would be
        // `croupier.secret` in the crate's folder, beside the sources.
        static STARTS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = STARTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let secret_file =
            std::env::temp_dir().join(format!("croupier-test-{}-{n}.secret", std::process::id()));
        // The seal key too, one per log (a restart, another node on it, opens what it sealed):
        // for a PostgreSQL log it would be `croupier.seal` in the crate's folder.
        let db_text = db.as_ref().to_string_lossy().into_owned();
        let log_id = db_text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        let seal_file = std::env::temp_dir().join(format!(
            "croupier-test-{}-{log_id:016x}.seal",
            std::process::id()
        ));
        // A free port unless the flags name an address.
        let listen = (!flags.contains(&"--listen")).then_some(["--listen", "127.0.0.1:0"]);
        let mut child = Command::new(env!("CARGO_BIN_EXE_croupier"))
            // The TD's secret is shown only when made: a new one at every start.
            .args(["serve", "--rotate-secret"])
            .args(listen.into_iter().flatten())
            .arg("--secret-file")
            .arg(&secret_file)
            .arg("--seal-key-file")
            .arg(&seal_file)
            .args(flags)
            .arg("--database")
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start croupier serve");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let (mut addr, mut secret) = (String::new(), String::new());
        for line in lines.by_ref() {
            let line = line.expect("a line");
            if let Some(rest) = line.strip_prefix("Croupier at http://") {
                addr = rest.trim_end_matches('/').to_string();
            }
            // Not a terminal: the address with the secret is in a file only we read.
            if let Some(rest) = line.strip_prefix("secret file: ") {
                let path = rest.split(" (").next().unwrap_or_default();
                let text = std::fs::read_to_string(path).expect("the secret file");
                if let Some((_, s)) = text.lines().next().and_then(|l| l.split_once("?secret=")) {
                    secret = s.trim().to_string();
                }
                break;
            }
        }
        assert!(
            !addr.is_empty() && !secret.is_empty(),
            "the server did not start"
        );
        // Keep draining stdout so that the child never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Server {
            child,
            addr,
            secret,
        }
    }

    /// SIGKILL: no chance to flush or clean up.
    pub fn kill(self) {
        drop(self);
    }

    /// Creates event 0 from the shipped turbo template with `seed`, as the TD.
    pub fn create_turbo(&self, seed: u64) {
        let (_, templates) = self.get("/api/templates", None);
        let turbo = templates
            .as_array()
            .and_then(|t| t.iter().find(|t| t["name"] == "turbo"))
            .and_then(|t| t["toml"].as_str())
            .expect("turbo template")
            .to_string();
        let body = serde_json::json!({"toml": turbo, "seed": seed});
        let (status, answer) = self.post("/api/events", Some(&self.secret), &body);
        assert_eq!(status, 200, "{answer}");
    }

    pub fn get(&self, path: &str, secret: Option<&str>) -> (u16, Value) {
        http(&self.addr, "GET", path, secret, None)
    }

    pub fn post(&self, path: &str, secret: Option<&str>, body: &Value) -> (u16, Value) {
        http(&self.addr, "POST", path, secret, Some(body))
    }
}

/// One HTTP/1.1 request with `Connection: close`; the status and the JSON body (Null when the
/// body is not JSON or the connection failed: status 0).
pub fn http(
    addr: &str,
    method: &str,
    path: &str,
    secret: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let Ok(mut stream) = TcpStream::connect(addr) else {
        return (0, Value::Null);
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = secret.map_or(String::new(), |s| format!("Authorization: Bearer {s}\r\n"));
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    if stream.write_all(request.as_bytes()).is_err() {
        return (0, Value::Null);
    }
    let mut response = String::new();
    if stream.read_to_string(&mut response).is_err() {
        return (0, Value::Null);
    }
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (head, rest) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    let text = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn dechunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = text.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        text = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// A person's browser: a WebSocket held open on its own thread (their presence at the table,
/// TDA-30) until the server goes away.
pub fn browser(addr: &str, event: u64, token: &str) {
    let url = format!("ws://{addr}/api/events/{event}/ws?token={token}&topics=");
    if let Ok((mut socket, _)) = tungstenite::connect(url) {
        std::thread::spawn(move || while socket.read().is_ok() {});
    }
}
