//! A list of at most `N` small values kept in place: the fixed-capacity list the games' short
//! collections are made of (the lists of faces, 5000's keeps set aside, Can't Stop's runners
//! and choices).
//!
//! It is `Copy` and never allocates, so that listing and applying actions stays
//! allocation-free. The slots past the end keep the blank value the list was made with, so that
//! the derived equality and hash compare the lists.

use std::fmt;

use serde::{Serialize, Serializer};

/// At most `N` values, in the order their owner keeps them.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct FixedList<T, const N: usize> {
    /// `items[..len]` are the values; the others stay blank.
    items: [T; N],
    len: u8,
}

impl<T: Copy, const N: usize> FixedList<T, N> {
    /// No value at all, every slot holding `blank`.
    pub(crate) const fn blank(blank: T) -> FixedList<T, N> {
        FixedList {
            items: [blank; N],
            len: 0,
        }
    }

    /// The values, in order.
    pub(crate) fn as_slice(&self) -> &[T] {
        self.items.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// How many values the list holds.
    pub(crate) const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list holds no value.
    pub(crate) const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends `item`; `false` (and no change) when the list is full.
    pub(crate) fn push(&mut self, item: T) -> bool {
        match self.items.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = item;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Inserts `item` before the run of last values that `goes_after` it; `false` (and no
    /// change) when the list is full.
    pub(crate) fn insert_before(&mut self, item: T, goes_after: impl Fn(T) -> bool) -> bool {
        let len = usize::from(self.len);
        if len >= N {
            return false;
        }
        let mut at = len;
        while at > 0 && self.items.get(at - 1).is_some_and(|held| goes_after(*held)) {
            self.items.swap(at - 1, at);
            at -= 1;
        }
        if let Some(slot) = self.items.get_mut(at) {
            *slot = item;
        }
        self.len += 1;
        true
    }
}

impl<T: Copy + Default, const N: usize> Default for FixedList<T, N> {
    fn default() -> Self {
        FixedList::blank(T::default())
    }
}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for FixedList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A plain JSON list of the values, in order.
impl<T: Copy + Serialize, const N: usize> Serialize for FixedList<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}
