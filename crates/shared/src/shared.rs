//! A value shared between copies of the room until one of them changes it.
//!
//! The server's tasks save their state before each command, to put it back should the command
//! be refused or the log refuse the turn's records (issue 35: one rollback scheme, a copy, for
//! every table task). A deep copy of a busy evening's room (thousands of guests, sessions and
//! tables) per turn was the cash task's whole cost: `croupier bench load --cash` measured p99
//! 766 ms at 2,000 guests. With the parts held as `Shared`, a copy is a count per part, and a
//! command copies only the parts it changes, the first time it changes them.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// `Arc` whose mutable access copies the value first when another copy still shares it
/// (`Arc::make_mut`), so that code written for a plain value stays as it is.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Shared<T> {
        Shared::new(value)
    }
}

#[cfg(test)]
mod tests {
    use super::Shared;

    #[test]
    fn a_change_to_one_copy_leaves_the_other_as_it_was() {
        let mut a = Shared::new(vec![1, 2, 3]);
        let b = a.clone();
        a.push(4);
        assert_eq!(*a, vec![1, 2, 3, 4]);
        assert_eq!(*b, vec![1, 2, 3]);
    }

    #[test]
    fn an_unshared_value_is_changed_in_place() {
        let mut a = Shared::new(vec![1]);
        let before = std::ptr::from_ref(&*a);
        a.push(2);
        assert_eq!(std::ptr::from_ref(&*a), before);
    }
}
