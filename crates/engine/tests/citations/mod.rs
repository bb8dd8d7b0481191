//! The rule ids a text cites, in the forms of the rulebooks' map (`TDA-47A`, `TDA-RP-10E`,
//! `HC-1.13.7`, `DG-15a.3`, `WWPLA-11`, `JPR-3.0`), for the tests that check citations.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The workspace root: two levels above this crate.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn leading_number(s: &str) -> Option<(u32, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    Some((s[..end].parse().ok()?, &s[end..]))
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
        // `JPR-10` is JPR's section 10.0, the form the index lists.
        if prefix == "JPR-" && !id.contains('.') {
            id.push_str(".0");
        }
        out.push(id);
    }
    out
}

/// `cited` is `id` or a part of it: `TDA-47A` of `TDA-47`, `HC-1.13.7` of `HC-1.13`,
/// `DG-15a.3` of `DG-15a` and of `DG-15`; `TDA-47` is not a part of `TDA-4`.
pub fn is_part_of(cited: &str, id: &str) -> bool {
    match cited.strip_prefix(id) {
        Some("") => true,
        Some(rest) => rest.starts_with(|c: char| c == '.' || c.is_ascii_alphabetic()),
        None => false,
    }
}

/// The text cites `id`: it names the id or a part of it.
pub fn cites(text: &str, id: &str) -> bool {
    cited_ids(text).iter().any(|c| is_part_of(c, id))
}
