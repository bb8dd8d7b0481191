//! Stud as data on the one hand machine: who brings in, who opens each later street, the deck
//! running short on seventh street, and which winner takes an odd chip (TDA-RP-10, TDA-17A,
//! TDA-20B).

use super::Hand;
use crate::chips::{Chips, Player};
use crate::error::{HandError, StudFaces};
use crate::event::Event;
use crate::hole::Hole;
use crate::variant::Street;
use cards::{Card, CardSet, Rank};

/// Where a card stands among up cards: rank, then suit (spades highest, TDA-RP-10D); in razz
/// the ace is the lowest rank. A card's index is `rank * 4 + suit`, the ace's rank 12: read
/// ace-low, every rank moves up one and the ace comes round to 0.
fn card_order(low: bool, card: Card) -> u8 {
    match card.index() {
        ace if low && ace >= 48 => ace - 48,
        other if low => other + 4,
        high => high,
    }
}

/// The hand up cards show: pairs, trips and quads count, straights and flushes do not (fewer
/// than five cards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Showing {
    /// Ranks held at least once, twice, three and four times, a bit per rank.
    at_least: [u16; 4],
    /// The high card by rank and suit (`card_order`).
    high: u8,
}

impl Showing {
    /// Adds an up card by its `card_order`.
    fn add(&mut self, order: u8) {
        self.high = self.high.max(order);
        let bit = 1u16 << (order / 4);
        let [once, twice, thrice, four] = &mut self.at_least;
        *four |= *thrice & bit;
        *thrice |= *twice & bit;
        *twice |= *once & bit;
        *once |= bit;
    }

    /// Greater is the better high hand: quads, trips, two pair, a pair, high cards; then the
    /// ranks of the larger groups first, each group highest rank first (a bit set compares as
    /// its ranks highest first).
    fn key(&self) -> u64 {
        let [one, two, three, four] = self.at_least.map(u64::from);
        let (once, twice, thrice) = (one & !two, two & !three, three & !four);
        let category = match (four, thrice, twice.count_ones()) {
            (1.., _, _) => 5,
            (_, 1.., _) => 3,
            (_, _, 2..) => 2,
            (_, _, 1) => 1,
            _ => 0,
        };
        category << 52 | four << 39 | thrice << 26 | twice << 13 | once
    }

    fn has_pair(&self) -> bool {
        self.at_least[1] != 0
    }
}

/// The players holding the greatest key seen so far, a bit each.
struct Best<K> {
    key: Option<K>,
    players: u16,
}

impl<K> Default for Best<K> {
    fn default() -> Self {
        Best {
            key: None,
            players: 0,
        }
    }
}

impl<K: Ord> Best<K> {
    fn add(&mut self, player: usize, key: K) {
        match self.key.as_ref().map(|best| key.cmp(best)) {
            Some(std::cmp::Ordering::Less) => {}
            Some(std::cmp::Ordering::Equal) => self.players |= 1 << player,
            _ => {
                self.key = Some(key);
                self.players = 1 << player;
            }
        }
    }
}

impl Hand {
    /// Who posts the bring-in: the lowest up card by rank and suit, in razz the highest, the
    /// ace low (TDA-RP-10). With up cards not entered (a live table, a hand history), every
    /// player who might hold it: the one of them who posts it is taken as the bring-in.
    pub(super) fn bring_in_candidates(&self) -> u16 {
        let game = self.variant.game;
        let mut best = Best::default();
        let mut unknown = 0u16;
        for i in 0..self.player_count() {
            let Some(card) = self.players[i].hole.up_cards().next().flatten() else {
                unknown |= 1 << i;
                continue;
            };
            let order = card_order(game.low_only(), card);
            // The greater key brings in.
            best.add(i, if game.low_only() { order } else { !order });
        }
        best.players | unknown
    }

    /// The live player whose up cards open a later street: the highest showing hand, in razz
    /// the lowest, ties broken by the high card by suit (TDA-RP-10D). With up cards not
    /// entered, every player who might open.
    pub(super) fn opener_candidates(&self) -> u16 {
        let game = self.variant.game;
        let mut best = Best::default();
        let mut unknown = 0u16;
        // The live hands by their mask: no branch on each player's status.
        let mut live = self.live;
        while live != 0 {
            let i = live.trailing_zeros() as usize;
            live &= live - 1;
            let Some(showing) = self.showing[i] else {
                unknown |= 1 << i;
                continue;
            };
            // Razz: the lowest hand opens, so a smaller hand is the better key.
            let hand = if game.low_only() {
                !showing.key()
            } else {
                showing.key()
            };
            // The hand, then the high card: one word (a key fills 55 bits, a card order 6;
            // the bits shifted out are the same for every hand).
            best.add(i, hand << 8 | u64::from(showing.high));
        }
        best.players | unknown
    }

    /// The hand a player's up cards show (ranks ace-low in razz); `None` when an up card is
    /// not entered.
    pub(super) fn showing_of(&self, hole: &Hole) -> Option<Showing> {
        let low = self.variant.game.low_only();
        let mut showing = Showing::default();
        for card in hole.up_cards() {
            showing.add(card_order(low, card?));
        }
        Some(showing)
    }

    /// One more up card for player `i`'s showing hand (`None`: not entered).
    pub(super) fn show_up_card(&mut self, i: usize, card: Option<Card>) {
        let low = self.variant.game.low_only();
        // Added in place: the showing hand is not copied out and back (issue 38).
        match (&mut self.showing[i], card) {
            (Some(showing), Some(card)) => showing.add(card_order(low, card)),
            (showing, _) => *showing = None,
        }
    }

    /// Whether a live player shows a pair on fourth street (TDA-RP-10F: no doubling for it in
    /// tournaments; in ring games the big bet may be made).
    pub(super) fn open_pair_showing(&self) -> bool {
        (0..self.player_count())
            .any(|i| self.players[i].is_live() && self.showing[i].is_some_and(|s| s.has_pair()))
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
    pub(super) fn stud_faces(&self, player: Player, cards: &Hole) -> Result<Hole, HandError> {
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
        let refused = |what, rule| Err(HandError::StudFaces { what, rule });
        match street {
            Street::Third if ups > 1 || (total == 3 && ups != 1) => {
                refused(StudFaces::ThirdOneUp, rule!("TDA-RP-10"))
            }
            Street::Fourth | Street::Fifth | Street::Sixth if out.up_count() != out.len() => {
                refused(StudFaces::FourthToSixthUp, rule!("TDA-RP-10"))
            }
            Street::Seventh if out.up_count() > 0 && !self.all_in_runout => {
                refused(StudFaces::SeventhDown, rule!("TDA-RP-10B"))
            }
            _ => Ok(out),
        }
    }

    /// The cards a player held before this street's deal.
    fn street_start_len(&self, player: Player) -> usize {
        let before = self.stud_target() - self.street.stud_cards().len();
        before.min(self.players[player.index()].hole.len())
    }

    /// Stud: the cards a live player holds once this street is dealt.
    pub(super) fn stud_target(&self) -> usize {
        self.street.stud_held()
    }

    /// The bring-in a player posts: all they have when short.
    pub(super) fn bring_in_for(&self, p: Player) -> Chips {
        self.bring_in.min(self.players[p.index()].stack)
    }
}
