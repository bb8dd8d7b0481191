//! Exact heads-up preflop Hold'em, every one of the 1,712,304 boards, single-threaded:
//! ours against `pokers::exact_equity`, side by side in one group per matchup.

use cards::parse_cards;
use criterion::{Criterion, criterion_group, criterion_main};
use eval::equity::{Deal, Game};
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

const MATCHUPS: [(&str, &str); 3] = [("AsAh", "KsKd"), ("AsKs", "7c7d"), ("8h9h", "AcKd")];

fn ours(a: &str, b: &str) -> Vec<f64> {
    let hands = [a, b].map(|h| parse_cards(h).expect("benchmark hands are valid cards"));
    let deal = Deal::new(Game::Holdem, &hands, &[], &[]).expect("benchmark deals are valid");
    let equity = deal.exact(1);
    equity.players.iter().map(|p| p.equity).collect()
}

fn pokers(a: &str, b: &str) -> Vec<f64> {
    let ranges = pokers::HandRange::from_strings(vec![a.to_string(), b.to_string()]);
    let none = pokers::get_card_mask("");
    let cancel = Arc::new(AtomicBool::new(false));
    match pokers::exact_equity(&ranges, none, none, 1, cancel, |_| {}) {
        Ok(results) => results.equities,
        Err(error) => panic!("pokers refused {a} vs {b}: {error:?}"),
    }
}

fn bench(c: &mut Criterion) {
    for (a, b) in MATCHUPS {
        let (mine, theirs) = (ours(a, b), pokers(a, b));
        println!("{a} vs {b}: croupier {mine:?}, pokers {theirs:?}");
        for (x, y) in mine.iter().zip(&theirs) {
            assert!((x - y).abs() < 1e-9, "the two disagree on {a} vs {b}");
        }
        let mut group = c.benchmark_group(format!("{a} vs {b}"));
        group.sample_size(20);
        group.bench_function("croupier", |bench| {
            bench.iter(|| ours(black_box(a), black_box(b)))
        });
        group.bench_function("pokers", |bench| {
            bench.iter(|| pokers(black_box(a), black_box(b)))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
