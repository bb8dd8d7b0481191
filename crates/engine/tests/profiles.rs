//! Ruleset profiles: TDA 2019 is the default and each house rulebook changes only what it says
//! differently (../shared/rules/README.md, "Where the rulebooks disagree").

use engine::{AbsentPlayers, CapHeadsUp, ProfileError, RulebookId, Ruleset, ShortBigBlind};
use std::collections::BTreeSet;

const IDS: [&str; 5] = ["tda", "wwpla", "hc", "dg", "jpr"];

/// The fields in which two rulesets differ, the name left out. Destructured without `..`, so a
/// new field must be added here.
fn differences(a: &Ruleset, b: &Ruleset) -> BTreeSet<&'static str> {
    let Ruleset {
        name: _,
        limit_raise_cap,
        limit_cap_heads_up,
        short_big_blind,
        absent_players,
        straddles,
    } = a;
    let mut out = BTreeSet::new();
    if *limit_raise_cap != b.limit_raise_cap {
        out.insert("limit_raise_cap");
    }
    if *limit_cap_heads_up != b.limit_cap_heads_up {
        out.insert("limit_cap_heads_up");
    }
    if *short_big_blind != b.short_big_blind {
        out.insert("short_big_blind");
    }
    if *absent_players != b.absent_players {
        out.insert("absent_players");
    }
    if *straddles != b.straddles {
        out.insert("straddles");
    }
    out
}

/// The keys a profile file sets, from its text: `key = value` lines outside comments.
fn keys_in_file(id: &str) -> BTreeSet<String> {
    let path = format!("{}/profiles/{id}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, _)| k.trim().to_string())
        .filter(|k| k != "name")
        .collect()
}

#[test]
fn every_profile_loads() {
    for id in IDS {
        let r = Ruleset::profile(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(!r.name.is_empty(), "{id} has a name");
    }
    assert_eq!(Ruleset::profile("TDA").unwrap(), Ruleset::tda());
}

#[test]
fn tda_2019_is_the_default() {
    let tda = Ruleset::tda();
    // HC-3.4.1 a and the usual house limit under TDA-48: one bet and three raises.
    assert_eq!(tda.limit_raise_cap, 4);
    // TDA-48: capped heads-up until the event is down to two players.
    assert_eq!(tda.limit_cap_heads_up, CapHeadsUp::UntilEventHeadsUp);
    // TDA-30: absent players are dealt in.
    assert_eq!(tda.absent_players, AbsentPlayers::DealtIn);
    // The README's default for the short big blind: the full blind is owed.
    assert_eq!(tda.short_big_blind, ShortBigBlind::FullBlindOwed);
    // TDA forbids no straddle.
    assert!(tda.straddles);
}

#[test]
fn each_profile_differs_from_tda_only_where_its_rulebook_does() {
    let tda = Ruleset::tda();
    // From the rulebooks: WWPLA-9 no straddles; HC-1.12 no straddles, HC-3.4.1 c unlimited
    // heads-up outside tournaments; DG-8a pausing players skipped; JPR-10 needs no setting.
    let expected: [(&str, &[&str]); 5] = [
        ("tda", &[]),
        ("wwpla", &["straddles"]),
        ("hc", &["limit_cap_heads_up", "straddles"]),
        ("dg", &["absent_players"]),
        ("jpr", &[]),
    ];
    for (id, fields) in expected {
        let r = Ruleset::profile(id).unwrap();
        let diff = differences(&r, &tda);
        let want: BTreeSet<&str> = fields.iter().copied().collect();
        assert_eq!(diff, want, "{id} against TDA");
        let named: BTreeSet<String> = keys_in_file(id);
        if id != "tda" {
            let diff: BTreeSet<String> = diff.iter().map(|s| s.to_string()).collect();
            assert_eq!(named, diff, "{id}.toml names exactly what it changes");
        }
    }
}

#[test]
fn profile_values_follow_the_rulebooks() {
    let wwpla = Ruleset::profile("wwpla").unwrap();
    assert!(!wwpla.straddles, "WWPLA-9");
    let hc = Ruleset::profile("hc").unwrap();
    assert!(!hc.straddles, "HC-1.12");
    assert_eq!(
        hc.limit_cap_heads_up,
        CapHeadsUp::TournamentOnly,
        "HC-3.4.1 c"
    );
    assert_eq!(hc.limit_raise_cap, 4, "HC-3.4.1 a: one bet and 3 raises");
    assert_eq!(
        hc.short_big_blind,
        ShortBigBlind::FullBlindOwed,
        "HC-1.13.2"
    );
    let dg = Ruleset::profile("dg").unwrap();
    assert_eq!(dg.absent_players, AbsentPlayers::Skipped, "DG-8a");
}

#[test]
fn an_unknown_profile_is_refused_by_name() {
    let err = Ruleset::profile("house").unwrap_err();
    assert!(matches!(err, ProfileError::Unknown(ref id) if id == "house"));
    assert_eq!(
        err.to_string(),
        "unknown ruleset profile 'house' (known: tda (or tda2019), wwpla, hc, dg, jpr)"
    );
    let err = "tda2018".parse::<RulebookId>().unwrap_err();
    assert!(
        err.to_string()
            .contains("tda (or tda2019), wwpla, hc, dg, jpr"),
        "{err}"
    );
}

#[test]
fn tda_and_tda2019_name_the_same_rulebook() {
    // The scenario files and the dealer tablet say `tda2019`, event configs say `tda`.
    for id in ["tda", "tda2019", "TDA2019", " Tda "] {
        assert_eq!(id.parse::<RulebookId>().unwrap(), RulebookId::Tda, "{id:?}");
    }
    assert_eq!(RulebookId::Tda.scenario_id(), "tda2019");
    assert_eq!(RulebookId::Tda.id(), "tda");
}

#[test]
fn every_rulebook_id_round_trips_and_has_a_ruleset() {
    let mut names = BTreeSet::new();
    for (id, text) in RulebookId::ALL.into_iter().zip(IDS) {
        assert_eq!(id.id(), text);
        assert_eq!(text.parse::<RulebookId>().unwrap(), id);
        assert_eq!(id.scenario_id().parse::<RulebookId>().unwrap(), id);
        let ruleset = id.ruleset();
        assert_eq!(ruleset, Ruleset::profile(text).unwrap());
        assert!(
            names.insert(ruleset.name.to_string()),
            "{text}: its own name"
        );
        // Ruleset::straddle_rule knows the rulebook by this name.
        assert_eq!(*ruleset.name, *id.name());
    }
}

#[test]
fn a_profile_with_an_unknown_key_is_refused() {
    let err = Ruleset::from_profile_text("odd_chip = \"button\"").unwrap_err();
    assert!(matches!(err, ProfileError::Invalid(_)), "{err:?}");
}
