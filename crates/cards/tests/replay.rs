//! A hand's seed deals the same deck forever (issue 20 item 6: one sampler, `cards::sample`,
//! and the decks dealt before it still dealt the same). The cards below were dealt from this
//! seed by the shuffle as it was before the sampler was shared.

use cards::{Deck, Seed};

#[test]
fn a_seed_deals_the_deck_it_always_dealt() {
    let mut deck = Deck::shuffled(Seed::from_u64(2026));
    let dealt: Vec<String> = (0..12)
        .map(|_| deck.deal().expect("a card").to_string())
        .collect();
    assert_eq!(dealt.join(" "), "Tc Th 8h 3c 9h 7c Qs Qc Jd 2s 2c 9d");
}
