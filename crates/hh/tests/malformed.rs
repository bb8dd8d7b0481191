//! Bad input gives an error that names the problem and where it is, and never panics.

use hh::{ActionError, AmountError, PhhError, SyntaxError, parse_phh, parse_phhs};

/// A valid two-player hand with the given action strings (line 6 holds the actions).
fn hand_with(actions: &[&str]) -> String {
    let actions: Vec<String> = actions.iter().map(|a| format!("'{a}'")).collect();
    format!(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
         starting_stacks = [200, 200]\nactions = [{}]\n",
        actions.join(", ")
    )
}

fn error(text: &str) -> PhhError {
    parse_phh(text).expect_err("should be refused")
}

fn action_error(action: &str) -> (PhhError, ActionError) {
    let err = error(&hand_with(&["d dh p1 AcKd", "d dh p2 ????", action]));
    match &err {
        PhhError::Action {
            line: 6,
            number: 3,
            text,
            problem,
        } if text == action => {
            let problem = problem.clone();
            (err, problem)
        }
        other => panic!("{action}: not an action error for action 3: {other:?}"),
    }
}

#[test]
fn the_base_hand_is_valid() {
    assert!(parse_phh(&hand_with(&["d dh p1 AcKd", "p2 f"])).is_ok());
}

/// The syntax error of `text`: line, column and message.
fn syntax(text: &str) -> (usize, usize, SyntaxError) {
    match parse_phhs(text) {
        Err(PhhError::Syntax {
            line,
            column,
            error,
        }) => (line, column, error),
        other => panic!("{text:?}: not a syntax error: {other:?}"),
    }
}

#[test]
fn unterminated_string_names_its_line_and_column() {
    let err = error("variant = 'NT'\nevent = \"WSOP\nantes = [0]\n");
    assert!(
        matches!(
            &err,
            PhhError::Syntax {
                line: 2,
                column: 14,
                error: SyntaxError::Toml { message, .. }
            } if message.contains("string")
        ),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .starts_with("line 2, column 14: invalid basic string"),
        "{err}"
    );
    let (line, column, _) = syntax("variant = 'NT");
    assert_eq!((line, column), (1, 14));
}

#[test]
fn columns_count_characters_not_bytes() {
    // 'é' is two bytes: the stray 'x' is the ninth character of line 2 and its tenth byte.
    let (line, column, _) = syntax("a = 1\nb = 'é' x\n");
    assert_eq!((line, column), (2, 9));
    // A byte-order mark is not a column.
    let (line, column, _) = syntax("\u{feff}a = 'é' x\n");
    assert_eq!((line, column), (1, 9));
}

#[test]
fn bad_amount_in_a_field() {
    // TOML reads it; an amount cannot hold 19 digits after the point.
    let text = hand_with(&[]).replace("min_bet = 2", "min_bet = 0.0000000000000000001");
    let err = error(&text);
    assert!(
        matches!(
            &err,
            PhhError::Syntax {
                line: 4,
                column: 11,
                error: SyntaxError::BadNumber(AmountError::TooPrecise { text })
            } if text == "0.0000000000000000001"
        ),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(
        message.starts_with("line 4, column 11: bad number"),
        "{message}"
    );
    let err = error(&hand_with(&[]).replace("min_bet = 2", "min_bet = 1.2.3"));
    assert!(matches!(err, PhhError::Syntax { line: 4, .. }), "{err:?}");
    for (number, text) in [("-inf", "-inf"), ("nan", "nan")] {
        let err = error(&hand_with(&[]).replace("min_bet = 2", &format!("min_bet = {number}")));
        assert_eq!(
            err,
            PhhError::Syntax {
                line: 4,
                column: 11,
                error: SyntaxError::NotAnAmount(text.into())
            }
        );
    }
}

#[test]
fn bad_amount_in_an_action() {
    let (err, problem) = action_error("p2 cbr 1.2.3");
    assert!(matches!(
        problem,
        ActionError::Amount(AmountError::Malformed { .. })
    ));
    let message = err.to_string();
    assert!(
        message.starts_with("line 6: action 3 'p2 cbr 1.2.3': bad amount"),
        "{message}"
    );
    let (_, problem) = action_error("p2 cbr x");
    assert!(matches!(problem, ActionError::Amount(_)));
    let (_, problem) = action_error("p2 cbr -5");
    assert!(matches!(
        problem,
        ActionError::Amount(AmountError::Negative { .. })
    ));
    let (_, problem) = action_error("p2 cbr");
    assert_eq!(problem, ActionError::Missing("the amount"));
    let (_, problem) = action_error("p2 cbr 5 6");
    assert_eq!(problem, ActionError::Trailing("6".into()));
}

#[test]
fn unknown_action_verb() {
    let (err, problem) = action_error("p2 raise 6");
    assert_eq!(problem, ActionError::UnknownVerb("raise".into()));
    assert!(
        err.to_string().contains("unknown action \"raise\""),
        "{err}"
    );
    let (_, problem) = action_error("d burn");
    assert_eq!(problem, ActionError::UnknownVerb("d burn".into()));
    let (_, problem) = action_error("   ");
    assert_eq!(problem, ActionError::Empty);
    let (_, problem) = action_error("p1 sm -");
    assert_eq!(problem, ActionError::ShowWithoutCards);
}

#[test]
fn player_index_zero_and_beyond_the_table() {
    let (err, problem) = action_error("p0 f");
    assert_eq!(problem, ActionError::PlayerZero);
    assert!(err.to_string().contains("players count from p1"), "{err}");
    let (err, problem) = action_error("p9 cc");
    assert_eq!(
        problem,
        ActionError::NoSuchPlayer {
            player: 9,
            players: 2
        }
    );
    assert!(err.to_string().contains("p9 is not in this hand"), "{err}");
    let (_, problem) = action_error("px f");
    assert_eq!(problem, ActionError::BadPlayer("px".into()));
    let (_, problem) = action_error("p99999999999999999999999 f");
    assert!(matches!(problem, ActionError::BadPlayer(_)));
    let (_, problem) = action_error("d dh p0 AcKd");
    assert_eq!(problem, ActionError::PlayerZero);
}

#[test]
fn bad_cards() {
    let (err, problem) = action_error("d db AcXd");
    assert!(matches!(problem, ActionError::Cards(_)));
    assert!(err.to_string().contains("bad cards"), "{err}");
    // `??` is an unknown card on the board too (a street nobody recorded); a half card is not.
    let (_, problem) = action_error("d db ???");
    assert!(matches!(problem, ActionError::Cards(_)));
    let (_, problem) = action_error("d dh p1");
    assert_eq!(problem, ActionError::Missing("the cards dealt"));
}

#[test]
fn field_problems() {
    assert_eq!(
        error("antes = [0]\nstarting_stacks = [1]\nactions = []\n"),
        PhhError::MissingField("variant")
    );
    assert_eq!(
        error("variant = 'NT'\nstarting_stacks = [1, 2]\n"),
        PhhError::MissingField("actions")
    );
    let err = error(&hand_with(&[]).replace("antes = [0, 0]", "antes = 5"));
    assert_eq!(
        err,
        PhhError::FieldType {
            line: 2,
            field: "antes".into(),
            expected: "an array",
            found: "a number"
        }
    );
    assert_eq!(
        err.to_string(),
        "line 2: antes: expected an array, found a number"
    );
    let err = error(&hand_with(&[]).replace("[1, 2]", "[1, 'two']"));
    assert!(err.to_string().contains("blinds_or_straddles[1]"), "{err}");
    let err = error(&hand_with(&[]).replace("[200, 200]", "[200, 200, 200]"));
    assert_eq!(
        err,
        PhhError::PlayerCount {
            line: 2,
            field: "antes",
            found: 2,
            players: 3
        }
    );
    let err = error(&hand_with(&[]).replace("[200, 200]", "[]"));
    assert_eq!(err, PhhError::NoPlayers { line: 5 });
    let err = error(&hand_with(&[]).replace("actions = [", "actions = [5, "));
    assert!(
        err.to_string().contains("actions[0]: expected a string"),
        "{err}"
    );
}

#[test]
fn toml_structure_problems() {
    // (text, line, column, words of the message)
    let cases = [
        ("a = 1\na = 2\n", 2, 1, "duplicate key at \"a\""),
        ("[1]\n[1]\n", 2, 2, "duplicate key at \"1\""),
        ("x = [1,\n2\n", 2, 2, "unclosed array"),
        ("x = \"a\\qb\"\n", 1, 8, "escape"),
        ("x = nope\n", 1, 5, "at \"nope\""),
        ("x = [1 2]\n", 1, 6, "at \"1 2\""),
        ("a = 1\nx = 'a' 2\n", 2, 9, "expected newline"),
        ("x = 1e99999\n", 1, 5, "overflowed"),
    ];
    for (text, line, column, words) in cases {
        let (at_line, at_column, error) = syntax(text);
        assert_eq!((at_line, at_column), (line, column), "{text:?}: {error}");
        assert!(error.to_string().contains(words), "{text:?}: {error}");
    }
    let deep = format!("x = {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let (_, _, error) = syntax(&deep);
    assert!(error.to_string().contains("recursion"), "{error}");
}

#[test]
fn tables_and_files_must_match() {
    let err = error(&format!("{}[1]\nvariant = 'NT'\n", hand_with(&[])));
    assert_eq!(
        err,
        PhhError::UnexpectedTable {
            line: 7,
            name: "1".into()
        }
    );
    let err = parse_phhs("variant = 'NT'\n[1]\n").expect_err("key outside a table");
    assert_eq!(
        err,
        PhhError::KeyOutsideTable {
            line: 1,
            key: "variant".into()
        }
    );
    let text = format!("[1]\n{}\n[2]\n{}", hand_with(&[]), hand_with(&["p3 f"]));
    let err = parse_phhs(&text).expect_err("hand [2] is bad");
    let message = err.to_string();
    assert!(
        message.starts_with("hand [2] (line 9): line 15: action 1 'p3 f': p3 is not in this hand"),
        "{message}"
    );
}

/// A small deterministic generator, so the mutations are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % below
    }
}

#[test]
fn mutated_hands_never_panic() {
    let base: Vec<char> = hand_with(&["d dh p1 AcKd", "d dh p2 ????", "p2 cbr 6.5", "p1 sm AcKd"])
        .chars()
        .collect();
    let alphabet: Vec<char> = "[]'\"#=,\n.0p?-\\ue9_:{}é\r\t".chars().collect();
    let mut rng = Lcg(20240601);
    for _ in 0..20_000 {
        let mut text = base.clone();
        for _ in 0..1 + rng.next(4) {
            let at = rng.next(text.len());
            match rng.next(3) {
                0 => text[at] = alphabet[rng.next(alphabet.len())],
                1 => text.insert(at, alphabet[rng.next(alphabet.len())]),
                _ => {
                    text.remove(at);
                }
            }
        }
        let text: String = text.into_iter().collect();
        let _ = parse_phh(&text);
        let _ = parse_phhs(&text);
    }
}
