//! A table across hands: seats and stacks, the button and blinds by the dead-button rule
//! (TDA-32, HC-3.6, WWPLA-9), the move to heads-up (TDA-34), absent players (TDA-30, DG-8a),
//! players entering empty seats (TDA-8A, TDA-10), and the game changing from hand to hand with
//! the button frozen during stud (TDA-11B).

use crate::chips::{Chips, Seat};
use crate::ruleset::{AbsentPlayers, Ruleset};
use crate::setup::{Automations, HandSetup, SetupError};
use crate::variant::{Structure, Variant};
use cards::Deck;
use thiserror::Error;

/// Who a seated player is, for the caller (a tournament entry, a ring-game account).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl PlayerId {
    /// The player's number as people count them, from 1 (the id counts from 0).
    pub fn number(self) -> u32 {
        self.0 + 1
    }
}

/// The forced bets of a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blinds {
    pub small_blind: Chips,
    pub big_blind: Chips,
    /// An ante from every player.
    pub ante: Chips,
    /// A big-blind ante, posted by the big blind before the blind (TDA-RP-11).
    pub big_blind_ante: Chips,
}

/// A stud hand's forced bets: every player's ante and the bring-in (TDA-RP-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StudBets {
    pub ante: Chips,
    pub bring_in: Chips,
    /// The bet that completes the bring-in, the minimum bet; in fixed limit the variant's small
    /// bet is used.
    pub small_bet: Chips,
}

/// A hand's forced bets: blinds in flop games, antes and a bring-in in stud.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcedBets {
    Blinds(Blinds),
    Stud(StudBets),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatedPlayer {
    pub id: PlayerId,
    pub stack: Chips,
    /// Away from the table (TDA-30).
    pub absent: bool,
    /// Has not yet been dealt a hand at this table.
    pub new: bool,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum TableError {
    #[error("a table has 2 to 10 seats, not {0}")]
    SeatCount(usize),
    #[error("{0} does not exist at this table")]
    NoSuchSeat(Seat),
    #[error("{0} is taken")]
    SeatTaken(Seat),
    #[error("{0} is empty")]
    SeatEmpty(Seat),
    #[error("a player needs chips to sit down")]
    NoChips,
    #[error("fewer than two players can be dealt in")]
    NotEnoughPlayers,
    #[error("{0} is dealt with {1}")]
    ForcedBets(&'static str, &'static str),
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Where the button and blinds are for one hand, and who is dealt in, in dealing order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Positions {
    /// The button's seat, which may be empty: a dead button (TDA-32).
    pub button: Seat,
    /// Where the small blind is, even when nobody sits there.
    pub small_blind_position: Seat,
    /// The small blind's seat; `None` when its seat is empty and no small blind is posted.
    pub small_blind: Option<Seat>,
    pub big_blind: Seat,
    /// Seats dealt in, from the button's left; player `i` of the hand sits at `dealt[i]`.
    pub dealt: Vec<Seat>,
    /// A stud hand: the button is frozen and the blinds are where a hold'em hand would have
    /// them, but nobody posts them (TDA-11B).
    pub stud: bool,
}

/// A table of 2 to 10 seats.
#[derive(Clone, Debug)]
pub struct Table {
    variant: Variant,
    ruleset: Ruleset,
    tournament: bool,
    seats: Vec<Option<SeatedPlayer>>,
    /// Last hand's button seat, small-blind position and big blind.
    last: Option<(Seat, Seat, Seat)>,
    first_button: Option<Seat>,
}

impl Table {
    pub fn new(
        seat_count: usize,
        variant: Variant,
        ruleset: Ruleset,
        tournament: bool,
    ) -> Result<Table, TableError> {
        if !(2..=crate::MAX_PLAYERS).contains(&seat_count) {
            return Err(TableError::SeatCount(seat_count));
        }
        Ok(Table {
            variant,
            ruleset,
            tournament,
            seats: vec![None; seat_count],
            last: None,
            first_button: None,
        })
    }

    pub fn seats(&self) -> &[Option<SeatedPlayer>] {
        &self.seats
    }

    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    fn slot(&mut self, seat: Seat) -> Result<&mut Option<SeatedPlayer>, TableError> {
        self.seats
            .get_mut(seat.index())
            .ok_or(TableError::NoSuchSeat(seat))
    }

    /// Seats a player. A new player is dealt in at once, except between the small blind and the
    /// button (TDA-8A, TDA-10).
    pub fn sit(&mut self, seat: Seat, id: PlayerId, stack: Chips) -> Result<(), TableError> {
        if stack.is_zero() {
            return Err(TableError::NoChips);
        }
        let slot = self.slot(seat)?;
        if slot.is_some() {
            return Err(TableError::SeatTaken(seat));
        }
        *slot = Some(SeatedPlayer {
            id,
            stack,
            absent: false,
            new: true,
        });
        Ok(())
    }

    /// Seats a player back where they sat, dealt in as before (a bust reported by mistake and
    /// taken back): not a new player.
    pub fn sit_back(&mut self, seat: Seat, id: PlayerId, stack: Chips) -> Result<(), TableError> {
        self.sit(seat, id, stack)?;
        if let Some(p) = self.seats[seat.index()].as_mut() {
            p.new = false;
        }
        Ok(())
    }

    pub fn leave(&mut self, seat: Seat) -> Result<SeatedPlayer, TableError> {
        self.slot(seat)?.take().ok_or(TableError::SeatEmpty(seat))
    }

    pub fn set_absent(&mut self, seat: Seat, absent: bool) -> Result<(), TableError> {
        match self.slot(seat)? {
            Some(player) => {
                player.absent = absent;
                Ok(())
            }
            None => Err(TableError::SeatEmpty(seat)),
        }
    }

    /// Sets a seated player's stack between hands: a rebuy, an add-on, a chip race.
    pub fn set_stack(&mut self, seat: Seat, stack: Chips) -> Result<(), TableError> {
        if stack.is_zero() {
            return Err(TableError::NoChips);
        }
        match self.slot(seat)? {
            Some(player) => {
                player.stack = stack;
                Ok(())
            }
            None => Err(TableError::SeatEmpty(seat)),
        }
    }

    /// The last hand's button seat, small-blind position and big blind; `None` before the first.
    pub fn last_positions(&self) -> Option<(Seat, Seat, Seat)> {
        self.last
    }

    /// Takes a table over between hands (a director scenario): the last hand's button,
    /// small-blind position and big blind as they were, and every seated player already dealt in.
    pub fn set_last_hand(
        &mut self,
        button: Seat,
        small_blind_position: Seat,
        big_blind: Seat,
    ) -> Result<(), TableError> {
        for seat in [button, small_blind_position, big_blind] {
            self.slot(seat)?;
        }
        self.last = Some((button, small_blind_position, big_blind));
        for player in self.seats.iter_mut().flatten() {
            player.new = false;
        }
        Ok(())
    }

    /// Players seated, with chips or not.
    pub fn player_count(&self) -> usize {
        self.seats.iter().filter(|s| s.is_some()).count()
    }

    /// Starts the button over at `seat`, as for a new table (a final-table redraw, WWPLA-12).
    pub fn redraw_button(&mut self, seat: Seat) -> Result<(), TableError> {
        self.slot(seat)?;
        self.last = None;
        self.first_button = Some(seat);
        Ok(())
    }

    /// The button of the first hand (drawn for by the floor, WWPLA-1).
    pub fn set_first_button(&mut self, seat: Seat) -> Result<(), TableError> {
        self.slot(seat)?;
        self.first_button = Some(seat);
        Ok(())
    }

    /// A seat dealt in: a player present (DG-10.1) or away but not pausing (DG-10.2, TDA-30);
    /// not an empty seat, a player without chips or, where absent players are skipped, one who
    /// pauses (DG-8a).
    fn in_play(&self, seat: Seat) -> bool {
        match self.seats[seat.index()] {
            Some(p) => {
                let skipped = p.absent && self.ruleset.absent_players == AbsentPlayers::Skipped;
                !p.stack.is_zero() && !skipped
            }
            None => false,
        }
    }

    /// The next seat after `from` (exclusive), clockwise, that is in play.
    fn next_in_play(&self, from: Seat) -> Option<Seat> {
        let n = self.seats.len();
        (1..=n)
            .map(|k| Seat(((from.index() + k) % n) as u8))
            .find(|&s| self.in_play(s))
    }

    /// The seat before `from` (exclusive), counter-clockwise, that is in play.
    fn prev_in_play(&self, from: Seat) -> Option<Seat> {
        let n = self.seats.len();
        (1..=n)
            .map(|k| Seat(((from.index() + n - k) % n) as u8))
            .find(|&s| self.in_play(s))
    }

    /// Whether `seat` lies strictly between `from` and `to`, clockwise.
    fn strictly_between(&self, from: Seat, seat: Seat, to: Seat) -> bool {
        let n = self.seats.len();
        let dist = |a: Seat, b: Seat| (b.index() + n - a.index()) % n;
        let d = dist(from, seat);
        d > 0 && d < dist(from, to)
    }

    /// Where the button and blinds go for the next hand: the big blind moves on one player every
    /// hand and the small blind and button follow where the blinds were (dead button: HC-3.6's
    /// three elimination cases, WWPLA-9). When the seat due the small blind has just busted
    /// there is a big blind alone (DG-8b). Heads-up the button posts the small blind and the
    /// player who would have been big blind next posts it (TDA-34, HC-3.6).
    pub fn next_positions(&self) -> Result<Positions, TableError> {
        let (button, sb_position, big_blind, heads_up) = self.blind_positions()?;
        let small_blind = self.in_play(sb_position).then_some(sb_position);
        let n = self.seats.len();
        let dealt: Vec<Seat> = (1..=n)
            .map(|k| Seat(((button.index() + k) % n) as u8))
            .filter(|&s| self.in_play(s))
            .filter(|&s| {
                // TDA-8A, TDA-10: a new player between the small blind and the button waits.
                let new = self.seats[s.index()].is_some_and(|p| p.new);
                !(new && !heads_up && self.strictly_between(button, s, sb_position))
            })
            .collect();
        if dealt.len() < 2 {
            return Err(TableError::NotEnoughPlayers);
        }
        Ok(Positions {
            button,
            small_blind_position: sb_position,
            small_blind,
            big_blind,
            dealt,
            stud: false,
        })
    }

    /// Whether `seat` is the next hand's button, small blind or big blind: a player there may
    /// not begin a pause until those positions have passed (DG-35).
    pub fn on_button_or_blinds(&self, seat: Seat) -> bool {
        self.blind_positions()
            .is_ok_and(|(button, small_blind, big_blind, _)| {
                [button, small_blind, big_blind].contains(&seat)
            })
    }

    /// TDA-11B: the player who would be big blind if the next hand were hold'em. During a stud
    /// round the button is frozen where that hand would have it, and this player is the one
    /// moved to balance tables.
    pub fn would_be_big_blind(&self) -> Option<Seat> {
        self.blind_positions()
            .ok()
            .map(|(_, _, big_blind, _)| big_blind)
    }

    /// A stud hand's positions: the button frozen where the next hold'em hand would have it
    /// (TDA-11B) and everyone in play dealt in from its left, new players too, as there are no
    /// blinds to wait for.
    pub fn stud_positions(&self) -> Result<Positions, TableError> {
        let (button, sb_position, big_blind, _) = self.blind_positions()?;
        let n = self.seats.len();
        let dealt: Vec<Seat> = (1..=n)
            .map(|k| Seat(((button.index() + k) % n) as u8))
            .filter(|&s| self.in_play(s))
            .collect();
        Ok(Positions {
            button,
            small_blind_position: sb_position,
            small_blind: self.in_play(sb_position).then_some(sb_position),
            big_blind,
            dealt,
            stud: true,
        })
    }

    /// The button, small-blind position and big blind of the next flop-game hand, and whether
    /// it is heads-up.
    fn blind_positions(&self) -> Result<(Seat, Seat, Seat, bool), TableError> {
        let in_play: Vec<Seat> = (0..self.seats.len())
            .map(|i| Seat(i as u8))
            .filter(|&s| self.in_play(s))
            .collect();
        if in_play.len() < 2 {
            return Err(TableError::NotEnoughPlayers);
        }
        let heads_up = in_play.len() == 2;
        let (button, sb_position, big_blind) = match self.last {
            None => {
                let start = self.first_button.unwrap_or(in_play[0]);
                let button = if self.in_play(start) {
                    start
                } else {
                    self.next_in_play(start).unwrap_or(in_play[0])
                };
                let after = self.next_in_play(button).unwrap_or(button);
                if heads_up {
                    (button, button, after)
                } else {
                    (button, after, self.next_in_play(after).unwrap_or(after))
                }
            }
            Some((_, last_sb, last_bb)) => {
                let big_blind = self.next_in_play(last_bb).unwrap_or(last_bb);
                if heads_up {
                    let other = self.next_in_play(big_blind).unwrap_or(big_blind);
                    (other, other, big_blind)
                } else if big_blind == last_sb || self.strictly_between(last_sb, big_blind, last_bb)
                {
                    // From heads-up (or after a new player sat in behind the blinds) the big
                    // blind would reach the button: the button goes to the player just before
                    // the small blind instead (TDA-34: nobody has the big blind twice in a row).
                    (
                        self.prev_in_play(last_bb).unwrap_or(last_sb),
                        last_bb,
                        big_blind,
                    )
                } else {
                    (last_sb, last_bb, big_blind)
                }
            }
        };
        Ok((button, sb_position, big_blind, heads_up))
    }

    /// The next hand's positions and setup in the table's own variant; its players are the
    /// `dealt` seats in that order.
    pub fn next_hand(
        &self,
        blinds: Blinds,
        event_heads_up: bool,
        automations: Automations,
        deck: Option<Deck>,
    ) -> Result<(Positions, HandSetup), TableError> {
        let forced = ForcedBets::Blinds(blinds);
        self.start_hand(self.variant, forced, event_heads_up, automations, deck)
    }

    /// The next hand's positions and setup in `variant`, which may change from hand to hand (a
    /// mixed game). A stud hand has antes and a bring-in, no blinds, and leaves the button where
    /// it is (TDA-11B); set the setup's `reshuffle_seed` from the deck's source (TDA-RP-10H).
    pub fn start_hand(
        &self,
        variant: Variant,
        forced: ForcedBets,
        event_heads_up: bool,
        automations: Automations,
        deck: Option<Deck>,
    ) -> Result<(Positions, HandSetup), TableError> {
        let (positions, antes, blinds, min_bet, bring_in) = match forced {
            ForcedBets::Blinds(_) if variant.game.is_stud() => {
                return Err(TableError::ForcedBets(
                    variant.game.name(),
                    "antes and a bring-in (TDA-RP-10)",
                ));
            }
            ForcedBets::Stud(_) if !variant.game.is_stud() => {
                return Err(TableError::ForcedBets(variant.game.name(), "blinds"));
            }
            ForcedBets::Blinds(b) => {
                let positions = self.next_positions()?;
                let (antes, blinds) = self.blinds_of(&positions, b);
                (positions, antes, blinds, b.big_blind, Chips::ZERO)
            }
            ForcedBets::Stud(s) => {
                let positions = self.stud_positions()?;
                if positions.dealt.len() > variant.game.max_players() {
                    let e = SetupError::StudPlayers(variant.game.name());
                    return Err(TableError::Setup(e));
                }
                let n = positions.dealt.len();
                let min_bet = match variant.structure {
                    Structure::FixedLimit { small_bet, .. } => small_bet,
                    _ => s.small_bet,
                };
                let antes = vec![s.ante; n];
                (positions, antes, vec![Chips::ZERO; n], min_bet, s.bring_in)
            }
        };
        let dealt = positions.dealt.iter().filter_map(|s| self.seats[s.index()]);
        let setup = HandSetup {
            variant,
            ruleset: self.ruleset.clone(),
            stacks: dealt.clone().map(|p| p.stack).collect(),
            antes,
            blinds,
            min_bet,
            bring_in,
            reshuffle_seed: cards::Seed([0; 32]),
            chip_unit: Chips(1),
            absent: dealt.map(|p| p.absent).collect(),
            tournament_heads_up: event_heads_up,
            tournament: self.tournament,
            automations,
            deck,
            big_blind_player: None,
        };
        Ok((positions, setup))
    }

    /// Antes and blinds per dealt player of a flop-game hand.
    fn blinds_of(&self, positions: &Positions, blinds: Blinds) -> (Vec<Chips>, Vec<Chips>) {
        let heads_up = positions.dealt.len() == 2;
        let mut antes = Vec::with_capacity(positions.dealt.len());
        let mut forced = Vec::with_capacity(positions.dealt.len());
        for &seat in &positions.dealt {
            if self.seats[seat.index()].is_none() {
                continue;
            }
            let is_bb = seat == positions.big_blind;
            let big_blind_ante = if is_bb {
                blinds.big_blind_ante
            } else {
                Chips::ZERO
            };
            antes.push(blinds.ante + big_blind_ante);
            let is_sb = if heads_up {
                seat == positions.button
            } else {
                Some(seat) == positions.small_blind
            };
            forced.push(if is_bb {
                blinds.big_blind
            } else if is_sb {
                blinds.small_blind
            } else {
                Chips::ZERO
            });
        }
        (antes, forced)
    }

    /// Records a finished hand by its players' stacks at the end, in dealing order (a hand the
    /// engine played: `Hand::final_stacks`; one dealt with real cards or settled by the floor:
    /// the stacks it left): where the blinds were, and who is no longer new. Players left
    /// without chips are taken off the table and returned (eliminated in a tournament).
    pub fn finish_hand(
        &mut self,
        positions: &Positions,
        stacks: &[Chips],
    ) -> Vec<(Seat, SeatedPlayer)> {
        for (&seat, &stack) in positions.dealt.iter().zip(stacks) {
            if let Some(player) = self.seats[seat.index()].as_mut() {
                player.stack = stack;
                player.new = false;
            }
        }
        // TDA-11B: a stud hand leaves the button frozen; the next flop-game hand starts there.
        if !positions.stud {
            self.last = Some((
                positions.button,
                positions.small_blind_position,
                positions.big_blind,
            ));
        }
        let mut out = Vec::new();
        for i in 0..self.seats.len() {
            if let Some(player) = self.seats[i]
                && player.stack.is_zero()
            {
                self.seats[i] = None;
                out.push((Seat(i as u8), player));
            }
        }
        out
    }
}
