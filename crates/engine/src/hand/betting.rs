//! Betting: the legal actions with exact bounds, and applying a player's action (TDA-43, 47, 48,
//! 54; HC-3.4.1; WWPLA-11).

use super::{Hand, Phase, Status, several};
use crate::chips::{Chips, Player};
use crate::error::HandError;
use crate::event::Event;
use crate::rule::Rule;
use crate::step::{Action, LegalActions, RaiseRange};
use crate::variant::{Street, Structure};

/// A player's action as judged, ready to be carried out.
pub(super) enum ActPlan {
    BringIn,
    Fold,
    /// A check, or a call with nothing to call (TDA-55A).
    Check,
    /// The chips a call puts in: all of a short stack.
    Call(Chips),
    BetOrRaise(RaisePlan),
}

/// A bet or raise as judged.
pub(super) struct RaisePlan {
    to: Chips,
    /// Ring-game stud: the big bet on fourth street with an open pair (TDA-RP-10F).
    doubles: bool,
    /// A full bet or raise, which reopens the betting (TDA-47).
    full: bool,
    /// Fixed limit: the minimum raise stays the limit bet.
    limit: bool,
}

impl Hand {
    pub(super) fn legal_for(&self, p: Player) -> LegalActions {
        let me = &self.players[p.index()];
        if self.bring_in_due {
            return LegalActions {
                player: p,
                fold: !self.holds_bring_in_card(p),
                check: false,
                call: None,
                bet_or_raise: self.raise_range(p).ok(),
                bring_in: Some(self.bring_in_for(p)),
                big_bet_to: None,
            };
        }
        let to_call = self.level.saturating_sub(me.bet);
        let raise = self.raise_range(p).ok();
        LegalActions {
            player: p,
            fold: true,
            check: to_call.is_zero(),
            call: (!to_call.is_zero()).then(|| to_call.min(me.stack)),
            bet_or_raise: raise,
            bring_in: None,
            big_bet_to: raise.and_then(|_| {
                self.fourth_street_big_bet()
                    .map(|big| big.min(me.bet + me.stack))
            }),
        }
    }

    /// Whether `p` was dealt the bring-in card: that bring-in is forced (TDA-RP-10). A player
    /// it passes to, the low card being all-in, may fold instead (TDA-RP-10E).
    fn holds_bring_in_card(&self, p: Player) -> bool {
        self.bring_in_low & (1 << p.index()) != 0
    }

    /// The fixed-limit bet of the current street.
    fn limit_bet(&self) -> Option<Chips> {
        match self.variant.structure {
            Structure::FixedLimit { small_bet, big_bet } => Some(
                if self.street.big_bet() || (self.street == Street::Fourth && self.fourth_doubled) {
                    big_bet
                } else {
                    small_bet
                },
            ),
            _ => None,
        }
    }

    /// Ring-game stud: on fourth street with an open pair, the first bet may be a big bet
    /// (TDA-RP-10F takes this away in tournaments).
    fn fourth_street_big_bet(&self) -> Option<Chips> {
        match self.variant.structure {
            Structure::FixedLimit { big_bet, .. }
                if self.street == Street::Fourth
                    && !self.rules.tournament
                    && self.level.is_zero()
                    && self.open_pair_showing() =>
            {
                Some(big_bet)
            }
            _ => None,
        }
    }

    /// How much the bet must have risen since a player acted for them to raise again: a full
    /// bet or raise in no-limit and pot-limit (TDA-47A), half of one in fixed limit (TDA-47B).
    /// Below it, players who already acted may only call or fold (DG-15a.6).
    fn reopen_threshold(&self, limit_bet: Option<Chips>) -> (Chips, Rule) {
        match limit_bet {
            Some(bet) => (Chips(bet.0.div_ceil(2)), rule!("TDA-47B")),
            None => (self.min_increment, rule!("TDA-47A")),
        }
    }

    fn cap_applies(&self) -> bool {
        !(self.rules.uncapped_heads_up && self.live_count() == 2 && !self.capped_multiway)
    }

    /// The most a live opponent of `p` can have in front of them this round: bet and stack.
    fn opponents_cover(&self, p: Player) -> Chips {
        let mut others = self.live & !(1 << p.index());
        let mut most = Chips::ZERO;
        while others != 0 {
            let q = &self.players[others.trailing_zeros() as usize];
            others &= others - 1;
            most = most.max(q.bet + q.stack);
        }
        most
    }

    /// Whether a live opponent of `p` has more than `level` in bet and stack: the first one
    /// found answers (the legal actions ask this at every turn; issue 38).
    fn opponent_covers(&self, p: Player, level: Chips) -> bool {
        let mut others = self.live & !(1 << p.index());
        while others != 0 {
            let q = &self.players[others.trailing_zeros() as usize];
            others &= others - 1;
            if q.bet + q.stack > level {
                return true;
            }
        }
        false
    }

    /// The bounds of a bet or raise by `p`, or why there is none.
    #[inline(always)]
    pub(super) fn raise_range(&self, p: Player) -> Result<RaiseRange, HandError> {
        let me = &self.players[p.index()];
        let all_in_to = me.bet + me.stack;
        if self.bring_in_due && all_in_to <= self.bring_in {
            // Too short to complete: the bring-in is all this player can put in.
            return Err(HandError::NotARaise {
                to: all_in_to,
                level: self.bring_in,
            });
        }
        if all_in_to <= self.level {
            return Err(HandError::NotARaise {
                to: all_in_to,
                level: self.level,
            });
        }
        // A raise needs someone who could put in more than the bet to call (TDA-16: betting
        // is over once nobody can).
        if !self.opponent_covers(p, self.level) {
            return Err(HandError::NoOpponentToRaise);
        }
        // Asked once: the reopening and a fixed-limit raise's size both need it.
        let limit_bet = self.limit_bet();
        if let Some(acted) = me.acted_level {
            let increase = self.level.saturating_sub(acted);
            let (needed, rule) = self.reopen_threshold(limit_bet);
            // A full bet or raise since the player acted always reopens (a stud completion
            // rises by less than a bet over the bring-in).
            if increase < needed && self.raises <= me.acted_raises {
                return Err(HandError::NotReopened {
                    player: p,
                    increase,
                    needed,
                    rule,
                });
            }
        }
        let limit_poker = matches!(
            self.variant.structure,
            Structure::FixedLimit { .. } | Structure::SpreadLimit { .. }
        );
        if limit_poker && self.raises >= self.rules.raise_cap && self.cap_applies() {
            return Err(HandError::RaiseCapReached {
                cap: self.rules.raise_cap,
                rule: if self.rules.uncapped_heads_up {
                    rule!("HC-3.4.1")
                } else {
                    rule!("TDA-48")
                },
            });
        }
        match self.variant.structure {
            Structure::FixedLimit { .. } => {
                let bet = limit_bet.unwrap_or(self.min_bet);
                let to = (self.last_full_level + bet).min(all_in_to);
                Ok(RaiseRange {
                    min_to: to,
                    max_to: to,
                })
            }
            Structure::NoLimit => Ok(RaiseRange {
                min_to: (self.level + self.min_increment).min(all_in_to),
                max_to: all_in_to,
            }),
            // HC-3.4.1: by at least the last bet or raise (the spread's smallest bet to open),
            // by at most the spread's largest bet.
            Structure::SpreadLimit { min_bet, max_bet } => {
                let min_to = (self.level + self.min_increment.max(min_bet)).min(all_in_to);
                let max_to = (self.level + max_bet).min(all_in_to).max(min_to);
                Ok(RaiseRange { min_to, max_to })
            }
            Structure::PotLimit => {
                let min_to = (self.level + self.min_increment).min(all_in_to);
                let bets: Chips = self.players.iter().map(|q| q.bet).sum();
                // TDA-54: the pot after calling, bets in front of players included; TDA-54B: a
                // short all-in big blind counts in full before the flop.
                let pot_after_call = self.pot + bets + self.blind_shortfall + (self.level - me.bet);
                let max_to = (self.level + pot_after_call).min(all_in_to).max(min_to);
                Ok(RaiseRange { min_to, max_to })
            }
        }
    }

    /// Judges a player's action against the legal actions: whether `p` acting out of turn
    /// opens the round (up cards not entered), and what the action does.
    pub(super) fn plan_act(&self, p: Player, action: Action) -> Result<(bool, ActPlan), HandError> {
        let actor = self.actor.unwrap_or(p);
        let opens = actor != p;
        if self.players.get(p.index()).is_none() {
            return Err(HandError::NotInHand { player: p });
        }
        if opens {
            // Up cards not entered: whichever possible opener acts first is the opener.
            let candidate =
                self.open_candidates & (1 << p.index()) != 0 && self.players[p.index()].can_bet();
            if !candidate {
                return Err(HandError::NotYourTurn { player: p, actor });
            }
        }
        // Nothing judged below depends on who is to act or who opened the round.
        Ok((opens, self.plan_in_turn(p, action)?))
    }

    fn plan_in_turn(&self, p: Player, action: Action) -> Result<ActPlan, HandError> {
        let me = &self.players[p.index()];
        let to_call = self.level.saturating_sub(me.bet);
        if self.bring_in_due {
            match action {
                Action::Check | Action::Call => {
                    return Err(HandError::BringInDue {
                        player: p,
                        reason: crate::error::BringInReason::NobodyBet,
                    });
                }
                Action::Fold if self.holds_bring_in_card(p) => {
                    return Err(HandError::BringInDue {
                        player: p,
                        reason: crate::error::BringInReason::Forced,
                    });
                }
                _ => {}
            }
        }
        Ok(match action {
            Action::BringIn if !self.bring_in_due => return Err(HandError::NoBringIn),
            Action::BringIn => ActPlan::BringIn,
            Action::Fold => ActPlan::Fold,
            // A check only with nothing to call: after the flop while nobody has bet, before
            // it the big blind's option (DG-15.10).
            Action::Check if !to_call.is_zero() => {
                return Err(HandError::CheckFacingBet { player: p, to_call });
            }
            // TDA-55A: "call" with no bet to face is a check.
            Action::Check | Action::Call if to_call.is_zero() => ActPlan::Check,
            Action::Check | Action::Call => ActPlan::Call(to_call.min(me.stack)),
            Action::BetOrRaiseTo(to) => ActPlan::BetOrRaise(self.plan_bet_or_raise(p, to)?),
        })
    }

    /// A player's action as judged: the player acts, the turn passes on.
    pub(super) fn act(&mut self, p: Player, act: ActPlan) {
        match act {
            ActPlan::BringIn => {
                self.post_bring_in(p);
                self.open_candidates = 0;
                self.pass_action(p);
                return;
            }
            ActPlan::Fold => {
                self.players[p.index()].status = Status::Folded;
                self.sync_player(p.index());
                self.emit(Event::Folded { player: p });
            }
            ActPlan::Check => self.emit(Event::Checked { player: p }),
            ActPlan::Call(amount) => {
                self.put_in(p, amount);
                let me = &self.players[p.index()];
                let event = Event::Called {
                    player: p,
                    amount,
                    to: me.bet,
                    all_in: me.stack.is_zero(),
                };
                self.emit(event);
            }
            ActPlan::BetOrRaise(plan) => self.bet_or_raise(p, plan),
        }
        let me = &mut self.players[p.index()];
        me.acted_level = Some(self.level);
        me.acted_raises = self.raises;
        let behind = me.bet < self.level;
        self.note_acted(p, behind);
        self.open_candidates = 0;
        self.pass_action(p);
    }

    /// `p` has acted: still to act only when behind the bet (an all-in short of it).
    fn note_acted(&mut self, p: Player, behind: bool) {
        let bit = 1 << p.index();
        self.to_act = self.to_act & !bit | u32::from(behind) << p.index();
    }

    /// Stud: the bring-in goes in (all of a short stack); players coming in owe it in full
    /// (TDA-RP-10E). It is not a bet: completing it is.
    pub(super) fn post_bring_in(&mut self, p: Player) {
        let amount = self.bring_in_for(p);
        self.put_in(p, amount);
        if self.bring_in > self.level && self.phase == Phase::Betting {
            // Those below the bring-in are behind it (before the round, or not yet acted).
            for (i, q) in self.players.iter().enumerate() {
                if q.bet < self.bring_in {
                    self.to_act |= 1 << i;
                }
            }
        }
        self.level = self.level.max(self.bring_in);
        self.bring_in_due = false;
        self.bring_in_open = true;
        // The completion is the first full bet: to the small bet, or the minimum bet.
        self.min_increment = self.min_bet.saturating_sub(self.bring_in);
        let me = &mut self.players[p.index()];
        // Having brought in, the player acted facing no bet: a completion reopens for them.
        me.acted_level = Some(Chips::ZERO);
        me.acted_raises = self.raises;
        let all_in = me.stack.is_zero();
        let behind = me.bet < self.level;
        if self.phase == Phase::Betting {
            self.note_acted(p, behind);
        }
        self.emit(Event::BringInPosted {
            player: p,
            amount,
            all_in,
        });
    }

    /// Judges a bet or raise to `to` (TDA-43, TDA-54, HC-3.4.1, WWPLA-11). The dealer's guide
    /// sets the same minimums (DG-15a): a bet at least the big blind (DG-15a.1), a raise at
    /// least doubling the bet (DG-15a.2), a re-raise by at least the previous raise (DG-15a.3),
    /// before the flop a first raise by at least the big blind (DG-15a.4). Short of them only
    /// all-in, never a short raise the player must make up (DG-15.7); anything else is refused
    /// at once with its reason (DG-15b).
    fn plan_bet_or_raise(&self, p: Player, to: Chips) -> Result<RaisePlan, HandError> {
        let range = self.raise_range(p)?;
        let me = &self.players[p.index()];
        let all_in_to = me.bet + me.stack;
        if to > all_in_to {
            return Err(HandError::AboveStack {
                player: p,
                to,
                max_to: all_in_to,
            });
        }
        let fourth_big_bet = self.fourth_street_big_bet();
        let big_bet = fourth_big_bet.map(|big| big.min(all_in_to));
        let doubles = big_bet == Some(to) && to != range.min_to;
        // A limit raise may stop at the most any opponent can put in: the rest would come
        // back uncalled (PHH records such raises so). Looked at only below the minimum.
        let stops_at_cover = to > self.level && to < range.min_to && to == self.opponents_cover(p);
        let limit_bet = self.limit_bet();
        if limit_bet.is_some() && to != range.min_to && !doubles && !stops_at_cover {
            return Err(HandError::FixedLimitAmount {
                to,
                expected: range.min_to,
            });
        }
        if to < range.min_to && !stops_at_cover {
            return Err(if self.level.is_zero() {
                HandError::BetBelowMinimum {
                    to,
                    min_to: range.min_to,
                }
            } else {
                HandError::RaiseBelowMinimum {
                    to,
                    min_to: range.min_to,
                }
            });
        }
        if to > range.max_to && !doubles {
            if let Structure::SpreadLimit { max_bet, .. } = self.variant.structure {
                return Err(HandError::AboveSpread {
                    to,
                    max_to: range.max_to,
                    max_bet,
                });
            }
            return Err(HandError::AbovePotLimit {
                to,
                max_to: range.max_to,
            });
        }
        // Doubling makes fourth street's bet the big bet (TDA-RP-10F): the raise is measured
        // against it.
        let limit_bet = if doubles { fourth_big_bet } else { limit_bet };
        let full = match limit_bet {
            Some(bet) => (to - self.last_full_level).0 * 2 >= bet.0,
            None => to - self.level >= self.min_increment,
        };
        Ok(RaisePlan {
            to,
            doubles,
            full,
            limit: limit_bet.is_some(),
        })
    }

    fn bet_or_raise(&mut self, p: Player, plan: RaisePlan) {
        let RaisePlan { to, full, .. } = plan;
        if plan.doubles {
            self.fourth_doubled = true;
        }
        let increase = to - self.level;
        let completes = self.bring_in_open || self.bring_in_due;
        if self.bring_in_due && !full {
            // An all-in short of completing still puts in at least the bring-in: it is in, and
            // the others call it, complete or fold (TDA-RP-10E, TDA-47B).
            self.bring_in_due = false;
            self.bring_in_open = true;
        }
        if full {
            self.bring_in_due = false;
            self.bring_in_open = false;
            if !plan.limit {
                // A completion is a bet from nothing: the bring-in is not a bet.
                self.min_increment = if completes { to } else { increase };
            }
            self.last_full_level = to;
            self.raises += 1;
            if self.raises >= self.rules.raise_cap && self.live_count() > 2 {
                self.capped_multiway = true;
            }
        }
        // Every other player's bet is below the new level.
        self.to_act = u32::from(self.every_player()) & !(1 << p.index());
        self.level = to;
        self.round_bets = self.round_bets.saturating_add(1);
        self.last_aggressor = Some(p);
        let bet = self.players[p.index()].bet;
        self.put_in(p, to - bet);
        let all_in = self.players[p.index()].stack.is_zero();
        self.emit(Event::BetOrRaised {
            player: p,
            to,
            all_in,
            full,
        });
    }

    pub(super) fn put_in(&mut self, p: Player, amount: Chips) {
        let me = &mut self.players[p.index()];
        me.stack -= amount;
        me.bet += amount;
        me.committed += amount;
        // Only the stack moved: an all-in leaves the players who can bet (`sync_player` in
        // short; this runs for every chip put in).
        if me.stack.is_zero() {
            self.can_bet &= !(1 << p.index());
        }
    }

    /// TDA-30: a player away from the table when the last card of the deal is dealt has no
    /// live hand; the cards are taken in at once, the blinds and antes stay in the pot. So a
    /// walk to an absent big blind goes to the last live hand, and an absent player all in on
    /// the forced bets cannot win a pot (WWPLA-9). With everyone away, the last hand stands.
    pub(super) fn kill_absent_hands(&mut self) {
        for i in 0..self.player_count() {
            if self.players[i].absent && self.players[i].is_live() && self.live_count() > 1 {
                self.players[i].status = Status::Folded;
                self.sync_player(i);
                self.emit(Event::HandKilled {
                    player: Player(i as u8),
                    rule: rule!("TDA-30"),
                });
            }
        }
    }

    /// Whether `p` still has to act in this round.
    fn needs_action(&self, p: Player) -> bool {
        if self.can_bet & (1 << p.index()) == 0 {
            return false;
        }
        let me = &self.players[p.index()];
        let others_can_bet = several(self.can_bet);
        if me.bet < self.level {
            // Nobody left to bet against and every all-in bet already covered: the betting is
            // over (TDA-16), even with a short big blind's full blind owed (WWPLA-11: unless a
            // player is all-in for less).
            return others_can_bet
                || self
                    .players
                    .iter()
                    .enumerate()
                    .any(|(i, q)| i != p.index() && q.is_live() && q.bet > me.bet);
        }
        me.acted_level.is_none() && others_can_bet
    }

    /// The first player from `from` on (wrapping) who has to act.
    pub(super) fn first_to_act_from(&self, from: Player) -> Option<Player> {
        // Only players who can bet may have to act: those from `from` on, then those before.
        // (`from` is past the last seat only when no bring-in card was found; no division
        // otherwise: this runs after every action.)
        let (n, from) = (self.player_count(), from.index());
        let from = if from < n { from } else { from % n };
        let before = (1u32 << from) - 1;
        let rest = [self.can_bet & !before, self.can_bet & before];
        if !several(self.can_bet) {
            let only = Player(self.can_bet.trailing_zeros() as u8);
            return (self.can_bet != 0 && self.needs_action(only)).then_some(only);
        }
        // With two or more able to bet, `needs_action` is: behind the bet, or not yet acted
        // (`to_act`): the first such player from `from` on, else from the first seat.
        let [after, before] = rest.map(|mask| mask & self.to_act);
        let next = if after != 0 { after } else { before };
        (next != 0).then(|| Player(next.trailing_zeros() as u8))
    }

    pub(super) fn pass_action(&mut self, p: Player) {
        self.actor = if several(self.live) {
            self.first_to_act_from(self.next_player(p))
        } else {
            None
        };
        if self.actor.is_none() {
            self.end_round();
        }
    }

    /// Opens a betting round: the level and minimum raise start over (TDA-43) except for the
    /// blinds before the flop. The round goes on until nobody raises any more (DG-16).
    pub(super) fn open_round(&mut self, first: Player) {
        self.phase = Phase::Betting;
        for player in &mut self.players {
            player.acted_level = None;
        }
        self.to_act = u32::from(self.every_player());
        self.last_aggressor = None;
        self.capped_multiway = false;
        self.round_opener = first;
        if self.street != self.variant.game.first_street() {
            self.level = Chips::ZERO;
            self.min_increment = self.min_bet;
            self.last_full_level = Chips::ZERO;
            self.raises = 0;
            self.round_bets = 0;
            self.blind_shortfall = Chips::ZERO;
        }
        self.actor = self.first_to_act_from(first);
        if self.actor.is_none() {
            self.end_round();
        }
    }
}
