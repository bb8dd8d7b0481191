//! `croupier sim` end to end: a tournament played to the winner with its summary, the same seed
//! giving the same tournament, and bad input refused with what was wrong.

mod common;

fn sim(args: &[&str]) -> (bool, String, String) {
    common::croupier(&[&["sim"], args].concat())
}

#[test]
fn a_tournament_is_played_to_the_winner_and_summed_up() {
    let args = [
        "--entrants",
        "120",
        "--template",
        "turbo",
        "--seed",
        "4",
        "--quiet",
    ];
    let (ok, out, err) = sim(&args);
    assert!(ok, "{err}");
    assert!(out.starts_with("Turbo (tda profile), 120 entries"), "{out}");
    for line in [
        "prize pool",
        "hands played",
        "tables broken",
        "largest imbalance",
        "peak memory",
    ] {
        assert!(out.contains(line), "no `{line}` in\n{out}");
    }
    // The places listed run 1, 2, 3... from the winner.
    let places: Vec<u32> = out
        .lines()
        .skip_while(|l| !l.starts_with("place"))
        .skip(1)
        .map_while(|l| l.split_whitespace().next()?.parse().ok())
        .collect();
    assert_eq!(places, (1..=10).collect::<Vec<_>>());
    let again = sim(&args).1;
    let without_times = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.starts_with("wall time") && !l.starts_with("peak memory"))
            .map(String::from)
            .collect()
    };
    assert_eq!(
        without_times(&out),
        without_times(&again),
        "the same seed, the same tournament"
    );
}

#[test]
fn every_profile_runs_from_the_command_line() {
    for profile in ["tda", "wwpla", "hc", "dg", "jpr"] {
        let (ok, out, err) = sim(&[
            "--entrants",
            "50",
            "--template",
            "hc",
            "--profile",
            profile,
            "--quiet",
            "--traffic",
        ]);
        assert!(ok, "{profile}: {err}");
        assert!(out.contains(&format!("({profile} profile)")), "{out}");
    }
}

#[test]
fn bad_input_says_what_was_wrong() {
    let (ok, _, err) = sim(&["--template", "nope"]);
    assert!(!ok);
    assert!(
        err.contains("no template \"nope\"; there are hc, deepstack, turbo"),
        "{err}"
    );
    let (ok, _, err) = sim(&["--entrants", "1"]);
    assert!(!ok && err.contains("at least 2 entrants"), "{err}");
    let (ok, _, err) = sim(&["--template", "hc", "--profile", "casino"]);
    assert!(
        !ok && err.contains("unknown ruleset profile 'casino' (known: tda (or tda2019), wwpla"),
        "{err}"
    );
    // HC-1.6: a multi-table HC event offers no rebuys; the turbo template has them.
    let (ok, _, err) = sim(&["--entrants", "40", "--template", "turbo", "--profile", "hc"]);
    assert!(!ok && err.contains("HC-1.6"), "{err}");
}
