//! Hand evaluation side by side with the fastest peers on crates.io, on the same hands in
//! one run: `pokers` for seven-card high hands, `aya_poker` for Omaha and lows. (rust_poker,
//! OMPEval's evaluator in Rust, builds on nightly Rust only: OMPEval itself is measured beside
//! us by `tools/bench/ompeval/run.sh`.)
//! `cargo bench -p eval --bench hands`; each group reports both, so the ratio is read off
//! one run.

use aya_poker::base::{Card as AyaCard, Hand as AyaHand};
use cards::{Card, CardSet};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};
use eval::high::Walk;
use eval::{HandKey, HighEvaluator, low, omaha};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use std::hint::black_box;

/// `count` deals of `size` distinct cards each, by card index, from a fixed seed.
fn deals(count: usize, size: usize) -> Vec<Vec<u8>> {
    let mut rng = ChaCha20Rng::from_seed([7; 32]);
    (0..count)
        .map(|_| {
            let mut seen = 0u64;
            let mut deal = Vec::with_capacity(size);
            while deal.len() < size {
                let c = (rng.next_u32() % 52) as u8;
                if seen & (1 << c) == 0 {
                    seen |= 1 << c;
                    deal.push(c);
                }
            }
            deal
        })
        .collect()
}

fn ours(index: u8) -> Card {
    Card::from_index(index).unwrap_or_else(|| unreachable!("deals hold indexes below 52"))
}

fn aya_hand(indexes: &[u8]) -> AyaHand {
    let text: Vec<String> = indexes.iter().map(|&i| ours(i).to_string()).collect();
    text.join(" ")
        .parse()
        .unwrap_or_else(|_| unreachable!("our card text is aya's card text"))
}

fn aya_card(index: u8) -> AyaCard {
    ours(index)
        .to_string()
        .parse()
        .unwrap_or_else(|_| unreachable!("our card text is aya's card text"))
}

/// All 133,784,560 seven-card hands in order, each lib building hands incrementally.
fn seven_enumerated(c: &mut Criterion) {
    let mut group = c.benchmark_group("seven_enumerated");
    group.sample_size(10);
    group.throughput(Throughput::Elements(133_784_560));
    let ev = HighEvaluator::get();
    let deck: Vec<Card> = (0..52).map(ours).collect();
    group.bench_function("croupier", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for a in 0..52 {
                let wa = ev.walk_add(Walk::EMPTY, deck[a]);
                for b in a + 1..52 {
                    let wb = ev.walk_add(wa, deck[b]);
                    for c in b + 1..52 {
                        let wc = ev.walk_add(wb, deck[c]);
                        for d in c + 1..52 {
                            let wd = ev.walk_add(wc, deck[d]);
                            for e in d + 1..52 {
                                let we = ev.walk_add(wd, deck[e]);
                                ev.for_each_two_more(we, &deck[e + 1..], |v| {
                                    sum += u64::from(v.get())
                                });
                            }
                        }
                    }
                }
            }
            black_box(sum)
        })
    });
    let cards = &pokers::CARDS;
    group.bench_function("pokers", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for a in 0..52 {
                let ha = pokers::Hand::default() + cards[a];
                for b in a + 1..52 {
                    let hb = ha + cards[b];
                    for c in b + 1..52 {
                        let hc = hb + cards[c];
                        for d in c + 1..52 {
                            let hd = hc + cards[d];
                            for e in d + 1..52 {
                                let he = hd + cards[e];
                                for f in e + 1..52 {
                                    let hf = he + cards[f];
                                    for card in &cards[f + 1..] {
                                        sum += u64::from((hf + *card).evaluate());
                                    }
                                }
                            }
                        }
                    }
                }
            }
            black_box(sum)
        })
    });
    group.finish();
}

/// Random seven-card hands, each built from its seven cards and evaluated.
fn seven_random(c: &mut Criterion) {
    let hands = deals(1 << 20, 7);
    let mut group = c.benchmark_group("seven_random");
    group.throughput(Throughput::Elements(hands.len() as u64));
    let ev = HighEvaluator::get();
    let ours_hands: Vec<[Card; 7]> = hands
        .iter()
        .map(|h| std::array::from_fn(|i| ours(h[i])))
        .collect();
    group.bench_function("croupier", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for hand in &ours_hands {
                let key = hand.iter().fold(HandKey::EMPTY, |k, c| k.add(*c));
                sum += u64::from(ev.evaluate(key).get());
            }
            black_box(sum)
        })
    });
    let cards = &pokers::CARDS;
    group.bench_function("pokers", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for hand in &hands {
                let h = hand
                    .iter()
                    .fold(pokers::Hand::default(), |h, &c| h + cards[usize::from(c)]);
                sum += u64::from(h.evaluate());
            }
            black_box(sum)
        })
    });
    group.finish();
}

/// Random seven-card hands given as arrays of seven card indexes, as OMPEval's "Rand1"
/// benchmark gives them (a pre-generated table, a checksum): each library reads the seven
/// cards of each hand and evaluates it.
fn seven_random_arrays(c: &mut Criterion) {
    let hands: Vec<[u8; 7]> = deals(1 << 20, 7)
        .iter()
        .map(|h| std::array::from_fn(|i| h[i]))
        .collect();
    let mut group = c.benchmark_group("seven_random_arrays");
    group.throughput(Throughput::Elements(hands.len() as u64));
    let ev = HighEvaluator::get();
    let ours_hands: Vec<[Card; 7]> = hands
        .iter()
        .map(|h| std::array::from_fn(|i| ours(h[i])))
        .collect();
    group.bench_function("croupier", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for hand in &ours_hands {
                sum += u64::from(ev.evaluate_cards(hand).get());
            }
            black_box(sum)
        })
    });
    let cards = &pokers::CARDS;
    group.bench_function("pokers", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for hand in &hands {
                let h = hand
                    .iter()
                    .fold(pokers::Hand::default(), |h, &c| h + cards[usize::from(c)]);
                sum += u64::from(h.evaluate());
            }
            black_box(sum)
        })
    });
    group.finish();
}

/// Omaha, four hole cards and five board cards: the high and the 8-or-better low.
fn omaha(c: &mut Criterion) {
    let deals = deals(1 << 16, 9);
    let ours_deals: Vec<([Card; 4], [Card; 5])> = deals
        .iter()
        .map(|d| {
            (
                std::array::from_fn(|i| ours(d[i])),
                std::array::from_fn(|i| ours(d[4 + i])),
            )
        })
        .collect();
    let aya_deals: Vec<(AyaHand, AyaHand)> = deals
        .iter()
        .map(|d| (aya_hand(&d[..4]), aya_hand(&d[4..])))
        .collect();
    let mut group = c.benchmark_group("omaha");
    group.throughput(Throughput::Elements(deals.len() as u64));
    group.bench_function(BenchmarkId::new("high", "croupier"), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for (hole, board) in &ours_deals {
                sum += omaha::omaha_high(hole, board).map_or(0, |v| u64::from(v.get()));
            }
            black_box(sum)
        })
    });
    group.bench_function(BenchmarkId::new("high", "aya_poker"), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for (hole, board) in &aya_deals {
                sum += u64::from(aya_poker::omaha_rank(hole, board).0);
            }
            black_box(sum)
        })
    });
    group.bench_function(BenchmarkId::new("low8", "croupier"), |b| {
        b.iter(|| {
            let mut n = 0u64;
            for (hole, board) in &ours_deals {
                n += u64::from(omaha::omaha_low8(hole, board).is_some());
            }
            black_box(n)
        })
    });
    group.bench_function(BenchmarkId::new("low8", "aya_poker"), |b| {
        b.iter(|| {
            let mut n = 0u64;
            for (hole, board) in &aya_deals {
                n += u64::from(aya_poker::omaha_lo_rank(hole, board).to_lo_8_rank().0 != 0);
            }
            black_box(n)
        })
    });
    group.finish();
}

/// Lows of seven cards: razz (ace to five) and 8-or-better (stud/8).
fn lows(c: &mut Criterion) {
    let hands = deals(1 << 20, 7);
    let ours_sets: Vec<[Card; 7]> = hands
        .iter()
        .map(|h| std::array::from_fn(|i| ours(h[i])))
        .collect();
    let aya_cards: Vec<[AyaCard; 7]> = hands
        .iter()
        .map(|h| std::array::from_fn(|i| aya_card(h[i])))
        .collect();
    let mut group = c.benchmark_group("lows");
    group.throughput(Throughput::Elements(hands.len() as u64));
    let set = |h: &[Card; 7]| h.iter().copied().collect::<CardSet>();
    let aya = |h: &[AyaCard; 7]| h.iter().collect::<AyaHand>();
    group.bench_function(BenchmarkId::new("razz", "croupier"), |b| {
        b.iter(|| {
            let mut n = 0u64;
            for h in &ours_sets {
                n += low::ace_to_five(set(h)).map_or(0, |v| u64::from(v.get()));
            }
            black_box(n)
        })
    });
    group.bench_function(BenchmarkId::new("razz", "aya_poker"), |b| {
        b.iter(|| {
            let mut n = 0u64;
            for h in &aya_cards {
                n += u64::from(aya_poker::ace_five_rank(&aya(h)).0);
            }
            black_box(n)
        })
    });
    group.bench_function(BenchmarkId::new("low8", "croupier"), |b| {
        b.iter(|| {
            let mut n = 0u64;
            for h in &ours_sets {
                n += low::low8(set(h)).map_or(0, |v| u64::from(v.get()));
            }
            black_box(n)
        })
    });
    group.bench_function(BenchmarkId::new("low8", "aya_poker"), |b| {
        b.iter(|| {
            let mut n = 0u64;
            for h in &aya_cards {
                n += u64::from(aya_poker::ace_five_rank(&aya(h)).to_lo_8_rank().0);
            }
            black_box(n)
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    seven_enumerated,
    seven_random,
    seven_random_arrays,
    omaha,
    lows
);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
