//! Equity against counts made here the plain way: every board dealt one by one from the
//! cards left, each hand valued by the slow reference evaluator (or, for the preflop
//! matchups with their 1.7 million boards, by the table evaluator on the full seven
//! cards), winners paid in `POT_UNITS` exactly as the rules say: ties split evenly, in
//! hi/lo each half split separately, the whole pot to high when nobody has a low.

use cards::{Card, CardSet, Seed, parse_cards};
use eval::equity::{Deal, Equity, EquityError, Game, POT_UNITS};
use eval::low::ace_to_five_of_five;
use eval::omaha::{omaha_high, omaha_low8};
use eval::reference::{best_high, high5};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("test cards are valid")
}

fn hands(texts: &[&str]) -> Vec<Vec<Card>> {
    texts.iter().map(|t| cards(t)).collect()
}

fn deal(game: Game, hand_texts: &[&str], board: &str, dead: &str) -> Deal {
    Deal::new(game, &hands(hand_texts), &cards(board), &cards(dead)).expect("a valid deal")
}

// ---------------------------------------------------------------------------------------
// The brute force.

/// Counts as the equity module reports them, built board by board.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Counts {
    boards: u64,
    wins: Vec<u64>,
    ties: Vec<u64>,
    units: Vec<u64>,
}

impl Counts {
    fn new(players: usize) -> Counts {
        Counts {
            boards: 0,
            wins: vec![0; players],
            ties: vec![0; players],
            units: vec![0; players],
        }
    }

    /// One board: `high[p]` the value of hand p (larger wins), `low[p]` its qualifying
    /// low as a height (smaller wins), if any.
    fn settle(&mut self, high: &[u32], low: &[Option<u32>]) {
        self.boards += 1;
        let best_high = high.iter().max().copied();
        let high_winners: Vec<usize> = (0..high.len())
            .filter(|&p| Some(high[p]) == best_high)
            .collect();
        let best_low = low.iter().flatten().min().copied();
        let low_winners: Vec<usize> = (0..low.len())
            .filter(|&p| best_low.is_some() && low[p] == best_low)
            .collect();
        let (high_pot, low_pot) = if low_winners.is_empty() {
            (POT_UNITS, 0)
        } else {
            (POT_UNITS / 2, POT_UNITS / 2)
        };
        for p in 0..high.len() {
            let mut units = 0;
            if high_winners.contains(&p) {
                units += high_pot / high_winners.len() as u64;
            }
            if low_winners.contains(&p) {
                units += low_pot / low_winners.len() as u64;
            }
            self.units[p] += units;
            if units == POT_UNITS {
                self.wins[p] += 1;
            } else if units > 0 {
                self.ties[p] += 1;
            }
        }
    }

    fn assert_matches(&self, equity: &Equity) {
        assert_eq!(equity.boards, self.boards, "boards");
        for (p, result) in equity.players.iter().enumerate() {
            assert_eq!(result.wins, self.wins[p], "wins of hand {p}");
            assert_eq!(result.ties, self.ties[p], "ties of hand {p}");
            assert_eq!(result.pot_units, self.units[p], "pot units of hand {p}");
        }
    }
}

/// Calls `f` with every `k` of `deck`, one by one.
fn for_each_board(deck: &[Card], k: usize, f: &mut impl FnMut(&[Card])) {
    fn rec(
        deck: &[Card],
        k: usize,
        start: usize,
        chosen: &mut Vec<Card>,
        f: &mut impl FnMut(&[Card]),
    ) {
        if chosen.len() == k {
            f(chosen);
            return;
        }
        for i in start..deck.len() {
            chosen.push(deck[i]);
            rec(deck, k, i + 1, chosen, f);
            chosen.pop();
        }
    }
    rec(deck, k, 0, &mut Vec::with_capacity(k), f);
}

/// The cards no hand, board card or dead card uses.
fn rest_of_deck(hands: &[Vec<Card>], board: &[Card], dead: &[Card]) -> Vec<Card> {
    let used: CardSet = hands
        .iter()
        .flatten()
        .chain(board)
        .chain(dead)
        .copied()
        .collect();
    Card::all().filter(|c| !used.contains(*c)).collect()
}

/// Every `k` of `cards`, as vectors.
fn choose(cards: &[Card], k: usize) -> Vec<Vec<Card>> {
    let mut out = Vec::new();
    for_each_board(cards, k, &mut |c| out.push(c.to_vec()));
    out
}

/// Omaha high by the rules: two of the hole, three of the board, each five by `high5`.
fn omaha_high_ref(hole: &[Card], board: &[Card]) -> u32 {
    let mut best = 0;
    for two in choose(hole, 2) {
        for three in choose(board, 3) {
            best = best.max(high5([two[0], two[1], three[0], three[1], three[2]]));
        }
    }
    best
}

/// Omaha 8-or-better by the rules: the lowest (ace-to-five) five of two plus three that
/// has five different ranks, eight or lower, as a height (smaller is better).
fn omaha_low_ref(hole: &[Card], board: &[Card]) -> Option<u32> {
    let mut best = None;
    for two in choose(hole, 2) {
        for three in choose(board, 3) {
            let five = [two[0], two[1], three[0], three[1], three[2]];
            let Some(ranks) = ace_to_five_of_five(five).unpaired_ranks() else {
                continue;
            };
            if ranks[0] > 8 {
                continue;
            }
            // Highest card first, so comparing as a number compares the lows.
            let height = ranks.iter().fold(0u32, |h, &r| h * 16 + u32::from(r));
            best = Some(best.map_or(height, |b: u32| b.min(height)));
        }
    }
    best
}

/// Every board, valued with the slow reference evaluators.
fn brute_force(game: Game, hands: &[Vec<Card>], board: &[Card], dead: &[Card]) -> Counts {
    let deck = rest_of_deck(hands, board, dead);
    let mut counts = Counts::new(hands.len());
    for_each_board(&deck, 5 - board.len(), &mut |extra| {
        let full: Vec<Card> = board.iter().chain(extra).copied().collect();
        let high: Vec<u32> = hands
            .iter()
            .map(|hole| match game {
                Game::Holdem => best_high(&[hole.as_slice(), &full].concat()),
                Game::Omaha | Game::OmahaHiLo => omaha_high_ref(hole, &full),
            })
            .collect();
        let low: Vec<Option<u32>> = hands
            .iter()
            .map(|hole| match game {
                Game::OmahaHiLo => omaha_low_ref(hole, &full),
                Game::Holdem | Game::Omaha => None,
            })
            .collect();
        counts.settle(&high, &low);
    });
    counts
}

/// Every Hold'em board with nested loops over the deck and the table evaluator on each
/// hand's seven cards: fast enough for all 1.7 million preflop boards, and shares nothing
/// with the equity module's walk.
fn brute_force_holdem_fast(hands: &[Vec<Card>], board: &[Card]) -> Counts {
    let deck = rest_of_deck(hands, board, &[]);
    let holes: Vec<CardSet> = hands.iter().map(|h| h.iter().copied().collect()).collect();
    let known: CardSet = board.iter().copied().collect();
    let mut counts = Counts::new(hands.len());
    let mut high = vec![0u32; hands.len()];
    for_each_board(&deck, 5 - board.len(), &mut |extra| {
        let full = extra.iter().fold(known, |set, c| set.with(*c));
        for (value, hole) in high.iter_mut().zip(&holes) {
            *value = u32::from(eval::high::evaluate(full | *hole).get());
        }
        counts.settle(&high, &vec![None; hands.len()]);
    });
    counts
}

/// Every Omaha board with nested loops, valued by the crate's Omaha evaluators
/// (`omaha_high`, `omaha_low8`), which share nothing with the equity module's showdowns.
fn brute_force_omaha_fast(hands: &[Vec<Card>], board: &[Card], hilo: bool) -> Counts {
    let deck = rest_of_deck(hands, board, &[]);
    let mut counts = Counts::new(hands.len());
    let mut full = board.to_vec();
    for_each_board(&deck, 5 - board.len(), &mut |extra| {
        full.truncate(board.len());
        full.extend_from_slice(extra);
        let high: Vec<u32> = hands
            .iter()
            .map(|h| omaha_high(h, &full).map_or(0, |v| u32::from(v.get())))
            .collect();
        // `LowValue` orders better lows higher; the counts want smaller-is-better.
        let low: Vec<Option<u32>> = hands
            .iter()
            .map(|h| {
                hilo.then(|| omaha_low8(h, &full))
                    .flatten()
                    .map(|v| u32::MAX - v.get())
            })
            .collect();
        counts.settle(&high, &low);
    });
    counts
}

fn check_against_brute_force(game: Game, hand_texts: &[&str], board: &str, dead: &str) {
    let d = deal(game, hand_texts, board, dead);
    let counts = brute_force(game, &hands(hand_texts), &cards(board), &cards(dead));
    for threads in [1, 2, 3] {
        counts.assert_matches(&d.exact(threads));
    }
    assert_eq!(d.boards(), counts.boards);
}

// ---------------------------------------------------------------------------------------
// Exact counts against the brute force.

#[test]
fn holdem_river_is_one_board() {
    check_against_brute_force(Game::Holdem, &["AsAh", "KsKd"], "2c7h9dJsQs", "");
    check_against_brute_force(Game::Holdem, &["AsKh", "AdKs"], "2c7h9dJc3s", "");
}

#[test]
fn holdem_turn_with_dead_cards_matches_brute_force() {
    check_against_brute_force(Game::Holdem, &["AhKh", "QsQd", "7h8h"], "2h9hTs4c", "Qh3h");
    check_against_brute_force(Game::Holdem, &["AsAh", "KsKd"], "2c7h9dJs", "");
}

#[test]
fn partial_boards_of_one_and_two_cards_match_brute_force() {
    // The issue's own example: `croupier equity AsAh KsKd --board 2c7h`.
    check_against_brute_force(Game::Holdem, &["AsAh", "KsKd"], "2c7h", "");
    let dead = "2s3s4s5s6s7s8s9sTsJsQs2d3d4d5d6d7d8d9dTdJdQd3h4h5h6h";
    check_against_brute_force(Game::Holdem, &["AhKh", "AcQc"], "9h", dead);
    check_against_brute_force(
        Game::Omaha,
        &["AhKhQcJc", "9c9dTcTd"],
        "2cKc",
        "3c4c5c6c7c8c",
    );
}

#[test]
fn holdem_flop_matches_brute_force() {
    check_against_brute_force(Game::Holdem, &["AsKs", "QhQd", "7c8c"], "2s7h9s", "");
    check_against_brute_force(Game::Holdem, &["AcQc", "JdTd"], "Kc9c8d", "2c");
    // Split-heavy: both hands play the board's straight most of the time.
    check_against_brute_force(Game::Holdem, &["2c3d", "2h3s", "4c4d"], "9hTsJcQd", "");
}

#[test]
fn omaha_flop_and_turn_match_brute_force() {
    check_against_brute_force(Game::Omaha, &["AsKsQhJh", "7c8c9d9h"], "2s5sTc", "");
    check_against_brute_force(
        Game::Omaha,
        &["AsKsQhJhTd", "7c8c9d9h2h", "AcAdKh3s4s"],
        "5s6sQs8h",
        "",
    );
    check_against_brute_force(
        Game::Omaha,
        &["AsKsQhJhTd9c", "7c8c9d9h2h3h"],
        "4h5h6c",
        "KcKd",
    );
    // Rainbow hands: nobody can make a flush, every runout goes by rank alone.
    check_against_brute_force(Game::Omaha, &["AsKhQdJc", "7s8h9dTc"], "2s3h4d", "");
}

#[test]
fn omaha_hilo_matches_brute_force() {
    check_against_brute_force(
        Game::OmahaHiLo,
        &["As2sKhQh", "3c4dKcKd", "AhAd7s8s"],
        "5c6hTs",
        "",
    );
    check_against_brute_force(Game::OmahaHiLo, &["As2s3hQh4d", "3c4cKcKd8h"], "5c6h7s", "");
    // A board with only two low cards after the turn: some runouts give no low at all.
    check_against_brute_force(Game::OmahaHiLo, &["As2s3hQh", "Ac3dKcKd"], "5cJhTsQd", "");
    check_against_brute_force(
        Game::OmahaHiLo,
        &["As2s3hQh4d5c", "Ac3dKcKd2h9h"],
        "6s7h8dJc",
        "",
    );
    check_against_brute_force(
        Game::OmahaHiLo,
        &["As2hQdJc", "3s8h9dAc", "4s5hKdKc"],
        "2s3h7d",
        "",
    );
}

#[test]
fn holdem_preflop_matchups_match_nested_loops() {
    for matchup in [
        &["AsAh", "KsKd"][..],
        &["AsKs", "7c7d"],
        &["8h9h", "AcKd"],
        &["AhKh", "QhJh", "2c2d"],
    ] {
        let counts = brute_force_holdem_fast(&hands(matchup), &[]);
        counts.assert_matches(&deal(Game::Holdem, matchup, "", "").exact(2));
    }
}

#[test]
fn omaha_preflop_matches_nested_loops() {
    // No hand holds two of a suit: no flush is possible and every board goes by rank.
    let rainbow = ["AsKhQdJc", "7s8h9dTc"];
    let counts = brute_force_omaha_fast(&hands(&rainbow), &[], false);
    counts.assert_matches(&deal(Game::Omaha, &rainbow, "", "").exact(2));
    let hilo = ["As2sKhQh", "3c4dKcKd"];
    let counts = brute_force_omaha_fast(&hands(&hilo), &[], true);
    counts.assert_matches(&deal(Game::OmahaHiLo, &hilo, "", "").exact(2));
}

#[test]
fn aces_against_kings_is_about_82_percent() {
    let d = deal(Game::Holdem, &["AsAh", "KsKd"], "", "");
    let equity = d.exact(2);
    assert_eq!(equity.boards, 1_712_304);
    brute_force_holdem_fast(d.hands(), &[]).assert_matches(&equity);
    let aces = equity.players[0].equity;
    assert!((aces - 0.819).abs() < 0.001, "AsAh vs KsKd: {aces}");
    assert!((equity.players[1].equity - 0.181).abs() < 0.001);
}

#[test]
fn ten_handed_holdem_matches_nested_loops() {
    let matchup = [
        "AsAh", "KsKd", "QsQh", "JcJd", "Tc9c", "8d7d", "6h5h", "4s3s", "2c2d", "AcKc",
    ];
    let counts = brute_force_holdem_fast(&hands(&matchup), &[]);
    counts.assert_matches(&deal(Game::Holdem, &matchup, "", "").exact(2));
}

#[test]
fn exact_counts_do_not_depend_on_threads() {
    let d = deal(Game::Holdem, &["AhKh", "QhJh", "2c2d"], "", "");
    let one = d.exact(1);
    for threads in [2, 3, 5, 16] {
        assert_eq!(d.exact(threads), one, "{threads} threads");
    }
    let d = deal(
        Game::OmahaHiLo,
        &["As2s3hQh", "Ac3dKcKd", "4h5hJsJd"],
        "7c8dTh",
        "",
    );
    let one = d.exact(1);
    assert_eq!(d.exact(2), one);
    assert_eq!(d.exact(7), one);
}

// ---------------------------------------------------------------------------------------
// Sums, Monte Carlo, errors.

#[test]
fn equities_sum_to_one() {
    let deals = [
        deal(Game::Holdem, &["AsAh", "KsKd", "7c2d"], "", ""),
        deal(Game::Holdem, &["AsKh", "AdKs"], "QcJd2h", ""),
        deal(Game::Omaha, &["AsKsQhJh", "7c8c9d9h"], "2s5sTc", ""),
        deal(
            Game::OmahaHiLo,
            &["As2sKhQh", "3c4dKcKd", "AhAd7s8s"],
            "5c6hTs",
            "",
        ),
    ];
    for d in &deals {
        for equity in [
            d.exact(2),
            d.monte_carlo(5_000, Seed::from_u64(1), 2).expect("samples"),
        ] {
            let units: u64 = equity.players.iter().map(|p| p.pot_units).sum();
            assert_eq!(units, equity.boards * POT_UNITS);
            let total: f64 = equity.players.iter().map(|p| p.equity).sum();
            assert!((total - 1.0).abs() < 1e-9, "{total}");
        }
    }
}

#[test]
fn monte_carlo_lands_near_exact() {
    let cases = [
        deal(Game::Holdem, &["AsAh", "KsKd"], "", ""),
        deal(Game::Holdem, &["AhKh", "QhJh", "2c2d"], "", ""),
        deal(Game::Omaha, &["AsKsQhJh", "7c8c9d9h"], "2s5sTc", ""),
        deal(
            Game::OmahaHiLo,
            &["As2sKhQh", "3c4dKcKd", "AhAd7s8s"],
            "5c6hTs",
            "",
        ),
    ];
    for d in &cases {
        let exact = d.exact(2);
        let sampled = d
            .monte_carlo(200_000, Seed::from_u64(7), 2)
            .expect("samples");
        assert_eq!(sampled.boards, 200_000);
        for (e, s) in exact.players.iter().zip(&sampled.players) {
            // Four standard deviations of a share at 200,000 samples is under 0.005.
            assert!(
                (e.equity - s.equity).abs() < 0.005,
                "exact {e:?} sampled {s:?}"
            );
            let (ew, sw) = (
                e.wins as f64 / exact.boards as f64,
                s.wins as f64 / 200_000.0,
            );
            assert!((ew - sw).abs() < 0.005, "wins {ew} vs {sw}");
        }
    }
}

#[test]
fn monte_carlo_repeats_with_the_same_seed() {
    let d = deal(Game::Holdem, &["AsKs", "7c7d"], "", "");
    let a = d
        .monte_carlo(20_000, Seed::from_u64(42), 2)
        .expect("samples");
    let b = d
        .monte_carlo(20_000, Seed::from_u64(42), 2)
        .expect("samples");
    let c = d
        .monte_carlo(20_000, Seed::from_u64(43), 2)
        .expect("samples");
    assert_eq!(a, b);
    assert_ne!(a, c);
    let odd = d
        .monte_carlo(20_001, Seed::from_u64(42), 3)
        .expect("samples");
    assert_eq!(odd.boards, 20_001);
}

#[test]
fn a_complete_board_samples_the_same_board() {
    let d = deal(Game::Holdem, &["AsAh", "KsKd"], "2c7h9dJsKh", "");
    let sampled = d.monte_carlo(10, Seed::from_u64(1), 2).expect("samples");
    assert_eq!(sampled.players[1].wins, 10);
    assert_eq!(d.exact(4).players[1].wins, 1);
}

fn error(game: Game, hand_texts: &[&str], board: &str, dead: &str) -> EquityError {
    match Deal::new(game, &hands(hand_texts), &cards(board), &cards(dead)) {
        Ok(d) => panic!("expected an error, got {d:?}"),
        Err(e) => e,
    }
}

#[test]
fn bad_questions_are_refused() {
    let card = |t: &str| cards(t)[0];
    assert_eq!(
        error(Game::Holdem, &["AsAh"], "", ""),
        EquityError::TooFewPlayers(1)
    );
    let eleven = [
        "2c2d", "3c3d", "4c4d", "5c5d", "6c6d", "7c7d", "8c8d", "9c9d", "TcTd", "JcJd", "QcQd",
    ];
    assert_eq!(
        error(Game::Holdem, &eleven, "", ""),
        EquityError::TooManyPlayers(11)
    );
    assert_eq!(
        error(Game::Holdem, &["AsAh", "KsKd"], "2c3c4c5c6c7c", ""),
        EquityError::BoardSize(6)
    );
    assert_eq!(
        error(Game::Holdem, &["AsAh", "KsAh"], "", ""),
        EquityError::DuplicateCard(card("Ah"))
    );
    assert_eq!(
        error(Game::Holdem, &["AsAh", "KsKd"], "Ks7c8c", ""),
        EquityError::DuplicateCard(card("Ks"))
    );
    assert_eq!(
        error(Game::Holdem, &["AsAh", "KsKd"], "2c7c8c", "8c"),
        EquityError::DuplicateCard(card("8c"))
    );
    assert!(matches!(
        error(Game::Holdem, &["AsAhKh", "KsKd"], "", ""),
        EquityError::HoleCards {
            player: 1,
            found: 3,
            ..
        }
    ));
    assert!(matches!(
        error(Game::Omaha, &["AsAhKhKc", "KsKd"], "", ""),
        EquityError::HoleCards {
            player: 2,
            found: 2,
            ..
        }
    ));
    assert_eq!(
        error(Game::OmahaHiLo, &["AsAhKhKc", "2s2d3c3d4h"], "", ""),
        EquityError::MixedHoleCards {
            player: 2,
            found: 5,
            first: 4
        }
    );
    let omaha_five = [
        "AsAhKhKcQc",
        "2s2d3c3d4h",
        "5s5d6c6d7h",
        "8s8d9c9dTh",
        "JsJdQsQdTc",
    ];
    let left = rest_of_deck(&hands(&omaha_five), &[], &[]);
    let dead: Vec<Card> = left[..left.len() - 4].to_vec();
    assert_eq!(
        Deal::new(Game::Omaha, &hands(&omaha_five), &[], &dead),
        Err(EquityError::NotEnoughCards { needed: 5, left: 4 })
    );
    let d = deal(Game::Holdem, &["AsAh", "KsKd"], "", "");
    assert_eq!(
        d.monte_carlo(0, Seed::from_u64(1), 1),
        Err(EquityError::Samples(0))
    );
    // Every message names the problem.
    assert!(
        EquityError::DuplicateCard(card("Ah"))
            .to_string()
            .contains("Ah")
    );
}
