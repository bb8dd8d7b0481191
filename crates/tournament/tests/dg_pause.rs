//! Pauses under the dealer's guide: a pausing player is skipped entirely (DG-8a, DG-10.2), but a
//! pause may not begin on the button or in the blinds (DG-35): a player who steps away there is
//! dealt in until those positions have passed. Under TDA 2019 an away player is dealt in and
//! blinded off wherever they sit (TDA-30).

mod common;
use common::*;
use engine::{PlayerId, Seat};
use tournament::{TableId, Tournament};

const T: TableId = TableId(0);

fn six(profile: &str) -> Tournament {
    let mut c = config("deepstack", profile);
    c.table_size = 6;
    started(c, 6, 5)
}

/// The seats of the next hand's button and blinds, and one seat that is none of them.
fn positions(t: &Tournament) -> (Vec<Seat>, Seat) {
    let table = &t.table(T).expect("the table").table;
    let (on, off): (Vec<Seat>, Vec<Seat>) = (0..6)
        .map(|s| Seat(s as u8))
        .filter(|&s| table.seats()[s.index()].is_some())
        .partition(|&s| table.on_button_or_blinds(s));
    assert_eq!(on.len(), 3, "button, small blind and big blind: {on:?}");
    (on, off[0])
}

fn at(t: &Tournament, seat: Seat) -> PlayerId {
    player_in(t, T, seat).expect("a player at the seat")
}

/// DG-35, DG-8a, DG-10.2: stepping away in the blinds waits for the blinds to pass; elsewhere
/// the pause begins at once and the seat is skipped.
#[test]
fn dg_35_no_pause_on_the_button_or_in_the_blinds() {
    let mut t = six("dg");
    let now = at_minute(1);
    let (on, off) = positions(&t);
    let big_blind_seat = t.table(T).unwrap().table.would_be_big_blind().unwrap();
    assert!(on.contains(&big_blind_seat));
    let in_blind = at(&t, big_blind_seat);
    let elsewhere = at(&t, off);
    t.set_away(in_blind, true, now).unwrap();
    t.set_away(elsewhere, true, now).unwrap();
    let (start, _) = play(&mut t, T, now, Script::Walk).unwrap();
    assert_eq!(
        dealt_at(&start, big_blind_seat),
        Some(in_blind),
        "DG-35: the big blind is dealt in and posts"
    );
    assert_eq!(big_blind(&start), in_blind);
    assert_eq!(
        dealt_at(&start, off),
        None,
        "DG-8a: the pause began at once"
    );
    // Small blind, then button: still dealt in; once past them the pause begins.
    let mut hands = 1;
    loop {
        let still_due = t
            .table(T)
            .unwrap()
            .table
            .on_button_or_blinds(big_blind_seat);
        let (start, _) = play(&mut t, T, now, Script::Walk).unwrap();
        hands += 1;
        if still_due {
            assert_eq!(
                dealt_at(&start, big_blind_seat),
                Some(in_blind),
                "hand {hands}"
            );
        } else {
            assert_eq!(
                dealt_at(&start, big_blind_seat),
                None,
                "hand {hands}: pausing"
            );
            break;
        }
        assert!(
            hands < 6,
            "the blinds and the button pass within three hands"
        );
    }
    // Back from the pause: dealt in again (DG-10.1).
    t.set_away(in_blind, false, now).unwrap();
    let (start, _) = play(&mut t, T, now, Script::Walk).unwrap();
    assert!(start.players.contains(&in_blind));
}

/// TDA-30: under TDA 2019 an away player is dealt in wherever they sit (and their hand killed).
#[test]
fn tda_30_away_players_are_dealt_in_wherever_they_sit() {
    let mut t = six("tda");
    let now = at_minute(1);
    let (_, off) = positions(&t);
    let elsewhere = at(&t, off);
    t.set_away(elsewhere, true, now).unwrap();
    let (start, _) = play(&mut t, T, now, Script::Walk).unwrap();
    assert_eq!(dealt_at(&start, off), Some(elsewhere));
}

/// DG-29: the dealer role goes with the button; when the next dealer is away a stand-in deals,
/// but the button still lies at the absent dealer's seat (and DG-35 keeps them dealt in there).
#[test]
fn dg_29_the_button_stays_at_an_away_dealers_seat() {
    let mut t = six("dg");
    let now = at_minute(1);
    let button = {
        let table = &t.table(T).unwrap().table;
        table.next_positions().expect("positions").button
    };
    let dealer = at(&t, button);
    t.set_away(dealer, true, now).unwrap();
    let (start, _) = play(&mut t, T, now, Script::Walk).unwrap();
    assert_eq!(
        start.positions.button, button,
        "DG-29: the button lies at the away dealer's seat"
    );
    assert_eq!(dealt_at(&start, button), Some(dealer));
}
