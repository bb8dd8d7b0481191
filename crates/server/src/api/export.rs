//! Files for the club's own records (issue 17 item 6): every entry of an event, and its
//! results with places, prizes, bounties and league points (HC-4), as CSV. Public, as the
//! standings are.
//!
//! A name that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a return
//! first) gets a `'` in front, and every text field is quoted, so that a spreadsheet that splits
//! at `;` (German Excel) does not find a formula inside a name either.

use crate::api::extract::EventNo;
use crate::api::extract::read_event;
use crate::api::history::attachment;
use crate::app::App;
use crate::refusal::Fail;
use crate::refusal::Refusal;
use crate::room::EntryRow;
use axum::extract::State;
use axum::response::Response;
use protocol::EventId;

/// A column of a file: its header and its cell for an entry.
type Column = (&'static str, fn(&EntryRow) -> String);

const ENTRY_COLUMNS: [Column; 15] = [
    ("player", |r| r.player.to_string()),
    ("name", |r| cell(&r.name)),
    ("entry", |r| r.entry_number.to_string()),
    ("status", |r| r.status.clone()),
    ("table", |r| opt(r.table)),
    ("seat", |r| opt(r.seat)),
    ("chips", |r| r.chips.to_string()),
    ("rebuys", |r| r.rebuys.to_string()),
    ("add_ons", |r| r.add_ons.to_string()),
    ("warnings", |r| r.warnings.to_string()),
    ("place", |r| opt(r.place)),
    ("prize", |r| r.prize.to_string()),
    ("bounties", |r| r.bounties.to_string()),
    ("knockouts", |r| r.knockouts.to_string()),
    ("league_points", |r| opt(r.league_points)),
];

const RESULT_COLUMNS: [Column; 7] = [
    ("place", |r| opt(r.place)),
    ("name", |r| cell(&r.name)),
    ("entry", |r| r.entry_number.to_string()),
    ("prize", |r| r.prize.to_string()),
    ("bounties", |r| r.bounties.to_string()),
    ("knockouts", |r| r.knockouts.to_string()),
    ("league_points", |r| opt(r.league_points)),
];

/// `GET /api/events/{event}/entries.csv`: every entry, in the order they came.
#[utoipa::path(
    get,
    path = "/api/events/{event}/entries.csv",
    operation_id = "entries_csv",
    tag = "events",
    summary = r#"Every entry of an event, as CSV"#,
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"An attachment: player (from 1), name, entry, status, table, seat, chips, rebuys, add-ons, warnings, place, prize, bounties, knockouts, league points (HC-4); a name a spreadsheet would take for a formula starts with '."#, body = String, content_type = "text/csv"),
        crate::openapi::ReadRefusals
    )
)]
pub async fn entries(State(app): State<App>, EventNo(event): EventNo) -> Result<Response, Fail> {
    file(&app, event, "entries", &ENTRY_COLUMNS, |rows| rows).await
}

/// `GET /api/events/{event}/results.csv`: the places given so far, best first.
#[utoipa::path(
    get,
    path = "/api/events/{event}/results.csv",
    operation_id = "results_csv",
    tag = "events",
    summary = r#"An event's results, as CSV"#,
    params(
        ("event" = u32, Path, description = r#"The event's number, from 0."#, minimum = 0)
    ),
    responses(
        (status = 200, description = r#"An attachment: the places given so far, best first: place, name, entry, prize, bounties, knockouts, league points (HC-4)."#, body = String, content_type = "text/csv"),
        crate::openapi::ReadRefusals
    )
)]
pub async fn results(State(app): State<App>, EventNo(event): EventNo) -> Result<Response, Fail> {
    file(&app, event, "results", &RESULT_COLUMNS, placed).await
}

/// The event's entries, chosen by `rows`, as the CSV attachment `name`.
async fn file(
    app: &App,
    event: EventId,
    name: &str,
    columns: &[Column],
    rows: fn(Vec<EntryRow>) -> Vec<EntryRow>,
) -> Result<Response, Fail> {
    let rows = rows(read_event(app, event, |ev, _| Ok(ev.room().entry_rows())).await?);
    let header: Vec<&str> = columns.iter().map(|c| c.0).collect();
    let text = csv_text(
        &header,
        rows.iter()
            .map(|r| columns.iter().map(|c| (c.1)(r)).collect()),
    )?;
    Ok(attachment(
        text,
        format!("croupier-event-{event}-{name}.csv"),
        "text/csv; charset=utf-8",
    ))
}

/// The entries placed, best first (a shared place by entry).
fn placed(mut rows: Vec<EntryRow>) -> Vec<EntryRow> {
    rows.retain(|r| r.place.is_some());
    rows.sort_by_key(|r| (r.place, r.player));
    rows
}

fn opt(value: Option<impl ToString>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// A name as text, never as a formula.
fn cell(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

fn csv_text(header: &[&str], rows: impl Iterator<Item = Vec<String>>) -> Result<String, Refusal> {
    let failed = |e: csv::Error| Refusal::internal(format!("writing CSV: {e}"));
    let mut out = csv::WriterBuilder::new()
        .quote_style(csv::QuoteStyle::NonNumeric)
        .from_writer(Vec::new());
    out.write_record(header).map_err(failed)?;
    for row in rows {
        out.write_record(row).map_err(failed)?;
    }
    let bytes = out
        .into_inner()
        .map_err(|e| Refusal::internal(format!("writing CSV: {e}")))?;
    String::from_utf8(bytes).map_err(|e| Refusal::internal(format!("writing CSV: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(player: u32, name: &str, place: Option<u32>) -> EntryRow {
        EntryRow {
            player,
            name: name.into(),
            entry_number: 1,
            status: if place.is_some() { "busted" } else { "playing" }.into(),
            table: None,
            seat: None,
            chips: 0,
            rebuys: 0,
            add_ons: 0,
            warnings: 0,
            place,
            prize: 0,
            bounties: 0,
            knockouts: 0,
            league_points: place.map(|p| 10 - i64::from(p) * 4),
        }
    }

    #[test]
    fn results_are_the_placed_entries_best_first() {
        let rows = vec![
            row(1, "Ann", Some(3)),
            row(2, "Bob", None),
            row(3, "Cid", Some(1)),
            row(4, "Dee", Some(2)),
        ];
        let names: Vec<String> = placed(rows).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["Cid", "Dee", "Ann"]);
    }

    /// A name is text in a spreadsheet; quotes and commas are quoted; negative league points
    /// (HC-4) stay numbers.
    #[test]
    fn names_are_never_formulas_and_fields_are_quoted() {
        let rows = [
            vec![cell("=1+1"), "-2".into()],
            vec![cell("Smith, \"Jr\""), "3".into()],
            vec![cell("@SUM(A1)"), String::new()],
            vec![cell("a;=cmd|' /c calc'!A0"), "4".into()],
        ];
        let text = csv_text(&["name", "points"], rows.into_iter()).unwrap();
        assert_eq!(
            text,
            "\"name\",\"points\"\n\"'=1+1\",-2\n\"Smith, \"\"Jr\"\"\",3\n\"'@SUM(A1)\",\"\"\n\"a;=cmd|' /c calc'!A0\",4\n"
        );
    }
}
