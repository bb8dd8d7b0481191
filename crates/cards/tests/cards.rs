//! Cards, card text, names, card sets and the deck (rules README area 1 "Cards and dealing";
//! suit order WWPLA-8, HC-3.5; card draws WWPLA-13; the cut DG-6; the burn HC-1.12).

use cards::{
    Card, CardSet, CutError, Deck, DeckError, Lang, ParseCardError, Rank, Seed, Suit, parse_cards,
    parse_cards_or_unknown,
};
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use std::collections::HashSet;

fn card(rank: Rank, suit: Suit) -> Card {
    Card::new(rank, suit)
}

// ---------------------------------------------------------------------------------------
// Card text.

#[test]
fn parse_single_cards() {
    assert_eq!("As".parse::<Card>(), Ok(card(Rank::Ace, Suit::Spades)));
    assert_eq!("Td".parse::<Card>(), Ok(card(Rank::Ten, Suit::Diamonds)));
    assert_eq!("2c".parse::<Card>(), Ok(card(Rank::Two, Suit::Clubs)));
    assert_eq!("Kh".parse::<Card>(), Ok(card(Rank::King, Suit::Hearts)));
    assert_eq!("9s".parse::<Card>(), Ok(card(Rank::Nine, Suit::Spades)));
    // Either case.
    assert_eq!("aS".parse::<Card>(), Ok(card(Rank::Ace, Suit::Spades)));
    assert_eq!("tD".parse::<Card>(), Ok(card(Rank::Ten, Suit::Diamonds)));
    assert_eq!("qH".parse::<Card>(), Ok(card(Rank::Queen, Suit::Hearts)));
    assert_eq!("jc".parse::<Card>(), Ok(card(Rank::Jack, Suit::Clubs)));
    // Surrounding separators are fine for one card.
    assert_eq!(" Qc ".parse::<Card>(), Ok(card(Rank::Queen, Suit::Clubs)));
}

#[test]
fn print_and_reparse_every_card() {
    let mut texts = HashSet::new();
    for c in Card::all() {
        let text = c.to_string();
        assert_eq!(text.chars().count(), 2, "{text}");
        assert_eq!(text.parse::<Card>(), Ok(c), "{text}");
        assert_eq!(format!("{c:?}"), text);
        assert!(texts.insert(text));
    }
    assert_eq!(texts.len(), 52);
    assert_eq!(card(Rank::Ten, Suit::Hearts).to_string(), "Th");
    assert_eq!(card(Rank::Ace, Suit::Spades).to_string(), "As");
    assert_eq!(card(Rank::Two, Suit::Clubs).to_string(), "2c");
    assert_eq!(card(Rank::Queen, Suit::Diamonds).to_string(), "Qd");
}

#[test]
fn parse_runs_with_and_without_separators() {
    let as_kd = vec![
        card(Rank::Ace, Suit::Spades),
        card(Rank::King, Suit::Diamonds),
    ];
    assert_eq!(parse_cards("AsKd"), Ok(as_kd.clone()));
    assert_eq!(parse_cards("As Kd"), Ok(as_kd.clone()));
    assert_eq!(parse_cards("As,Kd"), Ok(as_kd.clone()));
    assert_eq!(parse_cards(" As, Kd ,"), Ok(as_kd.clone()));
    assert_eq!(parse_cards("As\tKd\n"), Ok(as_kd));
    let board = parse_cards("2c 7h, Td Js\u{a0}Ac").unwrap();
    assert_eq!(
        board.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        ["2c", "7h", "Td", "Js", "Ac"]
    );
    assert_eq!(parse_cards(""), Ok(vec![]));
    assert_eq!(parse_cards(" , "), Ok(vec![]));
}

#[test]
fn unknown_cards_only_where_allowed() {
    assert_eq!(
        parse_cards_or_unknown("As ?? Kd"),
        Ok(vec![
            Some(card(Rank::Ace, Suit::Spades)),
            None,
            Some(card(Rank::King, Suit::Diamonds))
        ])
    );
    // Two unknown cards are not the same card twice.
    assert_eq!(parse_cards_or_unknown("????"), Ok(vec![None, None]));
    assert_eq!(
        parse_cards("As??"),
        Err(ParseCardError::Unknown {
            text: "As??".to_owned()
        })
    );
    assert!("??".parse::<Card>().is_err());
}

#[test]
fn bad_text_names_the_wrong_character_and_its_position() {
    let e = parse_cards("Ax").unwrap_err();
    assert_eq!(
        e,
        ParseCardError::Suit {
            text: "Ax".to_owned(),
            position: 1,
            found: 'x'
        }
    );
    let msg = e.to_string();
    assert!(msg.contains("'x'") && msg.contains("position 1"), "{msg}");

    let e = parse_cards("1s").unwrap_err();
    assert_eq!(
        e,
        ParseCardError::Rank {
            text: "1s".to_owned(),
            position: 0,
            found: '1'
        }
    );
    let msg = e.to_string();
    assert!(msg.contains("'1'") && msg.contains("position 0"), "{msg}");

    let e = parse_cards("A").unwrap_err();
    assert_eq!(
        e,
        ParseCardError::MissingSuit {
            text: "A".to_owned(),
            position: 0,
            rank: 'A'
        }
    );
    assert!(e.to_string().contains("no suit"), "{e}");

    // Later in a run: the position is the character's, separators counted.
    assert_eq!(
        parse_cards("As Kd, 2c 7"),
        Err(ParseCardError::MissingSuit {
            text: "As Kd, 2c 7".to_owned(),
            position: 10,
            rank: '7'
        })
    );
    assert_eq!(
        parse_cards("As Kd Xc"),
        Err(ParseCardError::Rank {
            text: "As Kd Xc".to_owned(),
            position: 6,
            found: 'X'
        })
    );
    assert_eq!(
        parse_cards("As K d"),
        Err(ParseCardError::Suit {
            text: "As K d".to_owned(),
            position: 4,
            found: ' '
        })
    );
    // A lone character that is no rank is a rank error, not a missing suit.
    assert!(matches!(
        parse_cards("As x"),
        Err(ParseCardError::Rank {
            position: 3,
            found: 'x',
            ..
        })
    ));
    // "10" is not a rank character: the ten is T.
    assert!(matches!(
        parse_cards("10s"),
        Err(ParseCardError::Rank {
            position: 0,
            found: '1',
            ..
        })
    ));
    // Positions count characters, not bytes.
    assert!(matches!(
        parse_cards("As\u{a0}Kx"),
        Err(ParseCardError::Suit {
            position: 4,
            found: 'x',
            ..
        })
    ));
    assert!(matches!(
        parse_cards("Aß"),
        Err(ParseCardError::Suit {
            position: 1,
            found: 'ß',
            ..
        })
    ));
}

#[test]
fn duplicates_are_refused() {
    // WWPLA-5 / HC-3.3: a deck with a card twice is defective; card text never holds one.
    let e = parse_cards("AsKdAs").unwrap_err();
    assert_eq!(
        e,
        ParseCardError::Duplicate {
            text: "AsKdAs".to_owned(),
            card: card(Rank::Ace, Suit::Spades)
        }
    );
    assert!(e.to_string().contains("As"), "{e}");
    assert!(parse_cards("as AS").is_err());
    assert!("2c 2c".parse::<CardSet>().is_err());
    // The same rank in another suit is fine.
    assert_eq!(parse_cards("AsAh").map(|v| v.len()), Ok(2));
}

#[test]
fn one_card_means_exactly_one() {
    assert_eq!(
        "AsKd".parse::<Card>(),
        Err(ParseCardError::Count {
            text: "AsKd".to_owned(),
            count: 2
        })
    );
    assert_eq!(
        "".parse::<Card>(),
        Err(ParseCardError::Count {
            text: String::new(),
            count: 0
        })
    );
}

// ---------------------------------------------------------------------------------------
// Names, English and German (HC-1.11 writes cards as "König-Herz", "10-Pik").

#[test]
fn suit_and_rank_names() {
    let suits = [
        (Suit::Spades, "Spades", "Pik"),
        (Suit::Hearts, "Hearts", "Herz"),
        (Suit::Diamonds, "Diamonds", "Karo"),
        (Suit::Clubs, "Clubs", "Kreuz"),
    ];
    for (suit, en, de) in suits {
        assert_eq!(suit.name(Lang::En), en);
        assert_eq!(suit.name(Lang::De), de);
        assert_eq!(Suit::from_name(en), Some(suit));
        assert_eq!(Suit::from_name(de), Some(suit));
        assert_eq!(Suit::from_name(&de.to_lowercase()), Some(suit));
        assert_eq!(Suit::from_name(&en.to_uppercase()), Some(suit));
    }
    assert_eq!(Suit::from_name("Schwert"), None);

    let ranks = [
        (Rank::Ace, "Ace", "Ass"),
        (Rank::King, "King", "König"),
        (Rank::Queen, "Queen", "Dame"),
        (Rank::Jack, "Jack", "Bube"),
        (Rank::Ten, "Ten", "Zehn"),
        (Rank::Two, "Two", "Zwei"),
    ];
    for (rank, en, de) in ranks {
        assert_eq!(rank.name(Lang::En), en);
        assert_eq!(rank.name(Lang::De), de);
        assert_eq!(Rank::from_word(en), Some(rank));
        assert_eq!(Rank::from_word(de), Some(rank));
    }
    assert_eq!(Lang::default(), Lang::En);
}

#[test]
fn card_names_in_both_languages() {
    assert_eq!(
        card(Rank::King, Suit::Hearts).name(Lang::En),
        "King of Hearts"
    );
    assert_eq!(card(Rank::King, Suit::Hearts).name(Lang::De), "König-Herz");
    assert_eq!(card(Rank::Ace, Suit::Spades).name(Lang::De), "Ass-Pik");
    assert_eq!(card(Rank::Ten, Suit::Diamonds).name(Lang::De), "10-Karo");
    assert_eq!(
        card(Rank::Ten, Suit::Diamonds).name(Lang::En),
        "Ten of Diamonds"
    );
    assert_eq!(card(Rank::Jack, Suit::Clubs).name(Lang::De), "Bube-Kreuz");
    assert_eq!(card(Rank::Queen, Suit::Clubs).name(Lang::De), "Dame-Kreuz");
    assert_eq!(card(Rank::Seven, Suit::Hearts).name(Lang::De), "7-Herz");
    for c in Card::all() {
        for lang in [Lang::En, Lang::De] {
            assert_eq!(Card::from_name(&c.name(lang)), Ok(c), "{}", c.name(lang));
        }
    }
}

#[test]
fn card_names_as_the_rulebooks_write_them() {
    // HC-1.11 uses full names, lower-case suits and short letters (A, K, D, B).
    let cases = [
        ("Ass-Pik", Rank::Ace, Suit::Spades),
        ("König-Pik", Rank::King, Suit::Spades),
        ("10-karo", Rank::Ten, Suit::Diamonds),
        ("K-Karo", Rank::King, Suit::Diamonds),
        ("D-Karo", Rank::Queen, Suit::Diamonds),
        ("A-Herz", Rank::Ace, Suit::Hearts),
        ("B-Kreuz", Rank::Jack, Suit::Clubs),
        ("Bube-Kreuz", Rank::Jack, Suit::Clubs),
        ("2-Kreuz", Rank::Two, Suit::Clubs),
        ("Dame-Herz", Rank::Queen, Suit::Hearts),
        (" 9-Pik ", Rank::Nine, Suit::Spades),
        ("King of Hearts", Rank::King, Suit::Hearts),
        ("Ten of Clubs", Rank::Ten, Suit::Clubs),
    ];
    for (text, rank, suit) in cases {
        assert_eq!(Card::from_name(text), Ok(card(rank, suit)), "{text}");
    }
    for bad in [
        "Ritter-Pik",
        "Ass-Schwert",
        "AsKd",
        "1-Pik",
        "11-Herz",
        "Ass",
        "",
    ] {
        let e = Card::from_name(bad).unwrap_err();
        assert!(matches!(e, ParseCardError::Name { .. }), "{bad}: {e:?}");
        assert!(e.to_string().contains(bad.trim()), "{bad}: {e}");
    }
}

// ---------------------------------------------------------------------------------------
// Orders: suits for draws only (WWPLA-8, HC-3.5), cards by rank then suit (WWPLA-13).

#[test]
fn suit_order_spades_hearts_diamonds_clubs() {
    // HC-3.5: "1 Pik, 2 Herz, 3 Karo, 4 Kreuz"; WWPLA-8: "(höchste Wertigkeit) Pik, Herz,
    // Karo, Kreuz".
    assert!(Suit::Spades > Suit::Hearts);
    assert!(Suit::Hearts > Suit::Diamonds);
    assert!(Suit::Diamonds > Suit::Clubs);
    let mut suits = Suit::ALL.to_vec();
    suits.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(
        suits,
        [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
    );
    assert_eq!(
        suits.iter().map(|s| s.name(Lang::De)).collect::<Vec<_>>(),
        ["Pik", "Herz", "Karo", "Kreuz"]
    );
}

#[test]
fn card_order_for_draws_rank_first_then_suit() {
    // WWPLA-13: the highest card wins; "Bei Kartenwertigkeitsgleichheit entscheidet der
    // Farbwert".
    let c = |t: &str| t.parse::<Card>().unwrap();
    assert!(c("As") > c("Ah"));
    assert!(c("Ah") > c("Ad"));
    assert!(c("Ad") > c("Ac"));
    assert!(c("Ac") > c("Ks")); // rank before suit
    assert!(c("3c") > c("2s"));
    assert_eq!(Card::all().max(), Some(c("As")));
    assert_eq!(Card::all().min(), Some(c("2c")));
    // A draw for the button: the highest card.
    let drawn = parse_cards("Kh Ks 9d Kd").unwrap();
    assert_eq!(drawn.iter().max(), Some(&c("Ks")));
    let drawn = parse_cards("Kh Ks Ad 2s").unwrap();
    assert_eq!(drawn.iter().max(), Some(&c("Ad")));
    // Every card's order follows (rank, suit) exactly.
    for a in Card::all() {
        for b in Card::all() {
            assert_eq!(a.cmp(&b), (a.rank(), a.suit()).cmp(&(b.rank(), b.suit())));
        }
    }
}

#[test]
fn card_indexes_and_bits() {
    let mut bits = 0u64;
    for (i, c) in Card::all().enumerate() {
        assert_eq!(usize::from(c.index()), i);
        assert_eq!(Card::from_index(c.index()), Some(c));
        assert_eq!(c, card(c.rank(), c.suit()));
        assert_eq!(c.bit().count_ones(), 1);
        assert_eq!(
            c.bit(),
            1 << (u32::from(c.suit().index()) * 16 + u32::from(c.rank().index()))
        );
        assert_eq!(bits & c.bit(), 0);
        bits |= c.bit();
    }
    assert_eq!(Card::from_index(52), None);
    assert_eq!(Card::all().count(), 52);
}

// ---------------------------------------------------------------------------------------
// Card sets.

#[test]
fn card_set_operations() {
    let set = |t: &str| t.parse::<CardSet>().unwrap();
    let c = |t: &str| t.parse::<Card>().unwrap();

    assert!(CardSet::EMPTY.is_empty());
    assert_eq!(CardSet::EMPTY.len(), 0);
    assert_eq!(CardSet::FULL.len(), 52);
    assert_eq!(!CardSet::EMPTY, CardSet::FULL);
    assert_eq!(!CardSet::FULL, CardSet::EMPTY);
    assert_eq!(CardSet::from_bits(u64::MAX), CardSet::FULL);
    assert_eq!(Card::all().collect::<CardSet>(), CardSet::FULL);
    assert_eq!(CardSet::default(), CardSet::EMPTY);

    let mut s = CardSet::EMPTY;
    assert!(s.insert(c("As")));
    assert!(!s.insert(c("As")));
    assert!(s.insert(c("Kd")));
    assert_eq!(s.len(), 2);
    assert!(s.contains(c("As")) && s.contains(c("Kd")) && !s.contains(c("Ks")));
    assert!(s.remove(c("As")));
    assert!(!s.remove(c("As")));
    assert_eq!(s, set("Kd"));
    assert_eq!(s.with(c("2c")), set("Kd 2c"));
    assert_eq!(CardSet::from(c("7h")), set("7h"));

    let a = set("As Kd 7c");
    let b = set("Kd Qh");
    assert_eq!(a | b, set("As Kd Qh 7c"));
    assert_eq!(a & b, set("Kd"));
    assert_eq!(a - b, set("As 7c"));
    assert!(!a.is_disjoint(b));
    assert!((a - b).is_disjoint(b));
    let mut u = a;
    u |= b;
    assert_eq!(u, a | b);
    assert_eq!((!a).len(), 49);
    assert_eq!(!a & a, CardSet::EMPTY);

    // Lowest first when iterated, highest first when printed.
    assert_eq!(
        set("Kd As 2c").iter().collect::<Vec<_>>(),
        [c("2c"), c("Kd"), c("As")]
    );
    assert_eq!(
        set("2s 2c Ad 2h As").iter().collect::<Vec<_>>(),
        [c("2c"), c("2h"), c("2s"), c("Ad"), c("As")]
    );
    // Any set: its cards in index order, each once.
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    for _ in 0..2000 {
        let s = CardSet::from_bits(rng.next_u64() & rng.next_u64());
        let expected: Vec<Card> = Card::all().filter(|&card| s.contains(card)).collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), expected);
    }
    assert_eq!(CardSet::FULL.iter().count(), 52);
    assert_eq!(CardSet::EMPTY.iter().next(), None);
    assert_eq!(set("Kd As 2c").to_string(), "AsKd2c");
    assert_eq!(format!("{:?}", set("7c As")), "CardSet(As7c)");
    assert_eq!(set(&set("Ah Th 2d").to_string()), set("Ah Th 2d"));

    // Ranks per suit and overall, deuce at bit 0.
    let s = set("As Ks 2s 2h 5d");
    assert_eq!(s.suit_ranks(Suit::Spades), 1 << 12 | 1 << 11 | 1);
    assert_eq!(s.suit_ranks(Suit::Hearts), 1);
    assert_eq!(s.suit_ranks(Suit::Clubs), 0);
    assert_eq!(s.rank_mask(), 1 << 12 | 1 << 11 | 1 << 3 | 1);
    assert_eq!(s.count_rank(Rank::Two), 2);
    assert_eq!(s.count_rank(Rank::Ace), 1);
    assert_eq!(s.count_rank(Rank::Queen), 0);
    assert_eq!(set("2c 2d 2h 2s").count_rank(Rank::Two), 4);
    assert_eq!(CardSet::from_bits(s.bits()), s);

    assert!("As Ax".parse::<CardSet>().is_err());
}

// ---------------------------------------------------------------------------------------
// The deck.

fn sorted(cards: &[Card]) -> Vec<Card> {
    let mut v = cards.to_vec();
    v.sort_unstable();
    v
}

fn is_permutation_of_52(cards: &[Card]) -> bool {
    sorted(cards) == Card::all().collect::<Vec<_>>()
}

#[test]
fn ordered_deck() {
    let d = Deck::ordered();
    assert_eq!(d.len(), 52);
    assert!(!d.is_empty());
    assert_eq!(d.remaining(), Card::all().collect::<Vec<_>>());
    assert!(d.burned().is_empty());
}

#[test]
fn seeded_shuffle_is_reproducible_and_seeds_differ() {
    let a = Deck::shuffled(Seed::from_u64(7));
    let b = Deck::shuffled(Seed::from_u64(7));
    assert_eq!(a, b);
    assert_eq!(a.remaining(), b.remaining());
    assert_ne!(a.remaining(), Deck::ordered().remaining());

    let mut decks = HashSet::new();
    for n in 0..1_000u64 {
        let d = Deck::shuffled(Seed::from_u64(n));
        assert!(is_permutation_of_52(d.remaining()), "seed {n}");
        assert!(
            decks.insert(d.remaining().to_vec()),
            "seed {n} repeats a deck"
        );
    }
    // Seeds differing in one byte anywhere give other decks.
    let base = Deck::shuffled(Seed([0; 32]));
    for i in 0..32 {
        let mut bytes = [0u8; 32];
        bytes[i] = 1;
        assert_ne!(Deck::shuffled(Seed(bytes)), base, "byte {i}");
    }
}

#[test]
fn seeded_shuffle_replays_a_stored_deck() {
    // A seed kept with a hand history must replay the same deck forever: this pins the
    // deck of seed 0 and seed 1 (taken from this implementation when it was written; if it
    // changes, old hand histories no longer replay).
    let top = |n: u64| {
        Deck::shuffled(Seed::from_u64(n)).remaining()[..10]
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(top(0), PINNED_SEED_0);
    assert_eq!(top(1), PINNED_SEED_1);
}

const PINNED_SEED_0: &str = "3c 9s Ad Qs Ah 3s 8s Jh Tc As";
const PINNED_SEED_1: &str = "9c 7h Ad Kc Ts 9d 8h 3h As Qc";

#[test]
fn shuffle_from_any_state_gives_back_all_52() {
    let mut rng = ChaCha20Rng::seed_from_u64(99);
    let mut d = Deck::shuffled(Seed::from_u64(1));
    for round in 0..200 {
        // Deal, burn and deal some more, then shuffle everything back in.
        for _ in 0..round % 20 {
            d.deal().unwrap();
        }
        if round % 3 == 0 {
            d.burn().unwrap();
            d.deal().unwrap();
            d.burn().unwrap();
        }
        d.shuffle(&mut rng);
        assert_eq!(d.len(), 52, "round {round}");
        assert!(d.burned().is_empty(), "round {round}");
        assert!(is_permutation_of_52(d.remaining()), "round {round}");
    }
    // A short deck (cards left out for equity) stays short.
    let dead: CardSet = "As Kd 7c".parse().unwrap();
    let mut short = Deck::without(dead);
    assert_eq!(short.len(), 49);
    short.deal().unwrap();
    short.burn().unwrap();
    short.shuffle(&mut rng);
    assert_eq!(short.len(), 49);
    assert!(short.remaining().iter().all(|c| !dead.contains(*c)));
    assert_eq!(
        short.remaining().iter().copied().collect::<CardSet>(),
        !dead
    );
}

/// Pearson's chi-square of observed counts against equal expectation.
fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum()
}

const SHUFFLES: usize = 20_000;
/// Chi-square, 51 degrees of freedom: mean 51, about 114 at p = 1e-6.
const BOUND_POSITION: f64 = 115.0;
/// Chi-square, 51 * 51 = 2601 degrees of freedom: mean 2601, about 2980 at p = 1e-6.
const BOUND_MATRIX: f64 = 3_000.0;

/// Counts over `SHUFFLES` decks: where the ace of spades ends up, and every (card, position).
fn position_counts(mut shuffle: impl FnMut(u64) -> Vec<Card>) -> (Vec<u64>, Vec<u64>) {
    let ace = card(Rank::Ace, Suit::Spades);
    let mut ace_at = vec![0u64; 52];
    let mut matrix = vec![0u64; 52 * 52];
    for n in 0..SHUFFLES as u64 {
        let deck = shuffle(n);
        assert_eq!(deck.len(), 52);
        for (pos, c) in deck.iter().enumerate() {
            matrix[usize::from(c.index()) * 52 + pos] += 1;
            if *c == ace {
                ace_at[pos] += 1;
            }
        }
    }
    (ace_at, matrix)
}

#[test]
fn shuffle_is_roughly_uniform() {
    let (ace_at, matrix) =
        position_counts(|n| Deck::shuffled(Seed::from_u64(n)).remaining().to_vec());
    let x = chi_square(&ace_at);
    assert!(
        x < BOUND_POSITION,
        "ace of spades by position: chi-square {x:.1}"
    );
    // Every card at every position, cell by cell (51 * 51 degrees of freedom).
    let cells: f64 = (0..52)
        .map(|c| chi_square(&matrix[c * 52..c * 52 + 52]))
        .sum();
    assert!(
        cells < BOUND_MATRIX,
        "card by position: chi-square {cells:.1}"
    );
    // The top card too: each of the 52 about equally often.
    let top: Vec<u64> = (0..52).map(|c| matrix[c * 52]).collect();
    assert!(chi_square(&top) < BOUND_POSITION);
}

#[test]
fn uniformity_check_catches_biased_shuffles() {
    // The same statistics reject shuffles with known flaws, so the bounds are not too loose.
    let deck = || Card::all().collect::<Vec<_>>();
    // Sattolo's off-by-one (j below i, never i itself): no card stays in place.
    let (ace_at, _) = position_counts(|n| {
        let mut rng = ChaCha20Rng::seed_from_u64(n);
        let mut d = deck();
        for i in (1..52).rev() {
            let j = (rng.next_u64() % i as u64) as usize;
            d.swap(i, j);
        }
        d
    });
    assert!(chi_square(&ace_at) > BOUND_POSITION, "Sattolo passed");
    // The naive shuffle (swap every card with any card): a biased permutation.
    let (_, matrix) = position_counts(|n| {
        let mut rng = ChaCha20Rng::seed_from_u64(n);
        let mut d = deck();
        for i in 0..52 {
            let j = (rng.next_u64() % 52) as usize;
            d.swap(i, j);
        }
        d
    });
    let cells: f64 = (0..52)
        .map(|c| chi_square(&matrix[c * 52..c * 52 + 52]))
        .sum();
    assert!(cells > BOUND_MATRIX, "naive shuffle passed: {cells:.1}");
    // An unshuffled deck, of course.
    let (ace_at, _) = position_counts(|_| deck());
    assert!(chi_square(&ace_at) > BOUND_POSITION);
}

#[test]
fn deal_and_burn_bookkeeping() {
    // HC-1.12: burn one card, then the flop; DG-17: burn before turn and river.
    let mut d = Deck::shuffled(Seed::from_u64(3));
    let order = d.remaining().to_vec();
    let mut dealt = Vec::new();
    for expected in &order[..4] {
        let c = d.deal().unwrap();
        assert_eq!(c, *expected, "cards come off the top");
        dealt.push(c);
    }
    assert_eq!(d.len(), 48);
    let burn = d.burn().unwrap();
    assert_eq!(burn, order[4]);
    assert_eq!(d.burned(), [burn]);
    assert_eq!(d.len(), 47);
    let flop: Vec<Card> = (0..3).map(|_| d.deal().unwrap()).collect();
    assert_eq!(flop, order[5..8]);
    let burn2 = d.burn().unwrap();
    assert_eq!(d.burned(), [burn, burn2]);
    assert_eq!(d.remaining(), &order[9..]);
    assert_eq!(d.len(), 43);

    // Dealt, burned and remaining cards are the 52, each once.
    let mut all: Vec<Card> = dealt.clone();
    all.extend(&flop);
    all.extend(d.burned());
    all.extend(d.remaining());
    assert!(is_permutation_of_52(&all));

    // Until the deck runs out.
    while !d.is_empty() {
        d.deal().unwrap();
    }
    assert_eq!(d.len(), 0);
    assert_eq!(d.deal(), Err(DeckError::Empty));
    assert_eq!(d.burn(), Err(DeckError::Empty));
    assert_eq!(d.burned().len(), 2);
}

#[test]
fn dg_6_cut_leaves_three_cards_each_side() {
    // DG-6: "Dabei darf das Kartendeck nicht mit weniger als drei Karten auf einer Seite
    // geschnitten werden"; the part above the cut card goes to the bottom.
    let mut d = Deck::ordered();
    assert_eq!(d.cut(2), Err(CutError::TooShallow { top: 2, bottom: 50 }));
    assert_eq!(d.cut(50), Err(CutError::TooShallow { top: 50, bottom: 2 }));
    assert!(matches!(d.cut(0), Err(CutError::TooShallow { .. })));
    assert!(matches!(d.cut(52), Err(CutError::TooShallow { .. })));
    assert!(matches!(d.cut(60), Err(CutError::TooShallow { .. })));
    assert_eq!(d, Deck::ordered(), "a refused cut changes nothing");

    let all: Vec<Card> = Card::all().collect();
    let mut d = Deck::ordered();
    assert_eq!(d.cut(3), Ok(()));
    assert_eq!(d.remaining()[..49], all[3..]);
    assert_eq!(d.remaining()[49..], all[..3]);

    let mut d = Deck::ordered();
    assert_eq!(d.cut(49), Ok(()));
    assert_eq!(d.remaining()[..3], all[49..]);
    assert_eq!(d.remaining()[3..], all[..49]);
    assert_eq!(d.len(), 52);

    let mut d = Deck::shuffled(Seed::from_u64(5));
    let before = d.remaining().to_vec();
    d.cut(26).unwrap();
    assert_eq!(d.remaining()[..26], before[26..]);
    assert!(is_permutation_of_52(d.remaining()));
    assert!(
        d.cut(20).is_ok(),
        "a cut deck may be cut again before dealing"
    );

    // Only before the first card is dealt or burned.
    let mut d = Deck::shuffled(Seed::from_u64(5));
    d.deal().unwrap();
    assert_eq!(d.cut(20), Err(CutError::AlreadyDealing));
    let mut d = Deck::shuffled(Seed::from_u64(5));
    d.burn().unwrap();
    assert_eq!(d.cut(20), Err(CutError::AlreadyDealing));
    assert!(
        CutError::TooShallow { top: 2, bottom: 50 }
            .to_string()
            .contains("DG-6")
    );
}

#[test]
fn seed_hex_round_trip() {
    let seed = Seed::from_u64(0x0123_4567_89ab_cdef);
    let text = seed.to_string();
    assert_eq!(text.len(), 64);
    assert_eq!(&text[..16], "efcdab8967452301");
    assert!(text[16..].bytes().all(|b| b == b'0'));
    assert_eq!(text.parse::<Seed>(), Ok(seed));
    assert_eq!(format!("{seed:?}"), format!("Seed({text})"));

    let mut bytes = [0u8; 32];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(37) ^ 0xa5;
    }
    let seed = Seed(bytes);
    assert_eq!(seed.to_string().parse::<Seed>(), Ok(seed));
    // Upper case and surrounding blanks are read too.
    assert_eq!(seed.to_string().to_uppercase().parse::<Seed>(), Ok(seed));
    assert_eq!(format!("  {seed}\n").parse::<Seed>(), Ok(seed));
    // Seeds from different numbers differ.
    assert_ne!(Seed::from_u64(1), Seed::from_u64(2));
    assert_eq!(Seed::default(), Seed([0; 32]));
}

#[test]
fn seed_bad_hex_is_an_error() {
    let good = "0".repeat(64);
    assert!(good.parse::<Seed>().is_ok());
    let bad = [
        String::new(),
        "0".repeat(63),
        "0".repeat(65),
        format!("zz{}", "0".repeat(62)),
        format!("{}g", "0".repeat(63)),
        // A sign is no hex digit, though `u8::from_str_radix` would take "+f".
        "+f".repeat(32),
        // 64 bytes but 32 characters.
        "é".repeat(32),
        format!("0x{}", "0".repeat(62)),
        format!("{} {}", "0".repeat(31), "0".repeat(32)),
    ];
    for text in bad {
        let e = text.parse::<Seed>().unwrap_err();
        assert!(e.to_string().contains(text.trim()), "{text:?}: {e}");
        assert!(e.to_string().contains("64 hexadecimal digits"), "{e}");
    }
}

#[test]
fn shuffle_top_deals_every_card_on_top_equally_often_and_replays() {
    use rand_chacha::ChaCha8Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut counts = [0u32; 52];
    for _ in 0..52_000 {
        let mut deck = Deck::ordered();
        deck.shuffle_top(9, &mut rng);
        let top: Vec<Card> = (0..9).map(|_| deck.deal().unwrap()).collect();
        let mut seen = CardSet::default();
        assert!(top.iter().all(|&c| seen.insert(c)), "nine distinct cards");
        counts[top[0].index() as usize] += 1;
    }
    // Each card expected 1000 times on top; 5 standard deviations is about 160.
    assert!(
        counts.iter().all(|&c| (840..=1160).contains(&c)),
        "{counts:?}"
    );
    let deal = |seed| {
        let mut deck = Deck::ordered();
        deck.shuffle_top(9, &mut ChaCha8Rng::seed_from_u64(seed));
        deck.remaining()[..9].to_vec()
    };
    assert_eq!(deal(11), deal(11));
    assert_ne!(deal(11), deal(12));
    // An ordered deck shuffled from the start is the same deck, a dealt one shuffled again too.
    for depth in [0, 9, 46, 51, 52] {
        let mut deck = Deck::ordered();
        deck.shuffle_top(depth, &mut ChaCha8Rng::seed_from_u64(3));
        let fresh = Deck::ordered_shuffled_top(depth, &mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(fresh.remaining(), deck.remaining());
        deck.deal().unwrap();
        deck.shuffle_top(depth, &mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(fresh.remaining(), deck.remaining());
    }
}
