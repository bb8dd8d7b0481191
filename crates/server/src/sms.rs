//! Texts through the house's SMS gateway (issue 36 item 3, `croupier serve --sms-webhook`): an
//! HTTP POST of `{"to": "+49...", "text": "..."}`, with a bearer token if one is given, retried
//! with a growing pause. Off the cash room's task: a text is put on a bounded queue and sent by
//! a task of its own, a few at once; what could not be sent after every try is kept (the newest
//! 50) for the desk. Plain HTTP only: a gateway behind HTTPS is reached through a local relay.

use crate::clock::Clock;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::header::{AUTHORIZATION, CONTENT_TYPE, HeaderValue};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use protocol::{CashTableId, GuestId};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Texts waiting to be sent at most; past that a text fails at once (shown on the desk).
const QUEUE: usize = 256;
/// Texts being sent (or waiting for a retry) at once.
const IN_FLIGHT: usize = 16;
/// Failed texts kept for the desk.
const FAILED_KEPT: usize = 50;
/// How long one try may take, the answer read included.
const TRY_MS: u64 = 10_000;

/// The gateway and how to reach it.
#[derive(Clone, Debug)]
pub struct SmsConfig {
    url: hyper::Uri,
    bearer: Option<HeaderValue>,
    /// The pauses before each retry (1, 2, 4, 8, 16 s: six tries in all).
    pub retries: Vec<Duration>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SmsConfigError {
    #[error("--sms-webhook {0:?} is not an http:// URL with a host")]
    NotHttp(String),
    #[error(
        "--sms-webhook {0:?}: https is not supported; reach the gateway through a local relay on http://"
    )]
    Https(String),
    #[error("--sms-token: a token is printable ASCII without spaces")]
    BadToken,
}

impl SmsConfig {
    pub fn new(url: &str, token: Option<&str>) -> Result<SmsConfig, SmsConfigError> {
        let uri: hyper::Uri = url
            .parse()
            .map_err(|_| SmsConfigError::NotHttp(url.into()))?;
        match uri.scheme_str() {
            Some("http") if uri.host().is_some() => {}
            Some("https") => return Err(SmsConfigError::Https(url.into())),
            _ => return Err(SmsConfigError::NotHttp(url.into())),
        }
        let bearer = match token {
            None => None,
            Some(t) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_graphic()) => Some(
                HeaderValue::try_from(format!("Bearer {t}"))
                    .map_err(|_| SmsConfigError::BadToken)?,
            ),
            Some(_) => return Err(SmsConfigError::BadToken),
        };
        Ok(SmsConfig {
            url: uri,
            bearer,
            retries: [1, 2, 4, 8, 16].map(Duration::from_secs).to_vec(),
        })
    }
}

/// One text, for the seat offered to a guest.
#[derive(Clone, Debug)]
pub struct Text {
    pub guest: GuestId,
    pub table: CashTableId,
    pub seat: u8,
    pub offered_ms: u64,
    pub to: String,
    pub text: String,
}

impl Text {
    fn key(&self) -> OfferKey {
        (self.guest, self.table, self.seat, self.offered_ms)
    }
}

/// A text given up on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failed {
    pub guest: GuestId,
    pub table: CashTableId,
    pub seat: u8,
    pub offered_ms: u64,
    pub failed_ms: u64,
    pub attempts: u32,
    pub why: String,
}

/// An offer as its text knows it: the guest, the seat and when it was made.
type OfferKey = (GuestId, CashTableId, u8, u64);

struct Shared {
    failed: Mutex<VecDeque<Failed>>,
    /// The offers whose texts are queued or being sent: one no longer standing (answered, run
    /// out, the guest forgotten) is not sent, nor tried again. At most the queue and those in
    /// flight.
    standing: Mutex<std::collections::HashSet<OfferKey>>,
    sent: AtomicU64,
    clock: Clock,
    /// Told when a text fails, so that the desk reads the room again.
    changed: Told,
}

/// Tells the pages that follow the room that it changed.
pub type Told = Arc<dyn Fn() + Send + Sync>;

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("failed", &self.failed)
            .field("standing", &self.standing)
            .field("sent", &self.sent)
            .finish_non_exhaustive()
    }
}

impl Shared {
    fn still_standing(&self, key: &OfferKey) -> bool {
        self.standing.lock().is_ok_and(|s| s.contains(key))
    }

    fn done(&self, key: &OfferKey) {
        if let Ok(mut s) = self.standing.lock() {
            s.remove(key);
        }
    }

    fn fail(&self, text: &Text, attempts: u32, why: String) {
        let failed = Failed {
            guest: text.guest,
            table: text.table,
            seat: text.seat,
            offered_ms: text.offered_ms,
            failed_ms: self.clock.now(),
            attempts,
            why,
        };
        if let Ok(mut list) = self.failed.lock() {
            if list.len() == FAILED_KEPT {
                list.pop_front();
            }
            list.push_back(failed);
        }
        (self.changed)();
    }
}

/// The sender's handle: puts texts on its queue, and says what failed.
#[derive(Clone, Debug)]
pub struct Sms {
    queue: tokio::sync::mpsc::Sender<Text>,
    shared: Arc<Shared>,
}

impl Sms {
    /// Starts the sender on the current runtime.
    pub fn spawn(config: SmsConfig, clock: Clock, changed: Told) -> Sms {
        let (queue, mut texts) = tokio::sync::mpsc::channel::<Text>(QUEUE);
        let shared = Arc::new(Shared {
            failed: Mutex::default(),
            standing: Mutex::default(),
            sent: AtomicU64::new(0),
            clock,
            changed,
        });
        let client: Client<HttpConnector, Full<Bytes>> =
            Client::builder(TokioExecutor::new()).build_http();
        let config = Arc::new(config);
        let in_flight = Arc::new(tokio::sync::Semaphore::new(IN_FLIGHT));
        let sender = shared.clone();
        tokio::spawn(async move {
            while let Some(text) = texts.recv().await {
                let Ok(permit) = in_flight.clone().acquire_owned().await else {
                    return;
                };
                let (client, config, shared) = (client.clone(), config.clone(), sender.clone());
                tokio::spawn(async move {
                    deliver(&client, &config, &shared, &text).await;
                    drop(permit);
                });
            }
        });
        Sms { queue, shared }
    }

    /// Puts a text on the queue; a full queue fails it at once (never waits).
    pub fn send(&self, text: Text) {
        if let Ok(mut s) = self.shared.standing.lock() {
            s.insert(text.key());
        }
        if let Err(e) = self.queue.try_send(text) {
            let text = match e {
                tokio::sync::mpsc::error::TrySendError::Full(t)
                | tokio::sync::mpsc::error::TrySendError::Closed(t) => t,
            };
            self.shared.done(&text.key());
            self.shared
                .fail(&text, 0, "too many texts waiting: not sent".into());
        }
    }

    /// The offers standing now: a text for any other is dropped before its next try.
    pub fn standing(&self, offers: &[ring::Offer]) {
        if let Ok(mut s) = self.shared.standing.lock()
            && !s.is_empty()
        {
            s.retain(|k| {
                offers
                    .iter()
                    .any(|o| (o.guest, o.table, o.seat, o.made.0) == *k)
            });
        }
    }

    /// The texts given up on, oldest first.
    pub fn failed(&self) -> Vec<Failed> {
        self.shared
            .failed
            .lock()
            .map(|l| l.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// Texts the gateway took.
    pub fn sent(&self) -> u64 {
        self.shared.sent.load(Ordering::Relaxed)
    }
}

/// Sends one text, trying again after each pause; a text the gateway took (2xx) is not sent
/// again.
async fn deliver(
    client: &Client<HttpConnector, Full<Bytes>>,
    config: &SmsConfig,
    shared: &Shared,
    text: &Text,
) {
    let body = serde_json::json!({ "to": text.to, "text": text.text }).to_string();
    let key = text.key();
    let mut attempts = 0u32;
    let mut pauses = config.retries.iter();
    loop {
        // An offer answered, run out or withdrawn meanwhile is not texted any more.
        if !shared.still_standing(&key) {
            return;
        }
        attempts = attempts.saturating_add(1);
        let why = match try_once(client, config, &body).await {
            Ok(()) => {
                shared.sent.fetch_add(1, Ordering::Relaxed);
                shared.done(&key);
                return;
            }
            Err(why) => why,
        };
        match pauses.next() {
            Some(pause) => tokio::time::sleep(*pause).await,
            None => {
                shared.done(&key);
                shared.fail(text, attempts, why);
                return;
            }
        }
    }
}

async fn try_once(
    client: &Client<HttpConnector, Full<Bytes>>,
    config: &SmsConfig,
    body: &str,
) -> Result<(), String> {
    let mut request =
        hyper::Request::post(config.url.clone()).header(CONTENT_TYPE, "application/json");
    if let Some(bearer) = &config.bearer {
        request = request.header(AUTHORIZATION, bearer.clone());
    }
    let request = request
        .body(Full::new(Bytes::from(body.to_string())))
        .map_err(|e| format!("the request: {e}"))?;
    let answer = async {
        let answer = client
            .request(request)
            .await
            .map_err(|e| format!("no answer: {e}"))?;
        let status = answer.status();
        // Read to the end, so that the connection may be used again.
        let _ = answer.into_body().collect().await;
        if status.is_success() {
            Ok(())
        } else {
            Err(format!("HTTP {}", status.as_u16()))
        }
    };
    tokio::time::timeout(Duration::from_millis(TRY_MS), answer)
        .await
        .map_err(|_| format!("no answer within {} s", TRY_MS / 1_000))?
}

/// A seat offer's text in the guest's language: the game, the table and seat (from 1), and
/// how long the seat is held.
pub fn offer_text(
    lang: protocol::Lang,
    game: &str,
    table: CashTableId,
    seat: u8,
    held_ms: u64,
) -> String {
    let table = u64::from(table.0) + 1;
    let (minutes, seconds) = (held_ms / 60_000, held_ms / 1_000);
    match lang {
        protocol::Lang::De => {
            let held = if held_ms.is_multiple_of(60_000) {
                format!("{minutes} Minute{}", if minutes == 1 { "" } else { "n" })
            } else {
                format!("{seconds} Sekunden")
            };
            format!(
                "Ein Platz für Sie: {game}, Tisch {table}, Platz {seat}. Er wird {held} für Sie gehalten; bitte auf der Seite annehmen oder ablehnen."
            )
        }
        protocol::Lang::En => {
            let held = if held_ms.is_multiple_of(60_000) {
                format!("{minutes} minute{}", if minutes == 1 { "" } else { "s" })
            } else {
                format!("{seconds} seconds")
            };
            format!(
                "A seat for you: {game}, table {table}, seat {seat}. It is held for you for {held}; please take it or decline on the page."
            )
        }
    }
}
