//! One hand as a state machine: every operation is applied or refused with a typed error that
//! cites the rule, and a refused operation leaves the hand unchanged: it is judged whole before
//! anything changes (`ops`).

mod betting;
mod dealing;
mod live;
mod ops;
pub(crate) mod player;
mod showdown;
mod stud;

pub use player::{MAX_PLAYERS, PlayerState, Status};

use crate::chips::{Chips, Player};
use crate::event::Event;
use crate::hole::Hole;
use crate::pots::{Pot, side_pots};
use crate::ruleset::{CapHeadsUp, ShortBigBlind};
use crate::setup::{Automations, CheckedSetup, HandSetup, SetupErrors};
use crate::step::{LegalActions, Step};
use crate::variant::{Street, Variant};
use cards::{Card, CardSet, Deck};

/// A hand's high value (none in razz, a low-only game) and its qualifying low, if any.
pub(crate) type Value = (Option<eval::HighValue>, Option<eval::LowValue>);

/// The rules a hand needs, taken from its ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HandRules {
    pub raise_cap: u8,
    /// Whether fixed limit stops capping once two players are left.
    pub uncapped_heads_up: bool,
    pub full_big_blind: bool,
    /// A tournament: no doubling on fourth street for an open pair (TDA-RP-10F).
    pub tournament: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Posting,
    DealingHole,
    Betting,
    Collecting,
    DealingBoard,
    Showdown,
    Pushing,
    Done,
}

/// A hand of hold'em, Omaha or stud in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    variant: Variant,
    rules: HandRules,
    automations: Automations,
    players: Vec<PlayerState>,
    /// Live players, a bit each, kept in step with their status (`sync_player`). The three
    /// masks of players read after every action are 32-bit words, written and read whole: a
    /// 16-bit mask read as a 32-bit word with its neighbour, each just written apart, waits
    /// for both stores (`first_to_act_from` stalled so; issue 38).
    live: u32,
    /// Live players with chips behind, kept in step with status and stack.
    can_bet: u32,
    /// In a betting round, the players who have not acted or are behind the bet (a bit each,
    /// folded ones too): with `can_bet`, who may be next to act, without reading each player.
    to_act: u32,
    /// Set when another player posts as much as the big blind before them (`HandSetup`).
    big_blind_player: Option<Player>,
    min_bet: Chips,
    chip_unit: Chips,
    deck: Option<Deck>,
    /// Stud: the bring-in (TDA-RP-10).
    bring_in: Chips,
    /// Stud: the bring-in is still to be posted on third street.
    bring_in_due: bool,
    /// Stud: who holds the bring-in card (more than one while up cards are not entered).
    bring_in_low: u16,
    /// Stud: the bring-in is in and nobody has completed the bet yet.
    bring_in_open: bool,
    /// Stud: fourth street with a big bet made, in a ring game with an open pair (TDA-RP-10F).
    fourth_doubled: bool,
    /// Stud: each hand's up cards as they show, kept as cards are dealt and shown (`None`:
    /// an up card not entered).
    showing: [Option<stud::Showing>; MAX_PLAYERS],
    /// Players who may open the round when up cards are not entered: the first of them to act
    /// is taken as the opener (bit set by player).
    open_candidates: u16,
    /// The player the current round opened with (stud: the bring-in or best hand showing);
    /// who shows first at a showdown without a bet (TDA-17A).
    round_opener: Player,
    /// Stud: the opener of sixth street, who also opens seventh with a community card
    /// (TDA-RP-10H D).
    sixth_opener: Option<Player>,
    /// Burn cards laid (stud counts them for a short deck, TDA-RP-10H).
    burns: u8,
    reshuffle_seed: cards::Seed,
    in_play: CardSet,
    board: [Option<Card>; 5],
    board_len: usize,
    burned_this_street: bool,
    phase: Phase,
    street: Street,
    /// Position of the next forced bet to post: antes first, then blinds (TDA-RP-11).
    post_cursor: usize,
    actor: Option<Player>,
    /// The bet to call in this round.
    level: Chips,
    /// The last full bet or raise of this round, the minimum raise (TDA-43).
    min_increment: Chips,
    /// Fixed limit: the level of the last full bet or raise, which the next raise builds on.
    last_full_level: Chips,
    /// Fixed limit: full bets and raises this round (the big blind counts as the bet).
    raises: u8,
    /// Bets and raises this round, full or not (the blinds not counted): whether a player faces
    /// only the opening bet (TDA-51B).
    round_bets: u8,
    /// Winners a live dealer named per pot (bit sets by player), when the hands are not known.
    named_winners: [u16; 2 * MAX_PLAYERS + 2],
    capped_multiway: bool,
    /// Pre-flop, what a short all-in big blind left unposted (TDA-54B keeps it in the pot-limit
    /// maximum).
    blind_shortfall: Chips,
    last_aggressor: Option<Player>,
    /// Chips pulled into the middle.
    pot: Chips,
    /// Betting is over with a player all-in: hands are tabled, the board run out (TDA-16).
    all_in_runout: bool,
    showdown_order: [Player; MAX_PLAYERS],
    showdown_len: usize,
    showdown_cursor: usize,
    /// Each hand's value, once the board is complete and the cards known.
    values: [Option<Value>; MAX_PLAYERS],
    events: Vec<Event>,
}

/// Whether a mask of players holds two or more.
fn several(mask: u32) -> bool {
    mask & mask.wrapping_sub(1) != 0
}

impl Hand {
    /// Checks a setup and starts the hand, running the automated steps up to the first one that
    /// needs a player or the dealer. A refusal lists every problem of the setup.
    pub fn new(mut setup: HandSetup) -> Result<Hand, SetupErrors> {
        setup.check()?;
        let deck = setup.deck.take();
        Ok(Hand::start(&setup, deck))
    }

    /// `Hand::new` of `setup` with `deck` as its deck (the setup's own is not used), the setup
    /// only read: a caller dealing hand after hand from one setup does not copy it each time.
    pub fn new_dealt(setup: &HandSetup, deck: Deck) -> Result<Hand, SetupErrors> {
        setup.check_with(Some(&deck))?;
        Ok(Hand::start(setup, Some(deck)))
    }

    /// Deals this hand again as `Hand::new_dealt(setup, deck)` would, keeping its players' and
    /// event log's allocations: a table dealing hand after hand allocates nothing once its log
    /// is long enough (issue 38). Refused as `new_dealt` refuses, the hand then unchanged.
    pub fn deal_again(&mut self, setup: &HandSetup, deck: Deck) -> Result<(), SetupErrors> {
        setup.check_with(Some(&deck))?;
        self.redeal(setup, deck);
        Ok(())
    }

    /// `deal_again` from a setup checked once: only the deck is checked (issue 38: checking
    /// the whole setup was about 1.4% of a stud hand in `croupier bench engine`).
    pub fn deal_checked(&mut self, setup: &CheckedSetup, deck: Deck) -> Result<(), SetupErrors> {
        setup.check_deck(&deck)?;
        self.redeal(setup.setup(), deck);
        Ok(())
    }

    /// `deal_again` once its setup and deck are checked.
    fn redeal(&mut self, setup: &HandSetup, deck: Deck) {
        let mut players = std::mem::take(&mut self.players);
        let mut events = std::mem::take(&mut self.events);
        players.clear();
        events.clear();
        *self = Hand::fresh(setup, Some(deck), players, events);
        self.skip_empty_posts();
        self.advance();
    }

    /// Starts a checked setup, with its deck given apart.
    fn start(setup: &HandSetup, deck: Option<Deck>) -> Hand {
        // A stud hand logs about twice a flop game's events.
        let events = if setup.variant.game.is_stud() { 64 } else { 32 };
        let players = Vec::with_capacity(setup.stacks.len());
        let mut hand = Hand::fresh(setup, deck, players, Vec::with_capacity(events));
        hand.skip_empty_posts();
        hand.advance();
        hand
    }

    /// A checked setup's hand before its first step, in `players` and `events` (both empty).
    fn fresh(
        setup: &HandSetup,
        deck: Option<Deck>,
        mut players: Vec<PlayerState>,
        events: Vec<Event>,
    ) -> Hand {
        let n = setup.stacks.len();
        let game = setup.variant.game;
        let rules = HandRules {
            raise_cap: setup.ruleset.limit_raise_cap.max(1),
            uncapped_heads_up: match setup.ruleset.limit_cap_heads_up {
                CapHeadsUp::UntilEventHeadsUp => setup.tournament_heads_up,
                CapHeadsUp::TournamentOnly => !setup.tournament,
            },
            full_big_blind: setup.ruleset.short_big_blind == ShortBigBlind::FullBlindOwed,
            tournament: setup.tournament,
        };
        let states = (setup.stacks.iter().zip(&setup.absent))
            .zip(setup.antes.iter().zip(&setup.blinds))
            .map(|((&stack, &absent), (&ante_due, &blind_due))| PlayerState {
                starting_stack: stack,
                stack,
                bet: Chips::ZERO,
                committed: Chips::ZERO,
                ante: Chips::ZERO,
                status: Status::Live,
                hole: Hole::default(),
                shown: false,
                absent,
                acted_level: None,
                acted_raises: 0,
                won: Chips::ZERO,
                ante_due,
                blind_due,
            });
        players.extend(states);
        Hand {
            variant: setup.variant,
            rules,
            automations: setup.automations,
            players,
            // Every stack is above zero (checked above).
            live: (1 << n) - 1,
            can_bet: (1 << n) - 1,
            to_act: 0,
            big_blind_player: setup.big_blind_player,
            min_bet: setup.min_bet,
            chip_unit: setup.chip_unit,
            deck,
            bring_in: setup.bring_in,
            bring_in_due: game.is_stud(),
            bring_in_low: 0,
            bring_in_open: false,
            fourth_doubled: false,
            showing: [Some(stud::Showing::default()); MAX_PLAYERS],
            open_candidates: 0,
            round_opener: Player(0),
            sixth_opener: None,
            burns: 0,
            reshuffle_seed: setup.reshuffle_seed,
            in_play: CardSet::default(),
            board: [None; 5],
            board_len: 0,
            burned_this_street: false,
            phase: Phase::Posting,
            street: game.first_street(),
            post_cursor: 0,
            actor: None,
            level: Chips::ZERO,
            min_increment: Chips::ZERO,
            last_full_level: Chips::ZERO,
            raises: 0,
            round_bets: 0,
            named_winners: [0; 2 * MAX_PLAYERS + 2],
            capped_multiway: false,
            blind_shortfall: Chips::ZERO,
            last_aggressor: None,
            pot: Chips::ZERO,
            all_in_runout: false,
            showdown_order: [Player(0); MAX_PLAYERS],
            showdown_len: 0,
            showdown_cursor: 0,
            values: [None; MAX_PLAYERS],
            events,
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    pub fn player(&self, player: Player) -> &PlayerState {
        &self.players[player.index()]
    }

    pub fn board(&self) -> impl Iterator<Item = Card> + '_ {
        self.board[..self.board_len].iter().flatten().copied()
    }

    /// Stud: the bring-in of this hand (zero in flop games).
    pub fn bring_in(&self) -> Chips {
        self.bring_in
    }

    pub fn street(&self) -> Street {
        self.street
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Chips in the middle, not counting bets still in front of players.
    pub fn pot(&self) -> Chips {
        self.pot
    }

    /// The pots as they stand: main pot first, then side pots (TDA-21).
    pub fn pots(&self) -> Vec<Pot> {
        side_pots(&self.players)
    }

    /// Bytes this hand holds: the struct (the deck inline) and what it owns on the heap.
    pub fn memory_bytes(&self) -> usize {
        size_of::<Hand>()
            + self.players.capacity() * size_of::<PlayerState>()
            + self.events.capacity() * size_of::<Event>()
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Done
    }

    /// Each player's stack at the end (or now): chips behind plus winnings.
    pub fn final_stacks(&self) -> Vec<Chips> {
        self.players.iter().map(|p| p.stack + p.won).collect()
    }

    /// What the hand waits for.
    #[inline]
    pub fn step(&self) -> Step {
        // A player to act, the common answer, without the call to the whole match.
        match (self.phase, self.actor) {
            (Phase::Betting, Some(p)) => Step::Act(p),
            _ => self.other_step(),
        }
    }

    fn other_step(&self) -> Step {
        match self.phase {
            Phase::Posting => {
                let (ante, player) = self.post_position();
                if ante {
                    Step::PostAnte(player)
                } else {
                    Step::PostBlind(player)
                }
            }
            Phase::DealingHole => match self.tabling_due() {
                Some(p) => Step::ShowOrMuck(p),
                None if self.seventh_needs_community_card() => self.board_step(),
                None => Step::DealHole(self.next_hole_player()),
            },
            Phase::Betting => match self.actor {
                Some(p) => Step::Act(p),
                None => Step::Done,
            },
            Phase::Collecting => Step::CollectBets,
            Phase::DealingBoard => match self.tabling_due() {
                Some(p) => Step::ShowOrMuck(p),
                None => self.board_step(),
            },
            Phase::Showdown => Step::ShowOrMuck(self.showdown_order[self.showdown_cursor]),
            Phase::Pushing => match self.pot_to_name() {
                Some(pot) => Step::AwardPot(pot),
                None => Step::PushChips,
            },
            Phase::Done => Step::Done,
        }
    }

    /// The legal actions of the player to act, when a player is to act.
    pub fn legal_actions(&self) -> Option<LegalActions> {
        match (self.phase, self.actor) {
            (Phase::Betting, Some(p)) => Some(self.legal_for(p)),
            _ => None,
        }
    }

    /// Runs automated steps until the hand needs a player or a step done from outside.
    #[inline]
    pub(super) fn advance(&mut self) {
        debug_assert!(
            self.kept_in_step(),
            "a kept mask or showing hand out of step"
        );
        // Most actions leave the betting round open: nothing to run, and no call to make.
        if self.phase != Phase::Betting {
            self.run_steps();
        }
    }

    // Out of line, so that `advance` stays small enough to inline where an action is applied.
    #[inline(never)]
    fn run_steps(&mut self) {
        loop {
            match self.phase {
                Phase::Posting if self.automations.posting => self.post_all(),
                Phase::DealingHole if self.all_in_runout && self.tabling_due().is_some() => {
                    if !self.automations.showdown || !self.table_all_hands() {
                        return;
                    }
                }
                Phase::DealingHole if self.automations.dealing => {
                    if self.seventh_needs_community_card() {
                        self.deal_street_from_deck();
                    } else {
                        self.deal_all_hole_cards();
                    }
                }
                Phase::Betting => return,
                Phase::Collecting if self.automations.collecting => self.collect_bets(),
                Phase::DealingBoard => {
                    // TDA-16: the hands are turned up before the board is run out.
                    if self.all_in_runout && self.tabling_due().is_some() {
                        if !self.automations.showdown || !self.table_all_hands() {
                            return;
                        }
                    } else if self.automations.dealing {
                        self.deal_street_from_deck();
                    } else {
                        return;
                    }
                }
                Phase::Showdown if self.automations.showdown => {
                    if !self.auto_showdown_step() {
                        return;
                    }
                }
                Phase::Pushing if self.automations.pushing && self.pot_to_name().is_none() => {
                    self.push_chips()
                }
                _ => return,
            }
        }
    }

    pub(crate) fn emit(&mut self, event: Event) {
        self.events.push(event);
    }

    pub(crate) fn live_count(&self) -> usize {
        self.live.count_ones() as usize
    }

    /// Brings the live and can-bet masks in step with player `i`: called wherever a status or
    /// a stack changes.
    pub(crate) fn sync_player(&mut self, i: usize) {
        let me = &self.players[i];
        let bit = 1u32 << i;
        self.live = self.live & !bit | u32::from(me.is_live()) << i;
        self.can_bet = self.can_bet & !bit | u32::from(me.can_bet()) << i;
    }

    /// Whether the masks and the showing hands say what the players' states say (checked in
    /// debug builds).
    fn kept_in_step(&self) -> bool {
        self.players.iter().enumerate().all(|(i, p)| {
            let bit = 1u32 << i;
            (self.live & bit != 0) == p.is_live()
                && (self.can_bet & bit != 0) == p.can_bet()
                && (self.to_act & bit != 0)
                    == (self.phase == Phase::Betting && (!p.has_acted() || p.bet < self.level))
                && self.showing[i] == self.showing_of(&p.hole)
        })
    }

    /// Every player of the hand, a bit each.
    pub(crate) fn every_player(&self) -> u16 {
        (1 << self.players.len()) - 1
    }

    pub(crate) fn player_count(&self) -> usize {
        self.players.len()
    }

    /// The next player after `p` in dealing order, wrapping around.
    pub(crate) fn next_player(&self, p: Player) -> Player {
        let next = p.index() + 1;
        Player(if next >= self.players.len() { 0 } else { next } as u8)
    }
}
