//! The web UI end to end in headless Chromium: `tools/browser/setup.sh` installs Debian's
//! Chromium and the pinned playwright-core (into `<target>/browser-node`), a `croupier serve`
//! is started on a fresh log, and `tools/browser/e2e.mjs` plays a turbo through the pages as
//! the TD and three people would (see its top comment). The screenshots of every page are left
//! in `<target>/browser-artifacts/` and listed at the end of the output.

mod server;

use server::Server;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What e2e.mjs must have saved (it may save more, such as `player-N-end.png`).
const SCREENSHOTS: [&str; 8] = [
    "td",
    "player-1-table",
    "player-2-table",
    "player-3-table",
    "clock",
    "seating",
    "standings",
    "index",
];

/// The scenario bounds itself (about 35 s, 200 s at most); this is the last resort.
const NODE_LIMIT: Duration = Duration::from_secs(300);

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The cargo target dir (the parent of the integration tests' scratch dir).
fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("CARGO_TARGET_TMPDIR has a parent")
        .to_path_buf()
}

/// Reads a child's pipe to the end on a thread of its own.
fn drain(pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = BufReader::new(pipe).read_to_string(&mut text);
        text
    })
}

/// Runs `command` to its end or until `limit` (then kills it); status (None: killed), stdout
/// and stderr.
fn run_bounded(command: &mut Command, limit: Duration) -> (Option<i32>, String, String) {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    let out = drain(child.stdout.take().expect("stdout"));
    let err = drain(child.stderr.take().expect("stderr"));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            break status.code();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let out = out.join().unwrap_or_default();
    let err = err.join().unwrap_or_default();
    (status, out, err)
}

#[test]
fn the_web_ui_plays_a_turbo_in_headless_chromium() {
    let started = Instant::now();
    let target = target_dir();

    // 1. Chromium and playwright-core.
    let node_dir = target.join("browser-node");
    let (status, out, err) = run_bounded(
        Command::new("bash")
            .arg(repo().join("tools/browser/setup.sh"))
            .arg(&node_dir),
        Duration::from_secs(900),
    );
    assert!(
        status == Some(0),
        "tools/browser/setup.sh failed ({status:?}):\n{out}\n{err}"
    );
    print!("{out}");
    let node_modules = out
        .lines()
        .last()
        .expect("setup.sh prints the node_modules folder last")
        .trim()
        .to_string();
    let setup_secs = started.elapsed().as_secs_f64();

    // 2. A fresh server.
    let db = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("browser-{}.db", std::process::id()));
    for stale in [
        db.clone(),
        db.with_extension("db-wal"),
        db.with_extension("db-shm"),
    ] {
        let _ = std::fs::remove_file(stale);
    }
    let server = Server::start_with(
        &db,
        &[
            "--bot-think-ms",
            "50",
            "--act-seconds",
            "20",
            "--reconnect-grace-ms",
            "500",
        ],
    );

    // 3. The scenario.
    let artifacts = target.join("browser-artifacts");
    let _ = std::fs::remove_dir_all(&artifacts);
    std::fs::create_dir_all(&artifacts).expect("create the artifacts folder");
    let e2e_start = Instant::now();
    let (status, out, err) = run_bounded(
        Command::new("node")
            .arg(repo().join("tools/browser/e2e.mjs"))
            .args([&server.addr, &server.secret])
            .arg(&artifacts)
            .env("NODE_PATH", &node_modules),
        NODE_LIMIT,
    );
    let e2e_secs = e2e_start.elapsed().as_secs_f64();
    drop(server);
    let _ = std::fs::remove_file(&db);
    print!("{out}");
    eprint!("{err}");

    let mut pngs: Vec<PathBuf> = std::fs::read_dir(&artifacts)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    pngs.retain(|p| p.extension().is_some_and(|x| x == "png"));
    pngs.sort();
    let listing: String = pngs
        .iter()
        .map(|p| format!("  {}\n", p.display()))
        .collect();

    assert!(
        status == Some(0),
        "the browser scenario failed ({}); screenshots so far:\n{listing}",
        match status {
            Some(code) => format!("exit status {code}"),
            None => format!("killed after {} s", NODE_LIMIT.as_secs()),
        }
    );
    for name in SCREENSHOTS {
        let path = artifacts.join(format!("{name}.png"));
        let bytes = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("screenshot {} missing: {e}", path.display()));
        assert!(
            bytes.len() > 1000 && bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
            "{} is not a PNG screenshot ({} bytes)",
            path.display(),
            bytes.len()
        );
    }
    println!(
        "browser test: setup {setup_secs:.1} s, scenario {e2e_secs:.1} s, {} screenshots in {}:\n{listing}",
        pngs.len(),
        artifacts.display()
    );
}
