//! What this crate owns: values shared between copies of a task's state until one copy writes
//! them. The server's tasks save their state before each command and put the save back when the
//! command is refused or its write fails (issue 35); with these a save is a count per part, and
//! a command copies only what it writes.
//!
//! - [`Shared`]: one value (`Arc::make_mut` behind `DerefMut`);
//! - [`Chunked`]: a vector in chunks, a write copying the chunk it touches.

mod chunked;
mod shared;

pub use chunked::{Chunked, Iter, IterMut};
pub use shared::Shared;
