//! Stud hands as each viewer sees them, built from engine hands dealt from a stacked deck as the
//! server deals them (every automation on): up cards public, down cards the owner's, folded up
//! cards turned down (TDA-66), the bring-in and its completion (TDA-RP-10), the streets.

use super::*;
use crate::room::{LiveHand, Turn};
use cards::{Card, Deck, parse_cards};
use engine::{Action, Automations, Chips, HandSetup, Op, PlayerId, Positions, Seat, Step, Variant};
use tournament::TableId;
use tournament::director::HandStart;

/// Fixed-limit stud for three: ante 1, bring-in 2, bets 4 and 8, stacks of 100, dealt from a
/// deck whose top cards are `top`, the rest in order.
fn stud_hand(game: Game, top: &str) -> LiveHand {
    let top = parse_cards(top).unwrap();
    let mut deck = top.clone();
    deck.extend(Card::all().filter(|c| !top.contains(c)));
    let variant = Variant::fixed_limit(game, Chips(4), Chips(8));
    let stacks = [Chips(100); 3];
    let mut setup = HandSetup::new(variant, &stacks, &[Chips::ZERO; 3], Chips(4));
    setup.antes = vec![Chips(1); 3];
    setup.bring_in = Chips(2);
    setup.tournament = true;
    setup.automations = Automations::ALL;
    setup.deck = Some(Deck::from_cards(deck));
    three_handed(setup, true)
}

/// A three-handed hand from `setup`, the button on seat 3, its turn set.
fn three_handed(setup: HandSetup, stud: bool) -> LiveHand {
    let hand = engine::Hand::new(setup.clone()).unwrap();
    let mut live = LiveHand {
        number: 1,
        start: HandStart {
            table: TableId(0),
            positions: Positions {
                button: Seat(2),
                small_blind_position: Seat(0),
                small_blind: (!stud).then_some(Seat(0)),
                big_blind: Seat(1),
                dealt: vec![Seat(0), Seat(1), Seat(2)],
                stud,
            },
            setup,
            players: vec![PlayerId(10), PlayerId(11), PlayerId(12)],
            level: 0,
        },
        hand,
        turn: None,
        notes: Vec::new(),
        equities: Vec::new(),
        dealt_at: 0,
        proof: None,
    };
    set_turn(&mut live);
    live
}

fn set_turn(live: &mut LiveHand) {
    live.turn = match live.hand.step() {
        Step::Act(player) => Some(Turn {
            player,
            since: 0,
            deadline: 30_000,
            clock_called: false,
        }),
        _ => None,
    };
}

/// Third street: Ah Ad 3s, Kh Kc 3c, Qs Qd Kd (down, down, up); fourth street after a burn
/// (2c): 9h, 8h, 7h.
const DECK: &str = "AhKhQs AdKcQd 3s3cKd 2c 9h8h7h";

fn act(live: &mut LiveHand, action: Action) {
    let Step::Act(p) = live.hand.step() else {
        panic!("no action due: {}", live.hand.step());
    };
    live.hand.apply(Op::Act(p, action)).unwrap();
    set_turn(live);
}

fn legal(live: &LiveHand) -> Legal {
    legal_view(live, &live.hand.legal_actions().unwrap())
}

fn seen(live: &LiveHand, player: usize, own: bool) -> SeatCards {
    visible_cards(&live.hand.players()[player], own)
}

fn cards(text: &[Option<&str>]) -> Vec<Option<String>> {
    text.iter().map(|c| c.map(str::to_string)).collect()
}

#[test]
fn tda_rp_10_an_opponent_sees_the_up_card_and_no_down_card() {
    let live = stud_hand(Game::Stud, DECK);
    let other = seen(&live, 0, false);
    assert_eq!(other.cards, cards(&[None, None, Some("3s")]));
    assert_eq!(other.up, [false, false, true]);
    let own = seen(&live, 0, true);
    assert_eq!(own.cards, cards(&[Some("Ah"), Some("Ad"), Some("3s")]));
    assert_eq!(
        own.up,
        [false, false, true],
        "the owner's down cards stay marked down"
    );
}

#[test]
fn tda_rp_10_fourth_street_adds_an_up_card_for_everyone() {
    let mut live = stud_hand(Game::Stud, DECK);
    act(&mut live, Action::BringIn);
    act(&mut live, Action::Call);
    act(&mut live, Action::Call);
    assert_eq!(live.hand.street(), Street::Fourth);
    let other = seen(&live, 0, false);
    assert_eq!(other.cards, cards(&[None, None, Some("3s"), Some("9h")]));
    assert_eq!(other.up, [false, false, true, true]);
    assert_eq!(hand_view(&live).street, "fourth");
    let kinds: Vec<String> = hand_view(&live)
        .announcements
        .iter()
        .map(|a| a.kind.clone())
        .collect();
    assert_eq!(
        kinds.iter().filter(|k| *k == "street_fourth").count(),
        1,
        "{kinds:?}"
    );
}

#[test]
fn tda_66_a_folded_stud_hand_turns_its_up_cards_down() {
    let mut live = stud_hand(Game::Stud, DECK);
    act(&mut live, Action::BringIn);
    // Hand player 2 (Kd up) completes, hand player 0 (3s up) folds.
    act(&mut live, Action::BetOrRaiseTo(Chips(4)));
    act(&mut live, Action::Fold);
    let other = seen(&live, 0, false);
    assert_eq!(other.cards, [None, None, None]);
    assert_eq!(other.up, [false, false, false]);
    let own = seen(&live, 0, true);
    assert_eq!(own.cards, cards(&[Some("Ah"), Some("Ad"), Some("3s")]));
    // The players still in keep their up cards in view.
    assert_eq!(
        seen(&live, 2, false).cards,
        cards(&[None, None, Some("Kd")])
    );
}

#[test]
fn tda_rp_10_the_low_card_is_offered_the_bring_in_or_the_completion() {
    let mut live = stud_hand(Game::Stud, DECK);
    // 3c is lower than 3s by suit: hand player 1 brings in, and may not fold or check.
    assert_eq!(live.turn.map(|t| t.player), Some(Player(1)));
    let l = legal(&live);
    assert_eq!(l.bring_in, Some(2));
    assert_eq!((l.min_to, l.max_to), (Some(4), Some(4)));
    assert_eq!(l.raise_kind, "complete");
    assert!(!l.fold && !l.check && l.call.is_none(), "{l:?}");
    assert_eq!(l.big_bet_to, None, "TDA-RP-10F: no big bet in a tournament");
    act(&mut live, Action::BringIn);
    assert_eq!(brought_in(&live), Some(Player(1)));
    // Facing the bring-in: call it, or complete to the small bet.
    let l = legal(&live);
    assert_eq!((l.call, l.call_to, l.bring_in), (Some(2), Some(2), None));
    assert_eq!((l.min_to, l.raise_kind.as_str()), (Some(4), "complete"));
    act(&mut live, Action::BetOrRaiseTo(Chips(4)));
    // Completed: the next is a raise of a small bet.
    let l = legal(&live);
    assert_eq!(
        (l.call, l.min_to, l.raise_kind.as_str()),
        (Some(4), Some(8), "raise")
    );
    let view = hand_view(&live);
    assert_eq!(
        (view.game.as_str(), view.street.as_str()),
        ("stud", "third")
    );
    assert_eq!(view.bring_in, Some(2));
    let said: Vec<(String, Option<u8>, Option<u64>)> = view
        .announcements
        .iter()
        .filter(|a| a.kind != "posts")
        .map(|a| (a.kind.clone(), a.seat, a.amount))
        .collect();
    assert_eq!(
        said,
        [
            ("brings_in".to_string(), Some(2), Some(2)),
            ("completes".to_string(), Some(3), Some(4)),
        ]
    );
}

#[test]
fn tda_rp_10_razz_brings_in_the_king_and_names_streets_to_seventh() {
    // Razz: the highest up card brings in (Kd, hand player 2); everyone calls down.
    let mut live = stud_hand(Game::Razz, DECK);
    assert_eq!(live.turn.map(|t| t.player), Some(Player(2)));
    act(&mut live, Action::BringIn);
    let mut streets = vec![hand_view(&live).street];
    while live.turn.is_some() {
        let l = legal(&live);
        act(
            &mut live,
            if l.check { Action::Check } else { Action::Call },
        );
        let street = hand_view(&live).street;
        if streets.last() != Some(&street) {
            streets.push(street);
        }
    }
    assert_eq!(
        streets,
        ["third", "fourth", "fifth", "sixth", "seventh", "over"]
    );
    // At the showdown every hand is shown, down cards and all.
    let shown = seen(&live, 0, false);
    assert!(shown.cards.iter().all(Option::is_some), "{shown:?}");
    assert_eq!(shown.up, [false, false, true, true, true, true, false]);
    let view = hand_view(&live);
    let kinds: Vec<&str> = view
        .announcements
        .iter()
        .map(|a| a.kind.as_str())
        .filter(|k| k.starts_with("street_"))
        .collect();
    assert_eq!(
        kinds,
        [
            "street_fourth",
            "street_fifth",
            "street_sixth",
            "street_seventh"
        ]
    );
}

#[test]
fn a_holdem_hand_has_no_up_cards() {
    let mut setup = HandSetup::new(
        Variant::NO_LIMIT_HOLDEM,
        &[Chips(100); 2],
        &[Chips(1), Chips(2)],
        Chips(2),
    );
    setup.deck = Some(Deck::ordered());
    let hand = engine::Hand::new(setup).unwrap();
    let p = hand.players()[0];
    let other = visible_cards(&p, false);
    assert_eq!(
        (other.cards, other.up),
        (vec![None, None], vec![false, false])
    );
    assert!(visible_cards(&p, true).cards.iter().all(Option::is_some));
}

/// TDA-RP-12, HC-1.13.5: the dealer names the size of every bet and raise, calls an all-in as
/// one, and names each card turned up.
#[test]
fn tda_rp_12_hc_1_13_5_bets_raises_all_ins_and_cards_are_announced() {
    let mut setup = HandSetup::new(
        Variant::NO_LIMIT_HOLDEM,
        &[Chips(100), Chips(100), Chips(40)],
        &[Chips(1), Chips(2), Chips::ZERO],
        Chips(2),
    );
    setup.automations = Automations::ALL;
    setup.deck = Some(Deck::ordered());
    let mut live = three_handed(setup, false);
    // The button raises to 6, both blinds call.
    act(&mut live, Action::BetOrRaiseTo(Chips(6)));
    act(&mut live, Action::Call);
    act(&mut live, Action::Call);
    // Flop: the small blind bets 10, the big blind folds, the button goes all-in for 34 more.
    act(&mut live, Action::BetOrRaiseTo(Chips(10)));
    act(&mut live, Action::Fold);
    act(&mut live, Action::BetOrRaiseTo(Chips(34)));
    let said = announcements(&live);
    let find = |kind: &str, seat: u8| {
        said.iter()
            .find(|a| a.kind == kind && a.seat == Some(seat))
            .unwrap_or_else(|| panic!("no {kind} by seat {seat}: {said:?}"))
    };
    assert_eq!(find("raises", 3).amount, Some(6));
    assert_eq!(find("bets", 1).amount, Some(10));
    assert_eq!(
        said.iter()
            .filter(|a| a.kind == "raises" && a.seat == Some(3))
            .count(),
        2
    );
    assert!(said.iter().any(|a| a.kind == "all_in" && a.seat == Some(3)));
    let board = said
        .iter()
        .find(|a| a.kind == "board")
        .expect("the flop named");
    assert_eq!(board.cards.len(), 3);
}
