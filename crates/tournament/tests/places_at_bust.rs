//! Issue 32 item 2: a player is placed when the bust is in, not when the winner is known: one
//! more than the players left, same-hand busts by their stacks at the start (HC-1.3,
//! WWPLA-12), with the prize of the place at once; a bust taken back gives its place back, and
//! a late entry places everyone out one lower.

mod common;

use common::{deal_all, live, started};
use engine::PlayerId;
use tournament::director::{Happening, ReportedBust};
use tournament::{Actor, TableId, Time, Tournament};

fn bust(player: PlayerId, by: PlayerId, stack_at_start: Option<u64>) -> ReportedBust {
    ReportedBust {
        player,
        by: vec![by],
        stack_at_start,
        card: None,
    }
}

fn place(t: &Tournament, p: PlayerId) -> Option<u32> {
    t.entry(p).unwrap().place
}

fn placed_event(t: &Tournament, p: PlayerId) -> Option<u32> {
    t.events().iter().rev().find_map(|e| match e.what {
        Happening::Placed { player, place } if player == p => Some(place),
        _ => None,
    })
}

/// HC-1.3: the larger stack at the start places higher; both are placed at once, below the
/// players left, and the first out keeps the last place.
#[test]
fn hc_1_3_busts_are_placed_when_reported() {
    let mut t = started(live("hc", "hc"), 18, 5);
    deal_all(&mut t, Time(0));
    let table = TableId(0);
    let dealt = t.table(table).unwrap().dealt();
    t.report_hand(table, &[bust(dealt[0], dealt[1], None)], Time(60_000))
        .unwrap();
    assert_eq!(place(&t, dealt[0]), Some(18), "one more than the 17 left");
    assert_eq!(placed_event(&t, dealt[0]), Some(18));
    assert!(!t.is_finished());
    deal_all(&mut t, Time(61_000));
    let dealt = t.table(table).unwrap().dealt();
    let (small, large, winner) = (dealt[0], dealt[1], dealt[2]);
    t.report_hand(
        table,
        &[
            bust(small, winner, Some(100)),
            bust(large, winner, Some(250)),
        ],
        Time(120_000),
    )
    .unwrap();
    assert_eq!(
        place(&t, large),
        Some(16),
        "HC-1.3: the larger stack places higher"
    );
    assert_eq!(place(&t, small), Some(17));
    assert_eq!(placed_event(&t, small), Some(17));
    let first_out = t
        .entries()
        .iter()
        .find(|e| e.place == Some(18))
        .expect("the first out keeps 18th");
    assert_ne!(first_out.id, small);
}

/// The place and the prize show at once, and the prize is what the winner's end pays them.
#[test]
fn a_paid_place_has_its_prize_at_the_bust() {
    let mut t = started(live("hc", "hc"), 8, 7);
    let table = TableId(0);
    let mut at_bust = Vec::new();
    let mut now = 0;
    while !t.is_finished() {
        deal_all(&mut t, Time(now));
        let dealt = t.table(table).unwrap().dealt();
        now += 60_000;
        t.report_hand(table, &[bust(dealt[0], dealt[1], None)], Time(now))
            .unwrap();
        let e = t.entry(dealt[0]).unwrap();
        let place = e.place.expect("placed at the bust");
        assert_eq!(place, t.alive() + 1, "one more than the players left");
        let prizes = tournament::payout::prizes(&t.config().payouts, 8, t.prize_pool());
        let prize = prizes.get(place as usize - 1).copied().unwrap_or_default();
        assert_eq!(e.prize, prize, "the prize of place {place}, at the bust");
        at_bust.push((e.id, place, e.prize));
    }
    assert!(at_bust.iter().any(|b| b.2.0 > 0), "a paid place busted");
    for (id, place, prize) in at_bust {
        let e = t.entry(id).unwrap();
        assert_eq!(
            (e.place, e.prize),
            (Some(place), prize),
            "final as at the bust"
        );
    }
    let paid: u64 = t.entries().iter().map(|e| e.prize.0).sum();
    assert_eq!(
        paid,
        t.prize_pool().0,
        "HC-1.2: every point paid in is paid out"
    );
}

/// Undoing a bust takes its place back; the next out takes it.
#[test]
fn an_undone_bust_gives_its_place_back() {
    let mut t = started(live("turbo", "tda"), 12, 11);
    deal_all(&mut t, Time(0));
    let table = TableId(0);
    let dealt = t.table(table).unwrap().dealt();
    t.report_hand(table, &[bust(dealt[0], dealt[1], None)], Time(60_000))
        .unwrap();
    assert_eq!(place(&t, dealt[0]), Some(12));
    t.undo_bust(dealt[0], Actor::Td, Time(61_000)).unwrap();
    assert_eq!(place(&t, dealt[0]), None);
    assert_eq!(t.entry(dealt[0]).unwrap().prize.0, 0);
}

/// TDA-8: a late entry joins the field, so everyone already out finishes one place lower.
#[test]
fn tda_8_a_late_entry_places_everyone_out_one_lower() {
    let mut t = started(live("turbo", "tda"), 12, 13);
    deal_all(&mut t, Time(0));
    let table = TableId(0);
    let dealt = t.table(table).unwrap().dealt();
    t.report_hand(table, &[bust(dealt[0], dealt[1], None)], Time(60_000))
        .unwrap();
    assert_eq!(place(&t, dealt[0]), Some(12));
    t.register("Late", true, Some(Actor::Td), Time(90_000))
        .unwrap();
    assert_eq!(t.alive(), 12);
    assert_eq!(place(&t, dealt[0]), Some(13), "13 entries, 12 still in");
}
