//! Chip races (TDA-24, HC-3.7, WWPLA-13, JPR-11): expected stacks are worked out by hand.

use cards::{Card, Deck, Seed, parse_cards};
use engine::PlayerId;
use tournament::chip_race::{ColourUp, RaceEntry, RaceError, odd_chip_count, odd_value, race};
use tournament::profile::ChipRace::{self, CardsFromButton, FromSeatOne};

fn entries(stacks: &[u64]) -> Vec<RaceEntry> {
    stacks
        .iter()
        .enumerate()
        .map(|(i, &stack)| RaceEntry {
            player: PlayerId(i as u32 + 1),
            stack,
        })
        .collect()
}

fn deck(text: &str) -> Deck {
    Deck::from_cards(parse_cards(text).unwrap())
}

fn p(n: u32) -> PlayerId {
    PlayerId(n)
}

const QUARTERS: ColourUp = ColourUp {
    removed: &[25],
    remaining: &[100, 500],
};

#[test]
fn helpers_count_odd_value_and_fewest_odd_chips() {
    assert_eq!(odd_value(1075, &QUARTERS), 75);
    assert_eq!(odd_value(1500, &QUARTERS), 0);
    assert_eq!(odd_chip_count(75, &[25]), 3);
    // 80 = 25 + 25 + 25 + 5, whatever order the removed chips are listed in.
    assert_eq!(odd_chip_count(80, &[5, 25]), 4);
    assert_eq!(odd_chip_count(80, &[25, 5]), 4);
    assert_eq!(odd_chip_count(0, &[25]), 0);
}

#[test]
fn tda_24a_one_chip_at_most_and_nobody_raced_out() {
    // Odd values 75 (3 chips), 50 (2), 25 (1), 0: 150 is 1.5 new chips, 2 to the nearest.
    let table = entries(&[1075, 1050, 25, 1000]);
    // Player 1 holds the two best cards but wins one chip only; player 2's king wins the other.
    let mut d = deck("As Ks 2c Kh 3c 4c 5c");
    let out = race(FromSeatOne, &table, QUARTERS, &mut d).unwrap();
    assert_eq!(out.odd_chips, vec![3, 2, 1, 0]);
    assert_eq!(out.winners, vec![p(1), p(2)]);
    // Player 3 lost their only chip: TDA-24A gives them one of the lowest denomination, 100.
    assert_eq!(out.rescued, vec![p(3)]);
    assert_eq!(out.stacks, vec![1100, 1100, 100, 1000]);
    assert_eq!((out.chips_before, out.chips_after), (3150, 3300));
    assert_eq!(d.remaining(), parse_cards("5c").unwrap().as_slice());
}

#[test]
fn tda_24_rounds_to_the_nearest_and_wwpla_13_rounds_up() {
    // Odd values 30 (25 + 5) and 80 (3 x 25 + 5): 110 is 1.1 chips of 100.
    let colour_up = ColourUp {
        removed: &[5, 25],
        remaining: &[100],
    };
    let table = entries(&[1030, 1080]);
    let tda = race(
        FromSeatOne,
        &table,
        colour_up,
        &mut deck("2c 3c As Kh 4c 5c"),
    )
    .unwrap();
    assert_eq!(tda.odd_chips, vec![2, 4]);
    assert_eq!(tda.winners, vec![p(2)]);
    assert_eq!(tda.stacks, vec![1000, 1100]);
    let wwpla = race(
        CardsFromButton,
        &table,
        colour_up,
        &mut deck("2c 3c As Kh 4c 5c"),
    )
    .unwrap();
    assert_eq!(wwpla.winners, vec![p(2), p(1)]);
    assert_eq!(wwpla.stacks, vec![1100, 1100]);
}

#[test]
fn tda_24_half_a_chip_rounds_up_and_less_is_lost_without_cards() {
    let half = race(
        FromSeatOne,
        &entries(&[1025, 525]),
        QUARTERS,
        &mut Deck::ordered(),
    )
    .unwrap();
    assert_eq!(half.winners.len(), 1);
    let mut d = Deck::ordered();
    let less = race(FromSeatOne, &entries(&[1025, 500]), QUARTERS, &mut d).unwrap();
    assert!(less.winners.is_empty());
    assert_eq!(less.stacks, vec![1000, 500]);
    assert!(less.cards.iter().all(Vec::is_empty));
    assert_eq!(d.len(), 52, "nothing to win, nothing dealt");
    // WWPLA-13 rounds the same 25 up to a whole chip.
    let up = race(CardsFromButton, &entries(&[1025, 500]), QUARTERS, &mut d).unwrap();
    assert_eq!(up.stacks, vec![1100, 500]);
}

#[test]
fn hc_3_7_suit_breaks_a_tie_of_rank_hc_3_5_and_the_loser_with_only_odd_chips_gets_one() {
    // Two odd chips of 25 race for one chip of 100 (rounded up). Hearts dealt first, spades win.
    let table = entries(&[25, 25]);
    let out = race(CardsFromButton, &table, QUARTERS, &mut deck("Kh Ks")).unwrap();
    assert_eq!(out.winners, vec![p(2)]);
    assert_eq!(out.rescued, vec![p(1)]);
    assert_eq!(out.stacks, vec![100, 100]);
}

#[test]
fn hc_3_7_a_player_with_chips_left_who_loses_is_not_given_one() {
    let out = race(
        CardsFromButton,
        &entries(&[25, 125]),
        QUARTERS,
        &mut deck("As 2c"),
    )
    .unwrap();
    assert_eq!(out.winners, vec![p(1)]);
    assert!(out.rescued.is_empty());
    assert_eq!(out.stacks, vec![100, 100]);
}

#[test]
fn wwpla_13_each_player_gets_all_their_cards_before_the_next_from_the_given_order() {
    // The caller orders from the button's left: here player 3 first.
    let table = vec![
        RaceEntry {
            player: p(3),
            stack: 1050,
        },
        RaceEntry {
            player: p(1),
            stack: 2000,
        },
        RaceEntry {
            player: p(2),
            stack: 575,
        },
    ];
    let cards = parse_cards("2c 3c 4c 5c 6c 7c").unwrap();
    let out = race(
        CardsFromButton,
        &table,
        QUARTERS,
        &mut Deck::from_cards(cards.clone()),
    )
    .unwrap();
    let want: Vec<Vec<Card>> = vec![cards[0..2].to_vec(), vec![], cards[2..5].to_vec()];
    assert_eq!(out.cards, want);
    // 125 rounds up to 2 chips: player 2 (6c) then player 3 (3c); player 1 had no odd chips.
    assert_eq!(out.winners, vec![p(2), p(3)]);
    assert_eq!(out.stacks, vec![1100, 2000, 600]);
}

#[test]
fn tda_24c_removed_chips_larger_than_the_new_chip_go_at_equal_value() {
    let colour_up = ColourUp {
        removed: &[25, 500],
        remaining: &[100, 1000],
    };
    assert_eq!(odd_value(1525, &colour_up), 25);
    let out = race(
        FromSeatOne,
        &entries(&[1525, 1500]),
        colour_up,
        &mut deck("Ah"),
    )
    .unwrap();
    assert_eq!(out.odd_chips, vec![1, 0]);
    assert_eq!(out.stacks, vec![1500, 1500]);
}

#[test]
fn colour_ups_that_do_not_add_up_are_refused() {
    let table = entries(&[1000]);
    let try_race = |removed: &[u64], remaining: &[u64]| {
        race(
            FromSeatOne,
            &table,
            ColourUp { removed, remaining },
            &mut Deck::ordered(),
        )
    };
    assert_eq!(try_race(&[25], &[]), Err(RaceError::NothingRemains));
    assert_eq!(try_race(&[0], &[100]), Err(RaceError::ZeroDenomination));
    assert_eq!(
        try_race(&[25], &[100, 250]),
        Err(RaceError::RemainingNotMultiple {
            denomination: 250,
            smallest: 100
        })
    );
    assert_eq!(
        try_race(&[100], &[100]),
        Err(RaceError::RemovedAndRemaining(100))
    );
    assert_eq!(
        try_race(&[30], &[100]),
        Err(RaceError::RemovedDoesNotDivide {
            denomination: 30,
            next: 100
        })
    );
    assert_eq!(
        try_race(&[10, 25], &[50]),
        Err(RaceError::RemovedDoesNotDivide {
            denomination: 10,
            next: 25
        })
    );
    assert_eq!(
        try_race(&[150], &[100]),
        Err(RaceError::RemovedNotExchangeable {
            denomination: 150,
            smallest: 100
        })
    );
    let err = try_race(&[150], &[100]).unwrap_err().to_string();
    assert!(err.contains("TDA-24C"), "{err}");
}

#[test]
fn bad_tables_are_refused() {
    let mut d = Deck::ordered();
    assert_eq!(
        race(FromSeatOne, &entries(&[1010]), QUARTERS, &mut d),
        Err(RaceError::StackNotInChips {
            player: p(1),
            stack: 1010,
            odd: 10
        })
    );
    assert_eq!(
        race(FromSeatOne, &entries(&[100, 0]), QUARTERS, &mut d),
        Err(RaceError::NoChips(p(2)))
    );
    let twice = [RaceEntry {
        player: p(1),
        stack: 125,
    }; 2];
    assert_eq!(
        race(FromSeatOne, &twice, QUARTERS, &mut d),
        Err(RaceError::DuplicatePlayer(p(1)))
    );
}

#[test]
fn a_short_deck_is_an_error_and_deals_nothing() {
    let mut d = deck("As Ks");
    let out = race(CardsFromButton, &entries(&[75, 50]), QUARTERS, &mut d);
    assert_eq!(out, Err(RaceError::DeckTooShort { needed: 5, left: 2 }));
    assert_eq!(d.len(), 2);
}

/// SplitMix64: a test-local generator for random tables.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn random_tables_keep_the_race_rules() {
    let colour_ups: [(&[u64], &[u64]); 6] = [
        (&[1], &[5, 25, 100]),
        (&[5], &[25, 100]),
        (&[25], &[100, 500]),
        (&[5, 25], &[100]),
        (&[25, 500], &[100, 1000]),
        (&[100], &[500, 1000]),
    ];
    let (mut raced, mut rescues, mut ties_to_nearest) = (0, 0, 0);
    for seed in 0..3000u64 {
        let mut g = Gen(seed);
        let (removed, remaining) = colour_ups[g.below(6) as usize];
        let colour_up = ColourUp { removed, remaining };
        let unit = *removed.iter().chain(remaining).min().unwrap();
        let m = remaining[0];
        let players = 2 + g.below(9) as usize;
        let stacks: Vec<u64> = (0..players)
            .map(|_| {
                // Some small stacks, so that players hold only odd chips.
                let most = if g.below(4) == 0 { 8 } else { 400 };
                unit * (1 + g.below(most))
            })
            .collect();
        let method: ChipRace = if g.below(2) == 0 {
            FromSeatOne
        } else {
            CardsFromButton
        };
        let table = entries(&stacks);
        let mut d = Deck::shuffled(Seed::from_u64(seed));
        let top: Vec<Card> = d.remaining().to_vec();
        let out = match race(method, &table, colour_up, &mut d) {
            Err(RaceError::DeckTooShort { needed, left }) => {
                assert!(needed > 52 && left == 52 && d.len() == 52, "seed {seed}");
                continue;
            }
            other => other.unwrap(),
        };
        raced += 1;
        rescues += out.rescued.len();

        let odd: Vec<u64> = stacks.iter().map(|s| s % m).collect();
        let total: u64 = odd.iter().sum();
        let k = match method {
            FromSeatOne => (2 * total + m) / (2 * m),
            CardsFromButton => total.div_ceil(m),
        };
        ties_to_nearest += usize::from(method == FromSeatOne && 2 * (total % m) == m);
        let ctx = format!("seed {seed}: {stacks:?} {removed:?}->{remaining:?} {method:?} {out:?}");
        assert_eq!(out.winners.len() as u64, k, "{ctx}");
        assert_eq!(out.chips_before, stacks.iter().sum::<u64>(), "{ctx}");
        assert_eq!(out.chips_after, out.stacks.iter().sum::<u64>(), "{ctx}");
        let change = out.chips_after as i128 - out.chips_before as i128;
        let expected = ((k + out.rescued.len() as u64) * m) as i128 - total as i128;
        assert_eq!(change, expected, "{ctx}");

        // The cards are the deck's top, in the entries' order, one per odd chip.
        let dealt: Vec<Card> = out.cards.concat();
        assert_eq!(dealt.as_slice(), &top[..dealt.len()], "{ctx}");
        let best = |i: usize| out.cards[i].iter().max().copied();
        for i in 0..players {
            let id = table[i].player;
            let won = out.winners.contains(&id);
            let chips = out.cards[i].len() as u32;
            assert_eq!(chips, if k > 0 { out.odd_chips[i] } else { 0 }, "{ctx}");
            assert_eq!(out.odd_chips[i] > 0, odd[i] > 0, "{ctx}");
            assert!(out.stacks[i] > 0 && out.stacks[i] % m == 0, "{ctx}");
            assert!(
                out.winners.iter().filter(|&&w| w == id).count() <= 1,
                "{ctx}"
            );
            let kept = stacks[i] - odd[i];
            let want = if won { kept + m } else { kept.max(m) };
            assert_eq!(out.stacks[i], want, "{ctx}");
            assert_eq!(out.rescued.contains(&id), !won && kept == 0, "{ctx}");
            // Every winner's best card beats every other racer's.
            if won {
                assert!(odd[i] > 0, "{ctx}");
                for j in (0..players).filter(|&j| !out.cards[j].is_empty()) {
                    if !out.winners.contains(&table[j].player) {
                        assert!(best(i) > best(j), "{ctx}");
                    }
                }
            }
        }
        // Winners in the order of their best cards, highest first.
        let winner_best: Vec<Card> = out
            .winners
            .iter()
            .map(|w| best(table.iter().position(|e| e.player == *w).unwrap()).unwrap())
            .collect();
        assert!(winner_best.windows(2).all(|w| w[0] > w[1]), "{ctx}");
    }
    assert!(raced > 2500, "only {raced} races ran");
    assert!(
        rescues > 0 && ties_to_nearest > 0,
        "{rescues} rescues, {ties_to_nearest} halves"
    );
}
