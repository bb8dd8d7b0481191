//! `croupier bench load --cash`: the cash room under guests at online tables (issue 35). The list
//! keeper adds one no-limit hold'em game and opens as many online tables as the guests fill;
//! the guests register from "their browsers" (`POST /api/ring/guests`) and are seated at the
//! desk; then each follows the room over `/api/ring/ws?table=T` as the page does: its own
//! table's hands' steps and every other change, on which it reads its view again
//! (`GET /api/ring/me`). On its turn a guest acts (a random legal action) at once
//! (stress) or after a think time (`--think`).
//!
//! Table latency: from an action sent to the moment the last guest seated at that table read a
//! view reflecting it. A view reflects it when its hand's mark (hand number, street, seat to
//! act, pot, board, winners) differs from the mark the action was sent from, in the same hand
//! or a later one; own latency: to the actor's own next such view.

use super::http::Http;
use super::player::{Think, choose};
use super::report::Latencies;
use super::server::{Probe, Server};
use anyhow::{Context, Result, bail};
use futures_util::{StreamExt, TryStreamExt};
use hyper::Method;
use protocol::{CashHandView, GuestView};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{Semaphore, watch};
use tokio_tungstenite::tungstenite::Message;

/// Requests of the setup in flight at once.
const SETUP_AT_ONCE: usize = 16;
/// WebSocket handshakes in flight at once.
const CONNECTING_AT_ONCE: usize = 64;

/// A hand's state as far as an action changes it.
type Mark = (u64, String, Option<u8>, u64, usize, usize);

fn mark_of(hand: &CashHandView) -> Mark {
    (
        hand.number,
        hand.street.clone(),
        hand.to_act,
        hand.pot,
        hand.board.len(),
        hand.won.len(),
    )
}

/// Whether a view's mark reflects an action sent from `sent`.
fn reflects(seen: &Mark, sent: &Mark) -> bool {
    seen.0 > sent.0 || (seen.0 == sent.0 && seen != sent)
}

/// Actions waiting to be seen by every guest of their table.
#[derive(Default)]
struct Tracker {
    /// Per table: (mark sent from, sent at, guests still to see it).
    pending: HashMap<u32, Vec<(Mark, Instant, Vec<u32>)>>,
    done: Vec<u64>,
}

impl Tracker {
    fn sent(&mut self, table: u32, mark: Mark, guests: Vec<u32>) {
        self.pending
            .entry(table)
            .or_default()
            .push((mark, Instant::now(), guests));
    }

    fn seen(&mut self, table: u32, guest: u32, mark: &Mark) {
        let Some(list) = self.pending.get_mut(&table) else {
            return;
        };
        let now = Instant::now();
        list.retain_mut(|(sent, at, waiting)| {
            if reflects(mark, sent) {
                waiting.retain(|&g| g != guest);
            }
            if waiting.is_empty() {
                self.done.push(now.duration_since(*at).as_micros() as u64);
                false
            } else {
                true
            }
        });
    }
}

/// What every guest shares: the tracker, who sits at each table, the handshakes' gate.
type Shared = (
    Arc<Mutex<Tracker>>,
    Arc<HashMap<u32, Vec<u32>>>,
    Arc<Semaphore>,
);

/// What one guest did.
#[derive(Default)]
struct Seen {
    actions: u64,
    reads: u64,
    refusals: u64,
    own: Vec<u64>,
}

/// One run: `guests` guests at tables of `table_size`, for `seconds`.
pub async fn drive(
    server: &Server,
    guests: u32,
    table_size: u32,
    seconds: f64,
    think: Option<Think>,
    seed: u64,
) -> Result<()> {
    let setup = Instant::now();
    let client = Probe::this()?;
    let http = Http::new(&server.addr, &server.secret)?;
    let game = serde_json::json!({ "type": "add_game", "name": "NLHE 1/2", "variant": "NT",
        "small_blind": 1, "big_blind": 2, "seats": table_size, "min_buy_in": 40,
        "max_buy_in": 200, "profile": "tda" });
    let _: serde_json::Value = http
        .json(Method::POST, "/api/ring", Some(game.to_string()))
        .await?;
    let tables = guests.div_ceil(table_size);
    for _ in 0..tables {
        let open = serde_json::json!({ "type": "open_table", "game": 0, "mode": "online",
            "opened_by": "bench", "conditions": "" });
        let _: serde_json::Value = http
            .json(Method::POST, "/api/ring", Some(open.to_string()))
            .await?;
    }
    let http_ref = &http;
    let registered: Vec<(u32, String, u32, u8)> = futures_util::stream::iter(0..guests)
        .map(|i| async move {
            let body = serde_json::json!({ "name": format!("Guest {i}") }).to_string();
            let r: serde_json::Value = http_ref
                .json(Method::POST, "/api/ring/guests", Some(body))
                .await?;
            let guest = r["guest"].as_u64().context("a guest's id")? as u32;
            let token = r["token"].as_str().context("a guest's token")?.to_string();
            let (table, seat) = (i / table_size, (i % table_size + 1) as u8);
            let seat_at = serde_json::json!({ "type": "seat_at_desk", "guest": guest,
                "table": table, "seat": seat, "buy_in": 200 });
            let _: serde_json::Value = http_ref
                .json(Method::POST, "/api/ring", Some(seat_at.to_string()))
                .await
                .with_context(|| format!("seating guest {i}"))?;
            Ok::<_, anyhow::Error>((guest, token, table, seat))
        })
        .buffered(SETUP_AT_ONCE)
        .try_collect()
        .await?;
    let setup_seconds = setup.elapsed().as_secs_f64();
    // Who sits at each table, for the table latency.
    let mut at_table: HashMap<u32, Vec<u32>> = HashMap::new();
    for (guest, _, table, _) in &registered {
        at_table.entry(*table).or_default().push(*guest);
    }
    let at_table = Arc::new(at_table);
    let tracker = Arc::new(Mutex::new(Tracker::default()));
    let gate = Arc::new(Semaphore::new(CONNECTING_AT_ONCE));
    let (stop_tx, stop_rx) = watch::channel(false);
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::channel::<Result<()>>(guests as usize);
    let mut tasks = Vec::new();
    for (k, (guest, token, table, _)) in registered.into_iter().enumerate() {
        let http = http.as_caller(&token)?;
        // As the guest's page: its own table's steps and every other change (`?table=`).
        let url = format!("ws://{}/api/ring/ws?table={table}", server.addr);
        let rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ k as u64);
        let shared = (tracker.clone(), at_table.clone(), gate.clone());
        tasks.push(tokio::spawn(guest_plays(
            guest,
            table,
            http,
            url,
            rng,
            think,
            shared,
            ready_tx.clone(),
            stop_rx.clone(),
        )));
    }
    drop(ready_tx);
    for _ in 0..guests {
        match ready_rx.recv().await {
            Some(Ok(())) => {}
            Some(Err(e)) => {
                let _ = stop_tx.send(true);
                return Err(e.context("opening a guest's WebSocket"));
            }
            None => bail!("a guest's task ended before its socket was open"),
        }
    }
    let server_cpu_start = server.cpu_seconds();
    let client_cpu_start = client.cpu_seconds();
    let started = Instant::now();
    let mut peak = server.memory_kib();
    let end = started + Duration::from_secs_f64(seconds);
    while Instant::now() < end {
        tokio::time::sleep(Duration::from_millis(500)).await;
        peak = peak.max(server.memory_kib());
    }
    let elapsed = started.elapsed().as_secs_f64();
    let server_cpu = server_cpu_start
        .zip(server.cpu_seconds())
        .map(|(a, b)| (b - a) / elapsed);
    let client_cpu = client_cpu_start
        .zip(client.cpu_seconds())
        .map(|(a, b)| (b - a) / elapsed);
    let _ = stop_tx.send(true);
    let mut seen = Seen::default();
    for task in tasks {
        let s = task.await.context("a guest's task failed")?;
        seen.actions += s.actions;
        seen.reads += s.reads;
        seen.refusals += s.refusals;
        seen.own.extend(s.own);
    }
    let done = std::mem::take(
        &mut tracker
            .lock()
            .map_err(|_| anyhow::anyhow!("poisoned"))?
            .done,
    );
    let table = Latencies::of(done);
    let own = Latencies::of(seen.own);
    let pct = |c: Option<f64>| c.map_or("?".into(), |c| format!("{:.0}%", c * 100.0));
    println!("guests           {guests} at {tables} online tables (setup {setup_seconds:.1} s)");
    println!(
        "actions          {} in {elapsed:.1} s ({:.0}/s), {} refused; views read {} ({:.0}/s)",
        seen.actions,
        seen.actions as f64 / elapsed,
        seen.refusals,
        seen.reads,
        seen.reads as f64 / elapsed
    );
    println!(
        "table latency    p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} actions seen by their whole table)",
        table.ms(50.0),
        table.ms(99.0),
        table.ms(100.0),
        table.len()
    );
    println!(
        "own latency      p50 {:.2} ms, p99 {:.2} ms",
        own.ms(50.0),
        own.ms(99.0)
    );
    println!(
        "server           CPU {} of a core, peak memory {} MiB; client CPU {}",
        pct(server_cpu),
        peak.map_or("?".into(), |k| format!("{:.0}", k as f64 / 1024.0)),
        pct(client_cpu)
    );
    println!(
        "cash: {guests} guests, table p99 {:.2} ms, {} MiB",
        table.ms(99.0),
        peak.map_or("?".into(), |k| format!("{:.0}", k as f64 / 1024.0))
    );
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn guest_plays(
    guest: u32,
    table: u32,
    http: Http,
    url: String,
    mut rng: ChaCha8Rng,
    think: Option<Think>,
    (tracker, at_table, gate): Shared,
    ready: tokio::sync::mpsc::Sender<Result<()>>,
    mut stop: watch::Receiver<bool>,
) -> Seen {
    let mut seen = Seen::default();
    let socket = {
        let _turn = gate.acquire().await;
        tokio_tungstenite::connect_async(url.as_str()).await
    };
    let mut socket = match socket {
        Ok((s, _)) => {
            let _ = ready.send(Ok(())).await;
            s
        }
        Err(e) => {
            let _ = ready.send(Err(anyhow::Error::new(e))).await;
            return seen;
        }
    };
    drop(ready);
    // The mark of the view an action of ours was sent from, and when.
    let mut waiting: Option<(Mark, Instant)> = None;
    loop {
        let message = tokio::select! {
            m = socket.next() => m,
            _ = stop.changed() => break,
        };
        let Some(Ok(Message::Text(text))) = message else {
            if matches!(message, Some(Ok(_))) {
                continue;
            }
            break;
        };
        let told: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        if let Some(tables) = told["tables"].as_array()
            && !tables.iter().any(|t| t.as_u64() == Some(u64::from(table)))
        {
            continue;
        }
        let Ok(view) = http
            .json::<GuestView>(Method::GET, "/api/ring/me", None)
            .await
        else {
            continue;
        };
        seen.reads += 1;
        let Some(hand) = view.table.as_ref().and_then(|t| t.hand.as_ref()) else {
            continue;
        };
        let mark = mark_of(hand);
        if let Ok(mut t) = tracker.lock() {
            t.seen(table, guest, &mark);
        }
        if let Some((sent, at)) = &waiting
            && reflects(&mark, sent)
        {
            seen.own.push(at.elapsed().as_micros() as u64);
            waiting = None;
        }
        let Some(legal) = hand.legal.as_ref() else {
            continue;
        };
        if waiting.is_some() {
            continue;
        }
        if let Some(t) = think {
            tokio::time::sleep(t.draw(&mut rng)).await;
        }
        let action = choose(legal, &mut rng);
        let body = serde_json::json!({ "type": "act", "hand": legal.hand, "action": action });
        if let Ok(mut t) = tracker.lock() {
            let guests = at_table.get(&table).cloned().unwrap_or_default();
            t.sent(table, mark.clone(), guests);
        }
        waiting = Some((mark, Instant::now()));
        seen.actions += 1;
        if http
            .json::<serde_json::Value>(Method::POST, "/api/ring/me", Some(body.to_string()))
            .await
            .is_err()
        {
            seen.refusals += 1;
            waiting = None;
        }
    }
    seen
}
