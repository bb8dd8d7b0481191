//! Between hands: who is dealt into a table's next hand and who posts what, by the game's
//! profile (`engine::ring`: HC-1.9, JPR-3.0, TDA-30/32/34, HC-3.6), and the hand begun.

use super::*;
use crate::tables::LastHand;
use engine::Seat;
use engine::ring::{NextHand, Presence, RingRules, RingSeat, RingTable};

impl Room {
    /// The next hand at `table` as the rules have it, changing nothing. Before a table's first
    /// hand the button is at `first_button` (a seat from 1, drawn for: TDA-RP-14), or at the
    /// first player's seat.
    pub fn next_hand(
        &self,
        table: CashTableId,
        first_button: Option<u8>,
    ) -> Result<NextHand, RingError> {
        let t = self.table(table)?;
        if !t.is_open() {
            return Err(RingError::TableClosed(table));
        }
        if t.hand_running {
            return Err(RingError::HandInPlay(table));
        }
        let game = self.game(t.game)?;
        let first = t.last.is_none();
        let presence = |s: &Seated| {
            // No chips, no cards: a player who has not topped up sits out.
            if s.away_since.is_some() || s.chips.is_zero() {
                Presence::Away
            } else if first || s.played_last {
                // At a table's first hand everyone there is dealt in.
                Presence::Playing
            } else if s.played {
                Presence::Back(s.entering)
            } else {
                Presence::New(s.entering)
            }
        };
        let seats: Vec<Option<RingSeat>> = t
            .seats
            .iter()
            .map(|s| {
                s.map(|s| RingSeat {
                    presence: presence(&s),
                    owes: s.owes,
                })
            })
            .collect();
        let last = match t.last {
            Some(last) => last,
            None => first_positions(&seats, first_button)?,
        };
        let ring = RingTable {
            button: last.button,
            small_blind: last.small_blind,
            big_blind: last.big_blind,
            seats,
            small_blind_amount: game.stakes.small_blind.0,
            big_blind_amount: game.stakes.big_blind.0,
        };
        Ok(engine::ring::next_hand(&ring, RingRules::of(game.profile)))
    }

    /// A hand begins at `table`: the next hand as the rules have it. Its players have chips in
    /// the pot until it is settled; what the others owe is marked at their seats.
    pub fn start_hand(
        &mut self,
        table: CashTableId,
        first_button: Option<u8>,
    ) -> Result<NextHand, RingError> {
        let next = self.next_hand(table, first_button)?;
        if next.dealt.len() < 2 {
            return Err(RingError::TooFewToDeal {
                rule: engine::rule!("TDA-34"),
            });
        }
        let t = &mut self.tables[table.0 as usize];
        t.hand_running = true;
        t.dealing = Some(next.clone());
        t.last = Some(LastHand {
            button: next.button,
            small_blind: next.small_blind,
            big_blind: next.big_blind,
        });
        for (i, seat) in t.seats.iter_mut().enumerate() {
            if let Some(s) = seat.as_mut() {
                let at = Seat(i as u8);
                s.in_hand = next.dealt.contains(&at);
                s.played_last = s.in_hand;
                s.played |= s.in_hand;
                s.owes = next.owes.iter().find(|(o, _)| *o == at).map(|&(_, d)| d);
            }
        }
        Ok(next)
    }
}

/// Where a table's "last hand" was, so that its first has the button at the seat drawn for it
/// and the blinds on the two players after it.
fn first_positions(
    seats: &[Option<RingSeat>],
    first_button: Option<u8>,
) -> Result<LastHand, RingError> {
    let n = seats.len();
    let here = |i: usize| seats[i % n].is_some_and(|s| s.presence != Presence::Away);
    let button = match first_button {
        Some(b) => {
            let i = usize::from(b).wrapping_sub(1);
            if i >= n || !here(i) {
                return Err(RingError::ButtonNotAtPlayer {
                    seat: b,
                    rule: engine::rule!("TDA-RP-14"),
                });
            }
            i
        }
        None => (0..n).find(|&i| here(i)).unwrap_or(0),
    };
    let after = |from: usize| (1..=n).map(|k| (from + k) % n).find(|&i| here(i));
    let before = (1..=n).map(|k| (button + n - k) % n).find(|&i| here(i));
    let seat = |i: usize| Seat(i as u8);
    if (0..n).filter(|&i| here(i)).count() == 2 {
        // Heads-up the button has the small blind and the other the big blind (TDA-34): the
        // "last" big blind is the button's seat, so that the next goes to the other.
        let other = after(button).map(seat);
        return Ok(LastHand {
            button: other,
            small_blind: other,
            big_blind: Some(seat(button)),
        });
    }
    Ok(LastHand {
        button: before.map(seat),
        small_blind: Some(seat(button)),
        big_blind: after(button).map(seat),
    })
}

impl Room {
    /// The hand in play is over: each dealt player's stack as it ended and what they won, and the
    /// pot. The rake (per hand) is taken from what was won, the biggest winner first.
    pub fn settle_hand(
        &mut self,
        table: CashTableId,
        results: &[(GuestId, Chips, Chips)],
        pot: Chips,
        now: Time,
    ) -> Result<Chips, RingError> {
        money::pot_in_bounds(pot)?;
        let t = self.table(table)?;
        let mut rake = self.game(t.game)?.rake_of(pot);
        let taken = rake;
        let mut order: Vec<usize> = (0..results.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(results[i].2), i));
        let mut stacks: Vec<(GuestId, Chips)> = results.iter().map(|r| (r.0, r.1)).collect();
        for i in order {
            let take = rake.min(results[i].2).min(stacks[i].1);
            stacks[i].1 -= take;
            rake -= take;
        }
        if !rake.is_zero() {
            return Err(RingError::RakeAboveWinnings { rake: taken });
        }
        self.hand_settled(table, &stacks, pot, now)?;
        Ok(taken)
    }
}
