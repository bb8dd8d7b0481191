//! `croupier phh check` over every hand in ../shared/phh: each no-limit, pot-limit and
//! fixed-limit hold'em and Omaha hand passes, and each stud, stud hi/lo and razz hand; other
//! variants are skipped, by name.

mod common;

fn check(args: &[&str]) -> (bool, String, String) {
    common::croupier(&[&["phh", "check"], args].concat())
}

#[test]
fn every_flop_and_stud_game_hand_in_the_dataset_replays() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/phh/data");
    let (ok, stdout, stderr) = check(&[data]);
    assert!(ok, "{stdout}\n{stderr}");
    let summary = stdout.lines().last().unwrap_or_default();
    assert_eq!(
        summary,
        "393 passed, 0 failed, 12 skipped (F2L3D: 5, FB: 1, N2L1D: 5, NS: 1)"
    );
    // The 21 stud hands (F7S: 9, F7S/8: 5, FR: 7) are among the passed, none skipped; the razz
    // hand shows both hands after sixth street with a player all-in (TDA-16), deals seventh
    // street face down (TDA-RP-10B) and shows again.
    assert!(
        !stdout.contains("F7S:") && !stdout.contains("FR:"),
        "{stdout}"
    );
    // The eight Pluribus split pots with a `.5` are said to match up to the odd chip (TDA-20).
    assert_eq!(stdout.matches("matches up to the odd chip").count(), 8);
}

#[test]
fn a_corrupt_file_is_a_failing_line_not_a_crash() {
    let dir = std::env::temp_dir().join(format!("phh-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.phh");
    std::fs::write(
        &bad,
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = ['d dh p1 AsKs', 'd dh p2 AsQd', 'p2 cbr 1']\n",
    )
    .unwrap();
    let (ok, stdout, _) = check(&[bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(stdout.contains("FAILED"), "{stdout}");
    assert!(stdout.contains("duplicate card"), "{stdout}");
    assert!(
        stdout.ends_with("0 passed, 1 failed, 0 skipped\n"),
        "{stdout}"
    );
    let (ok, _, stderr) = check(&["/nonexistent/file.phh"]);
    assert!(!ok);
    assert!(stderr.contains("/nonexistent/file.phh"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}
