//! The rulebooks' ids read from their texts (`../shared/rules`, mapped by its README), and the
//! ids cited in a text, for the tests that check citations.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace root: two levels above this crate.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `../shared/rules` beside the checkout, as CI has it.
fn rules_dir() -> PathBuf {
    workspace().join("../shared/rules")
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

/// HC: Markdown headings `1.13.7 title`, bold or not.
fn hc_ids(text: &str, ids: &mut BTreeSet<String>) {
    for line in text.lines().filter(|l| l.starts_with('#')) {
        let rest = line.trim_start_matches('#').trim().trim_start_matches("**");
        let number: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let number = number.trim_end_matches('.');
        if !number.is_empty() && number.starts_with(|c: char| c.is_ascii_digit()) {
            ids.insert(format!("HC-{number}"));
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

/// JPR: sections `3.0 title`, cited as `JPR-3.0` or `JPR-3`.
fn jpr_ids(text: &str, ids: &mut BTreeSet<String>) {
    for line in text.lines() {
        if let Some((n, tail)) = leading_number(line)
            && tail.starts_with(".0 ")
        {
            ids.insert(format!("JPR-{n}.0"));
            ids.insert(format!("JPR-{n}"));
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

/// The rule ids cited in a text, in the README's forms; `RP-8` alone is TDA's.
pub fn cited_ids(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    for (start, _) in text.char_indices() {
        if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
            continue;
        }
        let rest = &text[start..];
        let (prefix, after) = match ["TDA-RP-", "TDA-", "RP-", "HC-", "DG-", "WWPLA-", "JPR-"]
            .into_iter()
            .find(|p| rest.starts_with(p))
        {
            Some(p) => (p, &rest[p.len()..]),
            None => continue,
        };
        if prefix == "RP-" && text[..start].ends_with("TDA-") {
            continue;
        }
        let Some((n, mut tail)) = leading_number(after) else {
            continue;
        };
        let mut id = match prefix {
            "RP-" => format!("TDA-RP-{n}"),
            p => format!("{p}{n}"),
        };
        let letter_then_not_letter = |t: &str, upper: bool| {
            let mut cs = t.chars();
            let c = cs.next()?;
            let ok = if upper {
                c.is_ascii_uppercase()
            } else {
                c.is_ascii_lowercase()
            };
            (ok && !cs.next().is_some_and(|d| d.is_alphanumeric())).then_some(c)
        };
        match prefix {
            "TDA-RP-" | "TDA-" | "RP-" => {
                if let Some(c) = letter_then_not_letter(tail, true) {
                    id.push(c);
                }
            }
            "HC-" | "DG-" | "JPR-" => {
                if prefix == "DG-" {
                    let letter: String =
                        tail.chars().take_while(char::is_ascii_lowercase).collect();
                    if letter.len() == 1 {
                        id.push_str(&letter);
                        tail = &tail[1..];
                    }
                }
                while let Some(next) = tail.strip_prefix('.') {
                    let Some((k, t)) = leading_number(next) else {
                        break;
                    };
                    id.push_str(&format!(".{k}"));
                    tail = t;
                }
            }
            _ => {}
        }
        out.push(id);
    }
    out
}
