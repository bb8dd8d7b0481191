//! Eliminations and places: same-hand busts ranked by their stacks at the start of the hand,
//! ties by the profile (HC-1.3, WWPLA-12); hand-for-hand busts sharing the prizes of their
//! places (TDA-RP-8A); bounties to the eliminators (HC-1.2); prizes, rounded to the event's unit
//! with remainders to the higher place; league points (HC-4).

use super::*;
use crate::bounty::BountyBook;
use crate::league::{Formula, LeagueVars};
use crate::places::{self, Busted};

/// Players out in one hand (or one hand-for-hand round), best-ranked first.
#[derive(Clone, Debug)]
pub(crate) struct OutGroup {
    pub order: Vec<PlayerId>,
    /// Sharing the prizes of their places (TDA-RP-8A).
    pub shared: bool,
}

/// A player out of chips in one hand.
#[derive(Clone, Debug)]
pub(crate) struct Bust {
    pub player: PlayerId,
    pub start_stack: u64,
    pub hands_to_big_blind: u8,
    /// Winners of the pot that took the last chips, from the button's left (TDA-20).
    pub by: Vec<PlayerId>,
    /// The card the player drew at the table to break a tie on the stack (HC-1.3), if entered.
    pub card: Option<cards::Card>,
}

impl Tournament {
    pub(crate) fn knock_out(&mut self, bust: &Bust, now: Time) {
        self.log(
            now,
            Actor::System,
            Happening::Busted {
                player: bust.player,
                by: bust.by.clone(),
            },
        );
        for &by in &bust.by {
            self.entries[by.0 as usize].knockouts += 1;
        }
        if let Some(book) = self.bounties.as_mut()
            && !bust.by.is_empty()
        {
            let mut involved = vec![bust.player];
            involved.extend(&bust.by);
            let before = book.books_of(&involved);
            let paid = book.knockout(bust.player, &bust.by);
            // Kept to take this bust alone back (`undo_bust.rs`).
            let after = book.books_of(&involved);
            if self.config.tables == crate::config::TableMode::Live {
                self.knockouts
                    .push((bust.player, BountyBook::deltas(&before, &after)));
            }
            for (to, amount) in paid {
                self.events.push(DirectorEvent {
                    at: now,
                    by: Actor::System,
                    what: Happening::BountyPaid {
                        from: bust.player,
                        to,
                        amount,
                    },
                });
            }
        }
    }

    /// Ranks a hand's busts (HC-1.3, WWPLA-12) now, or at the end of the hand-for-hand round
    /// when all of the round's busts are ranked together (TDA-RP-8A).
    pub(crate) fn record_busts(
        &mut self,
        busts: Vec<Bust>,
        now: Time,
    ) -> Result<(), DirectorError> {
        if self.clock.is_hand_for_hand() {
            self.round_busts.extend(busts);
            Ok(())
        } else {
            self.rank_group(busts, false, now)
        }
    }

    /// A busted entry bought back in: it leaves the finishing order.
    pub(crate) fn unplace_pending(&mut self, player: PlayerId) {
        for group in &mut self.out {
            group.order.retain(|&p| p != player);
        }
        self.out.retain(|g| !g.order.is_empty());
        self.round_busts.retain(|b| b.player != player);
    }

    /// TDA-RP-8A: everyone out in one hand-for-hand hand, at any table, shares the prizes of
    /// their places.
    pub(crate) fn place_round(&mut self, now: Time) -> Result<(), DirectorError> {
        let busts = std::mem::take(&mut self.round_busts);
        if busts.is_empty() {
            return Ok(());
        }
        self.rank_group(busts, true, now)
    }

    /// Ranks players out in the same hand: the larger starting stack places higher, ties by the
    /// profile (HC-1.3, WWPLA-12).
    fn rank_group(
        &mut self,
        group: Vec<Bust>,
        shared: bool,
        now: Time,
    ) -> Result<(), DirectorError> {
        let busted: Vec<Busted> = group
            .iter()
            .map(|b| Busted {
                player: b.player,
                start_stack: b.start_stack,
                hands_to_big_blind: b.hands_to_big_blind,
            })
            .collect();
        let ties = self.profile.director.same_hand_ties;
        // The cards that fell at the tables (HC-1.3), where a tied group entered all of its own.
        let entered: Vec<(PlayerId, cards::Card)> = group
            .iter()
            .filter_map(|b| b.card.map(|c| (b.player, c)))
            .collect();
        let mut deck = self.draw.deck(busted.len());
        let ranking = places::rank_same_hand_with(ties, &busted, &entered, &mut deck)
            .map_err(|e| DirectorError::Refused(e.to_string()))?;
        if !ranking.draws.is_empty() {
            self.log(
                now,
                Actor::System,
                Happening::TieDrawn {
                    draws: ranking.draws.clone(),
                    entered: ranking.entered.clone(),
                },
            );
        }
        self.out.push(OutGroup {
            order: ranking.order,
            shared,
        });
        Ok(())
    }

    /// One player left and nobody can come back: the winner, prizes, bounties, league points.
    pub(crate) fn finish_if_won(&mut self, now: Time) -> Result<bool, DirectorError> {
        if self.alive != 1 || self.finished {
            return Ok(false);
        }
        self.place_round(now)?;
        let Some(winner) = self
            .entries
            .iter()
            .find(|e| e.status == Status::Playing)
            .map(|e| e.id)
        else {
            return Ok(false);
        };
        self.finished = true;
        self.clock.pause(now);
        let entry = &mut self.entries[winner.0 as usize];
        entry.status = Status::Won;
        entry.place = Some(1);
        self.log(
            now,
            Actor::System,
            Happening::Placed {
                player: winner,
                place: 1,
            },
        );
        // The last out places highest: places from 2 down the finishing order.
        let mut place = 2;
        for group in std::mem::take(&mut self.out).to_vec().into_iter().rev() {
            let entrants = group.order.len() as u32;
            let places = places::places_for(place + entrants - 1, group.order.len());
            for (&player, &p) in group.order.iter().zip(&places) {
                self.entries[player.0 as usize].place = Some(p);
                self.log(now, Actor::System, Happening::Placed { player, place: p });
            }
            if group.shared && group.order.len() > 1 {
                self.shared.push(group.order);
            }
            place += entrants;
        }
        if let Some(book) = self.bounties.as_mut() {
            book.finish(winner);
            self.unclaimed_bounties = book.take_unclaimed();
        }
        let entrants = self.stats.entries;
        let prizes = crate::payout::prizes(&self.config.payouts, entrants, self.prize_pool());
        let prize_of = |place: Option<u32>| {
            place
                .and_then(|p| prizes.get(p as usize - 1).copied())
                .unwrap_or(Money(0))
        };
        for e in &mut self.entries {
            e.prize = prize_of(e.place);
        }
        for group in self.shared.clone() {
            let total = Money(
                group
                    .iter()
                    .map(|p| prize_of(self.entries[p.0 as usize].place).0)
                    .sum(),
            );
            let shares = crate::payout::share(total, group.len(), self.config.payouts.unit);
            for (p, amount) in group.iter().zip(shares) {
                self.entries[p.0 as usize].prize = amount;
            }
        }
        self.pay_deal();
        if let Some(league) = &self.config.league {
            let formula = Formula::parse(&league.formula).map_err(DirectorError::Refused)?;
            let buy_in =
                self.config.buy_in.prize.0 + self.config.buy_in.fee.0 + self.config.buy_in.bounty.0;
            for e in &mut self.entries {
                if let Some(place) = e.place {
                    let vars = LeagueVars {
                        entrants,
                        place,
                        buy_in: Money(buy_in),
                        prize: e.prize,
                        knockouts: e.knockouts,
                    };
                    e.league_points = Some(formula.points(&vars));
                }
            }
        }
        self.log(now, Actor::System, Happening::Finished { winner });
        Ok(true)
    }

    /// The finishing order: placed entries by place.
    pub fn results(&self) -> Vec<&Entry> {
        let mut placed: Vec<&Entry> = self.entries.iter().filter(|e| e.place.is_some()).collect();
        placed.sort_by_key(|e| e.place);
        placed
    }

    /// Groups that shared the prizes of their places (TDA-RP-8A).
    pub fn shared_places(&self) -> &[Vec<PlayerId>] {
        &self.shared
    }
}

impl Tournament {
    /// With one player left the event is over even while re-entries or rebuys were still open:
    /// nobody is left to play against (the busted did not buy back in).
    pub fn declare_winner_if_alone(&mut self, now: Time) -> Result<bool, DirectorError> {
        if self.alive == 1 && self.in_hand_tables == 0 {
            return self.finish_if_won(now);
        }
        Ok(false)
    }
}
