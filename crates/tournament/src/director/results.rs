//! Eliminations and places: same-hand busts ranked by their stacks at the start of the hand,
//! ties by the profile (HC-1.3, WWPLA-12); hand-for-hand busts sharing the prizes of their
//! places (TDA-RP-8A); bounties to the eliminators (HC-1.2); prizes, rounded to the event's unit
//! with remainders to the higher place; league points (HC-4).
//!
//! A player is placed when the bust is in (a hand-for-hand round's busts once every table has
//! played the hand, TDA-RP-8): one more than the players left, with the prize of the place.
//! A new entry, a rebuy, a disqualification or a bust taken back places everyone out again.

use super::*;
use crate::bounty::BountyBook;
use crate::league::{Formula, LeagueVars};
use crate::places::{self, Busted};

/// How many of the players placed last are kept for the big screen.
const RECENT_OUT: usize = 10;

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

    /// A busted entry bought back in, or its bust taken back: it leaves the finishing order
    /// and gives its place back.
    pub(crate) fn unplace_pending(&mut self, player: PlayerId) {
        for group in &mut self.out {
            group.order.retain(|&p| p != player);
        }
        self.out.retain(|g| !g.order.is_empty());
        self.round_busts.retain(|b| b.player != player);
        self.recent_out.retain(|&p| p != player);
        if let Some(e) = self.entries.get_mut(player.0 as usize) {
            e.place = None;
            e.prize = Money(0);
        }
        self.place_out();
    }

    /// The prizes by place as the pool stands now, 1st first.
    fn prizes_now(&self) -> Vec<Money> {
        crate::payout::prizes(&self.config.payouts, self.stats.entries, self.prize_pool())
    }

    /// Places everyone out, from the last out up: they take the places below the players
    /// still in and the busts of a hand-for-hand round not yet placed (TDA-RP-8A).
    pub(crate) fn place_out(&mut self) {
        if self.out.is_empty() {
            return;
        }
        let prizes = self.prizes_now();
        let mut first = self.alive + self.round_busts.len() as u32 + 1;
        for g in (0..self.out.len()).rev() {
            let group = self.out[g].clone();
            self.set_places(&group, first, &prizes);
            first += group.order.len() as u32;
        }
    }

    /// Gives a group out in one hand the places from `first` down, each with the prize of
    /// the place, shared where the group shares (TDA-RP-8A), and a deal's amounts (HC-1.2).
    fn set_places(&mut self, group: &OutGroup, first: u32, prizes: &[Money]) {
        let prize_of = |place: u32| prizes.get(place as usize - 1).copied().unwrap_or(Money(0));
        let places = places::places_for(first + group.order.len() as u32 - 1, group.order.len());
        for (&player, &place) in group.order.iter().zip(&places) {
            let e = &mut self.entries[player.0 as usize];
            e.place = Some(place);
            e.prize = prize_of(place);
        }
        if group.shared && group.order.len() > 1 {
            let total = Money(places.iter().map(|&p| prize_of(p).0).sum());
            let shares = crate::payout::share(total, group.order.len(), self.config.payouts.unit);
            for (p, amount) in group.order.iter().zip(shares) {
                self.entries[p.0 as usize].prize = amount;
            }
        }
        self.pay_deal(&group.order);
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
        let ranking =
            places::rank_same_hand_with(ties, &busted, &entered, &mut deck).map_err(|e| {
                DirectorError::Refused(Refused::Places {
                    detail: e.to_string(),
                })
            })?;
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
        let group = OutGroup {
            order: ranking.order,
            shared,
        };
        // Everyone out before keeps their place: the group takes the places just below the
        // players still in.
        let prizes = self.prizes_now();
        let first = self.alive + self.round_busts.len() as u32 + 1;
        self.set_places(&group, first, &prizes);
        // The worst place first, so that the best of the group is the newest.
        for &player in group.order.iter().rev() {
            let place = self.entries[player.0 as usize].place.unwrap_or(0);
            self.log(now, Actor::System, Happening::Placed { player, place });
            self.recent_out.push_front(player);
        }
        self.recent_out.truncate(RECENT_OUT);
        self.out.push(group);
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
        if let Some(book) = self.bounties.as_mut() {
            book.finish(winner);
            self.unclaimed_bounties = book.take_unclaimed();
        }
        // Every place again, from 2 down the finishing order, with the pool now final (the
        // bounties nobody won are in it, HC-1.2).
        let prizes = self.prizes_now();
        let won = OutGroup {
            order: vec![winner],
            shared: false,
        };
        self.set_places(&won, 1, &prizes);
        self.place_out();
        for group in std::mem::take(&mut self.out).to_vec() {
            if group.shared && group.order.len() > 1 {
                self.shared.push(group.order);
            }
        }
        let entrants = self.stats.entries;
        if let Some(league) = &self.config.league {
            let formula = Formula::parse(&league.formula)
                .map_err(|detail| DirectorError::Refused(Refused::Config { detail }))?;
            // Each part is at most the ceiling (`validate`): the sum fits.
            let buy_in = self.config.buy_in.total().map_or(u64::MAX, |m| m.0);
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

    /// The players placed last, newest first (the winner once there is one): at most ten.
    pub fn recent_out(&self) -> impl Iterator<Item = &Entry> {
        let winner = self.entries.iter().find(|e| e.status == Status::Won);
        winner
            .into_iter()
            .chain(self.recent_out.iter().map(|p| &self.entries[p.0 as usize]))
            .take(RECENT_OUT)
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
