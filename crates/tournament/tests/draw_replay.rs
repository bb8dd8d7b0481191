//! An event's seed draws the same seats and cards forever (issue 20 item 6: one sampler,
//! `cards::sample`; a log written before replays the same tournament). The values below were
//! drawn from this seed before the sampler was shared.

use tournament::draw::Draw;

#[test]
fn an_event_seed_draws_what_it_always_drew() {
    let mut draw = Draw::new(7);
    let numbers: Vec<usize> = (0..12).map(|k| draw.below(k % 9 + 2)).collect();
    assert_eq!(numbers, [1, 2, 1, 3, 4, 3, 3, 0, 7, 1, 0, 3]);
    let mut seats: Vec<u32> = (0..10).collect();
    draw.shuffle(&mut seats);
    assert_eq!(seats, [3, 4, 0, 7, 1, 8, 9, 6, 2, 5]);
    let cards: Vec<String> = draw.cards(5).iter().map(ToString::to_string).collect();
    assert_eq!(cards.join(" "), "Tc 9h 5d 4d Ah");
}
