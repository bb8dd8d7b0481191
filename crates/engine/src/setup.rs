//! The unchecked description of one hand; `Hand::new` checks it.

use crate::chips::Chips;
use crate::rule::Rule;
use crate::ruleset::Ruleset;
use crate::variant::{Structure, Variant};
use cards::Deck;
use std::fmt;
use thiserror::Error;

/// Which non-player steps the engine does by itself (as PokerKit's automations). With a step
/// switched off the hand waits for it to be driven from outside, as a live dealer does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Automations {
    /// Antes, then blinds (TDA-RP-11: the ante is taken first).
    pub posting: bool,
    /// Hole cards, burns and board cards from the hand's deck.
    pub dealing: bool,
    /// Bets into the pot at the end of each round, uncalled bets returned.
    pub collecting: bool,
    /// Hands shown or mucked at showdown, all hands tabled at an all-in (TDA-16).
    pub showdown: bool,
    /// Pots pushed to their winners.
    pub pushing: bool,
}

impl Automations {
    /// Everything automatic: an online table.
    pub const ALL: Automations = Automations {
        posting: true,
        dealing: true,
        collecting: true,
        showdown: true,
        pushing: true,
    };

    /// Everything automatic but dealing: a live table, where the dealer's cards are entered (or
    /// left unknown until shown), or a hand history replayed.
    pub const LIVE_DEALER: Automations = Automations {
        dealing: false,
        ..Automations::ALL
    };
}

/// One hand before it starts. Vectors are per player in dealing order (see `Player`).
#[derive(Clone, Debug)]
pub struct HandSetup {
    pub variant: Variant,
    pub ruleset: Ruleset,
    pub stacks: Vec<Chips>,
    /// Antes per player; a big-blind ante is an ante of the big blind's player only (TDA-RP-11).
    pub antes: Vec<Chips>,
    /// Blinds and straddles per player, as PHH `blinds_or_straddles`.
    pub blinds: Vec<Chips>,
    /// The minimum bet: the big blind in no-limit and pot-limit (HC-1.12); in stud, the bet
    /// that completes the bring-in.
    pub min_bet: Chips,
    /// Stud: the bring-in of the lowest up card (razz: the highest), TDA-RP-10.
    pub bring_in: Chips,
    /// Randomness for a reshuffle in the hand (the stub with the burns on seventh street,
    /// TDA-RP-10H), when the engine deals; take it from the same source as the deck.
    pub reshuffle_seed: cards::Seed,
    /// The smallest chip in play: a split pot is divided in these, the odd ones going from the
    /// button's left (TDA-20A). 1 when every unit is a chip, as in hand histories.
    pub chip_unit: Chips,
    /// Players away from the table: their hand is killed when the deal ends (TDA-30).
    pub absent: Vec<bool>,
    /// Whether the whole event is down to two players (TDA-48: the limit cap then ends).
    pub tournament_heads_up: bool,
    /// A tournament rather than a ring game (HC-3.4.1 c).
    pub tournament: bool,
    pub automations: Automations,
    /// The shuffled deck, needed when the engine deals.
    pub deck: Option<Deck>,
    /// The big blind's player, when another posts as much before them in dealing order (a ring
    /// game's player coming in from the small blind's seat): action before the flop starts left
    /// of this player (HC-1.12, TDA-34). `None`: left of the biggest blind.
    pub big_blind_player: Option<crate::Player>,
}

/// One problem of a hand's setup.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SetupError {
    #[error("a hand needs 2 to {max} players, not {0}", max = crate::MAX_PLAYERS)]
    PlayerCount(usize),
    #[error("{what} has {got} entries for {players} players")]
    Length {
        what: &'static str,
        got: usize,
        players: usize,
    },
    #[error("the minimum bet must be positive")]
    ZeroMinBet,
    #[error("the smallest chip in play must be worth at least 1")]
    ZeroChipUnit,
    #[error("fixed-limit bets must be positive, the big bet at least the small bet")]
    LimitBets,
    #[error("the chips at the table add up to more than {max}")]
    TooManyChips { max: u64 },
    #[error("a player has no chips: only players with chips are dealt in")]
    EmptyStack,
    #[error("the big blind's player {0} is not one of the hand's players")]
    BigBlindPlayer(u8),
    #[error("the engine deals but the hand has no deck")]
    NoDeck,
    #[error("the deck has {0} cards, not enough for this hand")]
    ShortDeck(usize),
    #[error("{0} deals to at most 8 players: seven cards each{rule}", rule = self.cited())]
    StudPlayers(&'static str),
    #[error("stud has no blinds: antes and a bring-in{}", self.cited())]
    StudBlinds,
    #[error(
        "stud needs a bring-in of at least 1 and no more than the completing bet{}",
        self.cited()
    )]
    BringIn,
    #[error("straddles are not allowed under {ruleset}{}", self.cited())]
    Straddle { ruleset: String, rule: Option<Rule> },
}

impl SetupError {
    /// The rule a refusal applies, where one does; its message names this rule.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            SetupError::StudPlayers(_) => Some(rule!("TDA-RP-10H")),
            SetupError::StudBlinds | SetupError::BringIn => Some(rule!("TDA-RP-10")),
            SetupError::Straddle { rule, .. } => *rule,
            _ => None,
        }
    }

    /// ` (rule)` for the message, from `rule`.
    fn cited(&self) -> String {
        self.rule().map(|r| format!(" ({r})")).unwrap_or_default()
    }
}

/// Every problem of a refused setup, in the order checked; never empty. `Display` joins their
/// messages with "; ", so one problem reads as it always did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupErrors(Vec<SetupError>);

impl SetupErrors {
    pub fn problems(&self) -> &[SetupError] {
        &self.0
    }

    pub fn first(&self) -> &SetupError {
        &self.0[0]
    }
}

impl fmt::Display for SetupErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupErrors {}

/// A setup `HandSetup::checked` accepted: a table dealing hand after hand from one setup checks
/// it once, and each hand only its deck (`Hand::deal_checked`; issue 38).
#[derive(Clone, Debug)]
pub struct CheckedSetup {
    setup: HandSetup,
    /// The cards a deck must hold (none when the engine does not deal).
    deck_needed: usize,
}

impl CheckedSetup {
    pub fn setup(&self) -> &HandSetup {
        &self.setup
    }

    /// `check_with(Some(deck))` of the checked setup: only the deck can be refused.
    pub(crate) fn check_deck(&self, deck: &Deck) -> Result<(), SetupErrors> {
        if deck.len() < self.deck_needed {
            return Err(SetupErrors(vec![SetupError::ShortDeck(deck.len())]));
        }
        Ok(())
    }
}

impl HandSetup {
    /// Whether `Hand::new` would start this hand, with every problem it has if not.
    pub fn check(&self) -> Result<(), SetupErrors> {
        self.check_with(self.deck.as_ref())
    }

    /// `check` with `deck` in place of the setup's own.
    pub(crate) fn check_with(&self, deck: Option<&Deck>) -> Result<(), SetupErrors> {
        let mut problems = self.problems_but_deck();
        if self.automations.dealing {
            match deck {
                None => problems.push(SetupError::NoDeck),
                Some(deck) if deck.len() < self.deck_needed() => {
                    problems.push(SetupError::ShortDeck(deck.len()));
                }
                Some(_) => {}
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(SetupErrors(problems))
        }
    }

    /// The setup checked once for dealing hand after hand from it (`Hand::deal_checked`): every
    /// problem `check` finds but the deck's, which each hand's own deck answers.
    pub fn checked(self) -> Result<CheckedSetup, SetupErrors> {
        let problems = self.problems_but_deck();
        if !problems.is_empty() {
            return Err(SetupErrors(problems));
        }
        let deck_needed = if self.automations.dealing {
            self.deck_needed()
        } else {
            0
        };
        Ok(CheckedSetup {
            setup: self,
            deck_needed,
        })
    }

    /// The cards the engine's deck must hold to deal the hand.
    fn deck_needed(&self) -> usize {
        let game = self.variant.game;
        // Stud deals eight players' seven cards with the short-deck procedure (TDA-RP-10H).
        if game.is_stud() {
            52
        } else {
            self.stacks.len() * game.hole_cards() + 8
        }
    }

    /// The problems of `check_with` that do not depend on the deck, in its order.
    fn problems_but_deck(&self) -> Vec<SetupError> {
        let mut problems = Vec::new();
        let n = self.stacks.len();
        if !(2..=crate::MAX_PLAYERS).contains(&n) {
            problems.push(SetupError::PlayerCount(n));
        }
        let game = self.variant.game;
        if n > game.max_players() {
            problems.push(SetupError::StudPlayers(game.name()));
        }
        for (what, got) in [
            ("antes", self.antes.len()),
            ("blinds", self.blinds.len()),
            ("absent", self.absent.len()),
        ] {
            if got != n {
                problems.push(SetupError::Length {
                    what,
                    got,
                    players: n,
                });
            }
        }
        if self.min_bet.is_zero() {
            problems.push(SetupError::ZeroMinBet);
        }
        if self.chip_unit.is_zero() {
            problems.push(SetupError::ZeroChipUnit);
        }
        if let Structure::FixedLimit { small_bet, big_bet } = self.variant.structure
            && (small_bet.is_zero() || big_bet < small_bet)
        {
            problems.push(SetupError::LimitBets);
        }
        // Sums of chips (pots, pot-limit maxima) must never overflow.
        let max = u64::MAX / 8;
        let total = self
            .stacks
            .iter()
            .chain(&self.antes)
            .chain(&self.blinds)
            .try_fold(0u64, |sum, c| sum.checked_add(c.0));
        if total.is_none_or(|t| t > max) || self.min_bet.0 > max {
            problems.push(SetupError::TooManyChips { max });
        }
        if self.stacks.iter().any(|s| s.is_zero()) {
            problems.push(SetupError::EmptyStack);
        }
        if let Some(p) = self.big_blind_player
            && p.index() >= n
        {
            problems.push(SetupError::BigBlindPlayer(p.0));
        }
        if !self.ruleset.straddles && self.blinds.iter().filter(|b| !b.is_zero()).count() > 2 {
            problems.push(SetupError::Straddle {
                ruleset: self.ruleset.name.to_string(),
                rule: self.ruleset.straddle_rule(),
            });
        }
        if game.is_stud() {
            if self.blinds.iter().any(|b| !b.is_zero()) {
                problems.push(SetupError::StudBlinds);
            }
            let complete = match self.variant.structure {
                Structure::FixedLimit { small_bet, .. } => small_bet,
                _ => self.min_bet,
            };
            if self.bring_in.is_zero() || self.bring_in > complete {
                problems.push(SetupError::BringIn);
            }
        }
        problems
    }

    /// A hand under TDA 2019 with no antes, nobody absent and every step automated; set `deck`
    /// before starting it when the engine deals.
    pub fn new(variant: Variant, stacks: &[Chips], blinds: &[Chips], min_bet: Chips) -> HandSetup {
        HandSetup {
            variant,
            ruleset: Ruleset::tda(),
            stacks: stacks.to_vec(),
            antes: vec![Chips::ZERO; stacks.len()],
            blinds: blinds.to_vec(),
            min_bet,
            bring_in: Chips::ZERO,
            reshuffle_seed: cards::Seed([0; 32]),
            chip_unit: Chips(1),
            absent: vec![false; stacks.len()],
            tournament_heads_up: false,
            tournament: true,
            automations: Automations::ALL,
            deck: None,
            big_blind_player: None,
        }
    }
}
