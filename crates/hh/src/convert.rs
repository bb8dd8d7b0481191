//! PHH hands to PokerStars text: the hand replayed through the engine, the context (table,
//! seats, names, stakes, tournament or cash game, time) read from the PHH's optional fields.
//! What a file leaves out is filled in and said in `notes`, never silently.

use crate::record::{Currency, GameKind, HandContext, View};
use crate::{Amount, PhhHand, Timestamp, Value, hand_setup, phh_op, pokerstars};
use engine::{Action, Automations, Blinds, Chips, Hand, HandError, Op, Step};
use thiserror::Error;

/// One hand written as PokerStars text, with what the file did not say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    pub text: String,
    pub notes: Vec<String>,
}

/// Why a PHH hand cannot be written as PokerStars text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConvertError {
    #[error("variant '{0}' is not one the engine deals, so it cannot be written")]
    Variant(String),
    #[error("the hand does not replay: {0}")]
    Replay(String),
    #[error("{0}")]
    Unsupported(String),
    #[error(transparent)]
    Time(#[from] crate::TimeError),
    #[error(transparent)]
    Record(#[from] crate::RecordError),
}

fn extra<'a>(phh: &'a PhhHand, key: &str) -> Option<&'a Value> {
    phh.extra.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn text(phh: &PhhHand, key: &str) -> Option<String> {
    match extra(phh, key)? {
        Value::String(s) | Value::DateTime(s) => Some(s.clone()),
        Value::Number(a) => Some(a.to_string()),
        _ => None,
    }
}

fn whole(phh: &PhhHand, key: &str) -> Option<u64> {
    match extra(phh, key)? {
        Value::Number(a) => a.to_chips(0).ok(),
        _ => None,
    }
}

/// The hand replayed with the file's cards; hands left unshown at the end are shown when
/// their cards are known, mucked otherwise, and players the file skips fold (as PokerKit
/// reads PHH).
fn play(phh: &PhhHand, scale: u8, notes: &mut Vec<String>) -> Result<Hand, ConvertError> {
    let mut setup = hand_setup(phh, scale)
        .map_err(ConvertError::Replay)?
        .ok_or_else(|| ConvertError::Variant(phh.variant.clone()))?;
    setup.automations = Automations {
        showdown: false,
        ..Automations::LIVE_DEALER
    };
    let mut hand = Hand::new(setup).map_err(|e| ConvertError::Replay(e.to_string()))?;
    for (i, line) in phh.actions.iter().enumerate() {
        let failed = |e: &dyn std::fmt::Display| {
            ConvertError::Replay(format!("action {} '{}': {e}", i + 1, line.text))
        };
        let op = phh_op(&hand, &line.action, scale).map_err(|e| failed(&e))?;
        let mut result = hand.apply(op.clone());
        while let Err(HandError::NotYourTurn { actor, .. }) = result {
            if hand.apply(Op::Act(actor, Action::Fold)).is_err() {
                break;
            }
            notes.push(format!("{actor}'s fold is missing and taken as read"));
            result = hand.apply(op.clone());
        }
        result.map_err(|e| failed(&e))?;
    }
    while let Step::ShowOrMuck(p) = hand.step() {
        let show = hand.player(p).hole.all_known().is_some();
        let op = if show {
            Op::Show {
                player: p,
                cards: None,
            }
        } else {
            Op::Muck(p)
        };
        hand.apply(op)
            .map_err(|e| ConvertError::Replay(e.to_string()))?;
    }
    if !hand.is_over() {
        return Err(ConvertError::Replay(format!(
            "the file ends before the hand does: waiting for {}",
            hand.step()
        )));
    }
    Ok(hand)
}

/// Antes and blinds as one level: the same ante from everyone, or a big-blind ante
/// (TDA-RP-11); other shapes (straddles, uneven antes) PokerStars has no words for.
fn level(
    hand: &Hand,
    phh: &PhhHand,
    scale: u8,
) -> Result<(Blinds, Option<usize>, Option<usize>), ConvertError> {
    let chips = |a: &Amount| a.to_chips(scale).map(Chips).unwrap_or_default();
    let n = phh.player_count();
    let mut blinds: Vec<Chips> = phh.blinds_or_straddles.iter().map(chips).collect();
    blinds.resize(n, Chips::ZERO);
    if n == 2 {
        blinds.reverse();
    }
    let antes: Vec<Chips> = phh.antes.iter().map(chips).collect();
    let posted: Vec<usize> = (0..n).filter(|&i| !blinds[i].is_zero()).collect();
    if posted.len() > 2 {
        return Err(ConvertError::Unsupported(
            "straddles: PokerStars text has blinds only".into(),
        ));
    }
    let big = posted
        .iter()
        .copied()
        .max_by_key(|&i| (blinds[i], std::cmp::Reverse(i)));
    let small = posted.iter().copied().find(|&i| Some(i) != big);
    let mut level = Blinds {
        small_blind: small.map(|i| blinds[i]).unwrap_or_default(),
        big_blind: big.map(|i| blinds[i]).unwrap_or_default(),
        ante: Chips::ZERO,
        big_blind_ante: Chips::ZERO,
    };
    let paying: Vec<usize> = (0..antes.len()).filter(|&i| !antes[i].is_zero()).collect();
    match paying.as_slice() {
        [] => {}
        [one] if Some(*one) == big && n > 1 => level.big_blind_ante = antes[*one],
        _ if paying.len() == n && antes.iter().all(|&a| a == antes[0]) => level.ante = antes[0],
        _ => {
            return Err(ConvertError::Unsupported(
                "antes that are neither the same for all nor a big-blind ante".into(),
            ));
        }
    }
    if hand.variant().game.is_stud() {
        level.small_blind = Chips::ZERO;
        level.big_blind = Chips::ZERO;
    }
    Ok((level, small, big))
}

/// The date and time the file gives, in `time_zone` when one is asked for.
fn timestamp(
    phh: &PhhHand,
    time_zone: Option<&str>,
    notes: &mut Vec<String>,
) -> Result<Timestamp, ConvertError> {
    let date = (whole(phh, "year"), whole(phh, "month"), whole(phh, "day"));
    let (year, month, day) = match date {
        (Some(y), Some(m), Some(d)) => (y as u16, m as u8, d as u8),
        _ => {
            notes.push("no date in the file: 1970/01/01 written".into());
            (1970, 1, 1)
        }
    };
    let clock = text(phh, "time").unwrap_or_default();
    let parts: Vec<u8> = clock.split(':').filter_map(|p| p.parse().ok()).collect();
    let (hour, minute, second) = match parts.as_slice() {
        [h, m, s, ..] => (*h, *m, *s),
        [h, m] => (*h, *m, 0),
        _ => (0, 0, 0),
    };
    let iana = text(phh, "time_zone");
    let zone = text(phh, "time_zone_abbreviation").unwrap_or_else(|| match &iana {
        Some(_) => String::new(),
        None => "UTC".into(),
    });
    let mut time = Timestamp {
        year,
        month,
        day,
        hour,
        minute,
        second,
        zone,
        time_zone: iana,
    };
    if time.zone.is_empty()
        && let Some(name) = time.time_zone.clone()
    {
        // The abbreviation is the zone's at that time: read it back through the instant.
        time = time.in_zone(&name)?.unwrap_or(time);
    }
    if let Some(target) = time_zone {
        match time.in_zone(target)? {
            Some(moved) => time = moved,
            None => notes.push(format!(
                "the time's zone '{}' cannot be placed: written as the file has it",
                time.zone
            )),
        }
    }
    Ok(time)
}

fn game_kind(phh: &PhhHand, scale: u8, level: u32) -> Result<GameKind, ConvertError> {
    let event = text(phh, "event").unwrap_or_default();
    if let Some(id) = event
        .strip_prefix("Tournament #")
        .and_then(|n| n.parse().ok())
    {
        return Ok(GameKind::Tournament {
            id,
            buy_in: text(phh, "_buy_in").unwrap_or_default(),
            level,
        });
    }
    let symbol = text(phh, "currency_symbol");
    let code = text(phh, "currency");
    if symbol.is_none() && code.is_none() {
        if scale > 0 {
            return Err(ConvertError::Unsupported(
                "amounts in fractions of a chip without a currency".into(),
            ));
        }
        return Ok(GameKind::Cash { currency: None });
    }
    let code = code.unwrap_or_else(|| {
        match symbol.as_deref() {
            Some("€") => "EUR",
            Some("£") => "GBP",
            _ => "USD",
        }
        .into()
    });
    let symbol = symbol.unwrap_or_else(|| "$".into());
    Ok(GameKind::Cash {
        currency: Some(Currency {
            symbol,
            code,
            scale,
        }),
    })
}

/// One PHH hand as PokerStars text, every card the file has shown (`View::All`): the file
/// is the record of whoever wrote it. `time_zone` (an IANA name) moves the time into that
/// zone, as a PokerStars client set to it writes it, with the ET time in brackets.
pub fn phh_to_pokerstars(
    phh: &PhhHand,
    time_zone: Option<&str>,
) -> Result<Converted, ConvertError> {
    let mut notes = Vec::new();
    let scale = phh.play_scale();
    let hand = play(phh, scale, &mut notes)?;
    let n = phh.player_count();
    let (blinds, small, big) = level(&hand, phh, scale)?;
    let seats: Vec<u8> = match extra(phh, "seats") {
        Some(Value::Array(v)) if v.len() == n => v
            .iter()
            .map(|s| match s {
                Value::Number(a) => a.to_chips(0).ok().and_then(|s| u8::try_from(s).ok()),
                _ => None,
            })
            .collect::<Option<_>>()
            .ok_or_else(|| ConvertError::Unsupported("seats that are not seat numbers".into()))?,
        _ => (1..=n as u8).collect(),
    };
    let max_seats = whole(phh, "seat_count")
        .and_then(|s| u8::try_from(s).ok())
        .unwrap_or(0)
        .max(seats.iter().copied().max().unwrap_or(0));
    let names = phh.players.clone().unwrap_or_else(|| {
        notes.push("no player names in the file: p1, p2, ... written".into());
        (1..=n).map(|i| format!("p{i}")).collect()
    });
    let level_number = whole(phh, "_level")
        .and_then(|l| u32::try_from(l).ok())
        .unwrap_or(1);
    let ctx = HandContext {
        hand_number: whole(phh, "hand").unwrap_or(1),
        table: text(phh, "table").unwrap_or_else(|| "1".into()),
        max_seats,
        // PHH deals the button last.
        button: seats[n - 1],
        small_blind: small.map(|i| seats[i]),
        big_blind: big.map(|i| seats[i]),
        seats,
        names,
        blinds,
        game: game_kind(phh, scale, level_number)?,
        time: timestamp(phh, time_zone, &mut notes)?,
        view: View::All,
    };
    Ok(Converted {
        text: pokerstars(&hand, &ctx)?,
        notes,
    })
}
