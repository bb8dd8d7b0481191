//! The rule ids of `rules/index.toml` as a sorted list, so that `rule!("TDA-47A")` is checked
//! when the crate compiles: a rule id that is not in the index fails the build.

use std::fmt::Write as _;

fn main() {
    let index = "../../rules/index.toml";
    println!("cargo:rerun-if-changed={index}");
    let text = std::fs::read_to_string(index).expect("rules/index.toml at the repository's root");
    let table: toml::Table = toml::from_str(&text).expect("rules/index.toml is valid TOML");
    let mut ids: Vec<String> = table["rule"]
        .as_array()
        .expect("[[rule]] entries")
        .iter()
        .map(|r| r["id"].as_str().expect("each rule has an id").to_string())
        .collect();
    ids.sort();
    ids.dedup();
    let mut out = String::from(
        "/// Every rule id of `rules/index.toml`, sorted.\npub(crate) const KNOWN: &[&str] = &[\n",
    );
    for id in &ids {
        let _ = writeln!(out, "    {id:?},");
    }
    out.push_str("];\n");
    let path =
        std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("rule_ids.rs");
    std::fs::write(path, out).expect("write rule_ids.rs");
}
