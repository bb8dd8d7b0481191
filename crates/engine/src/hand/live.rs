//! What only a live dealer does: streets laid without the cards entered, pots awarded to named
//! winners, hands killed by a ruling and dead money left by a folded player.

use super::{Hand, Phase, Status, several};
use crate::chips::{Chips, Player};
use crate::error::HandError;
use crate::event::Event;
use crate::pots::pot_layers;
use crate::rule::Rule;
use crate::step::LegalActions;

impl Hand {
    /// The bet every player must match in this round, a "to" amount.
    pub fn bet_to_call(&self) -> Chips {
        self.level
    }

    /// The smallest raise by: the largest full bet or raise of the round (TDA-43A), the limit
    /// bet in fixed limit.
    pub fn min_raise_increment(&self) -> Chips {
        self.min_increment
    }

    /// Bets and raises made in this round, the blinds not counted.
    pub fn round_bets(&self) -> u8 {
        self.round_bets
    }

    /// The player to act, during a betting round.
    pub fn actor(&self) -> Option<Player> {
        match self.phase {
            Phase::Betting => self.actor,
            _ => None,
        }
    }

    /// Whether board cards are due: a street to lay, perhaps with hands still to table at an
    /// all-in (TDA-16) whose cards a live dealer may never enter.
    /// In stud, the community card of a short deck on seventh street (TDA-RP-10H).
    pub fn board_due(&self) -> bool {
        self.phase == Phase::DealingBoard
            || (self.phase == Phase::DealingHole && self.seventh_needs_community_card())
    }

    /// The street to lay and its number of cards, while board cards are due.
    pub fn street_due(&self) -> Option<(crate::Street, usize)> {
        self.board_due()
            .then(|| (self.street, self.board_cards_due()))
    }

    /// The board as laid, card by card: `None` for a card laid without being entered.
    pub fn board_slots(&self) -> &[Option<cards::Card>] {
        &self.board[..self.board_len]
    }

    /// What `player` could do if it were their turn now, during a betting round: the bounds an
    /// out-of-turn action is judged by (TDA-53).
    pub fn legal_actions_for(&self, player: Player) -> Option<LegalActions> {
        let me = self.players.get(player.index())?;
        (self.phase == Phase::Betting && me.can_bet()).then(|| self.legal_for(player))
    }

    pub(super) fn deal_unknown_board(&mut self) {
        let n = self.board_cards_due();
        if !self.burned_this_street {
            self.burns += 1;
            self.emit(Event::Burned { card: None });
        }
        for _ in 0..n {
            self.board[self.board_len] = None;
            self.board_len += 1;
        }
        self.emit(Event::BoardDealtUnknown {
            street: self.street,
        });
        self.after_board_laid();
    }

    /// A contested pot whose winner cannot be worked out because a hand or the board is not
    /// known, and which the dealer has not awarded yet.
    pub(super) fn pot_to_name(&self) -> Option<usize> {
        // Only live hands are eligible: with one left no pot is contested (a hand won by folds
        // asks this without working out the pots).
        if !several(self.live) {
            return None;
        }
        let board_known = self.board[..self.board_len].iter().all(Option::is_some);
        // Only live hands are eligible: with all of them valued, every winner is known.
        let all_valued = (0..self.player_count())
            .all(|i| !self.players[i].is_live() || self.values[i].is_some());
        if board_known && all_valued {
            return None;
        }
        pot_layers(&self.players)
            .iter()
            .enumerate()
            .find(|&(index, (_, mask))| {
                let contested = mask.count_ones() > 1;
                let unknown = !board_known
                    || (0..self.player_count())
                        .any(|i| mask & (1 << i) != 0 && self.values[i].is_none());
                contested && unknown && self.named_winners[index] == 0
            })
            .map(|(index, _)| index)
    }

    pub(super) fn named_winners(&self, pot: usize) -> u16 {
        self.named_winners.get(pot).copied().unwrap_or(0)
    }

    /// Judges the winners named for pot `pot`: each eligible for it (TDA-21). Gives them as a
    /// set.
    pub(super) fn plan_award(&self, pot: usize, winners: &[Player]) -> Result<u16, HandError> {
        let layers = pot_layers(&self.players);
        let Some((_, eligible)) = layers.iter().nth(pot) else {
            return Err(HandError::NoSuchPot {
                pot,
                pots: layers.iter().len(),
            });
        };
        if winners.is_empty() {
            return Err(HandError::NoWinner { pot });
        }
        let mut named = 0u16;
        for &player in winners {
            if player.index() >= self.player_count() || eligible & (1 << player.index()) == 0 {
                return Err(HandError::NotEligible { player, pot });
            }
            named |= 1 << player.index();
        }
        Ok(named)
    }

    /// A hand can be killed while it is live and not the last one (TDA-17B).
    pub(super) fn plan_kill(&self, player: Player) -> Result<(), HandError> {
        match self.players.get(player.index()) {
            Some(me) if me.is_live() => {}
            _ => return Err(HandError::NotInHand { player }),
        }
        if self.live_count() <= 1 {
            return Err(HandError::LastLiveHand { player });
        }
        Ok(())
    }

    pub(super) fn kill_hand(&mut self, player: Player, rule: Rule) {
        self.players[player.index()].status = Status::Folded;
        self.sync_player(player.index());
        self.emit(Event::HandKilled { player, rule });
        match self.phase {
            Phase::Betting if self.actor == Some(player) => self.pass_action(player),
            Phase::Betting => {
                let next = self.actor.and_then(|a| self.first_to_act_from(a));
                if self.live_count() <= 1 || next.is_none() {
                    self.end_round();
                } else {
                    self.actor = next;
                }
            }
            Phase::DealingBoard if self.live_count() <= 1 => self.phase = Phase::Pushing,
            Phase::Showdown => self.after_showdown_step(),
            _ => {}
        }
    }

    /// Dead money comes from a folded player's stack (HC-3.4.2).
    pub(super) fn plan_dead_money(&self, player: Player, amount: Chips) -> Result<(), HandError> {
        let Some(me) = self.players.get(player.index()) else {
            return Err(HandError::NotInHand { player });
        };
        if me.status != Status::Folded {
            return Err(HandError::NotFolded { player });
        }
        if amount.is_zero() || amount > me.stack {
            return Err(HandError::AboveStack {
                player,
                to: amount,
                max_to: me.stack,
            });
        }
        Ok(())
    }

    pub(super) fn dead_money(&mut self, player: Player, amount: Chips) {
        let me = &mut self.players[player.index()];
        me.stack -= amount;
        me.committed += amount;
        self.pot += amount;
        self.sync_player(player.index());
        self.emit(Event::DeadMoney { player, amount });
    }
}
