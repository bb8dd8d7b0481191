//! Whole mixed-game and stud tournaments played by bots to the winner (HC-1): HORSE by hands
//! (TDA-11B's frozen button and would-be big blind through every stud round), HORSE by level,
//! and razz alone (TDA-11A: stud-only events move players by position). The simulation checks
//! chips and balancing before every hand; here the results are checked from the outside.

use tournament::Tournament;
use tournament::config::{EventConfig, RotateBy};
use tournament::director::Status;
use tournament::sim::{self, Bots, SimOptions};

/// Every entry placed once, one winner holding every chip in play, every chip paid in paid out.
fn check(t: &Tournament, what: &str) {
    let mut places: Vec<u32> = t.entries().iter().filter_map(|e| e.place).collect();
    places.sort_unstable();
    let out = (t.entries().iter())
        .filter(|e| matches!(e.status, Status::Removed | Status::Disqualified))
        .count();
    let placed = t.stats.entries as usize - out;
    assert_eq!(places, (1..=placed as u32).collect::<Vec<_>>(), "{what}");
    let winners: Vec<_> = (t.entries().iter())
        .filter(|e| e.status == Status::Won)
        .collect();
    assert_eq!(winners.len(), 1, "{what}: one winner");
    let (table, seat) = winners[0].seat.expect("the winner is seated");
    let stack = t.table(table).unwrap().table.seats()[seat.index()]
        .unwrap()
        .stack
        .0;
    // Chips are conserved: the winner holds every chip in play.
    assert_eq!(stack, t.chips_in_play(), "{what}: the winner's chips");
    let paid_in = u64::from(t.stats.entries) * t.config().buy_in.prize.0;
    let paid_out: u64 = t.entries().iter().map(|e| e.prize.0).sum();
    assert_eq!(paid_out, paid_in, "{what}: money");
}

fn run(config: EventConfig, entrants: u32, seed: u64, bots: Bots, traffic: bool) {
    let what = format!(
        "{}, {entrants} entrants, seed {seed}, {bots:?}",
        config.name
    );
    let opts = SimOptions {
        entrants,
        seed,
        bots,
        director_traffic: traffic,
    };
    match sim::run(config, opts, &mut |_| {}) {
        Ok(t) => check(&t, &what),
        Err(e) => panic!("{what}: {e}"),
    }
}

#[test]
fn hc_1_horse_by_hands_plays_to_a_winner() {
    for seed in 0..6 {
        let bots = [Bots::Strength, Bots::Mixed, Bots::Random][seed as usize % 3];
        let entrants = 20 + 13 * seed as u32;
        let config = EventConfig::template("horse").unwrap();
        run(config, entrants, seed, bots, seed % 2 == 1);
    }
}

#[test]
fn hc_1_horse_by_level_plays_to_a_winner() {
    for seed in 0..3 {
        let mut config = EventConfig::template("horse").unwrap();
        config.rotation.as_mut().unwrap().by = RotateBy::Level;
        config.name = "HORSE by level".into();
        run(config, 30, 100 + seed, Bots::Mixed, seed == 1);
    }
}

#[test]
fn tda_11a_razz_alone_plays_to_a_winner() {
    let mut config = EventConfig::template("horse").unwrap();
    config.rotation = None;
    config.game = tournament::config::GameName::Razz;
    config.name = "Razz".into();
    for level in &mut config.levels {
        level.small_blind = 0;
        level.big_blind = 0;
    }
    for seed in 0..3 {
        let bots = [Bots::Strength, Bots::Mixed, Bots::Random][seed as usize];
        run(config.clone(), 40, 200 + seed, bots, false);
    }
}

#[test]
fn the_same_seed_plays_the_same_horse_tournament() {
    let play = || {
        let opts = SimOptions {
            entrants: 40,
            seed: 5,
            bots: Bots::Mixed,
            director_traffic: true,
        };
        let config = EventConfig::template("horse").unwrap();
        let t = sim::run(config, opts, &mut |_| {}).unwrap();
        let order: Vec<_> = t.results().iter().map(|e| e.name.clone()).collect();
        (order, t.stats.hands, t.events().len())
    };
    assert_eq!(play(), play());
}
