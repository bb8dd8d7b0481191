//! Colour-ups the TD calls at any time (TDA-25B): one or more players' small chips exchanged for
//! larger ones at equal value; unscheduled, so the table is told to announce it.

mod common;

use common::{config, deal_all, live, started};
use tournament::director::{Happening, Lang, Refused, Task};
use tournament::{Actor, DirectorError, TableId, Time};

fn chips_at(t: &tournament::Tournament, table: TableId) -> u64 {
    t.table(table)
        .unwrap()
        .table
        .seats()
        .iter()
        .flatten()
        .map(|p| p.stack.0)
        .sum()
}

/// TDA-25B: at any time, even with a hand in play; the stacks keep their value, the table gets
/// an instruction to announce it, and play is not held for it.
#[test]
fn tda_25b_the_td_colours_up_a_player_at_any_time_announced() {
    let mut t = started(live("deepstack", "tda"), 18, 1);
    deal_all(&mut t, Time(0));
    let table = TableId(1);
    let players = t.table(table).unwrap().player_ids();
    let before = chips_at(&t, table);
    t.colour_up(table, &players[..2], Actor::System, Time(60_000))
        .expect("TDA-25B: at any time");
    assert_eq!(chips_at(&t, table), before, "an exchange at equal value");
    let last = t.events().iter().next_back().expect("logged");
    assert_eq!(
        last.what,
        Happening::ColouredUp {
            table,
            players: players[..2].to_vec()
        }
    );
    let i = t.pending().last().expect("an instruction for the table");
    assert_eq!(
        i.task,
        Task::ColourUp {
            table,
            players: players[..2].to_vec()
        }
    );
    assert!(i.holds.is_empty(), "TDA-25B: the table plays on");
    let en = i.text(&t, Lang::En);
    assert!(en.contains("announce an unscheduled colour-up"), "{en}");
    assert!(en.contains("TDA-25B"), "{en}");
    assert!(i.text(&t, Lang::De).contains("außerplanmäßiges Color-Up"));
    // A second call while the first is to be done joins it: one announcement at the table.
    let pending = t.pending().count();
    t.colour_up(table, &players[1..3], Actor::System, Time(60_500))
        .unwrap();
    assert_eq!(
        t.pending().count(),
        pending,
        "joined, not a second instruction"
    );
    assert_eq!(
        t.pending().last().unwrap().task,
        Task::ColourUp {
            table,
            players: players[..3].to_vec()
        }
    );
    // None named: every player at the table.
    t.colour_up(table, &[], Actor::System, Time(61_000))
        .unwrap();
    let all = t.pending().last().unwrap();
    assert_eq!(
        all.task,
        Task::ColourUp {
            table,
            players: players.clone()
        }
    );
    assert!(all.text(&t, Lang::En).contains("of every player"));
}

/// TDA-25B names players at a table: one seated elsewhere is refused, as is a broken table.
#[test]
fn tda_25b_only_players_at_the_table() {
    let mut t = started(live("deepstack", "tda"), 18, 1);
    let elsewhere = t.table(TableId(0)).unwrap().player_ids()[0];
    let err = t
        .colour_up(TableId(1), &[elsewhere], Actor::System, Time(0))
        .unwrap_err();
    assert!(
        matches!(
            err,
            DirectorError::Refused(Refused::NotAtTable { table: 2, .. })
        ),
        "{err:?}"
    );
}

/// Online the server counts every chip: there is nothing to colour up.
#[test]
fn an_online_event_has_no_chips_to_colour_up() {
    let mut t = started(config("deepstack", "tda"), 18, 1);
    let err = t
        .colour_up(TableId(0), &[], Actor::System, Time(0))
        .unwrap_err();
    assert!(matches!(err, DirectorError::Closed { .. }), "{err:?}");
}
