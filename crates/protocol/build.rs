//! The id aliases as the API's document gives them (`utoipa` reads this at compile time): a
//! derive sees only the alias's name, not the integer behind it.

fn main() {
    utoipa_config::Config::new()
        .alias_for("EventId", "u32")
        .alias_for("EntryId", "u32")
        .alias_for("LiveTableId", "u32")
        .alias_for("GuestId", "u32")
        .alias_for("GameId", "u32")
        .alias_for("CashTableId", "u32")
        .write_to_file();
}
