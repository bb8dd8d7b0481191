//! Knockout bounties: fixed (HC-1.2, the whole head to the eliminator) and progressive (half in
//! cash, half onto the eliminator's own head). The book only moves money between heads and
//! winnings, so its total never changes but by `enter`.

use crate::config::{BountyKind, Money};
use crate::payout::share;
use engine::PlayerId;
use std::collections::HashMap;

/// What a change did to entries' heads and winnings: (entry, head, winnings), after less before.
pub type BountyDeltas = Vec<(PlayerId, i128, i128)>;

/// Every entry's head bounty and the bounties it has won so far.
#[derive(Clone, Debug)]
pub struct BountyBook {
    kind: BountyKind,
    winner_keeps_own: bool,
    unit: Money,
    heads: HashMap<PlayerId, Money>,
    won: HashMap<PlayerId, Money>,
}

impl BountyBook {
    /// Payments are made in multiples of `unit` (0 counts as 1).
    pub fn new(kind: BountyKind, winner_keeps_own: bool, unit: Money) -> BountyBook {
        BountyBook {
            kind,
            winner_keeps_own,
            unit: Money(unit.0.max(1)),
            heads: HashMap::new(),
            won: HashMap::new(),
        }
    }

    /// Puts `bounty` on an entry's head; an entry entered twice carries both.
    pub fn enter(&mut self, entry: PlayerId, bounty: Money) {
        add(&mut self.heads, entry, bounty);
    }

    /// The bounty on an entry's head now.
    pub fn head(&self, entry: PlayerId) -> Money {
        self.heads.get(&entry).copied().unwrap_or_default()
    }

    /// The bounties an entry has been paid.
    pub fn won(&self, entry: PlayerId) -> Money {
        self.won.get(&entry).copied().unwrap_or_default()
    }

    /// `busted` lost their last chips to the winners of that pot, `eliminators`, in TDA-20
    /// odd-chip order (first left of the button first). Returns the cash each is paid. The
    /// busted head goes to them: fixed, wholly as cash; progressive, half (rounded down to the
    /// unit) as cash and the rest onto their own heads. Each part is split equally in units,
    /// leftover units one each from the first, any sub-unit rest to the first.
    ///
    /// Without eliminators (a stack taken off the table, HC-1.4) nobody is paid and the head
    /// stays in the book for the director.
    pub fn knockout(
        &mut self,
        busted: PlayerId,
        eliminators: &[PlayerId],
    ) -> Vec<(PlayerId, Money)> {
        let mut winners: Vec<PlayerId> = Vec::with_capacity(eliminators.len());
        for &id in eliminators {
            if id != busted && !winners.contains(&id) {
                winners.push(id);
            }
        }
        if winners.is_empty() {
            return Vec::new();
        }
        let head = self.heads.insert(busted, Money(0)).unwrap_or_default();
        let cash = match self.kind {
            BountyKind::Fixed => head,
            BountyKind::Progressive => Money(head.0 / 2 / self.unit.0 * self.unit.0),
        };
        let onto_heads = Money(head.0 - cash.0);
        for (&id, amount) in winners
            .iter()
            .zip(share(onto_heads, winners.len(), self.unit))
        {
            add(&mut self.heads, id, amount);
        }
        let paid: Vec<(PlayerId, Money)> = winners
            .iter()
            .copied()
            .zip(share(cash, winners.len(), self.unit))
            .collect();
        for &(id, amount) in &paid {
            add(&mut self.won, id, amount);
        }
        paid
    }

    /// Every entry's head and winnings, to take a knockout back by what it changed.
    pub fn books_of(&self, entries: &[PlayerId]) -> Vec<(PlayerId, Money, Money)> {
        entries
            .iter()
            .map(|&e| (e, self.head(e), self.won(e)))
            .collect()
    }

    /// What a change did to each entry's head and winnings (after less before), for
    /// `take_back`.
    pub fn deltas(
        before: &[(PlayerId, Money, Money)],
        after: &[(PlayerId, Money, Money)],
    ) -> BountyDeltas {
        before
            .iter()
            .zip(after)
            .map(|(&(id, h0, w0), &(_, h1, w2))| {
                let d = |a: Money, b: Money| i128::from(b.0) - i128::from(a.0);
                (id, d(h0, h1), d(w0, w2))
            })
            .filter(|&(_, h, w)| h != 0 || w != 0)
            .collect()
    }

    /// Whether `deltas` can be taken back: no head or winnings would go below nothing.
    pub fn can_take_back(&self, deltas: &[(PlayerId, i128, i128)]) -> Result<(), PlayerId> {
        for &(id, h, w) in deltas {
            let head = i128::from(self.head(id).0) - h;
            let won = i128::from(self.won(id).0) - w;
            if head < 0 || won < 0 || head > i128::from(u64::MAX) || won > i128::from(u64::MAX) {
                return Err(id);
            }
        }
        Ok(())
    }

    /// Takes a knockout back by what it did (checked with `can_take_back` first).
    pub fn take_back(&mut self, deltas: &[(PlayerId, i128, i128)]) -> Result<(), PlayerId> {
        self.can_take_back(deltas)?;
        for &(id, h, w) in deltas {
            let back = |now: Money, d: i128| Money((i128::from(now.0) - d) as u64);
            let head = back(self.head(id), h);
            let won = back(self.won(id), w);
            self.heads.insert(id, head);
            self.won.insert(id, won);
        }
        Ok(())
    }

    /// The tournament is won: HC-1.2 ("Außerdem werden dem Gewinner auch noch seine eigenen
    /// Knockout-Punkte gut geschrieben") pays the winner their own head when the event says so.
    /// Returns what was paid.
    pub fn finish(&mut self, winner: PlayerId) -> Money {
        if !self.winner_keeps_own {
            return Money(0);
        }
        let own = self.heads.insert(winner, Money(0)).unwrap_or_default();
        add(&mut self.won, winner, own);
        own
    }

    /// Takes the heads nobody can win any more (the event is over: disqualified and removed
    /// entries, and the winner's own when the event does not pay it); returns their sum.
    pub fn take_unclaimed(&mut self) -> Money {
        let sum = self.heads.values().map(|m| m.0).sum();
        self.heads.clear();
        Money(sum)
    }

    /// All the money in the book: every head and every payment.
    pub fn total(&self) -> Money {
        let sum = |map: &HashMap<PlayerId, Money>| map.values().map(|m| m.0).sum::<u64>();
        Money(sum(&self.heads) + sum(&self.won))
    }
}

fn add(map: &mut HashMap<PlayerId, Money>, id: PlayerId, amount: Money) {
    let entry = map.entry(id).or_default();
    entry.0 = entry.0.saturating_add(amount.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: PlayerId = PlayerId(1);
    const B: PlayerId = PlayerId(2);
    const C: PlayerId = PlayerId(3);
    const D: PlayerId = PlayerId(4);

    fn book(kind: BountyKind, unit: u64, players: &[PlayerId], bounty: u64) -> BountyBook {
        let mut book = BountyBook::new(kind, true, Money(unit));
        for &p in players {
            book.enter(p, Money(bounty));
        }
        book
    }

    #[test]
    fn hc_1_2_fixed_150_50() {
        // HC-1.2: 200 buy-in as a 150/50 knockout: 50 to whoever knocks a player out, and the
        // winner is credited their own 50 as well.
        let mut book = book(BountyKind::Fixed, 1, &[A, B, C], 50);
        assert_eq!(book.knockout(B, &[A]), vec![(A, Money(50))]);
        assert_eq!(book.head(B), Money(0));
        assert_eq!(book.head(A), Money(50));
        assert_eq!(book.knockout(C, &[A]), vec![(A, Money(50))]);
        assert_eq!(book.finish(A), Money(50));
        assert_eq!(book.won(A), Money(150));
        assert_eq!(book.total(), Money(150));
    }

    #[test]
    fn winner_without_own_bounty() {
        let mut book = BountyBook::new(BountyKind::Fixed, false, Money(1));
        book.enter(A, Money(50));
        book.enter(B, Money(50));
        book.knockout(B, &[A]);
        assert_eq!(book.finish(A), Money(0));
        assert_eq!(book.won(A), Money(50));
        assert_eq!(book.head(A), Money(50));
    }

    #[test]
    fn split_pot_shares_the_head() {
        // Two winners of the busting pot, TDA-20 order A then C: 51 -> 26, 25.
        let mut book = book(BountyKind::Fixed, 1, &[A, B, C], 51);
        assert_eq!(
            book.knockout(B, &[A, C]),
            vec![(A, Money(26)), (C, Money(25))]
        );
        // Units of 10: 55 is five units and 5 over -> 30 + 5 to the first, 20.
        let mut book = book_with(BountyKind::Fixed, 10, &[(A, 55), (B, 55), (C, 55)]);
        assert_eq!(
            book.knockout(B, &[C, A]),
            vec![(C, Money(35)), (A, Money(20))]
        );
        assert_eq!(book.total(), Money(165));
    }

    fn book_with(kind: BountyKind, unit: u64, heads: &[(PlayerId, u64)]) -> BountyBook {
        let mut book = BountyBook::new(kind, true, Money(unit));
        for &(p, bounty) in heads {
            book.enter(p, Money(bounty));
        }
        book
    }

    #[test]
    fn progressive_chain() {
        let mut book = book(BountyKind::Progressive, 1, &[A, B, C, D], 100);
        // A busts B: 50 cash, A's head 100 + 50.
        assert_eq!(book.knockout(B, &[A]), vec![(A, Money(50))]);
        assert_eq!(book.head(A), Money(150));
        // C busts A: 75 cash, C's head 175.
        assert_eq!(book.knockout(A, &[C]), vec![(C, Money(75))]);
        assert_eq!(book.head(C), Money(175));
        assert_eq!(book.head(A), Money(0));
        // D busts C: 175 -> 87 cash, 88 onto D's head (the odd chip stays on the head).
        assert_eq!(book.knockout(C, &[D]), vec![(D, Money(87))]);
        assert_eq!(book.head(D), Money(188));
        assert_eq!(book.finish(D), Money(188));
        assert_eq!(book.won(D), Money(87 + 188));
        assert_eq!(book.won(C), Money(75));
        assert_eq!(book.won(A), Money(50));
        assert_eq!(book.total(), Money(400));
    }

    #[test]
    fn progressive_split_in_units() {
        // Head 250 in units of 25: cash 125 rounded down to 125 (5 units) -> 75, 50; the other
        // 125 onto the heads -> 75, 50.
        let mut book = book(BountyKind::Progressive, 25, &[A, B, C], 250);
        assert_eq!(
            book.knockout(B, &[C, A]),
            vec![(C, Money(75)), (A, Money(50))]
        );
        assert_eq!(book.head(C), Money(325));
        assert_eq!(book.head(A), Money(300));
        // Head 110 in units of 25: cash 55 rounded down to 50, 60 onto the head.
        let mut book = book_with(BountyKind::Progressive, 25, &[(A, 100), (B, 110)]);
        assert_eq!(book.knockout(B, &[A]), vec![(A, Money(50))]);
        assert_eq!(book.head(A), Money(160));
    }

    #[test]
    fn no_eliminator_keeps_the_head() {
        let mut book = book(BountyKind::Fixed, 1, &[A, B], 50);
        assert!(book.knockout(B, &[]).is_empty());
        assert!(book.knockout(B, &[B]).is_empty());
        assert_eq!(book.head(B), Money(50));
    }

    #[test]
    fn money_is_conserved_over_random_knockouts() {
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for round in 0..200 {
            let kind = if round % 2 == 0 {
                BountyKind::Fixed
            } else {
                BountyKind::Progressive
            };
            let unit = [1, 5, 25, 100][next(4)];
            let mut book = BountyBook::new(kind, true, Money(unit));
            let mut alive: Vec<PlayerId> = (0..2 + next(30) as u32).map(PlayerId).collect();
            let mut entered = 0;
            for &p in &alive {
                let bounty = 1 + next(1000) as u64;
                book.enter(p, Money(bounty));
                entered += bounty;
            }
            while alive.len() > 1 {
                let busted = alive.remove(next(alive.len()));
                let winners = 1 + next(alive.len().min(3));
                let eliminators: Vec<PlayerId> = alive.iter().copied().take(winners).collect();
                let paid = book.knockout(busted, &eliminators);
                assert_eq!(paid.len(), winners);
                assert_eq!(book.head(busted), Money(0));
                assert_eq!(book.total(), Money(entered), "round {round}");
            }
            book.finish(alive[0]);
            assert_eq!(book.head(alive[0]), Money(0));
            let won: u64 = (0..32).map(|i| book.won(PlayerId(i)).0).sum();
            assert_eq!(won, entered, "round {round}: all paid out");
        }
    }
}
