//! Omaha: a hand is exactly two hole cards and exactly three board cards, for the high and
//! for the 8-or-better low alike. Holes of four, five or six cards.

use crate::low::{LowValue, ace_low_ranks, low8_of_mask};
use crate::{HandKey, HighEvaluator, HighValue};
use cards::{Card, CardSet};

/// The best Omaha high hand, or `None` unless there are 2 to 6 hole cards and 3 to 5 board
/// cards.
pub fn omaha_high(hole: &[Card], board: &[Card]) -> Option<HighValue> {
    let ev = HighEvaluator::get();
    let mut pairs = [HandKey::EMPTY; 15];
    let mut triples = [HandKey::EMPTY; 10];
    let pairs = two_of(hole, &mut pairs)?;
    let triples = three_of(board, &mut triples)?;
    let mut best = HighValue::default();
    for t in triples {
        for p in pairs {
            best = best.max(ev.evaluate(t.join(*p)));
        }
    }
    Some(best)
}

/// The best Omaha 8-or-better low, `None` if there is no qualifying low (or the cards are
/// not an Omaha hand).
pub fn omaha_low8(hole: &[Card], board: &[Card]) -> Option<LowValue> {
    if !(2..=6).contains(&hole.len()) || !(3..=5).contains(&board.len()) {
        return None;
    }
    // Rank masks (ace low, eight and under) of hole pairs of two different low ranks and
    // of board triples of three different low ranks.
    let low_bit = |c: &Card| ace_low_ranks(CardSet::from(*c)) & 0xff;
    let mut best: Option<LowValue> = None;
    let hole_bits: Vec<u16> = hole.iter().map(low_bit).collect();
    let board_bits: Vec<u16> = board.iter().map(low_bit).collect();
    let mut pair_masks = Vec::with_capacity(15);
    for (i, &a) in hole_bits.iter().enumerate() {
        for &b in &hole_bits[i + 1..] {
            if a != 0 && b != 0 && a != b {
                pair_masks.push(a | b);
            }
        }
    }
    if pair_masks.is_empty() {
        return None;
    }
    for (i, &a) in board_bits.iter().enumerate() {
        for (j, &b) in board_bits.iter().enumerate().skip(i + 1) {
            for &c in &board_bits[j + 1..] {
                let t = a | b | c;
                if t.count_ones() != 3 || a == 0 || b == 0 || c == 0 {
                    continue;
                }
                for &p in &pair_masks {
                    if p & t == 0 {
                        best = best.max(low8_of_mask(p | t));
                    }
                }
            }
        }
    }
    best
}

fn two_of<'a>(cards: &[Card], out: &'a mut [HandKey; 15]) -> Option<&'a [HandKey]> {
    if !(2..=6).contains(&cards.len()) {
        return None;
    }
    let mut n = 0;
    for (i, &a) in cards.iter().enumerate() {
        for &b in &cards[i + 1..] {
            out[n] = HandKey::EMPTY.add(a).add(b);
            n += 1;
        }
    }
    Some(&out[..n])
}

fn three_of<'a>(cards: &[Card], out: &'a mut [HandKey; 10]) -> Option<&'a [HandKey]> {
    if !(3..=5).contains(&cards.len()) {
        return None;
    }
    let mut n = 0;
    for (i, &a) in cards.iter().enumerate() {
        for (j, &b) in cards.iter().enumerate().skip(i + 1) {
            for &c in &cards[j + 1..] {
                out[n] = HandKey::EMPTY.add(a).add(b).add(c);
                n += 1;
            }
        }
    }
    Some(&out[..n])
}
