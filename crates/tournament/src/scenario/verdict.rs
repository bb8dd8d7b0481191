//! A scenario's outcome held against its `[expect]`: what differs, one line each.

use super::eval::{Move, Outcome};
use super::expect::{Expect, ExpectedMove};
use std::collections::BTreeSet;

impl Expect {
    /// What differs between the expectation and the outcome, one line each.
    pub fn check(&self, got: &Outcome) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(moves) = &self.moves
            && !moves_match(moves, got)
        {
            out.push(format!(
                "moves: expected {}, got {}",
                moves
                    .iter()
                    .map(show_expected)
                    .collect::<Vec<_>>()
                    .join(", "),
                got.moves
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let sets = [
            ("broken", &self.broken, &got.broken),
            ("wait", &self.wait, &got.wait),
            ("sits_out", &self.sits_out, &got.sits_out),
        ];
        for (key, want, have) in sets {
            if let Some(want) = want {
                let w: BTreeSet<&String> = want.iter().collect();
                let h: BTreeSet<&String> = have.iter().collect();
                if w != h {
                    out.push(format!("{key}: expected {w:?}, got {h:?}"));
                }
            }
        }
        let flags = [
            ("clock_stopped", self.clock_stopped, got.clock_stopped),
            ("hand_for_hand", self.hand_for_hand, got.hand_for_hand),
            ("final_table", self.final_table, got.final_table),
        ];
        for (key, want, have) in flags {
            if want.is_some_and(|w| w != have) {
                out.push(format!("{key}: expected {}, got {have}", !have));
            }
        }
        for (table, &seat) in self.buttons.iter().flatten() {
            if got.buttons.get(table) != Some(&seat) {
                out.push(format!(
                    "buttons.{table}: expected {seat}, got {}",
                    got.buttons
                        .get(table)
                        .map_or("none".into(), |s| s.to_string())
                ));
            }
        }
        if let Some(want) = &self.places
            && want != &got.places
        {
            out.push(format!("places: expected {want:?}, got {:?}", got.places));
        }
        for (key, want, have) in [
            ("prizes", &self.prizes, &got.prizes),
            ("bounties", &self.bounties, &got.bounties),
        ] {
            if let Some(want) = want
                && want != have
            {
                out.push(format!("{key}: expected {want:?}, got {have:?}"));
            }
        }
        let cited = got.rules();
        for id in self.rules.iter().flatten() {
            if !cited.iter().any(|c| c.starts_with(id.as_str())) {
                out.push(format!(
                    "rules: {id} is not cited (cited: {})",
                    cited.join(" ")
                ));
            }
        }
        out
    }
}

fn show_expected(m: &ExpectedMove) -> String {
    let who = match (&m.player, &m.from) {
        (Some(p), _) => p.clone(),
        (None, Some(f)) => format!("a player from {f}"),
        (None, None) => "?".into(),
    };
    match m.to_seat {
        Some(s) => format!("{who} to {}/{s}", m.to_table),
        None => format!("{who} to {}", m.to_table),
    }
}

/// Every expected move matches a different move made, and no move is left over (order free).
fn moves_match(want: &[ExpectedMove], got: &Outcome) -> bool {
    if want.len() != got.moves.len() {
        return false;
    }
    let fits = |w: &ExpectedMove, g: &Move| {
        w.player.as_ref().is_none_or(|p| *p == g.player)
            && w.from.as_ref().is_none_or(|f| *f == g.from.0)
            && w.to_table == g.to.0
            && w.to_seat.is_none_or(|s| s == g.to.1)
    };
    // A small bipartite matching by backtracking: scenarios move a handful of players.
    fn assign(
        i: usize,
        want: &[ExpectedMove],
        used: &mut Vec<bool>,
        ok: &dyn Fn(usize, usize) -> bool,
    ) -> bool {
        if i == want.len() {
            return true;
        }
        for j in 0..used.len() {
            if !used[j] && ok(i, j) {
                used[j] = true;
                if assign(i + 1, want, used, ok) {
                    return true;
                }
                used[j] = false;
            }
        }
        false
    }
    let ok = |i: usize, j: usize| fits(&want[i], &got.moves[j]);
    assign(0, want, &mut vec![false; got.moves.len()], &ok)
}
