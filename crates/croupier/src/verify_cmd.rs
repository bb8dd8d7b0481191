//! `croupier verify FILE`: checks a file of deck proofs (issue 37, `docs/decks.md`), as the
//! server gives them (`GET /api/ring/tables/{table}/decks`): each hand's seed against the
//! commitment published before its deal, the deck seed from the seed and the players' values,
//! and every card dealt against its place in the deck. Exit 0 when every hand checks, 1 when
//! anything differs (each difference said).

use anyhow::{Context, bail};
use cards::proof::{Value, commitment, deck_seed, hex, parse_hex};
use cards::{Card, Deck, Seed};
use protocol::{DeckFile, DeckProof};

#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// A file of deck proofs (JSON: `{"hands":[...]}`).
    file: std::path::PathBuf,
}

pub fn run(args: VerifyArgs) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let file: DeckFile = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a file of deck proofs", args.file.display()))?;
    let mut failed = 0;
    for proof in &file.hands {
        let what = proof.what();
        match differences(proof) {
            d if d.is_empty() => println!("{what}: checks ({} cards dealt)", proof.dealt.len()),
            d => {
                failed += 1;
                for difference in d {
                    println!("{what}: {difference}");
                }
            }
        }
    }
    let hands = file.hands.len();
    if failed > 0 {
        bail!("{failed} of {hands} hands do not check");
    }
    let noun = if hands == 1 { "hand" } else { "hands" };
    println!("verify: {hands} {noun}, every one checks");
    Ok(())
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
}
