//! How strong a bot finds its hand: what its play follows.

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Tier {
    Weak,
    Medium,
    Strong,
}
