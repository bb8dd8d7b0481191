//! Shared helpers of the API tests: a server in-process, requests through the real router with
//! `tower::ServiceExt::oneshot`, and the hub underneath for what no HTTP request does (the
//! driver, a WebSocket's presence).

#![allow(dead_code)]

pub mod floor;
pub mod raw;
pub mod schema;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use protocol::EventId;
use serde_json::{Value, json};
use server::app::App;
use server::hub::{Opened, Settings};
use server::limit::RegisterRate;
use server::outbox::{Inbox, outbox};
use server::role::Topics;
use tower::ServiceExt;

/// The log a test server writes: the tests of the core run on both (issue 19 item 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Log {
    Sqlite,
    Postgres,
}

/// Runs an async test body once on each log, as two tests named after the log.
#[macro_export]
macro_rules! on_both_logs {
    ($name:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name($crate::common::Log::Sqlite).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$name($crate::common::Log::Postgres).await
            }
        }
    };
}

/// A new, empty log's location: a file in a folder of its own, or a PostgreSQL database.
pub fn new_log(log: Log) -> String {
    match log {
        Log::Sqlite => {
            static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
            let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let dir = std::env::temp_dir().join(format!(
                "croupier-server-test-{}-{n}-{}",
                std::process::id(),
                server::clock::now_ms()
            ));
            std::fs::create_dir_all(&dir).expect("a folder");
            dir.join("log.db").display().to_string()
        }
        // PostgreSQL's client runs its own runtime: it is asked off the test's.
        Log::Postgres => std::thread::spawn(store::testing::fresh_postgres)
            .join()
            .expect("asked")
            .unwrap_or_else(|e| panic!("PostgreSQL for the test: {e}")),
    }
}

/// A server with an in-memory log, and the TD's secret.
#[derive(Debug)]
pub struct Api {
    pub app: App,
    pub td: String,
}

/// An HTTP answer: the status and the body as JSON (`Null` when empty).
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub content_type: Option<String>,
    pub headers: axum::http::HeaderMap,
    pub body: Value,
}

impl Api {
    pub fn open() -> Api {
        Api::with(store::Store::open_in_memory().expect("an in-memory log"))
    }

    /// A server over an in-memory log whose writes and reads fail on demand.
    pub fn open_faulty() -> (Api, store::Faults) {
        let store = store::Store::open_in_memory().expect("an in-memory log");
        let faults = store.faults();
        (Api::with(store), faults)
    }

    /// A server over the log at `location` (a file or a `postgres://` URL), whose writes and
    /// reads fail on demand.
    pub fn open_log(location: &str) -> (Api, store::Faults) {
        // PostgreSQL's client runs its own runtime: it is opened off the test's.
        let location = location.to_string();
        let store = std::thread::spawn(move || store::Store::connect(&location, false))
            .join()
            .expect("opened")
            .expect("the test's log");
        let faults = store.faults();
        (Api::with(store), faults)
    }

    /// A server over the log in a file: opened again, it replays what was written.
    pub fn open_at(path: &std::path::Path) -> Api {
        Api::with(store::Store::open(path, false).expect("a log file"))
    }

    /// A server with an in-memory log and these limits (short timeouts, small caps).
    pub fn open_with(limits: server::limit::Limits) -> Api {
        let store = store::Store::open_in_memory().expect("an in-memory log");
        Api::build(store, Api::test_settings(), Some(limits), None)
    }

    /// A server over `store` that texts seat offers through the SMS gateway of `sms`
    /// (issue 36).
    pub fn open_texting(store: store::Store, sms: server::sms::SmsConfig) -> Api {
        Api::build(store, Api::test_settings(), None, Some(sms))
    }

    /// Serves the app on a real listener on 127.0.0.1; its address.
    pub async fn listen(&self) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("an address").to_string();
        tokio::spawn(self.app.clone().serve(listener));
        addr
    }

    /// Tests register many players from one place: no limit unless a test sets one.
    fn test_settings() -> Settings {
        Settings {
            act_seconds: 30,
            register_rate: RegisterRate {
                per_minute: 0,
                burst: 0,
            },
            // One key for the tests, so that a log opened again unseals its seeds.
            seal_key: server::secret::SealKey::from_hex(&"5e".repeat(32)),
        }
    }

    fn with(store: store::Store) -> Api {
        Api::with_settings(store, Api::test_settings())
    }

    /// A server with the given settings over `store`.
    pub fn with_settings(store: store::Store, settings: Settings) -> Api {
        Api::build(store, settings, None, None)
    }

    fn build(
        store: store::Store,
        settings: Settings,
        limits: Option<server::limit::Limits>,
        sms: Option<server::sms::SmsConfig>,
    ) -> Api {
        // Read back off the test's runtime: PostgreSQL's client runs one of its own.
        let (opened, td) = std::thread::spawn(move || {
            let mut opened = Opened::open(store, settings).expect("a hub");
            // The bots choose the same way in every run.
            opened.set_bot_seed(1);
            // The online cash tables deal the same cards in every run.
            opened.seed_cash_deals(1);
            // A log opened again keeps only the hash: the tests' TD makes a new secret then.
            let td = match opened.new_td_secret().map(str::to_string) {
                Some(secret) => secret,
                None => opened.rotate_td_secret().expect("a new TD secret"),
            };
            if let Some(sms) = sms {
                opened.text_offers(sms);
            }
            (opened, td)
        })
        .join()
        .expect("the log read back");
        let app = match limits {
            Some(limits) => App::with_limits(opened, limits),
            None => App::new(opened),
        };
        Api { app, td }
    }

    /// Sends one request through the router; `body` is sent as it is (it may be malformed).
    pub async fn send(
        &self,
        method: Method,
        uri: &str,
        secret: Option<&str>,
        body: Option<&str>,
    ) -> Reply {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(secret) = secret {
            request = request.header("authorization", format!("Bearer {secret}"));
        }
        if body.is_some() {
            request = request.header("content-type", "application/json");
        }
        let request = request
            .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
            .expect("a request");
        self.send_request(request).await
    }

    /// Sends a request built by the test (its own headers, a client address in a
    /// `ConnectInfo` extension as `serve` gives one).
    pub async fn send_request(&self, request: Request<Body>) -> Reply {
        let uri = request.uri().to_string();
        let (status, headers, bytes) = self.answer(request).await;
        let body = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap_or_else(|e| {
                panic!(
                    "{uri}: the body is not JSON ({e}): {}",
                    String::from_utf8_lossy(&bytes)
                )
            })
        };
        Reply {
            status,
            content_type: content_type(&headers),
            headers,
            body,
        }
    }

    /// A GET answered with text (a file download): its status, content type and text.
    pub async fn get_text(&self, uri: &str) -> (StatusCode, Option<String>, String) {
        let request = Request::builder()
            .uri(uri)
            .body(Body::empty())
            .expect("a request");
        let (status, headers, bytes) = self.answer(request).await;
        (
            status,
            content_type(&headers),
            String::from_utf8_lossy(&bytes).into_owned(),
        )
    }

    /// A GET as `secret`'s holder, answered with anything (JSON, a file, a page): its status.
    pub async fn get_status(&self, uri: &str, secret: Option<&str>) -> StatusCode {
        let mut request = Request::builder().uri(uri);
        if let Some(secret) = secret {
            request = request.header("authorization", format!("Bearer {secret}"));
        }
        let request = request.body(Body::empty()).expect("a request");
        self.answer(request).await.0
    }

    /// The router's answer: status, headers and the whole body.
    pub async fn answer(
        &self,
        request: Request<Body>,
    ) -> (StatusCode, axum::http::HeaderMap, axum::body::Bytes) {
        let response = self
            .app
            .router()
            .oneshot(request)
            .await
            .expect("the router answers");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("a body");
        (status, headers, bytes)
    }

    pub async fn get(&self, uri: &str, secret: Option<&str>) -> Reply {
        self.send(Method::GET, uri, secret, None).await
    }

    pub async fn post(&self, uri: &str, secret: Option<&str>, body: &Value) -> Reply {
        self.send(Method::POST, uri, secret, Some(&body.to_string()))
            .await
    }

    /// A request that must succeed; its body.
    pub async fn ok(
        &self,
        method: Method,
        uri: &str,
        secret: Option<&str>,
        body: Option<&Value>,
    ) -> Value {
        let text = body.map(Value::to_string);
        let reply = self.send(method, uri, secret, text.as_deref()).await;
        assert_eq!(reply.status, StatusCode::OK, "{uri}: {}", reply.body);
        reply.body
    }

    /// A request that must be refused with `status` and `code`, writing nothing to the log;
    /// its `ApiError` body.
    pub async fn refused(
        &self,
        method: Method,
        uri: &str,
        secret: Option<&str>,
        body: Option<&str>,
        status: u16,
        code: &str,
    ) -> Value {
        let before = self.log_len();
        let reply = self.send(method, uri, secret, body).await;
        assert_eq!(reply.status.as_u16(), status, "{uri}: {}", reply.body);
        assert_eq!(
            reply.content_type.as_deref(),
            Some("application/json"),
            "{uri}: a refusal is JSON"
        );
        let error = &reply.body;
        assert_eq!(error["status"], json!(status), "{uri}: {error}");
        assert_eq!(error["code"], json!(code), "{uri}: {error}");
        assert!(
            error["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{error}"
        );
        assert!(
            error["rule"].is_null() || error["rule"].is_string(),
            "{error}"
        );
        assert_eq!(
            self.log_len(),
            before,
            "{uri}: a refused request wrote to the log: {error}"
        );
        reply.body
    }

    pub fn log_len(&self) -> u64 {
        self.app.hub().log_len()
    }

    /// The shipped template `name`'s TOML, from `GET /api/templates`.
    pub async fn template(&self, name: &str) -> String {
        let templates = self.ok(Method::GET, "/api/templates", None, None).await;
        templates
            .as_array()
            .expect("a list of templates")
            .iter()
            .find(|t| t["name"] == name)
            .and_then(|t| t["toml"].as_str())
            .unwrap_or_else(|| panic!("no template {name}"))
            .to_string()
    }

    /// The TD creates an event from a template with a fixed seed, open to self-registration
    /// (`registration.public`); its summary.
    pub async fn create_event(&self, template: &str, seed: u64) -> Value {
        let toml = public(&self.template(template).await);
        self.create_event_from(&toml, seed).await
    }

    /// The TD creates an event from its configuration's text with a fixed seed; its summary.
    pub async fn create_event_from(&self, toml: &str, seed: u64) -> Value {
        self.ok(
            Method::POST,
            "/api/events",
            Some(&self.td),
            Some(&json!({ "toml": toml, "seed": seed })),
        )
        .await
    }

    /// The TD creates a live event (`tables = "live"`, open to self-registration) from a
    /// template with a fixed seed; its summary.
    pub async fn create_live_event(&self, template: &str, seed: u64) -> Value {
        let toml = public(&self.template(template).await);
        let toml = toml.replacen("\nprofile", "\ntables = \"live\"\nprofile", 1);
        assert!(toml.contains("tables = \"live\""));
        self.create_event_from(&toml, seed).await
    }

    /// A player registers themselves; their entry and token.
    pub async fn register_self(&self, event: u32, name: &str) -> (u32, String) {
        let registered = self
            .ok(
                Method::POST,
                &format!("/api/events/{event}/register"),
                None,
                Some(&json!({ "name": name })),
            )
            .await;
        entry_and_token(&registered)
    }

    /// The desk registers a paying player (a live event's self-registration only reserves a
    /// seat); their entry and token.
    pub async fn register_desk(&self, event: u32, name: &str) -> (u32, String) {
        let registered = self
            .ok(
                Method::POST,
                &format!("/api/events/{event}/register"),
                Some(&self.td),
                Some(&json!({ "name": name })),
            )
            .await;
        entry_and_token(&registered)
    }

    /// The TD seats a bot; its entry and token.
    pub async fn register_bot(&self, event: u32, name: &str) -> (u32, String) {
        let registered = self
            .ok(
                Method::POST,
                &format!("/api/events/{event}/register"),
                Some(&self.td),
                Some(&json!({ "name": name, "bot": true })),
            )
            .await;
        entry_and_token(&registered)
    }

    pub async fn start(&self, event: u32) -> Value {
        self.ok(
            Method::POST,
            &format!("/api/events/{event}/start"),
            Some(&self.td),
            None,
        )
        .await
    }

    /// What a player's WebSocket does on connect: subscribes, and comes to the table (TDA-30).
    /// Keep the receiver: it gets the pushed messages.
    pub async fn connect(&self, event: EventId, token: &str) -> Inbox {
        let (tx, rx) = outbox(1 << 16, usize::MAX);
        let role = self.app.hub().role(Some(token)).expect("a known token");
        let topics = Topics {
            summary: true,
            seating: true,
            standings: true,
        };
        self.app
            .hub()
            .event(event)
            .expect("an event")
            .run(move |t| {
                let now = t.now;
                let (_, presence) = t.state_mut().subscribe(role, topics, tx, now)?;
                if let Some(command) = presence {
                    t.submit(command)?;
                }
                Ok(())
            })
            .await
            .expect("subscribed and present");
        rx
    }

    /// One round of the driver at the current time in every event: deals, ticks, timeouts,
    /// bots' actions, and the summaries pushed.
    pub async fn drive(&self) {
        for task in self.app.hub().events() {
            task.drive().await.expect("driven");
        }
    }

    /// Everything the server holds of the events and live tables, as debug text.
    pub async fn state_text(&self) -> String {
        let mut text = String::new();
        for task in self.app.hub().events() {
            let room = task
                .run(|t| Ok(format!("{:?}\n", t.state().room())))
                .await
                .expect("read");
            text.push_str(&room);
        }
        for task in self.app.hub().dealers() {
            let table = task
                .run(|t| Ok(format!("{:?}\n", t.state().table())))
                .await
                .expect("read");
            text.push_str(&table);
        }
        text
    }

    /// Reads an event's room in its task.
    pub async fn room<T: Send + 'static>(
        &self,
        event: EventId,
        f: impl FnOnce(&server::room::Room) -> T + Send + 'static,
    ) -> T {
        self.app
            .hub()
            .event(event)
            .expect("an event")
            .run(move |t| Ok(f(t.state().room())))
            .await
            .expect("read")
    }
}

fn content_type(headers: &axum::http::HeaderMap) -> Option<String> {
    headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
}

/// Opens the log at `path` with a seal key other than the tests' (issue 37); the error that
/// refuses it, if it is refused.
pub fn open_with_another_seal_key(path: &std::path::Path) -> Option<String> {
    let store = store::Store::open(path, false).expect("the log");
    let other = Settings {
        seal_key: server::secret::SealKey::from_hex(&"0f".repeat(32)),
        ..Settings::default()
    };
    std::thread::spawn(move || Opened::open(store, other).err())
        .join()
        .expect("opened")
        .map(|e| e.to_string())
}

/// An event's TOML with `registration.public` on.
pub fn public(toml: &str) -> String {
    if toml.contains("[registration]") {
        toml.replacen("[registration]", "[registration]\npublic = true", 1)
    } else {
        format!("{toml}\n[registration]\npublic = true\n")
    }
}

fn entry_and_token(registered: &Value) -> (u32, String) {
    let player = registered["player"].as_u64().expect("an entry") as u32;
    let token = registered["token"].as_str().expect("a token").to_string();
    (player, token)
}
