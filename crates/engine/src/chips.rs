//! Chip amounts and the index types of a hand.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// A number of chips in the smallest unit in play. Amounts of actions are "to" amounts, as in PHH.
///
/// The operators (`+`, `-`, `+=`, `-=`, `sum`) are for amounts bounded by what is in play, as a
/// hand's bets are by its stacks: they panic on overflow in every build rather than wrap (issue
/// 33 item 2: a release build wrapped the cash books). Money entering the books (buy-ins,
/// top-ups, rebuys, add-ons, prize pools, rake, bounties) goes through [`Chips::checked_add`]
/// and its kin, and each amount a game or an event is configured with is at most
/// [`Chips::MAX_AMOUNT`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Chips(pub u64);

impl Chips {
    pub const ZERO: Chips = Chips(0);

    /// The most a single configured amount may be: a buy-in limit, a blind, a rake cap, a time
    /// charge, a tournament's prices, fees, bounties and stacks (issue 33 item 2). 10^15 is far
    /// above any real room (ten trillion euros in cents) and far below `u64::MAX` (about
    /// 1.8 * 10^19): over 18,000 amounts at the ceiling add up without overflow, and the hand
    /// engine's sums (at most `u64::MAX / 8`) hold a full table of them.
    pub const MAX_AMOUNT: Chips = Chips(1_000_000_000_000_000);

    /// `self + other`, or `None` on overflow.
    pub fn checked_add(self, other: Chips) -> Option<Chips> {
        self.0.checked_add(other.0).map(Chips)
    }

    /// `self - other`, or `None` when `other` is larger.
    pub fn checked_sub(self, other: Chips) -> Option<Chips> {
        self.0.checked_sub(other.0).map(Chips)
    }

    /// `self * times`, or `None` on overflow.
    pub fn checked_mul(self, times: u64) -> Option<Chips> {
        self.0.checked_mul(times).map(Chips)
    }

    /// The sum of `amounts`, or `None` on overflow.
    pub fn checked_sum(amounts: impl IntoIterator<Item = Chips>) -> Option<Chips> {
        amounts
            .into_iter()
            .try_fold(Chips::ZERO, |sum, c| sum.checked_add(c))
    }

    /// At most [`Chips::MAX_AMOUNT`].
    pub fn within_ceiling(self) -> bool {
        self <= Chips::MAX_AMOUNT
    }

    /// `self - other`, or zero when `other` is larger.
    pub fn saturating_sub(self, other: Chips) -> Chips {
        Chips(self.0.saturating_sub(other.0))
    }

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

// A full table (ten players) at the ceiling stays within the hand engine's sums.
const _: () = assert!(Chips::MAX_AMOUNT.0 * 10 <= u64::MAX / 8);

impl fmt::Display for Chips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

// The operators panic on overflow in release builds too, never wrap: an amount that could
// overflow is checked (`checked_add`) where it enters.
impl Add for Chips {
    type Output = Chips;
    fn add(self, rhs: Chips) -> Chips {
        self.checked_add(rhs)
            .unwrap_or_else(|| panic!("chips overflow: {self} + {rhs}"))
    }
}

impl Sub for Chips {
    type Output = Chips;
    fn sub(self, rhs: Chips) -> Chips {
        self.checked_sub(rhs)
            .unwrap_or_else(|| panic!("chips below zero: {self} - {rhs}"))
    }
}

impl AddAssign for Chips {
    fn add_assign(&mut self, rhs: Chips) {
        *self = *self + rhs;
    }
}

impl SubAssign for Chips {
    fn sub_assign(&mut self, rhs: Chips) {
        *self = *self - rhs;
    }
}

impl Sum for Chips {
    fn sum<I: Iterator<Item = Chips>>(iter: I) -> Chips {
        iter.fold(Chips::ZERO, |sum, c| sum + c)
    }
}

/// A player of one hand, by dealing order: player 0 sits first left of the button and gets the
/// first card; the button, when occupied, is the last player. Heads-up, player 0 is the big blind
/// and player 1 the button (TDA-34). Displayed 1-based as in PHH: `p1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Player(pub u8);

impl Player {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{}", self.0 + 1)
    }
}

/// A seat at a table, 0-based; displayed 1-based as players and dealers count seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat's number as players and dealers count seats, from 1.
    pub fn number(self) -> u8 {
        self.0.saturating_add(1)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 33 item 2: checked arithmetic refuses what does not fit; the ceiling leaves room for
    /// many amounts at it.
    #[test]
    fn checked_arithmetic_and_the_ceiling() {
        let top = Chips(u64::MAX);
        assert_eq!(top.checked_add(Chips(1)), None);
        assert_eq!(Chips(1 << 63).checked_add(Chips(1 << 63)), None);
        assert_eq!(Chips(2).checked_add(Chips(3)), Some(Chips(5)));
        assert_eq!(Chips(2).checked_sub(Chips(3)), None);
        assert_eq!(Chips(3).checked_sub(Chips(2)), Some(Chips(1)));
        assert_eq!(Chips(1 << 32).checked_mul(1 << 32), None);
        assert_eq!(Chips(7).checked_mul(6), Some(Chips(42)));
        assert_eq!(Chips::checked_sum([Chips(1 << 63), Chips(1 << 63)]), None);
        assert_eq!(Chips::checked_sum([Chips(1), Chips(2)]), Some(Chips(3)));
        // Over 18,000 amounts at the ceiling add up; the hand engine's bound holds a table.
        assert!(Chips::MAX_AMOUNT.checked_mul(18_000).is_some());
        assert!(Chips::MAX_AMOUNT.within_ceiling());
        assert!(!Chips(Chips::MAX_AMOUNT.0 + 1).within_ceiling());
    }

    /// Issue 33 item 2: the operators never wrap, in release builds too.
    #[test]
    #[should_panic(expected = "chips overflow")]
    fn an_overflowing_add_panics_rather_than_wraps() {
        let _ = Chips(1 << 63) + Chips(1 << 63);
    }

    #[test]
    #[should_panic(expected = "chips overflow")]
    fn an_overflowing_sum_panics_rather_than_wraps() {
        let _: Chips = [Chips(u64::MAX), Chips(1)].into_iter().sum();
    }
}
