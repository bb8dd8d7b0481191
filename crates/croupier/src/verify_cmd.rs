//! `croupier verify FILE`: checks a file of deck proofs (issue 37, `docs/decks.md`), as the
//! server gives them (`GET /api/ring/tables/{table}/decks`): each hand's seed against the
//! commitment published before its deal, the deck seed from the seed and the players' values,
//! and every card dealt against its place in the deck. A tournament's hand histories in PHH
//! carry each hand's proof (`_deck_proof`): then the history's cards are checked against it
//! too. Exit 0 when every hand checks, 1 when anything differs (each difference said).

use anyhow::{Context, bail};
use cards::proof::{Value, commitment, deck_seed, hex, parse_hex};
use cards::{Card, Deck, Seed};
use protocol::{DeckFile, DeckProof};

#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// A file of deck proofs (JSON: `{"hands":[...]}`), or hand histories in PHH whose hands
    /// carry their proofs (`_deck_proof`).
    file: std::path::PathBuf,
}

pub fn run(args: VerifyArgs) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let hands = proofs_in(&text)
        .with_context(|| format!("{} is not a file of deck proofs", args.file.display()))?;
    let mut failed = 0;
    for (proof, history) in &hands {
        let what = proof.what();
        let mut found = differences(proof);
        if let Some(history) = history {
            found.extend(history_differences(proof, history));
        }
        match found {
            d if d.is_empty() => println!("{what}: checks ({} cards dealt)", proof.dealt.len()),
            d => {
                failed += 1;
                for difference in d {
                    println!("{what}: {difference}");
                }
            }
        }
    }
    let hands = hands.len();
    if failed > 0 {
        bail!("{failed} of {hands} hands do not check");
    }
    let noun = if hands == 1 { "hand" } else { "hands" };
    println!("verify: {hands} {noun}, every one checks");
    Ok(())
}

/// The proofs in `text`: a proof file as the server gives it (JSON), or hand histories in PHH
/// (a tournament's downloads), each hand with its proof in `_deck_proof` and the hand itself to
/// check the proof's cards against.
fn proofs_in(text: &str) -> anyhow::Result<Vec<(DeckProof, Option<hh::PhhHand>)>> {
    // JSON is a proof file or nothing: its own error says what is wrong with it.
    if text.trim_start().starts_with('{') {
        let file: DeckFile = serde_json::from_str(text)?;
        return Ok(file.hands.into_iter().map(|p| (p, None)).collect());
    }
    let histories = match hh::parse_phhs(text) {
        Ok(hands) if !hands.is_empty() => hands.into_iter().map(|(_, h)| h).collect(),
        _ => vec![hh::parse_phh(text).map_err(|e| {
            anyhow::anyhow!("neither deck proofs (JSON) nor hand histories (PHH): {e}")
        })?],
    };
    let mut out = Vec::new();
    let mut without = 0;
    for history in histories {
        let Some((_, table)) = history.extra.iter().find(|(k, _)| k == "_deck_proof") else {
            without += 1;
            continue;
        };
        let proof: DeckProof = serde_json::from_value(table.to_json())
            .context("a hand's `_deck_proof` is not a deck proof")?;
        out.push((proof, Some(history)));
    }
    if out.is_empty() {
        bail!("hand histories, but no hand carries a deck proof (`_deck_proof`)");
    }
    if without > 0 {
        // Hands dealt by dealers with real cards, or from a test event's seed: nothing to check.
        println!(
            "{without} hands without a deck proof (a dealer's or a test event's): not checked"
        );
    }
    Ok(out)
}

/// Where the hand history's cards differ from its proof's: a hole card the history gives a
/// player that the proof did not deal to their seat, a board card it did not deal to the board.
fn history_differences(proof: &DeckProof, history: &hh::PhhHand) -> Vec<String> {
    use protocol::DealtTo;
    let seats: Vec<u8> = history
        .extra
        .iter()
        .find(|(k, _)| k == "seats")
        .and_then(|(_, v)| match v.to_json() {
            serde_json::Value::Array(items) => items
                .iter()
                .map(|s| s.as_u64().and_then(|s| u8::try_from(s).ok()))
                .collect(),
            _ => None,
        })
        .unwrap_or_default();
    let dealt = |to: DealtTo, seat: Option<u8>| -> Vec<&str> {
        proof
            .dealt
            .iter()
            .filter(|d| d.to == to && (to != DealtTo::Seat || d.seat == seat))
            .map(|d| d.card.as_str())
            .collect()
    };
    let mut out = Vec::new();
    for line in &history.actions {
        let (cards, to, seat, whose) = match &line.action {
            hh::PhhAction::DealHole { player, cards } => {
                // Players from 0 here, `p1` in the file.
                let seat = seats.get(*player).copied();
                let Some(s) = seat else {
                    out.push(format!("the history names no seat of p{}", player + 1));
                    continue;
                };
                (cards, DealtTo::Seat, seat, format!("seat {s}"))
            }
            hh::PhhAction::DealBoard { cards } => {
                (cards, DealtTo::Board, None, "the board".to_string())
            }
            _ => continue,
        };
        let from_deck = dealt(to, seat);
        for card in cards.iter().flatten() {
            let card = card.to_string();
            if !from_deck.contains(&card.as_str()) {
                out.push(format!(
                    "the hand history deals {card} to {whose}, the deck did not"
                ));
            }
        }
    }
    out
}

/// What in `proof` does not match the procedure; empty when the hand checks.
pub fn differences(proof: &DeckProof) -> Vec<String> {
    let mut out = Vec::new();
    let Some(seed) = parse_hex(&proof.seed).map(Seed) else {
        return vec![format!("the seed {:?} is not 64 hex digits", proof.seed)];
    };
    let committed = commitment(&seed);
    if committed != proof.commitment {
        out.push(format!(
            "the seed's SHA-256 is {committed}, not the commitment {}",
            proof.commitment
        ));
    }
    let mut values = Vec::new();
    for v in &proof.values {
        match v.value.parse::<Value>() {
            Ok(value) => values.push((v.seat, value)),
            Err(()) => out.push(format!(
                "seat {}'s value {:?} is not 64 hex digits",
                v.seat, v.value
            )),
        }
    }
    values.sort_by_key(|&(seat, _)| seat);
    let by_seat: Vec<Value> = values.iter().map(|&(_, v)| v).collect();
    let derived = deck_seed(&seed, &by_seat);
    if hex(&derived.0) != proof.deck_seed {
        out.push(format!(
            "the deck seed is {}, but the seed and the values give {}",
            proof.deck_seed,
            hex(&derived.0)
        ));
    }
    let deck = Deck::shuffled(derived);
    let deck = deck.remaining();
    let mut places = [false; 52];
    for dealt in &proof.dealt {
        let at = usize::from(dealt.at);
        let Some(&in_deck) = deck.get(at) else {
            out.push(format!("{} is at place {at}, past the deck", dealt.card));
            continue;
        };
        if std::mem::replace(&mut places[at], true) {
            out.push(format!("place {at} is dealt twice"));
        }
        match dealt.card.parse::<Card>() {
            Ok(card) if card == in_deck => {}
            Ok(_) => out.push(format!(
                "the card at place {at} is {in_deck}, the file says {}",
                dealt.card
            )),
            Err(_) => out.push(format!("{:?} at place {at} is not a card", dealt.card)),
        }
    }
    // The cards come off the top, one after another: none is skipped.
    let dealt = proof.dealt.len().min(52);
    if let Some(gap) = places[..dealt].iter().position(|&p| !p) {
        out.push(format!(
            "no card dealt from place {gap}, though later ones were"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{DealtCard, DealtTo, SeatValue};

    /// A hand dealt by the procedure: two values, four hole cards, a burn and a flop.
    fn honest() -> DeckProof {
        let seed = Seed::from_u64(37);
        let values = [Value([1; 32]), Value([2; 32])];
        let derived = deck_seed(&seed, &values);
        let deck = Deck::shuffled(derived).remaining().to_vec();
        let to = [
            DealtTo::Seat,
            DealtTo::Seat,
            DealtTo::Seat,
            DealtTo::Seat,
            DealtTo::Burn,
        ];
        let dealt = (0..8u8)
            .map(|at| DealtCard {
                at,
                card: deck[usize::from(at)].to_string(),
                to: to.get(usize::from(at)).copied().unwrap_or(DealtTo::Board),
                seat: (at < 4).then_some(at % 2 + 1),
            })
            .collect();
        DeckProof {
            event: None,
            table: 0,
            hand: 1,
            commitment: commitment(&seed),
            seed: hex(&seed.0),
            values: vec![
                SeatValue {
                    seat: 1,
                    value: hex(&[1; 32]),
                },
                SeatValue {
                    seat: 2,
                    value: hex(&[2; 32]),
                },
            ],
            left_out: Vec::new(),
            deck_seed: hex(&derived.0),
            dealt,
        }
    }

    // Issue 37 item 3: a hand dealt by the procedure checks.
    #[test]
    fn an_honest_hand_checks() {
        assert_eq!(differences(&honest()), Vec::<String>::new());
    }

    // Issue 37 item 3: a changed seed, value or card is found and said.
    #[test]
    fn a_changed_seed_value_or_card_does_not_check() {
        let mut seed = honest();
        seed.seed = hex(&[9; 32]);
        assert!(
            differences(&seed)[0].contains("not the commitment"),
            "{:?}",
            differences(&seed)
        );
        let mut value = honest();
        value.values[1].value = hex(&[3; 32]);
        assert!(
            differences(&value)
                .iter()
                .any(|d| d.contains("the seed and the values give"))
        );
        let mut card = honest();
        let other = if card.dealt[0].card == "As" {
            "Ks"
        } else {
            "As"
        };
        card.dealt[0].card = other.into();
        let d = differences(&card);
        assert!(
            d.iter().any(|d| d.contains("place 0") && d.contains(other)),
            "{d:?}"
        );
        let mut skipped = honest();
        skipped.dealt.remove(2);
        assert!(differences(&skipped).iter().any(|d| d.contains("place 2")));
    }

    /// The honest hand as a PHH hand history with its proof: seat 1's hole cards as dealt,
    /// seat 2's unseen, the flop.
    fn history(proof: &DeckProof, seat_1: [&str; 2]) -> String {
        let card = |at: usize| proof.dealt[at].card.clone();
        let text = format!(
            "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
             starting_stacks = [200, 200]\nactions = ['d dh p1 {}{}', 'd dh p2 ????', \
             'p2 cc', 'p1 cc', 'd db {}{}{}']\nseats = [1, 2]\n",
            seat_1[0],
            seat_1[1],
            card(5),
            card(6),
            card(7)
        );
        let mut hand = hh::parse_phh(&text).expect("a PHH hand");
        let json = serde_json::to_value(proof).expect("JSON");
        hand.extra.push((
            "_deck_proof".into(),
            hh::Value::from_json(&json).expect("a table"),
        ));
        hh::to_phhs(&[("1".into(), hand)])
    }

    // Issue 37 item 3: a tournament's PHH download carries each hand's proof; verify reads
    // it, checks it by the procedure and checks the history's own cards against it.
    #[test]
    fn a_hand_history_with_its_proof_checks_and_its_cards_with_it() {
        let proof = honest();
        let (a, b) = (proof.dealt[0].card.clone(), proof.dealt[2].card.clone());
        let text = history(&proof, [&a, &b]);
        let hands = proofs_in(&text).expect("read");
        assert_eq!(hands.len(), 1);
        let (read, h) = &hands[0];
        assert_eq!(read, &proof);
        assert_eq!(differences(read), Vec::<String>::new());
        assert_eq!(
            history_differences(read, h.as_ref().unwrap()),
            Vec::<String>::new()
        );
        // A history whose seat 1 holds a card the deck gave seat 2 does not check.
        let other = proof.dealt[1].card.clone();
        let text = history(&proof, [&a, &other]);
        let hands = proofs_in(&text).expect("read");
        let d = history_differences(&hands[0].0, hands[0].1.as_ref().unwrap());
        assert_eq!(
            d,
            vec![format!(
                "the hand history deals {other} to seat 1, the deck did not"
            )]
        );
        // Histories without proofs are said to be so.
        let bare = text.replace("_deck_proof", "_other");
        let err = proofs_in(&bare).expect_err("no proof").to_string();
        assert!(err.contains("no hand carries a deck proof"), "{err}");
    }
}
