//! Issue 32 item 4: the seat draw before the clock starts, logged and drawn again until the
//! start, which keeps it; each table's first button drawn by the profile (TDA-RP-14 by a high
//! card) and the first hand dealt with it.

mod common;

use common::config;
use engine::Seat;
use tournament::director::{Happening, Wait};
use tournament::{Actor, Status, TableId, Time, Tournament};

fn registered(template: &str, profile: &str, players: usize, seed: u64) -> Tournament {
    let mut t = Tournament::new(config(template, profile), seed).unwrap();
    for i in 0..players {
        t.register(&format!("P{}", i + 1), true, Some(Actor::Td), Time(0))
            .unwrap();
    }
    t
}

fn seats(t: &Tournament) -> Vec<Option<(TableId, Seat)>> {
    t.entries().iter().map(|e| e.seat).collect()
}

#[test]
fn tda_7_the_draw_before_the_start_is_kept_by_it() {
    let mut t = registered("deepstack", "tda", 20, 3);
    t.draw_seats(Time(0)).unwrap();
    assert!(!t.is_started());
    assert!(t.entries().iter().all(|e| e.seat.is_some()));
    assert_eq!(t.may_start(TableId(0)), Err(Wait::NotStarted));
    let first = seats(&t);
    // Drawn again until the start: the log says so, and the field is seated once.
    t.draw_seats(Time(1)).unwrap();
    assert_eq!(t.alive(), 20);
    assert_eq!(
        t.active_table_count(),
        first
            .iter()
            .filter_map(|s| s.map(|x| x.0))
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    );
    let drawn: Vec<bool> = t
        .events()
        .iter()
        .filter_map(|e| match e.what {
            Happening::SeatsDrawn { redraw } => Some(redraw),
            _ => None,
        })
        .collect();
    assert_eq!(drawn, vec![false, true]);
    let second = seats(&t);
    let chips: u64 = t
        .tables()
        .iter()
        .flat_map(|x| x.table.seats().iter().flatten())
        .map(|p| p.stack.0)
        .sum();
    assert_eq!(chips, 20 * t.config().starting_stack);
    // A player registered after the draw is seated at once (TDA-8A).
    let late = t.register("Late", true, Some(Actor::Td), Time(2)).unwrap();
    assert_eq!(t.entry(late).unwrap().status, Status::Playing);
    assert!(t.entry(late).unwrap().seat.is_some());
    t.start(Time(3)).unwrap();
    assert_eq!(&seats(&t)[..20], &second[..], "the start keeps the draw");
    assert!(t.draw_seats(Time(4)).is_err(), "no draw after the start");
}

#[test]
fn tda_rp_14_each_tables_first_button_is_the_high_card_drawn() {
    let mut t = registered("deepstack", "tda", 27, 9);
    t.draw_seats(Time(0)).unwrap();
    let drawn: Vec<(TableId, Seat)> = t
        .events()
        .iter()
        .filter_map(|e| match e.what {
            Happening::ButtonDrawn { table, seat, rule } => {
                assert_eq!(rule, "TDA-RP-14");
                Some((table, seat))
            }
            _ => None,
        })
        .collect();
    assert_eq!(drawn.len(), t.active_table_count());
    assert!(
        drawn.iter().any(|&(_, s)| s != Seat(0)),
        "not every button on seat 1: {drawn:?}"
    );
    t.start(Time(1)).unwrap();
    for (table, seat) in drawn {
        let hand = t.next_hand(table, Time(2)).unwrap();
        assert_eq!(hand.positions.button, seat, "{table}");
    }
}
