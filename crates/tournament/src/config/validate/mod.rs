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
    amounts(config)?;
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
    spread(config)?;
    let languages = &config.table_languages;
    if languages.len() > MAX_LANGUAGES
        || languages
            .iter()
            .any(|l| l.trim().is_empty() || l.chars().count() > MAX_LANGUAGE_CHARS)
    {
        return refuse(
            "table_languages",
            "the languages announced for the tables (TDA-6): at most 6, each 1 to 30 characters",
        );
    }
    Ok(())
}

/// The most languages an organiser announces for the tables (TDA-6), and their length.
const MAX_LANGUAGES: usize = 6;
const MAX_LANGUAGE_CHARS: usize = 30;

/// HC-1.6: a multi-table event (11 or more entrants) may not have rebuys or add-ons and costs at
/// most 100 points. A rebuy in HC-1.1 is bought after losing every chip, which is what a
/// re-entry is, so re-entries are refused too. Checked once the field is known, for `hc` only.
pub fn check_multitable_limits(config: &EventConfig, entrants: u32) -> Checked {
    // The profile as it is read everywhere (" HC" is HC), not as written.
    if config.profile != RulebookId::Hc || entrants < 11 {
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
    match config.buy_in.total() {
        Some(total) if total.0 <= 100 => Ok(()),
        Some(total) => refuse(
            "buy_in",
            format!("{multi} costs at most 100 points, not {total}"),
        ),
        None => refuse("buy_in", format!("{multi} costs at most 100 points")),
    }
}

/// Issue 33 item 2: every price, fee, bounty, payout unit and stack is at most the chips'
/// ceiling (`Money::MAX_AMOUNT`), so that what an event takes in adds up without overflow.
fn amounts(config: &EventConfig) -> Checked {
    let b = &config.buy_in;
    let mut amounts = vec![
        ("buy_in.prize", b.prize.0),
        ("buy_in.fee", b.fee.0),
        ("buy_in.bounty", b.bounty.0),
        ("payouts.unit", config.payouts.unit.0),
        ("starting_stack", config.starting_stack),
    ];
    if let Some(rebuy) = &config.rebuy {
        amounts.extend([("rebuy.price", rebuy.price.0), ("rebuy.stack", rebuy.stack)]);
    }
    if let Some(add_on) = &config.add_on {
        amounts.extend([
            ("add_on.price", add_on.price.0),
            ("add_on.stack", add_on.stack),
        ]);
    }
    let max = super::Money::MAX_AMOUNT;
    match amounts.into_iter().find(|&(_, amount)| amount > max.0) {
        Some((field, amount)) => refuse(
            field,
            format!("{amount} is above {max}, the most an amount may be"),
        ),
        None => Ok(()),
    }
}

fn event(config: &EventConfig) -> Checked {
    if config.name.trim().is_empty() {
        return refuse("name", "the event needs a name");
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
mod tests;

/// Spread limit: every level names its largest bet, at least its smallest, the big blind (stud:
/// the small bet), HC-3.4.1.
fn spread(config: &EventConfig) -> Checked {
    if !config.deals_spread_limit() {
        return Ok(());
    }
    for (i, level) in config.levels.iter().enumerate() {
        let least = level
            .small_bet
            .unwrap_or(level.big_blind)
            .max(level.big_blind);
        match level.spread_max {
            Some(max) if max >= least && max > 0 => {}
            _ => {
                return refuse(
                    format!("levels[{i}].spread_max"),
                    format!(
                        "spread limit: the level's largest bet, at least its smallest of {least} (HC-3.4.1)"
                    ),
                );
            }
        }
    }
    Ok(())
}
