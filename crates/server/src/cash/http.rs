//! The cash room's routes. `GET /api/ring`: the waiting-list board, public (the names on a
//! list are read out in the room anyway). `POST /api/ring`: a list keeper's command, with the
//! TD's secret; the answer is the board after it. `POST /api/ring/guests`: a guest registers
//! from the browser and gets their token once. `GET`/`POST /api/ring/me`: a guest's own page and
//! what they ask for (join a list, take a seat, sit out, come back, play). `GET
//! /api/ring/tables/{table}`: a table as the public sees it; `.../statement`: its statement
//! (HC-1.10), for the list keeper.

use super::CashState;
use crate::app::App;
use crate::extract::{Body, CashTableNo};
use crate::http::{Fail, require_td, role_of};
use crate::room::Refusal;
use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::{Extensions, HeaderMap};
use protocol::Actor;
use protocol::{
    CashTableView, Command, GuestRequest, GuestView, RingBoard, RingCommand, TableStatement,
};
use ring::GuestId;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;

pub async fn board(State(app): State<App>) -> Result<Json<RingBoard>, Fail> {
    let task = app.hub().cash();
    Ok(task
        .run(|tx| Ok(Json(super::wire::board(tx.state().room()))))
        .await?)
}

pub async fn command(
    State(app): State<App>,
    headers: HeaderMap,
    Body(command): Body<RingCommand>,
) -> Result<Json<RingBoard>, Fail> {
    require_td(role_of(&app, &headers)?)?;
    if matches!(
        command,
        RingCommand::RegisterGuest { .. }
            | RingCommand::Deal { .. }
            | RingCommand::Act { .. }
            | RingCommand::TimeOut { .. }
    ) {
        return Err(Refusal::new(
            422,
            "not_a_list_keeper_command",
            "guests register and act themselves, and the server deals its online tables",
        )
        .into());
    }
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| {
            tx.submit(Command::Ring {
                by: Actor::ListKeeper,
                command,
            })?;
            Ok(Json(super::wire::board(tx.state().room())))
        })
        .await?)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGuest {
    name: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct GuestToken {
    pub guest: u32,
    /// The guest's secret, given once: it is sent as `Authorization: Bearer <token>`.
    pub token: String,
}

pub async fn register(
    State(app): State<App>,
    extensions: Extensions,
    Body(request): Body<NewGuest>,
) -> Result<Json<GuestToken>, Fail> {
    let address = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0.ip());
    app.hub().count_registration(address)?;
    let token = crate::secret::new_secret()?;
    let hash = crate::secret::hash(&token);
    let task = app.hub().cash();
    let guest = task
        .run(move |tx| {
            let guest = tx.state().room().guests().len() as u32;
            tx.submit(Command::Ring {
                by: Actor::Entrant,
                command: RingCommand::RegisterGuest {
                    name: request.name,
                    token: hash,
                },
            })?;
            Ok(guest)
        })
        .await?;
    Ok(Json(GuestToken { guest, token }))
}

fn guest(app: &App, headers: &HeaderMap) -> Result<GuestId, Refusal> {
    CashState::guest_of(role_of(app, headers)?).ok_or_else(|| {
        Refusal::new(
            401,
            "unauthorized",
            "a guest's token is needed (POST /api/ring/guests gives one)",
        )
    })
}

pub async fn me(State(app): State<App>, headers: HeaderMap) -> Result<Json<GuestView>, Fail> {
    let guest = guest(&app, &headers)?;
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| {
            super::view::guest_view(tx.state(), guest, tx.now)
                .map(Json)
                .ok_or_else(|| Refusal::not_found("no such guest"))
        })
        .await?)
}

/// HC-1.4: whether the guest still plays a tournament of the room: an entry of that name (as
/// the desk would know them) with a seat at an event's table.
async fn in_tournament(app: &App, guest: GuestId) -> Result<bool, Refusal> {
    let name = app
        .hub()
        .cash()
        .run(move |tx| {
            let room = tx.state().room();
            Ok(room.guest(guest).ok().map(|g| g.name.trim().to_lowercase()))
        })
        .await?;
    let Some(name) = name else {
        return Ok(false);
    };
    for event in app.hub().events() {
        let name = name.clone();
        let seated = event
            .run(move |tx| {
                let t = tx.state().room().tournament();
                Ok(!t.is_finished()
                    && t.entries().iter().any(|e| {
                        e.status == tournament::director::Status::Playing
                            && e.name.trim().to_lowercase() == name
                    }))
            })
            .await?;
        if seated {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A guest's request as the list keeper's command for them.
fn as_command(guest: GuestId, request: GuestRequest, in_tournament: bool) -> RingCommand {
    let g = guest.0;
    match request {
        GuestRequest::Join { game } => RingCommand::Join {
            guest: GuestId(g),
            game,
            in_tournament,
        },
        GuestRequest::Leave { game } => RingCommand::Leave {
            guest: GuestId(g),
            game,
        },
        GuestRequest::Accept { buy_in, wait } => RingCommand::Accept {
            guest: GuestId(g),
            buy_in,
            wait,
        },
        GuestRequest::Decline => RingCommand::Decline { guest: GuestId(g) },
        GuestRequest::Away => RingCommand::Away {
            guest: GuestId(g),
            away: true,
            wait: false,
        },
        GuestRequest::Back { wait } => RingCommand::Away {
            guest: GuestId(g),
            away: false,
            wait,
        },
        GuestRequest::TopUp { amount } => RingCommand::TopUp {
            guest: GuestId(g),
            amount,
        },
        GuestRequest::CashOut => RingCommand::CashOut { guest: GuestId(g) },
        GuestRequest::Act { hand, action } => RingCommand::Act {
            guest: GuestId(g),
            hand,
            action,
        },
    }
}

pub async fn ask(
    State(app): State<App>,
    headers: HeaderMap,
    Body(request): Body<GuestRequest>,
) -> Result<Json<GuestView>, Fail> {
    let guest = guest(&app, &headers)?;
    let playing =
        matches!(request, GuestRequest::Join { .. }) && in_tournament(&app, guest).await?;
    let command = as_command(guest, request, playing);
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| {
            tx.submit(Command::Ring {
                by: Actor::Guest(guest),
                command,
            })?;
            super::view::guest_view(tx.state(), guest, tx.now)
                .map(Json)
                .ok_or_else(|| Refusal::not_found("no such guest"))
        })
        .await?)
}

pub async fn table(
    State(app): State<App>,
    CashTableNo(table): CashTableNo,
) -> Result<Json<CashTableView>, Fail> {
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| {
            super::view::table_view(tx.state(), table, None, tx.now)
                .map(Json)
                .ok_or_else(|| Refusal::not_found(format!("no cash table {table}")))
        })
        .await?)
}

/// `GET /api/ring/tables/{table}/statement` (TD): the table's statement (HC-1.10).
pub async fn statement(
    State(app): State<App>,
    headers: HeaderMap,
    CashTableNo(table): CashTableNo,
) -> Result<Json<TableStatement>, Fail> {
    require_td(role_of(&app, &headers)?)?;
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| super::wire::statement(tx.state().room(), table).map(Json))
        .await?)
}
