//! Issue 19 item 5: a player's page pushed in parts (a public view shared by the table, their
//! own cards, seat and history) patches the client to exactly the page the parts make.

use super::super::Pushed;
use super::*;
use serde_json::{Value, json};

fn typed<T: serde::de::DeserializeOwned>(value: Value) -> T {
    serde_json::from_value(value).expect("a view")
}

fn seat(n: u8, player: u32, stack: u64, cards: Value) -> Value {
    let up = vec![false; cards.as_array().map_or(0, Vec::len)];
    json!({"seat": n, "player": player, "name": format!("Player {player}"), "stack": stack,
        "bet": 0, "cards": cards, "up": up, "in_hand": true, "folded": false,
        "all_in": false, "away": false, "button": false, "small_blind": false,
        "big_blind": false, "bring_in": false, "to_act": false})
}

fn hand(number: u64, said: usize) -> Value {
    let said: Vec<Value> = (0..said)
        .map(|i| {
            json!({"kind": "calls", "seat": 3, "amount": 100 * i as u64, "cards": [],
            "hand_en": null, "hand_de": null, "rule": null})
        })
        .collect();
    json!({"number": number, "level": 1, "game": "holdem", "street": "preflop", "board": [],
        "bring_in": null, "pots": [], "total_pot": 0, "to_act": 3, "act_deadline_ms": null,
        "clock_called": false, "announcements": said, "equities": []})
}

/// The player dealt four cards (an Omaha hand) where the others hold two.
const OMAHA: u32 = 9;

/// The public view of table 1: seats as given (by index), nobody's cards but `shown`.
fn public(
    seats: [Option<(u32, u64)>; 4],
    shown: Option<(usize, [&str; 2])>,
    hand: Value,
) -> Arc<SharedTable> {
    let seats: Vec<Value> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            Some((player, stack)) => {
                let cards = match shown {
                    Some((at, cards)) if at == i => json!(cards),
                    _ if *player == OMAHA => json!([null, null, null, null]),
                    _ => json!([null, null]),
                };
                seat(i as u8 + 1, *player, *stack, cards)
            }
            None => Value::Null,
        })
        .collect();
    SharedTable::new(typed(
        json!({"event": 1, "table": 1, "seats": seats, "hand": hand,
        "waiting": null, "you": null, "history": null, "server_time_ms": 5}),
    ))
}

fn past(number: u64) -> HandHistory {
    typed(
        json!({"number": number, "game": "holdem", "board": ["As", "Kd", "7c"],
        "announcements": [], "seats": [{"seat": 1, "player": 1, "name": "Player 1",
        "cards": ["Ah", "Qs"], "up": [false, false], "won": number * 10}]}),
    )
}

fn standing(chips: u64) -> Standing {
    typed(
        json!({"player": 1, "name": "Player 1", "entry_number": 1, "status": "playing",
        "bot": false, "table": 1, "seat": 1, "chips": chips, "place": null, "prize": 0,
        "bounties": 0, "knockouts": 0, "rebuys": 0, "add_ons": 0, "warnings": 0,
        "penalty_hands": 0, "league_points": null}),
    )
}

/// Player 1's page: `public`, their cards in seat index `seat`, to act or not.
fn page(
    public: &Arc<SharedTable>,
    own: Option<(usize, [&str; 2])>,
    to_act: bool,
    history: Option<Vec<HandHistory>>,
) -> MeParts {
    let you = own.map(|(seat, _)| {
        typed(json!({"player": 1, "seat": seat + 1, "legal": if to_act {
            json!({"hand": 4, "fold": true, "check": false, "call": 100, "call_to": 100,
                "min_to": 200, "max_to": 1000, "raise_kind": "raise", "bring_in": null,
                "big_bet_to": null})
        } else { Value::Null }}))
    });
    MeParts {
        event: EventId(1),
        standing: standing(1000),
        table: Some(TableParts {
            public: public.clone(),
            own: TablePrivate {
                own: own.map(|(seat, cards)| OwnCards {
                    seat,
                    cards: cards.iter().map(|c| Some(c.to_string())).collect(),
                    up: vec![false, false],
                }),
                you,
                history,
            },
        }),
    }
}

/// The pages player 1 is sent through three hands: an action, a new hand with their new
/// cards and a history with the last hand in front, a showdown that shows their cards, the
/// cards face down again, out of the hand, a move to another seat (twice), and a bust.
fn pages() -> Vec<(MeParts, MeParts)> {
    let four = |stack: u64| [Some((1, stack)), None, Some((3, 900)), Some((4, 800))];
    let p = [
        public(four(1000), None, hand(4, 1)),
        public(four(900), None, hand(4, 2)),
        public(four(900), None, hand(5, 1)),
        public(four(900), Some((0, ["Kc", "Kd"])), hand(5, 3)),
        // The cards face down again (as a stud hand's up cards when it folds, TDA-66).
        public(four(900), None, hand(5, 4)),
        public(four(900), None, hand(5, 5)),
        public(
            [None, Some((1, 900)), Some((3, 900)), Some((4, 800))],
            None,
            hand(6, 1),
        ),
        // Player 1 moves on; the seat they left gets a player with four cards: only the
        // cards after the first two change there in the public view.
        public(
            [None, Some((OMAHA, 500)), Some((3, 900)), Some((1, 900))],
            None,
            hand(6, 2),
        ),
    ];
    // Both connections at the table are sent the same public views.
    let both = |i: usize, own, to_act, history: Option<Vec<HandHistory>>| {
        (
            page(&p[i], own, to_act, history.clone()),
            page(&p[i], own, to_act, history),
        )
    };
    let aq = Some((0, ["Ah", "Qs"]));
    let kk = Some((0, ["Kc", "Kd"]));
    vec![
        both(0, aq, true, Some(vec![past(3)])),
        both(1, aq, false, None),
        both(2, kk, false, Some(vec![past(4), past(3)])),
        both(3, kk, false, None),
        // The public op hides seat 0's cards: the player's own go back on top.
        both(4, kk, false, None),
        // Out of the hand in the same seat, the public cards unchanged: theirs go.
        both(5, None, false, None),
        both(
            6,
            Some((1, ["2c", "7d"])),
            true,
            Some(vec![past(5), past(4)]),
        ),
        both(7, Some((3, ["2c", "7d"])), false, None),
        (
            MeParts {
                event: EventId(1),
                standing: standing(0),
                table: None,
            },
            MeParts {
                event: EventId(1),
                standing: standing(0),
                table: None,
            },
        ),
    ]
}

/// What the client holds after `text`.
fn follow(state: &mut Value, text: &str) {
    let message: Value = serde_json::from_str(text).expect("JSON");
    if message["type"] == "patch" {
        let ops: json_patch::Patch = serde_json::from_value(message["ops"].clone()).unwrap();
        json_patch::patch(state, &ops).unwrap_or_else(|e| panic!("{e}: {text}"));
    } else {
        *state = message["me"].clone();
    }
}

#[test]
fn every_patch_of_a_page_in_parts_gives_the_page_the_parts_make() {
    let mut ann = Pushed::default();
    let mut bob = Pushed::default();
    let (mut held, mut also) = (Value::Null, Value::Null);
    let mut history = None;
    for (step, (a, b)) in pages().into_iter().enumerate() {
        // A page that leaves its history out keeps the one sent before.
        let mut expected = a.assemble();
        if let Some(t) = &mut expected.table {
            history = t.history.clone().or(history);
            t.history = history.clone();
        }
        let expected = serde_json::to_value(&expected).unwrap();
        let text = ann.next_me_parts(a).expect("every step changes the page");
        follow(&mut held, &text);
        assert_eq!(held, expected, "step {step}: {text}");
        let text = bob
            .next_me_parts(b)
            .expect("the same change for the other connection");
        follow(&mut also, &text);
        assert_eq!(also, expected, "step {step}, second connection: {text}");
    }
}

#[test]
fn the_public_ops_are_made_once_for_the_table() {
    let steps = pages();
    let (mut ann, mut bob) = (Pushed::default(), Pushed::default());
    let mut steps = steps.into_iter();
    let (a, b) = steps.next().unwrap();
    ann.next_me_parts(a);
    bob.next_me_parts(b);
    let (a, b) = steps.next().unwrap();
    let shared = a.table.as_ref().unwrap().public.clone();
    let first = ann.next_me_parts(a).unwrap();
    let second = bob.next_me_parts(b).unwrap();
    assert_eq!(shared.diffs.lock().unwrap().len(), 1, "one diff for both");
    // The stack changed for all; the legal actions went for this player alone.
    assert!(
        first.contains(r#""path":"/table/seats/0/stack""#),
        "{first}"
    );
    assert_eq!(first, second);
}

/// TDA-16: a player's hole cards are theirs alone until shown; the public view shared by the
/// table never carries them, and a patch to one player never carries another's.
#[test]
fn a_players_own_cards_go_to_them_alone() {
    for (a, _) in pages() {
        if let Some(t) = &a.table {
            let public = serde_json::to_string(&t.public.view).unwrap();
            for own in t.own.own.iter().flat_map(|o| o.cards.iter().flatten()) {
                let shown = t
                    .public
                    .view
                    .seats
                    .iter()
                    .flatten()
                    .any(|s| s.cards.contains(&Some(own.clone())));
                assert!(shown || !public.contains(own.as_str()), "{own} in {public}");
            }
        }
    }
}
