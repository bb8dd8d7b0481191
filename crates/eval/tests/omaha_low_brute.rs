//! Omaha (HC-1: "Omaha Hold'em Hi / HiLo") and the lows (HC-1: Razz, Seven Card Stud HiLo;
//! rules README area 2: "Lows: 8-or-better (Omaha/8, Stud/8) and ace-to-five (Razz). Omaha
//! uses exactly two hole cards.") against a brute force written here from those rules:
//!
//! - Omaha: every two of the hole cards with every three of the board, each five valued by
//!   the plain HC-1.11 rules; the best counts.
//! - ace-to-five (razz): every five of seven; aces low, straights and flushes ignored; fewer
//!   and lower pairs are lower (no pair < one pair < two pair < trips < full house < quads);
//!   then the highest card down; the lowest hand wins.
//! - 8-or-better (Omaha/8, Stud/8): a five qualifies with five different ranks, all eight or
//!   lower, the ace low; compared highest card down; otherwise there is no low.
//!
//! The fast evaluators are compared with the brute force as orderings between pairs of random
//! hands (`fast(a) cmp fast(b) == brute(a) cmp brute(b)`) and, for 8-or-better, by whether
//! there is a low at all.

use cards::{Card, CardSet, Rank};
use eval::low::{ace_to_five, low8};
use eval::omaha::{omaha_high, omaha_low8};
use eval::{HandCategory, HighValue, LowValue};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use std::cmp::{Ordering, Reverse};
use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::Hash;

// ---------------------------------------------------------------------------------------
// The brute force.

/// A card as the brute force sees it, worked out once per hand: the rank for high hands
/// (deuce 2 .. ace 14), the rank for lows (ace 1, deuce 2 .. king 13) and the suit.
#[derive(Debug, Clone, Copy)]
struct Plain {
    high: u32,
    low: u32,
    suit: u32,
}

fn plain(cards: &[Card]) -> Vec<Plain> {
    cards
        .iter()
        .map(|c| {
            let high = u32::from(c.rank().index()) + 2;
            Plain {
                high,
                low: if c.rank() == Rank::Ace { 1 } else { high },
                suit: u32::from(c.suit().index()),
            }
        })
        .collect()
}

/// Insertion sort, largest first.
#[inline(always)]
fn sort_desc<T: Ord + Copy>(v: &mut [T]) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] < x {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

/// Groups of equal ranks as (count, rank), most cards first, then the higher rank; and how
/// many groups there are.
#[inline(always)]
fn groups(mut ranks: [u32; 5]) -> ([(u32, u32); 5], usize) {
    sort_desc(&mut ranks);
    let mut out = [(0u32, 0u32); 5];
    let mut n = 0;
    for r in ranks {
        if n > 0 && out[n - 1].1 == r {
            out[n - 1].0 += 1;
        } else {
            out[n] = (1, r);
            n += 1;
        }
    }
    sort_desc(&mut out[..n]);
    (out, n)
}

/// The counts of the groups, largest first: [2, 2, 1] for two pair.
fn shape(g: &[(u32, u32)]) -> [u32; 5] {
    let mut out = [0; 5];
    for (slot, x) in out.iter_mut().zip(g) {
        *slot = x.0;
    }
    out
}

/// Digits in base 16, the first most significant.
fn pack(first: u32, digits: impl IntoIterator<Item = u32>) -> u32 {
    let mut v = first;
    let mut n = 0;
    for d in digits {
        v = v * 16 + d;
        n += 1;
    }
    v << (4 * (5 - n))
}

/// Five cards by HC-1.11: the category, then the ranks that decide; larger is better.
fn brute_high5(five: [Plain; 5]) -> u32 {
    let (g, n) = groups(five.map(|c| c.high));
    let g = &g[..n];
    let flush = five.iter().all(|c| c.suit == five[0].suit);
    let straight_high = match g {
        [(1, a), _, _, _, (1, e)] if a - e == 4 => Some(*a),
        [(1, 14), (1, 5), (1, 4), (1, 3), (1, 2)] => Some(5), // the ace plays low
        _ => None,
    };
    let category = match (straight_high, flush, shape(g)) {
        (Some(_), true, _) => 8,
        (_, _, [4, 1, ..]) => 7,
        (_, _, [3, 2, ..]) => 6,
        (_, true, _) => 5,
        (Some(_), _, _) => 4,
        (_, _, [3, 1, 1, ..]) => 3,
        (_, _, [2, 2, 1, ..]) => 2,
        (_, _, [2, 1, 1, 1, _]) => 1,
        _ => 0,
    };
    match straight_high {
        Some(high) if category == 8 || category == 4 => pack(category, [high]),
        _ => pack(category, g.iter().map(|x| x.1)),
    }
}

/// Five cards ace-to-five: smaller is the better low.
fn brute_ace_to_five5(five: [Plain; 5]) -> u32 {
    let (g, n) = groups(five.map(|c| c.low));
    let g = &g[..n];
    let pairing = match shape(g) {
        [1, 1, 1, 1, 1] => 0,
        [2, 1, 1, 1, _] => 1,
        [2, 2, 1, ..] => 2,
        [3, 1, 1, ..] => 3,
        [3, 2, ..] => 4,
        [4, 1, ..] => 5,
        other => panic!("five cards cannot have shape {other:?}"),
    };
    pack(pairing, g.iter().map(|x| x.1))
}

/// Five cards 8-or-better: `Some` (smaller is better) only for five different ranks, all
/// eight or lower with the ace low.
fn brute_low8_5(five: [Plain; 5]) -> Option<u32> {
    let mut ranks = five.map(|c| c.low);
    sort_desc(&mut ranks);
    let different = ranks.windows(2).all(|w| w[0] != w[1]);
    (different && ranks[0] <= 8).then(|| pack(0, ranks))
}

/// Calls `f` with every five of the cards.
fn for_each_five(cards: &[Plain], mut f: impl FnMut([Plain; 5])) {
    let n = cards.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        f([cards[a], cards[b], cards[c], cards[d], cards[e]]);
                    }
                }
            }
        }
    }
}

/// Calls `f` with every Omaha five: exactly two hole cards and exactly three board cards.
fn for_each_omaha_five(hole: &[Plain], board: &[Plain], mut f: impl FnMut([Plain; 5])) {
    for i in 0..hole.len() {
        for j in i + 1..hole.len() {
            for a in 0..board.len() {
                for b in a + 1..board.len() {
                    for c in b + 1..board.len() {
                        f([hole[i], hole[j], board[a], board[b], board[c]]);
                    }
                }
            }
        }
    }
}

fn brute_omaha_high(hole: &[Card], board: &[Card]) -> u32 {
    let mut best = None;
    for_each_omaha_five(&plain(hole), &plain(board), |five| {
        best = best.max(Some(brute_high5(five)));
    });
    best.expect("an Omaha hand")
}

/// The best of the lows offered, as an ordering where larger is better (as the fast
/// values): `None` (no low) below every low, and a smaller brute value above a larger one.
#[derive(Debug, Default)]
struct BestLow(Option<u32>);

impl BestLow {
    fn offer(&mut self, low: Option<u32>) {
        if let Some(l) = low {
            self.0 = Some(self.0.map_or(l, |b| b.min(l)));
        }
    }

    fn get(self) -> Option<Reverse<u32>> {
        self.0.map(Reverse)
    }
}

fn brute_omaha_low8(hole: &[Card], board: &[Card]) -> Option<Reverse<u32>> {
    let mut best = BestLow::default();
    for_each_omaha_five(&plain(hole), &plain(board), |five| {
        best.offer(brute_low8_5(five));
    });
    best.get()
}

fn brute_razz(seven: &[Card]) -> Reverse<u32> {
    let mut best = BestLow::default();
    for_each_five(&plain(seven), |five| {
        best.offer(Some(brute_ace_to_five5(five)))
    });
    best.get().expect("a low")
}

fn brute_stud8(seven: &[Card]) -> Option<Reverse<u32>> {
    let mut best = BestLow::default();
    for_each_five(&plain(seven), |five| best.offer(brute_low8_5(five)));
    best.get()
}

// ---------------------------------------------------------------------------------------
// Random deals.

/// Deals random cards from the whole deck, or (every other deal) from a deck cut down to
/// the ace and the lowest ranks, so that close lows, pairs and splits come up far more often
/// than at random.
struct Dealer {
    rng: ChaCha20Rng,
    full: Vec<Card>,
    short: Vec<Card>,
    deals: usize,
    buffer: Vec<Card>,
}

impl Dealer {
    /// `low_ranks`: how many ranks from the deuce up the short deck keeps, besides the ace.
    fn new(seed: u64, low_ranks: u8) -> Dealer {
        Dealer {
            rng: ChaCha20Rng::seed_from_u64(seed),
            full: Card::all().collect(),
            short: Card::all()
                .filter(|c| c.rank() == Rank::Ace || c.rank().index() < low_ranks)
                .collect(),
            deals: 0,
            buffer: Vec::with_capacity(52),
        }
    }

    /// `n` different cards (a partial Fisher-Yates).
    fn deal(&mut self, n: usize) -> &[Card] {
        let pool = if self.deals.is_multiple_of(2) {
            &self.full
        } else {
            &self.short
        };
        self.deals += 1;
        self.buffer.clear();
        self.buffer.extend_from_slice(pool);
        let d = &mut self.buffer;
        for i in 0..n {
            let j = i + (self.rng.next_u64() % (d.len() - i) as u64) as usize;
            d.swap(i, j);
        }
        &d[..n]
    }
}

/// Tallies the outcomes of comparisons, to show that every kind came up.
#[derive(Debug, Default)]
struct Seen {
    wins: u64,
    ties: u64,
    losses: u64,
}

impl Seen {
    fn add(&mut self, o: Ordering) {
        match o {
            Ordering::Greater => self.wins += 1,
            Ordering::Equal => self.ties += 1,
            Ordering::Less => self.losses += 1,
        }
    }

    fn assert_all(&self, what: &str) {
        assert!(
            self.wins > 100 && self.ties > 100 && self.losses > 100,
            "{what}: {self:?}"
        );
    }
}

/// Every brute value seen with its fast value: one brute value must always get the same
/// fast value, and sorted by brute value the fast values must rise strictly, so that the
/// two orders agree over all hands seen, not only between the pairs compared.
#[derive(Debug)]
struct SameOrder<B, F> {
    seen: HashMap<B, F>,
}

impl<B: Ord + Hash + Copy + Debug, F: Ord + Copy + Debug> SameOrder<B, F> {
    fn new() -> Self {
        SameOrder {
            seen: HashMap::new(),
        }
    }

    fn add(&mut self, brute: B, fast: F, hand: impl Fn() -> String) {
        let known = *self.seen.entry(brute).or_insert(fast);
        assert_eq!(known, fast, "{}: brute {brute:?}", hand());
    }

    /// Also that at least `at_least` different values came up.
    fn check(self, what: &str, at_least: usize) {
        let mut all: Vec<(B, F)> = self.seen.into_iter().collect();
        all.sort_unstable();
        for w in all.windows(2) {
            assert!(w[0].1 < w[1].1, "{what}: {:?} then {:?}", w[0], w[1]);
        }
        assert!(all.len() >= at_least, "{what}: only {} values", all.len());
    }
}

/// Omaha high: `deals` deals of a board and two hands of `hole_size` cards; each hand is
/// compared with the other on the same board and with the first hand of the previous deal.
fn check_omaha_high(seed: u64, deals: usize, hole_size: usize) {
    let mut dealer = Dealer::new(seed, 7);
    let mut previous: Option<(HighValue, u32)> = None;
    let mut seen = Seen::default();
    let mut order = SameOrder::new();
    for _ in 0..deals {
        let cards = dealer.deal(5 + 2 * hole_size);
        let (board, holes) = cards.split_at(5);
        let (a, b) = holes.split_at(hole_size);
        let fa = omaha_high(a, board).expect("an Omaha hand");
        let fb = omaha_high(b, board).expect("an Omaha hand");
        let (ba, bb) = (brute_omaha_high(a, board), brute_omaha_high(b, board));
        assert_eq!(fa.cmp(&fb), ba.cmp(&bb), "{a:?} vs {b:?} on {board:?}");
        seen.add(fa.cmp(&fb));
        if let Some((fp, bp)) = previous {
            assert_eq!(
                fa.cmp(&fp),
                ba.cmp(&bp),
                "{a:?} on {board:?} vs the last deal"
            );
        }
        previous = Some((fa, ba));
        order.add(ba, fa, || format!("{a:?} on {board:?}"));
        order.add(bb, fb, || format!("{b:?} on {board:?}"));
    }
    seen.assert_all(&format!("Omaha high with {hole_size} hole cards"));
    order.check(&format!("Omaha high with {hole_size} hole cards"), 3_000);
}

/// Omaha 8-or-better low, as [`check_omaha_high`]; also whether there is a low at all.
fn check_omaha_low8(seed: u64, deals: usize, hole_size: usize) {
    let mut dealer = Dealer::new(seed, 8);
    let mut previous: Option<(Option<LowValue>, Option<Reverse<u32>>)> = None;
    let mut seen = Seen::default();
    let mut order = SameOrder::new();
    let mut qualified = [0u64; 2];
    for _ in 0..deals {
        let cards = dealer.deal(5 + 2 * hole_size);
        let (board, holes) = cards.split_at(5);
        let (a, b) = holes.split_at(hole_size);
        let (fa, fb) = (omaha_low8(a, board), omaha_low8(b, board));
        let (ba, bb) = (brute_omaha_low8(a, board), brute_omaha_low8(b, board));
        assert_eq!(
            fa.is_some(),
            ba.is_some(),
            "qualifying low: {a:?} on {board:?}"
        );
        assert_eq!(
            fb.is_some(),
            bb.is_some(),
            "qualifying low: {b:?} on {board:?}"
        );
        assert_eq!(fa.cmp(&fb), ba.cmp(&bb), "{a:?} vs {b:?} on {board:?}");
        if fa.is_some() && fb.is_some() {
            seen.add(fa.cmp(&fb));
        }
        if let Some((fp, bp)) = previous {
            assert_eq!(
                fa.cmp(&fp),
                ba.cmp(&bp),
                "{a:?} on {board:?} vs the last deal"
            );
        }
        previous = Some((fa, ba));
        order.add(ba, fa, || format!("{a:?} on {board:?}"));
        order.add(bb, fb, || format!("{b:?} on {board:?}"));
        qualified[usize::from(fa.is_some())] += 1;
    }
    seen.assert_all(&format!("Omaha/8 with {hole_size} hole cards"));
    // Every one of the C(8,5) = 56 lows, and no low.
    order.check(&format!("Omaha/8 with {hole_size} hole cards"), 57);
    assert!(
        qualified.iter().all(|&n| n > deals as u64 / 20),
        "{qualified:?}"
    );
}

// ---------------------------------------------------------------------------------------
// The tests.

#[test]
fn hc_1_omaha_high_four_hole_cards_matches_brute_force() {
    check_omaha_high(0x4f4d_4148_4134, 1_000_000, 4);
}

#[test]
fn hc_1_omaha_high_five_and_six_hole_cards_matches_brute_force() {
    check_omaha_high(0x4f4d_4148_4135, 100_000, 5);
    check_omaha_high(0x4f4d_4148_4136, 100_000, 6);
}

#[test]
fn hc_1_omaha_high_on_flop_and_turn_matches_brute_force() {
    // Three or four board cards (equity on the flop and turn): still two plus three.
    let mut dealer = Dealer::new(0x464c_4f50, 7);
    for i in 0..100_000 {
        let board_size = 3 + (i / 2) % 2;
        let cards = dealer.deal(board_size + 8);
        let (board, holes) = cards.split_at(board_size);
        let (a, b) = holes.split_at(4);
        let (fa, fb) = (omaha_high(a, board).unwrap(), omaha_high(b, board).unwrap());
        let (ba, bb) = (brute_omaha_high(a, board), brute_omaha_high(b, board));
        assert_eq!(fa.cmp(&fb), ba.cmp(&bb), "{a:?} vs {b:?} on {board:?}");
        let (la, lb) = (omaha_low8(a, board), omaha_low8(b, board));
        let (bla, blb) = (brute_omaha_low8(a, board), brute_omaha_low8(b, board));
        assert_eq!(la.is_some(), bla.is_some(), "{a:?} on {board:?}");
        assert_eq!(la.cmp(&lb), bla.cmp(&blb), "{a:?} vs {b:?} on {board:?}");
    }
}

#[test]
fn hc_1_omaha_8_or_better_low_matches_brute_force() {
    check_omaha_low8(0x4f38_4c4f_5734, 1_000_000, 4);
    check_omaha_low8(0x4f38_4c4f_5735, 100_000, 5);
    check_omaha_low8(0x4f38_4c4f_5736, 100_000, 6);
}

#[test]
fn hc_1_razz_ace_to_five_matches_brute_force() {
    let mut dealer = Dealer::new(0x5241_5a5a, 5);
    let mut previous: Option<(LowValue, Reverse<u32>)> = None;
    let mut seen = Seen::default();
    let mut order = SameOrder::new();
    let mut paired = 0u64;
    for _ in 0..1_000_000 {
        // Every other deal from aces to sixes only, where pairs, two pair and trips abound.
        let cards = dealer.deal(14);
        let (a, b) = cards.split_at(7);
        let (sa, sb): (CardSet, CardSet) =
            (a.iter().copied().collect(), b.iter().copied().collect());
        let (fa, fb) = (ace_to_five(sa).unwrap(), ace_to_five(sb).unwrap());
        let (ba, bb) = (brute_razz(a), brute_razz(b));
        assert_eq!(fa.cmp(&fb), ba.cmp(&bb), "{a:?} vs {b:?}");
        seen.add(fa.cmp(&fb));
        if let Some((fp, bp)) = previous {
            assert_eq!(fa.cmp(&fp), ba.cmp(&bp), "{a:?} vs the last deal");
        }
        previous = Some((fa, ba));
        order.add(ba, fa, || format!("{a:?}"));
        order.add(bb, fb, || format!("{b:?}"));
        paired += u64::from(!fa.is_unpaired());
    }
    seen.assert_all("razz");
    order.check("razz", 1_000);
    assert!(paired > 100_000, "{paired}");
}

#[test]
fn hc_1_stud_8_or_better_low_matches_brute_force() {
    let mut dealer = Dealer::new(0x53_5455_4438, 8);
    let mut previous: Option<(Option<LowValue>, Option<Reverse<u32>>)> = None;
    let mut seen = Seen::default();
    let mut order = SameOrder::new();
    let mut qualified = [0u64; 2];
    for _ in 0..1_000_000 {
        let cards = dealer.deal(14);
        let (a, b) = cards.split_at(7);
        let (sa, sb): (CardSet, CardSet) =
            (a.iter().copied().collect(), b.iter().copied().collect());
        let (fa, fb) = (low8(sa), low8(sb));
        let (ba, bb) = (brute_stud8(a), brute_stud8(b));
        assert_eq!(fa.is_some(), ba.is_some(), "qualifying low: {a:?}");
        assert_eq!(fa.cmp(&fb), ba.cmp(&bb), "{a:?} vs {b:?}");
        if fa.is_some() && fb.is_some() {
            seen.add(fa.cmp(&fb));
        }
        if let Some((fp, bp)) = previous {
            assert_eq!(fa.cmp(&fp), ba.cmp(&bp), "{a:?} vs the last deal");
        }
        previous = Some((fa, ba));
        order.add(ba, fa, || format!("{a:?}"));
        order.add(bb, fb, || format!("{b:?}"));
        qualified[usize::from(fa.is_some())] += 1;
    }
    seen.assert_all("Stud/8");
    order.check("Stud/8", 57);
    assert!(qualified.iter().all(|&n| n > 50_000), "{qualified:?}");
}

// ---------------------------------------------------------------------------------------
// Hands worked out by hand from the rules.

fn cards(text: &str) -> Vec<Card> {
    cards::parse_cards(text).unwrap()
}

#[test]
fn readme_area_2_omaha_uses_exactly_two_hole_cards() {
    // Four hearts on the board and one in the hand: no flush, no royal flush (in Hold'em
    // the Th would make one). Best: A-K-Q with the T and 5 from the hand.
    let board = cards("Ah Kh Qh Jh 2c");
    let hole = cards("Th 3c 4d 5s");
    let v = omaha_high(&hole, &board).unwrap();
    assert_eq!(v.category(), HandCategory::HighCard);
    assert_eq!(Some(v), omaha_high(&cards("Tc 5d 4h 3s"), &board));
    assert!(v < omaha_high(&cards("Ts 9s 4h 3s"), &board).unwrap()); // T-9 + K-Q-J: straight

    // Four of a kind on the board plays as trips: three sevens and two hole cards.
    let board = cards("7c 7d 7h 7s 2c");
    let v = omaha_high(&cards("As Ks Qs Js"), &board).unwrap();
    assert_eq!(v.category(), HandCategory::ThreeOfAKind);
    // A pair in the hand with three sevens is a full house.
    let w = omaha_high(&cards("3s 3d Qs Js"), &board).unwrap();
    assert_eq!(w.category(), HandCategory::FullHouse);

    // Four to a straight in the hand and one card on the board: no straight.
    let board = cards("9c 2d 2h Kc Qd");
    let v = omaha_high(&cards("8s 7h 6d 5c"), &board).unwrap();
    assert_eq!(v.category(), HandCategory::OnePair);

    // The low needs two different low hole cards and three different low board cards.
    let board = cards("Ac 2d 3h Kc Qd");
    let wheel = omaha_low8(&cards("4s 5h Kd Ks"), &board).unwrap();
    assert_eq!(wheel.unpaired_ranks(), Some([5, 4, 3, 2, 1]));
    assert_eq!(omaha_low8(&cards("4s Kh Kd Ks"), &board), None);
    assert_eq!(omaha_low8(&cards("4s 4h Kd Ks"), &board), None);
    // A hole card that pairs the board does not help: A-2 in the hand with A-2-3 on board
    // leaves only the 3 and nothing else low from the board.
    assert_eq!(omaha_low8(&cards("As 2s Kd Ks"), &board), None);
    // Two hole cards of one low rank are no help either (a random deal that once tripped an
    // earlier version of the fast evaluator).
    assert_eq!(
        omaha_low8(&cards("3h Qd 3d Jh"), &cards("3c 8s 2s 3s Kc")),
        None
    );
    // Only two low cards on the board: no low for anybody.
    let board = cards("Ac 2d 9h Kc Qd");
    assert_eq!(omaha_low8(&cards("3s 4h 5d 6c"), &board), None);
    // Exactly two hole cards, the best two: with four low hole cards the 6-5 plays, the 8
    // and the 7 do not.
    let board = cards("Ac 2d 3h Kc Qd");
    let a = omaha_low8(&cards("6s 5h 8d 7c"), &board).unwrap();
    assert_eq!(a.unpaired_ranks(), Some([6, 5, 3, 2, 1]));
}

#[test]
fn tda_20_identical_low_hands_split_whatever_the_suits() {
    // TDA-20 F and its example 1: two Omaha/8 hands of 2-3-4-5-6 (A with the 6 of spades, B
    // with the 6 of clubs) are identical for the high and for the low.
    let board = cards("2d 3h 4c Kd Qh");
    let a = cards("5h 6s 9c 9d");
    let b = cards("5c 6c Jd Js");
    let (ha, hb) = (
        omaha_high(&a, &board).unwrap(),
        omaha_high(&b, &board).unwrap(),
    );
    assert_eq!(ha.category(), HandCategory::Straight);
    assert_eq!(ha, hb);
    let (la, lb) = (
        omaha_low8(&a, &board).unwrap(),
        omaha_low8(&b, &board).unwrap(),
    );
    assert_eq!(la, lb);
    assert_eq!(la.unpaired_ranks(), Some([6, 5, 4, 3, 2]));
    // Example 2, seven-card stud: the same 2-3-4-5-6 in other suits.
    let a: CardSet = "2s 3h 4d 5c 6s Kd Kh".parse().unwrap();
    let b: CardSet = "2c 3d 4h 5s 6c Qd Jh".parse().unwrap();
    assert_eq!(low8(a), low8(b));
    assert_eq!(ace_to_five(a), ace_to_five(b));
}

#[test]
fn razz_lows_worked_by_hand() {
    let low = |t: &str| ace_to_five(t.parse::<CardSet>().unwrap()).expect("five or more cards");
    // The wheel is the best razz hand; straights and flushes do not count against it.
    let wheel = low("Ah 2h 3h 4h 5h Kc Kd");
    assert_eq!(wheel.unpaired_ranks(), Some([5, 4, 3, 2, 1]));
    assert!(wheel > low("Ac 2d 3h 4s 6c Kd Kh"));
    // The ace is low, and the highest card is compared first: 6-4-3-2-A beats 7-5-4-3-2.
    assert!(low("Ac 2d 3h 4s 6c") > low("2c 3d 4h 5s 7c"));
    // Any no-pair hand beats any pair; one pair beats two pair; two pair beats trips.
    assert!(low("Kc Qd Jh 9s 8c") > low("Ac Ad 2h 3s 4c"));
    assert!(low("Kc Kd Qh Js 9c") > low("Ac Ad 2h 2s 3c"));
    assert!(low("Ac Ad Kh Ks Qc") > low("2c 2d 2h 3s 4c"));
    // Seven cards with only three ranks: two pair with the lowest kicker is best.
    let v = low("Ac Ad As 2c 2d 2h 3c");
    assert_eq!(v, low("Ah Ad 2c 2d 3c"));
    // A low is five cards: four are none.
    assert_eq!(ace_to_five("Ac 2d 3h 4s".parse().unwrap()), None);
    // 8-or-better: a nine or a pair is no low.
    let q = |t: &str| low8(t.parse::<CardSet>().unwrap());
    assert_eq!(q("Ac 2d 3h 4s 9c Kd Kh"), None);
    assert_eq!(q("Ac Ad 2h 3s 4c Kd Kh"), None);
    assert!(q("Ac 2d 3h 4s 8c Kd Kh").is_some());
    assert!(q("Ac 2d 3h 4s 7c") > q("Ac 2d 3h 5s 8c"));
}
