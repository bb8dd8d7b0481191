//! HC-1.11 "Blattbewertung/ hand ranking" (rulebook 004, section 1.11) and HC-3.5 / WWPLA-8
//! (suits never decide a pot), checked against the rulebook's own examples.
//!
//! The examples live in `tests/data/hc_1_11.txt`, copied from the rulebook with its German card
//! names (read by `Card::from_name`). Every example pair "A schlägt B" must come out A > B both
//! from the fast evaluator (`eval::high::evaluate_cards`) and from `eval::reference::high5`, and
//! every example hand must have the category of the heading it stands under.
//!
//! Rulebook notes: no example pair is impossible as five-card hands. Some pairs share cards
//! (the four kings in the quads-kicker example, "Bube-Herz, Bube-Karo, 9-Herz, 9-Karo" in both
//! hands of the two-pair kicker example); the rulebook says itself that this happens in
//! community-card games, where those cards are on the board. The straight-flush example has a
//! stray comma before "schlägt" ("6-Karo, schlägt"); the data file drops it.

use cards::{Card, Lang, Suit};
use eval::high::evaluate_cards;
use eval::{HandCategory, HighValue, MadeHand, reference};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};

const DATA: &str = include_str!("data/hc_1_11.txt");
/// The HC rulebook's text: not in the repository, so only `.ci/run`'s rulebook step reads it
/// (`CROUPIER_RULEBOOKS`, else `../shared/rules` beside the checkout).
fn rulebook() -> String {
    let dir = std::env::var_os("CROUPIER_RULEBOOKS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/rules")
        });
    let path = dir.join("004_c38f522f12fc353e.txt");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A hand as the rulebook writes it, and its cards.
type Hand = (String, [Card; 5]);

/// One heading of HC-1.11 with its examples.
#[derive(Debug)]
struct Section {
    /// The heading as the rulebook writes it ("Vier Gleiche").
    heading: String,
    /// The bold example hands under the heading, as written and parsed.
    examples: Vec<Hand>,
    /// "A schlägt B" from the heading's paragraph.
    pairs: Vec<(Hand, Hand)>,
}

fn parse_hand(text: &str) -> [Card; 5] {
    let cards: Vec<Card> = text
        .split([',', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| Card::from_name(w).unwrap_or_else(|e| panic!("{text:?}: {e}")))
        .collect();
    let five: [Card; 5] = cards
        .try_into()
        .unwrap_or_else(|c: Vec<Card>| panic!("{text:?}: {} cards, not five", c.len()));
    for (i, a) in five.iter().enumerate() {
        assert!(!five[i + 1..].contains(a), "{text:?}: {a} twice");
    }
    five
}

fn sections() -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for (n, raw) in DATA.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(heading) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            out.push(Section {
                heading: heading.to_owned(),
                examples: Vec::new(),
                pairs: Vec::new(),
            });
            continue;
        }
        let section = out
            .last_mut()
            .unwrap_or_else(|| panic!("line {}: no heading yet", n + 1));
        if let Some(hand) = line.strip_prefix('=') {
            let hand = hand.trim();
            section.examples.push((hand.to_owned(), parse_hand(hand)));
        } else if let Some((a, b)) = line.split_once('>') {
            let (a, b) = (a.trim(), b.trim());
            section
                .pairs
                .push(((a.to_owned(), parse_hand(a)), (b.to_owned(), parse_hand(b))));
        } else {
            panic!("line {}: cannot read {line:?}", n + 1);
        }
    }
    out
}

/// What the rulebook's heading means: the category, and the name in English and German that
/// the dealer announces (the German one is the rulebook's heading itself).
fn expected(heading: &str) -> (HandCategory, &'static str, &'static str) {
    match heading {
        "Royal Flush" => (HandCategory::StraightFlush, "Royal Flush", "Royal Flush"),
        "Straight Flush" => (
            HandCategory::StraightFlush,
            "Straight Flush",
            "Straight Flush",
        ),
        "Vier Gleiche" => (HandCategory::FourOfAKind, "Four of a Kind", "Vier Gleiche"),
        "Full House" => (HandCategory::FullHouse, "Full House", "Full House"),
        "Flush" => (HandCategory::Flush, "Flush", "Flush"),
        "Straight" => (HandCategory::Straight, "Straight", "Straight"),
        "Drei Gleiche" => (
            HandCategory::ThreeOfAKind,
            "Three of a Kind",
            "Drei Gleiche",
        ),
        "Zwei Paare" => (HandCategory::TwoPair, "Two Pair", "Zwei Paare"),
        "Ein Paar" => (HandCategory::OnePair, "One Pair", "Ein Paar"),
        "Kein Paar" => (HandCategory::HighCard, "High Card", "Kein Paar"),
        other => panic!("unknown heading {other:?}"),
    }
}

/// The name is the category name, alone or followed by ", detail" ("Straight" must not
/// match "Straight Flush, ...").
fn names_category(name: &str, category_name: &str) -> bool {
    name == category_name
        || name
            .strip_prefix(category_name)
            .is_some_and(|rest| rest.starts_with(", "))
}

fn fast(hand: [Card; 5]) -> HighValue {
    evaluate_cards(&hand)
}

/// The category of a `reference::high5` strength (category in bits 20 and up).
fn reference_category(strength: u32) -> u32 {
    strength >> 20
}

/// Every hand of the data file with the index of its section (0 = highest heading).
fn all_hands(sections: &[Section]) -> Vec<(usize, String, [Card; 5])> {
    let mut out = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        for (text, hand) in &s.examples {
            out.push((i, text.clone(), *hand));
        }
        for ((ta, a), (tb, b)) in &s.pairs {
            out.push((i, ta.clone(), *a));
            out.push((i, tb.clone(), *b));
        }
    }
    out
}

#[test]
fn hc_1_11_data_file_holds_every_rulebook_example() {
    let sections = sections();
    let headings: Vec<&str> = sections.iter().map(|s| s.heading.as_str()).collect();
    // HC-1.11 lists the categories from high to low in this order.
    assert_eq!(
        headings,
        [
            "Royal Flush",
            "Straight Flush",
            "Vier Gleiche",
            "Full House",
            "Flush",
            "Straight",
            "Drei Gleiche",
            "Zwei Paare",
            "Ein Paar",
            "Kein Paar"
        ]
    );
    let examples: usize = sections.iter().map(|s| s.examples.len()).sum();
    let pairs: usize = sections.iter().map(|s| s.pairs.len()).sum();
    assert_eq!(examples, 11, "bold example hands in HC-1.11");
    assert_eq!(pairs, 17, "\"schlägt\" examples in HC-1.11");
}

/// Every line of the data file is the rulebook's text, word for word.
#[test]
#[ignore = "reads the rulebooks' texts in ../shared/rules: run by .ci/run's rulebook step"]
fn rulebook_text_hc_1_11_examples_are_the_rulebooks_word_for_word() {
    let sections = sections();
    let pairs: usize = sections.iter().map(|s| s.pairs.len()).sum();
    let rulebook = rulebook();
    let start = rulebook
        .find("## 1.11 Blattbewertung")
        .expect("HC-1.11 heading");
    let end = rulebook[start..]
        .find("1.12 Grundlagen")
        .expect("HC-1.12 heading")
        + start;
    let section = &rulebook[start..end];
    assert_eq!(
        section.matches("schlägt").count(),
        pairs + 3,
        "17 example pairs plus the three uses of \"schlägt\" in the general text"
    );
    for s in &sections {
        let h = &s.heading;
        assert!(
            section.contains(&format!("**{h}**")) || section.contains(&format!("**{h}:**")),
            "{h}"
        );
        for (text, _) in &s.examples {
            assert!(section.contains(&format!("**{text}**")), "{text:?}");
        }
        for ((a, _), (b, _)) in &s.pairs {
            let plain = format!("{a} schlägt {b}");
            let stray_comma = format!("{a}, schlägt {b}");
            assert!(
                section.contains(&plain) || section.contains(&stray_comma),
                "{plain:?} is not in HC-1.11"
            );
        }
    }
}

#[test]
fn hc_1_11_category_examples_have_their_category_and_name() {
    for s in sections() {
        let (category, en, de) = expected(&s.heading);
        for (text, hand) in &s.examples {
            assert_eq!(fast(*hand).category(), category, "{text}");
            assert_eq!(
                reference_category(reference::high5(*hand)),
                category as u32,
                "reference: {text}"
            );
            let made = MadeHand::best(hand).expect("five cards");
            assert_eq!(made.value, fast(*hand), "{text}");
            assert_eq!(made.category(), category, "{text}");
            let (name_en, name_de) = (made.name(Lang::En), made.name(Lang::De));
            assert!(names_category(&name_en, en), "{text}: {name_en:?}");
            assert!(names_category(&name_de, de), "{text}: {name_de:?}");
        }
    }
}

#[test]
fn hc_1_11_example_pairs_first_beats_second() {
    for s in sections() {
        let (category, en, de) = expected(&s.heading);
        for ((ta, a), (tb, b)) in &s.pairs {
            assert!(
                fast(*a) > fast(*b),
                "HC-1.11 {}: {ta} schlägt {tb}, but {:?} <= {:?}",
                s.heading,
                fast(*a),
                fast(*b)
            );
            assert!(
                reference::high5(*a) > reference::high5(*b),
                "reference, HC-1.11 {}: {ta} schlägt {tb}",
                s.heading
            );
            for (text, hand) in [(ta, a), (tb, b)] {
                assert_eq!(fast(*hand).category(), category, "{text}");
                assert_eq!(
                    reference_category(reference::high5(*hand)),
                    category as u32,
                    "{text}"
                );
                let made = MadeHand::best(hand).expect("five cards");
                assert!(names_category(&made.name(Lang::En), en), "{text}");
                assert!(names_category(&made.name(Lang::De), de), "{text}");
            }
        }
    }
}

#[test]
fn hc_1_11_royal_flush_is_the_only_special_name() {
    // "Kein anderer Flush hat eine besondere Bezeichnung": the king-high and the five-high
    // straight flush are plain straight flushes.
    for text in [
        "Ass-Herz, König-Herz, Dame-Herz, Bube-Herz, 10-Herz",
        "Ass-Kreuz, König-Kreuz, Dame-Kreuz, Bube-Kreuz, 10-Kreuz",
    ] {
        let made = MadeHand::best(&parse_hand(text)).unwrap();
        assert_eq!(made.name(Lang::En), "Royal Flush", "{text}");
        assert_eq!(made.name(Lang::De), "Royal Flush", "{text}");
    }
    for text in [
        "König-Pik, Dame-Pik, Bube-Pik, 10-Pik, 9-Pik",
        "5-Karo, 4-Karo, 3-Karo, 2-Karo, Ass-Karo",
    ] {
        let made = MadeHand::best(&parse_hand(text)).unwrap();
        assert_eq!(made.category(), HandCategory::StraightFlush, "{text}");
        for lang in [Lang::En, Lang::De] {
            let name = made.name(lang);
            assert!(names_category(&name, "Straight Flush"), "{text}: {name}");
        }
    }
    // The wheel straight flush is the lowest straight flush: the 6-high one beats it.
    let wheel = parse_hand("5-Karo, 4-Karo, 3-Karo, 2-Karo, Ass-Karo");
    let six_high = parse_hand("6-Kreuz, 5-Kreuz, 4-Kreuz, 3-Kreuz, 2-Kreuz");
    assert!(fast(six_high) > fast(wheel));
    assert!(reference::high5(six_high) > reference::high5(wheel));
}

#[test]
fn hc_1_11_hands_under_a_higher_heading_beat_all_below() {
    // "Jedes Blatt in einer Kategorie der Liste schlägt jedes Blatt in jeder Kategorie
    // darunter": every example hand beats every example hand of every later heading.
    let sections = sections();
    let hands = all_hands(&sections);
    let mut compared = 0;
    for (i, ta, a) in &hands {
        for (j, tb, b) in &hands {
            if i < j {
                assert!(fast(*a) > fast(*b), "{ta} must beat {tb}");
                assert!(
                    reference::high5(*a) > reference::high5(*b),
                    "reference: {ta} must beat {tb}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 800, "{compared}");
}

/// The category of five cards by counting, written here from the definitions in HC-1.11 and
/// independent of the crate: flush = one suit, straight = five consecutive ranks (the ace
/// high or low).
fn classify(hand: [Card; 5]) -> HandCategory {
    let mut counts = [0u8; 13];
    let mut mask = 0u16;
    for c in hand {
        counts[usize::from(c.rank().index())] += 1;
        mask |= 1 << c.rank().index();
    }
    let mut shape: Vec<u8> = counts.iter().copied().filter(|&n| n > 0).collect();
    shape.sort_unstable_by(|a, b| b.cmp(a));
    let flush = hand.iter().all(|c| c.suit() == hand[0].suit());
    let straight = shape.len() == 5
        && ((mask >> mask.trailing_zeros()) == 0b11111 || mask == 0b1_0000_0000_1111);
    match (straight, flush, shape.as_slice()) {
        (true, true, _) => HandCategory::StraightFlush,
        (_, _, [4, 1]) => HandCategory::FourOfAKind,
        (_, _, [3, 2]) => HandCategory::FullHouse,
        (_, true, _) => HandCategory::Flush,
        (true, _, _) => HandCategory::Straight,
        (_, _, [3, 1, 1]) => HandCategory::ThreeOfAKind,
        (_, _, [2, 2, 1]) => HandCategory::TwoPair,
        (_, _, [2, 1, 1, 1]) => HandCategory::OnePair,
        _ => HandCategory::HighCard,
    }
}

#[test]
fn hc_1_11_every_category_beats_every_lower_category_all_five_card_hands() {
    // "jeder Straight Flush schlägt alle vier Gleichen; jeder Flush schlägt jede Straight":
    // over all 2,598,960 hands, the weakest hand of each category beats the strongest of the
    // category below, for the fast values and for the reference.
    let deck: Vec<Card> = Card::all().collect();
    let mut fast_range = [(u16::MAX, 0u16); 9];
    let mut ref_range = [(u32::MAX, 0u32); 9];
    let mut hands = 0u64;
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let hand = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                        let category = classify(hand);
                        let v = fast(hand);
                        assert_eq!(v.category(), category, "{hand:?}");
                        let r = reference::high5(hand);
                        assert_eq!(reference_category(r), category as u32, "{hand:?}");
                        let k = category as usize;
                        fast_range[k] =
                            (fast_range[k].0.min(v.get()), fast_range[k].1.max(v.get()));
                        ref_range[k] = (ref_range[k].0.min(r), ref_range[k].1.max(r));
                        hands += 1;
                    }
                }
            }
        }
    }
    assert_eq!(hands, 2_598_960);
    for k in 1..9 {
        let (lower, higher) = (HandCategory::ALL[k - 1], HandCategory::ALL[k]);
        assert!(
            fast_range[k].0 > fast_range[k - 1].1,
            "every {higher:?} must beat every {lower:?}"
        );
        assert!(
            ref_range[k].0 > ref_range[k - 1].1,
            "reference: every {higher:?} must beat every {lower:?}"
        );
    }
}

/// All 24 ways to rename the four suits.
fn suit_permutations() -> Vec<[Suit; 4]> {
    let mut out = Vec::new();
    for a in Suit::ALL {
        for b in Suit::ALL {
            for c in Suit::ALL {
                for d in Suit::ALL {
                    let p = [a, b, c, d];
                    if (0..4).all(|i| !p[i + 1..].contains(&p[i])) {
                        out.push(p);
                    }
                }
            }
        }
    }
    assert_eq!(out.len(), 24);
    out
}

fn resuit(card: Card, perm: &[Suit; 4]) -> Card {
    Card::new(card.rank(), perm[usize::from(card.suit().index())])
}

#[test]
fn hc_3_5_wwpla_8_suits_never_matter_for_the_rulebook_examples() {
    // HC-3.5 "Farben entscheiden nie über den Gewinn oder die Teilung eines Pots"; WWPLA-8:
    // the suit order decides no tie. The same ranks in other suits are worth exactly the same.
    let perms = suit_permutations();
    for (_, text, hand) in all_hands(&sections()) {
        for perm in &perms {
            let other = hand.map(|c| resuit(c, perm));
            assert_eq!(fast(other), fast(hand), "{text} as {other:?}");
            assert_eq!(reference::high5(other), reference::high5(hand), "{text}");
        }
    }
    // The two-pair kicker example with the kickers swapped in suit: still a win for the 4.
    let a = parse_hand("Bube-Herz, Bube-Karo, 9-Herz, 9-Karo, 4-Kreuz");
    let b = parse_hand("Bube-Herz, Bube-Karo, 9-Herz, 9-Karo, 3-Pik");
    assert!(fast(a) > fast(b));
    // Same ranks, one hand all spades-and-hearts, the other diamonds-and-clubs: a split.
    let a = parse_hand("Ass-Pik, König-Herz, 9-Pik, 5-Herz, 2-Pik");
    let b = parse_hand("Ass-Karo, König-Kreuz, 9-Karo, 5-Kreuz, 2-Karo");
    assert_eq!(fast(a), fast(b));
    assert_eq!(reference::high5(a), reference::high5(b));
}

#[test]
fn hc_3_5_suits_never_matter_random_hands() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x48_4333_5f35);
    let perms = suit_permutations();
    let deck: Vec<Card> = Card::all().collect();
    for round in 0..100_000 {
        let size = 5 + round % 3;
        // A random hand: a partial Fisher-Yates over a fresh copy of the deck.
        let mut d = deck.clone();
        for i in 0..size {
            let j = i + (rng.next_u64() % (52 - i) as u64) as usize;
            d.swap(i, j);
        }
        let hand = &d[..size];
        let perm = &perms[(rng.next_u64() % 24) as usize];
        let other: Vec<Card> = hand.iter().map(|c| resuit(*c, perm)).collect();
        assert_eq!(evaluate_cards(&other), evaluate_cards(hand), "{hand:?}");
        assert_eq!(reference::best_high(&other), reference::best_high(hand));

        // Five cards re-suited at random (not a renaming): if neither is a flush, the
        // value is the same.
        let five: [Card; 5] = d[..5].try_into().unwrap();
        let random_suits =
            five.map(|c| Card::new(c.rank(), Suit::from_index(rng.next_u64() as u8)));
        let distinct = (0..5).all(|i| !random_suits[i + 1..].contains(&random_suits[i]));
        let flush = |h: &[Card; 5]| h.iter().all(|c| c.suit() == h[0].suit());
        if distinct && !flush(&five) && !flush(&random_suits) {
            assert_eq!(
                fast(random_suits),
                fast(five),
                "{five:?} / {random_suits:?}"
            );
        }
    }
}

#[test]
fn hc_1_11_a_poker_hand_is_five_cards() {
    // "Ein Pokerblatt besteht immer aus fünf Karten. Poker kennt kein Blatt mit sechs oder
    // sieben Karten." Seven cards are worth their best five; the sixth and seventh count for
    // nothing. The quads-kicker example with the four kings on the board:
    let board = parse_hand("König-Karo, König-Kreuz, König-Herz, König-Pik, 5-Karo");
    let first: Vec<Card> = board
        .iter()
        .copied()
        .chain(["Ass-Herz", "2-Kreuz"].map(|n| Card::from_name(n).unwrap()))
        .collect();
    let second: Vec<Card> = board
        .iter()
        .copied()
        .chain(["Dame-Karo", "Dame-Pik"].map(|n| Card::from_name(n).unwrap()))
        .collect();
    let a = MadeHand::best(&first).unwrap();
    let b = MadeHand::best(&second).unwrap();
    assert!(a.value > b.value);
    assert_eq!(
        a.value,
        fast(parse_hand(
            "König-Karo, König-Kreuz, König-Herz, König-Pik, Ass-Herz"
        ))
    );
    assert_eq!(
        b.value,
        fast(parse_hand("K-Karo K-Kreuz K-Herz K-Pik D-Karo"))
    );
    assert_eq!(evaluate_cards(&first), a.value);
    // The five cards shown are five of the seven and are worth the value.
    for made in [a, b] {
        assert_eq!(fast(made.five), made.value);
    }
    assert!(a.five.iter().all(|c| first.contains(c)));

    // Two sevens with the same best five split, whatever the other two cards.
    let x: Vec<Card> = parse_hand("Ass-Pik, König-Pik, Dame-Herz, Bube-Karo, 10-Kreuz")
        .into_iter()
        .chain(["2-Herz", "3-Kreuz"].map(|n| Card::from_name(n).unwrap()))
        .collect();
    let y: Vec<Card> = parse_hand("Ass-Herz, König-Karo, Dame-Kreuz, Bube-Pik, 10-Herz")
        .into_iter()
        .chain(["9-Herz", "9-Kreuz"].map(|n| Card::from_name(n).unwrap()))
        .collect();
    assert_eq!(evaluate_cards(&x), evaluate_cards(&y));

    // There is no hand of four or eight cards.
    assert!(MadeHand::best(&first[..4]).is_none());
    let mut eight = first.clone();
    eight.push(Card::from_name("9-Pik").unwrap());
    assert!(MadeHand::best(&eight).is_none());
}
