//! Rule ids as the rulebooks' map gives them, e.g. `TDA-47A`: a checked type whose every value
//! is an id of `rules/index.toml` (the list `build.rs` generates from it).

use std::fmt;

include!(concat!(env!("OUT_DIR"), "/rule_ids.rs"));

/// A rule of one of the rulebooks, cited by every refusal and ruling. Made by `rule!("TDA-47A")`,
/// which fails the build for an id the index does not list, or by `Rule::parse` at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rule(&'static str);

/// The rule of an id the index lists; a typo fails the build.
#[macro_export]
macro_rules! rule {
    ($id:literal) => {
        const { $crate::Rule::known($id) }
    };
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn position(id: &str) -> Option<usize> {
    let mut i = 0;
    while i < KNOWN.len() {
        if same(KNOWN[i], id) {
            return Some(i);
        }
        i += 1;
    }
    None
}

impl Rule {
    /// The rule of an id the index lists. In a `const` (as `rule!` uses it) an unknown id is a
    /// compile error; at run time it panics, so take `parse` for ids that come from outside.
    pub const fn known(id: &'static str) -> Rule {
        match position(id) {
            Some(i) => Rule(KNOWN[i]),
            None => panic!("not a rule id of rules/index.toml"),
        }
    }

    /// The rule of an id read at run time (a scenario file, the wire), if the index lists it.
    /// `JPR-3` is read as `JPR-3.0`, the form the index lists.
    pub fn parse(id: &str) -> Option<Rule> {
        let id = id.trim();
        if let Some(i) = position(id) {
            return Some(Rule(KNOWN[i]));
        }
        let number = id.strip_prefix("JPR-")?;
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        position(&format!("{id}.0")).map(|i| Rule(KNOWN[i]))
    }

    /// The id as the rulebooks' map cites it.
    pub const fn id(self) -> &'static str {
        self.0
    }

    /// This rule is `whole` or one of its parts: TDA-11A is within TDA-11, TDA-47 is not within
    /// TDA-4.
    pub fn is_within(self, whole: Rule) -> bool {
        self.0
            .strip_prefix(whole.0)
            .is_some_and(|rest| rest.is_empty() || !rest.starts_with(|c: char| c.is_ascii_digit()))
    }

    /// Rules as a text cites them: "TDA-10, TDA-11C".
    pub fn list(rules: &[Rule]) -> String {
        rules.iter().map(|r| r.0).collect::<Vec<_>>().join(", ")
    }

    /// Every rule id the index lists, sorted.
    pub fn all() -> impl Iterator<Item = Rule> {
        KNOWN.iter().map(|id| Rule(id))
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// Written as its id, as the rulebooks' map cites it.
impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl PartialEq<&str> for Rule {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_indexs_ids_are_rules() {
        assert_eq!(rule!("TDA-47A").id(), "TDA-47A");
        assert_eq!(Rule::parse("TDA-47A"), Some(rule!("TDA-47A")));
        assert_eq!(Rule::parse("JPR-3"), Some(rule!("JPR-3.0")));
        assert_eq!(Rule::parse(&format!("TDA-{}", 72)), None, "no rule 72");
        assert_eq!(Rule::parse("JPR-3x"), None);
        assert_eq!(Rule::parse(""), None);
        assert!(rule!("TDA-11A").is_within(rule!("TDA-11")));
        assert!(rule!("DG-15.11").is_within(rule!("DG-15")));
        assert!(!rule!("TDA-47").is_within(rule!("TDA-4")));
        assert!(!rule!("DG-15.11").is_within(rule!("DG-15.1")));
        assert!(KNOWN.windows(2).all(|w| w[0] < w[1]), "sorted, no id twice");
    }
}
