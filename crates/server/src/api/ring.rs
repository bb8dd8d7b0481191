//! The cash room's routes. `GET /api/ring`: the waiting-list board, public (the names on a
//! list are read out in the room anyway) without chips or books; with the TD's secret the list
//! keeper's, with them. `POST /api/ring`: a list keeper's command, with the
//! TD's secret; the answer is the board after it. `POST /api/ring/guests`: a guest registers
//! from the browser and gets their token once. `GET`/`POST /api/ring/me`: a guest's own page and
//! what they ask for (join a list, take a seat, sit out, come back, play). `GET
//! /api/ring/tables/{table}`: a table as the public sees it; `.../statement`: its statement
//! (HC-1.10), for the list keeper. `GET /api/ring/qr.svg`: a QR code to `/cash` for the board.

use crate::api::extract::{Body, CashTableNo};
use crate::api::extract::{Caller, require_td};
use crate::app::App;
use crate::cash::CashState;
use crate::cash::wire::BoardFor;
use crate::refusal::Fail;
use crate::refusal::Refusal;
use crate::role::Role;
use crate::task::Signed;
use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::Extensions;
use axum::http::StatusCode;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use protocol::Actor;
use protocol::{
    CashTableView, DeckFile, GuestRequest, GuestView, RingBoard, RingCommand, RingDesk,
    TableStatement,
};
use ring::GuestId;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;

#[utoipa::path(
    get,
    path = "/api/ring",
    operation_id = "ring_board",
    tag = "ring",
    summary = r#"The waiting-list board"#,
    description = r#"Every game with its stakes, tables, open seats (and how many are offered now), the names on its list with their offers and the expected wait (issue 36: from the seats that opened at the game's tables in the last two hours; `docs/cash-games.md`). Without a secret it is the room's board: no chips, no books, no guest list, and names as the house chose (`board_names`: `full` or `initials`). With the TD's secret it is the list keeper's: each seat's `chips`, the `books` and every guest (`guests`). An unknown secret is a 401."#,
    security((), ("bearerAuth" = [])),
    responses(
        (status = 200, description = r#"The board."#, body = RingBoard),
        (status = 401, response = crate::openapi::Unauthorized)
    )
)]
pub async fn board(State(app): State<App>, Caller(role): Caller) -> Result<Json<RingBoard>, Fail> {
    let audience = audience(role);
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| {
            let board = crate::cash::wire::board(tx.state().room(), tx.now, audience);
            Ok(Json(board))
        })
        .await?)
}

/// The list keeper's board for the TD, the room's for everyone else (issue 36: no chips on
/// the screen in the room).
fn audience(role: Role) -> BoardFor {
    match role {
        Role::Td => BoardFor::ListKeeper,
        _ => BoardFor::Room,
    }
}

#[utoipa::path(
    post,
    path = "/api/ring",
    operation_id = "ring_command",
    tag = "ring",
    summary = r#"A list keeper's command (TD)"#,
    description = r#"Games, tables, lists, offers and money of the room's cash games (issue 18). Every command is logged and replayed; a refusal changes nothing: 404 for an unknown guest, game or table, 409 `offer_expired` for an offer answered too late, 409 `hand_in_play` for a top-up during a hand or a cash-out with chips in the pot, 422 `amount_too_large` for a game's amount above 10^15 or chips the books cannot count (issue 33), 422 `refused` otherwise (with the rule where one applies, e.g. HC-1.4, HC-1.9). Guests' own registrations and actions, and the server's deals at online tables, are not list keeper commands (422 `not_a_list_keeper_command`)."#,
    security(("bearerAuth" = [])),
    request_body = RingCommand,
    responses(
        (status = 200, description = r#"The board."#, body = RingBoard),
        crate::openapi::WriteRefusals
    )
)]
pub async fn command(
    State(app): State<App>,
    Caller(role): Caller,
    body: Body<RingCommand>,
) -> Result<Json<RingBoard>, Fail> {
    require_td(role)?;
    let command = body.read()?;
    if matches!(
        command,
        RingCommand::RegisterGuest { .. }
            | RingCommand::Deal { .. }
            | RingCommand::Commit { .. }
            | RingCommand::DeckValue { .. }
            | RingCommand::Act { .. }
            | RingCommand::TimeOut { .. }
            | RingCommand::CallClock { .. }
    ) {
        return Err(Refusal::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "not_a_list_keeper_command",
            "guests register and act themselves, and the server deals its online tables",
        )
        .into());
    }
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| {
            tx.submit(Signed {
                by: Actor::ListKeeper,
                command,
            })?;
            let board = crate::cash::wire::board(tx.state().room(), tx.now, BoardFor::ListKeeper);
            Ok(Json(board))
        })
        .await?)
}

/// A guest who registers: their name, and if they wish a number for a text when a seat is
/// offered (with `consent: true`, else refused) in the page's language (German by default).
#[derive(Debug, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewGuest {
    name: String,
    #[serde(default)]
    phone: Option<String>,
    #[serde(default)]
    consent: bool,
    #[serde(default)]
    lang: protocol::Lang,
}

/// A new guest and their token, given once: send it as `Authorization: Bearer <token>`.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GuestToken {
    pub guest: u32,
    /// The guest's secret, given once: it is sent as `Authorization: Bearer <token>`.
    pub token: String,
}

#[utoipa::path(
    post,
    path = "/api/ring/guests",
    operation_id = "ring_register_guest",
    tag = "ring",
    summary = r#"A guest registers from the browser"#,
    description = r#"Gives the guest a token, once (only its hash is logged). Limited per address like a tournament's self-registration (429). A phone number (international form, `+` and 7 to 15 digits) is taken only with `consent: true` (422 `consent_needed`; 422 `bad_phone` for a number that is not one); it is shown only to the desk."#,
    request_body = NewGuest,
    responses(
        (status = 200, description = r#"The guest and their token."#, body = GuestToken),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 422, response = crate::openapi::Unprocessable),
        (status = 429, response = crate::openapi::TooManyRequests),
        (status = 503, response = crate::openapi::Unavailable)
    )
)]
pub async fn register(
    State(app): State<App>,
    extensions: Extensions,
    body: Body<NewGuest>,
) -> Result<Json<GuestToken>, Fail> {
    let address = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0.ip());
    app.hub().count_registration(address)?;
    let request = body.read()?;
    // The number is checked before the guest is written, so that a refused one writes nothing.
    if let Some(phone) = &request.phone {
        ring::Contact::new(
            phone,
            request.consent,
            crate::cash::wire::ring_lang(request.lang),
        )
        .map_err(|e| crate::cash::wire::refusal(&e))?;
    }
    let token = crate::secret::new_secret()?;
    let hash = crate::secret::hash(&token);
    let task = app.hub().cash();
    let guest = task
        .run(move |tx| {
            let guest = tx.state().room().guests().len() as u32;
            tx.submit(Signed {
                by: Actor::Entrant,
                command: RingCommand::RegisterGuest {
                    name: request.name,
                    token: hash,
                },
            })?;
            if let Some(phone) = request.phone {
                tx.submit(Signed {
                    by: Actor::Guest(GuestId(guest)),
                    command: RingCommand::SetPhone {
                        guest: GuestId(guest),
                        phone: Some(phone),
                        consent: request.consent,
                        lang: request.lang,
                    },
                })?;
            }
            Ok(guest)
        })
        .await?;
    Ok(Json(GuestToken { guest, token }))
}

fn guest(role: Role) -> Result<GuestId, Refusal> {
    CashState::guest_of(role).ok_or_else(|| {
        Refusal::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "a guest's token is needed (POST /api/ring/guests gives one)",
        )
    })
}

#[utoipa::path(
    get,
    path = "/api/ring/me",
    operation_id = "ring_me",
    tag = "ring",
    summary = r#"A guest's own page"#,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = r#"The guest's view."#, body = GuestView),
        (status = 401, response = crate::openapi::Unauthorized)
    )
)]
pub async fn me(State(app): State<App>, Caller(role): Caller) -> Result<Json<GuestView>, Fail> {
    let guest = guest(role)?;
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| {
            crate::cash::view::guest_view(tx.state(), guest, tx.now)
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
        GuestRequest::DeckValue { hand, value } => RingCommand::DeckValue {
            guest: GuestId(g),
            hand,
            value,
        },
        GuestRequest::Phone {
            phone,
            consent,
            lang,
        } => RingCommand::SetPhone {
            guest: GuestId(g),
            phone,
            consent,
            lang,
        },
        GuestRequest::Forget => RingCommand::ForgetGuest { guest: GuestId(g) },
    }
}

#[utoipa::path(
    post,
    path = "/api/ring/me",
    operation_id = "ring_guest_request",
    tag = "ring",
    summary = r#"What a guest asks for"#,
    description = r#"Join or leave a list, answer a seat offer, sit out and come back (HC-1.9, JPR-3.0, TDA-30), top up, cash out, act at an online table, leave or take back a number for a text when a seat is offered (`phone`, with `consent: true`: 422 `consent_needed`, `bad_phone`), be forgotten (`forget`: not while seated or with chips in a tray; the answer is an empty view and the token stops working), add a random value to the next hand's deck at an online table (`deck_value`, issue 37, `docs/decks.md`: one that comes late, twice or malformed, or whose guest left the seat before the deal, is left out and the hand's proof says so; 409 `no_commitment` for a hand without an open commitment, `hand_over` for a hand already over, `not_seated`, `value_noted` for a reason noted already; 422 `bad_value` for one over 128 characters). Logged and replayed; a refusal changes nothing (409 `offer_expired`, `hand_in_play`, `not_your_turn`, `stale`; 422 with the rule)."#,
    security(("bearerAuth" = [])),
    request_body = GuestRequest,
    responses(
        (status = 200, description = r#"The guest's view after it."#, body = GuestView),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 404, response = crate::openapi::NotFound),
        (status = 409, response = crate::openapi::Conflict),
        (status = 422, response = crate::openapi::Unprocessable),
        (status = 503, response = crate::openapi::Unavailable)
    )
)]
pub async fn ask(
    State(app): State<App>,
    Caller(role): Caller,
    body: Body<GuestRequest>,
) -> Result<Json<GuestView>, Fail> {
    let guest = guest(role)?;
    let request = body.read()?;
    let playing =
        matches!(request, GuestRequest::Join { .. }) && in_tournament(&app, guest).await?;
    let forget = matches!(request, GuestRequest::Forget);
    let command = as_command(guest, request, playing);
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| {
            tx.submit(Signed {
                by: Actor::Guest(guest),
                command,
            })?;
            if forget {
                return Ok(Json(crate::cash::view::forgotten_view(guest, tx.now)));
            }
            crate::cash::view::guest_view(tx.state(), guest, tx.now)
                .map(Json)
                .ok_or_else(|| Refusal::not_found("no such guest"))
        })
        .await?)
}

#[utoipa::path(
    get,
    path = "/api/ring/tables/{table}",
    operation_id = "ring_table",
    tag = "ring",
    summary = r#"A cash table as the public sees it"#,
    params(
        ("table" = u32, Path, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"The table."#, body = CashTableView),
        crate::openapi::ReadRefusals
    )
)]
pub async fn table(
    State(app): State<App>,
    CashTableNo(table): CashTableNo,
) -> Result<Json<CashTableView>, Fail> {
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| {
            crate::cash::view::table_view(tx.state(), table, None, tx.now)
                .map(Json)
                .ok_or_else(|| Refusal::not_found(format!("no table {}", table.number())))
        })
        .await?)
}

/// `GET /api/ring/tables/{table}/statement` (TD): the table's statement (HC-1.10).
#[utoipa::path(
    get,
    path = "/api/ring/tables/{table}/statement",
    operation_id = "ring_statement",
    tag = "ring",
    summary = r#"A table's statement (TD)"#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"The statement (HC-1.10)."#, body = TableStatement),
        crate::openapi::SecretReadRefusals
    )
)]
pub async fn statement(
    State(app): State<App>,
    Caller(role): Caller,
    table: Result<CashTableNo, Fail>,
) -> Result<Json<TableStatement>, Fail> {
    require_td(role)?;
    let CashTableNo(table) = table?;
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| crate::cash::wire::statement(tx.state().room(), table).map(Json))
        .await?)
}

/// `GET /api/ring/tables/{table}/decks`: the deck proofs of the table's last hands (issue 37).
#[utoipa::path(
    get,
    path = "/api/ring/tables/{table}/decks",
    operation_id = "ring_decks",
    tag = "ring",
    summary = r#"The deck proofs of an online table's last hands"#,
    description = r#"Issue 37, `docs/decks.md`: for each of the table's last 20 hands over that the server dealt under a commitment, the commitment, the seed it was made to, the players' values taken (and those left out: `late`, `twice`, `malformed`, or `left` when its player left the seat before the deal), the deck seed and every card dealt by its place in the deck. The TD gets every kept hand, a guest the hands they were dealt in. The answer is the file `croupier verify FILE` checks."#,
    security(("bearerAuth" = [])),
    params(
        ("table" = u32, Path, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"The proofs, oldest first."#, body = DeckFile),
        crate::openapi::SecretReadRefusals
    )
)]
pub async fn decks(
    State(app): State<App>,
    Caller(role): Caller,
    table: Result<CashTableNo, Fail>,
) -> Result<Json<DeckFile>, Fail> {
    let viewer = match role {
        Role::Td => None,
        role => Some(guest(role)?),
    };
    let CashTableNo(table) = table?;
    let task = app.hub().cash();
    Ok(task
        .run(move |tx| {
            let state = tx.state();
            state
                .room()
                .table(table)
                .map_err(|e| Refusal::not_found(e.to_string()))?;
            let hands = state
                .deck_proofs(table)
                .into_iter()
                .filter(|(guests, _)| viewer.is_none_or(|g| guests.contains(&g)))
                .map(|(_, proof)| proof)
                .collect();
            Ok(Json(DeckFile { hands }))
        })
        .await?)
}

/// `GET /api/ring/desk` (TD): the guests' numbers and the texts that failed (issue 36 item 3).
#[utoipa::path(
    get,
    path = "/api/ring/desk",
    operation_id = "ring_desk",
    tag = "ring",
    summary = r#"The desk's own view (TD)"#,
    description = r#"What only the desk sees: the phone numbers guests left with their consent, whether seat offers are texted (`--sms-webhook`), and the texts given up on after their retries (guest, table and seat, when, why; the newest 50). The public board (`GET /api/ring`) never carries a number."#,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = r#"The desk's view."#, body = RingDesk),
        crate::openapi::SecretReadRefusals
    )
)]
pub async fn desk(State(app): State<App>, Caller(role): Caller) -> Result<Json<RingDesk>, Fail> {
    require_td(role)?;
    let task = app.hub().cash();
    Ok(task.run(|tx| Ok(Json(tx.state().desk()))).await?)
}

#[utoipa::path(
    get,
    path = "/api/ring/qr.svg",
    operation_id = "ring_qr",
    tag = "ring",
    summary = r#"A QR code to the guests' page"#,
    description = r#"An SVG QR code of this server's `/cash`, as the request reached it (its `Host`; `https` when a proxy in front says so in `X-Forwarded-Proto`), for the board in the room (issue 36): a guest joins a list from the phone. A missing or malformed `Host` is a 400."#,
    responses(
        (status = 200, description = r#"The QR code (SVG)."#, body = String, content_type = "image/svg+xml"),
        (status = 400, response = crate::openapi::BadRequest)
    )
)]
pub async fn qr(headers: HeaderMap) -> Result<Response, Fail> {
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .filter(|h| plain_host(h))
        .ok_or_else(|| {
            Refusal::new(
                StatusCode::BAD_REQUEST,
                "bad_host",
                "the QR code points to the Host the request names: none was given, or not a host",
            )
        })?;
    let https = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|p| p.trim().eq_ignore_ascii_case("https"));
    let url = format!("{}://{host}/cash", if https { "https" } else { "http" });
    let code = qrcode::QrCode::with_error_correction_level(url.as_bytes(), qrcode::EcLevel::M)
        .map_err(|e| Refusal::internal(format!("the QR code of {url}: {e}")))?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(256, 256)
        .quiet_zone(true)
        .build();
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        svg,
    )
        .into_response())
}

/// A `Host` as a URL may carry it: a name or address with a port, nothing else (the QR code
/// must not point anywhere a crafted header says).
fn plain_host(host: &str) -> bool {
    (1..=255).contains(&host.len())
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b))
}
