//! PHH files read as PokerKit reads them: each hand here is played in PokerKit 0.7.7
//! (`tools/pokerkit/phh_stacks.py`, in the venv of `tools/pokerkit/setup.sh`, installed on first
//! use), and our replay must end at the stacks PokerKit gives.

use hh::{Outcome, parse_phh, replay};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn pokerkit_python() -> &'static str {
    static PY: OnceLock<String> = OnceLock::new();
    PY.get_or_init(|| {
        let out = Command::new("bash")
            .arg(repo().join("tools/pokerkit/setup.sh"))
            .output()
            .expect("run tools/pokerkit/setup.sh");
        assert!(
            out.status.success(),
            "setup.sh: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        text.lines().last().expect("the venv's python").to_string()
    })
}

/// PokerKit's finishing stacks for a PHH text.
fn pokerkit_stacks(phh: &str) -> Vec<u64> {
    let mut child = Command::new(pokerkit_python())
        .arg(repo().join("tools/pokerkit/phh_stacks.py"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start phh_stacks.py");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(phh.as_bytes())
        .expect("write the hand");
    let out = child.wait_with_output().expect("phh_stacks.py ends");
    assert!(
        out.status.success(),
        "phh_stacks.py: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("a JSON list of stacks")
}

/// The issue-16 hand: heads-up, a big-blind ante, checked down, p2's queens beat p1's ace-king.
fn heads_up(antes: &str) -> String {
    format!(
        "variant = \"NT\"\nante_trimming_status = false\nantes = {antes}\n\
         blinds_or_straddles = [100, 200]\nmin_bet = 200\nstarting_stacks = [5000, 5000]\n\
         actions = [\"d dh p1 AsKs\", \"d dh p2 QhQd\", \"p2 cc\", \"p1 cc\", \"d db 2c7d9h\", \
         \"p1 cc\", \"p2 cc\", \"d db 3s\", \"p1 cc\", \"p2 cc\", \"d db 4d\", \"p1 cc\", \
         \"p2 cc\", \"p1 sm AsKs\", \"p2 sm QhQd\"]\n"
    )
}

/// Our replay of `phh` with PokerKit's finishing stacks written in must pass.
fn agrees_with_pokerkit(phh: &str) {
    let stacks = pokerkit_stacks(phh);
    let list: Vec<String> = stacks.iter().map(u64::to_string).collect();
    let with_stacks = format!("{phh}finishing_stacks = [{}]\n", list.join(", "));
    let hand = parse_phh(&with_stacks).expect("a PHH hand");
    match replay(&hand) {
        Outcome::Passed { .. } => {}
        other => panic!("PokerKit ends at {stacks:?}; our replay: {other:?}"),
    }
}

#[test]
fn tda_34_heads_up_antes_are_listed_in_the_blinds_order_as_pokerkit_reads_them() {
    // TDA-34: heads-up the button posts the small blind; PokerKit lists antes, like blinds,
    // big blind first. Both orders of a big-blind ante must end where PokerKit ends.
    agrees_with_pokerkit(&heads_up("[0, 200]"));
    agrees_with_pokerkit(&heads_up("[200, 0]"));
    // The stacks differ between the two orders, so the check can fail.
    assert_ne!(
        pokerkit_stacks(&heads_up("[0, 200]")),
        pokerkit_stacks(&heads_up("[200, 0]"))
    );
}
