//! The server on a real listener against idle and hostile connections, and the headers and
//! errors of every answer: findings of the hardening review (issue 16, item 13).

mod common;

use common::Api;
use common::raw::{closed_within, connect, get, send};
use server::limit::Limits;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

const SHORT: Duration = Duration::from_millis(400);

async fn served(limits: Limits) -> (Api, String) {
    let api = Api::open_with(limits);
    let addr = api.listen().await;
    (api, addr)
}

/// Half a request line, then nothing: closed once the head's deadline passed, not held for ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_half_sent_request_is_closed_after_the_header_timeout() {
    let limits = Limits {
        header_timeout: SHORT,
        ..Limits::default()
    };
    let (_api, addr) = served(limits).await;
    let mut streams = Vec::new();
    for _ in 0..20 {
        let mut stream = connect(&addr).await;
        stream.write_all(b"GET /api/ev").await.expect("written");
        streams.push(stream);
    }
    for stream in &mut streams {
        let took = closed_within(stream, Duration::from_secs(5)).await;
        assert!(took.is_some(), "a half request was held open");
    }
}

/// A kept-alive connection that sends no further request is closed after the same deadline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_kept_alive_connection_is_closed() {
    let limits = Limits {
        header_timeout: SHORT,
        ..Limits::default()
    };
    let (_api, addr) = served(limits).await;
    let mut stream = connect(&addr).await;
    let request = format!("GET /api/templates HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("written");
    let took = closed_within(&mut stream, Duration::from_secs(5)).await;
    assert!(took.is_some(), "an idle connection was held open");
}

/// Over the cap a connection is answered 503 in JSON and closed; the connections held idle are
/// closed after the head's deadline, and then a request is served again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_cap_get_a_json_503_and_service_comes_back() {
    let limits = Limits {
        max_connections: 8,
        max_per_address: 0,
        header_timeout: Duration::from_millis(800),
        ..Limits::default()
    };
    let (_api, addr) = served(limits).await;
    let mut idle = Vec::new();
    for _ in 0..8 {
        let mut stream = connect(&addr).await;
        stream.write_all(b"GET / HT").await.expect("written");
        idle.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let refused = get(&addr, "/api/templates", &addr, "").await;
    assert_eq!(refused.status, 503, "{refused:?}");
    assert_eq!(refused.json()["code"], "too_many_connections");
    for stream in &mut idle {
        assert!(
            closed_within(stream, Duration::from_secs(5))
                .await
                .is_some()
        );
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(get(&addr, "/api/templates", &addr, "").await.status, 200);
}

/// One address may hold only so many connections (429 in JSON); the cap counts what is open.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_cap_of_one_address_get_a_json_429() {
    let limits = Limits {
        max_per_address: 3,
        ..Limits::default()
    };
    let (_api, addr) = served(limits).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(connect(&addr).await);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let refused = get(&addr, "/api/templates", &addr, "").await;
    assert_eq!(refused.status, 429, "{refused:?}");
    assert_eq!(refused.json()["status"], 429);
    drop(held);
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(get(&addr, "/api/templates", &addr, "").await.status, 200);
}

/// DNS rebinding: a `Host` that is not this server is refused (421, JSON); the listen address,
/// localhost on its port, a configured public host and a request with no `Host` are served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_for_another_host_is_refused() {
    let limits = Limits {
        public_origins: vec!["https://poker.example.org".into()],
        ..Limits::default()
    };
    let (_api, addr) = served(limits).await;
    let port = addr.rsplit_once(':').expect("a port").1;
    for host in [
        "evil.example".to_string(),
        format!("evil.example:{port}"),
        format!("localhost:{}", port.parse::<u16>().expect("a port") ^ 1),
        "poker.example.org:8443".into(),
    ] {
        let answer = get(&addr, "/api/events", &host, "").await;
        assert_eq!(answer.status, 421, "{host}: {answer:?}");
        assert_eq!(answer.json()["code"], "wrong_host", "{host}");
    }
    for host in [
        addr.clone(),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
        "poker.example.org".into(),
        "Poker.Example.org:443".into(),
    ] {
        let answer = get(&addr, "/api/events", &host, "").await;
        assert_eq!(answer.status, 200, "{host}: {answer:?}");
    }
    let answer = send(&addr, "GET /api/events HTTP/1.0\r\n\r\n").await;
    assert_eq!(answer.status, 200, "no Host: {answer:?}");
}

/// Pages and answers carry a CSP that keeps scripts to our own and pages out of frames.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_and_answers_send_a_csp_and_refuse_frames() {
    let (_api, addr) = served(Limits::default()).await;
    for path in [
        "/",
        "/td",
        "/play",
        "/ui/app.css",
        "/api/events",
        "/api/nothing",
    ] {
        let answer = get(&addr, path, &addr, "").await;
        let csp = answer
            .head
            .lines()
            .find_map(|l| l.strip_prefix("content-security-policy: "))
            .unwrap_or_else(|| panic!("{path}: no CSP in {}", answer.head));
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(answer.head.contains("x-frame-options: deny"), "{path}");
        assert!(
            answer.head.contains("referrer-policy: no-referrer"),
            "{path}"
        );
        // Issue 33 item 7: an API answer may carry a token or secret: no cache keeps it.
        assert_eq!(
            answer.head.contains("cache-control: no-store"),
            path.starts_with("/api/"),
            "{path}: {}",
            answer.head
        );
    }
}

/// A body over 2 MB gets the API's JSON error (413), not axum's plain text; so does any other
/// refusal axum makes itself (an unknown file of the UI).
#[tokio::test]
async fn a_body_over_the_limit_gets_a_json_413() {
    let api = Api::open();
    let big = format!("{{\"toml\": \"{}\"}}", "x".repeat(3 << 20));
    for uri in ["/api/events", "/api/events/0/register", "/api/floor"] {
        api.refused(
            axum::http::Method::POST,
            uri,
            Some(&api.td),
            Some(&big),
            413,
            "too_large",
        )
        .await;
    }
    let missing = api.get("/ui/nothing.js", None).await;
    assert_eq!(missing.status.as_u16(), 404);
    assert_eq!(missing.body["code"], "not_found");
}

/// TDA-71A, HC-1.10: the TD's clock, penalties and reasons past their bounds are refused in
/// JSON naming the field, and nothing is written.
#[tokio::test]
async fn td_inputs_past_their_bounds_are_refused_in_json() {
    let api = Api::open();
    api.create_event("turbo", 3).await;
    for i in 0..4 {
        api.register_bot(0, &format!("Bot {i}")).await;
    }
    api.start(0).await;
    let reason = "x".repeat(1_500_000);
    let commands = [
        (
            r#"{"type":"set_clock","remaining_ms":18446744073709551615}"#.to_string(),
            "remaining_ms",
        ),
        (
            r#"{"type":"miss_rounds","player":0,"rounds":4294967295}"#.into(),
            "rounds",
        ),
        (
            r#"{"type":"time_penalty","player":0,"minutes":4294967295}"#.into(),
            "minutes",
        ),
        (
            format!(r#"{{"type":"warn","player":0,"reason":"{reason}"}}"#),
            "reason",
        ),
    ];
    for (body, field) in commands {
        let error = api
            .refused(
                axum::http::Method::POST,
                "/api/events/0/td",
                Some(&api.td),
                Some(&body),
                422,
                "refused",
            )
            .await;
        let message = error["message"].as_str().unwrap_or_default();
        assert!(message.starts_with(&format!("{field}: ")), "{message}");
    }
}

/// Behind a trusted proxy (another node piping a client's connection, a reverse proxy that
/// speaks the PROXY protocol), the client the header names counts for the cap per address,
/// not the proxy: one client is held to it, another is served beside it, and the proxy's own
/// connections without a header count as its own. A malformed header is closed unanswered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_the_client_it_names_is_counted() {
    let limits = Limits {
        max_per_address: 2,
        trusted_proxies: vec!["127.0.0.1".parse().expect("an address")],
        ..Limits::default()
    };
    let (_api, addr) = served(limits).await;
    let from = |client: &str| format!("PROXY TCP4 {client} 127.0.0.1 40000 8080\r\n");
    let request =
        format!("GET /api/templates HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    // Two connections of one client, answered once and kept alive: counted, and open.
    let kept = format!("GET /api/templates HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut stream = connect(&addr).await;
        let opening = format!("{}{kept}", from("203.0.113.7"));
        stream.write_all(opening.as_bytes()).await.expect("written");
        let mut head = [0u8; 12];
        tokio::io::AsyncReadExt::read_exact(&mut stream, &mut head)
            .await
            .expect("answered");
        assert_eq!(&head, b"HTTP/1.1 200");
        held.push(stream);
    }
    let refused = send(&addr, &format!("{}{request}", from("203.0.113.7"))).await;
    assert_eq!(refused.status, 429, "{refused:?}");
    let other = send(&addr, &format!("{}{request}", from("203.0.113.8"))).await;
    assert_eq!(other.status, 200, "{other:?}");
    let own = send(&addr, &request).await;
    assert_eq!(own.status, 200, "{own:?}");
    // Closed (or reset: the request left unread) without a byte of answer.
    let mut stream = connect(&addr).await;
    let bad = format!("PROXY TCP4 nobody 127.0.0.1 1 2\r\n{request}");
    stream.write_all(bad.as_bytes()).await.expect("written");
    let mut answer = Vec::new();
    let read = tokio::io::AsyncReadExt::read_to_end(&mut stream, &mut answer);
    let read = tokio::time::timeout(Duration::from_secs(5), read).await;
    assert!(read.is_ok(), "closed within 5 s");
    assert!(answer.is_empty(), "{}", String::from_utf8_lossy(&answer));
    // Once they closed, the client is served again (as soon as the server saw them close).
    drop(held);
    let mut again = 0;
    for _ in 0..50 {
        again = send(&addr, &format!("{}{request}", from("203.0.113.7")))
            .await
            .status;
        if again == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(again, 200);
}

/// From an address that is not trusted, a PROXY header is no header: the request is malformed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_proxy_header_from_an_untrusted_address_names_nobody() {
    let (_api, addr) = served(Limits::default()).await;
    let request = format!(
        "PROXY TCP4 203.0.113.7 127.0.0.1 40000 8080\r\nGET /api/templates HTTP/1.1\r\nHost: \
         {addr}\r\nConnection: close\r\n\r\n"
    );
    let answer = send(&addr, &request).await;
    assert_ne!(answer.status, 200, "{answer:?}");
}
