//! The configuration checks, each refusal naming its field.

use super::*;
use crate::Money;
use crate::config::TEMPLATES;

/// Valid: 5s coloured up after level 3, payout rows for 2-10, a curve beyond.
const BASE: &str = r#"
name = "Test"
profile = "tda"
table_size = 9
starting_stack = 1000
chips = [5, 25, 100]

[buy_in]
prize = 100

[[levels]]
small_blind = 5
big_blind = 10
minutes = 20

[[levels]]
small_blind = 10
big_blind = 20
minutes = 20

[[levels]]
small_blind = 15
big_blind = 30
minutes = 20

[[levels]]
small_blind = 50
big_blind = 100
minutes = 20

[[breaks]]
after_level = 2
minutes = 10

[[breaks]]
after_level = 3
minutes = 0
colour_up = [5]

[payouts]
unit = 5

[[payouts.table]]
entrants = [2, 5]
percent = [100]

[[payouts.table]]
entrants = [6, 10]
percent = [60, 40]

[payouts.curve]
paid_percent = 20
ratio = 0.75
"#;

const L2: &str = "small_blind = 10\nbig_blind = 20";
const L4: &str = "small_blind = 50\nbig_blind = 100";
const ROW: &str = "entrants = [6, 10]\npercent = [60, 40]";
const CURVE: &str = "[payouts.curve]\npaid_percent = 20\nratio = 0.75\n";

/// BASE with `extra` on top (top-level keys, inline tables) and `from` replaced by `to`.
fn edit(extra: &str, from: &str, to: &str) -> String {
    assert!(BASE.contains(from), "{from}");
    format!("{extra}\n{}", BASE.replacen(from, to, 1))
}

fn refused(extra: &str, from: &str, to: &str) -> ConfigError {
    let text = edit(extra, from, to);
    EventConfig::from_toml(&text).expect_err(&text)
}

/// (extra on top, text replaced, replacement, the field refused)
#[rustfmt::skip]
const REFUSED: &[(&str, &str, &str, &str)] = &[
    ("", "name = \"Test\"", "name = \" \"", "name"),
    ("", "profile = \"tda\"", "profile = \"wsop\"", "profile"),
    ("", "table_size = 9", "table_size = 11", "table_size"),
    ("", "table_size = 9", "table_size = 1", "table_size"),
    ("final_table_size = 1", "", "", "final_table_size"),
    ("", "chips = [5, 25, 100]", "chips = []", "chips"),
    ("", "chips = [5, 25, 100]", "chips = [0, 5, 25]", "chips[0]"),
    ("", "chips = [5, 25, 100]", "chips = [5, 5, 100]", "chips[1]"),
    ("", "chips = [5, 25, 100]", "chips = [5, 100, 25]", "chips[2]"),
    ("", "starting_stack = 1000", "starting_stack = 0", "starting_stack"),
    ("", "starting_stack = 1000", "starting_stack = 1002", "starting_stack"),
    ("", L2, "small_blind = 0\nbig_blind = 0", "levels[1].big_blind"),
    ("", L2, "small_blind = 25\nbig_blind = 20", "levels[1].small_blind"),
    ("", L2, "small_blind = 10\nbig_blind = 22", "levels[1].big_blind"),
    ("", L2, "small_blind = 10\nbig_blind = 20\nante = 3", "levels[1].ante"),
    ("", L2, "small_blind = 10\nbig_blind = 20\nbig_blind_ante = 21", "levels[1].big_blind_ante"),
    ("", "big_blind = 30\nminutes = 20", "big_blind = 30\nminutes = 0", "levels[2].minutes"),
    ("", L4, "small_blind = 25\nbig_blind = 25", "levels[3].big_blind"),
    ("", "small_blind = 15\nbig_blind = 30", "small_blind = 5\nbig_blind = 30", "levels[2].small_blind"),
    // TDA-24: once the 5s are raced off after level 3, level 4 may not need them.
    ("", L4, "small_blind = 55\nbig_blind = 110", "levels[3].small_blind"),
    ("", "colour_up = [5]", "colour_up = [5, 25]", "levels[3].small_blind"),
    ("", "colour_up = [5]", "colour_up = [7]", "breaks[1].colour_up[0]"),
    ("", "colour_up = [5]", "colour_up = [5, 5]", "breaks[1].colour_up[1]"),
    ("", "colour_up = [5]", "colour_up = [5, 25, 100]", "breaks[1].colour_up[2]"),
    // Past the list the last level repeats, 50/100, which the 100s alone cannot pay.
    ("after_last_level = \"repeat\"", "colour_up = [5]",
     "colour_up = [5]\n[[breaks]]\nafter_level = 4\nminutes = 5\ncolour_up = [25]", "breaks[2].colour_up"),
    ("", "after_level = 2", "after_level = 0", "breaks[0].after_level"),
    ("", "after_level = 3", "after_level = 5", "breaks[1].after_level"),
    ("", "after_level = 3", "after_level = 2", "breaks[1].after_level"),
    ("", "minutes = 10", "minutes = 0", "breaks[0].minutes"),
    ("registration = { late_until_level = 5 }", "", "", "registration.late_until_level"),
    ("registration = { max_entrants = 1 }", "", "", "registration.max_entrants"),
    // TDA-8A: a late entrant at level 4 is paid in the chips left after the colour-up.
    ("registration = { late_until_level = 4 }", "starting_stack = 1000", "starting_stack = 1005", "starting_stack"),
    ("re_entry = { until_level = 4 }", "starting_stack = 1000", "starting_stack = 1005", "starting_stack"),
    ("re_entry = { until_level = 0 }", "", "", "re_entry.until_level"),
    // HC-3.4.1: spread limit names each level's largest bet, at least the big blind.
    ("structure = \"spread-limit\"", "", "", "levels[0].spread_max"),
    ("structure = \"spread-limit\"", "small_blind = 5\nbig_blind = 10", "small_blind = 5\nbig_blind = 10\nspread_max = 5", "levels[0].spread_max"),
    // TDA-6: the languages announced for the tables, named.
    ("table_languages = [\" \"]", "", "", "table_languages"),
    ("table_languages = [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\"]", "", "", "table_languages"),
    ("re_entry = { until_level = 2, max_entries = 1 }", "", "", "re_entry.max_entries"),
    ("rebuy = { until_level = 5, when = \"busted\", stack = 1000, price = 100 }", "", "", "rebuy.until_level"),
    ("rebuy = { until_level = 3, when = \"busted\", stack = 0, price = 100 }", "", "", "rebuy.stack"),
    ("rebuy = { until_level = 4, when = \"busted\", stack = 1005, price = 100 }", "", "", "rebuy.stack"),
    ("add_on = { after_level = 0, stack = 1000, price = 100 }", "", "", "add_on.after_level"),
    // HC-1.1: offered at the end of the level, handed out after its colour-up.
    ("add_on = { after_level = 3, stack = 1005, price = 100 }", "", "", "add_on.stack"),
    ("late_players = { removed_at_level = 9 }", "", "", "late_players.removed_at_level"),
    // HC-1.2: at most half the buy-in on the head.
    ("bounties = { kind = \"fixed\" }", "prize = 100", "prize = 99\nbounty = 101", "buy_in.bounty"),
    ("", "prize = 100", "prize = 100\nbounty = 50", "buy_in.bounty"),
    ("bounties = { kind = \"progressive\" }", "", "", "bounties"),
    ("", "unit = 5", "unit = 0", "payouts.unit"),
    ("", "entrants = [2, 5]", "entrants = [1, 5]", "payouts.table[0].entrants"),
    ("", "entrants = [2, 5]", "entrants = [3, 5]", "payouts.table[0].entrants"),
    ("", ROW, "entrants = [6, 5]\npercent = [60, 40]", "payouts.table[1].entrants"),
    ("", ROW, "entrants = [5, 10]\npercent = [60, 40]", "payouts.table[1].entrants"),
    ("", ROW, "entrants = [8, 10]\npercent = [60, 40]", "payouts.table[1].entrants"),
    ("", ROW, "entrants = [6, 10]\npercent = []", "payouts.table[1].percent"),
    ("", ROW, "entrants = [6, 10]\npercent = [40, 60]", "payouts.table[1].percent[1]"),
    ("", ROW, "entrants = [6, 10]\npercent = [100, 0]", "payouts.table[1].percent[1]"),
    ("", ROW, "entrants = [6, 10]\npercent = [60.005, 39.995]", "payouts.table[1].percent[0]"),
    ("", ROW, "entrants = [6, 10]\npercent = [60, 50]", "payouts.table[1].percent"),
    ("", ROW, "entrants = [6, 10]\npercent = [33.33, 33.33, 33.33]", "payouts.table[1].percent"),
    ("", ROW, "entrants = [6, 10]\npercent = [40, 20, 10, 10, 10, 5, 5]", "payouts.table[1].percent"),
    ("", "paid_percent = 20", "paid_percent = 0", "payouts.curve.paid_percent"),
    ("", "paid_percent = 20", "paid_percent = 101", "payouts.curve.paid_percent"),
    ("", "ratio = 0.75", "ratio = 0", "payouts.curve.ratio"),
    ("", "ratio = 0.75", "ratio = 1.5", "payouts.curve.ratio"),
    // Without a curve the table must cover every field registration lets in.
    ("", CURVE, "", "payouts.curve"),
    ("registration = { max_entrants = 11 }", CURVE, "", "payouts.curve"),
    ("hand_for_hand = { minutes_per_hand = 0 }", "", "", "hand_for_hand.minutes_per_hand"),
    ("hand_for_hand = { players_over_paid = 0 }", "", "", "hand_for_hand.players_over_paid"),
    ("league = { formula = \"10 * sqrt(entrants) / sqrt(plase)\" }", "", "", "league.formula"),
];

/// Edits at the edge of each check that must still pass.
#[rustfmt::skip]
const ACCEPTED: &[(&str, &str, &str)] = &[
    // Level 3 comes before the colour-up of the 5s.
    ("", "small_blind = 15\nbig_blind = 30", "small_blind = 15\nbig_blind = 35"),
    ("registration = { late_until_level = 3 }", "starting_stack = 1000", "starting_stack = 1005"),
    ("rebuy = { until_level = 3, when = \"busted\", stack = 1005, price = 100 }", "", ""),
    ("add_on = { after_level = 2, stack = 1005, price = 100 }", "", ""),
    // HC-1.2: 150/50 and 100/100 knockouts.
    ("bounties = { kind = \"fixed\" }", "prize = 100", "prize = 150\nbounty = 50"),
    ("bounties = { kind = \"progressive\" }", "prize = 100", "prize = 100\nbounty = 100"),
    ("", ROW, "entrants = [6, 10]\npercent = [33.34, 33.33, 33.33]"),
    ("", ROW, "entrants = [6, 10]\npercent = [50, 20, 10, 10, 5, 5]"),
    ("registration = { max_entrants = 10 }", CURVE, ""),
    ("league = { formula = \"10 * sqrt(entrants) / sqrt(place)\" }", "", ""),
    ("final_table_size = 10", "", ""),
];

#[test]
fn templates_and_base_pass() {
    for (name, text) in TEMPLATES {
        let config = EventConfig::from_toml(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(validate(&config), Ok(()), "{name}");
    }
    EventConfig::from_toml(BASE).unwrap();
}

#[test]
fn each_broken_config_names_its_field() {
    for &(extra, from, to, field) in REFUSED {
        let e = refused(extra, from, to);
        assert_eq!(e.field, field, "{extra} / {to}: {e}");
        assert!(!e.problem.is_empty());
    }
}

#[test]
fn edge_cases_pass() {
    for &(extra, from, to) in ACCEPTED {
        let text = edit(extra, from, to);
        EventConfig::from_toml(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    }
}

#[test]
fn problems_in_plain_words() {
    let problem = |extra: &str, from: &str, to: &str| refused(extra, from, to).problem;
    let p = problem("", "profile = \"tda\"", "profile = \"wsop\"");
    assert!(p.contains("tda (or tda2019), wwpla, hc, dg, jpr"), "{p}");
    let p = problem("", L4, "small_blind = 25\nbig_blind = 25");
    assert!(p.contains("level 3") && p.contains("never go down"), "{p}");
    let p = problem("", L4, "small_blind = 55\nbig_blind = 110");
    assert!(p.contains("25") && p.contains("breaks[1]"), "{p}");
    let p = problem(
        "bounties = { kind = \"fixed\" }",
        "prize = 100",
        "prize = 99\nbounty = 101",
    );
    assert!(p.contains("HC-1.2"), "{p}");
    let p = problem(
        "",
        ROW,
        "entrants = [6, 10]\npercent = [33.33, 33.33, 33.33]",
    );
    assert!(p.contains("99.99"), "{p}");
    let p = problem(
        "league = { formula = \"10 * sqrt(entrants) / sqrt(plase)\" }",
        "",
        "",
    );
    assert!(p.contains("unknown variable `plase` at 28"), "{p}");
}

#[test]
fn hc_1_6_multitable_limits() {
    let hc = EventConfig::template("hc").unwrap();
    let turbo = EventConfig::template("turbo").unwrap();
    let mut dear = hc.clone();
    dear.buy_in.prize = Money(200);
    // HC-1.6: 200 points is the most for one table; from 11 entrants at most 100.
    assert_eq!(check_multitable_limits(&dear, 10), Ok(()));
    assert_eq!(
        check_multitable_limits(&dear, 11).unwrap_err().field,
        "buy_in"
    );
    let cheap = hc.clone();
    assert_eq!(check_multitable_limits(&cheap, 40), Ok(()));
    let mut rebuys = cheap.clone();
    rebuys.rebuy = turbo.rebuy;
    assert_eq!(check_multitable_limits(&rebuys, 10), Ok(()));
    assert_eq!(
        check_multitable_limits(&rebuys, 11).unwrap_err().field,
        "rebuy"
    );
    // HC-1.6 holds for the profile as read: spaces or capitals do not escape it.
    let mut spaced = rebuys.clone();
    spaced.profile = " HC ".parse().expect("HC");
    assert_eq!(
        check_multitable_limits(&spaced, 11).unwrap_err().field,
        "rebuy"
    );
    let mut add_on = cheap.clone();
    add_on.add_on = turbo.add_on;
    assert_eq!(
        check_multitable_limits(&add_on, 11).unwrap_err().field,
        "add_on"
    );
    let mut re_entry = cheap.clone();
    re_entry.re_entry = EventConfig::template("deepstack").unwrap().re_entry;
    assert_eq!(
        check_multitable_limits(&re_entry, 11).unwrap_err().field,
        "re_entry"
    );
    // Only the HC profile has the limit: the TDA turbo keeps its rebuys at any size.
    assert_eq!(check_multitable_limits(&turbo, 200), Ok(()));
}

#[test]
fn syntax_errors_name_the_key() {
    let key = |from: &str, to: &str| {
        let text = BASE.replacen(from, to, 1);
        assert_ne!(text, BASE);
        EventConfig::from_toml(&text).unwrap_err()
    };
    let e = key("table_size = 9", "table_size = \"nine\"");
    assert_eq!(e.field, "table_size");
    assert!(e.problem.contains("line 4"), "{}", e.problem);
    assert_eq!(key("big_blind = 30\n", "").field, "levels[2].big_blind");
    assert_eq!(key("starting_stack = 1000\n", "").field, "starting_stack");
    assert_eq!(key("unit = 5", "units = 5").field, "payouts.units");
    let e = key("percent = [60, 40]", "percent = [60, \"40\"]");
    assert_eq!(e.field, "payouts.table[1].percent");
    assert_eq!(
        key("minutes = 10", "minutes = = 10").field,
        "breaks[0].minutes"
    );
}

/// Issue 33 item 2: every price, fee, bounty, payout unit and stack of an event is at most the
/// chips' ceiling (10^15), so that what the event takes in adds up without overflow; at the
/// ceiling it passes.
#[test]
fn issue_33_amounts_above_the_ceiling_are_refused() {
    const OVER: &str = "1000000000000005";
    let with = |s: &str| s.replace("OVER", OVER);
    #[rustfmt::skip]
    let cases = [
        ("", "prize = 100", "prize = OVER", "buy_in.prize"),
        ("", "prize = 100", "prize = 100\nfee = 18446744073709551615", "buy_in.fee"),
        ("bounties = { kind = \"fixed\" }", "prize = 100", "prize = 1000000000000000\nbounty = OVER", "buy_in.bounty"),
        ("", "unit = 5", "unit = OVER", "payouts.unit"),
        ("", "starting_stack = 1000", "starting_stack = OVER", "starting_stack"),
        ("rebuy = { until_level = 3, when = \"busted\", stack = 1000, price = OVER }", "", "", "rebuy.price"),
        ("rebuy = { until_level = 3, when = \"busted\", stack = OVER, price = 100 }", "", "", "rebuy.stack"),
        ("add_on = { after_level = 2, stack = 1000, price = 9223372036854775808 }", "", "", "add_on.price"),
        ("add_on = { after_level = 2, stack = OVER, price = 100 }", "", "", "add_on.stack"),
    ];
    for (extra, from, to, field) in cases {
        let e = refused(&with(extra), from, &with(to));
        assert_eq!(e.field, field, "{extra} / {to}: {e}");
        assert!(e.problem.contains("the most an amount may be"), "{e}");
    }
    let ceiling = edit(
        "rebuy = { until_level = 3, when = \"busted\", stack = 1000000000000000, price = 1000000000000000 }\n\
         add_on = { after_level = 2, stack = 1000000000000000, price = 1000000000000000 }\n\
         bounties = { kind = \"fixed\" }",
        "prize = 100",
        "prize = 1000000000000000\nfee = 1000000000000000\nbounty = 1000000000000000",
    )
    .replace("starting_stack = 1000", "starting_stack = 1000000000000000");
    EventConfig::from_toml(&ceiling).unwrap_or_else(|e| panic!("{e}\n{ceiling}"));
}

/// Issue 33 item 2: HC-1.6's limit on a multi-table event's cost adds the buy-in's parts
/// checked: parts that would overflow are refused, not wrapped below 100.
#[test]
fn issue_33_hc_1_6_cost_of_overflowing_parts_is_refused() {
    let mut config = EventConfig::from_toml(&BASE.replace("\"tda\"", "\"hc\"")).unwrap();
    config.buy_in.prize = Money(u64::MAX);
    config.buy_in.fee = Money(101);
    let e = check_multitable_limits(&config, 20).unwrap_err();
    assert_eq!(e.field, "buy_in");
    config.buy_in.prize = Money(1 << 63);
    config.buy_in.fee = Money(1 << 63);
    let e = check_multitable_limits(&config, 20).unwrap_err();
    assert_eq!(e.field, "buy_in", "{e}");
}

/// TDA-6: the organiser announces the languages allowed at the tables.
#[test]
fn tda_6_the_table_languages_are_announced() {
    let text = edit("table_languages = [\"Deutsch\", \"English\"]", "", "");
    let config = EventConfig::from_toml(&text).expect("valid");
    assert_eq!(config.table_languages, ["Deutsch", "English"]);
    let none = EventConfig::from_toml(BASE).expect("valid");
    assert!(none.table_languages.is_empty(), "none announced by default");
}
