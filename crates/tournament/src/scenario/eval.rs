//! What the director does after the hand a scenario describes, in the director's order (places
//! and bounties, then the final table or breaking, balancing, hand-for-hand), each step asking
//! the decision functions the director itself uses (`balance`, `places`, `payout`, `bounty`,
//! `seating`, and the engine's `Table` for the dead button).

use super::ScenarioError;
use super::input::Scenario;
use crate::balance;
use crate::bounty::BountyBook;
use crate::config::{BountyKind, Money};
use crate::draw::Draw;
use crate::places::{self, Busted};
use crate::profile::{BalanceWhen, FinalTable, FirstButton, Mover, SameHandTies, SourceTable};
use crate::seating;
use cards::{Card, Deck};
use engine::{Chips, PlayerId, Seat, Table, Variant};
use std::collections::BTreeMap;
use std::fmt;

/// The fixed seed of the draws a scenario leaves to the software.
const SEED: u64 = 0x00d1_2ec7;

/// One instruction of the director, with the rules it applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    pub text: String,
    pub rules: Vec<&'static str>,
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.text, self.rules.join(", "))
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
            if !out.contains(id) {
                out.push(id);
            }
        }
        out
    }

    fn say(&mut self, text: String, rules: &[&'static str]) {
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

    /// HC-1.3, WWPLA-12: places of this hand's busts, their prizes (shared under TDA-RP-8A),
    /// the bounties (HC-1.2), and the winner's at the last bust.
    fn places(&mut self) -> Result<(), ScenarioError> {
        let s = self.s;
        if s.busts.is_empty() {
            return Ok(());
        }
        let ties = s.profile.director.same_hand_ties;
        let busted: Vec<Busted> = s
            .busts
            .iter()
            .map(|b| Busted {
                player: PlayerId(b.player as u32),
                start_stack: b.stack_at_start,
                hands_to_big_blind: self.hands_to_big_blind(b.table, b.seat),
            })
            .collect();
        let rank = |deck: &mut Deck| {
            places::rank_same_hand(ties, &busted, deck)
                .map_err(|e| ScenarioError::key("bust", e.to_string()))
        };
        let mut ranking = rank(&mut self.draw.deck(busted.len()))?;
        // The cards that fell at the table, dealt to the tied players in the same order.
        let given: Vec<Option<Card>> = ranking
            .draws
            .iter()
            .map(|(p, _)| s.draw.cards.get(&(p.0 as usize)).copied())
            .collect();
        if given.iter().any(Option::is_some) {
            if let Some(i) = given.iter().position(Option::is_none) {
                return Err(ScenarioError::key(
                    "draw.cards",
                    format!(
                        "{} ties on the stack at the start of the hand and needs a card too",
                        self.name(ranking.draws[i].0.0 as usize)
                    ),
                ));
            }
            ranking = rank(&mut Deck::from_cards(given.into_iter().flatten().collect()))?;
        }
        let alive_before = s.names.len() as u32;
        let placed = places::places_for(alive_before, ranking.order.len());
        let prize_of = |place: u32| s.payouts.get(place as usize - 1).copied().unwrap_or(0);
        let mut prizes: Vec<u64> = placed.iter().map(|&p| prize_of(p)).collect();
        let shared = s.hand_for_hand && ranking.order.len() > 1;
        if shared {
            let total = Money(prizes.iter().sum());
            prizes = crate::payout::share(total, prizes.len(), Money(1))
                .into_iter()
                .map(|m| m.0)
                .collect();
        }
        let mut rules: Vec<&'static str> = vec!["HC-1.3"];
        if !ranking.draws.is_empty() {
            rules.push("HC-3.5");
            if s.profile.id != "hc" {
                // The other rulebooks do not say: a card draw is the fair way (TDA-RP-14).
                rules.push("TDA-RP-14");
            }
        }
        if ties == SameHandTies::NearestBlind && ranking.order.len() > 1 {
            rules.push("WWPLA-12");
        }
        if shared {
            rules.push("TDA-RP-8A");
        }
        for (k, (&player, &place)) in ranking.order.iter().zip(&placed).enumerate() {
            let name = self.name(player.0 as usize);
            self.out.places.insert(name.clone(), place);
            self.out.prizes.insert(name.clone(), prizes[k]);
            let text = format!("{name} finishes {}, prize {}", ordinal(place), prizes[k]);
            self.out.say(text, &rules);
        }
        for (p, card) in &ranking.draws {
            let text = format!("{} drew {card} for the place", self.name(p.0 as usize));
            self.out.say(text, &["HC-1.3", "HC-3.5"]);
        }
        let winner = (s.busts.len() + 1 == s.names.len())
            .then(|| (0..s.names.len()).find(|&p| !s.busts.iter().any(|b| b.player == p)))
            .flatten();
        if let Some(w) = winner {
            let name = self.name(w);
            let prize = prize_of(1);
            self.out.places.insert(name.clone(), 1);
            self.out.prizes.insert(name.clone(), prize);
            self.out
                .say(format!("{name} wins the event, prize {prize}"), &["HC-1.3"]);
        }
        if let Some(bounty) = s.bounty {
            let mut book = BountyBook::new(BountyKind::Fixed, true, Money(1));
            for p in 0..s.names.len() {
                book.enter(PlayerId(p as u32), Money(bounty));
            }
            for b in &s.busts {
                if let Some(by) = b.by {
                    book.knockout(PlayerId(b.player as u32), &[PlayerId(by as u32)]);
                    let text = format!(
                        "{} wins the bounty {bounty} of {}",
                        self.name(by),
                        self.name(b.player)
                    );
                    self.out.say(text, &["HC-1.2"]);
                }
            }
            if let Some(w) = winner {
                let own = book.finish(PlayerId(w as u32));
                let text = format!("{} keeps their own bounty {}", self.name(w), own.0);
                self.out.say(text, &["HC-1.2"]);
            }
            for p in 0..s.names.len() {
                let won = book.won(PlayerId(p as u32)).0;
                if won > 0 {
                    self.out.bounties.insert(self.name(p), won);
                }
            }
        }
        Ok(())
    }

    /// Hands until the player at `seat` would have had the big blind, counted from the big blind
    /// of the hand just played (WWPLA-12: nearer the blind places higher).
    fn hands_to_big_blind(&self, table: usize, seat: Seat) -> u8 {
        let t = &self.tabs[table].table;
        let Some((_, _, bb)) = t.last_positions() else {
            return 0;
        };
        let n = t.seats().len();
        (0..n)
            .map(|k| (bb.index() + k) % n)
            .filter(|&i| t.seats()[i].is_some())
            .position(|i| i == seat.index())
            .unwrap_or(0) as u8
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
        let before: Vec<String> = self
            .standing()
            .into_iter()
            .filter(|&t| self.count(t) > 0)
            .map(|t| self.tabs[t].name.clone())
            .collect();
        self.break_tables()?;
        match self.s.profile.director.balance {
            BalanceWhen::Tda => self.balance_tda()?,
            BalanceWhen::BeforeAnyHand => {
                self.balance_hc()?;
                if !self.out.moves.is_empty() && !self.out.clock_stopped {
                    self.stop_all(before);
                }
            }
        }
        self.hand_for_hand();
        self.buttons()?;
        Ok(())
    }

    fn final_table(&mut self, size: usize) -> Result<(), ScenarioError> {
        let s = self.s;
        let rule = match s.profile.director.final_table {
            FinalTable::Rp9 => "TDA-RP-9",
            FinalTable::Ten => "HC-1.7",
        };
        self.out.final_table = true;
        self.out.wait = self
            .tabs
            .iter()
            .filter(|t| t.table.player_count() > 0)
            .map(|t| t.name.clone())
            .collect();
        let mut players: Vec<usize> = (0..s.names.len())
            .filter(|&p| self.seat_of(p).is_some())
            .collect();
        let drawn: Vec<Option<(usize, Seat)>> = players
            .iter()
            .map(|p| s.draw.seats.get(p).copied())
            .collect();
        let seats_at = size.max(s.seats_per_table);
        let (target, seats): (usize, Vec<Seat>) = if drawn.iter().all(Option::is_none) {
            // The director's draw: seats as for a new table (HC-1.7's cards fill from the ace).
            let seats = seating::first_seats(
                &[players.len()],
                seats_at,
                s.profile.director.seat_draw,
                &mut self.draw,
            )
            .remove(0);
            self.draw.shuffle(&mut players);
            (0, seats)
        } else {
            let mut seats = Vec::new();
            let target = drawn.iter().flatten().next().map_or(0, |d| d.0);
            for (p, d) in players.iter().zip(&drawn) {
                let key = format!("draw.seats.{}", s.names[*p]);
                let Some((t, seat)) = *d else {
                    return Err(ScenarioError::key(
                        key,
                        "every player draws a final-table seat",
                    ));
                };
                if t != target {
                    return Err(ScenarioError::key(key, "the final table is one table"));
                }
                if seat.index() >= seats_at {
                    return Err(ScenarioError::key(
                        key,
                        format!("the table has {seats_at} seats"),
                    ));
                }
                seats.push(seat);
            }
            (target, seats)
        };
        let mut table = new_table(s, seats_at)?;
        for (&p, &seat) in players.iter().zip(&seats) {
            let (t, from) = self.seat_of(p).unwrap_or((target, seat));
            sit(&mut table, seat, p, s.stacks[p])?;
            if (t, from) != (target, seat) {
                self.out.moves.push(Move {
                    player: self.name(p),
                    from: (self.tabs[t].name.clone(), from.0 + 1),
                    to: (self.tabs[target].name.clone(), seat.0 + 1),
                });
            }
        }
        if s.profile.director.balance == BalanceWhen::BeforeAnyHand {
            self.out.clock_stopped = true;
            self.out
                .say("clock stopped for the moves".into(), &["HC-1.8"]);
        }
        let button = self.drawn_button(&table, s.profile.director.first_button)?;
        let name = self.tabs[target].name.clone();
        self.out.say(
            format!(
                "tables {} wait for the final-table draw",
                list(&self.out.wait)
            ),
            &[rule],
        );
        self.out
            .say(format!("final table at {name}: seats drawn"), &[rule]);
        for m in self.out.moves.clone() {
            self.out.say(format!("move {m}"), &[rule]);
        }
        for (t, tab) in self.tabs.iter_mut().enumerate() {
            if t != target && s.tables[t].seats.iter().any(Option::is_some) {
                self.out.broken.push(tab.name.clone());
            }
            tab.broken = t != target;
        }
        self.out.buttons.insert(name.clone(), button.0 + 1);
        let mut rules = vec![rule];
        if s.profile.director.first_button == FirstButton::HighCard {
            rules.push("TDA-RP-14");
        }
        self.out
            .say(format!("button of {name} on seat {}", button.0 + 1), &rules);
        self.tabs[target].table = table;
        Ok(())
    }

    /// A new table's first button: seat one (HC-1.7, WWPLA-12) or the high card by suit
    /// (TDA-RP-14), from `[draw] cards` when every player there drew one.
    fn drawn_button(&mut self, table: &Table, how: FirstButton) -> Result<Seat, ScenarioError> {
        let seats: Vec<Seat> = occupied(table);
        if how == FirstButton::HighCard {
            let cards: Vec<Option<Card>> = seats
                .iter()
                .map(|s| {
                    let p = table.seats()[s.index()].map(|p| p.id.0 as usize);
                    p.and_then(|p| self.s.draw.cards.get(&p).copied())
                })
                .collect();
            if cards.iter().all(Option::is_some) {
                let best = seats.iter().zip(&cards).max_by_key(|(_, c)| **c);
                return Ok(best.map_or(Seat(0), |(s, _)| *s));
            }
        }
        Ok(seating::first_button(&seats, how, &mut self.draw).0)
    }

    /// TDA-10: as many tables as the players no longer need break, the highest first; their
    /// players draw seats at the shortest tables in two stages.
    fn break_tables(&mut self) -> Result<(), ScenarioError> {
        let size = self.s.seats_per_table;
        // A table its last players left in the hand just played is broken as it stands.
        for t in self.standing() {
            if self.count(t) == 0 && self.s.tables[t].seats.iter().any(Option::is_some) {
                self.tabs[t].broken = true;
                let name = self.tabs[t].name.clone();
                self.out.say(
                    format!("break table {name}: nobody is left there"),
                    &["TDA-10"],
                );
                self.out.broken.push(name);
            }
        }
        loop {
            let standing = self.standing();
            if standing.len() < 2 || self.alive() > (standing.len() - 1) * size {
                return Ok(());
            }
            let Some(&highest) = standing
                .iter()
                .max_by_key(|&&t| order_key(&self.tabs[t].name))
            else {
                return Ok(());
            };
            self.break_table(highest)?;
        }
    }

    fn break_table(&mut self, t: usize) -> Result<(), ScenarioError> {
        let s = self.s;
        let name = self.tabs[t].name.clone();
        self.tabs[t].broken = true;
        self.out.broken.push(name.clone());
        self.out.say(
            format!("break table {name}: seats drawn"),
            &["TDA-10", "TDA-11C"],
        );
        let seated: Vec<(Seat, usize)> = occupied(&self.tabs[t].table)
            .into_iter()
            .filter_map(|seat| {
                self.tabs[t].table.seats()[seat.index()].map(|p| (seat, p.id.0 as usize))
            })
            .collect();
        let drawn: Vec<Option<(usize, Seat)>> = seated
            .iter()
            .map(|(_, p)| s.draw.seats.get(p).copied())
            .collect();
        let dest: Vec<(usize, Seat)> = if drawn.iter().all(Option::is_none) {
            self.seat_cards(seated.len())?
        } else {
            let mut dest = Vec::new();
            for ((_, p), d) in seated.iter().zip(&drawn) {
                let key = format!("draw.seats.{}", s.names[*p]);
                let Some((to, seat)) = *d else {
                    return Err(ScenarioError::key(
                        key,
                        "every player of a broken table draws",
                    ));
                };
                let tab = &self.tabs[to];
                if tab.broken {
                    return Err(ScenarioError::key(
                        key,
                        format!("table {} breaks", tab.name),
                    ));
                }
                if tab.table.seats().get(seat.index()) != Some(&None) {
                    return Err(ScenarioError::key(
                        key,
                        format!("seat {}/{} is not open", tab.name, seat.0 + 1),
                    ));
                }
                dest.push((to, seat));
            }
            dest
        };
        for (&(from, p), &(to, seat)) in seated.iter().zip(&dest) {
            let stack = self.tabs[t]
                .table
                .leave(from)
                .map_err(|e| ScenarioError::key("table", e.to_string()))?
                .stack;
            sit(&mut self.tabs[to].table, seat, p, stack.0)?;
            self.tabs[to].new_players += 1;
            let m = Move {
                player: self.name(p),
                from: (name.clone(), from.0 + 1),
                to: (self.tabs[to].name.clone(), seat.0 + 1),
            };
            self.out.say(format!("move {m}"), &["TDA-10"]);
            self.out.moves.push(m);
        }
        Ok(())
    }

    /// The director's draw for a broken table's players: a seat card at the shortest table for
    /// each, dealt out in two stages (TDA-10).
    fn seat_cards(&mut self, players: usize) -> Result<Vec<(usize, Seat)>, ScenarioError> {
        let mut counts: Vec<(usize, usize)> = self
            .standing()
            .into_iter()
            .map(|t| (t, self.count(t)))
            .collect();
        let mut cards: Vec<(usize, Seat)> = Vec::new();
        for _ in 0..players {
            let Some(&(dest, n)) = counts
                .iter()
                .min_by_key(|(t, n)| (*n, order_key(&self.tabs[*t].name)))
            else {
                break;
            };
            let open: Vec<Seat> = balance::empty_seats(&self.tabs[dest].table)
                .filter(|s| !cards.contains(&(dest, *s)))
                .collect();
            if open.is_empty() {
                return Err(ScenarioError::key(
                    "table",
                    "no open seat for a broken table's player",
                ));
            }
            cards.push((dest, open[self.draw.below(open.len())]));
            for c in &mut counts {
                if c.0 == dest {
                    c.1 = n + 1;
                }
            }
        }
        let draw = seating::two_stage(players, cards.len(), &mut self.draw);
        Ok(draw.iter().map(|&(k, _)| cards[k]).collect())
    }

    fn counts(&self) -> Vec<(usize, usize)> {
        self.standing()
            .into_iter()
            .map(|t| (t, self.count(t)))
            .collect()
    }

    /// TDA-11: tables 3 short of the fullest stop (TDA-11D); while a table is two short, the
    /// fullest (the lowest number among equals, TDA-11C) gives it a player.
    fn balance_tda(&mut self) -> Result<(), ScenarioError> {
        let counts = self.counts();
        let max = counts.iter().map(|c| c.1).max().unwrap_or(0);
        let hold = usize::from(self.s.profile.director.hold_when_short_by);
        let short: Vec<String> = counts
            .iter()
            .filter(|c| c.1 + hold <= max)
            .map(|c| self.tabs[c.0].name.clone())
            .collect();
        if !short.is_empty() {
            self.out.say(
                format!("tables {} wait: {hold} or more short", list(&short)),
                &["TDA-11D"],
            );
            self.out.wait.extend(short);
        }
        while let Some((from, to)) = self.imbalance() {
            self.move_player(from, to, None)?;
        }
        Ok(())
    }

    /// The fullest and the shortest table when they differ by two or more.
    fn imbalance(&self) -> Option<(usize, usize)> {
        let counts = self.counts();
        let key = |c: &(usize, usize)| order_key(&self.tabs[c.0].name);
        let max = counts.iter().map(|c| c.1).max()?;
        let min = counts.iter().map(|c| c.1).min()?;
        if max < min + 2 {
            return None;
        }
        let from = counts
            .iter()
            .filter(|c| c.1 == max)
            .min_by_key(|c| key(c))?
            .0;
        let to = counts
            .iter()
            .filter(|c| c.1 == min)
            .min_by_key(|c| key(c))?
            .0;
        Some((from, to))
    }

    /// HC-1.8: once tables differ by two every table waits and the clock stops; from the
    /// fullest table (the lowest card among equals) the player at the bust's position relative
    /// to the button takes the bust's seat, the vacancy closest left of the button first.
    fn balance_hc(&mut self) -> Result<(), ScenarioError> {
        if self.imbalance().is_none() {
            return Ok(());
        }
        let names: Vec<String> = self
            .standing()
            .iter()
            .map(|&t| self.tabs[t].name.clone())
            .collect();
        self.stop_all(names);
        while let Some((first, to)) = self.imbalance() {
            let max = self.count(first);
            let fullest: Vec<usize> = self
                .counts()
                .into_iter()
                .filter(|c| c.1 == max)
                .map(|c| c.0)
                .collect();
            let from = if fullest.len() > 1
                && self.s.profile.director.source_table == SourceTable::LowestCard
            {
                self.lowest_card(&fullest)?
            } else {
                first
            };
            let tab = &mut self.tabs[to];
            let mut vacancies: Vec<(Seat, usize)> = tab
                .opened
                .iter()
                .filter(|s| tab.table.seats()[s.index()].is_none())
                .map(|&s| (s, balance::seats_left_of_button(&tab.table, s)))
                .collect();
            vacancies.sort_by_key(|v| v.1);
            self.move_player(from, to, vacancies.first().copied())?;
        }
        Ok(())
    }

    /// HC-1.8: players are moved before any new hand anywhere, with the clock stopped.
    fn stop_all(&mut self, names: Vec<String>) {
        self.out
            .say(format!("tables {} wait", list(&names)), &["HC-1.8"]);
        self.out.say("clock stopped".into(), &["HC-1.8"]);
        for n in names {
            if !self.out.wait.contains(&n) {
                self.out.wait.push(n);
            }
        }
        self.out.clock_stopped = true;
    }

    /// HC-1.8: a card for each equally full table, the lowest (suits breaking ties) gives.
    fn lowest_card(&mut self, fullest: &[usize]) -> Result<usize, ScenarioError> {
        let given: Vec<Option<Card>> = fullest
            .iter()
            .map(|t| self.s.draw.source.get(t).copied())
            .collect();
        let cards: Vec<Card> = if given.iter().all(Option::is_some) {
            given.into_iter().flatten().collect()
        } else if given.iter().all(Option::is_none) {
            self.draw.cards(fullest.len())
        } else {
            let missing = fullest
                .iter()
                .zip(&given)
                .find(|(_, c)| c.is_none())
                .map_or(String::new(), |(&t, _)| self.tabs[t].name.clone());
            return Err(ScenarioError::key(
                format!("draw.source.{missing}"),
                "every equally full table gets a card",
            ));
        };
        let low = (0..fullest.len()).min_by_key(|&i| cards[i]).unwrap_or(0);
        let shown: Vec<String> = fullest
            .iter()
            .zip(&cards)
            .map(|(&t, c)| format!("{} {c}", self.tabs[t].name))
            .collect();
        self.out.say(
            format!(
                "cards for the table that gives: {}; the lowest, {}, gives",
                shown.join(", "),
                self.tabs[fullest[low]].name
            ),
            &["HC-1.8", "HC-3.5"],
        );
        Ok(fullest[low])
    }

    /// One player from `from` to `to` by the profile's mover rule, as the director moves them.
    fn move_player(
        &mut self,
        from: usize,
        to: usize,
        vacancy: Option<(Seat, usize)>,
    ) -> Result<(), ScenarioError> {
        let source = &self.tabs[from].table;
        let dest = &self.tabs[to].table;
        let last = dest.last_positions();
        let (seat, dest_seat, rule) = match (self.s.profile.director.mover, vacancy) {
            (Mover::RelativePosition, Some((vacant, k))) => (
                balance::at_relative_position(source, k),
                Some(vacant),
                "HC-1.8",
            ),
            (Mover::ButtonNext, _) => (
                balance::button_next(source),
                balance::soonest_button(dest, last),
                "WWPLA-12",
            ),
            // TDA-11A, stud only: by position, into the seat opened last at the short table.
            _ if self.s.stud => {
                let opened = self.tabs[to].opened.last().copied();
                let seat = opened.filter(|s| dest.seats().get(s.index()) == Some(&None));
                let from_seat = seat.and_then(|s| balance::by_position(source, s));
                let from_seat = from_seat.or_else(|| balance::big_blind_next(source));
                (from_seat, seat, "TDA-11A")
            }
            _ => (
                balance::big_blind_next(source),
                balance::worst_position(dest, last),
                "TDA-11A",
            ),
        };
        let rules: &[&'static str] = match rule {
            "TDA-11A" => &["TDA-11A", "TDA-11C"],
            "HC-1.8" => &["HC-1.8"],
            _ => &["WWPLA-12"],
        };
        let Some(seat) = seat else {
            return Err(ScenarioError::key("table", "no player to move"));
        };
        let dest_seat = match dest_seat {
            Some(s) => s,
            None => {
                let open: Vec<Seat> = balance::empty_seats(dest).collect();
                if open.is_empty() {
                    return Err(ScenarioError::key("table", "no open seat to move to"));
                }
                open[self.draw.below(open.len())]
            }
        };
        let player = self.tabs[from]
            .table
            .leave(seat)
            .map_err(|e| ScenarioError::key("table", e.to_string()))?;
        let p = player.id.0 as usize;
        sit(&mut self.tabs[to].table, dest_seat, p, player.stack.0)?;
        self.tabs[to].new_players += 1;
        let m = Move {
            player: self.name(p),
            from: (self.tabs[from].name.clone(), seat.0 + 1),
            to: (self.tabs[to].name.clone(), dest_seat.0 + 1),
        };
        self.out.say(format!("move {m}"), rules);
        self.out.moves.push(m);
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
                self.out.say(
                    "hand-for-hand ends: everyone left is paid".into(),
                    &["TDA-RP-8"],
                );
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
            &["TDA-RP-8"],
        );
        self.out.say(
            "the clock stands: 2 minutes come off for each hand-for-hand hand".into(),
            &["TDA-RP-8B"],
        );
        for n in names {
            if !self.out.wait.contains(&n) {
                self.out.wait.push(n);
            }
        }
    }

    /// Each standing table's next button by the dead-button rule (TDA-32, HC-3.6), redrawn
    /// where more than the profile allows are new (WWPLA-12), and the new players between the
    /// small blind and the button who wait for it to pass (TDA-10, WWPLA-12).
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
                    &["WWPLA-12"],
                );
            }
            let positions = self.tabs[t]
                .table
                .next_positions()
                .map_err(|e| ScenarioError::key("table", e.to_string()))?;
            let button = positions.button.0 + 1;
            self.out.buttons.insert(name.clone(), button);
            let rules: &[&'static str] = if positions.dealt.len() == 2 {
                &["TDA-32", "HC-3.6", "TDA-34"]
            } else {
                &["TDA-32", "HC-3.6"]
            };
            self.out
                .say(format!("button of {name} on seat {button}"), rules);
            for (i, seat) in self.tabs[t].table.seats().iter().enumerate() {
                let Some(p) = seat else { continue };
                if !positions.dealt.contains(&Seat(i as u8)) {
                    let who = self.s.names[p.id.0 as usize].clone();
                    self.out.say(
                        format!("{who} sits out until the button passes"),
                        &["TDA-10", "WWPLA-12"],
                    );
                    self.out.sits_out.push(who);
                }
            }
        }
        Ok(())
    }
}
