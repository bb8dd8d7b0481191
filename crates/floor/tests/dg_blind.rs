//! Acting blind under the dealer's guide: the dealer accepts a bet, raise or re-raise made
//! without looking (DG-15a.5); UTG's blind bet is announced and is no straddle, so the big blind
//! keeps the last option (DG-9). The other rulebooks say nothing of it: a blind act is an act.

use engine::{Action, Chips, HandSetup, Player, Variant};
use floor::{Act, FloorHand, Profile, Ruling};

const UTG: Player = Player(2);
const BIG_BLIND: Player = Player(1);

fn hand(profile: Profile) -> FloorHand {
    let stacks = vec![Chips(1_000); 4];
    let blinds = [Chips(5), Chips(10), Chips::ZERO, Chips::ZERO];
    let setup = HandSetup::new(Variant::NO_LIMIT_HOLDEM, &stacks, &blinds, Chips(10));
    let mut f = FloorHand::new(profile, setup, &[Chips(5), Chips(25)]).expect("a table");
    f.deal_unknown_holes();
    f
}

fn blind(player: Player, say: &str, chips: &[u64]) -> Act {
    let mut act = Act::new(player).say(say).chips(chips);
    act.blind = true;
    act
}

fn says(r: &Ruling, id: &str, words: &str) -> bool {
    r.reasons
        .iter()
        .any(|x| x.rule.id() == id && x.text.en.to_string().contains(words))
}

/// DG-9, DG-15a.5: UTG calls blind: announced, accepted, and the big blind still has the option.
#[test]
fn dg_9_a_utg_blind_call_leaves_the_big_blind_its_option() {
    let mut f = hand(Profile::Dg);
    let r = f.act(&blind(UTG, "call", &[5, 5])).expect("an act");
    assert_eq!(r.actions, vec![(UTG, Action::Call)]);
    assert!(says(&r, "DG-15a.5", "dealer accepts"), "{r:#?}");
    assert!(says(&r, "DG-9", "10 UTG blind!"), "{r:#?}");
    assert!(says(&r, "DG-9", "big blind keeps the last option"));
    // Not a straddle: play goes on to the left of UTG ...
    assert_eq!(r.next, Some(Player(3)));
    for p in [Player(3), Player(0)] {
        f.act(&Act::new(p).say("call")).expect("a call");
    }
    // ... and the big blind acts last, free to raise.
    assert_eq!(f.hand().actor(), Some(BIG_BLIND));
    let legal = f.hand().legal_actions().expect("the big blind's turn");
    assert!(legal.bet_or_raise.is_some(), "DG-9: the big blind's option");
    assert!(legal.check, "DG-9: the big blind may check");
}

/// DG-9: a blind raise from UTG is a raise, no straddle: UTG gets no option of its own.
#[test]
fn dg_9_a_utg_blind_raise_is_no_straddle() {
    let mut f = hand(Profile::Dg);
    let r = f.act(&blind(UTG, "raise 30", &[25, 5])).expect("an act");
    assert!(says(&r, "DG-9", "30 UTG blind!"), "{r:#?}");
    for p in [Player(3), Player(0), BIG_BLIND] {
        f.act(&Act::new(p).say("call")).expect("a call");
    }
    assert_eq!(
        f.hand().actor(),
        None,
        "DG-9: everyone called the blind raise; the round is over"
    );
}

/// DG-15a.5: a blind raise later in the hand is accepted too; only the hand's first act is the
/// UTG blind of DG-9.
#[test]
fn dg_15a_5_a_blind_raise_later_is_accepted() {
    let mut f = hand(Profile::Dg);
    f.act(&Act::new(UTG).say("call")).expect("a call");
    let r = f
        .act(&blind(Player(3), "raise 40", &[25, 5, 5, 5]))
        .expect("an act");
    assert!(says(&r, "DG-15a.5", "dealer accepts"), "{r:#?}");
    assert!(!r.reasons.iter().any(|x| x.rule.id() == "DG-9"));
}

/// Under TDA 2019 a blind act is an act like any other: no announcement.
#[test]
fn tda_a_blind_act_is_an_act() {
    let mut f = hand(Profile::Tda);
    let r = f.act(&blind(UTG, "call", &[5, 5])).expect("an act");
    assert_eq!(r.actions, vec![(UTG, Action::Call)]);
    assert!(!r.reasons.iter().any(|x| x.rule.id().starts_with("DG-")));
}
