//! `croupier hh convert IN [--out DIR|FILE]`: PHH hands to PokerStars text, a file or a
//! folder of them. Hands that cannot be written are reported with their file, never dropped
//! silently.

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use hh::{PhhKind, parse_text, phh_to_pokerstars};
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct HhArgs {
    #[command(subcommand)]
    command: HhCommand,
}

#[derive(Debug, Subcommand)]
enum HhCommand {
    /// PHH to PokerStars text. A file goes to `--out FILE` (or a `.txt` of the same name in
    /// `--out DIR`); a folder's files each go to a `.txt` under `--out DIR`, or all into one
    /// `--out FILE.txt`. Without `--out`, the text goes to standard output.
    Convert {
        /// A `.phh` or `.phhs` file, or a folder searched for them.
        input: PathBuf,
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write times in this zone (an IANA name such as `Europe/Berlin`), the ET time in
        /// brackets, as PokerStars does for a player outside ET.
        #[arg(long)]
        time_zone: Option<String>,
    },
}

pub fn run(args: HhArgs) -> Result<()> {
    let HhCommand::Convert {
        input,
        out,
        time_zone,
    } = args.command;
    if let Some(zone) = &time_zone {
        // A bad zone is one error, not one per hand.
        hh::Timestamp::at(0, zone)?;
    }
    let folder = input.is_dir();
    if !folder && PhhKind::from_path(&input).is_none() {
        bail!("{}: not a .phh or .phhs file", input.display());
    }
    let mut files = Vec::new();
    crate::files::collect(&input, &|p| PhhKind::from_path(p).is_some(), &mut files)?;
    // Where each file's text goes: `None` is standard output or the one `--out` file.
    let into_dir = out
        .as_ref()
        .filter(|o| o.is_dir() || (folder && o.extension().is_none_or(|e| e != "txt")));
    let mut one = String::new();
    let (mut written, mut failed) = (0usize, 0usize);
    for file in &files {
        let (text, n, bad) = convert_file(file, time_zone.as_deref());
        written += n;
        failed += bad;
        match into_dir {
            Some(dir) => {
                let rel = if folder {
                    file.strip_prefix(&input).unwrap_or(file)
                } else {
                    Path::new(file.file_name().unwrap_or_default())
                };
                let target = dir.join(rel).with_extension("txt");
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent)
                        .with_context(|| format!("creating {}", parent.display()))?;
                }
                if n > 0 {
                    std::fs::write(&target, text)
                        .with_context(|| format!("writing {}", target.display()))?;
                }
            }
            None => one.push_str(&text),
        }
    }
    match (&out, into_dir) {
        (Some(file), None) => {
            std::fs::write(file, &one).with_context(|| format!("writing {}", file.display()))?
        }
        (None, _) => print!("{one}"),
        _ => {}
    }
    eprintln!("{written} hands written, {failed} not written");
    if failed > 0 {
        bail!("{failed} hands could not be written as PokerStars text (see above)");
    }
    Ok(())
}

/// One file's hands as text, how many were written and how many were not (each said on
/// standard error with the file and the problem).
fn convert_file(file: &Path, time_zone: Option<&str>) -> (String, usize, usize) {
    let kind = PhhKind::from_path(file).unwrap_or(PhhKind::Hand);
    let hands = std::fs::read_to_string(file)
        .map_err(|e| e.to_string())
        .and_then(|text| parse_text(kind, &text).map_err(|e| e.to_string()));
    let hands = match hands {
        Ok(hands) => hands,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return (String::new(), 0, 1);
        }
    };
    let mut out = String::new();
    let (mut written, mut failed) = (0, 0);
    for (table, hand) in hands {
        let name = match table.as_str() {
            "" => file.display().to_string(),
            t => format!("{} [{t}]", file.display()),
        };
        match phh_to_pokerstars(&hand, time_zone) {
            Ok(converted) => {
                converted
                    .notes
                    .iter()
                    .for_each(|n| eprintln!("{name}: note: {n}"));
                out.push_str(&converted.text);
                written += 1;
            }
            Err(e) => {
                eprintln!("{name}: {e}");
                failed += 1;
            }
        }
    }
    (out, written, failed)
}
