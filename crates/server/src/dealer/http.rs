//! The dealer tablet's routes under `/api/floor` (registered in `http::routes`). Anyone may look
//! at a live table; only the TD's secret changes one. Every answer is the table's view.

use crate::app::App;
use crate::http::{Fail, body, require_td, with_hub};
use crate::hub::Hub;
use crate::room::Refusal;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use floor::procedure::Irregularity;
use protocol::{Command, FloorAct, FloorCommand, LiveTableId, LiveTableView, OpenTable};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::collections::HashMap;

type Answer = Result<Json<LiveTableView>, Fail>;

fn table_id(text: &str) -> Result<LiveTableId, Refusal> {
    text.parse().map_err(|_| {
        Refusal::new(
            400,
            "bad_path",
            format!("{text:?} is not a live table number"),
        )
    })
}

pub async fn list(State(app): State<App>) -> Json<Vec<LiveTableView>> {
    let hub = app.hub();
    Json(hub.dealer_tables().iter().map(|t| t.view()).collect())
}

pub async fn view(State(app): State<App>, Path(table): Path<String>) -> Answer {
    let table = table_id(&table)?;
    let hub = app.hub();
    Ok(Json(hub.dealer_table(table)?.view()))
}

pub async fn open(State(app): State<App>, headers: HeaderMap, bytes: Bytes) -> Answer {
    with_hub(&app, &headers, &HashMap::new(), |hub, role, now| {
        require_td(role)?;
        let request: OpenTable = body(&bytes)?;
        submit(hub, now, FloorCommand::Open(request))?;
        let table = hub
            .dealer_tables()
            .last()
            .ok_or_else(|| Refusal::internal("no table"))?;
        Ok(Json(table.view()))
    })
}

/// Checks the caller and the table, reads the body and submits the command it makes.
fn change<T: DeserializeOwned>(
    app: &App,
    headers: &HeaderMap,
    table: &str,
    bytes: &Bytes,
    command: impl FnOnce(LiveTableId, T) -> FloorCommand,
) -> Answer {
    let table = table_id(table)?;
    with_hub(app, headers, &HashMap::new(), |hub, role, now| {
        require_td(role)?;
        hub.dealer_table(table)?;
        let request: T = body(bytes)?;
        submit(hub, now, command(table, request))?;
        Ok(Json(hub.dealer_table(table)?.view()))
    })
}

fn submit(hub: &mut Hub, now: u64, command: FloorCommand) -> Result<(), Refusal> {
    hub.submit(
        now,
        Command::Floor {
            by: "td".into(),
            command,
        },
    )
    .map(|_| ())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandRef {
    hand: u64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActRequest {
    hand: u64,
    act: FloorAct,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IrregularityRequest {
    hand: u64,
    irregularity: Irregularity,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRequest {
    hand: u64,
    /// `null` or left out: laid but not entered.
    #[serde(default)]
    cards: Option<Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShowRequest {
    hand: u64,
    player: u8,
    cards: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MuckRequest {
    hand: u64,
    player: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AwardRequest {
    hand: u64,
    pot: usize,
    winners: Vec<u8>,
}

/// A handler: the state, the headers, the table in the path and the body.
macro_rules! route {
    ($name:ident, $request:ty, |$table:ident, $r:ident| $command:expr) => {
        pub async fn $name(
            State(app): State<App>,
            headers: HeaderMap,
            Path(table): Path<String>,
            bytes: Bytes,
        ) -> Answer {
            change(&app, &headers, &table, &bytes, |$table, $r: $request| {
                $command
            })
        }
    };
}

route!(act, ActRequest, |table, r| FloorCommand::Act {
    table,
    hand: r.hand,
    act: r.act,
});
route!(notice, HandRef, |table, r| FloorCommand::Notice {
    table,
    hand: r.hand,
});
route!(irregularity, IrregularityRequest, |table, r| {
    FloorCommand::Irregularity {
        table,
        hand: r.hand,
        irregularity: r.irregularity,
    }
});
route!(board, BoardRequest, |table, r| FloorCommand::Board {
    table,
    hand: r.hand,
    cards: r.cards,
});
route!(show, ShowRequest, |table, r| FloorCommand::Show {
    table,
    hand: r.hand,
    player: r.player,
    cards: r.cards,
});
route!(muck, MuckRequest, |table, r| FloorCommand::Muck {
    table,
    hand: r.hand,
    player: r.player,
});
route!(award, AwardRequest, |table, r| FloorCommand::Award {
    table,
    hand: r.hand,
    pot: r.pot,
    winners: r.winners,
});
route!(next_hand, HandRef, |table, r| FloorCommand::NextHand {
    table,
    hand: r.hand,
});
