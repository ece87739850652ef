//! A short list of die faces: the fixed-capacity list the games' dice types are made of (Yams's
//! dice, 5000's throws, 421's and La Linotte's faces), the distinct choices of dice to keep or
//! throw again among sorted faces, and how such lists are written and read as plain JSON lists
//! (`[2, 5, 5]`).
//!
//! A list is `Copy` and never allocates, so that listing and applying actions stays
//! allocation-free. Each game wraps it in a type of its own, which says what its order means
//! (as thrown, or sorted), which faces it accepts when read ([`ReadFaces`]), and its schema.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::Deserializer;
use serde::de::{self, SeqAccess, Visitor};

use crate::fixed_list::FixedList;

/// Whether `face` is a face of a six-sided die.
pub(crate) const fn is_face(face: u8) -> bool {
    matches!(face, 1..=6)
}

/// At most `N` die faces, in the order their owner keeps them (as thrown, or sorted).
pub(crate) type FaceList<const N: usize> = FixedList<u8, N>;

impl<const N: usize> FixedList<u8, N> {
    /// No face at all.
    pub(crate) const EMPTY: FaceList<N> = FixedList::blank(0);

    /// `faces` in their order; `None` when there are more than `N`.
    pub(crate) fn from_slice(faces: &[u8]) -> Option<FaceList<N>> {
        let mut list = FaceList::EMPTY;
        for &face in faces {
            if !list.push(face) {
                return None;
            }
        }
        Some(list)
    }

    /// The faces of `faces` at the positions whose bit is set in `mask` (bit `i` for position
    /// `i`), in their order; those beyond the capacity are left out.
    pub(crate) fn select(faces: &[u8], mask: u32) -> FaceList<N> {
        let mut list = FaceList::EMPTY;
        for (i, &face) in faces.iter().enumerate() {
            if mask & 1u32.checked_shl(i as u32).unwrap_or(0) != 0 {
                list.push(face);
            }
        }
        list
    }

    /// Inserts `face` in a list sorted in increasing order, after the faces equal to it;
    /// `false` (and no change) when the list is full.
    pub(crate) fn insert_ascending(&mut self, face: u8) -> bool {
        self.insert_before(face, |held| held > face)
    }

    /// Inserts `face` in a list sorted in decreasing order, after the faces equal to it;
    /// `false` (and no change) when the list is full.
    pub(crate) fn insert_descending(&mut self, face: u8) -> bool {
        self.insert_before(face, |held| held < face)
    }
}

/// Every distinct choice of dice among `faces`, which are sorted (equal faces side by side):
/// the positions of each (bit `i` for die `i`), from none of them to all of them, in increasing
/// order of the masks.
///
/// A mask is kept only in its canonical form, where the dice taken within a run of equal faces
/// are the first ones of the run; so each multiset of faces comes once, with a bit test and no
/// sorting. This is how the games list the dice to keep or to throw again as one decision each.
pub(crate) fn sub_multisets(faces: &[u8]) -> impl Iterator<Item = u32> {
    // Bit i is set when die i shows the same face as die i - 1.
    let repeats = faces
        .windows(2)
        .enumerate()
        .filter(|(_, pair)| pair[0] == pair[1])
        .fold(0u32, |bits, (i, _)| bits | 1 << (i + 1));
    let whole = 1u32
        .checked_shl(faces.len() as u32)
        .map_or(u32::MAX, |bit| bit - 1);
    // A repeated die may be taken only if the die before it is.
    (0..=whole).filter(move |mask| mask & repeats & !(mask << 1) == 0)
}

/// Why a face read from JSON is refused.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// The list already holds as many faces as it may: refused at once as too long.
    TooMany,
    /// Refused at once, for this reason.
    Now(Cow<'static, str>),
    /// The whole list is refused for this reason, once it has been read to its end, so that an
    /// item that is not a face at all is reported first, as for any list.
    AtTheEnd(&'static str),
}

impl Refusal {
    /// Nothing to refuse when the face read was `added`; else this refusal.
    pub(crate) fn unless(self, added: bool) -> Result<(), Refusal> {
        if added { Ok(()) } else { Err(self) }
    }
}

/// How one of the games' lists of faces is read from a JSON list, starting from the default
/// value (no face).
pub(crate) trait ReadFaces: Sized + Default {
    /// What the JSON must be, for error messages.
    const EXPECTING: &'static str;

    /// Adds the next face read, or refuses it.
    fn read(&mut self, face: u8) -> Result<(), Refusal>;
}

/// What every game's type of faces shares with the [`FaceList`] it wraps (as its field `0`):
/// written in debug output as the list, read from JSON through its [`ReadFaces`], and (with
/// `openapi`) its schema, named `$schema`: at most `$count` faces, described by `$doc`.
/// `debug` adds the debug output of the list, `slice` the accessors of the faces in order
/// (`as_slice`, `len`, `is_empty`).
/// `; read: $insert, $expecting` last implements [`ReadFaces`] for a type that reads any face
/// into its list by the list's method `$insert` (`push`, `insert_ascending`...), refusing one
/// too many at once; `$expecting` says what the JSON must be.
macro_rules! face_list {
    (@read $name:ident, $insert:ident, $expecting:literal) => {
        impl $crate::faces::ReadFaces for $name {
            const EXPECTING: &'static str = $expecting;

            fn read(&mut self, face: u8) -> Result<(), $crate::faces::Refusal> {
                $crate::faces::Refusal::TooMany.unless(self.0.$insert(face))
            }
        }
    };
    (
        $name:ident, $schema:literal, $count:expr, $doc:literal $(, $part:ident)*
        $(; read: $insert:ident, $expecting:literal)?
    ) => {
        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::faces::deserialize(deserializer)
            }
        }

        #[cfg(feature = "openapi")]
        $crate::schema::manual_schema!($name, $schema, $crate::schema::die_faces($count, $doc));

        $($crate::faces::face_list!(@$part $name);)*
        $($crate::faces::face_list!(@read $name, $insert, $expecting);)?
    };
    (@debug $name:ident) => {
        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    };
    (@slice $name:ident) => {
        impl $name {
            /// The faces, in the order this type keeps them.
            pub fn as_slice(&self) -> &[u8] {
                self.0.as_slice()
            }

            /// How many faces there are.
            pub fn len(&self) -> usize {
                self.0.len()
            }

            /// Whether there is no face at all.
            pub fn is_empty(&self) -> bool {
                self.0.is_empty()
            }
        }
    };
}

pub(crate) use face_list;

/// Reads a `T` from a JSON list of faces (any byte is read as a face; `T` says which it keeps).
pub(crate) fn deserialize<'de, D: Deserializer<'de>, T: ReadFaces>(
    deserializer: D,
) -> Result<T, D::Error> {
    // A list refused as a whole is refused once it has been read, as a list read first and
    // checked after would be.
    deserializer
        .deserialize_seq(FacesVisitor(PhantomData))?
        .map_err(de::Error::custom)
}

/// Reads the faces of a list into a `T`; a refusal of the whole list is its reason.
struct FacesVisitor<T>(PhantomData<T>);

impl<'de, T: ReadFaces> Visitor<'de> for FacesVisitor<T> {
    type Value = Result<T, &'static str>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut value = T::default();
        let mut read = 0;
        let mut refused = None;
        while let Some(face) = seq.next_element::<u8>()? {
            read += 1;
            if refused.is_some() {
                continue;
            }
            match value.read(face) {
                Ok(()) => {}
                Err(Refusal::TooMany) => return Err(de::Error::invalid_length(read, &self)),
                Err(Refusal::Now(reason)) => return Err(de::Error::custom(reason)),
                Err(Refusal::AtTheEnd(reason)) => refused = Some(reason),
            }
        }
        Ok(match refused {
            Some(reason) => Err(reason),
            None => Ok(value),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_keep_their_order_or_sort_as_asked() {
        let mut list = FaceList::<3>::EMPTY;
        assert!(list.push(4) && list.push(1) && list.push(4));
        assert!(!list.push(2));
        assert_eq!(list.as_slice(), &[4, 1, 4]);
        let mut up = FaceList::<5>::EMPTY;
        let mut down = FaceList::<5>::EMPTY;
        for face in [3, 6, 1, 3] {
            assert!(up.insert_ascending(face) && down.insert_descending(face));
        }
        assert_eq!(up.as_slice(), &[1, 3, 3, 6]);
        assert_eq!(down.as_slice(), &[6, 3, 3, 1]);
        assert_eq!(FaceList::<2>::from_slice(&[1, 2, 3]), None);
        assert_eq!(
            FaceList::<5>::select(&[1, 2, 3, 4, 5], 0b10101).as_slice(),
            &[1, 3, 5]
        );
        assert_eq!(format!("{up:?}"), "[1, 3, 3, 6]");
        assert_eq!(serde_json::to_string(&up).unwrap(), "[1,3,3,6]");
    }

    #[test]
    fn each_sub_multiset_comes_once() {
        let masks: Vec<u32> = sub_multisets(&[2, 5, 5]).collect();
        assert_eq!(masks, vec![0b000, 0b001, 0b010, 0b011, 0b110, 0b111]);
        assert_eq!(sub_multisets(&[1, 2, 3, 4, 6]).count(), 32);
        assert_eq!(sub_multisets(&[4; 5]).count(), 6);
        assert_eq!(sub_multisets(&[]).collect::<Vec<_>>(), vec![0]);
    }
}
