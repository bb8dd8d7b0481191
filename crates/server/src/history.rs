//! Hand-history downloads: a player's own hands (`/hands/mine`, PHH or PokerStars text, with
//! only the cards they may see, TDA-16) and, for the TD, every hand of the event as PHH
//! (`/hands`), each an attachment with its file name.
//!
//! In the event's task a download only takes its hands (shared pointers to the archive's,
//! and the players' names); the text, up to 20,000 hands, is written afterwards on a
//! blocking thread, so commands, ticks and pushes go on meanwhile.

use crate::app::App;
use crate::extract::EventNo;
use crate::http::{Fail, read_event, require_td, role_of, with_event};
use crate::hub::Role;
use crate::room::{HandFormat, Refusal, Selection};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, header};
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
pub async fn mine(
    State(app): State<App>,
    headers: HeaderMap,
    EventNo(event): EventNo,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Fail> {
    let format = match query.get("format").map(String::as_str) {
        None | Some("pokerstars") => HandFormat::PokerStars,
        Some("phh") => HandFormat::Phh,
        Some(other) => {
            return Err(Fail(Refusal::new(
                400,
                "bad_query",
                format!("format {other:?} is neither \"pokerstars\" nor \"phh\""),
            )));
        }
    };
    let zone = zone(&query);
    let selection = with_event(&app, &headers, event, move |tx, role| {
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
pub async fn all(
    State(app): State<App>,
    headers: HeaderMap,
    EventNo(event): EventNo,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Fail> {
    let zone = zone(&query);
    require_td(role_of(&app, &headers)?)?;
    let selection = read_event(&app, event, |ev, _| Ok(ev.room().select_all())).await?;
    let text = written(selection, zone).await?;
    let file = format!("croupier-event-{event}-hands.phhs");
    Ok(attachment(text, file, "text/plain; charset=utf-8"))
}
