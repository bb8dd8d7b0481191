//! Stud irregularities as guided procedures, each test one statement of a rulebook cited in its
//! name (TDA-30, 35, 36, 66, 71C, RP-5D, RP-10A/B/C/H; HC-1.9, HC-3.1, HC-3.2), first as steps and
//! outcomes by profile, then carried out on a stud hand at a live table.

use cards::parse_cards;
use engine::{
    Action, Chips, Event, Game, HandError, HandSetup, Hole, Op, Player, Step, Street, Variant,
};
use floor::procedure::{Irregularity, MisdealCause, Outcome, Procedure, Situation, procedure};
use floor::{FloorHand, Profile};

mod common;
use common::mentions;

const P: Player = Player(2);
/// The profiles with no stud rule of their own: they follow the TDA.
const TDA_LIKE: [Profile; 4] = [Profile::Tda, Profile::Wwpla, Profile::Dg, Profile::Jpr];

/// On `street` of a stud hand, `actions` player actions after the bring-in.
fn stud(street: Street, actions: usize, substantial_action: bool) -> Situation {
    Situation {
        street,
        substantial_action,
        actions_taken: actions,
        round_actions: actions,
        live_players: 6,
        bets_made: substantial_action,
        can_bet: 6,
        stub: 52 - 18,
    }
}

/// Asserts the outcome, that every id is cited by a step, and every step in both languages.
#[track_caller]
fn check(p: &Procedure, outcome: Outcome, ids: &[&str]) {
    common::check(p, outcome, ids);
    assert!(
        p.steps
            .iter()
            .all(|s| !s.text.en.to_string().is_empty() && !s.text.de.to_string().is_empty()),
        "every step in English and German: {p:#?}"
    );
}

fn last_rule(p: &Procedure) -> &'static str {
    p.steps.last().map_or("", |s| s.rule.id())
}

fn taken(in_turn: bool) -> Irregularity {
    Irregularity::UpCardsTaken { player: P, in_turn }
}

fn exposed(position: u8, count: u8) -> Irregularity {
    Irregularity::ExposedHoleCard { position, count }
}

fn absent(penalized: bool, bring_in_card: bool) -> Irregularity {
    Irregularity::AbsentAtDeal {
        player: P,
        penalized,
        bring_in_card,
    }
}

/// Seventh street about to be dealt with `live` players left and `stub` cards in the stub.
fn before_seventh(live: usize, stub: usize) -> Situation {
    Situation {
        live_players: live,
        can_bet: live,
        stub,
        ..stud(Street::Seventh, 20, true)
    }
}

fn short_deck(situation: &Situation) -> Procedure {
    procedure(
        Profile::Tda,
        &Irregularity::SeventhStreetShortDeck { stub: None },
        situation,
    )
}

#[test]
fn tda_66_up_cards_picked_up_in_turn_kill_the_hand() {
    for profile in TDA_LIKE {
        let p = procedure(profile, &taken(true), &stud(Street::Fifth, 6, true));
        check(&p, Outcome::KillHand(P), &["TDA-66"]);
        mentions(
            &p,
            "turn all up cards face down, then push all cards forward face down",
        );
        assert_eq!(last_rule(&p), "TDA-66", "the hand is killed citing TDA-66");
    }
}

#[test]
fn tda_66_up_cards_picked_up_out_of_turn_are_for_the_td() {
    let p = procedure(Profile::Tda, &taken(false), &stud(Street::Fifth, 6, true));
    assert!(matches!(p.outcome, Outcome::TdDecides { .. }), "{p:#?}");
    check(&p, p.outcome.clone(), &["TDA-66", "TDA-1"]);
    mentions(&p, "binding (TDA-53A, TDA-58)");
}

#[test]
fn hc_3_2_up_cards_taken_off_turned_or_mixed_kill_the_hand_in_or_out_of_turn() {
    for in_turn in [true, false] {
        let p = procedure(Profile::Hc, &taken(in_turn), &stud(Street::Fourth, 3, true));
        check(&p, Outcome::KillHand(P), &["HC-3.2", "TDA-66"]);
        mentions(&p, "turned them over or mixed them with the down cards");
        assert_eq!(last_rule(&p), "HC-3.2", "the hand is killed citing HC-3.2");
    }
}

#[test]
fn tda_66_is_for_stud_a_flop_game_hand_is_not_killed() {
    let flop = Situation {
        street: Street::Flop,
        ..stud(Street::Fifth, 6, true)
    };
    let p = procedure(Profile::Tda, &taken(true), &flop);
    check(&p, Outcome::Continue, &["TDA-66"]);
    mentions(&p, "TDA-68");
}

#[test]
fn tda_rp_10a_an_exposed_down_card_becomes_the_up_card() {
    // TDA-35A's misdeal for one of the first two cards exposed is for flop games only.
    for profile in TDA_LIKE {
        for position in [1, 2, 9] {
            let p = procedure(
                profile,
                &exposed(position, 1),
                &stud(Street::Third, 0, false),
            );
            check(&p, Outcome::Continue, &["TDA-35A", "TDA-RP-10A"]);
            mentions(&p, "becomes the player's up card");
            mentions(&p, "third-street card is dealt face down");
            mentions(&p, "may be the bring-in");
        }
    }
}

#[test]
fn tda_35d_two_down_cards_exposed_in_stud_the_td_decides_while_a_misdeal_is_possible() {
    let p = procedure(Profile::Tda, &exposed(5, 2), &stud(Street::Third, 1, false));
    assert!(matches!(p.outcome, Outcome::TdDecides { .. }), "{p:#?}");
    check(&p, p.outcome.clone(), &["TDA-RP-10A", "TDA-35D", "TDA-1"]);
    let p = procedure(Profile::Tda, &exposed(5, 2), &stud(Street::Third, 2, true));
    check(&p, Outcome::Continue, &["TDA-RP-10A", "TDA-35D"]);
}

#[test]
fn hc_3_1_first_or_second_card_or_two_cards_exposed_in_stud_are_a_misdeal() {
    for (position, count) in [(1, 1), (2, 1), (7, 2)] {
        let p = procedure(
            Profile::Hc,
            &exposed(position, count),
            &stud(Street::Third, 1, false),
        );
        check(&p, Outcome::Redeal, &["HC-3.1", "TDA-35C"]);
        mentions(&p, "since the bring-in");
    }
}

#[test]
fn hc_3_1_stud_misdeal_window_closes_when_two_players_acted_after_the_bring_in() {
    let p = procedure(Profile::Hc, &exposed(1, 1), &stud(Street::Third, 2, true));
    check(&p, Outcome::Continue, &["HC-3.1"]);
    mentions(&p, "Two players have acted since the bring-in");
    let cause = Irregularity::Misdeal {
        cause: MisdealCause::FirstCardWrongSeat,
    };
    let open = procedure(Profile::Hc, &cause, &stud(Street::Third, 1, true));
    check(&open, Outcome::Redeal, &["HC-3.1"]);
    let closed = procedure(Profile::Hc, &cause, &stud(Street::Third, 2, false));
    check(&closed, Outcome::Continue, &["HC-3.1"]);
}

#[test]
fn hc_3_1_a_later_card_exposed_in_stud_falls_back_on_tda_rp_10a() {
    let p = procedure(Profile::Hc, &exposed(4, 1), &stud(Street::Third, 0, false));
    check(&p, Outcome::Continue, &["HC-3.1", "TDA-RP-10A"]);
}

#[test]
fn tda_36_stud_misdeal_window_follows_substantial_action_not_the_count() {
    let cause = Irregularity::Misdeal {
        cause: MisdealCause::CardsToSeatNotInHand,
    };
    // Two checks or folds after the bring-in are no substantial action (TDA-36A).
    let open = procedure(Profile::Tda, &cause, &stud(Street::Third, 2, false));
    check(&open, Outcome::Redeal, &["TDA-35A", "TDA-35D", "TDA-35C"]);
    let closed = procedure(Profile::Tda, &cause, &stud(Street::Third, 2, true));
    check(&closed, Outcome::Continue, &["TDA-36", "TDA-35D"]);
    // No misdeal once third street's betting is over.
    let later = procedure(Profile::Tda, &cause, &stud(Street::Fourth, 0, false));
    check(&later, Outcome::Continue, &["TDA-35D"]);
}

#[test]
fn tda_rp_10b_an_exposed_seventh_street_card_is_replaced_while_betting_is_possible() {
    for profile in Profile::ALL {
        let p = procedure(profile, &exposed(1, 1), &before_seventh(3, 20));
        check(&p, Outcome::Continue, &["TDA-RP-10B"]);
        mentions(&p, "replaced by the next card of the stub, dealt face down");
    }
}

#[test]
fn tda_rp_10b_with_no_betting_possible_the_card_stays_and_seventh_still_goes_down() {
    let situation = Situation {
        can_bet: 1,
        ..before_seventh(3, 20)
    };
    let p = procedure(Profile::Tda, &exposed(1, 1), &situation);
    check(&p, Outcome::Continue, &["TDA-RP-10B"]);
    mentions(&p, "the exposed card stays");
    mentions(&p, "face down all the same");
}

#[test]
fn tda_rp_5d_premature_stud_cards_are_set_aside_as_a_full_round() {
    for profile in Profile::ALL {
        let board = Irregularity::PrematureBoard {
            street: Street::Fifth,
        };
        let p = procedure(profile, &board, &stud(Street::Fourth, 1, false));
        check(&p, Outcome::Continue, &["TDA-RP-5D", "TDA-RP-10G"]);
        mentions(&p, "set them aside with the early card(s), a full round");
        mentions(&p, "Finish the fourth street betting round first");
        mentions(&p, "burn and deal fifth street as normal");
        mentions(&p, "put the cards set aside back into the stub, shuffle it");
    }
}

#[test]
fn tda_rp_5d_a_premature_seventh_street_card_goes_back_before_the_last_round() {
    let board = Irregularity::PrematureBoard {
        street: Street::Seventh,
    };
    let p = procedure(Profile::Tda, &board, &stud(Street::Sixth, 1, false));
    check(&p, Outcome::Continue, &["TDA-RP-5D"]);
    assert!(
        !p.steps
            .iter()
            .any(|s| s.text.en.to_string().contains("as normal")),
        "the last round is dealt from the reshuffled stub: {p:#?}"
    );
    let third = Irregularity::PrematureBoard {
        street: Street::Third,
    };
    let p = procedure(Profile::Tda, &third, &stud(Street::Third, 0, false));
    assert!(matches!(p.outcome, Outcome::TdDecides { .. }), "{p:#?}");
}

#[test]
fn tda_rp_10h_eight_players_on_seventh_street_leave_one_card_case_c() {
    // 52 - 24 on third street - 3 x (1 burn + 8) = 1; needed 8 + burn + last card = 10.
    let stub = 52 - 24 - 3 * (1 + 8);
    assert_eq!(stub, 1);
    let p = short_deck(&before_seventh(8, stub));
    check(&p, Outcome::Continue, &["TDA-RP-10H"]);
    mentions(&p, "= 10; the stub holds 1");
    mentions(&p, "Case C");
    mentions(&p, "new stub of 4");
    mentions(&p, "Case D");
}

#[test]
fn tda_rp_10h_the_case_follows_from_the_players_left_and_the_stub() {
    // (players left, stub) -> case; seven or six left of eight dealt (folds on third street).
    let cases = [
        (7, 52 - 24 - 3 * 8, "Case B"),
        (6, 52 - 24 - 3 * 7, "Case A"),
        (5, 52 - 24 - 3 * 6, "Enough cards"),
        (8, 3, "Case B"),
        (8, 2, "Case C"),
        (3, 2, "Case A"),
    ];
    for (live, stub, case) in cases {
        let p = short_deck(&before_seventh(live, stub));
        check(&p, Outcome::Continue, &["TDA-RP-10H"]);
        mentions(&p, case);
        let community = p
            .steps
            .iter()
            .any(|s| s.text.en.to_string().contains("Case D"));
        assert_eq!(
            community,
            case == "Case B" || case == "Case C",
            "{live} players, stub {stub}: {p:#?}"
        );
    }
    // The dealer's own count of the stub wins over the floor's.
    let counted = Irregularity::SeventhStreetShortDeck { stub: Some(2) };
    let p = procedure(Profile::Hc, &counted, &before_seventh(8, 30));
    mentions(&p, "Case C");
}

#[test]
fn tda_30_an_absent_stud_player_is_dealt_in_and_posts_the_bring_in_card() {
    for profile in TDA_LIKE {
        let p = procedure(
            profile,
            &absent(false, true),
            &stud(Street::Third, 0, false),
        );
        check(&p, Outcome::KillHand(P), &["TDA-30", "TDA-RP-10C"]);
        mentions(&p, "post the bring-in from p3's stack");
        mentions(&p, "the antes and the bring-in stay in the pot");
        assert_eq!(last_rule(&p), "TDA-30");
        let p = procedure(
            profile,
            &absent(false, false),
            &stud(Street::Third, 0, false),
        );
        mentions(&p, "nothing more is posted for p3");
    }
}

#[test]
fn tda_71c_a_penalized_stud_player_is_dealt_in_and_killed_after_the_initial_deal() {
    let p = procedure(
        Profile::Tda,
        &absent(true, true),
        &stud(Street::Third, 0, false),
    );
    check(&p, Outcome::KillHand(P), &["TDA-71C", "TDA-RP-10C"]);
    mentions(&p, "must leave the table");
    assert_eq!(last_rule(&p), "TDA-71C");
}

#[test]
fn hc_1_9_a_player_away_for_any_reason_is_dealt_in_and_the_hand_folded() {
    for penalized in [false, true] {
        let p = procedure(
            Profile::Hc,
            &absent(penalized, true),
            &stud(Street::Third, 0, false),
        );
        check(&p, Outcome::KillHand(P), &["HC-1.9", "TDA-RP-10C"]);
        assert_eq!(last_rule(&p), "HC-1.9");
    }
}

#[test]
fn tda_30_in_a_flop_game_the_blinds_stay_and_no_bring_in_is_named() {
    let flop = Situation {
        street: Street::Preflop,
        ..stud(Street::Third, 0, false)
    };
    let p = procedure(Profile::Tda, &absent(false, true), &flop);
    check(&p, Outcome::KillHand(P), &["TDA-30"]);
    mentions(&p, "blinds and antes");
    assert!(
        !p.steps
            .iter()
            .any(|s| s.text.en.to_string().contains("bring-in") || s.rule.id() == "TDA-RP-10C"),
        "{p:#?}"
    );
}

#[test]
fn stud_irregularities_and_streets_are_read_from_the_wire() {
    let read = |text: &str| -> Irregularity { toml::from_str(text).expect(text) };
    let cases = [
        (
            "kind = \"up_cards_taken\"\nplayer = 2\nin_turn = true",
            taken(true),
        ),
        (
            "kind = \"absent_at_deal\"\nplayer = 2\npenalized = true",
            absent(true, false),
        ),
        (
            "kind = \"seventh_street_short_deck\"\nstub = 3",
            Irregularity::SeventhStreetShortDeck { stub: Some(3) },
        ),
        (
            "kind = \"seventh_street_short_deck\"",
            Irregularity::SeventhStreetShortDeck { stub: None },
        ),
        (
            "kind = \"premature_board\"\nstreet = \"fifth\"",
            Irregularity::PrematureBoard {
                street: Street::Fifth,
            },
        ),
        (
            "kind = \"premature_board\"\nstreet = \"seventh\"",
            Irregularity::PrematureBoard {
                street: Street::Seventh,
            },
        ),
    ];
    for (text, irregularity) in cases {
        assert_eq!(read(text), irregularity, "{text}");
    }
}

// Carried out on a stud hand at a live table.

/// Fixed-limit stud 100/200, antes 10, bring-in 25; `absent`: players away at the deal.
fn table_with(profile: Profile, stacks: &[u64], absent: &[usize]) -> FloorHand {
    let n = stacks.len();
    let variant = Variant::fixed_limit(Game::Stud, Chips(100), Chips(200));
    let stacks: Vec<Chips> = stacks.iter().map(|&c| Chips(c)).collect();
    let mut setup = HandSetup::new(variant, &stacks, &vec![Chips::ZERO; n], Chips(100));
    setup.antes = vec![Chips(10); n];
    setup.bring_in = Chips(25);
    setup.absent = (0..n).map(|i| absent.contains(&i)).collect();
    FloorHand::new(profile, setup, &[Chips(5), Chips(25), Chips(100)]).expect("a stud table")
}

/// Every player with 5,000.
fn table(profile: Profile, players: usize, absent: &[usize]) -> FloorHand {
    table_with(profile, &vec![5000; players], absent)
}

fn deal(floor: &mut FloorHand, p: usize, cards: Hole) {
    let op = Op::DealHole {
        player: Player(p as u8),
        cards,
    };
    if let Err(e) = floor.apply(op) {
        panic!("dealing {cards} to p{}: {e}", p + 1);
    }
}

fn known(cards: &str) -> Hole {
    Hole::known(&parse_cards(cards).unwrap()).unwrap()
}

/// Third street entered: two down cards, then the up card.
fn third_street(floor: &mut FloorHand, holes: &[&str]) {
    for (p, cards) in holes.iter().enumerate() {
        deal(floor, p, known(cards));
    }
}

/// Each live player's card of the street, not entered.
fn deal_street(floor: &mut FloorHand) {
    while let Step::DealHole(p) = floor.hand().step() {
        deal(floor, p.index(), Hole::new(&[None]).unwrap());
    }
}

/// The street's cards entered, player by player; hands tabled at an all-in first (TDA-16).
fn deal_known(floor: &mut FloorHand, cards: &[&str]) {
    let mut cards = cards.iter();
    loop {
        match floor.hand().step() {
            Step::DealHole(p) => match cards.next() {
                Some(card) => deal(floor, p.index(), known(card)),
                None => return,
            },
            Step::ShowOrMuck(player) => floor
                .apply(Op::Show {
                    player,
                    cards: None,
                })
                .expect("tabled"),
            _ => return,
        }
    }
}

fn act(floor: &mut FloorHand, p: usize, action: Action) {
    if let Err(e) = floor.apply(Op::Act(Player(p as u8), action)) {
        panic!("p{} {action}: {e}", p + 1);
    }
}

/// Every player left in turn brings in, checks or calls until the round is over.
fn settle(floor: &mut FloorHand) {
    while let Some(legal) = floor.hand().legal_actions() {
        let action = if legal.bring_in.is_some() {
            Action::BringIn
        } else if legal.check {
            Action::Check
        } else {
            Action::Call
        };
        act(floor, legal.player.index(), action);
    }
}

fn killed(floor: &FloorHand) -> Vec<(usize, &'static str)> {
    floor
        .hand()
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::HandKilled { player, rule } => Some((player.index(), rule.id())),
            _ => None,
        })
        .collect()
}

fn brought_in(floor: &FloorHand) -> Vec<(usize, Chips)> {
    floor
        .hand()
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::BringInPosted { player, amount, .. } => Some((player.index(), *amount)),
            _ => None,
        })
        .collect()
}

/// Up cards 3s, 2c, Kd: p2 brings in.
const THIRD: [&str; 3] = ["AhAd3s", "KhKc2c", "QsQdKd"];

#[test]
fn tda_66_carried_out_the_hand_picking_up_its_up_cards_in_turn_is_killed() {
    let mut floor = table(Profile::Tda, 3, &[]);
    third_street(&mut floor, &THIRD);
    act(&mut floor, 1, Action::BringIn);
    assert_eq!(floor.hand().actor(), Some(Player(2)));
    floor.irregularity(&taken(true));
    assert_eq!(killed(&floor), [(2, "TDA-66")]);
    assert_eq!(floor.hand().actor(), Some(Player(0)), "the action moves on");
}

#[test]
fn hc_3_2_carried_out_up_cards_turned_over_out_of_turn_kill_the_hand() {
    let mut floor = table(Profile::Hc, 3, &[]);
    third_street(&mut floor, &THIRD);
    act(&mut floor, 1, Action::BringIn);
    floor.irregularity(&Irregularity::UpCardsTaken {
        player: Player(0),
        in_turn: false,
    });
    assert_eq!(killed(&floor), [(0, "HC-3.2")]);
    assert_eq!(floor.hand().actor(), Some(Player(2)));
}

#[test]
fn tda_rp_10a_carried_out_the_exposed_card_is_dealt_as_the_up_card_and_brings_in() {
    // p2's first down card, the 2c, was exposed: it is p2's up card, the third card goes down.
    let mut floor = table(Profile::Tda, 3, &[]);
    deal(&mut floor, 0, known("AhAd3s"));
    let exposed_first = parse_cards("2cKhKc").unwrap();
    let faces = [
        (Some(exposed_first[0]), true),
        (Some(exposed_first[1]), false),
        (Some(exposed_first[2]), false),
    ];
    deal(&mut floor, 1, Hole::with_faces(&faces).unwrap());
    deal(&mut floor, 2, known("QsQdKd"));
    let p = floor.irregularity(&exposed(2, 1));
    assert_eq!(p.outcome, Outcome::Continue);
    let legal = floor
        .hand()
        .legal_actions()
        .expect("third street's betting");
    assert_eq!(
        legal.player,
        Player(1),
        "the exposed 2c is the lowest up card"
    );
    assert!(legal.bring_in.is_some() && !legal.fold, "{legal:?}");
}

#[test]
fn hc_3_1_carried_out_a_stud_misdeal_is_redealt_until_two_acted_after_the_bring_in() {
    let mut floor = table(Profile::Hc, 3, &[]);
    third_street(&mut floor, &THIRD);
    act(&mut floor, 1, Action::BringIn);
    act(&mut floor, 2, Action::Call);
    assert_eq!(
        floor.situation().actions_taken,
        1,
        "the bring-in is not counted"
    );
    let p = floor.irregularity(&exposed(1, 1));
    assert_eq!(p.outcome, Outcome::Redeal);
    assert!(floor.ops().is_empty(), "dealt again: {:?}", floor.ops());
    assert_eq!(floor.hand().street(), Street::Third);

    third_street(&mut floor, &THIRD);
    act(&mut floor, 1, Action::BringIn);
    act(&mut floor, 2, Action::Call);
    act(&mut floor, 0, Action::Call);
    let p = floor.irregularity(&exposed(1, 1));
    assert_eq!(p.outcome, Outcome::Continue);
    assert!(!floor.ops().is_empty());
}

/// Three players to seventh street, every round checked or called; `short`: p1 and p2 are
/// all-in on third street (35 = ante 10 + 25), so no more betting is possible.
fn to_seventh(short: bool) -> FloorHand {
    let stacks: &[u64] = if short {
        &[35, 35, 5000]
    } else {
        &[5000, 5000, 5000]
    };
    let mut floor = table_with(Profile::Tda, stacks, &[]);
    third_street(&mut floor, &THIRD);
    settle(&mut floor);
    for cards in [["5h", "5d", "5c"], ["6h", "6d", "6c"], ["7h", "7d", "7c"]] {
        deal_known(&mut floor, &cards);
        settle(&mut floor);
    }
    assert_eq!(floor.hand().street(), Street::Seventh);
    floor
}

#[test]
fn tda_rp_10b_carried_out_an_up_seventh_card_is_refused_while_betting_is_possible() {
    let mut floor = to_seventh(false);
    let p = floor.irregularity(&exposed(1, 1));
    assert_eq!(p.outcome, Outcome::Continue);
    mentions(&p, "replaced");
    let up = Hole::with_faces(&[(None, true)]).unwrap();
    let next = match floor.hand().step() {
        Step::DealHole(p) => p,
        step => panic!("seventh street due, not {step}"),
    };
    let refused = floor.apply(Op::DealHole {
        player: next,
        cards: up,
    });
    assert!(
        matches!(refused, Err(HandError::StudFaces { .. })),
        "an up seventh card is replaced: {refused:?}"
    );
    deal_street(&mut floor);
    assert!(floor.hand().actor().is_some(), "seventh street's betting");
}

#[test]
fn tda_rp_10b_carried_out_with_no_betting_left_the_exposed_card_stays() {
    let mut floor = to_seventh(true);
    assert!(floor.situation().can_bet < 2, "p2 is all-in");
    let p = floor.irregularity(&exposed(1, 1));
    mentions(&p, "the exposed card stays");
    let up = Hole::with_faces(&[(None, true)]).unwrap();
    let next = match floor.hand().step() {
        Step::DealHole(p) => p,
        step => panic!("seventh street due, not {step}"),
    };
    floor
        .apply(Op::DealHole {
            player: next,
            cards: up,
        })
        .expect("the exposed card stays when no betting is possible");
}

#[test]
fn tda_rp_5d_carried_out_the_hand_goes_on_and_deals_the_next_street_normally() {
    let mut floor = table(Profile::Tda, 3, &[]);
    third_street(&mut floor, &THIRD);
    settle(&mut floor);
    deal_street(&mut floor);
    let actor = floor.hand().actor();
    let p = floor.irregularity(&Irregularity::PrematureBoard {
        street: Street::Fifth,
    });
    assert_eq!(p.outcome, Outcome::Continue);
    assert_eq!(
        floor.hand().actor(),
        actor,
        "fourth street's betting goes on"
    );
    settle(&mut floor);
    deal_street(&mut floor);
    assert_eq!(floor.hand().street(), Street::Fifth);
    assert!(floor.hand().actor().is_some());
}

/// Eight players, `folds` of them folding on third street, the rest to seventh street; the
/// first to act on sixth street.
fn eight_to_seventh(folds: usize) -> (FloorHand, Player) {
    let mut floor = table(Profile::Tda, 8, &[]);
    for p in 0..8 {
        deal(&mut floor, p, Hole::new(&[None, None, None]).unwrap());
    }
    let mut folded = 0;
    while let Some(legal) = floor.hand().legal_actions() {
        let action = if legal.bring_in.is_some() {
            Action::BringIn
        } else if folded < folds && legal.fold {
            folded += 1;
            Action::Fold
        } else {
            Action::Call
        };
        act(&mut floor, legal.player.index(), action);
    }
    let mut sixth = None;
    for street in [Street::Fourth, Street::Fifth, Street::Sixth] {
        deal_street(&mut floor);
        if street == Street::Sixth {
            sixth = floor.hand().actor();
        }
        settle(&mut floor);
    }
    (floor, sixth.expect("sixth street's first to act"))
}

#[test]
fn tda_rp_10h_carried_out_eight_players_share_one_community_card() {
    let (mut floor, sixth) = eight_to_seventh(0);
    assert_eq!(floor.situation().stub, 1);
    let p = floor.irregularity(&Irregularity::SeventhStreetShortDeck { stub: None });
    mentions(&p, "Case C");
    assert_eq!(
        floor.hand().step(),
        Step::DealBoard {
            street: Street::Seventh,
            cards: 1
        },
        "the engine asks for the community card"
    );
    floor
        .apply(Op::DealBoard(parse_cards("As").unwrap()))
        .expect("the community card");
    assert_eq!(
        floor.hand().actor(),
        Some(sixth),
        "case D: sixth street's first acts first"
    );
}

#[test]
fn tda_rp_10h_carried_out_seven_players_burn_and_lay_a_community_card() {
    let (mut floor, sixth) = eight_to_seventh(1);
    assert_eq!(floor.situation().stub, 4);
    let p = floor.irregularity(&Irregularity::SeventhStreetShortDeck { stub: None });
    mentions(&p, "Case B");
    floor
        .apply(Op::DealBoard(parse_cards("As").unwrap()))
        .expect("the community card");
    assert_eq!(floor.hand().actor(), Some(sixth));
}

#[test]
fn tda_rp_10h_carried_out_six_players_reshuffle_the_burns_and_get_their_own_card() {
    let (mut floor, _) = eight_to_seventh(2);
    assert_eq!(floor.situation().stub, 7);
    let p = floor.irregularity(&Irregularity::SeventhStreetShortDeck { stub: None });
    mentions(&p, "Case A");
    assert!(
        floor
            .apply(Op::DealBoard(parse_cards("As").unwrap()))
            .is_err(),
        "no community card when the burns make enough"
    );
    // The floor dealt seventh street unknown before the refused card: each live player has
    // their own seventh card.
    deal_street(&mut floor);
    for p in floor.hand().players().iter().filter(|p| p.is_live()) {
        assert_eq!(p.hole.len(), 7);
    }
    assert!(floor.hand().actor().is_some(), "seventh street's betting");
}

#[test]
fn tda_30_carried_out_the_absent_player_posts_the_bring_in_and_is_killed() {
    for (profile, penalized, rule) in [
        (Profile::Tda, false, "TDA-30"),
        (Profile::Tda, true, "TDA-71C"),
        (Profile::Hc, true, "HC-1.9"),
    ] {
        let mut floor = table(profile, 3, &[]);
        third_street(&mut floor, &THIRD);
        floor.irregularity(&Irregularity::AbsentAtDeal {
            player: Player(1),
            penalized,
            bring_in_card: true,
        });
        assert_eq!(brought_in(&floor), [(1, Chips(25))], "{profile}");
        assert_eq!(killed(&floor), [(1, rule)], "{profile}");
        let legal = floor.hand().legal_actions().expect("the betting goes on");
        assert_eq!(legal.player, Player(2), "left of the bring-in");
        assert_eq!(legal.call, Some(Chips(25)), "{legal:?}");
    }
}

#[test]
fn tda_30_carried_out_an_absent_player_without_the_bring_in_card_posts_nothing() {
    let mut floor = table(Profile::Tda, 3, &[]);
    third_street(&mut floor, &THIRD);
    floor.irregularity(&Irregularity::AbsentAtDeal {
        player: Player(0),
        penalized: false,
        bring_in_card: true,
    });
    assert!(brought_in(&floor).is_empty(), "p2 holds the bring-in card");
    assert_eq!(killed(&floor), [(0, "TDA-30")]);
    assert_eq!(floor.hand().actor(), Some(Player(1)));
}

#[test]
fn tda_30_the_procedure_agrees_with_the_engine_for_a_player_marked_absent() {
    // The engine posts the absent player's bring-in and kills the hand itself (TDA-30); the
    // procedure's outcome then changes nothing.
    let mut floor = table(Profile::Tda, 3, &[1]);
    third_street(&mut floor, &THIRD);
    assert_eq!(brought_in(&floor), [(1, Chips(25))]);
    assert_eq!(killed(&floor), [(1, "TDA-30")]);
    let p = floor.irregularity(&Irregularity::AbsentAtDeal {
        player: Player(1),
        penalized: false,
        bring_in_card: true,
    });
    assert_eq!(p.outcome, Outcome::KillHand(Player(1)));
    assert_eq!(brought_in(&floor), [(1, Chips(25))], "posted once");
    assert_eq!(killed(&floor), [(1, "TDA-30")], "killed once");
}
