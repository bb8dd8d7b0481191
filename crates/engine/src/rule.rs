//! Rule ids as the rulebooks' map gives them (`../shared/rules/README.md`), e.g. `TDA-47A`.

use std::fmt;

/// A rule of one of the rulebooks, cited by every refusal and ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rule(pub &'static str);

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}
