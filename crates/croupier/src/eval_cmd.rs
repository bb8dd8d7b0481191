use anyhow::{Context, bail};
use cards::{Card, Lang, parse_cards};
use clap::{Args, Subcommand, ValueEnum};
use eval::census::{self, Census};
use eval::{HandCategory, MadeHand, low, omaha};
use std::time::Instant;

#[derive(Debug, Args)]
pub struct EvalArgs {
    #[command(subcommand)]
    what: EvalCommand,
}

#[derive(Debug, Subcommand)]
enum EvalCommand {
    /// Walk all 2,598,960 five-card and all 133,784,560 seven-card hands and count each category.
    Census,
    /// Name the best hand of 5 to 7 cards (`AsKsQsJsTs9h2c`), with its five cards and lows.
    Hand {
        /// The cards, two characters each (`AsKd7c...`).
        cards: String,
        /// Omaha: the first argument is the hole, this is the board.
        #[arg(long)]
        board: Option<String>,
        #[arg(long, value_enum, default_value_t = LangArg::En)]
        lang: LangArg,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum LangArg {
    En,
    De,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::En => Lang::En,
            LangArg::De => Lang::De,
        }
    }
}

pub fn run(args: EvalArgs) -> anyhow::Result<()> {
    match args.what {
        EvalCommand::Census => run_census(),
        EvalCommand::Hand { cards, board, lang } => run_hand(&cards, board.as_deref(), lang.into()),
    }
}

fn run_census() -> anyhow::Result<()> {
    eval::HighEvaluator::get();
    let start = Instant::now();
    let five = census::five_card();
    let five_time = start.elapsed();
    let start = Instant::now();
    let seven = census::seven_card();
    let seven_time = start.elapsed();
    print_census("five-card hands", &five, five_time.as_secs_f64());
    print_census("seven-card hands", &seven, seven_time.as_secs_f64());
    Ok(())
}

fn print_census(title: &str, census: &Census, seconds: f64) {
    println!("{title}: {} in {seconds:.3} s", census.hands);
    for category in HandCategory::ALL.iter().rev() {
        println!(
            "  {:<16} {:>12}",
            format!("{category:?}"),
            census.count(*category)
        );
    }
    println!("  distinct values  {:>12}", census.distinct_values);
}

fn run_hand(text: &str, board: Option<&str>, lang: Lang) -> anyhow::Result<()> {
    let cards = parse_cards(text).context("reading the cards")?;
    if let Some(board) = board {
        let board = parse_cards(board).context("reading the board")?;
        let made = MadeHand::best_omaha(&cards, &board)
            .context("Omaha takes 2 to 6 hole cards and 3 to 5 board cards")?;
        println!("high: {}", describe(&made, lang));
        match omaha::omaha_low8(&cards, &board) {
            Some(low) => println!("8-or-better low: {low}"),
            None => println!("8-or-better low: none"),
        }
        return Ok(());
    }
    let Some(made) = MadeHand::best(&cards) else {
        bail!("a hand is 5 to 7 cards; {text:?} has {}", cards.len());
    };
    println!("high: {}", describe(&made, lang));
    let set = cards.iter().copied().collect();
    if let Some(l) = low::ace_to_five(set) {
        println!("ace-to-five low: {l}");
    }
    match low::low8(set) {
        Some(l) => println!("8-or-better low: {l}"),
        None => println!("8-or-better low: none"),
    }
    Ok(())
}

fn describe(made: &MadeHand, lang: Lang) -> String {
    let five: Vec<String> = made.five.iter().map(Card::to_string).collect();
    format!("{} ({})", made.name(lang), five.join(" "))
}
