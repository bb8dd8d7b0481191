//! Players coming and going: late players (HC-1.4, TDA-30), rebuys and the add-on (HC-1.1,
//! TDA-27), re-entry, late registration and alternates (TDA-8).

mod common;

use common::*;
use engine::PlayerId;
use tournament::config::{AddOn, Money, ReEntry, Rebuy, RebuyWhen};
use tournament::director::{DirectorError, Happening, Status};
use tournament::{Actor, Time, Tournament};

/// `arrived[i]` for player "P{i+1}"; started at 0.
fn with_arrivals(config: tournament::config::EventConfig, arrived: &[bool]) -> Tournament {
    let mut t = Tournament::new(config, 21).unwrap();
    for (i, &a) in arrived.iter().enumerate() {
        t.register(&format!("P{}", i + 1), a, Some(Actor::System), Time(0))
            .unwrap();
    }
    t.start(Time(0)).unwrap();
    t
}

#[test]
fn hc_1_4_a_late_player_is_dealt_in_and_removed_at_the_first_hand_of_level_3() {
    // HC template: levels 1/2 and 2/4 of 15 minutes; level 3 from 30:00. P4 never comes, P5
    // comes at 20:00.
    let mut t = with_arrivals(config("hc", "hc"), &[true, true, true, false, false]);
    let table = counts(&t)[0].0;
    let (late, comes) = (PlayerId(3), PlayerId(4));
    for m in [1, 10, 16] {
        let (start, _) = play(&mut t, table, at_minute(m), Script::Walk).unwrap();
        // TDA-30: dealt in, hand killed.
        let i = start.players.iter().position(|&p| p == late).unwrap();
        assert!(start.setup.absent[i]);
    }
    t.arrive(comes, at_minute(20)).unwrap();
    play(&mut t, table, Time(ms(29, 59)), Script::Walk).unwrap();
    assert_eq!(t.entry(late).unwrap().status, Status::Playing);
    let stack = stack_of(&t, late);
    let chips = t.chips_in_play();
    let (start, _) = play(&mut t, table, at_minute(31), Script::Walk).unwrap();
    assert_eq!(start.level, 2);
    assert!(!start.players.contains(&late));
    assert!(start.players.contains(&comes));
    assert_eq!(t.entry(late).unwrap().status, Status::Removed);
    assert_eq!(t.chips_in_play(), chips - stack);
    assert!(t.events().iter().any(|e| e.what
        == Happening::Removed {
            player: late,
            chips: stack,
            rule: engine::rule!("HC-1.4")
        }));
    // The buy-in is due in any case: 5 buy-ins of 100 in the pool.
    assert_eq!(t.prize_pool(), Money(500));
}

#[test]
fn tda_30_without_a_deadline_a_late_player_stays_dealt_in() {
    let mut c = config("hc", "tda");
    c.late_players = None;
    let mut t = with_arrivals(c, &[true, true, false]);
    let table = counts(&t)[0].0;
    let (start, _) = play(&mut t, table, at_minute(31), Script::Walk).unwrap();
    assert_eq!(start.level, 2);
    assert!(start.players.contains(&PlayerId(2)));
    assert_eq!(t.entry(PlayerId(2)).unwrap().status, Status::Playing);
}

/// The HC template with HC-1.1 rebuys and an add-on: 300 chips for 100 points each.
fn hc_rebuys() -> tournament::config::EventConfig {
    let mut c = config("hc", "hc");
    c.rebuy = Some(Rebuy {
        until_level: 4,
        when: RebuyWhen::Busted,
        stack: 300,
        price: Money(100),
        max: 0,
    });
    c.add_on = Some(AddOn {
        after_level: 4,
        stack: 300,
        price: Money(100),
    });
    c
}

#[test]
fn hc_1_1_a_rebuy_only_when_busted_until_the_first_hand_of_level_5() {
    // Levels of 15 minutes, a break 45:00-50:00: level 4 runs 50:00-65:00.
    let mut t = started(hc_rebuys(), 4, 22);
    let table = counts(&t)[0].0;
    let ids: Vec<PlayerId> = players_at(&t, table).iter().map(|s| s.1).collect();
    assert!(t.rebuy(ids[1], Actor::System, at_minute(1)).is_err());
    knock_out(&mut t, table, at_minute(1), ids[0], &ids[1..2]);
    t.rebuy(ids[1], Actor::System, at_minute(2)).unwrap();
    assert_eq!(stack_of(&t, ids[1]), 300);
    assert_eq!(t.entry(ids[1]).unwrap().status, Status::Playing);
    assert!(
        t.events()
            .iter()
            .any(|e| e.what == Happening::Rebuy { player: ids[1] })
    );
    // HC-1.1: a rebuy is worth the buy-in's points: 4 x 100 + 100.
    assert_eq!(t.prize_pool(), Money(500));
    // Busted in the last hand of level 4: the rebuy is open until level 5's first hand.
    knock_out(&mut t, table, at_minute(64), ids[0], &ids[2..3]);
    t.rebuy(ids[2], Actor::System, at_minute(66)).unwrap();
    knock_out(&mut t, table, at_minute(67), ids[0], &ids[2..3]);
    assert!(matches!(
        t.rebuy(ids[2], Actor::System, at_minute(68)),
        Err(DirectorError::Closed { .. })
    ));
}

#[test]
fn hc_1_1_the_add_on_at_the_end_of_level_4_before_the_first_hand_of_level_5() {
    let mut t = started(hc_rebuys(), 4, 23);
    let table = counts(&t)[0].0;
    let ids: Vec<PlayerId> = players_at(&t, table).iter().map(|s| s.1).collect();
    play(&mut t, table, at_minute(60), Script::Walk).unwrap();
    // During level 4 it is not the end of it.
    assert!(t.add_on(ids[0], Actor::System, at_minute(61)).is_err());
    let before = stack_of(&t, ids[0]);
    t.add_on(ids[0], Actor::System, Time(ms(65, 10))).unwrap();
    assert_eq!(stack_of(&t, ids[0]), before + 300);
    // Once each.
    assert!(t.add_on(ids[0], Actor::System, Time(ms(65, 20))).is_err());
    let (start, _) = play(&mut t, table, Time(ms(65, 30)), Script::Walk).unwrap();
    assert_eq!(start.level, 4);
    assert!(t.add_on(ids[1], Actor::System, at_minute(66)).is_err());
    assert_eq!(t.prize_pool(), Money(500));
}

#[test]
fn tda_27_a_rebuy_at_or_below_the_start_stack_before_a_hand() {
    // Turbo: 5,000 chips, rebuys of 5,000 for 2,000 at or below 5,000, at most 2.
    let mut t = started(config("turbo", "tda"), 3, 24);
    let table = counts(&t)[0].0;
    let ids: Vec<PlayerId> = players_at(&t, table).iter().map(|s| s.1).collect();
    t.rebuy(ids[0], Actor::System, at_minute(1)).unwrap();
    assert_eq!(stack_of(&t, ids[0]), 10_000);
    // Now above the start stack.
    assert!(t.rebuy(ids[0], Actor::System, at_minute(1)).is_err());
    // Not during a hand.
    let mut start = t.next_hand(table, at_minute(2)).unwrap();
    assert!(t.rebuy(ids[1], Actor::System, at_minute(2)).is_err());
    let hand = play_start(&mut start, Script::Walk);
    t.finish_hand(table, &hand, at_minute(2)).unwrap();
    let chips = t.chips_in_play();
    let p = ids[1..]
        .iter()
        .copied()
        .find(|&p| stack_of(&t, p) <= 5000)
        .unwrap();
    t.rebuy(p, Actor::System, at_minute(3)).unwrap();
    assert_eq!(t.chips_in_play(), chips + 5000);
}

/// The deep stack without its big-blind ante, so that equal stacks all in bust the loser.
fn deepstack() -> tournament::config::EventConfig {
    let mut c = config("deepstack", "tda");
    for level in &mut c.levels {
        level.big_blind_ante = 0;
    }
    c
}

#[test]
fn tda_8_re_entry_is_a_new_entry_with_a_full_stack_for_a_busted_player_only() {
    // Deep stack: re-entry through level 6, two entries each.
    let mut seats = std::collections::HashSet::new();
    for seed in 0..8 {
        let mut t = started(deepstack(), 4, seed);
        let table = counts(&t)[0].0;
        let ids: Vec<PlayerId> = players_at(&t, table).iter().map(|s| s.1).collect();
        assert!(t.re_enter(ids[1], Actor::System, at_minute(1)).is_err());
        knock_out(&mut t, table, at_minute(1), ids[0], &ids[1..2]);
        let new = t.re_enter(ids[1], Actor::System, at_minute(2)).unwrap();
        assert_ne!(new, ids[1]);
        let e = t.entry(new).unwrap();
        assert_eq!(
            (e.entry_number, e.name.as_str()),
            (2, t.entry(ids[1]).unwrap().name.as_str())
        );
        assert_eq!(stack_of(&t, new), 40_000);
        assert_eq!(t.prize_pool(), Money(5 * 50_000));
        seats.insert(seat_of(&t, new));
        // Two entries at most.
        knock_out(&mut t, table, at_minute(3), ids[0], &[new]);
        assert!(t.re_enter(new, Actor::System, at_minute(4)).is_err());
    }
    // TDA-8A: the seat is drawn, not given back.
    assert!(seats.len() > 1, "{seats:?}");
}

#[test]
fn tda_8_re_entry_and_late_registration_close_after_their_level() {
    let mut c = deepstack();
    c.re_entry = Some(ReEntry {
        until_level: 1,
        max_entries: 0,
        surrender: false,
    });
    c.registration.late_until_level = 1;
    let mut t = started(c, 3, 25);
    let table = counts(&t)[0].0;
    let ids: Vec<PlayerId> = players_at(&t, table).iter().map(|s| s.1).collect();
    // Level 1 runs 40 minutes.
    let late = t
        .register("Late", true, Some(Actor::System), at_minute(39))
        .unwrap();
    assert_eq!(stack_of(&t, late), 40_000);
    knock_out(&mut t, table, at_minute(39), ids[0], &ids[1..2]);
    assert!(matches!(
        t.register("Later", true, Some(Actor::System), at_minute(41)),
        Err(DirectorError::Closed { .. })
    ));
    assert!(matches!(
        t.re_enter(ids[1], Actor::System, at_minute(41)),
        Err(DirectorError::Closed { .. })
    ));
}

#[test]
fn tda_8a_alternates_take_a_seat_with_a_full_stack_when_one_opens() {
    let mut c = deepstack();
    c.registration.max_entrants = 3;
    c.re_entry = None;
    let mut t = Tournament::new(c, 26).unwrap();
    for name in ["A", "B", "C", "D"] {
        t.register(name, true, Some(Actor::System), Time(0))
            .unwrap();
    }
    let d = PlayerId(3);
    assert_eq!(t.entry(d).unwrap().status, Status::Alternate);
    t.start(Time(0)).unwrap();
    assert_eq!(t.alive(), 3);
    let table = counts(&t)[0].0;
    let ids: Vec<PlayerId> = players_at(&t, table).iter().map(|s| s.1).collect();
    knock_out(&mut t, table, at_minute(1), ids[0], &ids[1..2]);
    assert_eq!(t.entry(d).unwrap().status, Status::Playing);
    assert_eq!(stack_of(&t, d), 40_000);
    assert_eq!(t.alive(), 3);
}

/// TDA-8A: a player who registers themselves is logged as that player, not as the director; one
/// the TD registers is logged as the TD.
#[test]
fn tda_8a_a_players_own_registration_is_logged_as_theirs() {
    let mut t = Tournament::new(config("hc", "hc"), 3).unwrap();
    let own = t.register("Self", true, None, Time(0)).unwrap();
    let other = t.register("Desk", true, Some(Actor::Td), Time(0)).unwrap();
    let by = |p: PlayerId| {
        t.events()
            .iter()
            .find(|e| matches!(e.what, Happening::Registered { player, .. } if player == p))
            .map(|e| e.by)
    };
    assert_eq!(by(own), Some(Actor::Player(own)));
    assert_eq!(by(other), Some(Actor::Td));
}

/// Issue 33 item 2: an entry, rebuy or add-on the event's books could not count (the money
/// paid in, the prize pool, the bounties, the chips handed out) is refused and changes
/// nothing. Amounts are at most the ceiling, so it takes thousands of entries: alternates here,
/// counted as paid.
#[test]
fn issue_33_entries_rebuys_and_add_ons_the_books_cannot_count_are_refused() {
    use tournament::config::BuyIn;
    use tournament::director::Refused;
    let max = Money::MAX_AMOUNT;
    let mut c = config("turbo", "tda");
    c.buy_in = BuyIn {
        prize: max,
        fee: Money(0),
        bounty: max,
    };
    c.rebuy.as_mut().unwrap().price = max;
    c.add_on.as_mut().unwrap().price = max;
    c.registration.max_entrants = 3;
    let mut t = Tournament::new(c, 33).unwrap();
    let fits = u64::MAX / (2 * max.0);
    for i in 0..fits {
        t.register(&format!("P{}", i + 1), true, Some(Actor::System), Time(0))
            .unwrap();
    }
    let books_full = |r: Result<(), DirectorError>| {
        matches!(r, Err(DirectorError::Refused(Refused::BooksFull { .. })))
    };
    let events = t.events().len();
    assert!(books_full(
        t.register("One too many", true, Some(Actor::System), Time(0))
            .map(drop)
    ));
    assert_eq!(t.entries().len() as u64, fits);
    assert_eq!(t.events().len(), events, "a refusal changes nothing");
    t.start(Time(0)).unwrap();
    assert_eq!(t.prize_pool(), Money(3 * max.0));
    let table = counts(&t)[0].0;
    let ids: Vec<PlayerId> = players_at(&t, table).iter().map(|s| s.1).collect();
    let (chips, stack) = (t.chips_in_play(), stack_of(&t, ids[0]));
    // TDA-27: at the starting stack before a hand, a rebuy; the books have no room for it.
    // The add-on after level 3 and its break, before level 4's first hand, neither.
    for (minute, add_on) in [(1, false), (24, true)] {
        t.tick(at_minute(minute)).unwrap();
        let events = t.events().len();
        let r = match add_on {
            false => t.rebuy(ids[0], Actor::System, at_minute(minute)),
            true => t.add_on(ids[0], Actor::System, at_minute(minute)),
        };
        assert!(books_full(r), "add-on {add_on}");
        assert_eq!(t.events().len(), events, "a refusal changes nothing");
    }
    assert_eq!(t.chips_in_play(), chips);
    assert_eq!(stack_of(&t, ids[0]), stack);
    assert_eq!(t.entry(ids[0]).unwrap().rebuys, 0);
    assert_eq!(t.entry(ids[0]).unwrap().add_ons, 0);
    assert_eq!(t.prize_pool(), Money(3 * max.0));
}

/// Issue 33 item 7 (TDA-8A): a player's own registration for a live event reserves a seat; it
/// is not in the field, the prize pool or the draw until the desk takes the buy-in, once.
#[test]
fn tda_8a_a_reserved_seat_counts_once_the_desk_takes_the_buy_in() {
    let mut t = Tournament::new(live("deepstack", "tda"), 5).unwrap();
    for i in 0..6 {
        t.register(&format!("Paid {i}"), true, Some(Actor::Td), Time(0))
            .unwrap();
    }
    let pool = t.prize_pool();
    let reserved: Vec<PlayerId> = (0..60)
        .map(|i| t.reserve(&format!("Guest {i}"), Time(0)).unwrap())
        .collect();
    assert_eq!(t.prize_pool(), pool, "reservations are no entries");
    assert_eq!(t.entry(reserved[0]).unwrap().status, Status::Reserved);
    t.take_buy_in(reserved[0], Actor::Td, Time(0)).unwrap();
    assert_eq!(t.entry(reserved[0]).unwrap().status, Status::Registered);
    assert!(t.prize_pool() > pool, "a paid entry is in the pool");
    let once = t.take_buy_in(reserved[0], Actor::Td, Time(0));
    assert!(
        matches!(once, Err(DirectorError::Refused(_))),
        "the buy-in is taken once: {once:?}"
    );
    t.start(Time(0)).unwrap();
    let seated = |t: &Tournament, p: PlayerId| t.entry(p).unwrap().seat.is_some();
    assert!(seated(&t, reserved[0]), "the paid entry is drawn");
    assert!(!seated(&t, reserved[1]), "a reservation is not drawn");
    assert_eq!(t.entry(reserved[1]).unwrap().status, Status::Reserved);
    // Paid during late registration: seated at once (TDA-8A).
    t.take_buy_in(reserved[1], Actor::Td, Time(1)).unwrap();
    assert!(seated(&t, reserved[1]));
    assert_eq!(t.entry(reserved[1]).unwrap().status, Status::Playing);
}

/// TDA-8B: where the event lets a player give up their chips for a new stack, the chips given
/// up leave play; elsewhere only a busted player re-enters.
#[test]
fn tda_8b_chips_given_up_for_a_re_entry_leave_play() {
    for surrender in [false, true] {
        let mut c = deepstack();
        c.re_entry = Some(ReEntry {
            until_level: 6,
            max_entries: 0,
            surrender,
        });
        let mut t = started(c, 6, 27);
        let table = counts(&t)[0].0;
        let player = players_at(&t, table)[0].1;
        let in_play = t.chips_in_play();
        let stack = stack_of(&t, player);
        let result = t.re_enter(player, Actor::System, at_minute(5));
        if !surrender {
            assert!(
                matches!(
                    result,
                    Err(DirectorError::Refused(
                        tournament::Refused::ReEntryWithChips { .. }
                    ))
                ),
                "{result:?}"
            );
            assert_eq!(t.chips_in_play(), in_play, "a refusal changes nothing");
            continue;
        }
        let new = result.unwrap();
        assert_eq!(t.entry(player).unwrap().status, Status::Removed);
        assert!(t.events().iter().any(|e| e.what
            == Happening::Removed {
                player,
                chips: stack,
                rule: engine::rule!("TDA-8B")
            }));
        // The old chips left, a full new stack came in.
        assert_eq!(t.chips_in_play(), in_play - stack + stack_of(&t, new));
        assert_eq!(t.entry(new).unwrap().status, Status::Playing);
    }
}

/// TDA-9: players with special needs are accommodated in the seat draw where possible: they
/// draw first, so the first table (the room's most accessible) takes them.
#[test]
fn tda_9_special_needs_are_seated_at_the_first_table() {
    for seed in 0..20 {
        let mut c = deepstack();
        c.table_size = 6;
        let mut t = Tournament::new(c, seed).unwrap();
        let ids: Vec<PlayerId> = (0..12)
            .map(|i| {
                t.register(&format!("P{i}"), true, Some(Actor::System), Time(0))
                    .unwrap()
            })
            .collect();
        let (a, b) = (ids[7], ids[11]);
        t.accommodate(a, true, Actor::System, Time(0)).unwrap();
        t.accommodate(b, true, Actor::System, Time(0)).unwrap();
        // Set and taken back: drawn like everyone else.
        t.accommodate(ids[3], true, Actor::System, Time(0)).unwrap();
        t.accommodate(ids[3], false, Actor::System, Time(0))
            .unwrap();
        t.start(Time(0)).unwrap();
        let first = tournament::TableId(0);
        assert_eq!(seat_of(&t, a).0, first, "seed {seed}");
        assert_eq!(seat_of(&t, b).0, first, "seed {seed}");
        assert!(t.events().iter().any(|e| e.what
            == Happening::Accommodated {
                player: a,
                on: true
            }));
    }
}

/// HC-1 lists spread limit: a tournament of it bets from the big blind to each level's
/// `spread_max` (HC-3.4.1).
#[test]
fn hc_3_4_1_a_spread_limit_tournament_deals_its_levels_spread() {
    let mut c = config("deepstack", "hc");
    c.structure = tournament::config::StructureName::SpreadLimit;
    for level in &mut c.levels {
        level.spread_max = Some(level.big_blind * 5);
    }
    let mut t = started(c, 6, 28);
    let table = counts(&t)[0].0;
    let start = t.next_hand(table, Time(0)).unwrap();
    let big_blind = start.setup.blinds.iter().copied().max().unwrap();
    assert_eq!(
        start.setup.variant.structure,
        engine::Structure::SpreadLimit {
            min_bet: big_blind,
            max_bet: engine::Chips(big_blind.0 * 5)
        }
    );
}
