//! Places of players out in the same hand (HC-1.3, WWPLA-12).

use cards::{Card, Deck, Seed, parse_cards};
use engine::PlayerId;
use tournament::places::{Busted, PlacesError, places_for, rank_same_hand, rank_same_hand_with};
use tournament::profile::SameHandTies::{CardDraw, NearestBlind};

fn busted(player: u32, start_stack: u64, hands_to_big_blind: u8) -> Busted {
    Busted {
        player: PlayerId(player),
        start_stack,
        hands_to_big_blind,
    }
}

fn ids(players: &[u32]) -> Vec<PlayerId> {
    players.iter().map(|&n| PlayerId(n)).collect()
}

fn deck(text: &str) -> Deck {
    Deck::from_cards(parse_cards(text).unwrap())
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

#[test]
fn hc_1_3_and_wwpla_12_the_larger_start_stack_places_higher() {
    let out = [busted(1, 500, 0), busted(2, 2000, 1), busted(3, 1000, 2)];
    for ties in [CardDraw, NearestBlind] {
        let mut d = Deck::ordered();
        let ranking = rank_same_hand(ties, &out, &mut d).unwrap();
        assert_eq!(ranking.order, ids(&[2, 3, 1]));
        assert!(ranking.draws.is_empty());
        assert_eq!(d.len(), 52);
    }
}

#[test]
fn hc_1_3_equal_stacks_draw_a_card_and_suits_break_a_tie_of_rank_hc_3_5() {
    let out = [busted(1, 1000, 0), busted(2, 1000, 1)];
    let ranking = rank_same_hand(CardDraw, &out, &mut deck("Kh Ks")).unwrap();
    assert_eq!(ranking.order, ids(&[2, 1]));
    assert_eq!(
        ranking.draws,
        vec![(PlayerId(1), card("Kh")), (PlayerId(2), card("Ks"))]
    );
}

#[test]
fn hc_1_3_only_the_tied_players_draw() {
    let out = [
        busted(1, 1000, 0),
        busted(2, 3000, 1),
        busted(3, 500, 2),
        busted(4, 1000, 3),
    ];
    let mut d = deck("2c Ac 9d");
    let ranking = rank_same_hand(CardDraw, &out, &mut d).unwrap();
    assert_eq!(ranking.order, ids(&[2, 4, 1, 3]));
    assert_eq!(
        ranking.draws,
        vec![(PlayerId(1), card("2c")), (PlayerId(4), card("Ac"))]
    );
    assert_eq!(d.len(), 1);
}

#[test]
fn hc_1_3_two_tied_groups_draw_separately() {
    let out = [
        busted(1, 500, 0),
        busted(2, 500, 1),
        busted(3, 900, 2),
        busted(4, 900, 3),
    ];
    // The larger stacks draw first: 3 gets 2c, 4 gets 3c; then 1 gets Ad, 2 gets As.
    let ranking = rank_same_hand(CardDraw, &out, &mut deck("2c 3c Ad As")).unwrap();
    assert_eq!(ranking.order, ids(&[4, 3, 2, 1]));
    assert_eq!(ranking.draws.len(), 4);
}

#[test]
fn wwpla_12_equal_stacks_the_player_nearer_the_blind_places_higher() {
    let out = [busted(1, 1000, 3), busted(2, 1000, 1), busted(3, 1200, 4)];
    let mut d = Deck::ordered();
    let ranking = rank_same_hand(NearestBlind, &out, &mut d).unwrap();
    assert_eq!(ranking.order, ids(&[3, 2, 1]));
    assert!(ranking.draws.is_empty());
    assert_eq!(d.len(), 52);
}

#[test]
fn wwpla_12_as_near_the_blind_as_each_other_falls_back_to_a_draw() {
    let out = [busted(1, 1000, 2), busted(2, 1000, 2)];
    let ranking = rank_same_hand(NearestBlind, &out, &mut deck("Qs 3d")).unwrap();
    assert_eq!(ranking.order, ids(&[1, 2]));
    assert_eq!(ranking.draws.len(), 2);
}

#[test]
fn a_short_deck_or_a_player_out_twice_is_refused() {
    let out = [busted(1, 1000, 0), busted(2, 1000, 1), busted(3, 1000, 2)];
    let mut d = deck("As Ks");
    assert_eq!(
        rank_same_hand(CardDraw, &out, &mut d),
        Err(PlacesError::DeckTooShort { needed: 3, left: 2 })
    );
    assert_eq!(d.len(), 2, "a refused draw deals nothing");
    let twice = [busted(1, 1000, 0), busted(1, 500, 1)];
    assert_eq!(
        rank_same_hand(CardDraw, &twice, &mut Deck::ordered()),
        Err(PlacesError::DuplicatePlayer(PlayerId(1)))
    );
}

#[test]
fn hc_1_3_places_of_players_out_together_best_first() {
    // Ten players in, three out: they finish 8th, 9th and 10th, the best-ranked 8th.
    assert_eq!(places_for(10, 3), vec![8, 9, 10]);
    // HC-1.3: the last player out is second.
    assert_eq!(places_for(2, 1), vec![2]);
    assert_eq!(places_for(3, 2), vec![2, 3]);
    assert!(places_for(5, 0).is_empty());
}

#[test]
fn more_out_than_in_does_not_panic() {
    assert_eq!(places_for(2, 3), vec![1, 2, 3]);
}

#[test]
fn hc_1_3_random_eliminations_rank_by_stack_then_card() {
    for seed in 0..500u64 {
        let n = 2 + (seed % 7) as u32;
        let out: Vec<Busted> = (0..n)
            .map(|i| {
                let stack = 100 * (1 + (seed * 31 + u64::from(i) * 17) % 4);
                busted(i + 1, stack, i as u8)
            })
            .collect();
        let ranking =
            rank_same_hand(CardDraw, &out, &mut Deck::shuffled(Seed::from_u64(seed))).unwrap();
        let by_id = |p: PlayerId| out.iter().find(|b| b.player == p).unwrap();
        let drawn = |p: PlayerId| ranking.draws.iter().find(|d| d.0 == p).map(|d| d.1);
        let mut sorted = ranking.order.clone();
        sorted.sort_by_key(|p| p.0);
        assert_eq!(sorted, ids(&(1..=n).collect::<Vec<_>>()), "seed {seed}");
        for pair in ranking.order.windows(2) {
            let (a, b) = (by_id(pair[0]), by_id(pair[1]));
            assert!(a.start_stack >= b.start_stack, "seed {seed}");
            if a.start_stack == b.start_stack {
                assert!(drawn(a.player) > drawn(b.player), "seed {seed}");
            }
        }
        for b in &out {
            let tied = out
                .iter()
                .filter(|o| o.start_stack == b.start_stack)
                .count()
                > 1;
            assert_eq!(drawn(b.player).is_some(), tied, "seed {seed}");
        }
    }
}

/// HC-1.3: each tied group is ranked by the cards its players drew at the table when all of
/// them were entered and differ; a group without them (or with a card twice) draws here.
#[test]
fn hc_1_3_entered_cards_rank_their_own_group_only() {
    let out = [
        busted(1, 1000, 0),
        busted(2, 1000, 1),
        busted(3, 500, 2),
        busted(4, 500, 3),
    ];
    let entered = [
        (PlayerId(1), card("2c")),
        (PlayerId(2), card("As")),
        (PlayerId(3), card("Kd")),
    ];
    let mut d = deck("3c 4c");
    let ranking = rank_same_hand_with(CardDraw, &out, &entered, &mut d).unwrap();
    assert_eq!(
        ranking.order,
        ids(&[2, 1, 4, 3]),
        "As over 2c; then 4c over 3c"
    );
    assert_eq!(ranking.entered, ids(&[1, 2]));
    assert_eq!(d.len(), 0, "only the group without cards drew");
    let twice = [(PlayerId(1), card("As")), (PlayerId(2), card("As"))];
    let mut d = deck("Kh Ks");
    let ranking = rank_same_hand_with(CardDraw, &out[..2], &twice, &mut d).unwrap();
    assert!(
        ranking.entered.is_empty(),
        "the same card twice did not fall"
    );
    assert_eq!(ranking.order, ids(&[2, 1]));
}
