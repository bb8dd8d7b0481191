//! Secrets at rest: the log holds the hashes of the TD's secret, of players' and dealers'
//! tokens, never the secrets themselves; a log written before (plain tokens, schema 1) still
//! replays and its secrets still work; the TD's secret can be replaced.

mod common;

use axum::http::Method;
use common::Api;
use protocol::EventCommand;
use protocol::{Command, LogEntry};
use server::hub::{Opened, Settings};
use server::role::Role;
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("croupier-secrets-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every byte of the log's files (the database and its write-ahead log).
fn bytes_at_rest(dir: &std::path::Path) -> Vec<u8> {
    let mut all = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        all.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    all
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[tokio::test]
async fn the_log_keeps_hashes_not_secrets() {
    let dir = temp("rest");
    let path = dir.join("log.db");
    let (td, token, dealer) = {
        let api = Api::open_at(&path);
        api.create_event("turbo", 1).await;
        let (_, token) = api.register_self(0, "Ann").await;
        api.ok(
            Method::POST,
            "/api/floor",
            Some(&api.td),
            Some(&common::floor::tda_45_table()),
        )
        .await;
        let made = api
            .ok(
                Method::POST,
                "/api/floor/0/dealer-token",
                Some(&api.td),
                None,
            )
            .await;
        let dealer = made["token"].as_str().unwrap().to_string();
        assert_eq!(made["url"], format!("/dealer?table=0&token={dealer}"));
        (api.td.clone(), token, dealer)
    };
    let at_rest = bytes_at_rest(&dir);
    for secret in [&td, &token, &dealer] {
        assert_eq!(secret.len(), 32);
        assert!(!contains(&at_rest, secret), "{secret} is in the log");
        assert!(contains(&at_rest, &server::secret::hash(secret)));
    }
    // Opened again: the player's and the dealer's tokens still work.
    let hub = Opened::open(
        store::Store::open(&path, false).unwrap(),
        Settings::default(),
    )
    .unwrap();
    assert_eq!(
        hub.new_td_secret(),
        None,
        "the TD's secret is not shown again"
    );
    assert_eq!(hub.role(Some(&td)), Ok(Role::Td));
    assert_eq!(
        hub.role(Some(&token)),
        Ok(Role::Player {
            event: protocol::EventId(0),
            person: server::role::PersonId(0)
        })
    );
    assert_eq!(
        hub.role(Some(&dealer)),
        Ok(Role::Dealer {
            table: protocol::LiveTableId(0)
        })
    );
    assert!(
        hub.role(Some(&server::secret::hash(&token))).is_err(),
        "the hash is no token"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_log_with_plain_tokens_replays_and_its_secrets_still_work() {
    let dir = temp("v1");
    let path = dir.join("log.db");
    let (td, token) = (
        "00112233445566778899aabbccddeeff",
        "ffeeddccbbaa99887766554433221100",
    );
    {
        // As the server before this change wrote it: schema 1, secrets in the clear.
        let mut log = store::Store::open(&path, false).unwrap();
        let toml = tournament::config::TEMPLATES[0].1.to_string();
        let commands = [
            Command::CreateEvent {
                config_toml: toml,
                seed: 9,
                act_seconds: 30,
                by: protocol::Actor::Td,
                decks: None,
            },
            EventCommand::Register {
                event: protocol::EventId(0),
                name: "Ann".into(),
                token: token.into(),
                bot: false,
                by: protocol::Actor::Entrant,
                reserved: false,
            }
            .into(),
        ];
        for (i, command) in commands.into_iter().enumerate() {
            let entry = LogEntry {
                at_ms: i as u64,
                command,
            };
            log.append(i as u64, &serde_json::to_string(&entry).unwrap())
                .unwrap();
        }
        log.set_meta("td_secret", td).unwrap();
        log.set_meta("schema_version", "1").unwrap();
    }
    let hub = Opened::open(
        store::Store::open(&path, false).unwrap(),
        Settings::default(),
    )
    .unwrap();
    assert_eq!(hub.log_len(), 2);
    assert_eq!(hub.rooms()[0].people()[0].name, "Ann");
    assert_eq!(hub.role(Some(td)), Ok(Role::Td));
    assert_eq!(
        hub.role(Some(token)),
        Ok(Role::Player {
            event: protocol::EventId(0),
            person: server::role::PersonId(0)
        })
    );
    drop(hub);
    let at_rest = bytes_at_rest(&dir);
    assert!(!contains(&at_rest, td) && !contains(&at_rest, token));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_rotated_td_secret_replaces_the_old_one() {
    let dir = temp("rotate");
    let path = dir.join("log.db");
    let mut hub = Opened::open(
        store::Store::open(&path, false).unwrap(),
        Settings::default(),
    )
    .unwrap();
    let old = hub.new_td_secret().expect("a new log's secret").to_string();
    let new = hub.rotate_td_secret().unwrap();
    assert_ne!(old, new);
    assert!(hub.role(Some(&old)).is_err(), "the old secret still works");
    assert_eq!(hub.role(Some(&new)), Ok(Role::Td));
    drop(hub);
    let hub = Opened::open(
        store::Store::open(&path, false).unwrap(),
        Settings::default(),
    )
    .unwrap();
    assert_eq!(hub.role(Some(&new)), Ok(Role::Td));
    assert!(hub.role(Some(&old)).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}
