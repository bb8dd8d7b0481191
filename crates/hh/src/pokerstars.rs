//! PokerStars hand-history text, the form tracking tools (PokerTracker, Hold'em Manager)
//! import: the header, seats and forced bets, each street with its actions, the showdown,
//! who collected which pot, and the summary. Written from the engine's events and the
//! caller's context; amounts as PokerStars prints them ("raises 40 to 60" names the raise,
//! then the total).

use crate::record::{GameKind, HandContext, RecordError};
use cards::{Card, Lang, Rank};
use engine::{Chips, Event, Game, Hand, Hole, Player, Street, Structure};
use eval::{HandCategory, LowValue, MadeHand};
use std::fmt::Write as _;

/// A high hand in PokerStars' words: "a pair of Aces", "two pair, Aces and Kings", "a straight,
/// Ten to Ace", "a flush, Ace high", "a full house, Kings full of Aces", "a Royal Flush".
pub fn pokerstars_hand_name(made: &MadeHand) -> String {
    // The five cards come in the order they are compared, the wheel's ace last.
    let r = made.five.map(|c| c.rank());
    // PokerStars calls the two a deuce: "three of a kind, Deuces".
    let one = |x: Rank| match x {
        Rank::Two => "Deuce",
        x => x.name(Lang::En),
    };
    let many = |x: Rank| match x {
        Rank::Two => "Deuces",
        x => x.plural(Lang::En),
    };
    match made.category() {
        HandCategory::HighCard => format!("high card {}", one(r[0])),
        HandCategory::OnePair => format!("a pair of {}", many(r[0])),
        HandCategory::TwoPair => format!("two pair, {} and {}", many(r[0]), many(r[2])),
        HandCategory::ThreeOfAKind => format!("three of a kind, {}", many(r[0])),
        HandCategory::Straight => format!("a straight, {} to {}", one(r[4]), one(r[0])),
        HandCategory::Flush => format!("a flush, {} high", one(r[0])),
        HandCategory::FullHouse => {
            format!("a full house, {} full of {}", many(r[0]), many(r[3]))
        }
        HandCategory::FourOfAKind => format!("four of a kind, {}", many(r[0])),
        HandCategory::StraightFlush if r[0] == Rank::Ace => "a Royal Flush".to_owned(),
        HandCategory::StraightFlush => {
            format!("a straight flush, {} to {}", one(r[4]), one(r[0]))
        }
    }
}

/// An 8-or-better low as PokerStars writes it: "8,6,4,2,A".
pub fn pokerstars_low_name(low: LowValue) -> String {
    low.to_string().replace('-', ",")
}

/// What a shown hand makes on the board; hi/lo names both halves ("HI: ...; LO: ...").
fn describe(game: Game, hole: &[Card], board: &[Card]) -> Option<String> {
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    let mut set = cards::CardSet::default();
    all.iter().for_each(|&c| {
        set.insert(c);
    });
    if game == Game::Razz {
        return eval::low::ace_to_five(set).map(|low| format!("Lo: {}", pokerstars_low_name(low)));
    }
    let made = match game {
        Game::Omaha | Game::OmahaHiLo => MadeHand::best_omaha(hole, board),
        _ => MadeHand::best(&all),
    }?;
    let high = pokerstars_hand_name(&made);
    if !game.has_low() {
        return Some(high);
    }
    let low = match game {
        Game::StudHiLo => eval::low::low8(set),
        _ => eval::omaha::omaha_low8(hole, board),
    };
    Some(match low {
        Some(low) => format!("HI: {high}; LO: {}", pokerstars_low_name(low)),
        None => format!("HI: {high}"),
    })
}

fn game_name(hand: &Hand) -> String {
    let variant = hand.variant();
    let game = match variant.game {
        Game::Holdem => "Hold'em",
        Game::Omaha => "Omaha",
        Game::OmahaHiLo => "Omaha Hi/Lo",
        Game::Stud => "7 Card Stud",
        Game::StudHiLo => "7 Card Stud Hi/Lo",
        Game::Razz => "Razz",
    };
    let limit = match variant.structure {
        Structure::NoLimit => "No Limit",
        Structure::PotLimit => "Pot Limit",
        Structure::FixedLimit { .. } => "Limit",
        Structure::SpreadLimit { .. } => "Spread Limit",
    };
    format!("{game} {limit}")
}

/// Tournament levels are numbered in Roman numerals: "Level XIV".
fn roman(mut n: u32) -> String {
    const NUMERALS: [(u32, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut out = String::new();
    for (value, numeral) in NUMERALS {
        while n >= value {
            out.push_str(numeral);
            n -= value;
        }
    }
    out
}

/// Cards as PokerStars lists them: `Ac Kd`.
fn cards_text<'a>(cards: impl IntoIterator<Item = &'a Card>) -> String {
    let words: Vec<String> = cards.into_iter().map(Card::to_string).collect();
    words.join(" ")
}

fn hole_text(hole: &Hole) -> Option<String> {
    let (cards, len) = hole.all_known()?;
    Some(cards_text(&cards[..len]))
}

/// What the history has seen of one player.
#[derive(Clone, Debug, Default)]
struct Seen {
    folded_on: Option<Street>,
    /// A blind or a bet put in: PokerStars adds "(didn't bet)" to a pre-flop fold otherwise.
    put_in: bool,
    shown: Option<Hole>,
    mucked: bool,
    won: Chips,
    dealt: Vec<Option<Card>>,
    /// Stud: the cards dealt with their faces (`true`: up).
    faces: Vec<(Option<Card>, bool)>,
}

/// "3rd Street", as PokerStars names the stud streets.
fn stud_title(street: Street) -> &'static str {
    match street {
        Street::Third => "3rd Street",
        Street::Fourth => "4th Street",
        Street::Fifth => "5th Street",
        Street::Sixth => "6th Street",
        _ => "River",
    }
}

struct Writer<'a> {
    hand: &'a Hand,
    ctx: &'a HandContext,
    out: String,
    seen: Vec<Seen>,
    stacks: Vec<Chips>,
    bets: Vec<Chips>,
    street: Street,
    board: Vec<Card>,
    /// Hole cards are being dealt and the "Dealt to" lines are not written yet.
    dealing: bool,
    /// Shows (`Some`) and mucks in order, written after "*** SHOW DOWN ***".
    showdown: Vec<(Player, Option<Hole>)>,
    awards: Vec<(usize, Player, Chips)>,
    /// Forced bets waiting to be written in PokerStars' order, by (kind, seat).
    posts: Vec<((u8, u8), String)>,
}

/// The hand as PokerStars hand-history text, ending with a blank line so that hands can be
/// concatenated into one file. The hand must be over.
pub fn pokerstars(hand: &Hand, ctx: &HandContext) -> Result<String, RecordError> {
    ctx.check(hand)?;
    if !hand.is_over() {
        return Err(RecordError::NotOver);
    }
    let n = hand.players().len();
    let mut w = Writer {
        hand,
        ctx,
        out: String::with_capacity(2048),
        seen: vec![Seen::default(); n],
        stacks: hand.players().iter().map(|p| p.starting_stack).collect(),
        bets: vec![Chips::ZERO; n],
        street: Street::Preflop,
        board: Vec::with_capacity(5),
        dealing: false,
        showdown: Vec::new(),
        awards: Vec::new(),
        posts: Vec::new(),
    };
    w.header();
    for event in hand.events() {
        w.event(event);
    }
    w.summary();
    w.out.push('\n');
    Ok(w.out)
}

impl Writer<'_> {
    fn line(&mut self, text: impl AsRef<str>) {
        self.out.push_str(text.as_ref());
        self.out.push('\n');
    }

    fn name(&self, p: Player) -> &str {
        &self.ctx.names[p.index()]
    }

    fn seat(&self, p: Player) -> u8 {
        self.ctx.seats[p.index()]
    }

    /// `1500`, or with a currency `$2`, `$0.25`.
    fn money(&self, chips: Chips) -> String {
        let GameKind::Cash {
            currency: Some(currency),
        } = &self.ctx.game
        else {
            return chips.to_string();
        };
        let one = 10u64.pow(u32::from(currency.scale));
        let (whole, part) = (chips.0 / one, chips.0 % one);
        let width = usize::from(currency.scale);
        match part {
            0 => format!("{}{whole}", currency.symbol),
            _ => format!("{}{whole}.{part:0width$}", currency.symbol),
        }
    }

    fn all_in(&self, p: Player) -> &'static str {
        if self.stacks[p.index()].is_zero() {
            " and is all-in"
        } else {
            ""
        }
    }

    /// Seats in table order, with the player in each.
    fn by_seat(&self) -> Vec<Player> {
        let mut players: Vec<Player> = (0..self.seen.len()).map(|i| Player(i as u8)).collect();
        players.sort_by_key(|&p| self.seat(p));
        players
    }

    fn header(&mut self) {
        let ctx = self.ctx;
        let game = game_name(self.hand);
        let (low, high) = match self.hand.variant().structure {
            Structure::FixedLimit { small_bet, big_bet } => (small_bet, big_bet),
            _ => (ctx.blinds.small_blind, ctx.blinds.big_blind),
        };
        let stakes = format!("{}/{}", self.money(low), self.money(high));
        let time = ctx.time.pokerstars();
        let number = ctx.hand_number;
        match &ctx.game {
            GameKind::Tournament { id, buy_in, level } => {
                // A freeroll's header says so, followed by two spaces (PokerStars' own form).
                let buy_in = if buy_in.is_empty() {
                    "Freeroll  ".to_owned()
                } else {
                    format!("{buy_in} ")
                };
                let level = roman(*level);
                self.line(format!(
                    "PokerStars Hand #{number}: Tournament #{id}, {buy_in}{game} - Level {level} ({stakes}) - {time}"
                ));
            }
            GameKind::Cash { currency } => {
                let code = currency
                    .as_ref()
                    .map(|c| format!(" {}", c.code))
                    .unwrap_or_default();
                self.line(format!(
                    "PokerStars Hand #{number}:  {game} ({stakes}{code}) - {time}"
                ));
            }
        }
        self.line(format!(
            "Table '{}' {}-max Seat #{} is the button",
            ctx.table, ctx.max_seats, ctx.button
        ));
        for p in self.by_seat() {
            let stack = self.money(self.stacks[p.index()]);
            self.line(format!(
                "Seat {}: {} ({stack} in chips)",
                self.seat(p),
                self.name(p)
            ));
        }
    }

    /// "Dealt to" lines once every hole card is out, for the players the view sees.
    fn flush_dealt(&mut self) {
        self.dealing = false;
        for i in 0..self.seen.len() {
            let p = Player(i as u8);
            let cards: Option<Vec<Card>> = self.seen[i].dealt.iter().copied().collect();
            if let Some(cards) = cards.filter(|_| self.ctx.sees(p)) {
                let text = cards_text(&cards);
                self.line(format!("Dealt to {} [{text}]", self.name(p)));
            }
        }
    }

    fn event(&mut self, event: &Event) {
        let posting = matches!(event, Event::AntePosted { .. } | Event::BlindPosted { .. });
        if !posting && !self.posts.is_empty() {
            // PokerStars lists antes by seat, then the small blind, the big blind (heads-up the
            // engine posts the big blind first, TDA-34).
            let mut posts = std::mem::take(&mut self.posts);
            posts.sort_by_key(|(key, _)| *key);
            posts.into_iter().for_each(|(_, text)| self.line(text));
        }
        if self.dealing && !matches!(event, Event::HoleDealt { .. }) {
            self.flush_dealt();
        }
        match event {
            Event::AntePosted { player, amount } => {
                self.stacks[player.index()] -= *amount;
                let (name, amount) = (self.name(*player), self.money(*amount));
                let all_in = self.all_in(*player);
                let text = format!("{name}: posts the ante {amount}{all_in}");
                self.posts.push(((0, self.seat(*player)), text));
            }
            Event::BlindPosted { player, amount } => {
                self.put_in(*player, *amount);
                let seat = Some(self.seat(*player));
                let (order, kind) = if seat == self.ctx.small_blind {
                    (1, "small blind")
                } else if seat == self.ctx.big_blind {
                    (2, "big blind")
                } else {
                    (3, "straddle")
                };
                let (name, amount) = (self.name(*player), self.money(*amount));
                let all_in = self.all_in(*player);
                let text = format!("{name}: posts {kind} {amount}{all_in}");
                self.posts.push(((order, 0), text));
            }
            Event::HoleDealt { player, cards } if self.hand.variant().game.is_stud() => {
                self.stud_dealt(*player, cards)
            }
            Event::BringInPosted { player, amount, .. } => {
                self.put_in(*player, *amount);
                self.chips_line(*player, "brings in for", *amount);
            }
            Event::HoleDealt { player, cards } => {
                if self.seen.iter().all(|s| s.dealt.is_empty()) {
                    self.line("*** HOLE CARDS ***");
                }
                self.dealing = true;
                self.seen[player.index()]
                    .dealt
                    .extend_from_slice(cards.cards());
            }
            Event::BoardDealt { street, cards } => self.board_dealt(*street, cards),
            Event::Folded { player } | Event::HandKilled { player, .. } => {
                self.seen[player.index()].folded_on = Some(self.street);
                self.line(format!("{}: folds", self.name(*player)));
            }
            Event::Checked { player } => {
                self.line(format!("{}: checks", self.name(*player)));
            }
            Event::Called { player, amount, .. } => {
                self.put_in(*player, *amount);
                self.chips_line(*player, "calls", *amount);
            }
            Event::BetOrRaised { player, to, .. } => self.bet_or_raise(*player, *to),
            Event::BetReturned { player, amount } => {
                let i = player.index();
                self.stacks[i] += *amount;
                self.bets[i] -= *amount;
                let (name, amount) = (self.name(*player), self.money(*amount));
                self.line(format!("Uncalled bet ({amount}) returned to {name}"));
            }
            Event::BetsCollected { .. } => self.bets.iter_mut().for_each(|b| *b = Chips::ZERO),
            Event::Shown { player, cards } => {
                self.seen[player.index()].shown = Some(*cards);
                self.showdown.push((*player, Some(*cards)));
            }
            Event::Mucked { player } => {
                self.seen[player.index()].mucked = true;
                self.showdown.push((*player, None));
            }
            Event::PotAwarded {
                pot,
                player,
                amount,
                ..
            } => {
                self.seen[player.index()].won += *amount;
                self.awards.push((*pot, *player, *amount));
            }
            Event::HandEnded => self.pots_pushed(),
            // Burns are not written; tabled hands are written at the showdown, as PokerStars does.
            _ => {}
        }
    }

    /// Stud: a street's header before its first card, then "Dealt to" each player with what
    /// the reader may see (up cards; the hero's down cards too), earlier cards first.
    fn stud_dealt(&mut self, player: Player, cards: &Hole) {
        let i = player.index();
        let before = self.seen[i].dealt.len();
        let street = Street::stud_street_for(before).unwrap_or(Street::Seventh);
        if before == 0 && self.seen.iter().all(|s| s.dealt.is_empty()) || street != self.street {
            self.street = street;
            self.line(format!("*** {} ***", stud_title(street).to_uppercase()));
        }
        let sees = self.ctx.sees(player);
        let visible = |hole: &[(Option<Card>, bool)]| -> String {
            let cards: Vec<Card> = hole
                .iter()
                .filter(|(_, up)| *up || sees)
                .filter_map(|(c, _)| *c)
                .collect();
            cards_text(&cards)
        };
        let old: Vec<(Option<Card>, bool)> = self.seen[i].faces.clone();
        let new: Vec<(Option<Card>, bool)> = (0..cards.len())
            .map(|k| (cards.cards()[k], cards.is_up(k)))
            .collect();
        self.seen[i].dealt.extend_from_slice(cards.cards());
        self.seen[i].faces.extend_from_slice(&new);
        let (old, new) = (visible(&old), visible(&new));
        if new.is_empty() {
            return;
        }
        let name = self.name(player);
        if old.is_empty() {
            self.line(format!("Dealt to {name} [{new}]"));
        } else {
            self.line(format!("Dealt to {name} [{old}] [{new}]"));
        }
    }

    fn board_dealt(&mut self, street: Street, cards: &[Card]) {
        let before = cards_text(&self.board);
        let new = cards_text(cards);
        self.board.extend_from_slice(cards);
        self.street = street;
        let title = match street {
            Street::Turn => "TURN",
            Street::River => "RIVER",
            Street::Seventh => "RIVER",
            _ => "FLOP",
        };
        if before.is_empty() {
            self.line(format!("*** {title} *** [{new}]"));
        } else {
            self.line(format!("*** {title} *** [{before}] [{new}]"));
        }
    }

    /// Chips a player puts in front of them: off the stack, onto the bet.
    fn put_in(&mut self, player: Player, amount: Chips) {
        let i = player.index();
        self.stacks[i] -= amount;
        self.bets[i] += amount;
        self.seen[i].put_in = true;
    }

    /// "Name: calls 20", with " and is all-in" when that was all the player had.
    fn chips_line(&mut self, player: Player, verb: &str, amount: Chips) {
        let (name, amount) = (self.name(player), self.money(amount));
        let all_in = self.all_in(player);
        self.line(format!("{name}: {verb} {amount}{all_in}"));
    }

    fn bet_or_raise(&mut self, player: Player, to: Chips) {
        let i = player.index();
        let level = self.bets.iter().copied().max().unwrap_or_default();
        self.stacks[i] -= to - self.bets[i];
        self.bets[i] = to;
        self.seen[i].put_in = true;
        let name = self.name(player);
        let all_in = self.all_in(player);
        if level.is_zero() {
            let to = self.money(to);
            self.line(format!("{name}: bets {to}{all_in}"));
        } else {
            let (by, to) = (self.money(to - level), self.money(to));
            self.line(format!("{name}: raises {by} to {to}{all_in}"));
        }
    }

    /// "from pot" with one pot; otherwise "main pot", "side pot" or "side pot-1", ...
    fn pot_name(index: usize, pots: usize) -> String {
        match (index, pots) {
            (_, 0 | 1) => "pot".to_owned(),
            (0, _) => "main pot".to_owned(),
            (_, 2) => "side pot".to_owned(),
            (i, _) => format!("side pot-{i}"),
        }
    }

    fn pot_count(&self) -> usize {
        let awarded = self.awards.iter().map(|&(pot, ..)| pot + 1).max();
        self.hand.pots().len().max(awarded.unwrap_or(0))
    }

    /// The showdown, then each pot's winners, the last side pot first as PokerStars
    /// pushes them.
    fn pots_pushed(&mut self) {
        let game = self.hand.variant().game;
        if !self.showdown.is_empty() {
            self.line("*** SHOW DOWN ***");
            for (p, shown) in std::mem::take(&mut self.showdown) {
                let name = self.name(p);
                let Some(hole) = shown.as_ref() else {
                    self.line(format!("{name}: mucks hand"));
                    continue;
                };
                let text = hole_text(hole).unwrap_or_default();
                match hole
                    .all_known()
                    .and_then(|(c, n)| describe(game, &c[..n], &self.board))
                {
                    Some(made) => self.line(format!("{name}: shows [{text}] ({made})")),
                    None => self.line(format!("{name}: shows [{text}]")),
                }
            }
        }
        let pots = self.pot_count();
        let mut awards = std::mem::take(&mut self.awards);
        awards.sort_by_key(|&(pot, ..)| std::cmp::Reverse(pot));
        for &(pot, p, amount) in &awards {
            let (name, amount) = (self.name(p), self.money(amount));
            let from = Self::pot_name(pot, pots);
            self.line(format!("{name} collected {amount} from {from}"));
        }
        let mut told = Vec::new();
        for &(_, p, _) in &awards {
            if self.seen[p.index()].shown.is_none() && !told.contains(&p) {
                told.push(p);
                self.line(format!("{}: doesn't show hand", self.name(p)));
            }
        }
    }

    fn summary(&mut self) {
        self.line("*** SUMMARY ***");
        let total: Chips = self.hand.players().iter().map(|p| p.committed).sum();
        let mut parts = format!("Total pot {}", self.money(total));
        let pots = self.hand.pots();
        if pots.len() > 1 {
            for (i, pot) in pots.iter().enumerate() {
                // The summary capitalises: "Main pot", "Side pot-1".
                let lower = Self::pot_name(i, pots.len());
                let name = format!("{}{}", lower[..1].to_uppercase(), &lower[1..]);
                let _ = write!(parts, " {name} {}.", self.money(pot.amount));
            }
        }
        let rake = self.money(Chips::ZERO);
        self.line(format!("{parts} | Rake {rake}"));
        if !self.board.is_empty() {
            let board = cards_text(&self.board);
            self.line(format!("Board [{board}]"));
        }
        for p in self.by_seat() {
            let outcome = self.outcome(p);
            let seat = self.seat(p);
            let mut marks = String::new();
            if seat == self.ctx.button {
                marks.push_str(" (button)");
            }
            if Some(seat) == self.ctx.small_blind {
                marks.push_str(" (small blind)");
            } else if Some(seat) == self.ctx.big_blind {
                marks.push_str(" (big blind)");
            }
            let name = self.name(p);
            self.line(format!("Seat {seat}: {name}{marks} {outcome}"));
        }
    }

    /// How the hand ended for one player, as the summary's seat line says it.
    fn outcome(&self, p: Player) -> String {
        let seen = &self.seen[p.index()];
        let won = self.money(seen.won);
        if let Some(street) = seen.folded_on {
            return match street {
                Street::Preflop if seen.put_in => "folded before Flop".to_owned(),
                Street::Preflop => "folded before Flop (didn't bet)".to_owned(),
                Street::Flop => "folded on the Flop".to_owned(),
                Street::Turn => "folded on the Turn".to_owned(),
                Street::River => "folded on the River".to_owned(),
                Street::Third if seen.put_in => "folded on the 3rd Street".to_owned(),
                Street::Third => "folded on the 3rd Street (didn't bet)".to_owned(),
                stud => format!("folded on the {}", stud_title(stud)),
            };
        }
        if let Some(hole) = &seen.shown {
            let text = hole_text(hole).unwrap_or_default();
            let game = self.hand.variant().game;
            let made = hole
                .all_known()
                .and_then(|(c, n)| describe(game, &c[..n], &self.board))
                .map(|m| format!(" with {m}"))
                .unwrap_or_default();
            return if seen.won.is_zero() {
                format!("showed [{text}] and lost{made}")
            } else {
                format!("showed [{text}] and won ({won}){made}")
            };
        }
        if !seen.won.is_zero() {
            return format!("collected ({won})");
        }
        let hole = &self.hand.players()[p.index()].hole;
        match hole_text(hole).filter(|_| self.ctx.sees(p)) {
            Some(text) => format!("mucked [{text}]"),
            None => "mucked".to_owned(),
        }
    }
}
