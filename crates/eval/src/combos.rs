use cards::Card;

/// Calls `f` with every five of `cards`.
pub(crate) fn for_each_five(cards: &[Card], mut f: impl FnMut([Card; 5])) {
    let n = cards.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        f([cards[a], cards[b], cards[c], cards[d], cards[e]]);
                    }
                }
            }
        }
    }
}
