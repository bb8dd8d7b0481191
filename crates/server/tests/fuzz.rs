//! Random requests thrown at the real router during play: every answer is a JSON 4xx refusal
//! or a success, never a 5xx and never a panic; a refused request writes nothing; chips stay
//! conserved and play goes on.

mod common;

use axum::http::Method;
use common::Api;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};

fn pick<'a, T>(rng: &mut ChaCha8Rng, items: &'a [T]) -> &'a T {
    &items[(rng.next_u64() % items.len() as u64) as usize]
}

fn number(rng: &mut ChaCha8Rng) -> String {
    let any = (rng.next_u64() % 20).to_string();
    pick(
        rng,
        &[
            "0".to_string(),
            "1".into(),
            "2".into(),
            "7".into(),
            "-1".into(),
            "4294967296".into(),
            "x".into(),
            "%F0%9F%82%A1".into(),
            String::new(),
            any,
        ],
    )
    .clone()
}

fn amount(rng: &mut ChaCha8Rng) -> Value {
    match rng.next_u64() % 6 {
        0 => json!(0),
        1 => json!(u64::MAX),
        2 => json!(-5),
        3 => json!("100"),
        4 => json!(1.5),
        _ => json!(rng.next_u64() % 20_000),
    }
}

/// A body: valid requests of every kind with random values, and broken ones.
fn body(rng: &mut ChaCha8Rng, hand: u64) -> Option<String> {
    let player = rng.next_u64() % 25;
    let value = match rng.next_u64() % 14 {
        0 => return None,
        1 => return Some("{\"hand\": ".into()),
        2 => return Some(String::from_utf8_lossy(&rng.next_u64().to_le_bytes()).into_owned()),
        3 => json!({"hand": hand, "action": {"type": "bet_or_raise", "to": amount(rng)}}),
        4 => {
            let kind = *pick(rng, &["fold", "check", "call", "jump"]);
            json!({"hand": hand, "action": {"type": kind}})
        }
        5 => json!({"hand": amount(rng), "action": {"type": "call"}}),
        6 => {
            let long = "x".repeat(60);
            let name = *pick(rng, &["Ann", "", "  ", long.as_str()]);
            json!({"name": name, "bot": rng.next_u64().is_multiple_of(2)})
        }
        7 => {
            let kind = *pick(
                rng,
                &["pause", "resume", "undo", "rebuy", "add_on", "re_enter"],
            );
            json!({"type": kind, "player": player})
        }
        8 => {
            let table = number(rng);
            json!({"type": "move", "player": player, "table": table, "seat": amount(rng)})
        }
        9 => json!({"type": "set_clock", "remaining_ms": amount(rng)}),
        10 => {
            let kind = *pick(rng, &["warn", "disqualify"]);
            json!({"type": kind, "player": player, "reason": "r"})
        }
        11 => {
            let kind = *pick(rng, &["miss_rounds", "time_penalty"]);
            json!({"type": kind, "player": player, "rounds": amount(rng), "minutes": amount(rng)})
        }
        12 => {
            let toml = *pick(rng, &["name = 1", "", "[levels"]);
            json!({"toml": toml, "seed": amount(rng)})
        }
        _ => json!([null, {"a": [1, 2]}]),
    };
    Some(value.to_string())
}

#[tokio::test]
async fn random_requests_are_refused_cleanly_and_write_nothing() {
    let api = Api::open();
    api.create_event("turbo", 3).await;
    api.create_event("hc", 4).await;
    let mut secrets = vec![None, Some(api.td.clone()), Some("not-a-secret".to_string())];
    let mut receivers = Vec::new();
    for i in 0..3 {
        let (_, token) = api.register_self(0, &format!("Person {i}")).await;
        receivers.push(api.connect(protocol::EventId(0), &token).await);
        secrets.push(Some(token));
    }
    let (_, other) = api.register_self(1, "Elsewhere").await;
    secrets.push(Some(other));
    for i in 0..9 {
        api.register_bot(0, &format!("Bot {i}")).await;
    }
    api.start(0).await;
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let paths = [
        "/api/events",
        "/api/events/{e}",
        "/api/events/{e}/seating",
        "/api/events/{e}/standings",
        "/api/events/{e}/audit",
        "/api/events/{e}/tables/{t}",
        "/api/events/{e}/tables/{t}/clock",
        "/api/events/{e}/register",
        "/api/events/{e}/start",
        "/api/events/{e}/td",
        "/api/events/{e}/me",
        "/api/events/{e}/act",
        "/api/events/{e}/ws",
        "/api/whoami",
        "/api/templates",
        "/api/{e}",
    ];
    let methods = [Method::GET, Method::POST, Method::PUT, Method::DELETE];
    let (mut ok, mut refused) = (0, 0);
    for i in 0..10_000 {
        if i % 20 == 0 {
            api.drive().await;
        }
        let hand = rng.next_u64() % 40;
        let path = pick(&mut rng, &paths)
            .replace("{e}", &number(&mut rng))
            .replace("{t}", &number(&mut rng));
        let method = pick(&mut rng, &methods).clone();
        let secret = pick(&mut rng, &secrets).clone();
        let body = body(&mut rng, hand);
        let before = api.log_len();
        let reply = api
            .send(method.clone(), &path, secret.as_deref(), body.as_deref())
            .await;
        let status = reply.status.as_u16();
        assert!(
            status < 500,
            "{method} {path} {body:?} answered {status}: {}",
            reply.body
        );
        if status >= 400 {
            refused += 1;
            assert_eq!(
                api.log_len(),
                before,
                "{method} {path} {body:?} was refused but written"
            );
            assert!(
                reply.body["message"].is_string() && reply.body["status"] == status,
                "{method} {path} {body:?}: the refusal is not an ApiError: {}",
                reply.body
            );
        } else {
            ok += 1;
        }
    }
    assert!(
        ok > 300 && refused > 3_000,
        "{ok} answered, {refused} refused"
    );
    // Chips are conserved at every table: stacks and pots against the chips in play.
    for event in ["0", "1"] {
        let summary = api
            .send(Method::GET, &format!("/api/events/{event}"), None, None)
            .await;
        let mut found = 0;
        for t in 1..=summary.body["tables"].as_u64().unwrap_or(0) + 4 {
            let uri = format!("/api/events/{event}/tables/{t}");
            let table = api.send(Method::GET, &uri, None, None).await.body;
            for seat in table["seats"].as_array().into_iter().flatten() {
                found += seat["stack"].as_u64().unwrap_or(0);
            }
            found += table["hand"]["total_pot"].as_u64().unwrap_or(0);
        }
        assert_eq!(found, summary.body["chips_in_play"].as_u64().unwrap_or(0));
        // The server's own count, from the same seats and hands (issue 37's takeover check).
        assert_eq!(summary.body["chips_counted"], summary.body["chips_in_play"]);
    }
    drop(receivers);
}
