//! PHH files are TOML, all of it: what the old hand-written reader refused (multi-line and
//! escaped strings, dotted keys, inline tables, sub-tables, arrays of tables, exponents,
//! hexadecimal, integers past 64 bits, a comma on the next line) reads, with every number
//! exact, and writes back to an equal hand.

use hh::{Amount, PhhError, Value, parse_phh, parse_phhs};

fn amount(text: &str) -> Amount {
    text.parse().expect("test amount")
}

fn number(text: &str) -> Value {
    Value::Number(amount(text))
}

const FULL: &str = r##"
variant = """NT"""
antes = [0, 0]
blinds_or_straddles = [0.5e0, 1E0]
min_bet = 0x1
starting_stacks = [
  100.25,  # Ann
  # a whole-line comment between items
  1_000_000_000_000_000_000_000_000.01  # Bob
  ,
]
actions = [
  'd dh p1 AcKd'  # no comma before the comment
  , 'd dh p2 ????',  # the comma came first on this line
  "p2 \x66",
]
venue.city = 'Las Vegas'
venue.room = "Amazon\e"
seats = { p1 = 3, "p 2" = 7 }
hand = 123456789012345678901234567890
ratio = 25e-3
"##;

#[test]
fn reads_what_the_toml_subset_refused() {
    let hand = parse_phh(FULL).expect("valid TOML reads");
    assert_eq!(hand.variant, "NT");
    assert_eq!(hand.blinds_or_straddles, [amount("0.5"), amount("1")]);
    assert_eq!(hand.min_bet, Some(amount("1")));
    assert_eq!(
        hand.starting_stacks,
        [
            Some(amount("100.25")),
            Some(amount("1000000000000000000000000.01"))
        ]
    );
    let comments: Vec<Option<&str>> = hand
        .actions
        .iter()
        .map(|line| line.comment.as_deref())
        .collect();
    assert_eq!(
        comments,
        [
            Some("no comma before the comment"),
            Some("the comma came first on this line"),
            None
        ]
    );
    assert_eq!(hand.actions[2].text, "p2 f");
    let expected_extra = vec![
        (
            "venue".to_owned(),
            Value::Table(vec![
                ("city".into(), Value::String("Las Vegas".into())),
                ("room".into(), Value::String("Amazon\u{1b}".into())),
            ]),
        ),
        (
            "seats".to_owned(),
            Value::Table(vec![
                ("p1".into(), number("3")),
                ("p 2".into(), number("7")),
            ]),
        ),
        ("hand".to_owned(), number("123456789012345678901234567890")),
        ("ratio".to_owned(), number("0.025")),
    ];
    assert_eq!(hand.extra, expected_extra);
    // Written back with inline tables, and read again to the same hand.
    assert_eq!(parse_phh(&hand.to_phh()), Ok(hand));
}

#[test]
fn decimals_keep_their_exact_text() {
    // 0.1 and 9007199254740993.5 have no exact f64; 10.10 keeps its written scale.
    let text = FULL.replace(
        "min_bet = 0x1",
        "min_bet = 0.1\nbring_in = 9007199254740993.5\nsmall_bet = 10.10",
    );
    let hand = parse_phh(&text).expect("parses");
    let min_bet = hand.min_bet.expect("min_bet");
    assert_eq!((min_bet.units(), min_bet.scale()), (1, 1));
    assert_eq!(
        hand.bring_in.map(|a| a.to_string()).as_deref(),
        Some("9007199254740993.5")
    );
    assert_eq!(
        hand.small_bet.map(|a| a.to_string()).as_deref(),
        Some("10.10")
    );
    let written = hand.to_phh();
    assert!(written.contains("\nsmall_bet = 10.10\n"), "{written}");
    assert!(
        written.contains("starting_stacks = [100.25, 1000000000000000000000000.01]"),
        "{written}"
    );
}

#[test]
fn tables_in_a_phhs_are_hands_and_their_sub_tables_fields() {
    let hand = FULL.replace("\nvariant", "\n[7]\nvariant") + "[7.meta]\nsource = 'hand-made'\n";
    let hands = parse_phhs(&hand).expect("parses");
    assert_eq!(hands.len(), 1);
    let (name, hand) = &hands[0];
    assert_eq!(name, "7");
    assert_eq!(
        hand.extra.last(),
        Some(&(
            "meta".to_owned(),
            Value::Table(vec![("source".into(), Value::String("hand-made".into()))])
        ))
    );
    // An array of tables stands outside the hands.
    let err = parse_phhs("[[hands]]\nvariant = 'NT'\n").expect_err("not a hand");
    assert_eq!(
        err,
        PhhError::KeyOutsideTable {
            line: 1,
            key: "hands".into()
        }
    );
    // In a .phh an array of tables is a field like any other.
    let text = format!("{FULL}[[notes]]\nby = 'Ann'\n[[notes]]\nby = 'Bob'\n");
    let hand = parse_phh(&text).expect("parses");
    let by = |who: &str| Value::Table(vec![("by".into(), Value::String(who.into()))]);
    assert_eq!(
        hand.extra.last(),
        Some(&("notes".to_owned(), Value::Array(vec![by("Ann"), by("Bob")])))
    );
    assert_eq!(parse_phh(&hand.to_phh()), Ok(hand));
}
