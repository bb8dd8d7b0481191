//! Every director scenario in `scenarios/` passes: the rulebooks' own examples (HC-1.7, HC-1.8,
//! HC-1.3, TDA-10, TDA-RP-8A and B, TDA-RP-9) and variations under each profile; bad files are
//! refused with the file's key named, never a panic.

use std::path::{Path, PathBuf};
use tournament::scenario;

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
        assert!(scenario::is_director(&text), "{}", file.display());
        match scenario::run(&text) {
            Ok(report) if report.expect.is_none() => {
                failures.push(format!("{}: states no expectation", file.display()))
            }
            Ok(report) if report.passed() => {}
            Ok(report) => failures.push(format!(
                "{}:\n  {}\n  instructions:\n    {}",
                file.display(),
                report.mismatches.join("\n  "),
                report
                    .outcome
                    .instructions
                    .iter()
                    .map(|i| i.to_string())
                    .collect::<Vec<_>>()
                    .join("\n    ")
            )),
            Err(e) => failures.push(format!("{}: {e}", file.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    all.len()
}

/// Every file under `scenarios/`, whatever its folder, passes; the rulebooks' own examples are
/// among them.
#[test]
fn every_file_in_the_folder_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut folders = Vec::new();
    for entry in std::fs::read_dir(&root).expect("the scenarios folder") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            folders.push(path.file_name().unwrap().to_string_lossy().to_string());
        }
    }
    let total: usize = folders.iter().map(|f| run_all(f)).sum();
    assert!(total >= 20, "{total}");
    for example in [
        "hc/hc_1_7_final_table.toml",
        "hc/hc_1_8_example.toml",
        "hc/hc_1_3_same_hand.toml",
        "tda/tda_10_break_table.toml",
        "tda/rp8a_example.toml",
        "tda/rp8b_hand_for_hand_starts.toml",
        "tda/rp9_final_table.toml",
    ] {
        assert!(root.join(example).exists(), "{example}");
    }
}

#[test]
fn tda_examples_and_variations() {
    assert!(run_all("tda") >= 8);
}

#[test]
fn hc_examples_and_variations() {
    assert!(run_all("hc") >= 6);
}

#[test]
fn wwpla_variations() {
    assert!(run_all("wwpla") >= 2);
}

const HC_1_8: &str = include_str!("../scenarios/hc/hc_1_8_example.toml");

fn error_of(text: &str) -> String {
    match scenario::run(text) {
        Ok(report) => panic!("accepted: {:?}", report.outcome.instructions),
        Err(e) => e.to_string(),
    }
}

/// Bad input is refused naming the key and the problem, never a panic.
#[test]
fn bad_files_are_refused_naming_the_key() {
    let cases: [(&str, &str, &str); 12] = [
        ("\"A2\", \"A3\"", "\"A2\", \"A2\"", "A2 is listed twice"),
        ("player = \"C4\"", "player = \"C9\"", "C9 is not seated"),
        (
            "player = \"C4\"",
            "player = \"A4\"",
            "A4 is not seated at table C",
        ),
        ("name = \"B\"", "name = \"A\"", "table A is named twice"),
        (
            "button = 1\nplayers = [\"A1\"",
            "button = 1\ncolour = 2\nplayers = [\"A1\"",
            "unknown field `colour`",
        ),
        ("[draw]", "[draw]\nhands = 2", "unknown field `hands`"),
        (
            "clock_stopped = true",
            "clock_stoped = true",
            "unknown field `clock_stoped`",
        ),
        (
            "B = \"4c\"",
            "B = \"4x\"",
            "`draw.source.B`: \"4x\" is not a card of the deck",
        ),
        ("B = \"4c\"", "B = \"9h\"", "dealt twice"),
        (
            "profile = \"hc\"",
            "profile = \"pokerstars\"",
            "`profile`: unknown ruleset profile 'pokerstars' (known: tda (or tda2019)",
        ),
        (
            "[[bust]]\ntable = \"C\"",
            "[[bust]]\ntable = \"D\"",
            "`bust[1].table`: no table D",
        ),
        (
            "moves = [{ player = \"B4\"",
            "moves = [{ player = \"Z9\"",
            "Z9 is not seated",
        ),
    ];
    for (from, to, problem) in cases {
        assert!(HC_1_8.contains(from), "{from}");
        let err = error_of(&HC_1_8.replacen(from, to, 1));
        assert!(err.contains(problem), "{to}: {err}");
    }
    assert!(error_of("kind = \"director\"\n").contains("no player is seated"));
    let huge = HC_1_8.replace(
        "[expect]",
        "[event]\npayouts = [18446744073709551615, 1]\n[expect]",
    );
    assert!(error_of(&huge).contains("`event.payouts`"));
    let ten = HC_1_8.replace("B = \"4c\"", "B = \"10c\"");
    // HC-1.8: the ten of clubs is above A's nine, so A gives.
    let report = scenario::run(&ten).expect("10c is Tc");
    assert_eq!(report.outcome.moves[0].player, "A4");
    let game = HC_1_8.replace("game = \"NT\"", "game = \"holdem\"");
    assert!(error_of(&game).contains("`game`: \"holdem\" is not a PHH variant code"));
    let by = HC_1_8.replace("player = \"C4\"", "player = \"C4\"\nby = \"A1\"");
    assert!(error_of(&by).contains("`bust[1].by`: A1 is not at table C"));
    let seats = HC_1_8.replace(
        "source = { A = \"9h\", B = \"4c\" }",
        "seats = { C4 = \"C/0\" }",
    );
    assert!(error_of(&seats).contains("`draw.seats.C4`: \"0\" is not a seat"));
}

/// A wrong expectation fails (HC-1.8: B4 takes C4's own seat, not another).
#[test]
fn a_wrong_expectation_fails_hc_1_8() {
    let wrong = HC_1_8.replace("to = \"C/4\"", "to = \"C/5\"");
    let report = scenario::run(&wrong).expect("a valid scenario");
    assert!(!report.passed());
    assert!(
        report.mismatches[0].starts_with("moves:"),
        "{:?}",
        report.mismatches
    );
    // HC-1.8: the table with the lower card gives; swapping the cards moves A4 instead.
    let swapped = HC_1_8.replace("A = \"9h\", B = \"4c\"", "A = \"4c\", B = \"9h\"");
    let report = scenario::run(&swapped).expect("a valid scenario");
    assert_eq!(report.outcome.moves[0].player, "A4");
}

/// Every scenario with any one line left out, or any one number changed, is run or refused
/// with an error: nothing panics.
#[test]
fn damaged_files_never_panic() {
    for folder in ["tda", "hc", "wwpla"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(folder);
        for file in files(&dir) {
            let text = std::fs::read_to_string(&file).expect("a readable scenario");
            let lines: Vec<&str> = text.lines().collect();
            for i in 0..lines.len() {
                let mut damaged = lines.clone();
                damaged.remove(i);
                let _ = scenario::run(&damaged.join("\n"));
                for n in ["0", "1", "2", "11", "99"] {
                    let changed: String = lines[i]
                        .split(' ')
                        .map(|w| {
                            if w.chars().all(|c| c.is_ascii_digit()) && !w.is_empty() {
                                n
                            } else {
                                w
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(" ");
                    let mut damaged = lines.clone();
                    damaged[i] = &changed;
                    let _ = scenario::run(&damaged.join("\n"));
                }
            }
        }
    }
}

/// Without `[draw]` the software draws from a fixed seed: the same file gives the same seats
/// (TDA-10's two-stage draw here).
#[test]
fn the_software_draw_is_the_same_every_run() {
    let text = include_str!("../scenarios/hc/break_table.toml");
    let first = scenario::run(text).expect("a valid scenario").outcome.moves;
    let second = scenario::run(text).expect("a valid scenario").outcome.moves;
    assert_eq!(first.len(), 5);
    assert_eq!(first, second);
}

/// The profile a scenario names (`tda` by default).
fn profile_of(text: &str) -> String {
    text.lines()
        .find_map(|l| l.strip_prefix("profile = \""))
        .and_then(|rest| rest.split('"').next())
        .unwrap_or("tda")
        .to_string()
}

/// The rules of every instruction whose text contains `what`.
fn cited_for(text: &str, what: &str) -> Vec<Vec<&'static str>> {
    let report = scenario::run(text).expect("a valid scenario");
    report
        .outcome
        .instructions
        .iter()
        .filter(|i| i.text.contains(what))
        .map(|i| i.rules.iter().map(|r| r.id()).collect())
        .collect()
}

fn under(text: &str, profile: &str) -> String {
    let from = format!("profile = \"{}\"", profile_of(text));
    assert!(text.contains(&from), "{from}");
    text.replacen(&from, &format!("profile = \"{profile}\""), 1)
}

/// Every instruction cites the active profile's rulebook, or TDA 2019 where it has no rule of
/// its own; never another house rulebook. The one exception is a knockout bounty, which only
/// HC-1.2 describes, whatever the profile.
#[test]
fn every_instruction_cites_the_profiles_rulebook_or_tda() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut wrong = Vec::new();
    for folder in ["tda", "hc", "wwpla"] {
        for file in files(&root.join(folder)) {
            let text = std::fs::read_to_string(&file).expect("a readable scenario");
            for profile in ["tda", "hc", "wwpla", "dg", "jpr"] {
                let text = under(&text, profile);
                let own = format!("{}-", profile.to_uppercase());
                let Ok(report) = scenario::run(&text) else {
                    continue;
                };
                for i in &report.outcome.instructions {
                    for id in &i.rules {
                        let bounty = *id == "HC-1.2" && i.text.contains("bounty");
                        if !(id.id().starts_with("TDA-") || id.id().starts_with(&own) || bounty) {
                            wrong.push(format!("{} under {profile}: {i}", file.display()));
                        }
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The dead button and going heads-up: TDA-32 and TDA-34, HC-3.6, WWPLA-9 by the profile;
/// dg and jpr have no rule of their own, so TDA's.
#[test]
fn buttons_cite_the_profiles_own_rule() {
    let dead = include_str!("../scenarios/tda/dead_button_big_blind_busts.toml");
    let heads_up = include_str!("../scenarios/tda/heads_up_button.toml");
    for (profile, dead_rules, heads_up_rules) in [
        ("tda", vec!["TDA-32"], vec!["TDA-32", "TDA-34"]),
        ("dg", vec!["TDA-32"], vec!["TDA-32", "TDA-34"]),
        ("jpr", vec!["TDA-32"], vec!["TDA-32", "TDA-34"]),
        ("hc", vec!["HC-3.6"], vec!["HC-3.6"]),
        ("wwpla", vec!["WWPLA-9"], vec!["WWPLA-9"]),
    ] {
        assert_eq!(
            cited_for(&under(dead, profile), "button of A"),
            vec![dead_rules],
            "{profile}"
        );
        assert_eq!(
            cited_for(&under(heads_up, profile), "button of FT"),
            vec![heads_up_rules],
            "{profile}"
        );
    }
}

/// A broken table's player between the small blind and the button waits: TDA-10, or WWPLA-12
/// under wwpla (HC has no rule of its own on it).
#[test]
fn sitting_out_cites_the_profiles_own_rule() {
    let text = include_str!("../scenarios/tda/tda_10_break_table.toml");
    for (profile, rule) in [("tda", "TDA-10"), ("hc", "TDA-10"), ("wwpla", "WWPLA-12")] {
        assert_eq!(
            cited_for(&under(text, profile), "sits out"),
            vec![vec![rule]],
            "{profile}"
        );
    }
}

/// Players out in the same hand: HC-1.3 with a card draw (HC-3.5) under hc; under wwpla the one
/// nearer the big blind places higher (WWPLA-12), no card needed; TDA 2019 has no rule, so the
/// stacks at the start place them (TDA-1) and ties are drawn (TDA-RP-14).
#[test]
fn same_hand_places_cite_the_profiles_own_rule() {
    let text = include_str!("../scenarios/hc/hc_1_3_same_hand.toml");
    let hc = scenario::run(text).expect("valid");
    assert_eq!(hc.outcome.places["F5"], 5);
    assert_eq!(cited_for(text, "F5 finishes")[0], vec!["HC-1.3", "HC-3.5"]);

    let tda = under(text, "tda");
    let report = scenario::run(&tda).expect("valid");
    assert_eq!(report.outcome.places["F5"], 5, "the same cards decide");
    assert_eq!(
        cited_for(&tda, "F5 finishes")[0],
        vec!["TDA-1", "TDA-RP-14"]
    );
    assert_eq!(
        cited_for(&tda, "F2 finishes")[0],
        vec!["TDA-1", "TDA-RP-14"]
    );
    assert_eq!(cited_for(&tda, "drew Qs")[0], vec!["TDA-RP-14"]);

    // WWPLA-12: F3 (the last big blind) is nearer the blind than F5: no draw.
    let wwpla = under(text, "wwpla");
    let report = scenario::run(&wwpla).expect("valid");
    assert_eq!(
        (report.outcome.places["F3"], report.outcome.places["F5"]),
        (5, 6)
    );
    assert_eq!(cited_for(&wwpla, "F5 finishes")[0], vec!["WWPLA-12"]);
    assert!(cited_for(&wwpla, "drew").is_empty());

    // One player out: only HC numbers the places; TDA and WWPLA have no rule to cite.
    let one = include_str!("../scenarios/tda/heads_up_button.toml");
    assert_eq!(cited_for(one, "F3 finishes"), vec![Vec::<&str>::new()]);
    assert_eq!(
        cited_for(&under(one, "hc"), "F3 finishes"),
        vec![vec!["HC-1.3"]]
    );
}

/// TDA-RP-8A: players out in one hand-for-hand hand share only when their places reach into
/// the money (a paid place and an unpaid one among them); otherwise each keeps its place's own
/// prize and RP-8A is not cited.
#[test]
fn rp8a_shares_only_in_the_hand_that_reaches_the_money() {
    let example = include_str!("../scenarios/tda/rp8a_example.toml");
    let prizes = |text: &str| {
        let report = scenario::run(text).expect("valid");
        let p = &report.outcome.prizes;
        let cited = report.outcome.rules().contains(&"TDA-RP-8A");
        ((p["P103"], p["P205"], p["P307"]), cited)
    };
    // The example: only place 50 paid among 50-52: its 150 shared by three.
    assert_eq!(prizes(example), ((50, 50, 50), true));
    // Places 50 and 51 paid: their 150 and 90 shared by the three.
    let two_paid = example.replace(", 150]", ", 150, 90]");
    assert_eq!(prizes(&two_paid), ((80, 80, 80), true));
    // No paid place among theirs: nothing to share.
    let none_paid = example.replace(", 150]", ", 0]");
    assert_eq!(prizes(&none_paid), ((0, 0, 0), false));
    // Every one of their places paid already: nobody came into the money in that hand.
    let all_paid = example.replace(", 150]", ", 150, 120, 90]");
    assert_eq!(prizes(&all_paid), ((150, 120, 90), false));
    // Not hand-for-hand: each place its own prize.
    let not_hfh = example.replace("hand_for_hand = true\n", "");
    assert_eq!(prizes(&not_hfh), ((150, 0, 0), false));

    let early = include_str!("../scenarios/tda/rp8a_unpaid_places_keep_their_own.toml");
    let report = scenario::run(early).expect("valid");
    assert!(report.passed(), "{:?}", report.mismatches);
    assert!(!report.outcome.rules().contains(&"TDA-RP-8A"));
}
