//! The people of an event: registration with their secret, the start, presence at the table
//! (an online player's connection, TDA-30), and the director's actions.

use super::*;
use crate::said::RoomRefused;
use axum::http::StatusCode;
use protocol::{TableNumber, TdCommand};
use tournament::config::Money;
use tournament::director::{InstructionId, ReportedBust};
use tournament::{Actor, DirectorError, Refused, TableId, TdAction, Time};

impl Room {
    pub(super) fn register(
        &mut self,
        name: &str,
        token: &str,
        bot: bool,
        by: protocol::Actor,
        reserved: bool,
        at: u64,
    ) -> Result<Changes, Refusal> {
        // Only what every log ever written passed: a new name is checked by `check_name`.
        let name = name_length(name)?;
        if self.people.iter().any(|p| p.token == token) {
            return Err(Refusal::internal("a secret was drawn twice"));
        }
        // Bots are at the table; a person is there once their browser connects (TDA-30), or
        // at once when registered for a live event's real tables.
        let arrived = bot || self.t.is_live();
        let entry = if reserved {
            self.t.reserve(name, Time(at))
        } else {
            self.t.register(name, arrived, registrar(by), Time(at))
        }
        .map_err(|e| Refusal::director(&e))?;
        self.people.push(Person {
            name: name.to_string(),
            token: token.to_string(),
            bot,
            entries: vec![entry],
        });
        self.link(entry, self.people.len() - 1);
        let mut changes = self.changed_everywhere();
        changes.registered = Some((entry, token.to_string()));
        Ok(changes)
    }

    /// A new player's name as it will be shown, checked before the registration is submitted:
    /// 1 to 40 printable characters (spaces around it trimmed), none that could pass for something
    /// else at the table, and no other person's name in the event, whatever the case.
    pub fn check_name<'a>(&self, name: &'a str) -> Result<&'a str, Refusal> {
        let name = name_length(name)?;
        if let Some(c) = name.chars().find(|&c| ring::names::hidden(c)) {
            return Err(Refusal::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_name",
                format!(
                    "a player's name is printable: U+{:04X} is a control or invisible character",
                    c as u32
                ),
            ));
        }
        if self.has_name(name) {
            return Err(Refusal::conflict(
                "name_taken",
                format!("a player of this event is already called {name:?}"),
            ));
        }
        Ok(name)
    }

    fn link(&mut self, entry: EntryId, person: usize) {
        let i = entry.0 as usize;
        while self.entry_person.len() <= i {
            self.entry_person.push(usize::MAX);
        }
        self.entry_person[i] = person;
    }

    pub(super) fn start(&mut self, at: u64) -> Result<Changes, Refusal> {
        self.t.start(Time(at)).map_err(|e| Refusal::director(&e))?;
        Ok(self.changed_everywhere())
    }

    pub(super) fn presence(
        &mut self,
        entry: EntryId,
        present: bool,
        at: u64,
    ) -> Result<Changes, Refusal> {
        if !self.tracks_presence() {
            return Err(Refusal::conflict(
                "wrong_mode",
                "at a live event a player's connection is not their presence at the table",
            ));
        }
        let e = self.t.entry(entry).map_err(|e| Refusal::director(&e))?;
        if e.arrived && e.away != present {
            return Err(Refusal::conflict("unchanged", "presence unchanged"));
        }
        self.t
            .set_away(entry, !present, Time(at))
            .map_err(|e| Refusal::director(&e))?;
        // Only the player's table shows it.
        self.sync_tables();
        Ok(Changes {
            tables: self.table_of(entry).into_iter().collect(),
            ..Changes::default()
        })
    }

    pub(super) fn td(
        &mut self,
        by: protocol::Actor,
        action: &TdCommand,
        at: u64,
    ) -> Result<Changes, Refusal> {
        // Director's calls are tried on a copy: a refusal leaves the event as it was.
        let mut t = self.t.clone();
        let now = Time(at);
        let actor = director_actor(by);
        let mut new_entry = None;
        let result = match action {
            TdCommand::Rebuy { player } => t.rebuy(*player, actor, now),
            TdCommand::AddOn { player } => t.add_on(*player, actor, now),
            TdCommand::ReEnter { player } => t.re_enter(*player, actor, now).map(|id| {
                new_entry = Some((*player, id));
            }),
            TdCommand::Undo => {
                let undone: Vec<_> = t
                    .events()
                    .iter()
                    .filter_map(|e| match &e.what {
                        tournament::director::Happening::Undone { id } => Some(*id),
                        _ => None,
                    })
                    .collect();
                let last = t.events().iter().rev().find_map(|e| match &e.what {
                    tournament::director::Happening::Action { id, .. } if !undone.contains(id) => {
                        Some(*id)
                    }
                    _ => None,
                });
                match last {
                    Some(id) => t.undo(actor, id, now),
                    None => Err(DirectorError::Refused(Refused::NothingToUndo)),
                }
            }
            TdCommand::AgreeDeal { amounts, play_for } => {
                let deal = tournament::director::Agreed {
                    amounts: amounts
                        .iter()
                        .map(|s| (s.player, Money(s.amount)))
                        .collect(),
                    play_for: play_for.iter().copied().map(Money).collect(),
                };
                t.agree_deal(deal, actor, now)
            }
            TdCommand::HandOver { table, busts } => {
                let table = table_from_one(*table)?;
                let busts = busts
                    .iter()
                    .map(|b| {
                        Ok(ReportedBust {
                            player: b.player,
                            by: b.by.to_vec(),
                            stack_at_start: b.stack_at_start,
                            card: b.card.as_deref().map(drawn_card).transpose()?,
                        })
                    })
                    .collect::<Result<Vec<_>, Refusal>>()?;
                t.report_hand(table, &busts, now)
                    .and_then(|_| t.declare_winner_if_alone(now).map(|_| ()))
            }
            TdCommand::Button { table, seat } => {
                let table = table_from_one(*table)?;
                let seat = seat_from_one(*seat)?;
                t.report_button(table, seat, now)
            }
            TdCommand::ButtonCards { table, cards } => {
                let table = table_from_one(*table)?;
                let cards = cards
                    .iter()
                    .map(|c| Ok((seat_from_one(c.seat)?, drawn_card(&c.card)?)))
                    .collect::<Result<Vec<_>, Refusal>>()?;
                t.enter_button_cards(table, &cards, now)
            }
            TdCommand::Confirm { instruction } => match instruction.checked_sub(1) {
                Some(id) => t.confirm(InstructionId(id), actor, now),
                None => Err(DirectorError::Refused(Refused::InstructionsFromOne)),
            },
            TdCommand::UndoBust { player } => t.undo_bust(*player, actor, now),
            TdCommand::DrawSeats => t.draw_seats(now),
            TdCommand::TakeBuyIn { player } => t.take_buy_in(*player, actor, now),
            TdCommand::Accommodate { player, on } => t.accommodate(*player, *on, actor, now),
            TdCommand::ColourUp { table, players } => {
                t.colour_up(table_from_one(*table)?, players, actor, now)
            }
            TdCommand::HoldForDeal { on } => t.hold_for_deal(*on, actor, now),
            TdCommand::SeatCards { table, seats } => {
                let table = table_from_one(*table)?;
                let seats = seats
                    .iter()
                    .map(|s| {
                        let to = s.table.map(table_from_one).transpose()?.unwrap_or(table);
                        Ok((s.player, to, seat_from_one(s.seat)?))
                    })
                    .collect::<Result<Vec<_>, Refusal>>()?;
                t.enter_seat_cards(table, &seats, now)
            }
            TdCommand::SourceCards { cards } => {
                let cards = cards
                    .iter()
                    .map(|c| Ok((table_from_one(c.table)?, drawn_card(&c.card)?)))
                    .collect::<Result<Vec<_>, Refusal>>()?;
                t.draw_source(Some(&cards), actor, now)
            }
            TdCommand::RaceCards { table, cards } => {
                let table = table_from_one(*table)?;
                let cards = cards
                    .iter()
                    .map(|c| {
                        let dealt = c
                            .cards
                            .iter()
                            .map(|x| drawn_card(x))
                            .collect::<Result<_, _>>()?;
                        Ok((c.player, dealt))
                    })
                    .collect::<Result<Vec<_>, Refusal>>()?;
                t.race_now(table, Some(&cards), actor, now)
            }
            TdCommand::ChipCount { counts } => {
                let counts: Vec<(PlayerId, u64)> =
                    counts.iter().map(|c| (c.player, c.chips)).collect();
                t.count_chips(&counts, now)
            }
            other => {
                let action = td_action(other)?;
                // Bounds are checked where a new command comes in (`Room::apply`), so that logs
                // written before them still replay.
                t.act_as_logged(actor, action, now).map(|_| ())
            }
        };
        result.map_err(|e| Refusal::director(&e))?;
        self.t = t;
        if let Some((old, new)) = new_entry
            && let Some(&person) = self.entry_person.get(old.0 as usize)
        {
            self.people[person].entries.push(new);
            self.link(new, person);
        }
        Ok(self.changed_everywhere())
    }
}

/// A card drawn at the table, as the dealer enters it ("Ks"; HC-1.3's tie cards).
fn drawn_card(text: &str) -> Result<cards::Card, Refusal> {
    text.trim().parse().map_err(|_| {
        Refusal::keyed(
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_report",
            &RoomRefused::NotACard {
                text: text.to_string(),
            },
        )
    })
}

/// The most stacks in one chip count: a big room's field.
const MAX_COUNTS: usize = 10_000;

fn from_one() -> Refusal {
    Refusal::keyed(
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_request",
        &RoomRefused::NumberedFromOne,
    )
}

/// A table as the TD console numbers it (from 1).
fn table_from_one(table: TableNumber) -> Result<TableId, Refusal> {
    table.id().ok_or_else(from_one)
}

/// Who the director logs for a command's actor. A tablet is its table's dealer; the people of
/// the cash games give no event commands, and are the TD's if a log says otherwise.
pub(super) fn director_actor(by: protocol::Actor) -> Actor {
    use protocol::{Actor as By, Tablet};
    match by {
        By::Td | By::Entrant | By::Guest(_) | By::ListKeeper => Actor::Td,
        By::Player(entry) => Actor::Player(entry),
        By::Dealer(Tablet::EventTable(table)) => table.id().map_or(Actor::Td, Actor::Dealer),
        By::Dealer(Tablet::Own | Tablet::Live(_) | Tablet::Cash) => Actor::Td,
        By::Floor => Actor::Floor,
        By::System => Actor::System,
    }
}

/// Who registered a player: `None` when they registered themselves (TDA-8A's entrant).
fn registrar(by: protocol::Actor) -> Option<Actor> {
    (by != protocol::Actor::Entrant).then(|| director_actor(by))
}

fn seat_from_one(seat: u8) -> Result<engine::Seat, Refusal> {
    seat.checked_sub(1).map(engine::Seat).ok_or_else(from_one)
}

/// The most players in a deal (a few final tables; an ICM split is worked out for 20).
const MAX_DEAL_PLAYERS: usize = 100;

/// The most characters in a player's name, as a guest's.
const NAME_CHARS: usize = ring::names::NAME_CHARS;

/// A player's name trimmed, 1 to 40 characters: all a registration in the log is held to.
fn name_length(name: &str) -> Result<&str, Refusal> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > NAME_CHARS {
        return Err(Refusal::keyed(
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_name",
            &RoomRefused::NameLength { max: NAME_CHARS },
        ));
    }
    Ok(name)
}

/// Refuses a new TD command past the director's bounds (`TdAction::within_bounds`: TDA-71A,
/// HC-1.10); commands that are not a `TdAction` have none.
pub(super) fn td_within_bounds(command: &TdCommand) -> Result<(), Refusal> {
    match command {
        TdCommand::Rebuy { .. }
        | TdCommand::AddOn { .. }
        | TdCommand::ReEnter { .. }
        | TdCommand::Undo => Ok(()),
        // Every player left once: a final table is ten, a deal of thousands none.
        TdCommand::AgreeDeal { amounts, play_for }
            if amounts.len() > MAX_DEAL_PLAYERS || play_for.len() > MAX_DEAL_PLAYERS =>
        {
            Err(Refusal::keyed(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_request",
                &RoomRefused::DealPlayers {
                    max: MAX_DEAL_PLAYERS,
                },
            ))
        }
        TdCommand::AgreeDeal { .. } => Ok(()),
        // A table's players; a count of the whole room.
        TdCommand::HandOver { busts, .. }
            if busts.len() > engine::MAX_PLAYERS
                || busts.iter().any(|b| b.by.len() > engine::MAX_PLAYERS) =>
        {
            Err(Refusal::keyed(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_request",
                &RoomRefused::HandPlayers {
                    max: engine::MAX_PLAYERS,
                },
            ))
        }
        TdCommand::ChipCount { counts } if counts.len() > MAX_COUNTS => Err(Refusal::keyed(
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_request",
            &RoomRefused::CountPlayers { max: MAX_COUNTS },
        )),
        TdCommand::HandOver { .. }
        | TdCommand::Button { .. }
        | TdCommand::ChipCount { .. }
        | TdCommand::UndoBust { .. }
        | TdCommand::DrawSeats
        | TdCommand::TakeBuyIn { .. }
        | TdCommand::Accommodate { .. }
        | TdCommand::HoldForDeal { .. }
        | TdCommand::Confirm { .. } => Ok(()),
        TdCommand::SeatCards { seats, .. } if seats.len() > engine::MAX_PLAYERS => {
            Err(Refusal::keyed(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_request",
                &RoomRefused::TableSeats {
                    max: engine::MAX_PLAYERS,
                },
            ))
        }
        TdCommand::SeatCards { .. } => Ok(()),
        TdCommand::ColourUp { players, .. } if players.len() > engine::MAX_PLAYERS => {
            Err(Refusal::keyed(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_request",
                &RoomRefused::TableSeats {
                    max: engine::MAX_PLAYERS,
                },
            ))
        }
        TdCommand::ColourUp { .. } => Ok(()),
        // 52 cards at most in any draw: each table or player once, a card each (chip races:
        // one per odd chip, checked against the deck's 52).
        TdCommand::SourceCards { cards } if cards.len() > 52 => Err(Refusal::keyed(
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_request",
            &RoomRefused::DrawCards,
        )),
        TdCommand::RaceCards { cards, .. }
            if cards.len() > engine::MAX_PLAYERS
                || cards.iter().map(|c| c.cards.len()).sum::<usize>() > 52 =>
        {
            Err(Refusal::keyed(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_request",
                &RoomRefused::RaceCards {
                    max: engine::MAX_PLAYERS,
                },
            ))
        }
        TdCommand::ButtonCards { cards, .. } if cards.len() > engine::MAX_PLAYERS => {
            Err(Refusal::keyed(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_request",
                &RoomRefused::TableSeats {
                    max: engine::MAX_PLAYERS,
                },
            ))
        }
        TdCommand::SourceCards { .. }
        | TdCommand::RaceCards { .. }
        | TdCommand::ButtonCards { .. } => Ok(()),
        other => td_action(other)?
            .within_bounds()
            .map_err(|e| Refusal::director(&e)),
    }
}

fn td_action(command: &TdCommand) -> Result<TdAction, Refusal> {
    let player = |p: &EntryId| *p;
    Ok(match command {
        TdCommand::Pause => TdAction::Pause,
        TdCommand::Resume => TdAction::Resume,
        TdCommand::SetClock { remaining_ms } => TdAction::SetClock {
            remaining_ms: *remaining_ms,
        },
        TdCommand::Move {
            player: p,
            table,
            seat,
        } => TdAction::Move {
            player: player(p),
            to: table_from_one(*table)?,
            seat: seat_from_one(*seat)?,
        },
        TdCommand::Warn { player: p, reason } => TdAction::Warn {
            player: player(p),
            reason: reason.clone(),
        },
        TdCommand::MissRounds { player: p, rounds } => TdAction::MissRounds {
            player: player(p),
            rounds: *rounds,
        },
        TdCommand::TimePenalty { player: p, minutes } => TdAction::TimePenalty {
            player: player(p),
            minutes: *minutes,
        },
        TdCommand::Disqualify { player: p, reason } => TdAction::Disqualify {
            player: player(p),
            reason: reason.clone(),
        },
        TdCommand::Rebuy { .. }
        | TdCommand::AddOn { .. }
        | TdCommand::ReEnter { .. }
        | TdCommand::Undo
        | TdCommand::AgreeDeal { .. }
        | TdCommand::HandOver { .. }
        | TdCommand::Button { .. }
        | TdCommand::ChipCount { .. }
        | TdCommand::UndoBust { .. }
        | TdCommand::DrawSeats
        | TdCommand::TakeBuyIn { .. }
        | TdCommand::Accommodate { .. }
        | TdCommand::HoldForDeal { .. }
        | TdCommand::SeatCards { .. }
        | TdCommand::ColourUp { .. }
        | TdCommand::SourceCards { .. }
        | TdCommand::RaceCards { .. }
        | TdCommand::ButtonCards { .. }
        | TdCommand::Confirm { .. } => {
            return Err(Refusal::internal("handled by the caller"));
        }
    })
}
