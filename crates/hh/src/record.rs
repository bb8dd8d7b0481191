//! Hands the engine played, recorded as PHH from their events, and the context both writers
//! (PHH here, PokerStars text in `pokerstars`) need beyond the hand itself: table, seats,
//! names, level, cash game or tournament, and the time, all given by the caller.

use crate::{ActionLine, Amount, PhhAction, PhhHand, Timestamp, Value};
use engine::{Blinds, Chips, Event, Hand, Hole, Player, Positions, Street, Structure};
use std::collections::HashSet;
use thiserror::Error;

/// Real money: chips are its smallest unit (cents at `scale` 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Currency {
    /// `$`, `€`.
    pub symbol: String,
    /// ISO 4217: `USD`, `EUR`.
    pub code: String,
    /// Digits after the point: one chip is `10^-scale` of the currency.
    pub scale: u8,
}

/// A ring game or a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameKind {
    /// A cash game, for play chips when `currency` is `None`.
    Cash { currency: Option<Currency> },
    Tournament {
        id: u64,
        /// As printed before the game name, e.g. `$10+$1 USD`; empty for a freeroll, which
        /// PokerStars prints as `Freeroll`.
        buy_in: String,
        /// The blind level, from 1.
        level: u32,
    },
}

/// Whose cards a history shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// Every known card: a dealer's or a broadcast's record.
    All,
    /// One player's: their own cards and the cards shown at showdown.
    Hero(Player),
}

/// What a hand history says beyond the engine's hand. Per-player lists are in the hand's
/// player order (dealing order, see `engine::Player`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandContext {
    pub hand_number: u64,
    pub table: String,
    /// Seats at the table, for `6-max`.
    pub max_seats: u8,
    /// Each player's seat, 1-based.
    pub seats: Vec<u8>,
    /// The button's seat, 1-based; it may be empty (a dead button, TDA-32).
    pub button: u8,
    /// The small blind's seat, 1-based; `None` when nobody posts one.
    pub small_blind: Option<u8>,
    pub big_blind: Option<u8>,
    pub names: Vec<String>,
    /// The level played: what each player owes before the cards are dealt.
    pub blinds: Blinds,
    pub game: GameKind,
    pub time: Timestamp,
    pub view: View,
}

impl HandContext {
    /// Seats, button and blinds from the table's positions for this hand; a play-chip cash
    /// game, hand 1 at table `1`, every card shown. Set the other fields as needed.
    pub fn new(
        positions: &Positions,
        max_seats: u8,
        names: Vec<String>,
        blinds: Blinds,
        time: Timestamp,
    ) -> HandContext {
        let seat = |s: engine::Seat| s.0 + 1;
        HandContext {
            hand_number: 1,
            table: "1".to_owned(),
            max_seats,
            seats: positions.dealt.iter().map(|&s| seat(s)).collect(),
            button: seat(positions.button),
            small_blind: positions.small_blind.map(seat),
            big_blind: Some(seat(positions.big_blind)),
            names,
            blinds,
            game: GameKind::Cash { currency: None },
            time,
            view: View::All,
        }
    }

    /// Digits after the point of written amounts: the currency's, 0 for chips.
    pub fn scale(&self) -> u8 {
        match &self.game {
            GameKind::Cash {
                currency: Some(currency),
            } => currency.scale,
            _ => 0,
        }
    }

    /// Whether the view shows this player's hole cards from the deal on.
    pub fn sees(&self, player: Player) -> bool {
        match self.view {
            View::All => true,
            View::Hero(hero) => hero == player,
        }
    }

    /// What each player owes: antes (a big-blind ante on the big blind's seat, TDA-RP-11)
    /// and blinds, as `Table::next_hand` sets them.
    pub fn forced_bets(&self) -> (Vec<Chips>, Vec<Chips>) {
        let b = &self.blinds;
        let is = |seat: Option<u8>, s: u8| seat == Some(s);
        let antes = self
            .seats
            .iter()
            .map(|&s| {
                b.ante
                    + if is(self.big_blind, s) {
                        b.big_blind_ante
                    } else {
                        Chips::ZERO
                    }
            })
            .collect();
        let blinds = self
            .seats
            .iter()
            .map(|&s| match s {
                s if is(self.big_blind, s) => b.big_blind,
                s if is(self.small_blind, s) => b.small_blind,
                _ => Chips::ZERO,
            })
            .collect();
        (antes, blinds)
    }

    /// Checks the context against the hand: one name and seat per player, distinct seats
    /// on the table, a hero in the hand, and forced bets that match what was posted.
    pub fn check(&self, hand: &Hand) -> Result<(), RecordError> {
        let players = hand.players().len();
        for (what, got) in [("names", self.names.len()), ("seats", self.seats.len())] {
            if got != players {
                return Err(RecordError::Length { what, got, players });
            }
        }
        let mut seen = HashSet::new();
        let on_table = |seat: u8| (1..=self.max_seats).contains(&seat);
        for (i, &seat) in self.seats.iter().chain([&self.button]).enumerate() {
            // The button's seat may be a player's; players' seats are all different.
            let fresh = i == players || seen.insert(seat);
            if !on_table(seat) || !fresh {
                return Err(RecordError::Seat {
                    seat,
                    max_seats: self.max_seats,
                });
            }
        }
        if let View::Hero(hero) = self.view
            && hero.index() >= players
        {
            return Err(RecordError::NoHero(hero));
        }
        self.check_forced_bets(hand)
    }

    /// The engine posts what is owed or the whole stack when it is less.
    fn check_forced_bets(&self, hand: &Hand) -> Result<(), RecordError> {
        let (antes, blinds) = self.forced_bets();
        let n = hand.players().len();
        let (mut ante_posted, mut blind_posted) = (vec![Chips::ZERO; n], vec![Chips::ZERO; n]);
        for event in hand.events() {
            match *event {
                Event::AntePosted { player, amount } => ante_posted[player.index()] += amount,
                Event::BlindPosted { player, amount } => blind_posted[player.index()] += amount,
                _ => {}
            }
        }
        for (i, p) in hand.players().iter().enumerate() {
            let ante = antes[i].min(p.starting_stack);
            let blind = blinds[i].min(p.starting_stack - ante);
            for (what, posted, owed) in [
                ("ante", ante_posted[i], ante),
                ("blind", blind_posted[i], blind),
            ] {
                if posted != owed {
                    return Err(RecordError::ForcedBet {
                        player: Player(i as u8),
                        what,
                        posted,
                        owed,
                    });
                }
            }
        }
        Ok(())
    }
}

/// A context that does not fit the hand, or a hand not ready to be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("the context has {got} {what} for {players} players")]
    Length {
        what: &'static str,
        got: usize,
        players: usize,
    },
    #[error("seat {seat} is repeated or not one of the table's seats 1 to {max_seats}")]
    Seat { seat: u8, max_seats: u8 },
    #[error("the hero {0} is not dealt in")]
    NoHero(Player),
    #[error("{player} posted a {what} of {posted}, but the context's level makes it {owed}")]
    ForcedBet {
        player: Player,
        what: &'static str,
        posted: Chips,
        owed: Chips,
    },
    #[error("the hand is not over: its history is written once the pots are pushed")]
    NotOver,
}

fn amount(chips: Chips, scale: u8) -> Amount {
    // The scale comes from a u8 currency scale; anything up to MAX_SCALE fits.
    Amount::from_chips(chips.0, scale).unwrap_or(Amount::ZERO)
}

fn number(n: u64) -> Value {
    Value::Number(amount(Chips(n), 0))
}

/// Hole cards as the view sees them: unknown (`??`) unless they are the viewer's or, in
/// stud, dealt face up.
fn hole_cards(hole: &Hole, visible: bool) -> Vec<Option<cards::Card>> {
    hole.cards()
        .iter()
        .enumerate()
        .map(|(i, c)| if visible || hole.is_up(i) { *c } else { None })
        .collect()
}

/// The hand's actions in PHH notation, from its events.
fn actions(hand: &Hand, ctx: &HandContext, scale: u8) -> Vec<ActionLine> {
    let mut out = Vec::with_capacity(hand.events().len());
    for event in hand.events() {
        let player = |p: &Player| p.index();
        let action = match event {
            Event::HoleDealt { player: p, cards } => PhhAction::DealHole {
                player: player(p),
                cards: hole_cards(cards, ctx.sees(*p)),
            },
            Event::BoardDealt { cards, .. } => PhhAction::DealBoard {
                cards: cards.iter().copied().map(Some).collect(),
            },
            // A street a live dealer laid without entering it: `??` per card.
            Event::BoardDealtUnknown { street } => PhhAction::DealBoard {
                cards: vec![None; if *street == Street::Flop { 3 } else { 1 }],
            },
            // A killed hand (TDA-30) is out of the hand as a fold is.
            Event::Folded { player: p } | Event::HandKilled { player: p, .. } => {
                PhhAction::Fold { player: player(p) }
            }
            Event::Checked { player: p } | Event::Called { player: p, .. } => {
                PhhAction::CheckOrCall { player: player(p) }
            }
            Event::BringInPosted { player: p, .. } => PhhAction::PostBringIn { player: player(p) },
            Event::BetOrRaised { player: p, to, .. } => PhhAction::CompleteBetOrRaiseTo {
                player: player(p),
                amount: amount(*to, scale),
            },
            Event::Shown { player: p, cards } => PhhAction::ShowOrMuck {
                player: player(p),
                cards: Some(cards.cards().to_vec()),
            },
            Event::Mucked { player: p } => PhhAction::ShowOrMuck {
                player: player(p),
                cards: None,
            },
            _ => continue,
        };
        out.push(ActionLine::new(action));
    }
    out
}

/// The hand as PHH: game and forced bets, stacks, every action from the events, and the
/// context's table, seats, names and time. An unfinished hand has no finishing stacks.
pub fn record(hand: &Hand, ctx: &HandContext) -> Result<PhhHand, RecordError> {
    ctx.check(hand)?;
    let scale = ctx.scale();
    let list = |v: &[Chips]| v.iter().map(|&c| amount(c, scale)).collect::<Vec<_>>();
    let (mut antes, mut blinds) = ctx.forced_bets();
    // PHH heads-up lists the small blind first though the big blind is player 1, and the
    // antes in the same order (PokerKit).
    if blinds.len() == 2 {
        blinds.reverse();
        if antes.len() == 2 {
            antes.reverse();
        }
    }
    let variant = hand.variant();
    let stud = variant.game.is_stud();
    let (small_bet, big_bet) = match variant.structure {
        Structure::FixedLimit { small_bet, big_bet } => {
            (Some(amount(small_bet, scale)), Some(amount(big_bet, scale)))
        }
        _ => (None, None),
    };
    let stacks: Vec<Chips> = hand.players().iter().map(|p| p.starting_stack).collect();
    let over = hand.is_over();
    Ok(PhhHand {
        variant: variant.phh_code(),
        ante_trimming_status: None,
        antes: list(&antes),
        blinds_or_straddles: list(&blinds),
        bring_in: stud.then(|| amount(hand.bring_in(), scale)),
        small_bet,
        big_bet,
        min_bet: (!stud).then(|| amount(ctx.blinds.big_blind, scale)),
        starting_stacks: list(&stacks).into_iter().map(Some).collect(),
        actions: actions(hand, ctx, scale),
        players: Some(ctx.names.clone()),
        finishing_stacks: over.then(|| list(&hand.final_stacks())),
        winnings: over.then(|| list(&hand.winnings())),
        extra: extra_fields(ctx),
    })
}

/// The optional PHH fields the context fills in.
fn extra_fields(ctx: &HandContext) -> Vec<(String, Value)> {
    let t = &ctx.time;
    let mut out = vec![
        ("hand".to_owned(), number(ctx.hand_number)),
        // The specification's table is a number; PokerStars tables have names.
        (
            "table".to_owned(),
            match ctx.table.parse::<u64>() {
                Ok(n) => number(n),
                Err(_) => Value::String(ctx.table.clone()),
            },
        ),
        (
            "seats".to_owned(),
            Value::Array(ctx.seats.iter().map(|&s| number(s.into())).collect()),
        ),
        ("seat_count".to_owned(), number(ctx.max_seats.into())),
        ("year".to_owned(), number(t.year.into())),
        ("month".to_owned(), number(t.month.into())),
        ("day".to_owned(), number(t.day.into())),
        (
            "time".to_owned(),
            Value::DateTime(format!("{:02}:{:02}:{:02}", t.hour, t.minute, t.second)),
        ),
        (
            "time_zone_abbreviation".to_owned(),
            Value::String(t.zone.clone()),
        ),
    ];
    if let Some(name) = &t.time_zone {
        out.push(("time_zone".to_owned(), Value::String(name.clone())));
    }
    match &ctx.game {
        GameKind::Cash { currency: Some(c) } => {
            out.push(("currency".to_owned(), Value::String(c.code.clone())));
            out.push((
                "currency_symbol".to_owned(),
                Value::String(c.symbol.clone()),
            ));
        }
        GameKind::Cash { currency: None } => {}
        GameKind::Tournament { id, level, .. } => {
            out.push((
                "event".to_owned(),
                Value::String(format!("Tournament #{id}")),
            ));
            out.push(("_level".to_owned(), number((*level).into())));
        }
    }
    out
}
