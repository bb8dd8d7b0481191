//! The online cash tables' kept proofs (issue 37): the procedure itself is `crate::deck`'s.

use protocol::DeckProof;
use ring::GuestId;

/// How many over hands' proofs each table keeps for its players to fetch.
pub(crate) const PROOFS_KEPT: usize = 20;

/// The over hands a table keeps proofs of, newest last, with who was dealt in each.
#[derive(Clone, Debug, Default)]
pub struct Kept(pub std::collections::VecDeque<(Vec<GuestId>, DeckProof)>);

impl Kept {
    pub fn keep(&mut self, guests: Vec<GuestId>, proof: DeckProof) {
        if self.0.len() == PROOFS_KEPT {
            self.0.pop_front();
        }
        self.0.push_back((guests, proof));
    }
}
