//! `croupier bench engine` end to end without the peer: slices played, a median reported, bad
//! slice counts refused. (The PokerKit side needs its venv; `tools/pokerkit/setup.sh`.)

mod common;

#[test]
fn the_engine_bench_reports_the_median_of_its_slices() {
    let args = ["bench", "engine", "--no-peer", "--kinds", "heads-up,razz"];
    let (ok, out, err) =
        common::croupier(&[&args[..], &["--seconds", "0.05", "--slices", "3"]].concat());
    assert!(ok, "{err}");
    assert!(out.contains("3 slices of 0.05 s"), "{out}");
    for kind in ["NLHE heads-up: croupier", "razz: croupier"] {
        let line = out
            .lines()
            .find(|l| l.contains(kind))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(
            line.contains("hands/s") && line.contains("; slices "),
            "{line}"
        );
    }
    let (ok, _, err) = common::croupier(&[&args[..], &["--slices", "0"]].concat());
    assert!(!ok && err.contains("--slices must be at least 1"), "{err}");
}
