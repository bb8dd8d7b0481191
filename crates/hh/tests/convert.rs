//! PHH to PokerStars text: the header's date as PokerStars writes it for a player outside ET
//! (local time, then the ET time in brackets, daylight saving time on both sides), the
//! Freeroll header, and hands that cannot be written said so.

use hh::{ConvertError, TimeError, Timestamp, parse_phh, phh_to_pokerstars};

fn at(year: u16, month: u8, day: u8, hour: u8, zone: &str, name: Option<&str>) -> Timestamp {
    Timestamp {
        year,
        month,
        day,
        hour,
        minute: 30,
        second: 5,
        zone: zone.to_owned(),
        time_zone: name.map(str::to_owned),
    }
}

#[test]
fn times_outside_et_carry_the_et_time_in_brackets() {
    // 17:00 UTC: 18:00 in Berlin (CET), 12:00 in New York (EST).
    let winter = Timestamp::at(1_795_366_800_000, "Europe/Berlin").expect("time");
    assert_eq!(
        winter.pokerstars(),
        "2026/11/22 18:00:00 CET [2026/11/22 12:00:00 ET]"
    );
    // In July both sides keep summer time: CEST is UTC+2, EDT UTC-4.
    let summer = Timestamp::at(1_782_921_600_000, "Europe/Berlin").expect("time");
    assert_eq!(
        summer.pokerstars(),
        "2026/07/01 18:00:00 CEST [2026/07/01 12:00:00 ET]"
    );
    // Between the American and the European change (2026-03-08 and 03-29) the gap is 5 hours.
    let between = Timestamp::at(1_773_936_000_000, "Europe/Berlin").expect("time");
    assert_eq!(
        between.pokerstars(),
        "2026/03/19 17:00:00 CET [2026/03/19 12:00:00 ET]"
    );
    // A player in ET gets one time; PokerStars does not pad the hour.
    let eastern = Timestamp::at(1_795_345_200_000, "America/New_York").expect("time");
    assert_eq!(eastern.pokerstars(), "2026/11/22 6:00:00 ET");
    // The date changes across the bracket.
    let tokyo = Timestamp::at(1_795_366_800_000, "Asia/Tokyo").expect("time");
    assert_eq!(
        tokyo.pokerstars(),
        "2026/11/23 2:00:00 JST [2026/11/22 12:00:00 ET]"
    );
}

#[test]
fn the_hour_a_clock_turns_back_is_told_apart_by_the_abbreviation() {
    // 2026-10-25 02:30 happens twice in Berlin: first CEST (00:30 UTC), then CET (01:30 UTC).
    let first = at(2026, 10, 25, 2, "CEST", Some("Europe/Berlin"));
    let second = at(2026, 10, 25, 2, "CET", Some("Europe/Berlin"));
    assert_eq!(
        first.pokerstars(),
        "2026/10/25 2:30:05 CEST [2026/10/24 20:30:05 ET]"
    );
    assert_eq!(
        second.pokerstars(),
        "2026/10/25 2:30:05 CET [2026/10/24 21:30:05 ET]"
    );
}

#[test]
fn a_time_that_cannot_be_placed_is_written_as_it_is_and_a_bad_zone_refused() {
    // "CET" alone names no rules; UTC does.
    assert_eq!(
        at(2026, 1, 2, 9, "CET", None).pokerstars(),
        "2026/01/02 9:30:05 CET"
    );
    assert_eq!(
        at(2026, 1, 2, 9, "UTC", None).pokerstars(),
        "2026/01/02 9:30:05 UTC [2026/01/02 4:30:05 ET]"
    );
    assert_eq!(
        Timestamp::at(0, "Mars/Olympus"),
        Err(TimeError::UnknownZone("Mars/Olympus".into()))
    );
}

const TOURNAMENT_HAND: &str = r#"
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [1500, 1500, 1500]
actions = ['d dh p1 AsAh', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 60', 'p2 f']
players = ['Ann', 'Ben', 'Cid']
finishing_stacks = [1520, 1480, 1500]
hand = 7
event = 'Tournament #2'
_level = 3
seats = [2, 4, 6]
seat_count = 9
year = 2026
month = 11
day = 22
time = 18:00:00
time_zone = 'Europe/Berlin'
"#;

/// A tournament without a buy-in is a freeroll, and PokerStars says so in the header with
/// two spaces before the game, e.g. "Tournament #123, Freeroll  Hold'em No Limit".
#[test]
fn a_tournament_without_a_buy_in_is_a_freeroll() {
    let phh = parse_phh(TOURNAMENT_HAND).expect("phh");
    let text = phh_to_pokerstars(&phh, None).expect("written").text;
    let first = text.lines().next().expect("header");
    assert_eq!(
        first,
        "PokerStars Hand #7: Tournament #2, Freeroll  Hold'em No Limit - Level III (10/20) - 2026/11/22 18:00:00 CET [2026/11/22 12:00:00 ET]"
    );
    assert!(
        text.contains("Table '1' 9-max Seat #6 is the button\nSeat 2: Ann (1500 in chips)"),
        "{text}"
    );
    assert!(text.contains("Dealt to Ann [As Ah]"), "{text}");
    // Moved to New York, the time is ET alone.
    let text = phh_to_pokerstars(&phh, Some("America/New_York"))
        .expect("written")
        .text;
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with("- 2026/11/22 12:00:00 ET"),
        "{text}"
    );
    let with_buy_in = TOURNAMENT_HAND.replace("_level = 3", "_level = 3\n_buy_in = '$10+$1 USD'");
    let text = phh_to_pokerstars(&parse_phh(&with_buy_in).expect("phh"), None)
        .expect("written")
        .text;
    assert!(
        text.starts_with(
            "PokerStars Hand #7: Tournament #2, $10+$1 USD Hold'em No Limit - Level III"
        ),
        "{text}"
    );
}

#[test]
fn hands_the_writer_cannot_write_are_refused_with_the_reason() {
    let draw = TOURNAMENT_HAND.replace("variant = 'NT'", "variant = 'F2L3D'");
    let err = phh_to_pokerstars(&parse_phh(&draw).expect("phh"), None).unwrap_err();
    assert_eq!(err, ConvertError::Variant("F2L3D".into()));
    // An ante from one player who is not the big blind: PokerStars has no words for it.
    let uneven = TOURNAMENT_HAND.replace("antes = [0, 0, 0]", "antes = [5, 0, 0]");
    let err = phh_to_pokerstars(&parse_phh(&uneven).expect("phh"), None).unwrap_err();
    assert!(matches!(err, ConvertError::Unsupported(_)), "{err}");
    let unfinished = TOURNAMENT_HAND.replace(", 'p2 f'", "");
    let err = phh_to_pokerstars(&parse_phh(&unfinished).expect("phh"), None).unwrap_err();
    assert!(
        err.to_string().contains("ends before the hand does"),
        "{err}"
    );
}
