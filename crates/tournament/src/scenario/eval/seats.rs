//! Seat draws: the final table (TDA-RP-9, HC-1.7) and broken tables (TDA-10).

use super::{Eval, Move, list, new_table, occupied, order_key, sit};
use crate::balance;
use crate::profile::{BalanceWhen, FinalTable, FirstButton};
use crate::scenario::ScenarioError;
use crate::seating;
use cards::Card;
use engine::{Seat, Table, rule};

impl Eval<'_> {
    pub(super) fn final_table(&mut self, size: usize) -> Result<(), ScenarioError> {
        let s = self.s;
        let rule = match s.profile.director.final_table {
            FinalTable::Rp9 => rule!("TDA-RP-9"),
            FinalTable::Ten => rule!("HC-1.7"),
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
                .say("clock stopped for the moves".into(), &[rule!("HC-1.8")]);
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
        match (s.profile.director.first_button, s.profile.id) {
            (FirstButton::HighCard, _) => rules.push(rule!("TDA-RP-14")),
            // WWPLA-12: the button starts at seat one (under hc the ace's seat, HC-1.7).
            (FirstButton::SeatOne, engine::RulebookId::Wwpla) => rules.push(rule!("WWPLA-12")),
            _ => {}
        }
        self.out
            .say(format!("button of {name} on seat {}", button.0 + 1), &rules);
        self.tabs[target].table = table;
        Ok(())
    }

    /// A new table's first button: seat one (HC-1.7, WWPLA-12) or the high card by suit
    /// (TDA-RP-14), from `[draw] cards` when every player there drew one.
    pub(super) fn drawn_button(
        &mut self,
        table: &Table,
        how: FirstButton,
    ) -> Result<Seat, ScenarioError> {
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
    pub(super) fn break_tables(&mut self) -> Result<(), ScenarioError> {
        let size = self.s.seats_per_table;
        // A table its last players left in the hand just played is broken as it stands.
        for t in self.standing() {
            if self.count(t) == 0 && self.s.tables[t].seats.iter().any(Option::is_some) {
                self.tabs[t].broken = true;
                let name = self.tabs[t].name.clone();
                self.out.say(
                    format!("break table {name}: nobody is left there"),
                    &[rule!("TDA-10")],
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

    pub(super) fn break_table(&mut self, t: usize) -> Result<(), ScenarioError> {
        let s = self.s;
        let name = self.tabs[t].name.clone();
        self.tabs[t].broken = true;
        self.out.broken.push(name.clone());
        self.out.say(
            format!("break table {name}: seats drawn"),
            &[rule!("TDA-10"), rule!("TDA-11C")],
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
            self.out.say(format!("move {m}"), &[rule!("TDA-10")]);
            self.out.moves.push(m);
        }
        Ok(())
    }

    /// The director's draw for a broken table's players: a seat card at the shortest table for
    /// each, dealt out in two stages (TDA-10).
    pub(super) fn seat_cards(
        &mut self,
        players: usize,
    ) -> Result<Vec<(usize, Seat)>, ScenarioError> {
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
}
