//! Engine-played hands recorded as PHH: one hand written out by hand, and many random hands
//! written, read back and replayed through the engine to the same final stacks.

use engine::{Action, Automations, Chips, Game, Hand, Op, Player, Ruleset, Seat, Table, Variant};
use hh::{
    Currency, GameKind, HandContext, Outcome, PhhAction, RecordError, View, parse_phh, record,
    replay,
};
mod common;
use common::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Heads-up Bob (seat 5) is the big blind and player 1, Alice (seat 2) the button, small
/// blind and player 2 (TDA-34).
fn heads_up() -> (Hand, HandContext) {
    let mut table = Table::new(6, Variant::NO_LIMIT_HOLDEM, Ruleset::tda(), true).expect("table");
    table
        .sit(Seat(1), engine::PlayerId(0), Chips(1000))
        .expect("Alice");
    table
        .sit(Seat(4), engine::PlayerId(1), Chips(1000))
        .expect("Bob");
    table.set_first_button(Seat(1)).expect("button");
    let blinds = level(10, 20, 0, 0);
    let (positions, setup) = table
        .next_hand(blinds, false, Automations::ALL, Some(deck("As 2c Kh 7d")))
        .expect("hand");
    let names = vec!["Bob".to_owned(), "Alice".to_owned()];
    let ctx = HandContext::new(&positions, 6, names, blinds, noon());
    (Hand::new(setup).expect("hand"), ctx)
}

/// PHH lists heads-up blinds small blind first although player 1 posts the big blind
/// (PokerKit's convention, which `replay` reads); the hero's opponent's cards are `????`.
#[test]
fn a_heads_up_hand_as_phh() {
    let (mut hand, mut ctx) = heads_up();
    ctx.hand_number = 1001;
    ctx.table = "Croupier I".to_owned();
    ctx.game = GameKind::Tournament {
        id: 77,
        buy_in: String::new(),
        level: 1,
    };
    ctx.view = View::Hero(Player(1));
    hand.apply(Op::Act(Player(1), Action::BetOrRaiseTo(Chips(60))))
        .expect("raise");
    hand.apply(Op::Act(Player(0), Action::Fold)).expect("fold");
    let expected = "\
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [10, 20]
min_bet = 20
starting_stacks = [1000, 1000]
actions = [
  'd dh p1 ????',
  'd dh p2 2c7d',
  'p2 cbr 60',
  'p1 f',
]
hand = 1001
table = 'Croupier I'
seats = [5, 2]
seat_count = 6
year = 2026
month = 11
day = 22
time = 12:00:00
time_zone_abbreviation = 'ET'
event = 'Tournament #77'
_level = 1
players = ['Bob', 'Alice']
finishing_stacks = [980, 1020]
winnings = [0, 40]
";
    let phh = record(&hand, &ctx).expect("recorded");
    assert_eq!(phh.to_phh(), expected);
    assert_eq!(parse_phh(expected).expect("reads"), phh);
    assert!(matches!(replay(&phh), Outcome::Passed { notes } if notes.is_empty()));
}

/// TDA-34: heads-up the big blind (player 1) pays a big-blind ante; PHH lists antes in the
/// blinds' order, small blind first, so it is written second (PokerKit 0.7.7 reads
/// `antes = [0, 20]` with `blinds_or_straddles = [10, 20]` as p1 paying the ante).
#[test]
fn a_heads_up_big_blind_ante_is_written_in_the_blinds_order() {
    let mut table = Table::new(6, Variant::NO_LIMIT_HOLDEM, Ruleset::tda(), true).expect("table");
    table
        .sit(Seat(1), engine::PlayerId(0), Chips(1000))
        .expect("Alice");
    table
        .sit(Seat(4), engine::PlayerId(1), Chips(1000))
        .expect("Bob");
    table.set_first_button(Seat(1)).expect("button");
    let blinds = level(10, 20, 0, 20);
    let (positions, setup) = table
        .next_hand(blinds, false, Automations::ALL, Some(deck("As 2c Kh 7d")))
        .expect("hand");
    let names = vec!["Bob".to_owned(), "Alice".to_owned()];
    let ctx = HandContext::new(&positions, 6, names, blinds, noon());
    let mut hand = Hand::new(setup).expect("hand");
    // Alice (player 2, the button) folds her small blind: Bob wins blind, ante and 10.
    hand.apply(Op::Act(Player(1), Action::Fold)).expect("fold");
    assert_eq!(hand.final_stacks(), [Chips(1010), Chips(990)]);
    let phh = record(&hand, &ctx).expect("recorded");
    let text = phh.to_phh();
    assert!(
        text.contains("antes = [0, 20]\nblinds_or_straddles = [10, 20]\n"),
        "{text}"
    );
    round_trip(&hand, &ctx);
}

/// A flop a live dealer laid without entering it is written `d db ??????` (PHH's unknown
/// card) and replays: the hand ends on a fold, so the stacks are checked.
#[test]
fn an_unknown_flop_is_written_with_unknown_cards() {
    let mut table = Table::new(6, Variant::NO_LIMIT_HOLDEM, Ruleset::tda(), true).expect("table");
    table
        .sit(Seat(1), engine::PlayerId(0), Chips(1000))
        .expect("Alice");
    table
        .sit(Seat(4), engine::PlayerId(1), Chips(1000))
        .expect("Bob");
    table.set_first_button(Seat(1)).expect("button");
    let blinds = level(10, 20, 0, 0);
    let (positions, setup) = table
        .next_hand(blinds, false, Automations::LIVE_DEALER, None)
        .expect("hand");
    let names = vec!["Bob".to_owned(), "Alice".to_owned()];
    let ctx = HandContext::new(&positions, 6, names, blinds, noon());
    let mut hand = Hand::new(setup).expect("hand");
    for (p, cards) in [(0, "AsKs"), (1, "2c7d")] {
        let cards = cards::parse_cards_or_unknown(cards).expect("cards");
        hand.apply(Op::DealHole {
            player: Player(p),
            cards: engine::Hole::new(&cards).expect("hole"),
        })
        .expect("deal");
    }
    hand.apply(Op::Act(Player(1), Action::Call)).expect("call");
    hand.apply(Op::Act(Player(0), Action::Check))
        .expect("check");
    hand.apply(Op::DealBoardUnknown).expect("flop");
    hand.apply(Op::Act(Player(0), Action::BetOrRaiseTo(Chips(40))))
        .expect("bet");
    hand.apply(Op::Act(Player(1), Action::Fold)).expect("fold");
    let text = record(&hand, &ctx).expect("recorded").to_phh();
    assert!(
        text.contains("  'd db ??????',\n  'p1 cbr 40',\n"),
        "{text}"
    );
    round_trip(&hand, &ctx);
}

#[test]
fn an_unfinished_hand_has_no_finishing_stacks_and_a_bad_context_is_refused() {
    let (hand, mut ctx) = heads_up();
    let phh = record(&hand, &ctx).expect("recorded");
    assert_eq!(phh.finishing_stacks, None);
    assert!(matches!(replay(&phh), Outcome::Passed { .. }));
    ctx.view = View::Hero(Player(2));
    assert_eq!(record(&hand, &ctx), Err(RecordError::NoHero(Player(2))));
    ctx.view = View::All;
    ctx.blinds.ante = Chips(5);
    assert!(matches!(
        record(&hand, &ctx),
        Err(RecordError::ForcedBet { what: "ante", .. })
    ));
}

fn chips(amount: &hh::Amount, scale: u8) -> u64 {
    amount.to_chips(scale).expect("whole chips")
}

/// Records one hand in one view, reads it back and replays it to the engine's final stacks.
fn round_trip(hand: &Hand, ctx: &HandContext) {
    let phh = record(hand, ctx).expect("recorded");
    let text = phh.to_phh();
    let read = parse_phh(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read, phh, "written and read back differ:\n{text}");
    match replay(&read) {
        Outcome::Passed { notes } => assert!(notes.is_empty(), "{notes:?}\n{text}"),
        other => panic!("{other:?}\n{text}"),
    }
    let scale = ctx.scale();
    let finishing: Vec<Chips> = read
        .finishing_stacks
        .as_ref()
        .expect("finishing stacks")
        .iter()
        .map(|a| Chips(chips(a, scale)))
        .collect();
    assert_eq!(finishing, hand.final_stacks(), "{text}");
}

/// Random tables (NLHE, PLO, fixed-limit hold'em, Omaha/8; 2 to 9 players; antes and
/// big-blind antes; short stacks all-in on the forced bets) play a few hands each with random
/// legal actions; every hand round-trips through PHH, seen by all and by one hero.
#[test]
fn random_engine_hands_replay_from_their_phh() {
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    let mut played = 0;
    let mut seen = [0usize; 4];
    let (mut heads_up, mut with_antes, mut showdowns, mut hidden) = (0, 0, 0, 0);
    for t in 0..500u64 {
        let (variant, kind) = match t % 4 {
            0 => (Variant::NO_LIMIT_HOLDEM, 0),
            1 => (Variant::POT_LIMIT_OMAHA, 1),
            2 => (Variant::fixed_limit(Game::Holdem, Chips(40), Chips(80)), 2),
            _ => (
                Variant::fixed_limit(Game::OmahaHiLo, Chips(40), Chips(80)),
                3,
            ),
        };
        let max_seats = 2 + below(&mut rng, 8) as u8;
        let count = 2 + below(&mut rng, u64::from(max_seats) - 1) as usize;
        let mut free: Vec<u8> = (0..max_seats).collect();
        let mut table = Table::new(max_seats.into(), variant, Ruleset::tda(), true).expect("t");
        for i in 0..count {
            let seat = free.remove(below(&mut rng, free.len() as u64) as usize);
            let stack = match below(&mut rng, 6) {
                0 => 1 + below(&mut rng, 60),
                1 | 2 => 60 + below(&mut rng, 1200),
                _ => 2000 + below(&mut rng, 6000),
            };
            table
                .sit(Seat(seat), engine::PlayerId(i as u32), Chips(stack))
                .expect("sit");
        }
        table
            .set_first_button(Seat(below(&mut rng, u64::from(max_seats)) as u8))
            .expect("button");
        let blinds = match t % 3 {
            0 => level(20, 40, 5, 0),
            1 => level(20, 40, 0, 40),
            _ => level(20, 40, 0, 0),
        };
        for h in 0..4u64 {
            let Some((positions, hand)) = play_next(&table, blinds, t * 8 + h, &mut rng) else {
                break;
            };
            let names = positions
                .dealt
                .iter()
                .map(|s| format!("Seat {} player", s.0 + 1))
                .collect();
            let mut ctx = HandContext::new(&positions, max_seats, names, blinds, noon());
            ctx.hand_number = t * 8 + h;
            if t % 2 == 1 {
                // Chips are cents: amounts are written as dollars, `0.20`.
                ctx.game = GameKind::Cash {
                    currency: Some(Currency {
                        symbol: "$".to_owned(),
                        code: "USD".to_owned(),
                        scale: 2,
                    }),
                };
            }
            round_trip(&hand, &ctx);
            let hero = Player(below(&mut rng, positions.dealt.len() as u64) as u8);
            ctx.view = View::Hero(hero);
            let phh = record(&hand, &ctx).expect("recorded");
            hidden += usize::from(phh.plain_actions().any(|a| {
                matches!(a, PhhAction::DealHole { cards, .. } if cards.iter().all(Option::is_none))
            }));
            round_trip(&hand, &ctx);
            played += 1;
            seen[kind] += 1;
            heads_up += usize::from(positions.dealt.len() == 2);
            with_antes += usize::from(!blinds.ante.is_zero() || !blinds.big_blind_ante.is_zero());
            showdowns += usize::from(
                phh.plain_actions()
                    .any(|a| matches!(a, PhhAction::ShowOrMuck { cards: Some(_), .. })),
            );
            table.finish_hand(&positions, &hand.final_stacks());
        }
    }
    // The round trip must have met every kind of hand it claims to cover.
    assert!(played > 1600, "{played} hands");
    assert!(seen.iter().all(|&n| n > 350), "{seen:?} hands per variant");
    assert!(heads_up > 300, "{heads_up} heads-up hands");
    assert!(with_antes > 1000, "{with_antes} hands with antes");
    assert!(showdowns > 800, "{showdowns} hands with a show");
    assert_eq!(hidden, played, "every hero view hides an opponent's cards");
}
