//! Colour-ups the TD calls at any time, outside the schedule's breaks (TDA-25B): one or more
//! players' small chips exchanged for larger ones at equal value. Stacks are values, so nothing
//! changes in the books; a live table gets the instruction, which it announces (TDA-25B:
//! unscheduled colour-ups must be announced).

use super::*;

impl Tournament {
    /// Colours up `players` at `table` (all of its players when none are named), announced
    /// there. Refused for an online event, whose chips are the server's to count, a broken
    /// table and a player who does not sit at the table.
    pub fn colour_up(
        &mut self,
        table: TableId,
        players: &[PlayerId],
        by: Actor,
        now: Time,
    ) -> Result<(), DirectorError> {
        if !self.is_live() {
            return Err(DirectorError::Closed {
                what: "colour-up",
                why: ClosedBy::NotOffered,
            });
        }
        if self.finished {
            return Err(DirectorError::Closed {
                what: "colour-up",
                why: ClosedBy::EventOver,
            });
        }
        let t = self.table(table)?;
        if t.broken {
            return Err(DirectorError::Refused(Refused::TableBroken {
                table: table.0 + 1,
            }));
        }
        let seated: Vec<PlayerId> = t.table.seats().iter().flatten().map(|p| p.id).collect();
        let mut named = Vec::with_capacity(players.len());
        for &p in players {
            let entry = self.entry(p)?;
            if !seated.contains(&p) {
                return Err(DirectorError::Refused(Refused::NotAtTable {
                    name: entry.name.clone(),
                    table: table.0 + 1,
                }));
            }
            if !named.contains(&p) {
                named.push(p);
            }
        }
        if named.is_empty() {
            named = seated;
        }
        self.log(
            now,
            by,
            Happening::ColouredUp {
                table,
                players: named,
            },
        );
        Ok(())
    }
}
