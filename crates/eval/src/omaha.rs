//! Omaha: a hand is exactly two hole cards and exactly three board cards, for the high and
//! for the 8-or-better low alike. Holes of four, five or six cards.

use crate::high::OmahaFives;
use crate::low::{LowValue, low8_of_mask};
use crate::{HighEvaluator, HighValue};
use cards::{Card, Suit};

/// The best Omaha high hand, or `None` unless there are 2 to 6 hole cards and 3 to 5 board
/// cards.
pub fn omaha_high(hole: &[Card], board: &[Card]) -> Option<HighValue> {
    let ev = HighEvaluator::get();
    let fives = ev.omaha_fives();
    // Every five by its ranks alone; a flush only adds a better value, found below.
    let unsuited = match (<&[Card; 4]>::try_from(hole), <&[Card; 5]>::try_from(board)) {
        (Ok(hole), Ok(board)) => four_and_five(fives, hole, board),
        _ => {
            let mut pairs = [0u16; 15];
            let pairs = two_of(hole, &mut pairs, |a, b| fives.pair(a, b))?;
            let mut triples = [0u16; 10];
            let triples = three_of(board, &mut triples, |a, b, c| fives.triple(a, b, c))?;
            let mut best = 0u16;
            for &t in triples {
                for &p in pairs {
                    best = best.max(fives.value(t, p));
                }
            }
            best
        }
    };
    let mut best = HighValue(unsuited);
    // Per suit, a byte counting its cards; bit 3 of a byte is set once the board has three
    // (or the hole two) of that suit.
    let suits = |cards: &[Card], bias: u32| {
        cards
            .iter()
            .fold(bias, |n, c| n + (1 << (8 * (c.index() & 3))))
    };
    let flushing = suits(board, 0x0505_0505) & suits(hole, 0x0606_0606) & 0x0808_0808;
    if flushing != 0 {
        for suit in Suit::ALL {
            if flushing & (0x08 << (8 * suit.index())) != 0 {
                best = best.max(best_flush(ev, suit, hole, board));
            }
        }
    }
    Some(best)
}

/// The common deal, four hole cards and a full board, written out so that it unrolls.
#[inline(always)]
fn four_and_five(fives: &OmahaFives, h: &[Card; 4], b: &[Card; 5]) -> u16 {
    let pairs = [
        fives.pair(h[0], h[1]),
        fives.pair(h[0], h[2]),
        fives.pair(h[0], h[3]),
        fives.pair(h[1], h[2]),
        fives.pair(h[1], h[3]),
        fives.pair(h[2], h[3]),
    ];
    let triples = [
        fives.triple(b[0], b[1], b[2]),
        fives.triple(b[0], b[1], b[3]),
        fives.triple(b[0], b[1], b[4]),
        fives.triple(b[0], b[2], b[3]),
        fives.triple(b[0], b[2], b[4]),
        fives.triple(b[0], b[3], b[4]),
        fives.triple(b[1], b[2], b[3]),
        fives.triple(b[1], b[2], b[4]),
        fives.triple(b[1], b[3], b[4]),
        fives.triple(b[2], b[3], b[4]),
    ];
    // One running maximum per pair, so the sixty maxima are six short chains, not one
    // long one.
    let mut best = [0u16; 6];
    for t in triples {
        for (b, p) in best.iter_mut().zip(pairs) {
            *b = (*b).max(fives.value(t, p));
        }
    }
    best.into_iter().max().unwrap_or(0)
}

/// The best five of one suit, two from the hole and three from the board.
#[cold]
fn best_flush(ev: &HighEvaluator, suit: Suit, hole: &[Card], board: &[Card]) -> HighValue {
    let bits = |cards: &[Card]| -> Vec<u16> {
        cards
            .iter()
            .filter(|c| c.suit() == suit)
            .map(|c| 1 << c.rank().index())
            .collect()
    };
    let (hole_bits, board_bits) = (bits(hole), bits(board));
    let mut pairs = [0u16; 15];
    let mut triples = [0u16; 10];
    let (Some(pairs), Some(triples)) = (
        two_of(&hole_bits, &mut pairs, |a, b| a | b),
        three_of(&board_bits, &mut triples, |a, b, c| a | b | c),
    ) else {
        return HighValue::default();
    };
    let mut best = HighValue::default();
    for &t in triples {
        for &p in pairs {
            best = best.max(ev.five_suited(t | p));
        }
    }
    best
}

/// The best Omaha 8-or-better low, `None` if there is no qualifying low (or the cards are
/// not an Omaha hand).
pub fn omaha_low8(hole: &[Card], board: &[Card]) -> Option<LowValue> {
    let low_bits = |cards: &[Card]| -> Option<[u16; 6]> {
        let mut bits = [0u16; 6];
        for (b, c) in bits.iter_mut().zip(cards) {
            *b = LOW_BIT[usize::from(c.index())];
        }
        (cards.len() <= 6).then_some(bits)
    };
    let hole_bits = low_bits(hole)?;
    let board_bits = low_bits(board)?;
    // Without two low ranks in the hole and three on the board there is no low.
    let any = |bits: &[u16; 6]| bits.iter().fold(0, |m, b| m | b).count_ones();
    if any(&hole_bits) < 2 || any(&board_bits) < 3 {
        return (2..=6).contains(&hole.len()).then_some(None)?;
    }
    // Two different low ranks from the hole, three from the board, five in all; 0 marks a
    // part that cannot play (it has a high card or a pair).
    let mut pairs = [0u16; 15];
    let pairs = two_of(&hole_bits[..hole.len()], &mut pairs, |a, b| {
        if a != 0 && b != 0 && a != b { a | b } else { 0 }
    })?;
    let mut triples = [0u16; 10];
    let triples = three_of(&board_bits[..board.len()], &mut triples, |a, b, c| {
        let t = a | b | c;
        if t.count_ones() == 3 { t } else { 0 }
    })?;
    // The five rank bits read as a number order lows: the smaller, the better.
    let mut best = u16::MAX;
    for &t in triples {
        for &p in pairs {
            if p != 0 && t != 0 && p & t == 0 {
                best = best.min(p | t);
            }
        }
    }
    if best == u16::MAX {
        return None;
    }
    low8_of_mask(best)
}

/// Each card's rank bit, ace low (bit 0) to eight (bit 7); 0 for nine and up.
static LOW_BIT: [u16; 52] = {
    let mut bits = [0u16; 52];
    let mut i = 0;
    while i < 52 {
        let rank = i / 4; // 0 deuce .. 12 ace
        bits[i] = if rank == 12 {
            1
        } else if rank <= 6 {
            1 << (rank + 1)
        } else {
            0
        };
        i += 1;
    }
    bits
};

/// Every two of `items` combined by `f`; `None` unless there are 2 to 6.
fn two_of<'a, I: Copy, T: Copy>(
    items: &[I],
    out: &'a mut [T; 15],
    f: impl Fn(I, I) -> T,
) -> Option<&'a [T]> {
    if !(2..=6).contains(&items.len()) {
        return None;
    }
    let mut n = 0;
    for (i, &a) in items.iter().enumerate() {
        for &b in &items[i + 1..] {
            out[n] = f(a, b);
            n += 1;
        }
    }
    Some(&out[..n])
}

/// Every three of `items` combined by `f`; `None` unless there are 3 to 5.
fn three_of<'a, I: Copy, T: Copy>(
    items: &[I],
    out: &'a mut [T; 10],
    f: impl Fn(I, I, I) -> T,
) -> Option<&'a [T]> {
    if !(3..=5).contains(&items.len()) {
        return None;
    }
    let mut n = 0;
    for (i, &a) in items.iter().enumerate() {
        for (j, &b) in items.iter().enumerate().skip(i + 1) {
            for &c in &items[j + 1..] {
                out[n] = f(a, b, c);
                n += 1;
            }
        }
    }
    Some(&out[..n])
}
