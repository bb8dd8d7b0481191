//! The HTTP JSON API under `/api/`. Every refusal is a 4xx with an `ApiError` body saying what
//! was wrong, and the rule where one decided it; nothing is written for a refused request.

use crate::app::App;
use crate::dealer::http as floor;
use crate::event::EventState;
use crate::extract::{Body, EventNo, TableNo};
use crate::hub::Role;
use crate::room::{Refusal, Viewer};
use crate::task::Tx;
use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::{Extensions, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use protocol::Actor;
use protocol::{Command, EventId, PlayerAction, Registered, TdCommand, Template, WhoAmI};
use serde::Deserialize;
use std::collections::HashMap;
use std::net::SocketAddr;

/// A refusal as an HTTP answer.
#[derive(Debug)]
pub struct Fail(pub Refusal);

impl From<Refusal> for Fail {
    fn from(r: Refusal) -> Fail {
        Fail(r)
    }
}

impl IntoResponse for Fail {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.0.status).unwrap_or(StatusCode::BAD_REQUEST);
        let mut response = (status, Json(self.0.to_api())).into_response();
        if let Some(seconds) = self.0.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

type Answer<T> = Result<Json<T>, Fail>;

pub fn routes() -> axum::Router<App> {
    axum::Router::new()
        .route("/api/openapi.json", get(openapi))
        .route("/api/whoami", get(whoami))
        .route("/api/templates", get(templates))
        .route("/api/events", get(list_events).post(create_event))
        .route("/api/events/{event}", get(summary))
        .route("/api/events/{event}/seating", get(seating))
        .route("/api/events/{event}/standings", get(standings))
        .route("/api/events/{event}/audit", get(audit))
        .route("/api/events/{event}/deal", get(deal))
        .route("/api/events/{event}/moves", get(moves))
        .route(
            "/api/events/{event}/entries.csv",
            get(crate::export::entries),
        )
        .route(
            "/api/events/{event}/results.csv",
            get(crate::export::results),
        )
        .route("/api/events/{event}/tables/{table}", get(table))
        .route("/api/events/{event}/tables/{table}/clock", post(call_clock))
        .route(
            "/api/events/{event}/tables/{table}/tablet",
            post(crate::tablet::bind),
        )
        .route(
            "/api/events/{event}/tables/{table}/report",
            post(crate::tablet::report),
        )
        .route("/api/events/{event}/register", post(register))
        .route("/api/events/{event}/start", post(start))
        .route("/api/events/{event}/td", post(td))
        .route("/api/events/{event}/me", get(me))
        .route("/api/events/{event}/act", post(act))
        .route("/api/events/{event}/ws", get(crate::ws::upgrade))
        .route("/api/events/{event}/hands", get(crate::history::all))
        .route("/api/events/{event}/hands/mine", get(crate::history::mine))
        .route(
            "/api/ring",
            get(crate::cash::http::board).post(crate::cash::http::command),
        )
        .route("/api/ring/guests", post(crate::cash::http::register))
        .route(
            "/api/ring/me",
            get(crate::cash::http::me).post(crate::cash::http::ask),
        )
        .route("/api/ring/tables/{table}", get(crate::cash::http::table))
        .route(
            "/api/ring/tables/{table}/statement",
            get(crate::cash::http::statement),
        )
        .route(
            "/api/ring/tables/{table}/tablet",
            post(crate::cash::tablet::bind),
        )
        .route("/api/floor", get(floor::list).post(floor::open))
        .route("/api/floor/{table}", get(floor::view))
        .route("/api/floor/{table}/dealer-token", post(floor::dealer_token))
        .route("/api/floor/{table}/act", post(floor::act))
        .route("/api/floor/{table}/notice", post(floor::notice))
        .route("/api/floor/{table}/irregularity", post(floor::irregularity))
        .route("/api/floor/{table}/board", post(floor::board))
        .route("/api/floor/{table}/show", post(floor::show))
        .route("/api/floor/{table}/muck", post(floor::muck))
        .route("/api/floor/{table}/award", post(floor::award))
        .route("/api/floor/{table}/next-hand", post(floor::next_hand))
        .route("/api/{*rest}", axum::routing::any(no_such_route))
        .route("/api", axum::routing::any(no_such_route))
        .route("/api/", axum::routing::any(no_such_route))
        .method_not_allowed_fallback(wrong_method)
}

async fn wrong_method(method: axum::http::Method, uri: axum::http::Uri) -> Fail {
    Fail(Refusal::new(
        405,
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

async fn openapi() -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        crate::OPENAPI,
    )
        .into_response()
}

/// The secret of a request: `Authorization: Bearer …`, or `?token=…` for a WebSocket.
pub fn secret(headers: &HeaderMap, query: &HashMap<String, String>) -> Option<String> {
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|s| s.trim().to_string())
        .or_else(|| query.get("token").cloned())
}

pub(crate) fn require_td(role: Role) -> Result<(), Refusal> {
    match role {
        Role::Td => Ok(()),
        _ => Err(Refusal::new(
            401,
            "unauthorized",
            "the TD's secret is needed",
        )),
    }
}

/// The caller's role, from the request's secret.
pub(crate) fn role_of(app: &App, headers: &HeaderMap) -> Result<Role, Refusal> {
    app.hub().role(secret(headers, &HashMap::new()).as_deref())
}

/// Runs `f` in an event's task with the caller's role; its answer once what it submitted is
/// in the log.
pub(crate) async fn with_event<T: Send + 'static>(
    app: &App,
    headers: &HeaderMap,
    event: EventId,
    f: impl FnOnce(&mut Tx<'_, EventState>, Role) -> Result<T, Refusal> + Send + 'static,
) -> Result<T, Fail> {
    let role = role_of(app, headers)?;
    let task = app.hub().event(event)?;
    Ok(task.run(move |tx| f(tx, role)).await?)
}

/// Reads an event in its task.
pub(crate) async fn read_event<T: Send + 'static>(
    app: &App,
    event: EventId,
    f: impl FnOnce(&EventState, u64) -> Result<T, Refusal> + Send + 'static,
) -> Result<T, Fail> {
    let task = app.hub().event(event)?;
    Ok(task.run(move |tx| f(tx.state(), tx.now)).await?)
}

async fn whoami(State(app): State<App>, headers: HeaderMap) -> Answer<WhoAmI> {
    let role = role_of(&app, &headers)?;
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

async fn list_events(State(app): State<App>) -> Answer<Vec<protocol::EventSummary>> {
    let mut all = Vec::new();
    for task in app.hub().events() {
        all.push(task.run(|tx| Ok(tx.state().room().summary(tx.now))).await?);
    }
    Ok(Json(all))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateEvent {
    toml: String,
    seed: Option<u64>,
}

async fn create_event(
    State(app): State<App>,
    headers: HeaderMap,
    Body(request): Body<CreateEvent>,
) -> Answer<protocol::EventSummary> {
    require_td(role_of(&app, &headers)?)?;
    let seed = match request.seed {
        Some(seed) => seed,
        None => crate::secret::new_seed()?,
    };
    let command = Command::CreateEvent {
        config_toml: request.toml,
        seed,
        act_seconds: app.hub().settings().act_seconds,
        by: Actor::Td,
    };
    let now = app.now();
    let event = app
        .to_the_end(move |app| async move { app.hub().create_event(now, command).await })
        .await?;
    read_event(&app, event, |ev, now| Ok(Json(ev.room().summary(now)))).await
}

async fn summary(
    State(app): State<App>,
    EventNo(event): EventNo,
) -> Answer<protocol::EventSummary> {
    read_event(&app, event, |ev, now| Ok(Json(ev.room().summary(now)))).await
}

async fn seating(State(app): State<App>, EventNo(event): EventNo) -> Answer<protocol::Seating> {
    read_event(&app, event, |ev, _| Ok(Json(ev.room().seating()))).await
}

async fn standings(State(app): State<App>, EventNo(event): EventNo) -> Answer<protocol::Standings> {
    read_event(&app, event, |ev, _| Ok(Json(ev.room().standings()))).await
}

async fn audit(
    State(app): State<App>,
    headers: HeaderMap,
    EventNo(event): EventNo,
) -> Answer<Vec<protocol::AuditLine>> {
    require_td(role_of(&app, &headers)?)?;
    read_event(&app, event, |ev, _| Ok(Json(ev.room().audit().to_vec()))).await
}

/// The most move slips listed at once.
const MOVES: usize = 200;

/// The director's moves, newest first: the move slips.
async fn moves(State(app): State<App>, EventNo(event): EventNo) -> Answer<Vec<protocol::MoveLine>> {
    read_event(&app, event, |ev, _| Ok(Json(ev.room().moves(MOVES)))).await
}

/// What a deal among the players left would pay (TD; HC-1.2); agreed with the TD command
/// `agree_deal`.
async fn deal(
    State(app): State<App>,
    headers: HeaderMap,
    EventNo(event): EventNo,
) -> Answer<protocol::DealOffer> {
    require_td(role_of(&app, &headers)?)?;
    read_event(&app, event, |ev, _| ev.room().deal_offer().map(Json)).await
}

async fn table(
    State(app): State<App>,
    EventNo(event): EventNo,
    TableNo(table): TableNo,
) -> Answer<protocol::TableView> {
    read_event(&app, event, move |ev, now| {
        let room = ev.room();
        if table > room.table_count() {
            return Err(Refusal::not_found(format!("no table {table}")));
        }
        Ok(Json(room.table_view(table - 1, Viewer::Public, now)))
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandRef {
    hand: u64,
}

async fn call_clock(
    State(app): State<App>,
    headers: HeaderMap,
    EventNo(event): EventNo,
    TableNo(table): TableNo,
    Body(request): Body<HandRef>,
) -> Answer<protocol::TableView> {
    with_event(&app, &headers, event, move |tx, role| {
        let by = caller_at_table(tx.state(), role, table - 1)?;
        tx.submit(Command::CallClock {
            event,
            table: protocol::TableId(table - 1),
            hand: request.hand,
            by,
        })?;
        Ok(Json(tx.state().room().table_view(
            table - 1,
            Viewer::Public,
            tx.now,
        )))
    })
    .await
}

/// Who calls the clock: the TD, or a player seated at the table (TDA-29).
pub fn caller_at_table(ev: &EventState, role: Role, table: u32) -> Result<Actor, Refusal> {
    match role {
        Role::Td => Ok(Actor::Td),
        Role::Player { .. } => {
            let entry = ev.entry_of(role)?;
            if ev.room().table_of(entry) == Some(table) {
                Ok(Actor::Player(entry))
            } else {
                Err(Refusal::forbidden(
                    "only a player at the table or the TD may call the clock (TDA-29)",
                ))
            }
        }
        Role::Public | Role::Dealer { .. } | Role::Tablet { .. } | Role::Guest { .. } => {
            Err(Refusal::new(401, "unauthorized", "a secret is needed"))
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Register {
    name: String,
    #[serde(default)]
    bot: bool,
}

async fn register(
    State(app): State<App>,
    headers: HeaderMap,
    extensions: Extensions,
    EventNo(event): EventNo,
    Body(request): Body<Register>,
) -> Answer<Registered> {
    let address = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0.ip());
    let role = role_of(&app, &headers)?;
    let public = read_event(&app, event, |ev, _| Ok(ev.room().public_registration())).await?;
    if role != Role::Td {
        if !public {
            return Err(Refusal::new(
                401,
                "unauthorized",
                "this event's players are registered by the TD (registration.public is off)",
            )
            .into());
        }
        app.hub().count_registration(address)?;
    }
    let token = crate::secret::new_secret()?;
    with_event(&app, &headers, event, move |tx, _| {
        let room = tx.state().room();
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
                .with_rule("TDA-8A"));
            }
        }
        let changes = tx.submit(Command::Register {
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
        })?;
        let (player, _) = changes
            .registered
            .ok_or_else(|| Refusal::internal("no entry made"))?;
        Ok(Json(Registered {
            event,
            player,
            token,
        }))
    })
    .await
}

async fn start(
    State(app): State<App>,
    headers: HeaderMap,
    EventNo(event): EventNo,
) -> Answer<protocol::EventSummary> {
    with_event(&app, &headers, event, move |tx, role| {
        require_td(role)?;
        tx.submit(Command::Start {
            event,
            by: Actor::Td,
        })?;
        Ok(Json(tx.state().room().summary(tx.now)))
    })
    .await
}

async fn td(
    State(app): State<App>,
    headers: HeaderMap,
    EventNo(event): EventNo,
    Body(action): Body<TdCommand>,
) -> Answer<protocol::EventSummary> {
    with_event(&app, &headers, event, move |tx, role| {
        require_td(role)?;
        tx.submit(Command::Td {
            event,
            by: Actor::Td,
            action,
        })?;
        Ok(Json(tx.state().room().summary(tx.now)))
    })
    .await
}

async fn me(
    State(app): State<App>,
    headers: HeaderMap,
    EventNo(event): EventNo,
) -> Answer<protocol::Me> {
    with_event(&app, &headers, event, |tx, role| {
        let entry = tx.state().entry_of(role)?;
        tx.state()
            .room()
            .me(entry, tx.now)
            .map(Json)
            .ok_or_else(|| Refusal::not_found("no entry"))
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Act {
    hand: u64,
    action: PlayerAction,
}

async fn act(
    State(app): State<App>,
    headers: HeaderMap,
    EventNo(event): EventNo,
    Body(request): Body<Act>,
) -> Answer<protocol::Me> {
    with_event(&app, &headers, event, move |tx, role| {
        player_act(tx, role, request.hand, request.action)?;
        let entry = tx.state().entry_of(role)?;
        tx.state()
            .room()
            .me(entry, tx.now)
            .map(Json)
            .ok_or_else(|| Refusal::not_found("no entry"))
    })
    .await
}

/// A player's action for their own seat, from HTTP or the WebSocket.
pub fn player_act(
    tx: &mut Tx<'_, EventState>,
    role: Role,
    hand: u64,
    action: PlayerAction,
) -> Result<(), Refusal> {
    let entry = tx.state().entry_of(role)?;
    let event = tx.state().id();
    let table = tx.state().room().table_of(entry).ok_or_else(|| {
        Refusal::conflict("not_seated", format!("player {} has no seat", entry.0 + 1))
    })?;
    tx.submit(Command::Act {
        event,
        table: protocol::TableId(table),
        hand,
        player: entry,
        action,
    })?;
    Ok(())
}
