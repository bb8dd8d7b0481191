//! Writing hands back as PHH: the typed fields in the specification's order, actions one
//! per line with their comments, then every other field as it was read.

use super::PhhHand;
use crate::Amount;
use crate::value::{key as write_key, quote};
use std::fmt::Write as _;

impl PhhHand {
    /// The hand as a `.phh` file that [`crate::parse_phh`] reads back to an equal hand.
    /// Whole-line comments of the original file are not kept.
    pub fn to_phh(&self) -> String {
        let mut out = String::new();
        field(&mut out, "variant", quote(&self.variant));
        if let Some(status) = self.ante_trimming_status {
            field(&mut out, "ante_trimming_status", status.to_string());
        }
        // pokerkit requires antes for every variant, so an empty list is still written.
        field(&mut out, "antes", list(&self.antes));
        if !self.blinds_or_straddles.is_empty() {
            field(
                &mut out,
                "blinds_or_straddles",
                list(&self.blinds_or_straddles),
            );
        }
        let limits = [
            ("bring_in", self.bring_in),
            ("small_bet", self.small_bet),
            ("big_bet", self.big_bet),
            ("min_bet", self.min_bet),
        ];
        for (key, amount) in limits {
            if let Some(amount) = amount {
                field(&mut out, key, amount.to_string());
            }
        }
        let stacks = self.starting_stacks.iter().map(|s| match s {
            Some(amount) => amount.to_string(),
            None => "inf".to_owned(),
        });
        field(&mut out, "starting_stacks", bracket(stacks));
        out.push_str("actions = [\n");
        for line in &self.actions {
            out.push_str("  ");
            out.push_str(&quote(&line.text_to_write()));
            out.push(',');
            if let Some(comment) = &line.comment {
                // A line break would end the comment early and break the file.
                let _ = write!(out, "  # {}", comment.replace(['\n', '\r'], " "));
            }
            out.push('\n');
        }
        out.push_str("]\n");
        for (key, value) in &self.extra {
            field(&mut out, &write_key(key), value.to_string());
        }
        if let Some(players) = &self.players {
            field(
                &mut out,
                "players",
                bracket(players.iter().map(|p| quote(p))),
            );
        }
        if let Some(stacks) = &self.finishing_stacks {
            field(&mut out, "finishing_stacks", list(stacks));
        }
        if let Some(winnings) = &self.winnings {
            field(&mut out, "winnings", list(winnings));
        }
        out
    }
}

/// Many hands as one `.phhs` file, each under its table name.
pub fn to_phhs(hands: &[(String, PhhHand)]) -> String {
    let mut out = String::new();
    for (i, (name, hand)) in hands.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "[{}]", write_key(name));
        out.push_str(&hand.to_phh());
    }
    out
}

fn field(out: &mut String, key: &str, value: String) {
    let _ = writeln!(out, "{key} = {value}");
}

fn list(amounts: &[Amount]) -> String {
    bracket(amounts.iter().map(Amount::to_string))
}

fn bracket(items: impl Iterator<Item = String>) -> String {
    format!("[{}]", items.collect::<Vec<_>>().join(", "))
}
