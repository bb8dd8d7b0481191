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
