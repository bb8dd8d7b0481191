//! The server's texts for people as message keys with arguments (`protocol::Said`), which the
//! pages render in their language (`ui/i18n.js`); the English text is made from the same value.
//! Keys are prefixed by what they are: `refused_` (refusals), `wait_` (why a table waits),
//! `audit_` (the audit log's lines).

use engine::TableError;
use protocol::EventCommand;
use protocol::{Said, TdCommand};
use serde::Serialize;
use serde_json::{Map, Value};
use std::fmt;
use thiserror::Error;
use tournament::{ClosedBy, DirectorError};

mod hand;
pub use hand::hand;

/// A value serialized as `{"key", "args"}` (an adjacently tagged enum) or as a bare key (a unit
/// variant), with `prefix` put before its key and the keys of the messages among its arguments.
pub fn said(prefix: &str, value: &impl Serialize) -> Said {
    match serde_json::to_value(value).unwrap_or_default() {
        Value::Object(mut o) => {
            let key = o.remove("key").and_then(|k| k.as_str().map(str::to_string));
            let args = match o.remove("args") {
                Some(Value::Object(args)) => args,
                _ => Map::new(),
            };
            Said {
                key: format!("{prefix}{}", key.unwrap_or_default()),
                args: args
                    .into_iter()
                    .map(|(k, v)| (k, nested(prefix, v)))
                    .collect(),
            }
        }
        Value::String(key) => Said {
            key: format!("{prefix}{key}"),
            args: Map::new(),
        },
        _ => Said::default(),
    }
}

/// An argument that is itself a message gets the prefix too.
fn nested(prefix: &str, value: Value) -> Value {
    match value {
        Value::Object(o) if o.contains_key("key") => {
            serde_json::to_value(said(prefix, &Value::Object(o))).unwrap_or_default()
        }
        Value::Array(items) => Value::Array(items.into_iter().map(|v| nested(prefix, v)).collect()),
        other => other,
    }
}

fn message(key: &str, args: Value) -> Said {
    Said {
        key: key.to_string(),
        args: match args {
            Value::Object(o) => o,
            _ => Map::new(),
        },
    }
}

fn as_value(said: Said) -> Value {
    serde_json::to_value(said).unwrap_or_default()
}

/// A director's refusal; every variant has its key.
pub fn director(error: &DirectorError) -> Said {
    use serde_json::json;
    let table = |t: &tournament::TableId| t.number();
    match error {
        DirectorError::Wait(t, wait) => message(
            "refused_cannot_start",
            json!({ "table": table(t), "wait": as_value(said("wait_", wait)) }),
        ),
        DirectorError::NoSuchPlayer(p) => {
            message("refused_no_such_player", json!({ "player": p.number() }))
        }
        DirectorError::NoSuchTable(t) => {
            message("refused_no_such_table", json!({ "table": table(t) }))
        }
        DirectorError::NoSuchAction(a) => {
            message("refused_no_such_action", json!({ "action": a.number() }))
        }
        DirectorError::NoSuchInstruction(i) => {
            message("refused_no_such_instruction", json!({ "id": i.number() }))
        }
        DirectorError::AlreadyStarted => message("refused_already_started", json!({})),
        DirectorError::TooFewPlayers(n) => {
            message("refused_too_few_players", json!({ "players": n }))
        }
        DirectorError::Closed { what, why } => message(
            "refused_closed",
            json!({
                "what": as_value(message(&format!("closed_{}", what.replace([' ', '-'], "_")), json!({}))),
                "rule": match why {
                    ClosedBy::Rule(rule) => json!(rule.id()),
                    ClosedBy::EventOver => as_value(message("closed_by_event_over", json!({}))),
                    ClosedBy::NotOffered => as_value(message("closed_by_not_offered", json!({}))),
                },
            }),
        ),
        DirectorError::Refused(why) => said("refused_", why),
        DirectorError::NoHand(t) => message("refused_no_hand", json!({ "table": table(t) })),
        DirectorError::HandNotOver(t) => {
            message("refused_hand_not_over", json!({ "table": table(t) }))
        }
        DirectorError::ChipsNotConserved {
            table,
            expected,
            found,
        } => message(
            "refused_chips_not_conserved",
            json!({ "table": table, "expected": expected, "found": found }),
        ),
        DirectorError::BalanceBreach {
            table: t,
            detail,
            rule,
        } => message(
            "refused_balance_breach",
            json!({ "table": table(t), "detail": detail, "rule": rule }),
        ),
        DirectorError::CannotUndo(a, why) => message(
            "refused_cannot_undo",
            json!({ "action": a.number(), "why": as_value(said("refused_", why)) }),
        ),
        DirectorError::DealtByServer(t) => {
            message("refused_dealt_by_server", json!({ "table": table(t) }))
        }
        DirectorError::DealtLive(t) => message("refused_dealt_live", json!({ "table": table(t) })),
        DirectorError::BadReport {
            table: t,
            problem,
            rule,
        } => {
            let problem = as_value(said("refused_", problem));
            match rule {
                Some(rule) => message(
                    "refused_bad_report_rule",
                    json!({ "table": table(t), "problem": problem, "rule": rule }),
                ),
                None => message(
                    "refused_bad_report",
                    json!({ "table": table(t), "problem": problem }),
                ),
            }
        }
        DirectorError::Table(e) => match e {
            TableError::SeatCount(n) => message("refused_seat_count", json!({ "seats": n })),
            TableError::NoSuchSeat(s) => {
                message("refused_no_such_seat", json!({ "seat": s.number() }))
            }
            TableError::SeatTaken(s) => {
                message("refused_seat_taken", json!({ "seat": s.number() }))
            }
            TableError::SeatEmpty(s) => {
                message("refused_seat_empty", json!({ "seat": s.number() }))
            }
            TableError::NoChips => message("refused_no_chips", json!({})),
            TableError::NotEnoughPlayers => message("refused_not_enough_players", json!({})),
            TableError::ForcedBets(..) | TableError::Setup(_) => {
                message("refused_table_setup", json!({ "detail": e.to_string() }))
            }
        },
    }
}

/// The list keeper's refusals as keys with arguments, for the pages' languages; tables, games
/// and guests are numbered from 1, as the pages show them.
pub fn ring(error: &ring::RingError) -> Said {
    use ring::RingError;
    use serde_json::json;
    // Amounts past what a page's numbers hold exactly (2^53) go as text.
    let amount = |chips: engine::Chips| match chips.0 {
        n if n <= 1 << 53 => json!(n),
        n => json!(n.to_string()),
    };
    match error {
        RingError::AmountTooLarge {
            what,
            amount: a,
            max,
        } => message(
            "refused_amount_too_large",
            json!({
                "what": as_value(said("amount_", what)),
                "amount": amount(*a),
                "max": amount(*max),
            }),
        ),
        RingError::BooksFull { amount: a, total } => message(
            "refused_cash_books_full",
            json!({ "amount": amount(*a), "total": amount(*total) }),
        ),
        RingError::NoSuchGame(g) => {
            message("refused_ring_no_such_game", json!({ "game": g.number() }))
        }
        RingError::NoSuchTable(t) => {
            message("refused_ring_no_such_table", json!({ "table": t.number() }))
        }
        RingError::NoSuchGuest(g) => {
            message("refused_ring_no_such_guest", json!({ "guest": g.number() }))
        }
        RingError::BadGame(detail) => message("refused_ring_bad_game", json!({ "detail": detail })),
        RingError::TableClosed(t) => {
            message("refused_ring_table_closed", json!({ "table": t.number() }))
        }
        RingError::SeatTaken { table, seat } => message(
            "refused_ring_seat_taken",
            json!({ "table": table.number(), "seat": seat }),
        ),
        RingError::NoSuchSeat { table, seat } => message(
            "refused_ring_no_such_seat",
            json!({ "table": table.number(), "seat": seat }),
        ),
        RingError::NotSeated(g) => {
            message("refused_ring_not_seated", json!({ "guest": g.number() }))
        }
        RingError::Seated(g) => message("refused_ring_seated", json!({ "guest": g.number() })),
        RingError::BuyInOutsideLimits {
            amount: a,
            min,
            max,
        } => message(
            "refused_ring_buy_in_outside_limits",
            json!({ "amount": amount(*a), "min": amount(*min), "max": amount(*max) }),
        ),
        RingError::TopUpAboveMaximum { to, max } => message(
            "refused_ring_top_up_above_maximum",
            json!({ "to": amount(*to), "max": amount(*max) }),
        ),
        RingError::TopUpAddsChips { to } => message(
            "refused_ring_top_up_adds_chips",
            json!({ "to": amount(*to) }),
        ),
        RingError::HandInPlay(t) => {
            message("refused_ring_hand_in_play", json!({ "table": t.number() }))
        }
        RingError::NoHandInPlay(t) => message(
            "refused_ring_no_hand_in_play",
            json!({ "table": t.number() }),
        ),
        RingError::ChipsInThePot(g) => message(
            "refused_ring_chips_in_the_pot",
            json!({ "guest": g.number() }),
        ),
        RingError::ListedTwice { guest } => message(
            "refused_ring_listed_twice",
            json!({ "guest": guest.number() }),
        ),
        RingError::InTournament { guest, .. } => message(
            "refused_ring_in_tournament",
            json!({ "guest": guest.number() }),
        ),
        RingError::NotListed(g) => {
            message("refused_ring_not_listed", json!({ "guest": g.number() }))
        }
        RingError::OfferExpired { guest, .. } => message(
            "refused_ring_offer_expired",
            json!({ "guest": guest.number() }),
        ),
        RingError::NoOffer(g) => message("refused_ring_no_offer", json!({ "guest": g.number() })),
        RingError::NotAwayLongEnough { guest, away_ms, .. } => message(
            "refused_ring_not_away_long_enough",
            json!({ "guest": guest.number(), "minutes": away_ms / 60_000 }),
        ),
        RingError::NobodyWaiting { guest, .. } => message(
            "refused_ring_nobody_waiting",
            json!({ "guest": guest.number() }),
        ),
        RingError::SeatStaysUnder { profile, .. } => message(
            "refused_ring_seat_stays_under",
            json!({ "profile": profile }),
        ),
        RingError::NothingFrozen(g) => message(
            "refused_ring_nothing_frozen",
            json!({ "guest": g.number() }),
        ),
        RingError::FrozenForGame { guest, .. } => message(
            "refused_ring_frozen_for_game",
            json!({ "guest": guest.number() }),
        ),
        RingError::SeatedElsewhere { guest, table } => message(
            "refused_ring_seated_elsewhere",
            json!({ "guest": guest.number(), "table": table.number() }),
        ),
        RingError::TableNotEmpty(t) => message(
            "refused_ring_table_not_empty",
            json!({ "table": t.number() }),
        ),
        RingError::NotDealtIn { guest } => message(
            "refused_ring_not_dealt_in",
            json!({ "guest": guest.number() }),
        ),
        RingError::ChipsDoNotAddUp {
            before,
            after,
            rake,
        } => message(
            "refused_ring_chips_do_not_add_up",
            json!({ "before": amount(*before), "after": amount(*after), "rake": amount(*rake) }),
        ),
        RingError::RakeAboveWinnings { rake } => message(
            "refused_ring_rake_above_winnings",
            json!({ "rake": amount(*rake) }),
        ),
        RingError::TooFewToDeal { .. } => message("refused_ring_too_few_to_deal", json!({})),
        RingError::ButtonNotAtPlayer { seat, .. } => {
            message("refused_ring_button_not_at_player", json!({ "seat": seat }))
        }
        RingError::BooksDoNotBalance {
            bought_in,
            accounted,
            ..
        } => message(
            "refused_ring_books_do_not_balance",
            json!({ "bought_in": bought_in.to_string(), "accounted": accounted.to_string() }),
        ),
        RingError::FeedsNoMainTable => message("refused_ring_feeds_no_main_table", json!({})),
        RingError::OpenerName { max, .. } => {
            message("refused_ring_opener_name", json!({ "max": max }))
        }
        RingError::ConditionsTooLong { max } => {
            message("refused_ring_conditions_too_long", json!({ "max": max }))
        }
        RingError::OfferTime { min_s } => {
            message("refused_ring_offer_time", json!({ "min": min_s }))
        }
        RingError::InterestMin { min, max } => message(
            "refused_ring_interest_min",
            json!({ "min": min, "max": max }),
        ),
        RingError::NameLength { max } => message("refused_ring_name_length", json!({ "max": max })),
        RingError::NameNotPrintable { code } => message(
            "refused_ring_name_not_printable",
            json!({ "code": format!("U+{code:04X}") }),
        ),
        RingError::NameTaken(name) => message("refused_ring_name_taken", json!({ "name": name })),
        RingError::BadPhone { min, max } => {
            message("refused_ring_bad_phone", json!({ "min": min, "max": max }))
        }
        RingError::PhoneWithoutConsent => message("refused_ring_phone_without_consent", json!({})),
        RingError::ForgetWithChips(g) => message(
            "refused_ring_forget_with_chips",
            json!({ "guest": g.number() }),
        ),
    }
}

/// What the server's own routes for the TD and the tablets refuse.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "key", content = "args", rename_all = "snake_case")]
pub enum RoomRefused {
    #[error("the server deals this event: there is nothing to follow")]
    NothingToFollow,
    #[error("table {table} plays no hand now: bind a tablet that follows it while it plays one")]
    BetweenHands { table: u32 },
    #[error("this tablet is bound to another table")]
    OtherTablesTablet,
    #[error("the TD's secret or this table's tablet token is needed")]
    TabletTokenNeeded,
    #[error("table {table} has been broken (TDA-10): nothing to report from it")]
    BrokenNothingToReport { table: u32 },
    #[error("instruction {instruction} is not for table {table}")]
    NotForThisTable { instruction: u32, table: u32 },
    #[error("tablets report the hands of a live event; the server deals this one")]
    TabletsForLiveEvents,
    #[error("no table {table}")]
    NoTable { table: u32 },
    #[error("table {table} has been broken")]
    TableBroken { table: u32 },
    #[error(
        "{text:?} is not a card of the deck (a rank 2-9, T, J, Q, K, A and a suit c, d, h, s: \"Ks\")"
    )]
    NotACard { text: String },
    #[error("tables and seats are numbered from 1")]
    NumberedFromOne,
    #[error("a player's name is 1 to {max} characters")]
    NameLength { max: usize },
    #[error("a deal is among {max} players at most")]
    DealPlayers { max: usize },
    #[error("a hand has {max} players at most")]
    HandPlayers { max: usize },
    #[error("a count names {max} players at most")]
    CountPlayers { max: usize },
    #[error("a table has {max} seats at most")]
    TableSeats { max: usize },
    #[error("a draw deals 52 cards at most")]
    DrawCards,
    #[error("a race deals 52 cards at most, to {max} players at most")]
    RaceCards { max: usize },
}

/// One line of the audit log: what a command did, by kind.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "key", content = "args", rename_all = "snake_case")]
pub enum Audit {
    Registered {
        name: String,
    },
    RegisteredBot {
        name: String,
    },
    Start,
    Deal {
        table: u32,
    },
    /// Issue 37: the seed of a table's next hand committed to.
    Commit {
        table: u32,
        hand: u64,
    },
    /// Issue 37: a player's value for a hand's deck.
    DeckValue {
        table: u32,
        player: u32,
    },
    Act {
        table: u32,
        player: u32,
    },
    CallClock {
        table: u32,
    },
    TimeOut {
        table: u32,
        player: u32,
    },
    Back {
        player: u32,
    },
    Away {
        player: u32,
    },
    Tick,
    TabletBound {
        table: u32,
    },
    Pause,
    Resume,
    DrawSeats,
    BuyInTaken {
        player: u32,
    },
    Accommodated {
        player: u32,
    },
    NotAccommodated {
        player: u32,
    },
    ColouredUpAll {
        table: u32,
    },
    ColouredUp {
        table: u32,
        players: String,
    },
    Reserved {
        name: String,
    },
    HoldForDeal,
    ReleaseForDeal,
    SetClock {
        /// m:ss
        time: String,
    },
    Move {
        player: u32,
        table: u32,
        seat: u8,
    },
    Rebuy {
        player: u32,
    },
    AddOn {
        player: u32,
    },
    ReEnter {
        player: u32,
    },
    Warn {
        player: u32,
        reason: String,
    },
    MissRounds {
        player: u32,
        rounds: u32,
    },
    TimePenalty {
        player: u32,
        minutes: u32,
    },
    Disqualify {
        player: u32,
        reason: String,
    },
    Undo,
    /// `shares` of `audit_share`; `played` the prizes played on for.
    DealAgreed {
        shares: Vec<Said>,
        played: Vec<u64>,
    },
    /// Nothing played on for.
    DealAgreedAll {
        shares: Vec<Said>,
    },
    HandOver {
        table: u32,
    },
    /// `outs` of `audit_out`, each with `by` (`audit_out_by`), `stack` (`audit_out_stack`)
    /// and `card` (`audit_out_card`) where the report gave them, or "".
    HandOverOuts {
        table: u32,
        outs: Vec<Said>,
    },
    Button {
        table: u32,
        seat: u8,
    },
    ButtonCards {
        table: u32,
        cards: Vec<Said>,
    },
    ChipCount {
        counts: Vec<Said>,
    },
    Confirm {
        instruction: u32,
    },
    SeatCards {
        table: u32,
        seats: Vec<Said>,
    },
    UndoBust {
        player: u32,
    },
    SourceCards {
        cards: Vec<Said>,
    },
    RaceCards {
        table: u32,
        cards: Vec<Said>,
    },
}

/// A part of a line (its key gets the `audit_` prefix with the line's).
fn part(key: &str, args: Value) -> Said {
    message(key, args)
}

fn list(parts: &[Said]) -> String {
    parts.iter().map(english).collect::<Vec<_>>().join(", ")
}

/// A part of a line in English.
fn english(part: &Said) -> String {
    let arg = |k: &str| match part.args.get(k) {
        Some(Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
        None => String::new(),
    };
    match part.key.as_str() {
        "share" => format!("player {} {}", arg("player"), arg("amount")),
        "count" => format!("player {} {}", arg("player"), arg("chips")),
        "seat_card" => format!(
            "player {} table {} seat {}",
            arg("player"),
            arg("table"),
            arg("seat")
        ),
        "seat_draw" => format!("seat {} {}", arg("seat"), arg("card")),
        "table_card" => format!("table {} {}", arg("table"), arg("card")),
        "player_cards" => format!("player {} {}", arg("player"), arg("cards")),
        "out" => {
            let inner = |k: &str, n: &str| part.args.get(k)?.get("args")?.get(n).cloned();
            let mut line = format!("player {} out", arg("player"));
            if let Some(Value::Array(by)) = inner("by", "by") {
                let by: Vec<String> = by.iter().map(|p| format!("player {p}")).collect();
                line += &format!(" by {}", by.join(" and "));
            }
            if let Some(s) = inner("stack", "chips") {
                line += &format!(" ({s} at the start)");
            }
            if let Some(Value::String(card)) = inner("card", "card") {
                line += &format!(" (drew {card}, HC-1.3)");
            }
            line
        }
        _ => part.key.clone(),
    }
}

impl fmt::Display for Audit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Audit::Registered { name } => write!(f, "registered {name}"),
            Audit::RegisteredBot { name } => write!(f, "registered {name} (bot)"),
            Audit::Start => write!(f, "start"),
            Audit::Deal { table } => write!(f, "deal at table {table}"),
            Audit::Commit { table, hand } => {
                write!(f, "deck of hand {hand} at table {table} committed")
            }
            Audit::DeckValue { table, player } => {
                write!(
                    f,
                    "player {player} adds a value to the deck at table {table}"
                )
            }
            Audit::Act { table, player } => write!(f, "player {player} acts at table {table}"),
            Audit::CallClock { table } => write!(f, "call clock at table {table}"),
            Audit::TimeOut { table, player } => {
                write!(f, "time out: player {player} at table {table}")
            }
            Audit::Back { player } => write!(f, "presence: player {player} is back"),
            Audit::Away { player } => write!(f, "presence: player {player} is away"),
            Audit::Tick => write!(f, "tick"),
            Audit::TabletBound { table } => write!(f, "tablet bound to table {table}"),
            Audit::Pause => write!(f, "pause"),
            Audit::DrawSeats => write!(f, "seats drawn"),
            Audit::BuyInTaken { player } => write!(f, "buy-in taken from player {player}"),
            Audit::Accommodated { player } => {
                write!(f, "player {player} seated for special needs (TDA-9)")
            }
            Audit::NotAccommodated { player } => {
                write!(f, "player {player} no longer seated for special needs")
            }
            Audit::ColouredUpAll { table } => {
                write!(f, "unscheduled colour-up at table {table} (TDA-25B)")
            }
            Audit::ColouredUp { table, players } => write!(
                f,
                "unscheduled colour-up of players {players} at table {table} (TDA-25B)"
            ),
            Audit::Reserved { name } => write!(f, "seat reserved for {name}"),
            Audit::HoldForDeal => write!(f, "tables held for a deal"),
            Audit::ReleaseForDeal => write!(f, "tables play on"),
            Audit::Resume => write!(f, "resume"),
            Audit::SetClock { time } => write!(f, "set clock to {time}"),
            Audit::Move {
                player,
                table,
                seat,
            } => write!(f, "move player {player} to table {table} seat {seat}"),
            Audit::Rebuy { player } => write!(f, "rebuy player {player}"),
            Audit::AddOn { player } => write!(f, "add on player {player}"),
            Audit::ReEnter { player } => write!(f, "re enter player {player}"),
            Audit::Warn { player, reason } => write!(f, "warn player {player}, reason {reason:?}"),
            Audit::MissRounds { player, rounds } => {
                write!(f, "miss rounds player {player}, rounds {rounds}")
            }
            Audit::TimePenalty { player, minutes } => {
                write!(f, "time penalty player {player}, minutes {minutes}")
            }
            Audit::Disqualify { player, reason } => {
                write!(f, "disqualify player {player}, reason {reason:?}")
            }
            Audit::Undo => write!(f, "undo"),
            Audit::DealAgreed { shares, played } => {
                let played: Vec<String> = played.iter().map(u64::to_string).collect();
                write!(
                    f,
                    "deal agreed (HC-1.2): {}; played for {}",
                    list(shares),
                    played.join(", ")
                )
            }
            Audit::DealAgreedAll { shares } => {
                write!(
                    f,
                    "deal agreed (HC-1.2): {}; played for nothing",
                    list(shares)
                )
            }
            Audit::HandOver { table } => write!(f, "hand over at table {table} (HC-1.8)"),
            Audit::HandOverOuts { table, outs } => {
                write!(f, "hand over at table {table} (HC-1.8): {}", list(outs))
            }
            Audit::Button { table, seat } => write!(f, "button at table {table} seat {seat}"),
            Audit::ButtonCards { table, cards } => {
                write!(f, "button cards at table {table}: {}", list(cards))
            }
            Audit::ChipCount { counts } => write!(f, "chips counted: {}", list(counts)),
            Audit::Confirm { instruction } => write!(f, "confirm instruction {instruction}"),
            Audit::SeatCards { table, seats } => {
                write!(f, "seat cards at table {table}: {}", list(seats))
            }
            Audit::UndoBust { player } => write!(f, "undo bust player {player}"),
            Audit::SourceCards { cards } => write!(f, "source cards: {}", list(cards)),
            Audit::RaceCards { table, cards } => {
                write!(f, "race cards at table {table}: {}", list(cards))
            }
        }
    }
}

/// The audit line of a command.
pub fn audit(command: &EventCommand) -> Audit {
    use serde_json::json;
    let p = |e: &protocol::EntryId| e.number();
    match command {
        EventCommand::Register {
            name,
            bot,
            reserved,
            ..
        } => match (bot, reserved) {
            (true, _) => Audit::RegisteredBot { name: name.clone() },
            (false, true) => Audit::Reserved { name: name.clone() },
            (false, false) => Audit::Registered { name: name.clone() },
        },
        EventCommand::Start { .. } => Audit::Start,
        EventCommand::Deal { table, .. } => Audit::Deal {
            table: table.number(),
        },
        EventCommand::Commit { table, hand, .. } => Audit::Commit {
            table: table.number(),
            hand: *hand,
        },
        EventCommand::DeckValue { table, player, .. } => Audit::DeckValue {
            table: table.number(),
            player: p(player),
        },
        EventCommand::Act { table, player, .. } => Audit::Act {
            table: table.number(),
            player: p(player),
        },
        EventCommand::CallClock { table, .. } => Audit::CallClock {
            table: table.number(),
        },
        EventCommand::TimeOut { table, player, .. } => Audit::TimeOut {
            table: table.number(),
            player: p(player),
        },
        EventCommand::Presence {
            player, present, ..
        } => match present {
            true => Audit::Back { player: p(player) },
            false => Audit::Away { player: p(player) },
        },
        EventCommand::Tick { .. } => Audit::Tick,
        EventCommand::BindTablet { table, .. } => Audit::TabletBound { table: table.0 },
        EventCommand::Td { action, .. } => match action {
            TdCommand::DrawSeats => Audit::DrawSeats,
            TdCommand::TakeBuyIn { player } => Audit::BuyInTaken { player: p(player) },
            TdCommand::Accommodate { player, on: true } => {
                Audit::Accommodated { player: p(player) }
            }
            TdCommand::Accommodate { player, on: false } => {
                Audit::NotAccommodated { player: p(player) }
            }
            TdCommand::ColourUp { table, players } if players.is_empty() => {
                Audit::ColouredUpAll { table: table.0 }
            }
            TdCommand::ColourUp { table, players } => Audit::ColouredUp {
                table: table.0,
                players: players
                    .iter()
                    .map(|e| p(e).to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            },
            TdCommand::HoldForDeal { on: true } => Audit::HoldForDeal,
            TdCommand::HoldForDeal { on: false } => Audit::ReleaseForDeal,
            TdCommand::Pause => Audit::Pause,
            TdCommand::Resume => Audit::Resume,
            TdCommand::SetClock { remaining_ms } => {
                let s = remaining_ms.div_ceil(1000);
                Audit::SetClock {
                    time: format!("{}:{:02}", s / 60, s % 60),
                }
            }
            TdCommand::Move {
                player,
                table,
                seat,
            } => Audit::Move {
                player: p(player),
                table: table.0,
                seat: *seat,
            },
            TdCommand::Rebuy { player } => Audit::Rebuy { player: p(player) },
            TdCommand::AddOn { player } => Audit::AddOn { player: p(player) },
            TdCommand::ReEnter { player } => Audit::ReEnter { player: p(player) },
            TdCommand::Warn { player, reason } => Audit::Warn {
                player: p(player),
                reason: reason.clone(),
            },
            TdCommand::MissRounds { player, rounds } => Audit::MissRounds {
                player: p(player),
                rounds: *rounds,
            },
            TdCommand::TimePenalty { player, minutes } => Audit::TimePenalty {
                player: p(player),
                minutes: *minutes,
            },
            TdCommand::Disqualify { player, reason } => Audit::Disqualify {
                player: p(player),
                reason: reason.clone(),
            },
            TdCommand::Undo => Audit::Undo,
            TdCommand::AgreeDeal { amounts, play_for } => {
                let shares = amounts
                    .iter()
                    .map(|s| {
                        part(
                            "share",
                            json!({ "player": p(&s.player), "amount": s.amount }),
                        )
                    })
                    .collect();
                match play_for.is_empty() {
                    true => Audit::DealAgreedAll { shares },
                    false => Audit::DealAgreed {
                        shares,
                        played: play_for.clone(),
                    },
                }
            }
            TdCommand::HandOver { table, busts } if busts.is_empty() => {
                Audit::HandOver { table: table.0 }
            }
            TdCommand::HandOver { table, busts } => Audit::HandOverOuts {
                table: table.0,
                outs: busts
                    .iter()
                    .map(|b| {
                        let by: Vec<u32> = b.by.iter().map(p).collect();
                        let or_none = |on: bool, said: Said| match on {
                            true => as_value(said),
                            false => json!(""),
                        };
                        part(
                            "out",
                            json!({
                                "player": p(&b.player),
                                "by": or_none(!by.is_empty(), part("out_by", json!({ "by": by }))),
                                "stack": b.stack_at_start.map_or(json!(""), |chips| {
                                    as_value(part("out_stack", json!({ "chips": chips })))
                                }),
                                "card": b.card.as_ref().map_or(json!(""), |card| {
                                    as_value(part("out_card", json!({ "card": card })))
                                }),
                            }),
                        )
                    })
                    .collect(),
            },
            TdCommand::Button { table, seat } => Audit::Button {
                table: table.0,
                seat: *seat,
            },
            TdCommand::ButtonCards { table, cards } => Audit::ButtonCards {
                table: table.0,
                cards: cards
                    .iter()
                    .map(|c| part("seat_draw", json!({ "seat": c.seat, "card": c.card })))
                    .collect(),
            },
            TdCommand::ChipCount { counts } => Audit::ChipCount {
                counts: counts
                    .iter()
                    .map(|c| part("count", json!({ "player": p(&c.player), "chips": c.chips })))
                    .collect(),
            },
            TdCommand::Confirm { instruction } => Audit::Confirm {
                instruction: *instruction,
            },
            TdCommand::SeatCards { table, seats } => Audit::SeatCards {
                table: table.0,
                seats: seats
                    .iter()
                    .map(|s| {
                        part(
                            "seat_card",
                            json!({
                                "player": p(&s.player),
                                "table": s.table.map_or(table.0, |t| t.0),
                                "seat": s.seat,
                            }),
                        )
                    })
                    .collect(),
            },
            TdCommand::UndoBust { player } => Audit::UndoBust { player: p(player) },
            TdCommand::SourceCards { cards } => Audit::SourceCards {
                cards: cards
                    .iter()
                    .map(|c| part("table_card", json!({ "table": c.table.0, "card": c.card })))
                    .collect(),
            },
            TdCommand::RaceCards { table, cards } => Audit::RaceCards {
                table: table.0,
                cards: cards
                    .iter()
                    .map(|c| {
                        part(
                            "player_cards",
                            json!({ "player": p(&c.player), "cards": c.cards.join(" ") }),
                        )
                    })
                    .collect(),
            },
        },
    }
}

#[cfg(test)]
mod tests;
