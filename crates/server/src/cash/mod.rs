//! The room's cash games (issue 18): one task owns the list keeper's room (`ring::Room`); the
//! list keeper's commands (`protocol::RingCommand`) are logged and replayed like every other,
//! and offers that run out are moved on by the task's own timer. `GET /api/ring` is the
//! waiting-list board; `POST /api/ring` takes the list keeper's commands (the TD's secret).

pub mod http;
mod wire;

use crate::room::{Changes, Refusal};
use crate::task::{Owned, Tx};
use protocol::{Command, RingCommand};
use ring::{Room, RoomConfig, Time};

#[derive(Debug)]
pub struct CashState {
    room: Room,
    before: Option<Box<Room>>,
}

impl Default for CashState {
    fn default() -> CashState {
        CashState {
            room: Room::new(RoomConfig::default()),
            before: None,
        }
    }
}

impl CashState {
    pub fn from_room(room: Room) -> CashState {
        CashState { room, before: None }
    }

    pub fn room(&self) -> &Room {
        &self.room
    }

    /// Applies one command to `room` (replay and the task alike); a refusal changes nothing.
    pub fn apply_to(room: &mut Room, at_ms: u64, command: &RingCommand) -> Result<(), Refusal> {
        wire::apply(room, Time(at_ms), command)?;
        // The room's events are for screens; the log holds the commands.
        room.take_events();
        Ok(())
    }
}

impl Owned for CashState {
    fn apply(&mut self, at_ms: u64, command: &Command) -> Result<Changes, Refusal> {
        let Command::Ring { command, .. } = command else {
            return Err(Refusal::internal("not a cash game's command"));
        };
        // The room refuses without change (`ring` validates before it applies), so one copy a
        // turn is enough to take back a failed write, as for a live table.
        let before = self.before.is_none().then(|| Box::new(self.room.clone()));
        CashState::apply_to(&mut self.room, at_ms, command)?;
        if before.is_some() {
            self.before = before;
        }
        Ok(Changes::default())
    }

    fn rollback_all(&mut self) {
        if let Some(before) = self.before.take() {
            self.room = *before;
        }
    }

    fn commit(&mut self, _first_seq: u64) {
        self.before = None;
    }

    fn written(&mut self, _changes: Vec<Changes>, _now: u64) {}

    /// Offers that ran out move on to the next in line.
    fn due(tx: &mut Tx<'_, Self>, _scope: Option<&[u32]>) -> Option<u64> {
        let now = tx.now;
        let next = tx.state().room.offers().iter().map(|o| o.expires.0).min()?;
        if next <= now {
            let tick = Command::Ring {
                by: "clock".into(),
                command: RingCommand::Tick,
            };
            let _ = tx.submit(tick);
            return tx.state().room.offers().iter().map(|o| o.expires.0).min();
        }
        Some(next)
    }
}
