//! Exact decimal amounts: read as written, equal by value, scaled to chips exactly.

use hh::{Amount, AmountError, common_scale};

fn amount(text: &str) -> Amount {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn prints_back_as_written() {
    for text in [
        "0",
        "0.25",
        "0.50",
        "187.45",
        "-3.5",
        "10112.5",
        "9775.0",
        "59937793578",
    ] {
        assert_eq!(amount(text).to_string(), text);
    }
    assert_eq!(amount("+2").to_string(), "2");
    assert_eq!(amount("-0.05").to_string(), "-0.05");
}

#[test]
fn equality_is_by_value() {
    assert_eq!(amount("0.50"), amount("0.5"));
    assert_eq!(amount("9775.0"), amount("9775"));
    assert_ne!(amount("0.25"), amount("0.025"));
    assert_ne!(amount("-1"), amount("1"));
    assert_eq!(amount("0.50").scale(), 2);
    assert_eq!(amount("0.50").min_scale(), 1);
}

#[test]
fn scales_to_whole_chips_exactly() {
    assert_eq!(amount("0.25").to_chips(2), Ok(25));
    assert_eq!(amount("187.45").to_chips(2), Ok(18745));
    assert_eq!(amount("50").to_chips(2), Ok(5000));
    assert_eq!(amount("9775.0").to_chips(0), Ok(9775));
    assert_eq!(
        amount("0.25").to_chips(1),
        Err(AmountError::LosesDigits {
            amount: amount("0.25"),
            scale: 1
        })
    );
    assert_eq!(
        amount("-3.5").to_chips(1),
        Err(AmountError::Negative {
            amount: amount("-3.5")
        })
    );
    assert!(matches!(
        amount("18446744073709551616").to_chips(0),
        Err(AmountError::TooManyChips { .. })
    ));
    assert!(matches!(
        amount("1").to_chips(60),
        Err(AmountError::TooManyChips { .. })
    ));
    assert_eq!(Amount::from_chips(25, 2), Ok(amount("0.25")));
}

#[test]
fn common_scale_is_the_fewest_digits_that_fit_all() {
    let hand = [
        amount("0.25"),
        amount("0.50"),
        amount("40.90"),
        amount("2.00"),
    ];
    assert_eq!(common_scale(&hand), 2);
    assert_eq!(common_scale(&[amount("10112.5"), amount("9775.0")]), 1);
    assert_eq!(common_scale(&[amount("100"), amount("50.00")]), 0);
    assert_eq!(common_scale(&[]), 0);
}

#[test]
fn malformed_amounts_say_why() {
    let cases = [
        ("1.2.3", "more than one decimal point"),
        ("", "empty"),
        (".5", "no digits before"),
        ("5.", "no digits after"),
        ("1e3", "only digits"),
        ("abc", "only digits"),
        ("--1", "only digits"),
    ];
    for (text, why) in cases {
        let err = text.parse::<Amount>().expect_err(text);
        let message = err.to_string();
        assert!(message.contains(why), "{text:?}: {message}");
        assert!(
            message.contains(&format!("{text:?}")),
            "{text:?}: {message}"
        );
    }
    assert!(matches!(
        "0.1234567890123456789".parse::<Amount>(),
        Err(AmountError::TooPrecise { .. })
    ));
    assert!(matches!(
        "1234567890123456789012345678901234567890".parse::<Amount>(),
        Err(AmountError::TooLarge { .. })
    ));
}
