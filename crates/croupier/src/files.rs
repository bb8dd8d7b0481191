//! Files named on the command line: a file as given, a folder searched for the files wanted.

use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// `path` itself when it is a file; else every file under it that `wanted` accepts, in sorted
/// order, folders searched in turn.
pub fn collect(path: &Path, wanted: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) -> Result<()> {
    let meta = std::fs::metadata(path).with_context(|| format!("{}", path.display()))?;
    if !meta.is_dir() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .with_context(|| format!("{}", path.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    entries.sort();
    for entry in entries {
        if entry.is_dir() || wanted(&entry) {
            collect(&entry, wanted, out)?;
        }
    }
    Ok(())
}
