//! The keys of `said.rs` against the English texts and the UI's tables.

use super::*;
use protocol::EventCommand;
use protocol::{BustCall, EntryId, EventId, TableNumber};
use tournament::{Refused, TableId};

const UI: &str = include_str!("../../ui/i18n-server.js");
/// The pages' own texts, which name streets (`street_flop`).
const PAGES: &str = include_str!("../../ui/i18n.js");

/// Both of the UI's tables (English, then German) have a text for `key`.
fn in_both(key: &str) -> bool {
    let (en, de) = UI.split_once("export const SERVER_DE").expect("two tables");
    let entry = format!(" {key}: ");
    en.contains(&entry) && de.contains(&entry)
}

/// Every key of a message and of the messages among its arguments.
fn keys(said: &Said) -> Vec<String> {
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(o) => {
                if let Some(Value::String(k)) = o.get("key") {
                    out.push(k.clone());
                }
                o.values().for_each(|v| walk(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(&serde_json::to_value(said).unwrap(), &mut out);
    out
}

#[test]
fn a_refusal_is_a_key_with_its_arguments_and_nested_messages() {
    let e = DirectorError::Refused(Refused::RebuysUsed {
        name: "Guest 7".into(),
        max: 2,
    });
    let s = director(&e);
    assert_eq!(s.key, "refused_rebuys_used");
    assert_eq!(
        Value::Object(s.args),
        serde_json::json!({"name": "Guest 7", "max": 2})
    );
    assert_eq!(e.to_string(), "Guest 7 has had all 2 rebuys");

    let e = DirectorError::Refused(Refused::BustNotUndone {
        player: 3,
        why: Box::new(Refused::DependsOn {
            why: Box::new(Refused::SinceFinalTable),
        }),
    });
    let s = director(&e);
    assert_eq!(
        keys(&s),
        [
            "refused_bust_not_undone",
            "refused_depends_on",
            "refused_since_final_table"
        ]
    );
    assert_eq!(
        e.to_string(),
        "the bust of player 3 cannot be undone: the final table depends on it"
    );
    let e = DirectorError::BadReport {
        table: TableId(1),
        problem: Refused::SeatTwoCards { seat: 4 },
        rule: Some(engine::rule!("TDA-RP-14")),
    };
    assert_eq!(
        keys(&director(&e)),
        ["refused_bad_report_rule", "refused_seat_two_cards"]
    );
    let e = DirectorError::Wait(TableId(0), tournament::director::Wait::HandForHand);
    assert_eq!(
        keys(&director(&e)),
        ["refused_cannot_start", "wait_hand_for_hand"]
    );
}

#[test]
fn an_audit_line_keeps_its_english_and_has_a_key() {
    let command = EventCommand::Td {
        event: EventId(0),
        by: protocol::Actor::Td,
        action: TdCommand::HandOver {
            table: TableNumber(1),
            busts: vec![BustCall {
                player: EntryId(4),
                by: vec![EntryId(6)],
                stack_at_start: Some(300),
                card: Some("As".into()),
            }],
        },
    };
    let line = audit(&command);
    assert_eq!(
        line.to_string(),
        "hand over at table 1 (HC-1.8): player 5 out by player 7 (300 at the start) (drew As, HC-1.3)"
    );
    let s = said("audit_", &line);
    assert_eq!(
        keys(&s),
        [
            "audit_hand_over_outs",
            "audit_out",
            "audit_out_by",
            "audit_out_card",
            "audit_out_stack"
        ]
    );
}

/// The variants of an enum in a source file, as their keys.
fn variants(source: &str, enum_line: &str, prefix: &str) -> Vec<String> {
    let body = source.split_once(enum_line).expect("the enum").1;
    let body = &body[..body.find("\n}").expect("its end")];
    body.lines()
        .filter_map(|l| l.strip_prefix("    "))
        .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(|l| {
            let name = l.split([' ', ',', '(']).next().unwrap_or_default();
            let mut key = prefix.to_string();
            for (i, c) in name.chars().enumerate() {
                if c.is_ascii_uppercase() && i > 0 {
                    key.push('_');
                }
                key.push(c.to_ascii_lowercase());
            }
            key
        })
        .collect()
}

/// Every key the server makes is in the UI's English and German tables: each variant of
/// the refusals', the waits' and the audit's enums, and each key written out here.
#[test]
fn the_pages_know_every_key() {
    let refused = include_str!("../../../tournament/src/director/refused.rs");
    let error = include_str!("../../../tournament/src/director/error.rs");
    let here = include_str!("../said.rs");
    let here = &here[..here.find("#[cfg(test)]").unwrap()];
    let mut all = variants(refused, "pub enum Refused {", "refused_");
    all.extend(variants(error, "pub enum Wait {", "wait_"));
    all.extend(variants(here, "pub enum RoomRefused {", "refused_"));
    all.extend(variants(here, "pub enum Audit {", "audit_"));
    assert!(all.len() > 150, "{} keys", all.len());
    for quoted in here.split('"').skip(1).step_by(2) {
        if quoted.starts_with("refused_") || quoted.starts_with("audit_") {
            all.push(quoted.to_string());
        }
    }
    for part in here.split("part(\"").skip(1) {
        all.push(format!("audit_{}", part.split('"').next().unwrap()));
    }
    for what in [
        "registration",
        "late_registration",
        "re_entry",
        "rebuys",
        "the_rebuy_period",
        "add_ons",
        "the_add_on",
        "colour_up",
    ] {
        all.push(format!("closed_{what}"));
    }
    all.extend(AMOUNTS.iter().map(|a| said("amount_", a).key));
    let missing: Vec<&String> = all
        .iter()
        .filter(|k| !k.ends_with('_') && !k.contains('{') && !in_both(k))
        .collect();
    assert!(missing.is_empty(), "not in ui/i18n-server.js: {missing:?}");
}

/// The keys the samples make are in the UI's English and German tables.
#[test]
fn the_pages_know_the_keys() {
    let mut all = Vec::new();
    for e in [
        DirectorError::AlreadyStarted,
        DirectorError::NoSuchTable(TableId(9)),
        DirectorError::Closed {
            what: "late registration",
            why: ClosedBy::Rule(engine::rule!("TDA-8")),
        },
        DirectorError::Closed {
            what: "registration",
            why: ClosedBy::EventOver,
        },
        DirectorError::Closed {
            what: "rebuys",
            why: ClosedBy::NotOffered,
        },
        DirectorError::CannotUndo(tournament::director::ActionId(0), Refused::DealSince),
        DirectorError::Refused(Refused::NotOut { name: "A".into() }),
        DirectorError::Refused(Refused::OwnSeatTaken),
    ] {
        all.extend(keys(&director(&e)));
    }
    for r in [
        RoomRefused::NotForThisTable {
            instruction: 1,
            table: 2,
        },
        RoomRefused::TabletTokenNeeded,
    ] {
        all.extend(keys(&said("refused_", &r)));
    }
    for a in [
        Audit::Start,
        Audit::Undo,
        Audit::SetClock {
            time: "1:00".into(),
        },
    ] {
        all.extend(keys(&said("audit_", &a)));
    }
    let missing: Vec<&String> = all.iter().filter(|k| !in_both(k)).collect();
    assert!(missing.is_empty(), "not in ui/i18n-server.js: {missing:?}");
}

/// The hand engine's refusals on the phone and the dealer's tablet (issue 32 item 8): every
/// variant of `HandError` and every step and street it names has a text in both tables.
#[test]
fn the_pages_know_every_refusal_of_the_hand() {
    use engine::{Chips, HandError, Player, Step, Street};
    let error = include_str!("../../../engine/src/error.rs");
    let mut all = variants(error, "pub enum HandError {", "refused_hand_");
    assert!(all.len() > 30, "{} keys", all.len());
    let p = Player(1);
    let name = |p: Player| format!("Anna {}", p.0);
    let steps = [
        Step::PostAnte(p),
        Step::PostBlind(p),
        Step::DealHole(p),
        Step::DealBoard {
            street: Street::Flop,
            cards: 3,
        },
        Step::Act(p),
        Step::CollectBets,
        Step::ShowOrMuck(p),
        Step::AwardPot(0),
        Step::AwardPot(2),
        Step::PushChips,
        Step::Done,
    ];
    for expected in steps {
        let e = HandError::OutOfStep {
            expected,
            got: "act",
            rule: engine::rule!("TDA-53A"),
        };
        all.extend(keys(&hand(&e, &name)));
    }
    for e in [
        HandError::BoardCardCount {
            street: None,
            expected: 1,
            got: 2,
        },
        HandError::BringInDue {
            player: p,
            reason: engine::BringInReason::NobodyBet,
        },
    ] {
        all.extend(keys(&hand(&e, &name)));
    }
    let said = hand(
        &HandError::AboveStack {
            player: p,
            to: Chips(900),
            max_to: Chips(500),
        },
        &name,
    );
    assert_eq!(said.key, "refused_hand_above_stack");
    assert_eq!(said.args["player"], "Anna 1", "players by their names");
    assert_eq!(said.args["max_to"], 500);
    let in_pages = |k: &str| PAGES.matches(&format!(" {k}: ")).count() == 2;
    let missing: Vec<&String> = all.iter().filter(|k| !in_both(k) && !in_pages(k)).collect();
    assert!(missing.is_empty(), "not in ui/i18n-server.js: {missing:?}");
}

/// A refusal without a message of its own still says its kind in the page's language
/// (`code_<code>`, issue 32 item 8): every code the server's refusals use has a text.
#[test]
fn the_pages_know_every_refusal_code() {
    let mut codes = Vec::new();
    // Every source file of the crate, so that a module moved or added is read too.
    let mut sources = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir)
            .expect("the crate's sources")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                sources.push(std::fs::read_to_string(&path).expect("a source file"));
            }
        }
    }
    for source in &sources {
        for start in ["Refusal::new(", "Refusal::conflict("] {
            for call in source.split(start).skip(1) {
                // The code is the call's first text; a code passed as a variable is not read.
                let args = call.split('"').next().unwrap_or_default();
                if let Some(code) = call.split('"').nth(1)
                    && !args.contains(')')
                    && code.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                    && !code.ends_with('_')
                {
                    codes.push(format!("code_{code}"));
                }
            }
        }
    }
    assert!(codes.len() > 20, "{codes:?}");
    let refusal = crate::refusal::Refusal::not_found("no table 9").to_api();
    assert_eq!(refusal.key.as_deref(), Some("code_not_found"));
    let missing: Vec<&String> = codes.iter().filter(|k| !in_both(k)).collect();
    assert!(missing.is_empty(), "not in ui/i18n-server.js: {missing:?}");
}

/// Every amount a cash game is set up with (`ring::Amount`).
const AMOUNTS: [ring::Amount; 6] = [
    ring::Amount::SmallBlind,
    ring::Amount::BigBlind,
    ring::Amount::MinBuyIn,
    ring::Amount::MaxBuyIn,
    ring::Amount::RakeCap,
    ring::Amount::TimeCharge,
];

/// Issue 33 item 2: the cash books' refusals of amounts are keys the pages know, the amount
/// named by its own key; amounts past 2^53 go as text, as a page's numbers would round them.
#[test]
fn a_cash_refusal_of_an_amount_is_a_key() {
    use engine::Chips;
    use ring::{Amount, RingError};
    let e = RingError::AmountTooLarge {
        what: Amount::MaxBuyIn,
        amount: Chips(1 << 63),
        max: Chips::MAX_AMOUNT,
    };
    let s = ring(&e);
    assert_eq!(keys(&s), ["refused_amount_too_large", "amount_max_buy_in"]);
    assert_eq!(s.args["amount"], serde_json::json!("9223372036854775808"));
    assert_eq!(s.args["max"], serde_json::json!(1_000_000_000_000_000u64));
    assert_eq!(
        e.to_string(),
        "the maximum buy-in of 9223372036854775808 is above 1000000000000000, the most a game's amounts may be"
    );
    let full = RingError::BooksFull {
        amount: Chips(5),
        total: Chips(u64::MAX - 1),
    };
    let mut all = keys(&s);
    all.extend(keys(&ring(&full)));
    assert_eq!(all[2], "refused_cash_books_full");
    for what in AMOUNTS {
        all.push(said("amount_", &what).key);
    }
    let missing: Vec<&String> = all.iter().filter(|k| !in_both(k)).collect();
    assert!(missing.is_empty(), "not in ui/i18n-server.js: {missing:?}");
    // Every refusal of the list keeper has its key; tables and guests count from 1.
    let guest = ring(&RingError::NoSuchGuest(ring::GuestId(3)));
    assert_eq!(guest.key, "refused_ring_no_such_guest");
    assert_eq!(guest.args["guest"], serde_json::json!(4));
    assert_eq!(
        RingError::TableNotEmpty(ring::CashTableId(1)).to_string(),
        "table 2 still has players: every one cashes out or is frozen first"
    );
}
