//! The deck left, rank by rank: every way to deal from one rank, and the rest of a board
//! once no suit can make a flush. A card whose suit can no longer give any hand a flush
//! plays by its rank alone, so such cards of one rank are dealt once, counted as many
//! times as there are ways to choose them.

use crate::HandKey;
use cards::{Card, Rank, Suit};

/// Each card's key by rank and suit index.
const CARD_KEYS: [[HandKey; 4]; 13] = {
    let mut keys = [[HandKey::EMPTY; 4]; 13];
    let mut rank = 0;
    while rank < 13 {
        let mut suit = 0;
        while suit < 4 {
            let card = Card::new(Rank::ALL[rank], Suit::from_index(suit as u8));
            keys[rank][suit] = HandKey::EMPTY.add(card);
            suit += 1;
        }
        rank += 1;
    }
    keys
};

/// `CHOOSE[n][k]`: the ways to take k of n cards of one rank.
const CHOOSE: [[u64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// One way to deal from a rank: some of its live cards, each dealt as itself, and some of
/// the others, dealt as one set standing for `count` sets.
#[derive(Debug, Clone, Copy)]
pub(super) struct Choice {
    pub(super) key: HandKey,
    pub(super) taken: u8,
    /// One byte per suit: the live cards of that suit taken.
    pub(super) suited: u32,
    pub(super) count: u64,
}

/// Every [`Choice`] for each rank and each set of live suits, fewest cards first.
#[derive(Debug)]
pub(super) struct RankChoices {
    list: Vec<Choice>,
    /// By rank and live-suit mask: where its choices lie in `list`.
    ranges: [[(u16, u16); 16]; 13],
}

impl RankChoices {
    /// `avail[rank]`: the suits of that rank still in the deck, as a bit mask.
    pub(super) fn new(avail: &[u8; 13]) -> RankChoices {
        let mut list = Vec::new();
        let mut ranges = [[(0, 0); 16]; 13];
        for (rank, &suits) in avail.iter().enumerate() {
            for live in 0..16u8 {
                if live & !suits != 0 {
                    continue;
                }
                let start = list.len();
                push_choices(rank, suits, live, &mut list);
                list[start..].sort_by_key(|c| c.taken);
                ranges[rank][usize::from(live)] = (start as u16, list.len() as u16);
            }
        }
        RankChoices { list, ranges }
    }

    /// The choices at `rank` when `live` (a subset of its suits left) are the suits that
    /// can still make a flush.
    #[inline(always)]
    pub(super) fn get(&self, rank: usize, live: u8) -> &[Choice] {
        let (start, end) = self.ranges[rank % 13][usize::from(live & 15)];
        self.list
            .get(usize::from(start)..usize::from(end))
            .unwrap_or(&[])
    }
}

/// Every subset of the live cards with 0 to all of the others, at least one card.
fn push_choices(rank: usize, suits: u8, live: u8, out: &mut Vec<Choice>) {
    let alike = suits & !live;
    let spare = alike.count_ones() as usize;
    let mut chosen = live;
    loop {
        let mut key = HandKey::EMPTY;
        let mut suited = 0u32;
        for s in 0..4 {
            if chosen & (1 << s) != 0 {
                key = key.join(CARD_KEYS[rank][s]);
                suited += 1 << (8 * s);
            }
        }
        let mut rest = alike;
        for extra in 0..=spare {
            if extra > 0 {
                key = key.join(CARD_KEYS[rank][rest.trailing_zeros() as usize]);
                rest &= rest - 1;
            }
            let taken = chosen.count_ones() as u8 + extra as u8;
            if taken > 0 {
                out.push(Choice {
                    key,
                    taken,
                    suited,
                    count: CHOOSE[spare][extra],
                });
            }
        }
        if chosen == 0 {
            break;
        }
        chosen = (chosen - 1) & live;
    }
}

/// For each size up to five: every multiset of ranks the deck can still give, as the
/// key of one set of such cards and the number of card sets it stands for, sorted by
/// lowest rank so that those from a rank up are a suffix.
#[derive(Debug)]
pub(super) struct RankBoards {
    lists: [Vec<(HandKey, u64)>; 6],
    /// `starts[size][rank]`: where the multisets with every rank at least `rank` start.
    starts: [[usize; 14]; 6],
}

impl RankBoards {
    /// `avail[rank]`: the suits of that rank still in the deck, as a bit mask. Lists are
    /// built up to `max_size` cards.
    pub(super) fn new(avail: &[u8; 13], max_size: usize) -> RankBoards {
        let mut lists: [Vec<(HandKey, u64)>; 6] = Default::default();
        let mut starts = [[0; 14]; 6];
        for size in 0..=max_size.min(5) {
            let mut found = Vec::new();
            collect(avail, 0, size, HandKey::EMPTY, 1, 13, &mut found);
            found.sort_by_key(|&(lowest, _, _)| lowest);
            for (rank, start) in starts[size].iter_mut().enumerate() {
                *start = found.partition_point(|&(lowest, _, _)| lowest < rank);
            }
            lists[size] = found
                .into_iter()
                .map(|(_, key, count)| (key, count))
                .collect();
        }
        RankBoards { lists, starts }
    }

    /// Every multiset of `size` ranks from `rank` up (empty if `size` was not built).
    #[inline(always)]
    pub(super) fn from(&self, size: usize, rank: usize) -> &[(HandKey, u64)] {
        let list = self.lists.get(size).map_or(&[][..], |l| l.as_slice());
        let start = self.starts.get(size).and_then(|s| s.get(rank)).copied();
        list.get(start.unwrap_or(list.len())..).unwrap_or(&[])
    }
}

/// Adds every multiset of `left` ranks from `rank` up to `out` as (lowest rank, key,
/// count); `lowest` is the lowest rank taken so far (13 for none).
fn collect(
    avail: &[u8; 13],
    rank: usize,
    left: usize,
    key: HandKey,
    count: u64,
    lowest: usize,
    out: &mut Vec<(usize, HandKey, u64)>,
) {
    if left == 0 {
        out.push((lowest, key, count));
        return;
    }
    if rank == 13 {
        return;
    }
    let suits = avail[rank];
    let n = suits.count_ones() as usize;
    let mut key_with = key;
    let mut rest = suits;
    for take in 0..=n.min(left) {
        if take > 0 {
            key_with = key_with.join(CARD_KEYS[rank][rest.trailing_zeros() as usize]);
            rest &= rest - 1;
        }
        let lowest = if take > 0 { lowest.min(rank) } else { lowest };
        collect(
            avail,
            rank + 1,
            left - take,
            key_with,
            count * CHOOSE[n][take],
            lowest,
            out,
        );
    }
}
