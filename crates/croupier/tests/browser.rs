//! The web UI end to end in headless Chromium: `tools/browser/setup.sh` installs Debian's
//! Chromium and the pinned playwright-core (into `<target>/browser-node`), a `croupier serve`
//! is started on a fresh log for each scenario: `tools/browser/e2e.mjs` plays a turbo through
//! the pages as the TD and three people would, `tools/browser/dealer.mjs` rules a live hand on
//! the dealer tablet, `tools/browser/stud.mjs` shows a stud table's up cards and bring-in,
//! `tools/browser/live.mjs` runs the TD's flow at a live tournament night, `tools/browser/cash.mjs`
//! a guest's evening at an online cash table, `tools/browser/german.mjs` the German pages of a
//! live night with no English from the server, `tools/browser/night.mjs` a whole live night
//! through the console, the tablets and the big screen (see their top comments). The
//! screenshots of every page are left in `<target>/browser-artifacts/` and listed at the end of
//! the output; with `UPDATE_DOCS=1`, night.mjs's are copied into `docs/live/`.

mod server;

use server::Server;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// What e2e.mjs must have saved (it may save more, such as `player-N-end.png`).
const SCREENSHOTS: [&str; 9] = [
    "td",
    "print-tables",
    "player-1-table",
    "player-2-table",
    "player-3-table",
    "clock",
    "seating",
    "standings",
    "index",
];

/// What dealer.mjs must have saved.
const DEALER_SCREENSHOTS: [&str; 5] = [
    "dealer-tda45",
    "dealer-de",
    "dealer-procedure",
    "dealer-end",
    "dealer-next-hand",
];

/// What live.mjs must have saved.
const LIVE_SCREENSHOTS: [&str; 6] = [
    "live-td",
    "live-clock",
    "live-tablet",
    "live-play-moved",
    "live-done",
    "live-dealer-tablet",
];

/// What german.mjs must have saved.
const GERMAN_SCREENSHOTS: [&str; 3] = ["german-td", "german-tablet", "german-clock"];

/// What night.mjs must have saved (of 26 screenshots, German at three sizes, English at one).
const NIGHT_SCREENSHOTS: [&str; 8] = [
    "night-console-de-1920x1080",
    "night-tablet-de-768x1024",
    "night-tablet-de-390x844",
    "night-clock-de-1920x1080",
    "night-clock-en-1280x720",
    "night-standings-de-390x844",
    "night-seating-en-1920x1080",
    "night-moves-de-1920x1080",
];

/// What cash.mjs must have saved.
const CASH_SCREENSHOTS: [&str; 5] = [
    "cash-offer",
    "cash-turn",
    "cash-time-called",
    "cash-away",
    "cash-back",
];

/// What desk.mjs must have saved.
const DESK_SCREENSHOTS: [&str; 4] = [
    "desk-game-form",
    "desk-tables",
    "desk-settle",
    "desk-statement",
];

/// What stud.mjs must have saved.
const STUD_SCREENSHOTS: [&str; 4] = ["stud-bring-in", "stud-de", "stud-opponent", "stud-fourth"];

/// The scenario bounds itself (about 35 s, 200 s at most); this is the last resort.
const NODE_LIMIT: Duration = Duration::from_secs(300);

/// night.mjs plays two whole nights (about 50 s each, 170 s each at most).
const NIGHT_LIMIT: Duration = Duration::from_secs(420);

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

/// `tools/browser/setup.sh`, run once for the tests of this file: the node_modules folder for
/// NODE_PATH, and the seconds it took. The artifacts folder is emptied once too.
fn setup() -> &'static (String, f64) {
    static SETUP: OnceLock<(String, f64)> = OnceLock::new();
    SETUP.get_or_init(|| {
        let started = Instant::now();
        let node_dir = target_dir().join("browser-node");
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
        let artifacts = target_dir().join("browser-artifacts");
        let _ = std::fs::remove_dir_all(&artifacts);
        std::fs::create_dir_all(&artifacts).expect("create the artifacts folder");
        (node_modules, started.elapsed().as_secs_f64())
    })
}

/// Runs `tools/browser/{script}` against a fresh `croupier serve`, one scenario at a time (two
/// Chromiums would compete for the cores), and checks that it saved `screenshots`.
fn scenario(script: &str, screenshots: &[&str]) {
    scenario_within(script, screenshots, NODE_LIMIT);
}

/// `scenario`, killed after `limit`.
fn scenario_within(script: &str, screenshots: &[&str], limit: Duration) {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let (_, setup_secs) = setup();
    let target = target_dir();

    let artifacts = target.join("browser-artifacts");
    let (mut status, mut out, mut err, mut secs) = run_once(script, &artifacts, limit);
    // Chromium failing for want of the machine's resources (seen once in CI: every load
    // ERR_INSUFFICIENT_RESOURCES, pages crashing, after one scenario had passed) is not a fault
    // of the pages: say what the machine had, then run the scenario once more on a fresh server.
    if status != Some(0) && starved(&out, &err) {
        print!("{out}");
        eprint!("{err}");
        eprintln!(
            "{script}: Chromium ran short of resources; the machine: {}; running it once more",
            machine()
        );
        (status, out, err, secs) = run_once(script, &artifacts, limit);
    }
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
        "the browser scenario {script} failed ({}); screenshots so far:\n{listing}",
        match status {
            Some(code) => format!("exit status {code}"),
            None => format!("killed after {} s", limit.as_secs()),
        }
    );
    for name in screenshots {
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
        "browser test {script}: setup {setup_secs:.1} s, scenario {secs:.1} s, {} screenshots in {}:\n{listing}",
        pngs.len(),
        artifacts.display()
    );
}

/// One run of `script` against a fresh `croupier serve`: its exit status (`None`: killed after
/// `limit`), output, errors and seconds.
fn run_once(script: &str, artifacts: &Path, limit: Duration) -> (Option<i32>, String, String, f64) {
    let (node_modules, _) = setup();
    let stem = script.trim_end_matches(".mjs");
    let db = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("browser-{stem}-{}.db", std::process::id()));
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
    let started = Instant::now();
    let (status, out, err) = run_bounded(
        Command::new("node")
            .arg(repo().join("tools/browser").join(script))
            .args([&server.addr, &server.secret])
            .arg(artifacts)
            .env("NODE_PATH", node_modules),
        limit,
    );
    let secs = started.elapsed().as_secs_f64();
    drop(server);
    let _ = std::fs::remove_file(&db);
    (status, out, err, secs)
}

/// Whether a run failed because Chromium lacked the machine's resources, not on the pages.
fn starved(out: &str, err: &str) -> bool {
    [out, err].iter().any(|text| {
        text.contains("ERR_INSUFFICIENT_RESOURCES")
            || text.contains("the page crashed")
            || text.contains("Target crashed")
    })
}

/// What the machine has left: memory, processes and open files, as Linux reports them.
fn machine() -> String {
    let read = |path: &str| {
        std::fs::read_to_string(path)
            .map(|s| s.trim().to_string())
            .unwrap_or_else(|_| "?".into())
    };
    let meminfo = read("/proc/meminfo");
    let available = meminfo
        .lines()
        .find(|l| l.starts_with("MemAvailable"))
        .unwrap_or("MemAvailable: ?");
    let processes = std::fs::read_dir("/proc")
        .map(|d| {
            d.filter_map(Result::ok)
                .filter(|e| {
                    e.file_name()
                        .to_string_lossy()
                        .bytes()
                        .all(|b| b.is_ascii_digit())
                })
                .count()
        })
        .unwrap_or(0);
    let shm = Command::new("df")
        .args(["-h", "/dev/shm", "/tmp"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).replace('\n', "; "))
        .unwrap_or_default();
    format!(
        "{available}; cgroup memory {} of {}; pids {} of {}; {processes} processes; open files limit {}; {shm}",
        read("/sys/fs/cgroup/memory.current"),
        read("/sys/fs/cgroup/memory.max"),
        read("/sys/fs/cgroup/pids.current"),
        read("/sys/fs/cgroup/pids.max"),
        read("/proc/self/limits")
            .lines()
            .find(|l| l.starts_with("Max open files"))
            .unwrap_or("?")
            .split_whitespace()
            .nth(3)
            .unwrap_or("?"),
    )
}

#[test]
fn the_web_ui_plays_a_turbo_in_headless_chromium() {
    scenario("e2e.mjs", &SCREENSHOTS);
}

/// TDA-45 example 2 and the rest of a live hand on the dealer tablet (see dealer.mjs).
#[test]
fn the_dealer_tablet_rules_a_live_hand_in_headless_chromium() {
    scenario("dealer.mjs", &DEALER_SCREENSHOTS);
}

/// A stud table: the up cards of others, the low card's bring-in (TDA-RP-10; see stud.mjs).
#[test]
fn a_stud_table_shows_up_cards_and_the_bring_in_in_headless_chromium() {
    scenario("stud.mjs", &STUD_SCREENSHOTS);
}

/// Issue 17 item 8: a bust at a live HC night, the balancing move on console, big screen,
/// tablet and the moved player's phone, confirmed; the clock runs again (HC-1.8; see live.mjs). With a minute left in the
/// level the tablet tells the dealer to hold the push (TDA-RP-7).
#[test]
fn a_live_night_move_is_shown_and_confirmed_in_headless_chromium() {
    scenario("live.mjs", &LIVE_SCREENSHOTS);
}

/// Issue 32 item 8: the German console (audit log, table statuses, instructions, a refusal),
/// tablet, big screen, standings, seating and print sheets of a live night show no English word
/// from the server; the same check finds them on the English console (see german.mjs).
#[test]
fn german_pages_show_no_english_from_the_server_in_headless_chromium() {
    scenario("german.mjs", &GERMAN_SCREENSHOTS);
}

/// Issue 32, "Tests and proof": a whole live night through the pages alone, 30 players under
/// HC (German pages) and 30 under TDA (English): busts on the tablets until a table breaks, the
/// final table at a table in play with its tablet, a deal, the winner; after every step each
/// busted player's place on the standings, every instruction confirmed from a tablet of its
/// table, every move on the printed slips (PDF), the big screen's clock on screen at 1920x1080
/// and 1280x720, no sideways scrolling on tablets and phones, no English on German pages (see
/// night.mjs). `UPDATE_DOCS=1` copies its screenshots into `docs/live/`.
#[test]
fn a_whole_live_night_through_the_pages_under_hc_and_tda() {
    scenario_within("night.mjs", &NIGHT_SCREENSHOTS, NIGHT_LIMIT);
    if std::env::var_os("UPDATE_DOCS").is_some() {
        let docs = repo().join("docs/live");
        let artifacts = target_dir().join("browser-artifacts");
        for entry in std::fs::read_dir(&artifacts).expect("the artifacts folder") {
            let path = entry.expect("an artifact").path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            if name.starts_with("night-") && name.ends_with(".png") {
                std::fs::copy(&path, docs.join(name)).expect("copy a screenshot into docs/live");
            }
        }
    }
}

/// Issues 18 and 36: on a phone, a guest joins a list from /cash, is told of the seat offered
/// while the page is in the background, takes it with a buy-in within the limits, plays with the
/// time to act counting down, is timed out by the profile's clock (TDA-29) and sat out, tops up,
/// comes back and cashes out (see cash.mjs).
#[test]
fn a_guest_takes_a_cash_seat_is_timed_out_and_comes_back_in_headless_chromium() {
    scenario("cash.mjs", &CASH_SCREENSHOTS);
}

/// Issue 36 item 1: the list keeper's desk on a tablet: a game from the form, guests found by
/// name and seated from the list, a hand settled on the seat map, a table closed and its
/// statement printed (HC-1.10; see desk.mjs).
#[test]
fn the_list_keeper_runs_a_live_table_from_the_desk_in_headless_chromium() {
    scenario("desk.mjs", &DESK_SCREENSHOTS);
}
