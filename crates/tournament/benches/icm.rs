//! Issue 17 item 5: an exact ICM split of ten players "in well under a second"; twenty, the
//! most `deal::icm` takes, beside it.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tournament::config::Money;
use tournament::deal;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("icm");
    for players in [10u64, deal::MAX_ICM_PLAYERS as u64] {
        let stacks: Vec<u64> = (1..=players).map(|i| 1000 * i + 7 * i * i).collect();
        let prizes: Vec<Money> = (1..=players).rev().map(|i| Money(100 * i * i)).collect();
        group.bench_function(format!("{players} players"), |b| {
            b.iter(|| deal::icm(black_box(&stacks), black_box(&prizes), Money(1)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
