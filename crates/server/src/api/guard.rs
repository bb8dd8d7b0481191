//! What every request passes through: the `Host` check against the addresses the server is
//! reached at (a DNS-rebound name is refused), the `Origin` of a WebSocket and of every write
//! to the API with the type of its body (a page on another site cannot post), a deadline for the
//! request, headers that keep pages out of frames and scripts to our own, and a JSON `ApiError`
//! for every refusal, also those made by axum itself (an oversized body, a bad path).

use crate::refusal::Fail;
use crate::refusal::Refusal;
use axum::body::HttpBody;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::http::{HeaderMap, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// Scripts, styles and connections to this server only; no frames, no plugins. Seats are placed
/// with `style` attributes, hence `style-src-attr`.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
    object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The names the server is reached by.
#[derive(Clone, Debug)]
pub struct Hosts {
    /// The address listened on; None in-process (tests), where no `Host` is checked.
    listen: Option<SocketAddr>,
    /// Configured public origins, lower case, as `scheme://host[:port]`.
    origins: Vec<String>,
    /// Their hosts as sent in `Host` (`host` or `host:port`).
    public_hosts: Vec<String>,
}

impl Hosts {
    pub fn new(listen: Option<SocketAddr>, public_origins: &[String]) -> Hosts {
        let origins: Vec<String> = public_origins
            .iter()
            .map(|o| o.trim().trim_end_matches('/').to_ascii_lowercase())
            .collect();
        let mut public_hosts = Vec::new();
        for origin in &origins {
            if let Some((scheme, host)) = origin.split_once("://") {
                public_hosts.push(host.to_string());
                let default = if scheme == "https" { ":443" } else { ":80" };
                match host.strip_suffix(default) {
                    Some(bare) => public_hosts.push(bare.to_string()),
                    None if !has_port(host) => public_hosts.push(format!("{host}{default}")),
                    None => {}
                }
            }
        }
        Hosts {
            listen,
            origins,
            public_hosts,
        }
    }

    /// Whether a `Host` header names this server: a configured public host, or the listen
    /// address's port on the listen address, on a loopback name, or, listening on every
    /// address, on any IP literal (a rebinding attack needs a DNS name).
    pub fn host_allowed(&self, host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        if self.public_hosts.contains(&host) {
            return true;
        }
        let Some(listen) = self.listen else {
            return true;
        };
        // A browser leaves out the default port.
        let (name, port) = split_port(&host).unwrap_or((host.as_str(), 80));
        if port != listen.port() {
            return false;
        }
        if name == "localhost" {
            return true;
        }
        let Ok(ip) = name.trim_start_matches('[').trim_end_matches(']').parse() else {
            return false;
        };
        let ip: std::net::IpAddr = ip;
        ip == listen.ip() || ip.is_loopback() || listen.ip().is_unspecified()
    }

    /// Whether a page of `Origin` may connect a WebSocket or write to the API: the page's own
    /// origin (its authority is the request's `Host`), or a configured public origin.
    pub fn origin_allowed(&self, origin: &str, host: Option<&str>) -> bool {
        let origin = origin.trim_end_matches('/').to_ascii_lowercase();
        if self.origins.contains(&origin) {
            return true;
        }
        let authority = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"));
        match (authority, host) {
            (Some(a), Some(h)) => a == h.to_ascii_lowercase() && self.host_allowed(a),
            _ => false,
        }
    }
}

fn has_port(host: &str) -> bool {
    split_port(host).is_some()
}

/// `name:port` (`[v6]:port`) split; None without a port.
fn split_port(host: &str) -> Option<(&str, u16)> {
    let (name, port) = host.rsplit_once(':')?;
    if name.starts_with('[') && !name.ends_with(']') {
        return None;
    }
    Some((name, port.parse().ok()?))
}

/// Refuses a request whose `Host` is not this server (421), a WebSocket upgrade or a write to
/// the API from a page of another origin (403), and a write whose body is not JSON (415). A
/// request with no `Origin` (not a browser) passes the origin check.
pub async fn check_host(hosts: Arc<Hosts>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers.get(header::HOST).map(|v| v.to_str().unwrap_or(""));
    if let Some(host) = host
        && !hosts.host_allowed(host)
    {
        let refusal = Refusal::new(
            StatusCode::MISDIRECTED_REQUEST,
            "wrong_host",
            format!("this server is not reached as {host:?}; see --public-origin"),
        );
        return Fail(refusal).into_response();
    }
    let upgrade = headers
        .get(header::UPGRADE)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"websocket"));
    let socket = || {
        check_origin(&hosts, headers, |origin| {
            format!("a WebSocket from a page of {origin:?} is not accepted; see --public-origin")
        })
    };
    let checked = if upgrade { socket() } else { Ok(()) };
    if let Err(refusal) = checked.and_then(|()| check_write(&hosts, &request)) {
        return Fail(refusal).into_response();
    }
    next.run(request).await
}

/// A write to the API (any method but GET, HEAD and OPTIONS under `/api`) from a browser comes
/// from a page the server is reached at (`Hosts::origin_allowed`, as for a WebSocket): a page on
/// any site can post a form or a `text/plain` body without the browser asking first, which is
/// why a body must also be JSON. Writes without a body (`start`, `dealer-token`) need no type.
fn check_write(hosts: &Hosts, request: &Request) -> Result<(), Refusal> {
    if matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) {
        return Ok(());
    }
    let path = request.uri().path();
    if path != "/api" && !path.starts_with("/api/") {
        return Ok(());
    }
    let headers = request.headers();
    check_origin(hosts, headers, |origin| {
        format!(
            "a request from the page at {origin:?} may not write here; only this server's \
             own pages may (see --public-origin)"
        )
    })?;
    let empty = request.body().size_hint().exact() == Some(0);
    if !empty && !is_json_request(headers) {
        return Err(Refusal::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "the body must be sent as Content-Type: application/json",
        ));
    }
    Ok(())
}

/// A request with an `Origin` (a browser's) comes from a page this server is reached at
/// (`Hosts::origin_allowed`); `refused` says what was refused, naming the origin.
fn check_origin(
    hosts: &Hosts,
    headers: &HeaderMap,
    refused: impl FnOnce(&str) -> String,
) -> Result<(), Refusal> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or("");
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    if hosts.origin_allowed(origin, host) {
        Ok(())
    } else {
        Err(Refusal::forbidden(refused(origin)))
    }
}

fn is_json_request(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"))
}

/// A request not answered in time gets a 408.
pub async fn deadline(limit: Duration, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => Fail(Refusal::new(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            format!("the request was not complete within {} s", limit.as_secs()),
        ))
        .into_response(),
    }
}

/// Security headers on every answer; any error answer that is not JSON becomes an `ApiError`.
pub async fn harden(request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let response = next.run(request).await;
    let mut response = if response.status().as_u16() >= 400 && !is_json(&response) {
        as_json(response).await
    } else {
        response
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // Player and TD links carry their secret in the query: never pass them on.
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    // Answers of the API may carry a token or secret (a registration, a tablet bound) and are
    // the state of a moment: no cache keeps them (issue 33 item 7).
    if api {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"))
}

/// An error answer of axum's (plain text) as an `ApiError` with the same status.
async fn as_json(response: Response) -> Response {
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_string();
    let status = parts.status;
    let message = if text.is_empty() {
        parts.status.canonical_reason().unwrap_or("refused")
    } else {
        &text
    };
    let mut json = Fail(refusal_of(status, message)).into_response();
    *json.status_mut() = parts.status;
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            json.headers_mut().insert(name.clone(), value.clone());
        }
    }
    json
}

/// An error of axum's as a refusal: its status, a code for it and its text (for 413, the limit).
pub(crate) fn refusal_of(status: StatusCode, text: &str) -> Refusal {
    let code = match status {
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::REQUEST_TIMEOUT => "timeout",
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
        _ if status.is_server_error() => "internal",
        _ => "bad_request",
    };
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("the request body is larger than the {BODY_LIMIT} bytes taken")
        }
        _ => text.to_string(),
    };
    Refusal::new(status, code, message)
}

/// The largest request body taken (axum's default).
pub const BODY_LIMIT: usize = 2 << 20;

#[cfg(test)]
mod tests {
    use super::Hosts;

    #[test]
    fn hosts_are_those_of_the_listen_address_and_the_public_origins() {
        let on = |listen: &str| Hosts::new(Some(listen.parse().expect("an address")), &[]);
        let local = on("127.0.0.1:8080");
        assert!(local.host_allowed("127.0.0.1:8080"));
        assert!(local.host_allowed("LOCALHOST:8080"));
        assert!(local.host_allowed("[::1]:8080"));
        assert!(!local.host_allowed("127.0.0.1:8081"));
        assert!(!local.host_allowed("192.168.1.5:8080"));
        assert!(!local.host_allowed("rebound.example:8080"));
        // A browser leaves out port 80.
        assert!(on("127.0.0.1:80").host_allowed("localhost"));
        assert!(!local.host_allowed("localhost"));
        // On every address, any IP literal on the port, never a name.
        let every = on("[::]:8080");
        assert!(every.host_allowed("192.168.1.5:8080"));
        assert!(every.host_allowed("[fe80::1]:8080"));
        assert!(!every.host_allowed("rebound.example:8080"));
        let proxied = Hosts::new(
            Some("127.0.0.1:8080".parse().expect("an address")),
            &[
                "https://Poker.example.org/".into(),
                "http://lan.example:9000".into(),
            ],
        );
        assert!(proxied.host_allowed("poker.example.org"));
        assert!(proxied.host_allowed("poker.example.org:443"));
        assert!(proxied.host_allowed("lan.example:9000"));
        assert!(!proxied.host_allowed("lan.example"));
        assert!(proxied.origin_allowed("https://poker.example.org", Some("127.0.0.1:8080")));
        assert!(proxied.origin_allowed("http://127.0.0.1:8080", Some("127.0.0.1:8080")));
        assert!(!proxied.origin_allowed("http://evil.example", Some("evil.example")));
        assert!(!proxied.origin_allowed("null", Some("127.0.0.1:8080")));
    }
}
