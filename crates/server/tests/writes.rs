//! Every write to the API (each POST route in openapi.json) is refused when a browser sends it
//! from a page of another site (its `Origin` is neither the server nor a `--public-origin`:
//! 403) or when its body is not JSON (a form or `text/plain` needs no preflight: 415). Writes
//! without a body take none, and a client that is not a browser sends no `Origin`.

mod common;

use axum::body::Body;
use axum::http::{Method, Request};
use common::schema::document;
use common::{Api, Reply};
use server::limit::Limits;

const HOST: &str = "croupier.test:8080";

/// Every write route of the documentation, with its parameters filled in, and whether it
/// takes a body.
fn write_routes() -> Vec<(String, bool)> {
    let doc = document();
    let mut routes = Vec::new();
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            if ["post", "put", "patch", "delete"].contains(&method.as_str()) {
                assert_eq!(method, "post", "{path}: add {method} to this test");
                let uri = path.replace("{event}", "0").replace("{table}", "1");
                routes.push((uri, op.get("requestBody").is_some()));
            }
        }
    }
    let bodiless: Vec<&str> = routes
        .iter()
        .filter(|(_, body)| !body)
        .map(|(uri, _)| uri.as_str())
        .collect();
    assert_eq!(
        bodiless,
        [
            "/api/events/0/start",
            "/api/floor/1/dealer-token",
            "/api/ring/tables/1/tablet"
        ],
        "the writes without a body"
    );
    assert!(routes.len() >= 16, "{routes:?}");
    routes
}

fn post(
    api: &Api,
    uri: &str,
    origin: Option<&str>,
    content_type: Option<&str>,
    body: &str,
) -> Request<Body> {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri(uri)
        .header("host", HOST)
        .header("authorization", format!("Bearer {}", api.td));
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    if let Some(kind) = content_type {
        request = request.header("content-type", kind);
    }
    request.body(Body::from(body.to_string())).unwrap()
}

/// Sends a request that must be refused by the write check: nothing logged, a JSON answer.
async fn refused(api: &Api, request: Request<Body>, status: u16, code: &str) -> Reply {
    let uri = request.uri().to_string();
    let before = api.log_len();
    let reply = api.send_request(request).await;
    assert_eq!(reply.status.as_u16(), status, "{uri}: {}", reply.body);
    assert_eq!(reply.body["code"], code, "{uri}: {}", reply.body);
    assert_eq!(reply.content_type.as_deref(), Some("application/json"));
    assert_eq!(api.log_len(), before, "{uri}: a refusal wrote to the log");
    reply
}

/// Whether the write check let the request through (the handler may still refuse it).
fn passed(uri: &str, reply: &Reply) {
    assert_ne!(reply.status.as_u16(), 415, "{uri}: {}", reply.body);
    let message = reply.body["message"].as_str().unwrap_or("");
    assert!(!message.contains("may not write here"), "{uri}: {message}");
}

#[tokio::test]
async fn a_page_of_another_site_cannot_write_anywhere() {
    let api = Api::open();
    api.create_event("turbo", 1).await;
    for (uri, takes_body) in write_routes() {
        let body = if takes_body { "{}" } else { "" };
        for origin in [
            "https://evil.example",
            "null",
            "http://croupier.test:9999",
            "https://croupier.test:8080.evil.example",
        ] {
            let json = takes_body.then_some("application/json");
            let request = post(&api, &uri, Some(origin), json, body);
            let reply = refused(&api, request, 403, "forbidden").await;
            assert!(
                reply.body["message"]
                    .as_str()
                    .unwrap()
                    .contains("may not write here"),
                "{uri}: {}",
                reply.body
            );
        }
        // This server's own page passes the check.
        let json = takes_body.then_some("application/json");
        let own = post(&api, &uri, Some("http://croupier.test:8080"), json, body);
        passed(&uri, &api.send_request(own).await);
    }
}

#[tokio::test]
async fn a_body_is_json_and_a_write_without_one_needs_no_type() {
    let api = Api::open();
    api.create_event("turbo", 1).await;
    for (uri, takes_body) in write_routes() {
        if takes_body {
            for kind in [
                None,
                Some("text/plain"),
                Some("application/x-www-form-urlencoded"),
                Some("multipart/form-data; boundary=x"),
            ] {
                let request = post(&api, &uri, None, kind, r#"{"hand":1}"#);
                refused(&api, request, 415, "unsupported_media_type").await;
            }
            let request = post(
                &api,
                &uri,
                None,
                Some("Application/JSON; charset=utf-8"),
                "{}",
            );
            passed(&uri, &api.send_request(request).await);
        } else {
            // An empty body without a type, as `fetch` sends a POST without one.
            let request = post(&api, &uri, None, None, "");
            passed(&uri, &api.send_request(request).await);
        }
    }
    // The check is the writes': a GET with a body of any type is answered as before.
    let get = Request::builder()
        .uri("/api/events/0")
        .header("content-type", "text/plain")
        .body(Body::from("x"))
        .unwrap();
    assert_eq!(api.send_request(get).await.status, 200);
}

#[tokio::test]
async fn a_public_origin_writes_as_the_servers_own_page() {
    let limits = Limits {
        public_origins: vec!["https://poker.example.org".into()],
        ..Limits::default()
    };
    let api = Api::open_with(limits);
    api.create_event("turbo", 1).await;
    for (uri, takes_body) in write_routes() {
        let body = if takes_body { "{}" } else { "" };
        let json = takes_body.then_some("application/json");
        // Behind the proxy the Host is the proxy's upstream address, not the public name.
        let request = post(&api, &uri, Some("https://poker.example.org"), json, body);
        passed(&uri, &api.send_request(request).await);
        let other = post(&api, &uri, Some("https://other.example.org"), json, body);
        refused(&api, other, 403, "forbidden").await;
    }
}
