//! The list keeper's commands as `ring::Room` operations, its refusals as API errors, and the
//! room as the waiting-list board.

use crate::room::Refusal;
use engine::{Chips, RulebookId, Variant};
use protocol::{
    BoardBooks, BoardGame, BoardOffer, BoardSeat, BoardTable, BoardWaiting, GameSpec, RingBoard,
    RingCommand,
};
use ring::{
    BuyInLimits, CashTableId, Game, GameId, GuestId, Rake, RingError, Room, Stakes, TableMode,
    Time, WaitingFor,
};

fn refusal(e: &RingError) -> Refusal {
    let message = e.to_string();
    let rule = match e {
        RingError::InTournament { rule, .. }
        | RingError::NotAwayLongEnough { rule, .. }
        | RingError::NobodyWaiting { rule, .. } => Some(*rule),
        _ => None,
    };
    let refusal = match e {
        RingError::NoSuchGame(_) | RingError::NoSuchTable(_) | RingError::NoSuchGuest(_) => {
            Refusal::not_found(message)
        }
        RingError::OfferExpired { .. } => Refusal::new(409, "offer_expired", message),
        RingError::HandInPlay(_) | RingError::ChipsInThePot(_) => {
            Refusal::new(409, "hand_in_play", message)
        }
        _ => Refusal::new(422, "refused", message),
    };
    match rule {
        Some(rule) => refusal.with_rule(rule.0),
        None => refusal,
    }
}

fn variant(code: &str) -> Option<Variant> {
    use engine::{Game as G, Structure as S};
    let (structure, game) = match code.trim().to_ascii_uppercase().as_str() {
        "NT" => (S::NoLimit, G::Holdem),
        "PT" => (S::PotLimit, G::Holdem),
        "NO" => (S::NoLimit, G::Omaha),
        "PO" => (S::PotLimit, G::Omaha),
        _ => return None,
    };
    Some(Variant { game, structure })
}

fn game(spec: &GameSpec) -> Result<Game, Refusal> {
    let bad = |m: String| Refusal::new(422, "bad_game", m);
    let variant = variant(&spec.variant)
        .ok_or_else(|| bad(format!("unknown game {:?} (NT, PT, NO, PO)", spec.variant)))?;
    let profile: RulebookId = spec
        .profile
        .parse()
        .map_err(|e: engine::ProfileError| bad(e.to_string()))?;
    let rake = match (spec.rake_percent, spec.time_charge) {
        (0, 0) => Rake::Off,
        (p, 0) => Rake::PerHand {
            percent: p,
            cap: Chips(spec.rake_cap),
        },
        (0, t) => Rake::PerHalfHour { per_seat: Chips(t) },
        _ => return Err(bad("a rake per hand or a time charge, not both".into())),
    };
    Ok(Game {
        name: spec.name.clone(),
        variant,
        stakes: Stakes {
            small_blind: Chips(spec.small_blind),
            big_blind: Chips(spec.big_blind),
        },
        seats: spec.seats,
        buy_in: BuyInLimits {
            min: Chips(spec.min_buy_in),
            max: Chips(spec.max_buy_in),
        },
        profile,
        rake,
    })
}

fn mode(text: &str) -> Result<TableMode, Refusal> {
    Ok(match text {
        "online" => TableMode::Online,
        "tablet" => TableMode::Tablet,
        "list_keeper" => TableMode::ListKeeper,
        other => {
            return Err(Refusal::new(
                422,
                "bad_table",
                format!("{other:?}: a table is online, tablet or list_keeper"),
            ));
        }
    })
}

pub(super) fn apply(room: &mut Room, now: Time, command: &RingCommand) -> Result<(), Refusal> {
    let (g, t) = (GuestId, CashTableId);
    let r = match command {
        RingCommand::AddGame(spec) => room.add_game(game(spec)?).map(drop),
        RingCommand::AddGuest { name } => room.add_guest(name).map(drop),
        RingCommand::OpenTable {
            game,
            mode: m,
            opened_by,
            conditions,
            feeds,
        } => room
            .open_table(
                GameId(*game),
                mode(m)?,
                opened_by,
                conditions,
                feeds.map(t),
                now,
            )
            .map(drop),
        RingCommand::CloseTable { table } => room.close_table(t(*table), now).map(drop),
        RingCommand::Join {
            guest,
            game,
            in_tournament,
        } => room.join(g(*guest), GameId(*game), *in_tournament, now),
        RingCommand::Leave { guest, game } => room.leave_list(g(*guest), GameId(*game), now),
        RingCommand::Accept { guest, buy_in } => room.accept(g(*guest), Chips(*buy_in), now),
        RingCommand::Decline { guest } => room.decline(g(*guest), now),
        RingCommand::SeatAtDesk {
            guest,
            table,
            seat,
            buy_in,
        } => room.seat_at_desk(g(*guest), t(*table), *seat, Chips(*buy_in), now),
        RingCommand::TopUp { guest, amount } => room.top_up(g(*guest), Chips(*amount)),
        RingCommand::CashOut { guest } => room.cash_out(g(*guest), now).map(drop),
        RingCommand::Away { guest, away } => room.set_away(g(*guest), *away, now),
        RingCommand::FreeAwaySeat { guest, freeze } => room.free_away_seat(g(*guest), *freeze, now),
        RingCommand::Unfreeze { guest, table, seat } => {
            room.unfreeze(g(*guest), t(*table), *seat, now)
        }
        RingCommand::HandStarted { table, dealt } => {
            let dealt: Vec<GuestId> = dealt.iter().map(|&x| g(x)).collect();
            room.hand_started(t(*table), &dealt)
        }
        RingCommand::HandSettled { table, stacks, pot } => {
            let stacks: Vec<(GuestId, Chips)> = stacks
                .iter()
                .map(|s| (g(s.guest), Chips(s.chips)))
                .collect();
            room.hand_settled(t(*table), &stacks, Chips(*pot), now)
        }
        RingCommand::ChargeTime { table } => room.charge_time(t(*table), now).map(drop),
        RingCommand::Tick => {
            room.tick(now);
            Ok(())
        }
    };
    r.map_err(|e| refusal(&e))
}

/// The waiting-list board for the big screen and the list keeper.
pub fn board(room: &Room) -> RingBoard {
    let name = |g: GuestId| {
        room.guests()
            .get(g.0 as usize)
            .map_or_else(String::new, |x| x.name.clone())
    };
    let games = room
        .games()
        .iter()
        .enumerate()
        .map(|(i, game)| {
            let id = GameId(i as u32);
            let tables = room
                .tables()
                .iter()
                .filter(|t| t.game == id && t.is_open())
                .map(|t| BoardTable {
                    id: t.id.0,
                    mode: match t.mode {
                        TableMode::Online => "online",
                        TableMode::Tablet => "tablet",
                        TableMode::ListKeeper => "list_keeper",
                    }
                    .into(),
                    opened_by: t.opened_by.clone(),
                    conditions: t.conditions.clone(),
                    feeds: t.feeds.map(|f| f.0),
                    hand_running: t.hand_running,
                    hands: t.hands,
                    open_seats: t.free_seats().count() as u32,
                    seats: t
                        .seats
                        .iter()
                        .map(|s| {
                            s.map(|s| BoardSeat {
                                guest: s.guest.0,
                                name: name(s.guest),
                                chips: s.chips.0,
                                away: s.away_since.is_some(),
                            })
                        })
                        .collect(),
                })
                .collect();
            let waiting = room
                .list(id)
                .unwrap_or_default()
                .iter()
                .map(|w| BoardWaiting {
                    guest: w.guest.0,
                    name: name(w.guest),
                    wants: match w.wants {
                        WaitingFor::Seat => "seat",
                        WaitingFor::TableChange { .. } => "table_change",
                    }
                    .into(),
                    offer: room
                        .offers()
                        .iter()
                        .find(|o| {
                            o.guest == w.guest && room.tables()[o.table.0 as usize].game == id
                        })
                        .map(|o| BoardOffer {
                            table: o.table.0,
                            seat: o.seat,
                            expires_ms: o.expires.0,
                        }),
                })
                .collect();
            BoardGame {
                id: id.0,
                name: game.name.clone(),
                variant: game.variant.phh_code(),
                stakes: format!("{}/{}", game.stakes.small_blind, game.stakes.big_blind),
                profile: game.profile.id().to_string(),
                min_buy_in: game.buy_in.min.0,
                max_buy_in: game.buy_in.max.0,
                tables,
                waiting,
                worth_opening: room.worth_opening(id).unwrap_or(false),
            }
        })
        .collect();
    let books = room.books();
    let at_tables: u64 = room.tables().iter().map(|t| t.chips().0).sum();
    RingBoard {
        games,
        books: BoardBooks {
            bought_in: books.bought_in.0,
            at_tables,
            frozen: books.frozen_chips().0,
            cashed_out: books.cashed_out.0,
            rake: books.rake.0,
        },
    }
}
