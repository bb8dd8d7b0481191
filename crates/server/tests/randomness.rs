//! Without the system's randomness there are no secrets: registering, making an event without
//! a seed or a dealer token is refused with 503 and nothing written, never a secret made from
//! the clock. Alone in its binary: the switch is process-wide.

mod common;

use axum::http::Method;
use common::Api;
use serde_json::json;

#[tokio::test]
async fn no_secret_is_made_without_randomness() {
    let api = Api::open();
    api.create_event("turbo", 1).await;
    api.ok(
        Method::POST,
        "/api/floor",
        Some(&api.td),
        Some(&common::floor::tda_45_table()),
    )
    .await;
    server::secret::set_fail_random(true);
    let td = Some(api.td.as_str());
    let toml = api.template("turbo").await;
    let cases = [
        ("/api/events/0/register", None, json!({ "name": "Ann" })),
        (
            "/api/events/0/register",
            td,
            json!({ "name": "Bot", "bot": true }),
        ),
        ("/api/events", td, json!({ "toml": toml })),
        ("/api/floor/0/dealer-token", td, json!({})),
    ];
    for (uri, secret, body) in cases {
        api.refused(
            Method::POST,
            uri,
            secret,
            Some(&body.to_string()),
            503,
            "no_randomness",
        )
        .await;
    }
    // A new log gets no TD secret either: the server does not start.
    let opened = server::hub::Opened::open(
        store::Store::open_in_memory().unwrap(),
        server::hub::Settings::default(),
    );
    assert!(opened.is_err());
    server::secret::set_fail_random(false);
    api.register_self(0, "Ann").await;
}
