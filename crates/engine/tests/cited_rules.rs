//! Every rule id the workspace cites exists in the rulebooks (`../shared/rules/README.md` maps the
//! id forms to the files): the section, and the lettered or numbered sub-rule where one is given.
//! The ids are read from the source, the profiles, the scenarios, the UI and the docs; the
//! rulebooks' numbering is read from the rule texts, never from the code under test.

use engine::{Chips, HandError, Player, Rule, Step};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace root: two levels above this crate.
fn workspace() -> PathBuf {
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

fn rulebook_ids() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    tda_ids(&read(&rulebook_file("TDA")), &mut ids);
    hc_ids(&read(&rulebook_file("HC")), &mut ids);
    dg_ids(&read(&rulebook_file("DG")), &mut ids);
    wwpla_ids(&read(&rulebook_file("WWPLA")), &mut ids);
    jpr_ids(&read(&rulebook_file("JPR")), &mut ids);
    ids
}

/// The rule ids cited in a text, in the README's forms; `RP-8` alone is TDA's.
fn cited_ids(text: &str) -> Vec<String> {
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

/// The files that cite rules: source, profiles, scenarios, templates, the UI, tools and docs.
fn cited_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !matches!(name, "target" | "node_modules" | "__pycache__") && !name.starts_with('.')
            {
                cited_files(&path, out);
            }
        } else if [
            ".rs", ".toml", ".md", ".js", ".mjs", ".html", ".json", ".snap", ".py",
        ]
        .iter()
        .any(|ext| name.ends_with(ext))
        {
            out.push(path);
        }
    }
}

#[test]
fn the_rulebooks_are_read_as_the_readme_numbers_them() {
    let ids = rulebook_ids();
    // Spot checks against the texts: TDA 1-71 with 47A/B, RP-1..14 with RP-10H; HC-1.13.7;
    // DG 1-39 with 4a and 15a.3; WWPLA 1-13; JPR 1.0-12.0.
    for id in [
        "TDA-1",
        "TDA-71",
        "TDA-47A",
        "TDA-47B",
        "TDA-20D",
        "TDA-36B",
        "TDA-RP-1",
        "TDA-RP-14",
        "TDA-RP-10H",
        "HC-1",
        "HC-1.13.7",
        "HC-3.4.1",
        "HC-4",
        "DG-1",
        "DG-39",
        "DG-4a",
        "DG-12.7",
        "DG-15a.3",
        "DG-30.4",
        "WWPLA-1",
        "WWPLA-13",
        "JPR-1.0",
        "JPR-12.0",
        "JPR-10",
    ] {
        assert!(ids.contains(id), "{id} is in the rulebooks");
    }
    for id in [
        "TDA-72",
        "TDA-47C",
        "TDA-RP-15",
        "HC-1.14",
        "DG-40",
        "WWPLA-14",
        "JPR-13.0",
    ] {
        assert!(!ids.contains(id), "{id} is not in the rulebooks");
    }
}

#[test]
fn the_citations_are_read_in_the_readmes_forms() {
    let text =
        "TDA-47A, (TDA-RP-10E) RP-8 HC-1.13.7. DG-15a.3 WWPLA-11 JPR-3.0 JPR-10 x_TDA-1 TDA-30s";
    assert_eq!(
        cited_ids(text),
        [
            "TDA-47A",
            "TDA-RP-10E",
            "TDA-RP-8",
            "HC-1.13.7",
            "DG-15a.3",
            "WWPLA-11",
            "JPR-3.0",
            "JPR-10",
            "TDA-30"
        ]
    );
}

#[test]
fn every_cited_rule_exists_in_the_rulebooks() {
    let known = rulebook_ids();
    let root = workspace();
    let mut files = Vec::new();
    cited_files(&root.join("crates"), &mut files);
    cited_files(&root.join("tools"), &mut files);
    files.extend(["README.md", "DEVELOPERS.md"].map(|f| root.join(f)));
    let this_file = Path::new(file!()).file_name().expect("this file's name");
    let mut unknown: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut cited = BTreeSet::new();
    for path in files {
        if path.file_name() == Some(this_file) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for id in cited_ids(&text) {
            if !known.contains(&id) {
                let shown = path
                    .strip_prefix(&root)
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                unknown.entry(id.clone()).or_default().insert(shown);
            }
            cited.insert(id);
        }
    }
    assert!(
        cited.len() > 150,
        "only {} ids found: is the scan wrong?",
        cited.len()
    );
    assert!(unknown.is_empty(), "ids not in the rulebooks: {unknown:#?}");
}

/// One refusal of each kind the engine gives.
fn every_refusal() -> Vec<HandError> {
    let (p, q, c) = (Player(0), Player(1), Chips(100));
    let card = "As".parse().expect("a card");
    let rule = Rule("TDA-47A");
    vec![
        HandError::OutOfStep {
            expected: Step::CollectBets,
            got: "a fold",
            rule: Rule("TDA-50A"),
        },
        HandError::NotYourTurn {
            player: p,
            actor: q,
        },
        HandError::CheckFacingBet {
            player: p,
            to_call: c,
        },
        HandError::BetBelowMinimum { to: c, min_to: c },
        HandError::RaiseBelowMinimum { to: c, min_to: c },
        HandError::AboveStack {
            player: p,
            to: c,
            max_to: c,
        },
        HandError::AbovePotLimit { to: c, max_to: c },
        HandError::FixedLimitAmount { to: c, expected: c },
        HandError::NotARaise { to: c, level: c },
        HandError::NotReopened {
            player: p,
            increase: c,
            needed: c,
            rule,
        },
        HandError::RaiseCapReached {
            cap: 4,
            rule: Rule("TDA-48"),
        },
        HandError::NoOpponentToRaise,
        HandError::DealOrder {
            expected: p,
            got: q,
            rule: Rule("TDA-35A"),
        },
        HandError::HoleCardCount {
            player: p,
            allowed: 2,
            got: 3,
        },
        HandError::BoardCardCount {
            what: "flop",
            expected: 3,
            got: 4,
        },
        HandError::DuplicateCard { card },
        HandError::ExtraBurn,
        HandError::DeckEmpty,
        HandError::ShowAllCards {
            player: p,
            needed: 2,
        },
        HandError::ShownDiffers {
            player: p,
            shown: card,
        },
        HandError::UnknownCards { player: p },
        HandError::MustShow { player: p },
        HandError::AlreadyShown { player: p },
        HandError::NotInHand { player: p },
        HandError::NoSuchPot { pot: 2, pots: 1 },
        HandError::NoWinner { pot: 0 },
        HandError::NotEligible { player: p, pot: 1 },
        HandError::LastLiveHand { player: p },
        HandError::NotFolded { player: p },
        HandError::BringInDue {
            player: p,
            reason: "nobody has bet yet",
        },
        HandError::NoBringIn,
        HandError::StudFaces {
            what: "fourth street is dealt face up",
            rule: Rule("TDA-RP-10"),
        },
        HandError::NoCommunityCard,
        HandError::HandOver,
    ]
}

#[test]
fn every_refusal_names_its_own_rule_and_no_other() {
    let known = rulebook_ids();
    for error in every_refusal() {
        let text = error.to_string();
        let named = cited_ids(&text);
        match error.rule() {
            Some(rule) => {
                assert!(known.contains(rule.0), "{rule} is in the rulebooks");
                assert!(text.ends_with(&format!(" ({rule})")), "{text}");
                assert_eq!(named, [rule.0], "{text}");
            }
            None => assert!(
                named.is_empty(),
                "{text} names a rule but rule() gives none"
            ),
        }
    }
}
