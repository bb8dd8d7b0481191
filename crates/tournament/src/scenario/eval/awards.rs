//! Places, prizes and bounties of the hand's busts (HC-1.3, WWPLA-12, TDA-RP-8A, HC-1.2), each
//! cited from the profile's own rulebook (`cite`).

use super::cite::Cite;
use super::{Eval, ordinal};
use crate::bounty::BountyBook;
use crate::config::{BountyKind, Money};
use crate::places::{self, Busted};
use crate::scenario::ScenarioError;
use cards::{Card, Deck};
use engine::{PlayerId, Rule, Seat, rule};

impl Eval<'_> {
    /// HC-1.3, WWPLA-12: places of this hand's busts, their prizes (shared where TDA-RP-8A
    /// applies), the bounties (HC-1.2), and the winner's at the last bust.
    pub(super) fn places(&mut self) -> Result<(), ScenarioError> {
        let s = self.s;
        if s.busts.is_empty() {
            return Ok(());
        }
        let ties = s.profile.director.same_hand_ties;
        let busted: Vec<Busted> = s
            .busts
            .iter()
            .map(|b| Busted {
                player: PlayerId(b.player as u32),
                start_stack: b.stack_at_start,
                hands_to_big_blind: self.hands_to_big_blind(b.table, b.seat),
            })
            .collect();
        let rank = |deck: &mut Deck| {
            places::rank_same_hand(ties, &busted, deck)
                .map_err(|e| ScenarioError::key("bust", e.to_string()))
        };
        let mut ranking = rank(&mut self.draw.deck(busted.len()))?;
        // The cards that fell at the table, dealt to the tied players in the same order.
        let given: Vec<Option<Card>> = ranking
            .draws
            .iter()
            .map(|(p, _)| s.draw.cards.get(&(p.0 as usize)).copied())
            .collect();
        if given.iter().any(Option::is_some) {
            if let Some(i) = given.iter().position(Option::is_none) {
                return Err(ScenarioError::key(
                    "draw.cards",
                    format!(
                        "{} ties on the stack at the start of the hand and needs a card too",
                        self.name(ranking.draws[i].0.0 as usize)
                    ),
                ));
            }
            ranking = rank(&mut Deck::from_cards(given.into_iter().flatten().collect()))?;
        }
        let alive_before = s.names.len() as u32;
        let placed = places::places_for(alive_before, ranking.order.len());
        let prize_of = |place: u32| s.payouts.get(place as usize - 1).copied().unwrap_or(0);
        let mut prizes: Vec<u64> = placed.iter().map(|&p| prize_of(p)).collect();
        let shared = shares_at_the_money(s.hand_for_hand, &prizes);
        if shared {
            let total = Money(prizes.iter().sum());
            prizes = crate::payout::share(total, prizes.len(), Money(1))
                .into_iter()
                .map(|m| m.0)
                .collect();
        }
        let cite = self.cite();
        let mut rules: Vec<Rule> = cite.places().to_vec();
        if ranking.order.len() > 1 {
            let same_hand = cite.same_hand();
            if !rules.contains(&same_hand) {
                rules.push(same_hand);
            }
            if same_hand == rule!("TDA-1") {
                // TDA 2019 has no rule on it: the way both house rulebooks place them.
                self.out.say(
                    "players out in the same hand place by their stacks at its start, the larger higher"
                        .into(),
                    &[rule!("TDA-1")],
                );
            }
        }
        if !ranking.draws.is_empty() {
            for id in cite.tie_draw() {
                if !rules.contains(id) {
                    rules.push(*id);
                }
            }
        }
        if shared {
            rules.push(rule!("TDA-RP-8A"));
        }
        for (k, (&player, &place)) in ranking.order.iter().zip(&placed).enumerate() {
            let name = self.name(player.0 as usize);
            self.out.places.insert(name.clone(), place);
            self.out.prizes.insert(name.clone(), prizes[k]);
            let text = if shared {
                format!(
                    "{name} finishes {}, prize {} (a share of the places' prizes)",
                    ordinal(place),
                    prizes[k]
                )
            } else {
                format!("{name} finishes {}, prize {}", ordinal(place), prizes[k])
            };
            self.out.say(text, &rules);
        }
        for (p, card) in &ranking.draws {
            let text = format!("{} drew {card} for the place", self.name(p.0 as usize));
            self.out.say(text, cite.tie_draw());
        }
        let winner = (s.busts.len() + 1 == s.names.len())
            .then(|| (0..s.names.len()).find(|&p| !s.busts.iter().any(|b| b.player == p)))
            .flatten();
        if let Some(w) = winner {
            let name = self.name(w);
            let prize = prize_of(1);
            self.out.places.insert(name.clone(), 1);
            self.out.prizes.insert(name.clone(), prize);
            self.out.say(
                format!("{name} wins the event, prize {prize}"),
                cite.places(),
            );
        }
        if let Some(bounty) = s.bounty {
            let mut book = BountyBook::new(BountyKind::Fixed, true, Money(1));
            for p in 0..s.names.len() {
                book.enter(PlayerId(p as u32), Money(bounty));
            }
            for b in &s.busts {
                if let Some(by) = b.by {
                    book.knockout(PlayerId(b.player as u32), &[PlayerId(by as u32)]);
                    let text = format!(
                        "{} wins the bounty {bounty} of {}",
                        self.name(by),
                        self.name(b.player)
                    );
                    self.out.say(text, &[rule!("HC-1.2")]);
                }
            }
            if let Some(w) = winner {
                let own = book.finish(PlayerId(w as u32));
                let text = format!("{} keeps their own bounty {}", self.name(w), own.0);
                self.out.say(text, &[rule!("HC-1.2")]);
            }
            for p in 0..s.names.len() {
                let won = book.won(PlayerId(p as u32)).0;
                if won > 0 {
                    self.out.bounties.insert(self.name(p), won);
                }
            }
        }
        Ok(())
    }

    fn cite(&self) -> Cite {
        Cite(self.s.profile.id)
    }

    /// Hands until the player at `seat` would have had the big blind, counted from the big blind
    /// of the hand just played (WWPLA-12: nearer the blind places higher).
    pub(super) fn hands_to_big_blind(&self, table: usize, seat: Seat) -> u8 {
        let t = &self.tabs[table].table;
        let Some((_, _, bb)) = t.last_positions() else {
            return 0;
        };
        let n = t.seats().len();
        (0..n)
            .map(|k| (bb.index() + k) % n)
            .filter(|&i| t.seats()[i].is_some())
            .position(|i| i == seat.index())
            .unwrap_or(0) as u8
    }
}

/// TDA-RP-8A: players out in one hand-for-hand hand share the prizes of the places they take
/// together only when that hand brings the field into the money: their places hold a paid
/// one and an unpaid one. Otherwise each place keeps its own prize.
fn shares_at_the_money(hand_for_hand: bool, prizes: &[u64]) -> bool {
    hand_for_hand && prizes.len() > 1 && prizes.iter().any(|&p| p > 0) && prizes.contains(&0)
}
