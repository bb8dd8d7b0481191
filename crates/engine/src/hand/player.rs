//! A player's part of a hand, below the hand itself: the pots (`crate::pots`) are counted from
//! it, and the hand is built of it.

use crate::chips::Chips;
use crate::hole::Hole;

/// The most players a hand deals to.
pub const MAX_PLAYERS: usize = 10;

/// Where a player stands in the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Live,
    Folded,
    /// Gave up the hand at showdown without showing.
    Mucked,
}

/// One player's part of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerState {
    pub starting_stack: Chips,
    /// Chips behind, not yet bet.
    pub stack: Chips,
    /// Chips in front of the player in this betting round.
    pub bet: Chips,
    /// Everything the player put in this hand: antes, blinds and bets.
    pub committed: Chips,
    /// The ante posted, part of `committed`.
    pub ante: Chips,
    pub status: Status,
    pub hole: Hole,
    pub shown: bool,
    pub absent: bool,
    /// The bet to call when the player last acted in this round (`None`: not yet acted). A
    /// player may raise again only after a full raise since then (TDA-47A).
    pub(super) acted_level: Option<Chips>,
    /// Full bets and raises of the round when the player last acted: one since reopens the
    /// betting for them, whatever its size (TDA-47; a stud completion of the bring-in).
    pub(super) acted_raises: u8,
    /// Chips won from the pots.
    pub won: Chips,
    /// The ante and the blind the setup asks of the player (what a short stack posts less of):
    /// kept with the player, not in two vectors a hand allocates (issue 38).
    pub(super) ante_due: Chips,
    pub(super) blind_due: Chips,
}

impl PlayerState {
    pub fn is_live(&self) -> bool {
        self.status == Status::Live
    }

    pub fn is_all_in(&self) -> bool {
        self.is_live() && self.stack.is_zero()
    }

    /// Whether the player has acted in this betting round.
    pub fn has_acted(&self) -> bool {
        self.acted_level.is_some()
    }

    /// Live and with chips behind: still able to bet.
    pub fn can_bet(&self) -> bool {
        self.is_live() && !self.stack.is_zero()
    }

    /// Puts `amount` in as the player's ante (the pot and the events are the hand's).
    #[inline]
    pub(super) fn take_ante(&mut self, amount: Chips) {
        self.stack -= amount;
        self.committed += amount;
        self.ante = amount;
    }

    /// The ante the setup asks of the player; a short stack posts less (TDA-RP-11).
    pub(crate) fn ante_due(&self) -> Chips {
        self.ante_due
    }
}
