//! The API's extractors: a JSON body and the numbers in a path, each refused with an `ApiError`
//! (`bad_json`, `bad_path`, `too_large`). A body is taken by the size its caller may send; a
//! handler parses it (`Body::read`) after its checks of the caller.

use crate::app::App;
use crate::event::EventState;
use crate::refusal::{Fail, Refusal};
use crate::role::Role;
use crate::task::Tx;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::http::HeaderMap;
use axum::http::StatusCode;
use axum::http::request::Parts;
use futures_util::StreamExt;
use protocol::{CashTableId, EventId, LiveTableId, TableNumber};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::marker::PhantomData;
use tokio::sync::OwnedSemaphorePermit;

/// A request body of JSON, read once the caller is known and parsed when the handler asks,
/// after its own checks of the caller: anything that does not parse as a `T` (an empty body
/// too) is a 400 `bad_json`. A caller without a known secret may send `ANONYMOUS_BODY_LIMIT`
/// bytes (a self-registration is a name), others `BODY_LIMIT`; the bytes being read on all
/// connections together are bounded by `Limits::body_bytes` (issue 33 item 3).
#[derive(Debug)]
pub struct Body<T> {
    bytes: Bytes,
    of: PhantomData<fn() -> T>,
    /// The share of the bytes in reading this body holds until the handler is done.
    _held: Option<OwnedSemaphorePermit>,
}

/// The largest body taken from a caller without a known secret.
pub const ANONYMOUS_BODY_LIMIT: usize = 4 << 10;

impl<T: DeserializeOwned + Serialize> Body<T> {
    /// The body as a `T`; a field the `T` does not take is refused too (`from_json_strict`).
    pub fn read(&self) -> Result<T, Fail> {
        protocol::from_json_strict(&self.bytes).map_err(|e| {
            Fail(Refusal::new(
                StatusCode::BAD_REQUEST,
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

impl<T> FromRequest<App> for Body<T> {
    type Rejection = Fail;

    async fn from_request(request: Request, app: &App) -> Result<Self, Fail> {
        let (parts, body) = request.into_parts();
        let known = role_of(app, &parts.headers).is_ok_and(|r| r != Role::Public);
        let limit = if known {
            crate::api::guard::BODY_LIMIT
        } else {
            ANONYMOUS_BODY_LIMIT
        };
        let too_large = || {
            Fail(Refusal::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!("the request body is larger than the {limit} bytes taken from this caller"),
            ))
        };
        let declared = parts
            .headers
            .get(axum::http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        if declared.is_some_and(|n| n > limit) {
            return Err(too_large());
        }
        let mut stream = body.into_data_stream();
        let mut bytes = Vec::new();
        let mut held: Option<OwnedSemaphorePermit> = None;
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| {
                Fail(Refusal::new(
                    StatusCode::BAD_REQUEST,
                    "bad_request",
                    format!("the request body could not be read: {e}"),
                ))
            })?;
            if bytes.len() + chunk.len() > limit {
                return Err(too_large());
            }
            let share = u32::try_from(chunk.len()).map_err(|_| too_large())?;
            let permit = app
                .body_bytes()
                .clone()
                .try_acquire_many_owned(share)
                .map_err(|_| {
                    let mut busy = Refusal::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        "unavailable",
                        "the server is reading as many request bodies as it takes: try again",
                    );
                    busy.retry_after = Some(1);
                    Fail(busy)
                })?;
            match &mut held {
                Some(h) => h.merge(permit),
                None => held = Some(permit),
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(Body {
            bytes: Bytes::from(bytes),
            of: PhantomData,
            _held: held,
        })
    }
}

/// The text of the path parameter `name`.
async fn param(parts: &mut Parts, name: &str) -> Result<String, Refusal> {
    let params = RawPathParams::from_request_parts(parts, &())
        .await
        .map_err(|e| Refusal::new(StatusCode::BAD_REQUEST, "bad_path", e.body_text()))?;
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
pub struct TableNo(pub TableNumber);

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
            Refusal::new(
                StatusCode::BAD_REQUEST,
                "bad_path",
                format!("{text:?} is not an event number"),
            )
        })?;
        Ok(EventNo(event))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for TableNo {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Fail> {
        let text = param(parts, "table").await?;
        match text.parse::<u32>() {
            Ok(n) if n >= 1 => Ok(TableNo(TableNumber(n))),
            _ => Err(Fail(Refusal::new(
                StatusCode::BAD_REQUEST,
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
                StatusCode::BAD_REQUEST,
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
        let table = text.parse::<u32>().map_err(|_| {
            Refusal::new(
                StatusCode::BAD_REQUEST,
                "bad_path",
                format!("{text:?} is not a cash table's id (a number from 0)"),
            )
        })?;
        Ok(CashTableNo(CashTableId(table)))
    }
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
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "the TD's secret is needed",
        )),
    }
}

/// The caller's role, from the request's secret (`Authorization: Bearer …`): no secret is the
/// public, an unknown one a 401 `unauthorized`.
#[derive(Clone, Copy, Debug)]
pub struct Caller(pub Role);

impl FromRequestParts<App> for Caller {
    type Rejection = Fail;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Caller, Fail> {
        Ok(Caller(role_of(app, &parts.headers)?))
    }
}

/// The caller's role, from the request's secret.
fn role_of(app: &App, headers: &HeaderMap) -> Result<Role, Refusal> {
    app.hub().role(secret(headers, &HashMap::new()).as_deref())
}

/// Runs `f` in an event's task with the caller's role; its answer once what it submitted is
/// in the log.
pub(crate) async fn with_event<T: Send + 'static>(
    app: &App,
    role: Role,
    event: EventId,
    f: impl FnOnce(&mut Tx<'_, EventState>, Role) -> Result<T, Refusal> + Send + 'static,
) -> Result<T, Fail> {
    let task = app.hub().event(event)?;
    Ok(task.run(move |tx| f(tx, role)).await?)
}

/// Reads an event in its task.
pub(crate) async fn read_event<T: Send + 'static>(
    app: &App,
    event: EventId,
    f: impl FnOnce(&EventState, u64) -> Result<T, Refusal> + Send + 'static,
) -> Result<T, Fail> {
    Ok(app.hub().read_event(event, f).await?)
}
