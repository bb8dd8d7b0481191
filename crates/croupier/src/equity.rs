use clap::Args;

#[derive(Debug, Args)]
pub struct EquityArgs {
    /// One hand per player, e.g. `AsAh KsKd`.
    hands: Vec<String>,
}

pub fn run(args: EquityArgs) -> anyhow::Result<()> {
    anyhow::bail!("equity is not built yet ({} hands given)", args.hands.len())
}
