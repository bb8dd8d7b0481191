//! Runs the `croupier` binary the tests were built with.

use std::process::Command;

/// `croupier ARGS...`: whether it succeeded, its standard output and its standard error.
pub fn croupier(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(args)
        .output()
        .expect("run croupier");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
