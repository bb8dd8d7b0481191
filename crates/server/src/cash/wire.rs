//! The list keeper's commands as `ring::Room` operations, its refusals as API errors, and the
//! room as the waiting-list board.

use crate::refusal::Refusal;
use axum::http::StatusCode;
use engine::{Chips, RulebookId, Variant};
use protocol::{
    BoardBooks, BoardClosedTable, BoardFrozen, BoardGame, BoardGuest, BoardNames, BoardOffer,
    BoardSeat, BoardTable, BoardWaiting, GameSpec, NextHandView, PostView, RingBoard, RingCommand,
    StatementLine, TableStatement,
};
use ring::{
    BuyInLimits, CashTableId, Debt, Entering, Game, GameId, GuestId, NextHand, Rake, RingError,
    Room, Stakes, TableMode, Time, WaitingFor,
};

pub(crate) fn refusal(e: &RingError) -> Refusal {
    let message = e.to_string();
    let rule = e.rule();
    let refusal = match e {
        RingError::NoSuchGame(_) | RingError::NoSuchTable(_) | RingError::NoSuchGuest(_) => {
            Refusal::not_found(message)
        }
        RingError::OfferExpired { .. } => {
            Refusal::new(StatusCode::CONFLICT, "offer_expired", message)
        }
        RingError::NameLength { .. } | RingError::NameNotPrintable { .. } => {
            Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_name", message)
        }
        RingError::NameTaken(_) => Refusal::conflict("name_taken", message),
        // Issue 36 item 3: a number in international form, and only with consent.
        RingError::BadPhone { .. } => {
            Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_phone", message)
        }
        RingError::PhoneWithoutConsent => {
            Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "consent_needed", message)
        }
        RingError::HandInPlay(_) | RingError::ChipsInThePot(_) => {
            Refusal::new(StatusCode::CONFLICT, "hand_in_play", message)
        }
        // Issue 33 item 2: an amount a game or the books cannot hold.
        RingError::AmountTooLarge { .. } | RingError::BooksFull { .. } => Refusal::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "amount_too_large",
            message,
        ),
        _ => Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "refused", message),
    };
    let refusal = refusal.with_said(crate::said::ring(e));
    match rule {
        Some(rule) => refusal.with_rule(rule),
        None => refusal,
    }
}

fn entering(wait: bool) -> Entering {
    if wait { Entering::Wait } else { Entering::Post }
}

pub(super) fn debt(d: Debt) -> String {
    match d {
        Debt::Small => "small",
        Debt::Big => "big",
        Debt::Both => "both",
    }
    .into()
}

/// The next hand as the board and the guests see it: seats from 1, 0 for none.
pub(super) fn next_view(n: &NextHand) -> NextHandView {
    let seat = |s: Option<engine::Seat>| s.map_or(0, |s| s.number());
    NextHandView {
        button: seat(n.button),
        small_blind: seat(n.small_blind),
        big_blind: seat(n.big_blind),
        dealt: n.dealt.iter().map(|s| s.number()).collect(),
        posts: n
            .posts
            .iter()
            .map(|p| PostView {
                seat: p.seat.number(),
                live: p.live,
                dead: p.dead,
            })
            .collect(),
        rules: n.rules.iter().map(ToString::to_string).collect(),
    }
}

fn variant(spec: &GameSpec) -> Option<Variant> {
    use engine::{Game as G, Structure as S};
    // Spread limit (HC-1): a bet or raise from the big blind to `spread_max` (HC-3.4.1).
    let spread = S::SpreadLimit {
        min_bet: Chips(spec.big_blind),
        max_bet: Chips(spec.spread_max),
    };
    let (structure, game) = match spec.variant.trim().to_ascii_uppercase().as_str() {
        "NT" => (S::NoLimit, G::Holdem),
        "PT" => (S::PotLimit, G::Holdem),
        "NO" => (S::NoLimit, G::Omaha),
        "PO" => (S::PotLimit, G::Omaha),
        "ST" => (spread, G::Holdem),
        "SO" => (spread, G::Omaha),
        _ => return None,
    };
    Some(Variant { game, structure })
}

fn game(spec: &GameSpec) -> Result<Game, Refusal> {
    let bad = |m: String| Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_game", m);
    let variant = variant(spec).ok_or_else(|| {
        bad(format!(
            "unknown game {:?} (NT, PT, NO, PO; spread limit ST, SO)",
            spec.variant
        ))
    })?;
    if let engine::Structure::SpreadLimit { min_bet, max_bet } = variant.structure
        && max_bet < min_bet
    {
        return Err(bad(format!(
            "spread_max: a spread limit's largest bet is at least the big blind ({min_bet}), not {max_bet} (HC-3.4.1)"
        ))
        .with_rule(engine::rule!("HC-3.4.1")));
    }
    // A largest bet belongs to a spread limit only: elsewhere it would be dropped unread.
    if spec.spread_max != 0 && !matches!(variant.structure, engine::Structure::SpreadLimit { .. }) {
        return Err(bad(format!(
            "spread_max is a spread limit's largest bet (ST, SO), not one of {:?}",
            spec.variant
        )));
    }
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

/// A table's mode as the wire names it (`mode` reads it back).
pub(super) fn mode_name(mode: TableMode) -> String {
    match mode {
        TableMode::Online => "online",
        TableMode::Tablet => "tablet",
        TableMode::ListKeeper => "list_keeper",
    }
    .into()
}

/// What a name on a list waits for, as the wire names it.
pub(super) fn wants_name(wants: WaitingFor) -> String {
    match wants {
        WaitingFor::Seat => "seat",
        WaitingFor::TableChange { .. } => "table_change",
    }
    .into()
}

/// A game's blinds as the boards show them, "1/2".
pub(super) fn stakes_text(game: &Game) -> String {
    format!("{}/{}", game.stakes.small_blind, game.stakes.big_blind)
}

fn mode(text: &str) -> Result<TableMode, Refusal> {
    Ok(match text {
        "online" => TableMode::Online,
        "tablet" => TableMode::Tablet,
        "list_keeper" => TableMode::ListKeeper,
        other => {
            return Err(Refusal::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_table",
                format!("{other:?}: a table is online, tablet or list_keeper"),
            ));
        }
    })
}

/// The guest a list keeper's command names, which must exist before anything else is asked
/// of them (an unknown guest is 404, not "not seated").
fn named_guest(command: &RingCommand) -> Option<GuestId> {
    match command {
        RingCommand::Join { guest, .. }
        | RingCommand::Leave { guest, .. }
        | RingCommand::Accept { guest, .. }
        | RingCommand::Decline { guest }
        | RingCommand::SeatAtDesk { guest, .. }
        | RingCommand::Move { guest, .. }
        | RingCommand::TopUp { guest, .. }
        | RingCommand::CashOut { guest }
        | RingCommand::Away { guest, .. }
        | RingCommand::FreeAwaySeat { guest, .. }
        | RingCommand::Unfreeze { guest, .. } => Some(*guest),
        _ => None,
    }
}

pub(super) fn apply(room: &mut Room, now: Time, command: &RingCommand) -> Result<(), Refusal> {
    if let Some(guest) = named_guest(command) {
        room.guest(guest).map_err(|e| refusal(&e))?;
    }
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
            .open_table(*game, mode(m)?, opened_by, conditions, *feeds, now)
            .map(drop),
        RingCommand::CloseTable { table } => room.close_table(*table, now).map(drop),
        RingCommand::Join {
            guest,
            game,
            in_tournament,
        } => room.join(*guest, *game, *in_tournament, now),
        RingCommand::Leave { guest, game } => room.leave_list(*guest, *game, now),
        RingCommand::Accept {
            guest,
            buy_in,
            wait,
        } => room.accept(*guest, Chips(*buy_in), entering(*wait), now),
        RingCommand::Decline { guest } => room.decline(*guest, now),
        RingCommand::SeatAtDesk {
            guest,
            table,
            seat,
            buy_in,
            wait,
        } => room.seat_at_desk(*guest, *table, *seat, Chips(*buy_in), entering(*wait), now),
        RingCommand::Move {
            guest,
            table,
            seat,
            wait,
        } => room.move_seat(*guest, *table, *seat, entering(*wait), now),
        RingCommand::TopUp { guest, amount } => room.top_up(*guest, Chips(*amount)),
        RingCommand::CashOut { guest } => room.cash_out(*guest, now).map(drop),
        RingCommand::Away { guest, away, wait } => {
            room.set_away(*guest, *away, entering(*wait), now)
        }
        RingCommand::FreeAwaySeat { guest, freeze } => room.free_away_seat(*guest, *freeze, now),
        RingCommand::Unfreeze { guest, table, seat } => room.unfreeze(*guest, *table, *seat, now),
        RingCommand::HandStarted {
            table,
            dealt,
            button,
        } => {
            // Named players must be the ones the rules deal in.
            if !dealt.is_empty() {
                let next = room.next_hand(*table, *button).map_err(|e| refusal(&e))?;
                let tab = room.table(*table).map_err(|e| refusal(&e))?;
                let mut rules: Vec<GuestId> = next
                    .dealt
                    .iter()
                    .filter_map(|s| tab.seats[s.index()].map(|x| x.guest))
                    .collect();
                let mut named = dealt.clone();
                rules.sort_unstable();
                named.sort_unstable();
                if rules != named {
                    let numbers = |guests: &[GuestId]| {
                        let n: Vec<String> =
                            guests.iter().map(|g| g.number().to_string()).collect();
                        n.join(", ")
                    };
                    let seats: Vec<String> =
                        next.dealt.iter().map(|s| s.number().to_string()).collect();
                    let refusal = Refusal::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        "not_dealt_in",
                        format!(
                            "the next hand deals in guests {} (seats {}), not guests {}",
                            numbers(&rules),
                            seats.join(", "),
                            numbers(&named)
                        ),
                    );
                    return Err(match next.rules.first() {
                        Some(rule) => refusal.with_rule(*rule),
                        None => refusal,
                    });
                }
            }
            room.start_hand(*table, *button).map(drop)
        }
        RingCommand::HandSettled {
            table,
            stacks,
            pot,
            won,
            hand,
        } => {
            let tab = room.table(*table).map_err(|e| refusal(&e))?;
            if let Some(hand) = hand
                && (!tab.hand_running || *hand != tab.hands + 1)
            {
                return Err(Refusal::conflict(
                    "stale_hand",
                    format!("hand {hand} is not the hand in play at table {table}"),
                ));
            }
            if won.is_empty() {
                let stacks: Vec<(GuestId, Chips)> =
                    stacks.iter().map(|s| (s.guest, Chips(s.chips))).collect();
                room.hand_settled(*table, &stacks, Chips(*pot), now)
            } else {
                let results: Vec<(GuestId, Chips, Chips)> = stacks
                    .iter()
                    .map(|s| {
                        let w = won.iter().filter(|w| w.guest == s.guest).map(|w| w.chips);
                        let won = w.fold(0u64, |a, b| a.saturating_add(b));
                        (s.guest, Chips(s.chips), Chips(won))
                    })
                    .collect();
                room.settle_hand(*table, &results, Chips(*pot), now)
                    .map(drop)
            }
        }
        RingCommand::ChargeTime { table } => room.charge_time(*table, now).map(drop),
        RingCommand::Tick => {
            room.tick(now);
            Ok(())
        }
        RingCommand::Configure {
            offer_seconds,
            lose_place,
            interest_min,
            board_names,
        } => room.configure(ring::RoomConfig {
            offer_ms: u64::from(*offer_seconds) * 1_000,
            missed: if *lose_place {
                ring::MissedOffer::LosePlace
            } else {
                ring::MissedOffer::KeepPlace
            },
            interest_min: usize::from(*interest_min),
            // Left out: as it was.
            board_names: match board_names {
                None => room.config.board_names,
                Some(BoardNames::Full) => ring::BoardNames::Full,
                Some(BoardNames::Initials) => ring::BoardNames::Initials,
            },
        }),
        // The number and the consent are checked before the command is logged
        // (`CashState::apply`); read back here as logged.
        RingCommand::SetPhone {
            guest, phone, lang, ..
        } => room.set_contact(
            *guest,
            phone.as_deref().map(|p| ring::Contact {
                phone: ring::Phone::logged(p),
                lang: ring_lang(*lang),
            }),
        ),
        RingCommand::ForgetGuest { guest } => room.forget_guest(*guest, now),
        RingCommand::RegisterGuest { .. }
        | RingCommand::Deal { .. }
        | RingCommand::Commit { .. }
        | RingCommand::DeckValue { .. }
        | RingCommand::Act { .. }
        | RingCommand::TimeOut { .. }
        | RingCommand::CallClock { .. } => {
            return Err(Refusal::internal("an online table's command"));
        }
    };
    r.map_err(|e| refusal(&e))
}

/// A text's language as the room keeps it.
pub(crate) fn ring_lang(lang: protocol::Lang) -> ring::Lang {
    match lang {
        protocol::Lang::De => ring::Lang::De,
        protocol::Lang::En => ring::Lang::En,
    }
}

/// Who a board is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFor {
    /// The list keeper (the TD's secret): chips, books, every guest, full names.
    ListKeeper,
    /// The room's screen and anyone without a secret: no chips, no books, no guest list,
    /// names as the house chose (issue 36).
    Room,
}

/// A name as the room's board shows it under initials: "Egon Müller" as "E. M.", at most four.
pub fn initials(name: &str) -> String {
    name.split_whitespace()
        .filter_map(|word| word.chars().next())
        .take(4)
        .map(|c| format!("{}.", c.to_uppercase()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A guest's name as shown to the public (`public`: the room's board, a table's public view)
/// or to the desk and the guests: initials for the public when the house chose them (issue 36),
/// else the whole name.
pub fn shown_name(room: &Room, guest: GuestId, public: bool) -> String {
    let full = room.guest_name(guest);
    match room.config.board_names {
        ring::BoardNames::Initials if public => initials(full),
        _ => full.to_string(),
    }
}

/// The waiting-list board for the big screen (`BoardFor::Room`) and the list keeper, at `now`.
pub fn board(room: &Room, now: u64, audience: BoardFor) -> RingBoard {
    let keeper = audience == BoardFor::ListKeeper;
    let name = |g: GuestId| shown_name(room, g, audience == BoardFor::Room);
    let offers_at = |table: CashTableId| {
        let n = room.offers().iter().filter(|o| o.table == table).count();
        u32::try_from(n).unwrap_or(u32::MAX)
    };
    let games = room
        .games()
        .iter()
        .enumerate()
        .map(|(i, game)| {
            let id = GameId(i as u32);
            let tables: Vec<BoardTable> = room
                .tables()
                .iter()
                .filter(|t| t.game == id && t.is_open())
                .map(|t| BoardTable {
                    id: t.id,
                    mode: mode_name(t.mode),
                    opened_by: t.opened_by.clone(),
                    conditions: t.conditions.clone(),
                    feeds: t.feeds,
                    hand_running: t.hand_running,
                    hands: t.hands,
                    button: t.last.and_then(|l| l.button).map_or(0, |b| b.number()),
                    open_seats: t.free_seats().count() as u32,
                    offered_seats: offers_at(t.id),
                    seats: t
                        .seats
                        .iter()
                        .map(|s| {
                            s.map(|s| BoardSeat {
                                guest: s.guest,
                                name: name(s.guest),
                                chips: keeper.then_some(s.chips.0),
                                away: s.away_since.is_some(),
                                away_since_ms: s.away_since.map(|t| t.0),
                                in_hand: s.in_hand && t.hand_running,
                                owes: s.owes.map(debt),
                            })
                        })
                        .collect(),
                    next: room.next_hand(t.id, None).ok().map(|n| next_view(&n)),
                })
                .collect();
            let rate = room.seat_rate(id, Time(now));
            let wait_s = |k: u32| rate.and_then(|r| r.wait_ms(k)).map(|ms| ms / 1_000);
            let list = room.list(id).unwrap_or_default();
            // Names with an offer are being served now; the others wait their turn in order.
            let mut still = 0u32;
            let waiting = list
                .iter()
                .map(|w| {
                    let offer = room
                        .offers()
                        .iter()
                        .find(|o| {
                            o.guest == w.guest && room.tables()[o.table.0 as usize].game == id
                        })
                        .map(|o| BoardOffer {
                            table: o.table,
                            seat: o.seat,
                            expires_ms: o.expires.0,
                        });
                    let expected_wait_s = if offer.is_some() {
                        None
                    } else {
                        still = still.saturating_add(1);
                        wait_s(still)
                    };
                    BoardWaiting {
                        guest: w.guest,
                        name: name(w.guest),
                        wants: wants_name(w.wants),
                        offer,
                        expected_wait_s,
                    }
                })
                .collect();
            let sum =
                |f: fn(&BoardTable) -> u32| tables.iter().map(f).fold(0u32, u32::saturating_add);
            BoardGame {
                id,
                name: game.name.clone(),
                variant: game.variant.phh_code(),
                stakes: stakes_text(game),
                profile: game.profile.id().to_string(),
                min_buy_in: game.buy_in.min.0,
                max_buy_in: game.buy_in.max.0,
                rake_percent: match game.rake {
                    Rake::PerHand { percent, .. } => percent,
                    _ => 0,
                },
                rake_cap: match game.rake {
                    Rake::PerHand { cap, .. } => cap.0,
                    _ => 0,
                },
                time_charge: match game.rake {
                    Rake::PerHalfHour { per_seat } => per_seat.0,
                    _ => 0,
                },
                open_seats: sum(|t| t.open_seats),
                offers_running: sum(|t| t.offered_seats),
                seats_opened_2h: rate.map_or(0, |r| r.left),
                expected_wait_s: wait_s(still.saturating_add(1)),
                tables,
                waiting,
                worth_opening: room.worth_opening(id).unwrap_or(false),
            }
        })
        .collect();
    let books = room.books();
    let at_tables: u64 = room.tables().iter().map(|t| t.chips().0).sum();
    RingBoard {
        offer_seconds: (room.config.offer_ms / 1_000) as u32,
        lose_place: room.config.missed == ring::MissedOffer::LosePlace,
        interest_min: room.config.interest_min as u8,
        board_names: match room.config.board_names {
            ring::BoardNames::Full => BoardNames::Full,
            ring::BoardNames::Initials => BoardNames::Initials,
        },
        now_ms: now,
        guests: keeper.then(|| {
            room.guests()
                .iter()
                .filter(|g| !g.forgotten)
                .map(|g| BoardGuest {
                    id: g.id,
                    name: g.name.clone(),
                })
                .collect()
        }),
        frozen: keeper.then(|| {
            books
                .frozen
                .iter()
                .map(|f| BoardFrozen {
                    guest: f.0,
                    name: name(f.0),
                    game: f.1,
                    chips: f.2.0,
                })
                .collect()
        }),
        closed_tables: keeper.then(|| {
            room.tables()
                .iter()
                .filter_map(|t| {
                    Some(BoardClosedTable {
                        id: t.id,
                        game: t.game,
                        opened_by: t.opened_by.clone(),
                        closed_ms: t.closed_at?.0,
                    })
                })
                .collect()
        }),
        games,
        books: keeper.then(|| BoardBooks {
            bought_in: books.bought_in.0,
            at_tables,
            frozen: books.frozen_chips().0,
            cashed_out: books.cashed_out.0,
            rake: books.rake.0,
        }),
    }
}

/// A table's statement with the guests' names.
pub fn statement(room: &Room, table: CashTableId) -> Result<TableStatement, Refusal> {
    let c = room.statement(table).map_err(|e| refusal(&e))?;
    let name = |g: GuestId| room.guest_name(g).to_string();
    Ok(TableStatement {
        table: c.table,
        game: c.game,
        opened_by: c.opened_by,
        conditions: c.conditions,
        opened_ms: c.opened_at.0,
        closed_ms: c.closed_at.map(|t| t.0),
        hands: c.hands,
        lines: c
            .lines
            .iter()
            .map(|l| StatementLine {
                guest: l.guest,
                name: name(l.guest),
                brought: l.brought.0,
                took: l.took.0,
            })
            .collect(),
        brought: c.brought.0,
        took: c.took.0,
        rake: c.rake.0,
    })
}
