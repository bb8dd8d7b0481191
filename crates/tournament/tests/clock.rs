//! The director's clock: new levels from the next hand (TDA-23, HC-1.5), breaks, the director's
//! pause, colour-ups by chip race (TDA-24, HC-3.7) and hand-for-hand (TDA-RP-8).

mod common;

use common::*;
use engine::PlayerId;
use tournament::clock::Phase;
use tournament::director::{DirectorError, HandStart, Happening, TdAction, Wait};
use tournament::{Actor, TableId, Time};

fn big_blind(start: &HandStart) -> u64 {
    start
        .setup
        .blinds
        .iter()
        .map(|c| c.0)
        .max()
        .expect("blinds")
}

fn remaining(t: &tournament::Tournament, now: Time) -> u64 {
    t.clock().remaining(now)
}

/// TDA-23, HC-1.13.1: a hand has begun once its blinds are in; it keeps its blinds when the
/// level ends during it, and the new level applies from the next hand.
#[test]
fn tda_23_hc_1_5_a_new_level_applies_from_the_next_hand() {
    // HC template: level 1 is 1/2, level 2 is 2/4, 15 minutes each.
    let mut t = started(config("hc", "hc"), 3, 1);
    let table = counts(&t)[0].0;
    let mut start = t.next_hand(table, Time(ms(14, 59))).unwrap();
    assert_eq!((start.level, big_blind(&start)), (0, 2));
    let hand = play_start(&mut start, Script::Walk);
    // The clock reaches 0 during the hand: the hand keeps its blinds and is accepted.
    t.tick(at_minute(15)).unwrap();
    assert!(
        t.events()
            .iter()
            .any(|e| e.what == Happening::LevelStarted { level: 1 })
    );
    t.finish_hand(table, &hand, Time(ms(15, 30))).unwrap();
    // The next hand is played at the new level.
    let (start, _) = play(&mut t, table, Time(ms(15, 30)), Script::Walk).unwrap();
    assert_eq!((start.level, big_blind(&start)), (1, 4));
}

#[test]
fn breaks_start_no_hand_and_the_next_level_follows_them() {
    // HC template: levels of 15 minutes, a 5-minute break after level 3 (45:00 to 50:00).
    let mut t = started(config("hc", "hc"), 3, 2);
    let table = counts(&t)[0].0;
    t.tick(Time(ms(45, 0))).unwrap();
    assert_eq!(t.clock().phase(), Phase::Break { after_level: 3 });
    assert_eq!(t.may_start(table), Err(Wait::Break));
    assert!(matches!(
        t.next_hand(table, Time(ms(49, 59))),
        Err(DirectorError::Wait(_, Wait::Break))
    ));
    // Level 4 (5/10) after the break.
    let (start, _) = play(&mut t, table, at_minute(50), Script::Walk).unwrap();
    assert_eq!((start.level, big_blind(&start)), (3, 10));
}

#[test]
fn hc_1_5_a_director_pause_stops_the_clock_and_every_table() {
    let mut t = started(config("hc", "hc"), 3, 3);
    let table = counts(&t)[0].0;
    let pause = t.act(Actor::Td, TdAction::Pause, at_minute(5)).unwrap();
    let by_anna = |e: &tournament::director::DirectorEvent| e.by == Actor::Td;
    assert!(t.events().iter().any(|e| by_anna(e)
        && e.what
            == Happening::Action {
                id: pause,
                action: TdAction::Pause
            }));
    assert!(t.act(Actor::Td, TdAction::Pause, at_minute(6)).is_err());
    // Stopped: 10 minutes left however long the pause, and no hand starts.
    assert_eq!(remaining(&t, at_minute(20)), 10 * MINUTE);
    assert_eq!(t.may_start(table), Err(Wait::Paused));
    assert!(matches!(
        t.next_hand(table, at_minute(20)),
        Err(DirectorError::Wait(_, Wait::Paused))
    ));
    t.act(Actor::Td, TdAction::Resume, at_minute(20)).unwrap();
    assert!(t.act(Actor::Td, TdAction::Resume, at_minute(21)).is_err());
    t.tick(Time(ms(29, 59))).unwrap();
    assert_eq!(t.clock().phase(), Phase::Level(0));
    t.tick(at_minute(30)).unwrap();
    assert_eq!(t.clock().phase(), Phase::Level(1));
    assert!(play(&mut t, table, at_minute(30), Script::Walk).is_ok());
    // Undoing a pause starts the clock again from where it stood: 14 minutes at 31:00.
    let pause = t.act(Actor::Td, TdAction::Pause, at_minute(31)).unwrap();
    t.undo(Actor::Td, pause, at_minute(33)).unwrap();
    assert_eq!(remaining(&t, at_minute(35)), 12 * MINUTE);
    assert!(
        t.events()
            .iter()
            .any(|e| e.by == Actor::Td && e.what == Happening::Undone { id: pause })
    );
}

#[test]
fn tda_24_hc_3_7_colour_up_at_a_break_races_off_the_odd_chips() {
    // HC template: the 1s go at the break after level 3, the 5 is the smallest chip left.
    for profile in ["hc", "tda"] {
        let mut t = started(config("hc", profile), 3, 4);
        let table = counts(&t)[0].0;
        // A walk at 1/2: the small blind has 299, the big blind 301.
        play(&mut t, table, at_minute(1), Script::Walk).unwrap();
        let stacks = players_at(&t, table);
        let with = |n| stacks.iter().find(|s| s.2 == n).expect("a stack").1;
        let (a, b) = (with(299), with(301));
        let c = stacks.iter().find(|s| s.2 == 300).unwrap().1;
        // a doubles through b, who keeps 301 - 299 = 2 chips of 1.
        knock_out(&mut t, table, at_minute(2), a, &[b]);
        assert_eq!(stack_of(&t, b), 2);
        let before: Vec<u64> = [a, b, c].iter().map(|&p| stack_of(&t, p)).collect();
        // The odd chips of 1 make one chip of 5 between them (a and c have 600 and 298, or
        // 598 and 300, as c posted a blind of 1 or 2).
        assert_eq!(before.iter().map(|s| s % 5).sum::<u64>(), 5);
        t.tick(at_minute(45)).unwrap();
        assert!(!t.denominations().contains(&1));
        // b, with odd chips only, keeps a chip of 5 whether or not winning it: nobody is raced
        // out. Everyone else keeps their 5s and wins one chip at most.
        assert_eq!(stack_of(&t, b), 5, "{profile}");
        let mut won = 0;
        for (p, was) in [(a, before[0]), (c, before[2])] {
            let kept = was / 5 * 5;
            let now = stack_of(&t, p);
            assert!(now == kept || now == kept + 5, "{profile}: {was} -> {now}");
            won += usize::from(now > was);
        }
        assert!(won <= 1, "{profile}: one chip raced");
        let total: u64 = players_at(&t, table).iter().map(|s| s.2).sum();
        assert_eq!(t.chips_in_play(), total, "{profile}");
        assert!(players_at(&t, table).iter().all(|s| s.2 % 5 == 0));
        // The race does not hold up the next hand after the break.
        assert!(play(&mut t, table, at_minute(50), Script::Walk).is_ok());
    }
}

/// Twelve players on two tables, 6 paid, hand-for-hand from 8 left: each table loses two, the
/// second at `at`, when the announcement is made. Returns the two tables.
fn to_the_bubble(t: &mut tournament::Tournament, at: Time) -> (TableId, TableId) {
    let (a, b) = (counts(t)[0].0, counts(t)[1].0);
    for (table, now) in [(a, at_minute(1)), (b, at)] {
        let ids: Vec<PlayerId> = players_at(t, table).iter().map(|s| s.1).collect();
        knock_out(t, table, now, ids[0], &ids[1..3]);
        if table == a {
            // 10 left: more than 6 paid + 2, so no hand-for-hand yet.
            assert!(!t.clock().is_hand_for_hand());
        }
    }
    assert_eq!(t.alive(), 8);
    assert!(t.clock().is_hand_for_hand());
    (a, b)
}

#[test]
fn tda_rp_8_hand_for_hand_starts_at_the_configured_count_over_the_money() {
    // 3 over the money: from 9 left of 6 paid (7 would already be the final table).
    let mut t = started(bubble_config(3), 12, 5);
    let (a, _) = (counts(&t)[0].0, counts(&t)[1].0);
    let ids: Vec<PlayerId> = players_at(&t, a).iter().map(|s| s.1).collect();
    knock_out(&mut t, a, at_minute(1), ids[0], &ids[1..2]);
    // 11 left: 2 over 6 + 3.
    assert!(!t.clock().is_hand_for_hand());
    knock_out(&mut t, a, at_minute(2), ids[0], &ids[2..3]);
    assert!(!t.clock().is_hand_for_hand());
    assert_eq!(t.alive(), 10);
    knock_out(&mut t, a, at_minute(3), ids[0], &ids[3..4]);
    // 9 = 6 paid + 3: hand-for-hand, the clock stands still.
    assert!(t.clock().is_hand_for_hand());
    assert!(
        t.events()
            .iter()
            .any(|e| e.what == Happening::HandForHand { on: true })
    );
    assert_eq!(remaining(&t, at_minute(3)), remaining(&t, at_minute(9)));
}

/// TDA-RP-8B, TDA-RP-8C: two minutes off the clock for each hand, taken hand by hand.
#[test]
fn tda_rp_8b_two_minutes_off_the_clock_per_hand() {
    let mut t = started(bubble_config(2), 12, 6);
    // The announcement with 17:30 left in level 1 (40 minutes): at 22:30.
    let (a, b) = to_the_bubble(&mut t, Time(ms(22, 30)));
    assert_eq!(remaining(&t, Time(ms(22, 30))), ms(17, 30));
    // The clock stands still until the next hand starts: then 15:30.
    assert_eq!(remaining(&t, at_minute(25)), ms(17, 30));
    let (start, _) = play(&mut t, a, at_minute(25), Script::Walk).unwrap();
    assert_eq!(start.level, 0);
    assert_eq!(remaining(&t, at_minute(25)), ms(15, 30));
    // One hand at every table is one hand-for-hand hand: table 1 waits for table 2.
    assert!(matches!(
        t.next_hand(a, at_minute(26)),
        Err(DirectorError::Wait(_, Wait::HandForHand))
    ));
    play(&mut t, b, Time(ms(25, 30)), Script::Walk).unwrap();
    assert_eq!(remaining(&t, at_minute(27)), ms(15, 30));
    // The hand after: 13:30.
    play(&mut t, b, at_minute(30), Script::Walk).unwrap();
    assert_eq!(remaining(&t, at_minute(30)), ms(13, 30));
    play(&mut t, a, at_minute(31), Script::Walk).unwrap();
    assert_eq!(remaining(&t, at_minute(40)), ms(13, 30));
}

/// TDA-RP-8D: the levels go on rising as the clock runs down at two minutes a hand.
#[test]
fn tda_rp_8d_levels_still_rise_at_two_minutes_a_hand() {
    let mut t = started(bubble_config(2), 12, 7);
    // Level 2 (100/200) runs from 40:00 to 80:00: the announcement at 76:30, 3:30 left.
    let (a, b) = to_the_bubble(&mut t, Time(ms(76, 30)));
    assert_eq!(remaining(&t, Time(ms(76, 30))), ms(3, 30));
    for table in [a, b] {
        let (start, _) = play(&mut t, table, at_minute(78), Script::Walk).unwrap();
        assert_eq!((start.level, big_blind(&start)), (1, 200));
    }
    assert_eq!(remaining(&t, at_minute(79)), ms(1, 30));
    // The next 2 minutes run level 2 out with 30 s to spare: the clock reaches 0, and the new
    // level (200/300) applies from this next hand (TDA-23); level 3 has 39:30 left.
    for table in [b, a] {
        let (start, _) = play(&mut t, table, at_minute(80), Script::Walk).unwrap();
        assert_eq!((start.level, big_blind(&start)), (2, 300), "{table}");
    }
    assert_eq!(t.clock().phase(), Phase::Level(2));
    assert_eq!(remaining(&t, at_minute(90)), ms(39, 30));
}

/// TDA-RP-8E, TDA-RP-8F: the hand-for-hand notice asks players to stay seated and keeps an
/// all-in and call face down until the TD says, in both languages.
#[test]
fn tda_rp_8e_8f_the_hand_for_hand_notice_says_stay_seated_and_face_down() {
    let notice = tournament::director::Notice::HandForHand;
    let en = notice.text(engine::RulebookId::Tda, tournament::director::Lang::En);
    let de = notice.text(engine::RulebookId::Tda, tournament::director::Lang::De);
    for id in ["TDA-RP-8E", "TDA-RP-8F"] {
        assert!(en.contains(id) && de.contains(id), "{en} / {de}");
    }
    assert!(
        en.contains("stay in their seats") && en.contains("face down"),
        "{en}"
    );
    assert!(
        de.contains("auf den Plätzen bleiben") && de.contains("verdeckt"),
        "{de}"
    );
}
