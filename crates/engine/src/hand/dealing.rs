//! The dealer's steps: forced bets, hole cards, burns and board cards, collecting bets, and
//! moving from one betting round to the next.

use super::{Hand, Phase, Status, several};
use crate::chips::{Chips, Player};
use crate::error::HandError;
use crate::event::{BoardCards, Event};
use crate::hole::Hole;
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
            self.players[cursor].ante_due
        } else {
            self.players[cursor - n].blind_due
        }
    }

    /// Moves the cursor past players with nothing to post; ends posting after the last blind.
    pub(super) fn skip_empty_posts(&mut self) {
        let n = self.player_count();
        // The antes, then the blinds: a loop each, not a branch on which at every step.
        let mut cursor = self.post_cursor;
        while cursor < n && self.players[cursor].ante_due.is_zero() {
            cursor += 1;
        }
        if cursor >= n {
            while cursor < 2 * n && self.players[cursor - n].blind_due.is_zero() {
                cursor += 1;
            }
        }
        self.post_cursor = cursor;
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
            self.post_ante(p.index(), amount);
        } else {
            self.put_in(p, amount);
            self.emit(Event::BlindPosted { player: p, amount });
        }
        self.post_cursor += 1;
        self.skip_empty_posts();
    }

    /// Antes are dead money: straight into the middle.
    fn post_ante(&mut self, i: usize, amount: Chips) {
        self.players[i].take_ante(amount);
        self.pot += amount;
        self.sync_player(i);
        self.emit(Event::AntePosted {
            player: Player(i as u8),
            amount,
        });
    }

    /// Every forced bet left, as the posting automation does: the same as `post_next` one at a
    /// time, the antes in one pass (a stud hand posts six; no cursor steps between them).
    pub(super) fn post_all(&mut self) {
        let n = self.player_count();
        // As `post_ante` for each, in one pass: only the can-bet mask can change (an ante that
        // leaves no chips), and the pot takes the antes' sum.
        let from = self.post_cursor.min(n);
        let mut antes = Chips::ZERO;
        for (i, me) in self.players.iter_mut().enumerate().skip(from) {
            if me.ante_due.is_zero() {
                continue;
            }
            let amount = me.ante_due.min(me.stack);
            me.take_ante(amount);
            antes += amount;
            if me.stack.is_zero() {
                self.can_bet &= !(1 << i);
            }
            self.events.push(Event::AntePosted {
                player: Player(i as u8),
                amount,
            });
        }
        self.pot += antes;
        self.post_cursor = self.post_cursor.max(n);
        self.skip_empty_posts();
        while self.phase == Phase::Posting {
            self.post_next();
        }
    }

    /// The bet to call and the minimum raise once the blinds are in.
    fn open_preflop_level(&mut self) {
        // One pass: the largest bet posted and blind owed, and what short blinds left unposted.
        let (mut posted, mut owed, mut shortfall) = (Chips::ZERO, Chips::ZERO, Chips::ZERO);
        for p in &self.players {
            let blind = p.blind_due;
            posted = posted.max(p.bet);
            owed = owed.max(blind);
            shortfall += blind.saturating_sub(p.bet);
        }
        // WWPLA-11, HC-1.13.2: a short all-in big blind still sets the full blind to call.
        self.level = if self.rules.full_big_blind {
            owed.max(posted)
        } else {
            posted
        };
        // TDA-54B: short all-in blinds count in full in the pot-limit maximum.
        self.blind_shortfall = shortfall;
        self.min_increment = self.min_bet.max(owed);
        self.last_full_level = self.level;
        self.raises = u8::from(!self.level.is_zero());
    }

    /// Deal order: one card at a time from player 0 (left of the button; heads-up the big blind,
    /// TDA-34), the button last (HC-1.12). Stud deals each street to the live hands only
    /// (TDA-RP-10C).
    pub(super) fn next_hole_player(&self) -> Player {
        let live = |p: &&super::PlayerState| p.is_live();
        let fewest = self
            .players
            .iter()
            .filter(live)
            .map(|p| p.hole.len())
            .min()
            .unwrap_or(0);
        let index = self
            .players
            .iter()
            .position(|p| p.is_live() && p.hole.len() == fewest)
            .unwrap_or(0);
        Player(index as u8)
    }

    /// The cards each live player holds once this deal is done.
    fn hole_target(&self) -> usize {
        if self.variant.game.is_stud() {
            self.stud_target()
        } else {
            self.variant.game.hole_cards()
        }
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

    /// Judges hole cards for `player`: their turn in the deal, how many, their faces (stud)
    /// and that none is already in play. Gives the cards with their faces settled.
    pub(super) fn plan_hole_cards(&self, player: Player, cards: Hole) -> Result<Hole, HandError> {
        let expected = self.next_hole_player();
        if player != expected {
            let rule = if self.player_count() == 2 {
                rule!("TDA-34")
            } else {
                rule!("HC-1.12")
            };
            return Err(HandError::DealOrder {
                expected,
                got: player,
                rule,
            });
        }
        let allowed = self
            .hole_target()
            .saturating_sub(self.players[player.index()].hole.len());
        if cards.is_empty() || cards.len() > allowed {
            return Err(HandError::HoleCardCount {
                player,
                allowed,
                got: cards.len(),
            });
        }
        let cards = if self.variant.game.is_stud() {
            self.stud_faces(player, &cards)?
        } else {
            cards
        };
        self.check_new_cards(cards.cards())?;
        Ok(cards)
    }

    /// Deals judged hole cards (`plan_hole_cards`).
    pub(super) fn deal_hole_cards(&mut self, player: Player, cards: Hole) {
        if self.variant.game.is_stud() && self.street != Street::Third && !self.burned_this_street {
            self.burns += 1;
            self.burned_this_street = true;
            self.emit(Event::Burned { card: None });
        }
        self.mark_in_play(cards.cards());
        self.give_cards(player, &cards);
        self.emit(Event::HoleDealt { player, cards });
        self.after_hole_card();
    }

    /// A tabled hand dealt a card face down must be shown again (TDA-16: seventh street goes
    /// down even at an all-in, TDA-RP-10B).
    fn give_cards(&mut self, player: Player, cards: &Hole) {
        let i = player.index();
        for (k, &card) in cards.cards().iter().enumerate() {
            self.hold_card(i, card, cards.is_up(k));
        }
    }

    /// Hand `i` takes `card`, face up (shown to all) or down (its hand no longer tabled).
    #[inline]
    fn hold_card(&mut self, i: usize, card: Option<Card>, up: bool) {
        let me = &mut self.players[i];
        me.hole.push(card, up);
        if up {
            self.show_up_card(i, card);
        } else {
            me.shown = false;
        }
    }

    pub(super) fn deal_all_hole_cards(&mut self) {
        if self.variant.game.is_stud() {
            self.deal_stud_street();
            return;
        }
        let per_player = self.variant.game.hole_cards();
        let Some(deck) = self.deck.as_mut() else {
            return;
        };
        // One card at a time, face down, from the small blind round to the button, as often as
        // each hand has cards (DG-10).
        for _ in 0..per_player {
            for player in &mut self.players {
                let card = deck.deal().ok();
                player.hole.push(card, false);
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

    /// One stud street from the deck: a burn after third street, then one card at a time to
    /// each live hand (TDA-RP-10C), faces as the street deals them.
    fn deal_stud_street(&mut self) {
        if self.street == Street::Seventh {
            self.reshuffle_stub_if_short();
        }
        let Some(deck) = self.deck.as_mut() else {
            return;
        };
        if self.street != Street::Third {
            let burn = deck.burn().ok();
            if let Some(card) = burn {
                self.in_play.insert(card);
            }
            self.burns += 1;
            self.burned_this_street = true;
            self.emit(Event::Burned { card: burn });
        }
        let faces = self.street.stud_cards();
        if let &[up] = faces {
            // Fourth to seventh street, a card each: logged as dealt (the same order as
            // below), without taking each hand's last card back out of it.
            let mut live = self.live;
            while live != 0 {
                let i = live.trailing_zeros() as usize;
                live &= live - 1;
                let card = self.deal_stud_card(i, up);
                self.emit(Event::HoleDealt {
                    player: Player(i as u8),
                    cards: Hole::one(card, up),
                });
            }
            self.stud_street_dealt();
            return;
        }
        // Straight into the hands, a card at a time round the live hands (the live mask does
        // not change while dealing); each hand's new cards are logged after.
        for &up in faces {
            let mut live = self.live;
            while live != 0 {
                let i = live.trailing_zeros() as usize;
                live &= live - 1;
                self.deal_stud_card(i, up);
            }
        }
        let mut live = self.live;
        while live != 0 {
            let i = live.trailing_zeros() as usize;
            live &= live - 1;
            let cards = self.players[i].hole.last(faces.len());
            self.emit(Event::HoleDealt {
                player: Player(i as u8),
                cards,
            });
        }
        // Every live hand was given the street's cards (a `None` for each the deck lacked).
        self.stud_street_dealt();
    }

    /// The deck's next card (`None` when it lacks one) to hand `i`, face up or down.
    #[inline]
    fn deal_stud_card(&mut self, i: usize, up: bool) -> Option<Card> {
        let card = self.deck.as_mut().and_then(|d| d.deal().ok());
        if let Some(card) = card {
            self.in_play.insert(card);
        }
        self.hold_card(i, card, up);
        card
    }

    fn after_hole_card(&mut self) {
        if self.variant.game.is_stud() {
            self.after_stud_card();
            return;
        }
        let per_player = self.variant.game.hole_cards();
        if self.players.iter().all(|p| p.hole.len() == per_player) {
            self.kill_absent_hands();
            // First to act before the flop: left of the biggest blind (HC-1.12, TDA-34).
            let biggest = self.big_blind_player.map_or_else(
                || {
                    (0..self.player_count())
                        .rev()
                        .max_by_key(|&i| self.players[i].blind_due)
                        .unwrap_or(0)
                },
                Player::index,
            );
            let first = if self.players[biggest].blind_due.is_zero() {
                Player(0)
            } else {
                self.next_player(Player(biggest as u8))
            };
            self.open_round(first);
        }
    }

    /// Stud: once every live hand has this street's cards, the bring-in on third street
    /// (TDA-RP-10), else the best hand showing opens (TDA-RP-10D).
    fn after_stud_card(&mut self) {
        let target = self.stud_target();
        if self
            .players
            .iter()
            .any(|p| p.is_live() && p.hole.len() < target)
        {
            return;
        }
        self.stud_street_dealt();
    }

    /// Stud: every live hand has this street's cards.
    fn stud_street_dealt(&mut self) {
        debug_assert!(
            self.players
                .iter()
                .all(|p| !p.is_live() || p.hole.len() >= self.stud_target())
        );
        self.burned_this_street = false;
        let first = |mask: u16| Player(mask.trailing_zeros().min(15) as u8);
        if self.street == Street::Third {
            let low = self.bring_in_candidates();
            self.bring_in_low = low;
            let low_card = first(low);
            // TDA-30, TDA-71C: an absent or penalized player dealt the bring-in card posts it
            // before the hand is killed.
            let holder = &self.players[low_card.index()];
            if low.count_ones() == 1 && holder.absent && !holder.stack.is_zero() {
                self.post_bring_in(low_card);
            }
            self.kill_absent_hands();
            if self.bring_in_due {
                // TDA-RP-10E: a low card all-in with the ante passes it to the left.
                self.open_candidates = if low.count_ones() > 1 { low } else { 0 };
                self.open_round(low_card);
            } else {
                self.open_round(self.next_player(low_card));
            }
            return;
        }
        let candidates = self.opener_candidates();
        let mut opener = first(candidates);
        if self.street == Street::Seventh
            && self.board_len > 0
            && let Some(sixth) = self.sixth_opener
        {
            opener = sixth;
        }
        if self.street == Street::Sixth {
            self.sixth_opener = Some(opener);
        }
        self.open_candidates = if candidates.count_ones() > 1 {
            candidates
        } else {
            0
        };
        if self.all_in_runout {
            self.after_round();
        } else {
            self.open_round(opener);
        }
    }

    /// Board cards due now: a flop game's street, or stud's one community card (TDA-RP-10H).
    pub(super) fn board_cards_due(&self) -> usize {
        if self.variant.game.is_stud() {
            1
        } else {
            self.street.board_cards()
        }
    }

    pub(super) fn board_step(&self) -> Step {
        Step::DealBoard {
            street: self.street,
            cards: self.board_cards_due(),
        }
    }

    /// One burn card a street, not one already in play.
    pub(super) fn plan_burn(&self, card: Option<Card>) -> Result<(), HandError> {
        if self.burned_this_street {
            return Err(HandError::ExtraBurn);
        }
        match card {
            Some(card) => self.check_new_cards(&[Some(card)]),
            None => Ok(()),
        }
    }

    pub(super) fn burn(&mut self, card: Option<Card>) {
        if let Some(card) = card {
            self.in_play.insert(card);
        }
        self.burned_this_street = true;
        self.burns += 1;
        self.emit(Event::Burned { card });
    }

    /// The street's number of cards, none already in play.
    pub(super) fn plan_board_cards(&self, cards: &[Card]) -> Result<(), HandError> {
        let expected = self.board_cards_due();
        if cards.len() != expected {
            return Err(HandError::BoardCardCount {
                street: match self.street {
                    s @ (Street::Flop | Street::Turn | Street::River) => Some(s),
                    _ => None,
                },
                expected,
                got: cards.len(),
            });
        }
        let as_options: [Option<Card>; 3] = std::array::from_fn(|i| cards.get(i).copied());
        self.check_new_cards(&as_options)
    }

    /// Lays judged board cards (`plan_board_cards`), burning first when no burn was entered.
    pub(super) fn deal_board_cards(&mut self, cards: &[Card]) {
        if !self.burned_this_street {
            self.burns += 1;
            self.emit(Event::Burned { card: None });
        }
        self.lay_board(cards);
    }

    pub(super) fn deal_street_from_deck(&mut self) {
        if self.variant.game.is_stud() {
            self.reshuffle_stub_if_short();
        }
        let due = self.board_cards_due();
        let Some(deck) = self.deck.as_mut() else {
            return;
        };
        let burn = deck.burn().ok();
        self.burns += 1;
        let mut cards = [None; 3];
        for slot in cards.iter_mut().take(due) {
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

    /// The street is on the board: its betting round opens, or the runout goes on. A stud
    /// community card is seventh street: sixth street's opener opens (TDA-RP-10H D).
    pub(super) fn after_board_laid(&mut self) {
        self.burned_this_street = false;
        if self.all_in_runout {
            self.after_round();
        } else if self.variant.game.is_stud() {
            self.open_round(self.sixth_opener.unwrap_or(self.round_opener));
        } else {
            // After the flop, the turn and the river the first player still in left of the
            // button acts first (DG-19, DG-22, DG-25).
            self.open_round(Player(0));
        }
    }

    /// A betting round is complete: collect the bets, or go straight on when there are none.
    pub(super) fn end_round(&mut self) {
        self.actor = None;
        self.to_act = 0;
        // A bring-in nobody could post (everyone else all-in) is not owed later.
        self.bring_in_due = false;
        self.bring_in_open = false;
        if self.players.iter().any(|p| !p.bet.is_zero()) {
            self.phase = Phase::Collecting;
        } else {
            self.after_round();
        }
    }

    /// Returns the uncalled part of the biggest bet, then pulls all bets into the middle. A
    /// killed hand's bet is not returned: its blinds and antes stay in the pot (TDA-30).
    pub(super) fn collect_bets(&mut self) {
        // One pass: the bets pulled in, the biggest (the first of equal ones) and the biggest
        // of the others; the uncalled part comes back out of the bets after.
        let (mut top, mut top_bet, mut second, mut bets) =
            (0, Chips::ZERO, Chips::ZERO, Chips::ZERO);
        for (i, p) in self.players.iter_mut().enumerate() {
            if p.bet > top_bet {
                second = top_bet;
                (top, top_bet) = (i, p.bet);
            } else {
                second = second.max(p.bet);
            }
            bets += p.bet;
            p.bet = Chips::ZERO;
        }
        if top_bet > second && self.players[top].status != Status::Folded {
            let amount = top_bet - second;
            bets -= amount;
            let me = &mut self.players[top];
            me.stack += amount;
            me.committed -= amount;
            self.sync_player(top);
            self.emit(Event::BetReturned {
                player: Player(top as u8),
                amount,
            });
        }
        self.pot += bets;
        self.emit(Event::BetsCollected { pot: self.pot });
        self.after_round();
    }

    /// After a round (and its collection): the pot to the last player, a showdown, the board run
    /// out with hands tabled (TDA-16), or the next street.
    pub(super) fn after_round(&mut self) {
        if !several(self.live) {
            self.phase = Phase::Pushing;
            return;
        }
        let last = self.variant.game.last_street();
        if self.street == last {
            self.begin_showdown();
            return;
        }
        if !several(self.can_bet) {
            self.all_in_runout = true;
        }
        self.street = self.street.next().unwrap_or(last);
        self.phase = if self.variant.game.is_stud() {
            Phase::DealingHole
        } else {
            Phase::DealingBoard
        };
    }
}
