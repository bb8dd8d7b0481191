//! Seven card stud, stud hi/lo and razz as the rulebooks deal them: antes, the bring-in, who
//! opens each street, the showdown order and odd chips (TDA-RP-10, TDA-17A, TDA-20).

mod common;

use cards::{Deck, Seed, parse_cards};
use common::{act, actor, chips, legal};
use engine::rule;
use engine::{
    Action, Automations, Chips, Event, Game, Hand, HandError, HandSetup, Hole, Op, Player, Step,
    Street, Variant,
};

/// Fixed-limit stud with the dealer's cards entered: antes, bring-in, small and big bet.
fn stud(game: Game, stacks: &[u64], ante: u64, bring_in: u64, small: u64) -> HandSetup {
    let n = stacks.len();
    let variant = Variant::fixed_limit(game, Chips(small), Chips(2 * small));
    let mut s = HandSetup::new(variant, &chips(stacks), &vec![Chips::ZERO; n], Chips(small));
    s.antes = vec![Chips(ante); n];
    s.bring_in = Chips(bring_in);
    s.automations = Automations::LIVE_DEALER;
    s
}

fn hole(cards: &str) -> Hole {
    Hole::known(&parse_cards(cards).unwrap()).unwrap()
}

fn deal(hand: &mut Hand, player: usize, cards: &str) {
    let op = Op::DealHole {
        player: Player(player as u8),
        cards: hole(cards),
    };
    if let Err(e) = hand.apply(op) {
        panic!("dealing {cards} to p{}: {e}", player + 1);
    }
}

/// A stud hand with third street dealt: each string is two down cards then the up card.
fn third_street(s: HandSetup, holes: &[&str]) -> Hand {
    let mut hand = Hand::new(s).unwrap();
    for (i, cards) in holes.iter().enumerate() {
        deal(&mut hand, i, cards);
    }
    hand
}

/// Deals one card to each live player in order.
fn street(hand: &mut Hand, cards: &[(usize, &str)]) {
    for &(p, card) in cards {
        deal(hand, p, card);
    }
}

fn rule_of(e: HandError) -> &'static str {
    e.rule().map_or("", |r| r.id())
}

#[test]
fn tda_rp_10_three_cards_on_third_street_then_one_a_street_to_seven() {
    let held: Vec<usize> = Street::STUD.iter().map(|s| s.stud_held()).collect();
    assert_eq!(held, [3, 4, 5, 6, 7]);
    assert_eq!(Street::River.stud_held(), 0);
    // The street dealing a hand's next card, partway through third street too.
    let next: Vec<Option<Street>> = (0..=7).map(Street::stud_street_for).collect();
    let (third, seventh) = (Some(Street::Third), Some(Street::Seventh));
    let expected = [third, third, third, Some(Street::Fourth)];
    assert_eq!(next[..4], expected);
    assert_eq!(
        next[4..],
        [Some(Street::Fifth), Some(Street::Sixth), seventh, None]
    );
}

#[test]
fn tda_rp_10_the_lowest_up_card_brings_in_suit_breaking_the_tie() {
    // Up cards 3s, 3c, Kd: the three of clubs is the lowest card by suit.
    let hand = third_street(
        stud(Game::Stud, &[100, 100, 100], 1, 2, 4),
        &["AhAd3s", "KhKc3c", "QsQdKd"],
    );
    assert_eq!(actor(&hand), Player(1));
    let l = legal(&hand);
    assert_eq!(l.bring_in, Some(Chips(2)));
    assert!(!l.fold && !l.check && l.call.is_none(), "{l:?}");
    // Completing is a bet of the small bet.
    let r = l.bet_or_raise.unwrap();
    assert_eq!((r.min_to, r.max_to), (Chips(4), Chips(4)));
}

#[test]
fn tda_rp_10_razz_brings_in_the_highest_up_card_the_ace_low() {
    // Kc, Ks, Ad: the ace is the lowest card in razz; of the kings, spades is higher.
    let hand = third_street(
        stud(Game::Razz, &[100, 100, 100], 1, 2, 4),
        &["2h3hKc", "2d3dKs", "4c5cAd"],
    );
    assert_eq!(actor(&hand), Player(1));
}

#[test]
fn tda_rp_10e_the_low_card_cannot_check_or_fold_its_bring_in() {
    let mut hand = third_street(
        stud(Game::Stud, &[100, 100], 1, 2, 4),
        &["AhAd2c", "KhKcQs"],
    );
    for action in [Action::Check, Action::Call, Action::Fold] {
        let e = hand.apply(Op::Act(Player(0), action)).unwrap_err();
        assert_eq!(rule_of(e), "TDA-RP-10E");
    }
    act(&mut hand, "b");
    assert!(hand.events().contains(&Event::BringInPosted {
        player: Player(0),
        amount: Chips(2),
        all_in: false,
    }));
    // The next player calls the bring-in, completes, or folds.
    let l = legal(&hand);
    assert_eq!((l.call, l.bring_in), (Some(Chips(2)), None));
    assert_eq!(l.bet_or_raise.unwrap().min_to, Chips(4));
}

#[test]
fn tda_47_a_completion_reopens_the_betting_for_the_bring_in() {
    // Bring-in 3, small bet 4: the completion rises by 1, less than half a bet, yet it is the
    // first full bet of the round, so the bring-in may raise (TDA-47B counts full bets).
    let mut hand = third_street(
        stud(Game::Stud, &[100, 100, 100], 1, 3, 4),
        &["AhAd2c", "KhKcQs", "9h9cTs"],
    );
    act(&mut hand, "b");
    act(&mut hand, "4");
    act(&mut hand, "c");
    assert_eq!(actor(&hand), Player(0));
    let r = legal(&hand).bet_or_raise.expect("the bring-in may raise");
    assert_eq!(r.min_to, Chips(8));
}

#[test]
fn everyone_calling_the_bring_in_ends_third_street_without_an_option() {
    let mut hand = third_street(
        stud(Game::Stud, &[100, 100, 100], 1, 2, 4),
        &["AhAd2c", "KhKcQs", "9h9cTs"],
    );
    act(&mut hand, "b");
    act(&mut hand, "c");
    act(&mut hand, "c");
    assert_eq!(hand.street(), Street::Fourth);
    assert!(matches!(hand.step(), Step::DealHole(Player(0))));
}

#[test]
fn tda_rp_10e_a_low_card_all_in_with_the_ante_passes_the_bring_in_left() {
    // p1 has only the ante: the next player must bring in, complete or fold.
    let mut hand = third_street(
        stud(Game::Stud, &[1, 100, 100], 1, 2, 4),
        &["AhAd2c", "KhKcQs", "9h9cTs"],
    );
    assert_eq!(actor(&hand), Player(1));
    let l = legal(&hand);
    assert!(l.fold && l.bring_in == Some(Chips(2)) && !l.check, "{l:?}");
    act(&mut hand, "b");
    act(&mut hand, "c");
    assert_eq!(hand.street(), Street::Fourth);
}

#[test]
fn tda_rp_10e_a_short_bring_in_still_owes_the_others_the_full_bring_in() {
    // p1 posts the ante and has 1 chip left for a bring-in of 2.
    let mut hand = third_street(
        stud(Game::Stud, &[2, 100, 100], 1, 2, 4),
        &["AhAd2c", "KhKcQs", "9h9cTs"],
    );
    assert_eq!(legal(&hand).bring_in, Some(Chips(1)));
    act(&mut hand, "b");
    assert_eq!(legal(&hand).call, Some(Chips(2)));
}

#[test]
fn tda_rp_10d_the_highest_hand_showing_opens_ties_by_the_high_card_by_suit() {
    let mut hand = third_street(
        stud(Game::Stud, &[100, 100, 100], 1, 2, 4),
        &["2h3d9h", "4h5d9s", "7c8cTd"],
    );
    act(&mut hand, "b"); // the nine of hearts is the lowest up card
    act(&mut hand, "c");
    act(&mut hand, "c");
    // Fourth street: p1 shows 9h 9c, p2 9s 9d (both a pair of nines), p3 Td Kd.
    street(&mut hand, &[(0, "9c"), (1, "9d"), (2, "Kd")]);
    // Same pair: the high card by suit is the nine of spades.
    assert_eq!(actor(&hand), Player(1));
}

#[test]
fn tda_rp_10d_razz_the_lowest_hand_showing_opens() {
    let mut hand = third_street(
        stud(Game::Razz, &[100, 100, 100], 1, 2, 4),
        &["2h3dKh", "4h5d7s", "7c8c6d"],
    );
    assert_eq!(actor(&hand), Player(0)); // the king brings in
    act(&mut hand, "b");
    act(&mut hand, "c");
    act(&mut hand, "c");
    // p1 K-A, p2 7-2, p3 6-2: the lowest is 6-2.
    street(&mut hand, &[(0, "Ad"), (1, "2s"), (2, "2c")]);
    assert_eq!(actor(&hand), Player(2));
}

#[test]
fn tda_rp_10f_no_doubling_on_fourth_street_for_an_open_pair_in_tournaments() {
    for tournament in [true, false] {
        let mut s = stud(Game::Stud, &[100, 100], 1, 2, 4);
        s.tournament = tournament;
        let mut hand = third_street(s, &["2h3d9h", "4h5d7s"]);
        act(&mut hand, "b");
        act(&mut hand, "c");
        street(&mut hand, &[(0, "9c"), (1, "8d")]);
        let l = legal(&hand);
        assert_eq!(l.bet_or_raise.unwrap().min_to, Chips(4));
        // A ring game keeps the old option of the big bet.
        let expected = (!tournament).then_some(Chips(8));
        assert_eq!(l.big_bet_to, expected, "tournament {tournament}");
        let e = hand.apply(Op::Act(actor(&hand), Action::BetOrRaiseTo(Chips(8))));
        assert_eq!(e.is_ok(), !tournament);
    }
}

#[test]
fn big_bets_from_fifth_street() {
    let mut hand = third_street(
        stud(Game::Stud, &[100, 100], 1, 2, 4),
        &["2h3d9h", "4h5d7s"],
    );
    act(&mut hand, "b");
    act(&mut hand, "c");
    street(&mut hand, &[(0, "Tc"), (1, "8d")]);
    act(&mut hand, "x");
    act(&mut hand, "x");
    street(&mut hand, &[(0, "Jc"), (1, "8c")]);
    // p2 shows a pair of eights and opens; fifth street bets are big bets.
    assert_eq!(actor(&hand), Player(1));
    assert_eq!(legal(&hand).bet_or_raise.unwrap().min_to, Chips(8));
}

/// Three players to a showdown: the bring-in called all round on third street; fourth street
/// bet and called by all; on fifth p3 folds to a bet that the other calls; sixth and seventh
/// checked. `p1` and `p2` are the seven cards of each (two down, four up, one down); p3 holds
/// 8h 8c 2d, Kd, Ks. Pot: antes 3, 3 bring-ins, 12 and 16.
fn three_way_to_a_showdown(game: Game, bring_in: u64, p1: &str, p2: &str) -> Hand {
    let mut s = stud(game, &[100, 100, 100], 1, bring_in, 4);
    s.automations = Automations::ALL;
    s.automations.dealing = false;
    let mut hand = Hand::new(s).unwrap();
    let card = |h: &str, k: usize| h[2 * k..2 * k + 2].to_string();
    deal(&mut hand, 0, &p1[..6]);
    deal(&mut hand, 1, &p2[..6]);
    deal(&mut hand, 2, "8h8c2d");
    act(&mut hand, "b");
    while hand.street() == Street::Third {
        act(&mut hand, "c");
    }
    let p3 = [(2, "Kd"), (2, "Ks")];
    for k in 3..7 {
        let mut cards = vec![(0, card(p1, k)), (1, card(p2, k))];
        if k < 5 {
            cards.push((p3[k - 3].0, p3[k - 3].1.to_string()));
        }
        for (p, c) in &cards {
            deal(&mut hand, *p, c);
        }
        while let Some(l) = hand.legal_actions() {
            let action = match k {
                3 if l.check => "4",
                3 => "c",
                4 if l.player == Player(2) && !l.check => "f",
                4 if l.player == Player(2) => "x",
                4 if l.check => "8",
                4 => "c",
                _ => "x",
            };
            act(&mut hand, action);
        }
    }
    assert!(hand.is_over(), "{}", hand.step());
    hand
}

#[test]
fn tda_20b_a_stud_odd_chip_goes_to_the_high_card_by_suit_not_the_seat() {
    // Antes 3, bring-in round 6, fourth street 12, fifth 16: 37. p1 and p2 tie with a
    // nine-high straight; p2 holds the nine of spades and gets the odd chip, although p1 sits
    // first left of the button (who would get it in a flop game, TDA-20A).
    let hand = three_way_to_a_showdown(Game::Stud, 2, "5c6dKh7h8s9c2h", "5h6hQc7c8d9s3d");
    assert_eq!(hand.winnings(), vec![Chips(18), Chips(19), Chips(0)]);
}

#[test]
fn tda_20d_stud_hi_lo_the_same_winners_of_both_halves_split_as_evenly_as_possible() {
    // TDA-20 illustration, example 2: both make 2-3-4-5-6 high and low. Pot 34: split as one
    // pot, 17 each; halving first (17 + 17) and giving each half's odd chip by suit would
    // give 18 and 16.
    let hand = three_way_to_a_showdown(Game::StudHiLo, 1, "2s3d4h5c6c9hTc", "2c3h4d5s6s9dTd");
    assert_eq!(hand.winnings(), vec![Chips(17), Chips(17), Chips(0)]);
}

#[test]
fn tda_20c_stud_hi_lo_the_odd_chip_of_the_whole_pot_goes_to_the_high_half() {
    // Pot 37: p2's queens win high (19), p1's 7-5-4-3-2 wins low (18).
    let hand = three_way_to_a_showdown(Game::StudHiLo, 2, "2s3d4h5c7cJhTc", "2c3c9cJcAhQsQh");
    assert_eq!(hand.winnings(), vec![Chips(18), Chips(19), Chips(0)]);
}

#[test]
fn stud_hi_lo_without_a_qualifying_low_the_high_hand_scoops() {
    let hand = three_way_to_a_showdown(Game::StudHiLo, 2, "9s9dTh5c7cJh6h", "2c3c9cJcAhQsQh");
    assert_eq!(hand.winnings(), vec![Chips(0), Chips(37), Chips(0)]);
}

#[test]
fn razz_the_best_ace_to_five_low_wins_pairs_counting_against_it() {
    // p1: 7-5-4-3-2 (no pair), p2: a pair of aces at best for five cards: p1 wins.
    let hand = three_way_to_a_showdown(Game::Razz, 2, "2s3d4h5c7cJhTc", "AcAsQcJcTdQsQh");
    assert_eq!(hand.winnings(), vec![Chips(37), Chips(0), Chips(0)]);
}

#[test]
fn tda_17a_without_a_bet_on_seventh_street_the_best_hand_showing_shows_first() {
    // Seventh street is checked: p2's up cards (a pair of queens) would open, so p2 shows
    // first although p1 sits first left of the button.
    let hand = three_way_to_a_showdown(Game::Stud, 2, "5c6d9h7h8s4c2h", "5h6hQcQd8d9s3d");
    let shown: Vec<Player> = hand
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Shown { player, .. } => Some(*player),
            _ => None,
        })
        .collect();
    assert_eq!(shown.first(), Some(&Player(1)), "{shown:?}");
}

#[test]
fn tda_rp_10a_an_exposed_down_card_becomes_the_up_card() {
    let mut hand = Hand::new(stud(Game::Stud, &[100, 100], 1, 2, 4)).unwrap();
    let cards = parse_cards("AhAd2c").unwrap();
    // The first card was exposed: it is the up card, the third goes down.
    let faces = Hole::with_faces(&[
        (Some(cards[0]), true),
        (Some(cards[1]), false),
        (Some(cards[2]), false),
    ])
    .unwrap();
    hand.apply(Op::DealHole {
        player: Player(0),
        cards: faces,
    })
    .unwrap();
    assert!(hand.player(Player(0)).hole.is_up(0));
    // Two up cards on third street are not a stud deal.
    let two_up = Hole::with_faces(&[
        (Some(parse_cards("Ks").unwrap()[0]), true),
        (Some(parse_cards("Kc").unwrap()[0]), true),
        (Some(parse_cards("Qs").unwrap()[0]), false),
    ])
    .unwrap();
    let e = hand
        .apply(Op::DealHole {
            player: Player(1),
            cards: two_up,
        })
        .unwrap_err();
    assert_eq!(rule_of(e), "TDA-RP-10");
    deal(&mut hand, 1, "KsKcQs");
    // The ace of hearts, up, is not the low card: the queen of spades brings in.
    assert_eq!(actor(&hand), Player(1));
}

#[test]
fn tda_rp_10b_seventh_street_is_dealt_down_while_betting_is_possible() {
    let mut hand = third_street(
        stud(Game::Stud, &[100, 100], 1, 2, 4),
        &["2h3d9h", "4h5d7s"],
    );
    act(&mut hand, "b");
    act(&mut hand, "c");
    for (a, b) in [("Tc", "8d"), ("Jc", "8c"), ("Qc", "Kc")] {
        street(&mut hand, &[(0, a), (1, b)]);
        while hand.legal_actions().is_some() {
            act(&mut hand, "x");
        }
    }
    let up = Hole::with_faces(&[(Some(parse_cards("As").unwrap()[0]), true)]).unwrap();
    let e = hand
        .apply(Op::DealHole {
            player: Player(0),
            cards: up,
        })
        .unwrap_err();
    assert_eq!(rule_of(e), "TDA-RP-10B");
    deal(&mut hand, 0, "As");
    assert!(!hand.player(Player(0)).hole.is_up(6));
}

#[test]
fn tda_30_an_absent_player_dealt_the_bring_in_card_posts_it_and_the_hand_is_killed() {
    let mut s = stud(Game::Stud, &[100, 100, 100], 1, 2, 4);
    s.absent = vec![false, true, false];
    let hand = third_street(s, &["AhAd9c", "KhKc2c", "9h9dTs"]);
    let events = hand.events();
    let posted = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::BringInPosted {
                    player: Player(1),
                    ..
                }
            )
        })
        .expect("the absent player's bring-in is posted");
    let killed = events
        .iter()
        .position(|e| {
            *e == Event::HandKilled {
                player: Player(1),
                rule: rule!("TDA-30"),
            }
        })
        .expect("the absent hand is killed");
    assert!(posted < killed);
    // The action starts left of the bring-in, facing it.
    assert_eq!(actor(&hand), Player(2));
    assert_eq!(legal(&hand).call, Some(Chips(2)));
}

#[test]
fn tda_66_a_stud_hand_whose_up_cards_are_picked_up_is_dead() {
    let mut hand = third_street(
        stud(Game::Stud, &[100, 100, 100], 1, 2, 4),
        &["AhAd2c", "KhKcQs", "9h9cTs"],
    );
    act(&mut hand, "b");
    hand.apply(Op::KillHand {
        player: Player(1),
        rule: rule!("TDA-66"),
    })
    .unwrap();
    assert!(!hand.player(Player(1)).is_live());
    assert_eq!(actor(&hand), Player(2));
}

#[test]
fn tda_16_a_stud_all_in_tables_the_hands_deals_seventh_down_and_shows_again() {
    // p1 is all-in on third street: hands are tabled, the streets dealt, seventh face down,
    // and the hands shown again with seven cards.
    let mut s = stud(Game::Stud, &[5, 100], 1, 2, 4);
    s.automations = Automations::ALL;
    s.deck = Some(Deck::shuffled(Seed::from_u64(3)));
    let mut hand = Hand::new(s).unwrap();
    while let Step::Act(p) = hand.step() {
        let l = legal(&hand);
        let action = match (l.bring_in, l.bet_or_raise) {
            (Some(_), _) => Action::BringIn,
            (None, Some(r)) if p == Player(0) || l.call.is_none() => Action::BetOrRaiseTo(r.max_to),
            _ => Action::Call,
        };
        hand.apply(Op::Act(p, action)).unwrap();
    }
    assert!(hand.is_over(), "{}", hand.step());
    let events = hand.events();
    assert_eq!(
        events.iter().filter(|e| **e == Event::HandsTabled).count(),
        1
    );
    for p in 0..2 {
        let shows: Vec<usize> = events
            .iter()
            .filter_map(|e| match e {
                Event::Shown { player, cards } if *player == Player(p) => Some(cards.len()),
                _ => None,
            })
            .collect();
        assert_eq!(shows.last(), Some(&7), "p{} shows {shows:?}", p + 1);
        assert!(!hand.player(Player(p)).hole.is_up(6));
    }
    assert_eq!(hand.final_stacks().iter().map(|c| c.0).sum::<u64>(), 105);
}

/// Eight players check every street down with the engine dealing.
fn eight_check_down(players: usize, seed: u64) -> Hand {
    let mut s = stud(Game::Stud, &vec![100; players], 1, 1, 2);
    s.automations = Automations::ALL;
    s.deck = Some(Deck::shuffled(Seed::from_u64(seed)));
    s.reshuffle_seed = Seed::from_u64(seed + 1);
    let mut hand = Hand::new(s).unwrap();
    while let Step::Act(p) = hand.step() {
        let l = legal(&hand);
        let action = if l.bring_in.is_some() {
            Action::BringIn
        } else if l.check {
            Action::Check
        } else {
            Action::Call
        };
        hand.apply(Op::Act(p, action)).unwrap();
    }
    assert!(hand.is_over(), "{}", hand.step());
    hand
}

#[test]
fn tda_rp_10h_eight_players_on_seventh_street_share_a_community_card() {
    // 24 cards on third street, 3 x (burn + 8) to sixth: 1 left. Needed: 8 + burn + one left
    // over = 10; with the three burns only 4: case C, reshuffle the 4, burn, community card.
    let hand = eight_check_down(8, 11);
    let events = hand.events();
    assert!(
        events.contains(&Event::StubReshuffled { cards: 4 }),
        "{events:?}"
    );
    let community = events
        .iter()
        .filter(|e| matches!(e, Event::BoardDealt { street: Street::Seventh, cards } if cards.len() == 1))
        .count();
    assert_eq!(community, 1);
    assert_eq!(hand.board().count(), 1);
    assert!(hand.players().iter().all(|p| p.hole.len() == 6));
    assert_eq!(hand.final_stacks().iter().map(|c| c.0).sum::<u64>(), 800);
}

#[test]
fn tda_rp_10h_seven_players_reshuffle_the_burns_and_deal_seventh_street() {
    // 21 + 3 x 8 = 45 used, 7 left; needed 9: with the three burns 10, case A.
    let hand = eight_check_down(7, 5);
    assert!(hand.events().contains(&Event::StubReshuffled { cards: 10 }));
    assert_eq!(hand.board().count(), 0);
    assert!(hand.players().iter().all(|p| p.hole.len() == 7));
}

#[test]
fn tda_rp_10h_a_live_dealer_deals_no_community_card_while_the_deck_suffices() {
    let mut hand = third_street(
        stud(Game::Stud, &[100, 100], 1, 2, 4),
        &["2h3d9h", "4h5d7s"],
    );
    act(&mut hand, "b");
    act(&mut hand, "c");
    for (a, b) in [("Tc", "8d"), ("Jc", "8c"), ("Qc", "Kc")] {
        street(&mut hand, &[(0, a), (1, b)]);
        while hand.legal_actions().is_some() {
            act(&mut hand, "x");
        }
    }
    let e = hand
        .apply(Op::DealBoard(parse_cards("As").unwrap()))
        .unwrap_err();
    assert_eq!(rule_of(e), "TDA-RP-10H");
}

#[test]
fn stud_setups_are_checked() {
    let mut s = stud(Game::Stud, &[100; 9], 1, 2, 4);
    assert!(Hand::new(s.clone()).is_err(), "nine players");
    s = stud(Game::Razz, &[100, 100], 1, 0, 4);
    assert!(Hand::new(s).is_err(), "no bring-in");
    s = stud(Game::Razz, &[100, 100], 1, 5, 4);
    assert!(Hand::new(s).is_err(), "bring-in above the small bet");
    s = stud(Game::Stud, &[100, 100], 1, 2, 4);
    s.blinds = chips(&[1, 2]);
    assert!(Hand::new(s).is_err(), "blinds in stud");
}

#[test]
fn tda_rp_10e_no_bring_in_is_owed_when_nobody_is_left_to_bet_against() {
    // Heads-up, the low card is all-in with the ante: nobody can bet against the other player,
    // so the streets are dealt out (TDA-16) and no bring-in is asked for later.
    let mut hand = third_street(stud(Game::Stud, &[1, 100], 1, 2, 4), &["AhAd2c", "KhKcQs"]);
    for (a, b) in [("Tc", "8d"), ("Jc", "8c"), ("Qc", "Kd"), ("9s", "9d")] {
        assert!(hand.legal_actions().is_none(), "{}", hand.step());
        street(&mut hand, &[(0, a), (1, b)]);
    }
    assert!(hand.is_over(), "{}", hand.step());
}

#[test]
fn no_limit_stud_completes_to_the_minimum_bet_and_raises_by_the_full_completion() {
    // Bring-in 1, minimum bet 4: completing is a bet of 4 from nothing (the bring-in is not a
    // bet), so the next raise is to at least 8 (TDA-43).
    let mut s = stud(Game::Stud, &[100, 100, 100], 1, 1, 4);
    s.variant = Variant {
        game: Game::Stud,
        structure: engine::Structure::NoLimit,
    };
    let mut hand = third_street(s, &["AhAd2c", "KhKcQs", "9h9cTs"]);
    act(&mut hand, "b");
    let r = legal(&hand).bet_or_raise.unwrap();
    assert_eq!((r.min_to, r.max_to), (Chips(4), Chips(99)));
    act(&mut hand, "6");
    assert_eq!(legal(&hand).bet_or_raise.unwrap().min_to, Chips(12));
}

#[test]
fn pot_limit_stud_completes_up_to_the_pot() {
    // Antes 3 and the bring-in 1 in the middle: calling 1 makes 5, so the most is 1 + 5 = 6.
    let mut s = stud(Game::Razz, &[100, 100, 100], 1, 1, 2);
    s.variant = Variant {
        game: Game::Razz,
        structure: engine::Structure::PotLimit,
    };
    let mut hand = third_street(s, &["AhAd2c", "2h3hKs", "9h9cTs"]);
    act(&mut hand, "b");
    let r = legal(&hand).bet_or_raise.unwrap();
    assert_eq!((r.min_to, r.max_to), (Chips(2), Chips(6)));
}

#[test]
fn tda_20b_razz_tied_lows_give_the_odd_chip_to_the_high_card_by_suit_of_the_low() {
    // Both make 7-5-4-3-2; p2's seven is the seven of spades. Pot 37: p2 19, p1 18.
    let hand = three_way_to_a_showdown(Game::Razz, 2, "7c5c4h3d2hKcQc", "7s5d4s3h2sJsTs");
    assert_eq!(hand.winnings(), vec![Chips(18), Chips(19), Chips(0)]);
}

#[test]
fn tda_rp_10e_a_low_card_all_in_for_more_than_the_bring_in_is_called_not_brought_in_again() {
    // Razz 20/40, bring-in 1: p2 holds the king (the bring-in card) and 9 chips after the
    // ante. Its all-in to 9 is less than half the completion (TDA-47B), yet it is in: p3 calls
    // 9, completes to 20 or folds.
    let mut hand = third_street(
        stud(Game::Razz, &[235, 10, 1756], 1, 1, 20),
        &["2h3h4c", "5h6hKd", "7c8c2d"],
    );
    assert_eq!(actor(&hand), Player(1));
    act(&mut hand, "9");
    let l = legal(&hand);
    assert_eq!(l.player, Player(2));
    assert_eq!((l.call, l.bring_in), (Some(Chips(9)), None), "{l:?}");
    assert_eq!(l.bet_or_raise.map(|r| r.min_to), Some(Chips(20)));
}

/// `Hand::new_dealt` reads the setup and takes the deck apart: the same hand as `Hand::new`
/// with that deck in the setup, played to the end, and the same refusals.
#[test]
fn a_hand_dealt_from_a_read_setup_is_the_hand_new_starts() {
    for game in [Game::Stud, Game::StudHiLo, Game::Razz] {
        let mut s = stud(game, &[200; 6], 1, 1, 2);
        s.automations = Automations::ALL;
        for seed in 0..20u8 {
            let deck = Deck::shuffled(Seed([seed; 32]));
            let mut own = s.clone();
            own.deck = Some(deck.clone());
            let mut a = Hand::new(own).unwrap();
            let mut b = Hand::new_dealt(&s, deck).unwrap();
            assert_eq!(a, b);
            for hand in [&mut a, &mut b] {
                while let Step::Act(p) = hand.step() {
                    let l = legal(hand);
                    let action = match (l.bring_in, l.check) {
                        (Some(_), _) => Action::BringIn,
                        (None, true) => Action::Check,
                        (None, false) => Action::Call,
                    };
                    hand.apply(Op::Act(p, action)).unwrap();
                }
            }
            assert_eq!(a, b);
            assert!(a.is_over());
        }
    }
    let mut s = stud(Game::Stud, &[200, 0], 1, 1, 2);
    s.automations = Automations::ALL;
    let deck = Deck::shuffled(Seed([1; 32]));
    let mut own = s.clone();
    own.deck = Some(deck.clone());
    assert_eq!(
        Hand::new(own).unwrap_err(),
        Hand::new_dealt(&s, deck).unwrap_err()
    );
    // The setup's own deck is not the one dealt from: a short one there is no refusal.
    s.stacks = chips(&[200, 200]);
    s.deck = Some(Deck::from_cards(Vec::new()));
    assert!(Hand::new_dealt(&s, Deck::ordered()).is_ok());
}

/// Each street's next, read from a table by its index: the order the streets are dealt in,
/// none after the river or seventh street.
#[test]
fn the_next_street_follows_the_deal() {
    for streets in [&Street::ALL[..], &Street::STUD[..]] {
        for pair in streets.windows(2) {
            assert_eq!(pair[0].next(), Some(pair[1]));
        }
        assert_eq!(streets.last().unwrap().next(), None);
    }
}
