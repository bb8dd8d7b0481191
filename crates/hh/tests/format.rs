//! TOML as PHH uses it, the action notation and the written form, on small hand-made files.

use cards::Card;
use hh::{ActionLine, Amount, PhhAction, Value, parse_phh, parse_phhs, to_phhs};

fn amount(text: &str) -> Amount {
    text.parse().expect("test amount")
}

fn card(text: &str) -> Card {
    text.parse().expect("test card")
}

const HEADS_UP: &str = "\
# A heads-up hand written by hand.
variant = \"NT\"   # no-limit hold'em
ante_trimming_status = true
antes = [0, 0]
blinds_or_straddles = [
  1,
  2,   # the big blind
]
min_bet = 2
starting_stacks = [200, inf]
actions = [
  # Pre-flop
  'd dh p1 AcKd',  # Bob
  'd dh p2 ????',
  'p2 cbr 6.5',    # min-raise and a half
  'p1 cc # calls, a note inside the action',
  \"p2 f\"
]
event = \"Tab\\there, quote \\\" and \\u00e9\"
_scale = -3.5
day = 2009-07-01
time = 2009-07-01 00:00:06
nested = [[1, 2], ['a'], []]
'quoted key' = 1_000
";

#[test]
fn reads_a_hand_made_file() {
    let hand = parse_phh(HEADS_UP).expect("parses");
    assert_eq!(hand.variant, "NT");
    assert_eq!(hand.blinds_or_straddles, [amount("1"), amount("2")]);
    assert_eq!(hand.starting_stacks, [Some(amount("200")), None]);
    assert_eq!(hand.actions.len(), 5);
    assert_eq!(hand.actions[0].comment.as_deref(), Some("Bob"));
    assert_eq!(hand.actions[1].comment, None);
    assert_eq!(
        hand.actions[2].action,
        PhhAction::CompleteBetOrRaiseTo {
            player: 1,
            amount: amount("6.5")
        }
    );
    assert_eq!(hand.actions[3].action, PhhAction::CheckOrCall { player: 0 });
    assert_eq!(
        hand.actions[3].text,
        "p1 cc # calls, a note inside the action"
    );
    assert_eq!(hand.actions[4].action, PhhAction::Fold { player: 1 });
    let expected_extra = vec![
        (
            "event".to_owned(),
            Value::String("Tab\there, quote \" and é".into()),
        ),
        ("_scale".to_owned(), Value::Number(amount("-3.5"))),
        ("day".to_owned(), Value::DateTime("2009-07-01".into())),
        (
            "time".to_owned(),
            Value::DateTime("2009-07-01 00:00:06".into()),
        ),
        (
            "nested".to_owned(),
            Value::Array(vec![
                Value::Array(vec![Value::Number(amount("1")), Value::Number(amount("2"))]),
                Value::Array(vec![Value::String("a".into())]),
                Value::Array(vec![]),
            ]),
        ),
        ("quoted key".to_owned(), Value::Number(amount("1000"))),
    ];
    assert_eq!(hand.extra, expected_extra);
    assert_eq!(parse_phh(&hand.to_phh()), Ok(hand));
}

#[test]
fn writes_the_specification_order_with_comments() {
    let hand = parse_phh(HEADS_UP).expect("parses");
    let expected = "\
variant = 'NT'
ante_trimming_status = true
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, inf]
actions = [
  'd dh p1 AcKd',  # Bob
  'd dh p2 ????',
  'p2 cbr 6.5',  # min-raise and a half
  'p1 cc # calls, a note inside the action',
  'p2 f',
]
event = \"Tab\\there, quote \\\" and é\"
_scale = -3.5
day = 2009-07-01
time = 2009-07-01 00:00:06
nested = [[1, 2], ['a'], []]
'quoted key' = 1000
";
    assert_eq!(hand.to_phh(), expected);
}

#[test]
fn an_edited_action_is_written_in_canonical_form() {
    let mut hand = parse_phh(HEADS_UP).expect("parses");
    hand.actions[3].action = PhhAction::CompleteBetOrRaiseTo {
        player: 0,
        amount: amount("20.00"),
    };
    hand.actions
        .push(ActionLine::new(PhhAction::Fold { player: 1 }));
    let written = hand.to_phh();
    assert!(written.contains("  'p1 cbr 20.00',\n"), "{written}");
    let again = parse_phh(&written).expect("parses");
    assert_eq!(again.actions[3].text, "p1 cbr 20.00");
    assert_eq!(again.actions[5].action, PhhAction::Fold { player: 1 });
}

#[test]
fn every_action_form_reads_and_prints_back() {
    let cases: [(&str, PhhAction); 12] = [
        (
            "d dh p3 AcKd",
            PhhAction::DealHole {
                player: 2,
                cards: vec![Some(card("Ac")), Some(card("Kd"))],
            },
        ),
        (
            "d dh p1 ??Kd",
            PhhAction::DealHole {
                player: 0,
                cards: vec![None, Some(card("Kd"))],
            },
        ),
        (
            "d db Qs9c4s",
            PhhAction::DealBoard {
                cards: vec![Some(card("Qs")), Some(card("9c")), Some(card("4s"))],
            },
        ),
        (
            "d db ??????",
            PhhAction::DealBoard {
                cards: vec![None, None, None],
            },
        ),
        ("p2 f", PhhAction::Fold { player: 1 }),
        ("p2 cc", PhhAction::CheckOrCall { player: 1 }),
        (
            "p12 cbr 300",
            PhhAction::CompleteBetOrRaiseTo {
                player: 11,
                amount: amount("300"),
            },
        ),
        ("p1 pb", PhhAction::PostBringIn { player: 0 }),
        (
            "p2 sd 7h",
            PhhAction::StandPatOrDiscard {
                player: 1,
                cards: vec![Some(card("7h"))],
            },
        ),
        (
            "p2 sd",
            PhhAction::StandPatOrDiscard {
                player: 1,
                cards: vec![],
            },
        ),
        (
            "p1 sm AcKd",
            PhhAction::ShowOrMuck {
                player: 0,
                cards: Some(vec![Some(card("Ac")), Some(card("Kd"))]),
            },
        ),
        (
            "p1 sm",
            PhhAction::ShowOrMuck {
                player: 0,
                cards: None,
            },
        ),
    ];
    for (text, action) in cases {
        assert_eq!(PhhAction::parse(text), Ok(action.clone()), "{text}");
        assert_eq!(action.to_string(), text);
    }
    // Spaces between cards are read; the canonical form runs them together.
    assert_eq!(
        PhhAction::parse("d dh p1 Ac Kd").map(|a| a.to_string()),
        Ok("d dh p1 AcKd".to_owned())
    );
}

#[test]
fn phhs_tables_keep_names_and_order() {
    let text = format!("[7]\n{HEADS_UP}\n[\"hand two\"]\n{HEADS_UP}");
    let hands = parse_phhs(&text).expect("parses");
    let names: Vec<&str> = hands.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["7", "hand two"]);
    let written = to_phhs(&hands);
    assert!(written.starts_with("[7]\nvariant = 'NT'\n"), "{written}");
    assert!(written.contains("\n\n['hand two']\nvariant"), "{written}");
    assert_eq!(parse_phhs(&written), Ok(hands));
}

#[test]
fn windows_line_endings_and_a_byte_order_mark_are_read() {
    let text = format!("\u{feff}{}", HEADS_UP.replace('\n', "\r\n"));
    let hand = parse_phh(&text).expect("parses");
    assert_eq!(hand.actions[0].comment.as_deref(), Some("Bob"));
    assert_eq!(Ok(hand), parse_phh(HEADS_UP));
}
