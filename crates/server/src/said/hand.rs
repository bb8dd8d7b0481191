//! The engine's refusals of a hand's step (`engine::HandError`) as message keys with arguments,
//! so the player's phone and the dealer's tablet show them in their language.

use super::{as_value, message};
use engine::{BringInReason, HandError, Step, Street, StudFaces};
use protocol::Said;
use serde_json::{Value, json};

/// A refusal of the hand engine; every variant has its key (`refused_hand_*`). Players are
/// the engine's (`p1`, `p2`, ...), or their names where `name` knows them.
pub fn hand(error: &HandError, name: &dyn Fn(engine::Player) -> String) -> Said {
    use HandError as E;
    let (key, args) = match error {
        E::OutOfStep { expected, got, .. } => (
            "out_of_step",
            json!({ "expected": step(expected, name), "got": got }),
        ),
        E::NotYourTurn { player, actor } => (
            "not_your_turn",
            json!({ "player": name(*player), "actor": name(*actor) }),
        ),
        E::CheckFacingBet { player, to_call } => (
            "check_facing_bet",
            json!({ "player": name(*player), "to_call": to_call.0 }),
        ),
        E::BetBelowMinimum { to, min_to } => (
            "bet_below_minimum",
            json!({ "to": to.0, "min_to": min_to.0 }),
        ),
        E::RaiseBelowMinimum { to, min_to } => (
            "raise_below_minimum",
            json!({ "to": to.0, "min_to": min_to.0 }),
        ),
        E::AboveStack { player, to, max_to } => (
            "above_stack",
            json!({ "player": name(*player), "to": to.0, "max_to": max_to.0 }),
        ),
        E::AbovePotLimit { to, max_to } => {
            ("above_pot_limit", json!({ "to": to.0, "max_to": max_to.0 }))
        }
        E::AboveSpread {
            to,
            max_to,
            max_bet,
        } => (
            "above_spread",
            json!({ "to": to.0, "max_to": max_to.0, "max_bet": max_bet.0 }),
        ),
        E::FixedLimitAmount { to, expected } => (
            "fixed_limit_amount",
            json!({ "to": to.0, "expected": expected.0 }),
        ),
        E::NotARaise { to, level } => ("not_a_raise", json!({ "to": to.0, "level": level.0 })),
        E::NotReopened {
            player,
            increase,
            needed,
            ..
        } => (
            "not_reopened",
            json!({ "player": name(*player), "increase": increase.0, "needed": needed.0 }),
        ),
        E::RaiseCapReached { cap, .. } => (
            "raise_cap_reached",
            json!({ "raises": cap.saturating_sub(1) }),
        ),
        E::NoOpponentToRaise => ("no_opponent_to_raise", json!({})),
        E::DealOrder { expected, got, .. } => (
            "deal_order",
            json!({ "expected": name(*expected), "got": name(*got) }),
        ),
        E::HoleCardCount {
            player,
            allowed,
            got,
        } => (
            "hole_card_count",
            json!({ "player": name(*player), "allowed": allowed, "got": got }),
        ),
        E::BoardCardCount {
            street,
            expected,
            got,
        } => (
            "board_card_count",
            json!({ "what": street.map_or_else(
                || as_value(message("street_community_card", json!({}))),
                street_value,
            ), "expected": expected, "got": got }),
        ),
        E::DuplicateCard { card } => ("duplicate_card", json!({ "card": card.to_string() })),
        E::ExtraBurn => ("extra_burn", json!({})),
        E::DeckEmpty => ("deck_empty", json!({})),
        E::ShowAllCards { player, needed } => (
            "show_all_cards",
            json!({ "player": name(*player), "needed": needed }),
        ),
        E::ShownDiffers { player, shown } => (
            "shown_differs",
            json!({ "player": name(*player), "shown": shown.to_string() }),
        ),
        E::UnknownCards { player } => ("unknown_cards", json!({ "player": name(*player) })),
        E::MustShow { player } => ("must_show", json!({ "player": name(*player) })),
        E::AlreadyShown { player } => ("already_shown", json!({ "player": name(*player) })),
        E::NotInHand { player } => ("not_in_hand", json!({ "player": name(*player) })),
        E::NoSuchPot { pot, pots } => ("no_such_pot", json!({ "pot": pot, "pots": pots })),
        E::NoWinner { pot } => ("no_winner", json!({ "pot": pot })),
        E::NotEligible { player, pot } => (
            "not_eligible",
            json!({ "player": name(*player), "pot": pot }),
        ),
        E::LastLiveHand { player } => ("last_live_hand", json!({ "player": name(*player) })),
        E::NotFolded { player } => ("not_folded", json!({ "player": name(*player) })),
        E::BringInDue { player, reason } => (
            "bring_in_due",
            json!({ "player": name(*player), "reason": bring_in_reason(*reason) }),
        ),
        E::NoBringIn => ("no_bring_in", json!({})),
        E::StudFaces { what, .. } => ("stud_faces", json!({ "what": stud_faces(*what) })),
        E::NoCommunityCard => ("no_community_card", json!({})),
        E::HandOver => ("hand_over", json!({})),
    };
    // The rule goes beside the text (`ApiError::rule`), not into it.
    message(&format!("refused_hand_{key}"), args)
}

/// What the hand waits for, as a message of its own (`step_*`).
fn step(step: &Step, name: &dyn Fn(engine::Player) -> String) -> Value {
    let (key, args) = match step {
        Step::PostAnte(p) => ("post_ante", json!({ "player": name(*p) })),
        Step::PostBlind(p) => ("post_blind", json!({ "player": name(*p) })),
        Step::DealHole(p) => ("deal_hole", json!({ "player": name(*p) })),
        Step::DealBoard { street, .. } => {
            ("deal_board", json!({ "street": street_value(*street) }))
        }
        Step::Act(p) => ("act", json!({ "player": name(*p) })),
        Step::CollectBets => ("collect_bets", json!({})),
        Step::ShowOrMuck(p) => ("show_or_muck", json!({ "player": name(*p) })),
        Step::AwardPot(0) => ("award_main_pot", json!({})),
        Step::AwardPot(n) => ("award_side_pot", json!({ "pot": n })),
        Step::PushChips => ("push_chips", json!({})),
        Step::Done => ("done", json!({})),
    };
    as_value(message(&format!("step_{key}"), args))
}

fn street_value(street: Street) -> Value {
    as_value(message(
        &format!("street_{}", format!("{street:?}").to_lowercase()),
        json!({}),
    ))
}

fn bring_in_reason(reason: BringInReason) -> Value {
    let key = match reason {
        BringInReason::NobodyBet => "bring_in_nobody_bet",
        BringInReason::Forced => "bring_in_forced",
    };
    as_value(message(key, json!({})))
}

fn stud_faces(what: StudFaces) -> Value {
    let key = match what {
        StudFaces::ThirdOneUp => "stud_third_one_up",
        StudFaces::FourthToSixthUp => "stud_fourth_to_sixth_up",
        StudFaces::SeventhDown => "stud_seventh_down",
    };
    as_value(message(key, json!({})))
}
