//! Exact counting: every board that can still come, dealt in rank order, lowest first,
//! with the cards of suits that cannot make a flush dealt by rank (see [`super::ranks`]).

use super::deal::Deal;
use super::ranks::{RankBoards, RankChoices};
use super::showdown::Showdown;
use super::{Equity, Game, parallel};
use crate::HandKey;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The threshold of a suit that can never make a flush.
const NEVER: u8 = 64;

/// A board being dealt.
#[derive(Debug, Clone, Copy)]
struct Node {
    board: HandKey,
    /// The lowest rank still to be dealt from.
    next_rank: usize,
    /// Board cards still to come.
    left: u8,
    /// One byte per suit: the board cards of that suit dealt while it could still make a
    /// flush.
    suited: u32,
    /// How many real boards this one stands for.
    weight: u64,
}

/// The deck left and what each suit needs to matter.
#[derive(Debug)]
struct BoardWalk {
    /// Cards in the deck of this rank or higher.
    from: [u8; 14],
    /// Per rank: the suits still in the deck (bit `s` for suit index `s`).
    avail: [u8; 13],
    /// Per suit: the board cards of that suit with which some hand would hold a flush.
    threshold: [u8; 4],
    choices: RankChoices,
    /// The rest of a board by ranks alone, for when no suit matters any more.
    by_rank: RankBoards,
}

impl BoardWalk {
    /// The walk over `deal`'s deck, and the board it starts from.
    fn new(deal: &Deal) -> (BoardWalk, Node) {
        let mut avail = [0u8; 13];
        for card in deal.deck() {
            avail[usize::from(card.rank().index())] |= 1 << card.suit().index();
        }
        let mut from = [0u8; 14];
        for q in (0..13).rev() {
            from[q] = from[q + 1] + avail[q].count_ones() as u8;
        }
        // The most cards of each suit in any one hand.
        let mut most = [0u8; 4];
        for hand in deal.hands() {
            let mut count = [0u8; 4];
            for card in hand {
                count[usize::from(card.suit().index())] += 1;
            }
            for (m, c) in most.iter_mut().zip(count) {
                *m = (*m).max(c);
            }
        }
        let threshold = match deal.game() {
            Game::Holdem => most.map(|m| 5u8.saturating_sub(m)),
            // Exactly two of the hand's cards: a suit matters only to a hand with two.
            Game::Omaha | Game::OmahaHiLo => most.map(|m| if m >= 2 { 3 } else { NEVER }),
        };
        let mut suited = [0u8; 4];
        for card in deal.board() {
            suited[usize::from(card.suit().index())] += 1;
        }
        let root = Node {
            board: HandKey::from_cards(deal.board()),
            next_rank: 0,
            left: deal.missing() as u8,
            suited: u32::from_le_bytes(suited),
            weight: 1,
        };
        // Rests by rank alone are needed only as long as every suit can drop out.
        let longest_rest = (0..4)
            .map(|s| threshold[s].saturating_sub(suited[s] + 1))
            .min()
            .unwrap_or(0);
        let walk = BoardWalk {
            from,
            avail,
            threshold,
            choices: RankChoices::new(&avail),
            by_rank: RankBoards::new(&avail, deal.missing().min(usize::from(longest_rest))),
        };
        (walk, root)
    }

    /// The suits that could still give some hand a flush, as a bit mask. Once a suit
    /// drops out it stays out: its count only grows as the cards left shrink.
    #[inline(always)]
    fn relevant(&self, node: &Node) -> u8 {
        let suited = node.suited.to_le_bytes();
        (0..4).fold(0, |mask, s| {
            let live = suited[s] + node.left >= self.threshold[s];
            mask | (u8::from(live) << s)
        })
    }

    /// Settles every board that completes `node`.
    fn walk<S: Showdown>(&self, node: &Node, showdown: &mut S) {
        if !self.settle_near(node, showdown) {
            let relevant = self.relevant(node);
            self.for_each_child(node, relevant, |child| {
                // The children in line: most of them are one card from the end.
                if !self.settle_near(&child, showdown) {
                    self.walk(&child, showdown);
                }
            });
        }
    }

    /// Settles `node`'s boards straight away if it is complete, one card short, or short
    /// only of cards whose suits no longer matter; says whether it did.
    #[inline(always)]
    fn settle_near<S: Showdown>(&self, node: &Node, showdown: &mut S) -> bool {
        if node.left == 0 {
            showdown.settle(node.board, node.weight);
            return true;
        }
        let relevant = self.relevant(node);
        if relevant == 0 {
            for &(rest, count) in self.by_rank.from(usize::from(node.left), node.next_rank) {
                showdown.settle(node.board.join(rest), node.weight * count);
            }
            true
        } else if node.left == 1 {
            for q in node.next_rank..13 {
                for choice in self.choices.get(q, self.avail[q] & relevant) {
                    if choice.taken > 1 {
                        break;
                    }
                    showdown.settle(node.board.join(choice.key), node.weight * choice.count);
                }
            }
            true
        } else {
            false
        }
    }

    /// Deals `node` on until at most `stop` cards are left, collecting the boards so far.
    fn split(&self, node: &Node, stop: u8, out: &mut Vec<Node>) {
        if node.left <= stop {
            out.push(*node);
        } else {
            let relevant = self.relevant(node);
            self.for_each_child(node, relevant, |child| self.split(&child, stop, out));
        }
    }

    /// Each way to deal the next cards: from one rank, then on from the ranks above it.
    #[inline(always)]
    fn for_each_child(&self, node: &Node, relevant: u8, mut f: impl FnMut(Node)) {
        for q in node.next_rank..13 {
            if self.from[q] < node.left {
                break;
            }
            for choice in self.choices.get(q, self.avail[q] & relevant) {
                if choice.taken > node.left {
                    break;
                }
                f(Node {
                    board: node.board.join(choice.key),
                    next_rank: q + 1,
                    left: node.left - choice.taken,
                    suited: node.suited + choice.suited,
                    weight: node.weight * choice.count,
                });
            }
        }
    }
}

/// Settles every board of `deal` with `showdown`, on `threads` threads.
pub(super) fn exact<S: Showdown>(deal: &Deal, showdown: S, threads: usize) -> Equity {
    let (walk, root) = BoardWalk::new(deal);
    if threads == 1 {
        let mut showdown = showdown;
        walk.walk(&root, &mut showdown);
        return showdown.into_tally().finish();
    }
    // Boards two cards short are many small pieces of work; threads take them in turn.
    // The counts are integers, so who settles which piece does not change the sums.
    let mut pieces = Vec::new();
    walk.split(&root, root.left.saturating_sub(2), &mut pieces);
    let next = AtomicUsize::new(0);
    parallel::merge(threads, |_| {
        let mut showdown = showdown.clone();
        while let Some(piece) = pieces.get(next.fetch_add(1, Ordering::Relaxed)) {
            walk.walk(piece, &mut showdown);
        }
        showdown.into_tally()
    })
    .finish()
}
