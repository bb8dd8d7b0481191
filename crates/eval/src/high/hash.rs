/// A perfect hash from sparse rank keys (below 2^KEY_BITS) to hand values, by displacement
/// as OMPEval's: a key's top bits pick a row (one of `ROWS`), the row's displacement added to
/// the key is its slot in one dense table. The rank multipliers spread the keys well enough
/// that no multiplying is needed (issue 38: a multiplied key cost 3 more instructions a hand).
/// Table sizes are powers of two, so lookups need no bounds checks.
#[derive(Debug, Clone)]
pub(crate) struct PerfectHash<const KEY_BITS: u32, const ROWS: usize, const SLOTS: usize> {
    /// The row's first slot less the row's first key (wrapping).
    displacements: Box<[u32; ROWS]>,
    values: Box<[u16; SLOTS]>,
}

impl<const KEY_BITS: u32, const ROWS: usize, const SLOTS: usize>
    PerfectHash<KEY_BITS, ROWS, SLOTS>
{
    const KEY_MASK: u32 = (1 << KEY_BITS) - 1;
    /// Rows and slots are powers of two; a row is the top bits of the multiplied key.
    const SPREAD: u32 = KEY_BITS - ROWS.trailing_zeros();

    /// Places every `(key, value)`, fullest rows first, each row at the first displacement
    /// where all its keys find free slots; `None` if the keys do not fit the table.
    pub(crate) fn build(entries: &[(u32, u16)]) -> Option<Self> {
        let spread_mask = (1u32 << Self::SPREAD) - 1;
        let mut rows: Vec<Vec<(u32, u16)>> = vec![Vec::new(); ROWS];
        for &(key, value) in entries {
            if key > Self::KEY_MASK {
                return None;
            }
            rows[(key >> Self::SPREAD) as usize].push((key & spread_mask, value));
        }
        let mut order: Vec<usize> = (0..ROWS).filter(|&r| !rows[r].is_empty()).collect();
        order.sort_by_key(|&r| std::cmp::Reverse(rows[r].len()));

        let mut displacements: Box<[u32; ROWS]> =
            vec![0u32; ROWS].into_boxed_slice().try_into().ok()?;
        let mut values: Box<[u16; SLOTS]> = vec![0u16; SLOTS].into_boxed_slice().try_into().ok()?;
        let mut free = FreeSlots::new(SLOTS);
        let last_base = SLOTS.checked_sub(1usize << Self::SPREAD)?;
        for r in order {
            let spreads: Vec<usize> = rows[r].iter().map(|&(s, _)| s as usize).collect();
            let base = free.first_fit(&spreads, last_base)?;
            for &(s, value) in &rows[r] {
                free.take(base + s as usize);
                values[base + s as usize] = value;
            }
            displacements[r] = (base as u32).wrapping_sub((r as u32) << Self::SPREAD);
        }
        Some(PerfectHash {
            displacements,
            values,
        })
    }

    /// The value of a key given to `build` (any other key gives some value).
    #[inline(always)]
    pub(crate) fn get(&self, key: u32) -> u16 {
        let row = (key >> Self::SPREAD) as usize & (ROWS - 1);
        let slot = key.wrapping_add(self.displacements[row]) as usize & (SLOTS - 1);
        self.values[slot]
    }
}

/// Which slots are still free, one bit each, so that 64 bases are tried at once.
struct FreeSlots {
    words: Vec<u64>,
    /// Every word before this one is full.
    first_open_word: usize,
}

impl FreeSlots {
    fn new(slots: usize) -> Self {
        // One spare word so that a base's window may read past the end.
        FreeSlots {
            words: vec![u64::MAX; slots / 64 + 2],
            first_open_word: 0,
        }
    }

    /// The 64 bits starting at bit `at`.
    fn window(&self, at: usize) -> u64 {
        let (w, o) = (at / 64, at % 64);
        let low = self.words.get(w).copied().unwrap_or(0) >> o;
        let high = match o {
            0 => 0,
            _ => self.words.get(w + 1).copied().unwrap_or(0) << (64 - o),
        };
        low | high
    }

    fn take(&mut self, slot: usize) {
        self.words[slot / 64] &= !(1 << (slot % 64));
        while self.words.get(self.first_open_word) == Some(&0) {
            self.first_open_word += 1;
        }
    }

    /// The lowest base at most `last_base` such that `base + s` is free for every spread.
    fn first_fit(&self, spreads: &[usize], last_base: usize) -> Option<usize> {
        let lowest = spreads.iter().copied().min()?;
        let mut base = (self.first_open_word * 64).saturating_sub(lowest);
        while base <= last_base {
            let fits = spreads
                .iter()
                .fold(u64::MAX, |acc, &s| acc & self.window(base + s));
            if fits != 0 {
                let found = base + fits.trailing_zeros() as usize;
                return (found <= last_base).then_some(found);
            }
            base += 64;
        }
        None
    }
}
