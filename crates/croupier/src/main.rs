//! The `croupier` binary: the command line over the Croupier crates.

mod bench;
mod bench_sim;
mod deal_cmd;
mod equity;
mod eval_cmd;
mod files;
mod forward;
mod hh_cmd;
mod nodes;
mod phh_cmd;
mod rule_cmd;
mod rules_cmd;
mod secret_out;
mod serve_cmd;
mod sim_cmd;
mod verify_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// mimalloc, not glibc's malloc: under `bench load --players 1000` (stress) glibc's
/// `_int_malloc`, `malloc_consolidate` and `free` took about half of the server's CPU (perf),
/// from the many short-lived views, patches and messages of each push.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Debug, Parser)]
#[command(
    name = "croupier",
    version,
    about = "Poker rules engine and tournament director"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Runs tournaments in the browser: the TD console, player tables, the clock, on an event
    /// log that survives a crash. `serve --demo` also starts a tournament of bots.
    Serve(serve_cmd::ServeArgs),
    /// Hand values: name a hand, or walk every hand and count the categories.
    Eval(eval_cmd::EvalArgs),
    /// Each hand's chance to win, tie and its share of the pot, e.g. `equity AsAh KsKd --board 2c7h`.
    Equity(equity::EquityArgs),
    /// A deal among the players left: what a chip chop and an ICM split would pay, e.g.
    /// `deal --stacks 41000,22500,9000 --prizes 5000,3000,2000`.
    Deal(deal_cmd::DealArgs),
    /// Speed, measured side by side with the peer: `bench engine` plays random hands here and in
    /// PokerKit and prints hands per second and the ratio.
    Bench(bench::BenchArgs),
    /// Hand histories in PHH: `phh check PATH...` replays every hand through the engine.
    Phh(phh_cmd::PhhArgs),
    /// Hand histories out: `hh convert IN --out DIR|FILE` writes PHH hands as PokerStars text.
    Hh(hh_cmd::HhArgs),
    /// Floor rulings: `rule FILE...` runs scenario files (what was said, which chips, who acted)
    /// and prints each ruling with its rule ids, checking the expected ones.
    Rule(rule_cmd::RuleArgs),
    /// The rule index: how many rules of each rulebook the software decides by, shows, or leaves
    /// to people (`rules`), or the whole table with the files that apply and test each
    /// (`rules --markdown`, as docs/rules.md holds it).
    Rules(rules_cmd::RulesArgs),
    /// A whole tournament played by bots, e.g. `sim --entrants 1000 --template hc --seed 7`.
    Sim(sim_cmd::SimArgs),
    /// Decks anyone can check: `verify FILE` checks each hand's seed against its commitment,
    /// the players' values and every card dealt (exit 0: every hand checks; 1: not).
    Verify(verify_cmd::VerifyArgs),
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Serve(args) => serve_cmd::run(args),
        Command::Eval(args) => eval_cmd::run(args),
        Command::Equity(args) => equity::run(args),
        Command::Deal(args) => deal_cmd::run(args),
        Command::Phh(args) => phh_cmd::run(args),
        Command::Hh(args) => hh_cmd::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Sim(args) => sim_cmd::run(args),
        Command::Rule(args) => rule_cmd::run(args),
        Command::Rules(args) => rules_cmd::run(args),
        Command::Verify(args) => verify_cmd::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
