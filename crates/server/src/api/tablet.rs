//! Tablets bound to a live event's tables (`tables = "live"`): the TD makes one per table; its
//! dealer reports that table's hands with the busts they call (HC-1.8) and its button, and
//! confirms the director's instructions for it. A tablet's token is valid for its own table
//! only, until the event is finished: a broken table's tablet still confirms its players'
//! moves, and shows the table closed. A new tablet for a table replaces the old one. With `{"track": true}` the tablet is
//! the dealer tablet (`/dealer`) following the table's every hand instead: it deals the hand
//! the director started there, and reports busts and hand ends from the hand itself
//! (`dealer::link`).

use crate::api::extract::{Body, EventNo, TableNo};
use crate::api::extract::{Caller, read_event, require_td, with_event};
use crate::app::App;
use crate::refusal::Fail;
use crate::refusal::Refusal;
use crate::role::Role;
use crate::said::RoomRefused;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use protocol::Actor;
use protocol::EventCommand;
use protocol::{
    Command, EventId, EventSummary, FloorCommand, LiveTableId, TableNumber, TableReport, TdCommand,
};
use serde::{Deserialize, Serialize};

/// A tablet's token for one table of a live event.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TabletToken {
    event: EventId,
    /// Numbered from 1.
    table: u32,
    /// Shown once: only its hash is kept.
    token: String,
    /// The tablet page for this table, signed in with the token.
    url: String,
    /// A tablet that follows every hand: the live table it deals (`/api/floor/{id}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    live_table: Option<LiveTableId>,
}

/// What the TD asks for: the reporting pad (the default), or a dealer tablet that follows every
/// hand.
#[derive(Debug, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[schema(as = TabletRequest)]
#[serde(deny_unknown_fields)]
pub struct BindRequest {
    #[serde(default)]
    track: bool,
}

#[utoipa::path(
    post,
    path = "/api/events/{event}/tables/{table}/tablet",
    operation_id = "bind_tablet",
    tag = "td",
    summary = r#"Bind a tablet to a live event's table (TD)"#,
    description = r#"A token for the dealer's tablet at one table of a live event (`tables = "live"`): it reports that table's hands, busts and button and confirms the director's instructions for it (`POST .../report`), and nothing else. Shown in this answer only (the server keeps its hash); a new one for the table replaces the old, which stops working; a broken table's token keeps working until the event is finished, to confirm its players' moves (its reports of hands are refused, 409 `broken`). `url` opens the tablet page signed in with it. With `{"track": true}` the token is instead a dealer token for a live table (`/api/floor/{live_table}`, page `/dealer`) that follows this table from the hand it plays now: it deals each hand the director starts there, and when the dealer moves on, reports the hand's busts (who won their chips, their stacks at the start) and every other stack to the event, then waits for the director's next hand (its view's `tracking`). A table between hands is refused (409) for that. Refused (409) for an event the server deals or a broken table."#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0),
        ("table" = u32, Path, description = r#"The table's number, from 1."#, minimum = 1)
    ),
    request_body = Option<BindRequest>,
    responses(
        (status = 200, description = r#"The token."#, body = TabletToken),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 404, response = crate::openapi::NotFound),
        (status = 409, response = crate::openapi::Conflict),
        (status = 503, response = crate::openapi::Unavailable)
    )
)]
pub async fn bind(
    State(app): State<App>,
    Caller(role): Caller,
    EventNo(event): EventNo,
    TableNo(table): TableNo,
    request: Body<BindRequest>,
) -> Result<Json<TabletToken>, Fail> {
    require_td(role)?;
    // No body at all asks for a pad.
    let request = request.read_or_default()?;
    if request.track {
        return track(&app, event, table).await;
    }
    let token = crate::secret::new_secret()?;
    with_event(&app, role, event, move |tx, _| {
        tx.submit(EventCommand::BindTablet {
            event,
            table,
            token: crate::secret::hash(&token),
            by: Actor::Td,
        })?;
        Ok(Json(TabletToken {
            event,
            table: table.0,
            url: format!("/tablet?event={event}&table={table}&token={token}"),
            token,
            live_table: None,
        }))
    })
    .await
}

/// A dealer tablet that follows the event's table from the hand it plays now.
async fn track(app: &App, event: EventId, table: TableNumber) -> Result<Json<TabletToken>, Fail> {
    let deal = read_event(app, event, move |s, _| {
        let room = s.room();
        if !room.tournament().is_live() {
            return Err(Refusal::keyed(
                StatusCode::CONFLICT,
                "dealt_by_server",
                &RoomRefused::NothingToFollow,
            ));
        }
        room.linked_deal(table.index()).ok_or_else(|| {
            Refusal::keyed(
                StatusCode::CONFLICT,
                "between_hands",
                &RoomRefused::BetweenHands { table: table.0 },
            )
        })
    })
    .await?;
    let command = Command::Floor {
        by: Actor::Td,
        command: FloorCommand::Track {
            event,
            event_table: table,
            deal: Box::new(deal),
        },
    };
    let (live, token) = open_following(app, command).await?;
    Ok(Json(TabletToken {
        event,
        table: table.0,
        url: format!("/dealer?table={live}&token={token}"),
        token,
        live_table: Some(live),
    }))
}

/// Opens the live table a following tablet deals (`command`: what it follows, with the hand in
/// play) and makes its dealer token; each is kept even if the request is dropped.
pub(crate) async fn open_following(
    app: &App,
    command: Command,
) -> Result<(LiveTableId, String), Refusal> {
    let now = app.now();
    let live = app
        .to_the_end(move |app| async move { app.hub().open_table(now, command).await })
        .await?;
    let token = app
        .to_the_end(move |app| async move { app.hub().new_dealer_token(live).await })
        .await?;
    Ok((live, token))
}

/// Who may report for a table: the TD, or the tablet bound to it.
fn reporter(role: Role, event: EventId, table: TableNumber) -> Result<Actor, Refusal> {
    match role {
        Role::Td => Ok(Actor::Td),
        Role::Tablet { event: e, table: t } if e == event && t == table => {
            Ok(Actor::Dealer(protocol::Tablet::EventTable(table)))
        }
        Role::Tablet { .. } => Err(Refusal::keyed(
            StatusCode::FORBIDDEN,
            "forbidden",
            &RoomRefused::OtherTablesTablet,
        )),
        Role::Player { .. } | Role::Dealer { .. } | Role::Guest { .. } => Err(Refusal::keyed(
            StatusCode::FORBIDDEN,
            "forbidden",
            &RoomRefused::TabletTokenNeeded,
        )),
        Role::Public => Err(Refusal::keyed(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            &RoomRefused::TabletTokenNeeded,
        )),
    }
}

#[utoipa::path(
    post,
    path = "/api/events/{event}/tables/{table}/report",
    operation_id = "table_report",
    tag = "td",
    summary = r#"A report from a live event's table (its tablet or the TD)"#,
    description = r#"The end of the hand in play with the busts the dealer called (HC-1.8), the button's seat or the cards dealt for it (TDA-RP-14), an instruction for this table carried out, or the cards dealt here for a draw as they fell: HC-1.8's card per table (`source_cards`, at the short table only) or this table's chip race (`race_cards`); or the seat cards of this table's draw (`seat_cards`: the final table's, HC-1.7, TDA-RP-9, or this broken table's players', TDA-10); the TD commands `hand_over`, `button`, `button_cards`, `confirm`, `source_cards`, `race_cards` and `seat_cards` for this table only. The table's tablet token or the TD's secret; another table's tablet is refused (403). A broken table's tablet still confirms its players' moves and enters their seat cards; anything else from it is refused (409 `broken`)."#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0),
        ("table" = u32, Path, description = r#"The table's number, from 1."#, minimum = 1)
    ),
    request_body = TableReport,
    responses(
        (status = 200, description = r#"The event after the report."#, body = EventSummary),
        crate::openapi::WriteRefusals
    )
)]
pub async fn report(
    State(app): State<App>,
    Caller(role): Caller,
    EventNo(event): EventNo,
    TableNo(table): TableNo,
    body: Body<TableReport>,
) -> Result<Json<EventSummary>, Fail> {
    with_event(&app, role, event, move |tx, role| {
        let by = reporter(role, event, table)?;
        let report = body.read()?;
        let t = tx.state().room().tournament();
        // A broken table still confirms what concerns it (its players' moves); it has no
        // hands to report.
        if t.table(tournament::TableId(table.index()))
            .is_ok_and(|x| x.broken)
            && !matches!(
                report,
                TableReport::Confirm { .. } | TableReport::SeatCards { .. }
            )
        {
            return Err(Refusal::keyed(
                StatusCode::CONFLICT,
                "broken",
                &RoomRefused::BrokenNothingToReport { table: table.0 },
            ));
        }
        let action = match report {
            TableReport::HandOver { busts } => TdCommand::HandOver {
                table,
                busts,
            },
            TableReport::Button { seat } => TdCommand::Button {
                table,
                seat,
            },
            TableReport::ButtonCards { cards } => TdCommand::ButtonCards {
                table,
                cards,
            },
            TableReport::RaceCards { cards } => TdCommand::RaceCards {
                table,
                cards,
            },
            TableReport::SeatCards { seats } => TdCommand::SeatCards {
                table,
                seats,
            },
            TableReport::SourceCards { cards } => {
                // Dealt at the short table, which its instruction names first.
                let short = tx
                    .state()
                    .room()
                    .instruction_lines()
                    .into_iter()
                    .any(|i| i.kind == "source_cards" && i.tables.first() == Some(&table));
                if !short && role != Role::Td {
                    return Err(Refusal::forbidden(format!(
                        "table {table} deals no cards for the tables now (HC-1.8: the short table does)"
                    )));
                }
                TdCommand::SourceCards { cards }
            }
            TableReport::Confirm { instruction } => {
                let room = tx.state().room();
                let line = room
                    .instruction_lines()
                    .into_iter()
                    .find(|i| i.id == instruction);
                if let Some(line) = line
                    && role != Role::Td
                    && !line.tables.contains(&table)
                {
                    return Err(Refusal::keyed(
                        StatusCode::FORBIDDEN,
                        "forbidden",
                        &RoomRefused::NotForThisTable {
                            instruction,
                            table: table.0,
                        },
                    ));
                }
                TdCommand::Confirm { instruction }
            }
        };
        tx.submit(EventCommand::Td { event, by, action })?;
        Ok(Json(tx.state().room().summary(tx.now)))
    })
    .await
}
