//! Instructions for people (a live event): every move, broken table, final-table draw and chip
//! race the director decides is something a person must do at the real tables. Each names its
//! rule, holds the tables concerned until it is confirmed done, and where the profile says so
//! stops the clock until the last is confirmed (HC-1.8: "der Timer während des Ausgleichs
//! gestoppt"; every profile before the final-table draw, TDA-RP-9, HC-1.7).

use super::*;
use crate::cites::{HC_1_7, HC_1_8, TDA_10, TDA_11, TDA_RP_9};
use engine::{Rule, RulebookId, rule};

/// An instruction, numbered from 0 in the order given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct InstructionId(pub u32);

impl InstructionId {
    /// The instruction's number as people count them, from 1 (the id counts from 0).
    pub fn number(self) -> u32 {
        self.0 + 1
    }
}

/// What a person must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// A player changes seats: balancing, a broken table's draw, the final-table draw.
    Move {
        player: PlayerId,
        from: (TableId, Seat),
        to: (TableId, Seat),
        rule: Rule,
    },
    /// A table is broken: its players take the seats drawn in two stages (TDA-10).
    Break { table: TableId },
    /// Everyone left to one table: seats drawn with a card each (HC-1.7, TDA-RP-9).
    FinalTable { table: TableId },
    /// The chips of these denominations are raced off at a table (TDA-24, HC-3.7, WWPLA-13).
    ChipRace {
        table: TableId,
        denominations: Vec<u64>,
        /// Who races, in dealing order (a race called at a live table).
        players: Vec<PlayerId>,
    },
    /// A table opened after the start for new players: its tablet is bound on the console
    /// before they sit down (TDA-8A).
    OpenTable { table: TableId },
    /// An unscheduled colour-up of these players at a table, announced there (TDA-25B).
    ColourUp {
        table: TableId,
        players: Vec<PlayerId>,
    },
    /// HC-1.8: at the short table a card is dealt for each equally full table; the lowest
    /// gives a player.
    SourceCards {
        short: TableId,
        tables: Vec<TableId>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    pub id: InstructionId,
    pub task: Task,
    pub at: Time,
    /// The tables that wait until it is done.
    pub holds: Vec<TableId>,
    pub done: bool,
}

/// A language the instructions are given in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    De,
}

impl Instruction {
    /// The rules it applies, the first one cited in its text.
    pub fn rules(&self, profile: RulebookId) -> Vec<Rule> {
        match &self.task {
            Task::Move { rule, .. } => vec![*rule],
            Task::Break { .. } => vec![rule!("TDA-10")],
            Task::FinalTable { .. } if profile == RulebookId::Hc => vec![rule!("HC-1.7")],
            Task::FinalTable { .. } => vec![rule!("TDA-RP-9")],
            // TDA-24B: the players keep their chips in full view and are urged to watch.
            Task::ChipRace { .. } => vec![Self::chip_race_rule(profile), rule!("TDA-24B")],
            Task::SourceCards { .. } => vec![rule!("HC-1.8")],
            Task::OpenTable { .. } => vec![rule!("TDA-8A")],
            Task::ColourUp { .. } => vec![rule!("TDA-25B")],
        }
    }

    pub(crate) fn chip_race_rule(profile: RulebookId) -> Rule {
        match profile {
            RulebookId::Hc => rule!("HC-3.7"),
            RulebookId::Wwpla => rule!("WWPLA-13"),
            RulebookId::Jpr => rule!("JPR-11.0"),
            RulebookId::Tda | RulebookId::Dg => rule!("TDA-24"),
        }
    }

    /// What to do, with the reason and the rule, for the person who does it.
    pub fn text(&self, t: &Tournament, lang: Lang) -> String {
        let name = |p: PlayerId| {
            t.entry(p)
                .map_or_else(|_| format!("#{}", p.0 + 1), |e| e.name.clone())
        };
        let rules = Rule::list(&self.rules(t.profile.id));
        let de = lang == Lang::De;
        match &self.task {
            Task::Move {
                player,
                from,
                to,
                rule,
            } => {
                let why = match (*rule, de) {
                    (TDA_10, false) => "table broken, seat drawn",
                    (TDA_10, true) => "Tisch aufgelöst, Platz gezogen",
                    (TDA_RP_9 | HC_1_7, false) => "final table, seat drawn",
                    (TDA_RP_9 | HC_1_7, true) => "Finaltisch, Platz gelost",
                    (HC_1_8, false) => "balancing, to the busted player's position",
                    (HC_1_8, true) => "Ausgleich, an die Position des Ausgeschiedenen",
                    (r, false) if r.is_within(TDA_11) => "balancing, the worst position",
                    (r, true) if r.is_within(TDA_11) => "Ausgleich, die schlechteste Position",
                    (_, false) => "by the TD",
                    (_, true) => "vom Turnierleiter",
                };
                let (a, s, b, u) = (from.0.0 + 1, from.1.0 + 1, to.0.0 + 1, to.1.0 + 1);
                if de {
                    // TDA-RP-6: moved at once, the chips in a rack, so that no blind is missed.
                    format!(
                        "{} von Tisch {a} Platz {s} an Tisch {b} Platz {u} setzen: {why}; zügig, die Chips im Rack (TDA-RP-6) ({rules})",
                        name(*player)
                    )
                } else {
                    format!(
                        "Move {} from table {a} seat {s} to table {b} seat {u}: {why}; quickly, the chips in a rack (TDA-RP-6) ({rules})",
                        name(*player)
                    )
                }
            }
            Task::Break { table } if de => format!(
                "Tisch {} auflösen: die Spieler ziehen ihre Plätze in zwei Stufen ({rules})",
                table.0 + 1
            ),
            Task::Break { table } => format!(
                "Break table {}: its players draw seats in two stages ({rules})",
                table.0 + 1
            ),
            Task::FinalTable { table } if de => format!(
                "Finaltisch an Tisch {}, Dealer und Tablet bleiben dort: Plätze mit Karten auslosen, die Uhr steht ({rules})",
                table.0 + 1
            ),
            Task::FinalTable { table } => format!(
                "Final table at table {}, its dealer and tablet stay: draw for seats with cards, the clock stands ({rules})",
                table.0 + 1
            ),
            Task::ColourUp { table, players } => {
                let everyone = t
                    .table(*table)
                    .map_or(0, |x| x.table.seats().iter().flatten().count());
                let who = if players.len() >= everyone {
                    String::new()
                } else {
                    players
                        .iter()
                        .map(|&p| name(p))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                match (de, who.is_empty()) {
                    (true, true) => format!(
                        "Tisch {}: außerplanmäßiges Color-Up aller Spieler ansagen und die kleinen Chips zu gleichem Wert in größere tauschen ({rules})",
                        table.0 + 1
                    ),
                    (true, false) => format!(
                        "Tisch {}: außerplanmäßiges Color-Up ansagen und die kleinen Chips von {who} zu gleichem Wert in größere tauschen ({rules})",
                        table.0 + 1
                    ),
                    (false, true) => format!(
                        "Table {}: announce an unscheduled colour-up of every player and exchange the small chips for larger ones at equal value ({rules})",
                        table.0 + 1
                    ),
                    (false, false) => format!(
                        "Table {}: announce an unscheduled colour-up and exchange the small chips of {who} for larger ones at equal value ({rules})",
                        table.0 + 1
                    ),
                }
            }
            Task::OpenTable { table } if de => format!(
                "Tisch {} für neue Spieler öffnen: sein Tablet an der Konsole verbinden, dann die Spieler setzen ({rules})",
                table.0 + 1
            ),
            Task::OpenTable { table } => format!(
                "Open table {} for new players: bind its tablet on the console, then seat them ({rules})",
                table.0 + 1
            ),
            Task::ChipRace {
                table,
                denominations,
                ..
            } => {
                let chips: Vec<String> = denominations.iter().map(u64::to_string).collect();
                let chips = chips.join(", ");
                if de {
                    format!(
                        "Tisch {}: Chip-Race der {chips}er jetzt, die Spieler lassen ihre Chips sichtbar und verfolgen es; die Karten eintragen oder die Software ziehen lassen ({rules})",
                        table.0 + 1
                    )
                } else {
                    format!(
                        "Table {}: chip race for the {chips}s now, the players keep their chips in view and watch; enter the cards dealt, or let the software draw ({rules})",
                        table.0 + 1
                    )
                }
            }
            Task::SourceCards { short, tables } => {
                let (and, table) = if de {
                    ("und", "Tisch")
                } else {
                    ("and", "table")
                };
                let mut names: Vec<String> = tables
                    .iter()
                    .map(|t| format!("{table} {}", t.0 + 1))
                    .collect();
                let last = names.pop().unwrap_or_default();
                let names = if names.is_empty() {
                    last
                } else {
                    format!("{} {and} {last}", names.join(", "))
                };
                if de {
                    format!(
                        "An Tisch {} je eine Karte für {names} geben: die niedrigste gibt einen Spieler ab, die Uhr steht ({rules})",
                        short.0 + 1
                    )
                } else {
                    format!(
                        "At table {} deal one card each for {names}: the lowest gives a player, the clock stands ({rules})",
                        short.0 + 1
                    )
                }
            }
        }
    }
}

impl Tournament {
    /// Every instruction given, done or not, oldest first.
    pub fn instructions(&self) -> &[Instruction] {
        &self.instructions
    }

    /// The instructions not yet confirmed done.
    pub fn pending(&self) -> impl Iterator<Item = &Instruction> {
        self.instructions.iter().filter(|i| !i.done)
    }

    /// Whether an instruction not yet done holds `table`.
    pub(crate) fn held(&self, table: TableId) -> bool {
        self.pending()
            .any(|i| i.holds.contains(&table) || self.races_at(i, table))
    }

    /// A called chip race also holds the tables its players were moved to before it was run:
    /// they race with the old chips first.
    pub fn races_at(&self, i: &Instruction, table: TableId) -> bool {
        match &i.task {
            Task::ChipRace { players, .. } => players.iter().any(|p| {
                self.entries
                    .get(p.0 as usize)
                    .and_then(|e| e.seat)
                    .is_some_and(|(t, _)| t == table)
            }),
            _ => false,
        }
    }

    /// A person did what an instruction said. The last one done restarts a clock the
    /// instructions stopped.
    pub fn confirm(
        &mut self,
        id: InstructionId,
        by: Actor,
        now: Time,
    ) -> Result<(), DirectorError> {
        let i = self
            .instructions
            .get(id.0 as usize)
            .ok_or(DirectorError::NoSuchInstruction(id))?;
        if i.done {
            return Err(DirectorError::Refused(Refused::InstructionDone {
                id: id.0 + 1,
            }));
        }
        // Confirmed without the cards that fell: the software draws them, and the log says so.
        match i.task.clone() {
            Task::ChipRace { table, .. } => return self.race_now(table, None, by, now),
            Task::SourceCards { .. } => return self.draw_source(None, by, now),
            _ => {}
        }
        self.done(id, by, now);
        Ok(())
    }

    /// Marks an instruction done; the last one that stopped the clock restarts it.
    pub(crate) fn done(&mut self, id: InstructionId, by: Actor, now: Time) {
        self.mark_done(id, by, now);
        self.restart_clock(now);
    }

    pub(crate) fn mark_done(&mut self, id: InstructionId, by: Actor, now: Time) {
        self.instructions[id.0 as usize].done = true;
        self.log(now, by, Happening::Confirmed { id });
    }

    /// The clock the instructions stopped runs again once none that stops it is left.
    pub(crate) fn restart_clock(&mut self, now: Time) {
        if self.clock_held && self.pending().all(|i| !i.stops_clock()) {
            self.clock_held = false;
            self.clock.start(now);
        }
    }

    /// Turns what the director just did into instructions (a live event only): called for
    /// every happening logged.
    pub(crate) fn instruct(&mut self, now: Time, what: &Happening) {
        if !self.is_live() || !self.started {
            return;
        }
        // A colour-up called while one is still to be done at the table joins it: the table
        // announces and changes them together (TDA-25B).
        if let Happening::ColouredUp { table, players } = what
            && let Some(Task::ColourUp { players: named, .. }) = self
                .instructions
                .iter_mut()
                .filter(|i| !i.done)
                .map(|i| &mut i.task)
                .find(|task| matches!(task, Task::ColourUp { table: t, .. } if t == table))
        {
            for p in players {
                if !named.contains(p) {
                    named.push(*p);
                }
            }
            return;
        }
        let task = match what {
            // Every seat change seats the player again (a `Moved` follows a balancing move):
            // the seat left is taken once, so that it is one instruction.
            Happening::Seated {
                player,
                table,
                seat,
                rule,
            } => {
                let Some(from) = self.entries[player.0 as usize].last_seat.take() else {
                    return;
                };
                Task::Move {
                    player: *player,
                    from,
                    to: (*table, *seat),
                    rule: *rule,
                }
            }
            // Tables broken to form the final table are its draw's business.
            Happening::TableBroken { table } if self.alive > u32::from(self.final_table_size()) => {
                Task::Break { table: *table }
            }
            Happening::FinalTable { table } => Task::FinalTable { table: *table },
            Happening::TableOpened { table } => Task::OpenTable { table: *table },
            Happening::ChipRaceCalled {
                table,
                removed,
                players,
            } => Task::ChipRace {
                table: *table,
                denominations: removed.clone(),
                players: players.clone(),
            },
            Happening::ColouredUp { table, players } => Task::ColourUp {
                table: *table,
                players: players.clone(),
            },
            Happening::SourceCardsCalled { short, tables } => Task::SourceCards {
                short: *short,
                tables: tables.clone(),
            },
            _ => return,
        };
        let holds = match &task {
            // HC-1.8: balancing comes before any new hand anywhere.
            Task::Move { rule: HC_1_8, .. } | Task::SourceCards { .. } => {
                self.active_tables().collect()
            }
            Task::Move { from, to, .. } => {
                let mut t = vec![to.0];
                if !self.tables[from.0.0 as usize].broken {
                    t.push(from.0);
                }
                t
            }
            // TDA-25B: at any time; the table plays on while the chips are changed.
            Task::Break { .. } | Task::ColourUp { .. } => Vec::new(),
            Task::FinalTable { table }
            | Task::ChipRace { table, .. }
            | Task::OpenTable { table } => vec![*table],
        };
        let id = InstructionId(self.instructions.len() as u32);
        let instruction = Instruction {
            id,
            task,
            at: now,
            holds,
            done: false,
        };
        if instruction.stops_clock() && self.clock.is_running() {
            self.clock.pause(now);
            self.clock_held = true;
        }
        self.instructions.push(instruction);
    }
}

impl Instruction {
    /// HC-1.8 stops the timer while players are moved to balance; every profile while the
    /// final table is drawn.
    fn stops_clock(&self) -> bool {
        !self.done
            && matches!(
                self.task,
                Task::Move { rule: HC_1_8, .. }
                    | Task::SourceCards { .. }
                    | Task::FinalTable { .. }
            )
    }
}

/// What every table of a live event must know now, without anything to confirm: why tables
/// wait (TDA-11D, HC-1.8, TDA-RP-8, TDA-RP-9). Worked out from the director's state each time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Hand-for-hand: every table waits after each hand for the others (TDA-RP-8).
    HandForHand,
    /// HC-1.8: every table finishes its hand, the buttons stay, then the TD balances with the
    /// clock stopped.
    Balancing,
    /// Every table finishes its hand, then the final table is drawn (TDA-RP-9, HC-1.7).
    FinalTableNext,
    /// A table waits, three or more short of the fullest (TDA-11D).
    Short {
        table: TableId,
        short_by: usize,
        fullest: TableId,
    },
}

impl Notice {
    pub fn rules(&self, profile: RulebookId) -> Vec<Rule> {
        match self {
            Notice::HandForHand => vec![rule!("TDA-RP-8"), rule!("TDA-RP-8E"), rule!("TDA-RP-8F")],
            Notice::Balancing => vec![rule!("HC-1.8")],
            Notice::FinalTableNext if profile == RulebookId::Hc => vec![rule!("HC-1.7")],
            Notice::FinalTableNext => vec![rule!("TDA-RP-9")],
            Notice::Short { .. } => vec![rule!("TDA-11D")],
        }
    }

    /// The tables it stops (every table for the event-wide ones).
    pub fn tables(&self, t: &Tournament) -> Vec<TableId> {
        match self {
            Notice::Short { table, .. } => vec![*table],
            _ => t.active_tables().collect(),
        }
    }

    pub fn text(&self, profile: RulebookId, lang: Lang) -> String {
        let rules = Rule::list(&self.rules(profile));
        let de = lang == Lang::De;
        match (self, de) {
            (Notice::HandForHand, false) => {
                format!(
                    "Hand-for-hand: every table waits after this hand; players please stay in their seats; an all-in and call stays face down, no more cards until the TD says ({rules})"
                )
            }
            (Notice::HandForHand, true) => {
                format!(
                    "Hand für Hand: jeder Tisch wartet nach dieser Hand; Spieler bitte auf den Plätzen bleiben; bei All-In und Call bleiben die Karten verdeckt, keine weiteren Karten bis zur Anweisung der Turnierleitung ({rules})"
                )
            }
            (Notice::Balancing, false) => format!(
                "Every table finishes its hand, buttons stay, the clock stops for balancing ({rules})"
            ),
            (Notice::Balancing, true) => format!(
                "Jeder Tisch beendet seine Hand, die Buttons bleiben liegen, die Uhr steht für den Ausgleich ({rules})"
            ),
            (Notice::FinalTableNext, false) => {
                format!("Every table finishes its hand: the final table is drawn next ({rules})")
            }
            (Notice::FinalTableNext, true) => format!(
                "Jeder Tisch beendet seine Hand: danach wird der Finaltisch ausgelost ({rules})"
            ),
            (
                Notice::Short {
                    table,
                    short_by,
                    fullest,
                },
                false,
            ) => format!(
                "Table {} waits: {short_by} short of table {} ({rules})",
                table.0 + 1,
                fullest.0 + 1
            ),
            (
                Notice::Short {
                    table,
                    short_by,
                    fullest,
                },
                true,
            ) => format!(
                "Tisch {} wartet: {short_by} Spieler weniger als Tisch {} ({rules})",
                table.0 + 1,
                fullest.0 + 1
            ),
        }
    }
}

impl Tournament {
    /// What the tables of a live event must know now (none online: the server waits itself).
    pub fn notices(&self) -> Vec<Notice> {
        let mut out = Vec::new();
        if !self.is_live() || !self.started || self.finished {
            return out;
        }
        match self.barrier {
            Some(Barrier::Balance) => out.push(Notice::Balancing),
            Some(Barrier::FinalTable) => out.push(Notice::FinalTableNext),
            None => {}
        }
        if self.clock.is_hand_for_hand() {
            out.push(Notice::HandForHand);
        }
        let fullest = self
            .index
            .max()
            .and_then(|m| self.index.with_count(m).next());
        for id in self.active_tables() {
            let t = &self.tables[id.0 as usize];
            if !t.in_hand()
                && self.may_start(id) == Err(Wait::Short)
                && let (Some(max), Some(fullest)) = (self.index.max(), fullest)
            {
                out.push(Notice::Short {
                    table: id,
                    short_by: max - t.players(),
                    fullest: TableId(fullest),
                });
            }
        }
        out
    }
}
