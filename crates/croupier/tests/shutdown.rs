//! Graceful shutdown (issue 35 item 5): SIGTERM under load stops the server taking connections,
//! answers what it was answering once the log has it, closes WebSockets with 1001 "going away"
//! and exits 0. Every command answered before the end is in the log when the server starts
//! again on it.

mod server;

use serde_json::{Value, json};
use server::Server;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tungstenite::protocol::frame::coding::CloseCode;

const CLIENTS: usize = 6;

#[test]
fn sigterm_answers_what_is_queued_and_exits_0() {
    let dir = std::env::temp_dir().join(format!("croupier-shutdown-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = dir.join("events.db");
    let mut server = Server::start(&db);
    let secret = server.secret.clone();
    server.create_turbo(5);

    // A watcher on the event: closed with 1001 when the server goes.
    let url = format!("ws://{}/api/events/0/ws?topics=", server.addr);
    let (mut socket, _) = tungstenite::connect(url).expect("a WebSocket");

    // Clients registering players as fast as they are answered, each answer noted.
    let answered = Arc::new(Mutex::new(Vec::<String>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let (addr, secret) = (server.addr.clone(), secret.clone());
            let (answered, stop) = (answered.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut refused = 0;
                for i in 0.. {
                    if stop.load(Ordering::Relaxed) || refused > 20 {
                        break;
                    }
                    let name = format!("Load {c}-{i}");
                    let (status, _) = server::http(
                        &addr,
                        "POST",
                        "/api/events/0/register",
                        Some(&secret),
                        Some(&json!({ "name": name, "bot": true })),
                    );
                    match status {
                        200 => answered.lock().unwrap().push(name),
                        // Gone: the listener is closed.
                        _ => refused += 1,
                    }
                }
            })
        })
        .collect();
    // Under load: wait until some registrations are answered.
    while answered.lock().unwrap().len() < 30 {
        std::thread::sleep(Duration::from_millis(10));
    }
    let killed = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());

    // 1001 "going away" to the watcher.
    let code = loop {
        match socket.read() {
            Ok(tungstenite::Message::Close(frame)) => break frame.map(|f| f.code),
            Ok(_) => continue,
            Err(e) => panic!("the WebSocket ended without a close frame: {e}"),
        }
    };
    assert_eq!(code, Some(CloseCode::Away));

    // Exit status 0; the guard only turns a hang into a failure.
    let guard = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("wait") {
            break status;
        }
        assert!(Instant::now() < guard, "the server did not exit");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "exit status {status:?}");
    stop.store(true, Ordering::Relaxed);
    for c in clients {
        c.join().expect("a client");
    }
    let answered = answered.lock().unwrap().clone();

    // Every answered registration is in the log.
    let again = Server::start(&db);
    let (_, standings) = again.get("/api/events/0/standings", None);
    let names: Vec<&str> = standings["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|r: &Value| r["name"].as_str())
        .collect();
    let lost: Vec<&String> = answered
        .iter()
        .filter(|n| !names.contains(&n.as_str()))
        .collect();
    assert!(lost.is_empty(), "answered but not in the log: {lost:?}");
    assert!(answered.len() >= 30);
    drop(again);
    let _ = std::fs::remove_dir_all(&dir);
}
