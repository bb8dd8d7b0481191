//! The list keeper's room (issue 18 items 1, 2 and 4): lists and offers, must-move tables,
//! table changes, HC-1.4 and HC-1.9, buy-ins, top-ups and cash-outs, rake, and books that
//! balance after every operation (HC-1.10).

use engine::{Chips, RulebookId, Variant};
use ring::Entering;
use ring::{
    BuyInLimits, CashTableId, Game, GameId, GuestId, MissedOffer, Rake, RingError, Room,
    RoomConfig, RoomEvent, Stakes, TableMode, Time, WaitingFor,
};

const MIN: u64 = 60_000;
const P: Entering = Entering::Post;

fn game(profile: RulebookId, seats: u8, rake: Rake) -> Game {
    Game {
        name: "NLHE 1/2".into(),
        variant: Variant::NO_LIMIT_HOLDEM,
        stakes: Stakes {
            small_blind: Chips(1),
            big_blind: Chips(2),
        },
        seats,
        buy_in: BuyInLimits {
            min: Chips(40),
            max: Chips(200),
        },
        profile,
        rake,
    }
}

struct Fixture {
    room: Room,
    game: GameId,
    guests: Vec<GuestId>,
}

fn fixture(profile: RulebookId, seats: u8, config: RoomConfig, guests: usize) -> Fixture {
    let mut room = Room::new(config);
    let game = room.add_game(game(profile, seats, Rake::Off)).unwrap();
    let guests = (0..guests)
        .map(|i| room.add_guest(&format!("Guest {}", i + 1)).unwrap())
        .collect();
    Fixture { room, game, guests }
}

/// The books balance and a refused operation changed nothing.
fn refused<T: std::fmt::Debug>(
    room: &mut Room,
    op: impl FnOnce(&mut Room) -> Result<T, RingError>,
) -> RingError {
    let before = format!("{room:?}");
    let e = op(room).expect_err("refused");
    assert_eq!(
        format!("{room:?}"),
        before,
        "a refusal changes nothing: {e}"
    );
    room.balance().unwrap();
    e
}

fn offer_of(room: &Room, guest: GuestId) -> Option<(CashTableId, u8)> {
    room.offers()
        .iter()
        .find(|o| o.guest == guest)
        .map(|o| (o.table, o.seat))
}

/// A table opened for an interest list offers its seats to the first in line; a seat offer
/// taken with a buy-in outside the limits is refused, inside them seats the player.
#[test]
fn an_interest_list_opens_a_table_and_its_seats_are_offered_in_order() {
    let mut f = fixture(RulebookId::Tda, 3, RoomConfig::default(), 5);
    for &g in &f.guests {
        f.room.join(g, f.game, false, Time(0)).unwrap();
    }
    assert!(f.room.worth_opening(f.game).unwrap());
    let t = f
        .room
        .open_table(
            f.game,
            TableMode::Tablet,
            "Anna",
            "1/2 NL, 40-200",
            None,
            Time(1),
        )
        .unwrap();
    let offered: Vec<GuestId> = f.room.offers().iter().map(|o| o.guest).collect();
    assert_eq!(
        offered,
        f.guests[..3].to_vec(),
        "three seats, the first three in line"
    );
    let e = refused(&mut f.room, |r| {
        r.accept(f.guests[0], Chips(20), P, Time(2))
    });
    assert!(matches!(e, RingError::BuyInOutsideLimits { .. }), "{e}");
    let e = refused(&mut f.room, |r| {
        r.accept(f.guests[0], Chips(201), P, Time(2))
    });
    assert!(matches!(e, RingError::BuyInOutsideLimits { .. }), "{e}");
    f.room.accept(f.guests[0], Chips(100), P, Time(2)).unwrap();
    assert_eq!(f.room.seat_of(f.guests[0]).map(|s| s.0), Some(t));
    assert!(
        f.room
            .list(f.game)
            .unwrap()
            .iter()
            .all(|w| w.guest != f.guests[0])
    );
    f.room.balance().unwrap();
    assert_eq!(f.room.books().bought_in, Chips(100));
}

/// An offer declined or let run out goes to the next in line; with KeepPlace the first keeps
/// their place for another table, with LosePlace their name comes off. An answer after the
/// offer ran out is refused.
#[test]
fn offers_declined_and_timed_out_go_on_to_the_next() {
    for missed in [MissedOffer::KeepPlace, MissedOffer::LosePlace] {
        let config = RoomConfig {
            offer_ms: 2 * MIN,
            missed,
            interest_min: 2,
            ..RoomConfig::default()
        };
        let mut f = fixture(RulebookId::Tda, 2, config, 4);
        let t = f
            .room
            .open_table(f.game, TableMode::Online, "Anna", "", None, Time(0))
            .unwrap();
        for (k, &g) in f.guests[..2].iter().enumerate() {
            f.room
                .seat_at_desk(g, t, k as u8 + 1, Chips(100), P, Time(0))
                .unwrap();
        }
        for &g in &f.guests[2..] {
            f.room.join(g, f.game, false, Time(1)).unwrap();
        }
        assert!(f.room.offers().is_empty(), "the table is full");
        f.room.cash_out(f.guests[0], Time(10)).unwrap();
        assert_eq!(offer_of(&f.room, f.guests[2]), Some((t, 1)));
        f.room.decline(f.guests[2], Time(11)).unwrap();
        assert_eq!(offer_of(&f.room, f.guests[3]), Some((t, 1)), "{missed:?}");
        let listed = f
            .room
            .list(f.game)
            .unwrap()
            .iter()
            .any(|w| w.guest == f.guests[2]);
        assert_eq!(listed, missed == MissedOffer::KeepPlace);
        // Guest 4 lets it run out: answered late, it is refused; the tick takes it back.
        let late = Time(11 + 2 * MIN);
        let e = refused(&mut f.room, |r| r.accept(f.guests[3], Chips(100), P, late));
        assert!(matches!(e, RingError::OfferExpired { .. }), "{e}");
        f.room.tick(late);
        assert!(offer_of(&f.room, f.guests[3]).is_none());
        assert!(f.room.events().iter().any(|e| matches!(
            e,
            RoomEvent::OfferMissed {
                declined: false,
                ..
            }
        )));
        f.room.balance().unwrap();
    }
}

/// HC-1.4 under the HC profile: no name on a list while still playing a tournament. Other
/// profiles do not say so. A second name on one list is refused.
#[test]
fn hc_1_4_no_name_on_a_list_while_in_a_tournament() {
    let mut f = fixture(RulebookId::Hc, 9, RoomConfig::default(), 2);
    let e = refused(&mut f.room, |r| r.join(f.guests[0], f.game, true, Time(0)));
    assert!(e.to_string().contains("HC-1.4"), "{e}");
    f.room.join(f.guests[0], f.game, false, Time(0)).unwrap();
    let e = refused(&mut f.room, |r| r.join(f.guests[0], f.game, false, Time(1)));
    assert!(matches!(e, RingError::ListedTwice { .. }));
    let mut tda = fixture(RulebookId::Tda, 9, RoomConfig::default(), 1);
    tda.room
        .join(tda.guests[0], tda.game, true, Time(0))
        .unwrap();
}

/// Top-ups between hands only, up to the maximum buy-in; no cash-out with chips in the pot;
/// a hand's stacks must add up; the books balance throughout.
#[test]
fn money_moves_between_hands_and_the_books_balance() {
    let mut f = fixture(RulebookId::Tda, 6, RoomConfig::default(), 3);
    let t = f
        .room
        .open_table(f.game, TableMode::ListKeeper, "Anna", "", None, Time(0))
        .unwrap();
    for (k, &g) in f.guests.iter().enumerate() {
        f.room
            .seat_at_desk(g, t, k as u8 + 1, Chips(100), P, Time(0))
            .unwrap();
    }
    let [a, b, c] = [f.guests[0], f.guests[1], f.guests[2]];
    f.room.set_away(c, true, P, Time(0)).unwrap();
    f.room.start_hand(t, None).unwrap();
    let e = refused(&mut f.room, |r| r.top_up(c, Chips(50)));
    assert!(matches!(e, RingError::HandInPlay(_)));
    let e = refused(&mut f.room, |r| r.cash_out(a, Time(1)));
    assert!(matches!(e, RingError::ChipsInThePot(_)));
    // Not dealt in, c may leave during the hand.
    let e = refused(&mut f.room, |r| {
        r.hand_settled(t, &[(a, Chips(150)), (b, Chips(60))], Chips(100), Time(2))
    });
    assert!(matches!(e, RingError::ChipsDoNotAddUp { .. }), "{e}");
    f.room
        .hand_settled(t, &[(a, Chips(150)), (b, Chips(50))], Chips(100), Time(2))
        .unwrap();
    f.room.balance().unwrap();
    let e = refused(&mut f.room, |r| r.top_up(a, Chips(51)));
    assert!(matches!(e, RingError::TopUpAboveMaximum { .. }));
    f.room.top_up(b, Chips(150)).unwrap();
    f.room.balance().unwrap();
    assert_eq!(f.room.cash_out(a, Time(4)).unwrap(), Chips(150));
    assert_eq!(f.room.cash_out(b, Time(4)).unwrap(), Chips(200));
    assert_eq!(f.room.cash_out(c, Time(4)).unwrap(), Chips(100));
    f.room.balance().unwrap();
    let closing = f.room.close_table(t, Time(5)).unwrap();
    assert_eq!(closing.opened_by, "Anna");
    assert_eq!(closing.hands, 1);
    assert_eq!(closing.brought, Chips(450));
    assert_eq!(closing.took + closing.rake, closing.brought);
    let history: Vec<_> = f.room.books().history(b).collect();
    assert_eq!(
        (history[0].brought, history[0].took),
        (Chips(250), Chips(200))
    );
}

/// Rake where a room charges it: a share of each pot up to a cap, or a time charge per seated
/// player each half hour. The books balance with it.
#[test]
fn rake_per_hand_and_per_half_hour() {
    let mut room = Room::new(RoomConfig::default());
    let per_hand = room
        .add_game(game(
            RulebookId::Tda,
            6,
            Rake::PerHand {
                percent: 5,
                cap: Chips(3),
            },
        ))
        .unwrap();
    let timed = room
        .add_game(game(
            RulebookId::Tda,
            6,
            Rake::PerHalfHour { per_seat: Chips(5) },
        ))
        .unwrap();
    let g: Vec<GuestId> = (0..4)
        .map(|i| room.add_guest(&format!("G{i}")).unwrap())
        .collect();
    let t1 = room
        .open_table(per_hand, TableMode::Online, "A", "", None, Time(0))
        .unwrap();
    let t2 = room
        .open_table(timed, TableMode::Online, "A", "", None, Time(0))
        .unwrap();
    room.seat_at_desk(g[0], t1, 1, Chips(100), P, Time(0))
        .unwrap();
    room.seat_at_desk(g[1], t1, 2, Chips(100), P, Time(0))
        .unwrap();
    room.start_hand(t1, None).unwrap();
    // A pot of 100: 5 % is 5, capped at 3.
    room.hand_settled(
        t1,
        &[(g[0], Chips(147)), (g[1], Chips(50))],
        Chips(100),
        Time(1),
    )
    .unwrap();
    assert_eq!(room.books().rake, Chips(3));
    room.seat_at_desk(g[2], t2, 1, Chips(100), P, Time(0))
        .unwrap();
    room.seat_at_desk(g[3], t2, 2, Chips(100), P, Time(0))
        .unwrap();
    // 40 minutes in: two half hours begun, 10 a player.
    assert_eq!(room.charge_time(t2, Time(40 * MIN)).unwrap(), Chips(20));
    assert_eq!(room.charge_time(t2, Time(50 * MIN)).unwrap(), Chips(0));
    assert_eq!(room.books().rake, Chips(23));
    room.balance().unwrap();
}

/// HC-1.9 (ring games): away over 30 minutes while someone wants the seat, the list keeper
/// freezes the chips in a tray and gives the seat away; the frozen player takes a free seat
/// later with those chips. Before 30 minutes, or with nobody waiting, the seat stays theirs.
#[test]
fn hc_1_9_a_stack_frozen_in_a_tray_and_the_seat_given_away() {
    let mut f = fixture(RulebookId::Hc, 2, RoomConfig::default(), 4);
    let t = f
        .room
        .open_table(f.game, TableMode::Tablet, "Anna", "", None, Time(0))
        .unwrap();
    let [a, b, w, x] = [f.guests[0], f.guests[1], f.guests[2], f.guests[3]];
    f.room
        .seat_at_desk(a, t, 1, Chips(100), P, Time(0))
        .unwrap();
    f.room
        .seat_at_desk(b, t, 2, Chips(120), P, Time(0))
        .unwrap();
    f.room.set_away(a, true, P, Time(MIN)).unwrap();
    let e = refused(&mut f.room, |r| r.free_away_seat(a, true, Time(40 * MIN)));
    assert!(matches!(e, RingError::NobodyWaiting { .. }), "{e}");
    f.room.join(w, f.game, false, Time(5 * MIN)).unwrap();
    let e = refused(&mut f.room, |r| r.free_away_seat(a, true, Time(30 * MIN)));
    assert!(e.to_string().contains("HC-1.9"), "{e}");
    f.room.free_away_seat(a, true, Time(32 * MIN)).unwrap();
    assert_eq!(f.room.books().frozen_chips(), Chips(100));
    assert_eq!(offer_of(&f.room, w), Some((t, 1)));
    f.room.balance().unwrap();
    f.room.accept(w, Chips(100), P, Time(33 * MIN)).unwrap();
    // Back: a seat frees, and a takes it with the chips from the tray (no buy-in).
    f.room.join(x, f.game, false, Time(34 * MIN)).unwrap();
    f.room.cash_out(b, Time(35 * MIN)).unwrap();
    let (table, seat) = offer_of(&f.room, x).unwrap();
    let e = refused(&mut f.room, |r| r.unfreeze(a, table, seat, Time(36 * MIN)));
    assert!(
        matches!(e, RingError::SeatTaken { .. }),
        "offered to x: {e}"
    );
    f.room.decline(x, Time(36 * MIN)).unwrap();
    f.room.unfreeze(a, t, 2, Time(36 * MIN)).unwrap();
    assert_eq!(f.room.seat_of(a), Some((t, 2)));
    assert_eq!(f.room.books().frozen_chips(), Chips(0));
    f.room.balance().unwrap();
}

/// A must-move table feeds the main game: when a main seat opens, the longest-seated player of
/// the must-move table moves there with their chips, and the list fills the must-move seat. A
/// seated player's table change comes before new players.
#[test]
fn must_move_tables_feed_the_main_game_and_table_changes_come_first() {
    let mut f = fixture(RulebookId::Tda, 2, RoomConfig::default(), 6);
    let main = f
        .room
        .open_table(f.game, TableMode::Online, "Anna", "", None, Time(0))
        .unwrap();
    let feeder = f
        .room
        .open_table(f.game, TableMode::Online, "Anna", "", Some(main), Time(0))
        .unwrap();
    let g = f.guests.clone();
    f.room
        .seat_at_desk(g[0], main, 1, Chips(100), P, Time(0))
        .unwrap();
    f.room
        .seat_at_desk(g[1], main, 2, Chips(100), P, Time(0))
        .unwrap();
    f.room
        .seat_at_desk(g[2], feeder, 1, Chips(80), P, Time(1))
        .unwrap();
    f.room
        .seat_at_desk(g[3], feeder, 2, Chips(90), P, Time(2))
        .unwrap();
    f.room.join(g[4], f.game, false, Time(3)).unwrap();
    f.room.cash_out(g[0], Time(4)).unwrap();
    assert_eq!(
        f.room.seat_of(g[2]),
        Some((main, 1)),
        "the longest at the must-move table"
    );
    assert_eq!(offer_of(&f.room, g[4]), Some((feeder, 1)));
    f.room.accept(g[4], Chips(100), P, Time(5)).unwrap();
    // g[3] at the must-move table asks for a change; it comes before a new name.
    f.room.join(g[5], f.game, false, Time(6)).unwrap();
    f.room.join(g[3], f.game, false, Time(7)).unwrap();
    let w = f
        .room
        .list(f.game)
        .unwrap()
        .iter()
        .find(|w| w.guest == g[3])
        .unwrap()
        .clone();
    assert_eq!(w.wants, WaitingFor::TableChange { from: feeder });
    let third = f
        .room
        .open_table(f.game, TableMode::Online, "Anna", "", None, Time(8))
        .unwrap();
    // The change, listed later, gets the first seat; the new name the second.
    assert_eq!(offer_of(&f.room, g[3]), Some((third, 1)));
    assert_eq!(offer_of(&f.room, g[5]), Some((third, 2)));
    f.room.accept(g[3], Chips(0), P, Time(9)).unwrap();
    assert_eq!(f.room.seat_of(g[3]).map(|s| s.0), Some(third));
    assert!(
        f.room
            .events()
            .iter()
            .any(|e| matches!(e, RoomEvent::Changed { .. }))
    );
    f.room.balance().unwrap();
}

/// HC-1.10: whatever the list keeper does, in any order, the list balances after every
/// operation, and every refused operation leaves the room as it was.
#[test]
fn hc_1_10_the_list_balances_after_every_operation() {
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |n: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % n
    };
    let mut room = Room::new(RoomConfig::default());
    let hc = room
        .add_game(game(
            RulebookId::Hc,
            4,
            Rake::PerHand {
                percent: 5,
                cap: Chips(4),
            },
        ))
        .unwrap();
    let jpr = room
        .add_game(game(
            RulebookId::Jpr,
            3,
            Rake::PerHalfHour { per_seat: Chips(2) },
        ))
        .unwrap();
    let guests: Vec<GuestId> = (0..12)
        .map(|i| room.add_guest(&format!("G{i}")).unwrap())
        .collect();
    let mut tables = Vec::new();
    let (mut refusals, mut done) = (0, 0);
    for step in 0..4_000u64 {
        let now = Time(step * 20_000);
        room.take_events();
        // Now and then someone the operation is for: an offered guest, a seated one.
        let offered: Vec<GuestId> = room.offers().iter().map(|o| o.guest).collect();
        let seated: Vec<GuestId> = guests
            .iter()
            .copied()
            .filter(|&g| room.seat_of(g).is_some())
            .collect();
        let (g, op) = match next(3) {
            0 if !offered.is_empty() => (offered[next(offered.len() as u64) as usize], 2 + next(2)),
            1 if !seated.is_empty() => (seated[next(seated.len() as u64) as usize], next(12)),
            _ => (guests[next(guests.len() as u64) as usize], next(12)),
        };
        let which = if next(2) == 0 { hc } else { jpr };
        let before = format!("{room:?}");
        let result: Result<(), RingError> = match op {
            0 if tables.len() < 4 => room
                .open_table(which, TableMode::Online, "Keeper", "", None, now)
                .map(|t| tables.push(t)),
            0 | 1 => room.join(g, which, next(5) == 0, now),
            2 => room.accept(g, Chips(40 + next(170)), P, now),
            3 => room.decline(g, now),
            4 => room.top_up(g, Chips(next(120))),
            5 => room.cash_out(g, now).map(|_| ()),
            6 => room.set_away(g, next(2) == 0, P, now),
            7 => room.free_away_seat(g, next(2) == 0, now),
            8 if !tables.is_empty() => {
                let t = tables[next(tables.len() as u64) as usize];
                if room.table(t).unwrap().hand_running {
                    // The pot goes to one player, less the rake.
                    let dealt: Vec<(GuestId, Chips)> = room
                        .table(t)
                        .unwrap()
                        .seats
                        .iter()
                        .flatten()
                        .filter(|s| s.in_hand)
                        .map(|s| (s.guest, s.chips))
                        .collect();
                    let pot: Chips = dealt.iter().map(|d| Chips(d.1.0.min(10))).sum();
                    let rake = room.game(room.table(t).unwrap().game).unwrap().rake_of(pot);
                    let winner = next(dealt.len().max(1) as u64) as usize;
                    let stacks: Vec<(GuestId, Chips)> = dealt
                        .iter()
                        .enumerate()
                        .map(|(i, d)| {
                            let paid = Chips(d.1.0.min(10));
                            if i == winner {
                                (d.0, d.1 - paid + pot - rake)
                            } else {
                                (d.0, d.1 - paid)
                            }
                        })
                        .collect();
                    room.hand_settled(t, &stacks, pot, now)
                } else {
                    room.start_hand(t, None).map(drop)
                }
            }
            9 if !tables.is_empty() => {
                let t = tables[next(tables.len() as u64) as usize];
                room.charge_time(t, now).map(|_| ())
            }
            10 if !tables.is_empty() => {
                let t = tables[next(tables.len() as u64) as usize];
                room.unfreeze(g, t, 1 + next(4) as u8, now)
            }
            _ => {
                room.tick(now);
                Ok(())
            }
        };
        match result {
            Ok(()) => done += 1,
            Err(e) => {
                refusals += 1;
                assert_eq!(
                    format!("{room:?}"),
                    before,
                    "step {step}: a refusal changed the room: {e}"
                );
            }
        }
        room.balance()
            .unwrap_or_else(|e| panic!("step {step}: {e}"));
    }
    assert!(
        done > 500 && refusals > 100,
        "{done} done, {refusals} refused"
    );
    eprintln!(
        "{:?} tables {}",
        room.books().bought_in,
        room.tables().len()
    );
    eprintln!("{:?}", &room.events()[..room.events().len().min(30)]);
    assert!(room.books().cashed_out > Chips(0) && room.books().rake > Chips(0));
}

/// A hand's stacks name each dealt player once: a repeated name that would add chips is
/// refused and the books keep balancing.
#[test]
fn a_hands_stacks_name_each_dealt_player_once() {
    let mut f = fixture(RulebookId::Tda, 6, RoomConfig::default(), 3);
    let t = f
        .room
        .open_table(f.game, TableMode::ListKeeper, "Anna", "", None, Time(0))
        .unwrap();
    let [a, b, c] = [f.guests[0], f.guests[1], f.guests[2]];
    for (k, g) in [a, b, c].into_iter().enumerate() {
        f.room
            .seat_at_desk(g, t, k as u8 + 1, Chips(100), P, Time(0))
            .unwrap();
    }
    f.room.set_away(c, true, P, Time(1)).unwrap();
    // TDA-30: no cards for a player away from the table.
    let next = f.room.start_hand(t, None).unwrap();
    assert_eq!(next.dealt, vec![engine::Seat(0), engine::Seat(1)]);
    assert!(
        next.rules.contains(&engine::rule!("TDA-30")),
        "{:?}",
        next.rules
    );
    for stacks in [
        vec![(a, Chips(0)), (a, Chips(200))],
        vec![(a, Chips(200)), (c, Chips(0))],
    ] {
        refused(&mut f.room, |r| {
            r.hand_settled(t, &stacks, Chips(100), Time(2))
        });
    }
    f.room
        .hand_settled(t, &[(a, Chips(200)), (b, Chips(0))], Chips(100), Time(2))
        .unwrap();
    f.room.balance().unwrap();
}

/// While a hand runs at the must-move table, the main table's open seat waits for its player
/// instead of going to the list; the move comes when the hand is over.
#[test]
fn a_main_seat_waits_for_the_must_move_player_while_a_hand_runs() {
    let mut f = fixture(RulebookId::Tda, 2, RoomConfig::default(), 5);
    let g = f.guests.clone();
    let main = f
        .room
        .open_table(f.game, TableMode::Online, "Anna", "", None, Time(0))
        .unwrap();
    let feeder = f
        .room
        .open_table(f.game, TableMode::Online, "Anna", "", Some(main), Time(0))
        .unwrap();
    f.room
        .seat_at_desk(g[0], main, 1, Chips(100), P, Time(0))
        .unwrap();
    f.room
        .seat_at_desk(g[1], main, 2, Chips(100), P, Time(0))
        .unwrap();
    f.room
        .seat_at_desk(g[2], feeder, 1, Chips(100), P, Time(1))
        .unwrap();
    f.room
        .seat_at_desk(g[3], feeder, 2, Chips(100), P, Time(2))
        .unwrap();
    f.room.join(g[4], f.game, false, Time(3)).unwrap();
    f.room.start_hand(feeder, None).unwrap();
    f.room.cash_out(g[0], Time(4)).unwrap();
    assert!(
        offer_of(&f.room, g[4]).is_none(),
        "the seat is held for the must-move player"
    );
    f.room
        .hand_settled(
            feeder,
            &[(g[2], Chips(150)), (g[3], Chips(50))],
            Chips(100),
            Time(5),
        )
        .unwrap();
    assert_eq!(f.room.seat_of(g[2]), Some((main, 1)));
    assert_eq!(offer_of(&f.room, g[4]), Some((feeder, 1)));
    f.room.balance().unwrap();
}

/// HC-1.9: a frozen player who wants back comes first for a seat of the game and sits down with
/// the chips from the tray, not a new buy-in; a second freeze adds to the same tray.
#[test]
fn hc_1_9_a_frozen_player_comes_first_and_brings_the_tray() {
    let mut f = fixture(RulebookId::Hc, 2, RoomConfig::default(), 4);
    let [a, b, w, x] = [f.guests[0], f.guests[1], f.guests[2], f.guests[3]];
    let t = f
        .room
        .open_table(f.game, TableMode::Tablet, "Anna", "", None, Time(0))
        .unwrap();
    f.room
        .seat_at_desk(a, t, 1, Chips(100), P, Time(0))
        .unwrap();
    f.room
        .seat_at_desk(b, t, 2, Chips(100), P, Time(0))
        .unwrap();
    f.room.set_away(a, true, P, Time(0)).unwrap();
    f.room.join(w, f.game, false, Time(MIN)).unwrap();
    f.room.free_away_seat(a, true, Time(31 * MIN)).unwrap();
    f.room.accept(w, Chips(100), P, Time(32 * MIN)).unwrap();
    f.room.join(x, f.game, false, Time(33 * MIN)).unwrap();
    f.room.join(a, f.game, false, Time(34 * MIN)).unwrap();
    f.room.cash_out(b, Time(35 * MIN)).unwrap();
    assert_eq!(
        offer_of(&f.room, a),
        Some((t, 2)),
        "before x, listed earlier"
    );
    let bought = f.room.books().bought_in;
    f.room.accept(a, Chips(40), P, Time(36 * MIN)).unwrap();
    assert_eq!(f.room.books().bought_in, bought, "no new buy-in");
    assert_eq!(f.room.books().frozen_chips(), Chips(0));
    let seats = &f.room.table(t).unwrap().seats;
    assert_eq!(
        seats[1].unwrap().chips,
        Chips(100),
        "the chips from the tray"
    );
    f.room.balance().unwrap();
    // Under TDA the seat stays the away player's.
    let mut tda = fixture(RulebookId::Tda, 2, RoomConfig::default(), 2);
    let t = tda
        .room
        .open_table(tda.game, TableMode::Online, "A", "", None, Time(0))
        .unwrap();
    tda.room
        .seat_at_desk(tda.guests[0], t, 1, Chips(100), P, Time(0))
        .unwrap();
    tda.room.set_away(tda.guests[0], true, P, Time(0)).unwrap();
    tda.room
        .join(tda.guests[1], tda.game, false, Time(0))
        .unwrap();
    refused(&mut tda.room, |r| {
        r.free_away_seat(tda.guests[0], true, Time(40 * MIN))
    });
}

/// A table change asked for goes with the player who cashes out; a guest seated in another game
/// is not offered a seat they could not take; the half-hour charge counts from the sitting down.
#[test]
fn requests_follow_the_player_and_time_is_charged_from_the_sitting_down() {
    let mut room = Room::new(RoomConfig::default());
    let a_game = room
        .add_game(game(
            RulebookId::Tda,
            2,
            Rake::PerHalfHour { per_seat: Chips(5) },
        ))
        .unwrap();
    let b_game = room.add_game(game(RulebookId::Tda, 2, Rake::Off)).unwrap();
    let g: Vec<GuestId> = (0..4)
        .map(|i| room.add_guest(&format!("G{i}")).unwrap())
        .collect();
    let a1 = room
        .open_table(a_game, TableMode::Online, "K", "", None, Time(0))
        .unwrap();
    room.seat_at_desk(g[0], a1, 1, Chips(100), P, Time(0))
        .unwrap();
    room.join(g[0], a_game, false, Time(1)).unwrap();
    room.cash_out(g[0], Time(2)).unwrap();
    assert!(
        room.list(a_game).unwrap().is_empty(),
        "the change request left with the player"
    );
    room.seat_at_desk(g[1], a1, 1, Chips(100), P, Time(3))
        .unwrap();
    room.join(g[1], b_game, false, Time(4)).unwrap();
    room.join(g[2], b_game, false, Time(5)).unwrap();
    let b1 = room
        .open_table(b_game, TableMode::Online, "K", "", None, Time(6))
        .unwrap();
    assert_eq!(offer_of(&room, g[2]).map(|o| o.0), Some(b1));
    assert!(offer_of(&room, g[1]).is_none(), "seated in the other game");
    // g[3] sits down at 89 minutes: the first charge at 90 takes one half hour from them, three
    // from g[1], seated since the start.
    room.seat_at_desk(g[3], a1, 2, Chips(100), P, Time(89 * MIN))
        .unwrap();
    assert_eq!(room.charge_time(a1, Time(90 * MIN)).unwrap(), Chips(20));
    room.balance().unwrap();
}

/// The names and conditions written on a table's list have a bound (HC-1.10): a longer one is
/// refused and opens nothing.
#[test]
fn a_tables_list_has_bounded_names_and_conditions() {
    let mut f = fixture(RulebookId::Hc, 6, RoomConfig::default(), 0);
    let long = "x".repeat(501);
    refused(&mut f.room, |r| {
        r.open_table(f.game, TableMode::Online, "Anna", &long, None, Time(0))
    });
    refused(&mut f.room, |r| {
        r.open_table(f.game, TableMode::Online, &long[..41], "", None, Time(0))
    });
    refused(&mut f.room, |r| {
        r.open_table(f.game, TableMode::Online, " ", "", None, Time(0))
    });
    assert!(f.room.tables().is_empty());
}

/// The room deals the next hand by the game's profile (`engine::ring`): the HC-1.9
/// case (the last big blind has left: a big blind only, the button stays) and JPR-3.0's
/// marker for the same absence (the small blind missed, owed on return).
#[test]
fn hc_1_9_and_jpr_3_0_the_room_deals_the_next_hand_by_its_profile() {
    for profile in [RulebookId::Hc, RulebookId::Jpr] {
        let mut f = fixture(profile, 10, RoomConfig::default(), 6);
        let t = f
            .room
            .open_table(f.game, TableMode::ListKeeper, "Anna", "", None, Time(0))
            .unwrap();
        for (k, &g) in f.guests.iter().enumerate() {
            f.room
                .seat_at_desk(g, t, k as u8 + 1, Chips(100), P, Time(0))
                .unwrap();
        }
        // The button drawn at seat 3 (TDA-RP-14): blinds at 4 and 5.
        let first = f.room.start_hand(t, Some(3)).unwrap();
        let seat = |s: u8| Some(engine::Seat(s - 1));
        assert_eq!(
            (first.button, first.small_blind, first.big_blind),
            (seat(3), seat(4), seat(5))
        );
        let stacks: Vec<(GuestId, Chips)> = f.guests.iter().map(|&g| (g, Chips(100))).collect();
        f.room.hand_settled(t, &stacks, Chips(0), Time(1)).unwrap();
        f.room.set_away(f.guests[4], true, P, Time(2)).unwrap();
        let next = f.room.start_hand(t, None).unwrap();
        assert_eq!(next.big_blind, seat(6), "{profile:?}");
        assert!(
            !next.dealt.contains(&engine::Seat(4)),
            "no cards while away"
        );
        let p5 = f.room.table(t).unwrap().seats[4].unwrap();
        if profile == RulebookId::Hc {
            // HC-1.9: a big blind only, the button stays for this hand.
            assert_eq!((next.button, next.small_blind), (seat(3), None));
            assert!(
                next.rules.contains(&engine::rule!("HC-1.9")),
                "{:?}",
                next.rules
            );
            assert_eq!(p5.owes, None);
        } else {
            // JPR-3.0: the small blind missed at seat 5 is marked there.
            assert_eq!(next.button, seat(4));
            assert_eq!(p5.owes, Some(ring::Debt::Small));
            assert!(
                next.rules.contains(&engine::rule!("JPR-3.0")),
                "{:?}",
                next.rules
            );
        }
    }
}

/// A guest cannot pass as another on the board or at the desk: a second name the same but for
/// case, or one with control, invisible or direction-changing characters, is refused before the
/// guest is taken in, and the room stays as it was (issue 33's probe: "Guest A" twice, U+202E,
/// U+200B, NUL, BEL, a newline and a BOM were all accepted).
#[test]
fn a_guest_name_that_passes_for_another_is_refused() {
    let mut room = Room::new(RoomConfig::default());
    let a = room.check_guest_name("  Guest A ").expect("a new name");
    assert_eq!(a, "Guest A");
    room.add_guest(a).expect("added");
    for twin in ["Guest A", "guest a", " GUEST A"] {
        assert_eq!(
            room.check_guest_name(twin),
            Err(RingError::NameTaken(twin.trim().to_string()))
        );
    }
    for (name, code) in [
        ("Guest\u{202E}B", 0x202E),
        ("Gue\u{200B}st B", 0x200B),
        ("Guest\0B", 0),
        ("Guest\u{7}B", 7),
        ("Guest\nB", 10),
        ("\u{FEFF}Guest B", 0xFEFF),
    ] {
        assert_eq!(
            room.check_guest_name(name),
            Err(RingError::NameNotPrintable { code }),
            "{name:?}"
        );
    }
    for bad in ["", "   ", &"x".repeat(41)] {
        assert_eq!(
            room.check_guest_name(bad),
            Err(RingError::NameLength { max: 40 })
        );
    }
    assert_eq!(room.guests().len(), 1, "nothing refused was taken in");
    assert!(room.check_guest_name("Guest B").is_ok());
}

/// HC-1.10: the list keeper seats the players: a seated guest is moved with their chips to an
/// open seat of the same game, between their hands; a seat held for an offer, a seat of
/// another game, or a guest with chips in a hand in play is refused and changes nothing.
#[test]
fn hc_1_10_the_list_keeper_moves_a_guest_with_their_chips() {
    let mut f = fixture(RulebookId::Hc, 3, RoomConfig::default(), 4);
    let t1 = f
        .room
        .open_table(f.game, TableMode::ListKeeper, "Anna", "", None, Time(0))
        .unwrap();
    let t2 = f
        .room
        .open_table(f.game, TableMode::ListKeeper, "Anna", "", None, Time(0))
        .unwrap();
    let [a, b, c, d] = [f.guests[0], f.guests[1], f.guests[2], f.guests[3]];
    f.room
        .seat_at_desk(a, t1, 1, Chips(100), P, Time(0))
        .unwrap();
    f.room
        .seat_at_desk(b, t1, 2, Chips(80), P, Time(0))
        .unwrap();
    // Seat 1 of the second table is offered to the first in line: held for them.
    f.room.join(c, f.game, false, Time(0)).unwrap();
    let held = offer_of(&f.room, c).expect("an offer to c");
    let e = refused(&mut f.room, |r| r.move_seat(a, held.0, held.1, P, Time(1)));
    assert!(matches!(e, RingError::SeatTaken { .. }), "{e}");
    // In a hand with chips in the pot: not now.
    f.room.start_hand(t1, None).unwrap();
    let free = (1..=3).find(|&s| (t2, s) != held).unwrap();
    let e = refused(&mut f.room, |r| r.move_seat(a, t2, free, P, Time(1)));
    assert!(matches!(e, RingError::ChipsInThePot(_)), "{e}");
    f.room
        .hand_settled(t1, &[(a, Chips(110)), (b, Chips(70))], Chips(20), Time(2))
        .unwrap();
    f.room.move_seat(a, t2, free, P, Time(3)).unwrap();
    assert_eq!(f.room.seat_of(a), Some((t2, free)));
    assert_eq!(
        f.room.table(t2).unwrap().seats[usize::from(free - 1)]
            .unwrap()
            .chips,
        Chips(110)
    );
    f.room.balance().unwrap();
    // Another seat at the same table: the one a left.
    f.room.move_seat(b, t1, 1, P, Time(4)).unwrap();
    assert_eq!(f.room.seat_of(b), Some((t1, 1)));
    // A guest not seated is seated from the list, not moved.
    let e = refused(&mut f.room, |r| r.move_seat(d, t1, 1, P, Time(5)));
    assert!(matches!(e, RingError::NotSeated(_)), "{e}");
    f.room.balance().unwrap();
}
