use super::{HandKey, HighEvaluator};
use crate::combos::for_each_five;
use crate::{HandCategory, HighValue};
use cards::{Card, Lang, Rank};

/// A made high hand as the dealer reads it: its value, the five cards that make it (in the
/// order they are compared) and its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MadeHand {
    pub value: HighValue,
    pub five: [Card; 5],
}

impl MadeHand {
    /// The best five of 5 to 7 cards; `None` for fewer than five or more than seven.
    pub fn best(cards: &[Card]) -> Option<MadeHand> {
        if !(5..=7).contains(&cards.len()) {
            return None;
        }
        let mut best = Best::default();
        for_each_five(cards, |five| best.offer(five));
        best.0
    }

    /// The best Omaha hand: exactly two of 2 to 6 hole cards with exactly three of 3 to 5
    /// board cards.
    pub fn best_omaha(hole: &[Card], board: &[Card]) -> Option<MadeHand> {
        if !(2..=6).contains(&hole.len()) || !(3..=5).contains(&board.len()) {
            return None;
        }
        let mut best = Best::default();
        for (i, &a) in hole.iter().enumerate() {
            for &b in &hole[i + 1..] {
                for (j, &c) in board.iter().enumerate() {
                    for (k, &d) in board.iter().enumerate().skip(j + 1) {
                        for &e in &board[k + 1..] {
                            best.offer([a, b, c, d, e]);
                        }
                    }
                }
            }
        }
        best.0
    }

    pub fn category(&self) -> HandCategory {
        self.value.category()
    }

    /// The ranks in the order they are compared (the wheel's ace last).
    fn ranks(&self) -> [Rank; 5] {
        self.five.map(|c| c.rank())
    }

    /// What the dealer announces: "Full House, Kings full of Aces" /
    /// "Full House, Könige mit Assen".
    pub fn name(&self, lang: Lang) -> String {
        let r = self.ranks();
        let (en, de) = (lang == Lang::En, lang == Lang::De);
        let one = |x: Rank| x.name(lang);
        let many = |x: Rank| x.plural(lang);
        match self.category() {
            HandCategory::StraightFlush if r[0] == Rank::Ace => "Royal Flush".to_owned(),
            HandCategory::StraightFlush => format!("Straight Flush, {} {}", one(r[0]), high(lang)),
            HandCategory::FourOfAKind if en => format!("Four of a Kind, {}", many(r[0])),
            HandCategory::FourOfAKind => format!("Vier Gleiche, {}", many(r[0])),
            HandCategory::FullHouse if de => {
                format!("Full House, {} mit {}", many(r[0]), dative_plural(r[3]))
            }
            HandCategory::FullHouse => format!("Full House, {} full of {}", many(r[0]), many(r[3])),
            HandCategory::Flush => format!("Flush, {} {}", one(r[0]), high(lang)),
            HandCategory::Straight => format!("Straight, {} {}", one(r[0]), high(lang)),
            HandCategory::ThreeOfAKind if en => format!("Three of a Kind, {}", many(r[0])),
            HandCategory::ThreeOfAKind => format!("Drei Gleiche, {}", many(r[0])),
            HandCategory::TwoPair if en => {
                format!("Two Pair, {} and {}", many(r[0]), many(r[2]))
            }
            HandCategory::TwoPair => format!("Zwei Paare, {} und {}", many(r[0]), many(r[2])),
            HandCategory::OnePair if en => format!("One Pair, {}", many(r[0])),
            HandCategory::OnePair => format!("Ein Paar, {}", many(r[0])),
            HandCategory::HighCard if en => format!("High Card, {}", one(r[0])),
            HandCategory::HighCard => format!("Kein Paar, {} hoch", one(r[0])),
        }
    }
}

#[derive(Default)]
struct Best(Option<MadeHand>);

impl Best {
    fn offer(&mut self, five: [Card; 5]) {
        let value = HighEvaluator::get().evaluate(HandKey::from_cards(&five));
        if self.0.is_none_or(|b| value > b.value) {
            self.0 = Some(MadeHand {
                value,
                five: compared_order(five),
            });
        }
    }
}

fn high(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "high",
        Lang::De => "hoch",
    }
}

/// "mit Assen", "mit Königen": the dative plural, which differs only for ace and king.
fn dative_plural(rank: Rank) -> &'static str {
    match rank {
        Rank::Ace => "Assen",
        Rank::King => "Königen",
        other => other.plural(Lang::De),
    }
}

/// The five cards ordered as they are compared: by how many of the rank, then by rank,
/// then by suit (spades first, for a stable display); the wheel's ace goes last.
fn compared_order(mut five: [Card; 5]) -> [Card; 5] {
    let count = |c: &Card| five.iter().filter(|x| x.rank() == c.rank()).count();
    let counts: Vec<(usize, Card)> = five.iter().map(|c| (count(c), *c)).collect();
    let mut sorted = counts;
    sorted.sort_by(|a, b| b.cmp(a));
    for (slot, (_, card)) in five.iter_mut().zip(sorted) {
        *slot = card;
    }
    let ranks = five.map(|c| c.rank());
    if ranks == [Rank::Ace, Rank::Five, Rank::Four, Rank::Three, Rank::Two] {
        five.rotate_left(1);
    }
    five
}
