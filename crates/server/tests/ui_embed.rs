//! The web UI is embedded by `build.rs` from the folder it finds when it runs: a checkout moved
//! after a build still serves its pages, and a missing or empty folder fails the build with a
//! message instead of a server that answers 404 for every page.
//!
//! Each case builds a tiny crate whose build script is the server's own.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn build_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("build.rs")
}

/// A crate at `dir` that prints how many UI files were embedded and their names.
fn make_crate(dir: &Path, ui_files: &[&str]) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"ui-embed-probe\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
             build = {:?}\n\n[workspace]\n",
            build_script().display().to_string()
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("src/main.rs"),
        "include!(concat!(env!(\"OUT_DIR\"), \"/ui.rs\"));\n\
         fn main() { for (name, text) in FILES { println!(\"{name} {}\", text.len()); } }\n",
    )
    .unwrap();
    if !ui_files.is_empty() || dir.join("ui").exists() {
        std::fs::create_dir_all(dir.join("ui")).unwrap();
    }
    for name in ui_files {
        std::fs::write(dir.join("ui").join(name), format!("<p>{name}</p>")).unwrap();
    }
}

fn cargo_run(dir: &Path) -> Output {
    Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--offline"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap()
}

fn scratch(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

#[test]
fn a_checkout_moved_after_its_build_still_embeds_its_pages() {
    let before = scratch("ui-embed-before");
    let after = scratch("ui-embed-after");
    let _ = std::fs::remove_dir_all(&after);
    make_crate(&before, &["index.html", "app.css"]);
    let first = cargo_run(&before);
    assert!(first.status.success(), "{first:?}");
    std::fs::rename(&before, &after).unwrap();
    let moved = cargo_run(&after);
    assert!(moved.status.success(), "{moved:?}");
    let listed = String::from_utf8_lossy(&moved.stdout);
    assert!(
        listed.contains("index.html") && listed.contains("app.css"),
        "{listed}"
    );
}

#[test]
fn an_empty_ui_folder_fails_the_build_saying_so() {
    let dir = scratch("ui-embed-empty");
    make_crate(&dir, &[]);
    std::fs::create_dir_all(dir.join("ui")).unwrap();
    let out = cargo_run(&dir);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("holds no files"), "{err}");
}

#[test]
fn a_missing_ui_folder_fails_the_build_saying_so() {
    let dir = scratch("ui-embed-missing");
    make_crate(&dir, &[]);
    let out = cargo_run(&dir);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot be read"), "{err}");
}
