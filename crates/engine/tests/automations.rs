//! Automations switched off: a live dealer drives every non-player step, in the order the
//! rulebooks give (TDA-RP-11 antes first, HC-1.12 deal order, HC-1.13.2 bets collected after the
//! round, TDA-17A showdown order), and cards stay unknown until shown.

mod common;
use cards::parse_cards;
use common::*;
use engine::{Action, Automations, Chips, Hole, Op, Player, Step, Street, Variant};

fn unknown() -> Hole {
    Hole::new(&[None, None]).unwrap()
}

#[test]
fn every_step_driven_from_outside_with_cards_unknown_until_shown() {
    let mut s = setup(
        Variant::NO_LIMIT_HOLDEM,
        &[1000, 1000, 1000],
        &[50, 100, 0],
        100,
    );
    s.antes = chips(&[10, 10, 10]);
    s.automations = Automations {
        posting: false,
        dealing: false,
        collecting: false,
        showdown: false,
        pushing: false,
    };
    s.deck = None;
    let mut h = engine::Hand::new(s).unwrap();
    let p = Player;
    // TDA-RP-11: antes first, then the blinds.
    for i in 0..3 {
        assert_eq!(h.step(), Step::PostAnte(p(i)));
        h.apply(Op::PostAnte(p(i))).unwrap();
    }
    assert_eq!(h.step(), Step::PostBlind(p(0)));
    assert!(h.apply(Op::PostBlind(p(1))).is_err(), "small blind first");
    h.apply(Op::PostBlind(p(0))).unwrap();
    h.apply(Op::PostBlind(p(1))).unwrap();
    // HC-1.12: one card at a time from the left of the button; the button last.
    for i in [0, 1, 2, 0, 1, 2] {
        assert_eq!(h.step(), Step::DealHole(p(i)));
        let one = Hole::new(&[None]).unwrap();
        h.apply(Op::DealHole {
            player: p(i),
            cards: one,
        })
        .unwrap();
    }
    assert_eq!(h.step(), Step::Act(p(2)));
    acts(&mut h, &["300", "c", "c"]);
    // HC-1.13.2: bets stay in front of the players until the round is complete.
    assert_eq!(h.step(), Step::CollectBets);
    assert_eq!(h.pot(), Chips(30));
    h.apply(Op::CollectBets).unwrap();
    assert_eq!(h.pot(), Chips(930));
    assert_eq!(
        h.step(),
        Step::DealBoard {
            street: Street::Flop,
            cards: 3
        }
    );
    h.apply(Op::Burn(None)).unwrap();
    assert!(h.apply(Op::Burn(None)).is_err(), "one burn per street");
    board(&mut h, "2c7h9d");
    acts(&mut h, &["x", "x", "x"]);
    board(&mut h, "Js");
    acts(&mut h, &["x", "200", "f", "c"]);
    h.apply(Op::CollectBets).unwrap();
    board(&mut h, "3s");
    acts(&mut h, &["x", "x"]);
    // TDA-17A: no bet on the river, so the first player left of the button shows first.
    assert_eq!(h.step(), Step::ShowOrMuck(p(0)));
    let shown = |c: &str| {
        let cards: Vec<_> = parse_cards(c).unwrap().into_iter().map(Some).collect();
        Some(Hole::new(&cards).unwrap())
    };
    assert!(
        h.apply(Op::Show {
            player: p(0),
            cards: Some(unknown())
        })
        .is_err(),
        "TDA-13: all hole cards, known"
    );
    h.apply(Op::Show {
        player: p(0),
        cards: shown("AhAd"),
    })
    .unwrap();
    h.apply(Op::Muck(p(1))).unwrap();
    assert_eq!(h.step(), Step::PushChips);
    h.apply(Op::PushChips).unwrap();
    assert!(h.is_over());
    assert_eq!(h.final_stacks(), chips(&[1820, 490, 690]));
    assert!(h.apply(Op::Act(p(0), Action::Check)).is_err());
}
