//! What the dealer says: each engine event as an announcement a viewer may hear (never a hole
//! card not shown), made hands named in English and German, and the equities of hands tabled
//! at an all-in (TDA-16).

use super::LiveHand;
use cards::{Card, Lang, Seed};
use engine::{Event, Hand, Rule, rule};
use eval::MadeHand;
use protocol::Announcement;

pub(crate) fn note(kind: &str, seat: Option<u8>, rule: Option<Rule>) -> Announcement {
    Announcement {
        kind: kind.to_string(),
        seat,
        amount: None,
        cards: Vec::new(),
        hand_en: None,
        hand_de: None,
        rule: rule.map(|r| r.id().to_string()),
    }
}

/// The hand's announcements so far, the server's notes (time called, timeouts) in place. As a
/// dealer does: every bet and raise with its size (TDA-RP-12, HC-1.13.5), an all-in called as
/// one (HC-1.13.5), and each card turned up named (HC-1.13.5).
pub(crate) fn announcements(live: &LiveHand) -> Vec<Announcement> {
    let seat = |p: engine::Player| {
        live.start
            .positions
            .dealt
            .get(p.index())
            .map(|s| s.number())
    };
    let hand = &live.hand;
    let mut out = Vec::new();
    let mut notes = live.notes.iter().peekable();
    let mut level = 0u64;
    let mut board: Vec<Card> = Vec::new();
    let stud = hand.variant().game.is_stud();
    // Stud: the first round is third street, until its bets are collected; each later street
    // is said when its first card is dealt.
    let mut third = true;
    let mut dealt = [0usize; engine::MAX_PLAYERS];
    let mut street_cards = 3;
    for (i, event) in hand.events().iter().enumerate() {
        while let Some((_, n)) = notes.next_if(|(at, _)| *at <= i) {
            out.push(n.clone());
        }
        let mut a = |kind: &str, p: Option<engine::Player>, amount: Option<u64>| {
            let mut n = note(kind, p.and_then(seat), None);
            n.amount = amount;
            out.push(n);
        };
        match event {
            // An ante is no bet: a bet after it is a bet, not a raise.
            Event::AntePosted { player, amount } => a("posts", Some(*player), Some(amount.0)),
            Event::BlindPosted { player, amount } => {
                a("posts", Some(*player), Some(amount.0));
                level = level.max(amount.0);
            }
            Event::BringInPosted {
                player,
                amount,
                all_in,
            } => {
                a("brings_in", Some(*player), Some(amount.0));
                level = level.max(amount.0);
                if *all_in {
                    a("all_in", Some(*player), None);
                }
            }
            Event::HoleDealt { player, cards } => {
                let n = &mut dealt[player.index()];
                *n += cards.len();
                if stud && *n > street_cards {
                    street_cards = *n;
                    if let Some(kind) = stud_street(street_cards) {
                        out.push(note(kind, None, None));
                    }
                }
            }
            Event::BetsCollected { .. } => {
                level = 0;
                third = false;
            }
            Event::Burned { .. } | Event::StubReshuffled { .. } => {}
            Event::BoardDealt { cards, .. } => {
                if stud {
                    // The community card of a short deck is seventh street (TDA-RP-10H).
                    street_cards = 7;
                    out.push(note("street_seventh", None, None));
                }
                board.extend(cards.iter().copied());
                level = 0;
                let mut n = note("board", None, None);
                n.cards = board.iter().map(Card::to_string).collect();
                out.push(n);
            }
            Event::BoardDealtUnknown { .. } => level = 0,
            Event::DeadMoney { player, amount } => a("dead_money", Some(*player), Some(amount.0)),
            Event::Folded { player } => a("folds", Some(*player), None),
            Event::Checked { player } => a("checks", Some(*player), None),
            Event::Called {
                player, to, all_in, ..
            } => {
                a("calls", Some(*player), Some(to.0));
                if *all_in {
                    a("all_in", Some(*player), None);
                }
            }
            Event::BetOrRaised {
                player, to, all_in, ..
            } => {
                let kind = if stud && third {
                    // The first full bet of third street completes the bring-in (TDA-RP-10).
                    third = false;
                    "completes"
                } else if level == 0 {
                    "bets"
                } else {
                    "raises"
                };
                a(kind, Some(*player), Some(to.0));
                level = level.max(to.0);
                if *all_in {
                    a("all_in", Some(*player), None);
                }
            }
            Event::HandKilled { player, rule } => {
                out.push(note("killed", seat(*player), Some(*rule)));
            }
            Event::BetReturned { player, amount } => a("returned", Some(*player), Some(amount.0)),
            Event::HandsTabled => out.push(note("tabled", None, Some(rule!("TDA-16")))),
            Event::Shown { player, cards } => {
                let mut n = note("shows", seat(*player), None);
                let hole: Vec<Card> = cards.cards().iter().flatten().copied().collect();
                n.cards = hole.iter().map(Card::to_string).collect();
                name_into(&mut n, hand, &hole, &board);
                out.push(n);
            }
            Event::Mucked { player } => a("mucks", Some(*player), None),
            Event::PotAwarded {
                player,
                amount,
                half,
                ..
            } => {
                let mut n = note("wins", seat(*player), None);
                n.amount = Some(amount.0);
                let p = hand.player(*player);
                if p.shown && *half != engine::Half::Low {
                    let hole: Vec<Card> = p.hole.cards().iter().flatten().copied().collect();
                    name_into(&mut n, hand, &hole, &board);
                }
                if *half == engine::Half::Low {
                    n.hand_en = Some("Low".into());
                    n.hand_de = Some("Low".into());
                }
                out.push(n);
            }
            Event::HandEnded => {}
        }
    }
    out.extend(notes.map(|(_, n)| n.clone()));
    out
}

/// The announcement of a stud street by the cards each hand then holds.
fn stud_street(cards: usize) -> Option<&'static str> {
    match cards {
        4 => Some("street_fourth"),
        5 => Some("street_fifth"),
        6 => Some("street_sixth"),
        7 => Some("street_seventh"),
        _ => None,
    }
}

/// Names a shown hand's best high hand with the board, in both languages, once every card is
/// out: five on the board, or seven in stud (razz has no high hand to name).
fn name_into(n: &mut Announcement, hand: &Hand, hole: &[Card], board: &[Card]) {
    let game = hand.variant().game;
    let complete = if game.is_stud() {
        hole.len() + board.len() == 7 && !game.low_only()
    } else {
        board.len() == 5
    };
    if !complete {
        return;
    }
    let made = match game {
        engine::Game::Omaha | engine::Game::OmahaHiLo => MadeHand::best_omaha(hole, board),
        _ => {
            let mut all = hole.to_vec();
            all.extend_from_slice(board);
            MadeHand::best(&all)
        }
    };
    if let Some(made) = made {
        n.hand_en = Some(made.name(Lang::En));
        n.hand_de = Some(made.name(Lang::De));
    }
}

/// Samples for an equity not counted exactly; enough for a percentage to one decimal.
const SAMPLES: u64 = 20_000;

/// Each tabled hand's share of the pot on the board as it stood when the hands were turned up
/// at an all-in (TDA-16), by hand player. Empty when no hands were tabled.
pub(crate) fn tabled_equities(hand: &Hand) -> Vec<(usize, f64)> {
    let events = hand.events();
    let Some(at) = events.iter().position(|e| *e == Event::HandsTabled) else {
        return Vec::new();
    };
    let mut board = Vec::new();
    for e in &events[..at] {
        if let Event::BoardDealt { cards, .. } = e {
            board.extend(cards.iter().copied());
        }
    }
    let tabled: Vec<(usize, Vec<Card>)> = hand
        .players()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_live())
        .filter_map(|(i, p)| {
            let cards: Option<Vec<Card>> = p.hole.cards().iter().copied().collect();
            cards.map(|c| (i, c))
        })
        .collect();
    if tabled.len() < 2 || board.len() >= 5 {
        return Vec::new();
    }
    let game = match hand.variant().game {
        engine::Game::Holdem => eval::equity::Game::Holdem,
        engine::Game::Omaha => eval::equity::Game::Omaha,
        engine::Game::OmahaHiLo => eval::equity::Game::OmahaHiLo,
        // Stud equity is not counted: the tabled hands are announced without shares.
        engine::Game::Stud | engine::Game::StudHiLo | engine::Game::Razz => return Vec::new(),
    };
    let hands: Vec<&[Card]> = tabled.iter().map(|(_, c)| c.as_slice()).collect();
    let Ok(deal) = eval::equity::Deal::new(game, &hands, &board, &[]) else {
        return Vec::new();
    };
    let result = if deal.boards() <= SAMPLES {
        Ok(deal.exact(1))
    } else {
        deal.monte_carlo(SAMPLES, Seed::from_u64(deal.boards()), 1)
    };
    match result {
        Ok(equity) => tabled
            .iter()
            .zip(equity.players)
            .map(|((i, _), e)| (*i, e.equity))
            .collect(),
        Err(_) => Vec::new(),
    }
}
