//! Secrets: the TD's and each player's, drawn from the operating system's randomness.

/// 128 random bits as 32 hex digits. Falls back to the time if the system has no randomness
/// to give, which on the platforms we run on does not happen.
pub fn new_secret() -> String {
    random::<16>().iter().map(|b| format!("{b:02x}")).collect()
}

fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    if getrandom::fill(&mut bytes).is_err() {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
            .to_le_bytes();
        for (b, n) in bytes.iter_mut().zip(nanos.iter().cycle()) {
            *b = *n;
        }
    }
    bytes
}

/// Compares secrets in time independent of where they differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// A seed for a new event's draws.
pub fn new_seed() -> u64 {
    u64::from_le_bytes(random::<8>())
}
