//! A table changing game from hand to hand: the button frozen through a stud round and
//! resuming where it was frozen (TDA-11B), the would-be big blind moved during stud (TDA-11B),
//! stud forced bets (TDA-RP-10) and HORSE rotations by hands and by level (HC-1).

use cards::{Deck, Seed};
use engine::{
    Automations, Betting, Blinds, Chips, Event, ForcedBets, Game, GameKind, Hand, Op, PlayerId,
    Positions, Rotation, RotationError, Ruleset, Seat, Stakes, Step, Structure, StudBets, Switch,
    Table, TableError, Variant, random_action,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

const LIMIT_HOLDEM: GameKind = GameKind::limit(Game::Holdem);
const OMAHA8: GameKind = GameKind::limit(Game::OmahaHiLo);
const RAZZ: GameKind = GameKind::limit(Game::Razz);
const STUD: GameKind = GameKind::limit(Game::Stud);
const STUD8: GameKind = GameKind::limit(Game::StudHiLo);

/// A HORSE level: blinds 50/100 for the flop games, limits 100/200, a stud ante of 20 and a
/// bring-in of 30.
const LEVEL: Stakes = Stakes {
    small_blind: Chips(50),
    big_blind: Chips(100),
    ante: Chips(0),
    big_blind_ante: Chips(0),
    stud_ante: Chips(20),
    bring_in: Chips(30),
    small_bet: Chips(100),
    big_bet: Chips(200),
    spread_max: Chips(0),
};

fn table(occupied: &[u8], first_button: u8) -> Table {
    let variant = Variant::fixed_limit(Game::Holdem, Chips(100), Chips(200));
    let mut t = Table::new(8, variant, Ruleset::tda(), true).unwrap();
    for &s in occupied {
        t.sit(Seat(s), PlayerId(s.into()), Chips(10_000)).unwrap();
    }
    t.set_first_button(Seat(first_button)).unwrap();
    t
}

/// Plays the next hand of `kind` to its end with random players; returns its positions and the
/// finished hand.
fn play(t: &mut Table, kind: GameKind, seed: u64) -> (Positions, Hand) {
    let (variant, forced) = LEVEL.hand(kind);
    let deck = Deck::shuffled(Seed::from_u64(seed));
    let (positions, mut setup) = t
        .start_hand(variant, forced, false, Automations::ALL, Some(deck))
        .unwrap();
    setup.reshuffle_seed = Seed::from_u64(seed + 1);
    let mut hand = Hand::new(setup).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Step::Act(p) = hand.step() {
        let legal = hand.legal_actions().unwrap();
        hand.apply(Op::Act(p, random_action(&legal, &mut rng)))
            .unwrap();
    }
    assert!(hand.is_over(), "{kind}: stopped at {}", hand.step());
    t.finish_hand(&positions, &hand.final_stacks());
    (positions, hand)
}

fn seats(v: &[u8]) -> Vec<Seat> {
    v.iter().map(|&s| Seat(s)).collect()
}

#[test]
fn tda_11b_button_frozen_for_the_stud_round_and_resumes_there() {
    let mut t = table(&[0, 1, 2, 3, 4, 5], 0);
    let (p, _) = play(&mut t, LIMIT_HOLDEM, 1);
    assert_eq!((p.button, p.big_blind), (Seat(0), Seat(2)));
    let (p, _) = play(&mut t, LIMIT_HOLDEM, 2);
    assert_eq!((p.button, p.big_blind), (Seat(1), Seat(3)));
    // The last hold'em hand had the button on seat 1: the stud round has it on seat 2, where
    // a next hold'em hand would, for every stud hand.
    for (k, kind) in [RAZZ, STUD, STUD8, RAZZ].into_iter().enumerate() {
        let (p, _) = play(&mut t, kind, 10 + k as u64);
        assert!(p.stud);
        assert_eq!(p.button, Seat(2), "{kind}: frozen");
        assert_eq!(p.dealt, seats(&[3, 4, 5, 0, 1, 2]), "dealt from its left");
    }
    // Back to a flop game: the button starts where it was frozen, no extra move.
    let (p, _) = play(&mut t, OMAHA8, 20);
    assert!(!p.stud);
    assert_eq!(
        (p.button, p.small_blind, p.big_blind),
        (Seat(2), Some(Seat(3)), Seat(4))
    );
    let (p, _) = play(&mut t, LIMIT_HOLDEM, 21);
    assert_eq!(p.button, Seat(3), "and moves on from there");
}

#[test]
fn tda_11b_a_table_starting_with_stud_keeps_its_first_button() {
    let mut t = table(&[1, 3, 5, 6], 3);
    for k in 0..3 {
        let (p, _) = play(&mut t, STUD, 30 + k);
        assert_eq!(p.button, Seat(3));
        assert_eq!(p.dealt, seats(&[5, 6, 1, 3]));
    }
    let (p, _) = play(&mut t, LIMIT_HOLDEM, 40);
    assert_eq!((p.button, p.big_blind), (Seat(3), Seat(6)));
}

#[test]
fn tda_11b_the_player_moved_during_stud_is_the_would_be_big_blind() {
    let mut t = table(&[0, 1, 2, 3, 4, 5, 6], 0);
    play(&mut t, LIMIT_HOLDEM, 1);
    // Last hold'em hand: button 0, blinds 1 and 2; a hold'em hand now would have the big
    // blind on seat 3.
    assert_eq!(t.would_be_big_blind(), Some(Seat(3)));
    play(&mut t, STUD, 2);
    play(&mut t, RAZZ, 3);
    assert_eq!(
        t.would_be_big_blind(),
        Some(Seat(3)),
        "frozen with the button"
    );
    // Seat 3 is moved to another table: the next would-be big blind is seat 4.
    t.leave(Seat(3)).unwrap();
    assert_eq!(t.would_be_big_blind(), Some(Seat(4)));
    play(&mut t, STUD8, 4);
    assert_eq!(t.would_be_big_blind(), Some(Seat(4)));
    // Hold'em resumes with the blinds there.
    let (p, _) = play(&mut t, LIMIT_HOLDEM, 5);
    assert_eq!(p.big_blind, Seat(4));
}

#[test]
fn tda_rp_10_stud_forced_bets_reach_the_hand() {
    let t = table(&[0, 2, 4, 6], 0);
    let (variant, forced) = LEVEL.hand(STUD);
    assert_eq!(
        variant.structure,
        Structure::FixedLimit {
            small_bet: Chips(100),
            big_bet: Chips(200)
        }
    );
    let deck = Deck::shuffled(Seed::from_u64(5));
    let (_, setup) = t
        .start_hand(variant, forced, false, Automations::ALL, Some(deck))
        .unwrap();
    assert_eq!(setup.antes, vec![Chips(20); 4], "an ante from every player");
    assert_eq!(setup.blinds, vec![Chips(0); 4], "no blinds in stud");
    assert_eq!(setup.bring_in, Chips(30));
    assert_eq!(setup.min_bet, Chips(100), "the small bet completes");
    let hand = Hand::new(setup).unwrap();
    let antes: Vec<Chips> = (hand.events().iter())
        .filter_map(|e| match e {
            Event::AntePosted { amount, .. } => Some(*amount),
            _ => None,
        })
        .collect();
    assert_eq!(antes, vec![Chips(20); 4]);
    let bring_in = hand.events().iter().find_map(|e| match e {
        Event::BringInPosted { amount, .. } => Some(*amount),
        _ => None,
    });
    let legal = hand.legal_actions().unwrap();
    match bring_in {
        Some(amount) => assert_eq!(amount, Chips(30)),
        None => assert_eq!(legal.bring_in, Some(Chips(30))),
    }
    // Completing the bring-in is to the small bet (fixed limit, TDA-RP-10).
    assert_eq!(legal.bet_or_raise.map(|r| r.min_to), Some(Chips(100)));
}

#[test]
fn a_flop_game_in_a_mixed_level_posts_its_blinds() {
    let t = table(&[0, 1, 2], 0);
    let (variant, forced) = LEVEL.hand(OMAHA8);
    let (p, setup) = t
        .start_hand(variant, forced, false, Automations::ALL, None)
        .unwrap();
    assert_eq!(p.dealt, seats(&[1, 2, 0]));
    assert_eq!(setup.blinds, vec![Chips(50), Chips(100), Chips(0)]);
    assert_eq!(
        setup.antes,
        vec![Chips(0); 3],
        "the stud ante is not a flop game's"
    );
    assert_eq!(setup.variant.game, Game::OmahaHiLo);
}

#[test]
fn forced_bets_must_fit_the_game() {
    let t = table(&[0, 1, 2], 0);
    let blinds = Blinds {
        small_blind: Chips(50),
        big_blind: Chips(100),
        ante: Chips(0),
        big_blind_ante: Chips(0),
    };
    let razz = Variant::fixed_limit(Game::Razz, Chips(100), Chips(200));
    let e = t
        .start_hand(
            razz,
            ForcedBets::Blinds(blinds),
            false,
            Automations::ALL,
            None,
        )
        .unwrap_err();
    assert!(matches!(e, TableError::ForcedBets("Razz", _)), "{e}");
    let stud = ForcedBets::Stud(StudBets {
        ante: Chips(10),
        bring_in: Chips(25),
        small_bet: Chips(100),
    });
    let e = t
        .start_hand(
            Variant::NO_LIMIT_HOLDEM,
            stud,
            false,
            Automations::ALL,
            None,
        )
        .unwrap_err();
    assert!(matches!(e, TableError::ForcedBets("Hold'em", _)), "{e}");
}

#[test]
fn tda_rp_10h_stud_deals_to_at_most_eight() {
    let mut t = Table::new(10, Variant::NO_LIMIT_HOLDEM, Ruleset::tda(), true).unwrap();
    for s in 0..9u8 {
        t.sit(Seat(s), PlayerId(s.into()), Chips(1000)).unwrap();
    }
    let (variant, forced) = LEVEL.hand(STUD);
    let e = t
        .start_hand(variant, forced, false, Automations::ALL, None)
        .unwrap_err();
    assert!(matches!(e, TableError::Setup(_)), "{e}");
    t.leave(Seat(8)).unwrap();
    assert!(
        t.start_hand(variant, forced, false, Automations::ALL, None)
            .is_ok()
    );
}

#[test]
fn hc_1_horse_by_hands_rotates_every_eight_hands() {
    let horse = Rotation::horse(8).unwrap();
    assert_eq!(horse.switch(), Switch::Hands);
    let expected = [LIMIT_HOLDEM, OMAHA8, RAZZ, STUD, STUD8];
    for hand in 0..100u64 {
        let game = expected[(hand / 8 % 5) as usize];
        assert_eq!(horse.game(hand, 7), game, "hand {hand}");
    }
    assert_eq!(horse.game(39, 0), STUD8);
    assert_eq!(horse.game(40, 0), LIMIT_HOLDEM);
    let uneven = Rotation::by_hands(vec![(LIMIT_HOLDEM, 2), (RAZZ, 3)]).unwrap();
    let games: Vec<GameKind> = (0..7).map(|h| uneven.game(h, 0)).collect();
    assert_eq!(
        games,
        [
            LIMIT_HOLDEM,
            LIMIT_HOLDEM,
            RAZZ,
            RAZZ,
            RAZZ,
            LIMIT_HOLDEM,
            LIMIT_HOLDEM
        ]
    );
}

#[test]
fn hc_1_horse_by_level_deals_one_game_per_level() {
    let horse = Rotation::by_level(Rotation::HORSE.to_vec()).unwrap();
    let expected = [
        LIMIT_HOLDEM,
        OMAHA8,
        RAZZ,
        STUD,
        STUD8,
        LIMIT_HOLDEM,
        OMAHA8,
    ];
    for (level, game) in expected.into_iter().enumerate() {
        for hands in [0, 5, 1000] {
            assert_eq!(horse.game(hands, level), game, "level {}", level + 1);
        }
    }
}

#[test]
fn rotation_refuses_no_games_and_no_hands() {
    assert_eq!(Rotation::by_hands(vec![]), Err(RotationError::NoGames));
    assert_eq!(Rotation::by_level(vec![]), Err(RotationError::NoGames));
    let e = Rotation::horse(0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Limit Hold'em is played for 0 hands: each game needs at least one"
    );
    let nl = GameKind {
        game: Game::Holdem,
        betting: Betting::NoLimit,
    };
    assert!(Rotation::by_hands(vec![(nl, 1)]).is_ok());
}

#[test]
fn horse_rounds_at_a_table_conserve_chips_and_freeze_the_button_in_stud() {
    let mut t = table(&[0, 1, 2, 3, 4, 5, 6, 7], 0);
    let horse = Rotation::horse(3).unwrap();
    let total: u64 = 8 * 10_000;
    let mut last_flop_button: Option<Seat> = None;
    let mut stud_button: Option<Seat> = None;
    for hand in 0..60u64 {
        if t.player_count() < 2 || t.next_positions().is_err() {
            break;
        }
        let kind = horse.game(hand, 0);
        let (p, finished) = play(&mut t, kind, 100 + hand);
        assert_eq!(finished.variant().game, kind.game, "hand {hand}");
        if kind.game.is_stud() {
            // TDA-11B: the same button for every stud hand of the round.
            let frozen = *stud_button.get_or_insert(p.button);
            assert_eq!(p.button, frozen, "hand {hand}");
        } else {
            if let Some(frozen) = stud_button.take() {
                assert_eq!(p.button, frozen, "hand {hand}: resumes where frozen");
            } else if let Some(before) = last_flop_button {
                assert_ne!(
                    p.button, before,
                    "hand {hand}: the button moves in flop games"
                );
            }
            last_flop_button = Some(p.button);
        }
        let chips: u64 = t.seats().iter().flatten().map(|s| s.stack.0).sum();
        assert_eq!(chips, total, "hand {hand}: chips conserved");
    }
}
