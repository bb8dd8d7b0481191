//! The loop of `benches/hands.rs` (and `croupier bench engine`) for checking a speed change:
//!
//! - `cargo run --release -p engine --example hands_check -- hash [HANDS]`: per kind, a hash of
//!   every hand's events and final stacks (default 20,000 hands) and the largest
//!   `Hand::memory_bytes`; a change to the engine's speed must leave both as they were.
//! - `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*counted*'
//!   target/release/examples/hands_check count KIND [HANDS]`: HANDS hands (default 10,000) of
//!   one kind counted after 300 not counted (callgrind's instructions / HANDS is a hand's).

#[path = "../benches/common/hands_loop.rs"]
mod hands_loop;

use hands_loop::{KINDS, Kind};
use std::fmt::Write;

/// FNV-1a, the same on every build.
fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash = (*hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| args.get(i).map_or(default, |s| s.parse().unwrap());
    // The evaluator's tables are built once, not part of any hand.
    eval::HighEvaluator::get();
    match args.first().map(String::as_str) {
        Some("count") => {
            let mut kind = Kind::new(args.get(1).expect("a kind"));
            // Not counted: the first hands' allocations and cold caches.
            for _ in 0..300 {
                std::hint::black_box(kind.play());
            }
            kind.counted(number(2, 10_000));
        }
        Some("hash") => {
            let hands = number(1, 20_000);
            for name in KINDS {
                let mut kind = Kind::new(name);
                let (mut hash, mut memory, mut text) = (0xcbf2_9ce4_8422_2325u64, 0, String::new());
                for _ in 0..hands {
                    let hand = kind.play();
                    text.clear();
                    write!(text, "{:?}{:?}", hand.events(), hand.final_stacks()).unwrap();
                    fnv(&mut hash, text.as_bytes());
                    memory = memory.max(hand.memory_bytes());
                }
                println!("{name:>10}: {hands} hands, hash {hash:016x}, memory {memory} bytes");
            }
        }
        _ => eprintln!("hands_check hash [HANDS] | hands_check count KIND [HANDS]"),
    }
}
