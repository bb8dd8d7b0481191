//! Seat draws: the first seating (TDA-7 at random; HC-1.7 by cards, each card a seat of a table,
//! tables as even as possible), each table's first button (WWPLA-12), and the two-stage draw for
//! players of a broken table (TDA-10).

use crate::draw::Draw;
use crate::profile::{FirstButton, SeatDraw};
use cards::Card;
use engine::Seat;

/// Players per table for `players` at tables of `table_size`: as few tables as will hold
/// them, and no two differing by more than one (HC-1.7).
pub fn table_counts(players: usize, table_size: usize) -> Vec<usize> {
    if players == 0 {
        return Vec::new();
    }
    let tables = players.div_ceil(table_size.max(2));
    (0..tables)
        .map(|t| players / tables + usize::from(t < players % tables))
        .collect()
}

/// The seats of the first seating: for each table, which seats are used. At random (TDA-7) the
/// players of a short table are spread over random seats; by cards (HC-1.7) the cards ace, two,
/// three... of the table's suit are seats one, two, three..., the ace on the button.
pub fn first_seats(
    counts: &[usize],
    table_size: usize,
    how: SeatDraw,
    draw: &mut Draw,
) -> Vec<Vec<Seat>> {
    counts
        .iter()
        .map(|&count| {
            let mut seats: Vec<Seat> = (0..table_size as u8).map(Seat).collect();
            if how == SeatDraw::Random {
                draw.shuffle(&mut seats);
                seats.truncate(count);
                seats.sort();
            } else {
                seats.truncate(count);
            }
            seats
        })
        .collect()
}

/// Each table's first button among the occupied `seats`: seat one (WWPLA-12, HC-1.7: the ace)
/// or the highest card dealt one to each player (WWPLA-12's alternative).
pub fn first_button(
    seats: &[Seat],
    how: FirstButton,
    draw: &mut Draw,
) -> (Seat, Vec<(Seat, Card)>) {
    match how {
        FirstButton::SeatOne => (seats.iter().copied().min().unwrap_or(Seat(0)), Vec::new()),
        FirstButton::HighCard => {
            let dealt: Vec<(Seat, Card)> =
                seats.iter().copied().zip(draw.cards(seats.len())).collect();
            let button = dealt
                .iter()
                .max_by_key(|(_, card)| *card)
                .map_or(Seat(0), |(seat, _)| *seat);
            (button, dealt)
        }
    }
}

/// TDA-10's two-stage draw: the seat cards are shuffled face down, each player is dealt a card
/// face up, and the seat cards are given out from the highest card down. Returns, for each
/// player in `players` order, the index of the seat card they get and the card they were dealt.
pub fn two_stage(players: usize, seat_cards: usize, draw: &mut Draw) -> Vec<(usize, Card)> {
    let mut stack: Vec<usize> = (0..seat_cards).collect();
    draw.shuffle(&mut stack);
    let cards = draw.cards(players);
    let mut by_card: Vec<usize> = (0..players).collect();
    by_card.sort_by(|&a, &b| cards[b].cmp(&cards[a]).then(a.cmp(&b)));
    let mut out = vec![
        (
            0,
            cards
                .first()
                .copied()
                .unwrap_or(Card::new(cards::Rank::Two, cards::Suit::Clubs))
        );
        players
    ];
    for (k, &player) in by_card.iter().enumerate() {
        out[player] = (stack.get(k).copied().unwrap_or(k), cards[player]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hc_1_7_tables_differ_by_at_most_one() {
        assert_eq!(table_counts(17, 10), vec![9, 8]);
        for n in 1..200 {
            let counts = table_counts(n, 9);
            assert_eq!(counts.iter().sum::<usize>(), n);
            let (lo, hi) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
            assert!(hi - lo <= 1 && *hi <= 9, "{n}: {counts:?}");
            assert_eq!(counts.len(), n.div_ceil(9));
        }
    }

    #[test]
    fn hc_1_7_cards_fill_seats_from_the_ace() {
        let mut draw = Draw::new(1);
        let seats = first_seats(&[9, 8], 10, SeatDraw::Cards, &mut draw);
        assert_eq!(seats[1], (0..8).map(Seat).collect::<Vec<_>>());
        let (button, _) = first_button(&seats[1], FirstButton::SeatOne, &mut draw);
        assert_eq!(button, Seat(0));
    }

    #[test]
    fn tda_10_two_stage_gives_every_seat_once() {
        let mut draw = Draw::new(7);
        for players in 1..=10 {
            let got = two_stage(players, players + 3, &mut draw);
            let mut seats: Vec<usize> = got.iter().map(|(s, _)| *s).collect();
            seats.sort();
            seats.dedup();
            assert_eq!(seats.len(), players);
            assert!(seats.iter().all(|&s| s < players + 3));
        }
    }

    #[test]
    fn wwpla_12_high_card_takes_the_button() {
        let mut draw = Draw::new(3);
        let seats: Vec<Seat> = (0..6).map(Seat).collect();
        let (button, dealt) = first_button(&seats, FirstButton::HighCard, &mut draw);
        let best = dealt.iter().max_by_key(|(_, c)| *c).unwrap();
        assert_eq!(button, best.0);
    }
}
