//! The ids the logic crates own (the engine's `PlayerId` as `EntryId`, the director's `TableId`,
//! ring's guests, games and cash tables) as the API's document gives them: `utoipa` reads this at
//! compile time, and those crates carry no schema of their own. The protocol's own ids derive it.

fn main() {
    utoipa_config::Config::new()
        .alias_for("EntryId", "u32")
        .alias_for("TableId", "u32")
        .alias_for("GuestId", "u32")
        .alias_for("GameId", "u32")
        .alias_for("CashTableId", "u32")
        .write_to_file();
}
