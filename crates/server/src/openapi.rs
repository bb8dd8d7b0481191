//! The OpenAPI document's own parts: its texts, the refusals the routes answer and the bearer
//! secret. The document is made from the router (`http::document`: each handler's
//! `#[utoipa::path]` and the wire types it takes and answers) and served at `/api/openapi.json`.

use protocol::{ApiError, ClientMessage, ServerMessage};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder, response::Response};

/// The document's texts, its tags, the refusals' answers and the WebSocket's messages.
#[derive(Debug, utoipa::OpenApi)]
#[openapi(
    info(
        title = "Croupier",
        description = r#"Croupier, a poker tournament server: its HTTP JSON API and WebSocket. Chips are integers, cards text such as `As`. Every refusal is a 4xx with an `ApiError` body saying what was wrong and the rule where one decided it; nothing is written to the event log for a refused request. An unknown route under `/api` is a 404 `ApiError`. Any route may also answer, as an `ApiError`: 408 (the request was not read and answered within 30 s), 413 (a body over 2 MB), 421 (a `Host` that is not this server; see `--public-origin`), 429 or 503 (too many connections from the address or in all). A WebSocket upgrade or a write (any POST) from a page of another origin than this server or a `--public-origin` is a 403, and a write whose body is not `application/json` a 415 (a write without a body needs no type); a WebSocket message is 16 KB at most, and a client that falls behind is closed with code 1013 and should reconnect."#,
        license(name = "MIT OR Apache-2.0", identifier = "MIT OR Apache-2.0")
    ),
    tags(
        (name = "meta"),
        (name = "events", description = r#"What the public sees."#),
        (name = "play", description = r#"Players' actions and views."#),
        (name = "td", description = r#"The tournament director's console."#),
        (name = "floor", description = r#"The dealer tablet: live tables ruled by the floor."#),
        (name = "ring", description = r#"The list keeper of the room's cash games: games, tables, waiting lists, offers and the books."#)
    ),
    components(
        schemas(ApiError, ServerMessage, ClientMessage),
        responses(BadRequest, Unauthorized, Forbidden, NotFound, Conflict, Unprocessable, Unavailable, TooManyRequests, UnsupportedMediaType)
    ),
    modifiers(&BearerAuth)
)]
pub struct Doc;

/// `Authorization: Bearer SECRET`.
#[derive(Debug)]
struct BearerAuth;

impl utoipa::Modify for BearerAuth {
    fn modify(&self, openapi: &mut OpenApi) {
        let scheme = HttpBuilder::new()
            .scheme(HttpAuthScheme::Bearer)
            .description(Some(
                r#"`Authorization: Bearer SECRET`: the TD's secret (shown by `croupier serve` when it is made, on a new log or with `--rotate-secret`; the log keeps only its hash), a player's token from `POST /api/events/{event}/register`, a cash-room guest's token from `POST /api/ring/guests`, or a live table's dealer token from `POST /api/floor/{table}/dealer-token` (good for that table's writes only). No secret is the public; an unknown secret is refused with 401."#,
            ))
            .build();
        openapi
            .components
            .get_or_insert_with(Default::default)
            .add_security_scheme("bearerAuth", SecurityScheme::Http(scheme));
    }
}

/// An `ApiError` answer with its description.
fn refused(description: &str) -> ResponseBuilder {
    let error = ContentBuilder::new()
        .schema(Some(Ref::from_schema_name("ApiError")))
        .build();
    ResponseBuilder::new()
        .description(description)
        .content("application/json", error)
}

/// A refusal's answer, named for the `responses` of the handlers' `#[utoipa::path]`.
macro_rules! refusal {
    ($name:ident, $description:expr) => {
        #[derive(Debug)]
        pub struct $name;

        impl<'r> utoipa::ToResponse<'r> for $name {
            fn response() -> (&'r str, RefOr<Response>) {
                (stringify!($name), refused($description).build().into())
            }
        }
    };
}

refusal!(
    BadRequest,
    r#"`bad_json`: the body is not valid; `bad_path`: a path segment is not a number."#
);

refusal!(
    Unauthorized,
    r#"`unauthorized`: a secret is needed, or the one given is unknown."#
);

refusal!(
    Forbidden,
    r#"`forbidden`: the secret may not do this (a player of another event, a bot registered by someone other than the TD, a clock called from another table)."#
);

refusal!(
    NotFound,
    r#"`not_found`: no such event, table, player or route."#
);

refusal!(
    Conflict,
    r#"Not now: `closed` (registration closed, TDA-8A), `already_started`, `too_few_players`, `wait`, `no_hand`, `stale_hand`, `no_turn`, `clock_running`, `too_early`, `not_seated`, ..."#
);

refusal!(
    Unprocessable,
    r#"The rules refuse it: `not_your_turn` (TDA-53A), `illegal_action` (e.g. a raise below the minimum, TDA-43), `hand_over`, `bad_config`, `bad_name`, `refused`."#
);

refusal!(
    Unavailable,
    r#"`storage`: the event log could not be written; nothing was done."#
);

refusal!(
    UnsupportedMediaType,
    r#"The body was not sent as `Content-Type: application/json`."#
);

/// 429, with the seconds to wait.
#[derive(Debug)]
pub struct TooManyRequests;

impl<'r> utoipa::ToResponse<'r> for TooManyRequests {
    fn response() -> (&'r str, RefOr<Response>) {
        let seconds = utoipa::openapi::HeaderBuilder::new()
            .schema(Some(
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::Type::Integer)
                    .minimum(Some(1)),
            ))
            .description(Some("Seconds to wait."))
            .build();
        let response = refused(r#"Too many self-registrations from this address (`croupier serve --register-per-minute`, `--register-burst`); `Retry-After` says in how many seconds to try again."#)
            .header("Retry-After", seconds)
            .build();
        ("TooManyRequests", response.into())
    }
}

/// The refusals a route answers, as one item of its `responses(...)`: each a reference to the
/// named answer above (`components.responses`).
macro_rules! refusals {
    ($(#[$doc:meta])* $name:ident: $($status:literal => $answer:ident),+) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $name;

        impl utoipa::IntoResponses for $name {
            fn responses() -> std::collections::BTreeMap<String, RefOr<Response>> {
                [$(($status.to_string(), Ref::from_response_name(stringify!($answer)).into())),+]
                    .into_iter()
                    .collect()
            }
        }
    };
}

refusals!(
    /// A public read: a path that is not a number, or nothing there.
    ReadRefusals: "400" => BadRequest, "404" => NotFound
);

refusals!(
    /// A read that needs a secret (the TD's, as a rule).
    SecretReadRefusals: "400" => BadRequest, "401" => Unauthorized, "403" => Forbidden, "404" => NotFound
);

refusals!(
    /// A change made at a table, an event or a game: every refusal a write can meet.
    WriteRefusals: "400" => BadRequest, "401" => Unauthorized, "403" => Forbidden,
        "404" => NotFound, "409" => Conflict, "422" => Unprocessable, "503" => Unavailable
);
