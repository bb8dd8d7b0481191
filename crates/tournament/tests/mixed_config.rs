//! Stud and mixed-game configurations refused with the field and the problem: stud's bring-in
//! and small bet (TDA-RP-10), eight players a table at most (TDA-RP-10H), stud without blinds,
//! and the rotation (HC-1, TDA-11B).

use tournament::config::{ConfigError, EventConfig, RotateBy};

/// Valid: HORSE by hands on 8-handed tables, flop-game blinds, stud antes and bring-ins.
const BASE: &str = r#"
name = "Mix"
table_size = 8
starting_stack = 10000
chips = [5, 25]
structure = "fixed-limit"

[rotation]
games = ["holdem", "omaha-hilo", "razz", "stud", "stud-hilo"]
hands = 8

[[levels]]
small_blind = 25
big_blind = 50
stud_ante = 10
bring_in = 15
minutes = 20

[[levels]]
small_blind = 50
big_blind = 100
stud_ante = 15
bring_in = 25
minutes = 20

[payouts]
curve = { paid_percent = 20, ratio = 0.5 }
"#;

const GAMES: &str = r#"games = ["holdem", "omaha-hilo", "razz", "stud", "stud-hilo"]"#;
const ROTATION: &str = "[rotation]\n";
const L1: &str = "small_blind = 25\nbig_blind = 50\nstud_ante = 10\nbring_in = 15";

/// BASE with `extra` on top and `from` replaced by `to`.
fn edit(extra: &str, from: &str, to: &str) -> String {
    assert!(BASE.contains(from), "{from}");
    format!("{extra}\n{}", BASE.replacen(from, to, 1))
}

fn refused(extra: &str, from: &str, to: &str) -> ConfigError {
    let text = edit(extra, from, to);
    EventConfig::from_toml(&text).expect_err(&text)
}

/// BASE without its rotation: one game for the whole event.
fn single(game: &str, structure: &str) -> String {
    let text = BASE
        .replacen(ROTATION, "", 1)
        .replacen(GAMES, "", 1)
        .replacen("hands = 8\n", "", 1)
        .replacen("structure = \"fixed-limit\"", structure, 1);
    format!("game = \"{game}\"\n{text}")
}

#[test]
fn the_base_and_the_template_pass() {
    let base = EventConfig::from_toml(BASE).unwrap();
    assert_eq!(base.rotation.unwrap().by, RotateBy::Hands);
    EventConfig::template("horse").unwrap();
}

/// (extra on top, text replaced, replacement, the field refused, words in the problem)
#[rustfmt::skip]
const REFUSED: &[(&str, &str, &str, &str, &str)] = &[
    // TDA-RP-10: stud needs a bring-in, no more than the small bet that completes it.
    ("", "stud_ante = 10\nbring_in = 15", "stud_ante = 10", "levels[0].bring_in", "bring-in"),
    // The small bet is the big blind unless given.
    ("", "bring_in = 25", "bring_in = 125", "levels[1].bring_in", "above the small bet 100"),
    ("", "bring_in = 15", "bring_in = 20\nsmall_bet = 15", "levels[0].bring_in", "above the small bet 15"),
    ("", "bring_in = 15", "bring_in = 17", "levels[0].bring_in", "multiple of 5"),
    ("", "bring_in = 25", "bring_in = 10", "levels[1].bring_in", "never go down"),
    ("", "stud_ante = 10", "stud_ante = 12", "levels[0].stud_ante", "multiple of 5"),
    ("", "bring_in = 15", "bring_in = 15\nsmall_bet = 50\nbig_bet = 40", "levels[0].big_bet", "below the small bet 50"),
    // TDA-RP-10H: seven cards to each of eight players at most.
    ("", "table_size = 8", "table_size = 9", "table_size", "at most 8"),
    ("final_table_size = 9", "", "", "final_table_size", "at most 8"),
    // The rotation.
    ("", GAMES, "games = []", "rotation.games", "at least one game"),
    ("", "hands = 8", "hands = 0", "rotation.hands", "at least 1 hand"),
    ("", GAMES, r#"games = ["holdem", { game = "razz", hands = 0 }]"#, "rotation.games[1].hands", "at least 1 hand"),
    ("", GAMES, r#"games = ["holdem", "razzz"]"#, "rotation.games", "unknown variant `razzz`"),
    ("", GAMES, r#"games = ["holdem", { game = "razz", structure = "no-limt" }]"#, "rotation.games", "unknown variant `no-limt`"),
    ("", GAMES, "by = \"level\"\ngames = [\"holdem\", { game = \"razz\", hands = 3 }]", "rotation.games[1].hands", "by level"),
    ("", L1, "game = \"razz\"\nsmall_blind = 25\nbig_blind = 50", "levels[0].game", "[rotation]"),
    ("", L1, "structure = \"no-limit\"\nsmall_blind = 25\nbig_blind = 50", "levels[0].structure", "[rotation]"),
];

#[test]
fn each_broken_mixed_config_names_its_field() {
    for &(extra, from, to, field, words) in REFUSED {
        let e = refused(extra, from, to);
        assert_eq!(e.field, field, "{to}: {e}");
        assert!(e.problem.contains(words), "{to}: {e}");
    }
}

#[test]
fn a_stud_only_event_has_no_blinds_but_a_small_bet() {
    // TDA-RP-10: antes and a bring-in, no blinds.
    let e = EventConfig::from_toml(&single("stud", "structure = \"fixed-limit\"")).unwrap_err();
    assert_eq!(e.field, "levels[0].small_blind");
    assert!(e.problem.contains("no blinds"), "{e}");
    let no_blinds = single("razz", "structure = \"fixed-limit\"")
        .replace("small_blind = 25\nbig_blind = 50\n", "small_bet = 50\n")
        .replace("small_blind = 50\nbig_blind = 100\n", "small_bet = 100\n");
    let razz = EventConfig::from_toml(&no_blinds).unwrap();
    assert!(razz.stud_only());
    // Without a small bet nothing completes the bring-in.
    let e = EventConfig::from_toml(&no_blinds.replacen("small_bet = 50\n", "", 1)).unwrap_err();
    assert_eq!(e.field, "levels[0].small_bet");
    assert!(e.problem.contains("completing the bring-in"), "{e}");
}

#[test]
fn stud_stakes_in_an_event_without_stud_are_refused() {
    let holdem = single("holdem", "structure = \"no-limit\"");
    let e = EventConfig::from_toml(&holdem).unwrap_err();
    assert_eq!(e.field, "levels[0].bring_in");
    assert!(e.problem.contains("no stud"), "{e}");
    let no_stud = holdem
        .replace("stud_ante = 10\nbring_in = 15\n", "small_bet = 50\n")
        .replace("stud_ante = 15\nbring_in = 25\n", "");
    let e = EventConfig::from_toml(&no_stud).unwrap_err();
    assert_eq!(e.field, "levels[0].small_bet");
    assert!(e.problem.contains("no fixed-limit or stud"), "{e}");
    // Limit hold'em takes a small bet.
    let limit = no_stud.replace("structure = \"no-limit\"", "structure = \"fixed-limit\"");
    EventConfig::from_toml(&limit).unwrap();
}

#[test]
fn rotation_entries_may_set_structure_and_hands() {
    let mixed = edit(
        "",
        GAMES,
        r#"games = [{ game = "holdem", structure = "no-limit", hands = 9 }, "razz", { game = "omaha", structure = "pot-limit" }]"#,
    );
    let config = EventConfig::from_toml(&mixed).unwrap();
    let rotation = config.rotation().unwrap();
    let games: Vec<(String, u32)> = (rotation.games().iter())
        .map(|(kind, hands)| (kind.to_string(), *hands))
        .collect();
    assert_eq!(
        games,
        [
            ("No-Limit Hold'em".to_string(), 9),
            ("Limit Razz".to_string(), 8),
            ("Pot-Limit Omaha".to_string(), 8),
        ]
    );
}
