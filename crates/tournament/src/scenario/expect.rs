//! `[expect]`: each key given is compared with what the director does; a key left out is not.

use super::ScenarioError;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExpectIn {
    moves: Option<Vec<MoveIn>>,
    broken: Option<Vec<String>>,
    wait: Option<Vec<String>>,
    clock_stopped: Option<bool>,
    buttons: Option<BTreeMap<String, u8>>,
    sits_out: Option<Vec<String>>,
    places: Option<BTreeMap<String, u32>>,
    prizes: Option<BTreeMap<String, u64>>,
    bounties: Option<BTreeMap<String, u64>>,
    hand_for_hand: Option<bool>,
    final_table: Option<bool>,
    rules: Option<Vec<String>>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveIn {
    player: Option<String>,
    from: Option<String>,
    to: String,
}

/// One expected move: who (or from which table) and where to (a table, or "table/seat").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectedMove {
    pub player: Option<String>,
    pub from: Option<String>,
    pub to_table: String,
    pub to_seat: Option<u8>,
}

/// The checked `[expect]`.
#[derive(Clone, Debug, Default)]
pub struct Expect {
    pub moves: Option<Vec<ExpectedMove>>,
    pub broken: Option<Vec<String>>,
    pub wait: Option<Vec<String>>,
    pub clock_stopped: Option<bool>,
    pub buttons: Option<BTreeMap<String, u8>>,
    pub sits_out: Option<Vec<String>>,
    pub places: Option<BTreeMap<String, u32>>,
    pub prizes: Option<BTreeMap<String, u64>>,
    pub bounties: Option<BTreeMap<String, u64>>,
    pub hand_for_hand: Option<bool>,
    pub final_table: Option<bool>,
    pub rules: Option<Vec<String>>,
}

impl ExpectIn {
    /// Names in `[expect]` must be players and tables of the file.
    pub(crate) fn check_names(
        self,
        names: &[String],
        tables: &[&str],
    ) -> Result<Expect, ScenarioError> {
        let player = |key: &str, p: &String| {
            if names.contains(p) {
                Ok(())
            } else {
                Err(ScenarioError::key(key, format!("{p} is not seated")))
            }
        };
        let table = |key: &str, t: &str| {
            if tables.contains(&t) {
                Ok(())
            } else {
                Err(ScenarioError::key(key, format!("no table {t}")))
            }
        };
        let mut moves = None;
        if let Some(list) = self.moves {
            let mut out = Vec::new();
            for (i, m) in list.into_iter().enumerate() {
                let key = format!("expect.moves[{}]", i + 1);
                match (&m.player, &m.from) {
                    (Some(p), _) => player(&key, p)?,
                    (None, Some(f)) => table(&key, f)?,
                    (None, None) => {
                        return Err(ScenarioError::key(key, "a move needs `player` or `from`"));
                    }
                }
                if let Some(f) = &m.from {
                    table(&key, f)?;
                }
                let (to_table, to_seat) = match m.to.rsplit_once('/') {
                    Some((t, s)) => {
                        let seat = s.parse::<u8>().ok().filter(|&s| s > 0).ok_or_else(|| {
                            ScenarioError::key(&key, format!("\"{s}\" is not a seat"))
                        })?;
                        (t.to_string(), Some(seat))
                    }
                    None => (m.to.clone(), None),
                };
                table(&key, &to_table)?;
                out.push(ExpectedMove {
                    player: m.player,
                    from: m.from,
                    to_table,
                    to_seat,
                });
            }
            moves = Some(out);
        }
        for (key, list) in [("expect.broken", &self.broken), ("expect.wait", &self.wait)] {
            for t in list.iter().flatten() {
                table(key, t)?;
            }
        }
        for t in self.buttons.iter().flat_map(|b| b.keys()) {
            table("expect.buttons", t)?;
        }
        for p in self.sits_out.iter().flatten() {
            player("expect.sits_out", p)?;
        }
        for (key, map) in [
            (
                "expect.places",
                self.places.as_ref().map(|m| m.keys().collect::<Vec<_>>()),
            ),
            (
                "expect.prizes",
                self.prizes.as_ref().map(|m| m.keys().collect()),
            ),
            (
                "expect.bounties",
                self.bounties.as_ref().map(|m| m.keys().collect()),
            ),
        ] {
            for p in map.into_iter().flatten() {
                player(key, p)?;
            }
        }
        Ok(Expect {
            moves,
            broken: self.broken,
            wait: self.wait,
            clock_stopped: self.clock_stopped,
            buttons: self.buttons,
            sits_out: self.sits_out,
            places: self.places,
            prizes: self.prizes,
            bounties: self.bounties,
            hand_for_hand: self.hand_for_hand,
            final_table: self.final_table,
            rules: self.rules,
        })
    }
}
