//! The rank multisets the tables are built over: for the seven-card keys and Omaha's fives.

/// Every multiset of `size` ranks with at most four of each rank.
pub(super) fn rank_multisets(size: usize) -> Vec<Vec<u8>> {
    fn extend(rank: u8, left: usize, current: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if left == 0 {
            out.push(current.clone());
            return;
        }
        if rank == 13 {
            return;
        }
        for count in 0..=left.min(4) {
            current.extend(std::iter::repeat_n(rank, count));
            extend(rank + 1, left - count, current, out);
            current.truncate(current.len() - count);
        }
    }
    let mut out = Vec::new();
    extend(0, size, &mut Vec::new(), &mut out);
    out
}
