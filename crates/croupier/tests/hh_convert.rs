//! `croupier hh convert`: PHH to PokerStars text through the binary, a file and a folder;
//! hands that cannot be written are named with their file and the reason, never dropped
//! silently.

mod common;

const HAND: &str = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [10, 20]\nmin_bet = 20\nstarting_stacks = [1000, 1000]\nactions = ['d dh p1 AsKs', 'd dh p2 7h2c', 'p2 cbr 60', 'p1 f']\nplayers = ['Ann', 'Ben']\nhand = 41\nyear = 2026\nmonth = 11\nday = 22\ntime = 18:00:00\ntime_zone = 'Europe/Berlin'\ntime_zone_abbreviation = 'CET'\n";

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hh-convert-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_file_converts_to_pokerstars_text_with_the_et_time() {
    let dir = temp("file");
    let file = dir.join("one.phh");
    std::fs::write(&file, HAND).unwrap();
    let out = dir.join("one.txt");
    let (ok, _, stderr) = common::croupier(&[
        "hh",
        "convert",
        file.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.starts_with("PokerStars Hand #41:  Hold'em No Limit (10/20) - 2026/11/22 18:00:00 CET [2026/11/22 12:00:00 ET]\n"),
        "{text}"
    );
    // Heads-up the button (the last PHH player) posts the small blind (TDA-34).
    assert!(
        text.contains("Ben: posts small blind 10\nAnn: posts big blind 20\n"),
        "{text}"
    );
    assert!(text.contains("Ben: raises 40 to 60\nAnn: folds\nUncalled bet (40) returned to Ben\nBen collected 40 from pot\n"), "{text}");
    // Without --out the text goes to standard output; --time-zone moves the time.
    let (ok, stdout, stderr) = common::croupier(&[
        "hh",
        "convert",
        file.to_str().unwrap(),
        "--time-zone",
        "America/New_York",
    ]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.starts_with(
            "PokerStars Hand #41:  Hold'em No Limit (10/20) - 2026/11/22 12:00:00 ET\n"
        ),
        "{stdout}"
    );
}

#[test]
fn a_folder_converts_file_by_file_and_names_what_it_cannot_write() {
    let dir = temp("folder");
    let input = dir.join("in");
    std::fs::create_dir_all(input.join("sub")).unwrap();
    std::fs::write(input.join("a.phh"), HAND).unwrap();
    let two = format!(
        "[1]\n{HAND}\n[2]\n{}",
        HAND.replace("hand = 41", "hand = 42")
    );
    std::fs::write(input.join("sub/b.phhs"), two).unwrap();
    let draw = HAND.replace("variant = 'NT'", "variant = 'F2L3D'");
    std::fs::write(input.join("sub/c.phh"), draw).unwrap();
    std::fs::write(input.join("sub/d.phh"), "variant = \n").unwrap();
    let out = dir.join("out");
    let (ok, _, stderr) = common::croupier(&[
        "hh",
        "convert",
        input.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!ok, "a hand not written fails the command");
    let a = std::fs::read_to_string(out.join("a.txt")).unwrap();
    assert_eq!(a.matches("PokerStars Hand #").count(), 1);
    let b = std::fs::read_to_string(out.join("sub/b.txt")).unwrap();
    assert!(b.contains("Hand #41:") && b.contains("Hand #42:"), "{b}");
    assert!(!out.join("sub/c.txt").exists());
    assert!(
        stderr.contains("sub/c.phh: variant 'F2L3D' is not one the engine deals"),
        "{stderr}"
    );
    assert!(stderr.contains("sub/d.phh: "), "{stderr}");
    assert!(
        stderr.contains("3 hands written, 2 not written"),
        "{stderr}"
    );
    // All into one file.
    let one = dir.join("all.txt");
    let _ = common::croupier(&[
        "hh",
        "convert",
        input.to_str().unwrap(),
        "--out",
        one.to_str().unwrap(),
    ]);
    let all = std::fs::read_to_string(&one).unwrap();
    assert_eq!(all.matches("PokerStars Hand #").count(), 3);
}

#[test]
fn a_bad_zone_or_input_is_one_clear_error() {
    let (ok, _, stderr) =
        common::croupier(&["hh", "convert", "x.phh", "--time-zone", "Mars/Olympus"]);
    assert!(!ok);
    assert!(
        stderr.contains("unknown time zone 'Mars/Olympus'"),
        "{stderr}"
    );
    let (ok, _, stderr) = common::croupier(&["hh", "convert", "notes.txt"]);
    assert!(!ok);
    assert!(
        stderr.contains("notes.txt: not a .phh or .phhs file"),
        "{stderr}"
    );
}
