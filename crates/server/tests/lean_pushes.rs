//! Issue 19 item 5: lean pushes. Hands are played with people, bots, watchers and topic
//! subscribers connected; every connection follows its streams from full messages and patches.
//! A patch is smaller than the full message it stands for, and at the end each connection's
//! followed state equals what a new connection is sent whole. The bytes pushed are printed
//! (`cargo test -p server --test lean_pushes -- --nocapture`).

mod play;

use play::{Eyes, Sim};
use protocol::Stream;
use serde_json::Value;
use server::role::{Role, Topics};
use server::room::Changes;
use std::collections::BTreeMap;

const ALL: Topics = Topics {
    summary: true,
    seating: true,
    standings: true,
};

/// Messages and bytes, by kind.
#[derive(Default)]
struct Tally(BTreeMap<String, (usize, usize)>);

impl Tally {
    fn add(&mut self, kind: &str, bytes: usize) {
        let slot = self.0.entry(kind.to_string()).or_default();
        slot.0 += 1;
        slot.1 += bytes;
    }

    fn total(&self) -> usize {
        self.0.values().map(|(_, b)| b).sum()
    }
}

/// The connections as they were made, to open their twins at the end.
enum Made {
    Person(usize),
    Topics(Eyes, Role, Topics),
    Watch(Eyes, Role, u32),
}

fn watch(sim: &mut Sim, eyes: Eyes, role: Role, table: u32) -> usize {
    let c = sim.connect(eyes, role, Topics::default());
    let id = sim.connections[c].id;
    let now = sim.now;
    sim.hub
        .event_mut(protocol::EventId(0))
        .expect("the event")
        .watch(id, table, now)
        .expect("watch");
    c
}

#[test]
fn patches_rebuild_the_state_a_new_connection_is_sent_issue_19_item_5() {
    let mut sim = Sim::new(&Sim::template("turbo"), 5);
    let mut made = Vec::new();
    for i in 0..6 {
        let person = sim.register(&format!("Person {i}"), false);
        made.push((
            sim.people[person].connection.expect("connected"),
            Made::Person(person),
        ));
    }
    for i in 0..12 {
        sim.register(&format!("Bot {i}"), true);
    }
    let td = sim.hub.new_td_secret().expect("made now").to_string();
    let td_role = sim.hub.role(Some(&td)).expect("td");
    for (eyes, role) in [(Eyes::Public, Role::Public), (Eyes::Td, td_role)] {
        made.push((sim.connect(eyes, role, ALL), Made::Topics(eyes, role, ALL)));
    }
    sim.start();
    for t in 1..=sim
        .hub
        .room(protocol::EventId(0))
        .expect("the event")
        .table_count()
    {
        made.push((
            watch(&mut sim, Eyes::Public, Role::Public, t),
            Made::Watch(Eyes::Public, Role::Public, t),
        ));
    }
    for _ in 0..4_000 {
        if !sim.step()
            || sim
                .hub
                .room(protocol::EventId(0))
                .expect("the event")
                .tournament()
                .stats
                .hands
                >= 40
        {
            break;
        }
    }
    let hands = sim
        .hub
        .room(protocol::EventId(0))
        .expect("the event")
        .tournament()
        .stats
        .hands;
    assert!(hands >= 20, "only {hands} hands played");

    // Every state pushed once more at the same time, so that a new connection's is the same.
    let tables: Vec<u32> = (0..sim
        .hub
        .room(protocol::EventId(0))
        .expect("the event")
        .table_count())
        .collect();
    let changes = Changes {
        tables,
        registered: None,
    };
    let now = sim.now;
    let event = sim.hub.event_mut(protocol::EventId(0)).expect("the event");
    event.notify(&changes, now);
    event.flush(now);
    sim.collect();

    let (sent, full) = tally(&sim);
    let mut compared = 0;
    for (c, how) in made {
        let twin = match how {
            Made::Person(person) => {
                let p = &sim.people[person];
                let topics = Topics {
                    summary: true,
                    ..Topics::default()
                };
                sim.connect(Eyes::Player(p.entry), p.role, topics)
            }
            Made::Topics(eyes, role, topics) => sim.connect(eyes, role, topics),
            Made::Watch(eyes, role, table) => watch(&mut sim, eyes, role, table),
        };
        sim.collect();
        for stream in Stream::ALL {
            let old = sim.connections[c].follower.get(stream);
            let new = sim.connections[twin].follower.get(stream);
            assert_eq!(
                old, new,
                "connection {c}'s {stream:?} differs from a new one's"
            );
            compared += usize::from(new.is_some());
        }
    }
    assert!(compared >= 15, "only {compared} streams compared");
    println!("{hands} hands; bytes pushed by kind (messages, bytes):");
    for (kind, (n, bytes)) in &sent.0 {
        println!(
            "  sent {kind:16} {n:6} {bytes:10} ({} per message)",
            bytes / n
        );
    }
    for (kind, (n, bytes)) in &full.0 {
        println!(
            "  whole {kind:15} {n:6} {bytes:10} ({} per message)",
            bytes / n
        );
    }
    println!(
        "  total sent {} bytes; the same messages whole {} bytes",
        sent.total(),
        full.total()
    );
    assert!(sent.total() < full.total());
}

/// What was sent, by kind, and the same messages as full ones (a table's history left out when
/// unchanged, as the hub did before patches), checking that each patch is the smaller.
fn tally(sim: &Sim) -> (Tally, Tally) {
    let mut sent = Tally::default();
    let mut full = Tally::default();
    for c in &sim.connections {
        let mut last_history: BTreeMap<String, Value> = BTreeMap::new();
        for (text, whole) in c.sent.iter().zip(&c.received) {
            let message: Value = serde_json::from_str(text).expect("JSON");
            let mut whole: Value = serde_json::from_str(whole).expect("JSON");
            let stream = whole["type"].as_str().unwrap_or_default().to_string();
            let kind = message["type"].as_str().unwrap_or_default().to_string();
            let kind = match kind.as_str() {
                "patch" => format!("patch {stream}"),
                _ => kind,
            };
            sent.add(&kind, text.len());
            if message["type"] == "patch" {
                assert!(
                    text.len() < whole.to_string().len(),
                    "a patch larger than its message: {text}"
                );
            }
            let pointer = match stream.as_str() {
                "me" => "/me/table/history",
                "table" => "/table/history",
                _ => "",
            };
            if let Some(history) = whole.pointer_mut(pointer).filter(|_| !pointer.is_empty()) {
                if last_history.get(&stream) == Some(history) {
                    *history = Value::Null;
                } else {
                    last_history.insert(stream.clone(), history.clone());
                }
            }
            full.add(&stream, whole.to_string().len());
        }
    }
    (sent, full)
}

/// The web UI's follow.js (run by node: `tools/browser/follow-check.mjs`) rebuilds from the
/// same messages the same states as `protocol::Follower`.
#[test]
fn the_web_ui_follows_patches_to_the_same_states_issue_19_item_5() {
    let mut sim = Sim::with_field(&Sim::template("turbo"), 8, 3, 9);
    sim.connect(Eyes::Public, Role::Public, ALL);
    sim.start();
    watch(&mut sim, Eyes::Public, Role::Public, 1);
    while sim.step()
        && sim
            .hub
            .room(protocol::EventId(0))
            .expect("the event")
            .tournament()
            .stats
            .hands
            < 15
    {}
    let mut lines = String::new();
    let mut patches = 0;
    for (n, c) in sim.connections.iter().enumerate() {
        for text in &c.sent {
            patches += usize::from(text.starts_with(r#"{"type":"patch""#));
            let line = serde_json::json!({"connection": n, "text": text});
            lines.push_str(&line.to_string());
            lines.push('\n');
        }
    }
    assert!(patches > 100, "only {patches} patches");
    let file = std::env::temp_dir().join(format!("lean-pushes-{}.jsonl", std::process::id()));
    std::fs::write(&file, lines).expect("written");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tools/browser/follow-check.mjs"
    );
    let out = std::process::Command::new("node")
        .arg(script)
        .arg(&file)
        .output()
        .expect("node runs (the browser tests need it too)");
    let _ = std::fs::remove_file(&file);
    assert!(
        out.status.success(),
        "follow-check.mjs failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut checked = 0;
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let line: Value = serde_json::from_str(line).expect("a JSON line");
        let c = &sim.connections[line["connection"].as_u64().expect("n") as usize];
        for stream in Stream::ALL {
            let browser = line["streams"].get(stream.name());
            assert_eq!(browser, c.follower.get(stream), "{stream:?}");
            checked += usize::from(browser.is_some());
        }
    }
    assert!(checked >= 5, "only {checked} streams checked");
}

/// A client that asks for a resync gets every stream it follows whole again, from version 1,
/// equal to what it had followed.
#[test]
fn a_resync_sends_every_stream_whole_issue_19_item_5() {
    let mut sim = Sim::new(&Sim::template("turbo"), 3);
    let person = sim.register("Person", false);
    for i in 0..8 {
        sim.register(&format!("Bot {i}"), true);
    }
    let public = sim.connect(Eyes::Public, Role::Public, ALL);
    sim.start();
    let watcher = watch(&mut sim, Eyes::Public, Role::Public, 1);
    while sim.step()
        && sim
            .hub
            .room(protocol::EventId(0))
            .expect("the event")
            .tournament()
            .stats
            .hands
            < 5
    {}
    let player = sim.people[person].connection.expect("connected");
    for (c, streams) in [
        (player, vec![Stream::Me, Stream::Summary]),
        (
            public,
            vec![Stream::Summary, Stream::Seating, Stream::Standings],
        ),
        (watcher, vec![Stream::Table]),
    ] {
        // The same time as the last pushes, so that nothing but the versions differs.
        let changes = Changes {
            tables: (0..sim
                .hub
                .room(protocol::EventId(0))
                .expect("the event")
                .table_count())
                .collect(),
            registered: None,
        };
        let now = sim.now;
        let event = sim.hub.event_mut(protocol::EventId(0)).expect("the event");
        event.notify(&changes, now);
        event.flush(now);
        sim.collect();
        let before: Vec<Option<Value>> = streams
            .iter()
            .map(|s| sim.connections[c].follower.get(*s).cloned())
            .collect();
        let sent = sim.connections[c].sent.len();
        let (id, now) = (sim.connections[c].id, sim.now);
        sim.hub
            .event_mut(protocol::EventId(0))
            .expect("the event")
            .resync(id, now)
            .expect("resync");
        sim.collect();
        let again = &sim.connections[c].sent[sent..];
        let mut kinds: Vec<String> = Vec::new();
        for text in again {
            let message: Value = serde_json::from_str(text).expect("JSON");
            assert_eq!(message["v"], 1, "{text}");
            kinds.push(message["type"].as_str().unwrap_or_default().to_string());
        }
        kinds.sort();
        let mut names: Vec<&str> = streams.iter().map(|s| s.name()).collect();
        names.sort();
        assert_eq!(kinds, names, "one full message of each stream followed");
        for (stream, old) in streams.iter().zip(before) {
            assert!(old.is_some(), "{stream:?} was followed");
            assert_eq!(sim.connections[c].follower.get(*stream), old.as_ref());
            assert_eq!(sim.connections[c].follower.version(*stream), Some(1));
        }
    }
}

/// Issue 19 item 1: a turn looks only at the connections of the tables it changed
/// (`followers.rs`). After every step each connected player's page shows the seats of the table
/// they sit at now (its seats, as the room shows them, now and then), through balancing moves,
/// broken tables, busts and absent players removed.
#[test]
fn every_player_follows_the_table_they_sit_at_through_moves_and_busts_issue_19_item_1() {
    // Absent players removed from level 2 of a turbo (HC-1.4's rule): a table that deals may
    // lose players, and the director may move others.
    let toml = Sim::template("turbo") + "\n[late_players]\nremoved_at_level = 2\n";
    let people = 24;
    let mut sim = Sim::with_field(&toml, 11, people, 12);
    // Removed at the deadline when their table deals, which may break or balance others.
    for i in 0..10 {
        sim.register_absent(&format!("Absent {i}"));
    }
    sim.start();
    let mut tables_seen: Vec<Option<u32>> = vec![None; people];
    let (mut moves, mut busts, mut checks) = (0, 0, 0);
    for step in 0..20_000 {
        let going = sim.step();
        let room = sim.hub.room(protocol::EventId(0)).expect("the event");
        let removed = (people + 12..sim.people.len())
            .filter(|&p| {
                room.tournament()
                    .entry(sim.people[p].entry)
                    .is_ok_and(|e| e.status == tournament::Status::Removed)
            })
            .count();
        if moves >= 3 && busts >= people / 2 && removed > 0 {
            break;
        }
        for (person, seen) in tables_seen.iter_mut().enumerate() {
            let entry = sim.people[person].entry;
            let sits = room.table_of(entry);
            match (*seen, sits) {
                (Some(a), Some(b)) if a != b => moves += 1,
                (Some(_), None) => busts += 1,
                _ => {}
            }
            *seen = sits;
            let c = sim.people[person].connection.expect("connected");
            let shown = sim.connections[c].follower.get(Stream::Me);
            let shown_table = shown.and_then(|me| me["table"]["table"].as_u64());
            assert_eq!(
                shown_table,
                sits.map(|t| u64::from(t) + 1),
                "person {person}'s table"
            );
            // The whole table now and then: serializing every page each step is slow.
            if step % 25 == 0 {
                let now = serde_json::to_value(room.me(entry, sim.now)).expect("JSON");
                let seats = |me: &Value| me["table"]["seats"].clone();
                let shown = shown.cloned().unwrap_or(Value::Null);
                assert_eq!(seats(&shown), seats(&now), "person {person}'s seats");
            }
            checks += 1;
        }
        if !going {
            break;
        }
    }
    assert!(moves >= 3, "only {moves} moves");
    assert!(busts >= people / 2, "only {busts} busts");
    assert!(checks > 500, "only {checks} checks");
}

/// TDA-30: a player whose last connection closed is away. A session drops its queue before it
/// unsubscribes, and a flush in between drops the closed connection: the player must still be
/// counted off and marked away when the session unsubscribes.
#[test]
fn a_player_whose_queue_closed_before_the_session_unsubscribed_is_away_tda_30() {
    let mut sim = Sim::with_field(&Sim::template("turbo"), 3, 4, 4);
    sim.start();
    sim.step();
    let entry = sim.people[0].entry;
    let away = |sim: &Sim| {
        sim.hub
            .room(protocol::EventId(0))
            .expect("the event")
            .is_away(entry)
    };
    assert!(!away(&sim), "connected");
    let id = sim.drop_queue(0).expect("connected");
    sim.flush();
    let event = sim.hub.event_mut(protocol::EventId(0)).expect("the event");
    event.unsubscribe(id, sim.now);
    let gone = event.away_due(sim.now + server::event::AWAY_AFTER_MS);
    assert_eq!(gone.len(), 1, "the player's last connection closed");
    for command in gone {
        sim.hub.submit(sim.now, command).expect("presence");
    }
    assert!(away(&sim), "away once the last connection closed");
}
