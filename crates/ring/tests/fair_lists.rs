//! Fair lists (issue 36 item 4). HC-1.10 gives the list keeper the seating (Sitzplatzvergabe);
//! the house's rule here: one offer per seat at a time, to one person; a seat offered is held
//! until the offer is answered or runs out; a guest on several lists gets one offer at a time
//! (the others' seats go on to the next on those lists); a declined or expired offer goes to
//! the next by the house's `MissedOffer`. Each guest is told why no offer comes.

use engine::{Chips, RulebookId, Variant};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use ring::{
    BuyInLimits, CashTableId, Entering, Game, GameId, GuestId, MissedOffer, NoOfferBecause, Offer,
    Rake, RingError, Room, RoomConfig, Stakes, TableMode, Time,
};
use std::collections::HashSet;

const OFFER_MS: u64 = 120_000;

fn game(name: &str, seats: u8) -> Game {
    Game {
        name: name.into(),
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
        profile: RulebookId::Tda,
        rake: Rake::Off,
    }
}

fn room(missed: MissedOffer, games: &[u8], guests: usize) -> (Room, Vec<GameId>, Vec<GuestId>) {
    let mut room = Room::new(RoomConfig {
        offer_ms: OFFER_MS,
        missed,
        interest_min: 4,
        ..RoomConfig::default()
    });
    let games = games
        .iter()
        .enumerate()
        .map(|(i, &seats)| room.add_game(game(&format!("Game {i}"), seats)).unwrap())
        .collect();
    let guests = (0..guests)
        .map(|i| room.add_guest(&format!("Guest {i}")).unwrap())
        .collect();
    (room, games, guests)
}

fn open(room: &mut Room, game: GameId, now: u64) -> CashTableId {
    room.open_table(game, TableMode::ListKeeper, "Anna", "", None, Time(now))
        .unwrap()
}

fn offer_of(room: &Room, guest: GuestId) -> Option<Offer> {
    room.offers().iter().copied().find(|o| o.guest == guest)
}

fn why(room: &Room, guest: GuestId, game: GameId) -> NoOfferBecause {
    room.standing(guest, game).unwrap().why
}

/// HC-1.10: one offer per seat, to one person, and one per person; an offered seat is free.
fn one_offer_per_seat_and_per_guest(room: &Room) {
    let mut seats = HashSet::new();
    let mut guests = HashSet::new();
    for o in room.offers() {
        assert!(
            seats.insert((o.table, o.seat)),
            "two offers of one seat: {o:?}"
        );
        assert!(guests.insert(o.guest), "two offers to one guest: {o:?}");
        let t = room.table(o.table).unwrap();
        assert!(
            t.is_open() && t.seats[usize::from(o.seat - 1)].is_none(),
            "{o:?}"
        );
        // Nobody is offered a seat in a game while seated in another.
        if let Some((at, _)) = room.seat_of(o.guest) {
            assert_eq!(room.table(at).unwrap().game, t.game, "{o:?}");
        }
    }
}

/// A table of two seats with a filler in seat 1: one seat left to offer.
fn open_one(room: &mut Room, game: GameId, filler: GuestId, now: u64) -> CashTableId {
    let t = open(room, game, now);
    room.seat_at_desk(filler, t, 1, Chips(100), Entering::Post, Time(now))
        .unwrap();
    t
}

#[test]
fn hc_1_10_a_guest_on_two_lists_gets_one_offer_and_the_other_seat_goes_to_the_next() {
    let (mut room, g, p) = room(MissedOffer::KeepPlace, &[2, 2, 2], 4);
    let (anna, ben) = (p[0], p[1]);
    room.join(anna, g[2], false, Time(0)).unwrap();
    assert_eq!(why(&room, anna, g[2]), NoOfferBecause::NoTable);
    let t0 = open_one(&mut room, g[0], p[2], 0);
    let t1 = open_one(&mut room, g[1], p[3], 0);
    room.join(anna, g[0], false, Time(1_000)).unwrap();
    assert_eq!(offer_of(&room, anna).map(|o| o.table), Some(t0));
    // Anna holds an offer in game 0: game 1's seat is not offered to her, it waits for the
    // next on its list, Ben.
    room.join(anna, g[1], false, Time(2_000)).unwrap();
    assert!(room.offers().iter().all(|o| o.table != t1));
    assert_eq!(why(&room, anna, g[1]), NoOfferBecause::OfferAtOtherGame);
    room.join(ben, g[1], false, Time(2_500)).unwrap();
    assert_eq!(offer_of(&room, ben).map(|o| o.table), Some(t1));
    assert_eq!(room.offers().len(), 2);
    assert_eq!(why(&room, anna, g[0]), NoOfferBecause::OfferHere);
    assert_eq!(why(&room, ben, g[1]), NoOfferBecause::OfferHere);
    one_offer_per_seat_and_per_guest(&room);
    // Ben declines: game 1's seat would be Anna's, but her offer in game 0 stands: it waits.
    room.decline(ben, Time(3_000)).unwrap();
    assert_eq!(offer_of(&room, anna).map(|o| o.table), Some(t0));
    assert!(
        room.offers().iter().all(|o| o.table != t1),
        "{:?}",
        room.offers()
    );
    assert_eq!(why(&room, ben, g[1]), NoOfferBecause::SeatPassed);
    // Anna declines game 0: now game 1's seat is offered to her.
    room.decline(anna, Time(4_000)).unwrap();
    assert_eq!(offer_of(&room, anna).map(|o| o.table), Some(t1));
    assert_eq!(why(&room, anna, g[0]), NoOfferBecause::OfferAtOtherGame);
    one_offer_per_seat_and_per_guest(&room);
}

#[test]
fn hc_1_10_an_offered_seat_is_held_until_answered_or_run_out() {
    let (mut room, g, p) = room(MissedOffer::KeepPlace, &[2], 4);
    let t = open_one(&mut room, g[0], p[3], 0);
    room.join(p[0], g[0], false, Time(0)).unwrap();
    room.join(p[1], g[0], false, Time(0)).unwrap();
    let offer = offer_of(&room, p[0]).unwrap();
    assert_eq!((offer.seat, offer.expires), (2, Time(OFFER_MS)));
    // Nobody else sits down in it, not even from the desk.
    let before = format!("{room:?}");
    assert_eq!(
        room.seat_at_desk(p[2], t, 2, Chips(100), Entering::Post, Time(10)),
        Err(RingError::SeatTaken { table: t, seat: 2 })
    );
    assert_eq!(format!("{room:?}"), before, "a refusal changes nothing");
    // Time passes, short of the end: the offer stands, the next waits.
    room.tick(Time(OFFER_MS - 1));
    assert_eq!(offer_of(&room, p[0]), Some(offer));
    assert_eq!(offer_of(&room, p[1]), None);
    assert_eq!(why(&room, p[1], g[0]), NoOfferBecause::AheadOfYou);
    assert_eq!(room.standing(p[1], g[0]).unwrap().ahead, 1);
    // Answered too late: refused; the clock's tick moves it on to the next.
    assert!(matches!(
        room.accept(p[0], Chips(100), Entering::Post, Time(OFFER_MS)),
        Err(RingError::OfferExpired { .. })
    ));
    room.tick(Time(OFFER_MS));
    assert_eq!(offer_of(&room, p[0]), None);
    assert_eq!(
        offer_of(&room, p[1]).map(|o| (o.table, o.seat)),
        Some((t, 2))
    );
    // Kept place (the house's rule): first on the list still; the seat is the next one's now.
    assert_eq!(room.standing(p[0], g[0]).unwrap().place, 1);
    assert_eq!(why(&room, p[0], g[0]), NoOfferBecause::AheadOfYou);
    room.accept(p[1], Chips(100), Entering::Post, Time(OFFER_MS + 1))
        .unwrap();
    assert_eq!(why(&room, p[0], g[0]), NoOfferBecause::NoOpenSeat);
}

#[test]
fn hc_1_10_a_missed_offer_loses_the_place_when_the_house_says_so() {
    let (mut room, g, p) = room(MissedOffer::LosePlace, &[2], 3);
    open_one(&mut room, g[0], p[2], 0);
    room.join(p[0], g[0], false, Time(0)).unwrap();
    room.join(p[1], g[0], false, Time(0)).unwrap();
    room.decline(p[0], Time(1)).unwrap();
    assert_eq!(room.list(g[0]).unwrap().len(), 1, "off the list");
    assert!(offer_of(&room, p[1]).is_some());
    room.tick(Time(1 + OFFER_MS));
    assert!(room.list(g[0]).unwrap().is_empty());
    assert!(room.offers().is_empty(), "nobody left to offer it to");
}

#[test]
fn the_reasons_say_where_a_seated_guest_stands() {
    let (mut room, g, p) = room(MissedOffer::KeepPlace, &[2, 2], 3);
    let t0 = open(&mut room, g[0], 0);
    room.seat_at_desk(p[0], t0, 1, Chips(100), Entering::Post, Time(0))
        .unwrap();
    // Seated in game 0: on game 1's list they wait until they cash out there.
    room.join(p[0], g[1], false, Time(1)).unwrap();
    // Said first, as it holds even once a table opens.
    assert_eq!(why(&room, p[0], g[1]), NoOfferBecause::SeatedElsewhere);
    let t1 = open(&mut room, g[1], 2);
    assert_eq!(offer_of(&room, p[0]), None);
    assert_eq!(why(&room, p[0], g[1]), NoOfferBecause::SeatedElsewhere);
    // Seated in game 1 and asking for a change: no other table of it.
    room.seat_at_desk(p[1], t1, 1, Chips(100), Entering::Post, Time(3))
        .unwrap();
    room.seat_at_desk(p[2], t1, 2, Chips(100), Entering::Post, Time(3))
        .unwrap();
    room.join(p[1], g[1], false, Time(4)).unwrap();
    assert_eq!(why(&room, p[1], g[1]), NoOfferBecause::WaitingForChange);
    // A table change is served before a new player (p[0], ahead by arrival).
    assert_eq!(room.standing(p[1], g[1]).unwrap().ahead, 0);
    assert_eq!(room.standing(p[0], g[1]).unwrap().ahead, 1);
    assert_eq!(room.standing(p[0], g[0]), Err(RingError::NotListed(p[0])));
}

/// A random evening of joins, leaves, answers, desk seatings, cash-outs, forgotten guests and
/// time: after every operation one offer per seat and per guest, and an offer stands unchanged
/// until its guest answers it, leaves, is forgotten, or it runs out.
#[test]
fn hc_1_10_offers_stay_fair_through_a_random_evening() {
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let missed = if seed % 2 == 0 {
            MissedOffer::KeepPlace
        } else {
            MissedOffer::LosePlace
        };
        let (mut room, g, p) = room(missed, &[2, 3, 2], 12);
        let mut now = 0u64;
        let mut tables = Vec::new();
        for step in 0..600 {
            now += rng.next_u64() % 20_000;
            let guest = p[(rng.next_u64() % p.len() as u64) as usize];
            let game = g[(rng.next_u64() % g.len() as u64) as usize];
            let before: Vec<Offer> = room.offers().to_vec();
            let mut answered = None;
            let op = rng.next_u64() % 10;
            let _ = match op {
                0..=2 => room.join(guest, game, false, Time(now)),
                3 => {
                    answered = Some(guest);
                    room.accept(guest, Chips(100), Entering::Post, Time(now))
                }
                4 => {
                    answered = Some(guest);
                    room.decline(guest, Time(now))
                }
                5 => {
                    answered = Some(guest);
                    room.leave_list(guest, game, Time(now))
                }
                6 => {
                    answered = Some(guest);
                    room.cash_out(guest, Time(now)).map(drop)
                }
                7 if tables.len() < 5 => {
                    tables.push(open(&mut room, game, now));
                    Ok(())
                }
                8 => {
                    // The desk seats the guest: an offer to them is answered so.
                    answered = Some(guest);
                    let table = CashTableId((rng.next_u64() % 5) as u32);
                    let seat = (rng.next_u64() % 3) as u8 + 1;
                    room.seat_at_desk(guest, table, seat, Chips(100), Entering::Post, Time(now))
                }
                9 if step % 50 == 49 => {
                    answered = Some(guest);
                    room.forget_guest(guest, Time(now))
                }
                _ => {
                    room.tick(Time(now));
                    Ok(())
                }
            };
            one_offer_per_seat_and_per_guest(&room);
            // An offer stands until its guest answers (takes a seat, says no, leaves, cashes out
            // of the table a change was asked from, is forgotten) or it runs out.
            for o in before {
                let still = room.offers().contains(&o);
                let may_go = answered == Some(o.guest) || Time(now) >= o.expires;
                assert!(
                    still || may_go,
                    "seed {seed} step {step} op {op} by {guest:?}: {o:?} went"
                );
            }
            room.balance().unwrap();
            // Every guest on a list has a reason, and an offer there is the one said.
            for &game in &g {
                for w in room.list(game).unwrap() {
                    let s = room.standing(w.guest, game).unwrap();
                    let here = offer_of(&room, w.guest)
                        .is_some_and(|o| room.table(o.table).unwrap().game == game);
                    assert_eq!(s.why == NoOfferBecause::OfferHere, here);
                }
            }
        }
    }
}

/// Issue 36 item 3: a guest forgotten at their wish: not while seated; off every list, their
/// offer on to the next, name and number gone; the books keep the amounts (HC-1.10).
#[test]
fn hc_1_10_a_forgotten_guest_leaves_the_lists_and_the_books_keep_the_amounts() {
    let (mut room, g, p) = room(MissedOffer::KeepPlace, &[2], 3);
    let t = open_one(&mut room, g[0], p[2], 0);
    let contact = ring::Contact::new("+491701234567", true, ring::Lang::En).unwrap();
    room.set_contact(p[0], Some(contact)).unwrap();
    assert_eq!(
        ring::Contact::new("+491701234567", false, ring::Lang::De),
        Err(RingError::PhoneWithoutConsent)
    );
    room.join(p[0], g[0], false, Time(0)).unwrap();
    room.join(p[1], g[0], false, Time(0)).unwrap();
    assert!(offer_of(&room, p[0]).is_some());
    assert_eq!(
        room.forget_guest(p[2], Time(1)),
        Err(RingError::Seated(p[2]))
    );
    room.forget_guest(p[0], Time(1)).unwrap();
    assert_eq!(
        offer_of(&room, p[1]).map(|o| (o.table, o.seat)),
        Some((t, 2))
    );
    assert_eq!(room.guest_name(p[0]), "");
    assert_eq!(room.guest(p[0]), Err(RingError::NoSuchGuest(p[0])));
    assert!(room.guests()[0].contact.is_none() && room.guests()[0].name.is_empty());
    assert_eq!(
        room.join(p[0], g[0], false, Time(2)),
        Err(RingError::NoSuchGuest(p[0]))
    );
    // Seated, played and gone: the statement keeps the amounts under the guest's number.
    room.cash_out(p[2], Time(3)).unwrap();
    room.forget_guest(p[2], Time(4)).unwrap();
    let closing = room.statement(t).unwrap();
    assert!(
        closing
            .lines
            .iter()
            .any(|l| l.guest == p[2] && l.brought == Chips(100))
    );
    room.balance().unwrap();
}
