//! The PokerKit side of `croupier bench engine`: one `tools/pokerkit/bench.py --serve` process
//! kept up for the whole run, asked for one slice at a time so that its slices interleave with
//! ours and none pays Python's start-up; and the spread of the ratios over the slices.

use anyhow::{Context, Result, bail};
use std::io::{BufRead, BufReader, Lines, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn repo_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

/// One PokerKit slice: hands per second and actions per hand.
pub struct Slice {
    pub rate: f64,
    pub actions_per_hand: f64,
}

pub struct Peer {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Lines<BufReader<ChildStdout>>,
    /// PokerKit's version, as the peer reports it.
    pub version: String,
}

impl Peer {
    /// Installs PokerKit if needed (`tools/pokerkit/setup.sh`) and starts the slice server.
    pub fn start() -> Result<Peer> {
        let setup = Command::new("bash")
            .arg(repo_file("tools/pokerkit/setup.sh"))
            .output()
            .context("running tools/pokerkit/setup.sh")?;
        if !setup.status.success() {
            bail!(
                "installing PokerKit failed: {}",
                String::from_utf8_lossy(&setup.stderr)
            );
        }
        let stdout = String::from_utf8_lossy(&setup.stdout);
        let python = stdout.lines().last().context("no venv python")?.trim();
        let mut child = Command::new(python)
            .arg(repo_file("tools/pokerkit/bench.py"))
            .arg("--serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .context("starting tools/pokerkit/bench.py --serve")?;
        let stdin = child.stdin.take().context("bench.py's stdin")?;
        let out = child.stdout.take().context("bench.py's stdout")?;
        let mut peer = Peer {
            child,
            stdin: Some(stdin),
            lines: BufReader::new(out).lines(),
            version: String::new(),
        };
        let hello = peer.reply()?;
        peer.version = hello["pokerkit"].as_str().unwrap_or("?").to_string();
        Ok(peer)
    }

    fn reply(&mut self) -> Result<serde_json::Value> {
        let line = self
            .lines
            .next()
            .context("bench.py ended early")?
            .context("reading bench.py")?;
        let value: serde_json::Value =
            serde_json::from_str(&line).with_context(|| format!("bench.py said {line:?}"))?;
        if let Some(error) = value["error"].as_str() {
            bail!("bench.py: {error}");
        }
        Ok(value)
    }

    /// Plays `kind` (bench.py's name) for `seconds` in PokerKit.
    pub fn slice(&mut self, kind: &str, seconds: f64) -> Result<Slice> {
        let stdin = self.stdin.as_mut().context("bench.py's stdin is closed")?;
        writeln!(stdin, "{kind} {seconds}").context("asking bench.py for a slice")?;
        stdin.flush().context("asking bench.py for a slice")?;
        let value = self.reply()?;
        let number = |field: &str| {
            value[field]
                .as_f64()
                .with_context(|| format!("no {field} from bench.py for {kind}"))
        };
        Ok(Slice {
            rate: number("hands_per_second")?,
            actions_per_hand: number("actions_per_hand")?,
        })
    }
}

impl Drop for Peer {
    /// End of input ends the server; waiting reaps it.
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

/// A median with its quartiles and range.
pub struct Spread {
    pub min: f64,
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
    pub max: f64,
}

impl Spread {
    /// Of the values given, by linear interpolation between the sorted values; `None` if empty.
    pub fn of(values: &[f64]) -> Option<Spread> {
        let mut v: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
        v.sort_by(f64::total_cmp);
        let at = |q: f64| {
            let pos = q * (v.len() - 1) as f64;
            let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
            v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
        };
        (!v.is_empty()).then(|| Spread {
            min: v[0],
            q1: at(0.25),
            median: at(0.5),
            q3: at(0.75),
            max: v[v.len() - 1],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Spread;

    #[test]
    fn median_and_quartiles_interpolate_between_sorted_values() {
        let s = Spread::of(&[9.0, 1.0, 5.0, 3.0, 7.0]).unwrap();
        assert_eq!(
            (s.min, s.q1, s.median, s.q3, s.max),
            (1.0, 3.0, 5.0, 7.0, 9.0)
        );
        let s = Spread::of(&[4.0, 1.0, 2.0, 3.0]).unwrap();
        assert_eq!((s.q1, s.median, s.q3), (1.75, 2.5, 3.25));
        assert!(Spread::of(&[]).is_none());
        assert_eq!(Spread::of(&[f64::NAN, 2.0]).unwrap().median, 2.0);
    }
}
