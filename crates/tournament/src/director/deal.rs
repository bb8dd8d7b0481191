//! A deal agreed by the players left (issue 17 item 5; HC-1.2: a payout other than the table
//! may be agreed): each one's amount now, and prizes by place for what they play on for. The
//! amounts are paid with the places at the end, in place of the table's prizes.

use super::*;
use crate::deal::prizes_left;

/// What the players left agreed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agreed {
    /// Each player left and the amount they take, whatever place they finish in.
    pub amounts: Vec<(PlayerId, Money)>,
    /// Prizes by place, 1st first, for what they play on for (empty: nothing left).
    pub play_for: Vec<Money>,
}

/// The table a deal is made from: the players left with their chips, and the prizes still to
/// be won (places 1 to n).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealTable {
    pub players: Vec<(PlayerId, u64)>,
    pub prizes: Vec<Money>,
}

impl Tournament {
    /// The players left and the prizes they can still win; refused while a deal cannot be made.
    pub fn deal_table(&self) -> Result<DealTable, DirectorError> {
        let refuse = |why: Refused| Err(DirectorError::Refused(why));
        if !self.started || self.finished {
            return refuse(Refused::DealNotInPlay);
        }
        // The prize pool must be final: nobody may still buy in, come back or add on.
        let add_on_ahead = self
            .config
            .add_on
            .is_some_and(|a| self.dealt_level < a.after_level as usize);
        if self.entries_open() || add_on_ahead {
            return refuse(Refused::DealEntriesOpen);
        }
        if self.in_hand_tables > 0 {
            return refuse(if self.deal_hold {
                Refused::DealHeldInHand
            } else {
                Refused::DealInHand
            });
        }
        if self.deal.is_some() {
            return refuse(Refused::DealAgreedAlready);
        }
        let mut players = Vec::new();
        for e in self.entries.iter().filter(|e| e.status == Status::Playing) {
            let Some((t, s)) = e.seat else { continue };
            let stack = self.table(t)?.table.seats()[s.index()].map_or(0, |p| p.stack.0);
            if stack > 0 {
                players.push((e.id, stack));
            }
        }
        if players.len() < 2 {
            return refuse(Refused::DealTooFew);
        }
        let prizes =
            crate::payout::prizes(&self.config.payouts, self.stats.entries, self.prize_pool());
        Ok(DealTable {
            prizes: prizes_left(&prizes, players.len()),
            players,
        })
    }

    /// Records a deal the players left agreed: every one of them named once, and the amounts
    /// and the prizes played on for adding up to the prizes left.
    pub fn agree_deal(&mut self, deal: Agreed, by: Actor, now: Time) -> Result<(), DirectorError> {
        let table = self.deal_table()?;
        let refuse = |why: Refused| Err(DirectorError::Refused(why));
        let mut named: Vec<PlayerId> = deal.amounts.iter().map(|(p, _)| *p).collect();
        named.sort_by_key(|p| p.0);
        let mut left: Vec<PlayerId> = table.players.iter().map(|(p, _)| *p).collect();
        left.sort_by_key(|p| p.0);
        if named != left {
            return refuse(Refused::DealNames {
                named: named.len(),
                left: left.len(),
            });
        }
        if deal.play_for.len() > left.len() {
            return refuse(Refused::DealPlaces {
                places: deal.play_for.len(),
                left: left.len(),
            });
        }
        let prizes: u64 = table.prizes.iter().map(|m| m.0).sum();
        let agreed = deal
            .amounts
            .iter()
            .map(|(_, m)| m.0)
            .chain(deal.play_for.iter().map(|m| m.0))
            .try_fold(0u64, u64::checked_add);
        if agreed != Some(prizes) {
            return refuse(match agreed {
                Some(agreed) => Refused::DealSum { agreed, prizes },
                None => Refused::DealSumOverflow { prizes },
            });
        }
        self.log(
            now,
            by,
            Happening::DealAgreed {
                amounts: deal.amounts.clone(),
                play_for: deal.play_for.clone(),
            },
        );
        self.deal = Some(deal);
        // Play goes on for what is left.
        self.deal_hold = false;
        self.deal_prizes = table.prizes;
        self.deal_after_action = Some(self.actions.len());
        Ok(())
    }

    /// Holds every table after its hand in play, so that a deal is worked out between two
    /// hands (HC-1.2: at a live table a hand is always in play); `false` lets them play on.
    pub fn hold_for_deal(&mut self, on: bool, by: Actor, now: Time) -> Result<(), DirectorError> {
        if !self.started || self.finished {
            return Err(DirectorError::Refused(Refused::DealNotInPlay));
        }
        if on && self.deal.is_some() {
            return Err(DirectorError::Refused(Refused::DealAgreedAlready));
        }
        if self.deal_hold == on {
            return Err(DirectorError::Refused(if on {
                Refused::DealHeldAlready
            } else {
                Refused::DealNotHeld
            }));
        }
        self.deal_hold = on;
        self.log(now, by, Happening::DealHold { on });
        Ok(())
    }

    /// Whether the tables are held for a deal.
    pub fn held_for_deal(&self) -> bool {
        self.deal_hold
    }

    /// The deal agreed, if any.
    pub fn deal(&self) -> Option<&Agreed> {
        self.deal.as_ref()
    }

    /// Each of `placed` in the deal gets their amount and the prize of their place in what was
    /// played for, and what their place gained since the deal (bounties nobody won, added to
    /// the pool at the end: HC-1.2). `e.prize` holds the table's prize of the place.
    pub(crate) fn pay_deal(&mut self, placed: &[PlayerId]) {
        let Some(deal) = &self.deal else { return };
        for &(player, amount) in &deal.amounts {
            if !placed.contains(&player) {
                continue;
            }
            if let Some(e) = self.entries.get_mut(player.0 as usize) {
                let place = e.place.map_or(0, |p| p as usize).saturating_sub(1);
                let played = e
                    .place
                    .and_then(|_| deal.play_for.get(place))
                    .map_or(0, |m| m.0);
                let then = self.deal_prizes.get(place).map_or(0, |m| m.0);
                let gained = e.prize.0.saturating_sub(then);
                e.prize = Money(amount.0.saturating_add(played).saturating_add(gained));
            }
        }
    }
}
