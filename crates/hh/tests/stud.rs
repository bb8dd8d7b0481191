//! Stud hands in and out: engine-played stud, stud hi/lo and razz hands recorded as PHH, read
//! back and replayed to the same stacks, and written as PokerStars text with the up cards
//! every reader sees (TDA-RP-10).

use cards::{Deck, Seed};
use engine::{
    Automations, Blinds, Chips, Game, Hand, HandSetup, Op, Player, Variant, random_action,
};
use hh::{GameKind, HandContext, Outcome, View, parse_phh, pokerstars, record, replay};
mod common;
use common::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn stud_hand(game: Game, stacks: &[u64], seed: u64, deck: Deck) -> (Hand, HandContext) {
    let n = stacks.len();
    let variant = Variant::fixed_limit(game, Chips(20), Chips(40));
    let stacks: Vec<Chips> = stacks.iter().map(|&s| Chips(s)).collect();
    let mut setup = HandSetup::new(variant, &stacks, &vec![Chips::ZERO; n], Chips(20));
    setup.antes = vec![Chips(5); n];
    setup.bring_in = Chips(5);
    setup.automations = Automations::ALL;
    setup.deck = Some(deck);
    setup.reshuffle_seed = Seed::from_u64(seed);
    let ctx = HandContext {
        hand_number: seed,
        table: "1".to_owned(),
        max_seats: 8,
        seats: (1..=n as u8).collect(),
        button: n as u8,
        small_blind: None,
        big_blind: None,
        names: (1..=n).map(|i| format!("Player {i}")).collect(),
        blinds: Blinds {
            small_blind: Chips::ZERO,
            big_blind: Chips::ZERO,
            ante: Chips(5),
            big_blind_ante: Chips::ZERO,
        },
        game: GameKind::Cash { currency: None },
        time: noon(),
        view: View::All,
    };
    (Hand::new(setup).expect("stud hand"), ctx)
}

fn play_out(hand: &mut Hand, rng: &mut ChaCha8Rng) {
    while let Some(legal) = hand.legal_actions() {
        let action = random_action(&legal, rng);
        hand.apply(Op::Act(legal.player, action)).expect("legal");
    }
    assert!(hand.is_over(), "{}", hand.step());
}

#[test]
fn random_stud_hands_replay_from_their_phh_in_every_view() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut by_game = [0usize; 3];
    for seed in 0..300u64 {
        let (game, k) = match seed % 3 {
            0 => (Game::Stud, 0),
            1 => (Game::StudHiLo, 1),
            _ => (Game::Razz, 2),
        };
        let n = 2 + below(&mut rng, 7) as usize;
        let stacks: Vec<u64> = (0..n).map(|_| 10 + below(&mut rng, 400)).collect();
        let (mut hand, ctx) = stud_hand(game, &stacks, seed, Deck::shuffled(Seed::from_u64(seed)));
        play_out(&mut hand, &mut rng);
        for view in [View::All, View::Hero(Player(0))] {
            let ctx = HandContext {
                view,
                ..ctx.clone()
            };
            let phh = record(&hand, &ctx).expect("recorded");
            let text = phh.to_phh();
            let read = parse_phh(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert!(text.contains("bring_in = 5"), "{text}");
            match replay(&read) {
                Outcome::Passed { .. } => {}
                other => panic!("{other:?}\n{text}"),
            }
            let finishing = read.finishing_stacks.expect("finishing stacks");
            let ours: Vec<String> = hand.final_stacks().iter().map(|c| c.to_string()).collect();
            let theirs: Vec<String> = finishing.iter().map(|a| a.to_string()).collect();
            assert_eq!(ours, theirs, "{text}");
        }
        by_game[k] += 1;
    }
    assert_eq!(by_game, [100, 100, 100]);
}

#[test]
fn a_stud_hand_in_pokerstars_text_shows_up_cards_to_everyone_and_down_cards_to_the_hero() {
    // Third street, one card at a time: p1 Ah Kh 2c (up), p2 Qs Qd 9c (up). The deuce of clubs
    // brings in (TDA-RP-10).
    let top = "Ah Qs Kh Qd 2c 9c 3d 7s 4d 7h 5d 8s 6d 8h 2s 3s";
    let deck = deck(top);
    let (mut hand, mut ctx) = stud_hand(Game::Stud, &[1000, 1000], 1, deck);
    assert_eq!(hand.legal_actions().map(|l| l.player), Some(Player(0)));
    while let Some(legal) = hand.legal_actions() {
        let action = match (legal.bring_in, legal.check) {
            (Some(_), _) => engine::Action::BringIn,
            (None, true) => engine::Action::Check,
            (None, false) => engine::Action::Call,
        };
        hand.apply(Op::Act(legal.player, action)).expect("legal");
    }
    ctx.view = View::Hero(Player(1));
    let text = pokerstars(&hand, &ctx).expect("text");
    assert!(text.contains("7 Card Stud Limit"), "{text}");
    assert!(text.contains("*** 3RD STREET ***"), "{text}");
    assert!(text.contains("Player 1: brings in for 5"), "{text}");
    // The hero sees their own down cards; of the opponent only the up card.
    assert!(text.contains("Dealt to Player 2 [Qs Qd 9c]"), "{text}");
    assert!(text.contains("Dealt to Player 1 [2c]"), "{text}");
    assert!(!text.contains("Dealt to Player 1 [Ah"), "{text}");
}
