//! Issue 33 item 3: a request body is taken by what its caller may send. Without a known secret
//! a body is a few KB at most (a self-registration is a name), refused at its declared length
//! before a byte is read; the bodies being read on all connections together are bounded.

mod common;

use common::Api;
use common::raw::{closed_within, connect, parse};
use server::api::extract::ANONYMOUS_BODY_LIMIT;
use server::limit::Limits;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A POST head declaring `length` bytes of body, then `sent` of them; the stream, unfinished.
async fn unfinished(
    addr: &str,
    path: &str,
    secret: Option<&str>,
    length: usize,
    sent: usize,
) -> TcpStream {
    let mut stream = connect(addr).await;
    let auth = secret
        .map(|s| format!("Authorization: Bearer {s}\r\n"))
        .unwrap_or_default();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\n\
         Content-Length: {length}\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.expect("written");
    stream.write_all(&vec![b' '; sent]).await.expect("written");
    stream
}

/// The answer on a stream, within 2 s, or None when the server is still waiting for more.
async fn answer(stream: &mut TcpStream) -> Option<common::raw::Answer> {
    let mut bytes = vec![0; 16 << 10];
    let read = tokio::time::timeout(Duration::from_secs(2), stream.read(&mut bytes)).await;
    match read {
        Ok(Ok(n)) if n > 0 => Some(parse(&bytes[..n])),
        _ => None,
    }
}

/// The probe's case: unfinished 2 MB bodies from callers without a secret are refused at once
/// (413, nothing of them read or held), where the TD's is read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_anonymous_body_over_the_small_limit_is_refused_before_it_is_read() {
    let api = Api::open_with(Limits::default());
    api.create_event("turbo", 1).await;
    let addr = api.listen().await;
    for path in [
        "/api/events/0/register",
        "/api/events",
        "/api/ring/guests",
        "/api/events/0/td",
    ] {
        let mut stream = unfinished(&addr, path, None, 2 << 20, 1024).await;
        let refused = answer(&mut stream)
            .await
            .expect("answered before the body is sent");
        assert_eq!(refused.status, 413, "{path}: {refused:?}");
        assert_eq!(refused.json()["code"], "too_large");
        // A wrong secret is no secret: refused at once as well, nothing of the body read. A
        // route that asks who calls (the `Caller` extractor) says so first: 401.
        let expected = if path == "/api/ring/guests" { 413 } else { 401 };
        let mut stream = unfinished(&addr, path, Some("not-a-secret"), 2 << 20, 10).await;
        assert_eq!(
            answer(&mut stream).await.map(|a| a.status),
            Some(expected),
            "{path}"
        );
    }
    // A self-registration fits.
    let name = format!("{{\"name\": \"{}\"}}", "A".repeat(20));
    assert!(name.len() < ANONYMOUS_BODY_LIMIT);
    let mut stream = unfinished(&addr, "/api/events/0/register", None, name.len(), 0).await;
    stream.write_all(name.as_bytes()).await.expect("written");
    let registered = answer(&mut stream).await.expect("answered");
    assert_eq!(registered.status, 200, "{registered:?}");
    // The TD's unfinished body is waited for (its caller is known), not refused.
    let mut stream = unfinished(&addr, "/api/events", Some(&api.td), 1 << 20, 1024).await;
    assert!(answer(&mut stream).await.is_none(), "the TD's body is read");
    drop(stream);
}

/// A body without a declared length (chunked) is cut at the caller's limit too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chunked_anonymous_body_is_cut_at_the_small_limit() {
    let api = Api::open_with(Limits::default());
    api.create_event("turbo", 1).await;
    let addr = api.listen().await;
    let mut stream = connect(&addr).await;
    let head = format!(
        "POST /api/events/0/register HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.expect("written");
    let chunk = format!("{:x}\r\n{}\r\n", 2048, " ".repeat(2048));
    for _ in 0..3 {
        stream.write_all(chunk.as_bytes()).await.expect("written");
    }
    let refused = answer(&mut stream)
        .await
        .expect("answered once over the limit");
    assert_eq!(refused.status, 413, "{refused:?}");
}

/// The bodies being read at once are bounded across all connections: over the budget a body
/// is answered 503 with a time to try again, and its budget comes back when a body is done.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bodies_read_at_once_are_bounded_across_connections() {
    let limits = Limits {
        body_bytes: 64 << 10,
        ..Limits::default()
    };
    let api = Api::open_with(limits);
    let addr = api.listen().await;
    let td = api.td.clone();
    let mut held = Vec::new();
    for _ in 0..2 {
        held.push(unfinished(&addr, "/api/events", Some(&td), 1 << 20, 40 << 10).await);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut busy = None;
    for stream in &mut held {
        if let Some(answer) = answer(stream).await {
            busy = Some(answer);
        }
    }
    let busy = busy.expect("one of two bodies over the budget is refused");
    assert_eq!(busy.status, 503, "{busy:?}");
    assert!(busy.head.contains("retry-after"), "{busy:?}");
    drop(held);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        api.app.body_bytes().available_permits(),
        64 << 10,
        "the budget came back"
    );
    let mut stream = unfinished(&addr, "/api/events/0/td", Some(&td), 2, 0).await;
    stream.write_all(b"{}").await.expect("written");
    let answered = answer(&mut stream).await.expect("answered");
    assert_ne!(answered.status, 503, "{answered:?}");
    let _ = closed_within(&mut stream, Duration::from_millis(10)).await;
}
