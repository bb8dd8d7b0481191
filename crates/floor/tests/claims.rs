//! What players ask once a hand is decided, and the game's integrity, as guided procedures:
//! each test one statement of a rulebook, cited in its name or beside it. The expected outcomes
//! are the rulebooks' words, not the code's.

use engine::{Player, Street};
use floor::Profile;
use floor::procedure::{
    Collusion, CountOf, Dispute, DisputeAbout, Irregularity, Outcome, Procedure, ShuffleFault,
    Situation, procedure,
};

mod common;
use common::{check, mentions};

const P: Player = Player(2);
const ALL: [Profile; 5] = [
    Profile::Tda,
    Profile::Wwpla,
    Profile::Dg,
    Profile::Jpr,
    Profile::Hc,
];

fn situation() -> Situation {
    Situation {
        street: Street::River,
        substantial_action: true,
        actions_taken: 6,
        round_actions: 2,
        live_players: 1,
        bets_made: true,
        can_bet: 1,
        stub: 30,
    }
}

fn run(profile: Profile, irregularity: Irregularity) -> Procedure {
    procedure(profile, &irregularity, &situation())
}

fn td_decides(p: &Procedure) -> bool {
    matches!(p.outcome, Outcome::TdDecides { .. })
}

fn too_late(p: &Procedure) -> bool {
    p.outcome == Outcome::Continue
        && p.steps
            .iter()
            .any(|s| s.text.en.to_string().contains("too late"))
}

// ---- Rabbit hunting ---------------------------------------------------------------------------

#[test]
fn tda_28_no_rabbit_hunt_even_if_everyone_agrees() {
    for profile in [Profile::Tda, Profile::Hc, Profile::Jpr] {
        for all_agree in [false, true] {
            let p = run(profile, Irregularity::RabbitHunt { all_agree });
            check(&p, Outcome::Continue, &["TDA-28"]);
            mentions(&p, "not allowed");
        }
    }
}

#[test]
fn dg_26_more_board_only_if_everyone_in_at_the_flop_agrees() {
    let yes = run(Profile::Dg, Irregularity::RabbitHunt { all_agree: true });
    check(&yes, Outcome::Continue, &["DG-26"]);
    mentions(&yes, "may turn the rest of the board");
    let no = run(Profile::Dg, Irregularity::RabbitHunt { all_agree: false });
    check(&no, Outcome::Continue, &["DG-26"]);
    mentions(&no, "no more board cards are turned");
    assert!(!no.steps.iter().any(|s| s.rule.id() == "TDA-28"));
}

#[test]
fn wwpla_2_the_next_card_with_every_active_players_consent() {
    let yes = run(Profile::Wwpla, Irregularity::RabbitHunt { all_agree: true });
    check(&yes, Outcome::Continue, &["WWPLA-2"]);
    mentions(&yes, "the dealer decides whether the next card is shown");
    let no = run(
        Profile::Wwpla,
        Irregularity::RabbitHunt { all_agree: false },
    );
    mentions(&no, "the next card is not shown");
}

// ---- Disputes ----------------------------------------------------------------------------------

fn dispute(about: DisputeAbout) -> Dispute {
    Dispute {
        about,
        next_hand_started: false,
        substantial_action_since: false,
        pot_pushed: false,
        at_once: false,
        at_break: false,
        seconds_since_award: 0,
    }
}

#[test]
fn tda_22_a_reading_may_be_disputed_until_the_next_hand_begins() {
    let open = run(
        Profile::Tda,
        Irregularity::Dispute(Dispute {
            pot_pushed: true,
            ..dispute(DisputeAbout::Reading)
        }),
    );
    assert!(td_decides(&open), "{open:#?}");
    check(&open, open.outcome.clone(), &["TDA-22", "TDA-12"]);
    let late = run(
        Profile::Tda,
        Irregularity::Dispute(Dispute {
            next_hand_started: true,
            ..dispute(DisputeAbout::Reading)
        }),
    );
    assert!(too_late(&late), "{late:#?}");
}

#[test]
fn tda_22_a_pot_error_may_be_disputed_until_substantial_action_in_the_next_hand() {
    // The next hand has begun, but without substantial action (TDA-36): still in time.
    let open = run(
        Profile::Hc,
        Irregularity::Dispute(Dispute {
            next_hand_started: true,
            ..dispute(DisputeAbout::Pot)
        }),
    );
    assert!(td_decides(&open), "{open:#?}");
    let late = run(
        Profile::Hc,
        Irregularity::Dispute(Dispute {
            next_hand_started: true,
            substantial_action_since: true,
            ..dispute(DisputeAbout::Pot)
        }),
    );
    assert!(too_late(&late), "{late:#?}");
    check(&late, Outcome::Continue, &["TDA-22"]);
}

#[test]
fn tda_22_at_a_break_one_minute_after_the_award() {
    let at = |seconds| {
        run(
            Profile::Tda,
            Irregularity::Dispute(Dispute {
                at_break: true,
                seconds_since_award: seconds,
                ..dispute(DisputeAbout::Reading)
            }),
        )
    };
    assert!(td_decides(&at(60)));
    assert!(too_late(&at(61)));
}

#[test]
fn wwpla_2_a_pot_in_time_is_recounted_else_the_td_decides() {
    let p = run(
        Profile::Wwpla,
        Irregularity::Dispute(dispute(DisputeAbout::Pot)),
    );
    assert!(td_decides(&p));
    check(&p, p.outcome.clone(), &["TDA-22", "WWPLA-2"]);
}

#[test]
fn dg_28_6_once_the_pot_is_pushed_no_objection_is_heard() {
    let open = run(
        Profile::Dg,
        Irregularity::Dispute(dispute(DisputeAbout::Reading)),
    );
    assert!(td_decides(&open), "{open:#?}");
    check(
        &open,
        open.outcome.clone(),
        &["DG-28.6", "DG-39", "DG-30.5"],
    );
    // Still before the next hand: TDA-22 would hear it, DG-28.6 does not.
    let pushed = run(
        Profile::Dg,
        Irregularity::Dispute(Dispute {
            pot_pushed: true,
            ..dispute(DisputeAbout::Reading)
        }),
    );
    assert!(too_late(&pushed), "{pushed:#?}");
    assert!(!pushed.steps.iter().any(|s| s.rule.id() == "TDA-22"));
}

#[test]
fn dg_16b_change_errors_only_at_once() {
    let late = run(
        Profile::Dg,
        Irregularity::Dispute(dispute(DisputeAbout::Change)),
    );
    assert!(too_late(&late));
    check(&late, Outcome::Continue, &["DG-16b"]);
    let at_once = run(
        Profile::Dg,
        Irregularity::Dispute(Dispute {
            at_once: true,
            ..dispute(DisputeAbout::Change)
        }),
    );
    assert!(td_decides(&at_once));
}

#[test]
fn dg_30_3_a_short_pot_is_played_on_as_it_stands() {
    let p = run(
        Profile::Dg,
        Irregularity::Dispute(dispute(DisputeAbout::Pot)),
    );
    check(&p, p.outcome.clone(), &["DG-30.3"]);
    mentions(&p, "missing chips are not added");
}

// ---- Counts ------------------------------------------------------------------------------------

fn count(profile: Profile, of: CountOf, facing_all_in_in_turn: bool, pot_limit: bool) -> Procedure {
    run(
        profile,
        Irregularity::CountAsked {
            of,
            facing_all_in_in_turn,
            pot_limit,
        },
    )
}

#[test]
fn tda_54a_a_pot_count_only_in_pot_limit() {
    let nl = count(Profile::Tda, CountOf::Pot, false, false);
    check(&nl, Outcome::Continue, &["TDA-54A"]);
    mentions(&nl, "does not count the pot");
    let pl = count(Profile::Tda, CountOf::Pot, false, true);
    mentions(&pl, "the dealer counts the pot");
}

/// DG-15.1, DG-16: no recounting the pot.
#[test]
fn dg_16_the_pot_is_never_counted() {
    let p = count(Profile::Dg, CountOf::Pot, false, true);
    check(&p, Outcome::Continue, &["DG-16"]);
    mentions(&p, "never counted");
}

#[test]
fn tda_60_an_exact_stack_count_only_facing_an_all_in_in_turn() {
    let facing = count(Profile::Tda, CountOf::Stack, true, false);
    check(&facing, Outcome::Continue, &["TDA-60"]);
    mentions(&facing, "counts the all-in stack exactly");
    // Otherwise stacks are estimated as they stand, countable as TDA-25 keeps them.
    let not = count(Profile::Wwpla, CountOf::Stack, false, false);
    mentions(&not, "An exact count only facing an all-in");
    mentions(&not, "(TDA-25)");
}

#[test]
fn jpr_12_0_every_player_tells_his_count_on_request() {
    let p = count(Profile::Jpr, CountOf::Stack, false, false);
    check(&p, Outcome::Continue, &["JPR-12.0"]);
    mentions(&p, "the dealer counts");
}

// ---- Hands declared wrongly --------------------------------------------------------------------

#[test]
fn tda_12_cards_speak_and_tda_13c_the_winner_is_not_killed() {
    for profile in [Profile::Tda, Profile::Hc, Profile::Wwpla, Profile::Jpr] {
        let p = run(
            profile,
            Irregularity::MiscalledHand {
                player: P,
                declared_lower: true,
            },
        );
        check(&p, Outcome::Continue, &["TDA-12", "TDA-13C"]);
        assert_eq!(p.penalty.map(|r| r.id()), Some("TDA-12"));
    }
}

#[test]
fn dg_28_4_the_dealer_need_not_see_more_than_was_named() {
    let lower = run(
        Profile::Dg,
        Irregularity::MiscalledHand {
            player: P,
            declared_lower: true,
        },
    );
    check(&lower, Outcome::Continue, &["DG-28.4"]);
    mentions(&lower, "read as named");
    assert!(!lower.steps.iter().any(|s| s.rule.id() == "TDA-12"));
    let higher = run(
        Profile::Dg,
        Irregularity::MiscalledHand {
            player: P,
            declared_lower: false,
        },
    );
    mentions(&higher, "beaten hands are turned over as dead");
}

// ---- Chips and collusion -----------------------------------------------------------------------

#[test]
fn tda_63_chips_out_of_sight_are_forfeited() {
    for profile in ALL {
        let p = run(profile, Irregularity::ChipsOutOfSight { player: P });
        assert!(td_decides(&p));
        check(&p, p.outcome.clone(), &["TDA-63"]);
        mentions(&p, "forfeited");
        assert_eq!(p.penalty.map(|r| r.id()), Some("TDA-63"));
    }
    let jpr = run(Profile::Jpr, Irregularity::ChipsOutOfSight { player: P });
    check(&jpr, jpr.outcome.clone(), &["JPR-12.0"]);
}

#[test]
fn tda_64_found_chips_go_back_to_the_inventory() {
    let p = run(Profile::Tda, Irregularity::FoundChips);
    check(&p, Outcome::Continue, &["TDA-64"]);
    mentions(&p, "inventory");
}

#[test]
fn tda_69_soft_play_is_penalised_chip_dumping_disqualifies() {
    let soft = run(
        Profile::Tda,
        Irregularity::Collusion {
            player: P,
            form: Collusion::SoftPlay,
        },
    );
    assert!(td_decides(&soft));
    check(&soft, soft.outcome.clone(), &["TDA-69"]);
    for collusion in [Collusion::ChipDumping, Collusion::Teamwork] {
        for profile in ALL {
            let p = run(
                profile,
                Irregularity::Collusion {
                    player: P,
                    form: collusion,
                },
            );
            check(&p, Outcome::Disqualify(P), &["TDA-69"]);
        }
    }
}

#[test]
fn jpr_8_0_wwpla_2_and_hc_2_1_name_their_own_rule() {
    let dump = |profile| {
        run(
            profile,
            Irregularity::Collusion {
                player: P,
                form: Collusion::ChipDumping,
            },
        )
    };
    check(&dump(Profile::Jpr), Outcome::Disqualify(P), &["JPR-8.0"]);
    check(&dump(Profile::Wwpla), Outcome::Disqualify(P), &["WWPLA-2"]);
    check(&dump(Profile::Hc), Outcome::Disqualify(P), &["HC-2.1"]);
}

#[test]
fn tda_31_a_live_hand_stays_at_the_table() {
    let p = run(Profile::Tda, Irregularity::LeftLiveHand { player: P });
    check(&p, Outcome::Continue, &["TDA-31"]);
    assert_eq!(p.penalty.map(|r| r.id()), Some("TDA-31"));
}

#[test]
fn tda_33_dodging_a_blind_is_penalised() {
    let p = run(Profile::Tda, Irregularity::DodgedBlind { player: P });
    check(&p, Outcome::Continue, &["TDA-33"]);
    assert_eq!(p.penalty.map(|r| r.id()), Some("TDA-33"));
}

// ---- Underpaid calls in a row ------------------------------------------------------------------

/// TDA-51C: two or more underpaid calls in a row: play goes back to the first, who corrects by
/// TDA-51B (a full call against the opening bet); the TD decides on the later callers.
#[test]
fn tda_51c_play_goes_back_to_the_first_underpaid_call() {
    let mut many = situation();
    many.live_players = 4;
    let opening = procedure(
        Profile::Tda,
        &Irregularity::UnderpaidCalls {
            first: P,
            callers: 3,
            opening_bet: true,
        },
        &many,
    );
    assert!(td_decides(&opening));
    check(&opening, opening.outcome.clone(), &["TDA-51C", "TDA-51B"]);
    mentions(&opening, "goes back to");
    mentions(&opening, "is a full call");
    // TDA-51B: facing a raise with several players, the first may be let off by the TD.
    let raise = procedure(
        Profile::Tda,
        &Irregularity::UnderpaidCalls {
            first: P,
            callers: 2,
            opening_bet: false,
        },
        &many,
    );
    mentions(&raise, "gives up the chips put in and folds");
    // Heads-up every underpaid call is a full call (TDA-51B), whatever was bet.
    let heads_up = run(
        Profile::Tda,
        Irregularity::UnderpaidCalls {
            first: P,
            callers: 2,
            opening_bet: false,
        },
    );
    mentions(&heads_up, "is a full call");
    // DG-15b: the dealer's guide corrects at once; the same correction follows.
    let dg = run(
        Profile::Dg,
        Irregularity::UnderpaidCalls {
            first: P,
            callers: 2,
            opening_bet: true,
        },
    );
    check(&dg, dg.outcome.clone(), &["DG-15b", "TDA-51C"]);
}

// ---- Before the deal, dropped cards, hand-for-hand ---------------------------------------------

#[test]
fn dg_7_each_fault_means_shuffling_again() {
    for (fault, id) in [
        (ShuffleFault::CardSeen, "DG-7.1"),
        (ShuffleFault::ShuffleTooShort, "DG-7.2"),
        (ShuffleFault::CardSlipped, "DG-7.3"),
        (ShuffleFault::BadCut, "DG-7.4"),
    ] {
        let p = run(Profile::Dg, Irregularity::ShuffleFault { fault });
        check(&p, Outcome::Continue, &[id, "DG-7"]);
        mentions(&p, "from the shuffle");
    }
}

#[test]
fn dg_13_4_a_dropped_card_face_up_lies_face_up() {
    let up = run(
        Profile::Dg,
        Irregularity::DroppedCard {
            player: P,
            face_up_or_seen: true,
        },
    );
    check(&up, Outcome::Continue, &["DG-13.4"]);
    mentions(&up, "lies face up");
    let down = run(
        Profile::Dg,
        Irregularity::DroppedCard {
            player: P,
            face_up_or_seen: false,
        },
    );
    mentions(&down, "face down");
}

#[test]
fn tda_rp_8f_all_in_hands_stay_face_down_in_hand_for_hand() {
    for profile in ALL {
        let p = run(profile, Irregularity::HandForHandAllIn);
        check(&p, Outcome::Continue, &["TDA-RP-8F"]);
        mentions(&p, "stay face down");
    }
}

#[test]
fn every_new_irregularity_reads_from_the_wire() {
    // The dealer tablet sends these as JSON; the names are the API's.
    for text in [
        r#"{"kind":"rabbit_hunt","all_agree":true}"#,
        r#"{"kind":"dispute","about":"pot","next_hand_started":true}"#,
        r#"{"kind":"count_asked","of":"stack","facing_all_in_in_turn":true}"#,
        r#"{"kind":"miscalled_hand","player":1,"declared_lower":true}"#,
        r#"{"kind":"chips_out_of_sight","player":0}"#,
        r#"{"kind":"found_chips"}"#,
        r#"{"kind":"collusion","player":3,"form":"teamwork"}"#,
        r#"{"kind":"left_live_hand","player":0}"#,
        r#"{"kind":"dodged_blind","player":0}"#,
        r#"{"kind":"shuffle_fault","fault":"bad_cut"}"#,
        r#"{"kind":"dropped_card","player":2,"face_up_or_seen":false}"#,
        r#"{"kind":"hand_for_hand_all_in"}"#,
        r#"{"kind":"extra_board_card","street":"river"}"#,
        r#"{"kind":"dealer_miscall","prompt_reaction":true}"#,
        r#"{"kind":"underpaid_calls","first":1,"callers":2,"opening_bet":true}"#,
        r#"{"kind":"underpaid_calls","first":1}"#,
    ] {
        let read: Result<Irregularity, _> = serde_json::from_str(text);
        assert!(read.is_ok(), "{text}: {read:?}");
    }
}

// ---- Substantial action ------------------------------------------------------------------------

fn floor_hand(players: usize) -> floor::FloorHand {
    let stacks = vec![engine::Chips(1_000); players];
    let mut blinds = vec![engine::Chips::ZERO; players];
    blinds[0] = engine::Chips(5);
    blinds[1] = engine::Chips(10);
    let setup = engine::HandSetup::new(
        engine::Variant::NO_LIMIT_HOLDEM,
        &stacks,
        &blinds,
        engine::Chips(10),
    );
    floor::FloorHand::new(Profile::Tda, setup, &[engine::Chips(5), engine::Chips(25)])
        .expect("a table")
}

fn acted_after(players: usize, actions: &[engine::Action]) -> bool {
    let mut f = floor_hand(players);
    f.deal_unknown_holes();
    for a in actions {
        let p = f.hand().actor().expect("a player to act");
        f.apply(engine::Op::Act(p, *a)).expect("a legal action");
    }
    f.situation().substantial_action
}

/// TDA-36A.
#[test]
fn tda_36a_two_actions_in_a_row_one_with_chips_are_substantial() {
    use engine::Action::{Call, Fold};
    // The blinds posted are no action.
    assert!(!acted_after(6, &[]));
    assert!(!acted_after(6, &[Fold, Fold]), "two folds put no chips in");
    assert!(acted_after(6, &[Fold, Call]));
    assert!(acted_after(6, &[Call, Fold]));
}

/// TDA-36B.
#[test]
fn tda_36b_any_three_actions_in_a_row_are_substantial() {
    use engine::Action::Fold;
    assert!(acted_after(6, &[Fold, Fold, Fold]));
}

// ---- A second board card turned up -------------------------------------------------------------

/// DG-21, DG-23: a second card turned up with the turn is the next burn, turned down under the
/// main pot before the river; no other card is burned.
#[test]
fn dg_21_23_a_second_card_with_the_turn_is_the_next_burn() {
    let p = run(
        Profile::Dg,
        Irregularity::ExtraBoardCard {
            street: Street::Turn,
        },
    );
    check(&p, Outcome::Continue, &["DG-21", "DG-23"]);
    mentions(&p, "becomes the next burn card");
}

/// DG-24: a second card turned up with the river lies beside the board.
#[test]
fn dg_24_a_second_card_with_the_river_lies_beside_the_board() {
    let p = run(
        Profile::Dg,
        Irregularity::ExtraBoardCard {
            street: Street::River,
        },
    );
    check(&p, Outcome::Continue, &["DG-24"]);
    mentions(&p, "beside the board");
}

/// TDA-RP-5: elsewhere a card turned up with the turn is an early river card.
#[test]
fn tda_rp_5_elsewhere_a_second_card_with_the_turn_is_an_early_river() {
    let p = run(
        Profile::Tda,
        Irregularity::ExtraBoardCard {
            street: Street::Turn,
        },
    );
    check(&p, Outcome::Continue, &["TDA-RP-5C"]);
}

/// DG-30.1: a wrong call by the dealer is corrected at once; a prompt reaction is undone
/// harmlessly, cards shown on it are not folded.
#[test]
fn dg_30_1_a_wrong_call_is_corrected_and_a_prompt_reaction_undone() {
    let p = run(
        Profile::Dg,
        Irregularity::DealerMiscall {
            prompt_reaction: true,
        },
    );
    check(&p, Outcome::Continue, &["DG-30.1"]);
    mentions(&p, "not folded");
    let tda = run(
        Profile::Tda,
        Irregularity::DealerMiscall {
            prompt_reaction: true,
        },
    );
    assert!(td_decides(&tda));
}
