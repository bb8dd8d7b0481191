//! JPR-9.0 under the JPR profile: the last aggressor shows first, else the first player still in
//! left of the button; a loser may muck unshown; with a player all-in every hand still held is
//! shown.

mod common;
use common::*;
use engine::{Automations, HandError, HandSetup, Op, Player, RulebookId, Step, Variant};

const LIVE_MANUAL_SHOWDOWN: Automations = Automations {
    showdown: false,
    ..Automations::LIVE_DEALER
};

fn jpr(stacks: &[u64], blinds: &[u64]) -> HandSetup {
    let bb = blinds.iter().copied().max().unwrap();
    let mut s = setup(Variant::NO_LIMIT_HOLDEM, stacks, blinds, bb);
    s.ruleset = RulebookId::Jpr.ruleset();
    s
}

/// Three players to the river; `river` is what they do on it.
fn to_the_river(stacks: &[u64], river: &[&str]) -> engine::Hand {
    let mut h = dealt_with(
        jpr(stacks, &[5, 10, 0]),
        LIVE_MANUAL_SHOWDOWN,
        &["As Ad", "7c 2d", "Kh Kd"],
    );
    acts(&mut h, &["c", "c", "x"]);
    for (cards, moves) in [
        ("Qs 8d 3h", &["x", "x", "x"][..]),
        ("9c", &["x", "x", "x"][..]),
    ] {
        board(&mut h, cards);
        acts(&mut h, moves);
    }
    board(&mut h, "4s");
    acts(&mut h, river);
    h
}

/// JPR-9.0: the player who made the last bet shows first.
#[test]
fn jpr_9_0_the_last_aggressor_shows_first() {
    // Player 1 bets on the river, players 2 and 0 call.
    let h = to_the_river(&[1_000; 3], &["x", "50", "c", "c"]);
    assert_eq!(h.step(), Step::ShowOrMuck(Player(1)));
}

/// JPR-9.0: checked down, the first player still in left of the button shows first.
#[test]
fn jpr_9_0_checked_down_first_left_of_the_button_shows_first() {
    let h = to_the_river(&[1_000; 3], &["x", "x", "x"]);
    assert_eq!(h.step(), Step::ShowOrMuck(Player(0)));
}

/// JPR-9.0: a beaten hand may be folded face down; the pot goes to the hand shown.
#[test]
fn jpr_9_0_a_loser_may_muck_unshown() {
    let mut h = to_the_river(&[1_000; 3], &["x", "x", "x"]);
    h.apply(Op::Show {
        player: Player(0),
        cards: None,
    })
    .unwrap();
    h.apply(Op::Muck(Player(1))).unwrap();
    h.apply(Op::Muck(Player(2))).unwrap();
    play_out(&mut h);
    assert_eq!(won(&h), [30, 0, 0]);
    assert_conserved(&h, &[1_000; 3]);
}

/// JPR-9.0: with a player all-in, everyone still holding cards shows.
#[test]
fn jpr_9_0_with_an_all_in_every_hand_is_shown() {
    let mut h = dealt_with(
        jpr(&[100, 1_000], &[10, 5]),
        LIVE_MANUAL_SHOWDOWN,
        &["7c 2d", "As Ah"],
    );
    acts(&mut h, &["c", "x"]);
    board(&mut h, "Ks 8d 3h");
    acts(&mut h, &["90", "c"]);
    let before = format!("{h:?}");
    for p in [0, 1] {
        assert_eq!(
            h.apply(Op::Muck(Player(p))),
            Err(HandError::MustShow { player: Player(p) })
        );
    }
    assert_eq!(format!("{h:?}"), before);
}
