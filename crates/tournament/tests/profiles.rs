//! One rulebook id for the engine and the director (../shared/rules/README.md: TDA 2019 the
//! default, each house rulebook a profile): every id gives both halves of a profile, `tda2019`
//! is TDA, an unknown id is refused with the known ones.

use engine::{RulebookId, Ruleset};
use tournament::config::EventConfig;
use tournament::profile::{Profile, SeatDraw};

#[test]
fn every_rulebook_id_gives_the_directors_and_the_engines_profile() {
    for id in RulebookId::ALL {
        let profile = Profile::of(id).unwrap_or_else(|e| panic!("{}: {e}", id.id()));
        assert_eq!(profile.id, id);
        assert_eq!(profile.table, Ruleset::profile(id.id()).unwrap());
        // The engine's and the director's files name the same rulebook.
        assert_eq!(*profile.director.name, *profile.table.name, "{}", id.id());
        assert_eq!(*profile.director.name, *id.name());
        assert_eq!(Profile::get(id.id()).unwrap().director, profile.director);
    }
    // TDA-7 by default; HC-1.7 draws seats with cards: the HC file is laid over TDA.
    assert_eq!(
        Profile::of(RulebookId::Tda).unwrap().director.seat_draw,
        SeatDraw::Random
    );
    assert_eq!(
        Profile::of(RulebookId::Hc).unwrap().director.seat_draw,
        SeatDraw::Cards
    );
}

#[test]
fn tda2019_is_tda_for_the_director_too() {
    let profile = Profile::get("tda2019").unwrap();
    assert_eq!(profile.id, RulebookId::Tda);
    let text = include_str!("../templates/turbo.toml")
        .replace("profile = \"tda\"", "profile = \"tda2019\"");
    assert!(text.contains("tda2019"));
    EventConfig::from_toml(&text).expect("tda2019 is a known profile");
}

#[test]
fn an_unknown_profile_is_refused_with_the_known_ones() {
    let err = Profile::get("casino").unwrap_err().to_string();
    assert!(
        err.contains("'casino'") && err.contains("tda (or tda2019), wwpla, hc, dg, jpr"),
        "{err}"
    );
    let text = include_str!("../templates/turbo.toml")
        .replace("profile = \"tda\"", "profile = \"casino\"");
    let err = EventConfig::from_toml(&text).unwrap_err();
    assert_eq!(err.field, "profile");
    assert!(
        err.problem.contains("tda (or tda2019), wwpla, hc, dg, jpr"),
        "{}",
        err.problem
    );
}

/// Issue 35 item 4: an event's profile is a rulebook's id once read, whatever its case or the
/// spaces around it, so that HC-1.6's limits (checked on the id) cannot be slipped by " hc ".
#[test]
fn a_profile_is_read_as_its_rulebook_hc_1_6() {
    let text =
        include_str!("../templates/turbo.toml").replace("profile = \"tda\"", "profile = \" HC \"");
    let config = EventConfig::from_toml(&text).expect("the turbo under HC");
    assert_eq!(config.profile, RulebookId::Hc);
}
