//! `POST /api/ring/tables/{table}/tablet` (TD): a dealer tablet that follows a live cash table
//! (issue 18). It starts the table's hand as the rules deal it (`cash::tablet`), opens a live
//! table following it (`FloorCommand::TrackCash`) and gives its dealer token.

use crate::api::extract::{Caller, CashTableNo, require_td};
use crate::app::App;
use crate::cash::tablet::start_and_deal;
use crate::refusal::{Fail, Refusal};
use axum::Json;
use axum::extract::State;
use protocol::{Actor, Command, FloorCommand, LiveTableId};
use ring::CashTableId;
use serde::Serialize;

/// A dealer tablet bound to a cash table: the live table it deals and its token, given once.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CashTablet {
    pub table: CashTableId,
    /// The live table it deals (`/api/floor/{id}`).
    pub live_table: LiveTableId,
    /// Shown once: only its hash is kept.
    pub token: String,
    /// The tablet page, signed in with the token.
    pub url: String,
}

/// `POST /api/ring/tables/{table}/tablet` (TD): a dealer tablet that follows the table.
#[utoipa::path(
    post,
    path = "/api/ring/tables/{table}/tablet",
    operation_id = "ring_tablet",
    tag = "ring",
    summary = r#"A dealer tablet that follows a cash table (TD)"#,
    description = r#"Starts the table's hand as the game's rules deal it (who is dealt in, who posts what) and opens a live table following it (`/api/floor/{live_table}`) with its dealer token. Each hand's `next-hand` settles it in the list's books (the rake from the winners) and the next hand comes 15 seconds later (time to top up, cash out or sit down between hands) once two players can be dealt in; players without chips sit out. A hand the floor ended (void, split) is raked nothing. 409 `not_a_tablet_table` for a table not opened for a tablet, `too_few_players` while fewer than two can be dealt in."#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"The tablet."#, body = CashTablet),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 403, response = crate::openapi::Forbidden),
        (status = 404, response = crate::openapi::NotFound),
        (status = 409, response = crate::openapi::Conflict),
        (status = 503, response = crate::openapi::Unavailable)
    )
)]
pub async fn bind(
    State(app): State<App>,
    Caller(role): Caller,
    table: Result<CashTableNo, Fail>,
) -> Result<Json<CashTablet>, Fail> {
    require_td(role)?;
    let CashTableNo(table) = table?;
    let deal = app
        .hub()
        .cash()
        .run(move |tx| start_and_deal(tx, table, false))
        .await?
        .ok_or_else(|| {
            Refusal::conflict(
                "too_few_players",
                format!("fewer than two players can be dealt in at cash table {table}"),
            )
        })?;
    let command = Command::Floor {
        by: Actor::Td,
        command: FloorCommand::TrackCash {
            cash_table: table,
            deal: Box::new(deal),
        },
    };
    let (live, token) = crate::api::tablet::open_following(&app, command).await?;
    Ok(Json(CashTablet {
        table,
        live_table: live,
        url: format!("/dealer?table={live}&token={token}"),
        token,
    }))
}
