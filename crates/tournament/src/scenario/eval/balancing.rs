//! Balancing by the profile: TDA-11 (A, C, D), WWPLA-12, HC-1.8.

use super::{Eval, Move, list, order_key, sit};
use crate::balance::{self, GameInPlay};
use crate::profile::SourceTable;
use crate::scenario::ScenarioError;
use cards::Card;
use engine::{Seat, rule};

impl Eval<'_> {
    pub(super) fn counts(&self) -> Vec<(usize, usize)> {
        self.standing()
            .into_iter()
            .map(|t| (t, self.count(t)))
            .collect()
    }

    /// TDA-11: tables 3 short of the fullest stop (TDA-11D); while a table is two short, the
    /// fullest (the lowest number among equals, TDA-11C) gives it a player.
    pub(super) fn balance_tda(&mut self) -> Result<(), ScenarioError> {
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
                &[rule!("TDA-11D")],
            );
            self.out.wait.extend(short);
        }
        while let Some((from, to)) = self.imbalance() {
            self.move_player(from, to, None)?;
        }
        Ok(())
    }

    /// The fullest and the shortest table when they differ by two or more.
    pub(super) fn imbalance(&self) -> Option<(usize, usize)> {
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
    pub(super) fn balance_hc(&mut self) -> Result<(), ScenarioError> {
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
    pub(super) fn stop_all(&mut self, names: Vec<String>) {
        self.out
            .say(format!("tables {} wait", list(&names)), &[rule!("HC-1.8")]);
        self.out.say("clock stopped".into(), &[rule!("HC-1.8")]);
        for n in names {
            if !self.out.wait.contains(&n) {
                self.out.wait.push(n);
            }
        }
        self.out.clock_stopped = true;
    }

    /// HC-1.8: a card for each equally full table, the lowest (suits breaking ties) gives.
    pub(super) fn lowest_card(&mut self, fullest: &[usize]) -> Result<usize, ScenarioError> {
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
            &[rule!("HC-1.8"), rule!("HC-3.5")],
        );
        Ok(fullest[low])
    }

    /// One player from `from` to `to` by the profile's mover rule, as the director moves them.
    pub(super) fn move_player(
        &mut self,
        from: usize,
        to: usize,
        vacancy: Option<(Seat, usize)>,
    ) -> Result<(), ScenarioError> {
        let source = &self.tabs[from].table;
        let dest = &self.tabs[to].table;
        let last = dest.last_positions();
        // The stud games of a scenario are its only game: by position (TDA-11A).
        let game = if self.s.stud {
            GameInPlay::StudOnly {
                opened: self.tabs[to].opened.last().copied(),
            }
        } else {
            GameInPlay::Flop
        };
        let choice =
            balance::choose_mover(&self.s.profile.director, source, dest, last, vacancy, game);
        let (seat, dest_seat) = (choice.from, choice.to);
        let mut rules = vec![choice.rule];
        // TDA-11C: the giving table is picked by a fixed procedure (HC-1.8's card is its own).
        if self.s.profile.director.source_table == SourceTable::FirstToFinish {
            rules.push(rule!("TDA-11C"));
        }
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
        self.out.say(format!("move {m}"), &rules);
        self.out.moves.push(m);
        Ok(())
    }
}
