//! The HTTP JSON API under `/api/`. Every refusal is a 4xx with an `ApiError` body saying what
//! was wrong, and the rule where one decided it; nothing is written for a refused request.

use crate::api::extract::{Body, Caller, EventNo, TableNo, read_event, require_td, with_event};
use crate::api::floor;
use crate::app::App;
use crate::event::{EventState, caller_at_table, player_act};
use crate::refusal::{Fail, Refusal};
use crate::role::Role;
use crate::room::Viewer;
use crate::task::Tx;
use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::Extensions;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use engine::rule;
use protocol::Actor;
use protocol::EntryId;
use protocol::EventCommand;
use protocol::{Command, PlayerAction, Registered, TdCommand, Template, WhoAmI};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::net::SocketAddr;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

type Answer<T> = Result<Json<T>, Fail>;

/// The API's routes; anything else under `/api` is a 404 `ApiError`.
pub fn routes() -> axum::Router<App> {
    let (router, _) = api().split_for_parts();
    router
        .route("/api/{*rest}", any(no_such_route))
        .route("/api", any(no_such_route))
        .route("/api/", any(no_such_route))
        .method_not_allowed_fallback(wrong_method)
}

/// Every documented route: the router and the OpenAPI document come from this one list.
pub(crate) fn api() -> OpenApiRouter<App> {
    use crate::api::{cash_tablet, floor_stream, ring as cash, ring_stream};
    use crate::api::{export, history, tablet, ws};
    OpenApiRouter::with_openapi(crate::openapi::Doc::openapi())
        .routes(routes!(openapi))
        .routes(routes!(whoami))
        .routes(routes!(templates))
        .routes(routes!(list_events, create_event))
        .routes(routes!(summary))
        .routes(routes!(seating))
        .routes(routes!(standings))
        .routes(routes!(audit))
        .routes(routes!(deal))
        .routes(routes!(moves))
        .routes(routes!(export::entries))
        .routes(routes!(export::results))
        .routes(routes!(table))
        .routes(routes!(call_clock))
        .routes(routes!(tablet::bind))
        .routes(routes!(tablet::report))
        .routes(routes!(register))
        .routes(routes!(start))
        .routes(routes!(td))
        .routes(routes!(me))
        .routes(routes!(act))
        .routes(routes!(deck_value))
        .routes(routes!(history::decks))
        .routes(routes!(ws::upgrade))
        .routes(routes!(history::all))
        .routes(routes!(history::mine))
        .routes(routes!(cash::board, cash::command))
        .routes(routes!(ring_stream::upgrade))
        .routes(routes!(cash::qr))
        .routes(routes!(cash::register))
        .routes(routes!(cash::me, cash::ask))
        .routes(routes!(cash::table))
        .routes(routes!(cash::statement))
        .routes(routes!(cash::decks))
        .routes(routes!(cash::desk))
        .routes(routes!(cash_tablet::bind))
        .routes(routes!(floor::list, floor::open))
        .routes(routes!(floor::view))
        .routes(routes!(floor_stream::upgrade))
        .routes(routes!(floor::dealer_token))
        .routes(routes!(floor::act))
        .routes(routes!(floor::notice))
        .routes(routes!(floor::irregularity))
        .routes(routes!(floor::board))
        .routes(routes!(floor::show))
        .routes(routes!(floor::muck))
        .routes(routes!(floor::award))
        .routes(routes!(floor::next_hand))
}

async fn wrong_method(method: axum::http::Method, uri: axum::http::Uri) -> Fail {
    Fail(Refusal::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!(
            "{method} is not allowed on {}; see /api/openapi.json",
            uri.path()
        ),
    ))
}

async fn no_such_route() -> Fail {
    Fail(Refusal::not_found(
        "no such API route; the routes are listed in /api/openapi.json",
    ))
}

#[utoipa::path(
    get,
    path = "/api/openapi.json",
    operation_id = "openapi",
    tag = "meta",
    summary = r#"This document"#,
    responses(
        (status = 200, description = r#"The OpenAPI 3.1 description of the API."#, body = Object)
    )
)]
async fn openapi() -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        document(),
    )
        .into_response()
}

#[utoipa::path(
    get,
    path = "/api/whoami",
    operation_id = "whoami",
    tag = "meta",
    summary = r#"Who the bearer secret belongs to"#,
    description = r#"No secret is the public; an unknown secret is refused with 401."#,
    security((), ("bearerAuth" = [])),
    responses(
        (status = 200, description = r#"The caller's role."#, body = WhoAmI),
        (status = 401, response = crate::openapi::Unauthorized)
    )
)]
async fn whoami(State(app): State<App>, Caller(role): Caller) -> Answer<WhoAmI> {
    let who = |role: &str| WhoAmI {
        role: role.into(),
        event: None,
        player: None,
    };
    Ok(Json(match role {
        Role::Td => who("td"),
        Role::Public => who("public"),
        Role::Dealer { .. } => who("dealer"),
        Role::Guest { .. } => who("guest"),
        Role::Tablet { event, .. } => WhoAmI {
            event: Some(event),
            ..who("tablet")
        },
        Role::Player { event, .. } => {
            let player = read_event(&app, event, move |ev, _| Ok(ev.entry_of(role).ok())).await?;
            WhoAmI {
                event: Some(event),
                player,
                ..who("player")
            }
        }
    }))
}

#[utoipa::path(
    get,
    path = "/api/templates",
    operation_id = "templates",
    tag = "events",
    summary = r#"The event templates shipped with the server"#,
    responses(
        (status = 200, description = r#"Every template."#, body = Vec<Template>)
    )
)]
async fn templates() -> Json<Vec<Template>> {
    Json(
        tournament::config::TEMPLATES
            .iter()
            .map(|(name, toml)| Template {
                name: name.to_string(),
                toml: toml.to_string(),
            })
            .collect(),
    )
}

#[utoipa::path(
    get,
    path = "/api/events",
    operation_id = "list_events",
    tag = "events",
    summary = r#"Every event"#,
    responses(
        (status = 200, description = r#"Every event's summary, in order of creation."#, body = Vec<protocol::EventSummary>)
    )
)]
async fn list_events(State(app): State<App>) -> Answer<Vec<protocol::EventSummary>> {
    let mut all = Vec::new();
    for task in app.hub().events() {
        all.push(task.run(|tx| Ok(tx.state().room().summary(tx.now))).await?);
    }
    Ok(Json(all))
}

/// A new event from a TOML configuration (see `GET /api/templates`).
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateEvent {
    /// The event's configuration.
    toml: String,
    /// A test event's seed (a simulation or a test, never real players): its seating and
    /// every deck come from it, and its pages say "test event". Absent: a real event, its
    /// seating from a seed drawn at random and each hand's deck from a seed of its own, 256
    /// bits, sealed in the log until the hand is over (issue 37, `docs/decks.md`).
    seed: Option<u64>,
}

#[utoipa::path(
    post,
    path = "/api/events",
    operation_id = "create_event",
    tag = "td",
    summary = r#"Create an event (TD)"#,
    security(("bearerAuth" = [])),
    request_body = CreateEvent,
    responses(
        (status = 200, description = r#"The new event."#, body = protocol::EventSummary),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 422, response = crate::openapi::Unprocessable),
        (status = 503, response = crate::openapi::Unavailable)
    )
)]
async fn create_event(
    State(app): State<App>,
    Caller(role): Caller,
    body: Body<CreateEvent>,
) -> Answer<protocol::EventSummary> {
    require_td(role)?;
    let request = body.read()?;
    let seed = match request.seed {
        Some(seed) => seed,
        None => crate::secret::new_seed()?,
    };
    let command = Command::CreateEvent {
        config_toml: request.toml,
        seed,
        act_seconds: app.hub().settings().act_seconds,
        by: Actor::Td,
        decks: Some(match request.seed {
            Some(_) => protocol::DeckSource::EventSeed,
            None => protocol::DeckSource::PerHand,
        }),
    };
    let now = app.now();
    let event = app
        .to_the_end(move |app| async move { app.hub().create_event(now, command).await })
        .await?;
    read_event(&app, event, |ev, now| Ok(Json(ev.room().summary(now)))).await
}

#[utoipa::path(
    get,
    path = "/api/events/{event}",
    operation_id = "summary",
    tag = "events",
    summary = r#"An event's summary"#,
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"The event as the public sees it."#, body = protocol::EventSummary),
        crate::openapi::ReadRefusals
    )
)]
async fn summary(
    State(app): State<App>,
    EventNo(event): EventNo,
) -> Answer<protocol::EventSummary> {
    read_event(&app, event, |ev, now| Ok(Json(ev.room().summary(now)))).await
}

#[utoipa::path(
    get,
    path = "/api/events/{event}/seating",
    operation_id = "seating",
    tag = "events",
    summary = r#"An event's seating chart"#,
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"Every table's seats."#, body = protocol::Seating),
        crate::openapi::ReadRefusals
    )
)]
async fn seating(State(app): State<App>, EventNo(event): EventNo) -> Answer<protocol::Seating> {
    read_event(&app, event, |ev, _| Ok(Json(ev.room().seating()))).await
}

#[utoipa::path(
    get,
    path = "/api/events/{event}/standings",
    operation_id = "standings",
    tag = "events",
    summary = r#"An event's standings"#,
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"Every entry, best first; at the end, by place."#, body = protocol::Standings),
        crate::openapi::ReadRefusals
    )
)]
async fn standings(State(app): State<App>, EventNo(event): EventNo) -> Answer<protocol::Standings> {
    read_event(&app, event, |ev, _| Ok(Json(ev.room().standings()))).await
}

#[utoipa::path(
    get,
    path = "/api/events/{event}/audit",
    operation_id = "audit",
    tag = "td",
    summary = r#"An event's audit log (TD)"#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"Every command applied but the hands' own actions, deals and clock ticks, in order."#, body = Vec<protocol::AuditLine>),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 404, response = crate::openapi::NotFound)
    )
)]
async fn audit(
    State(app): State<App>,
    Caller(role): Caller,
    event: Result<EventNo, Fail>,
) -> Answer<Vec<protocol::AuditLine>> {
    // The caller is told first that the TD's secret is needed, as before the extractors.
    require_td(role)?;
    let EventNo(event) = event?;
    read_event(&app, event, |ev, _| Ok(Json(ev.room().audit().to_vec()))).await
}

/// Every seat the director gave after the start, newest first: the move slips.
#[utoipa::path(
    get,
    path = "/api/events/{event}/moves",
    operation_id = "moves",
    tag = "events",
    summary = r#"Every seat the director gave after the start, newest first (the move slips)"#,
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0),
        ("table" = Option<u32>, Query, description = r#"Only the moves to or from this table (its number, from 1): its dealer's slips."#, minimum = 1)
    ),
    responses(
        (status = 200, description = r#"Every move, newest first: balancing (TDA-11, HC-1.8, WWPLA-12), a broken table's draw (TDA-10), the final table's (TDA-RP-9, HC-1.7), late registrations, re-entries and alternates (TDA-8A), rebuys back in (HC-1.1) and the TD's own moves."#, body = Vec<protocol::MoveLine>),
        crate::openapi::ReadRefusals
    )
)]
async fn moves(
    State(app): State<App>,
    EventNo(event): EventNo,
    axum::extract::Query(query): axum::extract::Query<HashMap<String, String>>,
) -> Answer<Vec<protocol::MoveLine>> {
    let table = match query.get("table") {
        None => None,
        Some(t) => match t.parse::<u32>() {
            Ok(n) if n >= 1 => Some(protocol::TableNumber(n)),
            _ => {
                return Err(Fail(Refusal::new(
                    StatusCode::BAD_REQUEST,
                    "bad_query",
                    format!("table {t:?} is not a table number (from 1)"),
                )));
            }
        },
    };
    read_event(&app, event, move |ev, _| {
        // A table the event never had is not found, not a table without moves.
        if let Some(t) = table.filter(|t| t.0 > ev.room().table_count()) {
            return Err(Refusal::not_found(format!("no table {}", t.0)));
        }
        Ok(Json(ev.room().moves(table)))
    })
    .await
}

/// What a deal among the players left would pay (TD; HC-1.2); agreed with the TD command
/// `agree_deal`.
#[utoipa::path(
    get,
    path = "/api/events/{event}/deal",
    operation_id = "deal",
    tag = "td",
    summary = r#"What a deal among the players left would pay (TD)"#,
    description = r#"A chip chop (the lowest prize left each, the rest by chips) and an exact ICM split (Malmuth-Harville) of the prizes left, in the event's payout unit, for the players to agree on (HC-1.2). Agreed with the TD command `agree_deal`. Refused (409) while the prize pool can still change, during a hand, or after a deal."#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"Each player left with their chips and both splits."#, body = protocol::DealOffer),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 404, response = crate::openapi::NotFound),
        (status = 409, response = crate::openapi::Conflict)
    )
)]
async fn deal(
    State(app): State<App>,
    Caller(role): Caller,
    event: Result<EventNo, Fail>,
) -> Answer<protocol::DealOffer> {
    require_td(role)?;
    let EventNo(event) = event?;
    read_event(&app, event, |ev, _| ev.room().deal_offer().map(Json)).await
}

#[utoipa::path(
    get,
    path = "/api/events/{event}/tables/{table}",
    operation_id = "table",
    tag = "play",
    summary = r#"A table as the public sees it"#,
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0),
        ("table" = u32, Path, description = r#"The table's number, from 1."#, minimum = 1)
    ),
    responses(
        (status = 200, description = r#"The table; hole cards only where shown (TDA-16)."#, body = protocol::TableView),
        crate::openapi::ReadRefusals
    )
)]
async fn table(
    State(app): State<App>,
    EventNo(event): EventNo,
    TableNo(table): TableNo,
) -> Answer<protocol::TableView> {
    read_event(&app, event, move |ev, now| {
        let room = ev.room();
        if table.0 > room.table_count() {
            return Err(Refusal::not_found(format!("no table {table}")));
        }
        Ok(Json(room.table_view(table.index(), Viewer::Public, now)))
    })
    .await
}

/// The hand a request is about, by the table's hand number.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HandRef {
    hand: u64,
}

#[utoipa::path(
    post,
    path = "/api/events/{event}/tables/{table}/clock",
    operation_id = "call_clock",
    tag = "play",
    summary = r#"Call the clock on the player to act (TDA-29)"#,
    description = r#"The TD, or a player seated at the table once the player to act has had a reasonable time (TDA-29)."#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0),
        ("table" = u32, Path, description = r#"The table's number, from 1."#, minimum = 1)
    ),
    request_body = HandRef,
    responses(
        (status = 200, description = r#"The table after time was called."#, body = protocol::TableView),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 403, response = crate::openapi::Forbidden),
        (status = 404, response = crate::openapi::NotFound),
        (status = 409, response = crate::openapi::Conflict),
        (status = 503, response = crate::openapi::Unavailable)
    )
)]
async fn call_clock(
    State(app): State<App>,
    Caller(role): Caller,
    EventNo(event): EventNo,
    TableNo(table): TableNo,
    body: Body<HandRef>,
) -> Answer<protocol::TableView> {
    with_event(&app, role, event, move |tx, role| {
        let by = caller_at_table(tx.state(), role, table.index())?;
        let request = body.read()?;
        tx.submit(EventCommand::CallClock {
            event,
            table: protocol::TableId(table.index()),
            hand: request.hand,
            by,
        })?;
        Ok(Json(tx.state().room().table_view(
            table.index(),
            Viewer::Public,
            tx.now,
        )))
    })
    .await
}

/// A registration.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Register {
    /// 1 to 40 characters, trimmed.
    name: String,
    /// A bot the server plays; only the TD seats bots.
    #[serde(default)]
    bot: bool,
}

#[utoipa::path(
    post,
    path = "/api/events/{event}/register",
    operation_id = "register",
    tag = "play",
    summary = r#"Register a player"#,
    description = r#"Players register themselves while registration is open (TDA-8A), when the event's TOML sets `registration.public = true` (off by default: then only the TD registers players, 401 otherwise); the TD may register players at any time, and only the TD registers bots (403 otherwise). Self-registrations are limited per client address, an IPv6 one by its /64 (429 with `Retry-After`); a refused one does not count. In a live event (`tables = "live"`) a player's own registration reserves a seat (`reserved: true`, status `reserved`): it is not in the field, the prize pool or the draw until the desk takes the buy-in (TD command `take_buy_in`). A body from a caller without a secret is 4 KB at most (413). A name is 1 to 40 printable characters, without control, invisible or direction-changing characters (422 `bad_name`), and no other player of the event has it, case aside (409 `name_taken`). The token is in this answer only: the server keeps its hash."#,
    security((), ("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    request_body = Register,
    responses(
        (status = 200, description = r#"The new entry and its secret token."#, body = Registered),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 403, response = crate::openapi::Forbidden),
        (status = 404, response = crate::openapi::NotFound),
        (status = 409, response = crate::openapi::Conflict),
        (status = 415, response = crate::openapi::UnsupportedMediaType),
        (status = 422, response = crate::openapi::Unprocessable),
        (status = 429, response = crate::openapi::TooManyRequests),
        (status = 503, response = crate::openapi::Unavailable)
    )
)]
async fn register(
    State(app): State<App>,
    Caller(role): Caller,
    extensions: Extensions,
    EventNo(event): EventNo,
    body: Body<Register>,
) -> Answer<Registered> {
    let address = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0.ip());
    let public = read_event(&app, event, |ev, _| Ok(ev.room().public_registration())).await?;
    if role != Role::Td && !public {
        return Err(Refusal::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "this event's players are registered by the TD (registration.public is off)",
        )
        .into());
    }
    let request = body.read()?;
    let token = crate::secret::new_secret()?;
    let limiter = app.clone();
    with_event(&app, role, event, move |tx, _| {
        let name = registration_refused(tx.state().room(), &request, role)?;
        // Only a registration that would be taken counts against the address's allowance
        // (issue 33 item 7): a refused one does not use it up.
        if role != Role::Td {
            limiter.hub().count_registration(address)?;
        }
        // A player's own registration for a live event reserves a seat: the desk takes the
        // buy-in, and only then is the entry in the field and the prize pool (issue 33 item 7).
        let reserved = role != Role::Td && tx.state().room().tournament().is_live();
        let changes = tx.submit(EventCommand::Register {
            event,
            name,
            // Only the hash is kept; the player gets the token once, in this answer.
            token: crate::secret::hash(&token),
            bot: request.bot,
            by: if role == Role::Td {
                Actor::Td
            } else {
                Actor::Entrant
            },
            reserved,
        })?;
        let (player, _) = changes
            .registered
            .ok_or_else(|| Refusal::internal("no entry made"))?;
        Ok(Json(Registered {
            event,
            player,
            token,
            reserved,
        }))
    })
    .await
}

/// The name a registration is taken under, or why it is refused: a name the room takes, and
/// for anyone but the TD no bot and registration open (TDA-8A).
fn registration_refused(
    room: &crate::room::Room,
    request: &Register,
    role: Role,
) -> Result<String, Refusal> {
    let name = room.check_name(&request.name)?.to_string();
    if role != Role::Td {
        if request.bot {
            return Err(Refusal::forbidden("only the TD seats bots"));
        }
        if !room.registration_open() {
            return Err(Refusal::conflict(
                "closed",
                "registration is closed; the TD may still register players",
            )
            .with_rule(rule!("TDA-8A")));
        }
    }
    Ok(name)
}

#[utoipa::path(
    post,
    path = "/api/events/{event}/start",
    operation_id = "start",
    tag = "td",
    summary = r#"Start the event (TD)"#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"The started event."#, body = protocol::EventSummary),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 404, response = crate::openapi::NotFound),
        (status = 409, response = crate::openapi::Conflict),
        (status = 503, response = crate::openapi::Unavailable)
    )
)]
async fn start(
    State(app): State<App>,
    Caller(role): Caller,
    EventNo(event): EventNo,
) -> Answer<protocol::EventSummary> {
    with_event(&app, role, event, move |tx, role| {
        require_td(role)?;
        tx.submit(EventCommand::Start {
            event,
            by: Actor::Td,
        })?;
        Ok(Json(tx.state().room().summary(tx.now)))
    })
    .await
}

#[utoipa::path(
    post,
    path = "/api/events/{event}/td",
    operation_id = "td",
    tag = "td",
    summary = r#"A director's action (TD)"#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    request_body = TdCommand,
    responses(
        (status = 200, description = r#"The event after the action."#, body = protocol::EventSummary),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 404, response = crate::openapi::NotFound),
        (status = 409, response = crate::openapi::Conflict),
        (status = 422, response = crate::openapi::Unprocessable),
        (status = 503, response = crate::openapi::Unavailable)
    )
)]
async fn td(
    State(app): State<App>,
    Caller(role): Caller,
    EventNo(event): EventNo,
    body: Body<TdCommand>,
) -> Answer<protocol::EventSummary> {
    with_event(&app, role, event, move |tx, role| {
        require_td(role)?;
        let action = body.read()?;
        tx.submit(EventCommand::Td {
            event,
            by: Actor::Td,
            action,
        })?;
        Ok(Json(tx.state().room().summary(tx.now)))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/api/events/{event}/me",
    operation_id = "me",
    tag = "play",
    summary = r#"A player's own entry and table"#,
    description = r#"Needs a player's token of this event."#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"The caller's standing and, while seated, their table with their own hole cards and legal actions."#, body = protocol::Me),
        crate::openapi::SecretReadRefusals
    )
)]
async fn me(
    State(app): State<App>,
    Caller(role): Caller,
    EventNo(event): EventNo,
) -> Answer<protocol::Me> {
    with_event(&app, role, event, |tx, role| {
        let entry = tx.state().entry_of(role)?;
        my_page(tx, entry)
    })
    .await
}

/// A player's action for their own seat in hand `hand`.
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Act {
    hand: u64,
    action: PlayerAction,
}

#[utoipa::path(
    post,
    path = "/api/events/{event}/act",
    operation_id = "act",
    tag = "play",
    summary = r#"A player's action for their own seat"#,
    description = r#"Needs a player's token of this event. Only in turn: out of turn is 422 `not_your_turn` (TDA-53A); an amount the rules refuse is 422 `illegal_action` with its rule (a raise below the minimum, TDA-43). A hand number other than the one in play is 409 `stale_hand`."#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    request_body = Act,
    responses(
        (status = 200, description = r#"The caller's page after the action."#, body = protocol::Me),
        crate::openapi::WriteRefusals
    )
)]
async fn act(
    State(app): State<App>,
    Caller(role): Caller,
    EventNo(event): EventNo,
    body: Body<Act>,
) -> Answer<protocol::Me> {
    with_event(&app, role, event, move |tx, role| {
        let request = body.read()?;
        player_act(tx, role, request.hand, request.action)?;
        let entry = tx.state().entry_of(role)?;
        my_page(tx, entry)
    })
    .await
}

/// A player's own value for the deck of hand `hand` at their table (issue 37).
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckValue {
    hand: u64,
    /// 32 random bytes as 64 hex digits.
    value: String,
}

#[utoipa::path(
    post,
    path = "/api/events/{event}/deck-value",
    operation_id = "deck_value",
    tag = "play",
    summary = r#"A player's own value for the next hand's deck (issue 37)"#,
    description = r#"Needs a player's token of this event, seated at an online table of an event that deals from a seed per hand (created without a seed). Until hand `hand` is dealt, the value (64 hex digits) is mixed into its deck by `docs/decks.md`'s procedure; one per seat. A value that comes after the deal, a second one or one that is not 64 hex digits is left out and the hand's proof says so (each reason once a seat: sent again, 409 `value_noted`). Over 128 characters: 422 `bad_value`; a hand without an open commitment: 409 `no_commitment`; a hand already over: 409 `hand_over` (its proof is shown as it was)."#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    request_body = DeckValue,
    responses(
        (status = 200, description = r#"The caller's page after the value."#, body = protocol::Me),
        crate::openapi::WriteRefusals
    )
)]
async fn deck_value(
    State(app): State<App>,
    Caller(role): Caller,
    EventNo(event): EventNo,
    body: Body<DeckValue>,
) -> Answer<protocol::Me> {
    with_event(&app, role, event, move |tx, role| {
        let request = body.read()?;
        let (entry, table) = tx.state().seated(role)?;
        tx.submit(EventCommand::DeckValue {
            event,
            table: protocol::TableId(table),
            hand: request.hand,
            player: entry,
            value: request.value,
        })?;
        my_page(tx, entry)
    })
    .await
}

/// A player's page as it stands after their request.
fn my_page(tx: &Tx<'_, EventState>, entry: EntryId) -> Result<Json<protocol::Me>, Refusal> {
    tx.state()
        .room()
        .me(entry, tx.now)
        .map(Json)
        .ok_or_else(|| Refusal::not_found("no entry"))
}

/// The document, made once.
pub fn document() -> &'static str {
    static DOCUMENT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let (_, openapi) = api().split_for_parts();
        openapi.to_json().expect("the OpenAPI document is JSON")
    });
    &DOCUMENT
}
