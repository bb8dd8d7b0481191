//! A vector whose copy is cheap: its elements sit in chunks shared between copies until one
//! of them writes to a chunk, which is then copied for it alone.
//!
//! Why: the server saves its state before every command, to put it back if the command is
//! refused or the log cannot write it (issues 19 and 35). With plain vectors that copy took every
//! entry, table and logged event: at 3,000 players a tenth of the server's CPU under load
//! (perf), and it grew with the event's history. The list of chunks is itself shared, so a copy
//! costs one count whatever the length, and a command that writes copies the list of pointers
//! and the one or two chunks it writes.

use std::ops::{Index, IndexMut};
use std::sync::Arc;

/// Elements per chunk: a chunk written after a copy is copied whole.
const CHUNK: usize = 32;

#[derive(Clone)]
pub struct Chunked<T> {
    chunks: Arc<Vec<Arc<Vec<T>>>>,
    len: usize,
}

impl<T> Default for Chunked<T> {
    fn default() -> Self {
        Chunked {
            chunks: Arc::new(Vec::new()),
            len: 0,
        }
    }
}

impl<T: Clone> Chunked<T> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn push(&mut self, value: T) {
        let chunks = Arc::make_mut(&mut self.chunks);
        if self.len.is_multiple_of(CHUNK) {
            chunks.push(Arc::new(Vec::with_capacity(CHUNK)));
        }
        if let Some(last) = chunks.last_mut() {
            Arc::make_mut(last).push(value);
            self.len += 1;
        }
    }

    pub fn get(&self, index: usize) -> Option<&T> {
        self.chunks.get(index / CHUNK)?.get(index % CHUNK)
    }

    /// The element at `index`, its chunk copied first if another copy shares it.
    pub fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        Arc::make_mut(Arc::make_mut(&mut self.chunks).get_mut(index / CHUNK)?)
            .get_mut(index % CHUNK)
    }

    pub fn first(&self) -> Option<&T> {
        self.get(0)
    }

    pub fn last(&self) -> Option<&T> {
        self.len.checked_sub(1).and_then(|i| self.get(i))
    }

    pub fn iter<'a>(&'a self) -> Iter<'a, T> {
        let chunk: fn(&'a Arc<Vec<T>>) -> std::slice::Iter<'a, T> = |c| c.iter();
        Iter {
            inner: self.chunks.iter().flat_map(chunk),
            left: self.len,
        }
    }

    /// Every element, for writing: every chunk shared with a copy is copied.
    pub fn iter_mut<'a>(&'a mut self) -> IterMut<'a, T> {
        let chunk: fn(&'a mut Arc<Vec<T>>) -> std::slice::IterMut<'a, T> =
            |c| Arc::make_mut(c).iter_mut();
        Arc::make_mut(&mut self.chunks).iter_mut().flat_map(chunk)
    }

    /// Keeps the elements `keep` says yes to, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        if self.iter().all(&mut keep) {
            return;
        }
        *self = self.iter().filter(|x| keep(x)).cloned().collect();
    }

    /// The elements from `start` on.
    pub fn iter_from(&self, start: usize) -> impl DoubleEndedIterator<Item = &T> {
        let first = start / CHUNK;
        let skip = start % CHUNK;
        self.chunks
            .get(first..)
            .unwrap_or(&[])
            .iter()
            .enumerate()
            .flat_map(move |(i, c)| c[if i == 0 { skip.min(c.len()) } else { 0 }..].iter())
    }

    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }
}

/// Every element in order, for writing.
pub type IterMut<'a, T> = std::iter::FlatMap<
    std::slice::IterMut<'a, Arc<Vec<T>>>,
    std::slice::IterMut<'a, T>,
    fn(&'a mut Arc<Vec<T>>) -> std::slice::IterMut<'a, T>,
>;

type Chunks<'a, T> = std::iter::FlatMap<
    std::slice::Iter<'a, Arc<Vec<T>>>,
    std::slice::Iter<'a, T>,
    fn(&'a Arc<Vec<T>>) -> std::slice::Iter<'a, T>,
>;

/// The elements in order; knows how many are left.
pub struct Iter<'a, T> {
    inner: Chunks<'a, T>,
    left: usize,
}

impl<T> std::fmt::Debug for Iter<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Iter").field("left", &self.left).finish()
    }
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;

    fn next(&mut self) -> Option<&'a T> {
        let next = self.inner.next()?;
        self.left -= 1;
        Some(next)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<T> DoubleEndedIterator for Iter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let next = self.inner.next_back()?;
        self.left -= 1;
        Some(next)
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

impl<T: Clone> Index<usize> for Chunked<T> {
    type Output = T;

    fn index(&self, index: usize) -> &T {
        match self.get(index) {
            Some(value) => value,
            None => panic!("index {index} out of {} elements", self.len),
        }
    }
}

impl<T: Clone> IndexMut<usize> for Chunked<T> {
    fn index_mut(&mut self, index: usize) -> &mut T {
        let len = self.len;
        match self.get_mut(index) {
            Some(value) => value,
            None => panic!("index {index} out of {len} elements"),
        }
    }
}

impl<'a, T: Clone> IntoIterator for &'a Chunked<T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;

    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

impl<'a, T: Clone> IntoIterator for &'a mut Chunked<T> {
    type Item = &'a mut T;
    type IntoIter = IterMut<'a, T>;

    fn into_iter(self) -> IterMut<'a, T> {
        self.iter_mut()
    }
}

impl<T: Clone> FromIterator<T> for Chunked<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut all = Chunked::new();
        for item in items {
            all.push(item);
        }
        all
    }
}

impl<T: Clone + PartialEq> PartialEq for Chunked<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T: Clone + Eq> Eq for Chunked<T> {}

impl<T: Clone + std::fmt::Debug> std::fmt::Debug for Chunked<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_keeps_what_it_had_when_the_original_changes() {
        let mut a: Chunked<u32> = (0..100).collect();
        let b = a.clone();
        a[5] = 500;
        // Only the written chunk was copied: the others are still shared.
        let shared = a
            .chunks
            .iter()
            .zip(b.chunks.iter())
            .filter(|(x, y)| Arc::ptr_eq(x, y))
            .count();
        assert_eq!(shared, b.chunks.len() - 1);
        a.push(100);
        assert_eq!(b.len(), 100);
        assert_eq!(b[5], 5);
        assert_eq!(a[5], 500);
        assert_eq!(a.len(), 101);
        assert_eq!(a.last(), Some(&100));
        assert_eq!(b.last(), Some(&99));
    }

    #[test]
    fn iterates_in_order_from_anywhere() {
        let all: Chunked<usize> = (0..3 * CHUNK + 7).collect();
        assert!(all.iter().copied().eq(0..3 * CHUNK + 7));
        assert!(all.iter().rev().copied().eq((0..3 * CHUNK + 7).rev()));
        assert_eq!(all.iter().len(), 3 * CHUNK + 7);
        for start in [0, 1, CHUNK - 1, CHUNK, CHUNK + 3, 3 * CHUNK + 7, 5 * CHUNK] {
            assert!(
                all.iter_from(start)
                    .copied()
                    .eq(start.min(3 * CHUNK + 7)..3 * CHUNK + 7),
                "from {start}"
            );
        }
        assert_eq!(all.get(3 * CHUNK + 7), None);
    }

    #[test]
    fn writing_every_element_leaves_a_copy_alone() {
        let mut a: Chunked<u32> = (0..70).collect();
        let b = a.clone();
        for x in a.iter_mut() {
            *x += 1;
        }
        assert!(a.iter().copied().eq(1..71));
        assert!(b.iter().copied().eq(0..70));
    }
}
