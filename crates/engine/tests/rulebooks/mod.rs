//! The rulebooks' ids read from their texts (`../shared/rules`, mapped by its README), for the
//! check of the rule index against them that `.ci/run` runs (`tests/rulebook_texts.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace root: two levels above this crate.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The rulebooks' texts: `CROUPIER_RULEBOOKS`, else `../shared/rules` beside the checkout, as CI
/// has it. They are not in the repository; only `.ci/run`'s rulebook step reads them.
pub fn rules_dir() -> PathBuf {
    std::env::var_os("CROUPIER_RULEBOOKS")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("../shared/rules"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The rulebook file of an id prefix, from the README's table.
fn rulebook_file(prefix: &str) -> PathBuf {
    let readme = read(&rules_dir().join("README.md"));
    let row = readme
        .lines()
        .find(|l| l.starts_with(&format!("| `{prefix}`")))
        .unwrap_or_else(|| panic!("README.md maps no `{prefix}`"));
    let file = row.split('|').nth(2).expect("a file column").trim();
    rules_dir().join(file)
}

fn leading_number(s: &str) -> Option<(u32, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    Some((s[..end].parse().ok()?, &s[end..]))
}

/// Letters that open a sub-rule in a TDA rule's text: `A:` at a line's start or `A)` in a line.
fn tda_letters(body: &str) -> BTreeSet<char> {
    let mut out = BTreeSet::new();
    for line in body.lines() {
        let chars: Vec<char> = line.chars().collect();
        for i in 0..chars.len().saturating_sub(1) {
            let (c, next) = (chars[i], chars[i + 1]);
            let opens = i == 0 || chars[i - 1].is_whitespace() || chars[i - 1] == '(';
            let marked = next == ')' || (next == ':' && i == 0);
            if c.is_ascii_uppercase() && opens && marked {
                out.insert(c);
            }
        }
    }
    out
}

/// TDA: rules `N: title` up to the Recommended Procedures, then `RP-N.` or `RP-N:`, up to the
/// illustrations; each with its letters.
fn tda_ids(text: &str, ids: &mut BTreeSet<String>) {
    let mut current: Option<String> = None;
    let mut bodies: BTreeMap<String, String> = BTreeMap::new();
    let mut in_rp = false;
    for line in text.lines() {
        if line.starts_with("Erläuterungen 2019") {
            break;
        }
        if let Some(rest) = line.strip_prefix("RP-") {
            if let Some((n, tail)) = leading_number(rest)
                && tail.starts_with(['.', ':'])
            {
                in_rp = true;
                current = Some(format!("TDA-RP-{n}"));
            }
        } else if !in_rp
            && let Some((n, tail)) = leading_number(line)
            && tail.starts_with(": ")
            && (1..=71).contains(&n)
        {
            current = Some(format!("TDA-{n}"));
            continue;
        }
        if let Some(id) = &current {
            let body = bodies.entry(id.clone()).or_default();
            body.push_str(line);
            body.push('\n');
        }
    }
    for (id, body) in bodies {
        for letter in tda_letters(&body) {
            ids.insert(format!("{id}{letter}"));
        }
        ids.insert(id);
    }
}

/// HC: Markdown headings `1.13.7 title`, bold or not, at their deepest level: a chapter with
/// numbered sections (`1`, `1.13`) is its sections.
fn hc_ids(text: &str, ids: &mut BTreeSet<String>) {
    let mut all = BTreeSet::new();
    for line in text.lines().filter(|l| l.starts_with('#')) {
        let rest = line.trim_start_matches('#').trim().trim_start_matches("**");
        let number: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let number = number.trim_end_matches('.');
        if !number.is_empty() && number.starts_with(|c: char| c.is_ascii_digit()) {
            all.insert(format!("HC-{number}"));
        }
    }
    for id in &all {
        let chapter = all.iter().any(|other| other.starts_with(&format!("{id}.")));
        if !chapter {
            ids.insert(id.clone());
        }
    }
}

/// DG: Markdown headings `15a. title` for the points 1-39, which only go up; the numbered items
/// under a point (`3. ...`, or a heading `#### 2.` numbered below it) are its sub-points.
fn dg_ids(text: &str, ids: &mut BTreeSet<String>) {
    let mut point: Option<(u32, String)> = None;
    for line in text.lines() {
        let heading = line.starts_with('#');
        let rest = line.trim_start_matches('#').trim();
        let Some((n, tail)) = leading_number(rest) else {
            if heading {
                point = None;
            }
            continue;
        };
        let letter: String = tail.chars().take_while(char::is_ascii_lowercase).collect();
        if !tail[letter.len()..].starts_with('.') {
            continue;
        }
        match &point {
            Some((current, id)) if letter.is_empty() && (!heading || n < *current) => {
                ids.insert(format!("{id}.{n}"));
            }
            _ if heading => {
                let id = format!("DG-{n}{letter}");
                ids.insert(id.clone());
                point = Some((n, id));
            }
            _ => {}
        }
    }
}

/// WWPLA: sections `11) title`.
fn wwpla_ids(text: &str, ids: &mut BTreeSet<String>) {
    for line in text.lines() {
        if let Some((n, tail)) = leading_number(line)
            && tail.starts_with(") ")
        {
            ids.insert(format!("WWPLA-{n}"));
        }
    }
}

/// JPR: sections `3.0 title` (cited as `JPR-3.0`, or `JPR-3` read as the same).
fn jpr_ids(text: &str, ids: &mut BTreeSet<String>) {
    for line in text.lines() {
        if let Some((n, tail)) = leading_number(line)
            && tail.starts_with(".0 ")
        {
            ids.insert(format!("JPR-{n}.0"));
        }
    }
}

pub fn rulebook_ids() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    tda_ids(&read(&rulebook_file("TDA")), &mut ids);
    hc_ids(&read(&rulebook_file("HC")), &mut ids);
    dg_ids(&read(&rulebook_file("DG")), &mut ids);
    wwpla_ids(&read(&rulebook_file("WWPLA")), &mut ids);
    jpr_ids(&read(&rulebook_file("JPR")), &mut ids);
    ids
}
