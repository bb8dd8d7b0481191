//! Hand-history downloads: a player's own hands (`/hands/mine`, PHH or PokerStars text, with
//! only the cards they may see, TDA-16) and, for the TD, every hand of the event as PHH
//! (`/hands`), each an attachment with its file name.
//!
//! In the event's task a download only takes its hands (shared pointers to the archive's,
//! and the players' names); the text, up to 20,000 hands, is written afterwards on a
//! blocking thread, so commands, ticks and pushes go on meanwhile.

use crate::api::extract::{Caller, read_event, require_td, with_event};
use crate::api::extract::{EventNo, TableNo};
use crate::app::App;
use crate::refusal::Fail;
use crate::refusal::Refusal;
use crate::role::Role;
use crate::room::{HandFormat, Selection};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;

/// Times are written in this zone unless `?tz=` names another (an IANA name).
const DEFAULT_ZONE: &str = "UTC";

fn zone(query: &HashMap<String, String>) -> String {
    query
        .get("tz")
        .filter(|z| !z.is_empty())
        .cloned()
        .unwrap_or_else(|| DEFAULT_ZONE.to_owned())
}

/// A download: `text` as the file `file`.
pub(crate) fn attachment(text: String, file: String, content_type: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file}\""),
            ),
        ],
        text,
    )
        .into_response()
}

/// `GET /api/events/{event}/hands/mine?format=pokerstars|phh&tz=Europe/Berlin`: the hands
/// the caller was dealt in the event, by their player secret.
#[utoipa::path(
    get,
    path = "/api/events/{event}/hands/mine",
    operation_id = "myHands",
    tag = "play",
    summary = r#"A player's own hands, as PokerStars text or PHH"#,
    description = r#"Every hand the caller (any of their entries) was dealt in the event, with their own hole cards and only the cards other players showed (TDA-16) or, in stud, dealt face up. Needs a player's token of this event. Sent as an attachment."#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0),
        ("format" = Option<String>, Query, description = r#"`pokerstars` (the default, `.txt`) or `phh` (`.phhs`, one table per hand)."#),
        ("tz" = Option<String>, Query, description = r#"The time zone the hands' times are written in, an IANA name such as `Europe/Berlin`; `UTC` by default. PokerStars text adds the ET time in brackets, as PokerStars writes it for a player outside ET."#)
    ),
    responses(
        (status = 200, description = r#"The hands (`croupier-event-{event}-my-hands.txt` or `.phhs`)."#, body = String, content_type = "text/plain"),
        crate::openapi::SecretReadRefusals
    )
)]
pub async fn mine(
    State(app): State<App>,
    Caller(role): Caller,
    EventNo(event): EventNo,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Fail> {
    let format = match query.get("format").map(String::as_str) {
        None | Some("pokerstars") => HandFormat::PokerStars,
        Some("phh") => HandFormat::Phh,
        Some(other) => {
            return Err(Fail(Refusal::new(
                StatusCode::BAD_REQUEST,
                "bad_query",
                format!("format {other:?} is neither \"pokerstars\" nor \"phh\""),
            )));
        }
    };
    let zone = zone(&query);
    let selection = with_event(&app, role, event, move |tx, role| {
        tx.state().entry_of(role)?;
        let Role::Player { person, .. } = role else {
            return Err(Refusal::internal("a player without a person"));
        };
        Ok(tx.state().room().select_mine(person, format))
    })
    .await?;
    let text = written(selection, zone).await?;
    let ext = match format {
        HandFormat::Phh => "phhs",
        HandFormat::PokerStars => "txt",
    };
    let file = format!("croupier-event-{event}-my-hands.{ext}");
    Ok(attachment(text, file, "text/plain; charset=utf-8"))
}

/// The hands' text, written on a blocking thread outside the event's task.
async fn written(selection: Selection, zone: String) -> Result<String, Fail> {
    let done = tokio::task::spawn_blocking(move || selection.write(&zone)).await;
    match done {
        Ok(Ok(written)) => Ok(written.text),
        Ok(Err(refusal)) => Err(Fail(refusal)),
        Err(e) => Err(Fail(Refusal::internal(format!(
            "the hands could not be written: {e}"
        )))),
    }
}

/// `GET /api/events/{event}/hands?tz=...`: every hand of the event with every card, as PHH,
/// for the TD.
#[utoipa::path(
    get,
    path = "/api/events/{event}/hands",
    operation_id = "allHands",
    tag = "td",
    summary = r#"Every hand of the event as PHH (TD)"#,
    description = r#"Every finished hand of the event with every card dealt, as a `.phhs` file with one table per hand (the event's hand number), in the order the hands finished; the newest 20000 hands are kept. Sent as an attachment."#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0),
        ("tz" = Option<String>, Query, description = r#"The time zone the hands' times are written in, an IANA name such as `Europe/Berlin`; `UTC` by default. PokerStars text adds the ET time in brackets, as PokerStars writes it for a player outside ET."#)
    ),
    responses(
        (status = 200, description = r#"The hands as PHH (`croupier-event-{event}-hands.phhs`)."#, body = String, content_type = "text/plain"),
        (status = 400, response = crate::openapi::BadRequest),
        (status = 401, response = crate::openapi::Unauthorized),
        (status = 404, response = crate::openapi::NotFound)
    )
)]
pub async fn all(
    State(app): State<App>,
    Caller(role): Caller,
    EventNo(event): EventNo,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Fail> {
    let zone = zone(&query);
    require_td(role)?;
    let selection = read_event(&app, event, |ev, _| Ok(ev.room().select_all())).await?;
    let text = written(selection, zone).await?;
    let file = format!("croupier-event-{event}-hands.phhs");
    Ok(attachment(text, file, "text/plain; charset=utf-8"))
}

/// `GET /api/events/{event}/tables/{table}/decks`: the deck proofs of the table's last hands
/// (issue 37).
#[utoipa::path(
    get,
    path = "/api/events/{event}/tables/{table}/decks",
    operation_id = "event_decks",
    tag = "play",
    summary = r#"The deck proofs of an event's online table's last hands"#,
    description = r#"Issue 37, `docs/decks.md`: for each of the table's last 5 hands over that the server dealt under a commitment, the commitment, the seed it was made to, the players' values taken (and those left out: `late`, `twice`, `malformed`, or `left` when its player left the seat before the deal), the deck seed and every card dealt by its place in the deck. The TD gets every kept hand, a player the hands they were dealt in under any of their entries (a player moved or busted asks their old table by its number). The answer is the file `croupier verify FILE` checks."#,
    security(("bearerAuth" = [])),
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0),
        ("table" = u32, Path, description = r#"The table's number, from 1."#, minimum = 1)
    ),
    responses(
        (status = 200, description = r#"The proofs, oldest first."#, body = protocol::DeckFile),
        crate::openapi::SecretReadRefusals
    )
)]
pub async fn decks(
    State(app): State<App>,
    Caller(role): Caller,
    EventNo(event): EventNo,
    TableNo(table): TableNo,
) -> Result<axum::Json<protocol::DeckFile>, Fail> {
    with_event(&app, role, event, move |tx, role| {
        // A player's own hands, under any of their entries (a re-entry is a new one, TDA-8).
        let person = match role {
            Role::Td => None,
            // Refused unless a player of this event.
            Role::Player { person, .. } => tx.state().entry_of(role).map(|_| Some(person))?,
            role => {
                tx.state().entry_of(role)?;
                return Err(Refusal::forbidden(
                    "a player's or the TD's secret is needed",
                ));
            }
        };
        let room = tx.state().room();
        if table.0 > room.table_count() {
            return Err(Refusal::not_found(format!("no table {table}")));
        }
        let hands = room.deck_proofs(table.index(), person.map(|p| room.entries_of(p)));
        Ok(axum::Json(protocol::DeckFile { hands }))
    })
    .await
}
