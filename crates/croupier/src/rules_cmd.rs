//! `croupier rules`: the rule index (`rules/index.toml`) built into the binary, as counts by
//! rulebook and status, or as the table `docs/rules.md` holds.

use anyhow::Result;
use clap::Args;
use engine::rule_index::RuleIndex;

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Print the whole index as the Markdown table of docs/rules.md.
    #[arg(long)]
    markdown: bool,
}

pub fn run(args: RulesArgs) -> Result<()> {
    let index = RuleIndex::embedded()?;
    if args.markdown {
        print!("{}", index.markdown());
    } else {
        print!("{}", index.counts_text());
    }
    Ok(())
}
