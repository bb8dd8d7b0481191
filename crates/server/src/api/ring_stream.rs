//! The cash room's changes pushed to its pages (`GET /api/ring/ws`): the desk, the guests'
//! page and the board read the room again when told, instead of asking on a timer.

use crate::app::App;
use crate::push::Watching;
use crate::refusal::Refusal;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Query, State};
use axum::response::IntoResponse;
use axum::response::Response;
use std::collections::HashMap;

#[utoipa::path(
    get,
    path = "/api/ring/ws",
    operation_id = "ring_ws",
    tag = "ring",
    summary = r#"WebSocket: the cash room's changes"#,
    description = r#"A WebSocket (upgrade with `GET`), open to anyone. The server sends `{"type":"changed","v":N}` (N counting up) after every change of the cash room (a list, an offer, a seat, a hand's step, the books); the page then reads what it shows (`GET /api/ring`, `GET /api/ring/me`). A change that was only hands' steps at online tables says which: `{"type":"changed","v":N,"tables":[T]}` (table ids from 0), sent only to a page that was told of change N-1; a guest at another table need not read again, and nothing else on the board changed but those tables. One `changed` comes at once on connect, without `tables`. With `table` (a guest's page), only what concerns that guest is sent: every change beyond hands' steps as `{"type":"changed","v":N}`, and hands' steps at table `T` (`table=T`) as `{"type":"changed","v":N,"tables":[T]}`; `table=none` (a guest not seated) follows no table's steps. Nothing the client sends is read but its close; the server pings every 20 s and closes with 1001 when it shuts down."#,
    params(
        ("table" = Option<String>, Query, description = r#"A guest's page: the id (from 0) of the online table whose hands' steps it follows, or `none`. Without it, every change (the desk, the board)."#)
    ),
    responses(
        (status = 101, description = r#"Switching protocols; then `changed` text frames."#),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 404, description = r#"`table` is no table of the room (`not_found`)."#)
    )
)]
pub async fn upgrade(
    State(app): State<App>,
    Query(query): Query<HashMap<String, String>>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let table = match query.get("table").map(|t| t.trim()) {
        None => {
            let changes = app.hub().cash().run(|tx| Ok(tx.state().changes())).await;
            return crate::api::changes::answer(app, changes.map(Watching::new), ws);
        }
        Some("none") => None,
        Some(t) => match t.parse::<u32>() {
            Ok(t) => Some(ring::CashTableId(t)),
            Err(_) => {
                let refusal = Refusal::new(
                    axum::http::StatusCode::BAD_REQUEST,
                    "bad_query",
                    format!("table={t:?}: give a table's id (from 0) or none"),
                );
                return crate::refusal::Fail(refusal).into_response();
            }
        },
    };
    let changes = app
        .hub()
        .cash()
        .run(move |tx| tx.state_mut().following(table))
        .await;
    crate::api::changes::answer(app, changes, ws)
}
