//! Secrets: the TD's, each player's and each dealer's, drawn from the operating system's
//! randomness. Only their SHA-256 is kept (they are 128 random bits: no guessing to slow down).

use crate::refusal::Refusal;
use axum::http::StatusCode;

/// 128 random bits as 32 hex digits; without the system's randomness there is no secret.
pub fn new_secret() -> Result<String, Refusal> {
    Ok(random::<16>()?.iter().map(|b| format!("{b:02x}")).collect())
}

fn random<const N: usize>() -> Result<[u8; N], Refusal> {
    let mut bytes = [0u8; N];
    if fail_random() {
        return Err(no_randomness("injected for a test"));
    }
    getrandom::fill(&mut bytes).map_err(|e| no_randomness(&e.to_string()))?;
    Ok(bytes)
}

fn no_randomness(detail: &str) -> Refusal {
    Refusal::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "no_randomness",
        format!("the system's random source failed ({detail}); no secret was made"),
    )
}

/// The hash kept of a secret.
pub fn hash(secret: &str) -> String {
    store::token_hash(secret)
}

/// Whether `secret` is the one whose hash is `hashed`, in time independent of where they differ.
pub fn matches(secret: &str, hashed: &str) -> bool {
    same(&hash(secret), hashed)
}

/// Compares secrets in time independent of where they differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A deck's seed for a hand the server deals, as 64 hex digits.
pub fn new_deck_seed() -> Result<String, Refusal> {
    Ok(random::<32>()?.iter().map(|b| format!("{b:02x}")).collect())
}

/// A seed for a new event's draws.
pub fn new_seed() -> Result<u64, Refusal> {
    Ok(u64::from_le_bytes(random::<8>()?))
}

static FAIL_RANDOM: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes the random source fail (or work again), for tests of what happens then.
#[doc(hidden)]
pub fn set_fail_random(fail: bool) {
    FAIL_RANDOM.store(fail, std::sync::atomic::Ordering::SeqCst);
}

fn fail_random() -> bool {
    FAIL_RANDOM.load(std::sync::atomic::Ordering::SeqCst)
}
