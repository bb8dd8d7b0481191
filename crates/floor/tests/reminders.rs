//! The dealer's reminders at each moment of a hand, by profile: what the rulebooks ask of the
//! people at the table, shown with its rule (TDA-26, TDA-RP-1, TDA-RP-2, TDA-RP-12, TDA-RP-13,
//! TDA-25A, TDA-46A; DG-1 to DG-5, DG-15.3; HC-1.13.3 to HC-1.13.5).

use floor::Profile;
use floor::reminders::{Moment, reminders};

fn rules(profile: Profile, moment: Moment) -> Vec<&'static str> {
    reminders(profile, moment)
        .iter()
        .map(|s| s.rule.id())
        .collect()
}

/// DG-1, DG-2, DG-3, DG-4, DG-5: under the dealer's guide the deck is gathered, scrambled,
/// handed over (to a stand-in when the next dealer is away, DG-29), counted when in doubt and
/// shuffled, in that order, before every deal.
#[test]
fn dg_1_to_5_the_deck_handed_over_and_shuffled_before_the_deal() {
    assert_eq!(
        rules(Profile::Dg, Moment::BeforeDeal),
        ["DG-1", "DG-2", "DG-3", "DG-29", "DG-4", "DG-5"]
    );
}

/// TDA-26: elsewhere, decks change at the dealer push or level change; players cannot ask.
#[test]
fn tda_26_deck_changes_are_the_houses() {
    for profile in [Profile::Tda, Profile::Hc, Profile::Wwpla, Profile::Jpr] {
        let steps = reminders(profile, Moment::BeforeDeal);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].rule.id(), "TDA-26");
        assert!(steps[0].text.en.to_string().contains("players cannot ask"));
        assert!(
            steps[0]
                .text
                .de
                .to_string()
                .contains("Spieler dürfen keinen Wechsel")
        );
    }
}

/// TDA-RP-12, TDA-RP-2, TDA-46A, TDA-RP-1, TDA-25A: while betting, bets are announced and
/// left in front, a player with chips out states the action first, all-ins are marked and
/// stacks kept countable.
#[test]
fn tda_rp_2_rp_12_46a_rp_1_25a_while_betting() {
    let tda = rules(Profile::Tda, Moment::Betting);
    for id in ["TDA-RP-12", "TDA-RP-2", "TDA-46A", "TDA-RP-1", "TDA-25A"] {
        assert!(tda.contains(&id), "{id}: {tda:?}");
    }
    assert!(!tda.contains(&"HC-1.13.5") && !tda.contains(&"DG-15.3"));
}

/// HC-1.13.5: the dealer repeats every raise, calls an all-in and names each card.
#[test]
fn hc_1_13_5_raises_and_all_ins_repeated() {
    assert!(rules(Profile::Hc, Moment::Betting).contains(&"HC-1.13.5"));
}

/// DG-15.3: only the dealer makes change.
#[test]
fn dg_15_3_only_the_dealer_makes_change() {
    assert!(rules(Profile::Dg, Moment::Betting).contains(&"DG-15.3"));
}

/// HC-1.13.4, HC-1.13.3: a burn before each street after a tap, kept apart; the board in
/// dealt order, turn and river to the right.
#[test]
fn hc_1_13_3_and_4_burn_and_board_layout() {
    assert_eq!(
        rules(Profile::Hc, Moment::Board),
        ["HC-1.13.4", "HC-1.13.3"]
    );
    assert!(rules(Profile::Tda, Moment::Board).is_empty());
}

/// TDA-RP-13: in split-pot games the pot's chips are stacked now and then.
#[test]
fn tda_rp_13_split_pots_stacked() {
    assert_eq!(
        rules(Profile::Tda, Moment::Showdown { split: true }),
        ["TDA-RP-13"]
    );
    assert!(rules(Profile::Tda, Moment::Showdown { split: false }).is_empty());
}

/// Every reminder reads in both languages.
#[test]
fn every_reminder_has_both_languages() {
    for profile in Profile::ALL {
        for moment in [
            Moment::BeforeDeal,
            Moment::Betting,
            Moment::Board,
            Moment::Showdown { split: true },
        ] {
            for s in reminders(profile, moment) {
                assert!(!s.text.en.to_string().is_empty() && !s.text.de.to_string().is_empty());
            }
        }
    }
}
