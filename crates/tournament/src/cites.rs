//! The rules the director tells apart by the rule a seat was given under (a move's rule says
//! why it was made), as constants a pattern can name.

use engine::{Rule, rule};

pub(crate) const TDA_10: Rule = rule!("TDA-10");
pub(crate) const TDA_11: Rule = rule!("TDA-11");
pub(crate) const TDA_RP_9: Rule = rule!("TDA-RP-9");
pub(crate) const HC_1_7: Rule = rule!("HC-1.7");
pub(crate) const HC_1_8: Rule = rule!("HC-1.8");
