//! The server's modules run one way (issue 35 item 3): each imports only the ones below it in
//! the order `lib.rs` gives, so that no two import each other and no import runs back up. Read
//! from the crate's own sources, `crate::name` by `crate::name`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Bottom to top, as `lib.rs` lists them.
const LAYERS: [&str; 26] = [
    "said",
    "refusal",
    "clock",
    "role",
    "openapi",
    "slots",
    "secret",
    "deck",
    "limit",
    "proxied",
    "writer",
    "push",
    "outbox",
    "room",
    "task",
    "followers",
    "driver",
    "sms",
    "dealer",
    "cash",
    "event",
    "hub",
    "seeder",
    "app",
    "api",
    "net",
];

/// The API's modules, bottom to top: the router (`http`) is the top, over every page's routes.
const API: [&str; 14] = [
    "guard",
    "extract",
    "changes",
    "floor_stream",
    "ring_stream",
    "tablet",
    "cash_tablet",
    "history",
    "export",
    "floor",
    "ring",
    "ws",
    "assets",
    "http",
];

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, tests left out (a test may look anywhere).
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir)
        .expect("the crate's sources")
        .flatten()
    {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && !path
                .file_stem()
                .is_some_and(|s| s.to_string_lossy().contains("tests"))
        {
            out.push(path);
        }
    }
}

/// The modules of `crate::` paths in `text` under `prefix` (`crate::` or `crate::api::`).
fn imported(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let word = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '_')
            .collect()
    };
    for piece in text.split(prefix).skip(1) {
        if let Some(group) = piece.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or_default();
            found.extend(group.split(',').map(|item| word(item.trim())));
        } else {
            found.insert(word(piece));
        }
    }
    found.retain(|m| !m.is_empty());
    found
}

fn module_of(path: &Path, base: &Path) -> String {
    let relative = path.strip_prefix(base).expect("under the base");
    let first = relative.components().next().expect("a file");
    first
        .as_os_str()
        .to_string_lossy()
        .trim_end_matches(".rs")
        .to_string()
}

fn check(base: &Path, order: &[&str], prefix: &str) -> Vec<String> {
    let mut files = Vec::new();
    sources(base, &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let module = module_of(&file, base);
        let Some(at) = order.iter().position(|m| *m == module) else {
            if !["lib", "mod", "api"].contains(&module.as_str()) {
                wrong.push(format!("{}: not in the layers' list", file.display()));
            }
            continue;
        };
        let text = std::fs::read_to_string(&file).expect("a source file");
        for other in imported(&text, prefix) {
            if other == module {
                continue;
            }
            match order.iter().position(|m| *m == other) {
                Some(below) if below < at => {}
                Some(_) => wrong.push(format!(
                    "{} imports {other}, which is not below {module}",
                    file.display()
                )),
                None => {}
            }
        }
    }
    wrong
}

#[test]
fn every_module_imports_only_modules_below_it() {
    let wrong = check(&src(), &LAYERS, "crate::");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_api_module_imports_only_api_modules_below_it() {
    let wrong = check(&src().join("api"), &API, "crate::api::");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_layers_are_the_ones_lib_rs_lists() {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("lib.rs");
    let listed: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .chain(
            lib.lines()
                .filter_map(|l| l.trim().strip_prefix("pub(crate) mod ")),
        )
        .map(|m| m.trim_end_matches(';'))
        .collect();
    let mut listed_sorted = listed.clone();
    listed_sorted.sort_unstable();
    let mut layers = LAYERS.to_vec();
    layers.sort_unstable();
    assert_eq!(
        listed_sorted, layers,
        "lib.rs's modules and the layers differ"
    );
}
