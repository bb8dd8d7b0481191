//! The cash room's changes pushed to its pages (`GET /api/ring/ws`): the desk, the guests'
//! page and the board read the room again when told, instead of asking on a timer.

use crate::app::App;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::response::Response;

#[utoipa::path(
    get,
    path = "/api/ring/ws",
    operation_id = "ring_ws",
    tag = "ring",
    summary = r#"WebSocket: the cash room's changes"#,
    description = r#"A WebSocket (upgrade with `GET`), open to anyone. The server sends `{"type":"changed","v":N}` (N counting up) after every change of the cash room (a list, an offer, a seat, a hand's step, the books); the page then reads what it shows (`GET /api/ring`, `GET /api/ring/me`). A change that was only hands' steps at online tables says which: `{"type":"changed","v":N,"tables":[T]}` (table ids from 0), sent only to a page that was told of change N-1; a guest at another table need not read again, and nothing else on the board changed but those tables. One `changed` comes at once on connect, without `tables`. Nothing the client sends is read but its close; the server pings every 20 s and closes with 1001 when it shuts down."#,
    responses(
        (status = 101, description = r#"Switching protocols; then `changed` text frames."#),
        (status = 400, response = crate::openapi::BadRequest)
    )
)]
pub async fn upgrade(
    State(app): State<App>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let changes = app.hub().cash().run(|tx| Ok(tx.state().changes())).await;
    crate::api::changes::answer(app, changes, ws)
}
