//! Showdown: tabling at an all-in (TDA-16), the showing order (TDA-17), showing all hole cards
//! to win (TDA-13), and pushing each pot with its odd chips (TDA-20, TDA-21).

use super::Value;
use super::{Hand, MAX_PLAYERS, Phase, Status};
use crate::chips::{Chips, Player};
use crate::error::HandError;
use crate::event::{Event, Half};
use crate::hole::Hole;
use crate::pots::{pot_layers, single_pot};
use crate::variant::Game;
use cards::{Card, CardSet};

/// A show as judged: the cards to table, and whether they were entered just now.
pub(super) struct ShowPlan {
    player: Player,
    shown: Hole,
    entered: bool,
}

impl Hand {
    /// The first live player whose hand is still to be tabled during an all-in runout.
    pub(super) fn tabling_due(&self) -> Option<Player> {
        if !self.all_in_runout {
            return None;
        }
        // Stud: hands are tabled before a street is dealt, not halfway through it.
        if self.variant.game.is_stud()
            && self.phase == Phase::DealingHole
            && self
                .players
                .iter()
                .any(|p| p.is_live() && p.hole.len() >= self.stud_target())
        {
            return None;
        }
        self.players
            .iter()
            .position(|p| p.is_live() && !p.shown)
            .map(|i| Player(i as u8))
    }

    /// TDA-16: every live hand face up. False when a hand's cards are unknown (a live table):
    /// the dealer enters them.
    pub(super) fn table_all_hands(&mut self) -> bool {
        if !self.events.contains(&Event::HandsTabled) {
            self.emit(Event::HandsTabled);
        }
        for i in 0..self.player_count() {
            let p = Player(i as u8);
            let me = &self.players[i];
            if me.is_live() && !me.shown && !self.show_dealt(p) {
                return false;
            }
        }
        true
    }

    /// Any live player all-in: every hand must be shown (TDA-16).
    fn all_must_show(&self) -> bool {
        self.all_in_runout || self.players.iter().any(|p| p.is_all_in())
    }

    pub(super) fn begin_showdown(&mut self) {
        self.phase = Phase::Showdown;
        self.fill_values();
        if self.all_must_show() && !self.events.contains(&Event::HandsTabled) {
            self.emit(Event::HandsTabled);
        }
        let n = self.player_count();
        // TDA-17A, JPR-9.0: the last aggressor of the last round shows first, else the first
        // player left of the button; then clockwise.
        // Without a bet, who would open a betting round: stud's best hand showing (razz: the
        // lowest), a flop game's first player left of the button.
        let start = match self.last_aggressor {
            Some(p) if self.players[p.index()].is_live() && !self.all_must_show() => p.index(),
            _ if self.variant.game.is_stud() => self.round_opener.index(),
            _ => 0,
        };
        self.showdown_len = 0;
        // From `start` round the table: the seats after it, then those before (a division a
        // seat took tens of cycles each; issue 38).
        let start = if start < n { start } else { start % n };
        for i in (start..n).chain(0..start) {
            if self.players[i].is_live() {
                self.showdown_order[self.showdown_len] = Player(i as u8);
                self.showdown_len += 1;
            }
        }
        self.showdown_cursor = 0;
        self.after_showdown_step();
    }

    /// Moves the cursor past players already shown or out; pushes when nobody is left to decide
    /// or only one hand is left (TDA-17B).
    pub(super) fn after_showdown_step(&mut self) {
        while self.showdown_cursor < self.showdown_len {
            let me = &self.players[self.showdown_order[self.showdown_cursor].index()];
            if me.is_live() && !me.shown {
                break;
            }
            self.showdown_cursor += 1;
        }
        if self.showdown_cursor >= self.showdown_len || self.live_count() <= 1 {
            self.phase = Phase::Pushing;
        }
    }

    /// A show or muck at showdown is accepted from any live player who has not shown: players
    /// may table their hands unasked; the order only says who must act first (TDA-17A).
    pub(super) fn check_showdown_turn(&self, player: Player) -> Result<(), HandError> {
        match self.players.get(player.index()) {
            Some(me) if me.is_live() && me.shown => Err(HandError::AlreadyShown { player }),
            Some(me) if me.is_live() => Ok(()),
            _ => Err(HandError::NotInHand { player }),
        }
    }

    /// Judges a show: a live player not yet shown, all hole cards, the ones dealt (TDA-13A).
    pub(super) fn plan_show(
        &self,
        player: Player,
        cards: Option<Hole>,
    ) -> Result<ShowPlan, HandError> {
        self.check_showdown_turn(player)?;
        let dealt = self.players[player.index()].hole;
        let needed = dealt.len();
        let shown = match cards {
            None => dealt,
            Some(cards) => {
                if cards.len() != needed || cards.cards().iter().any(Option::is_none) {
                    return Err(HandError::ShowAllCards { player, needed });
                }
                let mut fresh = self.in_play;
                for (given, had) in cards.cards().iter().zip(dealt.cards()) {
                    let card = given.unwrap_or_else(|| unreachable!("checked above"));
                    match had {
                        Some(had) if *had != card => {
                            return Err(HandError::ShownDiffers {
                                player,
                                shown: card,
                            });
                        }
                        Some(_) => {}
                        None if !fresh.insert(card) => {
                            return Err(HandError::DuplicateCard { card });
                        }
                        None => {}
                    }
                }
                cards.with_faces_of(&dealt)
            }
        };
        if shown.cards().iter().any(Option::is_none) {
            return Err(HandError::UnknownCards { player });
        }
        Ok(ShowPlan {
            player,
            shown,
            entered: cards.is_some(),
        })
    }

    /// Tables a judged show (`plan_show`).
    pub(super) fn show(&mut self, plan: ShowPlan) {
        let ShowPlan {
            player,
            shown,
            entered,
        } = plan;
        for card in shown.cards().iter().flatten() {
            self.in_play.insert(*card);
        }
        self.showing[player.index()] = self.showing_of(&shown);
        let me = &mut self.players[player.index()];
        me.hole = shown;
        me.shown = true;
        // A value stands unless cards were entered just now.
        let entered = entered || self.values[player.index()].is_none();
        if entered && self.cards_complete(player) {
            self.values[player.index()] = self.compute_value(player);
        }
        self.emit(Event::Shown {
            player,
            cards: shown,
        });
    }

    /// Shows the cards dealt, when they are known.
    fn show_dealt(&mut self, player: Player) -> bool {
        match self.plan_show(player, None) {
            Ok(plan) => {
                self.show(plan);
                true
            }
            Err(_) => false,
        }
    }

    /// No muck when every hand must be shown (TDA-16; JPR-9.0: with a player all-in, everyone
    /// still holding cards shows). Otherwise a beaten hand may be folded unshown (JPR-9.0).
    pub(super) fn plan_muck(&self, player: Player) -> Result<(), HandError> {
        if self.all_must_show() {
            return Err(HandError::MustShow { player });
        }
        Ok(())
    }

    pub(super) fn muck(&mut self, player: Player) {
        self.players[player.index()].status = Status::Mucked;
        self.sync_player(player.index());
        self.emit(Event::Mucked { player });
    }

    /// One automated showdown decision: show when the hand must be shown or can still win,
    /// else muck. False when the player's cards are unknown and must be entered.
    pub(super) fn auto_showdown_step(&mut self) -> bool {
        let player = self.showdown_order[self.showdown_cursor];
        let Some(value) = self.hand_value(player) else {
            return false;
        };
        let must = self.all_must_show();
        let mut best_shown: Option<Value> = None;
        for (i, p) in self.players.iter().enumerate() {
            if let (true, Some(v)) = (p.is_live() && p.shown, self.values[i]) {
                best_shown = Some(match best_shown {
                    None => v,
                    Some(b) => (b.0.max(v.0), b.1.max(v.1)),
                });
            }
        }
        let can_win = match best_shown {
            None => true,
            Some((high, low)) => {
                (value.0.is_some() && value.0 >= high) || (value.1.is_some() && value.1 >= low)
            }
        };
        if must || can_win {
            if !self.show_dealt(player) {
                return false;
            }
        } else {
            // Not every hand must be shown (`must`): the muck is allowed (`plan_muck`).
            self.muck(player);
        }
        self.showdown_cursor += 1;
        self.after_showdown_step();
        true
    }

    fn board_cards(&self) -> ([Card; 5], usize) {
        let mut out = [Card::new(cards::Rank::Two, cards::Suit::Clubs); 5];
        let mut len = 0;
        for card in self.board() {
            out[len] = card;
            len += 1;
        }
        (out, len)
    }

    /// A player's value, computed once the board is complete (`fill_values`).
    fn hand_value(&self, player: Player) -> Option<Value> {
        self.values[player.index()]
    }

    /// Every hand's value once the board is complete and its cards known.
    pub(super) fn fill_values(&mut self) {
        for i in 0..self.player_count() {
            if self.values[i].is_none() && self.players[i].is_live() {
                self.values[i] = self.compute_value(Player(i as u8));
            }
        }
    }

    /// Whether every card of the player's hand is out: the river, or seventh street.
    fn cards_complete(&self, player: Player) -> bool {
        if self.variant.game.is_stud() {
            self.players[player.index()].hole.len() + self.board_len >= 7
        } else {
            self.board_len == 5
        }
    }

    /// A player's high value and qualifying low, when the cards are known.
    fn compute_value(&self, player: Player) -> Option<Value> {
        if self.board[..self.board_len].iter().any(Option::is_none) {
            return None;
        }
        let held = &self.players[player.index()].hole;
        let game = self.variant.game;
        if let Game::Omaha | Game::OmahaHiLo = game {
            let (hole, hole_len) = held.all_known()?;
            let (board, board_len) = self.board_cards();
            let (hole, board) = (&hole[..hole_len], &board[..board_len]);
            let high = eval::omaha::omaha_high(hole, board)?;
            let low = (game == Game::OmahaHiLo)
                .then(|| eval::omaha::omaha_low8(hole, board))
                .flatten();
            return Some((Some(high), low));
        }
        // One set of the hole and the board, read straight from both (no copies of them
        // first: a stud showdown evaluates about 1.4 hands; issue 38).
        let mut set = CardSet::default();
        for card in held.cards() {
            set.insert((*card)?);
        }
        for card in self.board() {
            set.insert(card);
        }
        if held.len() + self.board_len < 5 {
            return None;
        }
        Some(match game {
            Game::StudHiLo => (Some(eval::high::evaluate(set)), eval::low::low8(set)),
            Game::Razz => (None, eval::low::ace_to_five(set)),
            _ => (Some(eval::high::evaluate(set)), None),
        })
    }

    /// Splits `amount` among `winners` (in order from the button's left) in the smallest chips
    /// in play: the odd chips go one each to the first winners left of the button (TDA-20A,
    /// HC-3.5), the worst positions (DG-28.5). The button is last in that order and the odd chips are fewer than the winners,
    /// so it never gets one (JPR-10).
    /// Stud orders the winners by the high card by suit of their winning hand instead
    /// (TDA-20B).
    fn split(&mut self, pot: usize, half: Half, amount: Chips, winners: &[Player]) {
        let k = winners.len() as u64;
        if k == 0 {
            return;
        }
        let mut ordered = [Player(0); MAX_PLAYERS];
        ordered[..winners.len()].copy_from_slice(winners);
        let winners = &mut ordered[..winners.len()];
        if self.variant.game.is_stud() && winners.len() > 1 {
            let low = half == Half::Low || self.variant.game.low_only();
            self.order_by_high_card(winners, low);
        }
        let winners = &*winners;
        let unit = self.chip_unit.0;
        // A chip unit of 1 and one winner, the common case, without a division (tens of cycles
        // each; issue 38).
        let (chips, rest) = if unit == 1 {
            (amount.0, 0)
        } else {
            (amount.0 / unit, amount.0 % unit)
        };
        let (share, odd) = if k == 1 {
            (chips * unit, 0)
        } else {
            (chips / k * unit, chips % k)
        };
        for (i, &player) in winners.iter().enumerate() {
            let won = Chips(
                share + if (i as u64) < odd { unit } else { 0 } + if i == 0 { rest } else { 0 },
            );
            self.players[player.index()].won += won;
            self.emit(Event::PotAwarded {
                pot,
                half,
                player,
                amount: won,
            });
        }
    }

    /// Pushes every pot to its winners, each pot on its own (TDA-21).
    pub(super) fn push_chips(&mut self) {
        // Hand values were filled in at the showdown (`begin_showdown`, `show`): a pot with
        // more than one player eligible is only pushed after one.
        // Nobody all-in, one pot: pushed without building the layers (350 bytes; issue 38).
        if let Some((amount, mask)) = single_pot(&self.players) {
            self.push_pot(0, amount, mask);
        } else {
            let layers = pot_layers(&self.players);
            // The last side pot is pushed first and the main pot last (TDA-16, illustration).
            for (index, (amount, mask)) in layers.iter().enumerate().rev() {
                self.push_pot(index, amount, mask);
            }
        }
        self.emit(Event::HandEnded);
        self.phase = Phase::Done;
    }

    /// Pushes pot `index` of `amount` to its winners among the players of `mask`.
    fn push_pot(&mut self, index: usize, amount: Chips, mask: u16) {
        let mut eligible = [Player(0); MAX_PLAYERS];
        let mut count = 0;
        for i in 0..self.player_count() {
            if mask & (1 << i) != 0 {
                eligible[count] = Player(i as u8);
                count += 1;
            }
        }
        let eligible = &eligible[..count];
        let named = self.named_winners(index);
        if named != 0 {
            let mut winners = [Player(0); MAX_PLAYERS];
            let mut k = 0;
            for p in eligible.iter().filter(|p| named & (1 << p.index()) != 0) {
                winners[k] = *p;
                k += 1;
            }
            self.split(index, Half::Whole, amount, &winners[..k]);
            return;
        }
        let values = &self.values;
        let value = |p: &Player| values[p.index()];
        if eligible.len() <= 1 || eligible.iter().all(|p| value(p).is_none()) {
            self.split(
                index,
                Half::Whole,
                amount,
                &eligible[..eligible.len().min(1)],
            );
            return;
        }
        let best_high = eligible
            .iter()
            .filter_map(|p| value(p).and_then(|v| v.0))
            .max();
        let best_low = eligible
            .iter()
            .filter_map(|p| value(p).and_then(|v| v.1))
            .max();
        let (mut high, mut low) = ([Player(0); MAX_PLAYERS], [Player(0); MAX_PLAYERS]);
        let (mut highs, mut lows) = (0, 0);
        for p in eligible {
            let v = value(p);
            if best_high.is_some() && v.and_then(|v| v.0) == best_high {
                high[highs] = *p;
                highs += 1;
            }
            if best_low.is_some() && v.and_then(|v| v.1) == best_low {
                low[lows] = *p;
                lows += 1;
            }
        }
        let (high, low) = (&high[..highs], &low[..lows]);
        if self.variant.game.low_only() {
            self.split(index, Half::Whole, amount, low);
        } else if low.is_empty() || low == high {
            // No qualifying low: the high hand scoops. The same players winning both
            // halves split the pot as evenly as possible (TDA-20D).
            self.split(index, Half::Whole, amount, high);
        } else {
            // TDA-20C: the odd chip of the whole pot goes to the high half.
            let unit = self.chip_unit.0;
            let low_half = Chips(amount.0 / unit / 2 * unit);
            self.split(index, Half::High, amount - low_half, high);
            self.split(index, Half::Low, low_half, low);
        }
    }

    pub fn winnings(&self) -> Vec<Chips> {
        self.players.iter().map(|p| p.won).collect()
    }
}
