//! What the log keeps of secrets and who may read it: a new file is its owner's only, an older
//! one is tightened, and a version 1 log's plain tokens and TD secret become hashes on open.
//! Also the failures a test can inject.

use std::path::PathBuf;

use store::{Store, StoreError, token_hash};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "croupier-store-secrets-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn sha256_of_a_known_text() {
    // FIPS 180-2 test vector for "abc".
    assert_eq!(
        token_hash("abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
}

#[cfg(unix)]
#[test]
fn a_new_log_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp("mode");
    let path = dir.join("log.db");
    let mut log = Store::open(&path, false).unwrap();
    log.append(1, "{}").unwrap();
    for file in [path.clone(), dir.join("log.db-wal")] {
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{}", file.display());
    }
    drop(log);
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn an_older_world_readable_log_is_tightened_on_open() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp("tighten");
    let path = dir.join("log.db");
    drop(Store::open(&path, false).unwrap());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    drop(Store::open(&path, false).unwrap());
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A log left world-readable by an older build, with the side files SQLite keeps beside it:
/// each is its owner's only once the store opens it, and the write-ahead log SQLite makes on
/// open is created from a file already tightened.
#[cfg(unix)]
#[test]
fn an_older_log_and_its_side_files_are_tightened_before_use() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |file: &std::path::Path| std::fs::metadata(file).unwrap().permissions().mode();
    let open_mode = || std::fs::Permissions::from_mode(0o644);
    let dir = temp("side-files");
    let path = dir.join("log.db");
    {
        let mut log = Store::open(&path, false).unwrap();
        log.append(1, "{}").unwrap();
    }
    std::fs::set_permissions(&path, open_mode()).unwrap();
    // Without side files: the WAL made on open takes the main file's mode.
    {
        let mut log = Store::open(&path, false).unwrap();
        log.append(2, "{}").unwrap();
        for suffix in ["", "-wal", "-shm"] {
            let file = dir.join(format!("log.db{suffix}"));
            assert_eq!(mode(&file) & 0o777, 0o600, "{}", file.display());
        }
    }
    // With side files left readable (empty ones, as SQLite leaves a reset journal).
    std::fs::set_permissions(&path, open_mode()).unwrap();
    let sides: Vec<_> = ["-wal", "-shm", "-journal"]
        .iter()
        .map(|suffix| dir.join(format!("log.db{suffix}")))
        .collect();
    for file in &sides {
        std::fs::write(file, b"").unwrap();
        std::fs::set_permissions(file, open_mode()).unwrap();
    }
    let log = Store::open(&path, false).unwrap();
    assert_eq!(log.records().unwrap().len(), 2);
    assert_eq!(mode(&path) & 0o777, 0o600);
    for file in &sides {
        if file.exists() {
            assert_eq!(mode(file) & 0o777, 0o600, "{}", file.display());
        }
    }
    assert!(sides[2].exists(), "the journal is left where it was");
    drop(log);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A log as version 1 wrote it: a TD secret and players' tokens in the clear.
fn version_1_log(path: &std::path::Path) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute_batch(
        "CREATE TABLE log (seq INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL, body TEXT NOT NULL);
         CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
         INSERT INTO meta VALUES ('schema_version', '1'), ('td_secret', 'tdtdtdtd');",
    )
    .unwrap();
    let bodies = [
        r#"{"at_ms":1,"command":{"type":"create_event","config_toml":"x","seed":7,"act_seconds":30,"by":"td"}}"#,
        r#"{"at_ms":2,"command":{"type":"register","event":0,"name":"Ann \"register\"","token":"0123456789abcdef0123456789abcdef","bot":false,"by":"self"}}"#,
        r#"{"at_ms":3,"command":{"type":"start","event":0,"by":"td"}}"#,
    ];
    for (i, body) in bodies.iter().enumerate() {
        conn.execute(
            "INSERT INTO log (at_ms, body) VALUES (?1, ?2)",
            rusqlite::params![i as u64 + 1, body],
        )
        .unwrap();
    }
}

#[test]
fn a_version_1_log_keeps_only_hashes_after_open() {
    let dir = temp("migrate");
    let path = dir.join("log.db");
    version_1_log(&path);
    for _ in 0..2 {
        // Opened twice: the second open finds version 2 and changes nothing.
        let log = Store::open(&path, false).unwrap();
        assert_eq!(log.meta("schema_version").unwrap().as_deref(), Some("2"));
        assert_eq!(log.meta("td_secret").unwrap(), None);
        assert_eq!(
            log.meta("td_secret_sha256").unwrap(),
            Some(token_hash("tdtdtdtd"))
        );
        let records = log.records().unwrap();
        assert_eq!(records.len(), 3);
        let register: serde_json::Value = serde_json::from_str(&records[1].body).unwrap();
        assert_eq!(
            register["command"]["token"],
            token_hash("0123456789abcdef0123456789abcdef")
        );
        assert_eq!(register["command"]["name"], "Ann \"register\"");
        assert_eq!(register["at_ms"], 2);
        assert!(!records[1].body.contains("0123456789abcdef0123456789abcdef"));
        // Records without a token are left byte for byte.
        assert!(
            records[0]
                .body
                .starts_with(r#"{"at_ms":1,"command":{"type":"create_event""#)
        );
        assert_eq!(
            records[2].body,
            r#"{"at_ms":3,"command":{"type":"start","event":0,"by":"td"}}"#
        );
    }
    // Nor are they left in the file's free pages or its write-ahead log.
    let mut at_rest = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        at_rest.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    for secret in ["0123456789abcdef0123456789abcdef", "tdtdtdtd"] {
        assert!(
            !at_rest
                .windows(secret.len())
                .any(|w| w == secret.as_bytes()),
            "{secret} is still in the file"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn injected_failures_write_nothing_until_turned_off() {
    let mut log = Store::open_in_memory().unwrap();
    let faults = log.faults();
    log.append(1, "a").unwrap();
    faults.fail_writes(true);
    assert!(matches!(log.append(2, "b"), Err(StoreError::Injected(_))));
    assert!(log.set_meta("k", "v").is_err());
    faults.fail_writes(false);
    faults.fail_reads(true);
    assert!(log.records().is_err());
    faults.fail_reads(false);
    assert_eq!(log.records().unwrap().len(), 1);
    assert_eq!(log.meta("k").unwrap(), None);
}
