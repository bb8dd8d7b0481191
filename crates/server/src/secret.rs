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

/// A deck's seed for a hand the server deals: 256 bits from the system's randomness.
pub fn new_deck_seed() -> Result<cards::Seed, Refusal> {
    Ok(cards::Seed(random::<32>()?))
}

/// The key that seals online hands' seeds in the log (issue 37). It is kept apart from the
/// log, in a file of its own (`croupier serve --seal-key-file`): whoever reads the log during
/// play cannot read a seed, so not the cards, until the hand is over and the seed revealed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SealKey([u8; 32]);

impl std::fmt::Debug for SealKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SealKey(..)")
    }
}

impl SealKey {
    /// A new key of 256 bits from the system's randomness.
    pub fn new() -> Result<SealKey, Refusal> {
        Ok(SealKey(random::<32>()?))
    }

    /// A key as written in its file: 64 hex digits (a line end around them is left out).
    pub fn from_hex(text: &str) -> Option<SealKey> {
        cards::proof::parse_hex(text.trim()).map(SealKey)
    }

    pub fn to_hex(self) -> String {
        cards::proof::hex(&self.0)
    }

    /// What a seed is masked with: SHA-256 of the key, a label and the place of the hand (a
    /// cash table and its hand; an event, its table and the hand). Every input of a label has
    /// the same length, so the hash with the key in front is a keyed function only the key's
    /// holder computes (a length extension gives only longer inputs), and each hand has its
    /// own mask.
    fn mask(self, label: &[u8], place: &[u8]) -> [u8; 32] {
        use sha2::{Digest, Sha256};
        let mut hash = Sha256::new();
        hash.update(self.0);
        hash.update(label);
        hash.update(place);
        hash.finalize().into()
    }

    fn cash_mask(self, table: u32, hand: u64) -> [u8; 32] {
        let mut place = [0u8; 12];
        place[..4].copy_from_slice(&table.to_be_bytes());
        place[4..].copy_from_slice(&hand.to_be_bytes());
        self.mask(b"croupier deck seal", &place)
    }

    fn event_mask(self, event: u32, table: u32, hand: u64) -> [u8; 32] {
        let mut place = [0u8; 16];
        place[..4].copy_from_slice(&event.to_be_bytes());
        place[4..8].copy_from_slice(&table.to_be_bytes());
        place[8..].copy_from_slice(&hand.to_be_bytes());
        self.mask(b"croupier event deck seal", &place)
    }

    /// `seed` sealed for hand `hand` of cash table `table`, as 64 hex digits.
    pub fn seal(self, table: u32, hand: u64, seed: &cards::Seed) -> String {
        masked(seed.0, self.cash_mask(table, hand))
    }

    /// The seed `sealed` holds, when it is 64 hex digits. Whether this key sealed it, only
    /// the seed's commitment tells.
    pub fn unseal(self, table: u32, hand: u64, sealed: &str) -> Option<cards::Seed> {
        unmasked(sealed, self.cash_mask(table, hand))
    }

    /// `seed` sealed for hand `hand` (the table's, from 1) of table `table` (from 0) of
    /// event `event`.
    pub fn seal_event(self, event: u32, table: u32, hand: u64, seed: &cards::Seed) -> String {
        masked(seed.0, self.event_mask(event, table, hand))
    }

    /// The seed an event's `sealed` holds, when it is 64 hex digits.
    pub fn unseal_event(
        self,
        event: u32,
        table: u32,
        hand: u64,
        sealed: &str,
    ) -> Option<cards::Seed> {
        unmasked(sealed, self.event_mask(event, table, hand))
    }

    /// The key in `path`, or a new one written there (readable by its owner only) when there
    /// is no file yet.
    pub fn load_or_create(path: &std::path::Path) -> Result<SealKey, String> {
        match std::fs::read_to_string(path) {
            Ok(text) => SealKey::from_hex(&text).ok_or_else(|| {
                format!(
                    "{} does not hold a seal key (64 hex digits)",
                    path.display()
                )
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key = SealKey::new().map_err(|r| r.message)?;
                let mut options = std::fs::OpenOptions::new();
                options.write(true).create_new(true);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
                let mut file = options
                    .open(path)
                    .map_err(|e| format!("writing the seal key to {}: {e}", path.display()))?;
                std::io::Write::write_all(&mut file, format!("{}\n", key.to_hex()).as_bytes())
                    .map_err(|e| format!("writing the seal key to {}: {e}", path.display()))?;
                Ok(key)
            }
            Err(e) => Err(format!("reading the seal key {}: {e}", path.display())),
        }
    }
}

fn masked(mut seed: [u8; 32], mask: [u8; 32]) -> String {
    seed.iter_mut().zip(mask).for_each(|(b, m)| *b ^= m);
    cards::proof::hex(&seed)
}

fn unmasked(sealed: &str, mask: [u8; 32]) -> Option<cards::Seed> {
    let mut seed = cards::proof::parse_hex(sealed)?;
    seed.iter_mut().zip(mask).for_each(|(b, m)| *b ^= m);
    Some(cards::Seed(seed))
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
