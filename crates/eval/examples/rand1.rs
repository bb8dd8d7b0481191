//! Croupier's side of OMPEval's "Rand1" benchmark (`tools/bench/ompeval/run.sh`): the hands
//! `rand1 write` wrote (seven card indexes each), evaluated `PASSES` times from card arrays;
//! prints "<M evals/s> <checksum>", the checksum as OMPEval sums its values (of another scale).

use cards::Card;
use eval::HighEvaluator;
use std::hint::black_box;
use std::time::Instant;

/// One pass over the hands, as OMPEval's inner loop.
#[inline(never)]
fn pass(ev: &HighEvaluator, hands: &[[Card; 7]]) -> u32 {
    let mut sum = 0u32;
    for hand in hands {
        sum = sum.wrapping_add(u32::from(ev.evaluate_cards(hand).get()));
    }
    sum
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let [_, file, passes] = &args[..] else {
        return Err("usage: rand1 FILE PASSES".into());
    };
    let passes: u32 = passes.parse().map_err(|_| "PASSES: a number")?;
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let hands: Vec<[Card; 7]> = bytes
        .chunks_exact(7)
        .map(|h| {
            let card = |i: usize| Card::from_index(h[i]).ok_or("a card index above 51");
            Ok([
                card(0)?,
                card(1)?,
                card(2)?,
                card(3)?,
                card(4)?,
                card(5)?,
                card(6)?,
            ])
        })
        .collect::<Result<_, &str>>()?;
    let ev = HighEvaluator::get();
    let start = Instant::now();
    let mut sum = 0u32;
    for _ in 0..passes {
        sum = sum.wrapping_add(pass(ev, black_box(&hands)));
    }
    let seconds = start.elapsed().as_secs_f64();
    let count = f64::from(passes) * hands.len() as f64;
    println!("{:.1} {sum}", count / seconds / 1e6);
    Ok(())
}
