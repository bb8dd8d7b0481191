//! Embeds every file of `ui/` in the binary, so that nothing is installed or built at run time.

use std::fmt::Write;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.path().is_file())
                .filter_map(|e| e.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out =
        String::from("/// The web UI's files by name.\npub const FILES: &[(&str, &str)] = &[\n");
    for name in names {
        let _ = writeln!(
            out,
            "    ({name:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/ui/{name}\"))),"
        );
    }
    out.push_str("];\n");
    let target = std::path::Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("ui.rs");
    if let Err(e) = std::fs::write(&target, out) {
        println!("cargo::error=cannot write {}: {e}", target.display());
    }
}
