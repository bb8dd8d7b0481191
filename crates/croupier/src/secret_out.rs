//! Where the addresses that carry a secret (the TD console's, the demo's tablets') go: to a
//! terminal, or else to a file only its owner reads, never into the output a service manager
//! keeps in its journal (issue 33 item 7).

use anyhow::{Context, Result};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The file beside a SQLite log (`croupier.db.secret`), or in the current folder for a
/// PostgreSQL one.
pub fn default_file(database: &str) -> PathBuf {
    if database.starts_with("postgres://") || database.starts_with("postgresql://") {
        PathBuf::from("croupier.secret")
    } else {
        PathBuf::from(format!("{database}.secret"))
    }
}

/// Shows `lines` (each an address with its secret) on the terminal, or writes them to `file`
/// (mode 0600) and prints where they are.
pub fn show(lines: &[String], file: &Path, force_file: bool) -> Result<()> {
    if lines.is_empty() {
        return Ok(());
    }
    if !force_file && std::io::stdout().is_terminal() {
        for line in lines {
            println!("{line}");
        }
        return Ok(());
    }
    write_private(file, &(lines.join("\n") + "\n"))
        .with_context(|| format!("writing the secret addresses to {}", file.display()))?;
    println!(
        "secret file: {} (the addresses with their secrets, readable by you alone)",
        file.display()
    );
    Ok(())
}

fn write_private(file: &Path, text: &str) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        options.mode(0o600);
        // An older file keeps its mode when opened: make it the owner's alone first.
        if file.exists() {
            std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o600))?;
        }
    }
    let mut out = options.open(file)?;
    out.write_all(text.as_bytes())?;
    out.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 33 item 7: the file is the owner's alone, also when it was there before.
    #[test]
    fn the_secret_file_is_readable_by_its_owner_alone() {
        let file = std::env::temp_dir().join(format!("croupier-{}.secret", std::process::id()));
        std::fs::write(&file, "old").expect("written");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        }
        show(&["TD console: http://h/td?secret=s".into()], &file, true).expect("shown");
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "TD console: http://h/td?secret=s\n"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&file).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::remove_file(&file).expect("removed");
        assert_eq!(default_file("night.db"), PathBuf::from("night.db.secret"));
        assert_eq!(
            default_file("postgres://u@h/db"),
            PathBuf::from("croupier.secret")
        );
    }
}
