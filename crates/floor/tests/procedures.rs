//! Irregularities as guided procedures, each test one statement of a rulebook cited in its name.
//! Expected outcomes come from the rulebooks in `../shared/rules`, not from the code.

use engine::{Chips, Player, Street};
use floor::Profile;
use floor::procedure::{
    DeckDefect, Irregularity, MisdealCause, Outcome, PenaltyKind, Procedure, ShowdownIssue,
    Situation, procedure,
};

mod common;
use common::{check, mentions};

const P: Player = Player(4);

/// Pre-flop, the deal just done, nobody has acted.
fn dealt() -> Situation {
    Situation {
        street: Street::Preflop,
        substantial_action: false,
        actions_taken: 0,
        round_actions: 0,
        live_players: 6,
        bets_made: false,
        can_bet: 6,
        stub: 40,
    }
}

/// Pre-flop after `actions` player actions, with or without substantial action (TDA-36).
fn acted(actions: usize, substantial_action: bool) -> Situation {
    Situation {
        actions_taken: actions,
        round_actions: actions,
        substantial_action,
        bets_made: substantial_action,
        ..dealt()
    }
}

/// On `street`, after substantial action, `round_actions` actions on this street so far.
fn later(street: Street, round_actions: usize, bets_made: bool) -> Situation {
    Situation {
        street,
        substantial_action: true,
        actions_taken: 4 + round_actions,
        round_actions,
        live_players: 3,
        bets_made,
        can_bet: 3,
        stub: 40,
    }
}

fn with_live(live_players: usize) -> Situation {
    Situation {
        live_players,
        ..later(Street::Flop, 1, true)
    }
}

fn run(profile: Profile, irregularity: Irregularity, situation: &Situation) -> Procedure {
    procedure(profile, &irregularity, situation)
}

fn td_decides(p: &Procedure) -> bool {
    matches!(p.outcome, Outcome::TdDecides { .. })
}

fn misdeal(cause: MisdealCause) -> Irregularity {
    Irregularity::Misdeal { cause }
}

fn exposed(position: u8, count: u8) -> Irregularity {
    Irregularity::ExposedHoleCard { position, count }
}

fn count(has: u8, is_button: bool, has_acted: bool) -> Irregularity {
    Irregularity::WrongCardCount {
        player: P,
        has,
        needs: 2,
        is_button,
        has_acted,
    }
}

fn four_card_flop(fourth_identifiable: bool, cards: u8) -> Irregularity {
    Irregularity::FourCardFlop {
        fourth_identifiable,
        cards,
    }
}

fn burn(street: Street, burned: u8, board_dealt: bool) -> Irregularity {
    Irregularity::BurnError {
        street,
        burned,
        board_dealt,
    }
}

fn defect(defect: DeckDefect, player_knew: Option<Player>) -> Irregularity {
    Irregularity::DeckDefect {
        defect,
        player_knew,
    }
}

fn joker(holder: Option<Player>, holder_acted: bool) -> Irregularity {
    defect(
        DeckDefect::Joker {
            holder,
            holder_acted,
        },
        None,
    )
}

fn dropped(seen: bool, mixed_with_muck: bool) -> Irregularity {
    Irregularity::DroppedDeck {
        seen,
        mixed_with_muck,
    }
}

fn showdown(issue: ShowdownIssue) -> Irregularity {
    Irregularity::Showdown { player: P, issue }
}

fn clock(facing_bet: bool) -> Irregularity {
    Irregularity::ClockCalled {
        player: P,
        facing_bet,
    }
}

fn penalty(kind: PenaltyKind, players_at_table: u8) -> Irregularity {
    Irregularity::Penalty {
        player: P,
        kind,
        players_at_table,
    }
}

// ---- Misdeals and their window -------------------------------------------------------------

#[test]
fn tda_35a_first_card_to_wrong_seat_is_a_misdeal_repeated_exactly() {
    let p = run(
        Profile::Tda,
        misdeal(MisdealCause::FirstCardWrongSeat),
        &dealt(),
    );
    check(&p, Outcome::Redeal, &["TDA-35A", "TDA-35C"]);
}

#[test]
fn tda_35d_no_misdeal_after_substantial_action() {
    let p = run(
        Profile::Tda,
        misdeal(MisdealCause::SeatSkipped),
        &acted(2, true),
    );
    check(&p, Outcome::Continue, &["TDA-35D", "TDA-36"]);
}

#[test]
fn tda_36_window_follows_substantial_action_not_the_action_count() {
    // Two folds are not substantial action (TDA-36): TDA still allows the misdeal, WWPLA-3 and
    // HC-3.1 do not once two players have acted.
    let two_folds = acted(2, false);
    let cause = misdeal(MisdealCause::CardsToSeatNotInHand);
    check(
        &run(Profile::Tda, cause.clone(), &two_folds),
        Outcome::Redeal,
        &["TDA-35D"],
    );
    check(
        &run(Profile::Wwpla, cause.clone(), &two_folds),
        Outcome::Continue,
        &["WWPLA-3"],
    );
    check(
        &run(Profile::Hc, cause, &two_folds),
        Outcome::Continue,
        &["HC-3.1"],
    );
}

#[test]
fn wwpla_3_misdeal_allowed_until_two_players_acted() {
    let cause = misdeal(MisdealCause::DealtOutOfOrder);
    check(
        &run(Profile::Wwpla, cause.clone(), &acted(1, false)),
        Outcome::Redeal,
        &["WWPLA-3", "TDA-35C"],
    );
    check(
        &run(Profile::Wwpla, cause, &acted(2, true)),
        Outcome::Continue,
        &["WWPLA-3"],
    );
}

#[test]
fn hc_3_1_window_closes_after_two_actions() {
    let cause = misdeal(MisdealCause::FirstCardWrongSeat);
    check(
        &run(Profile::Hc, cause.clone(), &acted(1, false)),
        Outcome::Redeal,
        &["HC-3.1"],
    );
    let late = run(Profile::Hc, cause, &acted(2, false));
    check(&late, Outcome::Continue, &["HC-3.1"]);
    mentions(&late, "No chips are paid back");
}

#[test]
fn hc_3_3_misplaced_button_found_late_is_corrected_next_hand() {
    let p = run(
        Profile::Hc,
        misdeal(MisdealCause::ButtonMisplaced),
        &acted(3, true),
    );
    check(&p, Outcome::Continue, &["HC-3.1", "HC-3.3"]);
    mentions(&p, "next hand");
}

#[test]
fn dg_12_errors_of_the_deal_only_before_any_betting() {
    let cause = misdeal(MisdealCause::DealConfused);
    check(
        &run(Profile::Dg, cause.clone(), &dealt()),
        Outcome::Redeal,
        &["DG-12.7", "DG-12"],
    );
    check(
        &run(Profile::Dg, cause, &acted(1, false)),
        Outcome::Continue,
        &["DG-12"],
    );
}

#[test]
fn dg_12_2_card_taken_by_wrong_player_is_a_misdeal() {
    let p = run(
        Profile::Dg,
        misdeal(MisdealCause::CardTakenByWrongPlayer),
        &dealt(),
    );
    check(&p, Outcome::Redeal, &["DG-12.2"]);
}

#[test]
fn wwpla_3_misplaced_button_is_a_misdeal() {
    let p = run(
        Profile::Wwpla,
        misdeal(MisdealCause::ButtonMisplaced),
        &dealt(),
    );
    check(&p, Outcome::Redeal, &["WWPLA-3"]);
}

#[test]
fn tda_35a_list_is_not_exhaustive() {
    // "schließen ein, sind aber nicht notwendigerweise darauf begrenzt"
    let p = run(
        Profile::Tda,
        misdeal(MisdealCause::DealtOutOfOrder),
        &dealt(),
    );
    check(&p, Outcome::Redeal, &["TDA-35A"]);
    mentions(&p, "not exhaustive");
}

#[test]
fn no_profile_calls_a_misdeal_after_the_flop() {
    for profile in Profile::ALL {
        let p = run(
            profile,
            misdeal(MisdealCause::SeatSkipped),
            &later(Street::Flop, 0, false),
        );
        assert_eq!(p.outcome, Outcome::Continue, "{profile}");
    }
}

// ---- Exposed hole cards during the deal ----------------------------------------------------

#[test]
fn tda_35a_first_card_exposed_is_a_misdeal() {
    check(
        &run(Profile::Tda, exposed(1, 1), &dealt()),
        Outcome::Redeal,
        &["TDA-35A"],
    );
    check(
        &run(Profile::Tda, exposed(2, 1), &dealt()),
        Outcome::Redeal,
        &["TDA-35A"],
    );
}

#[test]
fn tda_35a_any_two_exposed_cards_are_a_misdeal() {
    check(
        &run(Profile::Tda, exposed(7, 2), &dealt()),
        Outcome::Redeal,
        &["TDA-35A", "TDA-35C"],
    );
}

#[test]
fn tda_35a_single_later_card_is_not_a_misdeal() {
    let p = run(Profile::Tda, exposed(5, 1), &dealt());
    check(&p, Outcome::Continue, &["TDA-35A"]);
    mentions(&p, "first burn card");
}

#[test]
fn wwpla_3_one_of_first_two_cards_exposed_is_a_misdeal() {
    check(
        &run(Profile::Wwpla, exposed(2, 1), &dealt()),
        Outcome::Redeal,
        &["WWPLA-3"],
    );
}

#[test]
fn wwpla_10_later_exposed_card_becomes_first_burn() {
    let p = run(Profile::Wwpla, exposed(6, 1), &dealt());
    check(&p, Outcome::Continue, &["WWPLA-10", "WWPLA-5"]);
    mentions(&p, "first burn card");
}

#[test]
fn wwpla_10_more_than_one_exposed_card_is_a_misdeal() {
    check(
        &run(Profile::Wwpla, exposed(6, 2), &dealt()),
        Outcome::Redeal,
        &["WWPLA-10"],
    );
}

#[test]
fn hc_3_1_first_or_second_card_exposed_is_a_misdeal() {
    check(
        &run(Profile::Hc, exposed(1, 1), &dealt()),
        Outcome::Redeal,
        &["HC-3.1"],
    );
    check(
        &run(Profile::Hc, exposed(2, 1), &dealt()),
        Outcome::Redeal,
        &["HC-3.1"],
    );
}

#[test]
fn hc_3_1_third_card_exposed_is_swapped_with_first_burn() {
    let p = run(Profile::Hc, exposed(3, 1), &dealt());
    check(&p, Outcome::Continue, &["HC-3.1"]);
    mentions(&p, "swapped for the first burn card");
}

#[test]
fn hc_3_1_two_exposed_cards_are_a_misdeal() {
    check(
        &run(Profile::Hc, exposed(4, 2), &dealt()),
        Outcome::Redeal,
        &["HC-3.1"],
    );
}

#[test]
fn dg_11_even_the_first_card_exposed_is_only_replaced() {
    let p = run(Profile::Dg, exposed(1, 1), &dealt());
    check(&p, Outcome::Continue, &["DG-11", "DG-17"]);
    mentions(&p, "after the rest of the deal");
}

#[test]
fn dg_12_1_more_than_one_exposed_card_is_a_misdeal() {
    check(
        &run(Profile::Dg, exposed(5, 2), &dealt()),
        Outcome::Redeal,
        &["DG-12.1", "DG-12"],
    );
}

#[test]
fn exposed_count_zero_is_read_as_one_card() {
    assert_eq!(
        run(Profile::Tda, exposed(5, 0), &dealt()).outcome,
        run(Profile::Tda, exposed(5, 1), &dealt()).outcome
    );
}

// ---- Wrong number of hole cards ------------------------------------------------------------

#[test]
fn tda_37_button_short_is_made_up_even_after_substantial_action() {
    let p = run(Profile::Tda, count(1, true, false), &acted(3, true));
    check(&p, Outcome::Continue, &["TDA-37", "TDA-35B"]);
}

#[test]
fn tda_37_button_acting_with_too_few_cards_is_dead() {
    let p = run(Profile::Tda, count(1, true, true), &acted(3, true));
    check(&p, Outcome::KillHand(P), &["TDA-37"]);
}

#[test]
fn tda_38_example_1a_short_hand_dead_after_substantial_action_one_burn() {
    let p = run(Profile::Tda, count(1, false, false), &acted(2, true));
    check(&p, Outcome::KillHand(P), &["TDA-38"]);
    mentions(&p, "example 1-A");
}

#[test]
fn tda_38_example_1b_third_card_dead_and_not_the_burn() {
    let p = run(Profile::Tda, count(3, false, false), &acted(2, true));
    check(&p, Outcome::KillHand(P), &["TDA-38"]);
    mentions(&p, "example 1-B");
}

#[test]
fn tda_35a_wrong_count_before_substantial_action_is_a_misdeal() {
    check(
        &run(Profile::Tda, count(1, false, false), &acted(1, false)),
        Outcome::Redeal,
        &["TDA-35A"],
    );
    check(
        &run(Profile::Tda, count(3, false, false), &dealt()),
        Outcome::Redeal,
        &["TDA-35A"],
    );
}

#[test]
fn wwpla_10_third_card_to_first_player_goes_back_as_next_burn() {
    let p = run(
        Profile::Wwpla,
        Irregularity::WrongCardCount {
            player: Player(0),
            has: 3,
            needs: 2,
            is_button: false,
            has_acted: false,
        },
        &dealt(),
    );
    check(&p, Outcome::Continue, &["WWPLA-10", "WWPLA-5"]);
}

#[test]
fn wwpla_10_more_than_one_card_too_many_is_a_misdeal() {
    check(
        &run(Profile::Wwpla, count(4, false, false), &dealt()),
        Outcome::Redeal,
        &["WWPLA-10"],
    );
}

#[test]
fn wwpla_4_short_hand_after_the_window_is_dead() {
    let p = run(Profile::Wwpla, count(1, true, false), &acted(2, true));
    check(&p, Outcome::KillHand(P), &["WWPLA-4", "WWPLA-3"]);
}

#[test]
fn hc_3_3_extra_card_is_the_burn_if_no_betting_yet() {
    let p = run(Profile::Hc, count(3, false, false), &dealt());
    check(&p, Outcome::Continue, &["HC-3.3"]);
    mentions(&p, "burn card");
}

#[test]
fn hc_3_3_extra_card_after_betting_is_a_dead_hand() {
    let p = run(Profile::Hc, count(3, false, true), &acted(1, true));
    check(&p, Outcome::KillHand(P), &["HC-3.3", "HC-3.2"]);
}

#[test]
fn hc_3_1_two_cards_too_many_is_a_misdeal() {
    check(
        &run(Profile::Hc, count(4, false, false), &acted(1, false)),
        Outcome::Redeal,
        &["HC-3.1"],
    );
}

#[test]
fn hc_3_2_short_button_is_dead_where_tda_37_would_make_it_up() {
    let situation = acted(3, true);
    check(
        &run(Profile::Hc, count(1, true, false), &situation),
        Outcome::KillHand(P),
        &["HC-3.2"],
    );
    check(
        &run(Profile::Tda, count(1, true, false), &situation),
        Outcome::Continue,
        &["TDA-37"],
    );
}

#[test]
fn dg_12_5_more_than_two_cards_during_the_deal_is_a_misdeal() {
    check(
        &run(Profile::Dg, count(3, false, false), &dealt()),
        Outcome::Redeal,
        &["DG-12.5"],
    );
}

#[test]
fn dg_12_4_a_seat_without_cards_is_a_misdeal() {
    check(
        &run(Profile::Dg, count(0, false, false), &dealt()),
        Outcome::Redeal,
        &["DG-12.4"],
    );
}

#[test]
fn dg_button_short_after_betting_began_falls_back_to_tda_37() {
    let p = run(Profile::Dg, count(1, true, false), &acted(1, false));
    check(&p, Outcome::Continue, &["TDA-37"]);
}

// ---- Four-card flop ------------------------------------------------------------------------

#[test]
fn tda_39_four_cards_shuffled_and_floor_draws_the_burn() {
    for identifiable in [true, false] {
        let p = run(
            Profile::Tda,
            four_card_flop(identifiable, 4),
            &later(Street::Flop, 0, false),
        );
        check(&p, Outcome::Continue, &["TDA-39", "TDA-RP-14"]);
        mentions(&p, "at random");
    }
}

#[test]
fn wwpla_10_identifiable_fourth_card_is_an_open_burn() {
    let p = run(
        Profile::Wwpla,
        four_card_flop(true, 4),
        &later(Street::Flop, 0, false),
    );
    check(&p, Outcome::Continue, &["WWPLA-10"]);
}

#[test]
fn wwpla_10_unidentifiable_fourth_card_is_a_misdeal() {
    let p = run(
        Profile::Wwpla,
        four_card_flop(false, 4),
        &later(Street::Flop, 0, false),
    );
    check(&p, Outcome::Redeal, &["WWPLA-10"]);
}

#[test]
fn wwpla_10_more_than_four_flop_cards_is_a_misdeal() {
    let p = run(
        Profile::Wwpla,
        four_card_flop(true, 5),
        &later(Street::Flop, 0, false),
    );
    check(&p, Outcome::Redeal, &["WWPLA-10"]);
}

#[test]
fn dg_18_identifiable_fourth_card_is_the_next_burn() {
    let p = run(
        Profile::Dg,
        four_card_flop(true, 4),
        &later(Street::Flop, 0, false),
    );
    check(&p, Outcome::Continue, &["DG-18", "DG-20"]);
}

#[test]
fn dg_18_unidentifiable_fourth_card_falls_back_to_tda_39() {
    let p = run(
        Profile::Dg,
        four_card_flop(false, 4),
        &later(Street::Flop, 0, false),
    );
    check(&p, Outcome::Continue, &["DG-18", "TDA-39"]);
}

#[test]
fn hc_says_nothing_of_four_card_flops_so_tda_39_applies() {
    let p = run(
        Profile::Hc,
        four_card_flop(true, 4),
        &later(Street::Flop, 0, false),
    );
    check(&p, Outcome::Continue, &["TDA-39"]);
}

#[test]
fn tda_39_covers_four_cards_more_is_the_tds_call() {
    let p = run(
        Profile::Tda,
        four_card_flop(true, 5),
        &later(Street::Flop, 0, false),
    );
    assert!(td_decides(&p));
    check(&p, p.outcome.clone(), &["TDA-RP-14", "TDA-1"]);
}

// ---- Premature board cards -----------------------------------------------------------------

fn premature(street: Street) -> Irregularity {
    Irregularity::PrematureBoard { street }
}

#[test]
fn tda_rp_5a_premature_flop_reshuffled_burn_stays() {
    let p = run(Profile::Tda, premature(Street::Flop), &acted(2, true));
    check(&p, Outcome::Continue, &["TDA-RP-5", "TDA-RP-5A"]);
    mentions(&p, "flop burn card stays the burn");
}

#[test]
fn tda_rp_5b_premature_turn_set_aside_river_card_becomes_turn() {
    let p = run(
        Profile::Tda,
        premature(Street::Turn),
        &later(Street::Flop, 1, true),
    );
    check(&p, Outcome::Continue, &["TDA-RP-5", "TDA-RP-5B"]);
    mentions(&p, "would have been the river as the turn");
    mentions(&p, "return the early turn card to the stub");
}

#[test]
fn tda_rp_5c_premature_river_back_into_stub() {
    let p = run(
        Profile::Tda,
        premature(Street::River),
        &later(Street::Turn, 1, true),
    );
    check(&p, Outcome::Continue, &["TDA-RP-5", "TDA-RP-5C"]);
    mentions(&p, "Return the early river card to the stub");
}

#[test]
fn wwpla_10_premature_turn_river_becomes_turn_river_by_cutting() {
    let p = run(
        Profile::Wwpla,
        premature(Street::Turn),
        &later(Street::Flop, 1, true),
    );
    check(&p, Outcome::Continue, &["WWPLA-10"]);
    mentions(&p, "last card of the first part");
}

#[test]
fn hc_3_3_premature_card_reshuffled_and_laid_without_new_burn() {
    let p = run(
        Profile::Hc,
        premature(Street::Turn),
        &later(Street::Flop, 1, true),
    );
    check(&p, Outcome::Continue, &["HC-3.3"]);
    mentions(&p, "without a new burn");
    assert!(!p.steps.iter().any(|s| s.rule.id() == "TDA-RP-5"));
}

#[test]
fn dg_says_nothing_of_premature_cards_so_tda_rp_5_applies() {
    let p = run(Profile::Dg, premature(Street::Flop), &acted(2, true));
    check(&p, Outcome::Continue, &["TDA-RP-5"]);
}

#[test]
fn tda_rp_5_pre_flop_has_no_board_card() {
    let p = run(Profile::Tda, premature(Street::Preflop), &dealt());
    assert!(td_decides(&p));
}

// ---- Burn errors ---------------------------------------------------------------------------

#[test]
fn dg_17a_forgotten_burn_first_card_burned_face_up() {
    let p = run(
        Profile::Dg,
        burn(Street::Flop, 0, true),
        &later(Street::Flop, 0, false),
    );
    check(&p, Outcome::Continue, &["DG-17a"]);
    mentions(&p, "burned face up");
}

#[test]
fn dg_17a_two_burned_second_goes_into_the_board() {
    let p = run(
        Profile::Dg,
        burn(Street::Turn, 2, true),
        &later(Street::Turn, 0, false),
    );
    check(&p, Outcome::Continue, &["DG-17a"]);
    mentions(&p, "second burn card into the board");
}

#[test]
fn dg_17a_more_than_two_burned_after_the_board_is_a_mess() {
    let p = run(
        Profile::Dg,
        burn(Street::Flop, 3, true),
        &later(Street::Flop, 0, false),
    );
    check(&p, Outcome::SplitAmongLive, &["DG-17a", "DG-30.2"]);
}

#[test]
fn dg_17a_more_than_two_burned_before_the_board_go_back_in_order() {
    let p = run(
        Profile::Dg,
        burn(Street::River, 3, false),
        &later(Street::Turn, 2, true),
    );
    check(&p, Outcome::Continue, &["DG-17a"]);
    mentions(&p, "in their order");
}

#[test]
fn hc_3_3_burn_error_corrected_if_no_bet_yet() {
    let p = run(
        Profile::Hc,
        burn(Street::Turn, 0, true),
        &later(Street::Turn, 1, false),
    );
    check(&p, Outcome::Continue, &["HC-3.3"]);
    mentions(&p, "correct the error");
}

#[test]
fn hc_3_3_burn_error_after_a_bet_card_stands_deal_on_as_if_none() {
    let none = run(
        Profile::Hc,
        burn(Street::Flop, 0, true),
        &later(Street::Flop, 2, true),
    );
    check(&none, Outcome::Continue, &["HC-3.3"]);
    mentions(&none, "the board card stands");
    mentions(&none, "burn two cards");
    let two = run(
        Profile::Hc,
        burn(Street::Flop, 2, true),
        &later(Street::Flop, 2, true),
    );
    mentions(&two, "last burned card back on top");
}

#[test]
fn wwpla_10_flop_burn_error_undone_while_at_most_one_player_acted() {
    let p = run(
        Profile::Wwpla,
        burn(Street::Flop, 0, true),
        &later(Street::Flop, 1, true),
    );
    check(&p, Outcome::Continue, &["WWPLA-10"]);
    mentions(&p, "Undo the error");
}

#[test]
fn wwpla_10_flop_burn_error_not_correctable_is_a_misdeal() {
    let p = run(
        Profile::Wwpla,
        burn(Street::Flop, 2, true),
        &later(Street::Flop, 2, true),
    );
    check(&p, Outcome::Redeal, &["WWPLA-10"]);
}

#[test]
fn wwpla_5_turn_burn_error_after_betting_extra_burn_used_next() {
    let p = run(
        Profile::Wwpla,
        burn(Street::Turn, 2, true),
        &later(Street::Turn, 2, true),
    );
    check(&p, Outcome::Continue, &["WWPLA-5"]);
    mentions(&p, "used as the next burn card");
}

#[test]
fn tda_38_an_extra_burn_card_changes_nothing() {
    let p = run(
        Profile::Tda,
        burn(Street::Flop, 2, true),
        &later(Street::Flop, 0, false),
    );
    check(&p, Outcome::Continue, &["TDA-38"]);
}

#[test]
fn tda_forgotten_burn_after_the_board_is_the_tds_call() {
    let p = run(
        Profile::Tda,
        burn(Street::Flop, 0, true),
        &later(Street::Flop, 0, false),
    );
    assert!(td_decides(&p));
    check(&p, p.outcome.clone(), &["TDA-38", "TDA-1"]);
}

#[test]
fn tda_38_one_burn_is_no_error() {
    let p = run(
        Profile::Dg,
        burn(Street::Turn, 1, true),
        &later(Street::Turn, 0, false),
    );
    check(&p, Outcome::Continue, &["TDA-38"]);
}

// ---- Deck defects --------------------------------------------------------------------------

#[test]
fn tda_35e_duplicate_card_voids_the_hand_whatever_the_action() {
    let p = run(
        Profile::Tda,
        defect(DeckDefect::Duplicate, None),
        &later(Street::River, 2, true),
    );
    check(&p, Outcome::VoidRefund { forfeit: None }, &["TDA-35E"]);
    assert_eq!(p.penalty, None);
}

#[test]
fn tda_35e_player_who_knew_is_refunded_but_may_be_penalised() {
    let p = run(
        Profile::Tda,
        defect(DeckDefect::ForeignBack, Some(P)),
        &later(Street::Turn, 1, true),
    );
    check(
        &p,
        Outcome::VoidRefund { forfeit: None },
        &["TDA-35E", "TDA-2"],
    );
    assert_eq!(p.penalty.map(|r| r.id()), Some("TDA-71B"));
}

#[test]
fn wwpla_5_foreign_back_returns_all_chips() {
    let p = run(
        Profile::Wwpla,
        defect(DeckDefect::ForeignBack, None),
        &later(Street::Flop, 1, true),
    );
    check(&p, Outcome::VoidRefund { forfeit: None }, &["WWPLA-5"]);
}

#[test]
fn wwpla_5_player_not_pointing_out_duplicate_loses_claims() {
    let p = run(
        Profile::Wwpla,
        defect(DeckDefect::Duplicate, Some(P)),
        &later(Street::Flop, 1, true),
    );
    check(&p, Outcome::VoidRefund { forfeit: Some(P) }, &["WWPLA-5"]);
}

#[test]
fn hc_3_3_knowing_player_forfeits_the_refund_to_the_next_hand() {
    let p = run(
        Profile::Hc,
        defect(DeckDefect::Duplicate, Some(P)),
        &later(Street::River, 1, true),
    );
    check(&p, Outcome::VoidRefund { forfeit: Some(P) }, &["HC-3.3"]);
    mentions(&p, "next hand");
}

#[test]
fn hc_3_3_joker_found_before_acting_is_replaced() {
    let p = run(Profile::Hc, joker(Some(P), false), &dealt());
    check(&p, Outcome::Continue, &["HC-3.3"]);
    mentions(&p, "scrap of paper");
}

#[test]
fn hc_3_3_joker_played_is_a_dead_hand() {
    let p = run(Profile::Hc, joker(Some(P), true), &acted(3, true));
    check(&p, Outcome::KillHand(P), &["HC-3.2", "HC-3.3"]);
}

#[test]
fn hc_3_3_joker_in_the_stub_is_replaced() {
    check(
        &run(
            Profile::Hc,
            joker(None, false),
            &later(Street::Turn, 0, false),
        ),
        Outcome::Continue,
        &["HC-3.3"],
    );
}

#[test]
fn wwpla_5_joker_before_the_hand_is_played_is_burned_and_replaced() {
    let p = run(Profile::Wwpla, joker(Some(P), false), &dealt());
    check(&p, Outcome::Continue, &["WWPLA-5"]);
}

#[test]
fn wwpla_4_joker_played_unexposed_is_a_dead_hand() {
    let p = run(Profile::Wwpla, joker(Some(P), true), &acted(3, true));
    check(&p, Outcome::KillHand(P), &["WWPLA-4"]);
}

#[test]
fn tda_35e_joker_makes_the_deck_invalid() {
    let p = run(Profile::Tda, joker(Some(P), true), &acted(3, true));
    check(&p, Outcome::VoidRefund { forfeit: None }, &["TDA-35E"]);
}

#[test]
fn hc_3_3_missing_cards_do_not_void_the_result() {
    let p = run(Profile::Hc, defect(DeckDefect::Missing, None), &dealt());
    check(&p, Outcome::Continue, &["HC-3.3"]);
}

#[test]
fn wwpla_3_missing_cards_are_a_misdeal_within_the_window() {
    check(
        &run(Profile::Wwpla, defect(DeckDefect::Missing, None), &dealt()),
        Outcome::Redeal,
        &["WWPLA-3"],
    );
}

#[test]
fn wwpla_5_missing_cards_noticed_later_play_on_with_a_new_deck_after() {
    let p = run(
        Profile::Wwpla,
        defect(DeckDefect::Missing, None),
        &later(Street::Turn, 1, true),
    );
    check(&p, Outcome::Continue, &["WWPLA-5"]);
    mentions(&p, "new, complete deck");
}

#[test]
fn tda_35e_missing_cards_left_to_house_rules() {
    let p = run(
        Profile::Tda,
        defect(DeckDefect::Missing, None),
        &later(Street::Turn, 1, true),
    );
    assert!(td_decides(&p));
    check(&p, p.outcome.clone(), &["TDA-35E"]);
}

// ---- Dropped deck and messes ---------------------------------------------------------------

#[test]
fn tda_rp_4_restore_the_stub_else_rebuild_it_without_muck() {
    let p = run(
        Profile::Tda,
        dropped(true, false),
        &later(Street::Flop, 1, true),
    );
    check(&p, Outcome::Continue, &["TDA-RP-4"]);
    mentions(&p, "restore the original stub");
    mentions(&p, "not the muck or burn cards");
}

#[test]
fn tda_rp_4_stub_mixed_with_muck_is_reshuffled_with_it() {
    let p = run(
        Profile::Hc,
        dropped(false, true),
        &later(Street::Flop, 1, true),
    );
    check(&p, Outcome::Continue, &["TDA-RP-4"]);
    mentions(&p, "shuffle them all together");
}

#[test]
fn dg_30_4_dropped_deck_with_cards_seen_is_a_mess() {
    let p = run(Profile::Dg, dropped(true, false), &acted(1, false));
    check(&p, Outcome::SplitAmongLive, &["DG-30.4", "DG-30.2"]);
}

#[test]
fn dg_30_4_dropped_deck_unseen_is_reshuffled_and_play_goes_on() {
    let p = run(
        Profile::Dg,
        dropped(false, false),
        &later(Street::Turn, 1, true),
    );
    check(&p, Outcome::Continue, &["DG-30.4"]);
}

#[test]
fn dg_12_3_deck_slipping_during_the_deal_is_a_misdeal() {
    check(
        &run(Profile::Dg, dropped(true, false), &dealt()),
        Outcome::Redeal,
        &["DG-12.3"],
    );
}

#[test]
fn wwpla_5_deck_dropped_after_the_deal_restored_as_well_as_possible() {
    let p = run(
        Profile::Wwpla,
        dropped(true, false),
        &later(Street::Flop, 1, true),
    );
    check(&p, Outcome::Continue, &["WWPLA-5"]);
}

#[test]
fn dg_30_2_mess_splits_the_pot_among_the_players_still_in() {
    let p = run(
        Profile::Dg,
        Irregularity::Mess,
        &later(Street::Turn, 2, true),
    );
    check(&p, Outcome::SplitAmongLive, &["DG-30.2"]);
    mentions(&p, "equal share");
}

#[test]
fn tda_1_mess_is_the_tds_call_in_other_profiles() {
    for profile in [Profile::Tda, Profile::Wwpla, Profile::Hc, Profile::Jpr] {
        let p = run(profile, Irregularity::Mess, &later(Street::Turn, 2, true));
        assert!(td_decides(&p), "{profile}");
        check(&p, p.outcome.clone(), &["TDA-1", "TDA-RP-14"]);
    }
}

// ---- Cards exposed, shown or seen during the hand ------------------------------------------

#[test]
fn tda_68_exposed_cards_stay_live_penalty_after_the_hand() {
    let p = run(
        Profile::Tda,
        Irregularity::PlayerExposedCards { player: P },
        &with_live(4),
    );
    check(&p, Outcome::Continue, &["TDA-68"]);
    assert_eq!(p.penalty.map(|r| r.id()), Some("TDA-68"));
}

#[test]
fn dg_36_open_fold_with_two_others() {
    let p = run(
        Profile::Dg,
        Irregularity::PlayerExposedCards { player: P },
        &with_live(3),
    );
    check(&p, Outcome::KillHand(P), &["DG-36"]);
}

#[test]
fn dg_36a_heads_up_exposure_is_passive_only() {
    let p = run(
        Profile::Dg,
        Irregularity::PlayerExposedCards { player: P },
        &with_live(2),
    );
    check(&p, Outcome::PassiveOnly(P), &["DG-36a"]);
}

#[test]
fn hc_2_2_exposed_hand_is_passive_even_multiway() {
    let p = run(
        Profile::Hc,
        Irregularity::PlayerExposedCards { player: P },
        &with_live(5),
    );
    check(&p, Outcome::PassiveOnly(P), &["HC-2.2", "HC-3.3"]);
    assert_eq!(p.penalty.map(|r| r.id()), Some("HC-3.3"));
}

#[test]
fn wwpla_7_cards_shown_to_active_players_are_folded() {
    let p = run(
        Profile::Wwpla,
        Irregularity::PlayerExposedCards { player: P },
        &with_live(2),
    );
    check(&p, Outcome::KillHand(P), &["WWPLA-7"]);
}

#[test]
fn tda_67_showing_one_player_is_penalised_hand_stays_live() {
    let p = run(
        Profile::Tda,
        Irregularity::ShowedCardsTo {
            player: P,
            to_live_player: true,
        },
        &with_live(3),
    );
    check(&p, Outcome::Continue, &["TDA-67", "TDA-68"]);
    assert_eq!(p.penalty.map(|r| r.id()), Some("TDA-71B"));
}

#[test]
fn jpr_2_0_cards_shown_to_a_folded_neighbour_are_tabled_at_the_end() {
    let p = run(
        Profile::Jpr,
        Irregularity::ShowedCardsTo {
            player: P,
            to_live_player: false,
        },
        &with_live(3),
    );
    check(&p, Outcome::Continue, &["JPR-2.0"]);
    mentions(&p, "end of the hand");
}

#[test]
fn dg_13a_cards_shown_to_another_player_are_dead() {
    for to_live_player in [true, false] {
        let p = run(
            Profile::Dg,
            Irregularity::ShowedCardsTo {
                player: P,
                to_live_player,
            },
            &with_live(3),
        );
        check(&p, Outcome::KillHand(P), &["DG-13.2", "DG-13a"]);
    }
}

#[test]
fn wwpla_7_show_one_show_all() {
    let live = run(
        Profile::Wwpla,
        Irregularity::ShowedCardsTo {
            player: P,
            to_live_player: true,
        },
        &with_live(3),
    );
    check(&live, Outcome::KillHand(P), &["WWPLA-7"]);
    let folded = run(
        Profile::Wwpla,
        Irregularity::ShowedCardsTo {
            player: P,
            to_live_player: false,
        },
        &with_live(3),
    );
    check(&folded, Outcome::Continue, &["WWPLA-7"]);
    mentions(&folded, "after the hand");
}

#[test]
fn hc_1_13_6_cards_shown_to_an_active_player_are_shown_to_all() {
    let p = run(
        Profile::Hc,
        Irregularity::ShowedCardsTo {
            player: P,
            to_live_player: true,
        },
        &with_live(3),
    );
    check(&p, Outcome::PassiveOnly(P), &["HC-1.13.6", "HC-2.2"]);
    mentions(&p, "shown to everyone at the table at once");
}

#[test]
fn jpr_1_0_cards_likely_seen_void_the_round_and_refund() {
    let p = run(
        Profile::Jpr,
        Irregularity::HandSeen { player: P },
        &with_live(3),
    );
    check(&p, Outcome::VoidRefund { forfeit: None }, &["JPR-1.0"]);
}

#[test]
fn tda_2_cards_seen_by_another_player_play_on() {
    let p = run(
        Profile::Tda,
        Irregularity::HandSeen { player: P },
        &with_live(3),
    );
    check(&p, Outcome::Continue, &["TDA-2"]);
}

#[test]
fn dg_13a_cards_seen_by_another_player_are_dead() {
    let p = run(
        Profile::Dg,
        Irregularity::HandSeen { player: P },
        &with_live(3),
    );
    check(&p, Outcome::KillHand(P), &["DG-13a"]);
}

// ---- Showdown ------------------------------------------------------------------------------

fn river() -> Situation {
    later(Street::River, 3, true)
}

#[test]
fn tda_15a_one_card_shown_player_told_to_table_all() {
    let p = run(
        Profile::Tda,
        showdown(ShowdownIssue::OneCardShown { refuses: false }),
        &river(),
    );
    check(&p, Outcome::Continue, &["TDA-15A", "TDA-13A"]);
}

#[test]
fn tda_13a_refusing_to_table_all_cards_has_no_claim() {
    let p = run(
        Profile::Tda,
        showdown(ShowdownIssue::OneCardShown { refuses: true }),
        &river(),
    );
    check(&p, Outcome::KillHand(P), &["TDA-15A", "TDA-13A"]);
}

#[test]
fn dg_28_1_one_card_shown_and_refused_is_a_fold() {
    let p = run(
        Profile::Dg,
        showdown(ShowdownIssue::OneCardShown { refuses: true }),
        &river(),
    );
    check(&p, Outcome::KillHand(P), &["DG-28.1"]);
}

#[test]
fn tda_13b_partly_shown_and_mucked_unreadable_has_no_claim() {
    let lost = run(
        Profile::Tda,
        showdown(ShowdownIssue::MuckedAfterPartialShow {
            identifiable: false,
        }),
        &river(),
    );
    check(&lost, Outcome::KillHand(P), &["TDA-13B"]);
    let found = run(
        Profile::Tda,
        showdown(ShowdownIssue::MuckedAfterPartialShow { identifiable: true }),
        &river(),
    );
    check(&found, Outcome::Continue, &["TDA-13B"]);
}

#[test]
fn tda_14_cards_thrown_face_down_live_while_identifiable() {
    let p = run(
        Profile::Tda,
        showdown(ShowdownIssue::ThrownFaceDown { identifiable: true }),
        &river(),
    );
    check(&p, Outcome::Continue, &["TDA-14"]);
    let gone = run(
        Profile::Tda,
        showdown(ShowdownIssue::ThrownFaceDown {
            identifiable: false,
        }),
        &river(),
    );
    check(&gone, Outcome::KillHand(P), &["TDA-14"]);
}

#[test]
fn dg_15_12_mucked_cards_are_never_retrieved() {
    let p = run(
        Profile::Dg,
        showdown(ShowdownIssue::ThrownFaceDown { identifiable: true }),
        &river(),
    );
    check(&p, Outcome::KillHand(P), &["DG-15.12"]);
}

#[test]
fn hc_3_2_identifiable_mucked_hand_may_be_declared_live() {
    let p = run(
        Profile::Hc,
        showdown(ShowdownIssue::ThrownFaceDown { identifiable: true }),
        &river(),
    );
    assert!(td_decides(&p));
    check(&p, p.outcome.clone(), &["HC-3.2"]);
}

#[test]
fn tda_15b_mucked_believing_won_unidentifiable_uncalled_bet_returned() {
    let p = run(
        Profile::Tda,
        showdown(ShowdownIssue::MuckedBelievingWon {
            identifiable: false,
        }),
        &river(),
    );
    check(&p, Outcome::KillHandReturnUncalled(P), &["TDA-15B"]);
    let kept = run(
        Profile::Tda,
        showdown(ShowdownIssue::MuckedBelievingWon { identifiable: true }),
        &river(),
    );
    check(&kept, Outcome::Continue, &["TDA-15B", "TDA-14"]);
}

#[test]
fn tda_65b_hand_killed_by_dealer_but_identifiable_stays_live() {
    let p = run(
        Profile::Tda,
        showdown(ShowdownIssue::HandKilledByDealer { identifiable: true }),
        &river(),
    );
    check(&p, Outcome::Continue, &["TDA-65B"]);
}

#[test]
fn tda_65a_unidentifiable_killed_hand_no_claim_uncalled_returned() {
    let p = run(
        Profile::Tda,
        showdown(ShowdownIssue::HandKilledByDealer {
            identifiable: false,
        }),
        &river(),
    );
    check(&p, Outcome::KillHandReturnUncalled(P), &["TDA-65A"]);
}

#[test]
fn house_rules_give_no_claim_for_a_hand_the_dealer_took() {
    let issue = showdown(ShowdownIssue::HandKilledByDealer { identifiable: true });
    check(
        &run(Profile::Wwpla, issue.clone(), &river()),
        Outcome::KillHand(P),
        &["WWPLA-5"],
    );
    check(
        &run(Profile::Dg, issue.clone(), &river()),
        Outcome::KillHand(P),
        &["DG-34"],
    );
    let hc = run(Profile::Hc, issue, &river());
    assert!(td_decides(&hc));
    check(&hc, hc.outcome.clone(), &["HC-3.3", "HC-3.2"]);
}

fn ask(asker_holds_cards: bool, asker_called_last_bet: bool, shows_first: bool) -> Irregularity {
    showdown(ShowdownIssue::AskToSeeHand {
        asker_holds_cards,
        asker_called_last_bet,
        shows_first,
    })
}

#[test]
fn tda_18a_asker_without_cards_has_no_right() {
    check(
        &run(Profile::Tda, ask(false, true, true), &river()),
        Outcome::Continue,
        &["TDA-18A"],
    );
}

#[test]
fn tda_18b_caller_may_see_the_last_aggressors_hand() {
    let p = run(Profile::Tda, ask(true, true, true), &river());
    check(&p, Outcome::Continue, &["TDA-18B"]);
    mentions(&p, "inalienable right");
}

#[test]
fn tda_18b_other_requests_are_at_the_tds_discretion() {
    // Illustration, example 1: no bet on the river, B tabled and asks to see C.
    let p = run(Profile::Tda, ask(true, false, true), &river());
    assert!(td_decides(&p));
    check(&p, p.outcome.clone(), &["TDA-18B"]);
}

#[test]
fn hc_1_13_6_players_in_the_pot_may_see_the_first_shower_without_a_river_bet() {
    let p = run(Profile::Hc, ask(true, false, true), &river());
    check(&p, Outcome::Continue, &["HC-1.13.6"]);
}

#[test]
fn tda_19_playing_the_board_needs_all_hole_cards_tabled() {
    let p = run(
        Profile::Tda,
        showdown(ShowdownIssue::PlayedTheBoard { refuses: true }),
        &river(),
    );
    check(&p, Outcome::KillHand(P), &["TDA-19"]);
    check(
        &run(
            Profile::Tda,
            showdown(ShowdownIssue::PlayedTheBoard { refuses: false }),
            &river(),
        ),
        Outcome::Continue,
        &["TDA-19"],
    );
}

#[test]
fn tda_16_no_muck_without_showing_at_an_all_in() {
    let p = run(Profile::Tda, showdown(ShowdownIssue::MuckAtAllIn), &river());
    check(&p, Outcome::Continue, &["TDA-16"]);
}

#[test]
fn dg_27_forced_showdown_no_fold() {
    let p = run(Profile::Dg, showdown(ShowdownIssue::MuckAtAllIn), &river());
    check(&p, Outcome::Continue, &["DG-27", "TDA-16"]);
}

#[test]
fn tda_17a_last_aggressor_shows_first() {
    let p = run(
        Profile::Tda,
        showdown(ShowdownIssue::ShowOrder {
            bet_on_last_round: true,
        }),
        &river(),
    );
    check(&p, Outcome::Continue, &["TDA-17A", "TDA-17B"]);
    mentions(&p, "last aggressive action");
}

#[test]
fn tda_17a_without_a_bet_first_left_of_the_button_shows_first() {
    let p = run(
        Profile::Tda,
        showdown(ShowdownIssue::ShowOrder {
            bet_on_last_round: false,
        }),
        &river(),
    );
    check(&p, Outcome::Continue, &["TDA-17A"]);
    mentions(&p, "first left of the button");
}

#[test]
fn dg_28_2_all_checked_nearest_after_the_button_first() {
    let p = run(
        Profile::Dg,
        showdown(ShowdownIssue::ShowOrder {
            bet_on_last_round: false,
        }),
        &river(),
    );
    check(&p, Outcome::Continue, &["DG-28.2", "DG-28.3"]);
}

#[test]
fn hc_1_13_6_repeated_mucking_despite_duty_to_show_may_be_penalised() {
    let p = run(
        Profile::Hc,
        showdown(ShowdownIssue::ShowOrder {
            bet_on_last_round: true,
        }),
        &river(),
    );
    check(&p, Outcome::Continue, &["HC-1.13.6"]);
    assert_eq!(p.penalty.map(|r| r.id()), Some("HC-1.13.6"));
}

#[test]
fn wwpla_7_last_bettor_must_show_first() {
    let p = run(
        Profile::Wwpla,
        showdown(ShowdownIssue::ShowOrder {
            bet_on_last_round: true,
        }),
        &river(),
    );
    check(&p, Outcome::Continue, &["WWPLA-7"]);
}

// ---- The clock -----------------------------------------------------------------------------

#[test]
fn tda_29_facing_a_bet_the_hand_is_dead_after_25_and_5_seconds() {
    let p = run(Profile::Tda, clock(true), &river());
    check(&p, Outcome::KillHand(P), &["TDA-29"]);
    mentions(&p, "25 seconds");
    mentions(&p, "5-second countdown");
}

#[test]
fn tda_29_without_a_bet_the_hand_is_checked() {
    check(
        &run(Profile::Tda, clock(false), &river()),
        Outcome::Check(P),
        &["TDA-29"],
    );
}

#[test]
fn dg_14a_folded_after_30_seconds_even_without_a_bet() {
    let p = run(Profile::Dg, clock(false), &river());
    check(&p, Outcome::KillHand(P), &["DG-14a"]);
    mentions(&p, "30 seconds");
}

#[test]
fn hc_1_13_7_one_minute_with_30_and_10_second_calls() {
    let checked = run(Profile::Hc, clock(false), &river());
    check(&checked, Outcome::Check(P), &["HC-1.13.7", "HC-3.2"]);
    mentions(&checked, "1 minute");
    mentions(&checked, "last 30 seconds");
    mentions(&checked, "last 10");
    check(
        &run(Profile::Hc, clock(true), &river()),
        Outcome::KillHand(P),
        &["HC-3.2"],
    );
}

#[test]
fn wwpla_11_dealers_time_then_ten_seconds_then_dead() {
    let p = run(Profile::Wwpla, clock(false), &river());
    check(&p, Outcome::KillHand(P), &["WWPLA-11", "WWPLA-4"]);
    mentions(&p, "10 seconds");
}

// ---- Penalties -----------------------------------------------------------------------------

#[test]
fn tda_71a_missed_rounds_are_players_at_table_times_rounds() {
    let p = run(Profile::Tda, penalty(PenaltyKind::Rounds(2), 9), &river());
    check(
        &p,
        Outcome::MissHands {
            player: P,
            hands: 18,
        },
        &["TDA-71A", "TDA-71C"],
    );
}

#[test]
fn tda_71c_penalised_player_dealt_in_blinds_posted_hand_killed() {
    let p = run(Profile::Tda, penalty(PenaltyKind::Hands(3), 7), &river());
    check(
        &p,
        Outcome::MissHands {
            player: P,
            hands: 3,
        },
        &["TDA-71A", "TDA-71C", "TDA-35C"],
    );
    mentions(&p, "blinds and antes are posted");
}

#[test]
fn tda_71a_warning_changes_nothing_in_the_hand() {
    check(
        &run(Profile::Tda, penalty(PenaltyKind::Warning, 9), &river()),
        Outcome::Continue,
        &["TDA-71A"],
    );
}

#[test]
fn tda_71d_disqualified_players_chips_removed() {
    check(
        &run(
            Profile::Tda,
            penalty(PenaltyKind::Disqualification, 9),
            &river(),
        ),
        Outcome::Disqualify(P),
        &["TDA-71D"],
    );
}

#[test]
fn tda_71a_knows_no_forced_fold_or_time_penalty() {
    for kind in [
        PenaltyKind::ForcedFold,
        PenaltyKind::Minutes(10),
        PenaltyKind::Suspension,
    ] {
        let p = run(Profile::Tda, penalty(kind, 9), &river());
        assert!(td_decides(&p), "{kind:?}");
        check(&p, p.outcome.clone(), &["TDA-71A"]);
    }
}

#[test]
fn dg_38_1_formal_warning() {
    check(
        &run(Profile::Dg, penalty(PenaltyKind::Warning, 8), &river()),
        Outcome::Continue,
        &["DG-38.1"],
    );
}

#[test]
fn dg_38_2_forced_fold_bets_lost() {
    check(
        &run(Profile::Dg, penalty(PenaltyKind::ForcedFold, 8), &river()),
        Outcome::KillHand(P),
        &["DG-38.2"],
    );
}

#[test]
fn dg_38_3_one_to_three_hands_out() {
    check(
        &run(Profile::Dg, penalty(PenaltyKind::Hands(2), 8), &river()),
        Outcome::MissHands {
            player: P,
            hands: 2,
        },
        &["DG-38.3"],
    );
    assert!(td_decides(&run(
        Profile::Dg,
        penalty(PenaltyKind::Hands(4), 8),
        &river()
    )));
}

#[test]
fn dg_38_4_orbit_until_the_button_has_gone_round() {
    check(
        &run(Profile::Dg, penalty(PenaltyKind::Orbit, 8), &river()),
        Outcome::MissHands {
            player: P,
            hands: 8,
        },
        &["DG-38.4"],
    );
}

#[test]
fn dg_38_5_suspension_is_open_ended() {
    let p = run(Profile::Dg, penalty(PenaltyKind::Suspension, 8), &river());
    assert!(td_decides(&p));
    check(&p, p.outcome.clone(), &["DG-38.5"]);
}

#[test]
fn dg_38_6_exclusion_for_the_day() {
    check(
        &run(
            Profile::Dg,
            penalty(PenaltyKind::Disqualification, 8),
            &river(),
        ),
        Outcome::Disqualify(P),
        &["DG-38.6"],
    );
}

#[test]
fn hc_1_10_time_penalty_in_minutes() {
    let p = run(Profile::Hc, penalty(PenaltyKind::Minutes(10), 9), &river());
    check(
        &p,
        Outcome::SitOut {
            player: P,
            minutes: 10,
        },
        &["HC-1.10"],
    );
}

#[test]
fn hc_falls_back_to_tda_71a_for_penalty_rounds() {
    let p = run(Profile::Hc, penalty(PenaltyKind::Rounds(1), 6), &river());
    check(
        &p,
        Outcome::MissHands {
            player: P,
            hands: 6,
        },
        &["TDA-71A"],
    );
}

#[test]
fn wwpla_12_disqualified_players_stack_taken_in() {
    check(
        &run(
            Profile::Wwpla,
            penalty(PenaltyKind::Disqualification, 9),
            &river(),
        ),
        Outcome::Disqualify(P),
        &["WWPLA-12"],
    );
}

// ---- A chip found after an all-in ----------------------------------------------------------

#[test]
fn tda_62_td_decides_whether_a_found_chip_was_part_of_the_all_in() {
    let p = run(
        Profile::Tda,
        Irregularity::ChipFoundLater {
            player: P,
            amount: Chips(500),
        },
        &river(),
    );
    assert!(td_decides(&p));
    check(&p, p.outcome.clone(), &["TDA-62", "TDA-49"]);
}

#[test]
fn wwpla_12_chips_found_after_losing_an_all_in_are_lost_too() {
    let p = run(
        Profile::Wwpla,
        Irregularity::ChipFoundLater {
            player: P,
            amount: Chips(500),
        },
        &river(),
    );
    check(&p, p.outcome.clone(), &["WWPLA-12", "TDA-62"]);
    mentions(&p, "next hand has begun");
}

// ---- Every procedure, every profile --------------------------------------------------------

/// One irregularity of every kind and sub-kind.
fn every_irregularity() -> Vec<Irregularity> {
    use MisdealCause as C;
    use ShowdownIssue as S;
    let mut all = Vec::new();
    for cause in [
        C::CardsFaceUpInDeck,
        C::FirstCardWrongSeat,
        C::CardsToSeatNotInHand,
        C::SeatSkipped,
        C::DealtOutOfOrder,
        C::ButtonMisplaced,
        C::CardCountUntraceable,
        C::CardTakenByWrongPlayer,
        C::TwoCardsAtOnce,
        C::DealConfused,
    ] {
        all.push(misdeal(cause));
    }
    for (position, count) in [(0, 0), (1, 1), (2, 1), (3, 1), (9, 1), (4, 2), (1, 3)] {
        all.push(exposed(position, count));
    }
    for has in 0..=4 {
        for is_button in [false, true] {
            for has_acted in [false, true] {
                all.push(count(has, is_button, has_acted));
            }
        }
    }
    for identifiable in [false, true] {
        for cards in [3, 4, 5] {
            all.push(four_card_flop(identifiable, cards));
        }
    }
    for street in Street::ALL {
        all.push(premature(street));
        for burned in 0..=3 {
            for board_dealt in [false, true] {
                all.push(burn(street, burned, board_dealt));
            }
        }
    }
    for knew in [None, Some(P)] {
        for d in [
            DeckDefect::Duplicate,
            DeckDefect::ForeignBack,
            DeckDefect::Missing,
        ] {
            all.push(defect(d, knew));
        }
        for acted in [false, true] {
            all.push(joker(knew, acted));
        }
    }
    for seen in [false, true] {
        for mixed in [false, true] {
            all.push(dropped(seen, mixed));
        }
    }
    all.push(Irregularity::Mess);
    all.push(Irregularity::PlayerExposedCards { player: P });
    all.push(Irregularity::HandSeen { player: P });
    for to_live_player in [false, true] {
        all.push(Irregularity::ShowedCardsTo {
            player: P,
            to_live_player,
        });
    }
    for b in [false, true] {
        all.push(showdown(S::OneCardShown { refuses: b }));
        all.push(showdown(S::MuckedAfterPartialShow { identifiable: b }));
        all.push(showdown(S::ThrownFaceDown { identifiable: b }));
        all.push(showdown(S::MuckedBelievingWon { identifiable: b }));
        all.push(showdown(S::HandKilledByDealer { identifiable: b }));
        all.push(showdown(S::PlayedTheBoard { refuses: b }));
        all.push(showdown(S::ShowOrder {
            bet_on_last_round: b,
        }));
        all.push(clock(b));
        for c in [false, true] {
            for f in [false, true] {
                all.push(ask(b, c, f));
            }
        }
    }
    all.push(showdown(S::MuckAtAllIn));
    for kind in [
        PenaltyKind::Warning,
        PenaltyKind::Hands(0),
        PenaltyKind::Hands(2),
        PenaltyKind::Hands(5),
        PenaltyKind::Rounds(0),
        PenaltyKind::Rounds(2),
        PenaltyKind::ForcedFold,
        PenaltyKind::Orbit,
        PenaltyKind::Suspension,
        PenaltyKind::Minutes(10),
        PenaltyKind::Disqualification,
    ] {
        for players in [0, 9] {
            all.push(penalty(kind, players));
        }
    }
    all.push(Irregularity::ChipFoundLater {
        player: P,
        amount: Chips(100),
    });
    all
}

fn every_situation() -> Vec<Situation> {
    vec![
        dealt(),
        acted(1, false),
        acted(2, false),
        acted(3, true),
        later(Street::Flop, 0, false),
        later(Street::Flop, 1, true),
        later(Street::Turn, 2, true),
        later(Street::River, 0, false),
        with_live(1),
        with_live(2),
    ]
}

/// Every irregularity under every profile in every situation, with its procedure.
fn every_procedure() -> Vec<(Profile, Irregularity, Situation, Procedure)> {
    let mut all = Vec::new();
    for irregularity in every_irregularity() {
        for profile in Profile::ALL {
            for situation in every_situation() {
                let p = procedure(profile, &irregularity, &situation);
                all.push((profile, irregularity.clone(), situation, p));
            }
        }
    }
    all
}

#[test]
fn every_step_of_every_procedure_is_in_both_languages() {
    for (profile, irregularity, _, p) in every_procedure() {
        let at = format!("{profile} {irregularity:?}");
        assert!(
            !p.title.de.to_string().is_empty() && !p.title.en.to_string().is_empty(),
            "{at}"
        );
        assert!(!p.steps.is_empty(), "{at}: no steps");
        for step in &p.steps {
            assert!(
                !step.text.de.to_string().trim().is_empty(),
                "{at}: German text missing: {step:?}"
            );
            assert!(
                !step.text.en.to_string().trim().is_empty(),
                "{at}: English text missing: {step:?}"
            );
        }
        if let Outcome::TdDecides { note } = &p.outcome {
            assert!(
                !note.de.to_string().is_empty() && !note.en.to_string().is_empty(),
                "{at}: empty note"
            );
        }
    }
}

/// The id prefix of a profile's own rulebook.
fn own_prefix(profile: Profile) -> &'static str {
    match profile {
        Profile::Tda => "TDA-",
        Profile::Wwpla => "WWPLA-",
        Profile::Hc => "HC-",
        Profile::Dg => "DG-",
        Profile::Jpr => "JPR-",
    }
}

#[test]
fn a_profile_cites_its_own_rulebook_or_falls_back_on_tda() {
    for (profile, irregularity, _, p) in every_procedure() {
        let rules = p.steps.iter().map(|s| s.rule).chain(p.penalty);
        for rule in rules {
            assert!(
                rule.id().starts_with("TDA-") || rule.id().starts_with(own_prefix(profile)),
                "{profile} {irregularity:?} cites {}",
                rule.id()
            );
        }
    }
}

#[test]
fn rule_ids_are_well_formed() {
    // `TDA-35A`, `TDA-RP-5`, `WWPLA-10`, `HC-1.13.7`, `DG-17a`, `DG-30.2`, `JPR-1.0`.
    let well_formed = |id: &str| {
        let Some((book, rest)) = id.split_once('-') else {
            return false;
        };
        let rest = if book == "TDA" {
            rest.strip_prefix("RP-").unwrap_or(rest)
        } else {
            rest
        };
        ["TDA", "WWPLA", "HC", "DG", "JPR"].contains(&book)
            && rest.starts_with(|c: char| c.is_ascii_digit())
            && rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
            && !rest.ends_with('.')
    };
    for (_, irregularity, _, p) in every_procedure() {
        for rule in p.steps.iter().map(|s| s.rule).chain(p.penalty) {
            assert!(well_formed(rule.id()), "{irregularity:?}: {}", rule.id());
        }
    }
}

#[test]
fn jpr_is_tda_except_where_jpr_speaks() {
    // JPR's general rules point to the TDA rules; they differ only in 1.0 and 2.0 here.
    for (profile, irregularity, situation, jpr) in every_procedure() {
        if profile != Profile::Jpr
            || matches!(
                irregularity,
                Irregularity::HandSeen { .. } | Irregularity::ShowedCardsTo { .. }
            )
        {
            continue;
        }
        assert_eq!(
            jpr,
            procedure(Profile::Tda, &irregularity, &situation),
            "{irregularity:?}"
        );
    }
}

// ---- The menu's wire format ----------------------------------------------------------------

#[test]
fn irregularities_read_from_the_dealers_menu() {
    let read = |s: &str| toml::from_str::<Irregularity>(s).unwrap();
    assert_eq!(
        read("kind = \"misdeal\"\ncause = \"first_card_wrong_seat\""),
        misdeal(MisdealCause::FirstCardWrongSeat)
    );
    assert_eq!(
        read(
            "kind = \"wrong_card_count\"\nplayer = 4\nhas = 1\nneeds = 2\nis_button = true\nhas_acted = false"
        ),
        count(1, true, false)
    );
    assert_eq!(
        read("kind = \"four_card_flop\"\nfourth_identifiable = true"),
        four_card_flop(true, 4)
    );
    assert_eq!(
        read("kind = \"burn_error\"\nstreet = \"turn\"\nburned = 2\nboard_dealt = true"),
        burn(Street::Turn, 2, true)
    );
    assert_eq!(
        read("kind = \"deck_defect\"\ndefect = { joker = { holder = 4, holder_acted = true } }"),
        joker(Some(P), true)
    );
    assert_eq!(
        read("kind = \"deck_defect\"\ndefect = \"duplicate\"\nplayer_knew = 4"),
        defect(DeckDefect::Duplicate, Some(P))
    );
    assert_eq!(read("kind = \"mess\""), Irregularity::Mess);
    assert_eq!(
        read("kind = \"showdown\"\nplayer = 4\nissue = { one_card_shown = { refuses = true } }"),
        showdown(ShowdownIssue::OneCardShown { refuses: true })
    );
    assert_eq!(
        read("kind = \"showdown\"\nplayer = 4\nissue = \"muck_at_all_in\""),
        showdown(ShowdownIssue::MuckAtAllIn)
    );
    assert_eq!(
        read("kind = \"penalty\"\nplayer = 4\npenalty = { rounds = 2 }\nplayers_at_table = 9"),
        penalty(PenaltyKind::Rounds(2), 9)
    );
    assert_eq!(
        read("kind = \"chip_found_later\"\nplayer = 4\namount = 500"),
        Irregularity::ChipFoundLater {
            player: P,
            amount: Chips(500)
        }
    );
}

#[test]
fn a_bad_menu_entry_is_refused_saying_what_is_wrong() {
    let err = toml::from_str::<Irregularity>("kind = \"premature_board\"\nstreet = \"eighth\"")
        .unwrap_err()
        .to_string();
    assert!(err.contains("eighth"), "{err}");
    let err =
        toml::from_str::<Irregularity>("kind = \"clock_called\"\nplayer = 300\nfacing_bet = true")
            .unwrap_err()
            .to_string();
    assert!(err.contains("300"), "{err}");
}

// ---- The dealer's guide's deck and muck, WWPLA's warning ---------------------------------------

/// DG-12.6: cards dealt to a seat not entitled to any are a misdeal.
#[test]
fn dg_12_6_cards_to_a_seat_not_in_the_hand_is_a_misdeal() {
    let p = run(
        Profile::Dg,
        misdeal(MisdealCause::CardsToSeatNotInHand),
        &dealt(),
    );
    check(&p, Outcome::Redeal, &["DG-12.6"]);
}

/// DG-4: an incomplete deck is replaced whole.
#[test]
fn dg_4_an_incomplete_deck_is_replaced_completely() {
    let p = run(Profile::Dg, defect(DeckDefect::Missing, None), &dealt());
    check(&p, p.outcome.clone(), &["DG-4"]);
    mentions(&p, "replaced completely");
}

/// DG-4a: a justified complaint about the deck replaces it.
#[test]
fn dg_4a_a_bad_deck_is_replaced_completely() {
    let p = run(Profile::Dg, defect(DeckDefect::Duplicate, None), &dealt());
    check(&p, p.outcome.clone(), &["DG-4a", "TDA-35E"]);
    mentions(&p, "Replace the deck completely");
}

/// DG-15.9: cards pushed away are folded and mucked at once.
#[test]
fn dg_15_9_folded_cards_are_mucked_at_once() {
    let p = run(
        Profile::Dg,
        showdown(ShowdownIssue::ThrownFaceDown { identifiable: true }),
        &river(),
    );
    check(&p, p.outcome.clone(), &["DG-15.9"]);
    mentions(&p, "collects");
}

/// WWPLA-1: the tournament direction may warn a player.
#[test]
fn wwpla_1_a_warning() {
    let p = run(Profile::Wwpla, penalty(PenaltyKind::Warning, 9), &river());
    check(&p, Outcome::Continue, &["WWPLA-1"]);
}
