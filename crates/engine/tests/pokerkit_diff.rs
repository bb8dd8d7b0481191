//! Differential tests against PokerKit: random hands played by this engine and replayed in
//! PokerKit by `tools/pokerkit/diff.py`, which compares at every step whose turn it is and the
//! legal actions with their bounds, and at the end the final stacks. Every difference must be
//! one of the documented rule differences (`tools/pokerkit/README.md`), each with the rule our
//! engine follows; anything else fails the test.
//!
//! Flop games: 10,000 hands (2 to 9 players, random stacks, NLHE, PLO, fixed-limit hold'em,
//! Omaha/8, antes and big-blind antes). Stud: seven card stud, stud hi/lo and razz (2 to 8
//! players, random stacks, antes, bring-ins and limits).

use cards::{Card, Deck, Seed};
use engine::{
    Action, Chips, Event, Game, Half, Hand, HandSetup, Op, Player, Step, Structure, Variant,
    random_action,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

const HANDS: usize = 10_000;
/// Random stud hands per game (stud, stud hi/lo, razz).
const STUD_HANDS: usize = 1_000;
/// Per game: three-handed hands where two players hold the same ranks (ties: openers and odd
/// chips by suit, TDA-RP-10D, TDA-20B), and eight-handed hands with a player folding on third
/// street (a short deck on seventh street, TDA-RP-10H).
const STUD_TIES: usize = 150;
const STUD_SHORT_DECKS: usize = 30;

fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    rng.next_u64() % n
}

fn random_setup(rng: &mut ChaCha8Rng, seed: u64) -> HandSetup {
    let (sb, bb) = (2, 4);
    let variant = match below(rng, 4) {
        0 => Variant::NO_LIMIT_HOLDEM,
        1 => Variant::POT_LIMIT_OMAHA,
        2 => Variant::fixed_limit(Game::Holdem, Chips(bb), Chips(2 * bb)),
        _ => Variant::fixed_limit(Game::OmahaHiLo, Chips(bb), Chips(2 * bb)),
    };
    let n = 2 + below(rng, 8) as usize;
    let stacks: Vec<Chips> = (0..n)
        .map(|_| {
            Chips(match below(rng, 10) {
                0 => 1 + below(rng, bb + 2),
                1..=3 => 1 + below(rng, 30 * bb),
                _ => 100 * bb + below(rng, 200 * bb),
            })
        })
        .collect();
    let mut blinds = vec![Chips::ZERO; n];
    let mut antes = vec![Chips::ZERO; n];
    let big = usize::from(n > 2);
    blinds[big] = Chips(bb);
    blinds[if n == 2 { 1 } else { 0 }] = Chips(sb);
    match below(rng, 4) {
        0 => antes.iter_mut().for_each(|a| *a = Chips(1)),
        1 => antes[big] = Chips(bb),
        _ => {}
    }
    let mut setup = HandSetup::new(variant, &stacks, &blinds, Chips(bb));
    setup.antes = antes;
    setup.deck = Some(Deck::shuffled(Seed::from_u64(seed)));
    setup
}

/// A stud hand: 2 to 8 players, limits 2/4 to 20/40, a bring-in below the small bet (PokerKit
/// refuses one equal to it), antes or none; stacks from all-in with the ante to deep.
fn random_stud_setup(rng: &mut ChaCha8Rng, game: Game, seed: u64) -> HandSetup {
    let small = [2, 4, 10, 20][below(rng, 4) as usize];
    let bring_in = 1 + below(rng, small - 1);
    let ante = [0, 1, bring_in / 2, bring_in][below(rng, 4) as usize];
    let n = 2 + below(rng, 7) as usize;
    let stacks: Vec<Chips> = (0..n)
        .map(|_| {
            Chips(match below(rng, 10) {
                0 => 1 + below(rng, ante + small + 1),
                1..=3 => 1 + below(rng, 12 * small),
                _ => 40 * small + below(rng, 60 * small),
            })
        })
        .collect();
    let variant = Variant::fixed_limit(game, Chips(small), Chips(2 * small));
    let mut setup = HandSetup::new(variant, &stacks, &vec![Chips::ZERO; n], Chips(small));
    setup.antes = vec![Chips(ante); n];
    setup.bring_in = Chips(bring_in);
    setup.deck = Some(Deck::shuffled(Seed::from_u64(seed)));
    setup.reshuffle_seed = Seed::from_u64(seed ^ 0x5eed);
    setup
}

/// Three players, deep stacks, a stacked deck: player 1 is dealt the ranks of player 0's cards
/// in other suits, card by card, so that they tie unless one makes a flush.
fn mirrored_stud_setup(rng: &mut ChaCha8Rng, game: Game, seed: u64) -> HandSetup {
    let small = [2, 4, 10][below(rng, 3) as usize];
    let bring_in = 1 + below(rng, small - 1);
    let stacks: Vec<Chips> = (0..3).map(|_| Chips(60 * small + below(rng, 40))).collect();
    let variant = Variant::fixed_limit(game, Chips(small), Chips(2 * small));
    let mut setup = HandSetup::new(variant, &stacks, &[Chips::ZERO; 3], Chips(small));
    setup.antes = vec![Chips(1 + below(rng, bring_in)); 3];
    setup.bring_in = Chips(bring_in);
    let mut pool: Vec<Card> = Deck::shuffled(Seed::from_u64(seed)).remaining().to_vec();
    let mut first = Vec::new();
    let mut second = Vec::new();
    while first.len() < 7 {
        let card = pool.remove(0);
        // Another card of the same rank for player 1 (always there but for trips).
        if let Some(k) = pool.iter().position(|c| c.rank() == card.rank()) {
            second.push(pool.remove(k));
            first.push(card);
        } else {
            pool.push(card);
        }
    }
    // Stud deals a card at a time to players 0, 1, 2: third street three rounds, then a burn
    // and one round per street (TDA-RP-10).
    let mut deck = Vec::new();
    for k in 0..7 {
        if k >= 3 {
            deck.push(pool.remove(0));
        }
        deck.extend([first[k], second[k], pool.remove(0)]);
    }
    deck.extend(pool);
    setup.deck = Some(Deck::from_cards(deck));
    setup.reshuffle_seed = Seed::from_u64(seed ^ 0x5eed);
    setup
}

/// Eight players with deep stacks (`Players::Folder` folds one at the first bet they face).
fn eight_handed_stud_setup(rng: &mut ChaCha8Rng, game: Game, seed: u64) -> HandSetup {
    let small = [2, 4, 10, 20][below(rng, 4) as usize];
    let bring_in = 1 + below(rng, small - 1);
    let stacks: Vec<Chips> = (0..8)
        .map(|_| Chips(100 * small + below(rng, 100)))
        .collect();
    let variant = Variant::fixed_limit(game, Chips(small), Chips(2 * small));
    let mut setup = HandSetup::new(variant, &stacks, &[Chips::ZERO; 8], Chips(small));
    setup.antes = vec![Chips(below(rng, bring_in + 1)); 8];
    setup.bring_in = Chips(bring_in);
    setup.deck = Some(Deck::shuffled(Seed::from_u64(seed)));
    setup.reshuffle_seed = Seed::from_u64(seed ^ 0x5eed);
    setup
}

fn cards_json(cards: impl Iterator<Item = String>) -> String {
    let quoted: Vec<String> = cards.map(|c| format!("\"{c}\"")).collect();
    format!("[{}]", quoted.join(","))
}

fn list(v: impl Iterator<Item = u64>) -> String {
    let items: Vec<String> = v.map(|x| x.to_string()).collect();
    format!("[{}]", items.join(","))
}

fn opt(v: Option<Chips>) -> String {
    v.map_or("null".to_string(), |c| c.0.to_string())
}

/// How the players pick their actions.
#[derive(Clone, Copy)]
enum Players {
    /// `random_action`.
    Random,
    /// `random_action`, but calling where it would fold: more hands reach the showdown.
    Stubborn,
    /// Stubborn, but for this player, who folds at the first bet faced.
    Folder(u8),
}

/// Plays one hand with the players' legal actions and writes its trace line.
fn trace(setup: HandSetup, rng: &mut ChaCha8Rng, players: Players) -> String {
    let variant = setup.variant;
    let stud = variant.game.is_stud();
    let (small_bet, big_bet) = match variant.structure {
        Structure::FixedLimit { small_bet, big_bet } => (Some(small_bet), Some(big_bet)),
        _ => (None, None),
    };
    let mut out = format!(
        "{{\"variant\":\"{}\",\"antes\":{},\"blinds\":{},\"min_bet\":{},\"small_bet\":{},\"big_bet\":{},\"stacks\":{},",
        variant.phh_code(),
        list(setup.antes.iter().map(|c| c.0)),
        list(setup.blinds.iter().map(|c| c.0)),
        setup.min_bet.0,
        opt(small_bet),
        opt(big_bet),
        list(setup.stacks.iter().map(|c| c.0)),
    );
    if stud {
        let _ = write!(out, "\"bring_in\":{},", setup.bring_in.0);
    }
    let mut hand = Hand::new(setup).expect("valid random setup");
    let mut steps = Vec::new();
    while let Step::Act(p) = hand.step() {
        let legal = hand.legal_actions().expect("a player to act");
        let stubborn = matches!(players, Players::Stubborn | Players::Folder(_));
        let action = match (random_action(&legal, rng), players) {
            (_, Players::Folder(f)) if f == p.0 && legal.call.is_some() => Action::Fold,
            // PokerKit refuses a fold when a check is possible (ours: binding, TDA-58): check.
            (Action::Fold, _) if legal.check => Action::Check,
            (Action::Fold, _) if stubborn && legal.call.is_some() => Action::Call,
            (Action::Fold, _) if stubborn && legal.bring_in.is_some() => Action::BringIn,
            (action, _) => action,
        };
        let text = match action {
            Action::Fold => "f".to_string(),
            Action::Check | Action::Call => "cc".to_string(),
            Action::BetOrRaiseTo(to) => format!("cbr {to}"),
            Action::BringIn => "pb".to_string(),
        };
        let raise = legal.bet_or_raise.map_or("null".to_string(), |r| {
            format!("[{},{}]", r.min_to, r.max_to)
        });
        let bring_in = if stud {
            format!(",\"bring_in\":{}", opt(legal.bring_in))
        } else {
            String::new()
        };
        steps.push(format!(
            "{{\"actor\":{},\"legal\":{{\"fold\":{},\"check\":{},\"call\":{},\"raise\":{raise}{bring_in}}},\"action\":\"{text}\"}}",
            p.0,
            legal.fold,
            legal.check,
            opt(legal.call)
        ));
        hand.apply(Op::Act(p, action)).expect("a legal action");
    }
    assert!(hand.is_over(), "every hand ends: {}", hand.step());
    let n = hand.players().len();
    // Flop games: each player's hole cards; stud: each street's cards with their faces.
    let mut holes: Vec<Vec<String>> = vec![Vec::new(); n];
    let mut faces: Vec<Vec<String>> = vec![Vec::new(); n];
    let mut boards = Vec::new();
    let mut high: Vec<Vec<u8>> = Vec::new();
    let mut low: Vec<Vec<u8>> = Vec::new();
    for event in hand.events() {
        match event {
            Event::HoleDealt { player, cards } => {
                let i = player.index();
                holes[i].push(cards_json(
                    cards.cards().iter().flatten().map(|c| c.to_string()),
                ));
                faces[i].push(format!(
                    "\"{}\"",
                    (0..cards.len())
                        .map(|k| if cards.is_up(k) { 'u' } else { 'd' })
                        .collect::<String>()
                ));
            }
            Event::BoardDealt { cards, .. } => {
                boards.push(cards_json(cards.iter().map(|c| c.to_string())));
            }
            Event::PotAwarded {
                pot, half, player, ..
            } => {
                let side = if *half == Half::Low {
                    &mut low
                } else {
                    &mut high
                };
                if side.len() <= *pot {
                    side.resize(*pot + 1, Vec::new());
                }
                side[*pot].push(player.0);
            }
            _ => {}
        }
    }
    let holes: Vec<String> = holes
        .iter()
        .map(|streets| {
            if stud {
                format!("[{}]", streets.join(","))
            } else {
                streets.concat()
            }
        })
        .collect();
    if stud {
        let faces: Vec<String> = faces.iter().map(|f| format!("[{}]", f.join(","))).collect();
        let _ = write!(out, "\"faces\":[{}],", faces.join(","));
    }
    let pots: Vec<String> = hand
        .pots()
        .iter()
        .enumerate()
        .map(|(i, pot)| {
            let winners =
                |v: &Vec<Vec<u8>>| list(v.get(i).into_iter().flatten().map(|&p| u64::from(p)));
            format!(
                "{{\"amount\":{},\"eligible\":{},\"winners_high\":{},\"winners_low\":{}}}",
                pot.amount,
                list(pot.eligible.iter().map(|p: &Player| u64::from(p.0))),
                winners(&high),
                winners(&low)
            )
        })
        .collect();
    let _ = write!(
        out,
        "\"holes\":[{}],\"boards\":[{}],\"steps\":[{}],\"final_stacks\":{},\"pots\":[{}],\"rules\":{{\"raise_cap\":4}}}}",
        holes.join(","),
        boards.join(","),
        steps.join(","),
        list(hand.final_stacks().iter().map(|c| c.0)),
        pots.join(",")
    );
    out
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `POKERKIT_HANDS` plays fewer (or more) hands while working on a difference.
fn hands_to_play(default: usize) -> usize {
    std::env::var("POKERKIT_HANDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// Writes the traces to `file` in the test's temporary folder, replays them in PokerKit (the
/// venv from `tools/pokerkit/setup.sh`) and returns diff.py's report, after checking that
/// every hand was replayed and no difference is unexplained.
fn replay_in_pokerkit(lines: &str, file: &str, hands: usize) -> serde_json::Value {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(file);
    std::fs::write(&path, lines).expect("write traces");

    let setup = Command::new("bash")
        .arg(repo().join("tools/pokerkit/setup.sh"))
        .output()
        .expect("run tools/pokerkit/setup.sh");
    assert!(
        setup.status.success(),
        "installing PokerKit failed: {}",
        String::from_utf8_lossy(&setup.stderr)
    );
    let stdout = String::from_utf8_lossy(&setup.stdout);
    let python = stdout
        .lines()
        .last()
        .expect("venv python path")
        .trim()
        .to_string();
    let run = Command::new(&python)
        .arg(repo().join("tools/pokerkit/diff.py"))
        .arg(&path)
        .output()
        .expect("run diff.py");
    assert!(
        run.status.success(),
        "diff.py failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).expect("JSON report");
    assert_eq!(report["hands"], hands, "every hand replayed");
    let unexplained: Vec<&serde_json::Value> = report["differences"]
        .as_array()
        .expect("differences")
        .iter()
        .filter(|d| d["kind"] == "unexplained" || d["rule"].is_null())
        .collect();
    let summary = serde_json::to_string_pretty(&report["by_kind"]).unwrap_or_default();
    let variants = serde_json::to_string(&report["by_variant"]).unwrap_or_default();
    eprintln!(
        "PokerKit comparison: {} hands, {} steps, {} matched fully; by variant: {variants}; known differences by kind: {summary}",
        report["hands"], report["steps"], report["matched_hands"]
    );
    assert!(
        unexplained.is_empty(),
        "{} unexplained differences, first: {}",
        unexplained.len(),
        serde_json::to_string_pretty(&unexplained[..unexplained.len().min(3)]).unwrap_or_default()
    );
    report
}

#[test]
fn ten_thousand_random_hands_agree_with_pokerkit_or_differ_by_a_cited_rule() {
    let mut rng = ChaCha8Rng::seed_from_u64(2019);
    let hands = hands_to_play(HANDS);
    let mut lines = String::new();
    for i in 0..hands {
        let setup = random_setup(&mut rng, i as u64);
        lines.push_str(&trace(setup, &mut rng, Players::Random));
        lines.push('\n');
    }
    replay_in_pokerkit(&lines, "pokerkit_traces.jsonl", hands);
}

/// TDA-RP-10: stud, stud hi/lo and razz hands agree with PokerKit or differ by a cited rule.
/// Random hands (2 to 8 players, random stacks from all-in with the ante to deep, antes,
/// bring-ins and limits), three-handed hands with two players on the same ranks, and
/// eight-handed hands where one player folds at the first bet. Where the rules differ from PokerKit, the
/// difference must show: the odd chip by suit (TDA-20B), the full bring-in owed after a short
/// one and the bring-in passed on by an all-in low card (TDA-RP-10E), a tie for the opener
/// broken by suit (TDA-RP-10D), the community card of a short deck (TDA-RP-10H).
#[test]
fn random_stud_hands_agree_with_pokerkit_or_differ_by_a_cited_rule() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let per_game = hands_to_play(STUD_HANDS);
    let games = [Game::Stud, Game::StudHiLo, Game::Razz];
    let mut lines = String::new();
    let mut hands = 0;
    for (i, game) in (0..per_game).flat_map(|_| games).enumerate() {
        let seed = 1_000_000 + i as u64;
        let players = if i % 2 == 0 {
            Players::Random
        } else {
            Players::Stubborn
        };
        lines.push_str(&trace(
            random_stud_setup(&mut rng, game, seed),
            &mut rng,
            players,
        ));
        lines.push('\n');
        hands += 1;
    }
    let full = per_game >= STUD_HANDS;
    let (ties, short_decks) = if full {
        (STUD_TIES, STUD_SHORT_DECKS)
    } else {
        (0, 0)
    };
    for (i, game) in (0..ties).flat_map(|_| games).enumerate() {
        let setup = mirrored_stud_setup(&mut rng, game, 2_000_000 + i as u64);
        lines.push_str(&trace(setup, &mut rng, Players::Stubborn));
        lines.push('\n');
        hands += 1;
    }
    for (i, game) in (0..short_decks).flat_map(|_| games).enumerate() {
        let setup = eight_handed_stud_setup(&mut rng, game, 3_000_000 + i as u64);
        let folder = Players::Folder(below(&mut rng, 8) as u8);
        lines.push_str(&trace(setup, &mut rng, folder));
        lines.push('\n');
        hands += 1;
    }
    let report = replay_in_pokerkit(&lines, "pokerkit_stud_traces.jsonl", hands);
    if !full {
        return;
    }
    let per_variant = per_game + ties + short_decks;
    for code in ["F7S", "F7S/8", "FR"] {
        let v = &report["by_variant"][code];
        assert_eq!(v["hands"], per_variant, "{code}: every hand replayed");
        assert!(
            v["steps"].as_u64().unwrap_or(0) >= 15 * per_variant as u64,
            "{code}: too few steps compared: {v}"
        );
    }
    // Each of stud's rule differences shows in every game, with its rule (a kind may be one of
    // several joined by "+").
    let seen = |code: &str, kind: &str, rule: &str| {
        report["differences"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|d| d["variant"] == code)
            .filter(|d| d["rule"].as_str().is_some_and(|r| r.contains(rule)))
            .filter(|d| {
                d["kind"]
                    .as_str()
                    .is_some_and(|k| k.split('+').any(|q| q == kind))
            })
            .count()
    };
    for code in ["F7S", "F7S/8", "FR"] {
        for (kind, rule) in [
            ("odd_chips_by_position", "TDA-20B"),
            ("short_bring_in", "TDA-RP-10E"),
            ("bring_in_passed_may_fold", "TDA-RP-10E"),
            ("all_in_bring_in_as_completion", "TDA-RP-10E"),
            ("opener_tie_by_suit", "TDA-RP-10D"),
            ("short_deck_seventh_street", "TDA-RP-10H"),
        ] {
            assert!(
                seen(code, kind, rule) > 0,
                "{code}: no {kind} ({rule}) among the differences: {}",
                report["by_kind"]
            );
        }
    }
}
