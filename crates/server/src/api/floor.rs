//! The dealer tablet's routes under `/api/floor` (registered in `http::routes`). Anyone may look
//! at a live table; the TD opens one and makes its dealer token, and a table is changed with
//! the TD's secret or that table's token only (a tablet holds no more than its own table).
//! Every answer but the token's is the table's view.

use crate::api::extract::{Body, LiveTableNo};
use crate::api::extract::{Caller, read_event, require_td};
use crate::app::App;
use crate::dealer::Followed;
use crate::refusal::Fail;
use crate::refusal::Refusal;
use crate::role::Role;
use crate::task::Signed;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use floor::procedure::Irregularity;
use protocol::EventCommand;
use protocol::{Actor, Tablet};
use protocol::{
    Command, CountedStack, FloorAct, FloorCommand, LiveTableId, LiveTableView, OpenTable,
    RingCommand, TdCommand,
};
use ring::CashTableId;
use serde::{Deserialize, Serialize};

type Answer = Result<Json<LiveTableView>, Fail>;

#[utoipa::path(
    get,
    path = "/api/floor",
    operation_id = "list_live_tables",
    tag = "floor",
    summary = r#"Every live table"#,
    responses(
        (status = 200, description = r#"Every live table's view, in order of opening."#, body = Vec<LiveTableView>)
    )
)]
pub async fn list(State(app): State<App>) -> Result<Json<Vec<LiveTableView>>, Fail> {
    let mut all = Vec::new();
    for task in app.hub().dealers() {
        all.push(task.run(|tx| Ok(tx.state().table().view())).await?);
    }
    Ok(Json(all))
}

#[utoipa::path(
    get,
    path = "/api/floor/{table}",
    operation_id = "live_table",
    tag = "floor",
    summary = r#"A live table"#,
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"The table and its hand."#, body = LiveTableView),
        crate::openapi::ReadRefusals
    )
)]
pub async fn view(State(app): State<App>, LiveTableNo(table): LiveTableNo) -> Answer {
    // A followed table's next hand comes to it by itself (`seeder`): the read waits for what
    // is due and writes nothing.
    app.seeded().await;
    let task = app.hub().dealer(table)?;
    let mut view = task.run(|tx| Ok(tx.state().table().view())).await?;
    if view.tracking.is_some() && retired(&app, table).await? {
        if let Some(t) = view.tracking.as_mut() {
            t.broken = true;
        }
    } else if let Some(t) = view.tracking.as_mut().filter(|t| t.waiting && t.cash) {
        // Nothing more comes once the cash table is closed.
        let cash = CashTableId(t.table - 1);
        t.broken = app
            .hub()
            .cash()
            .run(move |tx| Ok(tx.state().room().table(cash).is_ok_and(|x| !x.is_open())))
            .await?;
    } else if let Some(t) = view.tracking.as_mut().filter(|t| t.waiting) {
        let (event, number) = (t.event, t.table);
        // Nothing more comes once the table is broken or the event is over.
        t.broken = read_event(&app, event, move |s, _| {
            let t = s.room().tournament();
            Ok(t.is_finished()
                || t.table(tournament::TableId(number - 1))
                    .is_ok_and(|x| x.broken))
        })
        .await?;
    }
    Ok(Json(view))
}

/// A tablet that follows an event's table is retired once a newer one follows it: a new
/// tablet for a table replaces the old, as pads do (the hub knows the newest, `Hub::retired`).
async fn retired(app: &App, table: LiveTableId) -> Result<bool, Fail> {
    let task = app.hub().dealer(table)?;
    let followed = task
        .run(|tx| Ok(tx.state().table().follows_table()))
        .await?;
    Ok(followed.is_some_and(|f| app.hub().retired(table, f)))
}

/// Refused (409 `retired`) for a tablet a newer one replaced: it does nothing more, neither
/// enters a hand nor reports one (issue 33 item 6).
async fn reports_still(app: &App, table: LiveTableId) -> Result<(), Fail> {
    if retired(app, table).await? {
        return Err(Refusal::conflict(
            "retired",
            "a newer tablet follows this table: this one can do nothing more".to_string(),
        )
        .into());
    }
    Ok(())
}

/// The hand is over. A followed table first reports it to its event, from the hand itself:
/// busts with who won their chips and their stacks at the start (HC-1.2, HC-1.3), every other
/// stack as counted; a report already in (a retry) is not sent again.
#[utoipa::path(
    post,
    path = "/api/floor/{table}/next-hand",
    operation_id = "floor_next_hand",
    tag = "floor",
    summary = r#"Deal the next hand (TD or dealer)"#,
    description = r#"When the hand is over: the stacks go to the table, busted players leave, the button and blinds move on (TDA-32). The TD's secret or this table's dealer token (403 with another table's token or a player's)."#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    request_body = HandRef,
    responses(
        (status = 200, description = r#"The table after the change."#, body = LiveTableView),
        crate::openapi::WriteRefusals
    )
)]
pub async fn next_hand(
    State(app): State<App>,
    Caller(role): Caller,
    LiveTableNo(id): LiveTableNo,
    body: Body<HandRef>,
) -> Answer {
    dealer_of(role, id)?;
    reports_still(&app, id).await?;
    let asked = body.read()?;
    let task = app.hub().dealer(id)?;
    let report = task
        .run(move |tx| {
            let t = tx.state().table();
            // Only the hand the dealer means is reported: a retry of an older one is not.
            Ok(match t.follows_table() {
                _ if t.follows() != Some(asked.hand) => None,
                Some(Followed::Cash { .. }) => Some(Report::Cash(t.cash_report())),
                Some(Followed::Event { .. }) => Some(Report::Event(t.report())),
                None => None,
            })
        })
        .await?;
    if let Some(report) = report {
        match report {
            Report::Cash(report) => settle_cash(&app, id, report?).await?,
            Report::Event(report) => report_to_event(&app, report?).await?,
        }
    }
    let _moved_on = change(&app, role, id, Ok(asked), |table, r: HandRef| {
        FloorCommand::NextHand {
            table,
            hand: r.hand,
        }
    })
    .await?;
    view(State(app), LiveTableNo(id)).await
}

#[utoipa::path(
    post,
    path = "/api/floor",
    operation_id = "open_live_table",
    tag = "floor",
    summary = r#"Open a live table (TD)"#,
    description = r#"Seats the players and deals the first hand: the dealer posts nothing, the engine takes the blinds and antes; hole cards are dealt unknown."#,
    security(("bearerAuth" = [])),
    request_body = OpenTable,
    responses(
        (status = 200, description = r#"The new table."#, body = LiveTableView),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 422, response = crate::openapi::Unprocessable),
        (status = 503, response = crate::openapi::Unavailable)
    )
)]
pub async fn open(State(app): State<App>, Caller(role): Caller, body: Body<OpenTable>) -> Answer {
    require_td(role)?;
    let request = body.read()?;
    let command = Command::Floor {
        by: Actor::Td,
        command: FloorCommand::Open(request),
    };
    let now = app.now();
    let table = app
        .to_the_end(move |app| async move { app.hub().open_table(now, command).await })
        .await?;
    view(State(app), LiveTableNo(table)).await
}

/// A dealer token for the tablet at one table.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct DealerToken {
    table: LiveTableId,
    /// Shown once: only its hash is kept. A new one replaces the old.
    token: String,
    /// The dealer page for this table, signed in with the token.
    url: String,
}

#[utoipa::path(
    post,
    path = "/api/floor/{table}/dealer-token",
    operation_id = "dealer_token",
    tag = "floor",
    summary = r#"Make a dealer token (TD)"#,
    description = r#"A token for the dealer's tablet at this live table: it enters what happens at this table and nothing else (no other table, no event). Shown in this answer only (the server keeps its hash); a new one replaces the old, which stops working. `url` opens the dealer page signed in with it."#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"The token."#, body = DealerToken),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 404, response = crate::openapi::NotFound),
        (status = 503, response = crate::openapi::Unavailable)
    )
)]
pub async fn dealer_token(
    State(app): State<App>,
    Caller(role): Caller,
    LiveTableNo(table): LiveTableNo,
) -> Result<Json<DealerToken>, Fail> {
    require_td(role)?;
    let token = app
        .to_the_end(move |app| async move { app.hub().new_dealer_token(table).await })
        .await?;
    Ok(Json(DealerToken {
        table,
        url: format!("/dealer?table={table}&token={token}"),
        token,
    }))
}

/// Who may change a table: the TD, or the dealer holding this table's token.
fn dealer_of(role: Role, table: LiveTableId) -> Result<Actor, Refusal> {
    match role {
        Role::Td => Ok(Actor::Td),
        Role::Dealer { table: t } if t == table => Ok(Actor::Dealer(Tablet::Own)),
        Role::Dealer { .. } => Err(Refusal::forbidden("this dealer token is for another table")),
        Role::Tablet { .. } => Err(Refusal::forbidden(
            "a live event's tablet reports its own table there, not here",
        )),
        Role::Player { .. } | Role::Guest { .. } => Err(Refusal::forbidden(
            "a player's token does not run a table; the TD's secret or this table's dealer token is needed",
        )),
        Role::Public => Err(Refusal::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "the TD's secret or this table's dealer token is needed",
        )),
    }
}

/// Checks the caller and the table, then the body, and submits the command it makes.
async fn change<T>(
    app: &App,
    role: Role,
    table: LiveTableId,
    request: Result<T, Fail>,
    command: impl FnOnce(LiveTableId, T) -> FloorCommand,
) -> Answer {
    let by = dealer_of(role, table)?;
    reports_still(app, table).await?;
    let task = app.hub().dealer(table)?;
    let request = request?;
    let command = Signed {
        by,
        command: command(table, request),
    };
    Ok(task
        .run(move |tx| {
            tx.submit(command)?;
            Ok(Json(tx.state().table().view()))
        })
        .await?)
}

/// The hand a change is for.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = FloorHandRef)]
pub struct HandRef {
    /// The hand number the change is for: a late tap never lands in the next hand.
    hand: u64,
}

/// An act entered for the hand.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = FloorActRequest)]
pub struct ActRequest {
    /// The hand number the change is for: a late tap never lands in the next hand.
    hand: u64,
    act: FloorAct,
}

/// An irregularity picked from the menu.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct IrregularityRequest {
    /// The hand number the change is for: a late tap never lands in the next hand.
    hand: u64,
    irregularity: Irregularity,
}

/// The due street laid.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardRequest {
    /// The hand number the change is for: a late tap never lands in the next hand.
    hand: u64,
    /// `null` or left out: laid but not entered.
    #[serde(default)]
    cards: Option<Vec<String>>,
}

/// A hand tabled at the showdown, its cards entered.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ShowRequest {
    /// The hand number the change is for: a late tap never lands in the next hand.
    hand: u64,
    player: u8,
    cards: Vec<String>,
}

/// A hand mucked at the showdown.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MuckRequest {
    /// The hand number the change is for: a late tap never lands in the next hand.
    hand: u64,
    player: u8,
}

/// The dealer names the winners of a pot whose hands were not entered (TDA-20, TDA-21).
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AwardRequest {
    /// The hand number the change is for: a late tap never lands in the next hand.
    hand: u64,
    pot: usize,
    winners: Vec<u8>,
}

/// A handler: the state, the caller, the table in the path and the body.
macro_rules! route {
    ($(#[$meta:meta])* $name:ident, $request:ty, |$table:ident, $r:ident| $command:expr) => {
        $(#[$meta])*
        pub async fn $name(
            State(app): State<App>,
            Caller(role): Caller,
            LiveTableNo(table): LiveTableNo,
            body: Body<$request>,
        ) -> Answer {
            change(&app, role, table, body.read(), |$table, $r: $request| {
                $command
            })
            .await
        }
    };
}

route!(
    #[utoipa::path(
    post,
    path = "/api/floor/{table}/act",
    operation_id = "floor_act",
    tag = "floor",
    summary = r#"Enter an act (TD or dealer)"#,
    description = r#"The floor rules on what a player did: in turn or out of turn (TDA-53), words and chips (TDA-40 to 46), string bets (TDA-42, 56); the ruling, newest first in `rulings`, names the actions applied, chips returned or owed and each rule. The TD's secret or this table's dealer token (403 with another table's token or a player's)."#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    request_body = ActRequest,
    responses(
        (status = 200, description = r#"The table after the change."#, body = LiveTableView),
        crate::openapi::WriteRefusals
    )
)]
    act,
    ActRequest,
    |table, r| FloorCommand::Act {
        table,
        hand: r.hand,
        act: r.act,
    }
);
route!(
    #[utoipa::path(
    post,
    path = "/api/floor/{table}/notice",
    operation_id = "floor_notice",
    tag = "floor",
    summary = r#"An error noticed (TD or dealer)"#,
    description = r#"A short pot-limit bet is corrected unless substantial action followed (TDA-52B, TDA-36). The TD's secret or this table's dealer token (403 with another table's token or a player's)."#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    request_body = HandRef,
    responses(
        (status = 200, description = r#"The table after the change."#, body = LiveTableView),
        crate::openapi::WriteRefusals
    )
)]
    notice,
    HandRef,
    |table, r| FloorCommand::Notice {
        table,
        hand: r.hand,
    }
);
route!(
    #[utoipa::path(
    post,
    path = "/api/floor/{table}/irregularity",
    operation_id = "floor_irregularity",
    tag = "floor",
    summary = r#"An irregularity (TD or dealer)"#,
    description = r#"The procedure under the table's rulebook, its steps with their rules, and its outcome carried out on the hand (a misdeal redeals it, TDA-35C). The TD's secret or this table's dealer token (403 with another table's token or a player's)."#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    request_body = IrregularityRequest,
    responses(
        (status = 200, description = r#"The table after the change."#, body = LiveTableView),
        crate::openapi::WriteRefusals
    )
)]
    irregularity,
    IrregularityRequest,
    |table, r| {
        FloorCommand::Irregularity {
            table,
            hand: r.hand,
            irregularity: r.irregularity,
        }
    }
);
route!(
    #[utoipa::path(
    post,
    path = "/api/floor/{table}/board",
    operation_id = "floor_board",
    tag = "floor",
    summary = r#"Lay the due street (TD or dealer)"#,
    description = r#"With its cards entered, or laid without them. The TD's secret or this table's dealer token (403 with another table's token or a player's)."#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    request_body = BoardRequest,
    responses(
        (status = 200, description = r#"The table after the change."#, body = LiveTableView),
        crate::openapi::WriteRefusals
    )
)]
    board,
    BoardRequest,
    |table, r| FloorCommand::Board {
        table,
        hand: r.hand,
        cards: r.cards,
    }
);
route!(
    #[utoipa::path(
    post,
    path = "/api/floor/{table}/show",
    operation_id = "floor_show",
    tag = "floor",
    summary = r#"A hand shown at the showdown (TD or dealer)"#,
    description = r#"Its cards entered. The TD's secret or this table's dealer token (403 with another table's token or a player's)."#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    request_body = ShowRequest,
    responses(
        (status = 200, description = r#"The table after the change."#, body = LiveTableView),
        crate::openapi::WriteRefusals
    )
)]
    show,
    ShowRequest,
    |table, r| FloorCommand::Show {
        table,
        hand: r.hand,
        player: r.player,
        cards: r.cards,
    }
);
route!(
    #[utoipa::path(
    post,
    path = "/api/floor/{table}/muck",
    operation_id = "floor_muck",
    tag = "floor",
    summary = r#"A hand mucked at the showdown (TD or dealer)"#,
    description = r#"Refused while every hand must be shown at an all-in (TDA-16). The TD's secret or this table's dealer token (403 with another table's token or a player's)."#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    request_body = MuckRequest,
    responses(
        (status = 200, description = r#"The table after the change."#, body = LiveTableView),
        crate::openapi::WriteRefusals
    )
)]
    muck,
    MuckRequest,
    |table, r| FloorCommand::Muck {
        table,
        hand: r.hand,
        player: r.player,
    }
);
route!(
    #[utoipa::path(
    post,
    path = "/api/floor/{table}/award",
    operation_id = "floor_award",
    tag = "floor",
    summary = r#"Name a pot's winners (TD or dealer)"#,
    description = r#"When the cards are not entered the dealer names who won each pot; only a player who can win it (TDA-21). The TD's secret or this table's dealer token (403 with another table's token or a player's)."#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, description = r#"The live table's number, from 0."#, minimum = 0)
    ),
    request_body = AwardRequest,
    responses(
        (status = 200, description = r#"The table after the change."#, body = LiveTableView),
        crate::openapi::WriteRefusals
    )
)]
    award,
    AwardRequest,
    |table, r| FloorCommand::Award {
        table,
        hand: r.hand,
        pot: r.pot,
        winners: r.winners,
    }
);

/// A followed table's hand, as it reports it.
enum Report {
    Cash(Result<crate::dealer::link::CashReport, Refusal>),
    Event(Result<crate::dealer::link::HandReport, Refusal>),
}

/// A cash table's hand settled in the list's books; a report already in (a retry) is not sent
/// again.
async fn settle_cash(
    app: &App,
    id: LiveTableId,
    report: crate::dealer::link::CashReport,
) -> Result<(), Fail> {
    let settle = Signed {
        by: Actor::Dealer(Tablet::Live(id)),
        command: RingCommand::HandSettled {
            table: CashTableId(report.table),
            stacks: report.stacks,
            pot: report.pot,
            won: report.won,
            hand: Some(report.hand),
        },
    };
    let settled = app
        .hub()
        .cash()
        .run(move |tx| tx.submit(settle).map(drop))
        .await;
    match settled {
        // Settled by an earlier try of this report: nothing to send again.
        Err(refusal) if refusal.code == "stale_hand" => {}
        other => other?,
    }
    Ok(())
}

/// An event table's hand reported to its event: busts with who won their chips and their stacks
/// at the start (HC-1.2, HC-1.3), every other stack as counted; a report already in (a retry) is
/// not sent again.
async fn report_to_event(app: &App, report: crate::dealer::link::HandReport) -> Result<(), Fail> {
    let event = report.event;
    let ev = app.hub().event(event)?;
    ev.run(move |tx| {
        let room = tx.state().room();
        let due = room.linked_deal(report.table - 1).map(|d| d.event_hand);
        if due != Some(report.event_hand) {
            // Reported already (a retry), or the director moved on: nothing to send.
            return Ok(());
        }
        let by = Actor::Dealer(Tablet::EventTable(protocol::TableNumber(report.table)));
        let hand_over = EventCommand::Td {
            event,
            by,
            action: TdCommand::HandOver {
                table: protocol::TableNumber(report.table),
                busts: report.busts,
            },
        };
        // The report and the stacks go in together or not at all: both are tried on a copy
        // first. The stacks are counted for the players still in, wherever the report has
        // seated them (a broken table, the final table).
        let mut dry = room.clone();
        dry.apply(tx.now, &hand_over)?;
        let t = dry.tournament();
        let counts: Vec<CountedStack> = report
            .counts
            .into_iter()
            .filter(|c| t.entry(c.player).is_ok_and(|e| e.seat.is_some()))
            .collect();
        let count = (!counts.is_empty() && !t.is_finished()).then_some(EventCommand::Td {
            event,
            by,
            action: TdCommand::ChipCount { counts },
        });
        if let Some(count) = &count {
            dry.apply(tx.now, count)?;
        }
        tx.submit(hand_over)?;
        if let Some(count) = count {
            tx.submit(count)?;
        }
        Ok(())
    })
    .await?;
    Ok(())
}
