//! Registration from the public: only for an event that allows it (`registration.public`),
//! only as JSON from this server's own pages, a few at a time per address, and under a name
//! that is printable and no other player's. Nothing is written for a refusal.

mod common;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, Request};
use common::{Api, Reply};
use server::hub::Settings;
use server::limit::RegisterRate;
use std::net::SocketAddr;

/// A registration as a browser or a script sends it.
fn register(
    name: &str,
    content_type: Option<&str>,
    origin: Option<&str>,
    from: &str,
) -> Request<Body> {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri("/api/events/0/register")
        .header("host", "croupier.test:8080");
    if let Some(kind) = content_type {
        request = request.header("content-type", kind);
    }
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    let body = serde_json::json!({ "name": name }).to_string();
    let mut request = request.body(Body::from(body)).unwrap();
    let address: SocketAddr = from.parse().unwrap();
    request.extensions_mut().insert(ConnectInfo(address));
    request
}

async fn send(api: &Api, request: Request<Body>) -> Reply {
    let before = api.log_len();
    let reply = api.send_request(request).await;
    if !reply.status.is_success() {
        assert_eq!(api.log_len(), before, "a refusal wrote to the log");
        assert_eq!(reply.content_type.as_deref(), Some("application/json"));
    }
    reply
}

const JSON: Option<&str> = Some("application/json");
const HOME: &str = "10.0.0.1:5000";

#[tokio::test]
async fn a_page_on_another_site_cannot_register_players() {
    let api = Api::open();
    api.create_event("turbo", 1).await;
    // A form or text/plain body, which any page may post without the browser asking first.
    for kind in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
    ] {
        let reply = send(&api, register("Ann", kind, None, HOME)).await;
        assert_eq!(reply.status, 415, "{kind:?}: {}", reply.body);
        assert_eq!(reply.body["code"], "unsupported_media_type");
    }
    // JSON from another site's page, or from a sandboxed one (`null`).
    for origin in ["https://evil.example", "null", "http://croupier.test:9999"] {
        let reply = send(&api, register("Ann", JSON, Some(origin), HOME)).await;
        assert_eq!(reply.status, 403, "{origin}: {}", reply.body);
    }
    // This server's own page, and a client that is not a browser (no Origin).
    let own = send(
        &api,
        register("Ann", JSON, Some("http://croupier.test:8080"), HOME),
    )
    .await;
    assert_eq!(own.status, 200, "{}", own.body);
    let script = send(
        &api,
        register("Bob", Some("application/json; charset=utf-8"), None, HOME),
    )
    .await;
    assert_eq!(script.status, 200, "{}", script.body);
}

#[tokio::test]
async fn names_are_printable_and_unique_in_the_event() {
    let api = Api::open();
    api.create_event("turbo", 1).await;
    assert_eq!(
        send(&api, register("Ann", JSON, None, HOME)).await.status,
        200
    );
    for (name, code) in [
        ("Ann", "name_taken"),
        (" ANN ", "name_taken"),
        ("Eve\u{0}", "bad_name"),
        ("Eve\u{7}bell", "bad_name"),
        ("Eve\nNewline", "bad_name"),
        ("\u{202E}nnA", "bad_name"),
        ("Ev\u{200B}e", "bad_name"),
        ("", "bad_name"),
    ] {
        let reply = send(&api, register(name, JSON, None, HOME)).await;
        assert_eq!(reply.body["code"], code, "{name:?}: {}", reply.body);
    }
    // Accents and other scripts are names like any.
    for name in ["Zoë", "Łukasz", "李雷"] {
        let reply = send(&api, register(name, JSON, None, HOME)).await;
        assert_eq!(reply.status, 200, "{name}: {}", reply.body);
    }
    // The TD may not give a player's name to another either.
    let taken = serde_json::json!({ "name": "Zoë", "bot": true }).to_string();
    api.refused(
        Method::POST,
        "/api/events/0/register",
        Some(&api.td),
        Some(&taken),
        409,
        "name_taken",
    )
    .await;
}

#[tokio::test]
async fn self_registration_is_the_events_choice() {
    let api = Api::open();
    // The template as shipped: registration.public is off.
    let toml = api.template("turbo").await;
    let body = serde_json::json!({ "toml": toml, "seed": 1 });
    api.ok(Method::POST, "/api/events", Some(&api.td), Some(&body))
        .await;
    let reply = send(&api, register("Ann", JSON, None, HOME)).await;
    assert_eq!(reply.status, 401, "{}", reply.body);
    let ann = serde_json::json!({ "name": "Ann" });
    let registered = api
        .ok(
            Method::POST,
            "/api/events/0/register",
            Some(&api.td),
            Some(&ann),
        )
        .await;
    assert!(registered["token"].is_string());
}

#[tokio::test]
async fn one_address_registers_a_few_at_a_time() {
    let settings = Settings {
        act_seconds: 30,
        register_rate: RegisterRate {
            per_minute: 2,
            burst: 3,
        },
        ..Settings::default()
    };
    let api = Api::with_settings(store::Store::open_in_memory().unwrap(), settings);
    api.create_event("turbo", 1).await;
    for i in 0..3 {
        let reply = send(&api, register(&format!("P{i}"), JSON, None, HOME)).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    let reply = send(&api, register("P3", JSON, None, "10.0.0.1:6000")).await;
    assert_eq!(reply.status, 429, "{}", reply.body);
    assert_eq!(reply.body["code"], "too_many_requests");
    let wait: u64 = reply.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    // Two a minute: the next one is at most 30 s away.
    assert!((1..=30).contains(&wait), "Retry-After {wait}");
    // Another address has its own allowance; the TD has no limit.
    let other = send(&api, register("Q0", JSON, None, "10.0.0.2:5000")).await;
    assert_eq!(other.status, 200, "{}", other.body);
    for i in 0..5 {
        let body = serde_json::json!({ "name": format!("T{i}") });
        api.ok(
            Method::POST,
            "/api/events/0/register",
            Some(&api.td),
            Some(&body),
        )
        .await;
    }
}

#[tokio::test]
async fn an_ipv6_client_rotating_through_its_64_shares_one_allowance() {
    let settings = Settings {
        act_seconds: 30,
        register_rate: RegisterRate {
            per_minute: 1,
            burst: 2,
        },
        ..Settings::default()
    };
    let api = Api::with_settings(store::Store::open_in_memory().unwrap(), settings);
    api.create_event("turbo", 1).await;
    for (i, from) in ["[2001:db8:0:1::1]:5000", "[2001:db8:0:1::2]:5001"]
        .iter()
        .enumerate()
    {
        let reply = send(&api, register(&format!("P{i}"), JSON, None, from)).await;
        assert_eq!(reply.status, 200, "{from}: {}", reply.body);
    }
    let rotated = "[2001:db8:0:1:ffff:ffff:ffff:ffff]:5000";
    let reply = send(&api, register("P2", JSON, None, rotated)).await;
    assert_eq!(reply.status, 429, "{}", reply.body);
    // The next /64 is another client.
    let reply = send(&api, register("Q0", JSON, None, "[2001:db8:0:2::1]:5000")).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    // An IPv4 client is the same whether its address comes IPv4-mapped or not.
    for (name, from) in [("V0", "10.0.0.9:5000"), ("V1", "[::ffff:10.0.0.9]:5000")] {
        let reply = send(&api, register(name, JSON, None, from)).await;
        assert_eq!(reply.status, 200, "{from}: {}", reply.body);
    }
    let reply = send(&api, register("V2", JSON, None, "10.0.0.9:6000")).await;
    assert_eq!(reply.status, 429, "{}", reply.body);
}

/// Issue 33 item 7: a refused self-registration (a name taken, one that is not printable, a body
/// that is not a registration) does not use up the address's allowance.
#[tokio::test]
async fn refused_registrations_do_not_use_up_the_allowance() {
    let settings = Settings {
        act_seconds: 30,
        register_rate: RegisterRate {
            per_minute: 1,
            burst: 2,
        },
        ..Settings::default()
    };
    let api = Api::with_settings(store::Store::open_in_memory().unwrap(), settings);
    api.create_event("turbo", 1).await;
    let first = send(&api, register("Ann", JSON, None, HOME)).await;
    assert_eq!(first.status, 200, "{}", first.body);
    for name in ["Ann", "ann", "Bad\u{202e}Name", "", "   "] {
        let reply = send(&api, register(name, JSON, None, HOME)).await;
        assert!(
            reply.status == 409 || reply.status == 422,
            "{name:?}: {}",
            reply.body
        );
    }
    let second = send(&api, register("Bob", JSON, None, HOME)).await;
    assert_eq!(
        second.status, 200,
        "the allowance was kept: {}",
        second.body
    );
    let third = send(&api, register("Cid", JSON, None, HOME)).await;
    assert_eq!(third.status, 429, "{}", third.body);
}
