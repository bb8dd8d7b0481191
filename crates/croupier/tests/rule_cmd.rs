//! `croupier rule FILE...`: each ruling printed with its rule ids, expected rulings checked,
//! `N passed, M failed` at the end, and a failure or a corrupt file makes it exit non-zero.

mod common;

fn scenarios() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../floor/scenarios").to_string()
}

#[test]
fn every_scenario_in_the_repository_passes() {
    let (ok, stdout, stderr) = common::croupier(&["rule", &scenarios()]);
    assert!(ok, "{stdout}\n{stderr}");
    let summary = stdout.lines().last().unwrap_or_default();
    assert!(summary.ends_with(" passed, 0 failed"), "{summary}");
    let passed: usize = summary
        .split(' ')
        .next()
        .unwrap_or("0")
        .parse()
        .unwrap_or(0);
    assert!(passed >= 70, "{summary}");
    // TDA-45 example 2: a 1000 and five 100s silently over a raise to 1100 is a raise to 1700.
    assert!(stdout.contains("p4: p4 bet or raise to 1700"), "{stdout}");
    assert!(stdout.contains("TDA-45B"), "{stdout}");
}

#[test]
fn a_failed_expectation_and_a_corrupt_file_are_counted_as_failed() {
    let dir = std::env::temp_dir().join(format!("rule-cmd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wrong = dir.join("wrong.toml");
    std::fs::write(
        &wrong,
        "# TDA-44: a single oversized chip is a call, not a raise\n\
         variant = 'NT'\nblinds_or_straddles = [50, 100, 0]\nstarting_stacks = [5000, 5000, 5000]\n\
         denominations = [25, 100, 500, 1000]\n\
         [[act]]\nplayer = 3\nchips = [1000]\n\
         [expect]\nactions = ['p3 cbr 1000']\nrules = ['TDA-44']\n",
    )
    .unwrap();
    let corrupt = dir.join("corrupt.toml");
    std::fs::write(&corrupt, "variant = [").unwrap();
    let (ok, stdout, _) =
        common::croupier(&["rule", wrong.to_str().unwrap(), corrupt.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        stdout.contains("FAILED: actions: expected [\"p3 cbr 1000\"], got [\"p3 cc\"]"),
        "{stdout}"
    );
    assert!(
        stdout.contains("corrupt.toml: FAILED: not a valid scenario"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().last(), Some("0 passed, 2 failed"));
    std::fs::remove_dir_all(&dir).ok();
}

/// Director scenarios (`kind = "director"`) run beside floor scenarios and count in the same
/// line; HC-1.8's example prints the move with its rule id.
#[test]
fn director_scenarios_count_in_the_same_line() {
    let director = concat!(env!("CARGO_MANIFEST_DIR"), "/../tournament/scenarios");
    let floor = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../floor/scenarios/tda/r45_example_1a.toml"
    );
    let (ok, stdout, stderr) = common::croupier(&["rule", director, floor]);
    assert!(ok, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("move B4 from B/4 to C/4 (HC-1.8)"),
        "{stdout}"
    );
    assert!(stdout.contains("tables A, B, C wait (HC-1.8)"), "{stdout}");
    let summary = stdout.lines().last().unwrap_or_default();
    let passed: usize = summary
        .split(' ')
        .next()
        .unwrap_or("0")
        .parse()
        .unwrap_or(0);
    assert!(
        passed >= 20 && summary.ends_with(" passed, 0 failed"),
        "{summary}"
    );
}

#[test]
fn a_bad_director_file_names_the_file_and_the_key() {
    let dir = std::env::temp_dir().join(format!("rule-director-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "kind = 'director'\n[[table]]\nname = 'A'\nbutton = 1\nplayers = ['A1', 'A2']\n\
         [[bust]]\ntable = 'A'\nplayer = 'B7'\n",
    )
    .unwrap();
    let (ok, stdout, _) = common::croupier(&["rule", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        stdout.contains("bad.toml: FAILED: `bust[1].player`: B7 is not seated"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().last(), Some("0 passed, 1 failed"));
    std::fs::remove_dir_all(&dir).ok();
}

/// Ring scenarios (`kind = "ring"`, issue 18 item 5): every case of HC-1.9, HC-3.6 and JPR-3.0
/// in the repository passes, counted in the same line; a wrong expectation fails.
#[test]
fn ring_scenarios_count_in_the_same_line() {
    let ring = concat!(env!("CARGO_MANIFEST_DIR"), "/../floor/ring");
    let (ok, stdout, stderr) = common::croupier(&["rule", ring]);
    assert!(ok, "{stdout}\n{stderr}");
    // HC-1.9: the last big blind has left: a lone big blind, the button stays.
    assert!(
        stdout.contains("button 3, small blind 0, big blind 6"),
        "{stdout}"
    );
    let summary = stdout.lines().last().unwrap_or_default();
    let passed: usize = summary
        .split(' ')
        .next()
        .unwrap_or("0")
        .parse()
        .unwrap_or(0);
    assert!(
        summary.ends_with(" passed, 0 failed") && passed >= 20,
        "{summary}"
    );

    let dir = std::env::temp_dir().join(format!("rule-ring-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wrong = dir.join("wrong.toml");
    std::fs::write(
        &wrong,
        "kind = 'ring'\nprofile = 'jpr'\nblinds = [1, 2]\n\
         [table]\nbutton = 3\nsmall_blind = 4\nbig_blind = 5\n\
         players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']\naway = ['p6']\n\
         [expect]\nbig_blind = 6\n",
    )
    .unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "kind = 'ring'\nblinds = [1, 2]\n[table]\nbutton = 3\nsmall_blind = 4\nbig_blind = 5\n\
         players = ['p1', 'p2', 'p3', 'p4', 'p5']\naway = ['p9']\n",
    )
    .unwrap();
    let (ok, stdout, _) =
        common::croupier(&["rule", wrong.to_str().unwrap(), bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        stdout.contains("FAILED: big_blind: expected 6, got 7"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\"p9\" is not seated at the table"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().last(), Some("0 passed, 2 failed"));
    std::fs::remove_dir_all(&dir).ok();
}
