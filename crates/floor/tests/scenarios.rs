//! Every scenario file in the repository passes: the TDA 2019 illustrations' worked examples for
//! rules 40, 43, 45, 46, 47, 51, 52 and 53 (`scenarios/tda`), other rules of the chapter on bets
//! (`scenarios/rules`), and the house profiles where they differ (`scenarios/house`).

use std::path::{Path, PathBuf};

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    out.sort();
    out
}

fn run_all(folder: &str) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(folder);
    let mut failures = Vec::new();
    let all = files(&dir);
    for file in &all {
        let text = std::fs::read_to_string(file).expect("a readable scenario");
        match floor::scenario::run(&text) {
            Ok(report) if report.expect.is_none() => {
                failures.push(format!("{}: states no expected ruling", file.display()))
            }
            Ok(report) if report.passed() => {}
            Ok(report) => failures.push(format!(
                "{}:\n  {}",
                file.display(),
                report.mismatches.join("\n  ")
            )),
            Err(e) => failures.push(format!("{}: {e}", file.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    all.len()
}

#[test]
fn tda_illustrations_rules_40_to_53() {
    let n = run_all("tda");
    assert!(n >= 60, "only {n} TDA scenarios");
}

#[test]
fn house_profiles_where_they_differ() {
    assert!(run_all("house") >= 10);
}

#[test]
fn other_rules_41_to_59() {
    assert!(run_all("rules") >= 10);
}

#[test]
fn a_wrong_expectation_fails_tda_45() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/tda/r45_example_2.toml");
    let text = std::fs::read_to_string(dir).expect("the example");
    let wrong = text.replace("p4 cbr 1700", "p4 cc");
    assert_ne!(wrong, text, "the example's expected raise");
    let report = floor::scenario::run(&wrong).expect("a valid scenario");
    assert!(!report.passed());
}

#[test]
fn malformed_scenarios_say_what_is_wrong() {
    for (text, says) in [
        ("variant = 'NT'", "starting_stacks"),
        (
            "variant = 'NT'\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]\nruleset = 'casino'",
            "unknown ruleset profile 'casino' (known: tda (or tda2019), wwpla, hc, dg, jpr)",
        ),
        (
            "variant = 'NT'\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]\nactions = ['p9 f']",
            "the hand so far",
        ),
        (
            "variant = 'NT'\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]\ndenominations = [1, 5]\n[[act]]\nplayer = 2\nchips = [7]",
            "a chip of 7 is not in play",
        ),
        // An unknown flop has its three cards (HC-1.12); a street is all known or all `??`.
        (
            "variant = 'NT'\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]\nactions = ['p2 cc', 'p1 cc', 'd db ????']",
            "2 unknown board cards where 3 are due (HC-1.12)",
        ),
        (
            "variant = 'NT'\nstarting_stacks = [100, 100]\nblinds_or_straddles = [1, 2]\nactions = ['p2 cc', 'p1 cc', 'd db As????']",
            "partly unknown",
        ),
    ] {
        let err = floor::scenario::run(text).expect_err(text).to_string();
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn a_scenario_may_name_tda_as_tda_or_tda2019() {
    // One rulebook id (engine::RulebookId): `tda2019` in the scenario files, `tda` elsewhere.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/tda/r45_example_2.toml");
    let text = std::fs::read_to_string(path).expect("the example");
    let short = text.replace("ruleset = \"tda2019\"", "ruleset = \"tda\"");
    assert_ne!(short, text);
    let (long, short) = (floor::scenario::run(&text), floor::scenario::run(&short));
    let (long, short) = (long.expect("tda2019"), short.expect("tda"));
    assert!(long.passed() && short.passed());
    assert_eq!(long.profile, short.profile);
}

/// One vocabulary across the scenario kinds: `profile = "hc"` as director scenarios write it
/// picks the same ruleset as `ruleset = "hc"`; a file naming two different ones is refused.
#[test]
fn profile_ids_as_director_scenarios_write_them() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/tda/r45_example_2.toml");
    let text = std::fs::read_to_string(path).expect("the example");
    assert!(text.contains("ruleset = \"tda2019\""));
    let tda = text.replace("ruleset = \"tda2019\"", "profile = \"tda\"");
    let report = floor::scenario::run(&tda).expect("a valid scenario");
    assert!(report.passed(), "{:?}", report.mismatches);
    assert_eq!(report.profile.scenario_id(), "tda2019");
    let hc = text.replace("ruleset = \"tda2019\"", "profile = \"hc\"");
    assert_eq!(floor::scenario::run(&hc).expect("valid").profile.id(), "hc");
    let both = text.replace(
        "ruleset = \"tda2019\"",
        "ruleset = \"tda2019\"\nprofile = \"hc\"",
    );
    let err = floor::scenario::run(&both).expect_err("two rulesets");
    assert!(err.to_string().contains("differ"), "{err}");
}

/// A scenario's reasons as the CLI writes them (players as `p4`) and as a tablet does, with
/// the names it knows: the players and amounts are the text's arguments (TDA-59B, DG-15.11).
#[test]
fn reasons_carry_their_players_and_amounts_tda_59b_dg_15_11() {
    use engine::{Chips, Player};
    use floor::Piece;
    let run = |file: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        floor::scenario::run(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let report = run("scenarios/rules/r59b_call_before_the_amount.toml");
    let called = report
        .rulings
        .iter()
        .flat_map(|r| &r.reasons)
        .find(|r| r.rule.id() == "TDA-59B")
        .expect("TDA-59B is cited");
    assert_eq!(
        called.text.en.to_string(),
        "p4 called before p3's raise had an amount: the call stands for whatever the raise is"
    );
    assert_eq!(
        called.text.de.to_string(),
        "p4 hat gecallt, bevor die Höhe des Raise von p3 feststand: der Call gilt für jeden Betrag"
    );
    let names = |p: Player| ["Ann", "Bob", "p4", "Dee p3"][p.index()].to_string();
    assert_eq!(
        called.text.de.render(names),
        "Dee p3 hat gecallt, bevor die Höhe des Raise von p4 feststand: der Call gilt für jeden \
         Betrag"
    );
    let report = run("scenarios/house/oot_bet_changed_fold_dg.toml");
    let dead = report
        .rulings
        .iter()
        .flat_map(|r| &r.reasons)
        .find(|r| r.rule.id() == "DG-15.11" && r.text.en.to_string().contains("dead money"))
        .expect("DG-15.11 is cited for the dead money");
    assert!(dead.text.en.pieces().contains(&Piece::Chips(Chips(300))));
    assert_eq!(
        dead.text.de.render(names),
        "die außer der Reihe gesetzten 300 bleiben als Dead Money im Pot"
    );
}
