//! Places and prizes as the director gives them: same-hand places (HC-1.3), prizes shared in
//! hand-for-hand (TDA-RP-8A), prizes in the TD's unit, knockout bounties (HC-1.2), progressive
//! knockouts and league points (HC-4).

mod common;

use common::*;
use engine::PlayerId;
use tournament::config::{Bounties, BountyKind, League, Money};
use tournament::{TableId, Tournament};

fn ids_at(t: &Tournament, table: TableId) -> Vec<PlayerId> {
    players_at(t, table).iter().map(|s| s.1).collect()
}

/// The players at `table` by stack, largest first.
fn by_stack(t: &Tournament, table: TableId) -> Vec<PlayerId> {
    let mut seats = players_at(t, table);
    seats.sort_by_key(|s| std::cmp::Reverse(s.2));
    seats.iter().map(|s| s.1).collect()
}

fn place(t: &Tournament, p: PlayerId) -> u32 {
    t.entry(p).unwrap().place.expect("placed")
}

fn prize(t: &Tournament, p: PlayerId) -> u64 {
    t.entry(p).unwrap().prize.0
}

#[test]
fn tda_rp_8a_players_out_in_the_same_hand_for_hand_hand_share_their_places_prizes() {
    // 12 entrants, 6 paid; 600,000 in the pool, 6th place 7 % = 42,000.
    let mut t = started(bubble_config(2), 12, 31);
    let (a, b) = (counts(&t)[0].0, counts(&t)[1].0);
    for (table, m) in [(a, 1), (b, 2)] {
        let ids = ids_at(&t, table);
        knock_out(&mut t, table, at_minute(m), ids[0], &ids[1..3]);
    }
    assert!(t.clock().is_hand_for_hand());
    // One hand-for-hand hand: two out at table 1 and one at table 2, 8 -> 5 left.
    let (wa, wb) = (by_stack(&t, a)[0], by_stack(&t, b)[0]);
    let out_a: Vec<PlayerId> = by_stack(&t, a)[1..3].to_vec();
    let out_b = by_stack(&t, b)[1];
    let mut sa = t.next_hand(a, at_minute(5)).unwrap();
    let mut sb = t.next_hand(b, at_minute(5)).unwrap();
    let players_a = [wa, out_a[0], out_a[1]];
    let ha = play_start(
        &mut sa,
        Script::AllIn {
            players: &players_a,
            winners: &[wa],
        },
    );
    let hb = play_start(
        &mut sb,
        Script::AllIn {
            players: &[wb, out_b],
            winners: &[wb],
        },
    );
    t.finish_hand(a, &ha, at_minute(6)).unwrap();
    t.finish_hand(b, &hb, at_minute(7)).unwrap();
    assert_eq!(t.alive(), 5);
    assert!(!t.clock().is_hand_for_hand());
    // The final table: the big stack takes everyone in one hand.
    let final_table = counts(&t)[0].0;
    let rest = by_stack(&t, final_table);
    knock_out(&mut t, final_table, at_minute(8), rest[0], &rest[1..]);
    assert!(t.is_finished());
    // Places 8, 7 and 6 share the prizes of 8 and 7 (none) and 6: 42,000 / 3 each.
    let round = [out_a[0], out_a[1], out_b];
    let mut places: Vec<u32> = round.iter().map(|&p| place(&t, p)).collect();
    places.sort();
    assert_eq!(places, vec![6, 7, 8]);
    for p in round {
        assert_eq!(prize(&t, p), 14_000, "{p:?}");
    }
    let total: u64 = t.entries().iter().map(|e| e.prize.0).sum();
    assert_eq!(total, 600_000);
    assert_eq!(prize(&t, rest[0]), 210_000);
}

#[test]
fn hc_1_3_same_hand_the_larger_stack_at_the_start_places_higher_and_hc_4_league_points() {
    let mut c = config("hc", "hc");
    // HC-4 leaves the formula to the league: one point a place beaten, one a knockout.
    c.league = Some(League {
        formula: "entrants - place + 1 + knockouts".into(),
    });
    let mut t = started(c, 4, 32);
    let table = counts(&t)[0].0;
    // A walk at 1/2: the small blind has 299, the big blind 301, the others 300.
    play(&mut t, table, at_minute(1), Script::Walk).unwrap();
    let find = |t: &Tournament, n| {
        players_at(t, table)
            .iter()
            .filter(|s| s.2 == n)
            .map(|s| s.1)
            .collect::<Vec<_>>()
    };
    let (small, big, even) = (find(&t, 299)[0], find(&t, 301)[0], find(&t, 300));
    // The big stack takes 300 and 299 in one hand: 300 places 3rd, 299 4th.
    knock_out(&mut t, table, at_minute(2), big, &[even[0], small]);
    knock_out(&mut t, table, at_minute(3), big, &[even[1]]);
    assert!(t.is_finished());
    let places: Vec<u32> = [big, even[1], even[0], small]
        .iter()
        .map(|&p| place(&t, p))
        .collect();
    assert_eq!(places, vec![1, 2, 3, 4]);
    // HC-1.6, 3-7 players: 70 %, 30 % of 400.
    assert_eq!((prize(&t, big), prize(&t, even[1])), (280, 120));
    let points: Vec<i64> = [big, even[1], even[0], small]
        .iter()
        .map(|&p| t.entry(p).unwrap().league_points.unwrap())
        .collect();
    // 4 entrants: 1st beats 3 and took 3 out, 7; 2nd 3; 3rd 2; 4th 1.
    assert_eq!(points, vec![7, 3, 2, 1]);
}

#[test]
fn prizes_in_the_tds_unit_with_the_remainder_to_the_higher_place() {
    let mut c = config("hc", "hc");
    c.payouts.unit = Money(25);
    let mut t = started(c, 3, 33);
    let table = counts(&t)[0].0;
    let ids = ids_at(&t, table);
    knock_out(&mut t, table, at_minute(1), ids[0], &ids[1..]);
    assert!(t.is_finished());
    // 70 % of 300 = 210 -> 200, 30 % = 90 -> 75; the 25 left over to 1st.
    let second = if place(&t, ids[1]) == 2 {
        ids[1]
    } else {
        ids[2]
    };
    assert_eq!((prize(&t, ids[0]), prize(&t, second)), (225, 75));
}

#[test]
fn hc_1_2_a_150_50_knockout_pays_the_eliminator_and_splits_with_the_pot() {
    let mut c = config("hc", "hc");
    c.buy_in.prize = Money(150);
    c.buy_in.bounty = Money(50);
    c.bounties = Some(Bounties {
        kind: BountyKind::Fixed,
        winner_keeps_own: true,
    });
    let mut t = started(c, 4, 34);
    let table = counts(&t)[0].0;
    let ids = ids_at(&t, table);
    let (a, b, x, d) = (ids[0], ids[1], ids[2], ids[3]);
    // a and b split the pot that takes x's last chips: 25 each.
    let (_, report) = play(
        &mut t,
        table,
        at_minute(1),
        Script::AllIn {
            players: &[a, b, x],
            winners: &[a, b],
        },
    )
    .unwrap();
    assert_eq!(report.busted, vec![x]);
    assert_eq!(
        (
            t.entry(a).unwrap().bounties_won(&t),
            t.entry(b).unwrap().bounties_won(&t)
        ),
        (Money(25), Money(25))
    );
    knock_out(&mut t, table, at_minute(2), a, &[d]);
    let b_stack = stack_of(&t, b);
    assert!(stack_of(&t, a) >= b_stack);
    knock_out(&mut t, table, at_minute(3), a, &[b]);
    assert!(t.is_finished());
    // a: 25 + 50 + 50, and their own 50 as the winner.
    assert_eq!(t.entry(a).unwrap().bounties_won(&t), Money(175));
    // Only the 150s go to the prize pool: 4 x 150, 70/30.
    assert_eq!(t.prize_pool(), Money(600));
    assert_eq!(prize(&t, a), 420);
}

#[test]
fn progressive_knockout_half_in_cash_half_onto_the_eliminators_head() {
    // Turbo: 500 on each head, progressive; 6-minute levels, rebuys and late entries through
    // level 3, a break 18:00-23:00.
    let mut c = config("turbo", "tda");
    c.bounties = Some(Bounties {
        kind: BountyKind::Progressive,
        winner_keeps_own: true,
    });
    let mut t = started(c, 4, 35);
    let table = counts(&t)[0].0;
    let ids = ids_at(&t, table);
    let (a, b, x, d) = (ids[0], ids[1], ids[2], ids[3]);
    knock_out(&mut t, table, at_minute(1), x, &[d]);
    // 250 cash; x's head is now 750.
    assert_eq!(t.entry(x).unwrap().bounties_won(&t), Money(250));
    knock_out(&mut t, table, at_minute(2), a, &[b]);
    // a's head 750 too; whoever of a and x is bigger takes the other: 375 cash.
    let (big, small) = if stack_of(&t, a) >= stack_of(&t, x) {
        (a, x)
    } else {
        (x, a)
    };
    knock_out(&mut t, table, at_minute(24), big, &[small]);
    assert!(t.is_finished());
    // 250 + 375 cash, and their own head of 500 + 250 + 375 as the winner: all 2,000.
    assert_eq!(
        t.entry(big).unwrap().bounties_won(&t),
        Money(250 + 375 + 1125)
    );
    assert_eq!(t.entry(small).unwrap().bounties_won(&t), Money(250));
}

/// 12 entrants of `bubble_config`, played down to five at one table by busting at both tables
/// until the final table forms.
fn five_left() -> Tournament {
    let mut t = started(bubble_config(1), 12, 31);
    let (a, b) = (counts(&t)[0].0, counts(&t)[1].0);
    let ids = ids_at(&t, a);
    knock_out(&mut t, a, at_minute(1), ids[0], &ids[1..4]);
    let ids = ids_at(&t, b);
    knock_out(&mut t, b, at_minute(2), ids[0], &ids[1..5]);
    assert_eq!(t.alive(), 4 + 1);
    t
}

#[test]
fn hc_1_2_a_deal_agreed_by_the_players_left_pays_in_place_of_the_table() {
    use tournament::deal;
    use tournament::director::Agreed;
    let mut t = five_left();
    let td = || tournament::Actor::Td;
    // A warning before the deal cannot be undone after it.
    let warned = counts(&t)[0].0;
    let warned = ids_at(&t, warned)[0];
    let warning = tournament::TdAction::Warn {
        player: warned,
        reason: "slow".into(),
    };
    let action = t.act(tournament::Actor::Td, warning, at_minute(3)).unwrap();
    let table = t.deal_table().expect("a deal can be made between hands");
    assert_eq!(table.players.len(), 5);
    let total: u64 = table.prizes.iter().map(|m| m.0).sum();
    // They chop all but 50,000, which the winner takes.
    let keep = Money(50_000);
    let mut rest = table.prizes.clone();
    rest[0].0 -= keep.0;
    let stacks: Vec<u64> = table.players.iter().map(|p| p.1).collect();
    let chop = deal::chip_chop(&stacks, &rest, Money(1)).unwrap();
    let amounts: Vec<(PlayerId, Money)> = table
        .players
        .iter()
        .map(|p| p.0)
        .zip(chop.iter().copied())
        .collect();
    // Refused: a player left out, amounts that do not add up.
    let short = Agreed {
        amounts: amounts[1..].to_vec(),
        play_for: vec![keep],
    };
    assert!(
        t.agree_deal(short, tournament::Actor::Td, at_minute(3))
            .is_err()
    );
    let over = Agreed {
        amounts: amounts.clone(),
        play_for: vec![Money(keep.0 + 1)],
    };
    assert!(
        t.agree_deal(over, tournament::Actor::Td, at_minute(3))
            .is_err()
    );
    // Amounts that wrap around are refused, not accepted modulo 2^64.
    let mut wrapping = amounts.clone();
    wrapping[0].1 = Money(u64::MAX);
    wrapping[1].1 = Money(amounts[0].1.0 + amounts[1].1.0 + 1);
    let wrapping = Agreed {
        amounts: wrapping,
        play_for: vec![keep],
    };
    assert!(t.agree_deal(wrapping, td(), at_minute(3)).is_err());
    let agreed = Agreed {
        amounts: amounts.clone(),
        play_for: vec![keep],
    };
    t.agree_deal(agreed.clone(), tournament::Actor::Td, at_minute(3))
        .expect("agreed");
    assert_eq!(t.deal(), Some(&agreed));
    assert!(t.deal_table().is_err(), "one deal");
    let undo = t
        .undo(tournament::Actor::Td, action, at_minute(3))
        .unwrap_err()
        .to_string();
    assert!(undo.contains("HC-1.2"), "{undo}");
    // Play on: the big stack takes everyone.
    let final_table = counts(&t)[0].0;
    let rest = by_stack(&t, final_table);
    knock_out(&mut t, final_table, at_minute(4), rest[0], &rest[1..]);
    assert!(t.is_finished());
    for (player, amount) in &amounts {
        let won = if place(&t, *player) == 1 { keep.0 } else { 0 };
        assert_eq!(prize(&t, *player), amount.0 + won, "{player:?}");
    }
    let paid_in_deal: u64 = amounts.iter().map(|(p, _)| prize(&t, *p)).sum();
    assert_eq!(paid_in_deal, total);
    let all: u64 = t.entries().iter().map(|e| e.prize.0).sum();
    assert_eq!(all, 600_000, "the pool, no more, no less");
}

#[test]
fn no_deal_while_a_hand_is_in_play() {
    let mut t = five_left();
    let table = counts(&t)[0].0;
    let _hand = t.next_hand(table, at_minute(3)).unwrap();
    let refused = t.deal_table().unwrap_err().to_string();
    // HC-1.2: worked out between two hands; the director holds the tables for it.
    assert!(refused.contains("hold the tables"), "{refused}");
}
