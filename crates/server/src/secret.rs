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

    /// What a seed is masked with: SHA-256 of the key, a label, the place of the hand (a cash
    /// table and its hand; an event, its table and the hand) and the seed's commitment. Every
    /// input of a label has the same length, so the hash with the key in front is a keyed
    /// function only the key's holder computes (a length extension gives only longer inputs).
    /// The commitment makes each seed's mask its own: two logs kept with one key file never
    /// seal two seeds with one mask, whose XOR would give one seed from the other once shown.
    fn mask(self, label: &[u8], place: &[u8], commitment: Option<&[u8; 32]>) -> [u8; 32] {
        use sha2::{Digest, Sha256};
        let mut hash = Sha256::new();
        hash.update(self.0);
        hash.update(label);
        hash.update(place);
        if let Some(c) = commitment {
            hash.update(c);
        }
        hash.finalize().into()
    }

    fn cash_place(table: u32, hand: u64) -> [u8; 12] {
        let mut place = [0u8; 12];
        place[..4].copy_from_slice(&table.to_be_bytes());
        place[4..].copy_from_slice(&hand.to_be_bytes());
        place
    }

    fn event_mask(self, (event, table, hand): (u32, u32, u64), commitment: &[u8; 32]) -> [u8; 32] {
        let mut place = [0u8; 16];
        place[..4].copy_from_slice(&event.to_be_bytes());
        place[4..8].copy_from_slice(&table.to_be_bytes());
        place[8..].copy_from_slice(&hand.to_be_bytes());
        self.mask(b"croupier event deck seal", &place, Some(commitment))
    }

    /// `seed` sealed for hand `hand` of cash table `table`, as 64 hex digits.
    pub fn seal(self, table: u32, hand: u64, seed: &cards::Seed) -> String {
        let c = commitment_bytes(seed);
        let mask = self.mask(
            b"croupier deck seal",
            &SealKey::cash_place(table, hand),
            Some(&c),
        );
        masked(seed.0, mask)
    }

    /// The seed `sealed` holds for hand `hand` of cash table `table`, when it is 64 hex digits
    /// and its SHA-256 is `commitment`; `None` when this key did not seal it. A log written
    /// before the masks took the commitment in is read with the mask of then.
    pub fn unseal(
        self,
        table: u32,
        hand: u64,
        sealed: &str,
        commitment: &str,
    ) -> Option<cards::Seed> {
        let c = cards::proof::parse_hex(commitment)?;
        let place = SealKey::cash_place(table, hand);
        [Some(&c), None].into_iter().find_map(|with| {
            unmasked(sealed, self.mask(b"croupier deck seal", &place, with))
                .filter(|seed| commitment_bytes(seed) == c)
        })
    }

    /// `seed` sealed for hand `hand` (the table's, from 1) of table `table` (from 0) of
    /// event `event`.
    pub fn seal_event(self, event: u32, table: u32, hand: u64, seed: &cards::Seed) -> String {
        masked(
            seed.0,
            self.event_mask((event, table, hand), &commitment_bytes(seed)),
        )
    }

    /// The seed an event's `sealed` holds, when its SHA-256 is `commitment`.
    pub fn unseal_event(
        self,
        (event, table, hand): (u32, u32, u64),
        sealed: &str,
        commitment: &str,
    ) -> Option<cards::Seed> {
        let c = cards::proof::parse_hex(commitment)?;
        unmasked(sealed, self.event_mask((event, table, hand), &c))
            .filter(|seed| commitment_bytes(seed) == c)
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

fn commitment_bytes(seed: &cards::Seed) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    Sha256::digest(seed.0).into()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> SealKey {
        SealKey([0x5e; 32])
    }

    // Issue 37 item 4: a seed sealed opens with its key and commitment, and only so.
    #[test]
    fn a_sealed_seed_opens_with_its_key_and_commitment() {
        let seed = cards::Seed([7; 32]);
        let c = cards::proof::commitment(&seed);
        let sealed = key().seal(2, 9, &seed);
        assert_eq!(key().unseal(2, 9, &sealed, &c), Some(seed));
        assert_eq!(
            key().unseal(2, 10, &sealed, &c),
            None,
            "another hand's mask"
        );
        assert_eq!(SealKey([0x0f; 32]).unseal(2, 9, &sealed, &c), None);
        let sealed = key().seal_event(1, 2, 9, &seed);
        assert_eq!(key().unseal_event((1, 2, 9), &sealed, &c), Some(seed));
        assert_eq!(key().unseal_event((0, 2, 9), &sealed, &c), None);
    }

    // Two logs kept with one key file: the same event, table and hand seal two seeds with two
    // masks, so the XOR of the sealed values is not the XOR of the seeds (one seed, once shown,
    // would give the other).
    #[test]
    fn two_seeds_for_one_hand_are_sealed_with_two_masks() {
        let (a, b) = (cards::Seed([1; 32]), cards::Seed([2; 32]));
        let xor = |x: &[u8; 32], y: &[u8; 32]| -> Vec<u8> {
            x.iter().zip(y).map(|(p, q)| p ^ q).collect()
        };
        for (sa, sb) in [
            (key().seal(0, 1, &a), key().seal(0, 1, &b)),
            (key().seal_event(0, 0, 1, &a), key().seal_event(0, 0, 1, &b)),
        ] {
            let (sa, sb) = (
                cards::proof::parse_hex(&sa).unwrap(),
                cards::proof::parse_hex(&sb).unwrap(),
            );
            assert_ne!(xor(&sa, &sb), xor(&a.0, &b.0));
        }
    }

    // A cash log written before the masks took the commitment in still opens.
    #[test]
    fn a_cash_seed_sealed_the_old_way_still_opens() {
        let seed = cards::Seed([3; 32]);
        let old = key().mask(b"croupier deck seal", &SealKey::cash_place(4, 5), None);
        let sealed = masked(seed.0, old);
        let c = cards::proof::commitment(&seed);
        assert_eq!(key().unseal(4, 5, &sealed, &c), Some(seed));
    }
}
