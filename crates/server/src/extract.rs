//! The API's extractors: a JSON body and the numbers in a path, each refused with an `ApiError`
//! (`bad_json`, `bad_path`) before the handler runs.

use crate::http::Fail;
use crate::room::Refusal;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, OptionalFromRequest, RawPathParams, Request};
use axum::http::request::Parts;
use protocol::{CashTableId, EventId, LiveTableId};
use serde::de::DeserializeOwned;

/// A request body of JSON; anything that does not parse as a `T` (an empty body too) is a 400
/// `bad_json`. As `Option<Body<T>>`, an empty body (or one of white space) is `None`.
#[derive(Debug)]
pub struct Body<T>(pub T);

/// The body's bytes; an error of axum's (a body over the limit) keeps its status.
async fn bytes<S: Send + Sync>(request: Request, state: &S) -> Result<Bytes, Fail> {
    Bytes::from_request(request, state).await.map_err(|e| {
        Fail(crate::guard::refusal_of(
            e.status().as_u16(),
            e.body_text().trim(),
        ))
    })
}

fn parse<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, Fail> {
    serde_json::from_slice(bytes).map_err(|e| {
        Fail(Refusal::new(
            400,
            "bad_json",
            format!("the request body is not valid: {e}"),
        ))
    })
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = Fail;

    async fn from_request(request: Request, state: &S) -> Result<Self, Fail> {
        parse(&bytes(request, state).await?).map(Body)
    }
}

impl<T: DeserializeOwned, S: Send + Sync> OptionalFromRequest<S> for Body<T> {
    type Rejection = Fail;

    async fn from_request(request: Request, state: &S) -> Result<Option<Self>, Fail> {
        let bytes = bytes(request, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(None);
        }
        parse(&bytes).map(|t| Some(Body(t)))
    }
}

/// The text of the path parameter `name`.
async fn param(parts: &mut Parts, name: &str) -> Result<String, Refusal> {
    let params = RawPathParams::from_request_parts(parts, &())
        .await
        .map_err(|e| Refusal::new(400, "bad_path", e.body_text()))?;
    params
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.to_string())
        .ok_or_else(|| Refusal::internal(format!("the route has no {{{name}}}")))
}

/// `{event}`: an event's number.
#[derive(Debug, Clone, Copy)]
pub struct EventNo(pub EventId);

/// `{table}` of an event: a table's number, from 1.
#[derive(Debug, Clone, Copy)]
pub struct TableNo(pub u32);

/// `{table}` under `/api/floor`: a live table's number.
#[derive(Debug, Clone, Copy)]
pub struct LiveTableNo(pub LiveTableId);

/// `{table}` under `/api/ring`: a cash table's number, from 0.
#[derive(Debug, Clone, Copy)]
pub struct CashTableNo(pub CashTableId);

impl<S: Send + Sync> FromRequestParts<S> for EventNo {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Fail> {
        let text = param(parts, "event").await?;
        let event = text.parse().map_err(|_| {
            Refusal::new(400, "bad_path", format!("{text:?} is not an event number"))
        })?;
        Ok(EventNo(event))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for TableNo {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Fail> {
        let text = param(parts, "table").await?;
        match text.parse::<u32>() {
            Ok(n) if n >= 1 => Ok(TableNo(n)),
            _ => Err(Fail(Refusal::new(
                400,
                "bad_path",
                format!("{text:?} is not a table number (tables count from 1)"),
            ))),
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for LiveTableNo {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Fail> {
        let text = param(parts, "table").await?;
        let table = text.parse().map_err(|_| {
            Refusal::new(
                400,
                "bad_path",
                format!("{text:?} is not a live table number"),
            )
        })?;
        Ok(LiveTableNo(table))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for CashTableNo {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Fail> {
        let text = param(parts, "table").await?;
        let table = text
            .parse::<u32>()
            .map_err(|_| Refusal::new(400, "bad_request", "a table is a number from 0"))?;
        Ok(CashTableNo(CashTableId(table)))
    }
}
