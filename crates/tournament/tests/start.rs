//! The start of an event: every entrant seated once with the starting stack (TDA-7, HC-1.7),
//! the first hands played by script, a bust placed.

mod common;

use common::*;
use engine::PlayerId;

#[test]
fn tda_7_every_entrant_seated_once_with_the_starting_stack() {
    for profile in ["tda", "hc", "wwpla", "jpr", "dg"] {
        // HC-1.6: a multi-table HC event has no re-entries, so it plays the HC template.
        let template = if profile == "hc" { "hc" } else { "deepstack" };
        let t = started(config(template, profile), 47, 3);
        let mut seen = std::collections::HashSet::new();
        for (table, _) in counts(&t) {
            for (_, id, stack) in players_at(&t, table) {
                assert!(seen.insert(id), "{profile}: {id:?} seated twice");
                assert_eq!(stack, t.config().starting_stack);
            }
        }
        assert_eq!(seen.len(), 47);
        // HC-1.7: as evenly as possible, a difference of one at most.
        let sizes: Vec<usize> = counts(&t).iter().map(|c| c.1).collect();
        assert!(
            sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1,
            "{sizes:?}"
        );
    }
}

#[test]
fn a_scripted_all_in_busts_the_loser_and_pays_the_winner() {
    let mut t = started(config("deepstack", "tda"), 2, 1);
    let table = counts(&t)[0].0;
    let (a, b) = (PlayerId(0), PlayerId(1));
    let (_, report) = play(
        &mut t,
        table,
        at_minute(0),
        Script::AllIn {
            players: &[a, b],
            winners: &[a],
        },
    )
    .unwrap();
    assert_eq!(report.busted, vec![b]);
    assert!(t.is_finished());
    assert_eq!(t.entry(a).unwrap().place, Some(1));
    assert_eq!(t.entry(b).unwrap().place, Some(2));
}
