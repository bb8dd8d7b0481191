//! The API's extractors: a JSON body and the numbers in a path, each refused with an `ApiError`
//! (`bad_json`, `bad_path`). A handler reads the body (`Body::read`) after its checks of the
//! caller, where it parsed the bytes before: the order of refusals stays.

use crate::http::Fail;
use crate::room::Refusal;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::http::request::Parts;
use protocol::{CashTableId, EventId, LiveTableId};
use serde::de::DeserializeOwned;
use std::marker::PhantomData;

/// A request body of JSON, read at once (a body over the limit is refused then, with axum's
/// status) and parsed when the handler asks, after its own checks of the caller: anything that
/// does not parse as a `T` (an empty body too) is a 400 `bad_json`.
#[derive(Debug)]
pub struct Body<T> {
    bytes: Bytes,
    of: PhantomData<fn() -> T>,
}

impl<T: DeserializeOwned> Body<T> {
    /// The body as a `T`.
    pub fn read(&self) -> Result<T, Fail> {
        serde_json::from_slice(&self.bytes).map_err(|e| {
            Fail(Refusal::new(
                400,
                "bad_json",
                format!("the request body is not valid: {e}"),
            ))
        })
    }

    /// The body as a `T`; an empty body (or one of white space) is `T::default()`.
    pub fn read_or_default(&self) -> Result<T, Fail>
    where
        T: Default,
    {
        if self.bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(T::default());
        }
        self.read()
    }
}

impl<T, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = Fail;

    async fn from_request(request: Request, state: &S) -> Result<Self, Fail> {
        let bytes = Bytes::from_request(request, state).await.map_err(|e| {
            Fail(crate::guard::refusal_of(
                e.status().as_u16(),
                e.body_text().trim(),
            ))
        })?;
        Ok(Body {
            bytes,
            of: PhantomData,
        })
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
