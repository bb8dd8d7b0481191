//! PokerStars hand-history text: hands built by hand against text written out by hand in the
//! format of real PokerStars files (as the open-source trackers' parsers read them), the
//! PokerStars names of made hands, and a structural check over many random hands.

use cards::{Card, parse_cards};
use engine::{
    Action, Automations, Blinds, Chips, Game, Hand, Op, Player, Positions, Ruleset, Seat, Table,
    Variant,
};
use eval::MadeHand;
use hh::{
    Currency, GameKind, HandContext, RecordError, View, pokerstars, pokerstars_hand_name,
    pokerstars_low_name,
};
mod common;
use common::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn blinds(small: u64, big: u64, ante: u64) -> Blinds {
    Blinds {
        small_blind: Chips(small),
        big_blind: Chips(big),
        ante: Chips(ante),
        big_blind_ante: Chips::ZERO,
    }
}

/// Seats `(seat 1-based, name, stack)`, the first button, and the next hand at that table.
fn table_hand(
    variant: Variant,
    max_seats: u8,
    players: &[(u8, &str, u64)],
    button: u8,
    level: Blinds,
    top: &str,
) -> (Hand, HandContext) {
    let mut table = Table::new(max_seats.into(), variant, Ruleset::tda(), true).expect("table");
    for (i, &(seat, _, stack)) in players.iter().enumerate() {
        let id = engine::PlayerId(i as u32);
        table.sit(Seat(seat - 1), id, Chips(stack)).expect("seat");
    }
    table.set_first_button(Seat(button - 1)).expect("button");
    let (positions, setup) = table
        .next_hand(level, false, Automations::ALL, Some(deck(top)))
        .expect("next hand");
    let names = names_of(&positions, players);
    let ctx = HandContext::new(&positions, max_seats, names, level, noon());
    (Hand::new(setup).expect("hand"), ctx)
}

fn names_of(positions: &Positions, players: &[(u8, &str, u64)]) -> Vec<String> {
    positions
        .dealt
        .iter()
        .map(|s| {
            let (_, name, _) = players.iter().find(|p| p.0 == s.0 + 1).expect("seated");
            (*name).to_owned()
        })
        .collect()
}

fn act(hand: &mut Hand, player: u8, action: Action) {
    hand.apply(Op::Act(Player(player), action))
        .unwrap_or_else(|e| panic!("p{} {action}: {e}", player + 1));
}

/// Heads-up the button posts the small blind and acts first before the flop (TDA-34); a
/// raise nobody calls is returned and the pot collected without a show.
#[test]
fn heads_up_fold_in_dollars() {
    let players = [(2, "Alice", 1000), (5, "Bob", 1000)];
    let (mut hand, mut ctx) = table_hand(
        Variant::NO_LIMIT_HOLDEM,
        6,
        &players,
        2,
        blinds(10, 20, 0),
        "As 2c Kh 7d",
    );
    // Player 0 is the big blind (Bob), player 1 the button (Alice).
    assert_eq!(ctx.names, ["Bob", "Alice"]);
    ctx.hand_number = 1001;
    ctx.table = "Croupier I".to_owned();
    ctx.game = GameKind::Cash {
        currency: Some(Currency {
            symbol: "$".to_owned(),
            code: "USD".to_owned(),
            scale: 2,
        }),
    };
    ctx.view = View::Hero(Player(1));
    act(&mut hand, 1, Action::BetOrRaiseTo(Chips(60)));
    act(&mut hand, 0, Action::Fold);
    let expected = "\
PokerStars Hand #1001:  Hold'em No Limit ($0.10/$0.20 USD) - 2026/11/22 12:00:00 ET
Table 'Croupier I' 6-max Seat #2 is the button
Seat 2: Alice ($10 in chips)
Seat 5: Bob ($10 in chips)
Alice: posts small blind $0.10
Bob: posts big blind $0.20
*** HOLE CARDS ***
Dealt to Alice [2c 7d]
Alice: raises $0.40 to $0.60
Bob: folds
Uncalled bet ($0.40) returned to Alice
Alice collected $0.40 from pot
Alice: doesn't show hand
*** SUMMARY ***
Total pot $0.40 | Rake $0
Seat 2: Alice (button) (small blind) collected ($0.40)
Seat 5: Bob (big blind) folded before Flop

";
    assert_eq!(pokerstars(&hand, &ctx).expect("written"), expected);
}

/// A short stack's all-in raise that is not a full raise (TDA-43) makes a main pot for all
/// three; the bets beyond it a side pot that the last bettor wins when the other folds. The
/// uncalled turn bet is returned, the all-in hands shown (TDA-16) and each pot pushed on its
/// own (TDA-21).
#[test]
fn tournament_side_pot_all_in_and_uncalled_bet() {
    let players = [(1, "Ann", 3000), (4, "Ben", 500), (7, "Cat", 3000)];
    let (mut hand, mut ctx) = table_hand(
        Variant::NO_LIMIT_HOLDEM,
        9,
        &players,
        1,
        blinds(50, 100, 10),
        "Qs 9h Ac Qd 8h Kc 5c 2c 7d Jh 6c 4s Td 3h",
    );
    assert_eq!(ctx.names, ["Ben", "Cat", "Ann"]);
    ctx.hand_number = 2002;
    ctx.table = "77 1".to_owned();
    ctx.game = GameKind::Tournament {
        id: 77,
        buy_in: "$10+$1 USD".to_owned(),
        level: 3,
    };
    ctx.view = View::Hero(Player(2));
    act(&mut hand, 2, Action::BetOrRaiseTo(Chips(300)));
    act(&mut hand, 0, Action::BetOrRaiseTo(Chips(490)));
    act(&mut hand, 1, Action::Call);
    act(&mut hand, 2, Action::Call);
    act(&mut hand, 1, Action::BetOrRaiseTo(Chips(500)));
    act(&mut hand, 2, Action::Call);
    act(&mut hand, 1, Action::Check);
    act(&mut hand, 2, Action::BetOrRaiseTo(Chips(1000)));
    act(&mut hand, 1, Action::Fold);
    let expected = "\
PokerStars Hand #2002: Tournament #77, $10+$1 USD Hold'em No Limit - Level III (50/100) - 2026/11/22 12:00:00 ET
Table '77 1' 9-max Seat #1 is the button
Seat 1: Ann (3000 in chips)
Seat 4: Ben (500 in chips)
Seat 7: Cat (3000 in chips)
Ann: posts the ante 10
Ben: posts the ante 10
Cat: posts the ante 10
Ben: posts small blind 50
Cat: posts big blind 100
*** HOLE CARDS ***
Dealt to Ann [Ac Kc]
Ann: raises 200 to 300
Ben: raises 190 to 490 and is all-in
Cat: calls 390
Ann: calls 190
*** FLOP *** [2c 7d Jh]
Cat: bets 500
Ann: calls 500
*** TURN *** [2c 7d Jh] [4s]
Cat: checks
Ann: bets 1000
Cat: folds
Uncalled bet (1000) returned to Ann
*** RIVER *** [2c 7d Jh 4s] [3h]
*** SHOW DOWN ***
Ben: shows [Qs Qd] (a pair of Queens)
Ann: shows [Ac Kc] (high card Ace)
Ann collected 1000 from side pot
Ben collected 1500 from main pot
*** SUMMARY ***
Total pot 2500 Main pot 1500. Side pot 1000. | Rake 0
Board [2c 7d Jh 4s 3h]
Seat 1: Ann (button) showed [Ac Kc] and won (1000) with high card Ace
Seat 4: Ben (small blind) showed [Qs Qd] and won (1500) with a pair of Queens
Seat 7: Cat (big blind) folded on the Turn

";
    assert_eq!(pokerstars(&hand, &ctx).expect("written"), expected);
}

/// Omaha/8: the high hand and the qualifying low split the pot (HC-1), each half collected
/// on its own line; a hand that wins neither half is mucked (TDA-17).
#[test]
fn omaha_hi_lo_split_with_every_card_shown() {
    let players = [(2, "Dee", 1000), (3, "Eve", 1000), (5, "Fay", 1000)];
    let variant = Variant::fixed_limit(Game::OmahaHiLo, Chips(10), Chips(20));
    let (mut hand, mut ctx) = table_hand(
        variant,
        6,
        &players,
        5,
        blinds(5, 10, 0),
        "As Kh 4d 2s Kc 8d Kd 9s Jc Qd 9c Tc 2d 7s 5c Ks 3c Jd 6h 3h",
    );
    assert_eq!(ctx.names, ["Dee", "Eve", "Fay"]);
    ctx.hand_number = 3003;
    ctx.table = "Hilo".to_owned();
    act(&mut hand, 2, Action::Call);
    act(&mut hand, 0, Action::Call);
    act(&mut hand, 1, Action::Check);
    for _ in 0..3 {
        for p in 0..3 {
            act(&mut hand, p, Action::Check);
        }
    }
    let expected = "\
PokerStars Hand #3003:  Omaha Hi/Lo Limit (10/20) - 2026/11/22 12:00:00 ET
Table 'Hilo' 6-max Seat #5 is the button
Seat 2: Dee (1000 in chips)
Seat 3: Eve (1000 in chips)
Seat 5: Fay (1000 in chips)
Dee: posts small blind 5
Eve: posts big blind 10
*** HOLE CARDS ***
Dealt to Dee [As 2s Kd Qd]
Dealt to Eve [Kh Kc 9s 9c]
Dealt to Fay [4d 8d Jc Tc]
Fay: calls 10
Dee: calls 5
Eve: checks
*** FLOP *** [7s 5c Ks]
Dee: checks
Eve: checks
Fay: checks
*** TURN *** [7s 5c Ks] [Jd]
Dee: checks
Eve: checks
Fay: checks
*** RIVER *** [7s 5c Ks Jd] [3h]
Dee: checks
Eve: checks
Fay: checks
*** SHOW DOWN ***
Dee: shows [As 2s Kd Qd] (HI: a pair of Kings; LO: 7,5,3,2,A)
Eve: shows [Kh Kc 9s 9c] (HI: three of a kind, Kings)
Fay: mucks hand
Eve collected 15 from pot
Dee collected 15 from pot
*** SUMMARY ***
Total pot 30 | Rake 0
Board [7s 5c Ks Jd 3h]
Seat 2: Dee (small blind) showed [As 2s Kd Qd] and won (15) with HI: a pair of Kings; LO: 7,5,3,2,A
Seat 3: Eve (big blind) showed [Kh Kc 9s 9c] and won (15) with HI: three of a kind, Kings
Seat 5: Fay (button) mucked [4d 8d Jc Tc]

";
    assert_eq!(pokerstars(&hand, &ctx).expect("written"), expected);
}

#[test]
fn an_unfinished_hand_or_a_wrong_context_is_refused() {
    let players = [(1, "Ann", 1000), (2, "Ben", 1000), (3, "Cat", 1000)];
    let (hand, ctx) = table_hand(
        Variant::NO_LIMIT_HOLDEM,
        6,
        &players,
        1,
        blinds(5, 10, 0),
        "",
    );
    assert_eq!(pokerstars(&hand, &ctx), Err(RecordError::NotOver));
    let mut short = ctx.clone();
    short.names.pop();
    assert!(matches!(
        pokerstars(&hand, &short),
        Err(RecordError::Length { what: "names", .. })
    ));
    let mut wrong_level = ctx.clone();
    wrong_level.blinds = blinds(10, 20, 0);
    assert!(matches!(
        pokerstars(&hand, &wrong_level),
        Err(RecordError::ForcedBet { .. })
    ));
    let mut twice = ctx;
    twice.seats[1] = twice.seats[0];
    assert!(matches!(
        pokerstars(&hand, &twice),
        Err(RecordError::Seat { .. })
    ));
}

fn made(cards: &str) -> String {
    let cards = parse_cards(cards).expect("test cards");
    pokerstars_hand_name(&MadeHand::best(&cards).expect("five to seven cards"))
}

/// The names as real PokerStars histories print them (HC-1.11 for the ranking itself).
#[test]
fn made_hands_in_pokerstars_words() {
    assert_eq!(made("AhKd9c7s2d"), "high card Ace");
    assert_eq!(made("AhAd9c7s2d"), "a pair of Aces");
    assert_eq!(made("5c5h4c4hAs7s8h"), "two pair, Fives and Fours");
    assert_eq!(made("2s2h2d5sTd"), "three of a kind, Deuces");
    assert_eq!(made("KhJd8s2c2d"), "a pair of Deuces");
    assert_eq!(made("2c3d4h5s6c"), "a straight, Deuce to Six");
    assert_eq!(made("TcJdQhKsAc"), "a straight, Ten to Ace");
    assert_eq!(made("Ac2d3h4s5c9d"), "a straight, Ace to Five");
    assert_eq!(made("Ah9h7h4h2hKc"), "a flush, Ace high");
    assert_eq!(made("KhKdKcAsAd"), "a full house, Kings full of Aces");
    assert_eq!(made("9h9d9c9sAd"), "four of a kind, Nines");
    assert_eq!(made("5s6s7s8s9s"), "a straight flush, Five to Nine");
    assert_eq!(made("TsJsQsKsAs"), "a Royal Flush");
    let hole = parse_cards("As2sKdQd").expect("hole");
    let board = parse_cards("7s5cKsJd3h").expect("board");
    let low = eval::omaha::omaha_low8(&hole, &board).expect("a low");
    assert_eq!(pokerstars_low_name(low), "7,5,3,2,A");
}

// ---- Structure over many random hands ----

/// One placeholder in a line pattern: `{n}` an amount, `{s}` any text, `{c}` cards in brackets.
fn matches(pattern: &str, line: &str) -> bool {
    let Some(at) = pattern.find('{') else {
        return pattern == line;
    };
    let (literal, rest) = pattern.split_at(at);
    let Some(line) = line.strip_prefix(literal) else {
        return false;
    };
    let (kind, rest) = (&rest[1..2], &rest[3..]);
    (1..=line.len())
        .filter(|&end| line.is_char_boundary(end))
        .any(|end| {
            let part = &line[..end];
            let ok = match kind {
                "n" => part.bytes().all(|b| b.is_ascii_digit()),
                "c" => part.starts_with('[') && part.ends_with(']') && cards_ok(part),
                _ => true,
            };
            ok && matches(rest, &line[end..])
        })
}

fn cards_ok(bracketed: &str) -> bool {
    bracketed[1..bracketed.len() - 1]
        .split(' ')
        .all(|c| c.parse::<Card>().is_ok())
}

const ACTION_LINES: &[&str] = &[
    "{s}: posts the ante {n}",
    "{s}: posts the ante {n} and is all-in",
    "{s}: posts small blind {n}",
    "{s}: posts small blind {n} and is all-in",
    "{s}: posts big blind {n}",
    "{s}: posts big blind {n} and is all-in",
    "*** HOLE CARDS ***",
    "Dealt to {s} {c}",
    "{s}: folds",
    "{s}: checks",
    "{s}: calls {n}",
    "{s}: calls {n} and is all-in",
    "{s}: bets {n}",
    "{s}: bets {n} and is all-in",
    "{s}: raises {n} to {n}",
    "{s}: raises {n} to {n} and is all-in",
    "Uncalled bet ({n}) returned to {s}",
    "*** FLOP *** {c}",
    "*** TURN *** {c} {c}",
    "*** RIVER *** {c} {c}",
    "*** SHOW DOWN ***",
    "{s}: shows {c} ({s})",
    "{s}: mucks hand",
    "{s}: doesn't show hand",
    "{s} collected {n} from pot",
    "{s} collected {n} from main pot",
    "{s} collected {n} from side pot",
    "{s} collected {n} from side pot-{n}",
    "*** SUMMARY ***",
    "Total pot {n} | Rake 0",
    "Total pot {n} Main pot {s} | Rake 0",
    "Board {c}",
];

const SEAT_OUTCOMES: &[&str] = &[
    "folded before Flop",
    "folded before Flop (didn't bet)",
    "folded on the Flop",
    "folded on the Turn",
    "folded on the River",
    "collected ({n})",
    "showed {c} and won ({n}) with {s}",
    "showed {c} and lost with {s}",
    "mucked",
    "mucked {c}",
];

fn number_after(line: &str, word: &str) -> u64 {
    let rest = &line[line.find(word).expect("word") + word.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().expect("a number")
}

/// Checks one written hand: every line has a known form, the summary's seats are the
/// header's, the collected amounts add up to the total pot and to what the engine paid.
fn check_text(text: &str, hand: &Hand, ctx: &HandContext) {
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("PokerStars Hand #"), "{text}");
    assert!(matches(
        "Table '{s}' {n}-max Seat #{n} is the button",
        lines[1]
    ));
    let n = ctx.seats.len();
    let mut seats: Vec<(u8, &str, Chips)> = (0..n)
        .map(|i| {
            let stack = hand.players()[i].starting_stack;
            (ctx.seats[i], ctx.names[i].as_str(), stack)
        })
        .collect();
    seats.sort();
    for (line, (seat, name, stack)) in lines[2..2 + n].iter().zip(&seats) {
        assert_eq!(*line, format!("Seat {seat}: {name} ({stack} in chips)"));
    }
    let summary = lines
        .iter()
        .position(|l| *l == "*** SUMMARY ***")
        .expect("summary");
    assert_eq!(lines.last(), Some(&""), "a blank line ends the hand");
    let seat_lines = &lines[lines.len() - 1 - n..lines.len() - 1];
    for line in &lines[2 + n..lines.len() - 1 - n] {
        assert!(
            ACTION_LINES.iter().any(|p| matches(p, line)),
            "unknown line {line:?} in\n{text}"
        );
    }
    for (line, (seat, name, _)) in seat_lines.iter().zip(&seats) {
        let prefix = format!("Seat {seat}: {name}");
        let rest = line.strip_prefix(&prefix).expect("seat line");
        let rest = ["", " (button)"]
            .iter()
            .flat_map(|b| ["", " (small blind)", " (big blind)"].map(|m| format!("{b}{m} ")))
            .filter_map(|marks| rest.strip_prefix(&marks))
            .find(|outcome| SEAT_OUTCOMES.iter().any(|p| matches(p, outcome)));
        assert!(rest.is_some(), "bad seat line {line:?} in\n{text}");
    }
    let total = number_after(lines[summary + 1], "Total pot ");
    let collected: u64 = lines[..summary]
        .iter()
        .filter(|l| l.contains(" collected "))
        .map(|l| number_after(l, " collected "))
        .sum();
    assert_eq!(collected, total, "collected vs total pot in\n{text}");
    let paid: Chips = hand.winnings().into_iter().sum();
    assert_eq!(Chips(total), paid, "{text}");
    let started: Chips = hand.players().iter().map(|p| p.starting_stack).sum();
    let ended: Chips = hand.final_stacks().into_iter().sum();
    assert_eq!(started, ended, "chips are kept");
}

/// Plays a few hands at each of many random tables and checks every written hand.
#[test]
fn random_hands_have_the_known_structure() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let (mut hands, mut showdowns, mut side_pots, mut hi_lo_splits) = (0, 0, 0, 0);
    for t in 0..400u64 {
        let variant = match below(&mut rng, 4) {
            0 => Variant::NO_LIMIT_HOLDEM,
            1 => Variant::POT_LIMIT_OMAHA,
            2 => Variant::fixed_limit(Game::Holdem, Chips(20), Chips(40)),
            _ => Variant::fixed_limit(Game::OmahaHiLo, Chips(20), Chips(40)),
        };
        let max_seats = 2 + below(&mut rng, 8) as u8;
        let count = 2 + below(&mut rng, u64::from(max_seats) - 1) as usize;
        let mut free: Vec<u8> = (1..=max_seats).collect();
        let mut players = Vec::new();
        for i in 0..count {
            let seat = free.remove(below(&mut rng, free.len() as u64) as usize);
            let stack = match below(&mut rng, 6) {
                0 => 1 + below(&mut rng, 30),
                1 | 2 => 30 + below(&mut rng, 600),
                _ => 1000 + below(&mut rng, 3000),
            };
            players.push((seat, format!("player {i}"), stack));
        }
        let mut table = Table::new(max_seats.into(), variant, Ruleset::tda(), true).expect("t");
        for (i, (seat, _, stack)) in players.iter().enumerate() {
            let id = engine::PlayerId(i as u32);
            table.sit(Seat(seat - 1), id, Chips(*stack)).expect("sit");
        }
        let level = Blinds {
            big_blind_ante: Chips(if t % 5 == 1 { 20 } else { 0 }),
            ..blinds(10, 20, if t % 5 == 0 { 3 } else { 0 })
        };
        for h in 0..4u64 {
            let Some((positions, hand)) = play_next(&table, level, t * 16 + h, &mut rng) else {
                break;
            };
            let refs: Vec<(u8, &str, u64)> = players
                .iter()
                .map(|(s, n, c)| (*s, n.as_str(), *c))
                .collect();
            let names = names_of(&positions, &refs);
            let mut ctx = HandContext::new(&positions, max_seats, names, level, noon());
            ctx.hand_number = t * 16 + h;
            if t % 2 == 0 {
                ctx.game = GameKind::Tournament {
                    id: t,
                    buy_in: String::new(),
                    level: 1 + h as u32,
                };
                ctx.view = View::Hero(Player(below(&mut rng, positions.dealt.len() as u64) as u8));
            }
            let text = pokerstars(&hand, &ctx).expect("written");
            check_text(&text, &hand, &ctx);
            hands += 1;
            showdowns += usize::from(text.contains("*** SHOW DOWN ***"));
            side_pots += usize::from(text.contains("side pot"));
            hi_lo_splits += usize::from(text.contains("; LO: "));
            table.finish_hand(&positions, &hand.final_stacks());
        }
    }
    // The check must have seen what it checks.
    assert!(hands > 1200, "{hands} hands");
    assert!(showdowns > 500, "{showdowns} showdowns");
    assert!(side_pots > 150, "{side_pots} hands with side pots");
    assert!(
        hi_lo_splits > 50,
        "{hi_lo_splits} hi/lo showdowns with a low"
    );
}
