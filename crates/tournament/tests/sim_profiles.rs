//! Whole tournaments under every profile: seeded fields of 20 to 300 entrants played to the
//! winner by bots, with the director's traffic (late players and registrations, re-entries,
//! rebuys, add-ons, penalties, undos) in half of them. The simulation checks chip conservation
//! and the profile's balancing rules before every hand and stops on any breach; here the
//! results are checked again from the outside.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use tournament::Tournament;
use tournament::config::EventConfig;
use tournament::director::Status;
use tournament::sim::{self, Bots, SimOptions};

const PER_PROFILE: u64 = 200;

fn template_for(profile: &str, k: u64) -> &'static str {
    // HC-1.6: a multi-table HC event has no rebuys, re-entries or add-ons: the HC template.
    match (profile, k % 3) {
        ("hc", _) | (_, 0) => "hc",
        (_, 1) => "deepstack",
        _ => "turbo",
    }
}

fn check(t: &Tournament, what: &str) {
    let entrants = t.stats.entries as usize;
    let mut places: Vec<u32> = t.entries().iter().filter_map(|e| e.place).collect();
    places.sort_unstable();
    let out = t
        .entries()
        .iter()
        .filter(|e| matches!(e.status, Status::Removed | Status::Disqualified))
        .count();
    // Every entry not removed or disqualified has one place, 1 to N without a gap (HC-1.3).
    assert_eq!(
        places,
        (1..=(entrants - out) as u32).collect::<Vec<_>>(),
        "{what}"
    );
    let winner: Vec<_> = t
        .entries()
        .iter()
        .filter(|e| e.status == Status::Won)
        .collect();
    assert_eq!(winner.len(), 1, "{what}: one winner");
    // The big screen's players placed last: the winner first, then the last out, ten at most.
    let recent: Vec<u32> = t.recent_out().filter_map(|e| e.place).collect();
    let shown = (entrants - out).min(10);
    assert_eq!(recent, (1..=shown as u32).collect::<Vec<_>>(), "{what}");
    // The winner holds every chip in play.
    let (table, seat) = winner[0].seat.expect("the winner is seated");
    let stack = t.table(table).unwrap().table.seats()[seat.index()]
        .unwrap()
        .stack
        .0;
    assert_eq!(stack, t.chips_in_play(), "{what}: the winner's chips");
    // HC-1.2: every point paid in is paid out, as prizes and bounties.
    let c = t.config();
    let paid_in = u64::from(t.stats.entries) * (c.buy_in.prize.0 + c.buy_in.bounty.0)
        + u64::from(t.stats.rebuys) * c.rebuy.map_or(0, |r| r.price.0)
        + u64::from(t.stats.add_ons) * c.add_on.map_or(0, |a| a.price.0);
    let paid_out: u64 = t
        .entries()
        .iter()
        .map(|e| e.prize.0 + e.bounties_won(t).0)
        .sum();
    assert_eq!(paid_out, paid_in, "{what}: money");
}

fn run_profile(profile: &str) {
    let mut rng = ChaCha8Rng::seed_from_u64(0xc0c0 + profile.len() as u64);
    for k in 0..PER_PROFILE {
        let mut config = EventConfig::template(template_for(profile, k)).expect("template");
        config.profile = profile.parse().expect("a profile");
        let entrants = 20 + (rng.next_u64() % 281) as u32;
        let bots = [Bots::Random, Bots::Strength, Bots::Mixed][(k % 3) as usize];
        let opts = SimOptions {
            entrants,
            seed: k,
            bots,
            director_traffic: k % 2 == 1,
        };
        let what = format!(
            "{profile}, {} template, {entrants} entrants, seed {k}, {bots:?}, traffic {}",
            config.name,
            k % 2
        );
        match sim::run(config, opts, &mut |_| {}) {
            Ok(t) => check(&t, &what),
            Err(e) => panic!("{what}: {e}"),
        }
    }
}

#[test]
fn tda_profile_tournaments_play_to_a_winner_by_the_rules() {
    run_profile("tda");
}

#[test]
fn wwpla_profile_tournaments_play_to_a_winner_by_the_rules() {
    run_profile("wwpla");
}

#[test]
fn hc_profile_tournaments_play_to_a_winner_by_the_rules() {
    run_profile("hc");
}

#[test]
fn dg_profile_tournaments_play_to_a_winner_by_the_rules() {
    run_profile("dg");
}

#[test]
fn jpr_profile_tournaments_play_to_a_winner_by_the_rules() {
    run_profile("jpr");
}

#[test]
fn the_same_seed_plays_the_same_tournament() {
    let play = || {
        let opts = SimOptions {
            entrants: 150,
            seed: 9,
            bots: Bots::Mixed,
            director_traffic: true,
        };
        let t = sim::run(EventConfig::template("turbo").unwrap(), opts, &mut |_| {}).unwrap();
        let order: Vec<_> = t
            .results()
            .iter()
            .map(|e| (e.name.clone(), e.prize))
            .collect();
        (order, t.stats.hands, t.events().len())
    };
    assert_eq!(play(), play());
}
