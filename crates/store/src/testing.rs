//! PostgreSQL for tests of every crate (feature `testing`): the server of
//! `tools/postgres/setup.sh`, started once per process, and a new database on it per call.

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use postgres::{Client, NoTls};

/// Names of the databases this module makes; the pid after it tells whose they are.
const PREFIX: &str = "croupier_test_";

/// The URL of a new, empty database on the test server, started by `tools/postgres/setup.sh`
/// (which installs PostgreSQL if needed) on the first call in this process. Err says why
/// PostgreSQL could not be had: a test should fail with it, not skip.
pub fn fresh_postgres() -> Result<String, String> {
    static SERVER: OnceLock<Result<String, String>> = OnceLock::new();
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let maintenance = SERVER.get_or_init(start).clone()?;
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = format!(
        "{PREFIX}{}_{}_{nanos}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let mut client = connect(&maintenance)?;
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .map_err(|e| format!("creating database {name}: {e}"))?;
    let base = maintenance
        .rsplit_once('/')
        .map_or(maintenance.as_str(), |(base, _)| base);
    Ok(format!("{base}/{name}"))
}

/// Runs the setup script and returns the maintenance database's URL (its last line), after
/// dropping the test databases of processes that have ended.
fn start() -> Result<String, String> {
    let script = script()?;
    let out = Command::new("bash")
        .arg(&script)
        .output()
        .map_err(|e| format!("running {}: {e}", script.display()))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!(
            "{} failed ({}), PostgreSQL is needed for this test:\n{stderr}",
            script.display(),
            out.status
        ));
    }
    let url = String::from_utf8_lossy(&out.stdout)
        .lines()
        .rfind(|l| !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .ok_or_else(|| format!("{} printed no URL:\n{stderr}", script.display()))?;
    drop_ended(&url)?;
    Ok(url)
}

/// tools/postgres/setup.sh, looked for from this crate's directory upward.
fn script() -> Result<PathBuf, String> {
    let here = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    let from = |dir: PathBuf| {
        dir.ancestors()
            .map(|d| d.join("tools/postgres/setup.sh"))
            .find(|p| p.is_file())
    };
    from(here)
        .or_else(|| from(PathBuf::from(env!("CARGO_MANIFEST_DIR"))))
        .ok_or_else(|| "tools/postgres/setup.sh not found above this crate".to_string())
}

fn connect(url: &str) -> Result<Client, String> {
    Client::connect(url, NoTls).map_err(|e| format!("connecting to {url}: {e}"))
}

/// Every run makes new databases: those of processes no longer running go, so that the test
/// cluster does not grow without end.
fn drop_ended(url: &str) -> Result<(), String> {
    let mut client = connect(url)?;
    let names: Vec<String> = client
        .query(
            "SELECT datname::text FROM pg_database WHERE datname LIKE $1",
            &[&format!("{PREFIX}%")],
        )
        .map_err(|e| format!("listing test databases: {e}"))?
        .iter()
        .filter_map(|row| row.try_get::<_, String>(0).ok())
        .collect();
    for name in names {
        let pid = name[PREFIX.len()..].split('_').next().unwrap_or("");
        if !pid.is_empty() && !std::path::Path::new("/proc").join(pid).exists() {
            // Another process may be dropping it too, or a test of it still connected.
            let _ = client.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
    Ok(())
}
