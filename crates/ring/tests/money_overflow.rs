//! Issue 33 item 2: the cash books could overflow. A game took any buy-in limit, and the books
//! added buy-ins with a plain `+`, so that two buy-ins of 2^63 wrapped them in a release build:
//! the statement said a guest brought 0, and after a cash-out the books no longer balanced.
//! Now a game's amounts are at most `Chips::MAX_AMOUNT`, money enters the books through checked
//! additions, and an amount that does not fit is a refusal that changes nothing.

use engine::{Chips, RulebookId, Variant};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use ring::{
    Amount, BuyInLimits, CashTableId, Entering, Game, GameId, GuestId, Rake, RingError, Room,
    RoomConfig, Stakes, TableMode, Time,
};

const P: Entering = Entering::Post;
const MAX: u64 = Chips::MAX_AMOUNT.0;
const MIN: u64 = 60_000;

fn game(stakes: (u64, u64), buy_in: (u64, u64), rake: Rake) -> Game {
    Game {
        name: "NLHE".into(),
        variant: Variant::NO_LIMIT_HOLDEM,
        stakes: Stakes {
            small_blind: Chips(stakes.0),
            big_blind: Chips(stakes.1),
        },
        seats: 4,
        buy_in: BuyInLimits {
            min: Chips(buy_in.0),
            max: Chips(buy_in.1),
        },
        profile: RulebookId::Hc,
        rake,
    }
}

/// A refused operation changes nothing, and the books balance after it.
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
    books_hold(room);
    e
}

/// What the books keep at every moment: bought in = at the tables + frozen + cashed out + rake
/// (HC-1.10), and each table's statement: brought = took + its rake + the chips at it now.
fn books_hold(room: &Room) {
    room.balance().unwrap_or_else(|e| panic!("{e}"));
    for t in room.tables() {
        let s = room.statement(t.id).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            u128::from(s.brought.0),
            u128::from(s.took.0) + u128::from(s.rake.0) + u128::from(t.chips().0),
            "table {:?}: brought = took + rake + at the table ({s:?})",
            t.id
        );
        for line in &s.lines {
            assert!(
                line.brought > Chips(0) || line.took == Chips(0),
                "a guest who took chips brought some: {line:?}"
            );
        }
    }
    for g in room.games() {
        for amount in [
            g.stakes.small_blind,
            g.stakes.big_blind,
            g.buy_in.min,
            g.buy_in.max,
        ] {
            assert!(amount <= Chips::MAX_AMOUNT, "{g:?}");
        }
    }
}

/// The amounts a probe tries: nothing, one, the ceiling and just above it, 2^63, the most a
/// u64 holds, and random ones, small and large.
fn extreme(rng: &mut ChaCha8Rng) -> u64 {
    const FIXED: [u64; 11] = [
        0,
        1,
        2,
        100,
        MAX - 1,
        MAX,
        MAX + 1,
        1 << 62,
        1 << 63,
        u64::MAX - 1,
        u64::MAX,
    ];
    match rng.next_u64() % 14 {
        k @ 0..11 => FIXED[k as usize],
        11 => rng.next_u64(),
        12 => rng.next_u64() % (MAX + 2),
        _ => rng.next_u64() % 1_000,
    }
}

/// Half the time an amount the game takes, from `lo` to `hi`; otherwise an extreme one.
fn amount(rng: &mut ChaCha8Rng, lo: Chips, hi: Chips) -> Chips {
    if rng.next_u64().is_multiple_of(2) && lo <= hi {
        Chips(lo.0 + rng.next_u64() % (hi.0 - lo.0).saturating_add(1).max(1))
    } else {
        Chips(extreme(rng))
    }
}

fn pick<T: Copy>(rng: &mut ChaCha8Rng, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[(rng.next_u64() % items.len() as u64) as usize])
}

/// Issue 33 item 2, the probe's case: a game with a buy-in of 2^63 is refused, naming the
/// amount; at the ceiling, a buy-in of 2^63 is outside the limits, and two buy-ins at the
/// ceiling show on the statement as what the guest brought.
#[test]
fn issue_33_two_buy_ins_of_2_pow_63_do_not_wrap_the_books() {
    let mut room = Room::new(RoomConfig::default());
    let huge = game((1, 2), (40, 1 << 63), Rake::Off);
    let e = refused(&mut room, |r| r.add_game(huge));
    assert_eq!(
        e,
        RingError::AmountTooLarge {
            what: Amount::MaxBuyIn,
            amount: Chips(1 << 63),
            max: Chips::MAX_AMOUNT,
        }
    );
    assert!(e.to_string().contains("maximum buy-in"), "{e}");
    let g = room.add_game(game((1, 2), (40, MAX), Rake::Off)).unwrap();
    let anna = room.add_guest("Anna").unwrap();
    let ben = room.add_guest("Ben").unwrap();
    let t = room
        .open_table(g, TableMode::ListKeeper, "Keeper", "", None, Time(0))
        .unwrap();
    for (seat, guest) in [(1, anna), (2, ben)] {
        let e = refused(&mut room, |r| {
            r.seat_at_desk(guest, t, seat, Chips(1 << 63), P, Time(0))
        });
        assert!(matches!(e, RingError::BuyInOutsideLimits { .. }), "{e}");
    }
    // Anna brings the most a game takes, twice: once at the desk, once more after a cash-out.
    room.seat_at_desk(anna, t, 1, Chips::MAX_AMOUNT, P, Time(0))
        .unwrap();
    assert_eq!(room.cash_out(anna, Time(1)).unwrap(), Chips::MAX_AMOUNT);
    room.seat_at_desk(anna, t, 1, Chips::MAX_AMOUNT, P, Time(2))
        .unwrap();
    let e = refused(&mut room, |r| r.top_up(anna, Chips(1 << 63)));
    assert!(matches!(e, RingError::TopUpAboveMaximum { .. }), "{e}");
    assert_eq!(room.cash_out(anna, Time(3)).unwrap(), Chips::MAX_AMOUNT);
    books_hold(&room);
    let s = room.statement(t).unwrap();
    assert_eq!(s.lines.len(), 1);
    assert_eq!(s.lines[0].brought, Chips(2 * MAX), "what Anna brought");
    assert_eq!(s.lines[0].took, Chips(2 * MAX));
    assert_eq!(room.books().bought_in, Chips(2 * MAX));
    assert_eq!(room.books().cashed_out, Chips(2 * MAX));
}

/// Issue 33 item 2: every amount a game is set up with is at most the ceiling, each refusal
/// naming the amount.
#[test]
fn issue_33_a_games_amounts_are_at_most_the_ceiling() {
    let over = MAX + 1;
    let cases = [
        (
            game((over, over), (over, over), Rake::Off),
            Amount::SmallBlind,
        ),
        (game((1, over), (over, over), Rake::Off), Amount::BigBlind),
        (game((1, 2), (over, over), Rake::Off), Amount::MinBuyIn),
        (game((1, 2), (40, u64::MAX), Rake::Off), Amount::MaxBuyIn),
        (
            game(
                (1, 2),
                (40, 200),
                Rake::PerHand {
                    percent: 5,
                    cap: Chips(over),
                },
            ),
            Amount::RakeCap,
        ),
        (
            game(
                (1, 2),
                (40, 200),
                Rake::PerHalfHour {
                    per_seat: Chips(u64::MAX),
                },
            ),
            Amount::TimeCharge,
        ),
    ];
    let mut room = Room::new(RoomConfig::default());
    for (g, what) in cases {
        let e = refused(&mut room, |r| r.add_game(g));
        assert!(
            matches!(e, RingError::AmountTooLarge { what: w, max, .. } if w == what && max == Chips::MAX_AMOUNT),
            "{e}"
        );
    }
    // At the ceiling, every amount is taken.
    room.add_game(game(
        (MAX, MAX),
        (MAX, MAX),
        Rake::PerHand {
            percent: 99,
            cap: Chips::MAX_AMOUNT,
        },
    ))
    .unwrap();
    room.add_game(game(
        (1, 2),
        (40, MAX),
        Rake::PerHalfHour {
            per_seat: Chips::MAX_AMOUNT,
        },
    ))
    .unwrap();
}

/// Issue 33 item 2: buy-ins at the ceiling, again and again, fill the books up to what a u64
/// holds; the buy-in, the seat offer taken and the top-up that would pass it are refused and
/// change nothing, and the books still balance.
#[test]
fn issue_33_the_books_refuse_what_they_cannot_count() {
    let mut room = Room::new(RoomConfig::default());
    let g = room.add_game(game((1, 2), (2, MAX), Rake::Off)).unwrap();
    let anna = room.add_guest("Anna").unwrap();
    let ben = room.add_guest("Ben").unwrap();
    let t = room
        .open_table(g, TableMode::ListKeeper, "Keeper", "", None, Time(0))
        .unwrap();
    let fits = u64::MAX / MAX;
    for k in 0..fits {
        room.seat_at_desk(anna, t, 1, Chips::MAX_AMOUNT, P, Time(k))
            .unwrap();
        room.cash_out(anna, Time(k)).unwrap();
    }
    let total = Chips(fits * MAX);
    assert_eq!(room.books().bought_in, total);
    let e = refused(&mut room, |r| {
        r.seat_at_desk(anna, t, 1, Chips::MAX_AMOUNT, P, Time(fits))
    });
    assert_eq!(
        e,
        RingError::BooksFull {
            amount: Chips::MAX_AMOUNT,
            total,
        }
    );
    // What still fits is taken; a top-up beyond it is refused.
    let room_left = u64::MAX - total.0;
    room.seat_at_desk(anna, t, 1, Chips(room_left - 10), P, Time(fits))
        .unwrap();
    let e = refused(&mut room, |r| r.top_up(anna, Chips(11)));
    assert!(matches!(e, RingError::BooksFull { .. }), "{e}");
    room.top_up(anna, Chips(10)).unwrap();
    assert_eq!(room.books().bought_in, Chips(u64::MAX));
    // A seat offer taken with a buy-in is refused the same way.
    room.join(ben, g, false, Time(fits)).unwrap();
    let e = refused(&mut room, |r| r.accept(ben, Chips(2), P, Time(fits)));
    assert!(matches!(e, RingError::BooksFull { .. }), "{e}");
    assert_eq!(room.cash_out(anna, Time(fits)).unwrap(), Chips(room_left));
    books_hold(&room);
    let s = room.statement(t).unwrap();
    assert_eq!((s.brought, s.took), (Chips(u64::MAX), Chips(u64::MAX)));
}

/// Issue 33 item 2, the property: extreme amounts (0, 1, the ceiling and one above it, 2^63,
/// `u64::MAX`, random ones) fed to every money command of the room, in any order: games set
/// up, buy-ins at the desk and on a seat offer, top-ups, hands settled with any stacks, pot and
/// winnings, time charges, frozen stacks, cash-outs and closings. After each command the books
/// balance and every table's statement adds up; a refused command changes nothing.
#[test]
fn issue_33_extreme_amounts_never_unbalance_the_books() {
    for seed in 0..24u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(0x33_0002 + seed);
        let mut room = Room::new(RoomConfig::default());
        // Games at the ceiling to start with: a rake per hand and a time charge.
        let mut games: Vec<GameId> = vec![
            room.add_game(game(
                (1, 2),
                (2, MAX),
                Rake::PerHand {
                    percent: 10,
                    cap: Chips::MAX_AMOUNT,
                },
            ))
            .unwrap(),
            room.add_game(game(
                (1, 2),
                (1_000, MAX),
                Rake::PerHalfHour {
                    per_seat: Chips::MAX_AMOUNT,
                },
            ))
            .unwrap(),
        ];
        let guests: Vec<GuestId> = (0..8)
            .map(|i| room.add_guest(&format!("G{i}")).unwrap())
            .collect();
        let (mut done, mut refusals) = (0u32, 0u32);
        let mut now = 0u64;
        for step in 0..1_500u32 {
            // Mostly seconds apart (offers stand two minutes), now and then a long while.
            now += rng.next_u64()
                % if rng.next_u64().is_multiple_of(4) {
                    40 * MIN
                } else {
                    MIN
                };
            let at = Time(now);
            room.take_events();
            let g = pick(&mut rng, &guests).unwrap();
            let tables: Vec<CashTableId> = room
                .tables()
                .iter()
                .filter(|t| t.is_open())
                .map(|t| t.id)
                .collect();
            let limits = |room: &Room, t: CashTableId| {
                room.game(room.table(t).unwrap().game).unwrap().buy_in
            };
            let before = format!("{room:?}");
            let result: Result<(), RingError> = match rng.next_u64() % 13 {
                0 => {
                    let (sb, bb) = (extreme(&mut rng), extreme(&mut rng));
                    let (min, max) = (extreme(&mut rng), extreme(&mut rng));
                    let rake = match rng.next_u64() % 3 {
                        0 => Rake::Off,
                        1 => Rake::PerHand {
                            percent: (rng.next_u64() % 100) as u8,
                            cap: Chips(extreme(&mut rng)),
                        },
                        _ => Rake::PerHalfHour {
                            per_seat: Chips(extreme(&mut rng)),
                        },
                    };
                    let proposed =
                        game((sb.min(bb), sb.max(bb)), (min.min(max), min.max(max)), rake);
                    let over = [sb, bb, min, max].iter().any(|&a| a > MAX)
                        || matches!(rake, Rake::PerHand { cap, .. } if cap.0 > MAX)
                        || matches!(rake, Rake::PerHalfHour { per_seat } if per_seat.0 > MAX);
                    let r = room.add_game(proposed).map(|id| games.push(id));
                    if over {
                        assert!(
                            matches!(r, Err(RingError::AmountTooLarge { .. })),
                            "step {step}: an amount above the ceiling: {r:?}"
                        );
                    }
                    r
                }
                1 if tables.len() < 4 => {
                    let which = pick(&mut rng, &games).unwrap();
                    room.open_table(which, TableMode::ListKeeper, "Keeper", "", None, at)
                        .map(drop)
                }
                1 | 2 => match pick(&mut rng, &tables) {
                    Some(t) => {
                        let seat = 1 + (rng.next_u64() % 4) as u8;
                        let BuyInLimits { min, max } = limits(&room, t);
                        let buy_in = amount(&mut rng, min, max);
                        room.seat_at_desk(g, t, seat, buy_in, P, at)
                    }
                    None => Ok(()),
                },
                3 => {
                    let which = pick(&mut rng, &games).unwrap();
                    room.join(g, which, false, at)
                }
                4 => {
                    let offered: Vec<GuestId> = room.offers().iter().map(|o| o.guest).collect();
                    let g = pick(&mut rng, &offered).unwrap_or(g);
                    let buy_in = match room.offers().iter().find(|o| o.guest == g) {
                        Some(o) => {
                            let BuyInLimits { min, max } = limits(&room, o.table);
                            amount(&mut rng, min, max)
                        }
                        None => Chips(extreme(&mut rng)),
                    };
                    room.accept(g, buy_in, P, at)
                }
                5 => {
                    let to_max = match room.seat_of(g) {
                        Some((t, seat)) => {
                            let chips = room.table(t).unwrap().seats[usize::from(seat - 1)]
                                .map_or(Chips(0), |s| s.chips);
                            limits(&room, t).max.saturating_sub(chips)
                        }
                        None => Chips(0),
                    };
                    room.top_up(g, amount(&mut rng, Chips(1), to_max))
                }
                6 => room.cash_out(g, at).map(drop),
                7 => match pick(&mut rng, &tables) {
                    Some(t) if room.table(t).unwrap().hand_running => {
                        settle(&mut room, &mut rng, t, at)
                    }
                    Some(t) => room.start_hand(t, None).map(drop),
                    None => Ok(()),
                },
                8 => match pick(&mut rng, &tables) {
                    Some(t) => room.charge_time(t, at).map(drop),
                    None => Ok(()),
                },
                9 if rng.next_u64().is_multiple_of(2) => {
                    room.set_away(g, !rng.next_u64().is_multiple_of(3), P, at)
                }
                9 => room.free_away_seat(g, rng.next_u64().is_multiple_of(2), at),
                10 => match pick(&mut rng, &tables) {
                    Some(t) => room.unfreeze(g, t, 1 + (rng.next_u64() % 4) as u8, at),
                    None => Ok(()),
                },
                11 => match pick(&mut rng, &tables) {
                    Some(t) => room.close_table(t, at).map(drop),
                    None => Ok(()),
                },
                _ => {
                    room.tick(at);
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
                        "seed {seed} step {step}: a refusal changed the room: {e}"
                    );
                }
            }
            books_hold(&room);
        }
        assert!(
            done > 200 && refusals > 200,
            "seed {seed}: {done} done, {refusals} refused"
        );
    }
}

/// A hand at `t` is over: stacks that add up with the rake of a pot of any size, or, now and
/// then, stacks of any size that do not; or winnings the rake is taken from.
fn settle(
    room: &mut Room,
    rng: &mut ChaCha8Rng,
    t: CashTableId,
    at: Time,
) -> Result<(), RingError> {
    let table = room.table(t).unwrap();
    let dealt: Vec<(GuestId, Chips)> = table
        .seats
        .iter()
        .flatten()
        .filter(|s| s.in_hand)
        .map(|s| (s.guest, s.chips))
        .collect();
    let pot = Chips(extreme(rng));
    let rake = room.game(table.game).unwrap().rake_of(pot);
    let total: u128 = dealt.iter().map(|d| u128::from(d.1.0)).sum();
    let winner = (rng.next_u64() % dealt.len().max(1) as u64) as usize;
    match rng.next_u64() % 4 {
        // Everything to one player, less the rake.
        0 | 1 => {
            let left = total.saturating_sub(u128::from(rake.0));
            let stacks: Vec<(GuestId, Chips)> = (dealt.iter().enumerate())
                .map(|(i, d)| {
                    let chips = if i == winner { left } else { 0 };
                    (d.0, Chips(u64::try_from(chips).unwrap_or(u64::MAX)))
                })
                .collect();
            room.hand_settled(t, &stacks, pot, at)
        }
        // Stacks of any size.
        2 => {
            let stacks: Vec<(GuestId, Chips)> =
                dealt.iter().map(|d| (d.0, Chips(extreme(rng)))).collect();
            room.hand_settled(t, &stacks, pot, at)
        }
        // What each won, of any size: the rake comes off the winnings.
        _ => {
            let results: Vec<(GuestId, Chips, Chips)> = dealt
                .iter()
                .map(|d| (d.0, d.1, Chips(extreme(rng))))
                .collect();
            room.settle_hand(t, &results, pot, at).map(drop)
        }
    }
}
