//! Mixed games and stud at the director: each hand's game by the rotation or the level (HC-1),
//! the stakes of stud and limit levels in the hand (TDA-RP-10), the button frozen through a
//! stud round (TDA-11B), who moves to balance (TDA-11A, 11B) and the final table of a stud
//! event (TDA-RP-9, RP-10H).

mod common;

use cards::Seed;
use common::*;
use engine::{Chips, Game, Seat, Structure};
use tournament::config::{EventConfig, GameName, RotateBy, RotationConfig, RotationGame};
use tournament::{TableId, TdAction, Tournament};

const A: TableId = TableId(0);
const B: TableId = TableId(1);

fn limit(small_bet: u64, big_bet: u64) -> Structure {
    Structure::FixedLimit {
        small_bet: Chips(small_bet),
        big_bet: Chips(big_bet),
    }
}

/// The HORSE template with `games` in turn, each for its number of hands.
fn rotating(games: &[(GameName, u32)]) -> EventConfig {
    let mut c = config("horse", "tda");
    c.rotation = Some(RotationConfig {
        games: (games.iter())
            .map(|&(game, hands)| RotationGame {
                game,
                structure: None,
                hands: Some(hands),
            })
            .collect(),
        hands: 8,
        by: RotateBy::Hands,
    });
    c
}

/// The games of the next `hands` hands at `table`, each a walk (stud: to the bring-in).
fn games_of(t: &mut Tournament, table: TableId, hands: usize, minute: u64) -> Vec<Game> {
    (0..hands)
        .map(|_| {
            let (start, _) = play(t, table, at_minute(minute), Script::Walk).unwrap();
            start.setup.variant.game
        })
        .collect()
}

fn disqualify(t: &mut Tournament, table: TableId, seat: Seat) {
    let player = player_in(t, table, seat).unwrap();
    let reason = "test".to_string();
    t.act(
        tournament::Actor::Td,
        TdAction::Disqualify { player, reason },
        at_minute(1),
    )
    .unwrap();
}

#[test]
fn hc_1_horse_by_hands_eight_of_each_game() {
    let mut t = started(config("horse", "tda"), 8, 1);
    let games = games_of(&mut t, A, 42, 1);
    let mut expected = Vec::new();
    for game in [
        Game::Holdem,
        Game::OmahaHiLo,
        Game::Razz,
        Game::Stud,
        Game::StudHiLo,
    ] {
        expected.extend([game; 8]);
    }
    expected.extend([Game::Holdem; 2]);
    assert_eq!(games, expected);
}

#[test]
fn hc_1_horse_by_level_one_game_per_level() {
    let mut c = config("horse", "tda");
    c.rotation.as_mut().unwrap().by = RotateBy::Level;
    let mut t = started(c, 8, 2);
    // Levels of 20 minutes, a 10-minute break after level 4.
    let games: Vec<Game> = [1, 2, 21, 41, 61, 91, 111]
        .into_iter()
        .flat_map(|minute| games_of(&mut t, A, 1, minute))
        .collect();
    use Game::*;
    assert_eq!(
        games,
        [Holdem, Holdem, OmahaHiLo, Razz, Stud, StudHiLo, Holdem]
    );
}

#[test]
fn tda_rp_10_stud_and_limit_stakes_reach_the_hand() {
    let mut t = started(config("horse", "tda"), 8, 3);
    // Level 1 of the template: blinds 25/50, limits 50/100, stud ante 10, bring-in 15.
    let mut holdem = t.next_hand(A, at_minute(1)).unwrap();
    let s = &holdem.setup;
    assert_eq!(s.variant.structure, limit(50, 100));
    let mut blinds: Vec<u64> = s.blinds.iter().map(|b| b.0).filter(|&b| b > 0).collect();
    blinds.sort_unstable();
    assert_eq!(blinds, [25, 50]);
    assert!(
        s.antes.iter().all(|a| a.is_zero()),
        "no ante in the flop games"
    );
    finish(&mut t, &mut holdem, at_minute(1), Script::Walk).unwrap();
    games_of(&mut t, A, 15, 1);
    let mut razz = t.next_hand(A, at_minute(1)).unwrap();
    let s = &razz.setup;
    assert_eq!(s.variant.game, Game::Razz);
    assert_eq!(s.variant.structure, limit(50, 100));
    assert_eq!(s.antes, vec![Chips(10); 8], "an ante from everyone");
    assert_eq!(s.blinds, vec![Chips(0); 8], "no blinds in stud");
    assert_eq!((s.bring_in, s.min_bet), (Chips(15), Chips(50)));
    assert_eq!(s.deck.as_ref().map(|d| d.len()), Some(52));
    assert_ne!(
        s.reshuffle_seed,
        Seed([0; 32]),
        "TDA-RP-10H: a seed for the reshuffle"
    );
    finish(&mut t, &mut razz, at_minute(1), Script::Walk).unwrap();
    // Level 2: stud ante 15, bring-in 25, limits 100/200.
    let s = t.next_hand(A, at_minute(21)).unwrap().setup;
    assert_eq!(s.variant.game, Game::Razz);
    assert_eq!(s.variant.structure, limit(100, 200));
    assert_eq!(s.antes, vec![Chips(15); 8]);
    assert_eq!((s.bring_in, s.min_bet), (Chips(25), Chips(100)));
}

#[test]
fn hc_1_a_game_per_level() {
    let text = r#"
name = "Hold'em then razz"
table_size = 8
starting_stack = 5000
chips = [5, 25]

[[levels]]
small_blind = 25
big_blind = 50
minutes = 20

[[levels]]
game = "razz"
structure = "fixed-limit"
ante = 10
bring_in = 25
small_bet = 100
minutes = 20

[payouts]
curve = { paid_percent = 20, ratio = 0.5 }
"#;
    let mut t = started(EventConfig::from_toml(text).unwrap(), 6, 4);
    let s = t.next_hand(A, at_minute(1)).unwrap();
    assert_eq!(s.setup.variant.game, Game::Holdem);
    assert_eq!(s.setup.variant.structure, Structure::NoLimit);
    let mut s = s;
    finish(&mut t, &mut s, at_minute(1), Script::Walk).unwrap();
    let s = t.next_hand(A, at_minute(21)).unwrap().setup;
    assert_eq!(s.variant.game, Game::Razz);
    // The big bet is twice the small bet when not given.
    assert_eq!(s.variant.structure, limit(100, 200));
    assert_eq!(s.antes, vec![Chips(10); 6], "the ante, stud's too");
    assert_eq!(s.bring_in, Chips(25));
}

#[test]
fn tda_11b_button_frozen_and_the_would_be_big_blind_moved_during_stud() {
    for seed in 1..=3 {
        let mut t = started(
            rotating(&[(GameName::Holdem, 1), (GameName::Razz, 5)]),
            16,
            seed,
        );
        assert_eq!(counts(&t), vec![(A, 8), (B, 8)]);
        let (holdem, _) = play(&mut t, A, at_minute(1), Script::Walk).unwrap();
        assert_eq!(holdem.setup.variant.game, Game::Holdem);
        // A full table of 8: the next hold'em hand would have the button and the big blind
        // one seat on.
        let frozen = left_of(holdem.positions.button, 1, 8);
        let would_be_big_blind = left_of(holdem.positions.big_blind, 1, 8);
        let mover = player_in(&t, A, would_be_big_blind).unwrap();
        for _ in 0..2 {
            let (razz, _) = play(&mut t, A, at_minute(1), Script::Walk).unwrap();
            assert_eq!(razz.setup.variant.game, Game::Razz);
            assert_eq!(
                razz.positions.button, frozen,
                "seed {seed}: frozen for stud"
            );
            assert_eq!(razz.positions.dealt[0], left_of(frozen, 1, 8));
        }
        // B is two short; A gives a player as its third razz hand ends.
        disqualify(&mut t, B, Seat(1));
        disqualify(&mut t, B, Seat(6));
        let since = t.events().len();
        play(&mut t, A, at_minute(1), Script::Walk).unwrap();
        let moves = moves_since(&t, since);
        assert_eq!(moves.len(), 1, "seed {seed}: {moves:?}");
        let (player, from, to, rule) = moves[0];
        assert_eq!(
            (player, from, rule),
            (mover, (A, would_be_big_blind), "TDA-11B")
        );
        assert_eq!(to.0, B);
        // The stud round ends; hold'em starts where the button was frozen, the big blind on
        // the next player after the one moved.
        let games = games_of(&mut t, A, 2, 1);
        assert_eq!(games, [Game::Razz; 2]);
        let (holdem, _) = play(&mut t, A, at_minute(1), Script::Walk).unwrap();
        assert_eq!(holdem.setup.variant.game, Game::Holdem);
        assert_eq!(
            holdem.positions.button, frozen,
            "seed {seed}: no extra move"
        );
        assert_eq!(
            holdem.positions.big_blind,
            left_of(would_be_big_blind, 1, 8)
        );
    }
}

#[test]
fn tda_11a_stud_only_players_move_by_position() {
    let mut c = config("horse", "tda");
    c.rotation = None;
    c.game = GameName::Stud;
    for level in &mut c.levels {
        level.small_blind = 0;
        level.big_blind = 0;
    }
    for (seed, first, last) in [(1, 2, 5), (2, 7, 0), (3, 4, 3)] {
        let mut t = started(c.clone(), 16, seed);
        games_of(&mut t, A, 1, 1);
        // The last seat to open at the short table is the one filled, by the player in that
        // position at the full table.
        disqualify(&mut t, B, Seat(first));
        disqualify(&mut t, B, Seat(last));
        let mover = player_in(&t, A, Seat(last)).unwrap();
        let since = t.events().len();
        let games = games_of(&mut t, A, 1, 1);
        assert_eq!(games, [Game::Stud]);
        let moves = moves_since(&t, since);
        assert_eq!(
            moves,
            vec![(mover, (A, Seat(last)), (B, Seat(last)), "TDA-11A")],
            "seed {seed}"
        );
    }
}

#[test]
fn tda_rp_10h_a_stud_final_table_seats_eight() {
    let horse = Tournament::new(config("horse", "tda"), 1).unwrap();
    // TDA-RP-9 makes 8-handed events a final table of 9; stud deals to 8 at most.
    assert_eq!(horse.final_table_size(), 8);
    let mut holdem = config("deepstack", "tda");
    holdem.table_size = 8;
    assert_eq!(Tournament::new(holdem, 1).unwrap().final_table_size(), 9);
}
