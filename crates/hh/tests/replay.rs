//! Replaying PHH hands: the show order the file records after an all-in (TDA-16, TDA-17A),
//! heads-up antes in PokerKit's order (TDA-34), PokerKit's checks and folds for players with
//! nothing to decide, and cards nobody recorded (`??`).

use hh::{Outcome, parse_phh, replay};

/// Three-handed no-limit hold'em, blinds 50/100, with these stacks, actions and finishing
/// stacks.
fn three_handed(stacks: &str, actions: &[&str], finishing: &str) -> Outcome {
    phh("[0, 0, 0]", "[50, 100, 0]", stacks, actions, finishing)
}

fn phh(antes: &str, blinds: &str, stacks: &str, actions: &[&str], finishing: &str) -> Outcome {
    let actions: Vec<String> = actions.iter().map(|a| format!("'{a}'")).collect();
    let text = format!(
        "variant = 'NT'\nante_trimming_status = false\nantes = {antes}\n\
         blinds_or_straddles = {blinds}\nmin_bet = 100\nstarting_stacks = {stacks}\n\
         actions = [{}]\nfinishing_stacks = {finishing}\n",
        actions.join(", ")
    );
    replay(&parse_phh(&text).expect("test hand parses"))
}

fn notes(outcome: &Outcome) -> &[String] {
    match outcome {
        Outcome::Passed { notes } => notes,
        other => panic!("expected a pass, got {other:?}"),
    }
}

fn failure(outcome: Outcome) -> String {
    match outcome {
        Outcome::Failed(reason) => reason,
        other => panic!("expected a failure, got {other:?}"),
    }
}

// --- Shows after an all-in, in the file's order (TDA-16, TDA-17A) ---------------------------

/// p3 folds, checked to the river, p1 bets 6000 and p2 calls all-in for less.
const RIVER_ALL_IN: [&str; 14] = [
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
];

fn river_all_in(then: &[&str]) -> Outcome {
    let actions = [&RIVER_ALL_IN[..], &["p2 cc"], then].concat();
    // p2's queens win the 10000 main pot; p1's uncalled 1000 comes back.
    three_handed("[10000, 5000, 10000]", &actions, "[5000, 10000, 10000]")
}

#[test]
fn tda_16_the_caller_all_in_shows_first_then_the_bettor() {
    let outcome = river_all_in(&["p2 sm QhQd", "p1 sm AsKs"]);
    assert!(notes(&outcome).is_empty(), "{outcome:?}");
}

#[test]
fn tda_17a_the_bettor_shows_first_then_the_caller() {
    let outcome = river_all_in(&["p1 sm AsKs", "p2 sm QhQd"]);
    assert!(notes(&outcome).is_empty(), "{outcome:?}");
}

#[test]
fn tda_16_a_hand_the_file_leaves_unshown_is_turned_over_and_said() {
    let outcome = river_all_in(&["p2 sm QhQd"]);
    assert_eq!(
        notes(&outcome),
        [
            "p1's hand must be face up (TDA-16) and the file does not show it: turned over by the dealer"
        ]
    );
}

#[test]
fn tda_16_an_all_in_hand_mucked_is_refused() {
    let reason = failure(river_all_in(&["p1 sm AsKs", "p2 sm"]));
    assert!(reason.contains("TDA-16"), "{reason}");
}

#[test]
fn tda_16_a_required_hand_nobody_saw_fails() {
    let mut actions = RIVER_ALL_IN.to_vec();
    actions[0] = "d dh p1 ????";
    actions.extend(["p2 cc", "p2 sm QhQd"]);
    let reason = failure(three_handed(
        "[10000, 5000, 10000]",
        &actions,
        "[5000, 10000, 10000]",
    ));
    assert!(
        reason.contains("p1's hand must be face up (TDA-16)"),
        "{reason}"
    );
}

#[test]
fn tda_16_all_in_before_the_flop_shows_after_the_runout_in_either_order() {
    for shows in [["p2 sm QhQd", "p1 sm AsKs"], ["p1 sm AsKs", "p2 sm QhQd"]] {
        let mut actions = vec![
            "d dh p1 AsKs",
            "d dh p2 QhQd",
            "d dh p3 7c2d",
            "p3 f",
            "p1 cbr 5000",
            "p2 cc",
            "d db 2c7d9h",
            "d db 3s",
            "d db 4d",
        ];
        actions.extend(shows);
        let outcome = three_handed("[10000, 5000, 10000]", &actions, "[5000, 10000, 10000]");
        assert!(notes(&outcome).is_empty(), "{shows:?}: {outcome:?}");
    }
}

// --- Heads-up antes (TDA-34) ---------------------------------------------------------------

/// Heads-up, a big-blind ante, checked down: p2's queens beat p1's ace-king on 2c7d9h3s4d.
fn heads_up(antes: &str, finishing: &str) -> Outcome {
    let actions = [
        "d dh p1 AsKs",
        "d dh p2 QhQd",
        "p2 cc",
        "p1 cc",
        "d db 2c7d9h",
        "p1 cc",
        "p2 cc",
        "d db 3s",
        "p1 cc",
        "p2 cc",
        "d db 4d",
        "p1 cc",
        "p2 cc",
        "p1 sm AsKs",
        "p2 sm QhQd",
    ];
    phh(antes, "[100, 200]", "[5000, 5000]", &actions, finishing)
}

#[test]
fn tda_34_heads_up_antes_are_read_in_the_blinds_order() {
    // TDA-34: heads-up the button posts the small blind, so p1 (listed second in PHH) is the
    // big blind, and `antes = [0, 200]` is p1's big-blind ante. PokerKit 0.7.7 ends this hand
    // at [4600, 5400] (p1 paid blind and ante, 400); with `antes = [200, 0]`, at [4800, 5200].
    assert!(notes(&heads_up("[0, 200]", "[4600, 5400]")).is_empty());
    assert!(notes(&heads_up("[200, 0]", "[4800, 5200]")).is_empty());
    let reason = failure(heads_up("[0, 200]", "[4800, 5200]"));
    assert_eq!(reason, "p1 finishes with 4600, the file says 4800");
}

// --- PokerKit's checks and folds for a player with nothing to decide ------------------------

/// p3 folds, p1 (small blind 50) calls all-in for 60; the big blind has nothing to call and
/// nobody to bet against.
fn short_call(extra: &[&str], finishing: &str) -> Outcome {
    let mut actions = vec![
        "d dh p1 AsKs",
        "d dh p2 QhQd",
        "d dh p3 7c2d",
        "p3 f",
        "p1 cc",
    ];
    actions.extend(extra);
    actions.extend([
        "d db 2c7d9h",
        "d db 3s",
        "d db 4d",
        "p1 sm AsKs",
        "p2 sm QhQd",
    ]);
    three_handed("[60, 5000, 5000]", &actions, finishing)
}

#[test]
fn tda_16_pokerkits_check_by_a_player_with_nothing_to_decide_is_a_no_op() {
    // The 40 of p2's big blind nobody called comes back; p2 wins 120.
    let outcome = short_call(&["p2 cc"], "[0, 5060, 5000]");
    assert_eq!(
        notes(&outcome),
        [
            "p2's check or call is a no-op: nothing to decide (no bet to face and nobody left who can bet), as PokerKit records it"
        ]
    );
    let outcome = short_call(&["p2 f"], "[0, 5060, 5000]");
    assert_eq!(notes(&outcome).len(), 1, "{outcome:?}");
    assert!(notes(&outcome)[0].starts_with("p2's fold is a no-op"));
    // Left out, as written PHH does: no note.
    assert!(notes(&short_call(&[], "[0, 5060, 5000]")).is_empty());
}

#[test]
fn tda_16_a_player_all_in_checking_is_a_no_op() {
    let outcome = short_call(&["p1 cc"], "[0, 5060, 5000]");
    assert_eq!(
        notes(&outcome),
        ["p1's check or call is a no-op: nothing to decide (all-in), as PokerKit records it"]
    );
}

#[test]
fn a_bet_where_no_action_is_due_stays_refused() {
    let reason = failure(short_call(&["p2 cbr 200"], "[0, 5060, 5000]"));
    assert!(reason.starts_with("action 6 'p2 cbr 200'"), "{reason}");
    // A player who folded has no check to make either.
    let reason = failure(short_call(&["p3 cc"], "[0, 5060, 5000]"));
    assert!(reason.starts_with("action 6 'p3 cc'"), "{reason}");
}

#[test]
fn tda_50a_a_call_out_of_turn_with_players_to_act_is_no_no_op() {
    // p1 bets the flop with p2 to act; p3, not all-in, calls: the file skips p2, whose fold is
    // taken as read (PokerKit's reading), and p3's call counts. p3's sevens win 700.
    let actions = [
        "d dh p1 AsKs",
        "d dh p2 QhQd",
        "d dh p3 7c2d",
        "p3 cc",
        "p1 cc",
        "p2 cc",
        "d db 2c7d9h",
        "p1 cbr 200",
        "p3 cc",
        "d db 3s",
        "p1 cc",
        "p3 cc",
        "d db 4d",
        "p1 cc",
        "p3 cc",
    ];
    let outcome = three_handed("[10000, 10000, 10000]", &actions, "[9700, 9900, 10400]");
    assert_eq!(
        notes(&outcome),
        ["p2's fold is missing from the file and taken as read"]
    );
}

// --- Unknown cards (`??`) ------------------------------------------------------------------

#[test]
fn unknown_flop_then_a_fold_checks_the_stacks() {
    let actions = [
        "d dh p1 ????",
        "d dh p2 ????",
        "d dh p3 ????",
        "p3 f",
        "p1 cc",
        "p2 cc",
        "d db ??????",
        "p1 cbr 200",
        "p2 f",
    ];
    let outcome = three_handed("[10000, 10000, 10000]", &actions, "[10100, 9900, 10000]");
    assert!(notes(&outcome).is_empty(), "{outcome:?}");
    let reason = failure(three_handed(
        "[10000, 10000, 10000]",
        &actions,
        "[10000, 10000, 10000]",
    ));
    assert!(reason.starts_with("p1 finishes with 10100"), "{reason}");
}

#[test]
fn unknown_flop_at_a_showdown_leaves_the_pots_unchecked_and_says_so() {
    let mut actions = RIVER_ALL_IN.to_vec();
    actions[6] = "d db ??????";
    actions.extend(["p2 cc", "p2 sm QhQd", "p1 sm AsKs"]);
    let outcome = three_handed("[10000, 5000, 10000]", &actions, "[5000, 10000, 10000]");
    assert_eq!(
        notes(&outcome),
        ["cards the file leaves unknown decide a pot: the pots are not checked"]
    );
}

#[test]
fn hc_1_12_an_unknown_street_must_have_its_card_count() {
    let mut actions = RIVER_ALL_IN[..7].to_vec();
    actions[6] = "d db ????";
    let reason = failure(three_handed("[10000, 5000, 10000]", &actions, "[0, 0, 0]"));
    assert!(
        reason.contains("2 unknown board cards where 3 are due (HC-1.12)"),
        "{reason}"
    );
    actions[6] = "d db 2c????";
    let reason = failure(three_handed("[10000, 5000, 10000]", &actions, "[0, 0, 0]"));
    assert!(reason.contains("partly unknown"), "{reason}");
}
