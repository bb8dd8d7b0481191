//! `GET /api/ring`: the waiting-list board, public (the names on a list are read out in the
//! room anyway). `POST /api/ring`: a list keeper's command, with the TD's secret; the answer is
//! the board after it.

use crate::app::App;
use crate::http::{Fail, body, require_td, role_of};
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use protocol::{Command, RingBoard, RingCommand};

pub async fn board(State(app): State<App>) -> Result<Json<RingBoard>, Fail> {
    let task = app.hub().cash();
    Ok(task
        .run(|tx| Ok(Json(super::wire::board(tx.state().room()))))
        .await?)
}

pub async fn command(
    State(app): State<App>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<RingBoard>, Fail> {
    require_td(role_of(&app, &headers)?)?;
    let command: RingCommand = body(&bytes)?;
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| {
            tx.submit(Command::Ring {
                by: "list keeper".into(),
                command,
            })?;
            Ok(Json(super::wire::board(tx.state().room())))
        })
        .await?)
}
