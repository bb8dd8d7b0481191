//! Whole tournaments played by bots, in simulated time: every table plays its hands in parallel
//! time (a hand takes 30 seconds plus 5 per action), the director runs the clock, balancing,
//! breaking and the rest, and the rules are checked before every hand
//! (`Tournament::check_before_hand`): any breach stops the run with the error.

pub mod bots;
mod stud;
mod tier;

pub use bots::Bots;

use crate::clock::Time;
use crate::config::EventConfig;
use crate::director::{
    Actor, DirectorError, HandReport, Status, TableId, TdAction, Tournament, Wait,
};
use cards::sample::below_u64;
use engine::{Hand, Op, PlayerId, Step};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};
use thiserror::Error;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimOptions {
    pub entrants: u32,
    pub seed: u64,
    pub bots: Bots,
    /// Exercise the director too: late players, late registration, re-entries, rebuys,
    /// add-ons, penalties and undos.
    pub director_traffic: bool,
}

#[derive(Debug, Error)]
pub enum SimError {
    #[error(transparent)]
    Director(#[from] DirectorError),
    #[error("the engine refused a bot's action: {0}")]
    Engine(String),
    #[error("the simulation stalled at {at}: {detail}")]
    Stalled { at: Time, detail: String },
    #[error("after the tournament: {0}")]
    Audit(String),
}

/// Progress for a caller's progress bar.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub alive: u32,
    pub entrants: u32,
    pub hands: u64,
    pub tables: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Ev {
    Finish(u32),
    Try(u32),
    Register,
    Arrive(u32),
}

struct Sim {
    t: Tournament,
    queue: BinaryHeap<Reverse<(Time, u64, Ev)>>,
    seq: u64,
    hands: Vec<Option<Hand>>,
    waiting: BTreeSet<u32>,
    rng: ChaCha8Rng,
    opts: SimOptions,
    actions: Vec<crate::director::ActionId>,
    names: u32,
    known_tables: u32,
    /// Clock jumps in a row with no hand played: a table held for ever is a stall, not a wait.
    idle_jumps: u32,
    /// Why the last table that tried could not start, for a stall's report.
    last_wait: String,
}

/// More clock jumps than this with no hand played in between is a stall.
const MAX_IDLE_JUMPS: u32 = 100;

const SECOND: u64 = 1000;

/// Plays a tournament to its winner; `progress` is called every few thousand hands.
pub fn run(
    config: EventConfig,
    opts: SimOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<Tournament, SimError> {
    let t = Tournament::new(config, opts.seed)?;
    let mut sim = Sim {
        t,
        queue: BinaryHeap::new(),
        seq: 0,
        hands: Vec::new(),
        waiting: BTreeSet::new(),
        rng: ChaCha8Rng::seed_from_u64(opts.seed ^ 0x5eed),
        opts,
        actions: Vec::new(),
        names: 0,
        known_tables: 0,
        idle_jumps: 0,
        last_wait: String::new(),
    };
    sim.register_field()?;
    sim.t.start(Time(0))?;
    sim.release_all(Time(0));
    let mut last_report = 0;
    while !sim.t.is_finished() {
        let Some(Reverse((now, _, ev))) = sim.queue.pop() else {
            sim.idle()?;
            continue;
        };
        match ev {
            Ev::Try(table) => sim.try_start(table, now)?,
            Ev::Finish(table) => sim.finish(table, now)?,
            Ev::Register => sim.late_registration(now)?,
            Ev::Arrive(player) => sim.t.arrive(PlayerId(player), now)?,
        }
        if sim.t.stats.hands >= last_report + 4096 {
            last_report = sim.t.stats.hands;
            progress(Progress {
                alive: sim.t.alive(),
                entrants: sim.t.stats.entries,
                hands: sim.t.stats.hands,
                tables: sim.t.active_table_count(),
            });
        }
    }
    audit(&sim.t)?;
    Ok(sim.t)
}

impl Sim {
    fn push(&mut self, at: Time, ev: Ev) {
        self.seq += 1;
        self.queue.push(Reverse((at, self.seq, ev)));
    }

    fn chance(&mut self, percent: u64) -> bool {
        below_u64(&mut self.rng, 1000) < percent * 10
    }

    fn next_name(&mut self) -> String {
        self.names += 1;
        format!("Player {}", self.names)
    }

    fn register_field(&mut self) -> Result<(), SimError> {
        let late_open = self.t.config().registration.late_until_level > 0;
        for _ in 0..self.opts.entrants {
            if self.opts.director_traffic && late_open && self.chance(10) {
                let minutes = u64::from(self.t.config().level(0).minutes);
                let at = Time(below_u64(&mut self.rng, (minutes * 60 * SECOND).max(1)));
                self.push(at, Ev::Register);
                continue;
            }
            let arrived = !(self.opts.director_traffic && self.chance(3));
            let name = self.next_name();
            let id = self.t.register(&name, arrived, None, Time(0))?;
            // Skipped while away (DG-8a) with no deadline (HC-1.4), a player who never came would
            // hold their chips forever: there every late player comes.
            let deadline = self
                .t
                .config()
                .late_players
                .map_or(self.t.profile().director.late_player_deadline_level, |l| {
                    l.removed_at_level
                });
            let skipped = self.t.profile().table.absent_players == engine::AbsentPlayers::Skipped;
            let may_stay_away = deadline > 0 || !skipped;
            if !arrived && (!may_stay_away || !self.chance(30)) {
                let at = Time(below_u64(&mut self.rng, 40 * 60 * SECOND));
                self.push(at, Ev::Arrive(id.0));
            }
        }
        Ok(())
    }

    fn late_registration(&mut self, now: Time) -> Result<(), SimError> {
        let name = self.next_name();
        match self.t.register(&name, true, None, now) {
            Ok(_) => {}
            Err(DirectorError::Closed { .. }) => return Ok(()),
            Err(e) => return Err(e.into()),
        }
        self.release_all(now);
        Ok(())
    }

    fn try_start(&mut self, table: u32, now: Time) -> Result<(), SimError> {
        let start = match self.t.next_hand(TableId(table), now) {
            Ok(start) => start,
            Err(DirectorError::Wait(_, Wait::Broken | Wait::Finished)) => {
                self.release_new(now);
                return Ok(());
            }
            Err(e @ DirectorError::Wait(_, _)) => {
                self.last_wait = e.to_string();
                self.waiting.insert(table);
                return Ok(());
            }
            Err(e) => return Err(e.into()),
        };
        self.waiting.remove(&table);
        let mut hand = Hand::new(start.setup).map_err(|e| SimError::Engine(e.to_string()))?;
        let mut actions = 0u64;
        while let Step::Act(p) = hand.step() {
            let Some(legal) = hand.legal_actions() else {
                break;
            };
            let entrant = start.players[p.index()].0;
            let unit = self.t.denominations().first().copied().unwrap_or(1);
            let action = bots::decide(self.opts.bots, entrant, &hand, &legal, unit, &mut self.rng);
            hand.apply(Op::Act(p, action))
                .map_err(|e| SimError::Engine(e.to_string()))?;
            actions += 1;
        }
        if !hand.is_over() {
            return Err(SimError::Engine(format!(
                "a hand at table {} stopped at {}",
                table + 1,
                hand.step()
            )));
        }
        let i = table as usize;
        if self.hands.len() <= i {
            self.hands.resize_with(i + 1, || None);
        }
        self.hands[i] = Some(hand);
        self.push(Time(now.0 + (30 + 5 * actions) * SECOND), Ev::Finish(table));
        Ok(())
    }

    fn finish(&mut self, table: u32, now: Time) -> Result<(), SimError> {
        let Some(hand) = self.hands.get_mut(table as usize).and_then(Option::take) else {
            return Ok(());
        };
        let report = self.t.finish_hand(TableId(table), &hand, now)?;
        self.idle_jumps = 0;
        if self.opts.director_traffic {
            self.player_decisions(&report, table, now)?;
            self.director_actions(table, now)?;
        }
        self.t.declare_winner_if_alone(now)?;
        self.push(Time(now.0 + SECOND), Ev::Try(table));
        for touched in &report.touched {
            if self.waiting.remove(&touched.0) {
                self.push(now, Ev::Try(touched.0));
            }
        }
        if report.release_all {
            self.release_all(now);
        }
        Ok(())
    }

    /// Every waiting table, and any table opened since (a final table), tries to start.
    fn release_all(&mut self, now: Time) {
        let waiting = std::mem::take(&mut self.waiting);
        for table in waiting {
            self.push(now, Ev::Try(table));
        }
        self.release_new(now);
    }

    /// Tables opened since the last look (a final table, a table for late entries) try to start.
    fn release_new(&mut self, now: Time) {
        let tables = self.t.tables().len() as u32;
        for table in self.known_tables..tables {
            self.push(now, Ev::Try(table));
        }
        self.known_tables = tables;
    }

    /// Rebuys, re-entries and add-ons, as players would take them.
    fn player_decisions(
        &mut self,
        report: &HandReport,
        table: u32,
        now: Time,
    ) -> Result<(), SimError> {
        for &player in &report.busted {
            if self.t.config().rebuy.is_some()
                && self.chance(50)
                && self.t.rebuy(player, Actor::System, now).is_ok()
            {
                self.release_all(now);
                continue;
            }
            if self.t.config().re_entry.is_some()
                && self.chance(50)
                && self.t.re_enter(player, Actor::System, now).is_ok()
            {
                self.release_all(now);
            }
        }
        let seated: Vec<PlayerId> = self.t.tables()[table as usize].player_ids();
        for player in seated {
            if self.t.config().add_on.is_some() && self.chance(50) {
                let _ = self.t.add_on(player, Actor::System, now);
            }
            if self.t.config().rebuy.is_some() && self.chance(5) {
                let _ = self.t.rebuy(player, Actor::System, now);
            }
        }
        Ok(())
    }

    /// Now and then a penalty, a warning, a disqualification, and undos of some of them.
    fn director_actions(&mut self, table: u32, now: Time) -> Result<(), SimError> {
        if let Some(&id) = self.actions.last()
            && self.chance(20)
        {
            self.actions.pop();
            match self.t.undo(Actor::Td, id, now) {
                Ok(()) | Err(DirectorError::CannotUndo(..)) => {}
                Err(e) => return Err(e.into()),
            }
        }
        if !self.chance(1) {
            return Ok(());
        }
        let seated: Vec<PlayerId> = self.t.tables()[table as usize].player_ids();
        if seated.is_empty() || self.t.is_finished() {
            return Ok(());
        }
        let player = seated[below_u64(&mut self.rng, seated.len() as u64) as usize];
        let action = match below_u64(&mut self.rng, 10) {
            0..=3 => TdAction::Warn {
                player,
                reason: "etiquette (TDA-70)".into(),
            },
            4..=6 => TdAction::MissRounds { player, rounds: 1 },
            7 | 8 => TdAction::TimePenalty { player, minutes: 5 },
            _ if self.t.alive() > 3 => TdAction::Disqualify {
                player,
                reason: "soft play (TDA-71B)".into(),
            },
            _ => return Ok(()),
        };
        let id = self.t.act(Actor::Td, action, now)?;
        self.actions.push(id);
        Ok(())
    }

    /// Nothing in play: jump to the clock's next change (a break's end) and try every table.
    fn idle(&mut self) -> Result<(), SimError> {
        let Some(at) = self.t.clock().phase_ends() else {
            let reasons: Vec<String> = self
                .waiting
                .iter()
                .take(5)
                .map(|&t| format!("table {}: {:?}", t + 1, self.t.may_start(TableId(t))))
                .collect();
            return Err(SimError::Stalled {
                at: Time(0),
                detail: format!(
                    "the clock is stopped and no table can play; {}",
                    reasons.join("; ")
                ),
            });
        };
        self.idle_jumps += 1;
        if self.idle_jumps > MAX_IDLE_JUMPS {
            return Err(SimError::Stalled {
                at,
                detail: format!(
                    "{} clock changes with no hand played; {} players on {} tables; last: {}",
                    self.idle_jumps,
                    self.t.alive(),
                    self.t.active_table_count(),
                    self.last_wait
                ),
            });
        }
        self.t.tick(at)?;
        if self.waiting.is_empty() && self.known_tables == self.t.tables().len() as u32 {
            return Err(SimError::Stalled {
                at,
                detail: "no table is playing or waiting".into(),
            });
        }
        self.release_all(at);
        Ok(())
    }
}

/// After the winner: everyone placed once, prizes and chips as they should be.
fn audit(t: &Tournament) -> Result<(), SimError> {
    let placed = t.results();
    for (i, e) in placed.iter().enumerate() {
        if e.place != Some(i as u32 + 1) {
            return Err(SimError::Audit(format!(
                "place {} missing or repeated (found {:?})",
                i + 1,
                e.place
            )));
        }
    }
    let expected = t
        .entries()
        .iter()
        .filter(|e| !matches!(e.status, Status::Removed | Status::Disqualified))
        .count();
    if placed.len() != expected {
        let missing: Vec<String> = t
            .entries()
            .iter()
            .filter(|e| {
                e.place.is_none() && !matches!(e.status, Status::Removed | Status::Disqualified)
            })
            .map(|e| {
                let seen: Vec<String> = t
                    .events()
                    .iter()
                    .filter(|ev| {
                        format!("{:?}", ev.what).contains(&format!("PlayerId({})", e.id.0))
                    })
                    .map(|ev| format!("{} {:?}", ev.at, ev.what))
                    .collect();
                format!(
                    "{} ({:?}) {:?} {}",
                    e.name,
                    e.status,
                    e.seat,
                    seen.join("\n")
                )
            })
            .collect();
        return Err(SimError::Audit(format!(
            "{} entries placed of {expected}; not placed: {}",
            placed.len(),
            missing.join(", ")
        )));
    }
    let paid: u64 = t.entries().iter().map(|e| e.prize.0).sum();
    let pool = t.prize_pool().0;
    if paid != pool {
        return Err(SimError::Audit(format!(
            "prizes of {paid} paid from a pool of {pool}"
        )));
    }
    let chips: u64 = t
        .tables()
        .iter()
        .flat_map(|t| t.table.seats().iter().flatten())
        .map(|p| p.stack.0)
        .sum();
    if chips != t.chips_in_play() {
        return Err(SimError::Audit(format!(
            "{chips} chips on the tables, {} by the books",
            t.chips_in_play()
        )));
    }
    Ok(())
}
