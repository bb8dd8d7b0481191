//! Stud as data on the one hand machine: who brings in, who opens each later street, the deck
//! running short on seventh street, and which winner takes an odd chip (TDA-RP-10, TDA-17A,
//! TDA-20B).

use super::{Hand, MAX_PLAYERS};
use crate::chips::{Chips, Player};
use crate::event::Event;
use crate::hole::Hole;
use crate::variant::{Game, Street};
use cards::{Card, CardSet, Rank};

/// A card's rank for a low game: the ace lowest (0), the king highest (12).
fn ace_low_rank(card: Card) -> u8 {
    (card.rank().index() + 1) % 13
}

/// Where a card stands among up cards: rank, then suit (spades highest, TDA-RP-10D); in razz
/// the ace is the lowest rank.
fn card_order(game: Game, card: Card) -> u8 {
    let rank = if game.low_only() {
        ace_low_rank(card)
    } else {
        card.rank().index()
    };
    rank * 4 + card.suit().index()
}

/// The up cards' hand as a number: pairs, trips and quads count, straights and flushes do not
/// (fewer than five cards). Greater is the better high hand; `low` reads ranks ace-low.
fn showing_high(up: &[Card], low: bool) -> u32 {
    let n = up.len().min(4);
    let mut ranks = [0u8; 4];
    for (slot, &card) in ranks.iter_mut().zip(up) {
        *slot = if low {
            ace_low_rank(card)
        } else {
            card.rank().index()
        };
    }
    let ranks = &mut ranks[..n];
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    // Groups by size, then rank, highest first: "8-8-K-3".
    let mut groups = [(0u8, 0u8); 4];
    let mut len = 0;
    for &rank in ranks.iter() {
        match len {
            0 => {}
            _ if groups[len - 1].1 == rank => {
                groups[len - 1].0 += 1;
                continue;
            }
            _ => {}
        }
        groups[len] = (1, rank);
        len += 1;
    }
    let groups = &mut groups[..len];
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let category = match &*groups {
        [(4, _), ..] => 5,
        [(3, _), ..] => 3,
        [(2, _), (2, _), ..] => 2,
        [(2, _), ..] => 1,
        _ => 0,
    };
    let mut key = category;
    for &(count, rank) in groups.iter() {
        for _ in 0..count {
            key = key << 4 | u32::from(rank);
        }
    }
    key << (4 * (4 - n))
}

impl Hand {
    /// The known up cards of a player's hand, or `None` when one is not entered.
    fn up_cards(&self, p: Player) -> Option<([Card; 7], usize)> {
        let hole = &self.players[p.index()].hole;
        let mut out = [Card::new(Rank::Two, cards::Suit::Clubs); 7];
        let mut len = 0;
        for card in hole.up_cards() {
            out[len] = card?;
            len += 1;
        }
        Some((out, len))
    }

    /// Who posts the bring-in: the lowest up card by rank and suit, in razz the highest, the
    /// ace low (TDA-RP-10). With up cards not entered (a live table, a hand history), every
    /// player who might hold it: the one of them who posts it is taken as the bring-in.
    pub(super) fn bring_in_candidates(&self) -> u16 {
        let game = self.variant.game;
        let mut best: Option<u8> = None;
        let mut unknown = 0u16;
        for i in 0..self.player_count() {
            match self.players[i].hole.up_cards().next().flatten() {
                Some(card) => {
                    let order = card_order(game, card);
                    let better = match best {
                        None => true,
                        Some(b) if game.low_only() => order > b,
                        Some(b) => order < b,
                    };
                    if better {
                        best = Some(order);
                    }
                }
                None => unknown |= 1 << i,
            }
        }
        let known = (0..self.player_count())
            .filter(|&i| {
                let card = self.players[i].hole.up_cards().next().flatten();
                card.is_some_and(|c| Some(card_order(game, c)) == best)
            })
            .fold(0u16, |mask, i| mask | 1 << i);
        known | unknown
    }

    /// The live player whose up cards open a later street: the highest showing hand, in razz
    /// the lowest, ties broken by the high card by suit (TDA-RP-10D). With up cards not
    /// entered, every player who might open.
    pub(super) fn opener_candidates(&self) -> u16 {
        let game = self.variant.game;
        let mut best: Option<(u32, u8)> = None;
        let mut keys = [None; MAX_PLAYERS];
        let mut unknown = 0u16;
        for i in 0..self.player_count() {
            if !self.players[i].is_live() {
                continue;
            }
            let Some((up, len)) = self.up_cards(Player(i as u8)) else {
                unknown |= 1 << i;
                continue;
            };
            let up = &up[..len];
            let hand = showing_high(up, game.low_only());
            // Razz: the lowest hand opens, so a smaller hand is the better key.
            let hand = if game.low_only() { !hand } else { hand };
            let high = up.iter().map(|&c| card_order(game, c)).max().unwrap_or(0);
            let key = (hand, high);
            keys[i] = Some(key);
            if best.is_none_or(|b| key > b) {
                best = Some(key);
            }
        }
        let known = (0..self.player_count())
            .filter(|&i| keys[i].is_some() && keys[i] == best)
            .fold(0u16, |mask, i| mask | 1 << i);
        known | unknown
    }

    /// Whether a live player shows a pair on fourth street (TDA-RP-10F: no doubling for it in
    /// tournaments; in ring games the big bet may be made).
    pub(super) fn open_pair_showing(&self) -> bool {
        (0..self.player_count()).any(|i| {
            let p = Player(i as u8);
            self.players[i].is_live()
                && self.up_cards(p).is_some_and(|(up, len)| {
                    let up = &up[..len];
                    up.iter()
                        .enumerate()
                        .any(|(k, a)| up[k + 1..].iter().any(|b| a.rank() == b.rank()))
                })
        })
    }

    /// Cards gone from the stub: every hole card dealt, burns and board cards.
    pub(super) fn cards_used(&self) -> usize {
        let holes: usize = self.players.iter().map(|p| p.hole.len()).sum();
        holes + self.burns as usize + self.board_len
    }

    /// TDA-RP-10H: before seventh street, the cards needed are one per live player, a burn and
    /// a last card left undealt. When the stub is short even with the three earlier burns,
    /// one community card is dealt in the middle instead.
    pub(super) fn seventh_needs_community_card(&self) -> bool {
        if self.street != Street::Seventh || !self.variant.game.is_stud() {
            return false;
        }
        // Decided before the street's first card: once dealing has begun it goes on.
        if self.players.iter().any(|p| p.hole.len() >= 7) || self.board_len > 0 {
            return false;
        }
        let needed = self.live_count() + 2;
        let stub = 52usize.saturating_sub(self.cards_used());
        stub + 3 < needed
    }

    /// TDA-RP-10H A and C: the stub and the three earlier burns shuffled into a new stub
    /// (A: when that makes enough cards; C: when the stub has fewer than three cards, before
    /// the community card). Cut, then burn and deal as usual.
    pub(super) fn reshuffle_stub_if_short(&mut self) {
        let live = self.live_count();
        let seed = self.reshuffle_seed;
        let Some(deck) = self.deck.as_mut() else {
            return;
        };
        let needed = live + 2;
        let stub = deck.len();
        let community = stub + 3 < needed;
        if stub >= needed || (community && stub >= 3) {
            return;
        }
        let burns: Vec<Card> = deck.burned().iter().rev().take(3).copied().collect();
        let cards = deck.reshuffled_stub(&burns, seed);
        self.burns = self.burns.saturating_sub(burns.len() as u8);
        self.emit(Event::StubReshuffled { cards });
    }

    /// TDA-20B: among winners of the same half, the odd chip goes to the high card by suit of
    /// the winning five-card hand: the highest rank in it, and of that rank the best suit the
    /// player holds. Winners are put in that order.
    pub(super) fn order_by_high_card(&self, winners: &mut [Player], low_half: bool) {
        let key = |p: &Player| self.odd_chip_card(*p, low_half);
        winners.sort_by_key(|p| std::cmp::Reverse(key(p)));
    }

    fn odd_chip_card(&self, p: Player, low_half: bool) -> u8 {
        let Some((hole, len)) = self.players[p.index()].hole.all_known() else {
            return 0;
        };
        let mut set = CardSet::default();
        for card in hole[..len].iter().copied().chain(self.board()) {
            set.insert(card);
        }
        let top_rank = if low_half {
            // The low's highest card: ranks read ace low (1) to king (13), as rank indexes.
            let value = if self.variant.game.low_only() {
                eval::low::ace_to_five(set)
            } else {
                eval::low::low8(set)
            };
            value
                .and_then(|v| v.unpaired_ranks())
                .map(|r| (r[0] + 11) % 13)
        } else {
            let mut cards = [Card::new(Rank::Two, cards::Suit::Clubs); 8];
            let mut n = 0;
            for card in set.iter().take(cards.len()) {
                cards[n] = card;
                n += 1;
            }
            eval::MadeHand::best(&cards[..n.min(7)])
                .and_then(|made| made.five.iter().map(|c| c.rank().index()).max())
        };
        let Some(rank) = top_rank else {
            return 0;
        };
        set.iter()
            .filter(|c| c.rank().index() == rank)
            .map(|c| c.suit().index() + 1)
            .max()
            .unwrap_or(0)
    }

    /// The faces of a stud street's cards for `player`: as entered when the dealer gave them,
    /// else as the street deals them. Third street may have its up card anywhere (a down card
    /// exposed on the deal becomes the up card, TDA-RP-10A); seventh street goes down unless
    /// the betting is over (TDA-RP-10B).
    pub(super) fn stud_faces(&self, player: Player, cards: &Hole) -> Result<Hole, &'static str> {
        let street = self.street;
        let dealt = self.players[player.index()].hole;
        let pattern = street.stud_cards();
        let given_faces = cards.up_count() > 0;
        let mut out = Hole::default();
        let mut ups = dealt.up_count();
        for (k, &card) in cards.cards().iter().enumerate() {
            let slot = dealt.len() + k - self.street_start_len(player);
            let up = if given_faces {
                cards.is_up(k)
            } else {
                pattern.get(slot).copied().unwrap_or(false)
            };
            ups += usize::from(up);
            out.push(card, up);
        }
        let total = dealt.len() + cards.len();
        match street {
            Street::Third if ups > 1 => Err("third street deals one card face up"),
            Street::Third if total == 3 && ups != 1 => Err("third street deals one card face up"),
            Street::Fourth | Street::Fifth | Street::Sixth if out.up_count() != out.len() => {
                Err("fourth to sixth street are dealt face up")
            }
            Street::Seventh if out.up_count() > 0 && !self.all_in_runout => Err(
                "seventh street is dealt face down; an exposed card is replaced while betting is possible (TDA-RP-10B)",
            ),
            _ => Ok(out),
        }
    }

    /// The cards a player held before this street's deal.
    fn street_start_len(&self, player: Player) -> usize {
        let before: usize = Street::STUD
            .iter()
            .take_while(|&&s| s != self.street)
            .map(|s| s.stud_cards().len())
            .sum();
        before.min(self.players[player.index()].hole.len())
    }

    /// Stud: the cards a live player holds once this street is dealt.
    pub(super) fn stud_target(&self) -> usize {
        Street::STUD
            .iter()
            .take_while(|&&s| s <= self.street)
            .map(|s| s.stud_cards().len())
            .sum()
    }

    /// The bring-in a player posts: all they have when short.
    pub(super) fn bring_in_for(&self, p: Player) -> Chips {
        self.bring_in.min(self.players[p.index()].stack)
    }
}
