//! Issue 36 item 3: a guest's number (with consent, shown only to the desk, gone with the
//! guest) and the text sent through the house's SMS gateway when a seat is offered: a local
//! receiver takes the POSTs and checks the body, the header, that one offer makes one text,
//! the retries, a failure shown on the desk, and that a replay sends nothing again.

mod common;

use axum::http::{HeaderMap, Method, StatusCode};
use common::Api;
use serde_json::{Value, json};
use server::sms::SmsConfig;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const PHONE: &str = "+491701234567";

/// What the gateway was sent: each request's headers and body.
#[derive(Clone, Default)]
struct Received(Arc<Mutex<Vec<(HeaderMap, Value)>>>);

impl Received {
    fn len(&self) -> usize {
        self.0.lock().unwrap().len()
    }

    fn all(&self) -> Vec<(HeaderMap, Value)> {
        self.0.lock().unwrap().clone()
    }

    /// Waits until `n` requests came (5 s at most), then a little more for any extra one.
    async fn wait_for(&self, n: usize) {
        for _ in 0..500 {
            if self.len() >= n {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    /// Gives a text that should not come the time to come all the same.
    async fn quiet(&self) {
        tokio::time::sleep(Duration::from_millis(400)).await;
    }
}

/// A gateway on 127.0.0.1 answering the statuses of `script` in turn, then 200; its URL.
async fn gateway(script: Vec<u16>, always_fail: bool) -> (String, Received) {
    let received = Received::default();
    let seen = received.clone();
    let script = Arc::new(Mutex::new(script.into_iter()));
    let app = axum::Router::new().route(
        "/sms",
        axum::routing::post(move |headers: HeaderMap, body: String| {
            let seen = seen.clone();
            let script = script.clone();
            async move {
                let body: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
                seen.0.lock().unwrap().push((headers, body));
                if always_fail {
                    return StatusCode::INTERNAL_SERVER_ERROR;
                }
                let next = script.lock().unwrap().next().unwrap_or(200);
                StatusCode::from_u16(next).unwrap()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}/sms"), received)
}

/// The gateway's config with short pauses between tries (the server's are 1 to 16 s).
fn config(url: &str, token: Option<&str>, retries: usize) -> SmsConfig {
    let mut config = SmsConfig::new(url, token).unwrap();
    config.retries = vec![Duration::from_millis(20); retries];
    config
}

async fn keep(api: &Api, command: Value) -> Value {
    api.ok(Method::POST, "/api/ring", Some(&api.td), Some(&command))
        .await
}

/// A game of two seats and a table open for it.
async fn room(api: &Api) {
    keep(
        api,
        json!({ "type": "add_game", "name": "NLHE 1/2", "variant": "NT", "small_blind": 1,
                "big_blind": 2, "seats": 2, "min_buy_in": 40, "max_buy_in": 200 }),
    )
    .await;
    keep(
        api,
        json!({ "type": "open_table", "game": 0, "mode": "list_keeper", "opened_by": "Anna" }),
    )
    .await;
}

/// A guest registers from the browser; their token.
async fn register(api: &Api, body: Value) -> String {
    let reply = api
        .ok(Method::POST, "/api/ring/guests", None, Some(&body))
        .await;
    reply["token"].as_str().unwrap().to_string()
}

async fn join(api: &Api, token: &str) -> Value {
    api.ok(
        Method::POST,
        "/api/ring/me",
        Some(token),
        Some(&json!({ "type": "join", "game": 0 })),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_offer_is_texted_once_to_the_number_left_with_consent() {
    let (url, received) = gateway(Vec::new(), false).await;
    let store = store::Store::open_in_memory().unwrap();
    let api = Api::open_texting(store, config(&url, Some("gw-token"), 5));
    room(&api).await;
    // A number without consent, or not a number, is refused and writes no guest.
    let no_consent = json!({ "name": "Ben", "phone": PHONE }).to_string();
    api.refused(
        Method::POST,
        "/api/ring/guests",
        None,
        Some(&no_consent),
        422,
        "consent_needed",
    )
    .await;
    let bad = json!({ "name": "Ben", "phone": "0170 123", "consent": true }).to_string();
    api.refused(
        Method::POST,
        "/api/ring/guests",
        None,
        Some(&bad),
        422,
        "bad_phone",
    )
    .await;
    let ben = register(
        &api,
        json!({ "name": "Ben", "phone": "+49 170 1234567", "consent": true, "lang": "en" }),
    )
    .await;
    let cem = register(&api, json!({ "name": "Cem" })).await;
    // The desk too leaves a number only with the guest's consent.
    let desk_no_consent = json!({ "type": "set_phone", "guest": 1, "phone": PHONE }).to_string();
    let refused = api
        .refused(
            Method::POST,
            "/api/ring",
            Some(&api.td),
            Some(&desk_no_consent),
            422,
            "consent_needed",
        )
        .await;
    assert_eq!(
        refused["key"], "refused_ring_phone_without_consent",
        "{refused}"
    );
    let view = join(&api, &ben).await;
    assert_eq!(view["offer"]["seat"], 1, "{view}");
    assert_eq!(view["phone_set"], true);
    assert_eq!(view["lists"][0]["why"], "offer_here");
    // Cem has no number: the second seat is offered without a text.
    join(&api, &cem).await;
    received.wait_for(1).await;
    let all = received.all();
    assert_eq!(all.len(), 1, "one offer, one text: {all:?}");
    let (headers, body) = &all[0];
    assert_eq!(headers["authorization"], "Bearer gw-token");
    assert_eq!(headers["content-type"], "application/json");
    assert_eq!(body["to"], PHONE);
    let text = body["text"].as_str().unwrap();
    assert!(text.contains("NLHE 1/2, table 1, seat 1"), "{text}");
    assert!(text.contains("2 minutes"), "{text}");
    assert_eq!(
        body.as_object().unwrap().len(),
        2,
        "to and text only: {body}"
    );

    // The number is the desk's alone: not on the public board, not in another guest's view.
    let board = api.get("/api/ring", None).await;
    assert!(!board.body.to_string().contains("1701234567"));
    let other = api.get("/api/ring/me", Some(&cem)).await;
    assert!(!other.body.to_string().contains("1701234567"));
    assert_eq!(api.get("/api/ring/desk", None).await.status, 401);
    assert_eq!(api.get("/api/ring/desk", Some(&cem)).await.status, 401);
    let desk = api
        .ok(Method::GET, "/api/ring/desk", Some(&api.td), None)
        .await;
    assert_eq!(desk["sms"], true);
    assert_eq!(desk["sms_sent"], 1);
    assert_eq!(
        desk["phones"],
        json!([{ "guest": 0, "name": "Ben", "phone": PHONE, "lang": "en" }])
    );

    // Ben takes the number back, then asks to be forgotten: no name, no number anywhere.
    let view = api
        .ok(
            Method::POST,
            "/api/ring/me",
            Some(&ben),
            Some(&json!({ "type": "phone", "phone": null })),
        )
        .await;
    assert_eq!(view["phone_set"], false);
    let desk = api
        .ok(Method::GET, "/api/ring/desk", Some(&api.td), None)
        .await;
    assert_eq!(desk["phones"], json!([]));
    api.ok(
        Method::POST,
        "/api/ring/me",
        Some(&ben),
        Some(&json!({ "type": "phone", "phone": PHONE, "consent": true })),
    )
    .await;
    let forgotten = api
        .ok(
            Method::POST,
            "/api/ring/me",
            Some(&ben),
            Some(&json!({ "type": "forget" })),
        )
        .await;
    assert_eq!(forgotten["name"], "");
    let board = api.get("/api/ring", None).await.body;
    assert!(!board.to_string().contains("Ben"), "{board}");
    let desk = api
        .ok(Method::GET, "/api/ring/desk", Some(&api.td), None)
        .await;
    assert_eq!(desk["phones"], json!([]));
    assert_eq!(api.get("/api/ring/me", Some(&ben)).await.status, 404);
    // The seat held for Ben went on to the next: Cem now has both to choose from, one at a time.
    let cem_view = api.get("/api/ring/me", Some(&cem)).await.body;
    assert!(cem_view["offer"].is_object(), "{cem_view}");
    // Still one text in all.
    received.quiet().await;
    assert_eq!(received.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_text_the_gateway_refuses_at_first_is_sent_again_until_taken() {
    let (url, received) = gateway(vec![500, 503], false).await;
    let store = store::Store::open_in_memory().unwrap();
    let api = Api::open_texting(store, config(&url, None, 5));
    room(&api).await;
    let ben = register(
        &api,
        json!({ "name": "Ben", "phone": PHONE, "consent": true }),
    )
    .await;
    join(&api, &ben).await;
    received.wait_for(3).await;
    let all = received.all();
    assert_eq!(all.len(), 3, "two refusals, then taken: {all:?}");
    assert!(
        all.iter()
            .all(|(h, b)| b == &all[0].1 && !h.contains_key("authorization"))
    );
    // German unless the page says otherwise.
    assert!(
        all[0].1["text"]
            .as_str()
            .unwrap()
            .contains("Tisch 1, Platz 1")
    );
    let desk = api
        .ok(Method::GET, "/api/ring/desk", Some(&api.td), None)
        .await;
    assert_eq!(desk["sms_sent"], 1);
    assert_eq!(desk["sms_failed"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_text_that_cannot_be_sent_shows_on_the_desk() {
    let (url, received) = gateway(Vec::new(), true).await;
    let store = store::Store::open_in_memory().unwrap();
    let api = Api::open_texting(store, config(&url, None, 2));
    room(&api).await;
    let ben = register(
        &api,
        json!({ "name": "Ben", "phone": PHONE, "consent": true }),
    )
    .await;
    join(&api, &ben).await;
    received.wait_for(3).await;
    assert_eq!(received.len(), 3, "a try and two retries");
    let mut desk = Value::Null;
    for _ in 0..100 {
        desk = api
            .ok(Method::GET, "/api/ring/desk", Some(&api.td), None)
            .await;
        if desk["sms_failed"].as_array().is_some_and(|f| !f.is_empty()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let failed = &desk["sms_failed"][0];
    assert_eq!(failed["guest"], 0, "{desk}");
    assert_eq!(failed["name"], "Ben");
    assert_eq!(failed["table"], 0);
    assert_eq!(failed["seat"], 1);
    assert_eq!(failed["attempts"], 3);
    assert_eq!(failed["why"], "HTTP 500");
    assert_eq!(desk["sms_sent"], 0);
    // The number never shows in the failure: the desk's list of numbers has it, once.
    assert!(!failed.to_string().contains("1701234567"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_replayed_at_a_restart_is_not_texted_again() {
    let (url, received) = gateway(Vec::new(), false).await;
    let dir = std::env::temp_dir().join(format!(
        "croupier-sms-{}-{}",
        std::process::id(),
        server::clock::now_ms()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("log.db");
    {
        let api = Api::open_texting(
            store::Store::open(&file, false).unwrap(),
            config(&url, None, 1),
        );
        room(&api).await;
        let ben = register(
            &api,
            json!({ "name": "Ben", "phone": PHONE, "consent": true }),
        )
        .await;
        join(&api, &ben).await;
        received.wait_for(1).await;
        assert_eq!(received.len(), 1);
    }
    let api = Api::open_texting(
        store::Store::open(&file, false).unwrap(),
        config(&url, None, 1),
    );
    let desk = api
        .ok(Method::GET, "/api/ring/desk", Some(&api.td), None)
        .await;
    assert_eq!(desk["phones"][0]["phone"], PHONE, "the number is replayed");
    let board = api.get("/api/ring", None).await.body;
    assert!(
        board["games"][0]["waiting"][0]["offer"].is_object(),
        "{board}"
    );
    received.quiet().await;
    assert_eq!(received.len(), 1, "the replayed offer is not texted again");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn the_gateway_is_plain_http_and_the_token_printable() {
    assert!(SmsConfig::new("https://sms.example.org/send", None).is_err());
    assert!(SmsConfig::new("ftp://sms.example.org/send", None).is_err());
    assert!(SmsConfig::new("http:///send", None).is_err());
    assert!(SmsConfig::new("http://127.0.0.1:9/send", Some("two words")).is_err());
    assert!(SmsConfig::new("http://127.0.0.1:9/send", Some("t0ken")).is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_text_for_an_offer_answered_meanwhile_is_not_tried_again() {
    let (url, received) = gateway(Vec::new(), true).await;
    let store = store::Store::open_in_memory().unwrap();
    let mut config = config(&url, None, 0);
    config.retries = vec![Duration::from_millis(300); 5];
    let api = Api::open_texting(store, config);
    room(&api).await;
    // A declined offer loses the place: no second offer (of the other seat) to Ben.
    keep(
        &api,
        json!({ "type": "configure", "offer_seconds": 120, "lose_place": true, "interest_min": 4 }),
    )
    .await;
    let ben = register(
        &api,
        json!({ "name": "Ben", "phone": PHONE, "consent": true }),
    )
    .await;
    join(&api, &ben).await;
    received.wait_for(1).await;
    // Ben says no before the text got through: the seat is no longer his to be told of.
    api.ok(
        Method::POST,
        "/api/ring/me",
        Some(&ben),
        Some(&json!({ "type": "decline" })),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    assert!(received.len() <= 2, "{} tries", received.len());
    let desk = api
        .ok(Method::GET, "/api/ring/desk", Some(&api.td), None)
        .await;
    assert_eq!(desk["sms_failed"], json!([]), "nothing to tell the desk");
}
