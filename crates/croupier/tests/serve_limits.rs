//! `croupier serve`'s hardening flags reach the server: the deadline for a request's head, the
//! public origin accepted in `Host`, and a bad origin refused at start.

mod common;
mod server;

use server::Server;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

fn db(name: &str) -> std::path::PathBuf {
    let db = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("serve-limits-{name}-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    db
}

/// The status of a GET of `path` sent with `Host: host`.
fn status_for_host(addr: &str, path: &str, host: &str) -> u16 {
    let mut stream = TcpStream::connect(addr).expect("connected");
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("a timeout");
    let request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).expect("written");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

#[test]
fn serve_closes_half_requests_and_accepts_its_public_origin() {
    let db = db("flags");
    let server = Server::start_with(
        &db,
        &[
            "--header-timeout-ms",
            "300",
            "--public-origin",
            "https://poker.example.org",
        ],
    );
    // Half a request line, then nothing: the server closes it after the deadline. The read's
    // own timeout only keeps a broken server from hanging the test: ending on it (an error, not
    // the server's close) fails.
    let mut stream = TcpStream::connect(&server.addr).expect("connected");
    stream.write_all(b"GET /api/ev").expect("written");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .expect("a timeout");
    let mut buf = [0u8; 1024];
    let end = loop {
        match stream.read(&mut buf) {
            Ok(0) => break Ok(()),
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break Ok(()),
            Err(e) => break Err(e),
        }
    };
    assert!(end.is_ok(), "a half request was held open: {end:?}");
    assert_eq!(
        status_for_host(&server.addr, "/api/events", "poker.example.org"),
        200
    );
    assert_eq!(
        status_for_host(&server.addr, "/api/events", &server.addr),
        200
    );
    assert_eq!(
        status_for_host(&server.addr, "/api/events", "rebound.example"),
        421
    );
    drop(server);
    let _ = std::fs::remove_file(&db);
}

#[test]
fn serve_refuses_a_public_origin_that_is_not_an_origin() {
    let db = db("bad-origin");
    let path = db.to_string_lossy().into_owned();
    let (ok, _, err) = common::croupier(&[
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--db",
        &path,
        "--public-origin",
        "poker.example.org/play",
    ]);
    assert!(!ok, "started with a bad origin");
    assert!(err.contains("--public-origin"), "{err}");
    let _ = std::fs::remove_file(&db);
}
