//! The checks a configuration must pass, each naming the field as written in the TOML (arrays
//! counted from 0, so `levels[3]` is level 4) and the problem in plain words.

use super::{ConfigError, EventConfig, PayoutRow, Payouts};
use crate::league::Formula;
use crate::payout::basis_points;
use engine::RulebookId;

type Checked<T = ()> = Result<T, ConfigError>;

fn refuse<T>(field: impl Into<String>, problem: impl Into<String>) -> Checked<T> {
    Err(ConfigError::new(field, problem))
}

/// Checks a parsed configuration.
pub fn validate(config: &EventConfig) -> Checked {
    event(config)?;
    let smallest = structure(config)?;
    super::games::check(config)?;
    stacks(config, &smallest)?;
    bounty(config)?;
    payouts(&config.payouts, config.registration.max_entrants)?;
    if config.hand_for_hand.minutes_per_hand == 0 {
        return refuse(
            "hand_for_hand.minutes_per_hand",
            "must be at least 1 (TDA-RP-8B: 2)",
        );
    }
    if config.hand_for_hand.players_over_paid == 0 {
        return refuse(
            "hand_for_hand.players_over_paid",
            "must be at least 1 (1: the bubble)",
        );
    }
    if let Some(league) = &config.league {
        Formula::parse(&league.formula).or_else(|e| refuse("league.formula", e))?;
    }
    Ok(())
}

/// HC-1.6: a multi-table event (11 or more entrants) may not have rebuys or add-ons and costs at
/// most 100 points. A rebuy in HC-1.1 is bought after losing every chip, which is what a
/// re-entry is, so re-entries are refused too. Checked once the field is known, for `hc` only.
pub fn check_multitable_limits(config: &EventConfig, entrants: u32) -> Checked {
    if !config.profile.eq_ignore_ascii_case("hc") || entrants < 11 {
        return Ok(());
    }
    let multi = format!("HC-1.6: a multi-table event (11 or more entrants, here {entrants})");
    if config.rebuy.is_some() {
        return refuse("rebuy", format!("{multi} may not offer rebuys"));
    }
    if config.re_entry.is_some() {
        return refuse(
            "re_entry",
            format!("{multi} may not offer re-entries (HC-1.1 rebuys)"),
        );
    }
    if config.add_on.is_some() {
        return refuse("add_on", format!("{multi} may not offer an add-on"));
    }
    let b = &config.buy_in;
    let total = b.prize.0 + b.fee.0 + b.bounty.0;
    if total > 100 {
        return refuse(
            "buy_in",
            format!("{multi} costs at most 100 points, not {total}"),
        );
    }
    Ok(())
}

fn event(config: &EventConfig) -> Checked {
    if config.name.trim().is_empty() {
        return refuse("name", "the event needs a name");
    }
    if let Err(e) = config.profile.parse::<RulebookId>() {
        return refuse("profile", e.to_string());
    }
    if !(2..=10).contains(&config.table_size) {
        return refuse(
            "table_size",
            format!("a table seats 2 to 10, not {}", config.table_size),
        );
    }
    if let Some(size) = config.final_table_size.filter(|s| !(2..=10).contains(s)) {
        return refuse(
            "final_table_size",
            format!("a table seats 2 to 10, not {size}"),
        );
    }
    if config.registration.max_entrants == 1 {
        return refuse(
            "registration.max_entrants",
            "must be 0 (no limit) or at least 2",
        );
    }
    if config.chips.is_empty() {
        return refuse("chips", "at least one denomination is needed");
    }
    for (i, &chip) in config.chips.iter().enumerate() {
        if chip == 0 {
            return refuse(format!("chips[{i}]"), "a chip is worth more than 0");
        }
        if i > 0 && chip <= config.chips[i - 1] {
            let problem = format!("{chip} must be larger than the chip before it, smallest first");
            return refuse(format!("chips[{i}]"), problem);
        }
    }
    Ok(())
}

/// Checks levels and breaks; returns the smallest chip in play at each level, plus one entry for
/// the levels beyond the list.
fn structure(config: &EventConfig) -> Checked<Vec<u64>> {
    let count = config.levels.len();
    if count == 0 {
        return refuse("levels", "at least one level is needed");
    }
    for (i, brk) in config.breaks.iter().enumerate() {
        within(
            &format!("breaks[{i}].after_level"),
            brk.after_level,
            1,
            count,
        )?;
        if i > 0 && brk.after_level <= config.breaks[i - 1].after_level {
            let problem = format!(
                "must come after the previous break's level {}",
                config.breaks[i - 1].after_level
            );
            return refuse(format!("breaks[{i}].after_level"), problem);
        }
        if brk.minutes == 0 && brk.colour_up.is_empty() {
            return refuse(
                format!("breaks[{i}].minutes"),
                "0 minutes only for a colour-up",
            );
        }
    }
    let mut in_play = config.chips.clone();
    let mut smallest = Vec::with_capacity(count + 1);
    let mut coloured: Option<usize> = None;
    for k in 0..=count {
        let level = config.level(k);
        let chip = in_play[0];
        if k < count {
            let field = |name: &str| format!("levels[{k}].{name}");
            // Blinds are for flop games; a level dealing only stud has none (TDA-RP-10).
            let flop = |k: usize| config.games_at(k).iter().any(|g| !g.game.is_stud());
            if flop(k) && level.big_blind == 0 {
                return refuse(field("big_blind"), "must be more than 0");
            }
            if level.small_blind > level.big_blind {
                let problem = format!(
                    "{} is above the big blind {}",
                    level.small_blind, level.big_blind
                );
                return refuse(field("small_blind"), problem);
            }
            if level.minutes == 0 {
                return refuse(field("minutes"), "a level lasts at least a minute");
            }
            if k > 0 {
                let before = config.levels[k - 1];
                let blinds = flop(k) && flop(k - 1);
                let bring_ins = level.bring_in > 0 && before.bring_in > 0;
                let rising = [
                    ("small_blind", level.small_blind, before.small_blind, blinds),
                    ("big_blind", level.big_blind, before.big_blind, blinds),
                    ("bring_in", level.bring_in, before.bring_in, bring_ins),
                ];
                for (name, now, then, compared) in rising {
                    if compared && now < then {
                        let what = if name == "bring_in" {
                            "bring-ins"
                        } else {
                            "blinds"
                        };
                        let problem =
                            format!("{now} is below level {k}'s {then}; {what} never go down");
                        return refuse(field(name), problem);
                    }
                }
            }
        }
        for (name, value) in [
            ("small_blind", level.small_blind),
            ("big_blind", level.big_blind),
            ("ante", level.ante),
            ("big_blind_ante", level.big_blind_ante),
            ("stud_ante", level.stud_ante.unwrap_or(0)),
            ("bring_in", level.bring_in),
            ("small_bet", level.small_bet.unwrap_or(0)),
            ("big_bet", level.big_bet.unwrap_or(0)),
        ] {
            if value.is_multiple_of(chip) {
                continue;
            }
            let mut problem = format!(
                "{value} is not a multiple of {chip}, the smallest chip in play at level {}",
                k + 1
            );
            if let Some(b) = coloured {
                problem += &format!(" after the colour-up at breaks[{b}]");
            }
            return match (k < count, coloured) {
                (true, _) => refuse(format!("levels[{k}].{name}"), problem),
                // Past the list the levels double the last one, so only a colour-up after the
                // last level can leave them without chips.
                (false, Some(b)) => refuse(format!("breaks[{b}].colour_up"), problem),
                (false, None) => refuse("after_last_level", problem),
            };
        }
        smallest.push(chip);
        let Some((b, brk)) =
            (config.breaks.iter().enumerate()).find(|(_, brk)| brk.after_level as usize == k + 1)
        else {
            continue;
        };
        for (j, &denomination) in brk.colour_up.iter().enumerate() {
            let field = format!("breaks[{b}].colour_up[{j}]");
            let Some(at) = in_play.iter().position(|&c| c == denomination) else {
                let problem = format!("{denomination} is not in play after level {}", k + 1);
                return refuse(field, problem);
            };
            if in_play.len() == 1 {
                let problem =
                    format!("would take {denomination}, the last chip in play, out of play");
                return refuse(field, problem);
            }
            in_play.remove(at);
        }
        if !brk.colour_up.is_empty() {
            coloured = Some(b);
        }
    }
    Ok(smallest)
}

fn within(field: &str, level: u32, low: u32, levels: usize) -> Checked {
    if level < low || level as usize > levels {
        let problem = format!("must be a level from {low} to {levels}, not {level}");
        return refuse(field, problem);
    }
    Ok(())
}

/// A stack handed out at a level must be payable in the chips in play then.
fn payable(field: &str, stack: u64, smallest: &[u64], levels: std::ops::Range<usize>) -> Checked {
    if stack == 0 {
        return refuse(field, "must be more than 0");
    }
    for k in levels {
        let chip = smallest[k];
        if !stack.is_multiple_of(chip) {
            let problem = format!(
                "{stack} is not a multiple of {chip}, the smallest chip in play at level {}",
                k + 1
            );
            return refuse(field, problem);
        }
    }
    Ok(())
}

fn stacks(config: &EventConfig, smallest: &[u64]) -> Checked {
    let count = config.levels.len();
    let late = config.registration.late_until_level;
    within("registration.late_until_level", late, 0, count)?;
    let mut seated_until = late.max(1) as usize;
    if let Some(re_entry) = &config.re_entry {
        within("re_entry.until_level", re_entry.until_level, 1, count)?;
        if re_entry.max_entries == 1 {
            return refuse(
                "re_entry.max_entries",
                "1 entry leaves no re-entry; 0 is no limit",
            );
        }
        seated_until = seated_until.max(re_entry.until_level as usize);
    }
    payable(
        "starting_stack",
        config.starting_stack,
        smallest,
        0..seated_until,
    )?;
    if let Some(rebuy) = &config.rebuy {
        within("rebuy.until_level", rebuy.until_level, 1, count)?;
        payable(
            "rebuy.stack",
            rebuy.stack,
            smallest,
            0..rebuy.until_level as usize,
        )?;
    }
    if let Some(add_on) = &config.add_on {
        within("add_on.after_level", add_on.after_level, 1, count)?;
        let at = add_on.after_level as usize;
        payable("add_on.stack", add_on.stack, smallest, at - 1..at + 1)?;
    }
    if let Some(late) = &config.late_players {
        within(
            "late_players.removed_at_level",
            late.removed_at_level,
            1,
            count,
        )?;
    }
    Ok(())
}

fn bounty(config: &EventConfig) -> Checked {
    let (prize, bounty) = (config.buy_in.prize.0, config.buy_in.bounty.0);
    if bounty > prize {
        let problem = format!(
            "HC-1.2: a bounty is at most half the buy-in; {bounty} of {} is more",
            prize + bounty
        );
        return refuse("buy_in.bounty", problem);
    }
    match (bounty > 0, config.bounties.is_some()) {
        (true, false) => refuse(
            "buy_in.bounty",
            "a bounty needs a [bounties] section with its kind",
        ),
        (false, true) => refuse("bounties", "knockout bounties need a buy_in.bounty above 0"),
        _ => Ok(()),
    }
}

fn payouts(payouts: &Payouts, max_entrants: u32) -> Checked {
    if payouts.unit.0 == 0 {
        return refuse("payouts.unit", "must be more than 0");
    }
    let mut covered = 1;
    for (i, row) in payouts.table.iter().enumerate() {
        let [from, to] = row.entrants;
        let field = format!("payouts.table[{i}].entrants");
        if from < 2 {
            return refuse(
                field,
                format!("starts at {from}; a payout needs 2 or more entrants"),
            );
        }
        if from > to {
            return refuse(field, format!("runs from {from} down to {to}"));
        }
        if from <= covered && i > 0 {
            let problem =
                format!("starts at {from}, inside the row before, which ends at {covered}");
            return refuse(field, problem);
        }
        if from != covered + 1 {
            let gap = match covered + 1 {
                first if first == from - 1 => format!("a field of {first} has"),
                first => format!("fields of {first} to {} have", from - 1),
            };
            let problem = format!("starts at {from}: {gap} no row");
            return refuse(field, problem);
        }
        percents(row, i)?;
        covered = to;
    }
    if let Some(curve) = &payouts.curve {
        let paid = curve.paid_percent;
        if !(paid > 0.0 && paid <= 100.0) {
            return refuse(
                "payouts.curve.paid_percent",
                format!("must be above 0 and at most 100, not {paid}"),
            );
        }
        if !(curve.ratio > 0.0 && curve.ratio <= 1.0) {
            let problem = format!("must be above 0 and at most 1, not {}", curve.ratio);
            return refuse("payouts.curve.ratio", problem);
        }
    } else if payouts.table.is_empty() {
        return refuse(
            "payouts",
            "no payout at all: give payouts.table rows from 2 entrants or a payouts.curve",
        );
    } else if max_entrants == 0 || max_entrants > covered {
        let problem = format!(
            "is missing: fields of {} or more have no payout (or cap registration.max_entrants)",
            covered + 1
        );
        return refuse("payouts.curve", problem);
    }
    Ok(())
}

fn percents(row: &PayoutRow, i: usize) -> Checked {
    let field = format!("payouts.table[{i}].percent");
    if row.percent.is_empty() {
        return refuse(field, "needs at least one place");
    }
    let mut sum = 0;
    let mut before = u64::MAX;
    for (j, &percent) in row.percent.iter().enumerate() {
        let field = format!("{field}[{j}]");
        if !(percent > 0.0 && percent <= 100.0) {
            return refuse(field, format!("{percent} must be above 0 and at most 100"));
        }
        let Some(bp) = basis_points(percent) else {
            return refuse(field, format!("{percent} has more than two decimals"));
        };
        if bp > before {
            let problem = format!("{percent} is more than place {j} gets; prizes never go up");
            return refuse(field, problem);
        }
        before = bp;
        sum += bp;
    }
    if sum != 10_000 {
        let problem = format!("adds up to {}.{:02} %, not 100", sum / 100, sum % 100);
        return refuse(field, problem);
    }
    let places = row.percent.len();
    if places > row.entrants[0] as usize {
        let problem = format!(
            "pays {places} places, more than the {} entrants the row starts at",
            row.entrants[0]
        );
        return refuse(field, problem);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
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
}
