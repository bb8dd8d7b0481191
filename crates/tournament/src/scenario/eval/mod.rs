//! What the director does after the hand a scenario describes, in the director's order (places
//! and bounties, then the final table or breaking, balancing, hand-for-hand), each step asking
//! the decision functions the director itself uses (`balance`, `places`, `payout`, `bounty`,
//! `seating`, and the engine's `Table` for the dead button).

mod awards;
mod balancing;
mod cite;
mod seats;

use super::ScenarioError;
use super::input::Scenario;
use crate::draw::Draw;
use crate::profile::{BalanceWhen, FirstButton};
use engine::{Chips, PlayerId, Rule, Seat, Table, Variant, rule};
use std::collections::BTreeMap;
use std::fmt;

/// The fixed seed of the draws a scenario leaves to the software.
const SEED: u64 = 0x00d1_2ec7;

/// One instruction of the director, with the rules it applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    pub text: String,
    pub rules: Vec<Rule>,
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rules.is_empty() {
            // Where no rule of the profile's rulebook decides, none is named.
            write!(f, "{}", self.text)
        } else {
            write!(f, "{} ({})", self.text, Rule::list(&self.rules))
        }
    }
}

/// A seat change: player, from (table, seat) to (table, seat), seats 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub player: String,
    pub from: (String, u8),
    pub to: (String, u8),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} from {}/{} to {}/{}",
            self.player, self.from.0, self.from.1, self.to.0, self.to.1
        )
    }
}

/// Everything the director decides now.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub instructions: Vec<Instruction>,
    pub moves: Vec<Move>,
    pub broken: Vec<String>,
    pub wait: Vec<String>,
    pub clock_stopped: bool,
    pub buttons: BTreeMap<String, u8>,
    pub sits_out: Vec<String>,
    pub places: BTreeMap<String, u32>,
    pub prizes: BTreeMap<String, u64>,
    pub bounties: BTreeMap<String, u64>,
    pub hand_for_hand: bool,
    pub final_table: bool,
}

impl Outcome {
    /// Every rule id cited, in order, once.
    pub fn rules(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for id in self.instructions.iter().flat_map(|i| i.rules.iter()) {
            if !out.contains(&id.id()) {
                out.push(id.id());
            }
        }
        out
    }

    fn say(&mut self, text: String, rules: &[Rule]) {
        self.instructions.push(Instruction {
            text,
            rules: rules.to_vec(),
        });
    }
}

/// A table during the evaluation.
struct Tab {
    name: String,
    table: Table,
    broken: bool,
    /// Seats its busted players left, in the file's order.
    opened: Vec<Seat>,
    new_players: usize,
}

struct Eval<'a> {
    s: &'a Scenario,
    tabs: Vec<Tab>,
    draw: Draw,
    out: Outcome,
}

/// What the director does after the scenario's hand.
pub fn evaluate(s: &Scenario) -> Result<Outcome, ScenarioError> {
    let mut tabs = Vec::with_capacity(s.tables.len());
    for spec in &s.tables {
        let mut table = new_table(s, s.seats_per_table)?;
        for (i, p) in spec.seats.iter().enumerate() {
            if let Some(p) = *p {
                // Busted players sat in the hand just played: they count for its blinds.
                let stack = s.stacks[p].max(1);
                sit(&mut table, Seat(i as u8), p, stack)?;
            }
        }
        if let Some((sb, bb)) = blinds_of_last_hand(&spec.seats, spec.button) {
            table
                .set_last_hand(spec.button, sb, bb)
                .map_err(|e| ScenarioError::key("table.button", e.to_string()))?;
        }
        tabs.push(Tab {
            name: spec.name.clone(),
            table,
            broken: false,
            opened: Vec::new(),
            new_players: 0,
        });
    }
    let mut eval = Eval {
        s,
        tabs,
        draw: Draw::new(SEED),
        out: Outcome::default(),
    };
    eval.places()?;
    for b in &s.busts {
        let tab = &mut eval.tabs[b.table];
        tab.table
            .leave(b.seat)
            .map_err(|e| ScenarioError::key("bust", e.to_string()))?;
        tab.opened.push(b.seat);
    }
    if s.names.len() - s.busts.len() > 1 {
        eval.tables()?;
    }
    Ok(eval.out)
}

fn new_table(s: &Scenario, seats: usize) -> Result<Table, ScenarioError> {
    Table::new(
        seats,
        Variant::NO_LIMIT_HOLDEM,
        s.profile.table.clone(),
        true,
    )
    .map_err(|e| ScenarioError::key("seats_per_table", e.to_string()))
}

fn sit(table: &mut Table, seat: Seat, player: usize, stack: u64) -> Result<(), ScenarioError> {
    table
        .sit(seat, PlayerId(player as u32), Chips(stack))
        .map_err(|e| ScenarioError::key("table.players", e.to_string()))
}

/// The small-blind position and big blind of a hand dealt with the button at `button`: the
/// next players after it (heads-up the button is the small blind, TDA-34).
fn blinds_of_last_hand(seats: &[Option<usize>], button: Seat) -> Option<(Seat, Seat)> {
    let n = seats.len();
    let next = |from: usize| {
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|&i| seats[i].is_some())
    };
    let occupied = seats.iter().filter(|s| s.is_some()).count();
    if occupied < 2 {
        return None;
    }
    let b = button.index();
    let sb = if occupied == 2 && seats[b].is_some() {
        b
    } else {
        next(b)?
    };
    let bb = next(sb)?;
    Some((Seat(sb as u8), Seat(bb as u8)))
}

/// Tables by name: numbers by value, before names; the highest breaks first (TDA-11C).
fn order_key(name: &str) -> (u8, u64, &str) {
    match name.parse::<u64>() {
        Ok(n) => (0, n, ""),
        Err(_) => (1, 0, name),
    }
}

fn occupied(table: &Table) -> Vec<Seat> {
    (0..table.seats().len())
        .map(|i| Seat(i as u8))
        .filter(|s| table.seats()[s.index()].is_some())
        .collect()
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn list(names: &[String]) -> String {
    names.join(", ")
}

impl Eval<'_> {
    fn name(&self, player: usize) -> String {
        self.s.names[player].clone()
    }

    fn seat_of(&self, player: usize) -> Option<(usize, Seat)> {
        self.tabs.iter().enumerate().find_map(|(t, tab)| {
            tab.table
                .seats()
                .iter()
                .position(|s| s.is_some_and(|p| p.id.0 as usize == player))
                .map(|i| (t, Seat(i as u8)))
        })
    }

    fn standing(&self) -> Vec<usize> {
        (0..self.tabs.len())
            .filter(|&t| !self.tabs[t].broken)
            .collect()
    }

    fn count(&self, t: usize) -> usize {
        self.tabs[t].table.player_count()
    }

    fn alive(&self) -> usize {
        self.s.names.len() - self.s.busts.len()
    }

    /// The final table, breaking, balancing, hand-for-hand, buttons and who sits out.
    fn tables(&mut self) -> Result<(), ScenarioError> {
        let final_size = usize::from(
            self.s
                .profile
                .director
                .final_table_size(self.s.seats_per_table as u8),
        );
        let tables_with_players = (0..self.tabs.len()).filter(|&t| self.count(t) > 0).count();
        if tables_with_players > 1 && self.alive() <= final_size {
            return self.final_table(final_size);
        }
        self.break_tables()?;
        match self.s.profile.director.balance {
            BalanceWhen::Tda => self.balance_tda()?,
            BalanceWhen::BeforeAnyHand => {
                self.balance_hc()?;
                // HC-1.8: players are moved only while every table waits and the clock stands.
                if !self.out.moves.is_empty() && !self.out.clock_stopped {
                    let standing = self.standing();
                    let names = standing.iter().map(|&t| self.tabs[t].name.clone());
                    self.stop_all(names.collect());
                }
            }
        }
        self.hand_for_hand();
        self.buttons()?;
        Ok(())
    }

    /// TDA-RP-8: hand-for-hand starts when the players left are one more than the places paid
    /// at more than one table, goes on while any left is unpaid, and stops every table.
    fn hand_for_hand(&mut self) {
        let paid = self.s.payouts.iter().filter(|&&p| p > 0).count();
        let alive = self.alive();
        let tables = self
            .standing()
            .iter()
            .filter(|&&t| self.count(t) > 0)
            .count();
        let on =
            paid > 0 && tables > 1 && alive > paid && (alive == paid + 1 || self.s.hand_for_hand);
        if !on {
            if self.s.hand_for_hand {
                self.out
                    .say("hand-for-hand ends".into(), &[rule!("TDA-RP-8")]);
            }
            return;
        }
        self.out.hand_for_hand = true;
        self.out.clock_stopped = true;
        let names: Vec<String> = self
            .standing()
            .iter()
            .map(|&t| self.tabs[t].name.clone())
            .collect();
        self.out.say(
            format!("hand-for-hand: tables {} wait for each other", list(&names)),
            &[rule!("TDA-RP-8")],
        );
        self.out.say(
            "the clock stands: 2 minutes come off for each hand-for-hand hand".into(),
            &[rule!("TDA-RP-8B")],
        );
        for n in names {
            if !self.out.wait.contains(&n) {
                self.out.wait.push(n);
            }
        }
    }

    /// Each standing table's next button by the dead-button rule (TDA-32, HC-3.6, WWPLA-9),
    /// redrawn where more than the profile allows are new (WWPLA-12), and the new players
    /// between the small blind and the button who wait for it to pass (TDA-10, WWPLA-12); each
    /// cited from the profile's own rulebook, TDA 2019 where it has no rule.
    fn buttons(&mut self) -> Result<(), ScenarioError> {
        let threshold = usize::from(self.s.profile.director.redraw_button_over_new_players);
        for t in self.standing() {
            if self.count(t) < 2 {
                continue;
            }
            let name = self.tabs[t].name.clone();
            if threshold > 0 && self.tabs[t].new_players > threshold {
                let seat = self.drawn_button(&self.tabs[t].table.clone(), FirstButton::HighCard)?;
                self.tabs[t]
                    .table
                    .redraw_button(seat)
                    .map_err(|e| ScenarioError::key("table", e.to_string()))?;
                self.out.say(
                    format!("{name}: more than {threshold} new players, button redrawn"),
                    &[rule!("WWPLA-12")],
                );
            }
            let positions = self.tabs[t]
                .table
                .next_positions()
                .map_err(|e| ScenarioError::key("table", e.to_string()))?;
            let button = positions.button.0 + 1;
            self.out.buttons.insert(name.clone(), button);
            let cite = cite::Cite(self.s.profile.id);
            let mut rules = vec![cite.dead_button()];
            if positions.dealt.len() == 2 && !rules.contains(&cite.heads_up()) {
                rules.push(cite.heads_up());
            }
            self.out
                .say(format!("button of {name} on seat {button}"), &rules);
            for (i, seat) in self.tabs[t].table.seats().iter().enumerate() {
                let Some(p) = seat else { continue };
                if !positions.dealt.contains(&Seat(i as u8)) {
                    let who = self.s.names[p.id.0 as usize].clone();
                    self.out.say(
                        format!("{who} sits out until the button passes"),
                        &[cite.new_player_waits()],
                    );
                    self.out.sits_out.push(who);
                }
            }
        }
        Ok(())
    }
}
