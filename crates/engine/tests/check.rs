//! The dry run: `Hand::check` judges an operation as `Hand::apply` does, and a refused
//! operation leaves the hand equal to what it was. `Hand::new` names every problem of a setup.

mod common;

use cards::{CardSet, Deck, Seed};
use common::{act, chips};
use engine::rule;
use engine::{
    Action, Automations, Chips, Game, Hand, HandError, HandSetup, Hole, Op, Player, RulebookId,
    SetupError, Step, Variant, random_action,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    rng.next_u64() % n.max(1)
}

fn random_setup(rng: &mut ChaCha8Rng, seed: u64) -> HandSetup {
    let variant = match below(rng, 6) {
        0 => Variant::NO_LIMIT_HOLDEM,
        1 => Variant::POT_LIMIT_OMAHA,
        2 => Variant::fixed_limit(Game::Holdem, Chips(4), Chips(8)),
        3 => Variant::fixed_limit(Game::Stud, Chips(4), Chips(8)),
        4 => Variant::fixed_limit(Game::Razz, Chips(4), Chips(8)),
        _ => Variant::fixed_limit(Game::OmahaHiLo, Chips(4), Chips(8)),
    };
    let stud = variant.game.is_stud();
    let n = 2 + below(rng, if stud { 5 } else { 6 }) as usize;
    let stacks: Vec<Chips> = (0..n).map(|_| Chips(1 + below(rng, 120))).collect();
    let mut blinds = vec![Chips::ZERO; n];
    if !stud {
        blinds[0] = Chips(2);
        blinds[1] = Chips(4);
    }
    let mut s = HandSetup::new(variant, &stacks, &blinds, Chips(4));
    if stud {
        s.antes = vec![Chips(1); n];
    }
    s.bring_in = Chips(2);
    s.tournament = below(rng, 2) == 0;
    s.absent = (0..n).map(|_| below(rng, 12) == 0).collect();
    // Half the hands wait for the dealer and the showdown: those steps are candidates too.
    if below(rng, 2) == 0 {
        s.automations = Automations {
            collecting: false,
            showdown: false,
            pushing: false,
            ..Automations::LIVE_DEALER
        };
    }
    s.deck = Some(Deck::shuffled(Seed::from_u64(seed)));
    s
}

/// Amounts around every bound a bet or raise is judged by (TDA-43, TDA-54, HC-3.4.1).
fn amounts(hand: &Hand, p: Player) -> Vec<Chips> {
    let mut out = vec![Chips(0), Chips(1), hand.bet_to_call(), Chips(u64::MAX)];
    if let Some(legal) = hand.legal_actions_for(p) {
        for bound in legal.bet_or_raise.iter().flat_map(|r| [r.min_to, r.max_to]) {
            out.extend([bound, Chips(bound.0 + 1), Chips(bound.0.saturating_sub(1))]);
        }
        out.extend(legal.big_bet_to);
    }
    out
}

/// Every operation worth trying now: each player's every action at the bounds, each
/// dealer's step for each player, and cards the hand already holds.
fn candidates(hand: &Hand, rng: &mut ChaCha8Rng) -> Vec<Op> {
    let n = hand.players().len() as u8;
    let mut ops = vec![
        Op::CollectBets,
        Op::PushChips,
        Op::DealBoardUnknown,
        Op::Burn(None),
        Op::DealBoard(vec![]),
    ];
    let in_play: Vec<_> = hand
        .players()
        .iter()
        .flat_map(|p| p.hole.cards().iter().flatten().copied())
        .chain(hand.board())
        .collect();
    if let Some(&card) = in_play.first() {
        ops.extend([Op::Burn(Some(card)), Op::DealBoard(vec![card; 3])]);
    }
    for pot in 0..3 {
        ops.push(Op::AwardPot {
            pot,
            winners: vec![],
        });
    }
    // One player past the last: a player who is not in the hand.
    for p in (0..=n).map(Player) {
        for action in [Action::Fold, Action::Check, Action::Call, Action::BringIn] {
            ops.push(Op::Act(p, action));
        }
        for to in amounts(hand, p) {
            ops.push(Op::Act(p, Action::BetOrRaiseTo(to)));
        }
        ops.extend([
            Op::PostAnte(p),
            Op::PostBlind(p),
            Op::Muck(p),
            Op::Show {
                player: p,
                cards: None,
            },
            Op::KillHand {
                player: p,
                rule: rule!("TDA-29"),
            },
            Op::DeadMoney {
                player: p,
                amount: Chips(1 + below(rng, 50)),
            },
            Op::AwardPot {
                pot: 0,
                winners: vec![p],
            },
            Op::DealHole {
                player: p,
                cards: Hole::new(&[None]).unwrap_or_default(),
            },
        ]);
    }
    ops
}

/// Operations that move the hand on, the first one accepted to be applied: the step waited
/// for, the player's random action; at a showdown a show, a muck, or the dealer entering the
/// cards of a hand that must be shown.
fn next_ops(hand: &Hand, rng: &mut ChaCha8Rng) -> Vec<Op> {
    vec![match hand.step() {
        Step::PostAnte(p) => Op::PostAnte(p),
        Step::PostBlind(p) => Op::PostBlind(p),
        Step::DealHole(p) => Op::DealHole {
            player: p,
            cards: Hole::new(&[None]).unwrap_or_default(),
        },
        Step::DealBoard { .. } => Op::DealBoardUnknown,
        Step::Act(p) => Op::Act(p, random_action(&hand.legal_actions().unwrap(), rng)),
        Step::CollectBets => Op::CollectBets,
        Step::ShowOrMuck(p) => {
            let mut in_play = CardSet::default();
            for card in hand
                .players()
                .iter()
                .flat_map(|q| q.hole.cards().iter().flatten())
            {
                in_play.insert(*card);
            }
            let mut fresh = Deck::without(in_play);
            let held = hand.player(p).hole;
            let entered: Vec<_> = held
                .cards()
                .iter()
                .map(|c| c.or_else(|| fresh.deal().ok()))
                .collect();
            let show = |cards| Op::Show { player: p, cards };
            let mut ops = vec![show(None), Op::Muck(p), show(Hole::new(&entered))];
            if below(rng, 2) == 0 {
                ops.swap(0, 1);
            }
            return ops;
        }
        Step::AwardPot(pot) => Op::AwardPot {
            pot,
            winners: hand.pots()[pot].eligible.iter().copied().take(1).collect(),
        },
        Step::PushChips | Step::Done => Op::PushChips,
    }]
}

#[test]
fn check_and_apply_agree_on_every_candidate_and_a_refusal_changes_nothing() {
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    let (mut accepted, mut refused) = (0usize, 0usize);
    for seed in 0..400u64 {
        let mut hand = Hand::new(random_setup(&mut rng, seed)).expect("a valid setup");
        let mut steps = 0;
        while !hand.is_over() {
            steps += 1;
            assert!(steps < 500, "hand {seed} stuck at {}", hand.step());
            for op in candidates(&hand, &mut rng) {
                let checked = hand.check(&op);
                let mut tried = hand.clone();
                let applied = tried.apply(op.clone());
                assert_eq!(checked, applied, "hand {seed}, {op:?} at {}", hand.step());
                match applied {
                    Ok(()) => accepted += 1,
                    Err(_) => {
                        refused += 1;
                        assert!(
                            tried == hand,
                            "hand {seed}: refused {op:?} changed the hand"
                        );
                    }
                }
            }
            let ops = next_ops(&hand, &mut rng);
            let Some(op) = ops.iter().find(|op| hand.check(op).is_ok()) else {
                let refusals: Vec<_> = ops.iter().map(|op| hand.check(op)).collect();
                panic!(
                    "hand {seed}: none of {ops:?} accepted at {}: {refusals:?}",
                    hand.step()
                );
            };
            hand.apply(op.clone()).unwrap();
        }
    }
    assert!(
        accepted > 20_000 && refused > 500_000,
        "both sides exercised: {accepted} accepted, {refused} refused"
    );
}

/// Stud with the up cards not entered: every player may hold the bring-in card, and whoever
/// posts it first is taken as the bring-in (TDA-RP-10).
fn stud_unknown_up_cards() -> Hand {
    let n = 3;
    let variant = Variant::fixed_limit(Game::Stud, Chips(4), Chips(8));
    let mut s = HandSetup::new(variant, &chips(&[100; 3]), &vec![Chips::ZERO; n], Chips(4));
    s.antes = vec![Chips(1); n];
    s.bring_in = Chips(2);
    s.automations = Automations::LIVE_DEALER;
    let mut hand = Hand::new(s).unwrap();
    let third = Hole::with_faces(&[(None, false), (None, false), (None, true)]).unwrap();
    for p in 0..n {
        hand.apply(Op::DealHole {
            player: Player(p as u8),
            cards: third,
        })
        .unwrap();
    }
    hand
}

#[test]
fn tda_rp_10e_a_possible_bring_in_refused_out_of_turn_leaves_the_turn_where_it_was() {
    let mut hand = stud_unknown_up_cards();
    assert_eq!(hand.step(), Step::Act(Player(0)));
    let before = hand.clone();
    // Player 2 would be taken as the bring-in, but checking is no bring-in (TDA-RP-10E); a
    // raise to 3 neither brings in nor completes to the small bet (HC-3.4.1).
    for action in [Action::Check, Action::BetOrRaiseTo(Chips(3))] {
        let op = Op::Act(Player(1), action);
        let e = hand.apply(op.clone()).unwrap_err();
        assert_eq!(hand.check(&op), Err(e.clone()));
        assert!(hand == before, "{e} moved the turn or the opener");
    }
    assert!(matches!(
        hand.check(&Op::Act(Player(1), Action::Check)),
        Err(HandError::BringInDue { .. })
    ));
    // Posting it makes player 2 the bring-in: the turn passes to their left.
    hand.check(&Op::Act(Player(1), Action::BringIn)).unwrap();
    assert!(hand == before, "a dry run changes nothing");
    hand.apply(Op::Act(Player(1), Action::BringIn)).unwrap();
    assert_eq!(hand.step(), Step::Act(Player(2)));
}

#[test]
fn tda_43_a_raise_refused_by_the_dry_run_is_refused_alike_and_changes_nothing() {
    let mut hand = common::nl(&[100, 100, 100], &[1, 2, 0]);
    act(&mut hand, "10");
    let raise = Op::Act(hand.actor().unwrap(), Action::BetOrRaiseTo(Chips(15)));
    let e = hand.check(&raise).unwrap_err();
    assert_eq!(e.rule(), Some(rule!("TDA-43")), "{e}");
    let before = hand.clone();
    assert_eq!(hand.apply(raise), Err(e));
    assert!(hand == before);
    let full = Op::Act(hand.actor().unwrap(), Action::BetOrRaiseTo(Chips(18)));
    assert_eq!(hand.check(&full), Ok(()));
}

#[test]
fn a_setup_with_several_problems_names_every_one() {
    let mut s = HandSetup::new(
        Variant::fixed_limit(Game::Razz, Chips(4), Chips(2)),
        &chips(&[100, 0, 50]),
        &chips(&[1, 2, 0]),
        Chips(0),
    );
    s.antes = vec![Chips(1); 2];
    s.chip_unit = Chips(0);
    s.bring_in = Chips(9);
    s.deck = None;
    s.big_blind_player = Some(Player(7));
    let errors = Hand::new(s).expect_err("a broken setup");
    assert_eq!(
        errors.problems(),
        [
            SetupError::Length {
                what: "antes",
                got: 2,
                players: 3,
            },
            SetupError::ZeroMinBet,
            SetupError::ZeroChipUnit,
            SetupError::LimitBets,
            SetupError::EmptyStack,
            SetupError::BigBlindPlayer(7),
            SetupError::StudBlinds,
            SetupError::BringIn,
            SetupError::NoDeck,
        ]
    );
    let text = errors.to_string();
    assert_eq!(text.split("; ").count(), errors.problems().len(), "{text}");
    assert!(text.contains("stud has no blinds: antes and a bring-in (TDA-RP-10)"));
}

#[test]
fn a_setup_with_one_problem_reads_as_that_problem() {
    let mut s = HandSetup::new(
        Variant::NO_LIMIT_HOLDEM,
        &chips(&[100; 4]),
        &chips(&[1, 2, 4, 0]),
        Chips(2),
    );
    s.ruleset = RulebookId::Wwpla.ruleset();
    s.deck = Some(Deck::ordered());
    let errors = Hand::new(s).expect_err("a straddle under WWPLA");
    assert_eq!(errors.problems().len(), 1);
    assert_eq!(errors.to_string(), errors.first().to_string());
    assert_eq!(errors.first().rule(), Some(rule!("WWPLA-9")));
}

/// A player the hand does not have is refused by the dry run, not a panic (TDA-RP-10E's
/// out-of-turn opener check reads the player's seat first).
#[test]
fn a_player_outside_the_hand_is_refused_by_check_and_apply() {
    let mut hand = stud_unknown_up_cards();
    let before = hand.clone();
    for action in [Action::Check, Action::BringIn, Action::Fold] {
        let op = Op::Act(Player(200), action);
        assert!(hand.check(&op).is_err());
        assert!(hand.apply(op).is_err());
        assert_eq!(hand, before);
    }
}
