//! A live table's changes pushed to its tablets (`GET /api/floor/{table}/ws`): each change of
//! the table, and each look of the seeder at a tablet waiting for its table's next hand, sends
//! `{"type":"changed","v":N}`; the tablet then reads the table (`GET /api/floor/{table}`),
//! which writes nothing. While nothing happens nothing is sent, and the server does nothing
//! for the tablet but a ping now and then.

use crate::api::extract::LiveTableNo;
use crate::app::App;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::response::Response;

#[utoipa::path(
    get,
    path = "/api/floor/{table}/ws",
    operation_id = "live_table_ws",
    tag = "floor",
    summary = r#"WebSocket: a live table's changes"#,
    description = r#"A WebSocket (upgrade with `GET`), open to anyone who may read the table. The server sends `{"type":"changed","v":N}` (N counting up) after every change of the table, and while a tablet waits for its followed table's next hand whenever that may have come; the client then reads `GET /api/floor/{table}`. One `changed` comes at once on connect. Nothing the client sends is read but its close; the server pings every 20 s and closes with 1001 when it shuts down."#,
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 101, description = r#"Switching protocols; then `changed` text frames."#),
        crate::openapi::ReadRefusals
    )
)]
pub async fn upgrade(
    State(app): State<App>,
    LiveTableNo(table): LiveTableNo,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let changes = match app.hub().dealer(table) {
        Ok(task) => task
            .run(|tx| Ok(tx.state().changes()))
            .await
            .map(crate::push::Watching::new),
        Err(refusal) => Err(refusal),
    };
    crate::api::changes::answer(app, changes, ws)
}
