//! Embeds every file of `ui/` in the binary, so that nothing is installed or built at run time.
//!
//! The folder is found when the build script runs (`CARGO_MANIFEST_DIR` from the environment),
//! not when it was compiled: a checkout moved after a build still finds its pages. A missing or
//! empty folder fails the build rather than serving 404 for every page.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn main() {
    utoipa_aliases();
    match ui_files() {
        Ok((dir, names)) => {
            println!("cargo::rerun-if-changed={}", dir.display());
            write_table(&dir, &names);
        }
        Err(message) => println!("cargo::error={message}"),
    }
}

/// The logic crates' ids as the API's document gives them (as in protocol's build script): `utoipa`
/// reads this file at compile time, as `utoipa_config::Config::write_to_file` would write it.
/// Written here by hand: this script builds alone, without dependencies (`tests/ui_embed.rs`).
fn utoipa_aliases() {
    let Ok(out) = std::env::var("OUT_DIR") else {
        return;
    };
    let config = r#"{"aliases":{"EntryId":"u32","TableId":"u32","GuestId":"u32","GameId":"u32","CashTableId":"u32"},"schema_collect":"non_inlined"}"#;
    if let Err(e) = std::fs::write(Path::new(&out).join("utoipa-config.json"), config) {
        println!("cargo::error=utoipa-config.json cannot be written in {out}: {e}");
    }
}

/// The UI folder and its files' names, sorted; an error says why there are none.
fn ui_files() -> Result<(PathBuf, Vec<String>), String> {
    let root = std::env::var("CARGO_MANIFEST_DIR")
        .map_err(|e| format!("CARGO_MANIFEST_DIR is not set for the build script: {e}"))?;
    let dir = Path::new(&root).join("ui");
    let entries = std::fs::read_dir(&dir)
        .map_err(|e| format!("the web UI folder {} cannot be read: {e}", dir.display()))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("reading {}: {e}", dir.display()))?;
        if !entry.path().is_file() {
            continue;
        }
        let name = entry
            .file_name()
            .into_string()
            .map_err(|n| format!("{}: a file name that is not UTF-8: {n:?}", dir.display()))?;
        names.push(name);
    }
    if names.is_empty() {
        return Err(format!(
            "the web UI folder {} holds no files: the server would serve 404 for every page",
            dir.display()
        ));
    }
    names.sort();
    Ok((dir, names))
}

fn write_table(dir: &Path, names: &[String]) {
    let mut out =
        String::from("/// The web UI's files by name.\npub const FILES: &[(&str, &str)] = &[\n");
    for name in names {
        let path = dir.join(name);
        let _ = writeln!(out, "    ({name:?}, include_str!({:?})),", path.display());
    }
    out.push_str("];\n");
    let Ok(out_dir) = std::env::var("OUT_DIR") else {
        println!("cargo::error=OUT_DIR is not set for the build script");
        return;
    };
    let target = Path::new(&out_dir).join("ui.rs");
    if let Err(e) = std::fs::write(&target, out) {
        println!("cargo::error=cannot write {}: {e}", target.display());
    }
}
