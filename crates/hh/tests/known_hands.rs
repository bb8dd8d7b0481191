//! Real hands from the PHH sample (testdata/phh) read to the values their files state.

use cards::Card;
use hh::{Amount, AmountError, PhhAction, PhhHand, Value, parse_phh, parse_phhs};
use std::fs;
use std::path::Path;

fn read(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/phh/data")
        .join(relative);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn hand(relative: &str) -> PhhHand {
    parse_phh(&read(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

fn amount(text: &str) -> Amount {
    text.parse().expect("test amount")
}

fn amounts(texts: &[&str]) -> Vec<Amount> {
    texts.iter().map(|t| amount(t)).collect()
}

fn card(text: &str) -> Card {
    text.parse().expect("test card")
}

fn extra<'a>(hand: &'a PhhHand, key: &str) -> &'a Value {
    hand.extra
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
        .unwrap_or_else(|| panic!("no field {key}"))
}

#[test]
fn handhq_pokerstars_hand_1_has_blinds_in_cents() {
    let hands = parse_phhs(&read(
        "handhq/PS-2009-07-01_2009-07-23_50NLH_OBFU/0.5/ps NLH handhq_1-OBFUSCATED.phhs",
    ))
    .expect("parses");
    let (name, hand) = &hands[0];
    assert_eq!(name, "1");
    assert_eq!(hands[1].0, "5");
    assert_eq!(hand.variant, "NT");
    assert_eq!(hand.ante_trimming_status, Some(false));
    assert_eq!(
        hand.blinds_or_straddles,
        amounts(&["0.25", "0.50", "0", "0", "0", "0"])
    );
    assert_eq!(hand.play_scale(), 2);
    let blinds: Vec<u64> = hand
        .blinds_or_straddles
        .iter()
        .map(|b| b.to_chips(2).expect("whole cents"))
        .collect();
    assert_eq!(blinds, [25, 50, 0, 0, 0, 0]);
    assert_eq!(hand.min_bet.map(|m| m.to_chips(2)), Some(Ok(50)));
    let stacks: Vec<u64> = hand
        .starting_stacks
        .iter()
        .map(|s| s.expect("known stack").to_chips(2).expect("whole cents"))
        .collect();
    assert_eq!(stacks, [4090, 4295, 1785, 2260, 18745, 7085]);
    assert_eq!(hand.actions.len(), 12);
    assert_eq!(hand.actions[9].text, "p6 cbr 2.00");
    assert_eq!(
        hand.actions[9].action,
        PhhAction::CompleteBetOrRaiseTo {
            player: 5,
            amount: amount("2")
        }
    );
    assert_eq!(
        hand.actions[0].action,
        PhhAction::DealHole {
            player: 0,
            cards: vec![None, None]
        }
    );
    assert_eq!(hand.winnings, Some(amounts(&["0"; 6])));
    assert_eq!(hand.finishing_stacks, None);
    assert_eq!(extra(hand, "time"), &Value::DateTime("00:00:00".into()));
    assert_eq!(extra(hand, "hand"), &Value::Number(amount("59937793578")));
    assert_eq!(extra(hand, "venue"), &Value::String("PokerStars".into()));
    assert_eq!(
        extra(hand, "seats"),
        &Value::Array(
            [6, 1, 2, 3, 4, 5]
                .map(|s| Value::Number(amount(&s.to_string())))
                .into()
        )
    );
}

#[test]
fn handhq_ipoker_unknown_stacks_are_none() {
    let hands = parse_phhs(&read(
        "handhq/IPN-2009-07-01_2009-07-23_100NLH_OBFU/1/ipn NLH handhq_1-OBFUSCATED.phhs",
    ))
    .expect("parses");
    let hand = &hands[0].1;
    assert_eq!(hand.starting_stacks, vec![None; 6]);
    // Blinds 0.50/1 and bets 4, 6, 18: one digit after the point is enough here.
    assert_eq!(hand.play_scale(), 1);
    assert_eq!(
        hand.actions[0].action,
        PhhAction::DealHole {
            player: 0,
            cards: vec![Some(card("Ac")), Some(card("Qc"))]
        }
    );
    assert_eq!(
        hand.actions.last().map(|l| &l.action),
        Some(&PhhAction::ShowOrMuck {
            player: 1,
            cards: Some(vec![None, None])
        })
    );
}

#[test]
fn pluribus_split_pot_keeps_the_half_chip() {
    let hand = hand("pluribus/102/0.phh");
    let finishing = hand.finishing_stacks.as_ref().expect("finishing_stacks");
    assert_eq!(finishing[0], amount("10112.5"));
    assert_eq!(finishing[0].to_string(), "10112.5");
    assert_eq!(finishing[1].to_string(), "9775.0");
    assert_eq!(finishing[1], amount("9775"));
    assert_eq!(
        finishing[0].to_chips(0),
        Err(AmountError::LosesDigits {
            amount: amount("10112.5"),
            scale: 0
        })
    );
    assert_eq!(finishing[0].to_chips(1), Ok(101125));
    // The half chip is a result, not a unit of play: blinds 50/100 stay whole chips.
    assert_eq!(hand.play_scale(), 0);
    assert_eq!(
        hand.players.as_ref().map(|p| p[5].as_str()),
        Some("Pluribus")
    );
    assert_eq!(
        hand.actions[12].action,
        PhhAction::DealBoard {
            cards: vec![Some(card("Qs")), Some(card("9c")), Some(card("4s"))]
        }
    );
    assert_eq!(hand.actions[12].action.player(), None);
}

#[test]
fn dwan_ivey_keeps_action_comments_and_metadata() {
    let hand = hand("dwan-ivey-2009.phh");
    assert_eq!(hand.variant, "NT");
    assert_eq!(hand.ante_trimming_status, Some(true));
    assert_eq!(hand.antes, amounts(&["500", "500", "500"]));
    assert_eq!(hand.blinds_or_straddles, amounts(&["1000", "2000", "0"]));
    assert_eq!(hand.min_bet, Some(amount("2000")));
    assert_eq!(
        hand.starting_stacks,
        vec![
            Some(amount("1125600")),
            Some(amount("2000000")),
            Some(amount("553500"))
        ]
    );
    assert_eq!(hand.actions.len(), 18);
    let first = &hand.actions[0];
    assert_eq!(
        first.action,
        PhhAction::DealHole {
            player: 0,
            cards: vec![Some(card("Ac")), Some(card("2d"))]
        }
    );
    assert_eq!(first.comment.as_deref(), Some("Ivey"));
    assert_eq!(hand.actions[1].comment.as_deref(), Some("Antonius"));
    assert_eq!(
        hand.actions[3].action,
        PhhAction::CompleteBetOrRaiseTo {
            player: 2,
            amount: amount("7000")
        }
    );
    assert_eq!(hand.actions[7].text, "d db Jc3d5c");
    assert_eq!(hand.actions[7].comment, None);
    assert_eq!(extra(&hand, "year"), &Value::Number(amount("2009")));
    assert_eq!(extra(&hand, "currency"), &Value::String("USD".into()));
    let keys: Vec<&str> = hand.extra.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["author", "event", "year", "currency"]);
    assert_eq!(
        hand.players,
        Some(vec![
            "Phil Ivey".into(),
            "Patrik Antonius".into(),
            "Tom Dwan".into()
        ])
    );
    assert_eq!(hand.finishing_stacks, None);
}

#[test]
fn badugi_draws_and_stand_pat() {
    let hand = hand("alice-carol-wikipedia.phh");
    assert_eq!(hand.variant, "FB");
    assert_eq!(hand.small_bet, Some(amount("2")));
    assert_eq!(hand.big_bet, Some(amount("4")));
    let sd: Vec<&PhhAction> = hand
        .plain_actions()
        .filter(|a| matches!(a, PhhAction::StandPatOrDiscard { .. }))
        .collect();
    assert_eq!(
        sd[0],
        &PhhAction::StandPatOrDiscard {
            player: 0,
            cards: vec![None, None]
        }
    );
    // "p2 sd" with no cards: Carol stands pat.
    assert_eq!(
        sd[4],
        &PhhAction::StandPatOrDiscard {
            player: 1,
            cards: vec![]
        }
    );
    assert_eq!(hand.actions[0].action.to_string(), "d dh p1 ????????");
}

#[test]
fn razz_bring_in_and_early_show() {
    let hand = hand("wsop/2023/43/5/03-50-24.phh");
    assert_eq!(hand.variant, "FR");
    assert_eq!(hand.bring_in, Some(amount("100000")));
    assert!(hand.blinds_or_straddles.is_empty());
    assert_eq!(hand.actions[2].action, PhhAction::PostBringIn { player: 1 });
    // Both hands shown after sixth street (all-in, TDA-16), then again after seventh.
    let shows = hand
        .plain_actions()
        .filter(|a| matches!(a, PhhAction::ShowOrMuck { cards: Some(_), .. }))
        .count();
    assert_eq!(shows, 4);
    assert_eq!(hand.finishing_stacks, Some(amounts(&["0", "29700000"])));
}

#[test]
fn pluribus_muck_without_cards() {
    let hand = hand("pluribus/83/6.phh");
    assert_eq!(
        hand.actions[27].action,
        PhhAction::ShowOrMuck {
            player: 2,
            cards: None
        }
    );
    assert_eq!(hand.actions[27].text, "p3 sm");
}
