//! Logs written before the checks a new command now passes still replay (the log is the
//! truth): a TD's action past today's bounds (TDA-71A, HC-1.10) and names the registration now
//! refuses (unprintable, the same as another's). The same commands sent today are refused.

mod common;

use axum::http::Method;
use common::Api;
use protocol::EventCommand;
use protocol::{Command, LogEntry, TdCommand};
use std::path::PathBuf;
use tournament::Time;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("croupier-old-logs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const START_MS: u64 = 10_000;
const ACTED_MS: u64 = 20_000;

/// What an older server logged: six bots (two with the names refused now), the start, then a
/// 90-minute time penalty, a 600-character warning and eight rounds missed.
fn old_log(path: &std::path::Path) {
    let mut log = store::Store::open(path, false).unwrap();
    let toml = tournament::config::TEMPLATES
        .iter()
        .find(|(name, _)| *name == "turbo")
        .unwrap()
        .1
        .to_string();
    let mut commands = vec![(
        1_000,
        Command::CreateEvent {
            config_toml: toml,
            seed: 5,
            act_seconds: 30,
            by: protocol::Actor::Td,
            decks: None,
        },
    )];
    let names = ["Ann", "ANN", "Bob\u{7}", "Cy", "Di", "Ed"];
    for (i, name) in names.iter().enumerate() {
        commands.push((
            2_000 + i as u64,
            EventCommand::Register {
                event: protocol::EventId(0),
                name: name.to_string(),
                token: store::token_hash(&format!("token {i}")),
                bot: true,
                by: protocol::Actor::Td,
                reserved: false,
            }
            .into(),
        ));
    }
    commands.push((
        START_MS,
        EventCommand::Start {
            event: protocol::EventId(0),
            by: protocol::Actor::Td,
        }
        .into(),
    ));
    for action in past_the_bounds() {
        commands.push((
            ACTED_MS,
            EventCommand::Td {
                event: protocol::EventId(0),
                by: protocol::Actor::Td,
                action,
            }
            .into(),
        ));
    }
    for (at_ms, command) in commands {
        let entry = LogEntry { at_ms, command };
        log.append(at_ms, &serde_json::to_string(&entry).unwrap())
            .unwrap();
    }
}

/// TD actions the bounds refuse today: HC-1.10 (60 minutes at most), a reason of 500
/// characters at most, TDA-71A (4 rounds at most).
fn past_the_bounds() -> Vec<TdCommand> {
    vec![
        TdCommand::TimePenalty {
            player: protocol::EntryId(0),
            minutes: 90,
        },
        TdCommand::Warn {
            player: protocol::EntryId(1),
            reason: "r".repeat(600),
        },
        TdCommand::MissRounds {
            player: protocol::EntryId(2),
            rounds: 8,
        },
    ]
}

#[tokio::test]
async fn hc_1_10_tda_71a_an_old_log_past_todays_bounds_replays_and_new_ones_are_refused() {
    let dir = temp("bounds");
    let path = dir.join("log.db");
    old_log(&path);
    let api = Api::open_at(&path);
    assert_eq!(api.log_len(), 11, "every record replayed");
    api.room(protocol::EventId(0), |room| {
        let names: Vec<&str> = room.people().iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Ann", "ANN", "Bob\u{7}", "Cy", "Di", "Ed"]);
        let t = room.tournament();
        let entry = |i| t.entry(engine::PlayerId(i)).unwrap();
        // 90 minutes from when it was given.
        assert_eq!(entry(0).away_until, Some(Time(ACTED_MS + 90 * 60_000)));
        assert_eq!(entry(1).warnings, 1);
        // Eight rounds at a table of six (TDA-71A: a hand per player per round).
        assert_eq!(entry(2).penalty_hands, 8 * 6);
    })
    .await;
    // The same actions sent today are refused naming the field, and nothing is logged.
    for action in past_the_bounds() {
        let body = serde_json::to_string(&action).unwrap();
        let error = api
            .refused(
                Method::POST,
                "/api/events/0/td",
                Some(&api.td),
                Some(&body),
                422,
                "refused",
            )
            .await;
        let message = error["message"].as_str().unwrap();
        let field = ["minutes", "reason", "rounds"];
        assert!(
            field.iter().any(|f| message.starts_with(&format!("{f}: "))),
            "{message}"
        );
    }
    // Within the bounds they are taken.
    let warn = serde_json::json!({ "type": "warn", "player": 3, "reason": "r".repeat(500) });
    api.ok(Method::POST, "/api/events/0/td", Some(&api.td), Some(&warn))
        .await;
    // Names like those of the old log are refused for a new player.
    for (name, status, code) in [("bob\u{7}", 422, "bad_name"), ("ann", 409, "name_taken")] {
        let body = serde_json::json!({ "name": name, "bot": true }).to_string();
        api.refused(
            Method::POST,
            "/api/events/0/register",
            Some(&api.td),
            Some(&body),
            status,
            code,
        )
        .await;
    }
    drop(api);
    // And the log as it now is replays again.
    let api = Api::open_at(&path);
    assert_eq!(api.log_len(), 12);
    let _ = std::fs::remove_dir_all(&dir);
}
