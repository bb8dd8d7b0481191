//! Replaying a PHH hand through the engine: every action must be legal and the final stacks
//! must equal `finishing_stacks`.

use crate::{Amount, PhhAction, PhhHand};
use engine::{
    Action, Automations, Chips, Game, Hand, HandError, HandSetup, Hole, Op, Player, Ruleset, Step,
    Structure, Variant,
};

/// How a replay ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every action accepted; final stacks equal `finishing_stacks` where the file has them.
    /// `notes` name what the file leaves out and the replay filled in.
    Passed {
        notes: Vec<String>,
    },
    /// Every action accepted; the file splits an odd chip into fractions where a table gives it
    /// to one player (TDA-20). `detail` says which players differ.
    PassedUpToOddChip {
        detail: String,
        notes: Vec<String>,
    },
    /// A variant the engine does not deal yet, by its PHH code.
    Skipped(String),
    Failed(String),
}

/// Unknown starting stacks (`inf`) play as this many chips.
const UNKNOWN_STACK: u64 = 1 << 50;

fn variant(
    hand: &PhhHand,
    chips: &dyn Fn(&Amount) -> Result<u64, String>,
) -> Result<Option<Variant>, String> {
    let limit = |game| -> Result<Variant, String> {
        let small = hand
            .small_bet
            .as_ref()
            .ok_or("fixed limit without small_bet")?;
        let big = hand.big_bet.as_ref().ok_or("fixed limit without big_bet")?;
        Ok(Variant::fixed_limit(
            game,
            Chips(chips(small)?),
            Chips(chips(big)?),
        ))
    };
    Ok(Some(match hand.variant.as_str() {
        "NT" => Variant::NO_LIMIT_HOLDEM,
        "PT" => Variant {
            game: Game::Holdem,
            structure: Structure::PotLimit,
        },
        "FT" => limit(Game::Holdem)?,
        "NO" => Variant {
            game: Game::Omaha,
            structure: Structure::NoLimit,
        },
        "PO" => Variant::POT_LIMIT_OMAHA,
        "FO" => limit(Game::Omaha)?,
        "NO/8" => Variant {
            game: Game::OmahaHiLo,
            structure: Structure::NoLimit,
        },
        "PO/8" => Variant {
            game: Game::OmahaHiLo,
            structure: Structure::PotLimit,
        },
        "FO/8" => limit(Game::OmahaHiLo)?,
        "F7S" => limit(Game::Stud)?,
        "F7S/8" => limit(Game::StudHiLo)?,
        "FR" => limit(Game::Razz)?,
        _ => return Ok(None),
    }))
}

/// Builds the engine's hand from the PHH header, with cards entered by the dealer.
fn start(hand: &PhhHand, scale: u8) -> Result<Option<Hand>, String> {
    let Some(mut setup) = hand_setup(hand, scale)? else {
        return Ok(None);
    };
    setup.automations = Automations {
        showdown: false,
        ..Automations::LIVE_DEALER
    };
    Hand::new(setup).map(Some).map_err(|e| e.to_string())
}

/// The engine's setup of a PHH hand under TDA 2019, amounts at `scale`; `None` for a variant
/// the engine does not deal. Heads-up PHH lists the blinds as small then big, posted in
/// reverse: the button posts the small blind (TDA-34). PokerKit reads the antes in the same
/// reversed order, so `antes = [0, 200]` is a big-blind ante paid by p1, the big blind.
pub fn hand_setup(hand: &PhhHand, scale: u8) -> Result<Option<HandSetup>, String> {
    let chips = |a: &Amount| a.to_chips(scale).map_err(|e| e.to_string());
    let Some(variant) = variant(hand, &chips)? else {
        return Ok(None);
    };
    let n = hand.player_count();
    let per_player = |v: &[Amount]| -> Result<Vec<Chips>, String> {
        if v.is_empty() {
            return Ok(vec![Chips::ZERO; n]);
        }
        v.iter().map(|a| chips(a).map(Chips)).collect()
    };
    let stacks = hand
        .starting_stacks
        .iter()
        .map(|s| match s {
            Some(a) => chips(a).map(Chips),
            None => Ok(Chips(UNKNOWN_STACK)),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut antes = per_player(&hand.antes)?;
    let mut blinds = per_player(&hand.blinds_or_straddles)?;
    if n == 2 {
        antes.reverse();
        blinds.reverse();
    }
    let min_bet = match (&hand.min_bet, variant.structure) {
        (Some(a), _) => Chips(chips(a)?),
        (None, Structure::FixedLimit { small_bet, .. }) => small_bet,
        (None, _) => blinds.iter().copied().max().unwrap_or(Chips(1)),
    };
    let mut setup = HandSetup::new(variant, &stacks, &blinds, min_bet);
    setup.antes = antes;
    if variant.game.is_stud() {
        let bring_in = hand.bring_in.as_ref().ok_or("stud without bring_in")?;
        setup.bring_in = Chips(chips(bring_in)?);
    }
    setup.ruleset = Ruleset::tda();
    Ok(Some(setup))
}

fn hole(cards: &[Option<cards::Card>]) -> Result<Hole, String> {
    Hole::new(cards).ok_or_else(|| format!("{} hole cards", cards.len()))
}

/// Board cards all known, or all unknown (`??`, laid face down as a live dealer's street
/// nobody entered); the engine keeps a street one or the other.
fn board_op(hand: &Hand, cards: &[Option<cards::Card>]) -> Result<Op, String> {
    if let Some(known) = cards.iter().copied().collect::<Option<Vec<_>>>() {
        return Ok(Op::DealBoard(known));
    }
    if cards.iter().any(Option::is_some) {
        return Err("a street partly unknown: give all its cards or none (`??`)".into());
    }
    match hand.street_due() {
        Some((_, due)) if due != cards.len() => Err(format!(
            "{} unknown board cards where {due} are due (HC-1.12)",
            cards.len()
        )),
        _ => Ok(Op::DealBoardUnknown),
    }
}

/// The engine operation of a PHH action in `hand` as it stands, amounts at `scale`.
pub fn phh_op(hand: &Hand, action: &PhhAction, scale: u8) -> Result<Op, String> {
    let player = |p: usize| Player(p as u8);
    Ok(match action {
        PhhAction::DealHole { player: p, cards } => Op::DealHole {
            player: player(*p),
            cards: hole(cards)?,
        },
        PhhAction::DealBoard { cards } => board_op(hand, cards)?,
        PhhAction::Fold { player: p } => Op::Act(player(*p), Action::Fold),
        PhhAction::CheckOrCall { player: p } => {
            let check = hand.legal_actions().is_some_and(|l| l.check);
            Op::Act(player(*p), if check { Action::Check } else { Action::Call })
        }
        PhhAction::CompleteBetOrRaiseTo { player: p, amount } => Op::Act(
            player(*p),
            Action::BetOrRaiseTo(Chips(amount.to_chips(scale).map_err(|e| e.to_string())?)),
        ),
        PhhAction::ShowOrMuck { player: p, cards } => match cards {
            Some(cards) => Op::Show {
                player: player(*p),
                cards: Some(hole(cards)?),
            },
            None => Op::Muck(player(*p)),
        },
        PhhAction::PostBringIn { player: p } if hand.variant().game.is_stud() => {
            Op::Act(player(*p), Action::BringIn)
        }
        PhhAction::PostBringIn { .. } => {
            return Err(format!("'{action}' has no place in a flop game"));
        }
        PhhAction::StandPatOrDiscard { .. } => {
            return Err(format!("'{action}' has no place in a flop or stud game"));
        }
    })
}

/// Replays one hand.
pub fn replay(phh: &PhhHand) -> Outcome {
    let scale = phh.play_scale();
    let mut hand = match start(phh, scale) {
        Ok(Some(hand)) => hand,
        Ok(None) => return Outcome::Skipped(phh.variant.clone()),
        Err(e) => return Outcome::Failed(format!("setup: {e}")),
    };
    let mut notes = Vec::new();
    for (i, line) in phh.actions.iter().enumerate() {
        let failed = |e: &dyn std::fmt::Display| {
            Outcome::Failed(format!("action {} '{}': {e}", i + 1, line.text))
        };
        if let PhhAction::ShowOrMuck {
            player,
            cards: Some(cards),
        } = &line.action
            && cards.iter().all(Option::is_none)
        {
            notes.push(format!(
                "p{} shows cards the file does not record: the pots are not checked",
                player + 1
            ));
            return Outcome::Passed { notes };
        }
        if let Some(note) = redundant(&hand, &line.action) {
            notes.push(note);
            continue;
        }
        let op = match phh_op(&hand, &line.action, scale) {
            Ok(op) => op,
            Err(e) => return failed(&e),
        };
        let mut result = hand.apply(op.clone());
        // Players the file skips are taken to have folded, as PokerKit reads PHH; said aloud.
        while let Err(HandError::NotYourTurn { actor, .. }) = result {
            if hand.apply(Op::Act(actor, Action::Fold)).is_err() {
                break;
            }
            notes.push(format!(
                "{actor}'s fold is missing from the file and taken as read"
            ));
            result = hand.apply(op.clone());
        }
        if let Err(e) = result {
            return failed(&e);
        }
    }
    if let Err(e) = finish_showdown(&mut hand, &mut notes) {
        return Outcome::Failed(e);
    }
    compare_stacks(phh, &hand, scale, notes)
}

/// A check, call or fold by a live player with nothing to decide, which PokerKit records and
/// the engine has no turn for: all-in, or facing no bet with nobody left who can bet. Taken
/// as a no-op and said aloud; anything else goes to the engine and its refusal.
fn redundant(hand: &Hand, action: &PhhAction) -> Option<String> {
    let (p, verb) = match action {
        PhhAction::CheckOrCall { player } => (*player, "check or call"),
        PhhAction::Fold { player } => (*player, "fold"),
        _ => return None,
    };
    let me = hand.players().get(p)?;
    if hand.step() == Step::Act(Player(p as u8)) || !me.is_live() {
        return None;
    }
    let others = || {
        hand.players()
            .iter()
            .enumerate()
            .filter(move |(i, _)| *i != p)
    };
    let nothing = me.is_all_in()
        || (others().all(|(_, o)| !o.can_bet()) && others().all(|(_, o)| o.bet <= me.bet));
    nothing.then(|| {
        format!(
            "p{}'s {verb} is a no-op: nothing to decide ({}), as PokerKit records it",
            p + 1,
            if me.is_all_in() {
                "all-in"
            } else {
                "no bet to face and nobody left who can bet"
            }
        )
    })
}

/// Hands the file leaves unshown at the end. A hand TDA-16 requires face up (a player all-in)
/// is turned over, as the dealer does, and said aloud; it cannot be when the file never knew
/// its cards: the pots would rest on a hand nobody saw. Other hands are shown when their
/// cards are known (they may win), else mucked.
fn finish_showdown(hand: &mut Hand, notes: &mut Vec<String>) -> Result<(), String> {
    while let Step::ShowOrMuck(p) = hand.step() {
        let known = hand.player(p).hole.all_known().is_some();
        let op = if known {
            // Required face up: the engine would refuse a muck.
            let required = matches!(hand.check(&Op::Muck(p)), Err(HandError::MustShow { .. }));
            if required {
                notes.push(format!(
                    "{p}'s hand must be face up (TDA-16) and the file does not show it: \
                     turned over by the dealer"
                ));
            }
            Op::Show {
                player: p,
                cards: None,
            }
        } else {
            Op::Muck(p)
        };
        match hand.apply(op) {
            Ok(()) => {}
            Err(HandError::MustShow { .. }) => {
                return Err(format!(
                    "{p}'s hand must be face up (TDA-16), but the file neither shows it nor \
                     records its cards"
                ));
            }
            Err(_) => return Ok(()),
        }
    }
    Ok(())
}

fn compare_stacks(phh: &PhhHand, hand: &Hand, scale: u8, mut notes: Vec<String>) -> Outcome {
    let Some(expected) = &phh.finishing_stacks else {
        return Outcome::Passed { notes };
    };
    if let Step::AwardPot(_) = hand.step() {
        notes.push(
            "cards the file leaves unknown decide a pot: the pots are not checked".to_owned(),
        );
        return Outcome::Passed { notes };
    }
    if !hand.is_over() {
        return Outcome::Failed(format!("the hand is not over: waiting for {}", hand.step()));
    }
    let ours = hand.final_stacks();
    let mut odd = Vec::new();
    for (i, (want, got)) in expected.iter().zip(&ours).enumerate() {
        if phh.starting_stacks[i].is_none() {
            continue;
        }
        let Ok(got_amount) = Amount::from_chips(got.0, scale) else {
            return Outcome::Failed(format!("p{} ends with {got} chips, out of range", i + 1));
        };
        if got_amount == *want {
            continue;
        }
        // A fraction of a chip in the file is an odd chip split where a table gives it whole.
        let fractional = want.to_chips(scale).is_err();
        let diff = (got_amount.units() * 10i128.pow(u32::from(want.scale()))
            - want.units() * 10i128.pow(u32::from(got_amount.scale())))
        .abs();
        let one_chip = 10i128.pow(u32::from(want.scale()) + u32::from(got_amount.scale()))
            / 10i128.pow(u32::from(scale));
        if fractional && diff < one_chip {
            odd.push(format!("p{} {got_amount} (file {want})", i + 1));
            continue;
        }
        return Outcome::Failed(format!(
            "p{} finishes with {got_amount}, the file says {want}",
            i + 1
        ));
    }
    if odd.is_empty() {
        Outcome::Passed { notes }
    } else {
        Outcome::PassedUpToOddChip {
            detail: odd.join(", "),
            notes,
        }
    }
}
