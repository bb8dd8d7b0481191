//! `croupier phh check` over every hand in testdata/phh (the public PHH sample): each no-limit, pot-limit and
//! fixed-limit hold'em and Omaha hand passes, and each stud, stud hi/lo and razz hand; other
//! variants are skipped, by name.

mod common;

fn check(args: &[&str]) -> (bool, String, String) {
    common::croupier(&[&["phh", "check"], args].concat())
}

#[test]
fn every_flop_and_stud_game_hand_in_the_dataset_replays() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/phh/data");
    let (ok, stdout, stderr) = check(&[data]);
    assert!(ok, "{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    let [.., summary, odd] = lines[..] else {
        panic!("{stdout}");
    };
    assert_eq!(
        summary,
        "393 passed, 0 failed, 12 skipped (F2L3D: 5, FB: 1, N2L1D: 5, NS: 1)"
    );
    assert!(
        odd.starts_with("8 of the passed match up to the odd chip; "),
        "{odd}"
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
        stdout.contains(
            "\n0 passed, 1 failed, 0 skipped\n0 of the passed match up to the odd chip; "
        ),
        "{stdout}"
    );
    let (ok, _, stderr) = check(&["/nonexistent/file.phh"]);
    assert!(!ok);
    assert!(stderr.contains("/nonexistent/file.phh"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Writes `hands` (name, PHH text) into a fresh folder and checks it.
fn check_hands(tag: &str, hands: &[(&str, String)]) -> (bool, String) {
    let dir = std::env::temp_dir().join(format!("phh-check-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in hands {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let (ok, stdout, stderr) = check(&[dir.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    (ok, format!("{stdout}{stderr}"))
}

fn nlhe(antes: &str, blinds: &str, stacks: &str, actions: &[&str], finishing: &str) -> String {
    let actions: Vec<String> = actions.iter().map(|a| format!("'{a}'")).collect();
    format!(
        "variant = 'NT'\nante_trimming_status = false\nantes = {antes}\n\
         blinds_or_straddles = {blinds}\nmin_bet = 100\nstarting_stacks = {stacks}\n\
         actions = [{}]\nfinishing_stacks = {finishing}\n",
        actions.join(", ")
    )
}

/// The hands of issue 16: the caller all-in shows first (TDA-16), a heads-up big-blind ante
/// (TDA-34; PokerKit ends it at [4600, 5400]), PokerKit's check by a big blind with nothing to
/// decide, an unknown flop; each passes and each note is its own line, the summary too.
#[test]
fn issue_16_hands_pass_with_their_notes_on_their_own_lines() {
    let river = [
        "d dh p1 AsKs",
        "d dh p2 QhQd",
        "d dh p3 7c2d",
        "p3 f",
        "p1 cc",
        "p2 cc",
        "d db 2c7d9h",
        "p1 cc",
        "p2 cc",
        "d db 3s",
        "p1 cc",
        "p2 cc",
        "d db 4d",
        "p1 cbr 6000",
        "p2 cc",
    ];
    let three = |actions: &[&str]| {
        let all = [&river[..], actions].concat();
        nlhe(
            "[0, 0, 0]",
            "[50, 100, 0]",
            "[10000, 5000, 10000]",
            &all,
            "[5000, 10000, 10000]",
        )
    };
    let hands = [
        ("a-caller-first.phh", three(&["p2 sm QhQd", "p1 sm AsKs"])),
        ("b-unshown.phh", three(&["p2 sm QhQd"])),
        (
            "c-heads-up-ante.phh",
            nlhe(
                "[0, 200]",
                "[100, 200]",
                "[5000, 5000]",
                &[
                    &river[..2],
                    &["p2 cc", "p1 cc"],
                    &river[6..13],
                    &["p1 cc", "p2 cc"],
                ]
                .concat(),
                "[4600, 5400]",
            ),
        ),
        (
            "d-redundant-check.phh",
            nlhe(
                "[0, 0, 0]",
                "[50, 100, 0]",
                "[60, 5000, 5000]",
                &[&river[..5], &["p2 cc", "d db 2c7d9h", "d db 3s", "d db 4d"]].concat(),
                "[0, 5060, 5000]",
            ),
        ),
        (
            "e-unknown-flop.phh",
            nlhe(
                "[0, 0, 0]",
                "[50, 100, 0]",
                "[10000, 5000, 10000]",
                &[
                    &river[..6],
                    &["d db ??????"],
                    &river[7..],
                    &["p1 sm AsKs", "p2 sm QhQd"],
                ]
                .concat(),
                "[5000, 10000, 10000]",
            ),
        ),
    ];
    let (ok, out) = check_hands("issue16", &hands);
    assert!(ok, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let note = |file: &str, text: &str| {
        assert!(
            lines
                .iter()
                .any(|l| l.ends_with(&format!("{file}: passed; {text}"))),
            "{out}"
        );
    };
    note(
        "b-unshown.phh",
        "p1's hand must be face up (TDA-16) and the file does not show it: turned over by the dealer",
    );
    note(
        "d-redundant-check.phh",
        "p2's check or call is a no-op: nothing to decide (no bet to face and nobody left who can bet), as PokerKit records it",
    );
    note(
        "e-unknown-flop.phh",
        "cards the file leaves unknown decide a pot: the pots are not checked",
    );
    // d's file shows neither hand after the all-in: both are turned over, each said.
    note(
        "d-redundant-check.phh",
        "p2's hand must be face up (TDA-16) and the file does not show it: turned over by the dealer",
    );
    assert_eq!(
        lines.len(),
        7,
        "five notes, the summary, the odd chips: {out}"
    );
    assert_eq!(lines[5], "5 passed, 0 failed, 0 skipped");
    assert!(lines[6].starts_with("0 of the passed match up to the odd chip; "));
}
