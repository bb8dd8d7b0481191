//! rust_poker 0.1.14's seven-card evaluator (OMPEval's, rewritten in Rust; MIT,
//! `src/hand_evaluator`), copied here because the crate builds on nightly Rust only
//! (`#![feature(test)]`): its card constants, its `Hand` and its `evaluate`, as they are, over
//! the tables of its own generator, `gen_eval_table` (a dev-dependency), which writes them to
//! `OUT_DIR` as rust_poker's build script has it do: run in a child process of the bench.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Set in the child process that writes the tables.
pub const WRITE_TABLES: &str = "CROUPIER_BENCH_OMP_TABLES";

const CARD_COUNT_SHIFT: u64 = 32;
const SUITS_SHIFT: u64 = 48;
const FLUSH_CHECK_MASK64: u64 = 0x8888 << SUITS_SHIFT;
const FLUSH_CHECK_MASK32: u32 = 0x8888 << (SUITS_SHIFT - 32);
const PERF_HASH_ROW_SHIFT: usize = 12;

#[derive(Debug, Clone, Copy)]
pub struct Hand {
    key: u64,
    mask: u64,
}

impl Hand {
    pub const EMPTY: Hand = Hand {
        key: 0x3333 << SUITS_SHIFT,
        mask: 0,
    };

    #[inline(always)]
    pub fn plus(self, other: Hand) -> Hand {
        Hand {
            key: self.key + other.key,
            mask: self.mask | other.mask,
        }
    }
}

#[derive(Debug)]
pub struct Evaluator {
    rank_table: Vec<u16>,
    flush_table: Vec<u16>,
    perf_hash_offsets: Vec<u32>,
    pub cards: [Hand; 52],
}

impl Evaluator {
    /// Writes the tables (once, into a folder of the system's temporary directory) and reads
    /// them.
    pub fn load() -> Evaluator {
        let dir = std::env::temp_dir().join("croupier-bench-rust-poker-0.1.14");
        let file = |name: &str| dir.join(name);
        if !file("h_eval_flush_table.dat").exists() {
            std::fs::create_dir_all(&dir).expect("a folder for rust_poker's tables");
            let status = Command::new(std::env::current_exe().expect("this bench"))
                .env(WRITE_TABLES, "1")
                .env("OUT_DIR", &dir)
                .status()
                .expect("running gen_eval_table");
            assert!(status.success(), "gen_eval_table failed");
        }
        let mut cards = [Hand::EMPTY; 52];
        for c in 0..52u64 {
            let (rank, suit) = (c / 4, c % 4);
            cards[c as usize] = Hand {
                key: (1 << (4 * suit + SUITS_SHIFT))
                    + (1 << CARD_COUNT_SHIFT)
                    + gen_eval_table::RANKS[rank as usize],
                mask: 1 << ((3 - suit) * 16 + rank),
            };
        }
        Evaluator {
            rank_table: read(&file("h_eval_rank_table.dat"), u16::from_ne_bytes),
            flush_table: read(&file("h_eval_flush_table.dat"), u16::from_ne_bytes),
            perf_hash_offsets: read(&file("h_eval_offsets.dat"), u32::from_ne_bytes),
            cards,
        }
    }

    #[inline(always)]
    pub fn evaluate(&self, hand: &Hand) -> u16 {
        if hand.key & FLUSH_CHECK_MASK64 != 0 {
            let flush_check_bits = (hand.key >> 32) as u32 & FLUSH_CHECK_MASK32;
            let shift = flush_check_bits.leading_zeros() << 2;
            self.flush_table[usize::from((hand.mask >> shift) as u16)]
        } else {
            let key = hand.key as u32 as usize;
            self.rank_table[(key as u32)
                .wrapping_add(self.perf_hash_offsets[key >> PERF_HASH_ROW_SHIFT])
                as usize]
        }
    }
}

fn read<const N: usize, T>(path: &Path, from: fn([u8; N]) -> T) -> Vec<T> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    bytes
        .chunks_exact(N)
        .map(|c| from(c.try_into().unwrap_or_else(|_| unreachable!("chunks of N"))))
        .collect()
}

/// The child's work: the tables into `OUT_DIR`.
pub fn write_tables() -> PathBuf {
    gen_eval_table::gen_eval_table();
    PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default())
}
