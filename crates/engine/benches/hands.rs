//! Complete hands with random legal actions, every automation on, as `croupier bench engine`
//! plays them (its ratio to PokerKit is measured there, in interleaved slices): here the
//! engine alone, for profiling and for comparing builds. `cargo bench -p engine --bench hands`.

#[path = "common/hands_loop.rs"]
mod hands_loop;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hands_loop::{KINDS, Kind};

/// Hands per iteration.
const HANDS: u64 = 1000;

fn hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("hands");
    group.throughput(Throughput::Elements(HANDS));
    for name in KINDS {
        let mut kind = Kind::new(name);
        group.bench_function(name, |b| b.iter(|| kind.counted(HANDS)));
    }
    group.finish();
}

criterion_group!(benches, hands);
criterion_main!(benches);
