//! Ring scenario files (`kind = "ring"`, issue 18 item 5): a cash table as its last hand ended,
//! who is away, back or newly seated; `croupier rule` prints who is dealt into the next hand and
//! who posts what (`engine::ring`), with the rules applied, and checks `[expect]`.

use engine::RulebookId;
use engine::ring::{Debt, Entering, NextHand, Presence, RingRules, RingSeat, RingTable};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Whether a scenario file is a ring scenario.
pub fn is_ring(text: &str) -> bool {
    text.parse::<toml::Table>()
        .ok()
        .and_then(|t| t.get("kind").and_then(|k| k.as_str().map(|k| k == "ring")))
        .unwrap_or(false)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    kind: String,
    profile: Option<String>,
    game: Option<String>,
    blinds: Vec<u64>,
    seats_per_table: Option<usize>,
    table: TableFile,
    expect: Option<Expect>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    button: u8,
    small_blind: u8,
    big_blind: u8,
    players: Vec<String>,
    #[serde(default)]
    away: Vec<String>,
    #[serde(default)]
    missed: BTreeMap<String, String>,
    #[serde(default)]
    back: BTreeMap<String, String>,
    #[serde(default)]
    seated: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Expect {
    button: Option<u8>,
    small_blind: Option<u8>,
    big_blind: Option<u8>,
    dealt: Option<Vec<String>>,
    posts: Option<BTreeMap<String, PostFile>>,
    missed: Option<BTreeMap<String, String>>,
    rules: Option<Vec<String>>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct PostFile {
    live: u64,
    dead: u64,
}

/// One ring scenario run: what the next hand is, and what differed from `[expect]`.
#[derive(Debug)]
pub struct RingReport {
    pub profile: &'static str,
    /// The next hand in words, a line each.
    pub lines: Vec<String>,
    pub rules: Vec<&'static str>,
    pub checked: bool,
    pub mismatches: Vec<String>,
}

/// Reads, works out and checks one ring scenario.
pub fn run(text: &str) -> Result<RingReport, String> {
    let file: File = toml::from_str(text).map_err(|e| format!("not a valid ring scenario: {e}"))?;
    if file.kind != "ring" {
        return Err(format!("kind {:?} is not \"ring\"", file.kind));
    }
    let rulebook: RulebookId = file
        .profile
        .as_deref()
        .unwrap_or("tda")
        .parse()
        .map_err(|e: engine::ProfileError| e.to_string())?;
    if let Some(game) = &file.game
        && game.trim().is_empty()
    {
        return Err("game: give a PHH variant code such as \"NT\"".into());
    }
    let &[small, big] = file.blinds.as_slice() else {
        return Err(format!(
            "blinds: give the small and the big blind, not {:?}",
            file.blinds
        ));
    };
    let t = &file.table;
    let seats = file.seats_per_table.unwrap_or(t.players.len());
    if !(2..=10).contains(&seats) || t.players.len() != seats {
        return Err(format!(
            "table.players: {} seats listed for a table of {seats} (2 to 10)",
            t.players.len()
        ));
    }
    let names: Vec<Option<&str>> = t
        .players
        .iter()
        .map(|p| Some(p.trim()).filter(|p| !p.is_empty()))
        .collect();
    let seat_of = |name: &str, key: &str| -> Result<usize, String> {
        names
            .iter()
            .position(|n| *n == Some(name))
            .ok_or_else(|| format!("{key}: {name:?} is not seated at the table"))
    };
    let seat = |s: u8, key: &str| -> Result<Option<engine::Seat>, String> {
        match s {
            0 => Ok(None),
            s if usize::from(s) <= seats => Ok(Some(engine::Seat(s - 1))),
            s => Err(format!("table.{key}: seat {s} of a table of {seats}")),
        }
    };
    let mut table = RingTable {
        button: seat(t.button, "button")?,
        small_blind: seat(t.small_blind, "small_blind")?,
        big_blind: seat(t.big_blind, "big_blind")?,
        seats: names
            .iter()
            .map(|n| {
                n.map(|_| RingSeat {
                    presence: Presence::Playing,
                    owes: None,
                })
            })
            .collect(),
        small_blind_amount: small,
        big_blind_amount: big,
    };
    let set = |table: &mut RingTable, i: usize, f: &dyn Fn(&mut RingSeat)| {
        if let Some(s) = table.seats[i].as_mut() {
            f(s);
        }
    };
    for name in &t.away {
        let i = seat_of(name, "table.away")?;
        set(&mut table, i, &|s| s.presence = Presence::Away);
    }
    for (name, debt) in &t.missed {
        let i = seat_of(name, "table.missed")?;
        let debt = debt_of(debt).ok_or_else(|| {
            format!("table.missed.{name}: {debt:?} is not \"small\", \"big\" or \"both\"")
        })?;
        // Owing, here, and neither away nor listed as back or newly seated: back to play, and
        // paying what is owed (as `back = "post"`).
        let here = !t.away.contains(name) && !t.seated.contains_key(name);
        set(&mut table, i, &|s| {
            s.owes = Some(debt);
            if here {
                s.presence = Presence::Back(Entering::Post);
            }
        });
    }
    for (key, map, new) in [
        ("table.back", &t.back, false),
        ("table.seated", &t.seated, true),
    ] {
        for (name, choice) in map {
            let i = seat_of(name, key)?;
            let entering = match choice.as_str() {
                "post" => Entering::Post,
                "wait" => Entering::Wait,
                other => {
                    return Err(format!(
                        "{key}.{name}: {other:?} is not \"post\" or \"wait\""
                    ));
                }
            };
            if t.away.contains(name) {
                return Err(format!("{key}.{name}: also listed as away"));
            }
            if new && t.back.contains_key(name) {
                return Err(format!("{key}.{name}: also listed as back"));
            }
            let presence = if new {
                Presence::New(entering)
            } else {
                Presence::Back(entering)
            };
            set(&mut table, i, &|s| s.presence = presence);
        }
    }
    let next = engine::ring::next_hand(&table, RingRules::of(rulebook));
    let name = |s: engine::Seat| names[s.index()].unwrap_or("").to_string();
    let mut report = RingReport {
        profile: rulebook.id(),
        lines: describe(&next, &name),
        rules: next.rules.iter().map(|r| r.id()).collect(),
        checked: file.expect.is_some(),
        mismatches: Vec::new(),
    };
    if let Some(expect) = &file.expect {
        report.mismatches = check(expect, &next, &name);
    }
    Ok(report)
}

fn debt_of(text: &str) -> Option<Debt> {
    match text {
        "small" => Some(Debt::Small),
        "big" => Some(Debt::Big),
        "both" => Some(Debt::Both),
        _ => None,
    }
}

fn debt_name(debt: Debt) -> &'static str {
    match debt {
        Debt::Small => "small",
        Debt::Big => "big",
        Debt::Both => "both",
    }
}

fn seat_number(seat: Option<engine::Seat>) -> u8 {
    seat.map_or(0, |s| s.0 + 1)
}

fn describe(next: &NextHand, name: &dyn Fn(engine::Seat) -> String) -> Vec<String> {
    let mut lines = vec![format!(
        "button {}, small blind {}, big blind {}",
        seat_number(next.button),
        seat_number(next.small_blind),
        seat_number(next.big_blind)
    )];
    let dealt: Vec<String> = next.dealt.iter().map(|&s| name(s)).collect();
    lines.push(format!("dealt {}", dealt.join(" ")));
    for p in &next.posts {
        let mut line = format!("{} posts {}", name(p.seat), p.live);
        if p.dead > 0 {
            let _ = write!(line, " live and {} dead", p.dead);
        }
        lines.push(line);
    }
    for &(s, d) in &next.owes {
        lines.push(format!("{} owes {}", name(s), debt_name(d)));
    }
    lines
}

fn check(expect: &Expect, next: &NextHand, name: &dyn Fn(engine::Seat) -> String) -> Vec<String> {
    let mut out = Vec::new();
    for (key, want, got) in [
        ("button", expect.button, next.button),
        ("small_blind", expect.small_blind, next.small_blind),
        ("big_blind", expect.big_blind, next.big_blind),
    ] {
        if let Some(want) = want
            && want != seat_number(got)
        {
            out.push(format!("{key}: expected {want}, got {}", seat_number(got)));
        }
    }
    if let Some(want) = &expect.dealt {
        let mut want: Vec<String> = want.clone();
        want.sort();
        let mut got: Vec<String> = next.dealt.iter().map(|&s| name(s)).collect();
        got.sort();
        if want != got {
            out.push(format!("dealt: expected {want:?}, got {got:?}"));
        }
    }
    if let Some(want) = &expect.posts {
        let got: BTreeMap<String, PostFile> = next
            .posts
            .iter()
            .map(|p| {
                (
                    name(p.seat),
                    PostFile {
                        live: p.live,
                        dead: p.dead,
                    },
                )
            })
            .collect();
        if *want != got {
            out.push(format!("posts: expected {want:?}, got {got:?}"));
        }
    }
    if let Some(want) = &expect.missed {
        let got: BTreeMap<String, String> = next
            .owes
            .iter()
            .map(|&(s, d)| (name(s), debt_name(d).to_string()))
            .collect();
        if *want != got {
            out.push(format!("missed: expected {want:?}, got {got:?}"));
        }
    }
    for rule in expect.rules.iter().flatten() {
        if !next.rules.iter().any(|r| r.id().starts_with(rule.as_str())) {
            out.push(format!("rules: {rule} not cited (cited {:?})", next.rules));
        }
    }
    out
}
