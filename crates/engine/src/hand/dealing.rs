//! The dealer's steps: forced bets, hole cards, burns and board cards, collecting bets, and
//! moving from one betting round to the next.

use super::{Hand, Phase, Status};
use crate::chips::{Chips, Player};
use crate::error::HandError;
use crate::event::{BoardCards, Event};
use crate::hole::Hole;
use crate::rule::Rule;
use crate::step::Step;
use crate::variant::Street;
use cards::Card;

impl Hand {
    /// The forced bet at the cursor: antes of all players first, then blinds (TDA-RP-11).
    pub(super) fn post_position(&self) -> (bool, Player) {
        let n = self.player_count();
        if self.post_cursor < n {
            (true, Player(self.post_cursor as u8))
        } else {
            (false, Player((self.post_cursor - n) as u8))
        }
    }

    fn forced_bet_at(&self, cursor: usize) -> Chips {
        let n = self.player_count();
        if cursor < n {
            self.antes[cursor]
        } else {
            self.blinds[cursor - n]
        }
    }

    /// Moves the cursor past players with nothing to post; ends posting after the last blind.
    pub(super) fn skip_empty_posts(&mut self) {
        let n = self.player_count();
        while self.post_cursor < 2 * n && self.forced_bet_at(self.post_cursor).is_zero() {
            self.post_cursor += 1;
        }
        if self.post_cursor == 2 * n {
            self.phase = Phase::DealingHole;
            self.open_preflop_level();
        }
    }

    /// Posts the forced bet at the cursor: a short stack posts what it has, all-in.
    pub(super) fn post_next(&mut self) {
        let (ante, p) = self.post_position();
        let amount = self
            .forced_bet_at(self.post_cursor)
            .min(self.players[p.index()].stack);
        if ante {
            // Antes are dead money: straight into the middle.
            let me = &mut self.players[p.index()];
            me.stack -= amount;
            me.committed += amount;
            me.ante = amount;
            self.pot += amount;
            self.emit(Event::AntePosted { player: p, amount });
        } else {
            self.put_in(p, amount);
            self.emit(Event::BlindPosted { player: p, amount });
        }
        self.post_cursor += 1;
        self.skip_empty_posts();
    }

    /// The bet to call and the minimum raise once the blinds are in.
    fn open_preflop_level(&mut self) {
        let posted = self.players.iter().map(|p| p.bet).max().unwrap_or_default();
        let owed = self.blinds.iter().copied().max().unwrap_or_default();
        // WWPLA-11, HC-1.13.2: a short all-in big blind still sets the full blind to call.
        self.level = if self.rules.full_big_blind {
            owed.max(posted)
        } else {
            posted
        };
        // TDA-54B: short all-in blinds count in full in the pot-limit maximum.
        self.blind_shortfall = self
            .players
            .iter()
            .zip(&self.blinds)
            .map(|(p, &blind)| blind.saturating_sub(p.bet))
            .sum();
        self.min_increment = self.min_bet.max(owed);
        self.last_full_level = self.level;
        self.raises = u8::from(!self.level.is_zero());
    }

    /// Deal order: one card at a time from player 0 (left of the button; heads-up the big blind,
    /// TDA-34), the button last (HC-1.12).
    pub(super) fn next_hole_player(&self) -> Player {
        let fewest = self.players.iter().map(|p| p.hole.len()).min().unwrap_or(0);
        let index = self
            .players
            .iter()
            .position(|p| p.hole.len() == fewest)
            .unwrap_or(0);
        Player(index as u8)
    }

    fn check_new_cards(&self, cards: &[Option<Card>]) -> Result<(), HandError> {
        let mut seen = self.in_play;
        for card in cards.iter().flatten() {
            if !seen.insert(*card) {
                return Err(HandError::DuplicateCard { card: *card });
            }
        }
        Ok(())
    }

    fn mark_in_play(&mut self, cards: &[Option<Card>]) {
        for card in cards.iter().flatten() {
            self.in_play.insert(*card);
        }
    }

    pub(super) fn deal_hole_cards(&mut self, player: Player, cards: Hole) -> Result<(), HandError> {
        let expected = self.next_hole_player();
        if player != expected {
            let rule = Rule(if self.player_count() == 2 {
                "TDA-34"
            } else {
                "HC-1.12"
            });
            return Err(HandError::DealOrder {
                expected,
                got: player,
                rule,
            });
        }
        let allowed = self.variant.game.hole_cards() - self.players[player.index()].hole.len();
        if cards.is_empty() || cards.len() > allowed {
            return Err(HandError::HoleCardCount {
                player,
                allowed,
                got: cards.len(),
            });
        }
        self.check_new_cards(cards.cards())?;
        self.mark_in_play(cards.cards());
        for &card in cards.cards() {
            self.players[player.index()].hole.push(card);
        }
        self.emit(Event::HoleDealt { player, cards });
        self.after_hole_card();
        Ok(())
    }

    pub(super) fn deal_all_hole_cards(&mut self) {
        let per_player = self.variant.game.hole_cards();
        let Some(deck) = self.deck.as_mut() else {
            return;
        };
        for _ in 0..per_player {
            for player in &mut self.players {
                let card = deck.deal().ok();
                player.hole.push(card);
                if let Some(card) = card {
                    self.in_play.insert(card);
                }
            }
        }
        for i in 0..self.player_count() {
            let cards = self.players[i].hole;
            self.emit(Event::HoleDealt {
                player: Player(i as u8),
                cards,
            });
        }
        self.after_hole_card();
    }

    fn after_hole_card(&mut self) {
        let per_player = self.variant.game.hole_cards();
        if self.players.iter().all(|p| p.hole.len() == per_player) {
            self.kill_absent_hands();
            // First to act before the flop: left of the biggest blind (HC-1.12, TDA-34).
            let biggest = (0..self.player_count())
                .rev()
                .max_by_key(|&i| self.blinds[i])
                .unwrap_or(0);
            let first = if self.blinds[biggest].is_zero() {
                Player(0)
            } else {
                self.next_player(Player(biggest as u8))
            };
            self.open_round(first);
        }
    }

    pub(super) fn board_step(&self) -> Step {
        Step::DealBoard {
            street: self.street,
            cards: self.street.board_cards(),
        }
    }

    pub(super) fn burn(&mut self, card: Option<Card>) -> Result<(), HandError> {
        if self.burned_this_street {
            return Err(HandError::ExtraBurn);
        }
        if let Some(card) = card {
            self.check_new_cards(&[Some(card)])?;
            self.in_play.insert(card);
        }
        self.burned_this_street = true;
        self.emit(Event::Burned { card });
        Ok(())
    }

    pub(super) fn deal_board_cards(&mut self, cards: &[Card]) -> Result<(), HandError> {
        let expected = self.street.board_cards();
        if cards.len() != expected {
            return Err(HandError::BoardCardCount {
                what: match self.street {
                    Street::Flop => "flop",
                    Street::Turn => "turn",
                    _ => "river",
                },
                expected,
                got: cards.len(),
            });
        }
        let as_options: [Option<Card>; 3] = std::array::from_fn(|i| cards.get(i).copied());
        self.check_new_cards(&as_options)?;
        if !self.burned_this_street {
            self.emit(Event::Burned { card: None });
        }
        self.lay_board(cards);
        Ok(())
    }

    pub(super) fn deal_street_from_deck(&mut self) {
        let Some(deck) = self.deck.as_mut() else {
            return;
        };
        let burn = deck.burn().ok();
        let mut cards = [None; 3];
        for slot in cards.iter_mut().take(self.street.board_cards()) {
            *slot = deck.deal().ok();
        }
        if let Some(card) = burn {
            self.in_play.insert(card);
        }
        self.emit(Event::Burned { card: burn });
        let mut dealt = [Card::new(cards::Rank::Two, cards::Suit::Clubs); 3];
        let mut len = 0;
        for card in cards.iter().flatten() {
            dealt[len] = *card;
            len += 1;
        }
        self.lay_board(&dealt[..len]);
    }

    fn lay_board(&mut self, cards: &[Card]) {
        for &card in cards {
            self.in_play.insert(card);
            self.board[self.board_len] = Some(card);
            self.board_len += 1;
        }
        if let Some(cards) = BoardCards::new(cards) {
            self.emit(Event::BoardDealt {
                street: self.street,
                cards,
            });
        }
        self.after_board_laid();
    }

    /// The street is on the board: its betting round opens, or the runout goes on.
    pub(super) fn after_board_laid(&mut self) {
        self.burned_this_street = false;
        if self.all_in_runout {
            self.after_round();
        } else {
            self.open_round(Player(0));
        }
    }

    /// A betting round is complete: collect the bets, or go straight on when there are none.
    pub(super) fn end_round(&mut self) {
        self.actor = None;
        if self.players.iter().any(|p| !p.bet.is_zero()) {
            self.phase = Phase::Collecting;
        } else {
            self.after_round();
        }
    }

    /// Returns the uncalled part of the biggest bet, then pulls all bets into the middle. A
    /// killed hand's bet is not returned: its blinds and antes stay in the pot (TDA-30).
    pub(super) fn collect_bets(&mut self) {
        let (top, top_bet) = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.bet))
            .max_by_key(|&(i, bet)| (bet, std::cmp::Reverse(i)))
            .unwrap_or((0, Chips::ZERO));
        let second = self
            .players
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != top)
            .map(|(_, p)| p.bet)
            .max()
            .unwrap_or_default();
        if top_bet > second && self.players[top].status != Status::Folded {
            let amount = top_bet - second;
            let me = &mut self.players[top];
            me.bet -= amount;
            me.stack += amount;
            me.committed -= amount;
            self.emit(Event::BetReturned {
                player: Player(top as u8),
                amount,
            });
        }
        for player in &mut self.players {
            self.pot += player.bet;
            player.bet = Chips::ZERO;
        }
        self.emit(Event::BetsCollected { pot: self.pot });
        self.after_round();
    }

    /// After a round (and its collection): the pot to the last player, a showdown, the board run
    /// out with hands tabled (TDA-16), or the next street.
    pub(super) fn after_round(&mut self) {
        if self.live_count() <= 1 {
            self.phase = Phase::Pushing;
            return;
        }
        if self.street == Street::River {
            self.begin_showdown();
            return;
        }
        if self.players.iter().filter(|p| p.can_bet()).count() <= 1 {
            self.all_in_runout = true;
        }
        self.street = self.street.next().unwrap_or(Street::River);
        self.phase = Phase::DealingBoard;
    }
}
