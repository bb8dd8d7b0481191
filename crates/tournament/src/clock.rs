//! The tournament clock: levels and breaks, pause and resume, and hand-for-hand, where the clock
//! stands still and each hand takes a set time off it (TDA-RP-8B..D). Time comes in from the
//! caller as milliseconds; nothing here reads a real clock.

use crate::config::EventConfig;
use std::fmt;

/// A point in the event's time, in milliseconds from an origin the caller chooses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Time(pub u64);

impl Time {
    pub fn plus_minutes(self, minutes: u64) -> Time {
        Time(self.0 + minutes * MINUTE)
    }
}

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0 / 1000;
        write!(f, "{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    }
}

pub const MINUTE: u64 = 60_000;

/// What the clock is counting down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// 0-based level index.
    Level(usize),
    /// The break after 1-based level `after_level`.
    Break { after_level: u32 },
}

/// What changed when the clock moved on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockChange {
    /// 0-based; the new blinds apply from each table's next hand (TDA-23).
    LevelStarted(usize),
    BreakStarted {
        after_level: u32,
    },
}

#[derive(Clone, Debug)]
pub struct Clock {
    phase: Phase,
    /// Time left in the phase when last updated.
    remaining: u64,
    /// `Some(t)` while running: the time `remaining` was last updated.
    running_since: Option<Time>,
    hand_for_hand: bool,
}

impl Clock {
    /// A stopped clock at the start of level 1.
    pub fn new(config: &EventConfig) -> Clock {
        Clock {
            phase: Phase::Level(0),
            remaining: u64::from(config.level(0).minutes) * MINUTE,
            running_since: None,
            hand_for_hand: false,
        }
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    pub fn is_hand_for_hand(&self) -> bool {
        self.hand_for_hand
    }

    /// Time left in the current level or break at `now`.
    pub fn remaining(&self, now: Time) -> u64 {
        match self.running_since {
            Some(since) => self.remaining.saturating_sub(now.0.saturating_sub(since.0)),
            None => self.remaining,
        }
    }

    /// The 0-based level a hand starting now is played at: during a break, the next one.
    pub fn level_index(&self) -> usize {
        match self.phase {
            Phase::Level(i) => i,
            Phase::Break { after_level } => after_level as usize,
        }
    }

    pub fn start(&mut self, now: Time) {
        if self.running_since.is_none() && !self.hand_for_hand {
            self.running_since = Some(now);
        }
    }

    /// Stops the clock (HC-1.5: rulings and races are pauses).
    pub fn pause(&mut self, now: Time) {
        if self.running_since.is_some() {
            self.remaining = self.remaining(now);
            self.running_since = None;
        }
    }

    /// Sets the time left in the current phase.
    pub fn set_remaining(&mut self, now: Time, remaining: u64) {
        self.remaining = remaining;
        if self.running_since.is_some() {
            self.running_since = Some(now);
        }
    }

    /// Hand-for-hand on or off (TDA-RP-8). On, the clock stands still and `hand_for_hand_hand`
    /// takes time off it; off, it runs again.
    pub fn set_hand_for_hand(&mut self, now: Time, on: bool) {
        if on == self.hand_for_hand {
            return;
        }
        if on {
            self.pause(now);
            self.hand_for_hand = true;
        } else {
            self.hand_for_hand = false;
            self.start(now);
        }
    }

    /// A hand-for-hand hand starts: `minutes` off the clock (TDA-RP-8B, C), and the blinds go up
    /// when it reaches zero (RP-8D).
    pub fn hand_for_hand_hand(&mut self, config: &EventConfig, minutes: u32) -> Vec<ClockChange> {
        let mut take = u64::from(minutes) * MINUTE;
        let mut changes = Vec::new();
        while take > 0 {
            if take < self.remaining {
                self.remaining -= take;
                take = 0;
            } else {
                take -= self.remaining;
                self.remaining = 0;
                changes.push(self.next_phase(config));
            }
        }
        changes
    }

    /// Moves the clock on to `now`: levels end, breaks start and end.
    pub fn advance(&mut self, config: &EventConfig, now: Time) -> Vec<ClockChange> {
        let mut changes = Vec::new();
        let Some(mut since) = self.running_since else {
            return changes;
        };
        while now.0.saturating_sub(since.0) >= self.remaining {
            since = Time(since.0 + self.remaining);
            self.remaining = 0;
            changes.push(self.next_phase(config));
        }
        self.remaining -= now.0 - since.0;
        self.running_since = Some(now);
        changes
    }

    /// When the current phase ends if nothing stops the clock; `None` while stopped.
    pub fn phase_ends(&self) -> Option<Time> {
        self.running_since.map(|t| Time(t.0 + self.remaining))
    }

    fn next_phase(&mut self, config: &EventConfig) -> ClockChange {
        match self.phase {
            Phase::Level(i) => {
                let after_level = i as u32 + 1;
                match config.break_after(after_level) {
                    Some(b) => {
                        self.phase = Phase::Break { after_level };
                        self.remaining = u64::from(b.minutes) * MINUTE;
                        ClockChange::BreakStarted { after_level }
                    }
                    _ => self.begin_level(config, i + 1),
                }
            }
            Phase::Break { after_level } => self.begin_level(config, after_level as usize),
        }
    }

    fn begin_level(&mut self, config: &EventConfig, index: usize) -> ClockChange {
        self.phase = Phase::Level(index);
        self.remaining = u64::from(config.level(index).minutes.max(1)) * MINUTE;
        ClockChange::LevelStarted(index)
    }
}
