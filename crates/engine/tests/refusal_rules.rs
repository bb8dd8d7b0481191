//! Every refusal of the engine names the rule its `rule()` gives, and no other: the message is
//! built from that one place (`engine/src/error.rs`); a `Rule` is an id of the rule index by
//! construction.

mod citations;

use citations::cited_ids;
use engine::rule;
use engine::{
    Chips, Hand, HandError, HandSetup, Player, Rule, RulebookId, SetupError, Step, Variant,
};

/// One refusal of each kind the engine gives.
fn every_refusal() -> Vec<HandError> {
    let (p, q, c) = (Player(0), Player(1), Chips(100));
    let card = "As".parse().expect("a card");
    let rule = rule!("TDA-47A");
    vec![
        HandError::OutOfStep {
            expected: Step::CollectBets,
            got: "a fold",
            rule: rule!("TDA-50A"),
        },
        HandError::NotYourTurn {
            player: p,
            actor: q,
        },
        HandError::CheckFacingBet {
            player: p,
            to_call: c,
        },
        HandError::BetBelowMinimum { to: c, min_to: c },
        HandError::RaiseBelowMinimum { to: c, min_to: c },
        HandError::AboveStack {
            player: p,
            to: c,
            max_to: c,
        },
        HandError::AbovePotLimit { to: c, max_to: c },
        HandError::AboveSpread {
            to: c,
            max_to: c,
            max_bet: c,
        },
        HandError::FixedLimitAmount { to: c, expected: c },
        HandError::NotARaise { to: c, level: c },
        HandError::NotReopened {
            player: p,
            increase: c,
            needed: c,
            rule,
        },
        HandError::RaiseCapReached {
            cap: 4,
            rule: rule!("TDA-48"),
        },
        HandError::NoOpponentToRaise,
        HandError::DealOrder {
            expected: p,
            got: q,
            rule: rule!("TDA-35A"),
        },
        HandError::HoleCardCount {
            player: p,
            allowed: 2,
            got: 3,
        },
        HandError::BoardCardCount {
            street: Some(engine::Street::Flop),
            expected: 3,
            got: 4,
        },
        HandError::DuplicateCard { card },
        HandError::ExtraBurn,
        HandError::DeckEmpty,
        HandError::ShowAllCards {
            player: p,
            needed: 2,
        },
        HandError::ShownDiffers {
            player: p,
            shown: card,
        },
        HandError::UnknownCards { player: p },
        HandError::MustShow { player: p },
        HandError::AlreadyShown { player: p },
        HandError::NotInHand { player: p },
        HandError::NoSuchPot { pot: 2, pots: 1 },
        HandError::NoWinner { pot: 0 },
        HandError::NotEligible { player: p, pot: 1 },
        HandError::LastLiveHand { player: p },
        HandError::NotFolded { player: p },
        HandError::BringInDue {
            player: p,
            reason: engine::BringInReason::NobodyBet,
        },
        HandError::NoBringIn,
        HandError::StudFaces {
            what: engine::StudFaces::FourthToSixthUp,
            rule: rule!("TDA-RP-10"),
        },
        HandError::NoCommunityCard,
        HandError::HandOver,
    ]
}

#[test]
fn every_refusal_names_its_own_rule_and_no_other() {
    for error in every_refusal() {
        let text = error.to_string();
        let named = cited_ids(&text);
        match error.rule() {
            Some(rule) => {
                assert!(text.ends_with(&format!(" ({rule})")), "{text}");
                assert_eq!(named, [rule.id()], "{text}");
            }
            None => assert!(
                named.is_empty(),
                "{text} names a rule but rule() gives none"
            ),
        }
    }
}

/// A message names `rule` and no other rule; `rule` is in the rulebooks.
fn names_only(text: &str, rule: Option<Rule>) {
    let named = cited_ids(text);
    match rule {
        Some(rule) => {
            assert!(text.ends_with(&format!(" ({rule})")), "{text}");
            assert_eq!(named, [rule.id()], "{text}");
        }
        None => assert!(
            named.is_empty(),
            "{text} names a rule but rule() gives none"
        ),
    }
}

#[test]
fn every_setup_refusal_names_its_own_rule() {
    for error in [
        SetupError::StudPlayers("razz"),
        SetupError::StudBlinds,
        SetupError::BringIn,
        SetupError::ZeroMinBet,
    ] {
        names_only(&error.to_string(), error.rule());
    }
    // A straddle (a third blind) under each rulebook: WWPLA-9 and HC-1.12 forbid it, each
    // refusal naming its own rulebook's rule; TDA allows it.
    let straddled = |id: RulebookId| {
        let mut setup = HandSetup::new(
            Variant::NO_LIMIT_HOLDEM,
            &[Chips(100); 4],
            &[Chips(1), Chips(2), Chips(4), Chips(0)],
            Chips(2),
        );
        setup.ruleset = id.ruleset();
        setup.deck = Some(cards::Deck::ordered());
        Hand::new(setup).err()
    };
    for (id, rule) in [(RulebookId::Wwpla, "WWPLA-9"), (RulebookId::Hc, "HC-1.12")] {
        let errors = straddled(id).expect("a straddle is refused");
        let [error] = errors.problems() else {
            panic!("the straddle is the only problem: {errors}");
        };
        assert_eq!(error.rule(), Rule::parse(rule), "{error}");
        names_only(&error.to_string(), error.rule());
    }
    let tda = straddled(RulebookId::Tda);
    assert!(tda.is_none(), "TDA allows straddles: {tda:?}");
}
